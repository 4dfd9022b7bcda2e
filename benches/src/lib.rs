//! Deterministic benchmark corpus for mcpwire and the libraries it is measured against.
//!
//! Six message classes from issue 8 plus error responses (for the allocation target). Every
//! input is compact JSON as a peer would send it over stdio or HTTP, built by hand so that key
//! order, escapes (`\n`, `\"`, `\u00e9`) and raw UTF-8 are exactly what the class asks for.
//! The same seed always gives the same bytes.

mod builder;
mod messages;
mod schema_profile;
mod tools;
mod words;

pub use builder::*;
pub use messages::*;
pub use schema_profile::*;
pub use tools::*;

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
    /// 1000 JSON-RPC error responses (not in the table; for the allocation target).
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
