//! Every decode rule of the core decoder, applied to each line, and the stdio framing rules.
//!
//! stdio: "The server MUST NOT write anything to its `stdout` that is not a valid MCP
//! message" and "The client MUST NOT write anything to the server's `stdin` that is not a
//! valid MCP message"; "Messages are delimited by newlines".

use super::{Ctx, Direction, Finding, Rule};
use crate::error::{code, DecodeError, ErrorKind};
use crate::state::Millis;
use alloc::format;

/// A line that failed to decode: `not_json` for JSON syntax (-32700: logs on stdout, a
/// truncated line), `invalid_message` for JSON that is not a valid message.
pub(super) fn on_error(ctx: &mut Ctx, e: &DecodeError) {
    let rule = match e.kind {
        ErrorKind::InputTooLarge => Rule::LineTooLong,
        k if k.code() == Some(code::PARSE_ERROR) => Rule::NotJson,
        _ => Rule::InvalidMessage,
    };
    ctx.report(
        rule,
        format!("{}: {e}; not a valid MCP message", e.kind.name()),
    );
}

/// A line over the limit: relayed whole, not checked.
pub(super) fn on_too_long(ctx: &mut Ctx, len: usize, max: usize) -> DecodeError {
    ctx.report(
        Rule::LineTooLong,
        format!("a line of {len} bytes, over the {max}-byte limit: relayed, not checked"),
    );
    DecodeError::new(ErrorKind::InputTooLarge, max, "line over the limit")
}

/// Bytes without a closing newline at the end of the stream.
pub(super) fn on_partial(ctx: &mut Ctx, len: usize) {
    ctx.report(
        Rule::PartialMessage,
        format!("the stream ended inside a message: {len} bytes without their newline"),
    );
}

/// The checker skipped `bytes` bytes in this direction (relayed, not checked).
pub(super) fn skipped(dir: Direction, line: u64, now: Millis, bytes: u64) -> Finding {
    Finding {
        rule: Rule::CheckingSkipped,
        direction: dir,
        line,
        time: now,
        id: None,
        method: None,
        message: format!(
            "checking skipped {bytes} bytes (relayed unchecked: the checker fell behind)"
        ),
    }
}
