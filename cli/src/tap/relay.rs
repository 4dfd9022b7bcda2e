//! The relay: one thread per direction copies bytes from one side to the other as they come,
//! byte for byte, flushing after each read, and hands a copy of each chunk to the checker
//! through a bounded channel. The relay never waits for the checker: when the channel is
//! full the copy is dropped and counted, and the checker is told how many bytes it skipped.

use crate::tap::clock::Clock;
use mcpwire::state::Millis;
use mcpwire::watch::Direction;
use std::io::{ErrorKind, Read, Write};
use std::sync::mpsc::{SyncSender, TrySendError};
use std::thread::JoinHandle;

/// Chunks in the checker's channel at most (each at most [`CHUNK`] bytes): the memory the
/// checker can fall behind by is bounded.
pub const CHANNEL: usize = 256;
/// Largest read.
pub const CHUNK: usize = 64 * 1024;

/// What the relay tells the checker.
pub enum Event {
    /// Bytes that went `Direction` at `Millis`.
    Bytes(Direction, Vec<u8>, Millis),
    /// The checker fell behind: this many bytes went that way unchecked.
    Skipped(Direction, u64, Millis),
    /// The stream in that direction ended.
    End(Direction, Millis),
    /// The server exited: the checker must end.
    Stop,
}

struct Tee {
    dir: Direction,
    tx: SyncSender<Event>,
    skipped: u64,
}

impl Tee {
    /// Offers a copy to the checker without waiting.
    fn offer(&mut self, bytes: &[u8], at: Millis) {
        if self.skipped > 0 {
            match self.tx.try_send(Event::Skipped(self.dir, self.skipped, at)) {
                Ok(()) => self.skipped = 0,
                Err(_) => {
                    self.skipped += bytes.len() as u64;
                    return;
                }
            }
        }
        if let Err(TrySendError::Full(_)) =
            self.tx.try_send(Event::Bytes(self.dir, bytes.to_vec(), at))
        {
            self.skipped += bytes.len() as u64;
        }
    }

    /// End of stream: waits (the relay is done) so the checker hears of it.
    fn end(&mut self, at: Millis) {
        if self.skipped > 0 {
            let _ = self.tx.send(Event::Skipped(self.dir, self.skipped, at));
        }
        let _ = self.tx.send(Event::End(self.dir, at));
    }
}

/// Starts copying `from` to `to`. When `to` fails (the reader went away), bytes are still
/// read and checked so the writer never blocks. `on_end` runs when `from` ends (the stdin
/// relay closes the server's stdin there).
pub fn spawn(
    dir: Direction,
    mut from: impl Read + Send + 'static,
    to: impl Write + Send + 'static,
    tx: SyncSender<Event>,
    clock: Clock,
) -> JoinHandle<()> {
    std::thread::spawn(move || {
        let mut tee = Tee {
            dir,
            tx,
            skipped: 0,
        };
        let mut to = Some(to);
        let mut buf = vec![0u8; CHUNK];
        loop {
            let n = match from.read(&mut buf) {
                Ok(0) => break,
                Ok(n) => n,
                Err(e) if e.kind() == ErrorKind::Interrupted => continue,
                Err(_) => break,
            };
            // The copy goes to the checker before the bytes go on: a request is queued before
            // the server can read it, so before any answer to it (the two relays race).
            tee.offer(&buf[..n], clock.now());
            if let Some(w) = to.as_mut() {
                if w.write_all(&buf[..n]).and_then(|()| w.flush()).is_err() {
                    to = None;
                }
            }
        }
        drop(to);
        tee.end(clock.now());
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::mpsc::sync_channel;

    #[test]
    fn a_full_channel_drops_copies_and_counts_them() {
        let (tx, rx) = sync_channel(1);
        let mut tee = Tee {
            dir: Direction::ToHost,
            tx,
            skipped: 0,
        };
        tee.offer(b"abc", 1);
        tee.offer(b"defg", 2); // full: dropped
        tee.offer(b"h", 3); // still full: the Skipped notice cannot go either
        assert!(matches!(rx.try_recv(), Ok(Event::Bytes(_, b, 1)) if b == b"abc"));
        tee.offer(b"ij", 4); // the notice goes, the bytes do not fit after it
        assert!(matches!(
            rx.try_recv(),
            Ok(Event::Skipped(Direction::ToHost, 5, 4))
        ));
        let ending = std::thread::spawn(move || tee.end(5));
        assert!(matches!(
            rx.recv(),
            Ok(Event::Skipped(Direction::ToHost, 2, 5))
        ));
        assert!(matches!(rx.recv(), Ok(Event::End(Direction::ToHost, 5))));
        ending.join().unwrap();
    }
}
