//! Request ids: unique while in flight, every response matching a request.
//!
//! "The request ID MUST NOT match the ID of any other request the sender has issued and not
//! yet received a response for" (2026-07-28; 2025-11-25: "MUST NOT have been previously used
//! by the requestor within the same session"). "Result responses MUST include the same ID as
//! the request they correspond to"; "Error responses MUST include the same ID as the request
//! they correspond to". One response per request (JSON-RPC 2.0: "The Server MUST reply with
//! a Response", one for each request).

use super::{cancellation, id_text, text, Ctx, InFlight, Rule, Side};
use crate::jsonrpc::{Request, RequestId};
use crate::mcp::Method;
use crate::report::OwnedId;
use alloc::format;

/// A request from this side: `None` when its id is already in flight (reported) or the table
/// is full (not tracked).
pub(crate) fn on_request(
    side: &mut Side,
    ctx: &mut Ctx,
    r: &Request<'_>,
    method: Option<Method>,
    max_in_flight: usize,
) -> Option<InFlight> {
    let fits = match &r.id {
        RequestId::Str(s) => super::key_fits(s),
        RequestId::Int(_) => true,
    };
    if !fits || !super::key_fits(&r.method) {
        return None;
    }
    let id = OwnedId::from(&r.id);
    if let Some(first) = side.in_flight.get(&id) {
        ctx.report(
            Rule::DuplicateRequestId,
            format!(
                "request id {} is already in flight ({} sent as message {}): an id MUST NOT match another request the sender has not had a response for",
                id_text(&id),
                first.method_name,
                first.line
            ),
        );
        return None;
    }
    if side.in_flight.len() >= max_in_flight {
        return None;
    }
    side.issued.remember(id.clone());
    Some(InFlight {
        id,
        method,
        method_name: text(&r.method),
        sent: ctx.now,
        line: ctx.line,
        token: None,
        last_progress: None,
        overdue: false,
        call: None,
        cursor: None,
    })
}

/// A response to one of this side's requests: the request it answers, or `None` (reported).
pub(crate) fn on_response(side: &mut Side, ctx: &mut Ctx, id: &RequestId<'_>) -> Option<InFlight> {
    let key = OwnedId::from(id);
    if let Some(entry) = side.in_flight.remove(&key) {
        side.answered.remember(key);
        return Some(entry);
    }
    if cancellation::on_late_response(side, ctx, &key) {
        return None;
    }
    if side.answered.contains(|a| *a == key) {
        ctx.report(
            Rule::DuplicateResponse,
            format!("a second response to request {}", id_text(&key)),
        );
    } else {
        ctx.report(
            Rule::UnknownResponseId,
            format!(
                "no request with id {} is in flight: a response MUST include the same id as the request it corresponds to",
                id_text(&key)
            ),
        );
    }
    None
}
