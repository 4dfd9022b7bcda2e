//! The host kit over `mcpwire::host`: the `Catalog` class (add, inspect, select, toModel,
//! decide), `renderResult`, `linksToRead` and `checkTools`. Only conversions live here: a
//! policy is a plain object whose `predicate` (a JS function) becomes the closure core calls;
//! every rule is in core. Same names and argument checks as the Node binding.

use crate::args::{bool_arg, given, index_arg, opt_string, string_arg};
use crate::schema::{json_arg, Arg};
use crate::{js_string_to_rust, js_to_value_strict, mcpwire_error, type_error, value_to_js};
use js_sys::{Array, Function, Object, Reflect};
use mcpwire::host::{self, Policy, Target};
use mcpwire::json::Value;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

fn target(v: &JsValue, name: &str) -> Result<Target, JsValue> {
    Target::parse(&string_arg(v, name)?).map_err(mcpwire_error)
}

fn opt_bool(v: &JsValue, name: &str) -> Result<bool, JsValue> {
    Ok(given(v)
        .map(|v| bool_arg(v, name))
        .transpose()?
        .unwrap_or(false))
}

/// A policy object split into core's [`Policy`] (every member but `predicate`, read by
/// `Policy::from_value`; members set to `undefined` count as absent) and the `predicate`
/// function, if any.
fn policy(v: &JsValue) -> Result<(Policy, Option<Function>), JsValue> {
    let Some(v) = given(v) else {
        return Ok((Policy::default(), None));
    };
    if !v.is_object() || Array::is_array(v) {
        // not an object: core says what a policy must be
        let p = Policy::from_value(&js_to_value_strict(v)?).map_err(mcpwire_error)?;
        return Ok((p, None));
    }
    let obj: &Object = v.unchecked_ref();
    let (mut members, mut predicate) = (Vec::new(), None);
    for key in Object::keys(obj).iter() {
        let name = js_string_to_rust(&key)?;
        let member = Reflect::get(obj, &key)?;
        if member.is_undefined() || (name == "predicate" && member.is_null()) {
            continue;
        }
        if name != "predicate" {
            members.push((name, js_to_value_strict(&member)?));
            continue;
        }
        match member.dyn_into::<Function>() {
            Ok(f) => predicate = Some(f),
            Err(_) => return Err(type_error("policy.predicate must be a function")),
        }
    }
    let p = Policy::from_value(&Value::Object(members)).map_err(mcpwire_error)?;
    Ok((p, predicate))
}

/// Runs `f` with the policy's predicate as core's closure (or none): the function is called
/// with the tool as a plain object, and the truthiness of its answer is core's answer. The
/// first exception it throws stops further calls (every later tool counts as refused) and is
/// thrown to the caller once core returns.
fn with_predicate<T>(
    predicate: Option<Function>,
    f: impl FnOnce(Option<&mut dyn FnMut(&Value) -> bool>) -> T,
) -> Result<T, JsValue> {
    let Some(func) = predicate else {
        return Ok(f(None));
    };
    let mut thrown: Option<JsValue> = None;
    let mut call = |tool: &Value| {
        if thrown.is_some() {
            return false;
        }
        let answer = value_to_js(tool).and_then(|t| func.call1(&JsValue::UNDEFINED, &t));
        answer.map(|r| r.is_truthy()).unwrap_or_else(|e| {
            thrown = Some(e);
            false
        })
    };
    let out = f(Some(&mut call));
    thrown.map_or(Ok(out), Err)
}

/// The tools of one or more servers, from their `tools/list` pages (pure: no I/O): inspect
/// them, select what a model sees, convert them for a model API and decide the model's calls.
#[wasm_bindgen]
#[derive(Default)]
pub struct Catalog {
    inner: host::Catalog,
}

#[wasm_bindgen]
impl Catalog {
    /// An empty catalog.
    #[wasm_bindgen(constructor)]
    pub fn new() -> Catalog {
        Catalog::default()
    }

    /// Adds a page of `server`'s tools: a `tools/list` result (or its JSON text as a string or
    /// bytes), the response message holding one, or an array of tools. Call again for further
    /// pages.
    pub fn add(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "string")] server: JsValue,
        #[wasm_bindgen(
            unchecked_param_type = "ListToolsResult | JSONRPCResultResponse<ListToolsResult> | Tool[] | Uint8Array"
        )]
        tools: JsValue,
    ) -> Result<(), JsValue> {
        let server = string_arg(&server, "server")?;
        let tools = json_arg(&tools, Arg::Instance)?;
        self.inner.add(&server, &tools).map_err(mcpwire_error)
    }

    /// Findings for every tool: `[{server, tool, code, severity, message}]`.
    #[wasm_bindgen(unchecked_return_type = "HostFinding[]")]
    pub fn inspect(&self) -> Result<JsValue, JsValue> {
        value_to_js(&self.inner.inspect())
    }

    /// Which tools the policy shows: `{shown: [{server, tool}], hidden: [{server, tool,
    /// reason}]}`.
    #[wasm_bindgen(unchecked_return_type = "HostSelection")]
    pub fn select(
        &self,
        #[wasm_bindgen(unchecked_optional_param_type = "HostPolicy | null")] policy: JsValue,
    ) -> Result<JsValue, JsValue> {
        let (p, predicate) = self::policy(&policy)?;
        value_to_js(&with_predicate(predicate, |pred| {
            self.inner.select(&p, pred)
        })?)
    }

    /// The selected tools converted for `target`: `{tools, names, changes}`. More tools than
    /// the target takes in one request throws `McpwireError` naming the limit.
    #[wasm_bindgen(js_name = toModel, unchecked_return_type = "ModelTools")]
    pub fn to_model(
        &self,
        #[wasm_bindgen(unchecked_param_type = "HostTarget")] target: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "boolean | null")] strict: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "HostPolicy | null")] policy: JsValue,
    ) -> Result<JsValue, JsValue> {
        let t = self::target(&target, "target")?;
        let strict = opt_bool(&strict, "strict")?;
        let (p, predicate) = self::policy(&policy)?;
        let r = with_predicate(predicate, |pred| self.inner.to_model(t, strict, &p, pred))?;
        value_to_js(&r.map_err(mcpwire_error)?)
    }

    /// Decides a model's call: `{decision, server, tool, arguments, message, errors, hints,
    /// prompt?}`. `name`: a name `toModel` showed for `target` (with the same `strict`), or
    /// with no target an MCP name (`server/tool` where two servers share it). `args`: an
    /// object, or the JSON text the model sent (a string).
    #[wasm_bindgen(unchecked_return_type = "HostDecision")]
    pub fn decide(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] name: JsValue,
        #[wasm_bindgen(unchecked_param_type = "JSONValue")] args: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "HostTarget | null")] target: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "HostPolicy | null")] policy: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "boolean | null")] strict: JsValue,
    ) -> Result<JsValue, JsValue> {
        let name = string_arg(&name, "name")?;
        let args = js_to_value_strict(&args)?;
        let t = given(&target)
            .map(|t| self::target(t, "target"))
            .transpose()?;
        let (p, predicate) = self::policy(&policy)?;
        let strict = opt_bool(&strict, "strict")?;
        let v = with_predicate(predicate, |pred| {
            self.inner.decide(&name, &args, t, strict, &p, pred)
        })?;
        value_to_js(&v)
    }

    /// The number of tools.
    #[wasm_bindgen(getter)]
    pub fn length(&self) -> u32 {
        self.inner.len() as u32
    }
}

/// `untrusted`: `null`/`undefined` or an array of two strings `[before, after]`.
fn wrapper(v: &JsValue) -> Result<Option<(String, String)>, JsValue> {
    const WANT: &str = "untrusted must be an array of two strings [before, after]";
    let Some(v) = given(v) else {
        return Ok(None);
    };
    let Some(arr) = v.dyn_ref::<Array>().filter(|a| a.length() == 2) else {
        return Err(type_error(WANT));
    };
    let before = string_arg(&arr.get(0), "untrusted[0]")?;
    let after = string_arg(&arr.get(1), "untrusted[1]")?;
    Ok(Some((before, after)))
}

/// The target's tool-result JSON for `result` (a `tools/call` response message, a
/// `CallToolResult`, `{timeout: ms}` or `{cancelled: reason}`, or its JSON text). Protocol
/// errors, timeouts and cancellations come back rendered as error results. `budget`:
/// characters of the tool's text per result; `untrusted`: `[before, after]` put around every
/// text the tool returned.
#[wasm_bindgen(js_name = renderResult, unchecked_return_type = "JSONObject")]
pub fn render_result(
    #[wasm_bindgen(unchecked_param_type = "HostTarget")] target: JsValue,
    #[wasm_bindgen(unchecked_param_type = "ToolOutcome | Uint8Array")] result: JsValue,
    #[wasm_bindgen(js_name = callId, unchecked_optional_param_type = "string | null")]
    call_id: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "string | null")] name: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "number | null")] budget: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "[string, string] | null")] untrusted: JsValue,
) -> Result<JsValue, JsValue> {
    let t = self::target(&target, "target")?;
    let result = json_arg(&result, Arg::Instance)?;
    let call_id = opt_string(&call_id, "callId")?;
    let name = opt_string(&name, "name")?;
    let budget = given(&budget).map(|b| index_arg(b, "budget")).transpose()?;
    let wrap = wrapper(&untrusted)?;
    let wrap = wrap.as_ref().map(|(b, a)| (b.as_str(), a.as_str()));
    let v = host::render_result(
        t,
        &result,
        call_id.as_deref(),
        name.as_deref(),
        budget,
        wrap,
    )
    .map_err(mcpwire_error)?;
    value_to_js(&v)
}

/// The `resource_link`s of a result, each `{uri, name, mimeType, read, reason}`: whether the
/// host should read it and add it to the conversation.
#[wasm_bindgen(js_name = linksToRead, unchecked_return_type = "LinkToRead[]")]
pub fn links_to_read(
    #[wasm_bindgen(unchecked_param_type = "HostTarget")] target: JsValue,
    #[wasm_bindgen(unchecked_param_type = "ToolOutcome | Uint8Array")] result: JsValue,
) -> Result<JsValue, JsValue> {
    let t = self::target(&target, "target")?;
    value_to_js(&host::links_to_read(t, &json_arg(&result, Arg::Instance)?))
}

/// Every rule of `target` the tool list `tools` (the `tools` of `toModel`) breaks, as
/// `"code at path: message"`; `[]` when the target takes it.
#[wasm_bindgen(js_name = checkTools, unchecked_return_type = "string[]")]
pub fn check_tools(
    #[wasm_bindgen(unchecked_param_type = "HostTarget")] target: JsValue,
    #[wasm_bindgen(unchecked_param_type = "JSONValue | Uint8Array")] tools: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "boolean | null")] strict: JsValue,
) -> Result<JsValue, JsValue> {
    let t = self::target(&target, "target")?;
    let tools = json_arg(&tools, Arg::Instance)?;
    let strict = opt_bool(&strict, "strict")?;
    let out: Array = host::check_tools(t, strict, &tools)
        .into_iter()
        .map(|s| JsValue::from_str(&s))
        .collect();
    Ok(out.into())
}
