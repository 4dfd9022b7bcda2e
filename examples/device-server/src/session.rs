//! The server loop: bytes in, lines out, with the core doing the protocol.
//!
//! [`DeviceServer`] owns a stdio [`LineFramer`] over a caller-owned line buffer, the core's
//! sans-IO [`Server`] (handshake, the tools capability gate, requests in flight, progress,
//! cancellation), the [`Sensor`] and at most one running calibration. Each [`step`] reads
//! what the channel has, answers every complete line, then takes the calibration samples that
//! are due; [`poll_timeout`] says when the next one is. Nothing here allocates or reads a
//! clock: the caller passes `now` in milliseconds.
//!
//! Choices where the spec leaves room:
//! - A line longer than [`MAX_LINE`] is answered with `input_too_large` (-32700) without an
//!   id (its bytes past the limit were never stored), then the next line is served.
//! - `ping` is answered with `{}`; any other method the core does not route is
//!   `method_not_found`.
//! - One calibration at a time: a second `calibrate`, or `set_mode`, while one runs gets a
//!   tool error saying so. `notifications/cancelled` for it stops it at once and keeps the old
//!   offset; nothing more is sent for it ("Not send a response for the cancelled request").
//! - Progress is sent after each sample but the last, when the request carried a
//!   `progressToken`: the result says the last one is in. (A progress notification written
//!   together with the result reaches the TypeScript SDK's client after it retired the token,
//!   and it reports an error: modelcontextprotocol/typescript-sdk#2580.)
//!
//! [`step`]: DeviceServer::step
//! [`poll_timeout`]: DeviceServer::poll_timeout

use crate::args::Args;
use crate::catalog::{self, CALIBRATE, READ_SENSOR, SET_MODE};
use crate::channel::{ByteChannel, ChannelSink, Read};
use crate::sensor::{Centi, Channel, Sensor, SAMPLE_INTERVAL_MS};
use crate::tools::{self, Outcome};
use core::fmt::Write;
use mcpwire::classify::write_failure;
use mcpwire::json::writer::{CountSink, SliceSink};
use mcpwire::json::{JsonStr, Number, RawJson};
use mcpwire::mcp::{
    CacheScope, CallToolRequestParams, CallToolResult, ContentBlock, Extra, List,
    ListToolsRequestParams, ListToolsResult, McpMessage, ProtocolVersion, ResultType, TextContent,
};
use mcpwire::state::{Key, Millis, Server, ServerConfig, ServerIncoming, Versions};
use mcpwire::transport::stdio::{write_line, Frame, LineFramer};
use mcpwire::{DecodeError, ErrorKind, Limits, Message, RequestId, Response};

/// Longest line accepted, in bytes (without its line end).
pub const MAX_LINE: usize = 2048;
/// Longest line sent, in bytes (the `tools/list` answer is the longest).
pub const MAX_OUT: usize = 3072;
/// Requests the core tracks at once (a calibration holds one until it ends).
pub const MAX_IN_FLIGHT: usize = 4;
/// Bytes read from the channel per step.
pub const READ_CHUNK: usize = 64;
/// How long a host may cache the catalog (2026-07-28's `ttlMs`): it never changes.
const CATALOG_TTL_MS: i64 = 3_600_000;

const SERVER_INFO: &str =
    r#"{"name":"mcpwire-device-server","title":"mcpwire sensor device","version":"0.1.0"}"#;
const CAPABILITIES: &str = r#"{"tools":{"listChanged":false}}"#;
const VERSIONS: [ProtocolVersion; 3] = [
    ProtocolVersion::V2025_11_25,
    ProtocolVersion::V2025_06_18,
    ProtocolVersion::V2026_07_28,
];
/// Decode limits. Each level of nesting costs the reader's skip recursion about 300 bytes of
/// stack on the firmware; MCP's messages from the SDK clients nest less than 10 deep.
const LIMITS: Limits = Limits {
    max_input_bytes: MAX_LINE,
    max_depth: 16,
    max_members: 256,
};

/// The memory a [`DeviceServer`] works in; put it in a `static` on a device.
pub struct Buffers {
    line: [u8; MAX_LINE],
    out: [u8; MAX_OUT],
}

impl Buffers {
    /// Zeroed buffers (a `const fn`: a `static` of them lands in `.bss`).
    pub const fn new() -> Self {
        Buffers {
            line: [0; MAX_LINE],
            out: [0; MAX_OUT],
        }
    }
}

impl Default for Buffers {
    fn default() -> Self {
        Buffers::new()
    }
}

/// Whether the channel is still open after a step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// Keep stepping.
    Open,
    /// The peer closed the channel: every line it sent was answered.
    Closed,
}

/// A calibration in progress: the request it answers and the samples so far.
#[derive(Debug)]
struct Calibration {
    id: Key,
    samples: u32,
    taken: u32,
    sum: i64,
    reference: Centi,
    next_at: Millis,
}

/// The device's MCP server over one byte channel.
pub struct DeviceServer<'b> {
    framer: LineFramer<&'b mut [u8]>,
    session: Session<'b>,
}

struct Session<'b> {
    server: Server<'static, MAX_IN_FLIGHT>,
    out: &'b mut [u8],
    sensor: Sensor,
    calibration: Option<Calibration>,
}

impl<'b> DeviceServer<'b> {
    /// A server working in `buffers`. Fails only if the built-in server info is not JSON.
    pub fn new(buffers: &'b mut Buffers) -> Result<Self, DecodeError> {
        let config = ServerConfig {
            versions: Versions::new(&VERSIONS),
            server_info: RawJson::parse(SERVER_INFO)?.into(),
            capabilities: RawJson::parse(CAPABILITIES)?.into(),
            limits: LIMITS,
        };
        Ok(DeviceServer {
            framer: LineFramer::new(&mut buffers.line[..], MAX_LINE),
            session: Session {
                server: Server::new(config),
                out: &mut buffers.out[..],
                sensor: Sensor::new(),
                calibration: None,
            },
        })
    }

    /// The sensor (its mode and calibration).
    pub fn sensor(&self) -> &Sensor {
        &self.session.sensor
    }

    /// When the next calibration sample is due, if one runs.
    pub fn poll_timeout(&self) -> Option<Millis> {
        self.session.calibration.as_ref().map(|c| c.next_at)
    }

    /// One turn of the loop: reads what `channel` has, answers each complete line, takes the
    /// calibration samples due at `now`, flushes.
    pub fn step<C: ByteChannel + ?Sized>(&mut self, channel: &mut C, now: Millis) -> Step {
        let mut chunk = [0u8; READ_CHUNK];
        let step = match channel.read(&mut chunk) {
            Read::Bytes(n) => {
                self.handle_bytes(chunk.get(..n).unwrap_or(&chunk), channel, now);
                Step::Open
            }
            Read::Idle => Step::Open,
            Read::Closed => {
                self.handle_end(channel, now);
                Step::Closed
            }
        };
        self.handle_timeout(channel, now);
        channel.flush();
        step
    }

    /// Frames `input` (any chunk of the stream) and answers each complete line on `tx`.
    pub fn handle_bytes<C: ByteChannel + ?Sized>(
        &mut self,
        mut input: &[u8],
        tx: &mut C,
        now: Millis,
    ) {
        while !input.is_empty() {
            let (taken, frame) = self.framer.feed(input);
            if let Some(frame) = frame {
                self.session.handle_frame(frame, tx, now);
            }
            input = input.get(taken..).unwrap_or_default();
        }
    }

    /// End of input: answers a last line that had no line end.
    pub fn handle_end<C: ByteChannel + ?Sized>(&mut self, tx: &mut C, now: Millis) {
        if let Some(frame) = self.framer.finish() {
            self.session.handle_frame(frame, tx, now);
        }
    }

    /// Takes the calibration samples due at `now`: progress after each, the result after
    /// the last.
    pub fn handle_timeout<C: ByteChannel + ?Sized>(&mut self, tx: &mut C, now: Millis) {
        self.session.handle_timeout(tx, now);
    }
}

impl Session<'_> {
    fn handle_frame<C: ByteChannel + ?Sized>(&mut self, frame: Frame<'_>, tx: &mut C, now: Millis) {
        match frame {
            Frame::Line(line) => self.handle_line(line, tx, now),
            Frame::TooLong { .. } => {
                if let Some(e) = frame.error() {
                    let version = self.server.version();
                    send(self.out, tx, None, |sink| {
                        write_failure(sink, None, e.kind, &e, version);
                        true
                    });
                }
            }
        }
    }

    fn handle_line<C: ByteChannel + ?Sized>(&mut self, line: &[u8], tx: &mut C, now: Millis) {
        match self.server.handle_input(line, now) {
            ServerIncoming::ListTools { id, params } => self.list_tools(tx, &id, params),
            ServerIncoming::CallTool { id, params } => self.call_tool(tx, &id, &params, now),
            ServerIncoming::Cancelled {
                id: Some(id),
                known: true,
            } => self.cancel(&id),
            ServerIncoming::Other(McpMessage::Other(Message::Request(r))) => {
                self.other_request(tx, &r.id, &r.method)
            }
            // Handshakes and refusals are queued in the core; notifications get no answer.
            _ => {}
        }
        while send(self.out, tx, None, |sink| self.server.poll_transmit(sink)) {}
    }

    fn other_request<C: ByteChannel + ?Sized>(
        &mut self,
        tx: &mut C,
        id: &RequestId<'_>,
        method: &JsonStr<'_>,
    ) {
        if method.eq_str("ping") {
            // "The receiver MUST respond promptly with an empty response."
            let result = RawJson::parse("{}");
            send(self.out, tx, Some(id), |sink| match result {
                Ok(result) => {
                    Message::Response(Response { id: *id, result }).write(sink);
                    true
                }
                Err(_) => false,
            });
            return;
        }
        let server = &mut self.server;
        let why = MethodNotFound(*method);
        send(self.out, tx, Some(id), |sink| {
            server
                .respond_failure(sink, id, ErrorKind::MethodNotFound, &why)
                .is_ok()
        });
    }

    fn list_tools<C: ByteChannel + ?Sized>(
        &mut self,
        tx: &mut C,
        id: &RequestId<'_>,
        params: Option<ListToolsRequestParams<'_>>,
    ) {
        let server = &mut self.server;
        let tools = catalog::tools();
        let modern = server.version().has_result_type();
        send(self.out, tx, Some(id), |sink| {
            // One page: a cursor can only be one this server never gave.
            if params.and_then(|p| p.cursor).is_some() {
                let why = "invalid cursor: the catalog has one page";
                return server
                    .respond_failure(sink, id, ErrorKind::InvalidCursor, &why)
                    .is_ok();
            }
            let Ok(tools) = &tools else {
                let why = "the device's catalog is broken";
                return server
                    .respond_failure(sink, id, ErrorKind::InternalError, &why)
                    .is_ok();
            };
            let result = ListToolsResult {
                tools: List::Slice(tools),
                next_cursor: None,
                ttl_ms: modern.then_some(CATALOG_TTL_MS),
                cache_scope: modern.then_some(CacheScope::Public),
                result_type: modern.then_some(ResultType::Complete),
                meta: None,
                extra: Extra::NONE,
            };
            server.respond_list(sink, id, &result);
            true
        });
    }

    fn call_tool<C: ByteChannel + ?Sized>(
        &mut self,
        tx: &mut C,
        id: &RequestId<'_>,
        params: &CallToolRequestParams<'_>,
        now: Millis,
    ) {
        let calibrating = self.calibration.is_some();
        let name = params.name;
        let sensor = &mut self.sensor;
        let known: &[&str] = if name.eq_str(READ_SENSOR) {
            &["channel"]
        } else if name.eq_str(SET_MODE) {
            &["mode"]
        } else if name.eq_str(CALIBRATE) {
            &["reference", "samples"]
        } else {
            let why = UnknownTool(name);
            let server = &mut self.server;
            send(self.out, tx, Some(id), |sink| {
                server
                    .respond_failure(sink, id, ErrorKind::UnknownTool, &why)
                    .is_ok()
            });
            return;
        };
        let outcome = match Args::new(params.arguments, known) {
            Err(e) => Outcome::BadArguments(e),
            Ok(args) if name.eq_str(READ_SENSOR) => tools::read_sensor(sensor, args, now),
            Ok(args) if name.eq_str(SET_MODE) => tools::set_mode(sensor, args, calibrating),
            Ok(args) => tools::calibrate(sensor, args, calibrating),
        };
        if let Outcome::Calibrating { samples, reference } = outcome {
            // The core tracks only ids it can copy; any other call was refused already.
            if let Some(key) = Key::of_id(id) {
                self.calibration = Some(Calibration {
                    id: key,
                    samples,
                    taken: 0,
                    sum: 0,
                    reference,
                    next_at: now + SAMPLE_INTERVAL_MS,
                });
            }
            return;
        }
        let version = self.server.version();
        answer(&mut self.server, self.out, tx, id, &outcome, version);
    }

    fn cancel(&mut self, id: &RequestId<'_>) {
        let Some(job) = self.calibration.take_if(|c| c.id.as_id() == *id) else {
            return;
        };
        // Ends the request in the core; it writes nothing for a cancelled request.
        let why = "cancelled";
        let _ = self.server.respond_failure(
            &mut CountSink::default(),
            &job.id.as_id(),
            ErrorKind::ToolExecutionFailed,
            &why,
        );
    }

    fn handle_timeout<C: ByteChannel + ?Sized>(&mut self, tx: &mut C, now: Millis) {
        while let Some(job) = self.calibration.as_mut() {
            if now < job.next_at {
                return;
            }
            job.sum += i64::from(self.sensor.raw(Channel::Temperature, job.next_at));
            job.taken += 1;
            job.next_at += SAMPLE_INTERVAL_MS;
            let (id, taken, samples) = (job.id.as_id(), job.taken, job.samples);
            if taken < samples {
                let mut message = heapless::String::<32>::new();
                let _ = write!(message, "sample {taken} of {samples}");
                let server = &mut self.server;
                send(self.out, tx, Some(&id), |sink| {
                    let done = Number::Int(taken.into());
                    let total = Some(Number::Int(samples.into()));
                    // Err: no progress token (nothing to send).
                    server
                        .notify_progress(sink, &id, done, total, Some(&message))
                        .is_ok()
                });
                continue;
            }
            let Some(job) = self.calibration.take() else {
                return;
            };
            let outcome =
                tools::finish_calibration(&mut self.sensor, job.reference, job.samples, job.sum);
            let version = self.server.version();
            answer(
                &mut self.server,
                self.out,
                tx,
                &job.id.as_id(),
                &outcome,
                version,
            );
        }
    }
}

/// Sends a finished call's answer: a result, or a tool error (`isError: true`).
fn answer<C: ByteChannel + ?Sized>(
    server: &mut Server<'static, MAX_IN_FLIGHT>,
    out: &mut [u8],
    tx: &mut C,
    id: &RequestId<'_>,
    outcome: &Outcome<'_>,
    version: ProtocolVersion,
) {
    send(out, tx, Some(id), |sink| {
        let sent = match outcome {
            Outcome::Done(answer) => {
                let structured = RawJson::parse(answer.structured()).ok();
                let blocks = [ContentBlock::Text(TextContent {
                    text: JsonStr::new(answer.text()),
                    annotations: None,
                    meta: None,
                    extra: Extra::NONE,
                })];
                let result = CallToolResult {
                    content: List::Slice(&blocks),
                    structured_content: structured,
                    is_error: None,
                    result_type: version.has_result_type().then_some(ResultType::Complete),
                    meta: None,
                    extra: Extra::NONE,
                };
                server.respond_tool(sink, id, &result)
            }
            Outcome::BadArguments(e) => {
                server.respond_failure(sink, id, ErrorKind::InvalidToolArguments, e)
            }
            Outcome::Failed(e) => {
                server.respond_failure(sink, id, ErrorKind::ToolExecutionFailed, e)
            }
            Outcome::Calibrating { .. } => return false,
        };
        // Err: cancelled or already answered; nothing was written.
        sent.is_ok()
    });
}

/// Writes one message with `write` into `out` and sends it as a line. `write` returns whether
/// it wrote one; the return is the same. A message that does not fit `out` is replaced by an
/// `internal_error` for `id`.
fn send<C: ByteChannel + ?Sized>(
    out: &mut [u8],
    tx: &mut C,
    id: Option<&RequestId<'_>>,
    write: impl FnOnce(&mut SliceSink<'_>) -> bool,
) -> bool {
    let mut sink = SliceSink::new(out);
    if !write(&mut sink) {
        return false;
    }
    let len = match sink.finish() {
        Ok(n) => n,
        Err(_) => {
            let mut sink = SliceSink::new(out);
            let why = "the answer does not fit the device's output buffer";
            // A protocol error: its wire form is the same in every version.
            let version = ProtocolVersion::V2025_11_25;
            write_failure(&mut sink, id, ErrorKind::InternalError, &why, version);
            sink.finish().unwrap_or(0)
        }
    };
    // The core's writers never put a line end inside a message; `write_line` checks.
    let _ = write_line(out.get(..len).unwrap_or_default(), &mut ChannelSink(tx));
    true
}

/// "Unknown tool: NAME" (the spec's example message for -32602).
struct UnknownTool<'a>(JsonStr<'a>);

impl core::fmt::Display for UnknownTool<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "Unknown tool: {}", self.0)
    }
}

/// "Method not found: NAME".
struct MethodNotFound<'a>(JsonStr<'a>);

impl core::fmt::Display for MethodNotFound<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "Method not found: {}", self.0)
    }
}
