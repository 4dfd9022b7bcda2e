//! `x-mcp-header`: tool parameters a 2026-07-28 client mirrors into `Mcp-Param-{Name}`
//! headers, the constraints that make a tool definition invalid, and reading the values.

use crate::api::ApiError;
use crate::error::ErrorKind;
use crate::json::Value;
use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

/// The JSON type an annotated parameter has.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ParamType {
    /// `string`: the value as is.
    String,
    /// `integer`: its decimal form.
    Integer,
    /// `boolean`: `true` or `false`.
    Boolean,
}

/// One annotated parameter.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HeaderParam {
    /// The `x-mcp-header` value: the header is `Mcp-Param-{name}`.
    pub name: String,
    /// The chain of `properties` keys from the schema root to the parameter.
    pub path: Vec<String>,
    /// Its declared type.
    pub kind: ParamType,
}

impl HeaderParam {
    /// The header name, `Mcp-Param-{name}`.
    pub fn header_name(&self) -> String {
        format!("Mcp-Param-{}", self.name)
    }

    /// The value at this parameter's path in `arguments`; `None` when absent or `null`
    /// (then the header is omitted).
    pub fn value_in<'v>(&self, arguments: Option<&'v Value>) -> Option<&'v Value> {
        let mut at = arguments?;
        for key in &self.path {
            at = at.get(key)?;
        }
        (!matches!(at, Value::Null)).then_some(at)
    }
}

/// The largest integer JavaScript holds exactly (2^53 - 1): "Integer values **MUST** be
/// within the safe range for JavaScript".
pub const MAX_SAFE_INTEGER: i64 = (1 << 53) - 1;

/// The header text of a parameter value ("Type conversion" on the page), or why it has none.
pub fn header_text(value: &Value) -> Result<String, &'static str> {
    match value {
        Value::String(s) => Ok(s.clone()),
        Value::Bool(b) => Ok(if *b { "true" } else { "false" }.to_string()),
        Value::Number(n) => match integer_of(n) {
            Some(i) => Ok(itoa::Buffer::new().format(i).to_string()),
            None => Err("an x-mcp-header integer must be an integer in the JavaScript safe range"),
        },
        _ => Err("an x-mcp-header parameter must be a string, an integer or a boolean"),
    }
}

/// A JSON number's integer value when it is one within the safe range (`42.0` is 42).
pub fn integer_of(text: &str) -> Option<i64> {
    if let Ok(i) = text.parse::<i64>() {
        return (i.abs() <= MAX_SAFE_INTEGER).then_some(i);
    }
    let f: f64 = text.parse().ok()?;
    let limit = MAX_SAFE_INTEGER as f64;
    // no_std has no `fract`: an integral f64 in range survives the round trip through i64.
    let integral = (-limit..=limit).contains(&f) && (f as i64) as f64 == f;
    integral.then_some(f as i64)
}

/// The annotated parameters of one tool.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ToolHeaders {
    /// In schema order.
    pub params: Vec<HeaderParam>,
}

/// Keywords whose values are instances, not schemas: an `x-mcp-header` key inside them is
/// data, not an annotation.
const INSTANCE_KEYWORDS: &[&str] = &["const", "enum", "default", "examples"];

impl ToolHeaders {
    /// The annotations of a tool's `inputSchema`, or the reason the tool definition is
    /// invalid (the page's "Constraints on `x-mcp-header` values").
    pub fn from_input_schema(schema: &Value) -> Result<ToolHeaders, String> {
        let mut out = ToolHeaders::default();
        let mut path = Vec::new();
        walk(schema, true, &mut path, &mut out.params)?;
        for (i, p) in out.params.iter().enumerate() {
            // "MUST be case-insensitively unique among all x-mcp-header values".
            if out.params[..i]
                .iter()
                .any(|q| q.name.eq_ignore_ascii_case(&p.name))
            {
                return Err(format!("x-mcp-header \"{}\" is used twice", p.name));
            }
        }
        Ok(out)
    }

    /// The `Mcp-Param-*` headers (name, encoded value) of a call with `arguments`.
    pub fn headers_for(
        &self,
        arguments: Option<&Value>,
    ) -> Result<Vec<(String, String)>, ApiError> {
        let mut out = Vec::new();
        for p in &self.params {
            if let Some(v) = p.value_in(arguments) {
                let text = header_text(v)
                    .map_err(|why| ApiError::new(ErrorKind::InvalidToolArguments, why))?;
                let encoded = super::value_encoding::encode_header_value(&text).into_owned();
                out.push((p.header_name(), encoded));
            }
        }
        Ok(out)
    }
}

fn walk(
    schema: &Value,
    reachable: bool,
    path: &mut Vec<String>,
    out: &mut Vec<HeaderParam>,
) -> Result<(), String> {
    match schema {
        Value::Object(members) => {
            for (key, value) in members {
                match key.as_str() {
                    "x-mcp-header" => out.push(annotation(schema, value, reachable, path)?),
                    "properties" => {
                        if let Value::Object(props) = value {
                            for (name, sub) in props {
                                path.push(name.clone());
                                walk(sub, reachable, path, out)?;
                                path.pop();
                            }
                        }
                    }
                    k if INSTANCE_KEYWORDS.contains(&k) => {}
                    _ => walk(value, false, path, out)?,
                }
            }
            Ok(())
        }
        Value::Array(items) => items.iter().try_for_each(|v| walk(v, false, path, out)),
        _ => Ok(()),
    }
}

fn annotation(
    schema: &Value,
    value: &Value,
    reachable: bool,
    path: &[String],
) -> Result<HeaderParam, String> {
    let Value::String(name) = value else {
        return Err("x-mcp-header must be a string".into());
    };
    if !reachable || path.is_empty() {
        return Err(format!(
            "x-mcp-header \"{name}\" is not on a property reachable through `properties` alone"
        ));
    }
    if name.is_empty() {
        return Err("x-mcp-header must not be empty".into());
    }
    // "MUST match HTTP field-name token syntax (1*tchar)" (which also has no control
    // characters, CR or LF).
    if !name.bytes().all(is_tchar) {
        return Err(format!("x-mcp-header \"{name}\" is not an HTTP token"));
    }
    let kind = param_type(schema.get("type")).ok_or_else(|| {
        format!(
            "x-mcp-header \"{name}\" is on a parameter that is not a string, integer or boolean"
        )
    })?;
    Ok(HeaderParam {
        name: name.clone(),
        path: path.to_vec(),
        kind,
    })
}

/// The declared type: one of string, integer, boolean (optionally with "null": a null value
/// omits the header). `number` and untyped parameters are refused.
fn param_type(ty: Option<&Value>) -> Option<ParamType> {
    let one = |t: &str| match t {
        "string" => Some(ParamType::String),
        "integer" => Some(ParamType::Integer),
        "boolean" => Some(ParamType::Boolean),
        _ => None,
    };
    match ty? {
        Value::String(t) => one(t),
        Value::Array(list) => {
            let mut found = None;
            for t in list {
                match t {
                    Value::String(t) if t == "null" => {}
                    Value::String(t) if found.is_none() => found = Some(one(t)?),
                    _ => return None,
                }
            }
            found
        }
        _ => None,
    }
}

/// RFC 9110 `tchar`.
pub fn is_tchar(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b"!#$%&'*+-.^_`|~".contains(&b)
}

/// A warning for a tool left out of an HTTP client's catalog.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RejectedTool {
    /// The tool's name.
    pub tool: String,
    /// Why.
    pub reason: String,
}

/// The tools of a `tools/list` result an HTTP client keeps, and those it leaves out.
///
/// The page: clients "**MUST** reject tool definitions where any `x-mcp-header` value
/// violates these constraints. Rejection means the client **MUST** exclude the invalid tool
/// from the result of `tools/list`", and "**SHOULD** log a warning ... including the tool
/// name and the reason".
pub fn http_tool_catalog(tools: &[Value]) -> (Vec<Value>, Vec<RejectedTool>) {
    let mut kept = Vec::new();
    let mut rejected = Vec::new();
    for tool in tools {
        let schema = tool.get("inputSchema").unwrap_or(&Value::Null);
        match ToolHeaders::from_input_schema(schema) {
            Ok(_) => kept.push(tool.clone()),
            Err(reason) => rejected.push(RejectedTool {
                tool: match tool.get("name") {
                    Some(Value::String(n)) => n.clone(),
                    _ => String::new(),
                },
                reason,
            }),
        }
    }
    (kept, rejected)
}
