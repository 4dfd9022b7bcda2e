//! Time between request and response.
//!
//! "Implementations SHOULD establish timeouts for all sent requests, to prevent hung
//! connections and resource exhaustion." The watch reports a response slower than
//! [`WatchLimits::slow_response`], a request unanswered after [`WatchLimits::no_response`]
//! (once, while it is still awaited), and every request unanswered when the exchange ended.

use super::{id_text, Ctx, Direction, Finding, InFlight, Rule, Side, WatchLimits};
use crate::state::Millis;
use alloc::format;
use alloc::vec::Vec;

/// A response arrived `ctx.now - entry.sent` after its request.
pub(crate) fn on_response(limits: &WatchLimits, ctx: &mut Ctx, entry: &InFlight) {
    let took = ctx.now.saturating_sub(entry.sent);
    if let Some(slow) = limits.slow_response.filter(|&s| took > s) {
        ctx.report(
            Rule::SlowResponse,
            format!(
                "{} answered after {took} ms (limit {slow} ms)",
                entry.method_name
            ),
        );
    }
}

const DIRECTIONS: [Direction; 2] = [Direction::ToServer, Direction::ToHost];

pub(crate) fn poll_timeout(limits: &WatchLimits, sides: &[Side; 2]) -> Option<Millis> {
    let wait = limits.no_response?;
    sides
        .iter()
        .flat_map(|s| s.in_flight.values())
        .filter(|e| !e.overdue)
        .map(|e| e.sent.saturating_add(wait))
        .min()
}

fn finding(
    dir: Direction,
    entry: &InFlight,
    now: Millis,
    rule: Rule,
    message: alloc::string::String,
) -> Finding {
    Finding {
        rule,
        direction: dir,
        line: entry.line,
        time: now,
        id: Some(entry.id.clone()),
        method: Some(entry.method_name.clone()),
        message,
    }
}

pub(crate) fn handle_timeout(
    limits: &WatchLimits,
    sides: &mut [Side; 2],
    now: Millis,
) -> Vec<Finding> {
    let mut out = Vec::new();
    let Some(wait) = limits.no_response else {
        return out;
    };
    for (dir, side) in DIRECTIONS.into_iter().zip(sides.iter_mut()) {
        for e in side.in_flight.values_mut() {
            if !e.overdue && now.saturating_sub(e.sent) >= wait {
                e.overdue = true;
                let msg = format!(
                    "no response to {} {} after {} ms",
                    e.method_name,
                    id_text(&e.id),
                    now.saturating_sub(e.sent)
                );
                out.push(finding(dir, e, now, Rule::NoResponse, msg));
            }
        }
    }
    out
}

pub(crate) fn finish(sides: &mut [Side; 2], now: Millis) -> Vec<Finding> {
    let mut out = Vec::new();
    for (dir, side) in DIRECTIONS.into_iter().zip(sides.iter_mut()) {
        for (_, e) in core::mem::take(&mut side.in_flight) {
            let msg = format!(
                "{} {} was never answered (sent {} ms before the end)",
                e.method_name,
                id_text(&e.id),
                now.saturating_sub(e.sent)
            );
            out.push(finding(dir, &e, now, Rule::UnansweredAtExit, msg));
        }
    }
    out
}
