//! The tap's log of an exchange (`mcpwire tap --log FILE`), which `mcpwire check` reads back:
//! one JSON object per line,
//! `{"time":…,"ms":…,"direction":"to_server"|"to_host","line":N,"text":…}` (`time` as the
//! tap wrote it, `ms` the milliseconds since the tap started), where `text` is the
//! message exactly as it crossed the wire (without its newline). A line that is not UTF-8 has
//! `hex` (its bytes in lowercase hex) instead of `text`; a line over the limit has
//! `too_long` (its length) and no bytes; bytes left without a newline at the end have
//! `"partial":true`.

use super::Direction;
use crate::error::{DecodeError, ErrorKind};
use crate::json::writer::{write_plain_str, ObjectWriter, Sink};
use crate::json::Value;
use crate::limits::Limits;
use alloc::string::String;
use alloc::vec::Vec;

/// What a log record holds of its line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LogPayload {
    /// The line's bytes.
    Bytes(Vec<u8>),
    /// A line over the limit, of this length (not kept).
    TooLong(usize),
}

/// One line of the log.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LogRecord {
    /// When the line was seen, as the tap wrote it.
    pub time: String,
    /// When the line was seen, in milliseconds since the tap started.
    pub ms: u64,
    /// Its direction.
    pub direction: Direction,
    /// Its number in its direction.
    pub line: u64,
    /// Its bytes.
    pub payload: LogPayload,
    /// The stream ended before its newline.
    pub partial: bool,
}

const HEX: &[u8; 16] = b"0123456789abcdef";

/// Writes one record (without a newline). `bytes` is `Err(len)` for a line over the limit.
pub fn write_log_record<S: Sink + ?Sized>(
    sink: &mut S,
    time: &str,
    ms: u64,
    direction: Direction,
    line: u64,
    bytes: Result<&[u8], usize>,
    partial: bool,
) {
    let mut o = ObjectWriter::open(sink);
    o.key(sink, "time");
    write_plain_str(sink, time);
    o.key(sink, "ms");
    sink.put(itoa::Buffer::new().format(ms).as_bytes());
    o.key(sink, "direction");
    write_plain_str(sink, direction.name());
    o.key(sink, "line");
    sink.put(itoa::Buffer::new().format(line).as_bytes());
    match bytes {
        Ok(b) => match core::str::from_utf8(b) {
            Ok(text) => {
                o.key(sink, "text");
                write_plain_str(sink, text);
            }
            Err(_) => {
                o.key(sink, "hex");
                sink.put(b"\"");
                for &x in b {
                    sink.put(&[HEX[usize::from(x >> 4)], HEX[usize::from(x & 15)]]);
                }
                sink.put(b"\"");
            }
        },
        Err(len) => {
            o.key(sink, "too_long");
            sink.put(itoa::Buffer::new().format(len).as_bytes());
        }
    }
    if partial {
        o.key(sink, "partial");
        sink.put(b"true");
    }
    o.close(sink);
}

fn bad(detail: &'static str) -> DecodeError {
    DecodeError::new(ErrorKind::InvalidValue, 0, detail)
}

fn unhex(s: &str) -> Option<Vec<u8>> {
    let digit = |c: u8| HEX.iter().position(|&h| h == c).map(|d| d as u8);
    let b = s.as_bytes();
    if !b.len().is_multiple_of(2) {
        return None;
    }
    b.chunks(2)
        .map(|p| Some(digit(p[0])? << 4 | digit(p[1])?))
        .collect()
}

impl LogRecord {
    /// True when `line` looks like a log record (an object with `direction` and `line` and no
    /// `jsonrpc`), without checking it fully.
    pub fn is_record(line: &[u8], limits: Limits) -> bool {
        match Value::parse(line, limits) {
            Ok(v) => {
                v.get("direction").is_some()
                    && v.get("line").is_some()
                    && v.get("jsonrpc").is_none()
            }
            Err(_) => false,
        }
    }

    /// Reads one record (the core's JSON reader, its limits).
    pub fn parse(line: &[u8], limits: Limits) -> Result<LogRecord, DecodeError> {
        let v = Value::parse(line, limits)?;
        let time = match v.get("time") {
            Some(Value::String(s)) => s.clone(),
            _ => return Err(bad("log record: time must be a string")),
        };
        let ms = match v.get("ms") {
            Some(Value::Number(n)) => n.parse().ok(),
            _ => None,
        }
        .ok_or(bad("log record: ms must be a whole number"))?;
        let direction = match v.get("direction") {
            Some(Value::String(s)) => Direction::from_name(s),
            _ => None,
        }
        .ok_or(bad("log record: direction must be to_server or to_host"))?;
        let line = match v.get("line") {
            Some(Value::Number(n)) => n.parse().ok(),
            _ => None,
        }
        .ok_or(bad("log record: line must be a positive integer"))?;
        let payload = match (v.get("text"), v.get("hex"), v.get("too_long")) {
            (Some(Value::String(s)), None, None) => LogPayload::Bytes(s.clone().into_bytes()),
            (None, Some(Value::String(h)), None) => {
                LogPayload::Bytes(unhex(h).ok_or(bad("log record: hex is not hex"))?)
            }
            (None, None, Some(Value::Number(n))) => LogPayload::TooLong(
                n.parse()
                    .map_err(|_| bad("log record: too_long must be a length"))?,
            ),
            _ => return Err(bad("log record: needs one of text, hex, too_long")),
        };
        let partial = matches!(v.get("partial"), Some(Value::Bool(true)));
        Ok(LogRecord {
            time,
            ms,
            direction,
            line,
            payload,
            partial,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec;

    fn round_trip(bytes: Result<&[u8], usize>, partial: bool) -> LogRecord {
        let mut out = Vec::new();
        write_log_record(
            &mut out,
            "2026-01-02T03:04:05.678Z",
            1234,
            Direction::ToHost,
            7,
            bytes,
            partial,
        );
        LogRecord::parse(&out, Limits::DEFAULT).unwrap()
    }

    #[test]
    fn records_read_back_byte_for_byte() {
        let line = b"{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"a\":\"\\u00e9\\n\"}} \t";
        let r = round_trip(Ok(line), false);
        assert_eq!(r.payload, LogPayload::Bytes(line.to_vec()));
        assert_eq!(
            (r.direction, r.line, r.partial),
            (Direction::ToHost, 7, false)
        );
        assert_eq!((r.time.as_str(), r.ms), ("2026-01-02T03:04:05.678Z", 1234));
        let raw = [0xff, 0x00, b'x', 0x80];
        assert_eq!(
            round_trip(Ok(&raw), true).payload,
            LogPayload::Bytes(raw.to_vec())
        );
        assert!(round_trip(Ok(&raw), true).partial);
        assert_eq!(
            round_trip(Err(20 << 20), false).payload,
            LogPayload::TooLong(20 << 20)
        );
    }

    #[test]
    fn messages_are_not_records_and_bad_records_are_refused() {
        let msg = b"{\"jsonrpc\":\"2.0\",\"method\":\"x\",\"params\":{\"direction\":1,\"line\":2}}";
        assert!(!LogRecord::is_record(msg, Limits::DEFAULT));
        assert!(LogRecord::parse(
            b"{\"time\":\"t\",\"ms\":1,\"direction\":\"up\",\"line\":1,\"text\":\"\"}",
            Limits::DEFAULT
        )
        .is_err());
        assert!(LogRecord::parse(
            b"{\"time\":\"t\",\"ms\":1,\"direction\":\"to_host\",\"line\":1,\"hex\":\"0g\"}",
            Limits::DEFAULT
        )
        .is_err());
        let good = b"{\"time\":\"t\",\"ms\":1,\"direction\":\"to_host\",\"line\":1,\"hex\":\"0f\"}";
        assert_eq!(
            LogRecord::parse(good, Limits::DEFAULT).unwrap().payload,
            LogPayload::Bytes(vec![15])
        );
    }
}
