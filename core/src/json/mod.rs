//! The JSON layer: one strict reader, borrowed views, and the canonical writer.

pub mod build;
mod number;
mod raw;
pub mod reader;
pub(crate) mod scan;
#[cfg(all(feature = "std", target_arch = "x86_64"))]
mod scan_avx2;
#[cfg(target_arch = "x86_64")]
mod scan_sse2;
mod string;
#[cfg(feature = "alloc")]
pub mod tape;
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
