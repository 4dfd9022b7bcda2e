//! Converting a catalog to a model API's tool list: names, schema rewrites with a report of
//! every change, the tool-list shape, and the per-request limits.
//!
//! Change codes (`changes[].change`), stable:
//! `renamed` (the tool's name), `description_from_title`, `wrapped_root` (a root
//! `anyOf`/`oneOf`/`allOf` or a non-object root put in one property `input`),
//! `added_type_object`, `added_properties`, `added_items`, `typed_any` (OpenAI: a schema of
//! any type given every JSON type), `boolean_schema` (`true`/`false`
//! written as an object schema), `additional_properties_false`, `made_required`,
//! `optional_made_nullable`, `one_of_to_any_of`, `merged_all_of`, `const_to_enum`,
//! `moved_to_description` (a keyword the target does not take, its constraint written into
//! the description), `removed_annotation` (`$schema`, `$id`, `$comment`, `examples`, …),
//! `renamed_property`, `inlined_ref`, `recursion_cut`, `type_array_to_nullable`,
//! `type_array_to_any_of`, `enum_stringified`, `any_of_null_to_nullable`, `removed_type_beside_any_of`,
//! `dropped_required` (a required name with no property), `parameters_omitted` (Gemini: a
//! tool without parameters), `strict_disabled` (the tool goes out with `strict: false`).

pub(crate) mod anthropic;
pub(crate) mod gemini;
pub(crate) mod keys;
pub(crate) mod openai;
pub(crate) mod refs;
pub(crate) mod walk;

pub(crate) use keys::KeyRule;

use super::catalog::Entry;
use super::tree::{object, pointer, text};
use super::Target;
use crate::api::ApiError;
use crate::json::Value;
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

/// One change made for a target: where (a JSON pointer into the MCP tool object), what (a
/// change code) and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Change {
    pub path: String,
    pub change: &'static str,
    pub reason: String,
}

/// What `decide` undoes for one tool and target.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Restore {
    /// The property the original root was wrapped in.
    pub wrapped: Option<String>,
    /// Optional properties were made nullable: a `null` there means absent.
    pub strip_nulls: bool,
    /// Property keys were renamed under this rule.
    pub keys: Option<KeyRule>,
    /// Enum values were written as strings.
    pub enum_strings: bool,
}

/// The key the original root is wrapped in.
pub(crate) const WRAP_KEY: &str = "input";

/// A converted input schema.
pub(crate) struct Converted {
    pub schema: Value,
    pub changes: Vec<Change>,
    pub restore: Restore,
    /// Strict was asked for and the schema could be made strict.
    pub strict: bool,
    /// Optional properties and union-typed properties (Anthropic's strict limits count them).
    pub optional: usize,
    pub unions: usize,
}

/// The text an enum value is shown as when a target takes string enums only.
pub(crate) fn enum_text(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        other => super::tree::json_text(other),
    }
}

/// Converts one tool's `inputSchema` for `target`.
pub(crate) fn convert_schema(target: Target, strict: bool, entry: &Entry) -> Converted {
    let strict = strict && !target.is_gemini();
    if strict {
        let c = walk::convert(target, true, &entry.input_schema);
        if let Err(reason) = &c.strict_ok {
            let mut plain = walk::convert(target, false, &entry.input_schema);
            plain.converted.changes.push(Change {
                path: "/inputSchema".into(),
                change: "strict_disabled",
                reason: format!("cannot be made strict without changing what it accepts: {reason}"),
            });
            return plain.converted;
        }
        return c.converted;
    }
    walk::convert(target, false, &entry.input_schema).converted
}

/// What `decide` undoes for `entry` converted for `target`.
pub(crate) fn restore_plan(target: Target, strict: bool, entry: &Entry) -> Restore {
    convert_schema(target, strict, entry).restore
}

fn description(entry: &Entry, changes: &mut Vec<Change>) -> Option<Value> {
    let own = super::tree::str_at(&entry.tool, "description").filter(|d| !d.is_empty());
    match (own, entry.description()) {
        (Some(d), _) => Some(text(d)),
        (None, Some(t)) => {
            changes.push(Change {
                path: "/description".into(),
                change: "description_from_title",
                reason: "the tool has no description; its title is shown instead".into(),
            });
            Some(text(t))
        }
        (None, None) => None,
    }
}

/// The target's declaration of one tool, with its changes.
fn declaration(target: Target, strict: bool, entry: &Entry, shown: &str) -> (Value, Converted) {
    let mut c = convert_schema(target, strict, entry);
    if shown != entry.name {
        c.changes.insert(
            0,
            Change {
                path: "/name".into(),
                change: "renamed",
                reason: format!("shown as {shown}: the name does not fit {} or collides with another server's tool", target.name()),
            },
        );
    }
    let desc = description(entry, &mut c.changes);
    let mut decl = Value::Object(Vec::new());
    super::tree::set(&mut decl, "name", text(shown));
    if let Some(d) = desc {
        super::tree::set(&mut decl, "description", d);
    }
    let schema = c.schema.clone();
    let decl = match target {
        Target::OpenAiChat => openai::chat_tool(decl, schema, c.strict),
        Target::OpenAiResponses => openai::responses_tool(decl, schema, c.strict),
        Target::Anthropic => anthropic::tool(decl, schema, c.strict),
        Target::Gemini => gemini::declaration(decl, schema, &mut c.changes),
        Target::GeminiJsonSchema => {
            super::tree::set(&mut decl, "parametersJsonSchema", schema);
            decl
        }
    };
    (decl, c)
}

/// Tools per request each target takes (`providers.md` §1).
fn request_limit(target: Target) -> usize {
    match target {
        Target::OpenAiChat | Target::OpenAiResponses => 128,
        Target::Gemini | Target::GeminiJsonSchema => 512,
        Target::Anthropic => usize::MAX,
    }
}

/// `{tools, names, changes}` for the shown entries.
pub(crate) fn to_model(
    target: Target,
    strict: bool,
    entries: &[Entry],
    shown_names: &[String],
    vis: &[Option<String>],
) -> Result<Value, ApiError> {
    let shown_count = vis.iter().filter(|v| v.is_none()).count();
    let limit = request_limit(target);
    if shown_count > limit {
        return Err(ApiError::usage(&format!(
            "{} takes at most {limit} tools per request and {shown_count} are selected: select fewer (policy allow, deny or max_tools)",
            target.name()
        )));
    }
    let mut budget = anthropic::StrictBudget::default();
    let (mut tools, mut names_map, mut changes) = (Vec::new(), Vec::new(), Vec::new());
    for ((e, v), shown) in entries.iter().zip(vis).zip(shown_names) {
        if v.is_some() {
            continue;
        }
        let (mut decl, mut c) = declaration(target, strict, e, shown);
        if target == Target::Anthropic && c.strict && !budget.admit(&c)? {
            (decl, c) = declaration(target, false, e, shown);
            c.changes.push(anthropic::over_budget());
        }
        names_map.push((
            shown.clone(),
            object([("server", text(&e.server)), ("tool", text(&e.name))]),
        ));
        for ch in c.changes {
            changes.push(object([
                ("server", text(&e.server)),
                ("tool", text(&e.name)),
                ("path", Value::String(ch.path)),
                ("change", text(ch.change)),
                ("reason", Value::String(ch.reason)),
            ]));
        }
        tools.push(decl);
    }
    let tools = match target {
        Target::Gemini | Target::GeminiJsonSchema => {
            alloc::vec![object([("functionDeclarations", Value::Array(tools))])]
        }
        _ => tools,
    };
    Ok(object([
        ("tools", Value::Array(tools)),
        ("names", Value::Object(names_map)),
        ("changes", Value::Array(changes)),
    ]))
}

/// A change at `base` + `/key`.
pub(crate) fn change_at(base: &str, key: &str, change: &'static str, reason: String) -> Change {
    Change {
        path: if key.is_empty() {
            base.into()
        } else {
            pointer(base, key)
        },
        change,
        reason,
    }
}
