//! Streamable HTTP, sans-IO (with `alloc`): header lists and bodies in, decisions and bytes
//! out.
//!
//! - [`value_encoding`]: the `=?base64?…?=` header value encoding.
//! - [`x_mcp_header`]: tool parameters mirrored into `Mcp-Param-{Name}`, and the catalog
//!   rule that leaves out a tool whose annotations break the constraints.
//! - [`client_headers`]: the headers of a client's POST, from its message.
//! - [`client`]: [`HttpClient`], the client side: requests out, messages from responses in.
//! - [`server_check`]: the 2026-07-28 server's check of a POST (status and -32020 answers).
//! - [`reply`]: JSON or SSE for an answer, and the status of a JSON-RPC error.
//! - [`sessions`]: the 2025-11-25 sessions (`Mcp-Session-Id`, resumable streams).
//! - [`endpoint`]: [`HttpEndpoint`], one MCP endpoint serving both wires.
//!
//! Header names are compared case-insensitively ("Clients and servers **MUST** use
//! case-insensitive comparisons for header names"); values case-sensitively.

pub mod client;
mod client_body;
pub mod client_headers;
pub mod endpoint;
pub mod reply;
pub mod server_check;
pub mod sessions;
pub mod value_encoding;
pub mod x_mcp_header;

pub use client::{Ended, HttpClient, HttpRequest, Received, Response};
pub use client_headers::client_request_headers;
pub use endpoint::{EndpointConfig, Handled, HttpEndpoint};
pub use reply::{HttpReply, ReplyStream};
pub use server_check::{check_post, CheckedPost};
pub use value_encoding::{decode_header_value, encode_header_value};
pub use x_mcp_header::{http_tool_catalog, RejectedTool, ToolHeaders};

/// Request headers as received: (name, value) pairs, names in any case.
pub type Headers<'a> = [(&'a [u8], &'a [u8])];

/// Why a header could not be read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HeaderError {
    /// The header appears more than once (a single-valued header cannot).
    Repeated,
}

/// The value of the header `lower_name` (given in lowercase), `None` when absent.
pub fn find_header<'h>(
    headers: &Headers<'h>,
    lower_name: &str,
) -> Result<Option<&'h [u8]>, HeaderError> {
    let mut found = None;
    for (name, value) in headers {
        if name.eq_ignore_ascii_case(lower_name.as_bytes()) {
            if found.is_some() {
                return Err(HeaderError::Repeated);
            }
            found = Some(*value);
        }
    }
    Ok(found.map(<[u8]>::trim_ascii))
}
