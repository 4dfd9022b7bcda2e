//! 2026-07-28's stdio rules on who sends what.
//!
//! "The client MUST NOT write JSON-RPC _responses_" and "The server MUST NOT write JSON-RPC
//! _requests_ to `stdout`" (server-to-client interactions ride in `InputRequiredResult`).
//! Earlier revisions let the server send requests (sampling, elicitation, `ping`), so these
//! apply only once the session is known to be 2026-07-28 (a request carried its version).

use super::{Ctx, Direction, Rule};
use crate::jsonrpc::Message;
use alloc::format;

/// Any message, once the session is stateless.
pub(crate) fn on_message(ctx: &mut Ctx, msg: &Message<'_>) {
    match (ctx.dir, msg) {
        (Direction::ToHost, Message::Request(r)) => ctx.report(
            Rule::ServerRequest,
            format!(
                "the server sent a {} request: in 2026-07-28 the server MUST NOT write JSON-RPC requests to stdout",
                r.method
            ),
        ),
        (Direction::ToServer, Message::Response(_) | Message::Error(_)) => ctx.report(
            Rule::ClientResponse,
            "the client sent a response: in 2026-07-28 the client MUST NOT write JSON-RPC responses".into(),
        ),
        _ => {}
    }
}
