//! One reader for every result mcpwire types: the members of all result shapes are read in a
//! single pass, then the shape is chosen (by the request's method when known, else by which
//! members are present). The per-type `Decode` impls delegate here, so each field is read in
//! exactly one place.

use super::{
    read_named, read_raw_object, read_uint, required, CacheScope, CallToolResult, ContentBlock,
    Decode, DiscoverResult, Extra, InitializeResult, InputRequiredResult, List, ListToolsResult,
    Method, ResultType, Tool, ToolsCapability,
};
use crate::error::{DecodeError, ErrorKind, Result};
use crate::json::{JsonStr, RawJson, Reader};

/// Which result a request's method expects.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Shape {
    ListTools,
    CallTool,
    InputRequired,
    Initialize,
    Discover,
}

impl Shape {
    fn of(method: Method) -> Option<Shape> {
        match method {
            Method::ToolsList => Some(Shape::ListTools),
            Method::ToolsCall => Some(Shape::CallTool),
            Method::Initialize => Some(Shape::Initialize),
            Method::ServerDiscover => Some(Shape::Discover),
            _ => None,
        }
    }

    fn known(self) -> &'static [&'static str] {
        match self {
            Shape::ListTools => &[
                "_meta",
                "resultType",
                "tools",
                "nextCursor",
                "ttlMs",
                "cacheScope",
            ],
            Shape::CallTool => &[
                "_meta",
                "resultType",
                "content",
                "structuredContent",
                "isError",
            ],
            Shape::InputRequired => &["_meta", "resultType", "inputRequests", "requestState"],
            Shape::Initialize => &[
                "_meta",
                "protocolVersion",
                "capabilities",
                "serverInfo",
                "instructions",
            ],
            Shape::Discover => &[
                "_meta",
                "resultType",
                "supportedVersions",
                "capabilities",
                "instructions",
                "ttlMs",
                "cacheScope",
            ],
        }
    }
}

/// Every member a typed result may have. In the order servers send them, as far as it is
/// one: the reader tries the name after the last one matched, and the three after that,
/// before it falls back to comparing all of them (2026-07-28 puts `resultType` first; a
/// CallToolResult goes on with `content`, `structuredContent`, `isError`; a ListToolsResult
/// with `tools`, `nextCursor`, `ttlMs`, `cacheScope`).
const ALL_KEYS: &[&str] = &[
    "resultType",
    "content",
    "tools",
    "structuredContent",
    "isError",
    "nextCursor",
    "ttlMs",
    "cacheScope",
    "_meta",
    "inputRequests",
    "requestState",
    "protocolVersion",
    "capabilities",
    "serverInfo",
    "instructions",
    "supportedVersions",
];

/// A typed result.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum AnyResult<'a> {
    ListTools(ListToolsResult<'a>),
    CallTool(CallToolResult<'a>),
    InputRequired(InputRequiredResult<'a>),
    Initialize(InitializeResult<'a>),
    Discover(DiscoverResult<'a>),
}

#[derive(Default)]
struct Fields<'a> {
    meta: Option<RawJson<'a>>,
    result_type: Option<ResultType<'a>>,
    tools: Option<List<'a, Tool<'a>>>,
    next_cursor: Option<JsonStr<'a>>,
    ttl_ms: Option<i64>,
    cache_scope: Option<CacheScope>,
    content: Option<List<'a, ContentBlock<'a>>>,
    structured_content: Option<RawJson<'a>>,
    is_error: Option<bool>,
    input_requests: Option<RawJson<'a>>,
    request_state: Option<JsonStr<'a>>,
    protocol_version: Option<JsonStr<'a>>,
    capabilities: Option<RawJson<'a>>,
    server_info: Option<RawJson<'a>>,
    instructions: Option<JsonStr<'a>>,
    supported_versions: Option<List<'a, JsonStr<'a>>>,
    present: u32,
}

impl<'a> Fields<'a> {
    /// Reads the member named `ALL_KEYS[i]`.
    fn read_field(&mut self, r: &mut Reader<'a>, i: usize) -> Result<bool> {
        match ALL_KEYS.get(i).copied().unwrap_or_default() {
            "_meta" => self.meta = Some(read_raw_object(r, "_meta")?),
            "resultType" => self.result_type = Some(ResultType::read(r)?),
            "tools" => self.tools = Some(List::read(r, "tools")?),
            "nextCursor" => self.next_cursor = Some(r.read_str("nextCursor")?),
            "ttlMs" => self.ttl_ms = Some(read_uint(r, "ttlMs")?),
            "cacheScope" => self.cache_scope = Some(CacheScope::read(r)?),
            "content" => self.content = Some(List::read(r, "content")?),
            "structuredContent" => self.structured_content = Some(r.skip_value()?),
            "isError" => self.is_error = Some(r.read_bool("isError")?),
            "inputRequests" => self.input_requests = Some(read_raw_object(r, "inputRequests")?),
            "requestState" => self.request_state = Some(r.read_str("requestState")?),
            "protocolVersion" => self.protocol_version = Some(r.read_str("protocolVersion")?),
            "capabilities" => self.capabilities = Some(read_capabilities(r)?),
            "serverInfo" => self.server_info = Some(read_raw_object(r, "serverInfo")?),
            "instructions" => self.instructions = Some(r.read_str("instructions")?),
            "supportedVersions" => {
                self.supported_versions = Some(List::read(r, "supportedVersions")?)
            }
            _ => return Ok(false),
        }
        self.present |= 1 << i;
        Ok(true)
    }

    fn has_foreign(&self, known: &[&str]) -> bool {
        ALL_KEYS
            .iter()
            .enumerate()
            .any(|(i, k)| self.present & (1 << i) != 0 && !known.contains(k))
    }

    /// The shape the members say this is, as `check` guesses it without correlation.
    fn guess(&self) -> Option<Shape> {
        let input_required = matches!(self.result_type, Some(ResultType::InputRequired));
        if self.tools.is_some() {
            Some(Shape::ListTools)
        } else if input_required {
            Some(Shape::InputRequired)
        } else if self.content.is_some() {
            Some(Shape::CallTool)
        } else if self.supported_versions.is_some() {
            Some(Shape::Discover)
        } else if self.protocol_version.is_some() && self.server_info.is_some() {
            Some(Shape::Initialize)
        } else {
            None
        }
    }
}

fn read_capabilities<'a>(r: &mut Reader<'a>) -> Result<RawJson<'a>> {
    let caps = read_raw_object(r, "capabilities")?;
    if let Some(tools) = caps.get("tools") {
        if tools.kind() != crate::json::Kind::Object {
            return Err(r.wrong_type("capabilities.tools"));
        }
    }
    Ok(caps)
}

impl<'a> AnyResult<'a> {
    /// Reads a result. `expect`: the method of the request it answers, when known
    /// (`tools/call` may still answer with an `InputRequiredResult`); `None` guesses from the
    /// members. `Ok(None)`: not a shape mcpwire types.
    pub(crate) fn read(r: &mut Reader<'a>, expect: Option<Method>) -> Result<Option<Self>> {
        let mut f = Fields::default();
        let (start, extra) = read_named(r, "result", ALL_KEYS, |r, i| f.read_field(r, i))?;
        let shape = match expect {
            Some(m) => match Shape::of(m) {
                Some(Shape::CallTool)
                    if matches!(f.result_type, Some(ResultType::InputRequired)) =>
                {
                    Shape::InputRequired
                }
                Some(s) => s,
                None => return Ok(None),
            },
            None => match f.guess() {
                Some(s) => s,
                None => return Ok(None),
            },
        };
        Self::build(f, shape, start, extra, r).map(Some)
    }

    /// Reads a result that must have `shape`.
    pub(crate) fn read_as(r: &mut Reader<'a>, shape: Shape) -> Result<Self> {
        let mut f = Fields::default();
        let (start, extra) = read_named(r, "result", ALL_KEYS, |r, i| f.read_field(r, i))?;
        Self::build(f, shape, start, extra, r)
    }

    fn build(
        f: Fields<'a>,
        shape: Shape,
        start: usize,
        extra: Extra<'a>,
        r: &Reader<'a>,
    ) -> Result<Self> {
        let known = shape.known();
        let extra = Extra::capture(r, start, f.has_foreign(known) || !extra.is_empty(), known);
        Ok(match shape {
            Shape::ListTools => AnyResult::ListTools(ListToolsResult {
                tools: required(f.tools, start, "tools")?,
                next_cursor: f.next_cursor,
                ttl_ms: f.ttl_ms,
                cache_scope: f.cache_scope,
                result_type: f.result_type,
                meta: f.meta,
                extra,
            }),
            Shape::CallTool => AnyResult::CallTool(CallToolResult {
                content: required(f.content, start, "content")?,
                structured_content: f.structured_content,
                is_error: f.is_error,
                result_type: f.result_type,
                meta: f.meta,
                extra,
            }),
            Shape::InputRequired => {
                // "At least one of `inputRequests` or `requestState` MUST be present."
                if f.input_requests.is_none() && f.request_state.is_none() {
                    return Err(DecodeError::new(
                        ErrorKind::MissingField,
                        start,
                        "inputRequests or requestState",
                    ));
                }
                AnyResult::InputRequired(InputRequiredResult {
                    input_requests: f.input_requests,
                    request_state: f.request_state,
                    result_type: f.result_type,
                    meta: f.meta,
                    extra,
                })
            }
            Shape::Initialize => {
                let capabilities = required(f.capabilities, start, "capabilities")?;
                AnyResult::Initialize(InitializeResult {
                    protocol_version: required(f.protocol_version, start, "protocolVersion")?,
                    tools: ToolsCapability::from_capabilities(&capabilities),
                    capabilities,
                    server_info: required(f.server_info, start, "serverInfo")?,
                    instructions: f.instructions,
                    meta: f.meta,
                    extra,
                })
            }
            Shape::Discover => {
                let capabilities = required(f.capabilities, start, "capabilities")?;
                AnyResult::Discover(DiscoverResult {
                    supported_versions: required(f.supported_versions, start, "supportedVersions")?,
                    tools: ToolsCapability::from_capabilities(&capabilities),
                    capabilities,
                    instructions: f.instructions,
                    ttl_ms: f.ttl_ms,
                    cache_scope: f.cache_scope,
                    result_type: f.result_type,
                    meta: f.meta,
                    server_info: None,
                    extra,
                })
            }
        })
    }
}

macro_rules! decode_via_any {
    ($ty:ident, $shape:ident, $variant:ident) => {
        impl<'a> Decode<'a> for $ty<'a> {
            fn read(r: &mut Reader<'a>) -> Result<Self> {
                match AnyResult::read_as(r, Shape::$shape)? {
                    AnyResult::$variant(v) => Ok(v),
                    _ => Err(r.error(ErrorKind::WrongType, "result")),
                }
            }
        }
    };
}

decode_via_any!(ListToolsResult, ListTools, ListTools);
decode_via_any!(CallToolResult, CallTool, CallTool);
decode_via_any!(InputRequiredResult, InputRequired, InputRequired);
decode_via_any!(InitializeResult, Initialize, Initialize);
decode_via_any!(DiscoverResult, Discover, Discover);
