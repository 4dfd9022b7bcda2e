//! `UnsupportedProtocolVersionError` (-32022, 2026-07-28): the server does not implement the
//! version a request named, and its `data.supported` lists those it does. A modern server
//! answers so, and the client should "retry using the advertised `supported` versions …
//! rather than falling back" (Streamable HTTP, Backward Compatibility).
//!
//! Choices where the spec is silent: only the handshake (`server/discover`) is retried, once;
//! only at a version without `initialize` (one the same stateless session can speak, the
//! newest when several are offered): a server that offers only versions with `initialize`
//! needs a new client of that era, which the host builds (the refusal is reported as an
//! error). `data` that is not an object with a `supported` array of strings offers nothing.

use crate::json::{JsonStr, RawJson, Reader};
use crate::jsonrpc::ErrorObject;
use crate::limits::Limits;
use crate::mcp::{List, ProtocolVersion};

/// The version to retry at after `error`, or `None` when it is not an
/// `UnsupportedProtocolVersionError` offering a stateless version this client speaks.
pub(crate) fn retry_version(error: &ErrorObject<'_>) -> Option<ProtocolVersion> {
    if error.code != crate::error::code::UNSUPPORTED_PROTOCOL_VERSION {
        return None;
    }
    let supported = supported(error.data?)?;
    supported
        .iter()
        .filter_map(|v| v.as_str().and_then(ProtocolVersion::parse))
        .filter(|v| !v.has_initialize())
        .max()
}

/// `data.supported`, when `data` is an object holding an array of strings there.
fn supported<'a>(data: RawJson<'a>) -> Option<List<'a, JsonStr<'a>>> {
    let mut r = Reader::new(data.as_str().as_bytes(), Limits::DEFAULT).ok()?;
    let mut st = r.begin_object("data").ok()?;
    while let Some(key) = r.next_key(&mut st).ok()? {
        if key.eq_str("supported") {
            return List::read(&mut r, "supported").ok();
        }
        r.skip_value().ok()?;
    }
    None
}
