//! The approval step: a model's call → run, ask, send back or reject.
//!
//! The default policy follows the seed: an unknown tool is rejected; arguments that are not
//! JSON or do not fit the schema are sent back with the validator's errors; a tool marked
//! `readOnlyHint: true` runs; any other tool is asked about. A policy can ask more
//! (`ask: "always"`, `ask_tools`) or less (`"destructive"`, `"never"`).

use super::catalog::Entry;
use super::policy::{glob_matches, visibility_of, AskRule, Hints, Policy};
use super::tree::{json_text, object, text};
use super::{convert, names, restore, Target};
use crate::json::Value;
use crate::limits::Limits;
use crate::schema::{errors_to_text, errors_to_value};
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

struct Outcome<'a> {
    decision: &'static str,
    entry: Option<&'a Entry>,
    arguments: Value,
    message: String,
    errors: Value,
}

impl Outcome<'_> {
    fn into_value(self) -> Value {
        let (server, tool) = match self.entry {
            Some(e) => (text(&e.server), text(&e.name)),
            None => (Value::Null, Value::Null),
        };
        let hints = self
            .entry
            .map_or(Value::Null, |e| Hints::of(&e.tool).to_value());
        let mut v = object([
            ("decision", text(self.decision)),
            ("server", server),
            ("tool", tool),
            ("arguments", self.arguments),
            ("message", Value::String(self.message)),
            ("errors", self.errors),
            ("hints", hints),
        ]);
        if let (Some(e), "ask") = (self.entry, self.decision) {
            let args = v.get("arguments").map(json_text).unwrap_or_default();
            let prompt = format!(
                "{} {}\nserver: {}\nhints (from the server, not verified): {}",
                e.name,
                args,
                e.server,
                Hints::of(&e.tool).describe()
            );
            super::tree::set(&mut v, "prompt", Value::String(prompt));
        }
        v
    }
}

fn reject<'a>(entry: Option<&'a Entry>, arguments: &Value, message: String) -> Outcome<'a> {
    Outcome {
        decision: "reject",
        entry,
        arguments: arguments.clone(),
        message,
        errors: Value::Array(Vec::new()),
    }
}

/// A model's call: the name it was shown (or an MCP name), its arguments, and the target and
/// strictness the tools were converted with.
pub(crate) struct Call<'a> {
    pub name: &'a str,
    pub arguments: &'a Value,
    pub target: Option<Target>,
    pub strict: bool,
}

/// Finds the entry a call names: through the target's shown names, or by MCP name.
fn find<'a>(
    entries: &'a [Entry],
    tables: &names::Tables,
    name: &str,
    target: Option<Target>,
) -> Result<&'a Entry, String> {
    if let Some(t) = target {
        return tables
            .find(t, name)
            .and_then(|i| entries.get(i))
            .ok_or_else(|| format!("no such tool: {name}"));
    }
    let same: Vec<&Entry> = entries.iter().filter(|e| e.name == name).collect();
    match same.as_slice() {
        [one] => Ok(one),
        [] => entries
            .iter()
            .find(|e| e.qualified() == name)
            .ok_or_else(|| format!("no such tool: {name}")),
        many => {
            let choices: Vec<String> = many.iter().map(|e| e.qualified()).collect();
            Err(format!(
                "ambiguous tool name {name}: several servers have it; call one of {}",
                choices.join(", ")
            ))
        }
    }
}

/// The arguments as a value: an object as it is, text parsed strictly (empty text and
/// `null` are `{}`).
fn parse_arguments(arguments: &Value) -> Result<Value, String> {
    let parsed = match arguments {
        Value::String(s) if s.trim().is_empty() => Value::Object(Vec::new()),
        Value::String(s) => Value::parse(s.as_bytes(), Limits::DEFAULT)
            .map_err(|e| format!("the arguments are not valid JSON: {e}"))?,
        Value::Null => Value::Object(Vec::new()),
        other => other.clone(),
    };
    match parsed {
        Value::Object(_) => Ok(parsed),
        _ => Err("the arguments must be a JSON object".into()),
    }
}

fn asks(policy: &Policy, e: &Entry) -> bool {
    let h = Hints::of(&e.tool);
    if policy
        .ask_tools
        .iter()
        .any(|g| glob_matches(g, &e.server, &e.name))
    {
        return true;
    }
    match policy.ask {
        AskRule::NonReadOnly => !h.read_only,
        AskRule::Destructive => !h.read_only && h.destructive,
        AskRule::Always => true,
        AskRule::Never => false,
    }
}

/// `decide` for the catalog's entries and their visibility under the policy.
pub(crate) fn decide(
    entries: &[Entry],
    tables: &names::Tables,
    call: &Call<'_>,
    policy: &Policy,
    predicate: Option<&mut dyn FnMut(&Value) -> bool>,
) -> Value {
    let Call {
        name,
        arguments,
        target,
        strict,
    } = *call;
    let entry = match find(entries, tables, name, target) {
        Ok(e) => e,
        Err(message) => return reject(None, arguments, message).into_value(),
    };
    let index = entries
        .iter()
        .position(|x| core::ptr::eq(x, entry))
        .unwrap_or_default();
    if let Some(reason) = visibility_of(entries, index, policy, predicate) {
        let message = format!(
            "tool {} is not available in this chat ({reason})",
            entry.name
        );
        return reject(Some(entry), arguments, message).into_value();
    }
    let args = match parse_arguments(arguments) {
        Ok(a) => a,
        Err(message) => {
            return Outcome {
                decision: "send_back",
                entry: Some(entry),
                arguments: arguments.clone(),
                message: format!("Invalid arguments for tool {name}: {message}"),
                errors: Value::Array(Vec::new()),
            }
            .into_value()
        }
    };
    let args = match target {
        Some(t) => {
            let how = convert::restore_plan(t, strict, entry);
            restore::restore(&entry.input_schema, &how, args)
        }
        None => args,
    };
    let errors = match &entry.compiled {
        Ok(schema) => schema.validate(&args),
        Err(e) => {
            let message = format!(
                "tool {} cannot be checked: its inputSchema does not compile ({e})",
                entry.name
            );
            return reject(Some(entry), &args, message).into_value();
        }
    };
    if !errors.is_empty() {
        return Outcome {
            decision: "send_back",
            entry: Some(entry),
            arguments: args,
            message: format!(
                "Invalid arguments for tool {name}:\n{}",
                errors_to_text(&errors)
            ),
            errors: errors_to_value(&errors),
        }
        .into_value();
    }
    let decision = if asks(policy, entry) { "ask" } else { "run" };
    let message = match decision {
        "ask" => format!(
            "ask the user before calling {} on {}",
            entry.name, entry.server
        ),
        _ => format!("call {} on {}", entry.name, entry.server),
    };
    Outcome {
        decision,
        entry: Some(entry),
        arguments: args,
        message,
        errors: Value::Array(Vec::new()),
    }
    .into_value()
}
