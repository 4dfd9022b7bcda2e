//! What the checker tells the user, whatever the form: the [`Reporter`] trait and the
//! [`Summary`] kept for the end.

use mcpwire::state::Millis;
use mcpwire::watch::{id_text, Direction, Finding, Observation};
use std::collections::BTreeMap;

/// A form of report: the timeline or JSON lines.
pub trait Reporter: Send {
    /// One message and what it broke; `size` is its length in bytes.
    fn message(&mut self, obs: &Observation<'_>, size: usize, at: Millis);
    /// Findings not tied to a new message (no response in time, unanswered at exit,
    /// checking skipped).
    fn findings(&mut self, findings: &[Finding]);
    /// The end: the summary and how the server ended.
    fn summary(&mut self, summary: &Summary, exit: &str);
}

/// A slow call, for the summary.
#[derive(Clone, Debug)]
pub struct Slow {
    pub millis: Millis,
    pub method: String,
    pub id: String,
}

/// Counts kept for the summary.
#[derive(Debug, Default)]
pub struct Summary {
    /// Messages to the server, to the host.
    pub messages: [u64; 2],
    pub findings: BTreeMap<&'static str, u64>,
    /// The slowest responses, slowest first.
    pub slowest: Vec<Slow>,
}

/// How many slow calls the summary names.
const SLOWEST: usize = 5;

impl Summary {
    pub fn count(&mut self, obs: &Observation<'_>) {
        let i = usize::from(obs.direction == Direction::ToHost);
        self.messages[i] += 1;
        self.count_findings(&obs.findings);
        if let (Some(ms), Ok(f)) = (obs.latency, &obs.report.outcome) {
            let id =
                f.id.as_ref()
                    .map(|id| id_text(&id.into()))
                    .unwrap_or_default();
            let method = obs.answers.clone().unwrap_or_default();
            let at = self.slowest.partition_point(|s| s.millis >= ms);
            if at < SLOWEST {
                self.slowest.insert(
                    at,
                    Slow {
                        millis: ms,
                        method,
                        id,
                    },
                );
                self.slowest.truncate(SLOWEST);
            }
        }
    }

    pub fn count_findings(&mut self, findings: &[Finding]) {
        for f in findings {
            *self.findings.entry(f.rule.name()).or_default() += 1;
        }
    }

    pub fn total_findings(&self) -> u64 {
        self.findings.values().sum()
    }
}
