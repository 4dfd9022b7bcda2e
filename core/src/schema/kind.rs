//! The six kinds of JSON value, as indexes: a quick form keeps its checks per kind of
//! instance.

use crate::json::Value;

pub(crate) const NULL: usize = 0;
pub(crate) const BOOL: usize = 1;
pub(crate) const NUMBER: usize = 2;
pub(crate) const STRING: usize = 3;
pub(crate) const ARRAY: usize = 4;
pub(crate) const OBJECT: usize = 5;
pub(crate) const KINDS: usize = 6;

/// The kind index of a value.
pub(crate) fn kind_of(v: &Value) -> usize {
    match v {
        Value::Null => NULL,
        Value::Bool(_) => BOOL,
        Value::Number(_) => NUMBER,
        Value::String(_) => STRING,
        Value::Array(_) => ARRAY,
        Value::Object(_) => OBJECT,
    }
}
