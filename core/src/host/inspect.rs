//! Findings about a catalog's tools: `{server, tool, code, severity, message}`.
//!
//! Codes (stable) and severities:
//! - `schema_invalid` (error): the `inputSchema` does not compile (the validator's error).
//! - `input_schema_missing` (error): the tool has no `inputSchema` object.
//! - `root_not_object` (error): the root is not `type: "object"`.
//! - `properties_missing` (warning): the root object has no `properties`.
//! - `ref_unresolved` (error): a local `$ref` points nowhere.
//! - `name_invalid` (warning): the name is outside the spec's `[A-Za-z0-9_.-]{1,128}`.
//! - `name_collision` (warning): another server has a tool of the same name.
//! - `duplicate_tool` (warning): the server listed the name twice (the later tool is kept).
//! - `description_missing` (info): no description (nor title) for the model.
//! - `hints` (info): the annotations read with the spec's defaults, as hints, not permissions.
//! - `<target>_<violation>` (warning): what a target would refuse in the tool as listed, from
//!   [`check`](super::check)'s rules (`openai_name_invalid`, `anthropic_root_composition`,
//!   `gemini_keyword_unsupported`, …), one finding per rule listing every place; the
//!   families are `openai`, `openai_strict`, `anthropic`, `anthropic_strict`, `gemini`
//!   (`parameters`) and `gemini_json_schema`. The conversion repairs these and reports how.

use super::catalog::{Entry, Repeat};
use super::check::{self, Violation};
use super::convert::refs::resolve_ref;
use super::policy::Hints;
use super::tree::{object, text};
use super::{names, Target};
use crate::json::Value;
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

struct Findings(Vec<Value>);

impl Findings {
    fn add(&mut self, e: &Entry, code: &str, severity: &str, message: String) {
        self.0.push(object([
            ("server", text(&e.server)),
            ("tool", text(&e.name)),
            ("code", text(code)),
            ("severity", text(severity)),
            ("message", Value::String(message)),
        ]));
    }
}

fn unresolved_refs<'a>(root: &'a Value, v: &'a Value, out: &mut Vec<&'a str>, depth: usize) {
    if depth > 64 {
        return;
    }
    match v {
        Value::Object(m) => {
            for (k, x) in m {
                match (k.as_str(), x) {
                    ("$ref", Value::String(r))
                        if r.starts_with('#') && resolve_ref(root, r).is_none() =>
                    {
                        out.push(r)
                    }
                    ("enum" | "const" | "default" | "examples", _) => {}
                    _ => unresolved_refs(root, x, out, depth + 1),
                }
            }
        }
        Value::Array(a) => a
            .iter()
            .for_each(|x| unresolved_refs(root, x, out, depth + 1)),
        _ => {}
    }
}

fn schema_findings(f: &mut Findings, e: &Entry) {
    if e.schema_missing {
        f.add(e, "input_schema_missing", "error", "the tool has no inputSchema object (the spec requires one); taken as {\"type\":\"object\"}".into());
    }
    if let Err(err) = &e.compiled {
        f.add(
            e,
            "schema_invalid",
            "error",
            format!("the inputSchema does not compile: {err}"),
        );
    }
    let s = &e.input_schema;
    if s.get("type") != Some(&text("object")) {
        f.add(
            e,
            "root_not_object",
            "error",
            "the inputSchema's root is not `type: \"object\"`".into(),
        );
    } else if s.get("properties").is_none() {
        f.add(
            e,
            "properties_missing",
            "warning",
            "the root object has no `properties` (OpenAI refuses that; the conversion adds `{}`)"
                .into(),
        );
    }
    let mut refs = Vec::new();
    unresolved_refs(s, s, &mut refs, 0);
    for r in refs {
        f.add(
            e,
            "ref_unresolved",
            "error",
            format!("the local $ref {r:?} points nowhere in the schema"),
        );
    }
}

/// The findings of every tool, in catalog order.
pub(crate) fn inspect(entries: &[Entry], repeats: &[Repeat]) -> Value {
    let mut f = Findings(Vec::new());
    for e in entries {
        schema_findings(&mut f, e);
        if !names::fits(None, &e.name) {
            f.add(
                e,
                "name_invalid",
                "warning",
                format!(
                    "the name {:?} is outside the spec's [A-Za-z0-9_.-]{{1,128}}",
                    e.name
                ),
            );
        }
        let others: Vec<&str> = entries
            .iter()
            .filter(|o| o.name == e.name && o.server != e.server)
            .map(|o| o.server.as_str())
            .collect();
        if !others.is_empty() {
            f.add(
                e,
                "name_collision",
                "warning",
                format!(
                    "server(s) {} also have a tool named {}",
                    others.join(", "),
                    e.name
                ),
            );
        }
        if repeats
            .iter()
            .any(|r| r.server == e.server && r.name == e.name)
        {
            f.add(
                e,
                "duplicate_tool",
                "warning",
                "the server listed this name more than once; the last one is kept".into(),
            );
        }
        if e.description().is_none() {
            f.add(
                e,
                "description_missing",
                "info",
                "no description or title: the model sees only the name".into(),
            );
        }
        let h = Hints::of(&e.tool);
        f.add(
            e,
            "hints",
            "info",
            format!("{} (hints from the server, not permissions)", h.describe()),
        );
        for (family, target, strict) in FAMILIES {
            provider_findings(&mut f, e, family, target, strict);
        }
    }
    Value::Array(f.0)
}

/// The provider families inspect reports on: the tool as listed, checked as one tool.
const FAMILIES: [(&str, Target, bool); 6] = [
    ("openai", Target::OpenAiChat, false),
    ("openai_strict", Target::OpenAiChat, true),
    ("anthropic", Target::Anthropic, false),
    ("anthropic_strict", Target::Anthropic, true),
    ("gemini", Target::Gemini, false),
    ("gemini_json_schema", Target::GeminiJsonSchema, false),
];

/// One finding per rule the tool breaks for a provider family, listing where.
fn provider_findings(f: &mut Findings, e: &Entry, family: &str, target: Target, strict: bool) {
    let found = raw_violations(target, strict, e);
    let mut codes: Vec<&str> = found.iter().map(|v| v.code).collect();
    codes.dedup();
    codes.sort_unstable();
    codes.dedup();
    for code in codes {
        let same: Vec<&Violation> = found.iter().filter(|v| v.code == code).collect();
        let places: Vec<String> = same.iter().map(|v| tool_path(&v.path)).collect();
        let mut message = format!("{}: {}", family_name(family), same[0].message);
        match places.as_slice() {
            [one] => message.push_str(&format!(" (at {one})")),
            many => message.push_str(&format!(" (at {} places: {})", many.len(), many.join(", "))),
        }
        f.add(e, &format!("{family}_{code}"), "warning", message);
    }
}

fn family_name(family: &str) -> &'static str {
    match family {
        "openai" => "OpenAI",
        "openai_strict" => "OpenAI strict",
        "anthropic" => "Anthropic",
        "anthropic_strict" => "Anthropic strict",
        "gemini" => "Gemini parameters",
        _ => "Gemini parametersJsonSchema",
    }
}

/// A checker path in the one-tool list made a path into the MCP tool.
fn tool_path(path: &str) -> String {
    const PREFIXES: [(&str, &str); 6] = [
        ("/0/function/parameters", "/inputSchema"),
        ("/0/function/name", "/name"),
        (
            "/0/functionDeclarations/0/parametersJsonSchema",
            "/inputSchema",
        ),
        ("/0/functionDeclarations/0/parameters", "/inputSchema"),
        ("/0/functionDeclarations/0/name", "/name"),
        ("/0/input_schema", "/inputSchema"),
    ];
    for (from, to) in PREFIXES {
        if let Some(rest) = path.strip_prefix(from) {
            return format!("{to}{rest}");
        }
    }
    match path {
        "/0/name" => "/name".into(),
        other => other.into(),
    }
}

/// The violations of the tool as listed (its MCP name, its schema unchanged), alone in a
/// request.
fn raw_violations(target: Target, strict: bool, e: &Entry) -> Vec<Violation> {
    let decl = check::raw_declaration(target, strict, &e.name, &e.input_schema);
    check::violations(target, strict, &decl)
        .into_iter()
        .filter(|v| !v.code.starts_with("too_many"))
        .collect()
}
