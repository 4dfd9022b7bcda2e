//! The JSON layer: one strict reader, borrowed views, and the canonical writer.
//!
//! The reader, the scanner and the writer force the inlining of their hot steps
//! (`inline(always)`) on every target with an operating system, where the copies they make are
//! what the decode and encode speed rests on. On bare metal (`target_os = "none"`) the compiler
//! chooses instead: there flash is what runs out, and the forced copies of the skip loops and
//! the scanner made 36 KB of the `examples/device-server` firmware's 118 KB of `.text`
//! (BENCHMARKS.md).

pub mod build;
pub(crate) mod number;
mod raw;
pub mod reader;
pub(crate) mod scan;
#[cfg(all(feature = "std", target_arch = "x86_64"))]
mod scan_avx2;
#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
pub(crate) mod scan_simd128;
#[cfg(target_arch = "x86_64")]
mod scan_sse2;
pub(crate) mod string;
#[cfg(feature = "alloc")]
pub mod value;
pub mod writer;

pub use build::{build, Build, BuildError};
pub use number::{JsonNumber, Number};
pub use raw::{Items, Members, RawJson};
pub use reader::{Kind, Reader};
pub use string::{Chars, JsonStr};
#[cfg(feature = "alloc")]
pub use value::Value;

/// Byte equality in a `const fn` (key tables built at compile time).
pub(crate) const fn const_eq(a: &[u8], b: &[u8]) -> bool {
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}
