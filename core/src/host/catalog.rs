//! The catalog's store: every tool of every server, as `tools/list` pages give them.

use super::tree::{str_at, text};
use crate::api::ApiError;
use crate::error::ErrorKind;
use crate::json::Value;
use crate::limits::Limits;
use crate::schema::{Schema, SchemaError};
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

/// One tool of one server, as listed.
#[derive(Clone, Debug)]
pub(crate) struct Entry {
    /// The host's name for the server.
    pub server: String,
    /// The MCP tool name.
    pub name: String,
    /// The tool object as listed.
    pub tool: Value,
    /// `inputSchema` as listed (`{"type":"object"}` when the tool has none).
    pub input_schema: Value,
    /// True when the tool has no `inputSchema` object.
    pub schema_missing: bool,
    /// The compiled `inputSchema`.
    pub compiled: Result<Schema, SchemaError>,
}

impl Entry {
    fn new(server: &str, tool: Value) -> Result<Entry, ApiError> {
        let name = str_at(&tool, "name")
            .ok_or_else(|| ApiError::new(ErrorKind::MissingField, "a tool has no string `name`"))?
            .into();
        let (input_schema, schema_missing) = match tool.get("inputSchema") {
            Some(v @ (Value::Object(_) | Value::Bool(_))) => (v.clone(), false),
            _ => (super::tree::object([("type", text("object"))]), true),
        };
        let compiled = Schema::compile(&input_schema);
        Ok(Entry {
            server: server.into(),
            name,
            tool,
            input_schema,
            schema_missing,
            compiled,
        })
    }

    /// The member `key` of the tool object.
    pub(crate) fn field(&self, key: &str) -> Option<&Value> {
        self.tool.get(key)
    }

    /// The description, or the title when there is none.
    pub(crate) fn description(&self) -> Option<&str> {
        str_at(&self.tool, "description")
            .filter(|d| !d.is_empty())
            .or_else(|| self.title())
    }

    /// The title (`title`, else `annotations.title`).
    pub(crate) fn title(&self) -> Option<&str> {
        str_at(&self.tool, "title")
            .or_else(|| {
                self.tool
                    .get("annotations")
                    .and_then(|a| str_at(a, "title"))
            })
            .filter(|t| !t.is_empty())
    }

    /// `server/tool`.
    pub(crate) fn qualified(&self) -> String {
        format!("{}/{}", self.server, self.name)
    }
}

/// A repeated tool: the same name listed twice by one server (the later one is kept).
#[derive(Clone, Debug)]
pub(crate) struct Repeat {
    pub server: String,
    pub name: String,
}

/// The tools of a `tools/list` answer: a result object, a JSON-RPC response whose result is
/// one, or a bare array of tools.
pub(crate) fn tools_of(v: &Value) -> Result<&[Value], ApiError> {
    let result = match v {
        Value::Array(items) => return Ok(items),
        Value::Object(_) => v,
        _ => {
            return Err(ApiError::new(
                ErrorKind::WrongType,
                "tools must be an object or an array",
            ))
        }
    };
    if let Some(err) = v.get("error") {
        let message = str_at(err, "message").unwrap_or("(no message)");
        return Err(ApiError::usage(&format!(
            "the tools/list request failed: {message}"
        )));
    }
    let result = v.get("result").unwrap_or(result);
    match result.get("tools") {
        Some(Value::Array(items)) => Ok(items),
        Some(_) => Err(ApiError::new(
            ErrorKind::WrongType,
            "`tools` must be an array",
        )),
        None => Err(ApiError::new(
            ErrorKind::MissingField,
            "a tools/list result has a `tools` array",
        )),
    }
}

/// Reads one page into the entries: every tool is checked first, so a bad page adds nothing.
pub(crate) fn add_page(
    entries: &mut Vec<Entry>,
    repeats: &mut Vec<Repeat>,
    server: &str,
    page: &Value,
) -> Result<(), ApiError> {
    let mut fresh = Vec::new();
    for (i, tool) in tools_of(page)?.iter().enumerate() {
        if !matches!(tool, Value::Object(_)) {
            return Err(ApiError::new(
                ErrorKind::WrongType,
                &format!("tools[{i}] is not an object"),
            ));
        }
        let entry = Entry::new(server, tool.clone())
            .map_err(|e| ApiError::new(e.kind, &format!("tools[{i}]: {}", e.message)))?;
        fresh.push(entry);
    }
    for entry in fresh {
        match entries
            .iter()
            .position(|e| e.server == entry.server && e.name == entry.name)
        {
            Some(at) => {
                repeats.push(Repeat {
                    server: entry.server.clone(),
                    name: entry.name.clone(),
                });
                entries[at] = entry;
            }
            None => entries.push(entry),
        }
    }
    Ok(())
}

/// Parses a page given as bytes with the core's strict reader.
pub(crate) fn parse_page(bytes: &[u8]) -> Result<Value, ApiError> {
    Ok(Value::parse(bytes, Limits::DEFAULT)?)
}
