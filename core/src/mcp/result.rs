//! One reader for every result mcpwire types: the members of all result shapes are read in a
//! single pass, then the shape is chosen (by the request's method when known, else by which
//! members are present). The per-type `Decode` impls delegate here, so each field is read in
//! exactly one place.

use super::lifecycle::{discover_result as dr, initialize_result as ir};
use super::lifecycle::{DISCOVER_RESULT_MEMBERS, INITIALIZE_RESULT_MEMBERS};
use super::tools::{call_tool_result as ct, input_required_result as qr, list_tools_result as lt};
use super::tools::{
    CALL_TOOL_RESULT_MEMBERS, INPUT_REQUIRED_RESULT_MEMBERS, LIST_TOOLS_RESULT_MEMBERS,
};
use super::{
    read_named, read_raw_object, read_uint, required, CacheScope, CallToolResult, ContentBlock,
    Decode, DiscoverResult, Extra, InitializeResult, InputRequiredResult, List, ListToolsResult,
    Method, ResultType, Tool, ToolsCapability,
};
use crate::error::{DecodeError, ErrorKind, Result};
use crate::json::{JsonStr, Kind, RawJson, Reader};

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
    /// The result a request of `method` expects (`tools/call` may still be answered with an
    /// `InputRequiredResult`).
    pub(crate) const fn of(method: Method) -> Option<Shape> {
        match method {
            Method::ToolsList => Some(Shape::ListTools),
            Method::ToolsCall => Some(Shape::CallTool),
            Method::Initialize => Some(Shape::Initialize),
            Method::ServerDiscover => Some(Shape::Discover),
            _ => None,
        }
    }

    /// The members of the shape's type, from the table beside it.
    fn known(self) -> &'static [&'static str] {
        match self {
            Shape::ListTools => LIST_TOOLS_RESULT_MEMBERS,
            Shape::CallTool => CALL_TOOL_RESULT_MEMBERS,
            Shape::InputRequired => INPUT_REQUIRED_RESULT_MEMBERS,
            Shape::Initialize => INITIALIZE_RESULT_MEMBERS,
            Shape::Discover => DISCOVER_RESULT_MEMBERS,
        }
    }
}

/// The tables [`ALL_KEYS`] is made of; the first two are interleaved.
const TABLES: [&[&str]; 5] = [
    LIST_TOOLS_RESULT_MEMBERS,
    CALL_TOOL_RESULT_MEMBERS,
    INPUT_REQUIRED_RESULT_MEMBERS,
    INITIALIZE_RESULT_MEMBERS,
    DISCOVER_RESULT_MEMBERS,
];

/// Room for the union of [`TABLES`] while it is built.
const MAX_KEYS: usize = 32;

/// Adds `name` to the first `n` of `out` unless it is there.
const fn add(out: &mut [&'static str; MAX_KEYS], n: &mut usize, name: &'static str) {
    let mut i = 0;
    while i < *n {
        if crate::json::const_eq(out[i].as_bytes(), name.as_bytes()) {
            return;
        }
        i += 1;
    }
    out[*n] = name;
    *n += 1;
}

/// The union of `tables`, each name once: the first two tables interleaved, then the others
/// in order. Each table is in the order servers send its members, so the name after the last
/// one the reader matched (or one of the three after it, which the reader also tries) is the
/// next one sent whichever of the two results of tool traffic it reads.
const fn union(tables: &[&'static [&'static str]]) -> ([&'static str; MAX_KEYS], usize) {
    let (mut out, mut n) = ([""; MAX_KEYS], 0);
    let (a, b) = (tables[0], tables[1]);
    let mut i = 0;
    while i < a.len() || i < b.len() {
        if i < a.len() {
            add(&mut out, &mut n, a[i]);
        }
        if i < b.len() {
            add(&mut out, &mut n, b[i]);
        }
        i += 1;
    }
    let mut t = 2;
    while t < tables.len() {
        let mut i = 0;
        while i < tables[t].len() {
            add(&mut out, &mut n, tables[t][i]);
            i += 1;
        }
        t += 1;
    }
    (out, n)
}

/// The first `N` names of `all`.
const fn first<const N: usize>(all: [&'static str; MAX_KEYS]) -> [&'static str; N] {
    let mut out = [""; N];
    let mut i = 0;
    while i < N {
        out[i] = all[i];
        i += 1;
    }
    out
}

const UNION: ([&str; MAX_KEYS], usize) = union(&TABLES);
const ALL: [&str; UNION.1] = first(UNION.0);
/// Every member a typed result may have: the union of the tables beside the result types.
const ALL_KEYS: &[&str] = &ALL;

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
    /// `content` must be a tool result's array (the result answers `tools/call`). Otherwise
    /// a `content` that is no array is another result's (`ElicitResult`'s object,
    /// `CreateMessageResult`'s block) and stays an unknown member, so such a response decodes.
    tool_content: bool,
}

impl<'a> Fields<'a> {
    /// Reads the member named `ALL_KEYS[i]` (a name shared by several results is matched
    /// by one type's constant: they are equal).
    fn read_field(&mut self, r: &mut Reader<'a>, i: usize) -> Result<bool> {
        match ALL_KEYS.get(i).copied().unwrap_or_default() {
            ct::META => self.meta = Some(read_raw_object(r, ct::META)?),
            ct::RESULT_TYPE => self.result_type = Some(ResultType::read(r)?),
            lt::TOOLS => self.tools = Some(List::read(r, lt::TOOLS)?),
            lt::NEXT_CURSOR => self.next_cursor = Some(r.read_str(lt::NEXT_CURSOR)?),
            lt::TTL_MS => self.ttl_ms = Some(read_uint(r, lt::TTL_MS)?),
            lt::CACHE_SCOPE => self.cache_scope = Some(CacheScope::read(r)?),
            ct::CONTENT if !self.tool_content && r.peek_kind()? != Kind::Array => return Ok(false),
            ct::CONTENT => self.content = Some(List::read(r, ct::CONTENT)?),
            ct::STRUCTURED_CONTENT => self.structured_content = Some(r.skip_value()?),
            ct::IS_ERROR => self.is_error = Some(r.read_bool(ct::IS_ERROR)?),
            qr::INPUT_REQUESTS => {
                self.input_requests = Some(read_raw_object(r, qr::INPUT_REQUESTS)?)
            }
            qr::REQUEST_STATE => self.request_state = Some(r.read_str(qr::REQUEST_STATE)?),
            ir::PROTOCOL_VERSION => self.protocol_version = Some(r.read_str(ir::PROTOCOL_VERSION)?),
            ir::CAPABILITIES => self.capabilities = Some(read_capabilities(r)?),
            ir::SERVER_INFO => self.server_info = Some(read_raw_object(r, ir::SERVER_INFO)?),
            ir::INSTRUCTIONS => self.instructions = Some(r.read_str(ir::INSTRUCTIONS)?),
            dr::SUPPORTED_VERSIONS => {
                self.supported_versions = Some(List::read(r, dr::SUPPORTED_VERSIONS)?)
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
    let caps = read_raw_object(r, ir::CAPABILITIES)?;
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
        let mut f = Fields {
            tool_content: expect == Some(Method::ToolsCall),
            ..Fields::default()
        };
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
        let mut f = Fields {
            tool_content: shape == Shape::CallTool,
            ..Fields::default()
        };
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
                tools: required(f.tools, start, lt::TOOLS)?,
                next_cursor: f.next_cursor,
                ttl_ms: f.ttl_ms,
                cache_scope: f.cache_scope,
                result_type: f.result_type,
                meta: f.meta,
                extra,
            }),
            Shape::CallTool => AnyResult::CallTool(CallToolResult {
                content: required(f.content, start, ct::CONTENT)?,
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
                let capabilities = required(f.capabilities, start, ir::CAPABILITIES)?;
                AnyResult::Initialize(InitializeResult {
                    protocol_version: required(f.protocol_version, start, ir::PROTOCOL_VERSION)?,
                    tools: ToolsCapability::from_capabilities(&capabilities),
                    capabilities,
                    server_info: required(f.server_info, start, ir::SERVER_INFO)?,
                    instructions: f.instructions,
                    meta: f.meta,
                    extra,
                })
            }
            Shape::Discover => {
                let capabilities = required(f.capabilities, start, ir::CAPABILITIES)?;
                AnyResult::Discover(DiscoverResult {
                    supported_versions: required(
                        f.supported_versions,
                        start,
                        dr::SUPPORTED_VERSIONS,
                    )?,
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::json::Reader;
    use crate::limits::Limits;

    /// A value each member accepts.
    fn sample(name: &str) -> &'static str {
        match name {
            "content" | "tools" | "supportedVersions" => "[]",
            "isError" => "false",
            "ttlMs" => "1",
            "resultType" => "\"complete\"",
            "cacheScope" => "\"public\"",
            "nextCursor" | "requestState" | "protocolVersion" | "instructions" => "\"s\"",
            _ => "{}",
        }
    }

    #[test]
    fn the_union_has_each_member_of_each_table_once() {
        for table in TABLES {
            for name in table {
                assert_eq!(ALL_KEYS.iter().filter(|k| *k == name).count(), 1, "{name}");
            }
        }
        let total = |n: &&str| TABLES.iter().any(|t| t.contains(n));
        assert!(ALL_KEYS.iter().all(total));
    }

    #[test]
    fn every_member_of_each_table_is_read() {
        for table in TABLES {
            let members: alloc::vec::Vec<_> = table
                .iter()
                .map(|n| alloc::format!("\"{n}\":{}", sample(n)))
                .collect();
            let text = alloc::format!("{{{}}}", members.join(","));
            let mut r = Reader::new(text.as_bytes(), Limits::DEFAULT).unwrap();
            let mut f = Fields::default();
            let (_, extra) =
                read_named(&mut r, "result", ALL_KEYS, |r, i| f.read_field(r, i)).unwrap();
            assert!(extra.is_empty(), "{text}");
            assert_eq!(f.present.count_ones() as usize, table.len(), "{text}");
        }
    }

    /// The reader tries the name after the last one matched and the three after that.
    #[test]
    fn the_reader_guesses_each_member_of_tool_results_in_the_order_sent() {
        for sent in [
            &["content", "isError"][..],
            &["content", "structuredContent", "isError"],
            &[
                "resultType",
                "content",
                "structuredContent",
                "isError",
                "_meta",
            ],
            &["tools", "nextCursor"],
            &[
                "resultType",
                "tools",
                "nextCursor",
                "ttlMs",
                "cacheScope",
                "_meta",
            ],
        ] {
            let mut guess = 0;
            for name in sent {
                let at = ALL_KEYS.iter().position(|k| k == name).unwrap();
                assert!((guess..guess + 4).contains(&at), "{name} in {sent:?}");
                guess = at + 1;
            }
        }
    }
}
