//! The facts about one message that `mcpwire check` prints and every binding's `classify`
//! returns: one implementation, so they cannot disagree.

use crate::classify::ResponseClass;
use crate::error::DecodeError;
use crate::json::writer::{write_i64, write_plain_str, write_str, ObjectWriter, Sink};
use crate::json::JsonStr;
use crate::jsonrpc::{MessageKind, RequestId};
use crate::limits::Limits;
use crate::mcp::{McpMessage, MessageType, Method};
use core::fmt;

/// What one input line decoded to, or why it did not.
#[derive(Clone, Copy, Debug)]
pub struct Report<'a> {
    /// The decoded message, or the error.
    pub outcome: Result<Facts<'a>, DecodeError>,
}

/// The facts about a valid message.
#[derive(Clone, Copy, Debug)]
pub struct Facts<'a> {
    /// request / notification / response / error.
    pub kind: MessageKind,
    /// The method (requests and notifications).
    pub method: Option<JsonStr<'a>>,
    /// The id, when there is one.
    pub id: Option<RequestId<'a>>,
    /// What it decoded to.
    pub message_type: MessageType,
    /// The class of a response.
    pub class: Option<ResponseClass>,
    /// For a response: the method of the request it answers, when known.
    pub answers: Option<Method>,
}

impl<'a> Report<'a> {
    /// Decodes `input` and collects the facts. `expect` is the method of the request a
    /// response answers, when the caller correlated it.
    pub fn of(input: &'a [u8], limits: Limits, expect: Option<Method>) -> Self {
        Self::of_decoded(&McpMessage::decode_with(input, limits, expect), expect)
    }

    /// The facts of a message the caller already decoded (with `expect` as the method of
    /// the request a response answers), so a caller that needs the typed message too
    /// decodes it once.
    pub fn of_decoded(
        decoded: &Result<McpMessage<'a>, DecodeError>,
        expect: Option<Method>,
    ) -> Self {
        let outcome = decoded.as_ref().map_err(|e| *e).map(|m| {
            let (kind, method, id) = envelope_facts(m);
            Facts {
                kind,
                method,
                id,
                message_type: m.message_type(),
                class: m.response_class(),
                answers: expect,
            }
        });
        Report { outcome }
    }

    /// True when the message is valid.
    pub fn ok(&self) -> bool {
        self.outcome.is_ok()
    }

    /// Writes the report as one JSON object: `line` (when given), `ok`, `kind`, `method`,
    /// `id`, `type`, `class`, `code`, and on failure `error: {kind, code, offset, message}`.
    pub fn write_json<S: Sink + ?Sized>(&self, sink: &mut S, line: Option<u64>) {
        let mut o = ObjectWriter::open(sink);
        if let Some(n) = line {
            o.key(sink, "line");
            sink.put(itoa::Buffer::new().format(n).as_bytes());
        }
        self.write_json_members(&mut o, sink);
        o.close(sink);
    }

    /// Writes the members of [`write_json`](Self::write_json)'s object (from `ok` on) into an
    /// object the caller opened, so a caller can add members of its own.
    pub fn write_json_members<S: Sink + ?Sized>(&self, o: &mut ObjectWriter, sink: &mut S) {
        o.key(sink, "ok");
        sink.put(if self.ok() { b"true" } else { b"false" });
        let f = self.outcome.as_ref().ok();
        o.key(sink, "kind");
        opt_plain(sink, f.map(|f| f.kind.name()));
        o.key(sink, "method");
        match f.and_then(|f| f.method) {
            Some(m) => write_str(sink, &m),
            None => sink.put(b"null"),
        }
        o.key(sink, "id");
        match f.and_then(|f| f.id) {
            Some(id) => id.write(sink),
            None => sink.put(b"null"),
        }
        o.key(sink, "type");
        opt_plain(sink, f.map(|f| f.message_type.name()));
        o.key(sink, "class");
        let class = match &self.outcome {
            Ok(f) => f.class.map(ResponseClass::name),
            Err(_) => Some("malformed"),
        };
        opt_plain(sink, class);
        o.key(sink, "code");
        match f.and_then(|f| f.class).and_then(ResponseClass::code) {
            Some(c) => write_i64(sink, c),
            None => sink.put(b"null"),
        }
        if let Err(e) = &self.outcome {
            o.key(sink, "error");
            write_error(sink, e);
        }
    }
}

fn opt_plain<S: Sink + ?Sized>(sink: &mut S, s: Option<&str>) {
    match s {
        Some(s) => write_plain_str(sink, s),
        None => sink.put(b"null"),
    }
}

/// Writes `{"kind":…,"code":…,"offset":…,"message":…}` for a decode error.
pub fn write_error<S: Sink + ?Sized>(sink: &mut S, e: &DecodeError) {
    let mut o = ObjectWriter::open(sink);
    o.key(sink, "kind");
    write_plain_str(sink, e.kind.name());
    o.key(sink, "code");
    match e.kind.code() {
        Some(c) => write_i64(sink, c),
        None => sink.put(b"null"),
    }
    o.key(sink, "offset");
    sink.put(itoa::Buffer::new().format(e.offset).as_bytes());
    o.key(sink, "message");
    crate::json::writer::write_display_str(sink, e);
    o.close(sink);
}

fn envelope_facts<'a>(
    m: &McpMessage<'a>,
) -> (MessageKind, Option<JsonStr<'a>>, Option<RequestId<'a>>) {
    use crate::jsonrpc::Message;
    use McpMessage as M;
    let named = |m: Method| Some(JsonStr::new(m.name()));
    match m {
        M::ListToolsRequest(id, _) => (MessageKind::Request, named(Method::ToolsList), Some(*id)),
        M::CallToolRequest(id, _) => (MessageKind::Request, named(Method::ToolsCall), Some(*id)),
        M::InitializeRequest(id, _) => (MessageKind::Request, named(Method::Initialize), Some(*id)),
        M::ProgressNotification(_) => (MessageKind::Notification, named(Method::Progress), None),
        M::CancelledNotification(_) => (MessageKind::Notification, named(Method::Cancelled), None),
        M::ToolListChangedNotification(_) => (
            MessageKind::Notification,
            named(Method::ToolListChanged),
            None,
        ),
        M::ListToolsResult(id, _)
        | M::CallToolResult(id, _)
        | M::InputRequiredResult(id, _)
        | M::InitializeResult(id, _)
        | M::DiscoverResult(id, _) => (MessageKind::Response, None, Some(*id)),
        M::Error(e) => (MessageKind::Error, None, Message::Error(*e).id()),
        M::Other(msg) => (msg.kind(), msg.method(), msg.id()),
    }
}

impl fmt::Display for Report<'_> {
    /// The human-readable one-line form used by `mcpwire check`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.outcome {
            Ok(facts) => {
                write!(
                    f,
                    "ok    {:<12} {}",
                    facts.kind.name(),
                    facts.message_type.name()
                )?;
                if let Some(m) = facts.method {
                    write!(f, " method={m}")?;
                }
                match facts.id {
                    Some(RequestId::Int(i)) => write!(f, " id={i}")?,
                    Some(RequestId::Str(s)) => write!(f, " id={s:?}")?,
                    None => {}
                }
                if let Some(c) = facts.class {
                    write!(f, " class={}", c.name())?;
                    if let Some(code) = c.code() {
                        write!(f, " code={code}")?;
                    }
                }
                Ok(())
            }
            Err(e) => {
                write!(f, "ERROR {} ", e.kind.name())?;
                match e.kind.code() {
                    Some(c) => write!(f, "(server answers {c})")?,
                    None => f.write_str("(no JSON-RPC code)")?,
                }
                write!(f, ": {e}")
            }
        }
    }
}

/// An id that outlives the input it was read from.
#[cfg(feature = "alloc")]
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum OwnedId {
    /// A string id.
    Str(alloc::string::String),
    /// An integer id.
    Int(i64),
}

#[cfg(feature = "alloc")]
impl From<&RequestId<'_>> for OwnedId {
    fn from(id: &RequestId<'_>) -> Self {
        match id {
            RequestId::Str(s) => OwnedId::Str(s.to_cow().into_owned()),
            RequestId::Int(i) => OwnedId::Int(*i),
        }
    }
}

/// Reports a stream of messages (both directions interleaved, as a tap logs them),
/// typing each response by the method of the earlier request with the same id.
#[cfg(feature = "alloc")]
#[derive(Debug, Default)]
pub struct Correlator {
    pending: alloc::collections::BTreeMap<OwnedId, Option<Method>>,
    limits: Limits,
}

#[cfg(feature = "alloc")]
impl Correlator {
    /// Most requests remembered at once; later ones are reported but not correlated.
    pub const MAX_PENDING: usize = 65_536;

    /// A correlator with the given decode limits.
    pub fn new(limits: Limits) -> Self {
        Correlator {
            pending: Default::default(),
            limits,
        }
    }

    /// Reports one message and updates the correlation state.
    pub fn check<'a>(&mut self, input: &'a [u8]) -> Report<'a> {
        use crate::jsonrpc::Message;
        let expect = match Message::decode_with(input, self.limits) {
            Ok(msg @ (Message::Response(_) | Message::Error(_))) => msg
                .id()
                .and_then(|id| self.pending.remove(&OwnedId::from(&id)))
                .flatten(),
            _ => None,
        };
        let report = Report::of(input, self.limits, expect);
        if let Ok(f) = &report.outcome {
            if let (MessageKind::Request, Some(id)) = (f.kind, f.id) {
                if self.pending.len() < Self::MAX_PENDING {
                    let method = f.method.and_then(|m| Method::from_name(&m));
                    self.pending.insert(OwnedId::from(&id), method);
                }
            }
        }
        report
    }
}
