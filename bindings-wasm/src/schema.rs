//! JSON Schema validation over `mcpwire::schema`: `validate`, the compiled `Schema` class and
//! the two MCP tool steps. Schemas and instances are plain JS values (a string is a string
//! value), or JSON text given explicitly: as bytes (`Uint8Array`, never a JSON value), or any
//! text to `validateJson` / `Schema.validateJson`. Errors come back as core's values, compile failures as
//! `McpwireError` with the SchemaErrorKind name. Same names and behaviour as the Node binding.

use crate::args::{given, string_arg};
use crate::{js_to_value_strict, mcpwire_error, read_input, value_to_js, WasmBindgen};
use js_sys::Uint8Array;
use mcpwire::json::Value;
use mcpwire::schema::{self, tools, SchemaError, SchemaErrorKind, SchemaOptions};
use mcpwire::Limits;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

/// What a JSON argument is, for reporting text that does not parse.
#[derive(Clone, Copy)]
pub(crate) enum Arg {
    /// A schema: the schema error `invalid_json` (what `Schema::compile_bytes` reports).
    Schema,
    /// An instance, arguments or a result: the decode error (`unexpected_byte`, …, offset).
    Instance,
}

/// A schema, instance, argument object or result: a plain JS value, or JSON text in a
/// `Uint8Array` (parsed by core with the default limits).
pub(crate) fn json_arg(v: &JsValue, arg: Arg) -> Result<Value, JsValue> {
    if v.is_instance_of::<Uint8Array>() {
        json_text(v, arg)
    } else {
        js_to_value_strict(v)
    }
}

/// A JSON argument that must be text (`string`, `Uint8Array`).
fn json_text(v: &JsValue, arg: Arg) -> Result<Value, JsValue> {
    let input = read_input(v)?;
    Value::parse(input.bytes(), Limits::DEFAULT).map_err(|e| match arg {
        Arg::Instance => mcpwire_error(e),
        Arg::Schema => mcpwire_error(SchemaError {
            kind: SchemaErrorKind::InvalidJson,
            schema_path: String::new(),
            message: e.to_string(),
        }),
    })
}

/// `{assertFormats?, maxErrors?, resources?}`; missing or `null`: core's defaults.
fn schema_options(v: &JsValue) -> Result<SchemaOptions, JsValue> {
    let engine = WasmBindgen::new();
    mcpwire_js::options::schema(&engine, Some(v.clone()), |doc| json_arg(doc, Arg::Schema))
}

fn compile(schema: &JsValue, opts: &SchemaOptions) -> Result<schema::Schema, JsValue> {
    schema::Schema::compile_with(&json_arg(schema, Arg::Schema)?, opts).map_err(mcpwire_error)
}

/// Every way `instance` does not fit `schema` (draft 2020-12 unless `$schema` says draft-07):
/// `[]` when it fits. Each error has `instancePath`, `schemaPath`, `keyword` and `message`.
/// Both are JS values (a string instance is a string: `validate({type: 'string'}, 'hello')`
/// is `[]`); bytes are JSON text, and `validateJson` takes text of any kind.
/// A schema that cannot be compiled throws `McpwireError` with the SchemaErrorKind name.
#[wasm_bindgen(unchecked_return_type = "Array<SchemaValidationError>")]
pub fn validate(
    #[wasm_bindgen(unchecked_param_type = "JSONValue | Uint8Array")] schema: JsValue,
    #[wasm_bindgen(unchecked_param_type = "JSONValue | Uint8Array")] instance: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "SchemaOptions | null")] options: JsValue,
) -> Result<JsValue, JsValue> {
    let compiled = compile(&schema, &schema_options(&options)?)?;
    let instance = json_arg(&instance, Arg::Instance)?;
    value_to_js(&schema::errors_to_value(&compiled.validate(&instance)))
}

/// `validate` with `schema` and `instance` both given as JSON text (`string`, `Uint8Array`).
#[wasm_bindgen(js_name = validateJson, unchecked_return_type = "Array<SchemaValidationError>")]
pub fn validate_json(
    #[wasm_bindgen(unchecked_param_type = "string | Uint8Array")] schema: JsValue,
    #[wasm_bindgen(unchecked_param_type = "string | Uint8Array")] instance: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "SchemaOptions | null")] options: JsValue,
) -> Result<JsValue, JsValue> {
    let opts = schema_options(&options)?;
    let compiled = schema::Schema::compile_with(&json_text(&schema, Arg::Schema)?, &opts)
        .map_err(mcpwire_error)?;
    let instance = json_text(&instance, Arg::Instance)?;
    value_to_js(&schema::errors_to_value(&compiled.validate(&instance)))
}

/// A compiled schema: compile once, validate many instances.
#[wasm_bindgen]
pub struct Schema {
    schema: schema::Schema,
}

#[wasm_bindgen]
impl Schema {
    /// Compiles `schema` (JSON text or a plain JS value); throws `McpwireError` with the
    /// SchemaErrorKind name when it cannot be compiled.
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_param_type = "JSONValue | Uint8Array")] schema: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "SchemaOptions | null")] options: JsValue,
    ) -> Result<Schema, JsValue> {
        Ok(Schema {
            schema: compile(&schema, &schema_options(&options)?)?,
        })
    }

    /// The `$schema` URI of the draft the root schema follows.
    #[wasm_bindgen(getter)]
    pub fn draft(&self) -> String {
        self.schema.draft().uri().into()
    }

    /// `Schema.validate` with `instance` given as JSON text (`string` too).
    #[wasm_bindgen(js_name = validateJson, unchecked_return_type = "Array<SchemaValidationError>")]
    pub fn validate_json(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string | Uint8Array")] instance: JsValue,
    ) -> Result<JsValue, JsValue> {
        let instance = json_text(&instance, Arg::Instance)?;
        value_to_js(&schema::errors_to_value(&self.schema.validate(&instance)))
    }

    /// Every way `instance` does not fit: `[]` when it fits.
    #[wasm_bindgen(unchecked_return_type = "Array<SchemaValidationError>")]
    pub fn validate(
        &self,
        #[wasm_bindgen(unchecked_param_type = "JSONValue | Uint8Array")] instance: JsValue,
    ) -> Result<JsValue, JsValue> {
        let instance = json_arg(&instance, Arg::Instance)?;
        value_to_js(&schema::errors_to_value(&self.schema.validate(&instance)))
    }

    /// True when `instance` fits (stops at the first failure; builds no messages).
    #[wasm_bindgen(js_name = isValid)]
    pub fn is_valid(
        &self,
        #[wasm_bindgen(unchecked_param_type = "JSONValue | Uint8Array")] instance: JsValue,
    ) -> Result<bool, JsValue> {
        Ok(self.schema.is_valid(&json_arg(&instance, Arg::Instance)?))
    }
}

/// Server side: checks `tools/call` arguments (omitted or `null`: `{}`) against the tool's
/// `inputSchema`. `null` when they fit, else the `CallToolResult` with `isError: true` to
/// send back (a tool error listing every fault, so the model can fix its call).
#[wasm_bindgen(js_name = checkArguments, unchecked_return_type = "CallToolResult | null")]
pub fn check_arguments(
    #[wasm_bindgen(js_name = inputSchema, unchecked_param_type = "JSONValue | Uint8Array")]
    input_schema: JsValue,
    #[wasm_bindgen(js_name = toolName, unchecked_param_type = "string")] tool_name: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "JSONValue | Uint8Array | null")] args: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "SchemaOptions | null")] options: JsValue,
) -> Result<JsValue, JsValue> {
    let opts = schema_options(&options)?;
    let input_schema = json_arg(&input_schema, Arg::Schema)?;
    let tool_name = string_arg(&tool_name, "toolName")?;
    let args = given(&args)
        .map(|a| json_arg(a, Arg::Instance))
        .transpose()?;
    let result = tools::check_arguments_value(&input_schema, &tool_name, args.as_ref(), &opts)
        .map_err(mcpwire_error)?;
    match result {
        Some(r) => value_to_js(&r),
        None => Ok(JsValue::NULL),
    }
}

/// Host side: checks a `CallToolResult`'s `structuredContent` against the tool's
/// `outputSchema`: `{outcome, errors}`, outcome `valid`, `skipped` (an `isError` result),
/// `missing_structured_content` or `output_schema_mismatch`.
#[wasm_bindgen(js_name = checkOutput, unchecked_return_type = "OutputCheck")]
pub fn check_output(
    #[wasm_bindgen(js_name = outputSchema, unchecked_param_type = "JSONValue | Uint8Array")]
    output_schema: JsValue,
    #[wasm_bindgen(unchecked_param_type = "CallToolResult | Uint8Array")] result: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "SchemaOptions | null")] options: JsValue,
) -> Result<JsValue, JsValue> {
    let opts = schema_options(&options)?;
    let output_schema = json_arg(&output_schema, Arg::Schema)?;
    let result = json_arg(&result, Arg::Instance)?;
    let outcome =
        tools::check_output_value(&output_schema, &result, &opts).map_err(mcpwire_error)?;
    value_to_js(&outcome)
}
