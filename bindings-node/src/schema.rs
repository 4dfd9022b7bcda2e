//! JSON Schema validation over `mcpwire::schema`: `validate`, the compiled `Schema` class and
//! the two MCP tool steps. Schemas and instances are plain JS values (a string is a string
//! value), or JSON text given explicitly: as bytes (`Buffer`, `Uint8Array`: never a JSON
//! value), or any text to `validateJson` / `Schema.validateJson`. Errors come back as core's
//! values, compile failures as `McpwireError` with the SchemaErrorKind name.

use crate::args::{given, string_arg};
use crate::{js_to_value_strict, mcpwire_error, read_input, value_to_js, Napi};
use mcpwire::json::Value;
use mcpwire::schema::{self, tools, SchemaError, SchemaErrorKind, SchemaOptions};
use mcpwire::Limits;
use napi::bindgen_prelude::*;
use napi::{JsValue, ValueType};
use napi_derive::napi;

/// What a JSON argument is, for reporting text that does not parse.
#[derive(Clone, Copy)]
pub(crate) enum Arg {
    /// A schema: the schema error `invalid_json` (what `Schema::compile_bytes` reports).
    Schema,
    /// An instance, arguments or a result: the decode error (`unexpected_byte`, …, offset).
    Instance,
}

/// A schema, instance, argument object or result: a plain JS value, or JSON text in bytes
/// (`Buffer`, `Uint8Array`: parsed by core with the default limits).
pub(crate) fn json_arg(env: &Env, v: Unknown, arg: Arg) -> Result<Value> {
    if v.get_type()? == ValueType::Object && v.is_typedarray()? {
        json_text(env, v, arg)
    } else {
        js_to_value_strict(env, v)
    }
}

/// A JSON argument that must be text (`string`, `Buffer`, `Uint8Array`).
fn json_text(env: &Env, v: Unknown, arg: Arg) -> Result<Value> {
    let input = read_input(env, v)?;
    Value::parse(input.bytes(), Limits::DEFAULT).map_err(|e| match arg {
        Arg::Instance => mcpwire_error(env, e),
        Arg::Schema => mcpwire_error(
            env,
            SchemaError {
                kind: SchemaErrorKind::InvalidJson,
                schema_path: String::new(),
                message: e.to_string(),
            },
        ),
    })
}

/// `{assertFormats?, maxErrors?, resources?}`; missing or `null`: core's defaults.
fn schema_options(env: &Env, v: Option<Unknown>) -> Result<SchemaOptions> {
    mcpwire_js::options::schema(&Napi::new(env), v, |doc| json_arg(env, *doc, Arg::Schema))
}

fn compile(env: &Env, schema: Unknown, opts: &SchemaOptions) -> Result<schema::Schema> {
    let schema = json_arg(env, schema, Arg::Schema)?;
    schema::Schema::compile_with(&schema, opts).map_err(|e| mcpwire_error(env, e))
}

/// Every way `instance` does not fit `schema` (draft 2020-12 unless `$schema` says draft-07):
/// `[]` when it fits. Each error has `instancePath`, `schemaPath`, `keyword` and `message`.
/// Both are JS values (a string instance is a string: `validate({type: 'string'}, 'hello')`
/// is `[]`); bytes are JSON text, and `validateJson` takes text of any kind.
/// A schema that cannot be compiled throws `McpwireError` with the SchemaErrorKind name.
#[napi(
    ts_args_type = "schema: JSONValue | Uint8Array, instance: JSONValue | Uint8Array, options?: SchemaOptions | null",
    ts_return_type = "Array<SchemaValidationError>"
)]
pub fn validate<'a>(
    env: &'a Env,
    schema: Unknown,
    instance: Unknown,
    options: Option<Unknown>,
) -> Result<Unknown<'a>> {
    let opts = schema_options(env, options)?;
    let compiled = compile(env, schema, &opts)?;
    let instance = json_arg(env, instance, Arg::Instance)?;
    value_to_js(env, &schema::errors_to_value(&compiled.validate(&instance)))
}

/// [`validate`] with `schema` and `instance` both given as JSON text (`string`, `Buffer`,
/// `Uint8Array`).
#[napi(
    ts_args_type = "schema: string | Uint8Array, instance: string | Uint8Array, options?: SchemaOptions | null",
    ts_return_type = "Array<SchemaValidationError>"
)]
pub fn validate_json<'a>(
    env: &'a Env,
    schema: Unknown,
    instance: Unknown,
    options: Option<Unknown>,
) -> Result<Unknown<'a>> {
    let opts = schema_options(env, options)?;
    let schema = json_text(env, schema, Arg::Schema)?;
    let compiled =
        schema::Schema::compile_with(&schema, &opts).map_err(|e| mcpwire_error(env, e))?;
    let instance = json_text(env, instance, Arg::Instance)?;
    value_to_js(env, &schema::errors_to_value(&compiled.validate(&instance)))
}

/// A compiled schema: compile once, validate many instances.
#[napi]
pub struct Schema {
    schema: schema::Schema,
}

#[napi]
impl Schema {
    /// Compiles `schema` (JSON text or a plain JS value); throws `McpwireError` with the
    /// SchemaErrorKind name when it cannot be compiled.
    #[napi(
        constructor,
        ts_args_type = "schema: JSONValue | Uint8Array, options?: SchemaOptions | null"
    )]
    pub fn new(env: &Env, schema: Unknown, options: Option<Unknown>) -> Result<Self> {
        let opts = schema_options(env, options)?;
        Ok(Schema {
            schema: compile(env, schema, &opts)?,
        })
    }

    /// The `$schema` URI of the draft the root schema follows.
    #[napi(getter)]
    pub fn draft(&self) -> &'static str {
        self.schema.draft().uri()
    }

    /// [`Schema::validate`] with `instance` given as JSON text (`string` too).
    #[napi(
        ts_args_type = "instance: string | Uint8Array",
        ts_return_type = "Array<SchemaValidationError>"
    )]
    pub fn validate_json<'a>(&self, env: &'a Env, instance: Unknown) -> Result<Unknown<'a>> {
        let instance = json_text(env, instance, Arg::Instance)?;
        value_to_js(
            env,
            &schema::errors_to_value(&self.schema.validate(&instance)),
        )
    }

    /// Every way `instance` does not fit: `[]` when it fits.
    #[napi(
        ts_args_type = "instance: JSONValue | Uint8Array",
        ts_return_type = "Array<SchemaValidationError>"
    )]
    pub fn validate<'a>(&self, env: &'a Env, instance: Unknown) -> Result<Unknown<'a>> {
        let instance = json_arg(env, instance, Arg::Instance)?;
        value_to_js(
            env,
            &schema::errors_to_value(&self.schema.validate(&instance)),
        )
    }

    /// True when `instance` fits (stops at the first failure; builds no messages).
    #[napi(ts_args_type = "instance: JSONValue | Uint8Array")]
    pub fn is_valid(&self, env: &Env, instance: Unknown) -> Result<bool> {
        Ok(self
            .schema
            .is_valid(&json_arg(env, instance, Arg::Instance)?))
    }
}

/// Server side: checks `tools/call` arguments (omitted or `null`: `{}`) against the tool's
/// `inputSchema`. `null` when they fit, else the `CallToolResult` with `isError: true` to
/// send back (a tool error listing every fault, so the model can fix its call).
#[napi(
    ts_args_type = "inputSchema: JSONValue | Uint8Array, toolName: string, args?: JSONValue | Uint8Array | null, options?: SchemaOptions | null",
    ts_return_type = "CallToolResult | null"
)]
pub fn check_arguments<'a>(
    env: &'a Env,
    input_schema: Unknown,
    tool_name: Unknown,
    args: Option<Unknown>,
    options: Option<Unknown>,
) -> Result<Option<Unknown<'a>>> {
    let opts = schema_options(env, options)?;
    let input_schema = json_arg(env, input_schema, Arg::Schema)?;
    let tool_name = string_arg(env, tool_name, "toolName")?;
    let args = given(args)?
        .map(|a| json_arg(env, a, Arg::Instance))
        .transpose()?;
    let result = tools::check_arguments_value(&input_schema, &tool_name, args.as_ref(), &opts)
        .map_err(|e| mcpwire_error(env, e))?;
    result.map(|r| value_to_js(env, &r)).transpose()
}

/// Host side: checks a `CallToolResult`'s `structuredContent` against the tool's
/// `outputSchema`: `{outcome, errors}`, outcome `valid`, `skipped` (an `isError` result),
/// `missing_structured_content` or `output_schema_mismatch`.
#[napi(
    ts_args_type = "outputSchema: JSONValue | Uint8Array, result: CallToolResult | Uint8Array, options?: SchemaOptions | null",
    ts_return_type = "OutputCheck"
)]
pub fn check_output<'a>(
    env: &'a Env,
    output_schema: Unknown,
    result: Unknown,
    options: Option<Unknown>,
) -> Result<Unknown<'a>> {
    let opts = schema_options(env, options)?;
    let output_schema = json_arg(env, output_schema, Arg::Schema)?;
    let result = json_arg(env, result, Arg::Instance)?;
    let outcome = tools::check_output_value(&output_schema, &result, &opts)
        .map_err(|e| mcpwire_error(env, e))?;
    value_to_js(env, &outcome)
}
