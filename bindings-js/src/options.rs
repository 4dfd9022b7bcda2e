//! The options objects of the JS API, read once for both engines over [`JsEngine`]: decode
//! limits, a `Client`'s and a `Server`'s options, an `HttpEndpoint`'s, and the JSON Schema
//! options of `validate` and `Schema`, the `fields` of `encodeSseEvent` and `HttpClient`'s
//! `maxMessage`. Values core reads as message parts (`clientInfo`,
//! `capabilities`, …) are converted by [`to_value`] with the message cut ([`Cut::new`]).

use crate::read::{
    field, given, index, integer, millis, object, opt_boolean, opt_millis, opt_string, required,
    string, strings,
};
use crate::{args, to_value, Cut, JsEngine, Kind, LimitField};
use alloc::string::String;
use alloc::vec::Vec;
use mcpwire::api::ClientOptions;
use mcpwire::json::Value;
use mcpwire::schema::SchemaOptions;
use mcpwire::transport::values::EndpointOptions;
use mcpwire::Limits;

/// `{maxBytes?, maxDepth?, maxMembers?}` (`undefined`/`null`: core's defaults; see
/// [`crate::read_limits`]).
pub fn limits<E: JsEngine>(e: &E, v: Option<&E::Value>) -> Result<Limits, E::Error> {
    let Some(l) = v else {
        return Ok(Limits::DEFAULT);
    };
    match e.kind(l)? {
        Kind::Undefined | Kind::Null => return Ok(Limits::DEFAULT),
        Kind::Object | Kind::Array(_) => {}
        _ => return Err(e.error(args::must_be("limits", "an object"))),
    }
    let limit = |name: &str| -> Result<LimitField, E::Error> {
        Ok(match field(e, l, name)? {
            None => None,
            Some(v) => Some(match e.kind(&v)? {
                Kind::Number(n) => Ok(n),
                _ => Err(()),
            }),
        })
    };
    args::read_limits(limit, |x| e.error(x))
}

/// A message part of an options object: its JSON value.
fn part<E: JsEngine>(e: &E, v: &E::Value) -> Result<Value, E::Error> {
    to_value(e, v, 0, Cut::new(false))
}

/// What `new Client(options)` reads.
pub struct ClientConfig {
    /// `options.version`.
    pub version: String,
    /// `options.clientInfo`.
    pub info: Value,
    /// `options.capabilities`.
    pub capabilities: Option<Value>,
    /// The time limits and paging.
    pub options: ClientOptions,
}

/// `{version, clientInfo, capabilities?, defaultTimeout?, maxTimeout?,
/// resetTimeoutOnProgress?, maxPages?}`.
pub fn client<E: JsEngine>(e: &E, o: &E::Value) -> Result<ClientConfig, E::Error> {
    object(e, o, "options")?;
    let version = string(e, &required(e, o, "version", "options")?, "options.version")?;
    let info = part(e, &required(e, o, "clientInfo", "options")?)?;
    let capabilities = field(e, o, "capabilities")?
        .map(|c| part(e, &c))
        .transpose()?;
    let max_pages = field(e, o, "maxPages")?
        .map(|v| integer(e, &v, "options.maxPages", 0.0).map(|n| n.min(u32::MAX as i64) as u32))
        .transpose()?;
    let options = ClientOptions {
        default_timeout: opt_millis(e, field(e, o, "defaultTimeout")?, "options.defaultTimeout")?,
        max_timeout: opt_millis(e, field(e, o, "maxTimeout")?, "options.maxTimeout")?,
        reset_timeout_on_progress: opt_boolean(
            e,
            field(e, o, "resetTimeoutOnProgress")?,
            "options.resetTimeoutOnProgress",
        )?
        .unwrap_or(false),
        max_pages,
    };
    Ok(ClientConfig {
        version,
        info,
        capabilities,
        options,
    })
}

/// What `new Server(options)` reads.
pub struct ServerConfig {
    /// `options.versions`.
    pub versions: Vec<String>,
    /// `options.serverInfo`.
    pub info: Value,
    /// `options.capabilities`.
    pub capabilities: Value,
}

impl ServerConfig {
    /// The versions as core takes them.
    pub fn versions(&self) -> Vec<&str> {
        self.versions.iter().map(String::as_str).collect()
    }
}

/// `{versions, serverInfo, capabilities}`.
pub fn server<E: JsEngine>(e: &E, o: &E::Value) -> Result<ServerConfig, E::Error> {
    object(e, o, "options")?;
    let versions = strings(
        e,
        &required(e, o, "versions", "options")?,
        "options.versions",
    )?;
    let info = part(e, &required(e, o, "serverInfo", "options")?)?;
    let capabilities = part(e, &required(e, o, "capabilities", "options")?)?;
    Ok(ServerConfig {
        versions,
        info,
        capabilities,
    })
}

/// What `new HttpEndpoint(options)` reads ([`EndpointConfig::options`] lends it to core).
pub struct EndpointConfig {
    versions: Option<Vec<String>>,
    info: Value,
    capabilities: Value,
    tools: Option<Value>,
    allowed_origins: Vec<String>,
    session_idle_ms: Option<u64>,
    max_sessions: Option<usize>,
}

impl EndpointConfig {
    /// The options as core's `http_endpoint` takes them.
    pub fn options(&self) -> EndpointOptions<'_> {
        EndpointOptions {
            versions: self
                .versions
                .as_ref()
                .map(|v| v.iter().map(String::as_str).collect()),
            server_info: &self.info,
            capabilities: &self.capabilities,
            tools: self.tools.as_ref(),
            allowed_origins: self.allowed_origins.clone(),
            session_idle_ms: self.session_idle_ms,
            max_sessions: self.max_sessions,
        }
    }
}

/// `{serverInfo, capabilities, tools?, versions?, allowedOrigins?, sessionIdleMs?,
/// maxSessions?}`.
pub fn endpoint<E: JsEngine>(e: &E, o: &E::Value) -> Result<EndpointConfig, E::Error> {
    object(e, o, "options")?;
    let info = part(e, &required(e, o, "serverInfo", "options")?)?;
    let capabilities = part(e, &required(e, o, "capabilities", "options")?)?;
    let tools = field(e, o, "tools")?.map(|t| part(e, &t)).transpose()?;
    let list = |name: &str| -> Result<Option<Vec<String>>, E::Error> {
        let name_in = alloc::format!("options.{name}");
        field(e, o, name)?
            .map(|l| strings(e, &l, &name_in))
            .transpose()
    };
    let versions = list("versions")?;
    let allowed_origins = list("allowedOrigins")?.unwrap_or_default();
    let session_idle_ms = opt_millis(e, field(e, o, "sessionIdleMs")?, "options.sessionIdleMs")?;
    let max_sessions = field(e, o, "maxSessions")?
        .map(|m| index(e, &m, "options.maxSessions"))
        .transpose()?;
    Ok(EndpointConfig {
        versions,
        info,
        capabilities,
        tools,
        allowed_origins,
        session_idle_ms,
        max_sessions,
    })
}

/// `{assertFormats?, maxErrors?, resources?}` (`undefined`/`null`: core's defaults); `doc`
/// reads one of `resources`' schema documents (a value, or bytes of JSON text: the binding's).
pub fn schema<E: JsEngine>(
    e: &E,
    v: Option<E::Value>,
    mut doc: impl FnMut(&E::Value) -> Result<Value, E::Error>,
) -> Result<SchemaOptions, E::Error> {
    let mut opts = SchemaOptions::new();
    let Some(o) = v.map(|v| given(e, v)).transpose()?.flatten() else {
        return Ok(opts);
    };
    object(e, &o, "options")?;
    if let Some(a) = opt_boolean(e, field(e, &o, "assertFormats")?, "options.assertFormats")? {
        opts = opts.assert_formats(a);
    }
    if let Some(n) = field(e, &o, "maxErrors")? {
        opts = opts.max_errors(integer(e, &n, "options.maxErrors", 1.0)? as usize);
    }
    if let Some(r) = field(e, &o, "resources")? {
        object(e, &r, "options.resources")?;
        let mut docs = Vec::new();
        e.members(&r, |uri, d| {
            docs.push((uri, doc(&d)?));
            Ok(())
        })?;
        for (uri, d) in docs {
            opts = opts.with_resource(&uri, d);
        }
    }
    Ok(opts)
}

/// The `fields` of `encodeSseEvent`: `{event?, id?, retry?}` (missing: empty, no `retry`).
#[derive(Default)]
pub struct SseFields {
    /// `fields.event`.
    pub event: String,
    /// `fields.id`.
    pub id: String,
    /// `fields.retry`, in milliseconds.
    pub retry: Option<u64>,
}

/// `{event?, id?, retry?}` (`undefined`/`null`: none of them).
pub fn sse_fields<E: JsEngine>(e: &E, v: Option<E::Value>) -> Result<SseFields, E::Error> {
    let Some(f) = v.map(|v| given(e, v)).transpose()?.flatten() else {
        return Ok(SseFields::default());
    };
    object(e, &f, "fields")?;
    Ok(SseFields {
        event: opt_string(e, field(e, &f, "event")?, "fields.event")?.unwrap_or_default(),
        id: opt_string(e, field(e, &f, "id")?, "fields.id")?.unwrap_or_default(),
        retry: opt_millis(e, field(e, &f, "retry")?, "fields.retry")?,
    })
}

/// `options.maxMessage` of `new HttpClient(version, options?)` (`undefined`/`null`: core's
/// default).
pub fn http_client_max<E: JsEngine>(e: &E, v: Option<E::Value>) -> Result<Option<usize>, E::Error> {
    let Some(o) = v.map(|v| given(e, v)).transpose()?.flatten() else {
        return Ok(None);
    };
    object(e, &o, "options")?;
    field(e, &o, "maxMessage")?
        .map(|m| index(e, &m, "options.maxMessage"))
        .transpose()
}

/// `now`, `name` and `args?` of `callTool` and `retryTool` (`args` a message part).
pub fn tool_call<E: JsEngine>(
    e: &E,
    now: &E::Value,
    name: &E::Value,
    args: Option<E::Value>,
) -> Result<(u64, String, Option<Value>), E::Error> {
    let now = millis(e, now, "now")?;
    let name = string(e, name, "name")?;
    let args = match args {
        Some(a) => given(e, a)?.map(|a| part(e, &a)).transpose()?,
        None => None,
    };
    Ok((now, name, args))
}

/// `timeout?` (milliseconds) and `progress?` (`true`, a token, or `null` when not given) of
/// `callTool` and `retryTool`.
pub fn call_options<E: JsEngine>(
    e: &E,
    timeout: Option<E::Value>,
    progress: Option<E::Value>,
) -> Result<(Option<u64>, Value), E::Error> {
    let timeout = opt_millis(e, timeout, "timeout")?;
    let progress = match progress {
        Some(p) => given(e, p)?.map(|p| part(e, &p)).transpose()?,
        None => None,
    };
    Ok((timeout, progress.unwrap_or(Value::Null)))
}
