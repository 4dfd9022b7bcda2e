//! Typed reads of a `tools/call`'s arguments without the `alloc` schema validator: each tool
//! names the members it takes and reads each one with the type and range its `inputSchema`
//! declares. A failure is an [`ArgError`], sent as a tool error (`isError: true`, kind
//! `invalid_tool_arguments`) whose text says which argument and what was expected, so the
//! model can fix the call (SEP-1303).
//!
//! The core already refused malformed JSON, duplicate keys and non-object `arguments`; absent
//! `arguments` read as `{}`. Unknown members are refused (the schemas say
//! `"additionalProperties": false`).

use core::fmt;
use mcpwire::json::{JsonStr, Kind, RawJson};

/// Why the arguments do not fit the tool.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum ArgError<'a> {
    /// A required argument is absent.
    Missing(&'static str),
    /// A member the tool does not take.
    Unknown(JsonStr<'a>),
    /// Not a string from the allowed set.
    NotOneOf(&'static str, &'static [&'static str]),
    /// Not an integer in the range.
    NotIntegerIn(&'static str, i64, i64),
    /// Not a number in the range (bounds in hundredths).
    NotNumberIn(&'static str, i32, i32),
}

impl fmt::Display for ArgError<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            ArgError::Missing(name) => write!(f, "missing required argument `{name}`"),
            ArgError::Unknown(name) => write!(f, "unknown argument `{name}`"),
            ArgError::NotOneOf(name, allowed) => {
                write!(f, "argument `{name}` must be one of")?;
                for (i, a) in allowed.iter().enumerate() {
                    let sep = if i == 0 { " " } else { ", " };
                    write!(f, "{sep}\"{a}\"")?;
                }
                Ok(())
            }
            ArgError::NotIntegerIn(name, min, max) => {
                write!(
                    f,
                    "argument `{name}` must be an integer from {min} to {max}"
                )
            }
            ArgError::NotNumberIn(name, min, max) => write!(
                f,
                "argument `{name}` must be a number from {} to {}",
                crate::sensor::Centi(min),
                crate::sensor::Centi(max)
            ),
        }
    }
}

/// A tool's arguments, checked to hold only the members the tool takes.
#[derive(Clone, Copy, Debug)]
pub struct Args<'a> {
    raw: Option<RawJson<'a>>,
}

impl<'a> Args<'a> {
    /// The arguments of a call (`None`: absent, read as `{}`); fails on a member not in
    /// `known`.
    pub fn new(raw: Option<RawJson<'a>>, known: &[&str]) -> Result<Self, ArgError<'a>> {
        if let Some(unknown) = raw
            .iter()
            .flat_map(|r| r.members())
            .map(|(k, _)| k)
            .find(|k| !known.iter().any(|n| k.eq_str(n)))
        {
            return Err(ArgError::Unknown(unknown));
        }
        Ok(Args { raw })
    }

    fn get(&self, name: &str) -> Option<RawJson<'a>> {
        self.raw.and_then(|r| r.get(name))
    }

    /// A string argument that must be one of `allowed`; returns the allowed entry.
    pub fn choice(
        &self,
        name: &'static str,
        allowed: &'static [&'static str],
    ) -> Result<Option<&'static str>, ArgError<'a>> {
        let Some(v) = self.get(name) else {
            return Ok(None);
        };
        v.as_json_str()
            .and_then(|s| allowed.iter().copied().find(|a| s.eq_str(a)))
            .map(Some)
            .ok_or(ArgError::NotOneOf(name, allowed))
    }

    /// An integer argument in `min..=max` (JSON Schema's `integer`: `10.0` is one too).
    pub fn integer(
        &self,
        name: &'static str,
        min: i64,
        max: i64,
    ) -> Result<Option<i64>, ArgError<'a>> {
        let Some(v) = self.get(name) else {
            return Ok(None);
        };
        let wrong = ArgError::NotIntegerIn(name, min, max);
        let n = number(&v).ok_or(wrong)?;
        let i = match n.as_i64() {
            Some(i) => i,
            None => {
                let f = n.as_f64().ok_or(wrong)?;
                // In range (checked below) and without a fraction: exact as an i64.
                if !(min as f64..=max as f64).contains(&f) || f != (f as i64) as f64 {
                    return Err(wrong);
                }
                f as i64
            }
        };
        if (min..=max).contains(&i) {
            Ok(Some(i))
        } else {
            Err(wrong)
        }
    }

    /// A number argument in `min..=max` (hundredths), rounded to hundredths.
    pub fn centi(
        &self,
        name: &'static str,
        min: i32,
        max: i32,
    ) -> Result<Option<i32>, ArgError<'a>> {
        let Some(v) = self.get(name) else {
            return Ok(None);
        };
        let wrong = ArgError::NotNumberIn(name, min, max);
        let f = number(&v).and_then(|n| n.as_f64()).ok_or(wrong)? * 100.0;
        if !(f64::from(min)..=f64::from(max)).contains(&f) {
            return Err(wrong);
        }
        let rounded = if f < 0.0 { f - 0.5 } else { f + 0.5 };
        Ok(Some(rounded as i32))
    }
}

fn number<'a>(v: &RawJson<'a>) -> Option<mcpwire::json::JsonNumber<'a>> {
    if v.kind() != Kind::Number {
        return None;
    }
    v.reader().read_number("").ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(text: &str) -> Option<RawJson<'_>> {
        Some(RawJson::parse(text).unwrap())
    }

    #[test]
    fn unknown_members_are_refused_and_absent_arguments_are_empty() {
        let a = args(r#"{"mode":"sleep","speed":3}"#);
        assert!(matches!(Args::new(a, &["mode"]), Err(ArgError::Unknown(k)) if k.eq_str("speed")));
        let empty = Args::new(None, &["mode"]).unwrap();
        assert_eq!(empty.choice("mode", &["sleep"]), Ok(None));
    }

    #[test]
    fn choices_integers_and_numbers_are_typed() {
        let raw = args(r#"{"c":"b","n":10.0,"m":3.5,"x":true,"r":-1.006,"big":1e300}"#);
        let a = Args::new(raw, &["c", "n", "m", "x", "r", "big"]).unwrap();
        assert_eq!(a.choice("c", &["a", "b"]), Ok(Some("b")));
        assert!(a.choice("n", &["a"]).is_err());
        assert_eq!(a.integer("n", 1, 10), Ok(Some(10)));
        assert_eq!(
            a.integer("m", 1, 10),
            Err(ArgError::NotIntegerIn("m", 1, 10))
        );
        assert!(a.integer("x", 1, 10).is_err());
        assert_eq!(a.integer("n", 1, 9), Err(ArgError::NotIntegerIn("n", 1, 9)));
        assert_eq!(a.centi("m", 0, 500), Ok(Some(350)));
        assert_eq!(a.centi("r", -200, 0), Ok(Some(-101)));
        assert!(a.centi("big", -200, 200).is_err());
        assert!(a.centi("c", -200, 200).is_err());
    }

    #[test]
    fn messages_name_the_argument_and_what_it_must_be() {
        let mut s = heapless::String::<128>::new();
        let e = ArgError::NotOneOf("mode", &["a", "b"]);
        fmt::write(&mut s, format_args!("{e}")).unwrap();
        assert_eq!(s.as_str(), "argument `mode` must be one of \"a\", \"b\"");
        s.clear();
        let e = ArgError::NotNumberIn("reference", -4000, 8500);
        fmt::write(&mut s, format_args!("{e}")).unwrap();
        assert_eq!(
            s.as_str(),
            "argument `reference` must be a number from -40.00 to 85.00"
        );
    }
}
