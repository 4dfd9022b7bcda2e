//! `--json`: one JSON object per finding (core's `Finding::write_json`), `time` in UTC.

use crate::tap::clock::Clock;
use crate::tap::report::{Reporter, Summary};
use mcpwire::state::Millis;
use mcpwire::watch::{Finding, Observation};
use std::io::Write;

pub struct JsonOut {
    out: Box<dyn Write + Send>,
    clock: Clock,
    buf: Vec<u8>,
}

impl JsonOut {
    pub fn new(out: Box<dyn Write + Send>, clock: Clock) -> Self {
        JsonOut {
            out,
            clock,
            buf: Vec::new(),
        }
    }
}

impl Reporter for JsonOut {
    fn message(&mut self, obs: &Observation<'_>, _size: usize, _at: Millis) {
        self.findings(&obs.findings);
    }

    fn findings(&mut self, findings: &[Finding]) {
        if findings.is_empty() {
            return;
        }
        self.buf.clear();
        for f in findings {
            f.write_json(&mut self.buf, &self.clock.iso(f.time));
            self.buf.push(b'\n');
        }
        let _ = self.out.write_all(&self.buf);
        let _ = self.out.flush();
    }

    fn summary(&mut self, _summary: &Summary, _exit: &str) {}
}
