//! Cancellation: what may follow `notifications/cancelled`.
//!
//! "Cancellation notifications MUST only reference requests that: Were previously issued by
//! the client; Are believed to still be in-progress". 2025-11-25: "The `initialize` request
//! MUST NOT be cancelled by clients". A server receiving one SHOULD "Not send a response for
//! the cancelled request"; 2026-07-28 stdio: servers "MUST NOT send any further messages for
//! it". The spec also says a response may cross the cancellation on the wire, so a response
//! after a cancellation is reported with that caveat.

use super::{id_text, Ctx, Rule, Side};
use crate::mcp::{CancelledNotificationParams, Method};
use crate::report::OwnedId;
use alloc::format;

/// A cancellation sent by this side of one of its own requests.
pub(crate) fn on_cancel(side: &mut Side, ctx: &mut Ctx, c: &CancelledNotificationParams<'_>) {
    let Some(id) = c.request_id.as_ref().map(OwnedId::from) else {
        return; // 2026-07-28 subscription teardown names no request here
    };
    ctx.id = Some(id.clone());
    match side.in_flight.remove(&id) {
        Some(entry) => {
            if entry.method == Some(Method::Initialize) {
                ctx.report(
                    Rule::CancelInitialize,
                    "the initialize request MUST NOT be cancelled by clients".into(),
                );
            }
            side.cancelled.remember((id, entry.token));
        }
        None if side.answered.contains(|a| *a == id) => {} // a race the spec allows
        None if side.issued.contains(|a| *a == id) => {}
        None => ctx.report(
            Rule::CancelUnknownRequest,
            format!(
                "cancels request {}, which the sender never issued: cancellation notifications MUST only reference requests that were previously issued",
                id_text(&id)
            ),
        ),
    }
}

/// A response to a request with no entry in flight: true (and reported) when it had been
/// cancelled.
pub(crate) fn on_late_response(side: &mut Side, ctx: &mut Ctx, id: &OwnedId) -> bool {
    if !side.cancelled.contains(|(c, _)| c == id) {
        return false;
    }
    ctx.report(
        Rule::ResponseAfterCancel,
        format!(
            "a response to request {}, which was cancelled: the receiver SHOULD not send a response for a cancelled request (2026-07-28 stdio: MUST NOT send any further messages for it); it may have crossed the cancellation",
            id_text(id)
        ),
    );
    true
}

/// Progress for a token no request in flight holds: true (and reported) when its request
/// had been cancelled.
pub(crate) fn on_late_progress(side: &Side, ctx: &mut Ctx, token: &OwnedId) -> bool {
    if !side.cancelled.contains(|(_, t)| t.as_ref() == Some(token)) {
        return false;
    }
    ctx.report(
        Rule::ProgressAfterCancel,
        format!(
            "progress for token {} after its request was cancelled (2026-07-28 stdio: the server MUST NOT send any further messages for it)",
            id_text(token)
        ),
    );
    true
}
