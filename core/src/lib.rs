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
#![forbid(unsafe_code)]
#![warn(missing_docs)]

#[cfg(feature = "alloc")]
extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

#[cfg(feature = "alloc")]
pub mod api;
pub mod classify;
pub mod error;
pub mod json;
pub mod jsonrpc;
pub mod limits;
pub mod mcp;
pub mod report;
#[cfg(feature = "alloc")]
pub mod schema;
pub mod state;

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
    const STACK: usize = 512;
    let hint = value.size_hint();
    if hint > STACK {
        // A large message read from input: one allocation with a little room to spare.
        let mut out = alloc::vec::Vec::with_capacity(hint + hint / 8);
        value.write(&mut out);
        return out;
    }
    // Most messages fit 512 bytes: written on the stack, then one allocation of their size.
    let mut sink = json::writer::StackFirstSink::<STACK>::new();
    value.write(&mut sink);
    sink.into_vec()
}
