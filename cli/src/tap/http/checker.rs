//! The HTTP tap's checker thread: core's `Watch` observes each request, response head and
//! message the proxy threads saw, and the observations go to the reporter and the log (the
//! same ones the stdio tap uses).

use crate::tap::clock::{wait, Clock, Next};
use crate::tap::log::LogWriter;
use crate::tap::report::{Reporter, Summary};
use mcpwire::state::Millis;
use mcpwire::watch::{Direction, Finding, HttpExchange, Observation, Watch, WatchLimits};
use std::collections::HashMap;
use std::sync::mpsc::Receiver;

/// Header lists as the proxy read them.
pub type OwnedHeaders = Vec<(Vec<u8>, Vec<u8>)>;

/// A message body or SSE event as the checker gets it.
pub enum Body {
    Bytes(Vec<u8>),
    /// Over the limit: relayed, not kept.
    TooLong(usize),
}

/// What a proxy thread tells the checker; `u64` numbers the exchange (one request and its
/// response).
pub enum HttpEvent {
    Request(u64, Vec<u8>, OwnedHeaders, Body, Millis),
    Response(u64, u16, OwnedHeaders, Millis),
    /// One message of the response: a JSON body (`false`) or an SSE event's data (`true`).
    Message(u64, Body, bool, Millis),
    /// The event stream ended inside an event.
    Unterminated(u64, Millis),
    /// The client closed the exchange before its response ended.
    Closed(u64),
    /// The response is over.
    Done(u64),
    /// The checker fell behind: this many bytes went that way unchecked.
    Skipped(Direction, u64, Millis),
    Stop,
}

struct Open {
    exchange: HttpExchange,
    status: u16,
    /// Findings about the response's head, shown under its first message (or alone when
    /// it has none).
    head: Vec<Finding>,
}

pub struct HttpChecker {
    watch: Watch,
    reporter: Box<dyn Reporter>,
    log: Option<LogWriter>,
    summary: Summary,
    clock: Clock,
    open: HashMap<u64, Open>,
}

fn borrowed(h: &OwnedHeaders) -> Vec<(&[u8], &[u8])> {
    h.iter()
        .map(|(n, v)| (n.as_slice(), v.as_slice()))
        .collect()
}

impl HttpChecker {
    pub fn new(
        limits: WatchLimits,
        reporter: Box<dyn Reporter>,
        log: Option<LogWriter>,
        clock: Clock,
    ) -> Self {
        HttpChecker {
            watch: Watch::new(limits),
            reporter,
            log,
            summary: Summary::default(),
            clock,
            open: HashMap::new(),
        }
    }

    /// Checks until told to stop; returns the summary and the reporter for the last words.
    pub fn run(mut self, rx: Receiver<HttpEvent>) -> (Summary, Box<dyn Reporter>) {
        loop {
            let event = match wait(&mut self.watch, &self.clock, &rx) {
                Next::Event(e) => e,
                Next::Late(late) => {
                    self.findings(&late);
                    continue;
                }
                Next::Done => break,
            };
            if !self.event(event) {
                break;
            }
        }
        let end = self.watch.finish(self.clock.now());
        self.findings(&end);
        (self.summary, self.reporter)
    }

    fn event(&mut self, event: HttpEvent) -> bool {
        match event {
            HttpEvent::Request(n, method, headers, body, at) => {
                self.request(n, &method, &headers, body, at)
            }
            HttpEvent::Response(n, status, headers, at) => {
                if let Some(open) = self.open.get_mut(&n) {
                    open.status = status;
                    open.head = self.watch.observe_http_response(
                        &open.exchange,
                        status,
                        &borrowed(&headers),
                        at,
                    );
                }
            }
            HttpEvent::Message(n, body, sse, at) => self.message(n, body, sse, at),
            HttpEvent::Unterminated(n, at) => {
                if let Some(open) = self.open.get(&n) {
                    let f = self.watch.http_event_unterminated(&open.exchange, at);
                    self.findings(&[f]);
                }
            }
            HttpEvent::Closed(n) => {
                if let Some(open) = self.open.remove(&n) {
                    self.watch.http_stream_closed(&open.exchange);
                    self.findings(&open.head);
                }
            }
            HttpEvent::Done(n) => {
                if let Some(open) = self.open.remove(&n) {
                    self.findings(&open.head);
                }
            }
            HttpEvent::Skipped(dir, bytes, at) => {
                let f = self.watch.skipped(dir, bytes, at);
                self.findings(&[f]);
            }
            HttpEvent::Stop => return false,
        }
        true
    }

    fn request(&mut self, n: u64, method: &[u8], headers: &OwnedHeaders, body: Body, at: Millis) {
        let headers = borrowed(headers);
        let bytes = match &body {
            Body::Bytes(b) => b.as_slice(),
            Body::TooLong(_) => b"",
        };
        let (obs, findings, exchange) =
            self.watch.observe_http_request(method, &headers, bytes, at);
        if let Body::TooLong(len) = body {
            let obs = self.watch.observe_too_long(Direction::ToServer, len, at);
            self.observed(&obs, Err(len), at);
        }
        if let Some(obs) = obs {
            self.observed(&obs, Ok(bytes), at);
        }
        self.findings(&findings);
        self.open.insert(
            n,
            Open {
                exchange,
                status: 0,
                head: Vec::new(),
            },
        );
    }

    fn message(&mut self, n: u64, body: Body, sse: bool, at: Millis) {
        let Some(open) = self.open.get_mut(&n) else {
            return;
        };
        let mut head = std::mem::take(&mut open.head);
        let mut obs = match &body {
            Body::Bytes(b) => {
                self.watch
                    .observe_http_message(&open.exchange, open.status, sse, b, at)
            }
            Body::TooLong(len) => self.watch.observe_too_long(Direction::ToHost, *len, at),
        };
        for f in &mut head {
            f.line = obs.line;
        }
        head.append(&mut obs.findings);
        obs.findings = head;
        let bytes = match &body {
            Body::Bytes(b) => Ok(b.as_slice()),
            Body::TooLong(len) => Err(*len),
        };
        self.observed(&obs, bytes, at);
    }

    fn observed(&mut self, obs: &Observation<'_>, bytes: Result<&[u8], usize>, at: Millis) {
        if let Some(log) = &mut self.log {
            log.line(obs.direction, obs.line, bytes, false, at);
        }
        self.summary.count(obs);
        let size = match bytes {
            Ok(b) => b.len(),
            Err(n) => n,
        };
        self.reporter.message(obs, size, at);
    }

    fn findings(&mut self, findings: &[Finding]) {
        if !findings.is_empty() {
            self.summary.count_findings(findings);
            self.reporter.findings(findings);
        }
    }
}
