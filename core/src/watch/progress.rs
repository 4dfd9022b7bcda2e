//! Progress tokens and progress values.
//!
//! "Progress tokens ... MUST be unique across all active requests"; "The `progress` value
//! MUST increase with each notification, even if the total is unknown"; "Progress
//! notifications MUST only reference tokens that: Were provided in an active request; Are
//! associated with an in-progress operation"; "Progress notifications MUST stop after
//! completion".

use super::{cancellation, id_text, Ctx, InFlight, Progress, Rule, Side};
use crate::mcp::{ProgressNotificationParams, ProgressToken, RequestMeta};
use crate::report::OwnedId;
use alloc::format;

fn token_id(t: &ProgressToken<'_>) -> OwnedId {
    match t {
        ProgressToken::Int(i) => OwnedId::Int(*i),
        ProgressToken::Str(s) => OwnedId::Str(s.to_cow().into_owned()),
    }
}

/// A request from this side: its progress token, if any, must not be in use.
pub(crate) fn on_request(
    side: &Side,
    ctx: &mut Ctx,
    entry: &mut InFlight,
    meta: Option<&RequestMeta<'_>>,
) {
    let token = meta
        .and_then(|m| m.progress_token.as_ref())
        .filter(|t| match t {
            ProgressToken::Str(s) => super::key_fits(s),
            ProgressToken::Int(_) => true,
        });
    let Some(token) = token.map(token_id) else {
        return;
    };
    if let Some(other) = side
        .in_flight
        .values()
        .find(|e| e.token.as_ref() == Some(&token))
    {
        ctx.report(
            Rule::DuplicateProgressToken,
            format!(
                "progress token {} is already used by request {} in flight: tokens MUST be unique across all active requests",
                id_text(&token),
                id_text(&other.id)
            ),
        );
        return;
    }
    entry.token = Some(token);
}

/// Progress for a request of `requester` (the side that did not send it).
pub(crate) fn on_progress(
    requester: &mut Side,
    ctx: &mut Ctx,
    p: &ProgressNotificationParams<'_>,
) -> Option<Progress> {
    let token = token_id(&p.progress_token);
    let value = p.progress.as_f64();
    let Some(entry) = requester
        .in_flight
        .values_mut()
        .find(|e| e.token.as_ref() == Some(&token))
    else {
        if cancellation::on_late_progress(requester, ctx, &token) {
            return None;
        }
        let (rule, why) = if requester.finished_tokens.contains(|t| *t == token) {
            (
                Rule::ProgressAfterCompletion,
                "after its request completed: progress notifications MUST stop after completion",
            )
        } else {
            (
                Rule::ProgressUnknownToken,
                "which no active request provided: progress MUST only reference tokens provided in an active request",
            )
        };
        ctx.report(
            rule,
            format!("progress for token {} {why}", id_text(&token)),
        );
        return None;
    };
    ctx.id = Some(entry.id.clone());
    if let Some(last) = entry.last_progress.filter(|&last| value <= last) {
        ctx.report(
            Rule::ProgressNotIncreasing,
            format!(
                "progress {value} after {last} for request {}: the progress value MUST increase with each notification",
                id_text(&entry.id)
            ),
        );
    } else {
        entry.last_progress = Some(value);
    }
    Some(Progress {
        request: entry.id.clone(),
        progress: value,
        total: p.total.map(|t| t.as_f64()),
        message: p.message.map(|m| m.to_cow().into_owned()),
    })
}
