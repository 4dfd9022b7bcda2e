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
use mcpwire::watch::Direction;
use std::io::{self, ErrorKind, Read, Write};
use std::net::TcpStream;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{SyncSender, TrySendError};
use std::sync::Arc;

/// Largest request or response head.
const MAX_HEAD: usize = 64 * 1024;
/// Most header fields in a head.
const MAX_HEADERS: usize = 128;
/// Largest read.
pub(super) const CHUNK: usize = 64 * 1024;

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
    pub(super) fn offer(&self, event: HttpEvent) {
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

pub(super) fn header<'h>(headers: &'h OwnedHeaders, lower_name: &str) -> Option<&'h [u8]> {
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

pub(super) struct ResponseHead {
    pub(super) status: u16,
    pub(super) reason: String,
    pub(super) headers: OwnedHeaders,
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
    let outcome = super::response::relay_body(client, up, ubuf, framing, &res, n, shared);
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
