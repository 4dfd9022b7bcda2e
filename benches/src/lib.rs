//! Deterministic benchmark corpus for mcpwire and the libraries it is measured against.
//!
//! Six message classes from issue 8 plus error responses (for the allocation target). Every
//! input is compact JSON as a peer would send it over stdio or HTTP, built by hand so that key
//! order, escapes (`\n`, `\"`, `\u00e9`) and raw UTF-8 are exactly what the class asks for.
//! The same seed always gives the same bytes.

use std::fmt::Write as _;

/// Which side of the protocol sends a class (picks rmcp's generic enum).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    /// Client to server (`ClientJsonRpcMessage`).
    Client,
    /// Server to client (`ServerJsonRpcMessage`).
    Server,
}

/// The message classes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ClassId {
    /// `tools/list` result, 100 tools with nested schemas (one message, ~277 KB).
    ToolsList,
    /// 1000 small `tools/call` requests (~216 B each).
    ToolsCall,
    /// `CallToolResult`, 5 text blocks with escapes and unicode (~5 KB).
    TextBlocks,
    /// `CallToolResult` with a 1 MB base64 image.
    Image,
    /// 1000 `notifications/progress`.
    Progress,
    /// `CallToolResult` with ~50 KB nested `structuredContent`.
    Structured,
    /// 1000 JSON-RPC error responses (not in the issue's table; for the allocation target).
    Errors,
}

impl ClassId {
    /// All classes in table order.
    pub const ALL: [ClassId; 7] = [
        ClassId::ToolsList,
        ClassId::ToolsCall,
        ClassId::TextBlocks,
        ClassId::Image,
        ClassId::Progress,
        ClassId::Structured,
        ClassId::Errors,
    ];

    /// Short name used for criterion group ids.
    pub const fn slug(self) -> &'static str {
        match self {
            ClassId::ToolsList => "tools_list_100",
            ClassId::ToolsCall => "tools_call_1000",
            ClassId::TextBlocks => "text_blocks_5",
            ClassId::Image => "image_1mb",
            ClassId::Progress => "progress_1000",
            ClassId::Structured => "structured_50kb",
            ClassId::Errors => "errors_1000",
        }
    }

    /// Human description for tables.
    pub const fn label(self) -> &'static str {
        match self {
            ClassId::ToolsList => "tools/list result, 100 tools",
            ClassId::ToolsCall => "tools/call requests, 1000",
            ClassId::TextBlocks => "CallToolResult, 5 text blocks",
            ClassId::Image => "CallToolResult, 1 MB base64 image",
            ClassId::Progress => "progress notifications, 1000",
            ClassId::Structured => "CallToolResult, 50 KB structuredContent",
            ClassId::Errors => "error responses, 1000",
        }
    }

    /// Who sends it.
    pub const fn side(self) -> Side {
        match self {
            ClassId::ToolsCall => Side::Client,
            _ => Side::Server,
        }
    }

    /// True for the classes made of many small messages (reported per message).
    pub const fn is_batch(self) -> bool {
        matches!(
            self,
            ClassId::ToolsCall | ClassId::Progress | ClassId::Errors
        )
    }
}

/// One class: its messages (one for the single-message classes, 1000 for the batches).
#[derive(Clone, Debug)]
pub struct Class {
    /// Which class.
    pub id: ClassId,
    /// The messages, each one compact JSON document.
    pub messages: Vec<Vec<u8>>,
}

impl Class {
    /// Total input bytes.
    pub fn bytes(&self) -> usize {
        self.messages.iter().map(Vec::len).sum()
    }
}

/// Builds one class.
pub fn class(id: ClassId) -> Class {
    let messages = match id {
        ClassId::ToolsList => vec![tools_list()],
        ClassId::ToolsCall => tools_calls(1000),
        ClassId::TextBlocks => vec![text_blocks()],
        ClassId::Image => vec![image_result()],
        ClassId::Progress => progress_notifications(1000),
        ClassId::Structured => vec![structured_result()],
        ClassId::Errors => error_responses(1000),
    };
    Class { id, messages }
}

/// Builds every class.
pub fn corpus() -> Vec<Class> {
    ClassId::ALL.iter().map(|&id| class(id)).collect()
}

/// Checks that every message decodes with mcpwire (to the expected typed view) and with each
/// comparison library, and that mcpwire re-encodes it to the same JSON value; panics with the
/// first failure. Run at the start of every bench.
pub fn check(classes: &[Class]) {
    use mcpwire::McpMessage as M;
    for c in classes {
        for (i, m) in c.messages.iter().enumerate() {
            let msg = M::decode(m).unwrap_or_else(|e| {
                panic!("{} message {i}: mcpwire rejects it: {e:?}", c.id.slug())
            });
            let ok = match (c.id, &msg) {
                (ClassId::ToolsList, M::ListToolsResult(_, r)) => r.tools.len() == 100,
                (ClassId::ToolsCall, M::CallToolRequest(..)) => true,
                (ClassId::TextBlocks, M::CallToolResult(_, r)) => r.content.len() == 5,
                (ClassId::Image, M::CallToolResult(..)) => true,
                (ClassId::Progress, M::ProgressNotification(..)) => true,
                (ClassId::Structured, M::CallToolResult(_, r)) => r.structured_content.is_some(),
                (ClassId::Errors, M::Error(..)) => true,
                _ => false,
            };
            assert!(
                ok,
                "{} message {i}: decoded as {:?}",
                c.id.slug(),
                msg.message_type()
            );
            let value = serde_json::from_slice::<serde_json::Value>(m).expect("serde_json");
            let again = mcpwire::encode_to_vec(&msg);
            assert_eq!(
                serde_json::from_slice::<serde_json::Value>(&again).expect("re-encoded JSON"),
                value,
                "{} message {i}: mcpwire re-encodes to a different value",
                c.id.slug()
            );
            sonic_rs::from_slice::<sonic_rs::Value>(m).expect("sonic-rs");
            rmcp_generic(c.id, m)
                .unwrap_or_else(|e| panic!("{} {i}: rmcp generic: {e}", c.id.slug()));
            rmcp_exact(c.id, m).unwrap_or_else(|e| panic!("{} {i}: rmcp exact: {e}", c.id.slug()));
        }
    }
}

/// rmcp's exact message types for each class.
pub mod rmcp_types {
    use rmcp::model::{
        CallToolRequest, CallToolResult, JsonRpcError, JsonRpcNotification, JsonRpcRequest,
        JsonRpcResponse, ListToolsResult, ProgressNotification,
    };
    /// `tools/list` result.
    pub type ToolsList = JsonRpcResponse<ListToolsResult>;
    /// `tools/call` request.
    pub type ToolsCall = JsonRpcRequest<CallToolRequest>;
    /// `CallToolResult` response.
    pub type CallResult = JsonRpcResponse<CallToolResult>;
    /// Progress notification.
    pub type Progress = JsonRpcNotification<ProgressNotification>;
    /// Error response.
    pub type Error = JsonRpcError;
    pub use rmcp::model::{ClientJsonRpcMessage, ServerJsonRpcMessage};
}

/// Decodes with rmcp's generic enum for the class's direction (drops the value).
pub fn rmcp_generic(id: ClassId, m: &[u8]) -> serde_json::Result<()> {
    match id.side() {
        Side::Client => serde_json::from_slice::<rmcp_types::ClientJsonRpcMessage>(m).map(drop),
        Side::Server => serde_json::from_slice::<rmcp_types::ServerJsonRpcMessage>(m).map(drop),
    }
}

/// Decodes with rmcp's exact type for the class (drops the value).
pub fn rmcp_exact(id: ClassId, m: &[u8]) -> serde_json::Result<()> {
    use rmcp_types as t;
    match id {
        ClassId::ToolsList => serde_json::from_slice::<t::ToolsList>(m).map(drop),
        ClassId::ToolsCall => serde_json::from_slice::<t::ToolsCall>(m).map(drop),
        ClassId::TextBlocks | ClassId::Image | ClassId::Structured => {
            serde_json::from_slice::<t::CallResult>(m).map(drop)
        }
        ClassId::Progress => serde_json::from_slice::<t::Progress>(m).map(drop),
        ClassId::Errors => serde_json::from_slice::<t::Error>(m).map(drop),
    }
}

/// A message decoded into rmcp's exact type for its class (for the encode benches).
#[derive(Debug)]
pub enum RmcpExact {
    /// `tools/list` result.
    ToolsList(rmcp_types::ToolsList),
    /// `tools/call` request.
    ToolsCall(rmcp_types::ToolsCall),
    /// `CallToolResult` response.
    CallResult(rmcp_types::CallResult),
    /// Progress notification.
    Progress(rmcp_types::Progress),
    /// Error response.
    Error(rmcp_types::Error),
}

impl RmcpExact {
    /// Decodes `m` as the exact type of class `id`.
    pub fn decode(id: ClassId, m: &[u8]) -> serde_json::Result<Self> {
        use serde_json::from_slice as f;
        Ok(match id {
            ClassId::ToolsList => RmcpExact::ToolsList(f(m)?),
            ClassId::ToolsCall => RmcpExact::ToolsCall(f(m)?),
            ClassId::TextBlocks | ClassId::Image | ClassId::Structured => {
                RmcpExact::CallResult(f(m)?)
            }
            ClassId::Progress => RmcpExact::Progress(f(m)?),
            ClassId::Errors => RmcpExact::Error(f(m)?),
        })
    }

    /// Serializes with serde_json.
    pub fn to_vec(&self) -> Vec<u8> {
        let r = match self {
            RmcpExact::ToolsList(v) => serde_json::to_vec(v),
            RmcpExact::ToolsCall(v) => serde_json::to_vec(v),
            RmcpExact::CallResult(v) => serde_json::to_vec(v),
            RmcpExact::Progress(v) => serde_json::to_vec(v),
            RmcpExact::Error(v) => serde_json::to_vec(v),
        };
        r.expect("rmcp serialize")
    }
}

// ---------------------------------------------------------------------------------------------
// A tiny deterministic generator and JSON builder.

/// xorshift64*: deterministic, no dependency.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator from a seed.
    pub fn new(seed: u64) -> Self {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }
    /// Next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    /// Uniform in `0..n`.
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }
    /// One of `items`.
    pub fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.below(items.len())]
    }
    /// True with probability `num/den`.
    pub fn chance(&mut self, num: usize, den: usize) -> bool {
        self.below(den) < num
    }
}

/// A JSON value as the corpus writes it: strings are JSON *source* (already escaped), so a
/// class can put `\u00e9` escapes or raw UTF-8 exactly where it wants them.
#[derive(Clone, Debug)]
pub enum J {
    /// `null`
    Null,
    /// `true` / `false`
    Bool(bool),
    /// An integer.
    Int(i64),
    /// A number as written (e.g. `0.75`).
    Num(String),
    /// A string: JSON source between the quotes.
    Str(String),
    /// An array.
    Arr(Vec<J>),
    /// An object (members in order).
    Obj(Vec<(String, J)>),
}

/// A string value, escaped canonically (`"`, `\`, control characters).
pub fn s(text: &str) -> J {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    J::Str(out)
}

/// A string value given as JSON source (escapes kept as written).
pub fn src(source: &str) -> J {
    J::Str(source.to_string())
}

/// An object from `(key, value)` pairs.
pub fn obj<K: Into<String>>(members: Vec<(K, J)>) -> J {
    J::Obj(members.into_iter().map(|(k, v)| (k.into(), v)).collect())
}

/// The float `units / 10^digits`, written the way JSON producers write floats (shortest
/// round-trip form, as `JSON.stringify` or Python's `json.dumps` do; `.0` kept on whole
/// values, as Python does).
pub fn num(units: i64, digits: i32) -> J {
    let v = units as f64 / 10f64.powi(digits);
    let mut text = format!("{v}");
    if !text.contains(['.', 'e', 'E']) {
        text.push_str(".0");
    }
    J::Num(text)
}

impl J {
    /// Compact JSON.
    pub fn write(&self, out: &mut String) {
        match self {
            J::Null => out.push_str("null"),
            J::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
            J::Int(i) => {
                let _ = write!(out, "{i}");
            }
            J::Num(n) => out.push_str(n),
            J::Str(s) => {
                out.push('"');
                out.push_str(s);
                out.push('"');
            }
            J::Arr(items) => {
                out.push('[');
                for (i, v) in items.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    v.write(out);
                }
                out.push(']');
            }
            J::Obj(members) => {
                out.push('{');
                for (i, (k, v)) in members.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    out.push('"');
                    out.push_str(k);
                    out.push_str("\":");
                    v.write(out);
                }
                out.push('}');
            }
        }
    }

    /// Compact JSON bytes.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = String::new();
        self.write(&mut out);
        out.into_bytes()
    }
}

fn response(id: J, result: J) -> Vec<u8> {
    obj(vec![("jsonrpc", s("2.0")), ("id", id), ("result", result)]).to_bytes()
}

// ---------------------------------------------------------------------------------------------
// Vocabulary.

const SERVICES: &[(&str, &str)] = &[
    ("github", "GitHub"),
    ("jira", "Jira"),
    ("slack", "Slack"),
    ("gdrive", "Google Drive"),
    ("postgres", "PostgreSQL"),
    ("fs", "the local file system"),
    ("calendar", "Google Calendar"),
    ("stripe", "Stripe"),
    ("k8s", "Kubernetes"),
    ("notion", "Notion"),
];

const VERBS: &[&str] = &[
    "search",
    "list",
    "get",
    "create",
    "update",
    "delete",
    "archive",
    "export",
    "summarize",
    "sync",
];

const NOUNS: &[&str] = &[
    "issues",
    "pull_requests",
    "messages",
    "files",
    "rows",
    "events",
    "invoices",
    "pods",
    "pages",
    "comments",
    "users",
    "deployments",
];

const WORDS: &[&str] = &[
    "the",
    "results",
    "are",
    "returned",
    "in",
    "pages",
    "of",
    "at",
    "most",
    "items",
    "sorted",
    "by",
    "relevance",
    "use",
    "cursor",
    "to",
    "continue",
    "filter",
    "matching",
    "records",
    "only",
    "when",
    "caller",
    "has",
    "access",
    "rate",
    "limited",
    "per",
    "workspace",
    "token",
    "timestamps",
    "UTC",
    "ISO",
    "8601",
    "format",
    "fields",
    "optional",
    "default",
    "value",
    "owner",
    "repository",
    "project",
    "label",
    "status",
    "priority",
    "assignee",
    "deleted",
    "archived",
    "visible",
    "returns",
    "error",
    "if",
    "not",
    "found",
];

fn sentence(rng: &mut Rng, words: usize) -> String {
    let mut out = String::new();
    for i in 0..words {
        let w = rng.pick(WORDS);
        if i == 0 {
            let mut c = w.chars();
            if let Some(f) = c.next() {
                out.extend(f.to_uppercase());
                out.push_str(c.as_str());
            }
        } else {
            out.push(' ');
            out.push_str(w);
        }
    }
    out.push('.');
    out
}

fn paragraph(rng: &mut Rng, sentences: usize) -> String {
    (0..sentences)
        .map(|_| {
            let n = 8 + rng.below(10);
            sentence(rng, n)
        })
        .collect::<Vec<_>>()
        .join(" ")
}

fn camel(parts: &[&str]) -> String {
    let mut out = String::new();
    for (i, p) in parts.iter().enumerate() {
        for (j, seg) in p.split('_').enumerate() {
            if i == 0 && j == 0 {
                out.push_str(seg);
            } else {
                let mut c = seg.chars();
                if let Some(f) = c.next() {
                    out.extend(f.to_uppercase());
                    out.push_str(c.as_str());
                }
            }
        }
    }
    out
}

// ---------------------------------------------------------------------------------------------
// tools/list

fn prop_string(rng: &mut Rng, name: &str) -> J {
    let mut m = vec![
        ("type", s("string")),
        (
            "description",
            s(&format!("The {name}. {}", sentence(rng, 10))),
        ),
    ];
    match rng.below(5) {
        0 => m.push((
            "format",
            s(rng.pick(&["date-time", "email", "uri", "uuid"])),
        )),
        1 => m.push(("pattern", s("^[A-Za-z0-9_.-]{1,64}$"))),
        2 => {
            m.push(("minLength", J::Int(1)));
            m.push(("maxLength", J::Int(256)));
        }
        _ => {}
    }
    obj(m)
}

fn prop_enum(rng: &mut Rng, name: &str) -> J {
    let options: &[&[&str]] = &[
        &["open", "closed", "all"],
        &["asc", "desc"],
        &["created", "updated", "comments", "reactions", "relevance"],
        &["low", "medium", "high", "critical"],
        &["json", "csv", "markdown"],
    ];
    let opts = match name {
        "state" => options[0],
        "sort" => options[2],
        "format" => options[4],
        "mode" => options[1],
        _ => rng.pick(options),
    };
    obj(vec![
        ("type", s("string")),
        (
            "description",
            s(&format!("How to choose {name}. {}", sentence(rng, 8))),
        ),
        ("enum", J::Arr(opts.iter().map(|o| s(o)).collect())),
        ("default", s(opts[0])),
    ])
}

fn prop_int(rng: &mut Rng, name: &str) -> J {
    let max = [10, 50, 100, 1000, 10000][rng.below(5)];
    obj(vec![
        ("type", s("integer")),
        (
            "description",
            s(&format!("Maximum {name}. {}", sentence(rng, 6))),
        ),
        ("minimum", J::Int(1)),
        ("maximum", J::Int(max)),
        ("default", J::Int(max.min(30))),
    ])
}

fn prop_bool(rng: &mut Rng, name: &str) -> J {
    obj(vec![
        ("type", s("boolean")),
        (
            "description",
            s(&format!("Whether to include {name}. {}", sentence(rng, 5))),
        ),
        ("default", J::Bool(rng.chance(1, 3))),
    ])
}

fn prop_array_of_strings(rng: &mut Rng, name: &str) -> J {
    obj(vec![
        ("type", s("array")),
        (
            "description",
            s(&format!("List of {name}. {}", sentence(rng, 7))),
        ),
        (
            "items",
            obj(vec![("type", s("string")), ("minLength", J::Int(1))]),
        ),
        ("maxItems", J::Int(50)),
        ("uniqueItems", J::Bool(true)),
    ])
}

/// A nested object property: `{type: object, properties: {...}, required: [...]}`.
fn prop_nested(rng: &mut Rng, name: &str, depth: usize) -> J {
    let keys = [
        "since", "until", "author", "labels", "state", "limit", "path", "mode",
    ];
    let n = 2 + rng.below(3);
    let mut props = Vec::new();
    let mut required = Vec::new();
    for k in keys.iter().skip(rng.below(4)).take(n) {
        let v = match rng.below(6) {
            0 if depth < 2 => prop_nested(rng, k, depth + 1),
            1 => prop_enum(rng, k),
            2 => prop_int(rng, k),
            3 => prop_array_of_strings(rng, k),
            _ => prop_string(rng, k),
        };
        if rng.chance(1, 2) {
            required.push(s(k));
        }
        props.push((k.to_string(), v));
    }
    let mut m = vec![
        ("type", s("object")),
        (
            "description",
            s(&format!("Options for {name}. {}", sentence(rng, 6))),
        ),
        ("properties", J::Obj(props)),
    ];
    if !required.is_empty() {
        m.push(("required", J::Arr(required)));
    }
    m.push(("additionalProperties", J::Bool(false)));
    obj(m)
}

fn defs(rng: &mut Rng) -> J {
    obj(vec![
        (
            "actor",
            obj(vec![
                ("type", s("object")),
                (
                    "properties",
                    obj(vec![
                        (
                            "id",
                            obj(vec![("type", s("string")), ("format", s("uuid"))]),
                        ),
                        ("login", obj(vec![("type", s("string"))])),
                        (
                            "kind",
                            obj(vec![(
                                "enum",
                                J::Arr(vec![s("user"), s("bot"), s("organization")]),
                            )]),
                        ),
                    ]),
                ),
                ("required", J::Arr(vec![s("id")])),
            ]),
        ),
        (
            "dateRange",
            obj(vec![
                ("type", s("object")),
                ("description", s(&sentence(rng, 9))),
                (
                    "properties",
                    obj(vec![
                        (
                            "from",
                            obj(vec![("type", s("string")), ("format", s("date-time"))]),
                        ),
                        (
                            "to",
                            obj(vec![("type", s("string")), ("format", s("date-time"))]),
                        ),
                    ]),
                ),
            ]),
        ),
    ])
}

fn input_schema(rng: &mut Rng, noun: &str) -> J {
    let names = [
        "owner",
        "query",
        "state",
        "limit",
        "cursor",
        "sort",
        "includeArchived",
        "labels",
        "filters",
        "format",
        "actor",
        "period",
    ];
    let mut props = Vec::new();
    let mut required = Vec::new();
    let count = 6 + rng.below(5);
    for name in names.iter().take(count) {
        let v = match *name {
            "state" | "sort" | "format" => prop_enum(rng, name),
            "limit" => prop_int(rng, noun),
            "includeArchived" => prop_bool(rng, noun),
            "labels" => prop_array_of_strings(rng, name),
            "filters" => prop_nested(rng, name, 0),
            "actor" => obj(vec![("$ref", s("#/$defs/actor"))]),
            "period" => obj(vec![("$ref", s("#/$defs/dateRange"))]),
            _ => prop_string(rng, name),
        };
        if matches!(*name, "owner" | "query") || rng.chance(1, 5) {
            required.push(s(name));
        }
        props.push((name.to_string(), v));
    }
    let mut m = vec![];
    if rng.chance(1, 3) {
        m.push(("$schema", s("https://json-schema.org/draft/2020-12/schema")));
    }
    m.push(("type", s("object")));
    m.push(("properties", J::Obj(props)));
    m.push(("required", J::Arr(required)));
    m.push(("additionalProperties", J::Bool(false)));
    if count >= 8 || rng.chance(1, 2) {
        m.push(("$defs", defs(rng)));
    }
    obj(m)
}

fn output_schema(rng: &mut Rng, noun: &str) -> J {
    obj(vec![
        ("type", s("object")),
        (
            "properties",
            obj(vec![
                (
                    noun.to_string(),
                    obj(vec![
                        ("type", s("array")),
                        (
                            "items",
                            obj(vec![
                                ("type", s("object")),
                                (
                                    "properties",
                                    obj(vec![
                                        ("id", obj(vec![("type", s("string"))])),
                                        ("title", obj(vec![("type", s("string"))])),
                                        (
                                            "score",
                                            obj(vec![
                                                ("type", s("number")),
                                                ("minimum", J::Int(0)),
                                                ("maximum", J::Int(1)),
                                            ]),
                                        ),
                                        (
                                            "updatedAt",
                                            obj(vec![
                                                ("type", s("string")),
                                                ("format", s("date-time")),
                                            ]),
                                        ),
                                    ]),
                                ),
                                ("required", J::Arr(vec![s("id"), s("title")])),
                            ]),
                        ),
                    ]),
                ),
                (
                    "nextCursor".to_string(),
                    obj(vec![
                        ("type", s("string")),
                        ("description", s(&sentence(rng, 6))),
                    ]),
                ),
                ("total".to_string(), obj(vec![("type", s("integer"))])),
            ]),
        ),
        ("required", J::Arr(vec![s(noun)])),
    ])
}

/// One `tools/list` result with 100 tools.
pub fn tools_list() -> Vec<u8> {
    let mut rng = Rng::new(1);
    let mut tools = Vec::new();
    for i in 0..100 {
        let (svc, svc_name) = SERVICES[i % SERVICES.len()];
        let verb = VERBS[(i / SERVICES.len()) % VERBS.len()];
        let noun = rng.pick(NOUNS);
        let name = format!("{svc}_{verb}_{noun}");
        let title = format!(
            "{} {} ({svc_name})",
            capitalize(verb),
            noun.replace('_', " ")
        );
        let sentences = 4 + rng.below(4);
        let description = format!(
            "{} {} in {svc_name}. {}",
            capitalize(verb),
            noun.replace('_', " "),
            paragraph(&mut rng, sentences)
        );
        let read_only = matches!(verb, "search" | "list" | "get" | "export" | "summarize");
        let mut m = vec![
            ("name", s(&name)),
            ("title", s(&title)),
            ("description", s(&description)),
            ("inputSchema", input_schema(&mut rng, noun)),
        ];
        if rng.chance(1, 3) {
            m.push(("outputSchema", output_schema(&mut rng, &camel(&[noun]))));
        }
        m.push((
            "annotations",
            obj(vec![
                ("title", s(&title)),
                ("readOnlyHint", J::Bool(read_only)),
                ("destructiveHint", J::Bool(verb == "delete")),
                ("idempotentHint", J::Bool(read_only || verb == "update")),
                ("openWorldHint", J::Bool(svc != "fs")),
            ]),
        ));
        tools.push(obj(m));
    }
    response(
        J::Int(1),
        obj(vec![
            ("tools", J::Arr(tools)),
            ("nextCursor", s("eyJwYWdlIjoyLCJzaXplIjoxMDB9")),
        ]),
    )
}

fn capitalize(w: &str) -> String {
    let mut c = w.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

// ---------------------------------------------------------------------------------------------
// tools/call

/// `n` small `tools/call` requests (strings need no unescaping).
pub fn tools_calls(n: usize) -> Vec<Vec<u8>> {
    let mut rng = Rng::new(2);
    let queries = [
        "label:bug state:open",
        "is:pr review:required",
        "deploy failed last 24h",
        "invoice overdue",
        "quarterly report draft",
        "crashloopbackoff",
    ];
    (0..n)
        .map(|i| {
            let (svc, _) = rng.pick(SERVICES);
            let verb = rng.pick(&["search", "list", "get"]);
            let noun = rng.pick(NOUNS);
            let args = obj(vec![
                (
                    "owner",
                    s(rng.pick(&["acme-corp", "octo-org", "platform-team"])),
                ),
                ("query", s(rng.pick(&queries))),
                ("limit", J::Int([10, 25, 50][rng.below(3)])),
                ("includeArchived", J::Bool(rng.chance(1, 4))),
            ]);
            let id = if i % 5 == 4 {
                s(&format!("req-{i:06}"))
            } else {
                J::Int(1000 + i as i64)
            };
            obj(vec![
                ("jsonrpc", s("2.0")),
                ("id", id),
                ("method", s("tools/call")),
                (
                    "params",
                    obj(vec![
                        ("name", s(&format!("{svc}_{verb}_{noun}"))),
                        ("arguments", args),
                        (
                            "_meta",
                            obj(vec![("progressToken", s(&format!("pt-{i:05}")))]),
                        ),
                    ]),
                ),
            ])
            .to_bytes()
        })
        .collect()
}

// ---------------------------------------------------------------------------------------------
// CallToolResult with text blocks

/// One `CallToolResult` with 5 text blocks full of escapes and non-ASCII text (~5 KB).
pub fn text_blocks() -> Vec<u8> {
    // JSON source text: `\n`, `\"`, `\t`, `\\`, `\u00e9` escapes beside raw UTF-8.
    let blocks = [
        // Log excerpt.
        "2026-11-29T16:02:11Z INFO  starting build \\\"release\\\"\\n\
2026-11-29T16:02:12Z WARN  caf\\u00e9-service: deprecated flag --no-cache\\n\
2026-11-29T16:02:14Z ERROR  step 3/7 failed: exit status 2\\n\
\\tat Builder.run (builder.ts:118:17)\\n\\tat main (index.ts:12:3)\\n\
2026-11-29T16:02:15Z INFO  retrying with r\\u00e9sum\\u00e9 token \\u2014 attempt 2\\n\
2026-11-29T16:02:19Z INFO  build succeeded in 7.9s \\u2713\\n\
Artifacts: dist/app.js (412 KB), dist/app.css (38 KB), dist/index.html (2 KB)\\n\
Warnings: 3 \\u2022 Errors: 0\\n",
        // Code snippet (indentation kept: each line is one piece).
        concat!(
            "```python\\n",
            "def summarize(rows, *, key=\\\"total\\\"):\\n",
            "    \\\"\\\"\\\"Sum rows by key.\\\"\\\"\\\"\\n",
            "    out = {}\\n",
            "    for r in rows:\\n",
            "        out[r[\\\"name\\\"]] = out.get(r[\\\"name\\\"], 0) + r[key]\\n",
            "    return out\\n\\n",
            "print(summarize([{\\\"name\\\": \\\"caf\\u00e9\\\", \\\"total\\\": 3}]))\\n```\\n",
            "Output: {'caf\\u00e9': 3}\\n",
            "The path is C:\\\\Users\\\\r\\u00e9mi\\\\projects\\\\mcp.\\n",
        ),
        // Multilingual prose, raw UTF-8.
        "Résumé of the meeting — 会議の要約 — Zusammenfassung:\\n\
1. L’équipe a validé la migration vers la version 2026-07-28 du protocole.\\n\
2. 次のリリースでは、ツール一覧のキャッシュを有効にします。\\n\
3. Die Übersetzung der Fehlermeldungen ist zu 80 % fertig. Größere Änderungen folgen.\\n\
4. Решено: добавить поддержку structuredContent во все инструменты.\\n\
5. Emoji check: 🚀 launch, ✅ done, ⚠️ caution, 🔥 hot path.\\n\
Next meeting: mañana à 10h, café inclus ☕.\\n",
        // Markdown table with quotes.
        "| Tool | Calls | p50 | p99 | Notes |\\n|---|---:|---:|---:|---|\\n\
| github_search_issues | 1,204 | 84 ms | 410 ms | \\\"state:open\\\" most common |\\n\
| slack_list_messages | 988 | 61 ms | 290 ms | caf\\u00e9 channel busiest |\\n\
| postgres_get_rows | 2,311 | 12 ms | 95 ms | uses index \\\"idx_rows_updated\\\" |\\n\
| fs_export_files | 77 | 1.2 s | 4.8 s | large trees \\u2192 paginate |\\n\
| k8s_list_pods | 530 | 140 ms | 700 ms | namespace \\u201cprod\\u201d only |\\n\
\\nTotals: 5,110 calls \\u00b7 median 61 ms \\u00b7 error rate 0.4 %\\n",
        // JSON-in-text (common: a tool that returns a JSON dump as text).
        "{\\n  \\\"status\\\": \\\"ok\\\",\\n  \\\"user\\\": {\\\"name\\\": \\\"Zo\\u00eb Martin\\\", \\\"city\\\": \\\"Montr\\u00e9al\\\"},\\n\
  \\\"tags\\\": [\\\"na\\u00efve\\\", \\\"d\\u00e9j\\u00e0 vu\\\", \\\"co\\u00f6perate\\\"],\\n\
  \\\"note\\\": \\\"line one\\\\nline two\\\\ttabbed\\\",\\n  \\\"emoji\\\": \\\"\\ud83d\\ude00\\\"\\n}\\n",
    ];
    let mut rng = Rng::new(3);
    let content: Vec<J> = blocks
        .iter()
        .enumerate()
        .map(|(i, b)| {
            // Pad each block with a paragraph so the message is ~5 KB like the issue's.
            let text = format!("{b}\\n{}", paragraph(&mut rng, 6));
            let mut m = vec![("type", s("text")), ("text", src(&text))];
            if i == 0 {
                m.push((
                    "annotations",
                    obj(vec![
                        ("audience", J::Arr(vec![s("user"), s("assistant")])),
                        ("priority", num(8, 1)),
                    ]),
                ));
            }
            obj(m)
        })
        .collect();
    response(
        J::Int(7),
        obj(vec![
            ("content", J::Arr(content)),
            ("isError", J::Bool(false)),
        ]),
    )
}

// ---------------------------------------------------------------------------------------------
// CallToolResult with an image

const B64: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/// Standard base64 with padding.
pub fn base64(data: &[u8]) -> String {
    let mut out = String::with_capacity(data.len().div_ceil(3) * 4);
    for chunk in data.chunks(3) {
        let b = [
            chunk[0],
            *chunk.get(1).unwrap_or(&0),
            *chunk.get(2).unwrap_or(&0),
        ];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        for k in 0..4 {
            if k <= chunk.len() {
                out.push(B64[((n >> (18 - 6 * k)) & 63) as usize] as char);
            } else {
                out.push('=');
            }
        }
    }
    out
}

/// One `CallToolResult` with a 1 MiB base64 PNG-like image and a caption.
pub fn image_result() -> Vec<u8> {
    let mut rng = Rng::new(4);
    // 786,432 bytes -> exactly 1 MiB of base64. A PNG signature and IHDR, then noise (as
    // compressed image data looks).
    let mut img = vec![0u8; 786_432];
    let header: &[u8] =
        b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x04\x00\x00\x00\x03\x00\x08\x06\x00\x00\x00";
    img[..header.len()].copy_from_slice(header);
    for chunk in img[header.len()..].chunks_mut(8) {
        let r = rng.next_u64().to_le_bytes();
        chunk.copy_from_slice(&r[..chunk.len()]);
    }
    response(
        J::Int(42),
        obj(vec![(
            "content",
            J::Arr(vec![
                obj(vec![
                    ("type", s("text")),
                    ("text", s("Rendered dashboard screenshot (1024x768, PNG).")),
                ]),
                obj(vec![
                    ("type", s("image")),
                    ("data", J::Str(base64(&img))),
                    ("mimeType", s("image/png")),
                ]),
            ]),
        )]),
    )
}

// ---------------------------------------------------------------------------------------------
// Progress

/// `n` progress notifications: string and integer tokens, integer and fractional progress,
/// messages (no escapes).
pub fn progress_notifications(n: usize) -> Vec<Vec<u8>> {
    let mut rng = Rng::new(5);
    let stages = [
        "Indexing",
        "Downloading",
        "Analyzing",
        "Uploading",
        "Compiling",
    ];
    (0..n)
        .map(|i| {
            let token = if i % 2 == 0 {
                s(&format!("pt-{:05}", i / 10))
            } else {
                J::Int(7000 + (i / 10) as i64)
            };
            let total = 100 + rng.below(900) as i64;
            let done = rng.below(total as usize) as i64;
            let progress = if i % 4 == 3 {
                num(done * 10 + 5, 1)
            } else {
                J::Int(done)
            };
            let mut params = vec![("progressToken", token), ("progress", progress)];
            if i % 8 != 7 {
                params.push(("total", J::Int(total)));
            }
            params.push((
                "message",
                s(&format!("{} {done} of {total} files", rng.pick(&stages))),
            ));
            obj(vec![
                ("jsonrpc", s("2.0")),
                ("method", s("notifications/progress")),
                ("params", obj(params)),
            ])
            .to_bytes()
        })
        .collect()
}

// ---------------------------------------------------------------------------------------------
// structuredContent

/// One `CallToolResult` with ~50 KB of nested `structuredContent`.
pub fn structured_result() -> Vec<u8> {
    let mut rng = Rng::new(6);
    let mut results = Vec::new();
    for i in 0..115 {
        let tags: Vec<J> = (0..1 + rng.below(4))
            .map(|_| s(rng.pick(&["bug", "p1", "frontend", "backend", "infra", "docs"])))
            .collect();
        let history: Vec<J> = (0..3)
            .map(|k| {
                obj(vec![
                    ("ts", J::Int(1_764_400_000 + (i * 3600 + k * 60) as i64)),
                    ("value", num(rng.below(10_000) as i64, 2)),
                    ("ok", J::Bool(rng.chance(9, 10))),
                ])
            })
            .collect();
        results.push(obj(vec![
            ("id", s(&format!("ISSUE-{}", 4000 + i))),
            ("title", s(&sentence(&mut rng, 6))),
            ("score", num(rng.below(1000) as i64, 3)),
            ("rank", J::Int(i as i64 + 1)),
            ("tags", J::Arr(tags)),
            (
                "author",
                obj(vec![
                    ("login", s(rng.pick(&["octocat", "hubot", "mona", "zoe-m"]))),
                    ("id", J::Int(10_000 + rng.below(90_000) as i64)),
                    ("bot", J::Bool(false)),
                ]),
            ),
            (
                "location",
                obj(vec![
                    ("lat", num(450_000 + rng.below(10_000) as i64, 4)),
                    ("lon", num(-730_000 - rng.below(10_000) as i64, 4)),
                ]),
            ),
            (
                "metrics",
                obj(vec![
                    ("views", J::Int(rng.below(100_000) as i64)),
                    ("comments", J::Int(rng.below(200) as i64)),
                    ("ratio", num(rng.below(100) as i64, 2)),
                ]),
            ),
            ("history", J::Arr(history)),
            (
                "closedAt",
                if i % 3 == 0 {
                    J::Null
                } else {
                    s("2026-11-28T09:30:00Z")
                },
            ),
        ]));
    }
    let structured = obj(vec![
        ("query", s("is:open label:bug")),
        ("total", J::Int(1873)),
        ("results", J::Arr(results)),
        (
            "facets",
            obj(vec![
                (
                    "labels",
                    obj(vec![
                        ("bug", J::Int(812)),
                        ("p1", J::Int(97)),
                        ("frontend", J::Int(340)),
                    ]),
                ),
                (
                    "states",
                    obj(vec![("open", J::Int(1873)), ("closed", J::Int(0))]),
                ),
            ]),
        ),
        ("nextCursor", s("c2VhcmNoOjI6MTE1")),
    ]);
    response(
        J::Str("call-0042".into()),
        obj(vec![
            (
                "content",
                J::Arr(vec![obj(vec![
                    ("type", s("text")),
                    (
                        "text",
                        s("Found 1873 open bugs; showing the top 115 by score."),
                    ),
                ])]),
            ),
            ("structuredContent", structured),
            ("isError", J::Bool(false)),
        ]),
    )
}

// ---------------------------------------------------------------------------------------------
// Error responses

/// `n` JSON-RPC error responses (strings need no unescaping).
pub fn error_responses(n: usize) -> Vec<Vec<u8>> {
    let mut rng = Rng::new(7);
    (0..n)
        .map(|i| {
            let (code, message) = rng.pick(&[
                (-32602, "Unknown tool: github_search_issuez"),
                (
                    -32602,
                    "Invalid arguments for tool fs_get_files: limit must be at most 100",
                ),
                (-32601, "Method not found"),
                (-32603, "Internal error while calling upstream API"),
                (-32002, "Resource not found"),
            ]);
            let mut e = vec![("code", J::Int(code)), ("message", s(message))];
            if i % 2 == 0 {
                e.push((
                    "data",
                    obj(vec![
                        ("tool", s("github_search_issuez")),
                        ("retryable", J::Bool(code == -32603)),
                    ]),
                ));
            }
            obj(vec![
                ("jsonrpc", s("2.0")),
                ("id", J::Int(5000 + i as i64)),
                ("error", obj(e)),
            ])
            .to_bytes()
        })
        .collect()
}

/// What the schema profiling bins (`profile_schema`, `profile_jsonschema`) run: from the
/// command line `[tool] [case description] [iterations] [all]` (default `create_event`,
/// "full event", 100000), that tool's `inputSchema` and that case's arguments in
/// tests/schemas/python-sdk.json.
pub struct SchemaProfile {
    /// The tool's name.
    pub tool: String,
    /// The case's description.
    pub case: String,
    /// How many calls to make.
    pub iters: usize,
    /// Collect every error instead of `is_valid`.
    pub all: bool,
    /// With `all`: also write each error out as mcpwire's errors are, its instance path,
    /// schema path and message as strings (the jsonschema crate formats them on demand).
    pub text: bool,
    /// The tool's `inputSchema`.
    pub schema: serde_json::Value,
    /// The case's arguments.
    pub instance: serde_json::Value,
}

/// Every error of `instance` as `(instance path, schema path, message)` strings: what
/// `mcpwire::schema::Schema::validate` returns, from the `jsonschema` crate, which formats
/// an error's paths and message only when asked.
pub fn jsonschema_errors_text(
    validator: &jsonschema::Validator,
    instance: &serde_json::Value,
) -> Vec<(String, String, String)> {
    validator
        .iter_errors(instance)
        .map(|e| {
            let message = e.to_string();
            let at = e.instance_path().as_str().to_owned();
            (at, e.schema_path().as_str().to_owned(), message)
        })
        .collect()
}

impl SchemaProfile {
    /// Reads the command line and the file; panics with a message on bad arguments.
    pub fn from_args() -> Self {
        let mut args = std::env::args().skip(1);
        let tool = args.next().unwrap_or_else(|| "create_event".into());
        let case = args.next().unwrap_or_else(|| "full event".into());
        let iters = args
            .next()
            .map_or(100_000, |n| n.parse().expect("iterations"));
        let mode = args.next().unwrap_or_default();
        let (all, text) = (mode == "all" || mode == "text", mode == "text");
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../tests/schemas/python-sdk.json"
        );
        let doc: serde_json::Value =
            serde_json::from_slice(&std::fs::read(path).expect("python-sdk.json")).expect("JSON");
        let find = |list: &str, key: &str, want: &str| {
            doc[list]
                .as_array()
                .expect("a list")
                .iter()
                .find(|t| t[key] == want && (list == "tools" || t["tool"] == tool.as_str()))
                .unwrap_or_else(|| panic!("no {want} in {list}"))
                .clone()
        };
        let schema = find("tools", "name", &tool)["inputSchema"].clone();
        // (`PROFILE_ARGUMENTS`, JSON: other arguments for the tool, for measuring a case
        // that is not in the corpus.)
        let instance = match std::env::var("PROFILE_ARGUMENTS") {
            Ok(text) => serde_json::from_str(&text).expect("PROFILE_ARGUMENTS: JSON"),
            Err(_) => find("cases", "description", &case)["arguments"].clone(),
        };
        SchemaProfile {
            tool,
            case,
            iters,
            all,
            text,
            schema,
            instance,
        }
    }
}
