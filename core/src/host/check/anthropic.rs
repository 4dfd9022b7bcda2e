//! Anthropic's rules for one schema node and for a request's strict tools
//! (`providers.md` §1b).

use super::{bad_keys, Violation};
use crate::host::convert::anthropic::{
    MAX_OPTIONAL, MAX_STRICT_TOOLS, MAX_UNIONS, STRICT_FORMATS, STRICT_KEYWORDS,
};
use crate::host::convert::keys::KeyRule;
use crate::host::convert::refs::is_recursive;
use crate::host::tree::{self, pointer, text};
use crate::json::Value;
use alloc::format;
use alloc::vec::Vec;

/// Property keys always; strict: the keyword subset, `additionalProperties: false`,
/// `minItems` 0 or 1, known formats.
pub(crate) fn node(out: &mut Vec<Violation>, strict: bool, v: &Value, path: &str) {
    bad_keys(out, KeyRule::Anthropic, "property_key_invalid", v, path);
    if !strict {
        return;
    }
    for (k, _) in tree::members(v) {
        if !STRICT_KEYWORDS.contains(&k.as_str()) {
            out.push(Violation {
                code: "keyword_unsupported",
                path: pointer(path, k),
                message: format!("strict mode does not take {k}"),
            });
        }
    }
    if let Some(Value::String(f)) = v.get("format") {
        if !STRICT_FORMATS.contains(&f.as_str()) {
            out.push(Violation {
                code: "format_unsupported",
                path: pointer(path, "format"),
                message: format!("strict mode does not take format {f:?}"),
            });
        }
    }
    if let Some(Value::Number(n)) = v.get("minItems") {
        if n != "0" && n != "1" {
            out.push(Violation {
                code: "min_items_unsupported",
                path: pointer(path, "minItems"),
                message: "strict mode takes minItems 0 or 1".into(),
            });
        }
    }
    let object = v.get("type") == Some(&text("object")) || v.get("properties").is_some();
    if object && v.get("additionalProperties") != Some(&Value::Bool(false)) {
        out.push(Violation {
            code: "additional_properties_not_false",
            path: path.into(),
            message: "strict mode needs additionalProperties: false".into(),
        });
    }
}

/// The strict tools of a request, counted.
#[derive(Default)]
pub(crate) struct Totals {
    tools: usize,
    optional: usize,
    unions: usize,
}

impl Totals {
    /// Counts one strict tool's schema.
    pub(crate) fn add(&mut self, out: &mut Vec<Violation>, schema: &Value, path: &str) {
        self.tools += 1;
        if is_recursive(schema) {
            out.push(Violation {
                code: "recursive_schema",
                path: path.into(),
                message: "strict mode refuses recursive schemas".into(),
            });
        }
        super::each_node(schema, path, &mut |v, _| {
            let required = tree::str_items(v, "required");
            for (k, p) in v.get("properties").map(tree::members).unwrap_or_default() {
                if !required.contains(&k.as_str()) {
                    self.optional += 1;
                }
                if p.get("anyOf").is_some() || matches!(p.get("type"), Some(Value::Array(_))) {
                    self.unions += 1;
                }
            }
        });
    }

    /// The per-request limits.
    pub(crate) fn finish(&self, out: &mut Vec<Violation>) {
        let mut over = |code, n: usize, max: usize, what: &str| {
            if n > max {
                out.push(Violation {
                    code,
                    path: "".into(),
                    message: format!("{n} {what} in strict tools; at most {max} per request"),
                });
            }
        };
        over(
            "too_many_strict_tools",
            self.tools,
            MAX_STRICT_TOOLS,
            "tools",
        );
        over(
            "too_many_optional",
            self.optional,
            MAX_OPTIONAL,
            "optional parameters",
        );
        over(
            "too_many_unions",
            self.unions,
            MAX_UNIONS,
            "union parameters",
        );
    }
}
