//! The response body on its way to the client: relayed as it arrives (one write and flush
//! per upstream read), a copy for the checker (each SSE event, or the JSON body whole), and
//! a watch on the client so a stream it closes is closed upstream and counted as a
//! cancellation.

use super::checker::{Body, HttpEvent};
use super::framing::{BodyDecoder, Framing};
use super::proxy::{header, ResponseHead, Shared, CHUNK};
use mcpwire::transport::sse::{EventDecoder, SseItem};
use std::io::{self, ErrorKind, Read, Write};
use std::net::{Shutdown, TcpStream};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

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
pub(super) fn relay_body(
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
