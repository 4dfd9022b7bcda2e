//! The tap's clock: milliseconds since the tap started (monotonic, for the watch) and the
//! wall-clock time they stand for (for the timeline, the JSON and the log).

use mcpwire::state::Millis;
use std::time::{Instant, SystemTime, UNIX_EPOCH};

/// A shared start instant.
#[derive(Clone, Copy, Debug)]
pub struct Clock {
    start: Instant,
    /// Wall-clock milliseconds since the Unix epoch at `start`.
    wall_ms: u64,
}

impl Clock {
    pub fn start() -> Self {
        let wall_ms = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_millis() as u64);
        Clock {
            start: Instant::now(),
            wall_ms,
        }
    }

    /// Milliseconds since the start.
    pub fn now(&self) -> Millis {
        self.start.elapsed().as_millis() as Millis
    }

    /// `2026-12-06T03:04:05.678Z` for a time on this clock.
    pub fn iso(&self, t: Millis) -> String {
        let (date, time) = civil(self.wall_ms + t);
        format!("{date}T{time}Z")
    }

    /// `03:04:05.678` (UTC) for a time on this clock.
    pub fn time_of_day(&self, t: Millis) -> String {
        civil(self.wall_ms + t).1
    }
}

/// Date and time of day (UTC) of Unix milliseconds (Howard Hinnant's days-to-civil).
fn civil(unix_ms: u64) -> (String, String) {
    let (days, ms) = ((unix_ms / 86_400_000) as i64, unix_ms % 86_400_000);
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    let (h, min, s, milli) = (
        ms / 3_600_000,
        ms / 60_000 % 60,
        ms / 1_000 % 60,
        ms % 1_000,
    );
    (
        format!("{y:04}-{m:02}-{d:02}"),
        format!("{h:02}:{min:02}:{s:02}.{milli:03}"),
    )
}

/// What a checker's loop gets next: an event, the findings of calls whose time ran out
/// meanwhile, or the end (every sender gone).
pub enum Next<E> {
    Event(E),
    Late(Vec<mcpwire::watch::Finding>),
    Done,
}

/// Waits for the next event until the watch's next deadline (as `poll_timeout` says).
pub fn wait<E>(
    watch: &mut mcpwire::watch::Watch,
    clock: &Clock,
    rx: &std::sync::mpsc::Receiver<E>,
) -> Next<E> {
    use std::sync::mpsc::RecvTimeoutError;
    loop {
        let Some(deadline) = watch.poll_timeout() else {
            return rx.recv().map_or(Next::Done, Next::Event);
        };
        let now = clock.now();
        if deadline <= now {
            return Next::Late(watch.handle_timeout(now));
        }
        let wait = std::time::Duration::from_millis(deadline - now);
        match rx.recv_timeout(wait) {
            Ok(e) => return Next::Event(e),
            Err(RecvTimeoutError::Timeout) => continue,
            Err(RecvTimeoutError::Disconnected) => return Next::Done,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::civil;

    #[test]
    fn civil_dates() {
        assert_eq!(civil(0), ("1970-01-01".into(), "00:00:00.000".into()));
        // 2024-02-29T23:59:59.999Z
        assert_eq!(
            civil(1_709_251_199_999),
            ("2024-02-29".into(), "23:59:59.999".into())
        );
        // 2026-12-06T03:04:05.678Z
        assert_eq!(
            civil(1_796_526_245_678),
            ("2026-12-06".into(), "03:04:05.678".into())
        );
    }
}
