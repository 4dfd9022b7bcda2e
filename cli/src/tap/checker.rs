//! The checker thread: frames each direction's bytes into lines (core's `LineFramer`), has
//! core's `Watch` observe each line, and hands the observations to the reporter and the log.

use crate::tap::log::LogWriter;
use crate::tap::relay::Event;
use crate::tap::report::{Reporter, Summary};
use mcpwire::state::Millis;
use mcpwire::transport::stdio::{Frame, LineFramer};
use mcpwire::watch::{Direction, Finding, Watch, WatchLimits};
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::time::Duration;

use super::clock::Clock;

/// Everything but the framers (so a line borrowed from a framer can be observed).
struct Sinks {
    watch: Watch,
    reporter: Box<dyn Reporter>,
    log: Option<LogWriter>,
    summary: Summary,
}

pub struct Checker {
    framers: [LineFramer<Vec<u8>>; 2],
    /// After skipped bytes, the rest of the line they cut is dropped.
    resync: [bool; 2],
    sinks: Sinks,
    clock: Clock,
}

fn index(dir: Direction) -> usize {
    usize::from(dir == Direction::ToHost)
}

impl Sinks {
    fn line(&mut self, dir: Direction, line: Result<&[u8], usize>, partial: bool, at: Millis) {
        let obs = match line {
            Ok(bytes) if partial => self.watch.observe_partial(dir, bytes, at),
            Ok(bytes) => self.watch.observe(dir, bytes, at),
            Err(len) => self.watch.observe_too_long(dir, len, at),
        };
        let size = match line {
            Ok(b) => b.len(),
            Err(len) => len,
        };
        if let Some(log) = &mut self.log {
            log.line(dir, obs.line, line, partial, at);
        }
        self.summary.count(&obs);
        self.reporter.message(&obs, size, at);
    }

    fn findings(&mut self, findings: &[Finding]) {
        if !findings.is_empty() {
            self.summary.count_findings(findings);
            self.reporter.findings(findings);
        }
    }
}

impl Checker {
    pub fn new(
        limits: WatchLimits,
        reporter: Box<dyn Reporter>,
        log: Option<LogWriter>,
        clock: Clock,
    ) -> Self {
        let max = limits.decode.max_input_bytes;
        Checker {
            framers: [LineFramer::with_limit(max), LineFramer::with_limit(max)],
            resync: [false; 2],
            sinks: Sinks {
                watch: Watch::new(limits),
                reporter,
                log,
                summary: Summary::default(),
            },
            clock,
        }
    }

    /// Checks until told to stop (or every sender is gone); returns the summary and the
    /// reporter for the last words.
    pub fn run(mut self, rx: Receiver<Event>) -> (Summary, Box<dyn Reporter>) {
        loop {
            let event = match self.sinks.watch.poll_timeout() {
                Some(deadline) => {
                    let now = self.clock.now();
                    if deadline <= now {
                        let late = self.sinks.watch.handle_timeout(now);
                        self.sinks.findings(&late);
                        continue;
                    }
                    match rx.recv_timeout(Duration::from_millis(deadline - now)) {
                        Ok(e) => e,
                        Err(RecvTimeoutError::Timeout) => continue,
                        Err(RecvTimeoutError::Disconnected) => break,
                    }
                }
                None => match rx.recv() {
                    Ok(e) => e,
                    Err(_) => break,
                },
            };
            match event {
                Event::Bytes(dir, bytes, at) => self.feed(dir, &bytes, at),
                Event::Skipped(dir, n, at) => self.skipped(dir, n, at),
                Event::End(dir, at) => self.end(dir, at),
                Event::Stop => break,
            }
        }
        let end = self.sinks.watch.finish(self.clock.now());
        self.sinks.findings(&end);
        (self.sinks.summary, self.sinks.reporter)
    }

    fn feed(&mut self, dir: Direction, mut chunk: &[u8], at: Millis) {
        let i = index(dir);
        if self.resync[i] {
            match chunk.iter().position(|&b| b == b'\n') {
                Some(lf) => {
                    chunk = &chunk[lf + 1..];
                    self.resync[i] = false;
                }
                None => return,
            }
        }
        while !chunk.is_empty() {
            let (taken, frame) = self.framers[i].feed(chunk);
            chunk = &chunk[taken..];
            match frame {
                Some(Frame::Line(line)) => self.sinks.line(dir, Ok(line), false, at),
                Some(Frame::TooLong { len }) => self.sinks.line(dir, Err(len), false, at),
                None => {}
            }
        }
    }

    fn skipped(&mut self, dir: Direction, n: u64, at: Millis) {
        let i = index(dir);
        // The line in progress lost its middle: drop what was framed of it, and its rest.
        let _ = self.framers[i].finish();
        self.resync[i] = true;
        let f = self.sinks.watch.skipped(dir, n, at);
        self.sinks.findings(&[f]);
    }

    fn end(&mut self, dir: Direction, at: Millis) {
        let i = index(dir);
        match self.framers[i].finish() {
            Some(Frame::Line(rest)) if !self.resync[i] => self.sinks.line(dir, Ok(rest), true, at),
            Some(Frame::TooLong { len }) if !self.resync[i] => {
                self.sinks.line(dir, Err(len), true, at)
            }
            _ => {}
        }
    }
}
