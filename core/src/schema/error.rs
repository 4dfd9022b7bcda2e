//! The two kinds of failure: a schema that cannot be compiled ([`SchemaError`]) and an
//! instance that does not fit a schema ([`ValidationError`]).

use super::keyword::Node;
use super::uri;
use crate::json::Value;
use alloc::string::String;
use core::fmt;

/// Why a schema could not be compiled.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum SchemaErrorKind {
    /// The schema bytes are not valid JSON.
    InvalidJson,
    /// A keyword has a value of the wrong type or range (`"minLength": -1`, `"type": 5`).
    InvalidKeyword,
    /// A `pattern` / `patternProperties` regular expression is malformed or uses a feature
    /// the regex engine does not have (backreferences, lookaround).
    InvalidRegex,
    /// A `$ref` / `$dynamicRef` names a schema that is neither in the document nor among the
    /// resources supplied in [`SchemaOptions`](super::SchemaOptions).
    UnresolvableRef,
    /// The schema nests deeper than the compiler allows.
    TooDeep,
}

impl SchemaErrorKind {
    /// Stable snake_case name (exposed verbatim by the bindings).
    pub const fn name(self) -> &'static str {
        match self {
            SchemaErrorKind::InvalidJson => "invalid_json",
            SchemaErrorKind::InvalidKeyword => "invalid_keyword",
            SchemaErrorKind::InvalidRegex => "invalid_regex",
            SchemaErrorKind::UnresolvableRef => "unresolvable_ref",
            SchemaErrorKind::TooDeep => "too_deep",
        }
    }
}

/// A schema that cannot be compiled: what is wrong and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SchemaError {
    /// What kind of fault.
    pub kind: SchemaErrorKind,
    /// Where: a JSON pointer into the schema (prefixed by `uri#` for other documents).
    pub schema_path: String,
    /// A sentence for a person.
    pub message: String,
}

impl SchemaError {
    pub(crate) fn new(kind: SchemaErrorKind, schema_path: &str, message: String) -> Self {
        SchemaError {
            kind,
            schema_path: schema_path.into(),
            message,
        }
    }

    /// The error as a JSON value `{kind, schemaPath, message}` (for the bindings).
    pub fn to_value(&self) -> Value {
        Value::Object(alloc::vec![
            ("kind".into(), Value::String(self.kind.name().into())),
            ("schemaPath".into(), Value::String(self.schema_path.clone())),
            ("message".into(), Value::String(self.message.clone())),
        ])
    }
}

impl fmt::Display for SchemaError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.schema_path.is_empty() {
            write!(f, "invalid schema: {}", self.message)
        } else {
            write!(
                f,
                "invalid schema at {}: {}",
                self.schema_path, self.message
            )
        }
    }
}

#[cfg(feature = "std")]
impl std::error::Error for SchemaError {}

/// One way an instance does not fit a schema.
///
/// Its instance path, schema path and message live in one buffer: an error costs one
/// allocation, not three (collecting the errors of an invalid instance is on a server's
/// hot path).
#[derive(Clone, PartialEq, Eq)]
pub struct ValidationError {
    /// Instance path, schema path and message, one after the other.
    text: String,
    /// Where the instance path ends in `text`.
    instance_end: usize,
    /// Where the schema path ends in `text`.
    schema_end: usize,
    /// The failing keyword (`enum`, `required`, `type`, …; `false` for a `false` schema).
    pub keyword: &'static str,
}

impl ValidationError {
    /// An error from its parts.
    pub fn new(
        instance_path: &str,
        schema_path: &str,
        keyword: &'static str,
        message: &str,
    ) -> Self {
        let mut text =
            String::with_capacity(instance_path.len() + schema_path.len() + message.len());
        text.push_str(instance_path);
        text.push_str(schema_path);
        text.push_str(message);
        ValidationError {
            text,
            instance_end: instance_path.len(),
            schema_end: instance_path.len() + schema_path.len(),
            keyword,
        }
    }

    /// JSON pointer to the offending value in the instance (`""` is the whole instance).
    pub fn instance_path(&self) -> &str {
        self.text.get(..self.instance_end).unwrap_or_default()
    }

    /// JSON pointer to the failing keyword in the schema document where it is written (for
    /// example `/properties/units/enum` or `/$defs/Unit/enum`); keywords of other documents
    /// are prefixed with that document's URI and `#`.
    pub fn schema_path(&self) -> &str {
        self.text
            .get(self.instance_end..self.schema_end)
            .unwrap_or_default()
    }

    /// A short sentence a model or a person can act on, for example
    /// ``"`/units` must be one of \"metric\", \"imperial\"; got \"kelvin\""``.
    pub fn message(&self) -> &str {
        self.text.get(self.schema_end..).unwrap_or_default()
    }

    /// The error as a JSON value `{instancePath, schemaPath, keyword, message}`.
    pub fn to_value(&self) -> Value {
        Value::Object(alloc::vec![
            (
                "instancePath".into(),
                Value::String(self.instance_path().into())
            ),
            (
                "schemaPath".into(),
                Value::String(self.schema_path().into())
            ),
            ("keyword".into(), Value::String(self.keyword.into())),
            ("message".into(), Value::String(self.message().into())),
        ])
    }
}

impl fmt::Debug for ValidationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ValidationError")
            .field("instance_path", &self.instance_path())
            .field("schema_path", &self.schema_path())
            .field("keyword", &self.keyword)
            .field("message", &self.message())
            .finish()
    }
}

impl fmt::Display for ValidationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.message())
    }
}

#[cfg(feature = "std")]
impl std::error::Error for ValidationError {}

/// A list of errors as a JSON array of `{instancePath, schemaPath, keyword, message}`.
pub fn errors_to_value(errors: &[ValidationError]) -> Value {
    Value::Array(errors.iter().map(ValidationError::to_value).collect())
}

/// The errors as one text, one per line prefixed by `- ` (what a tool error shows the model).
pub fn errors_to_text(errors: &[ValidationError]) -> String {
    let mut out = String::new();
    for (i, e) in errors.iter().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        out.push_str("- ");
        out.push_str(e.message());
    }
    out
}

/// Recording errors during a validation.
impl super::validate::Ctx<'_> {
    /// True when no more errors may be recorded.
    pub(super) fn full(&self) -> bool {
        self.errors.len() >= self.max
    }

    /// Records an error of keyword `kw` of `node`; `body` follows the subject in the message.
    pub(super) fn report(&mut self, node: &Node, kw: &'static str, body: impl FnOnce() -> String) {
        self.report_with(node, kw, |m| m.push_str(&body()));
    }

    /// [`report`](Self::report) with the body written straight into the message.
    pub(super) fn report_with(
        &mut self,
        node: &Node,
        kw: &'static str,
        body: impl FnOnce(&mut String),
    ) {
        if self.full() {
            return;
        }
        let ipath = self.ipath.as_str();
        let mut text = String::with_capacity(2 * ipath.len() + node.path.len() + kw.len() + 96);
        text.push_str(ipath);
        let instance_end = text.len();
        text.push_str(&node.path);
        if kw != "false" {
            // (Keyword names have no `~` or `/` to escape.)
            debug_assert!(!uri::needs_escape(kw.as_bytes()));
            text.push('/');
            text.push_str(kw);
        }
        let schema_end = text.len();
        match &self.subject {
            Some(s) => text.push_str(s),
            None if ipath.is_empty() => text.push_str("value"),
            None => {
                text.push('`');
                text.push_str(ipath);
                text.push('`');
            }
        }
        text.push(' ');
        body(&mut text);
        self.errors.push(ValidationError {
            text,
            instance_end,
            schema_end,
            keyword: kw,
        });
    }
}

#[cfg(test)]
mod tests {
    use super::ValidationError;

    #[test]
    fn parts_read_back_from_the_one_buffer() {
        let e = ValidationError::new(
            "/a/0",
            "/properties/a/items/type",
            "type",
            "`/a/0` must be string; got 5",
        );
        assert_eq!(e.instance_path(), "/a/0");
        assert_eq!(e.schema_path(), "/properties/a/items/type");
        assert_eq!(e.keyword, "type");
        assert_eq!(e.message(), "`/a/0` must be string; got 5");
        let empty = ValidationError::new("", "", "false", "value is not allowed");
        assert_eq!((empty.instance_path(), empty.schema_path()), ("", ""));
        assert_eq!(empty.message(), "value is not allowed");
        assert_ne!(e, empty);
        assert!(alloc::format!("{e:?}").contains("instance_path: \"/a/0\""));
    }
}
