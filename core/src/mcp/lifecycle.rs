//! `initialize` (2025 versions) and `server/discover` (2026-07-28), as far as the tools
//! capability gate needs them.

use super::{
    read_object, read_raw_object, required, CacheScope, Decode, Encode, Extra, List,
    ObjectWriterExt, ResultType,
};
use crate::error::Result;
use crate::json::writer::{write_raw, write_str, ObjectWriter, Sink};
use crate::json::{JsonStr, RawJson, Reader};

/// The `tools` member of server capabilities.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ToolsCapability {
    /// The server sends `notifications/tools/list_changed`.
    pub list_changed: bool,
}

impl ToolsCapability {
    /// The `tools` capability in a capabilities object, if declared.
    pub fn from_capabilities(caps: &RawJson<'_>) -> Option<Self> {
        let tools = caps.get("tools")?;
        let list_changed = tools
            .get("listChanged")
            .is_some_and(|v| v.as_str() == "true");
        Some(ToolsCapability { list_changed })
    }
}

/// Params of `initialize` (2025-06-18, 2025-11-25).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct InitializeRequestParams<'a> {
    /// The version the client wants.
    pub protocol_version: JsonStr<'a>,
    /// Client capabilities.
    pub capabilities: RawJson<'a>,
    /// Client `Implementation` (name, version, …).
    pub client_info: RawJson<'a>,
    /// `_meta`.
    pub meta: Option<RawJson<'a>>,
    /// Unknown members.
    pub extra: Extra<'a>,
}

const INIT_PARAMS_KEYS: &[&str] = &["_meta", "protocolVersion", "capabilities", "clientInfo"];

impl<'a> Decode<'a> for InitializeRequestParams<'a> {
    fn read(r: &mut Reader<'a>) -> Result<Self> {
        let (mut version, mut caps, mut info, mut meta) = (None, None, None, None);
        let (start, extra) = read_object(r, "params", INIT_PARAMS_KEYS, |r, k| {
            match k {
                "protocolVersion" => version = Some(r.read_str("protocolVersion")?),
                "capabilities" => caps = Some(read_raw_object(r, "capabilities")?),
                "clientInfo" => info = Some(read_raw_object(r, "clientInfo")?),
                "_meta" => meta = Some(read_raw_object(r, "_meta")?),
                _ => return Ok(false),
            }
            Ok(true)
        })?;
        Ok(InitializeRequestParams {
            protocol_version: required(version, start, "protocolVersion")?,
            capabilities: required(caps, start, "capabilities")?,
            client_info: required(info, start, "clientInfo")?,
            meta,
            extra,
        })
    }
}

impl Encode for InitializeRequestParams<'_> {
    fn write<S: Sink + ?Sized>(&self, sink: &mut S) {
        let mut o = ObjectWriter::open(sink);
        o.raw_field(sink, "_meta", &self.meta);
        o.key(sink, "protocolVersion");
        write_str(sink, &self.protocol_version);
        o.key(sink, "capabilities");
        write_raw(sink, &self.capabilities);
        o.key(sink, "clientInfo");
        write_raw(sink, &self.client_info);
        self.extra.write(&mut o, sink);
        o.close(sink);
    }
}

/// Result of `initialize` (2025-06-18, 2025-11-25).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct InitializeResult<'a> {
    /// The version the server chose.
    pub protocol_version: JsonStr<'a>,
    /// Server capabilities.
    pub capabilities: RawJson<'a>,
    /// The `tools` capability, when declared.
    pub tools: Option<ToolsCapability>,
    /// Server `Implementation`.
    pub server_info: RawJson<'a>,
    /// Instructions for the model.
    pub instructions: Option<JsonStr<'a>>,
    /// `_meta`.
    pub meta: Option<RawJson<'a>>,
    /// Unknown members.
    pub extra: Extra<'a>,
}

members!(
    /// In the order servers send them (what the reader tries first); the encoder writes
    /// `_meta` first.
    INITIALIZE_RESULT_MEMBERS, initialize_result {
        PROTOCOL_VERSION = "protocolVersion",
        CAPABILITIES = "capabilities",
        SERVER_INFO = "serverInfo",
        INSTRUCTIONS = "instructions",
        META = "_meta",
    }
);

impl Encode for InitializeResult<'_> {
    fn write<S: Sink + ?Sized>(&self, sink: &mut S) {
        use initialize_result as M;
        let mut o = ObjectWriter::open(sink);
        o.raw_field(sink, M::META, &self.meta);
        o.key(sink, M::PROTOCOL_VERSION);
        write_str(sink, &self.protocol_version);
        o.key(sink, M::CAPABILITIES);
        write_raw(sink, &self.capabilities);
        o.key(sink, M::SERVER_INFO);
        write_raw(sink, &self.server_info);
        o.str_field(sink, M::INSTRUCTIONS, &self.instructions);
        self.extra.write(&mut o, sink);
        o.close(sink);
    }
}

/// Result of `server/discover` (2026-07-28).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DiscoverResult<'a> {
    /// Versions the server speaks.
    pub supported_versions: List<'a, JsonStr<'a>>,
    /// Server capabilities.
    pub capabilities: RawJson<'a>,
    /// The `tools` capability, when declared.
    pub tools: Option<ToolsCapability>,
    /// Instructions for the model.
    pub instructions: Option<JsonStr<'a>>,
    /// Cache lifetime hint in ms.
    pub ttl_ms: Option<i64>,
    /// Cache scope.
    pub cache_scope: Option<CacheScope>,
    /// `resultType`.
    pub result_type: Option<ResultType<'a>>,
    /// `_meta`.
    pub meta: Option<RawJson<'a>>,
    /// `_meta["io.modelcontextprotocol/serverInfo"]` to write ("Servers SHOULD include this
    /// field on every response"): the first member of `_meta`, before `meta`'s own (a
    /// `serverInfo` in `meta` is then left out). Decoding leaves it `None`: what arrived
    /// stays in `meta`.
    pub server_info: Option<RawJson<'a>>,
    /// Unknown members.
    pub extra: Extra<'a>,
}

/// The `_meta` key of the server's `Implementation` on a result (`ResultMetaObject`).
pub(crate) const SERVER_INFO_META_KEY: &str = "io.modelcontextprotocol/serverInfo";

/// `_meta` with `serverInfo` first, then `meta`'s other members.
fn write_result_meta<S: Sink + ?Sized>(
    sink: &mut S,
    info: &RawJson<'_>,
    meta: Option<&RawJson<'_>>,
) {
    let mut o = ObjectWriter::open(sink);
    o.key(sink, SERVER_INFO_META_KEY);
    write_raw(sink, info);
    for (k, v) in meta.into_iter().flat_map(RawJson::members) {
        if !k.eq_str(SERVER_INFO_META_KEY) {
            o.json_key(sink, &k);
            write_raw(sink, &v);
        }
    }
    o.close(sink);
}

members!(
    /// In the order servers send them (what the reader tries first); the encoder writes
    /// `_meta` first.
    DISCOVER_RESULT_MEMBERS, discover_result {
        RESULT_TYPE = "resultType",
        SUPPORTED_VERSIONS = "supportedVersions",
        CAPABILITIES = "capabilities",
        INSTRUCTIONS = "instructions",
        TTL_MS = "ttlMs",
        CACHE_SCOPE = "cacheScope",
        META = "_meta",
    }
);

impl Encode for DiscoverResult<'_> {
    fn write<S: Sink + ?Sized>(&self, sink: &mut S) {
        use discover_result as M;
        let mut o = ObjectWriter::open(sink);
        match &self.server_info {
            Some(info) => {
                o.key(sink, M::META);
                write_result_meta(sink, info, self.meta.as_ref());
            }
            None => o.raw_field(sink, M::META, &self.meta),
        }
        o.enc_field(sink, M::RESULT_TYPE, &self.result_type);
        o.key(sink, M::SUPPORTED_VERSIONS);
        self.supported_versions.write(sink);
        o.key(sink, M::CAPABILITIES);
        write_raw(sink, &self.capabilities);
        o.str_field(sink, M::INSTRUCTIONS, &self.instructions);
        o.enc_field(sink, M::TTL_MS, &self.ttl_ms);
        o.enc_field(sink, M::CACHE_SCOPE, &self.cache_scope);
        self.extra.write(&mut o, sink);
        o.close(sink);
    }
}
