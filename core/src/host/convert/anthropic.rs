//! Anthropic Messages tools.
//!
//! Always: no `anyOf`/`oneOf`/`allOf` at the root (claude-code #5973), property keys
//! `^[a-zA-Z0-9_.-]{1,64}$` at every level (claude-code #79418). Strict (`strict: true`, the
//! structured-outputs grammar): the keyword set the SDK's transform keeps (`type`, `enum`,
//! `const`, `anyOf` — `oneOf` becomes `anyOf` —, `allOf`, local `$ref`/`$defs`, `required`,
//! `additionalProperties: false`, `items`, `minItems` 0 or 1, a known `format`), the rest
//! moved into the description; no recursive schema. Per request: at most 20 strict tools (an
//! error), 24 optional parameters and 16 union parameters over all strict tools (a tool that
//! would pass either goes out with `strict: false`, reported).

use super::refs::is_recursive;
use super::walk::{is_object_node, rename_keys, Ctx};
use super::{Change, Converted, KeyRule};
use crate::api::ApiError;
use crate::host::tree;
use crate::json::Value;
use alloc::format;

/// Keywords strict mode keeps.
pub(crate) const STRICT_KEYWORDS: [&str; 15] = [
    "type",
    "enum",
    "const",
    "anyOf",
    "allOf",
    "$ref",
    "$defs",
    "definitions",
    "required",
    "additionalProperties",
    "items",
    "properties",
    "description",
    "format",
    "minItems",
];

/// Formats strict mode keeps.
pub(crate) const STRICT_FORMATS: [&str; 10] = [
    "date-time",
    "time",
    "date",
    "duration",
    "email",
    "hostname",
    "uri",
    "ipv4",
    "ipv6",
    "uuid",
];

/// Strict tools per request.
pub(crate) const MAX_STRICT_TOOLS: usize = 20;
/// Optional parameters over all strict tools of a request.
pub(crate) const MAX_OPTIONAL: usize = 24;
/// Union-typed parameters over all strict tools of a request.
pub(crate) const MAX_UNIONS: usize = 16;

/// `{name, description?, input_schema, strict?}`.
pub(crate) fn tool(mut decl: Value, schema: Value, strict: bool) -> Value {
    tree::set(&mut decl, "input_schema", schema);
    if strict {
        tree::set(&mut decl, "strict", Value::Bool(true));
    }
    decl
}

pub(crate) fn strict_pre(ctx: &mut Ctx<'_>, v: &mut Value, path: &str) {
    if path == "/inputSchema" && is_recursive(ctx.root) {
        ctx.fail(path, "a recursive schema");
    }
    if let Some(one) = tree::remove(v, "oneOf") {
        if v.get("anyOf").is_some() {
            tree::set(v, "oneOf", one);
            ctx.fail(path, "oneOf beside anyOf");
            return;
        }
        tree::set(v, "anyOf", one);
        ctx.change(
            path,
            "oneOf",
            "one_of_to_any_of",
            "strict mode takes anyOf, not oneOf (the arguments are still checked against oneOf)"
                .into(),
        );
    }
    if v.get("patternProperties").is_some() {
        ctx.fail(path, "patternProperties");
    }
    if let Some(Value::String(f)) = v.get("format") {
        if !STRICT_FORMATS.contains(&f.as_str()) {
            let why = format!("format {f:?} is not one strict mode takes");
            ctx.move_to_description(v, path, "format", &why);
        }
    }
    if let Some(Value::Number(n)) = v.get("minItems") {
        if n != "0" && n != "1" {
            ctx.move_to_description(
                v,
                path,
                "minItems",
                "strict mode takes minItems 0 or 1 only",
            );
        }
    }
}

pub(crate) fn post(ctx: &mut Ctx<'_>, v: &mut Value, path: &str, _is_root: bool) {
    if ctx.strict {
        ctx.restrict(
            v,
            path,
            &STRICT_KEYWORDS,
            "is not in strict mode's keyword set",
        );
        if is_object_node(v) {
            match v.get("additionalProperties") {
                Some(Value::Bool(false)) => {}
                Some(_) => ctx.fail(
                    path,
                    "an object that takes other members (additionalProperties)",
                ),
                None if v.get("properties").is_none() && path != "/inputSchema" => {
                    ctx.fail(path, "an object of any members")
                }
                None => {
                    tree::set(v, "additionalProperties", Value::Bool(false));
                    ctx.change(
                        path,
                        "additionalProperties",
                        "additional_properties_false",
                        "strict mode needs additionalProperties: false on every object".into(),
                    );
                }
            }
            count_parameters(ctx, v);
        }
    }
    rename_keys(ctx, v, path, KeyRule::Anthropic);
}

/// Counts optional and union-typed properties for the request limits.
fn count_parameters(ctx: &mut Ctx<'_>, v: &Value) {
    let required = tree::str_items(v, "required");
    for (k, p) in v.get("properties").map(tree::members).unwrap_or_default() {
        if !required.contains(&k.as_str()) {
            ctx.optional += 1;
        }
        let union = p.get("anyOf").is_some() || matches!(p.get("type"), Some(Value::Array(_)));
        if union {
            ctx.unions += 1;
        }
    }
}

/// The strict limits over one request's tools.
#[derive(Default)]
pub(crate) struct StrictBudget {
    tools: usize,
    optional: usize,
    unions: usize,
}

impl StrictBudget {
    /// Admits a strict tool: `Ok(false)` when the optional or union budget would run out (the
    /// tool then goes out non-strict); more than 20 strict tools is an error.
    pub(crate) fn admit(&mut self, c: &Converted) -> Result<bool, ApiError> {
        if self.optional + c.optional > MAX_OPTIONAL || self.unions + c.unions > MAX_UNIONS {
            return Ok(false);
        }
        self.tools += 1;
        if self.tools > MAX_STRICT_TOOLS {
            return Err(ApiError::usage(&format!(
                "anthropic takes at most {MAX_STRICT_TOOLS} strict tools per request: select fewer (policy allow, deny or max_tools) or convert without strict"
            )));
        }
        self.optional += c.optional;
        self.unions += c.unions;
        Ok(true)
    }
}

/// The change saying a tool went out non-strict for the request's budget.
pub(crate) fn over_budget() -> Change {
    Change {
        path: "/inputSchema".into(),
        change: "strict_disabled",
        reason: format!(
            "the request's strict tools would exceed {MAX_OPTIONAL} optional or {MAX_UNIONS} union parameters"
        ),
    }
}
