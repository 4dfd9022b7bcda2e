//! Pagination cursors, for every paginated method (`tools/list`, `resources/list`, …).
//!
//! "Clients MUST treat cursors as opaque tokens: Don't make assumptions about cursor format;
//! Don't attempt to parse or modify cursors": a cursor sent back must be one the server
//! gave as `nextCursor` for the same method. A `nextCursor` equal to the cursor it answers
//! makes a client that follows it loop forever ("Servers SHOULD: Provide stable cursors").

use super::{Ctx, InFlight, Rule, HISTORY};
use crate::jsonrpc::{Message, Request};
use crate::state::Recent;
use alloc::format;
use alloc::string::String;

/// The cursors the server gave, with their method.
#[derive(Debug)]
pub(crate) struct Cursors {
    given: Recent<(String, String), HISTORY>,
}

impl Cursors {
    pub(crate) fn new() -> Self {
        Cursors {
            given: Recent::new(),
        }
    }
}

/// A request with `params.cursor`: remembered on the entry, checked against those given.
pub(crate) fn on_request(cursors: &Cursors, ctx: &mut Ctx, r: &Request<'_>, entry: &mut InFlight) {
    let cursor = r.params.as_ref().and_then(|p| p.get("cursor"));
    let Some(cursor) = cursor.and_then(|c| c.as_json_str()).filter(super::key_fits) else {
        return;
    };
    let cursor = cursor.to_cow().into_owned();
    let method = &entry.method_name;
    if !cursors.given.contains(|(m, c)| m == method && *c == cursor) {
        ctx.report(
            Rule::UnknownCursor,
            format!(
                "{method} with cursor {cursor:?}, which the server never gave as nextCursor: clients MUST treat cursors as opaque tokens and not modify them"
            ),
        );
    }
    entry.cursor = Some(cursor);
}

/// A result with `nextCursor`: remembered; reported when it repeats the request's cursor.
pub(crate) fn on_response(
    cursors: &mut Cursors,
    ctx: &mut Ctx,
    entry: &InFlight,
    msg: &Message<'_>,
) {
    let Message::Response(resp) = msg else {
        return;
    };
    let next = resp.result.get("nextCursor");
    let Some(next) = next.and_then(|c| c.as_json_str()).filter(super::key_fits) else {
        return;
    };
    let next = next.to_cow().into_owned();
    if entry.cursor.as_deref() == Some(next.as_str()) {
        ctx.report(
            Rule::RepeatedCursor,
            format!(
                "nextCursor {next:?} is the cursor this page was asked with: a client following it would loop"
            ),
        );
    }
    cursors.given.remember((entry.method_name.clone(), next));
}
