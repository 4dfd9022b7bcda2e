//! The relay: one thread per direction copies bytes from one side to the other as they come,
//! byte for byte, flushing after each read. It also frames them into lines (core's
//! `LineFramer`) and hands a copy of each line to the checker without ever waiting for it:
//! lines queued for the checker hold at most [`BUDGET`] bytes, and a line that does not fit
//! is dropped and counted, and the checker is told how many bytes it skipped. A line over the
//! limit is queued as its length alone, so a 20 MB line costs the checker nothing.

use crate::tap::clock::Clock;
use mcpwire::state::Millis;
use mcpwire::transport::stdio::{Frame, LineFramer};
use mcpwire::watch::Direction;
use std::io::{ErrorKind, Read, Write};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{SyncSender, TrySendError};
use std::sync::Arc;
use std::thread::JoinHandle;

/// Most events queued for the checker.
pub const CHANNEL: usize = 4096;
/// Most bytes of lines queued for the checker (both directions together).
pub const BUDGET: usize = 64 << 20;
/// Largest read.
const CHUNK: usize = 64 * 1024;

/// A line as the checker gets it.
pub enum Line {
    /// A complete line, without its line end.
    Bytes(Vec<u8>),
    /// A line over the limit, of this length.
    TooLong(usize),
}

/// What the relay tells the checker.
pub enum Event {
    /// A line that went `Direction` at `Millis`; `true` when the stream ended before its
    /// newline.
    Line(Direction, Line, Millis, bool),
    /// The checker fell behind: this many bytes went that way unchecked.
    Skipped(Direction, u64, Millis),
    /// The server exited: the checker must end.
    Stop,
}

/// Bytes of lines queued and not yet checked, shared by the relays and the checker.
pub type Queued = Arc<AtomicUsize>;

struct Tee {
    dir: Direction,
    tx: SyncSender<Event>,
    queued: Queued,
    skipped: u64,
}

impl Tee {
    /// Offers a line to the checker without waiting; drops it when the checker is behind.
    fn offer(&mut self, line: Line, at: Millis, partial: bool) {
        let (cost, len) = match &line {
            Line::Bytes(b) => (b.len(), b.len() as u64 + 1),
            Line::TooLong(n) => (0, *n as u64 + 1),
        };
        if self.skipped > 0 {
            match self.tx.try_send(Event::Skipped(self.dir, self.skipped, at)) {
                Ok(()) => self.skipped = 0,
                Err(_) => {
                    self.skipped += len;
                    return;
                }
            }
        }
        if self.queued.fetch_add(cost, Ordering::AcqRel) + cost > BUDGET {
            self.queued.fetch_sub(cost, Ordering::AcqRel);
            self.skipped += len;
            return;
        }
        if let Err(TrySendError::Full(_) | TrySendError::Disconnected(_)) =
            self.tx.try_send(Event::Line(self.dir, line, at, partial))
        {
            self.queued.fetch_sub(cost, Ordering::AcqRel);
            self.skipped += len;
        }
    }

    fn frame(&mut self, frame: Option<Frame<'_>>, at: Millis, partial: bool) {
        match frame {
            Some(Frame::Line(l)) => self.offer(Line::Bytes(l.to_vec()), at, partial),
            Some(Frame::TooLong { len }) => self.offer(Line::TooLong(len), at, partial),
            None => {}
        }
    }

    /// End of stream: waits (the relay is done) so the checker hears of skipped bytes.
    fn end(&mut self, at: Millis) {
        if self.skipped > 0 {
            let _ = self.tx.send(Event::Skipped(self.dir, self.skipped, at));
        }
    }
}

/// Starts copying `from` to `to`, framing lines of at most `max_line` bytes for the checker.
/// When `to` fails (the reader went away), bytes are still read and checked so the writer
/// never blocks. `to` is dropped when `from` ends (the stdin relay closes the server's stdin
/// there).
pub fn spawn(
    dir: Direction,
    mut from: impl Read + Send + 'static,
    to: impl Write + Send + 'static,
    max_line: usize,
    (tx, queued): (SyncSender<Event>, Queued),
    clock: Clock,
) -> JoinHandle<()> {
    std::thread::spawn(move || {
        let mut tee = Tee {
            dir,
            tx,
            queued,
            skipped: 0,
        };
        let mut framer = LineFramer::with_limit(max_line);
        let mut to = Some(to);
        let mut buf = vec![0u8; CHUNK];
        loop {
            let n = match from.read(&mut buf) {
                Ok(0) => break,
                Ok(n) => n,
                Err(e) if e.kind() == ErrorKind::Interrupted => continue,
                Err(_) => break,
            };
            // Lines go to the checker before the bytes go on: a request is queued before the
            // server can read it, so before any answer to it (the two relays race).
            let at = clock.now();
            let mut chunk = &buf[..n];
            while !chunk.is_empty() {
                let (taken, frame) = framer.feed(chunk);
                chunk = &chunk[taken..];
                tee.frame(frame, at, false);
            }
            if let Some(w) = to.as_mut() {
                if w.write_all(&buf[..n]).and_then(|()| w.flush()).is_err() {
                    to = None;
                }
            }
        }
        drop(to);
        let at = clock.now();
        tee.frame(framer.finish(), at, true);
        tee.end(at);
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::mpsc::sync_channel;

    fn tee(capacity: usize) -> (Tee, std::sync::mpsc::Receiver<Event>) {
        let (tx, rx) = sync_channel(capacity);
        let tee = Tee {
            dir: Direction::ToHost,
            tx,
            queued: Queued::default(),
            skipped: 0,
        };
        (tee, rx)
    }

    #[test]
    fn a_full_channel_drops_lines_and_counts_their_bytes() {
        let (mut tee, rx) = tee(1);
        tee.offer(Line::Bytes(b"abc".to_vec()), 1, false);
        tee.offer(Line::Bytes(b"defg".to_vec()), 2, false); // full: dropped (5 bytes)
        tee.offer(Line::TooLong(99), 3, false); // still full: dropped (100 bytes)
        assert!(
            matches!(rx.try_recv(), Ok(Event::Line(_, Line::Bytes(b), 1, false)) if b == b"abc")
        );
        tee.offer(Line::Bytes(b"ij".to_vec()), 4, false); // the notice goes, the line not
        assert!(matches!(
            rx.try_recv(),
            Ok(Event::Skipped(Direction::ToHost, 105, 4))
        ));
        assert_eq!(tee.queued.load(Ordering::Acquire), 3, "only abc is queued");
        let ending = std::thread::spawn(move || tee.end(5));
        assert!(matches!(
            rx.recv(),
            Ok(Event::Skipped(Direction::ToHost, 3, 5))
        ));
        ending.join().unwrap();
    }

    #[test]
    fn the_byte_budget_bounds_what_is_queued() {
        let (mut tee, rx) = tee(CHANNEL);
        tee.offer(Line::Bytes(vec![b'x'; BUDGET - 10]), 1, false);
        tee.offer(Line::Bytes(vec![b'y'; 11]), 2, false); // over budget: dropped
        tee.offer(Line::TooLong(1 << 30), 3, false); // costs nothing: queued after the notice
        assert!(matches!(
            rx.try_recv(),
            Ok(Event::Line(_, Line::Bytes(_), 1, _))
        ));
        assert!(matches!(rx.try_recv(), Ok(Event::Skipped(_, 12, 3))));
        assert!(matches!(
            rx.try_recv(),
            Ok(Event::Line(_, Line::TooLong(_), 3, _))
        ));
    }
}
