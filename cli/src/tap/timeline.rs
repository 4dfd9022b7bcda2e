//! The human report: one line per message (time, direction, number, kind, type or method,
//! id, size, latency for responses), each finding under the message that broke it, a bar for
//! progress, and a summary at exit. Coloured when it goes to a terminal.

use crate::tap::clock::Clock;
use crate::tap::report::{Reporter, Summary};
use mcpwire::state::Millis;
use mcpwire::watch::{id_text, Direction, Finding, Observation, Progress};
use std::io::Write;

const RED: &str = "\x1b[31m";
const GREEN: &str = "\x1b[32m";
const CYAN: &str = "\x1b[36m";
const DIM: &str = "\x1b[2m";
const BOLD: &str = "\x1b[1m";
const RESET: &str = "\x1b[0m";

pub struct Timeline {
    out: Box<dyn Write + Send>,
    color: bool,
    quiet: bool,
    clock: Clock,
}

/// `312 B`, `4.0 KiB`, `20.0 MiB`.
pub fn size_text(n: usize) -> String {
    match n {
        0..1024 => format!("{n} B"),
        1024..1_048_576 => format!("{:.1} KiB", n as f64 / 1024.0),
        _ => format!("{:.1} MiB", n as f64 / 1_048_576.0),
    }
}

/// `[##########..........]  50% 1/2 message`
pub fn progress_bar(p: &Progress) -> String {
    const WIDTH: usize = 20;
    let mut s = String::from("[");
    match p.total.filter(|t| *t > 0.0) {
        Some(total) => {
            let frac = (p.progress / total).clamp(0.0, 1.0);
            let filled = (frac * WIDTH as f64).round() as usize;
            s.push_str(&"#".repeat(filled));
            s.push_str(&".".repeat(WIDTH - filled));
            s.push_str(&format!(
                "] {:>3.0}% {}/{}",
                frac * 100.0,
                p.progress,
                total
            ));
        }
        None => {
            s.push_str(&"?".repeat(WIDTH));
            s.push_str(&format!("] {} (no total)", p.progress));
        }
    }
    if let Some(m) = &p.message {
        s.push(' ');
        s.push_str(m);
    }
    s
}

impl Timeline {
    pub fn new(out: Box<dyn Write + Send>, color: bool, quiet: bool, clock: Clock) -> Self {
        Timeline {
            out,
            color,
            quiet,
            clock,
        }
    }

    fn paint(&self, code: &'static str, text: &str) -> String {
        if self.color {
            format!("{code}{text}{RESET}")
        } else {
            text.to_string()
        }
    }

    fn finding_lines(&self, f: &Finding) -> String {
        let mut lines = f.message.lines();
        let first = lines.next().unwrap_or_default();
        let mut s = format!(
            "    {} {}: {first}\n",
            self.paint(RED, "✗"),
            self.paint(RED, f.rule.name())
        );
        for l in lines {
            s.push_str(&format!("        {l}\n"));
        }
        s
    }
}

fn arrow(dir: Direction) -> &'static str {
    match dir {
        Direction::ToServer => "→ server",
        Direction::ToHost => "← host  ",
    }
}

impl Reporter for Timeline {
    fn message(&mut self, obs: &Observation<'_>, size: usize, at: Millis) {
        if self.quiet && obs.findings.is_empty() {
            return;
        }
        let (kind, what, id) = match &obs.report.outcome {
            Ok(f) => {
                let what = match (f.method, &obs.answers) {
                    (Some(m), _) => m.to_string(),
                    (None, Some(answers)) => format!("{} ({answers})", f.message_type.name()),
                    (None, None) => f.message_type.name().to_string(),
                };
                let id =
                    f.id.as_ref()
                        .map(|id| format!("id={}", id_text(&id.into())));
                (f.kind.name(), what, id.unwrap_or_default())
            }
            Err(e) => ("invalid", e.kind.name().to_string(), String::new()),
        };
        let class = obs
            .report
            .outcome
            .as_ref()
            .ok()
            .and_then(|f| f.class)
            .filter(|c| c.name() != "success")
            .map(|c| match c.code() {
                Some(code) => format!(" {} {code}", c.name()),
                None => format!(" {}", c.name()),
            })
            .unwrap_or_default();
        let latency = obs
            .latency
            .map(|ms| format!(" {ms} ms"))
            .unwrap_or_default();
        let colour = match obs.direction {
            Direction::ToServer => CYAN,
            Direction::ToHost => GREEN,
        };
        let mut text = format!(
            "{} {} #{:<4} {:<12} {:<40} {:<10} {:>9}{}{}\n",
            self.paint(DIM, &self.clock.time_of_day(at)),
            self.paint(colour, arrow(obs.direction)),
            obs.line,
            kind,
            what,
            id,
            size_text(size),
            self.paint(BOLD, &latency),
            class,
        );
        if let Some(p) = &obs.progress {
            text.push_str(&format!(
                "    {} {}\n",
                self.paint(CYAN, &format!("call {}", id_text(&p.request))),
                progress_bar(p)
            ));
        }
        for f in &obs.findings {
            text.push_str(&self.finding_lines(f));
        }
        let _ = self.out.write_all(text.as_bytes());
        let _ = self.out.flush();
    }

    fn findings(&mut self, findings: &[Finding]) {
        let mut text = String::new();
        for f in findings {
            let what = match (&f.method, &f.id) {
                (Some(m), Some(id)) => format!("{m} id={}", id_text(id)),
                _ => String::new(),
            };
            text.push_str(&format!(
                "{} {} #{:<4} {}\n",
                self.paint(DIM, &self.clock.time_of_day(f.time)),
                self.paint(RED, arrow(f.direction)),
                f.line,
                what
            ));
            text.push_str(&self.finding_lines(f));
        }
        let _ = self.out.write_all(text.as_bytes());
        let _ = self.out.flush();
    }

    fn summary(&mut self, s: &Summary, exit: &str) {
        let mut text = format!(
            "{} {} messages to the server, {} to the host; {} finding(s)",
            self.paint(BOLD, "mcpwire tap:"),
            s.messages[0],
            s.messages[1],
            s.total_findings()
        );
        if !s.findings.is_empty() {
            let by_rule: Vec<String> = s.findings.iter().map(|(r, n)| format!("{r} {n}")).collect();
            text.push_str(&format!(" ({})", by_rule.join(", ")));
        }
        text.push('\n');
        if !s.slowest.is_empty() {
            let slow: Vec<String> = s
                .slowest
                .iter()
                .map(|c| format!("{} id={} {} ms", c.method, c.id, c.millis))
                .collect();
            text.push_str(&format!("  slowest: {}\n", slow.join(", ")));
        }
        text.push_str(&format!("  server {exit}\n"));
        let _ = self.out.write_all(text.as_bytes());
        let _ = self.out.flush();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use mcpwire::report::OwnedId;

    #[test]
    fn sizes_and_bars() {
        assert_eq!(size_text(312), "312 B");
        assert_eq!(size_text(4096), "4.0 KiB");
        assert_eq!(size_text(20 << 20), "20.0 MiB");
        let p = Progress {
            request: OwnedId::Int(1),
            progress: 1.0,
            total: Some(4.0),
            message: Some("step".into()),
        };
        assert_eq!(progress_bar(&p), "[#####...............]  25% 1/4 step");
        let p = Progress {
            total: None,
            message: None,
            ..p
        };
        assert_eq!(progress_bar(&p), "[????????????????????] 1 (no total)");
    }
}
