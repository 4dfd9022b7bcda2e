//! SEP-1034 (2025-11-25): every primitive of an elicitation's `requestedSchema` may carry a
//! `default`, and "Clients that support defaults **SHOULD** pre-populate form fields with
//! these values". [`apply_elicitation_defaults`] does it for a host that answers without a
//! form (or whose form left fields empty): an accepted result gets the default of every
//! property it omits, so the server receives what the user saw. Used for `elicitation/create`
//! on either wire: a server request (2025-11-25) or an input request of an
//! `InputRequiredResult` (2026-07-28).
//!
//! Choices where the spec is silent: a value the result gives is never replaced, `null`
//! included; a default is copied as the server wrote it (it is the server's own schema);
//! `decline` and `cancel` results, and URL-mode requests (no `requestedSchema`), are returned
//! as they came; an accepted result without `content` gets one holding the defaults.

use super::ApiError;
use crate::json::Value;
use alloc::string::String;
use alloc::vec::Vec;

/// `result` (an `ElicitResult`) with the default of every property of `params`'
/// `requestedSchema` (the `elicitation/create` params) that an accepted `content` omits.
/// Fails (`invalid_value`) when `params` or `result` is not an object, or `content` or
/// `requestedSchema.properties` is present and not an object.
pub fn apply_elicitation_defaults(params: &Value, result: &Value) -> Result<Value, ApiError> {
    let Value::Object(members) = result else {
        return Err(ApiError::usage("an ElicitResult must be an object"));
    };
    if !matches!(params, Value::Object(_)) {
        return Err(ApiError::usage(
            "elicitation/create params must be an object",
        ));
    }
    let accepted = matches!(result.get("action"), Some(Value::String(a)) if a == "accept");
    let properties = params
        .get("requestedSchema")
        .and_then(|s| s.get("properties"));
    let properties = match properties {
        Some(Value::Object(p)) => p,
        Some(_) => {
            return Err(ApiError::usage(
                "requestedSchema.properties must be an object",
            ))
        }
        None => return Ok(result.clone()),
    };
    if !accepted {
        return Ok(result.clone());
    }
    let mut members = members.clone();
    if !members.iter().any(|(k, _)| k == "content") {
        members.push((String::from("content"), Value::Object(Vec::new())));
    }
    let content = members
        .iter_mut()
        .find(|(k, _)| k == "content")
        .map(|(_, v)| v);
    let Some(Value::Object(fields)) = content else {
        return Err(ApiError::usage(
            "an ElicitResult's content must be an object",
        ));
    };
    for (name, schema) in properties {
        if let Some(default) = schema.get("default") {
            if !fields.iter().any(|(k, _)| k == name) {
                fields.push((name.clone(), default.clone()));
            }
        }
    }
    Ok(Value::Object(members))
}
