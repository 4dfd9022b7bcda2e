//! Transports, sans-IO: the bytes around messages, with no sockets, clocks or randomness.
//!
//! - [`stdio`]: the newline-delimited framing of the stdio transport (a [`stdio::LineFramer`]
//!   fed chunks, and [`stdio::write_line`]).
//! - [`sse`]: Server-Sent Events: a decoder fed chunks, the writer, resumable event ids.
//! - [`http`] (with `alloc`): Streamable HTTP, both the 2026-07-28 stateless wire and the
//!   2025-11-25 one with sessions, on one endpoint.
//! - [`buffer`]: where the framers keep a partial line: a caller-owned `&mut [u8]` (no
//!   allocator) or, with `alloc`, a `Vec<u8>` that grows up to the limit.
//! - [`values`] (with `alloc`): all of these at the value level, for the bindings.
//!
//! The framers work without an allocator; the HTTP helpers need `alloc`.

pub mod buffer;
#[cfg(feature = "alloc")]
pub mod http;
pub mod sse;
pub mod stdio;
#[cfg(feature = "alloc")]
pub mod values;

pub use buffer::LineBuffer;
