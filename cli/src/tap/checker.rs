//! The checker thread: core's `Watch` observes each line the relays framed, and the
//! observations go to the reporter and the log.

use crate::tap::clock::{wait, Clock, Next};
use crate::tap::log::LogWriter;
use crate::tap::relay::{Event, Line, Queued};
use crate::tap::report::{Reporter, Summary};
use mcpwire::state::Millis;
use mcpwire::watch::{Direction, Finding, Watch, WatchLimits};
use std::sync::atomic::Ordering;
use std::sync::mpsc::Receiver;

pub struct Checker {
    watch: Watch,
    reporter: Box<dyn Reporter>,
    log: Option<LogWriter>,
    summary: Summary,
    clock: Clock,
    queued: Queued,
}

impl Checker {
    pub fn new(
        limits: WatchLimits,
        reporter: Box<dyn Reporter>,
        log: Option<LogWriter>,
        clock: Clock,
        queued: Queued,
    ) -> Self {
        Checker {
            watch: Watch::new(limits),
            reporter,
            log,
            summary: Summary::default(),
            clock,
            queued,
        }
    }

    /// Checks until told to stop (or every sender is gone); returns the summary and the
    /// reporter for the last words.
    pub fn run(mut self, rx: Receiver<Event>) -> (Summary, Box<dyn Reporter>) {
        loop {
            let event = match wait(&mut self.watch, &self.clock, &rx) {
                Next::Event(e) => e,
                Next::Late(late) => {
                    self.findings(&late);
                    continue;
                }
                Next::Done => break,
            };
            match event {
                Event::Line(dir, line, at, partial) => self.line(dir, line, at, partial),
                Event::Skipped(dir, n, at) => {
                    let f = self.watch.skipped(dir, n, at);
                    self.findings(&[f]);
                }
                Event::Stop => break,
            }
        }
        let end = self.watch.finish(self.clock.now());
        self.findings(&end);
        (self.summary, self.reporter)
    }

    fn line(&mut self, dir: Direction, line: Line, at: Millis, partial: bool) {
        let (obs, size) = match &line {
            Line::Bytes(b) if partial => (self.watch.observe_partial(dir, b, at), b.len()),
            Line::Bytes(b) => (self.watch.observe(dir, b, at), b.len()),
            Line::TooLong(len) => (self.watch.observe_too_long(dir, *len, at), *len),
        };
        if let Some(log) = &mut self.log {
            let bytes = match &line {
                Line::Bytes(b) => Ok(b.as_slice()),
                Line::TooLong(len) => Err(*len),
            };
            log.line(dir, obs.line, bytes, partial, at);
        }
        self.summary.count(&obs);
        self.reporter.message(&obs, size, at);
        if let Line::Bytes(b) = &line {
            self.queued.fetch_sub(b.len(), Ordering::AcqRel);
        }
    }

    fn findings(&mut self, findings: &[Finding]) {
        if !findings.is_empty() {
            self.summary.count_findings(findings);
            self.reporter.findings(findings);
        }
    }
}
