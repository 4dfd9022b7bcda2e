//! The host kit over `mcpwire::host`: the `Catalog` class (add, inspect, select, toModel,
//! decide), `renderResult`, `linksToRead` and `checkTools`. Only conversions live here: a
//! policy is a plain object whose `predicate` (a JS function) becomes the closure core calls;
//! every rule is in core.

use crate::args::{bool_arg, each_member, given, string_arg};
use crate::schema::{json_arg, Arg};
use crate::{js_to_value_strict, mcpwire_error, type_error, value_to_js};
use mcpwire::host::{self, Policy, Target};
use mcpwire::json::Value;
use napi::bindgen_prelude::*;
use napi::{JsValue, ValueType};
use napi_derive::napi;

fn target(env: &Env, v: Unknown, name: &str) -> Result<Target> {
    Target::parse(&string_arg(env, v, name)?).map_err(|e| mcpwire_error(env, e))
}

fn opt_bool(env: &Env, v: Option<Unknown>, name: &str) -> Result<bool> {
    Ok(given(v)?
        .map(|v| bool_arg(env, v, name))
        .transpose()?
        .unwrap_or(false))
}

/// A policy object split into core's [`Policy`] (every member but `predicate`, read by
/// `Policy::from_value`; members set to `undefined` count as absent) and the `predicate`
/// function, if any.
fn policy<'a>(env: &Env, v: Option<Unknown<'a>>) -> Result<(Policy, Option<Function<'a>>)> {
    let Some(v) = given(v)? else {
        return Ok((Policy::default(), None));
    };
    let from = |value: &Value| Policy::from_value(value).map_err(|e| mcpwire_error(env, e));
    if v.get_type()? != ValueType::Object || v.is_array()? {
        // not an object: core says what a policy must be
        return Ok((from(&js_to_value_strict(env, v)?)?, None));
    }
    let obj: Object = unsafe { v.cast()? };
    let (mut members, mut predicate) = (Vec::new(), None);
    each_member(env, &obj, |name, member| {
        match (name.as_str(), member.get_type()?) {
            (_, ValueType::Undefined) | ("predicate", ValueType::Null) => {}
            ("predicate", ValueType::Function) => predicate = Some(unsafe { member.cast()? }),
            ("predicate", _) => {
                return Err(type_error(env, "policy.predicate must be a function"));
            }
            _ => members.push((name, js_to_value_strict(env, member)?)),
        }
        Ok(())
    })?;
    Ok((from(&Value::Object(members))?, predicate))
}

/// Runs `f` with the policy's predicate as core's closure (or none): the function is called
/// with the tool as a plain object, and the truthiness of its answer is core's answer. The
/// first exception it throws (or a failure to hand it the tool) stops further calls (every
/// later tool counts as refused) and is thrown to the caller once core returns.
fn with_predicate<T>(
    env: &Env,
    predicate: Option<Function<'_>>,
    f: impl FnOnce(Option<&mut dyn FnMut(&Value) -> bool>) -> T,
) -> Result<T> {
    let Some(func) = predicate else {
        return Ok(f(None));
    };
    let mut thrown: Option<Error> = None;
    let mut call = |tool: &Value| {
        if thrown.is_some() {
            return false;
        }
        let answer = value_to_js(env, tool)
            .and_then(|t| func.call(t))
            .and_then(|r| r.coerce_to_bool());
        answer.unwrap_or_else(|e| {
            thrown = Some(e);
            false
        })
    };
    let out = f(Some(&mut call));
    thrown.map_or(Ok(out), Err)
}

/// The tools of one or more servers, from their `tools/list` pages (pure: no I/O): inspect
/// them, select what a model sees, convert them for a model API and decide the model's calls.
#[napi]
pub struct Catalog {
    inner: host::Catalog,
}

#[napi]
impl Catalog {
    /// An empty catalog.
    #[napi(constructor)]
    pub fn new() -> Self {
        Catalog {
            inner: host::Catalog::new(),
        }
    }

    /// Adds a page of `server`'s tools: a `tools/list` result (or its JSON text as a string or
    /// bytes), the response message holding one, or an array of tools. Call again for further
    /// pages.
    #[napi(
        ts_args_type = "server: string, tools: ListToolsResult | JSONRPCResultResponse<ListToolsResult> | Tool[] | Uint8Array"
    )]
    pub fn add(&mut self, env: &Env, server: Unknown, tools: Unknown) -> Result<()> {
        let server = string_arg(env, server, "server")?;
        let tools = json_arg(env, tools, Arg::Instance)?;
        self.inner
            .add(&server, &tools)
            .map_err(|e| mcpwire_error(env, e))
    }

    /// Findings for every tool: `[{server, tool, code, severity, message}]`.
    #[napi(ts_return_type = "HostFinding[]")]
    pub fn inspect<'a>(&self, env: &'a Env) -> Result<Unknown<'a>> {
        value_to_js(env, &self.inner.inspect())
    }

    /// Which tools the policy shows: `{shown: [{server, tool}], hidden: [{server, tool,
    /// reason}]}`.
    #[napi(
        ts_args_type = "policy?: HostPolicy | null",
        ts_return_type = "HostSelection"
    )]
    pub fn select<'a>(&self, env: &'a Env, policy: Option<Unknown>) -> Result<Unknown<'a>> {
        let (p, predicate) = self::policy(env, policy)?;
        let v = with_predicate(env, predicate, |pred| self.inner.select(&p, pred))?;
        value_to_js(env, &v)
    }

    /// The selected tools converted for `target`: `{tools, names, changes}`. More tools than
    /// the target takes in one request throws `McpwireError` naming the limit.
    #[napi(
        ts_args_type = "target: HostTarget, strict?: boolean | null, policy?: HostPolicy | null",
        ts_return_type = "ModelTools"
    )]
    pub fn to_model<'a>(
        &self,
        env: &'a Env,
        target: Unknown,
        strict: Option<Unknown>,
        policy: Option<Unknown>,
    ) -> Result<Unknown<'a>> {
        let t = self::target(env, target, "target")?;
        let strict = opt_bool(env, strict, "strict")?;
        let (p, predicate) = self::policy(env, policy)?;
        let r = with_predicate(env, predicate, |pred| {
            self.inner.to_model(t, strict, &p, pred)
        })?;
        value_to_js(env, &r.map_err(|e| mcpwire_error(env, e))?)
    }

    /// Decides a model's call: `{decision, server, tool, arguments, message, errors, hints,
    /// prompt?}`. `name`: a name `toModel` showed for `target` (with the same `strict`), or
    /// with no target an MCP name (`server/tool` where two servers share it). `args`: an
    /// object, or the JSON text the model sent (a string).
    #[napi(
        ts_args_type = "name: string, args: JSONValue, target?: HostTarget | null, policy?: HostPolicy | null, strict?: boolean | null",
        ts_return_type = "HostDecision"
    )]
    pub fn decide<'a>(
        &self,
        env: &'a Env,
        name: Unknown,
        args: Unknown,
        target: Option<Unknown>,
        policy: Option<Unknown>,
        strict: Option<Unknown>,
    ) -> Result<Unknown<'a>> {
        let name = string_arg(env, name, "name")?;
        let args = js_to_value_strict(env, args)?;
        let t = given(target)?
            .map(|t| self::target(env, t, "target"))
            .transpose()?;
        let (p, predicate) = self::policy(env, policy)?;
        let strict = opt_bool(env, strict, "strict")?;
        let v = with_predicate(env, predicate, |pred| {
            self.inner.decide(&name, &args, t, strict, &p, pred)
        })?;
        value_to_js(env, &v)
    }

    /// The number of tools.
    #[napi(getter)]
    pub fn length(&self) -> u32 {
        self.inner.len() as u32
    }
}

impl Default for Catalog {
    fn default() -> Self {
        Self::new()
    }
}

/// `untrusted`: `null`/`undefined` or an array of two strings `[before, after]`.
fn wrapper(env: &Env, v: Option<Unknown>) -> Result<Option<(String, String)>> {
    const WANT: &str = "untrusted must be an array of two strings [before, after]";
    let Some(v) = given(v)? else {
        return Ok(None);
    };
    if !v.is_array()? {
        return Err(type_error(env, WANT));
    }
    let arr: Object = unsafe { v.cast()? };
    if arr.get_array_length_unchecked()? != 2 {
        return Err(type_error(env, WANT));
    }
    let before = string_arg(env, arr.get_element(0)?, "untrusted[0]")?;
    let after = string_arg(env, arr.get_element(1)?, "untrusted[1]")?;
    Ok(Some((before, after)))
}

/// The target's tool-result JSON for `result` (a `tools/call` response message, a
/// `CallToolResult`, `{timeout: ms}` or `{cancelled: reason}`, or its JSON text). Protocol
/// errors, timeouts and cancellations come back rendered as error results. `budget`:
/// characters of the tool's text per result; `untrusted`: `[before, after]` put around every
/// text the tool returned.
#[napi(
    ts_args_type = "target: HostTarget, result: ToolOutcome | Uint8Array, callId?: string | null, name?: string | null, budget?: number | null, untrusted?: [string, string] | null",
    ts_return_type = "JSONObject"
)]
pub fn render_result<'a>(
    env: &'a Env,
    target: Unknown,
    result: Unknown,
    call_id: Option<Unknown>,
    name: Option<Unknown>,
    budget: Option<Unknown>,
    untrusted: Option<Unknown>,
) -> Result<Unknown<'a>> {
    let t = self::target(env, target, "target")?;
    let result = json_arg(env, result, Arg::Instance)?;
    let call_id = crate::args::opt_string(env, call_id, "callId")?;
    let name = crate::args::opt_string(env, name, "name")?;
    let budget = given(budget)?
        .map(|b| crate::args::index_arg(env, b, "budget"))
        .transpose()?;
    let wrap = wrapper(env, untrusted)?;
    let wrap = wrap.as_ref().map(|(b, a)| (b.as_str(), a.as_str()));
    let v = host::render_result(
        t,
        &result,
        call_id.as_deref(),
        name.as_deref(),
        budget,
        wrap,
    )
    .map_err(|e| mcpwire_error(env, e))?;
    value_to_js(env, &v)
}

/// The `resource_link`s of a result, each `{uri, name, mimeType, read, reason}`: whether the
/// host should read it and add it to the conversation.
#[napi(
    ts_args_type = "target: HostTarget, result: ToolOutcome | Uint8Array",
    ts_return_type = "LinkToRead[]"
)]
pub fn links_to_read<'a>(env: &'a Env, target: Unknown, result: Unknown) -> Result<Unknown<'a>> {
    let t = self::target(env, target, "target")?;
    let result = json_arg(env, result, Arg::Instance)?;
    value_to_js(env, &host::links_to_read(t, &result))
}

/// Every rule of `target` the tool list `tools` (the `tools` of `toModel`) breaks, as
/// `"code at path: message"`; `[]` when the target takes it.
#[napi(ts_args_type = "target: HostTarget, tools: JSONValue | Uint8Array, strict?: boolean | null")]
pub fn check_tools(
    env: &Env,
    target: Unknown,
    tools: Unknown,
    strict: Option<Unknown>,
) -> Result<Vec<String>> {
    let t = self::target(env, target, "target")?;
    let tools = json_arg(env, tools, Arg::Instance)?;
    let strict = opt_bool(env, strict, "strict")?;
    Ok(host::check_tools(t, strict, &tools))
}
