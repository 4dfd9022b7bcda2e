//! The relay of one client connection: each request is read (head by `httparse`, body by
//! `Content-Length` or `chunked`), sent to the upstream on a connection of its own, and the
//! response relayed back as it arrives, one write and flush per read, so an SSE stream
//! reaches the client event by event.
//!
//! What is rewritten, and why (RFC 9110 §7.6.1: a proxy "MUST remove any such fields", the
//! hop-by-hop ones, "before forwarding the message"):
//! - Both ways: `Connection`, the fields it names, `Keep-Alive`, `Proxy-Connection`, `TE`,
//!   `Trailer`, `Upgrade` and `Transfer-Encoding` are dropped; they describe one
//!   connection, and the tap has two.
//! - To the upstream: `Host` becomes the upstream's authority, the request target becomes
//!   the upstream URL's path (with the client's query), `Connection: close` is added (one
//!   upstream connection per exchange, so a response without a length ends when it closes),
//!   and a chunked request body is sent with its `Content-Length`.
//! - To the client: a body with a `Content-Length` keeps it; any other body (chunked, or
//!   ending at close upstream) is sent `Transfer-Encoding: chunked`, each upstream read as
//!   one chunk, flushed at once; `Connection: close` when the client asked for it or spoke
//!   HTTP/1.0.
//!
//! Everything else — status, reason, every other header in its order and case
//! (`Content-Type`, `Mcp-Session-Id`, `MCP-Protocol-Version`, `Mcp-Method`, `Mcp-Name`,
//! `Mcp-Param-*`, `Last-Event-ID`, …) and the body's bytes — passes unaltered. Trailer fields
//! of a chunked body are dropped (MCP defines none). A request body is held whole before it
//! is forwarded (so the checker sees the request before the upstream can answer it): one
//! over `--max-bytes` (16 MiB by default) is answered `413` by the tap, a malformed chunked
//! one `400`. `Expect: 100-continue` is
//! answered `100 Continue` by the tap itself (it reads the whole request before connecting
//! upstream; an upstream's own interim responses are not relayed); a `101` upgrade is
//! relayed as its head only.

use super::checker::{Body, HttpEvent, OwnedHeaders};
use super::framing::{BodyDecoder, Framing};
use crate::tap::clock::Clock;
use mcpwire::transport::sse::{EventDecoder, SseItem};
use mcpwire::watch::Direction;
use std::io::{self, ErrorKind, Read, Write};
use std::net::{Shutdown, TcpStream};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc::{SyncSender, TrySendError};
use std::sync::Arc;
use std::time::Duration;

/// Largest request or response head.
const MAX_HEAD: usize = 64 * 1024;
/// Most header fields in a head.
const MAX_HEADERS: usize = 128;
/// Largest read.
const CHUNK: usize = 64 * 1024;

const HOP_BY_HOP: &[&str] = &[
    "connection",
    "keep-alive",
    "proxy-connection",
    "te",
    "trailer",
    "upgrade",
    "transfer-encoding",
];

/// Where the tap forwards to.
#[derive(Clone, Debug)]
pub struct Upstream {
    /// `host:port` to connect to.
    pub addr: String,
    /// The URL's path.
    pub path: String,
}

impl Upstream {
    /// `http://host[:port][/path]` (no TLS: the tap speaks plain HTTP/1.1 to the upstream).
    pub fn parse(url: &str) -> Result<Upstream, String> {
        let rest = url.strip_prefix("http://").ok_or(format!(
            "--upstream '{url}': only http:// URLs are supported"
        ))?;
        let (authority, path) = match rest.find('/') {
            Some(i) => (&rest[..i], &rest[i..]),
            None => (rest, "/"),
        };
        if authority.is_empty() {
            return Err(format!("--upstream '{url}' names no host"));
        }
        let addr = if authority
            .rsplit_once(':')
            .is_some_and(|(_, p)| p.parse::<u16>().is_ok())
        {
            authority.to_string()
        } else {
            format!("{authority}:80")
        };
        Ok(Upstream {
            addr,
            path: path.to_string(),
        })
    }
}

/// What every connection thread shares.
pub struct Shared {
    pub upstream: Upstream,
    pub tx: SyncSender<HttpEvent>,
    pub clock: Clock,
    /// Longest body or SSE event checked (longer ones are relayed, not checked).
    pub max: usize,
    pub next: AtomicU64,
}

impl Shared {
    /// Hands an event to the checker without waiting; when the checker is behind, the event
    /// is dropped and the checker told what went unchecked.
    fn offer(&self, event: HttpEvent) {
        let lost = match &event {
            HttpEvent::Request(_, _, _, b, _) => Some((Direction::ToServer, body_len(b))),
            HttpEvent::Message(_, b, _, _) => Some((Direction::ToHost, body_len(b))),
            _ => None,
        };
        match self.tx.try_send(event) {
            Ok(()) => {}
            Err(TrySendError::Full(e)) => match lost {
                // Small bookkeeping events wait; a message is dropped and counted.
                None => {
                    let _ = self.tx.send(e);
                }
                Some((dir, n)) => {
                    let _ = self.tx.send(HttpEvent::Skipped(dir, n, self.clock.now()));
                }
            },
            Err(TrySendError::Disconnected(_)) => {}
        }
    }
}

fn body_len(b: &Body) -> u64 {
    match b {
        Body::Bytes(b) => b.len() as u64,
        Body::TooLong(n) => *n as u64,
    }
}

fn lower(name: &[u8]) -> String {
    String::from_utf8_lossy(name).to_ascii_lowercase()
}

fn header<'h>(headers: &'h OwnedHeaders, lower_name: &str) -> Option<&'h [u8]> {
    headers
        .iter()
        .find(|(n, _)| n.eq_ignore_ascii_case(lower_name.as_bytes()))
        .map(|(_, v)| v.as_slice())
}

/// The fields `Connection` names, and the fixed hop-by-hop ones.
fn is_hop_by_hop(name: &[u8], headers: &OwnedHeaders) -> bool {
    let n = lower(name);
    HOP_BY_HOP.contains(&n.as_str())
        || headers
            .iter()
            .filter(|(h, _)| h.eq_ignore_ascii_case(b"connection"))
            .flat_map(|(_, v)| v.split(|&b| b == b','))
            .any(|t| t.trim_ascii().eq_ignore_ascii_case(n.as_bytes()))
}

fn has_token(headers: &OwnedHeaders, lower_name: &str, token: &str) -> bool {
    headers
        .iter()
        .filter(|(h, _)| h.eq_ignore_ascii_case(lower_name.as_bytes()))
        .flat_map(|(_, v)| v.split(|&b| b == b','))
        .any(|t| t.trim_ascii().eq_ignore_ascii_case(token.as_bytes()))
}

/// Reads from `stream` into `buf` until a whole head parses; returns its length, `None` at a
/// clean end of stream before any byte.
fn read_head(
    stream: &mut impl Read,
    buf: &mut Vec<u8>,
    complete: impl Fn(&[u8]) -> Result<Option<usize>, String>,
) -> io::Result<Option<usize>> {
    let mut chunk = [0u8; 8192];
    loop {
        if !buf.is_empty() {
            match complete(buf) {
                Ok(Some(n)) => return Ok(Some(n)),
                Ok(None) if buf.len() > MAX_HEAD => {
                    return Err(io::Error::new(ErrorKind::InvalidData, "head too large"))
                }
                Ok(None) => {}
                Err(e) => return Err(io::Error::new(ErrorKind::InvalidData, e)),
            }
        }
        let n = match stream.read(&mut chunk) {
            Ok(n) => n,
            Err(e) if e.kind() == ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if n == 0 {
            return if buf.is_empty() {
                Ok(None)
            } else {
                Err(io::Error::new(
                    ErrorKind::UnexpectedEof,
                    "stream ended inside a head",
                ))
            };
        }
        buf.extend_from_slice(&chunk[..n]);
    }
}

fn owned(headers: &[httparse::Header<'_>]) -> OwnedHeaders {
    headers
        .iter()
        .map(|h| (h.name.as_bytes().to_vec(), h.value.to_vec()))
        .collect()
}

struct RequestHead {
    method: String,
    target: String,
    minor: u8,
    headers: OwnedHeaders,
}

fn parse_request(buf: &[u8]) -> Result<Option<(usize, RequestHead)>, String> {
    let mut h = [httparse::EMPTY_HEADER; MAX_HEADERS];
    let mut req = httparse::Request::new(&mut h);
    match req.parse(buf) {
        Ok(httparse::Status::Complete(n)) => Ok(Some((
            n,
            RequestHead {
                method: req.method.unwrap_or("GET").to_string(),
                target: req.path.unwrap_or("/").to_string(),
                minor: req.version.unwrap_or(1),
                headers: owned(req.headers),
            },
        ))),
        Ok(httparse::Status::Partial) => Ok(None),
        Err(e) => Err(e.to_string()),
    }
}

struct ResponseHead {
    status: u16,
    reason: String,
    headers: OwnedHeaders,
}

fn parse_response(buf: &[u8]) -> Result<Option<(usize, ResponseHead)>, String> {
    let mut h = [httparse::EMPTY_HEADER; MAX_HEADERS];
    let mut res = httparse::Response::new(&mut h);
    match res.parse(buf) {
        Ok(httparse::Status::Complete(n)) => Ok(Some((
            n,
            ResponseHead {
                status: res.code.unwrap_or(502),
                reason: res.reason.unwrap_or("").to_string(),
                headers: owned(res.headers),
            },
        ))),
        Ok(httparse::Status::Partial) => Ok(None),
        Err(e) => Err(e.to_string()),
    }
}

/// Serves one client connection until it closes.
pub fn connection(mut client: TcpStream, shared: Arc<Shared>) {
    let _ = client.set_nodelay(true);
    let mut buf = Vec::new();
    loop {
        let head = read_head(&mut client, &mut buf, |b| {
            parse_request(b).map(|o| o.map(|(n, _)| n))
        });
        let Ok(Some(n)) = head else {
            return;
        };
        let Ok(Some((_, head))) = parse_request(&buf[..n]) else {
            return;
        };
        buf.drain(..n);
        match exchange(&mut client, &mut buf, head, &shared) {
            Ok(true) => {}
            Ok(false) | Err(_) => return,
        }
    }
}

/// The request body, de-chunked, or `Err` when it cannot be read.
fn request_body(
    client: &mut TcpStream,
    buf: &mut Vec<u8>,
    headers: &OwnedHeaders,
    max: usize,
) -> io::Result<Vec<u8>> {
    let framing = if has_token(headers, "transfer-encoding", "chunked") {
        Framing::Chunked
    } else {
        let len = header(headers, "content-length")
            .and_then(|v| std::str::from_utf8(v).ok())
            .and_then(|v| v.trim().parse::<u64>().ok())
            .unwrap_or(0);
        if len > max as u64 {
            return Err(io::Error::new(
                ErrorKind::InvalidData,
                "request body over the limit",
            ));
        }
        Framing::Length(len)
    };
    let mut decoder = BodyDecoder::new(framing);
    let mut body = Vec::new();
    let mut input = std::mem::take(buf);
    let mut chunk = vec![0u8; CHUNK];
    loop {
        decoder
            .feed(&input, &mut body)
            .map_err(|_| io::Error::new(ErrorKind::InvalidData, "bad chunked request body"))?;
        input.clear();
        if decoder.is_done() {
            return Ok(body);
        }
        // Request bodies are held whole (to be sent with a length): bounded.
        if body.len() > max {
            return Err(io::Error::new(
                ErrorKind::InvalidData,
                "request body over the limit",
            ));
        }
        let n = client.read(&mut chunk)?;
        if n == 0 {
            return Err(io::Error::new(
                ErrorKind::UnexpectedEof,
                "request body cut short",
            ));
        }
        input.extend_from_slice(&chunk[..n]);
    }
}

fn upstream_request(head: &RequestHead, upstream: &Upstream, body: &[u8]) -> Vec<u8> {
    let query = head
        .target
        .find('?')
        .map(|i| &head.target[i..])
        .unwrap_or("");
    let path = if upstream.path.contains('?') {
        ""
    } else {
        query
    };
    let mut out = format!("{} {}{} HTTP/1.1\r\n", head.method, upstream.path, path).into_bytes();
    out.extend_from_slice(format!("Host: {}\r\n", upstream.addr).as_bytes());
    for (n, v) in &head.headers {
        if is_hop_by_hop(n, &head.headers)
            || n.eq_ignore_ascii_case(b"host")
            || n.eq_ignore_ascii_case(b"content-length")
        {
            continue;
        }
        out.extend_from_slice(n);
        out.extend_from_slice(b": ");
        out.extend_from_slice(v);
        out.extend_from_slice(b"\r\n");
    }
    let has_body = !body.is_empty() || header(&head.headers, "content-length").is_some();
    if has_body {
        out.extend_from_slice(format!("Content-Length: {}\r\n", body.len()).as_bytes());
    }
    out.extend_from_slice(b"Connection: close\r\n\r\n");
    out.extend_from_slice(body);
    out
}

fn bad_gateway(client: &mut TcpStream, why: &str) -> io::Result<bool> {
    let text = format!("mcpwire tap: the upstream failed: {why}\n");
    write!(
        client,
        "HTTP/1.1 502 Bad Gateway\r\nContent-Type: text/plain\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{text}",
        text.len()
    )?;
    Ok(false)
}

/// One request and its response; `Ok(true)` when the client connection stays open.
fn exchange(
    client: &mut TcpStream,
    buf: &mut Vec<u8>,
    head: RequestHead,
    shared: &Shared,
) -> io::Result<bool> {
    if has_token(&head.headers, "expect", "100-continue") {
        // The tap reads the whole body before it connects upstream, so it says go on itself.
        client.write_all(b"HTTP/1.1 100 Continue\r\n\r\n")?;
    }
    let body = match request_body(client, buf, &head.headers, shared.max) {
        Ok(b) => b,
        Err(e) if e.kind() == ErrorKind::InvalidData => {
            // A body the tap cannot hold (over the limit) or read (bad chunking): answered
            // here, as the upstream never sees it.
            let status = if e.to_string().contains("limit") {
                "413 Content Too Large"
            } else {
                "400 Bad Request"
            };
            write!(
                client,
                "HTTP/1.1 {status}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
            )?;
            return Ok(false);
        }
        Err(e) => return Err(e),
    };
    let n = shared.next.fetch_add(1, Ordering::Relaxed);
    let checked = if body.len() > shared.max {
        Body::TooLong(body.len())
    } else {
        Body::Bytes(body.clone())
    };
    shared.offer(HttpEvent::Request(
        n,
        head.method.as_bytes().to_vec(),
        head.headers.clone(),
        checked,
        shared.clock.now(),
    ));
    let keep_alive = head.minor >= 1 && !has_token(&head.headers, "connection", "close");
    let mut up = match TcpStream::connect(&shared.upstream.addr) {
        Ok(s) => s,
        Err(e) => {
            shared.offer(HttpEvent::Done(n));
            return bad_gateway(client, &e.to_string());
        }
    };
    let _ = up.set_nodelay(true);
    up.write_all(&upstream_request(&head, &shared.upstream, &body))?;
    let mut ubuf = Vec::new();
    let res = loop {
        let parsed = read_head(&mut up, &mut ubuf, |b| {
            parse_response(b).map(|o| o.map(|(n, _)| n))
        });
        let len = match parsed {
            Ok(Some(len)) => len,
            Ok(None) => {
                shared.offer(HttpEvent::Done(n));
                return bad_gateway(client, "no response");
            }
            Err(e) => {
                shared.offer(HttpEvent::Done(n));
                return bad_gateway(client, &e.to_string());
            }
        };
        let Ok(Some((_, res))) = parse_response(&ubuf[..len]) else {
            return bad_gateway(client, "bad response head");
        };
        ubuf.drain(..len);
        if (100..200).contains(&res.status) && res.status != 101 {
            continue; // interim responses: not relayed (the client sent no Expect)
        }
        break res;
    };
    shared.offer(HttpEvent::Response(
        n,
        res.status,
        res.headers.clone(),
        shared.clock.now(),
    ));
    let no_body = head.method.eq_ignore_ascii_case("HEAD")
        || res.status == 204
        || res.status == 304
        || res.status < 200;
    let framing = if no_body {
        Framing::Length(0)
    } else if has_token(&res.headers, "transfer-encoding", "chunked") {
        Framing::Chunked
    } else {
        match header(&res.headers, "content-length")
            .and_then(|v| std::str::from_utf8(v).ok())
            .and_then(|v| v.trim().parse::<u64>().ok())
        {
            Some(len) => Framing::Length(len),
            None => Framing::Close,
        }
    };
    let chunked_out = !matches!(framing, Framing::Length(_));
    let keep_alive = keep_alive && !(chunked_out && head.minor == 0);
    client.write_all(&client_head(&res, &head, chunked_out, keep_alive))?;
    client.flush()?;
    let outcome = relay_body(client, up, ubuf, framing, &res, n, shared);
    shared.offer(HttpEvent::Done(n));
    Ok(outcome? && keep_alive)
}

fn client_head(res: &ResponseHead, req: &RequestHead, chunked: bool, keep_alive: bool) -> Vec<u8> {
    let version = if req.minor == 0 { "1.0" } else { "1.1" };
    let mut out = format!("HTTP/{version} {} {}\r\n", res.status, res.reason).into_bytes();
    for (n, v) in &res.headers {
        if is_hop_by_hop(n, &res.headers) || (chunked && n.eq_ignore_ascii_case(b"content-length"))
        {
            continue;
        }
        out.extend_from_slice(n);
        out.extend_from_slice(b": ");
        out.extend_from_slice(v);
        out.extend_from_slice(b"\r\n");
    }
    if chunked && req.minor >= 1 {
        out.extend_from_slice(b"Transfer-Encoding: chunked\r\n");
    }
    if !keep_alive {
        out.extend_from_slice(b"Connection: close\r\n");
    }
    out.extend_from_slice(b"\r\n");
    out
}

/// What the checker gets of a response body: each SSE event, or the JSON body whole.
enum Tee {
    Sse(Box<EventDecoder<Vec<u8>>>),
    Json(Vec<u8>, usize),
    Nothing,
}

impl Tee {
    fn for_response(res: &ResponseHead, max: usize) -> Tee {
        let media = header(&res.headers, "content-type")
            .map(|v| {
                let v = String::from_utf8_lossy(v).to_ascii_lowercase();
                v.split(';').next().unwrap_or_default().trim().to_string()
            })
            .unwrap_or_default();
        if media == "text/event-stream" {
            Tee::Sse(Box::new(EventDecoder::with_limit(max)))
        } else if media == "application/json" || media.ends_with("+json") {
            Tee::Json(Vec::new(), 0)
        } else {
            Tee::Nothing
        }
    }

    fn feed(&mut self, mut payload: &[u8], n: u64, shared: &Shared) {
        match self {
            Tee::Sse(d) => {
                while !payload.is_empty() {
                    let (taken, item) = d.feed(payload);
                    payload = &payload[taken..];
                    let at = shared.clock.now();
                    match item {
                        // An event without data (a priming event, a keep-alive) carries
                        // no message.
                        Some(SseItem::Event(e)) if e.data.is_empty() => {}
                        Some(SseItem::Event(e)) => shared.offer(HttpEvent::Message(
                            n,
                            Body::Bytes(e.data.to_vec()),
                            true,
                            at,
                        )),
                        Some(SseItem::TooLong { len }) => {
                            shared.offer(HttpEvent::Message(n, Body::TooLong(len), true, at))
                        }
                        None => {}
                    }
                }
            }
            Tee::Json(body, seen) => {
                *seen += payload.len();
                if *seen <= shared.max {
                    body.extend_from_slice(payload);
                }
            }
            Tee::Nothing => {}
        }
    }

    fn finish(mut self, n: u64, shared: &Shared) {
        let at = shared.clock.now();
        if let Tee::Sse(d) = &mut self {
            if d.finish() {
                shared.offer(HttpEvent::Unterminated(n, at));
            }
            return;
        }
        match self {
            Tee::Json(_, seen) if seen > shared.max => {
                shared.offer(HttpEvent::Message(n, Body::TooLong(seen), false, at))
            }
            Tee::Json(body, _) if !body.is_empty() => {
                shared.offer(HttpEvent::Message(n, Body::Bytes(body), false, at))
            }
            _ => {}
        }
    }
}

/// Watches the client while a response streams to it: when it closes its end, the upstream
/// connection is shut so the relay ends (and the upstream sees the stream closed).
struct CloseWatch {
    done: Arc<AtomicBool>,
    gone: Arc<AtomicBool>,
    thread: Option<std::thread::JoinHandle<()>>,
    client: TcpStream,
}

impl CloseWatch {
    fn start(client: &TcpStream, up: &TcpStream) -> io::Result<CloseWatch> {
        let (done, gone) = (
            Arc::new(AtomicBool::new(false)),
            Arc::new(AtomicBool::new(false)),
        );
        let peek = client.try_clone()?;
        let up = up.try_clone()?;
        peek.set_read_timeout(Some(Duration::from_millis(100)))?;
        let (d, g) = (done.clone(), gone.clone());
        let thread = std::thread::spawn(move || {
            let mut b = [0u8; 1];
            while !d.load(Ordering::Acquire) {
                match peek.peek(&mut b) {
                    Ok(0) => {
                        g.store(true, Ordering::Release);
                        let _ = up.shutdown(Shutdown::Both);
                        return;
                    }
                    Ok(_) => return, // the client sent its next request already
                    Err(e)
                        if matches!(
                            e.kind(),
                            ErrorKind::WouldBlock | ErrorKind::TimedOut | ErrorKind::Interrupted
                        ) => {}
                    Err(_) => {
                        g.store(true, Ordering::Release);
                        let _ = up.shutdown(Shutdown::Both);
                        return;
                    }
                }
            }
        });
        Ok(CloseWatch {
            done,
            gone,
            thread: Some(thread),
            client: client.try_clone()?,
        })
    }

    /// Stops watching; true when the client had gone.
    fn stop(mut self) -> bool {
        self.done.store(true, Ordering::Release);
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
        let _ = self.client.set_read_timeout(None);
        self.gone.load(Ordering::Acquire)
    }
}

/// Relays the response body as it arrives; `Ok(true)` when it ended as its framing says.
fn relay_body(
    client: &mut TcpStream,
    mut up: TcpStream,
    first: Vec<u8>,
    framing: Framing,
    res: &ResponseHead,
    n: u64,
    shared: &Shared,
) -> io::Result<bool> {
    let chunked_out = !matches!(framing, Framing::Length(_));
    let mut decoder = BodyDecoder::new(framing);
    let mut tee = Tee::for_response(res, shared.max);
    let watch = CloseWatch::start(client, &up)?;
    let mut payload = Vec::new();
    let mut raw = first;
    let mut chunk = vec![0u8; CHUNK];
    let mut complete = decoder.is_done();
    let mut client_ok = true;
    while !complete {
        payload.clear();
        if decoder.feed(&raw, &mut payload).is_err() {
            break;
        }
        raw.clear();
        if !payload.is_empty() {
            tee.feed(&payload, n, shared);
            client_ok = send(client, &payload, chunked_out).is_ok();
            if !client_ok {
                break;
            }
        }
        if decoder.is_done() {
            complete = true;
            break;
        }
        match up.read(&mut chunk) {
            Ok(0) => {
                complete = decoder.ends_at_close();
                break;
            }
            Ok(k) => raw.extend_from_slice(&chunk[..k]),
            Err(e) if e.kind() == ErrorKind::Interrupted => {}
            Err(_) => break,
        }
    }
    let gone = watch.stop() || !client_ok;
    tee.finish(n, shared);
    if gone {
        shared.offer(HttpEvent::Closed(n));
        return Ok(false);
    }
    if complete && chunked_out {
        client.write_all(b"0\r\n\r\n")?;
        client.flush()?;
    }
    Ok(complete)
}

fn send(client: &mut TcpStream, payload: &[u8], chunked: bool) -> io::Result<()> {
    if chunked {
        client.write_all(format!("{:x}\r\n", payload.len()).as_bytes())?;
        client.write_all(payload)?;
        client.write_all(b"\r\n")?;
    } else {
        client.write_all(payload)?;
    }
    client.flush()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn upstream_urls() {
        let u = Upstream::parse("http://127.0.0.1:9000/mcp").unwrap();
        assert_eq!(
            (u.addr.as_str(), u.path.as_str()),
            ("127.0.0.1:9000", "/mcp")
        );
        let u = Upstream::parse("http://example.org").unwrap();
        assert_eq!((u.addr.as_str(), u.path.as_str()), ("example.org:80", "/"));
        assert!(Upstream::parse("https://example.org/").is_err());
        assert!(Upstream::parse("http:///x").is_err());
    }

    #[test]
    fn hop_by_hop_fields_and_the_ones_connection_names_are_dropped() {
        let head = RequestHead {
            method: "POST".into(),
            target: "/anything?x=1".into(),
            minor: 1,
            headers: vec![
                (b"Host".to_vec(), b"127.0.0.1:1".to_vec()),
                (b"Connection".to_vec(), b"keep-alive, X-Hop".to_vec()),
                (b"X-Hop".to_vec(), b"1".to_vec()),
                (b"Keep-Alive".to_vec(), b"timeout=5".to_vec()),
                (b"Mcp-Session-Id".to_vec(), b"abc".to_vec()),
                (b"Content-Length".to_vec(), b"2".to_vec()),
            ],
        };
        let up = Upstream::parse("http://127.0.0.1:9/mcp").unwrap();
        let out = String::from_utf8(upstream_request(&head, &up, b"{}")).unwrap();
        assert_eq!(
            out,
            "POST /mcp?x=1 HTTP/1.1\r\nHost: 127.0.0.1:9\r\nMcp-Session-Id: abc\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}"
        );
    }
}
