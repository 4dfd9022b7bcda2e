//! # mcpwire
//!
//! A sans-IO, `no_std`, zero-copy codec for the Model Context Protocol's tool traffic.
//!
//! Bytes in, views out, bytes out: [`Message::decode`] checks one JSON-RPC message and
//! returns views that borrow from the input; [`mcp::McpMessage`] adds typed views of every
//! tool-related message; encoders write canonical bytes into a caller-owned buffer
//! ([`encode_into`]) or, with `alloc`, a `Vec` ([`encode_to_vec`]). Failures are
//! [`DecodeError`]s with an [`ErrorKind`], a byte offset, and one classification table
//! ([`error`]). The crate never does I/O and never reads a clock.
#![no_std]
// `deny`, not `forbid`: json/scan_avx2.rs and json/scan_sse2.rs allow it, for SIMD loads.
#![deny(unsafe_code)]
#![warn(missing_docs)]
// Items of private modules say how far they reach (`pub(crate)`, `pub(super)`): `pub` is
// the crate's API only.
#![deny(unreachable_pub)]

#[cfg(feature = "alloc")]
extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

#[cfg(feature = "alloc")]
pub mod api;
pub mod classify;
pub mod error;
#[cfg(feature = "alloc")]
pub mod host;
#[cfg(feature = "alloc")]
pub mod js;
pub mod json;
pub mod jsonrpc;
pub mod limits;
pub mod mcp;
pub mod report;
#[cfg(feature = "alloc")]
pub mod schema;
#[cfg(feature = "serde")]
mod serde_bridge;
pub mod state;
pub mod transport;
#[cfg(feature = "alloc")]
pub mod watch;

pub use error::{BufferTooSmall, Classification, DecodeError, ErrorKind};
pub use jsonrpc::{
    ErrorResponse, Message, MessageKind, Notification, Request, RequestId, Response,
};
pub use limits::Limits;

pub use classify::ResponseClass;
pub use mcp::{Encode, McpMessage};
#[cfg(feature = "alloc")]
pub use report::Correlator;
pub use report::Report;

/// Encodes `value` canonically into `buf`; a too-small buffer reports the size needed.
pub fn encode_into<T: Encode + ?Sized>(value: &T, buf: &mut [u8]) -> Result<usize, BufferTooSmall> {
    let mut sink = json::writer::SliceSink::new(buf);
    value.write(&mut sink);
    sink.finish()
}

/// Encodes `value` canonically into a new `Vec`.
#[cfg(feature = "alloc")]
pub fn encode_to_vec<T: Encode + ?Sized>(value: &T) -> alloc::vec::Vec<u8> {
    // One allocation: the size of what was read from input when the value knows it, else
    // room for a typical small message (always the same size, so the allocator's cache for
    // it stays warm).
    let capacity = match value.size_hint() {
        0 => 256,
        n => n + n / 8,
    };
    let mut out = alloc::vec::Vec::with_capacity(capacity);
    value.write(&mut out);
    out
}
