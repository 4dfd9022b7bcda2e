//! JSON Schema validation over `mcpwire::schema`: `validate`, the compiled `Schema` class and
//! the two MCP tool steps. Schemas and instances are JSON text (a string or bytes, parsed by
//! core) or plain JS values; errors come back as core's values, compile failures as
//! `McpwireError` with the SchemaErrorKind name.

use crate::{js_to_value_strict, mcpwire_error, read_input, type_error, value_to_js};
use mcpwire::json::Value;
use mcpwire::schema::{self, tools, SchemaOptions};
use mcpwire::Limits;
use napi::bindgen_prelude::*;
use napi::{JsValue, ValueType};
use napi_derive::napi;

/// A schema, instance, argument object or result: JSON text (`string`, `Buffer`,
/// `Uint8Array`: parsed by core with the default limits) or a plain JS value.
fn json_arg(env: &Env, v: Unknown) -> Result<Value> {
    match v.get_type()? {
        ValueType::String => text_arg(env, v),
        ValueType::Object if v.is_typedarray()? => text_arg(env, v),
        _ => js_to_value_strict(env, v),
    }
}

fn text_arg(env: &Env, v: Unknown) -> Result<Value> {
    let input = read_input(env, v)?;
    Value::parse(input.bytes(), Limits::DEFAULT).map_err(|e| mcpwire_error(env, e))
}

fn compile(env: &Env, schema: Unknown) -> Result<schema::Schema> {
    let schema = json_arg(env, schema)?;
    schema::Schema::compile(&schema).map_err(|e| mcpwire_error(env, e))
}

/// Every way `instance` does not fit `schema` (draft 2020-12 unless `$schema` says draft-07):
/// `[]` when it fits. Each error has `instancePath`, `schemaPath`, `keyword` and `message`.
/// A string or bytes argument is JSON text (so a string instance is written `'"text"'`).
/// A schema that cannot be compiled throws `McpwireError` with the SchemaErrorKind name.
#[napi(
    ts_args_type = "schema: JSONValue | string | Uint8Array, instance: JSONValue | string | Uint8Array",
    ts_return_type = "Array<SchemaValidationError>"
)]
pub fn validate<'a>(env: &'a Env, schema: Unknown, instance: Unknown) -> Result<Unknown<'a>> {
    let compiled = compile(env, schema)?;
    let instance = json_arg(env, instance)?;
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
    #[napi(constructor, ts_args_type = "schema: JSONValue | string | Uint8Array")]
    pub fn new(env: &Env, schema: Unknown) -> Result<Self> {
        Ok(Schema {
            schema: compile(env, schema)?,
        })
    }

    /// Every way `instance` does not fit: `[]` when it fits.
    #[napi(
        ts_args_type = "instance: JSONValue | string | Uint8Array",
        ts_return_type = "Array<SchemaValidationError>"
    )]
    pub fn validate<'a>(&self, env: &'a Env, instance: Unknown) -> Result<Unknown<'a>> {
        let instance = json_arg(env, instance)?;
        value_to_js(
            env,
            &schema::errors_to_value(&self.schema.validate(&instance)),
        )
    }

    /// True when `instance` fits (stops at the first failure; builds no messages).
    #[napi(ts_args_type = "instance: JSONValue | string | Uint8Array")]
    pub fn is_valid(&self, env: &Env, instance: Unknown) -> Result<bool> {
        Ok(self.schema.is_valid(&json_arg(env, instance)?))
    }
}

/// Server side: checks `tools/call` arguments (omitted or `null`: `{}`) against the tool's
/// `inputSchema`. `null` when they fit, else the `CallToolResult` with `isError: true` to
/// send back (a tool error listing every fault, so the model can fix its call).
#[napi(
    ts_args_type = "inputSchema: JSONValue | string | Uint8Array, toolName: string, args?: JSONValue | string | Uint8Array | null",
    ts_return_type = "CallToolResult | null"
)]
pub fn check_arguments<'a>(
    env: &'a Env,
    input_schema: Unknown,
    tool_name: Unknown,
    args: Option<Unknown>,
) -> Result<Option<Unknown<'a>>> {
    let input_schema = json_arg(env, input_schema)?;
    if tool_name.get_type()? != ValueType::String {
        return Err(type_error(env, "toolName must be a string"));
    }
    let tool_name = crate::js_string_to_rust(env, unsafe { tool_name.cast()? })?;
    let args = match args {
        Some(a) if !matches!(a.get_type()?, ValueType::Undefined | ValueType::Null) => {
            Some(json_arg(env, a)?)
        }
        _ => None,
    };
    let result = tools::check_arguments_value(
        &input_schema,
        &tool_name,
        args.as_ref(),
        &SchemaOptions::default(),
    )
    .map_err(|e| mcpwire_error(env, e))?;
    result.map(|r| value_to_js(env, &r)).transpose()
}

/// Host side: checks a `CallToolResult`'s `structuredContent` against the tool's
/// `outputSchema`: `{outcome, errors}`, outcome `valid`, `skipped` (an `isError` result),
/// `missing_structured_content` or `output_schema_mismatch`.
#[napi(
    ts_args_type = "outputSchema: JSONValue | string | Uint8Array, result: CallToolResult | string | Uint8Array",
    ts_return_type = "OutputCheck"
)]
pub fn check_output<'a>(
    env: &'a Env,
    output_schema: Unknown,
    result: Unknown,
) -> Result<Unknown<'a>> {
    let output_schema = json_arg(env, output_schema)?;
    let result = json_arg(env, result)?;
    let outcome = tools::check_output_value(&output_schema, &result, &SchemaOptions::default())
        .map_err(|e| mcpwire_error(env, e))?;
    value_to_js(env, &outcome)
}
