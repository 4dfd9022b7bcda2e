//! What each tool does: read its arguments (typed, see [`crate::args`]), act on the
//! [`Sensor`], and say how the call ends. Answers are built in fixed buffers: the text the
//! model reads and the `structuredContent` (written with the core's JSON writer), matching
//! each tool's `outputSchema`.

use crate::args::{ArgError, Args};
use crate::catalog::{REFERENCE, SAMPLES};
use crate::sensor::{Centi, Channel, Mode, Sensor, SensorError};
use core::fmt::{self, Write};
use mcpwire::json::writer::{write_i64, write_number_text, write_plain_str, ObjectWriter};
use mcpwire::json::writer::{Sink, SliceSink};

/// Room for an answer's text, and for its `structuredContent`.
pub const ANSWER_BYTES: usize = 192;

/// How a call ends (or, for `calibrate`, goes on).
// No allocator to box the answer into: an `Outcome` lives on the stack for one call.
#[allow(clippy::large_enum_variant)]
#[derive(Debug)]
pub enum Outcome<'a> {
    /// Done: the answer to send.
    Done(Answer),
    /// The arguments do not fit the schema: a tool error the model can fix.
    BadArguments(ArgError<'a>),
    /// The tool could not run: a tool error.
    Failed(Failure),
    /// A calibration starts; its answer comes when the samples are in.
    Calibrating {
        /// How many samples to average.
        samples: u32,
        /// What the temperature should read.
        reference: Centi,
    },
}

/// Why a tool could not run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Failure {
    /// The sensor refused.
    Sensor(SensorError),
    /// A calibration is running: the sensor is busy until it ends or is cancelled.
    Calibrating,
    /// The answer did not fit its buffer (a bug of this example, never the caller's).
    AnswerTooLong,
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Failure::Sensor(e) => fmt::Display::fmt(e, f),
            Failure::Calibrating => f.write_str(
                "a calibration is running: wait for its result or cancel it, then try again",
            ),
            Failure::AnswerTooLong => f.write_str("the answer does not fit the device's buffer"),
        }
    }
}

/// A value of `structuredContent`.
#[derive(Clone, Copy, Debug)]
pub enum Member<'s> {
    /// A string.
    Str(&'s str),
    /// A number in hundredths.
    Centi(Centi),
    /// An integer.
    Int(i64),
}

/// A finished call's answer: text content and `structuredContent` (a JSON object).
#[derive(Debug)]
pub struct Answer {
    text: heapless::String<ANSWER_BYTES>,
    structured: [u8; ANSWER_BYTES],
    structured_len: usize,
}

impl Answer {
    /// An answer with text `text` and an object of `members`; `None` if either does not fit.
    pub fn new(text: fmt::Arguments<'_>, members: &[(&str, Member<'_>)]) -> Option<Answer> {
        let mut answer = Answer {
            text: heapless::String::new(),
            structured: [0; ANSWER_BYTES],
            structured_len: 0,
        };
        answer.text.write_fmt(text).ok()?;
        let mut sink = SliceSink::new(&mut answer.structured);
        let mut o = ObjectWriter::open(&mut sink);
        for (name, value) in members {
            o.key(&mut sink, name);
            write_member(&mut sink, value);
        }
        o.close(&mut sink);
        answer.structured_len = sink.finish().ok()?;
        Some(answer)
    }

    /// The text for the model.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The `structuredContent` JSON text.
    pub fn structured(&self) -> &str {
        let bytes = self
            .structured
            .get(..self.structured_len)
            .unwrap_or_default();
        core::str::from_utf8(bytes).unwrap_or("{}")
    }
}

fn write_member<S: Sink + ?Sized>(sink: &mut S, value: &Member<'_>) {
    match *value {
        Member::Str(s) => write_plain_str(sink, s),
        Member::Int(i) => write_i64(sink, i),
        Member::Centi(c) => {
            let mut text = heapless::String::<16>::new();
            // An i32 in hundredths prints in at most 13 bytes.
            let _ = write!(text, "{c}");
            write_number_text(sink, &text);
        }
    }
}

fn done<'a>(answer: Option<Answer>) -> Outcome<'a> {
    answer.map_or(Outcome::Failed(Failure::AnswerTooLong), Outcome::Done)
}

/// `read_sensor {channel}`.
pub fn read_sensor<'a>(sensor: &Sensor, args: Args<'a>, now: u64) -> Outcome<'a> {
    let channel = match args.choice("channel", Channel::NAMES) {
        Ok(Some(name)) => Channel::from_name(name),
        Ok(None) => return Outcome::BadArguments(ArgError::Missing("channel")),
        Err(e) => return Outcome::BadArguments(e),
    };
    let Some(channel) = channel else {
        return Outcome::BadArguments(ArgError::Missing("channel"));
    };
    let value = match sensor.read(channel, now) {
        Ok(v) => v,
        Err(e) => return Outcome::Failed(Failure::Sensor(e)),
    };
    let (name, unit, mode) = (channel.name(), channel.unit(), sensor.mode().name());
    done(Answer::new(
        format_args!("{name}: {value} {unit} ({mode} mode)"),
        &[
            ("channel", Member::Str(name)),
            ("value", Member::Centi(value)),
            ("unit", Member::Str(unit)),
            ("mode", Member::Str(mode)),
        ],
    ))
}

/// `set_mode {mode}`: refused while a calibration runs.
pub fn set_mode<'a>(sensor: &mut Sensor, args: Args<'a>, calibrating: bool) -> Outcome<'a> {
    let mode = match args.choice("mode", Mode::NAMES) {
        Ok(Some(name)) => Mode::from_name(name),
        Ok(None) => return Outcome::BadArguments(ArgError::Missing("mode")),
        Err(e) => return Outcome::BadArguments(e),
    };
    let Some(mode) = mode else {
        return Outcome::BadArguments(ArgError::Missing("mode"));
    };
    if calibrating {
        return Outcome::Failed(Failure::Calibrating);
    }
    let (new, old) = (mode.name(), sensor.set_mode(mode).name());
    done(Answer::new(
        format_args!("mode: {new} (was {old}); sample filter cleared"),
        &[("mode", Member::Str(new)), ("previous", Member::Str(old))],
    ))
}

/// `calibrate {reference, samples?}`: checks and starts; refused while asleep or while
/// another calibration runs.
pub fn calibrate<'a>(sensor: &Sensor, args: Args<'a>, calibrating: bool) -> Outcome<'a> {
    let reference = match args.centi("reference", REFERENCE.0, REFERENCE.1) {
        Ok(Some(r)) => Centi(r),
        Ok(None) => return Outcome::BadArguments(ArgError::Missing("reference")),
        Err(e) => return Outcome::BadArguments(e),
    };
    let samples = match args.integer("samples", SAMPLES.0, SAMPLES.1) {
        Ok(n) => n.unwrap_or(SAMPLES.2),
        Err(e) => return Outcome::BadArguments(e),
    };
    if calibrating {
        return Outcome::Failed(Failure::Calibrating);
    }
    if sensor.mode() == Mode::Sleep {
        return Outcome::Failed(Failure::Sensor(SensorError::Asleep));
    }
    Outcome::Calibrating {
        // In 1..=50 (checked above).
        samples: u32::try_from(samples).unwrap_or(1),
        reference,
    }
}

/// The end of a calibration: `sum` of `samples` raw readings sets the offset.
pub fn finish_calibration<'a>(
    sensor: &mut Sensor,
    reference: Centi,
    samples: u32,
    sum: i64,
) -> Outcome<'a> {
    let n = i64::from(samples.max(1));
    let mean = Centi(i32::try_from((sum + n / 2).div_euclid(n)).unwrap_or(i32::MAX));
    sensor.calibrate(reference, mean);
    let offset = sensor.temperature_offset();
    done(Answer::new(
        format_args!(
            "calibrated over {samples} samples: offset {offset} °C (raw mean {mean}, reference {reference})"
        ),
        &[
            ("offset", Member::Centi(offset)),
            ("samples", Member::Int(i64::from(samples))),
        ],
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use mcpwire::json::RawJson;

    fn args(text: &'static str, known: &[&str]) -> Args<'static> {
        Args::new(Some(RawJson::parse(text).unwrap()), known).unwrap()
    }

    #[test]
    fn read_sensor_answers_text_and_structured_content() {
        let s = Sensor::new();
        let Outcome::Done(a) = read_sensor(&s, args(r#"{"channel":"pressure"}"#, &["channel"]), 0)
        else {
            panic!("not done")
        };
        assert_eq!(a.text(), "pressure: 1013.15 hPa (continuous mode)");
        assert_eq!(
            a.structured(),
            r#"{"channel":"pressure","value":1013.15,"unit":"hPa","mode":"continuous"}"#
        );
    }

    #[test]
    fn calibrate_checks_then_starts_and_finishing_sets_the_offset() {
        let mut s = Sensor::new();
        let known = &["reference", "samples"];
        let bad = calibrate(&s, args(r#"{"reference":20,"samples":0}"#, known), false);
        assert!(matches!(
            bad,
            Outcome::BadArguments(ArgError::NotIntegerIn("samples", 1, 50))
        ));
        let busy = calibrate(&s, args(r#"{"reference":20}"#, known), true);
        assert!(matches!(busy, Outcome::Failed(Failure::Calibrating)));
        let go = calibrate(&s, args(r#"{"reference":20.5}"#, known), false);
        assert!(matches!(
            go,
            Outcome::Calibrating {
                samples: 10,
                reference: Centi(2050)
            }
        ));
        let Outcome::Done(a) = finish_calibration(&mut s, Centi(2050), 4, 4 * 2150) else {
            panic!("not done")
        };
        assert_eq!(a.structured(), r#"{"offset":-1.0,"samples":4}"#);
        assert_eq!(s.temperature_offset(), Centi(-100));
    }
}
