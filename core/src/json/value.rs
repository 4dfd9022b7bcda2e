//! An owned JSON tree (with `alloc`), for bindings and callers that want one. It is built by
//! the same reader as everything else and written by the same canonical writer.

use super::writer::{write_number_text, write_plain_str, Sink};
use super::{Build, BuildError, JsonNumber, JsonStr, Reader};
use crate::error::DecodeError;
use crate::error::Result;
use crate::limits::Limits;
use alloc::string::String;
use alloc::vec::Vec;
use core::convert::Infallible;

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
        super::build(input, limits, &mut ValueBuilder).map_err(unwrap_decode)
    }

    /// Reads the next value from a reader.
    pub fn read(r: &mut Reader<'_>) -> Result<Value> {
        super::build::build_value(r, &mut ValueBuilder).map_err(unwrap_decode)
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

fn unwrap_decode(e: BuildError<Infallible>) -> DecodeError {
    match e {
        BuildError::Decode(d) => d,
        BuildError::Builder(never) => match never {},
    }
}

/// Builds [`Value`]s.
pub struct ValueBuilder;

impl<'a> Build<'a> for ValueBuilder {
    type Node = Value;
    type List = Vec<Value>;
    type Map = Vec<(String, Value)>;
    type Error = Infallible;

    fn null(&mut self) -> Result<Value, Infallible> {
        Ok(Value::Null)
    }
    fn boolean(&mut self, v: bool) -> Result<Value, Infallible> {
        Ok(Value::Bool(v))
    }
    fn number(&mut self, n: JsonNumber<'a>) -> Result<Value, Infallible> {
        Ok(Value::Number(n.as_str().into()))
    }
    fn string(&mut self, s: JsonStr<'a>) -> Result<Value, Infallible> {
        Ok(Value::String(s.to_cow().into_owned()))
    }
    fn list(&mut self) -> Result<Vec<Value>, Infallible> {
        Ok(Vec::new())
    }
    fn push(&mut self, list: &mut Vec<Value>, item: Value) -> Result<(), Infallible> {
        list.push(item);
        Ok(())
    }
    fn end_list(&mut self, list: Vec<Value>) -> Result<Value, Infallible> {
        Ok(Value::Array(list))
    }
    fn map(&mut self) -> Result<Vec<(String, Value)>, Infallible> {
        Ok(Vec::new())
    }
    fn insert(
        &mut self,
        map: &mut Vec<(String, Value)>,
        key: JsonStr<'a>,
        value: Value,
    ) -> Result<(), Infallible> {
        map.push((key.to_cow().into_owned(), value));
        Ok(())
    }
    fn end_map(&mut self, map: Vec<(String, Value)>) -> Result<Value, Infallible> {
        Ok(Value::Object(map))
    }
}
