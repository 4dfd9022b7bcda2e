//! The host kit: from `tools/list` catalogs to a model's tool list and back — inspect,
//! select, convert, decide, render. Pure functions on [`Value`]s; no I/O.
//!
//! The six steps of a tool call are list, inspect, select, approve, call, read the result.
//! mcpwire's codec and sessions do list and call; this module does the four host steps:
//!
//! ```
//! use mcpwire::host::{Catalog, Policy, Target};
//! use mcpwire::json::Value;
//! use mcpwire::Limits;
//!
//! let mut catalog = Catalog::new();
//! catalog.add_bytes("shop", br#"{"tools":[{"name":"lookup_order",
//!     "inputSchema":{"type":"object","properties":{"order_id":{"type":"string"}},"required":["order_id"]},
//!     "annotations":{"readOnlyHint":true}}]}"#).unwrap();
//! let policy = Policy::default();
//! let model = catalog.to_model(Target::OpenAiChat, true, &policy, None).unwrap();
//! assert_eq!(model.get("tools").map(|t| t.to_vec().len() > 0), Some(true));
//! let args = Value::String(r#"{"order_id":"A-1002"}"#.into());
//! let d = catalog.decide("lookup_order", &args, Some(Target::OpenAiChat), true, &policy, None);
//! assert_eq!(d.get("decision"), Some(&Value::String("run".into())));
//! ```
//!
//! # Choices where the issue and `providers.md` are silent (or disagree)
//! - **Pages.** `add` appends a page; a tool a server lists again replaces the earlier one
//!   (finding `duplicate_tool`). A page is checked whole before anything is added. A tool
//!   without an `inputSchema` object is kept as `{"type":"object"}` (finding
//!   `input_schema_missing`); a tool without a string `name` makes the page an error.
//! - **Names** are computed over the whole catalog, not the selection, so a tool's shown name
//!   never changes when the policy does (see [`names`] for the rules); they are computed for
//!   every target on each `add`, so `decide` and `lookup` cost a map lookup. Every target gets at
//!   most 64 characters: Anthropic's API takes 128 but its tool search and Claude Desktop
//!   64; Gemini took 64 until 2026-05 — the stricter rule wins, as the issue asks.
//! - **Selection.** A tool whose `inputSchema` does not compile is hidden (`schema_invalid`):
//!   its calls could not be checked. Checks run in this order: schema, deny, allow,
//!   read-only, predicate, then `max_tools` counts the tools left in catalog order. The
//!   predicate is called only for tools still shown after the policy's own rules (and by
//!   `decide` only for the called tool, plus the tools before it under `max_tools`). A
//!   hidden reason starts with a stable code: `schema_invalid`, `denied`, `not_allowed`,
//!   `not_read_only`, `predicate`, `max_tools`.
//! - **Limits per request** are checked on the selected tools before converting: more than
//!   128 (OpenAI) or 512 (Gemini) is an error of kind `invalid_value` naming the limit; so
//!   are more than 20 strict Anthropic tools. Anthropic's 24 optional and 16 union
//!   parameters (over all strict tools of a request) turn the tool that would pass them
//!   non-strict, reported as `strict_disabled` (the tool still goes out; nothing is cut).
//! - **Schemas** (details in the `convert` module docs: one file per target family): a change's `path` is a JSON pointer
//!   into the MCP tool (`/name`, `/description`, `/inputSchema/...`); for Gemini `parameters`
//!   paths inside inlined `$ref`s follow the inlined tree. The root is wrapped in one
//!   property `input` only where the target refuses it as it is: always when the root is not
//!   an object; for a root `anyOf`/`oneOf`/`allOf` under OpenAI strict, Anthropic and Gemini
//!   `parameters` (OpenAI non-strict and `parametersJsonSchema` take it). An `allOf` of plain
//!   object schemas is merged instead, and a composition whose branches only list `required`
//!   names (`oneOf: [{required: [a]}, {required: [b]}]`) moves into the description — both
//!   keep the arguments' shape. Annotations a target does not take (`$schema`, `$id`,
//!   `examples`, `title`, …) are removed; constraints (and `default`) move into the
//!   description as `(keyword: value; …)`. The description falls back to the title
//!   (`description_from_title`). OpenAPI's `nullable` in a tool's own schema is not JSON
//!   Schema and is not carried to Gemini.
//! - **Decide** rejects a tool the policy hides (with the reason), so the model cannot call
//!   what it was not shown. Arguments given as text: empty text counts as `{}`, and so does
//!   JSON `null`. Restoration runs only for a target and undoes exactly the kinds of change
//!   that target's conversion made to that tool (the conversion is recomputed for the one
//!   tool, so `to_model` need not have been called); the restored arguments are then checked
//!   against the original `inputSchema`. A `null` the model sends for an optional property
//!   whose original schema accepts `null` is kept. The answer also carries `hints`, the
//!   tool's annotations read with the spec's defaults.
//! - **Ask rules.** `"destructive"` asks when a tool is not read-only and `destructiveHint`
//!   is true (the default). `ask_tools` (globs) is an extra policy member: calls of matching
//!   tools are always asked about — the per-tool rule that makes a policy stricter.
//! - **Gemini** `tools` is the request's `tools` array: one `{functionDeclarations: [...]}`.
//!   `strict` has no meaning for Gemini and is ignored there.
//! - **Results**: see [`render_result`] (Chat gets one string; unknown block kinds are kept as
//!   their JSON text; images go to Gemini as inline parts of the function response).

mod catalog;
pub mod check;
mod convert;
mod decide;
mod inspect;
pub mod names;
mod policy;
mod render;
mod restore;
mod tree;

pub use check::check_tools;
pub use policy::{glob_matches, AskRule, Hints, Policy};
pub use render::{links_to_read, render_result};

use crate::api::ApiError;
use crate::json::Value;
use alloc::format;
use alloc::vec::Vec;
use catalog::{Entry, Repeat};

/// The model APIs a catalog is converted for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Target {
    /// OpenAI Chat Completions function tools (`"openai-chat"`).
    OpenAiChat,
    /// OpenAI Responses function tools (`"openai-responses"`).
    OpenAiResponses,
    /// Anthropic Messages tools (`"anthropic"`).
    Anthropic,
    /// Gemini `functionDeclarations` with `parameters`, the OpenAPI subset (`"gemini"`).
    Gemini,
    /// Gemini `functionDeclarations` with `parametersJsonSchema` (`"gemini-json-schema"`).
    GeminiJsonSchema,
}

impl Target {
    /// Every target.
    pub const ALL: [Target; 5] = [
        Target::OpenAiChat,
        Target::OpenAiResponses,
        Target::Anthropic,
        Target::Gemini,
        Target::GeminiJsonSchema,
    ];

    /// The target named `s` (see [`name`](Self::name)).
    pub fn parse(s: &str) -> Result<Target, ApiError> {
        Self::ALL.into_iter().find(|t| t.name() == s).ok_or_else(|| {
            ApiError::usage(&format!(
                "unknown target {s:?}: expected \"openai-chat\", \"openai-responses\", \"anthropic\", \"gemini\" or \"gemini-json-schema\""
            ))
        })
    }

    /// `"openai-chat"`, `"openai-responses"`, `"anthropic"`, `"gemini"`,
    /// `"gemini-json-schema"`.
    pub fn name(self) -> &'static str {
        match self {
            Target::OpenAiChat => "openai-chat",
            Target::OpenAiResponses => "openai-responses",
            Target::Anthropic => "anthropic",
            Target::Gemini => "gemini",
            Target::GeminiJsonSchema => "gemini-json-schema",
        }
    }

    pub(crate) fn is_gemini(self) -> bool {
        matches!(self, Target::Gemini | Target::GeminiJsonSchema)
    }
}

/// The tools of one or more servers, as their `tools/list` pages gave them.
#[derive(Clone, Debug, Default)]
pub struct Catalog {
    entries: Vec<Entry>,
    repeats: Vec<Repeat>,
    names: names::Tables,
}

impl Catalog {
    /// An empty catalog.
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds a page of `server`'s tools. `tools`: a `tools/list` result object (`{"tools":
    /// [...], "nextCursor"?}`), a full JSON-RPC response message whose result is that, or a
    /// bare array of tools. Call again for further pages. A page with a tool that has no
    /// string `name` adds nothing and is an error.
    pub fn add(&mut self, server: &str, tools: &Value) -> Result<(), ApiError> {
        catalog::add_page(&mut self.entries, &mut self.repeats, server, tools)?;
        self.names = names::Tables::of(&self.entries);
        Ok(())
    }

    /// [`add`](Self::add) with the page as bytes, parsed with the core's strict reader.
    pub fn add_bytes(&mut self, server: &str, tools: &[u8]) -> Result<(), ApiError> {
        self.add(server, &catalog::parse_page(tools)?)
    }

    /// The number of tools.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// True when no tool was added.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The tool object `tool` of `server`, as listed.
    pub fn tool(&self, server: &str, tool: &str) -> Option<&Value> {
        self.entries
            .iter()
            .find(|e| e.server == server && e.name == tool)
            .map(|e| &e.tool)
    }

    /// The `(server, MCP name)` of the tool shown to `target` as `shown`.
    pub fn lookup(&self, target: Target, shown: &str) -> Option<(&str, &str)> {
        let e = self.entries.get(self.names.find(target, shown)?)?;
        Some((&e.server, &e.name))
    }

    /// Findings for every tool: `[{server, tool, code, severity, message}]` (the codes are
    /// listed in the docs of the `inspect` module).
    pub fn inspect(&self) -> Value {
        inspect::inspect(&self.entries, &self.repeats)
    }

    /// Which tools the policy (and the host's predicate, given `{server, tool, title,
    /// description, annotations, inputSchema}`) shows: `{shown: [{server, tool}], hidden:
    /// [{server, tool, reason}]}`.
    pub fn select(
        &self,
        policy: &Policy,
        predicate: Option<&mut dyn FnMut(&Value) -> bool>,
    ) -> Value {
        let vis = policy::visibility(&self.entries, policy, predicate);
        policy::selection_value(&self.entries, &vis)
    }

    /// The selected tools converted for `target`: `{tools, names: {shown: {server, tool}},
    /// changes: [{server, tool, path, change, reason}]}`. More tools than the target takes in
    /// one request is an error naming the limit (select fewer).
    pub fn to_model(
        &self,
        target: Target,
        strict: bool,
        policy: &Policy,
        predicate: Option<&mut dyn FnMut(&Value) -> bool>,
    ) -> Result<Value, ApiError> {
        let vis = policy::visibility(&self.entries, policy, predicate);
        convert::to_model(
            target,
            strict,
            &self.entries,
            self.names.shown(target),
            &vis,
        )
    }

    /// Decides a model's call: `{decision: "run"|"ask"|"send_back"|"reject", server, tool,
    /// arguments, message, errors, hints, prompt?}`. `name` is a name
    /// [`to_model`](Self::to_model) showed for `target`, or with no target an MCP name
    /// (`server/tool` where two servers share it); `arguments` an object, or the JSON text of one.
    pub fn decide(
        &self,
        name: &str,
        arguments: &Value,
        target: Option<Target>,
        strict: bool,
        policy: &Policy,
        predicate: Option<&mut dyn FnMut(&Value) -> bool>,
    ) -> Value {
        let call = decide::Call {
            name,
            arguments,
            target,
            strict,
        };
        decide::decide(&self.entries, &self.names, &call, policy, predicate)
    }
}
