//! Transports, sans-IO: the bytes around messages, with no sockets, clocks or randomness.
//!
//! - [`stdio`]: the newline-delimited framing of the stdio transport (a [`stdio::LineFramer`]
//!   fed chunks, and [`stdio::write_line`]).
//! - [`sse`]: Server-Sent Events: a decoder fed chunks, the writer, resumable event ids.
//! - [`buffer`]: where the framers keep a partial line: a caller-owned `&mut [u8]` (no
//!   allocator) or, with `alloc`, a `Vec<u8>` that grows up to the limit.
//!
//! The framers work without an allocator; the HTTP helpers need `alloc`.

pub mod buffer;
pub mod sse;
pub mod stdio;

pub use buffer::LineBuffer;
