//! What the watch reports: a [`Finding`] names the [`Rule`] a message broke.

use super::Direction;
use crate::json::writer::{write_plain_str, ObjectWriter, Sink};
use crate::report::OwnedId;
use crate::state::Millis;
use alloc::string::String;

macro_rules! rules {
    ($( $(#[$doc:meta])* $variant:ident = $name:literal, )*) => {
        /// A rule of the protocol the watch checks. Names are stable snake_case.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
        #[non_exhaustive]
        pub enum Rule {
            $( $(#[$doc])* $variant, )*
        }

        impl Rule {
            /// Every rule.
            pub const ALL: &'static [Rule] = &[$(Rule::$variant,)*];

            /// The stable snake_case name.
            pub const fn name(self) -> &'static str {
                match self { $(Rule::$variant => $name,)* }
            }
        }
    };
}

rules! {
    // decode.rs
    /// A line that is not JSON (a server printing logs on stdout, a truncated message).
    NotJson = "not_json",
    /// JSON that is not a valid JSON-RPC / MCP message.
    InvalidMessage = "invalid_message",
    /// A line longer than the limit (relayed, not checked).
    LineTooLong = "line_too_long",
    /// Bytes without their closing newline when the stream ended.
    PartialMessage = "partial_message",
    /// Not a rule of the protocol: the checker fell behind and skipped bytes (they were
    /// relayed), so findings around them may be missing or spurious.
    CheckingSkipped = "checking_skipped",
    // handshake.rs
    /// A request other than `ping` before the handshake.
    RequestBeforeInitialize = "request_before_initialize",
    /// A request other than `ping` after the `initialize` result but before `initialized`.
    RequestBeforeInitialized = "request_before_initialized",
    /// `initialize` sent again.
    InitializeRepeated = "initialize_repeated",
    /// `notifications/initialized` before the `initialize` result, or twice.
    InitializedOutOfOrder = "initialized_out_of_order",
    /// A protocol version no revision of the spec defines.
    UnknownProtocolVersion = "unknown_protocol_version",
    // stdio.rs
    /// 2026-07-28: a request from the server on stdout.
    ServerRequest = "server_request",
    /// 2026-07-28: a response from the client on the server's stdin.
    ClientResponse = "client_response",
    // ids.rs
    /// A request id already in flight from the same sender.
    DuplicateRequestId = "duplicate_request_id",
    /// A response whose id matches no request.
    UnknownResponseId = "unknown_response_id",
    /// A second response to one request.
    DuplicateResponse = "duplicate_response",
    // progress.rs
    /// A progress token already used by an active request.
    DuplicateProgressToken = "duplicate_progress_token",
    /// Progress that did not increase.
    ProgressNotIncreasing = "progress_not_increasing",
    /// Progress for a token no request carried.
    ProgressUnknownToken = "progress_unknown_token",
    /// Progress after the request's response.
    ProgressAfterCompletion = "progress_after_completion",
    // cancellation.rs
    /// A response to a request its sender had cancelled.
    ResponseAfterCancel = "response_after_cancel",
    /// Progress for a request its sender had cancelled.
    ProgressAfterCancel = "progress_after_cancel",
    /// A cancellation naming a request its sender never issued.
    CancelUnknownRequest = "cancel_unknown_request",
    /// A cancellation of `initialize`.
    CancelInitialize = "cancel_initialize",
    // pagination.rs
    /// A cursor the server never gave.
    UnknownCursor = "unknown_cursor",
    /// A `nextCursor` equal to the cursor of the request it answers (the listing loops).
    RepeatedCursor = "repeated_cursor",
    // catalog.rs
    /// A listed tool whose `inputSchema` or `outputSchema` is not a usable JSON Schema.
    InvalidToolSchema = "invalid_tool_schema",
    // arguments.rs
    /// `tools/call` arguments that do not fit the tool's `inputSchema`.
    InvalidArguments = "invalid_arguments",
    /// `tools/call` naming a tool the complete listing did not have.
    UnknownTool = "unknown_tool",
    // output.rs
    /// `structuredContent` that does not fit the tool's `outputSchema`.
    StructuredContentInvalid = "structured_content_invalid",
    /// No `structuredContent` from a tool that declares an `outputSchema`.
    StructuredContentMissing = "structured_content_missing",
    // errors.rs
    /// Arguments the schema refuses answered with a JSON-RPC error, not `isError: true`.
    ArgumentsErrorAsProtocolError = "arguments_error_as_protocol_error",
    /// An unknown tool answered with `isError: true`, not a JSON-RPC error.
    UnknownToolAsToolError = "unknown_tool_as_tool_error",
    // latency.rs
    /// A response later than the configured limit.
    SlowResponse = "slow_response",
    /// No response within the configured time (reported once, while still waiting).
    NoResponse = "no_response",
    /// A request still unanswered when the exchange ended.
    UnansweredAtExit = "unanswered_at_exit",
    // http.rs
    /// 2026-07-28: `Mcp-Method`, `Mcp-Name`, `MCP-Protocol-Version` or `Mcp-Param-*`
    /// missing or not matching the body (a server answers 400, -32020).
    HeaderMismatch = "header_mismatch",
    /// An `Accept` header that does not list what the request needs.
    HttpAccept = "http_accept",
    /// A request or response `Content-Type` the transport does not allow.
    HttpContentType = "http_content_type",
    /// An HTTP status that does not fit the JSON-RPC message (or its absence).
    HttpStatus = "http_status",
    /// A request without the `Mcp-Session-Id` issued at initialize.
    SessionIdMissing = "session_id_missing",
    /// An `Mcp-Session-Id` other than the one issued at initialize.
    SessionIdChanged = "session_id_changed",
    /// An `Mcp-Session-Id` with characters other than visible ASCII.
    SessionIdInvalid = "session_id_invalid",
}

/// One broken rule, tied to the message that broke it.
#[derive(Clone, Debug, PartialEq)]
pub struct Finding {
    /// The rule.
    pub rule: Rule,
    /// The direction of the message that broke it.
    pub direction: Direction,
    /// That message's number in its direction (1-based).
    pub line: u64,
    /// When it was seen (the caller's clock).
    pub time: Millis,
    /// The message's id (for a response, the id of the request it answers).
    pub id: Option<OwnedId>,
    /// The message's method (for a response, the method of the request it answers).
    pub method: Option<String>,
    /// What happened, in words.
    pub message: String,
}

impl Finding {
    /// Writes the finding as one JSON object: `time` (as the caller formats it), `direction`,
    /// `line`, `rule`, `message`, and `id` / `method` when known.
    pub fn write_json<S: Sink + ?Sized>(&self, sink: &mut S, time: &str) {
        let mut o = ObjectWriter::open(sink);
        o.key(sink, "time");
        write_plain_str(sink, time);
        o.key(sink, "direction");
        write_plain_str(sink, self.direction.name());
        o.key(sink, "line");
        sink.put(itoa::Buffer::new().format(self.line).as_bytes());
        o.key(sink, "rule");
        write_plain_str(sink, self.rule.name());
        o.key(sink, "message");
        write_plain_str(sink, &self.message);
        if let Some(id) = &self.id {
            o.key(sink, "id");
            write_owned_id(sink, id);
        }
        if let Some(m) = &self.method {
            o.key(sink, "method");
            write_plain_str(sink, m);
        }
        o.close(sink);
    }
}

/// Writes an owned id as JSON (a string or an integer).
pub fn write_owned_id<S: Sink + ?Sized>(sink: &mut S, id: &OwnedId) {
    match id {
        OwnedId::Int(i) => crate::json::writer::write_i64(sink, *i),
        OwnedId::Str(s) => write_plain_str(sink, s),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rule_names_are_unique_snake_case() {
        for (i, a) in Rule::ALL.iter().enumerate() {
            assert!(a
                .name()
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b == b'_'));
            for b in &Rule::ALL[i + 1..] {
                assert_ne!(a.name(), b.name());
            }
        }
    }
}
