//! Walks every official example in ../shared/spec/examples: tool-related ones decode into
//! their type and re-encode to an equal JSON tree; the rest decode at the envelope level (or,
//! for fragments of features mcpwire does not type, as raw JSON). A folder the test cannot
//! place fails the test.

#[path = "common/shared_dir.rs"]
mod shared_dir;
use mcpwire::json::RawJson;
use mcpwire::mcp::{
    CallToolRequestParams, CallToolResult, CancelledNotificationParams, ContentBlock, Decode,
    DiscoverResult, InputRequiredResult, ListToolsRequestParams, ListToolsResult,
    ProgressNotificationParams, ResourceContents, Tool, ToolsCapability,
};
use mcpwire::{encode_to_vec, Encode, McpMessage};
use serde_json::Value as Json;
use std::path::PathBuf;

fn examples_dir() -> PathBuf {
    shared_dir::shared_dir().join("spec/examples")
}

fn roundtrip<'a, T: Decode<'a> + Encode>(text: &'a str) -> Vec<u8> {
    let raw = RawJson::parse(text).expect("example is JSON");
    let v = T::decode_raw(&raw).unwrap_or_else(|e| panic!("decode: {e}"));
    encode_to_vec(&v)
}

/// Full messages: the type each must decode to.
const MESSAGES: &[(&str, &str)] = &[
    ("CallToolRequest", "CallToolRequest"),
    ("CallToolResultResponse", "CallToolResult"),
    ("CancelledNotification", "CancelledNotification"),
    ("ListToolsRequest", "ListToolsRequest"),
    ("ListToolsResultResponse", "ListToolsResult"),
    ("ProgressNotification", "ProgressNotification"),
    ("ToolListChangedNotification", "ToolListChangedNotification"),
    ("DiscoverResultResponse", "DiscoverResult"),
    ("DiscoverRequest", "JSONRPCRequest"),
    ("HeaderMismatchError", "JSONRPCErrorResponse"),
    (
        "MissingRequiredClientCapabilityError",
        "JSONRPCErrorResponse",
    ),
    ("UnsupportedProtocolVersionError", "JSONRPCErrorResponse"),
    // Methods mcpwire does not type: valid envelopes.
    ("CompleteRequest", "JSONRPCRequest"),
    ("GetPromptRequest", "JSONRPCRequest"),
    ("ListPromptsRequest", "JSONRPCRequest"),
    ("ListResourceTemplatesRequest", "JSONRPCRequest"),
    ("ListResourcesRequest", "JSONRPCRequest"),
    ("ReadResourceRequest", "JSONRPCRequest"),
    ("SubscriptionsListenRequest", "JSONRPCRequest"),
    ("CompleteResultResponse", "JSONRPCResultResponse"),
    ("GetPromptResultResponse", "JSONRPCResultResponse"),
    ("ListPromptsResultResponse", "JSONRPCResultResponse"),
    (
        "ListResourceTemplatesResultResponse",
        "JSONRPCResultResponse",
    ),
    ("ListResourcesResultResponse", "JSONRPCResultResponse"),
    ("ReadResourceResultResponse", "JSONRPCResultResponse"),
    ("SubscriptionsListenResultResponse", "JSONRPCResultResponse"),
    ("LoggingMessageNotification", "JSONRPCNotification"),
    ("PromptListChangedNotification", "JSONRPCNotification"),
    ("ResourceListChangedNotification", "JSONRPCNotification"),
    ("ResourceUpdatedNotification", "JSONRPCNotification"),
    (
        "SubscriptionsAcknowledgedNotification",
        "JSONRPCNotification",
    ),
];

/// Fragments of features mcpwire does not type (prompts, resources, sampling, elicitation,
/// roots, completion, capabilities): checked as raw JSON.
const UNTYPED_FRAGMENTS: &[&str] = &[
    "BooleanSchema",
    "ClientCapabilities",
    "CompleteRequestParams",
    "CompleteResult",
    "CreateMessageRequest",
    "CreateMessageRequestParams",
    "CreateMessageResult",
    "ElicitRequest",
    "ElicitRequestFormParams",
    "ElicitRequestURLParams",
    "ElicitResult",
    "GetPromptRequestParams",
    "GetPromptResult",
    "InputRequests",
    "InputResponses",
    "ListPromptsResult",
    "ListResourceTemplatesResult",
    "ListResourcesResult",
    "ListRootsRequest",
    "ListRootsResult",
    "LoggingMessageNotificationParams",
    "ModelPreferences",
    "NumberSchema",
    "ReadResourceResult",
    "Resource",
    "ResourceUpdatedNotificationParams",
    "Root",
    "SamplingMessage",
    "StringSchema",
    "SubscriptionsListenResult",
    "TitledMultiSelectEnumSchema",
    "TitledSingleSelectEnumSchema",
    "ToolResultContent",
    "ToolUseContent",
    "UntitledMultiSelectEnumSchema",
    "UntitledSingleSelectEnumSchema",
];

/// Error objects: wrapped in an error response, decoded, classified by code.
const ERROR_OBJECTS: &[&str] = &[
    "InternalError",
    "InvalidParamsError",
    "MethodNotFoundError",
    "ParseError",
];

fn typed_fragment(folder: &str, text: &str) -> Option<Vec<u8>> {
    Some(match folder {
        "AudioContent" | "ImageContent" | "TextContent" | "ResourceLink" | "EmbeddedResource" => {
            roundtrip::<ContentBlock>(text)
        }
        "BlobResourceContents" | "TextResourceContents" => roundtrip::<ResourceContents>(text),
        "CallToolRequestParams" => roundtrip::<CallToolRequestParams>(text),
        "CallToolResult" => roundtrip::<CallToolResult>(text),
        "CancelledNotificationParams" => roundtrip::<CancelledNotificationParams>(text),
        "DiscoverResult" => roundtrip::<DiscoverResult>(text),
        "InputRequiredResult" => roundtrip::<InputRequiredResult>(text),
        "ListToolsResult" => roundtrip::<ListToolsResult>(text),
        "PaginatedRequestParams" => roundtrip::<ListToolsRequestParams>(text),
        "ProgressNotificationParams" => roundtrip::<ProgressNotificationParams>(text),
        "Tool" => roundtrip::<Tool>(text),
        _ => return None,
    })
}

fn check_file(folder: &str, text: &str) -> Result<(), String> {
    let original: Json = serde_json::from_str(text).map_err(|e| e.to_string())?;
    let encoded = if let Some(&(_, want)) = MESSAGES.iter().find(|(f, _)| *f == folder) {
        let msg = McpMessage::decode(text.as_bytes()).map_err(|e| e.to_string())?;
        let got = msg.message_type().name();
        if got != want {
            return Err(format!("decoded to {got}, expected {want}"));
        }
        encode_to_vec(&msg)
    } else if let Some(bytes) = typed_fragment(folder, text) {
        bytes
    } else if folder == "ServerCapabilities" {
        let raw = RawJson::parse(text).map_err(|e| e.to_string())?;
        let tools = ToolsCapability::from_capabilities(&raw);
        let want = original.get("tools").map(|t| ToolsCapability {
            list_changed: t.get("listChanged") == Some(&Json::Bool(true)),
        });
        if tools != want {
            return Err(format!("tools capability {tools:?}, expected {want:?}"));
        }
        encode_to_vec(&raw)
    } else if ERROR_OBJECTS.contains(&folder) {
        let wrapped = format!("{{\"jsonrpc\":\"2.0\",\"id\":1,\"error\":{text}}}");
        let msg = McpMessage::decode(wrapped.as_bytes()).map_err(|e| e.to_string())?;
        let code = msg.response_class().and_then(|c| c.code());
        if code != original["code"].as_i64() {
            return Err(format!("code {code:?}"));
        }
        let out: Json = serde_json::from_slice(&encode_to_vec(&msg)).unwrap();
        return (out["error"] == original)
            .then_some(())
            .ok_or_else(|| format!("re-encoded error differs: {out}"));
    } else if UNTYPED_FRAGMENTS.contains(&folder) {
        encode_to_vec(&RawJson::parse(text).map_err(|e| e.to_string())?)
    } else {
        return Err("no rule places this folder".into());
    };
    let reparsed: Json = serde_json::from_slice(&encoded).map_err(|e| e.to_string())?;
    if reparsed != original {
        return Err(format!("re-encoded differs:\n{reparsed}\nvs\n{original}"));
    }
    Ok(())
}

#[test]
fn every_spec_example_is_placed_decoded_and_re_encoded_equal() {
    let mut folders: Vec<_> = std::fs::read_dir(examples_dir())
        .expect("shared/spec/examples beside the repo")
        .map(|e| e.unwrap().path())
        .collect();
    folders.sort();
    let (mut files, mut failures) = (0, Vec::new());
    for dir in folders {
        let folder = dir.file_name().unwrap().to_string_lossy().into_owned();
        for file in std::fs::read_dir(&dir).unwrap() {
            let path = file.unwrap().path();
            let text = std::fs::read_to_string(&path).unwrap();
            files += 1;
            if let Err(e) = check_file(&folder, &text) {
                failures.push(format!(
                    "{folder}/{}: {e}",
                    path.file_name().unwrap().to_string_lossy()
                ));
            }
        }
    }
    assert!(
        files >= 129,
        "expected the 129 official examples, found {files}"
    );
    assert!(
        failures.is_empty(),
        "{} of {files} examples failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
