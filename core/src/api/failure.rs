//! The one shape of a failure that bindings raise (JS `McpwireError`), built from any core
//! error: each binding only turns these fields into its runtime's exception.

use super::ApiError;
use crate::error::DecodeError;
use crate::schema::SchemaError;
use alloc::string::{String, ToString};

/// A core failure as the fields of a binding's thrown error: a [`DecodeError`], an
/// [`ApiError`] (sessions, `page`) or a [`SchemaError`] (a schema that does not compile).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure {
    /// The `ErrorKind` or `SchemaErrorKind` name, verbatim.
    pub kind: &'static str,
    /// The JSON-RPC code; `None` for tool errors, local faults and schema errors.
    pub code: Option<i64>,
    /// Byte offset into the input (0 when the failure has none).
    pub offset: usize,
    /// A sentence for a person.
    pub message: String,
    /// Where in the schema, for a schema error.
    pub schema_path: Option<String>,
}

impl From<DecodeError> for Failure {
    fn from(e: DecodeError) -> Self {
        ApiError::from(e).into()
    }
}

impl From<ApiError> for Failure {
    fn from(e: ApiError) -> Self {
        Failure {
            kind: e.kind.name(),
            code: e.kind.code(),
            offset: e.offset,
            message: e.message,
            schema_path: None,
        }
    }
}

impl From<SchemaError> for Failure {
    fn from(e: SchemaError) -> Self {
        Failure {
            kind: e.kind.name(),
            code: None,
            offset: 0,
            message: e.to_string(),
            schema_path: Some(e.schema_path),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Failure;
    use crate::json::Value;
    use crate::schema::Schema;
    use crate::Limits;

    #[test]
    fn decode_and_schema_errors_keep_kind_code_offset_and_path() {
        let f = Failure::from(
            crate::api::validate(br#"{"jsonrpc":"2.0","id":1,"id":2}"#, Limits::DEFAULT)
                .unwrap_err(),
        );
        assert_eq!(
            (f.kind, f.code, f.offset, f.schema_path),
            ("duplicate_key", Some(-32700), 24, None)
        );
        let bad = Value::parse(br#"{"pattern":"("}"#, Limits::DEFAULT).unwrap();
        let f = Failure::from(Schema::compile(&bad).unwrap_err());
        assert_eq!((f.kind, f.code, f.offset), ("invalid_regex", None, 0));
        assert_eq!(f.schema_path.as_deref(), Some("/pattern"));
        assert!(f.message.contains("/pattern"), "{}", f.message);
    }
}
