//! The two MCP steps that use a tool's schemas.
//!
//! Server side, [`check_arguments`]: before running a tool, check `tools/call` arguments
//! against its `inputSchema`. Invalid arguments are a tool error
//! ([`ErrorKind::InvalidToolArguments`]): a `CallToolResult` with `isError: true` listing
//! every fault, so the model can fix its call (SEP-1303).
//!
//! Host side, [`check_output`]: check a successful result's `structuredContent` against the
//! tool's `outputSchema` (results with `isError: true` are not checked).

use super::error::{errors_to_text, SchemaError, SchemaErrorKind, ValidationError};
use super::{Schema, SchemaOptions};
use crate::classify::write_failure;
use crate::error::ErrorKind;
use crate::json::writer::Sink;
use crate::json::{RawJson, Value};
use crate::jsonrpc::RequestId;
use crate::limits::Limits;
use crate::mcp::{CallToolRequestParams, CallToolResult, ProtocolVersion, Tool};
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

fn parse_raw(raw: &RawJson<'_>) -> Option<Value> {
    // Already checked under the caller's limits when the message was decoded.
    Value::parse(raw.as_str().as_bytes(), Limits::UNBOUNDED).ok()
}

/// A tool's compiled schemas.
#[derive(Clone, Debug)]
pub struct ToolSchemas {
    /// `inputSchema`, for the arguments.
    pub input: Schema,
    /// `outputSchema`, for `structuredContent`, when the tool declares one.
    pub output: Option<Schema>,
}

impl ToolSchemas {
    /// Compiles the schemas of a tool from `tools/list`.
    pub fn from_tool(tool: &Tool<'_>, opts: &SchemaOptions) -> Result<ToolSchemas, SchemaError> {
        let compile = |raw: &RawJson<'_>| {
            let v = parse_raw(raw).ok_or_else(|| {
                SchemaError::new(
                    SchemaErrorKind::InvalidJson,
                    "",
                    "schema is not JSON".into(),
                )
            })?;
            Schema::compile_with(&v, opts)
        };
        Ok(ToolSchemas {
            input: compile(&tool.input_schema)?,
            output: tool.output_schema.as_ref().map(compile).transpose()?,
        })
    }
}

/// Arguments that do not fit the tool's `inputSchema`: the tool error to send back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InvalidArguments {
    /// The tool that was called.
    pub tool: String,
    /// Every fault found (up to the schema's error limit).
    pub errors: Vec<ValidationError>,
}

impl InvalidArguments {
    /// Always [`ErrorKind::InvalidToolArguments`] (a tool error, not a protocol error).
    pub const KIND: ErrorKind = ErrorKind::InvalidToolArguments;

    /// Writes the JSON-RPC response for request `id`: a result with `isError: true` whose
    /// text lists the errors.
    pub fn write_response<S: Sink + ?Sized>(
        &self,
        sink: &mut S,
        id: Option<&RequestId<'_>>,
        version: ProtocolVersion,
    ) {
        write_failure(sink, id, Self::KIND, self, version);
    }

    /// [`write_response`](Self::write_response) into a new `Vec`.
    pub fn response(&self, id: Option<&RequestId<'_>>, version: ProtocolVersion) -> Vec<u8> {
        let mut out = Vec::new();
        self.write_response(&mut out, id, version);
        out
    }

    /// The `CallToolResult` alone, as a value: `{content: [{type: "text", text}], isError: true}`.
    pub fn result_value(&self) -> Value {
        invalid_arguments_result(&self.tool, &self.errors)
    }
}

impl fmt::Display for InvalidArguments {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&error_text(&self.tool, &self.errors))
    }
}

fn error_text(tool: &str, errors: &[ValidationError]) -> String {
    format!(
        "Invalid arguments for tool {tool}:\n{}",
        errors_to_text(errors)
    )
}

/// The tool-error `CallToolResult` (as a value) for arguments with these errors.
pub fn invalid_arguments_result(tool: &str, errors: &[ValidationError]) -> Value {
    let text = Value::String(error_text(tool, errors));
    let block = Value::Object(alloc::vec![
        ("type".into(), Value::String("text".into())),
        ("text".into(), text),
    ]);
    Value::Object(alloc::vec![
        ("content".into(), Value::Array(alloc::vec![block])),
        ("isError".into(), Value::Bool(true)),
    ])
}

/// Server side: the arguments of a `tools/call` (absent arguments count as `{}`), parsed and
/// checked against the tool's compiled `inputSchema`.
pub fn check_arguments(
    schema: &Schema,
    params: &CallToolRequestParams<'_>,
) -> Result<Value, InvalidArguments> {
    let args = match &params.arguments {
        Some(raw) => parse_raw(raw).unwrap_or(Value::Null),
        None => Value::Object(Vec::new()),
    };
    let errors = schema.validate(&args);
    if errors.is_empty() {
        Ok(args)
    } else {
        Err(InvalidArguments {
            tool: params.name.to_cow().into_owned(),
            errors,
        })
    }
}

/// What the host learns from checking a result against the tool's `outputSchema`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OutputCheck {
    /// The result has `isError: true`: no structured output is expected.
    Skipped,
    /// `structuredContent` fits the schema.
    Valid,
    /// The tool declares an `outputSchema` but the result has no `structuredContent`.
    MissingStructuredContent,
    /// `structuredContent` does not fit the schema.
    OutputSchemaMismatch(Vec<ValidationError>),
}

impl OutputCheck {
    /// The snake_case name: `skipped`, `valid`, `missing_structured_content`,
    /// `output_schema_mismatch`.
    pub const fn name(&self) -> &'static str {
        match self {
            OutputCheck::Skipped => "skipped",
            OutputCheck::Valid => "valid",
            OutputCheck::MissingStructuredContent => "missing_structured_content",
            OutputCheck::OutputSchemaMismatch(_) => "output_schema_mismatch",
        }
    }

    /// True for `Skipped` and `Valid`.
    pub fn is_ok(&self) -> bool {
        matches!(self, OutputCheck::Skipped | OutputCheck::Valid)
    }

    /// The mismatches (empty unless `OutputSchemaMismatch`).
    pub fn errors(&self) -> &[ValidationError] {
        match self {
            OutputCheck::OutputSchemaMismatch(e) => e,
            _ => &[],
        }
    }

    /// The outcome as a value `{outcome, errors: [...]}` (for the bindings).
    pub fn to_value(&self) -> Value {
        Value::Object(alloc::vec![
            ("outcome".into(), Value::String(self.name().into())),
            ("errors".into(), super::errors_to_value(self.errors())),
        ])
    }
}

/// Host side: checks `structuredContent` of a non-error result against the compiled
/// `outputSchema`.
pub fn check_output(schema: &Schema, result: &CallToolResult<'_>) -> OutputCheck {
    check_output_parts(
        schema,
        result.is_error,
        result.structured_content.as_ref().and_then(parse_raw),
    )
}

fn check_output_parts(
    schema: &Schema,
    is_error: Option<bool>,
    content: Option<Value>,
) -> OutputCheck {
    if is_error == Some(true) {
        return OutputCheck::Skipped;
    }
    let Some(content) = content else {
        return OutputCheck::MissingStructuredContent;
    };
    let errors = schema.validate(&content);
    if errors.is_empty() {
        OutputCheck::Valid
    } else {
        OutputCheck::OutputSchemaMismatch(errors)
    }
}

/// Value-level host check for the bindings: `result` is a `CallToolResult` as a value.
/// Returns `{outcome, errors}` (see [`OutputCheck::to_value`]).
pub fn check_output_value(
    output_schema: &Value,
    result: &Value,
    opts: &SchemaOptions,
) -> Result<Value, SchemaError> {
    let schema = Schema::compile_with(output_schema, opts)?;
    let is_error = match result.get("isError") {
        Some(Value::Bool(b)) => Some(*b),
        _ => None,
    };
    let content = result.get("structuredContent").cloned();
    Ok(check_output_parts(&schema, is_error, content).to_value())
}

/// Value-level server check for the bindings: `None` when the arguments fit, else the
/// tool-error `CallToolResult` to send (see [`invalid_arguments_result`]).
pub fn check_arguments_value(
    input_schema: &Value,
    tool: &str,
    arguments: Option<&Value>,
    opts: &SchemaOptions,
) -> Result<Option<Value>, SchemaError> {
    let empty = Value::Object(Vec::new());
    let errors = super::validate_value(input_schema, arguments.unwrap_or(&empty), opts)?;
    Ok((!errors.is_empty()).then(|| invalid_arguments_result(tool, &errors)))
}
