//! The host's policy: which tools a model sees, and which calls need the user's approval.
//!
//! Globs are matched against `server/tool`: `*` matches any run of characters (`/` too), `?`
//! one character; everything else matches itself. A glob without `/` is short for `*/glob`
//! (any server), so `deny: ["delete_*"]` hides every server's `delete_*` tools.

use super::catalog::Entry;
use super::tree::{members, object, text};
use crate::api::ApiError;
use crate::error::ErrorKind;
use crate::json::Value;
use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

/// When `decide` asks the user before a call runs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum AskRule {
    /// Ask unless the tool says `readOnlyHint: true` (the default).
    #[default]
    NonReadOnly,
    /// Ask only for tools that may be destructive: not read-only and `destructiveHint` true
    /// (the spec's default when absent).
    Destructive,
    /// Ask for every call.
    Always,
    /// Never ask (the host approves everything the policy shows).
    Never,
}

impl AskRule {
    /// Parses `"non_read_only"`, `"destructive"`, `"always"`, `"never"`.
    pub fn parse(s: &str) -> Result<AskRule, ApiError> {
        Ok(match s {
            "non_read_only" => AskRule::NonReadOnly,
            "destructive" => AskRule::Destructive,
            "always" => AskRule::Always,
            "never" => AskRule::Never,
            _ => {
                return Err(ApiError::usage(&format!(
                    "unknown ask rule {s:?}: expected \"non_read_only\", \"destructive\", \"always\" or \"never\""
                )))
            }
        })
    }

    /// The snake_case name.
    pub fn name(self) -> &'static str {
        match self {
            AskRule::NonReadOnly => "non_read_only",
            AskRule::Destructive => "destructive",
            AskRule::Always => "always",
            AskRule::Never => "never",
        }
    }
}

/// Which tools a model sees and which calls are asked about. The default shows every tool
/// and asks before any call to a tool that is not marked read-only.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Policy {
    /// Globs over `server/tool`; when not empty, only matching tools are shown.
    pub allow: Vec<String>,
    /// Globs over `server/tool`; matching tools are hidden (deny wins over allow).
    pub deny: Vec<String>,
    /// Show only tools with `readOnlyHint: true`.
    pub read_only: bool,
    /// Show at most this many tools (the first ones in catalog order); the rest are hidden
    /// with their reason.
    pub max_tools: Option<usize>,
    /// When a call needs the user's approval.
    pub ask: AskRule,
    /// Globs over `server/tool` whose calls are always asked about, whatever `ask` says.
    pub ask_tools: Vec<String>,
}

impl Policy {
    /// A policy from its plain object: `allow`, `deny`, `ask_tools` (arrays of globs),
    /// `read_only` (bool), `max_tools` (a non-negative integer or null), `ask` (a rule
    /// name). `null` is the default policy. A `predicate` member is ignored (bindings pass it
    /// as a callback); any other member is an error, so a misspelt rule never goes unnoticed.
    pub fn from_value(v: &Value) -> Result<Policy, ApiError> {
        let mut p = Policy::default();
        if matches!(v, Value::Null) {
            return Ok(p);
        }
        if !matches!(v, Value::Object(_)) {
            return Err(ApiError::new(ErrorKind::WrongType, "a policy is an object"));
        }
        for (key, value) in members(v) {
            match key.as_str() {
                "allow" => p.allow = globs(key, value)?,
                "deny" => p.deny = globs(key, value)?,
                "ask_tools" => p.ask_tools = globs(key, value)?,
                "read_only" => match value {
                    Value::Bool(b) => p.read_only = *b,
                    Value::Null => {}
                    _ => return Err(wrong(key, "a boolean")),
                },
                "max_tools" => p.max_tools = count(key, value)?,
                "ask" => match value {
                    Value::String(s) => p.ask = AskRule::parse(s)?,
                    Value::Null => {}
                    _ => return Err(wrong(key, "a string")),
                },
                "predicate" => {}
                _ => {
                    return Err(ApiError::usage(&format!(
                        "unknown policy member {key:?} (expected allow, deny, read_only, max_tools, ask, ask_tools, predicate)"
                    )))
                }
            }
        }
        Ok(p)
    }

    /// The policy as its plain object.
    pub fn to_value(&self) -> Value {
        let list = |g: &[String]| super::tree::strings(g.iter().map(String::as_str));
        object([
            ("allow", list(&self.allow)),
            ("deny", list(&self.deny)),
            ("read_only", Value::Bool(self.read_only)),
            (
                "max_tools",
                self.max_tools
                    .map_or(Value::Null, |n| Value::from_i64(n as i64)),
            ),
            ("ask", text(self.ask.name())),
            ("ask_tools", list(&self.ask_tools)),
        ])
    }
}

fn wrong(key: &str, what: &str) -> ApiError {
    ApiError::new(
        ErrorKind::WrongType,
        &format!("policy member `{key}` must be {what}"),
    )
}

fn globs(key: &str, v: &Value) -> Result<Vec<String>, ApiError> {
    match v {
        Value::Null => Ok(Vec::new()),
        Value::Array(list) => list
            .iter()
            .map(|g| match g {
                Value::String(s) => Ok(s.clone()),
                _ => Err(wrong(key, "an array of strings")),
            })
            .collect(),
        _ => Err(wrong(key, "an array of strings")),
    }
}

fn count(key: &str, v: &Value) -> Result<Option<usize>, ApiError> {
    match v {
        Value::Null => Ok(None),
        Value::Number(n) => n
            .parse::<usize>()
            .map(Some)
            .map_err(|_| wrong(key, "a non-negative integer")),
        _ => Err(wrong(key, "a non-negative integer")),
    }
}

/// Whether `glob` matches `server/tool` (see the module docs).
pub fn glob_matches(glob: &str, server: &str, tool: &str) -> bool {
    let subject: Vec<char> = if glob.contains('/') {
        server.chars().chain(['/']).chain(tool.chars()).collect()
    } else {
        tool.chars().collect()
    };
    let pattern: Vec<char> = glob.chars().collect();
    wildcard(&pattern, &subject)
}

/// Iterative wildcard match (`*`, `?`), linear backtracking on the last star.
fn wildcard(p: &[char], s: &[char]) -> bool {
    let (mut pi, mut si) = (0, 0);
    let mut star: Option<(usize, usize)> = None;
    while si < s.len() {
        match p.get(pi) {
            Some('*') => {
                star = Some((pi, si));
                pi += 1;
            }
            Some(c) if *c == '?' || *c == s[si] => {
                pi += 1;
                si += 1;
            }
            _ => match star {
                Some((sp, ss)) => {
                    pi = sp + 1;
                    si = ss + 1;
                    star = Some((sp, ss + 1));
                }
                None => return false,
            },
        }
    }
    p[pi.min(p.len())..].iter().all(|c| *c == '*')
}

/// The annotations of a tool read with the spec's defaults (2025-11-25 `ToolAnnotations`:
/// `readOnlyHint` false, `destructiveHint` true, `idempotentHint` false, `openWorldHint`
/// true). They are hints from the server: nothing here treats them as a permission.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hints {
    /// `readOnlyHint`.
    pub read_only: bool,
    /// `destructiveHint`.
    pub destructive: bool,
    /// `idempotentHint`.
    pub idempotent: bool,
    /// `openWorldHint`.
    pub open_world: bool,
}

impl Hints {
    /// The hints of a tool object.
    pub fn of(tool: &Value) -> Hints {
        let a = tool.get("annotations");
        let hint = |k: &str, d: bool| a.and_then(|a| super::tree::bool_at(a, k)).unwrap_or(d);
        Hints {
            read_only: hint("readOnlyHint", false),
            destructive: hint("destructiveHint", true),
            idempotent: hint("idempotentHint", false),
            open_world: hint("openWorldHint", true),
        }
    }

    /// `{readOnlyHint, destructiveHint, idempotentHint, openWorldHint}`.
    pub fn to_value(self) -> Value {
        object([
            ("readOnlyHint", Value::Bool(self.read_only)),
            ("destructiveHint", Value::Bool(self.destructive)),
            ("idempotentHint", Value::Bool(self.idempotent)),
            ("openWorldHint", Value::Bool(self.open_world)),
        ])
    }

    /// One line for a person: `read-only: no, destructive: yes, …`.
    pub fn describe(self) -> String {
        let yn = |b: bool| if b { "yes" } else { "no" };
        format!(
            "read-only: {}, destructive: {}, idempotent: {}, open world: {}",
            yn(self.read_only),
            yn(self.destructive),
            yn(self.idempotent),
            yn(self.open_world)
        )
    }
}

/// What the predicate is given for a tool: `{server, tool, title, description,
/// annotations, inputSchema}`.
pub(crate) fn predicate_view(e: &Entry) -> Value {
    let opt = |v: Option<&str>| v.map_or(Value::Null, text);
    object([
        ("server", text(&e.server)),
        ("tool", text(&e.name)),
        ("title", opt(e.title())),
        (
            "description",
            opt(super::tree::str_at(&e.tool, "description")),
        ),
        (
            "annotations",
            e.field("annotations").cloned().unwrap_or(Value::Null),
        ),
        ("inputSchema", e.input_schema.clone()),
    ])
}

/// Why a tool is hidden, or `None` when it is shown (before `max_tools`, which needs the
/// order).
fn hidden_reason(
    e: &Entry,
    policy: &Policy,
    predicate: &mut Option<&mut dyn FnMut(&Value) -> bool>,
) -> Option<String> {
    if let Err(err) = &e.compiled {
        return Some(format!(
            "schema_invalid: the inputSchema does not compile ({err})"
        ));
    }
    if let Some(g) = policy
        .deny
        .iter()
        .find(|g| glob_matches(g, &e.server, &e.name))
    {
        return Some(format!("denied: matches deny glob {g:?}"));
    }
    if !policy.allow.is_empty()
        && !policy
            .allow
            .iter()
            .any(|g| glob_matches(g, &e.server, &e.name))
    {
        return Some("not_allowed: matches no allow glob".into());
    }
    if policy.read_only && !Hints::of(&e.tool).read_only {
        return Some("not_read_only: the policy shows only tools with readOnlyHint: true".into());
    }
    if let Some(p) = predicate.as_mut() {
        if !p(&predicate_view(e)) {
            return Some("predicate: the host's predicate refused the tool".into());
        }
    }
    None
}

/// For every entry (catalog order), `None` when shown or the reason it is hidden.
pub(crate) fn visibility(
    entries: &[Entry],
    policy: &Policy,
    mut predicate: Option<&mut dyn FnMut(&Value) -> bool>,
) -> Vec<Option<String>> {
    let mut shown = 0usize;
    entries
        .iter()
        .map(|e| {
            let reason = hidden_reason(e, policy, &mut predicate);
            match (reason, policy.max_tools) {
                (Some(r), _) => Some(r),
                (None, Some(max)) if shown >= max => {
                    Some(format!("max_tools: the policy shows at most {max} tools"))
                }
                (None, _) => {
                    shown += 1;
                    None
                }
            }
        })
        .collect()
}

/// Why entry `index` is hidden, or `None` when shown: [`visibility`] for one entry, calling
/// the predicate for that entry and, under `max_tools`, for the entries before it only.
pub(crate) fn visibility_of(
    entries: &[Entry],
    index: usize,
    policy: &Policy,
    mut predicate: Option<&mut dyn FnMut(&Value) -> bool>,
) -> Option<String> {
    let e = entries.get(index)?;
    if let Some(reason) = hidden_reason(e, policy, &mut predicate) {
        return Some(reason);
    }
    let max = policy.max_tools?;
    let shown_before = entries[..index]
        .iter()
        .filter(|x| hidden_reason(x, policy, &mut predicate).is_none())
        .take(max)
        .count();
    (shown_before >= max).then(|| format!("max_tools: the policy shows at most {max} tools"))
}

/// `{shown: [{server, tool}], hidden: [{server, tool, reason}]}`.
pub(crate) fn selection_value(entries: &[Entry], vis: &[Option<String>]) -> Value {
    let (mut shown, mut hidden) = (Vec::new(), Vec::new());
    for (e, v) in entries.iter().zip(vis) {
        match v {
            None => shown.push(object([
                ("server", text(&e.server)),
                ("tool", text(&e.name)),
            ])),
            Some(r) => hidden.push(object([
                ("server", text(&e.server)),
                ("tool", text(&e.name)),
                ("reason", Value::String(r.to_string())),
            ])),
        }
    }
    object([
        ("shown", Value::Array(shown)),
        ("hidden", Value::Array(hidden)),
    ])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn globs_match_server_and_tool() {
        assert!(glob_matches("*", "a", "b"));
        assert!(glob_matches("delete_*", "fs", "delete_file"));
        assert!(!glob_matches("delete_*", "fs", "read_file"));
        assert!(glob_matches("fs/*", "fs", "read_file"));
        assert!(!glob_matches("fs/*", "git", "read_file"));
        assert!(glob_matches("*/re?d_*", "git", "read_x"));
        assert!(glob_matches("a*b*c", "s", "aXXbYYc"));
        assert!(!glob_matches("a*b*c", "s", "aXXbYY"));
        assert!(glob_matches("", "s", ""));
        assert!(!glob_matches("", "s", "x"));
    }

    #[test]
    fn policy_reads_its_object_and_rejects_unknown_members() {
        let v = Value::parse(
            br#"{"allow":["fs/*"],"deny":["*/rm"],"read_only":true,"max_tools":3,"ask":"always","predicate":null}"#,
            crate::Limits::DEFAULT,
        )
        .unwrap();
        let p = Policy::from_value(&v).unwrap();
        assert_eq!(p.allow, ["fs/*"]);
        assert_eq!(p.deny, ["*/rm"]);
        assert!(p.read_only);
        assert_eq!(p.max_tools, Some(3));
        assert_eq!(p.ask, AskRule::Always);
        assert_eq!(Policy::from_value(&p.to_value()).unwrap(), p);
        let bad = Value::parse(br#"{"alow":[]}"#, crate::Limits::DEFAULT).unwrap();
        assert!(Policy::from_value(&bad)
            .unwrap_err()
            .message
            .contains("alow"));
        let bad = Value::parse(br#"{"max_tools":-1}"#, crate::Limits::DEFAULT).unwrap();
        assert!(Policy::from_value(&bad).is_err());
    }
}
