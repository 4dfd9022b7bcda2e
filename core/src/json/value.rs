//! An owned JSON tree (with `alloc`), for bindings and callers that want one. It is built by
//! the same reader as everything else and written by the same canonical writer.

use super::writer::{write_number_text, write_plain_str, Sink};
use super::{Kind, Reader};
use crate::error::Result;
use crate::limits::Limits;
use alloc::string::String;
use alloc::vec::Vec;

/// A JSON value. Objects keep member order; numbers keep their text (so big integers and
/// integer-vs-float survive).
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    /// `null`
    Null,
    /// `true` / `false`
    Bool(bool),
    /// A number as JSON text (always valid JSON number grammar).
    Number(String),
    /// A string.
    String(String),
    /// An array.
    Array(Vec<Value>),
    /// An object, members in order (keys unique).
    Object(Vec<(String, Value)>),
}

impl Value {
    /// Parses one JSON document with the crate's strict rules.
    pub fn parse(input: &[u8], limits: Limits) -> Result<Value> {
        let mut r = Reader::new(input, limits)?;
        let v = Self::read(&mut r)?;
        r.finish()?;
        Ok(v)
    }

    /// Reads the next value from a reader.
    pub fn read(r: &mut Reader<'_>) -> Result<Value> {
        Ok(match r.peek_kind()? {
            Kind::Null => {
                r.read_null()?;
                Value::Null
            }
            Kind::Bool => Value::Bool(r.read_bool("")?),
            Kind::Number => Value::Number(r.read_number("")?.as_str().into()),
            Kind::String => Value::String(r.read_str("")?.to_cow().into_owned()),
            Kind::Array => {
                let mut st = r.begin_array("")?;
                let mut items = Vec::new();
                while r.next_item(&mut st)? {
                    items.push(Self::read(r)?);
                }
                Value::Array(items)
            }
            Kind::Object => {
                let mut st = r.begin_object("")?;
                let mut members = Vec::new();
                while let Some(k) = r.next_key(&mut st)? {
                    let key = k.to_cow().into_owned();
                    members.push((key, Self::read(r)?));
                }
                Value::Object(members)
            }
        })
    }

    /// A number value from an integer.
    pub fn from_i64(v: i64) -> Value {
        Value::Number(itoa::Buffer::new().format(v).into())
    }

    /// A number value from a float; `None` when it is not finite (JSON cannot hold it).
    pub fn from_f64(v: f64) -> Option<Value> {
        v.is_finite()
            .then(|| Value::Number(ryu::Buffer::new().format_finite(v).into()))
    }

    /// The member `key` of an object.
    pub fn get(&self, key: &str) -> Option<&Value> {
        match self {
            Value::Object(m) => m.iter().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        }
    }

    /// Writes the value in canonical form (member order kept).
    pub fn write<S: Sink + ?Sized>(&self, sink: &mut S) {
        match self {
            Value::Null => sink.put(b"null"),
            Value::Bool(true) => sink.put(b"true"),
            Value::Bool(false) => sink.put(b"false"),
            Value::Number(n) => write_number_text(sink, n),
            Value::String(s) => write_plain_str(sink, s),
            Value::Array(items) => {
                sink.put(b"[");
                for (i, v) in items.iter().enumerate() {
                    if i > 0 {
                        sink.put(b",");
                    }
                    v.write(sink);
                }
                sink.put(b"]");
            }
            Value::Object(members) => {
                sink.put(b"{");
                for (i, (k, v)) in members.iter().enumerate() {
                    if i > 0 {
                        sink.put(b",");
                    }
                    write_plain_str(sink, k);
                    sink.put(b":");
                    v.write(sink);
                }
                sink.put(b"}");
            }
        }
    }

    /// The canonical bytes of this value.
    pub fn to_vec(&self) -> Vec<u8> {
        let mut out = Vec::new();
        self.write(&mut out);
        out
    }
}
