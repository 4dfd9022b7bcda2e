//! `Tool`, `tools/list` and `tools/call`.

use super::{
    missing, read_in_place, read_named_ordered, read_object, read_raw_object, required,
    ContentBlock, Decode, Encode, Extra, Icon, List, ObjectWriterExt, RequestMeta,
};
use crate::error::{DecodeError, ErrorKind, Result};
use crate::json::reader::member_names;
use crate::json::writer::{write_raw, write_str, ObjectWriter, Sink};
use crate::json::{JsonStr, Kind, RawJson, Reader};

/// `resultType` (2026-07-28). The set is open: an unknown value is kept. Absent means
/// `"complete"` ("the client MUST treat the absent field as \"complete\"").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ResultType<'a> {
    /// `"complete"`
    Complete,
    /// `"input_required"`
    InputRequired,
    /// Another value (the tasks extension uses `"task"`).
    Other(JsonStr<'a>),
}

impl<'a> Decode<'a> for ResultType<'a> {
    fn read(r: &mut Reader<'a>) -> Result<Self> {
        let s = r.read_str("resultType")?;
        Ok(match s.as_str() {
            Some("complete") => ResultType::Complete,
            Some("input_required") => ResultType::InputRequired,
            _ => ResultType::Other(s),
        })
    }
}

impl Encode for ResultType<'_> {
    fn write<S: Sink + ?Sized>(&self, sink: &mut S) {
        match self {
            ResultType::Complete => sink.put(b"\"complete\""),
            ResultType::InputRequired => sink.put(b"\"input_required\""),
            ResultType::Other(s) => write_str(sink, s),
        }
    }
}

/// `cacheScope` of a list result (2026-07-28): a closed set.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CacheScope {
    /// `"public"`
    Public,
    /// `"private"`
    Private,
}

impl<'a> Decode<'a> for CacheScope {
    fn read(r: &mut Reader<'a>) -> Result<Self> {
        let at = r.offset();
        let s = r.read_str("cacheScope")?;
        if s.eq_str("public") {
            Ok(CacheScope::Public)
        } else if s.eq_str("private") {
            Ok(CacheScope::Private)
        } else {
            Err(DecodeError::new(ErrorKind::InvalidValue, at, "cacheScope"))
        }
    }
}

impl Encode for CacheScope {
    fn write<S: Sink + ?Sized>(&self, sink: &mut S) {
        sink.put(match self {
            CacheScope::Public => b"\"public\"",
            CacheScope::Private => b"\"private\"",
        })
    }
}

/// Hints describing a tool (never to be trusted from an untrusted server).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct ToolAnnotations<'a> {
    /// Display title.
    pub title: Option<JsonStr<'a>>,
    /// Does not modify its environment (default false).
    pub read_only_hint: Option<bool>,
    /// May destroy (default true).
    pub destructive_hint: Option<bool>,
    /// Repeating has no further effect (default false).
    pub idempotent_hint: Option<bool>,
    /// Talks to an open world (default true).
    pub open_world_hint: Option<bool>,
    /// Unknown members.
    pub extra: Extra<'a>,
}

member_names!(TOOL_ANNOTATIONS_KEYS, annotation_key {
    TITLE = "title",
    READ_ONLY = "readOnlyHint",
    DESTRUCTIVE = "destructiveHint",
    IDEMPOTENT = "idempotentHint",
    OPEN_WORLD = "openWorldHint",
});

impl<'a> Decode<'a> for ToolAnnotations<'a> {
    fn read(r: &mut Reader<'a>) -> Result<Self> {
        Ok(Self::read_ordered(r)?.0)
    }

    fn read_ordered(r: &mut Reader<'a>) -> Result<(Self, bool)> {
        let mut a = ToolAnnotations::default();
        let (_, extra, ordered) =
            read_named_ordered(r, "annotations", TOOL_ANNOTATIONS_KEYS, |r, k| {
                use annotation_key as K;
                match k {
                    K::TITLE => a.title = Some(r.read_str("title")?),
                    K::READ_ONLY => a.read_only_hint = Some(r.read_bool("readOnlyHint")?),
                    K::DESTRUCTIVE => a.destructive_hint = Some(r.read_bool("destructiveHint")?),
                    K::IDEMPOTENT => a.idempotent_hint = Some(r.read_bool("idempotentHint")?),
                    K::OPEN_WORLD => a.open_world_hint = Some(r.read_bool("openWorldHint")?),
                    _ => return Ok(false),
                }
                Ok(true)
            })?;
        a.extra = extra;
        Ok((a, ordered))
    }
}

impl Encode for ToolAnnotations<'_> {
    fn write<S: Sink + ?Sized>(&self, sink: &mut S) {
        let mut o = ObjectWriter::open(sink);
        o.str_field(sink, "title", &self.title);
        o.bool_field(sink, "readOnlyHint", self.read_only_hint);
        o.bool_field(sink, "destructiveHint", self.destructive_hint);
        o.bool_field(sink, "idempotentHint", self.idempotent_hint);
        o.bool_field(sink, "openWorldHint", self.open_world_hint);
        self.extra.write(&mut o, sink);
        o.close(sink);
    }
}

/// A tool the client can call.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Tool<'a> {
    /// Programmatic name.
    pub name: JsonStr<'a>,
    /// Display title (2025-06-18+).
    pub title: Option<JsonStr<'a>>,
    /// Description, a hint to the model.
    pub description: Option<JsonStr<'a>>,
    /// JSON Schema of the arguments: an object with `"type": "object"`.
    pub input_schema: RawJson<'a>,
    /// JSON Schema of `structuredContent` (2025-06-18+).
    pub output_schema: Option<RawJson<'a>>,
    /// Annotations.
    pub annotations: Option<ToolAnnotations<'a>>,
    /// Icons (2025-11-25+).
    pub icons: Option<List<'a, Icon<'a>>>,
    /// `execution` (2025-11-25 only: task support).
    pub execution: Option<RawJson<'a>>,
    /// `_meta`.
    pub meta: Option<RawJson<'a>>,
    /// Unknown members.
    pub extra: Extra<'a>,
}

member_names!(TOOL_KEYS, tool_key {
    NAME = "name",
    TITLE = "title",
    DESCRIPTION = "description",
    INPUT_SCHEMA = "inputSchema",
    OUTPUT_SCHEMA = "outputSchema",
    ANNOTATIONS = "annotations",
    ICONS = "icons",
    EXECUTION = "execution",
    META = "_meta",
});

/// Reads `inputSchema`: "Tool arguments are always JSON objects, so `type: "object"` is
/// required at the root."
fn read_input_schema<'a>(r: &mut Reader<'a>) -> Result<RawJson<'a>> {
    if r.peek_kind()? != Kind::Object {
        return Err(r.wrong_type("inputSchema"));
    }
    let at = r.offset();
    let (raw, ty) = r.skip_object_peek("type")?;
    if !ty.is_some_and(|t| t.eq_str("object")) {
        return Err(DecodeError::new(
            ErrorKind::InvalidValue,
            at,
            "inputSchema must have \"type\": \"object\"",
        ));
    }
    Ok(raw)
}

impl<'a> Decode<'a> for Tool<'a> {
    fn read(r: &mut Reader<'a>) -> Result<Self> {
        Ok(Self::read_ordered(r)?.0)
    }

    fn read_ordered(r: &mut Reader<'a>) -> Result<(Self, bool)> {
        let (mut name, mut title, mut description, mut input_schema) = (None, None, None, None);
        let (mut output_schema, mut annotations, mut icons, mut execution, mut meta) =
            (None, None, None, None, None);
        let mut nested_ordered = true;
        let (start, extra, ordered) = read_named_ordered(r, "tool", TOOL_KEYS, |r, k| {
            use tool_key as K;
            match k {
                K::NAME => name = Some(r.read_str("name")?),
                K::TITLE => title = Some(r.read_str("title")?),
                K::DESCRIPTION => description = Some(r.read_str("description")?),
                K::INPUT_SCHEMA => input_schema = Some(read_input_schema(r)?),
                K::OUTPUT_SCHEMA => output_schema = Some(read_raw_object(r, "outputSchema")?),
                K::ANNOTATIONS => {
                    let (a, ordered) = ToolAnnotations::read_ordered(r)?;
                    nested_ordered &= ordered;
                    annotations = Some(a);
                }
                K::ICONS => {
                    let list = List::read(r, "icons")?;
                    nested_ordered &= list.is_ordered();
                    icons = Some(list);
                }
                K::EXECUTION => execution = Some(read_raw_object(r, "execution")?),
                K::META => meta = Some(read_raw_object(r, "_meta")?),
                _ => return Ok(false),
            }
            Ok(true)
        })?;
        let tool = Tool {
            name: required(name, start, "name")?,
            title,
            description,
            input_schema: required(input_schema, start, "inputSchema")?,
            output_schema,
            annotations,
            icons,
            execution,
            meta,
            extra,
        };
        Ok((tool, ordered && nested_ordered))
    }
}

impl Encode for Tool<'_> {
    fn write<S: Sink + ?Sized>(&self, sink: &mut S) {
        let mut o = ObjectWriter::open(sink);
        o.key(sink, "name");
        write_str(sink, &self.name);
        o.str_field(sink, "title", &self.title);
        o.str_field(sink, "description", &self.description);
        o.key(sink, "inputSchema");
        write_raw(sink, &self.input_schema);
        o.raw_field(sink, "outputSchema", &self.output_schema);
        o.enc_field(sink, "annotations", &self.annotations);
        o.enc_field(sink, "icons", &self.icons);
        o.raw_field(sink, "execution", &self.execution);
        o.raw_field(sink, "_meta", &self.meta);
        self.extra.write(&mut o, sink);
        o.close(sink);
    }
}

/// Params of `tools/list`.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct ListToolsRequestParams<'a> {
    /// Where to continue (an opaque `nextCursor` from an earlier page).
    pub cursor: Option<JsonStr<'a>>,
    /// `_meta` (2026-07-28: required).
    pub meta: Option<RequestMeta<'a>>,
    /// Unknown members.
    pub extra: Extra<'a>,
}

const LIST_TOOLS_PARAMS_KEYS: &[&str] = &["_meta", "cursor"];

impl<'a> Decode<'a> for ListToolsRequestParams<'a> {
    fn read(r: &mut Reader<'a>) -> Result<Self> {
        let mut p = ListToolsRequestParams::default();
        let (_, extra) = read_object(r, "params", LIST_TOOLS_PARAMS_KEYS, |r, k| {
            match k {
                "cursor" => p.cursor = Some(r.read_str("cursor")?),
                "_meta" => p.meta.insert(RequestMeta::default()).read_into(r)?,
                _ => return Ok(false),
            }
            Ok(true)
        })?;
        p.extra = extra;
        Ok(p)
    }
}

impl Encode for ListToolsRequestParams<'_> {
    fn write<S: Sink + ?Sized>(&self, sink: &mut S) {
        let mut o = ObjectWriter::open(sink);
        o.enc_field(sink, "_meta", &self.meta);
        o.str_field(sink, "cursor", &self.cursor);
        self.extra.write(&mut o, sink);
        o.close(sink);
    }
}

/// Result of `tools/list`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ListToolsResult<'a> {
    /// The tools on this page.
    pub tools: List<'a, Tool<'a>>,
    /// Present when more pages may follow.
    pub next_cursor: Option<JsonStr<'a>>,
    /// Cache lifetime hint in ms (2026-07-28: required).
    pub ttl_ms: Option<i64>,
    /// Cache scope (2026-07-28: required).
    pub cache_scope: Option<CacheScope>,
    /// `resultType` (2026-07-28: required).
    pub result_type: Option<ResultType<'a>>,
    /// `_meta`.
    pub meta: Option<RawJson<'a>>,
    /// Unknown members.
    pub extra: Extra<'a>,
}

members!(
    /// In the order servers send them (what the reader tries first); the encoder writes
    /// `_meta` first.
    LIST_TOOLS_RESULT_MEMBERS, list_tools_result {
        RESULT_TYPE = "resultType",
        TOOLS = "tools",
        NEXT_CURSOR = "nextCursor",
        TTL_MS = "ttlMs",
        CACHE_SCOPE = "cacheScope",
        META = "_meta",
    }
);

impl Encode for ListToolsResult<'_> {
    fn write<S: Sink + ?Sized>(&self, sink: &mut S) {
        use list_tools_result as M;
        let mut o = ObjectWriter::open(sink);
        o.raw_field(sink, M::META, &self.meta);
        o.enc_field(sink, M::RESULT_TYPE, &self.result_type);
        o.key(sink, M::TOOLS);
        self.tools.write(sink);
        o.str_field(sink, M::NEXT_CURSOR, &self.next_cursor);
        o.enc_field(sink, M::TTL_MS, &self.ttl_ms);
        o.enc_field(sink, M::CACHE_SCOPE, &self.cache_scope);
        self.extra.write(&mut o, sink);
        o.close(sink);
    }
}

/// Params of `tools/call`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CallToolRequestParams<'a> {
    /// The tool's name.
    pub name: JsonStr<'a>,
    /// The arguments: a JSON object, uninterpreted.
    pub arguments: Option<RawJson<'a>>,
    /// `_meta` (2026-07-28: required).
    pub meta: Option<RequestMeta<'a>>,
    /// `inputResponses` (2026-07-28), answers to an `InputRequiredResult`.
    pub input_responses: Option<RawJson<'a>>,
    /// `requestState` (2026-07-28), echoed from an `InputRequiredResult`.
    pub request_state: Option<JsonStr<'a>>,
    /// `task` (2025-11-25 only).
    pub task: Option<RawJson<'a>>,
    /// Unknown members.
    pub extra: Extra<'a>,
}

/// In the order clients send them (the SDKs add `_meta` after the caller's `name` and
/// `arguments`), so the reader's guess of the next key hits.
const CALL_TOOL_PARAMS_KEYS: &[&str] = &[
    "name",
    "arguments",
    "_meta",
    "inputResponses",
    "requestState",
    "task",
];

impl<'a> CallToolRequestParams<'a> {
    /// Params with no members yet, for [`read_into`](Self::read_into).
    pub(crate) const EMPTY: Self = CallToolRequestParams {
        name: JsonStr::new(""),
        arguments: None,
        meta: None,
        input_responses: None,
        request_state: None,
        task: None,
        extra: Extra::NONE,
    };

    /// Reads the params into `self` (a [`Self::EMPTY`]), their fields written where they
    /// stay: returned by value, the 304-byte struct was copied twice more on its way into the
    /// message.
    pub(crate) fn read_into(&mut self, r: &mut Reader<'a>) -> Result<()> {
        let mut named = false;
        let (start, extra) = read_object(r, "params", CALL_TOOL_PARAMS_KEYS, |r, k| {
            match k {
                "name" => {
                    self.name = r.read_str("name")?;
                    named = true;
                }
                "arguments" => self.arguments = Some(read_raw_object(r, "arguments")?),
                "_meta" => self.meta.insert(RequestMeta::default()).read_into(r)?,
                "inputResponses" => {
                    self.input_responses = Some(read_raw_object(r, "inputResponses")?)
                }
                "requestState" => self.request_state = Some(r.read_str("requestState")?),
                "task" => self.task = Some(read_raw_object(r, "task")?),
                _ => return Ok(false),
            }
            Ok(true)
        })?;
        if !named {
            return Err(missing(start, "name"));
        }
        self.extra = extra;
        Ok(())
    }
}

impl<'a> Decode<'a> for CallToolRequestParams<'a> {
    fn read(r: &mut Reader<'a>) -> Result<Self> {
        read_in_place(Self::EMPTY, r, Self::read_into)
    }
}

impl Encode for CallToolRequestParams<'_> {
    fn write<S: Sink + ?Sized>(&self, sink: &mut S) {
        let mut o = ObjectWriter::open(sink);
        o.enc_field(sink, "_meta", &self.meta);
        o.key(sink, "name");
        write_str(sink, &self.name);
        o.raw_field(sink, "arguments", &self.arguments);
        o.raw_field(sink, "inputResponses", &self.input_responses);
        o.str_field(sink, "requestState", &self.request_state);
        o.raw_field(sink, "task", &self.task);
        self.extra.write(&mut o, sink);
        o.close(sink);
    }
}

/// Result of `tools/call`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CallToolResult<'a> {
    /// Unstructured content.
    pub content: List<'a, ContentBlock<'a>>,
    /// Structured result: any JSON value in 2026-07-28, an object before.
    pub structured_content: Option<RawJson<'a>>,
    /// True when the tool call ended in an error the model should see.
    pub is_error: Option<bool>,
    /// `resultType` (2026-07-28: required).
    pub result_type: Option<ResultType<'a>>,
    /// `_meta`.
    pub meta: Option<RawJson<'a>>,
    /// Unknown members.
    pub extra: Extra<'a>,
}

members!(
    /// In the order servers send them (what the reader tries first); the encoder writes
    /// `_meta` first.
    CALL_TOOL_RESULT_MEMBERS, call_tool_result {
        RESULT_TYPE = "resultType",
        CONTENT = "content",
        STRUCTURED_CONTENT = "structuredContent",
        IS_ERROR = "isError",
        META = "_meta",
    }
);

impl Encode for CallToolResult<'_> {
    fn write<S: Sink + ?Sized>(&self, sink: &mut S) {
        self.write_with_content(sink, &self.content)
    }
}

impl CallToolResult<'_> {
    /// Writes the result with `content` written in place of its own list (a list that is
    /// not held as blocks: a tool error's message formatted as it is written).
    pub(crate) fn write_with_content<S: Sink + ?Sized, C: Encode>(
        &self,
        sink: &mut S,
        content: &C,
    ) {
        use call_tool_result as M;
        let mut o = ObjectWriter::open(sink);
        o.raw_field(sink, M::META, &self.meta);
        o.enc_field(sink, M::RESULT_TYPE, &self.result_type);
        o.key(sink, M::CONTENT);
        content.write(sink);
        o.raw_field(sink, M::STRUCTURED_CONTENT, &self.structured_content);
        o.bool_field(sink, M::IS_ERROR, self.is_error);
        self.extra.write(&mut o, sink);
        o.close(sink);
    }
}

impl CallToolResult<'_> {
    /// True when `isError` is true.
    pub fn is_tool_error(&self) -> bool {
        self.is_error == Some(true)
    }

    /// True when `structuredContent` is an object (what 2025 versions require).
    pub fn structured_content_is_object(&self) -> bool {
        self.structured_content
            .is_none_or(|s| s.kind() == Kind::Object)
    }
}

/// 2026-07-28's `InputRequiredResult`: the server needs more input before it can finish.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct InputRequiredResult<'a> {
    /// Requests for the client to fulfil, by key.
    pub input_requests: Option<RawJson<'a>>,
    /// Opaque state to echo back.
    pub request_state: Option<JsonStr<'a>>,
    /// `resultType` (`"input_required"`).
    pub result_type: Option<ResultType<'a>>,
    /// `_meta`.
    pub meta: Option<RawJson<'a>>,
    /// Unknown members.
    pub extra: Extra<'a>,
}

members!(
    /// In the order servers send them (what the reader tries first); the encoder writes
    /// `_meta` first.
    INPUT_REQUIRED_RESULT_MEMBERS, input_required_result {
        RESULT_TYPE = "resultType",
        INPUT_REQUESTS = "inputRequests",
        REQUEST_STATE = "requestState",
        META = "_meta",
    }
);

impl Encode for InputRequiredResult<'_> {
    fn write<S: Sink + ?Sized>(&self, sink: &mut S) {
        use input_required_result as M;
        let mut o = ObjectWriter::open(sink);
        o.raw_field(sink, M::META, &self.meta);
        o.enc_field(sink, M::RESULT_TYPE, &self.result_type);
        o.raw_field(sink, M::INPUT_REQUESTS, &self.input_requests);
        o.str_field(sink, M::REQUEST_STATE, &self.request_state);
        self.extra.write(&mut o, sink);
        o.close(sink);
    }
}
