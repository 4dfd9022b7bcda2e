//! Shapes: the key sequences of the objects MCP peers send most (envelopes, tools/call and
//! progress params, content blocks, tool schemas), each of up to [`MAX_SHAPE_KEYS`]
//! [`KNOWN_KEYS`] in one order. An object whose keys are exactly one of them, in that order,
//! is written as [`SHAPED`](super::SHAPED) with the shape's index, and a JS builder makes it
//! with an object literal of those keys, which V8 makes with its final layout at once instead
//! of one property at a time (BENCHMARKS.md has the A/B). Any other order is an ordinary
//! object: the builder keeps `JSON.parse`'s key order either way.
//!
//! The orders are those the SDKs write: the TypeScript SDK spreads the method and params
//! first (`{method, params, jsonrpc, id}`, `{result, jsonrpc, id}`), the Python SDK writes
//! its models' fields in declaration order (`{jsonrpc, id, method, params}`, `_meta` first
//! in params and results).

use super::keys::KNOWN_KEYS;

/// Most keys in a shape: six bits a key fill the 30 bits of a shape's code.
pub const MAX_SHAPE_KEYS: usize = 5;

/// The shapes, by index (the JS builders' object literals are in this order).
pub const TAPE_SHAPES: &[&[&str]] = &[
    // Envelopes (Python SDK, then TypeScript SDK order).
    &["jsonrpc", "id", "method", "params"],
    &["jsonrpc", "id", "method"],
    &["jsonrpc", "method", "params"],
    &["jsonrpc", "method"],
    &["jsonrpc", "id", "result"],
    &["jsonrpc", "id", "error"],
    &["method", "params", "jsonrpc", "id"],
    &["method", "jsonrpc", "id"],
    &["method", "params", "jsonrpc"],
    &["method", "jsonrpc"],
    &["result", "jsonrpc", "id"],
    &["id", "jsonrpc", "result"],
    &["id", "jsonrpc", "error"],
    &["error", "jsonrpc", "id"],
    // JSON-RPC error objects.
    &["code", "message"],
    &["code", "message", "data"],
    // tools/call and tools/list params, request _meta, cancellation.
    &["name", "arguments"],
    &["name", "arguments", "_meta"],
    &["_meta", "name", "arguments"],
    &["name"],
    &["progressToken"],
    &["cursor"],
    &["requestId", "reason"],
    &["requestId"],
    // Progress params.
    &["progressToken", "progress"],
    &["progressToken", "progress", "total"],
    &["progressToken", "progress", "message"],
    &["progressToken", "progress", "total", "message"],
    // Results.
    &["content"],
    &["content", "isError"],
    &["content", "structuredContent"],
    &["content", "structuredContent", "isError"],
    &["content", "isError", "structuredContent"],
    &["tools"],
    &["tools", "nextCursor"],
    &["nextCursor", "tools"],
    // Content blocks.
    &["type", "text"],
    &["type", "text", "annotations"],
    &["type", "data", "mimeType"],
    &["type", "resource"],
    &["uri", "mimeType", "text"],
    &["uri", "mimeType", "blob"],
    &["uri", "text"],
    &["type", "uri", "name"],
    &["type", "uri", "name", "mimeType"],
    // Tools.
    &["name", "description", "inputSchema"],
    &["name", "title", "description", "inputSchema"],
    &["name", "description", "inputSchema", "annotations"],
    &["name", "title", "description", "inputSchema", "annotations"],
    &["name", "description", "inputSchema", "outputSchema"],
    &[
        "name",
        "title",
        "description",
        "inputSchema",
        "outputSchema",
    ],
    // Tool schemas, as zod-to-json-schema and pydantic write them.
    &["type", "properties"],
    &["type", "properties", "required"],
    &["type", "properties", "additionalProperties"],
    &["type", "properties", "required", "additionalProperties"],
    &[
        "type",
        "properties",
        "required",
        "additionalProperties",
        "$schema",
    ],
    &["properties", "required", "title", "type"],
    &["properties", "title", "type"],
    &["type"],
    &["type", "description"],
    &["title", "type"],
    &["description", "title", "type"],
    &["type", "items"],
];

/// The code of a key sequence: each key's index in [`KNOWN_KEYS`] plus one, six bits each,
/// the first key highest. Codes of [`MAX_SHAPE_KEYS`] keys or fewer stay below `1 << 30`.
#[inline(always)]
pub(super) const fn push_key(code: u32, known_index: u32) -> u32 {
    (code << 6) | (known_index + 1)
}

/// A code no shape has: an object with another key, or too many keys. It stays at or above
/// `1 << 30` through up to [`MAX_SHAPE_KEYS`] further [`push_key`]s.
pub(super) const NO_SHAPE: u32 = u32::MAX;

/// The code of `TAPE_SHAPES`' shape `keys` (at compile time).
const fn code_of(keys: &[&str]) -> u32 {
    let mut code = 0;
    let mut i = 0;
    while i < keys.len() {
        code = push_key(code, known_index(keys[i]));
        i += 1;
    }
    code
}

const fn known_index(key: &str) -> u32 {
    let mut i = 0;
    while i < KNOWN_KEYS.len() {
        if crate::json::const_eq(KNOWN_KEYS[i].as_bytes(), key.as_bytes()) {
            return i as u32;
        }
        i += 1;
    }
    // Evaluated only at compile time (the `static TABLE`) and in tests: a wrong key fails the
    // build, no input reaches it.
    panic!("a shape's key is not among KNOWN_KEYS")
}

/// Slots of the table from a code to its shape (at most half full).
const SLOTS: usize = 128;

/// `code << 8 | shape`, or 0 for an empty slot (no shape is empty).
static TABLE: [u64; SLOTS] = table();

const fn slot_of(code: u32) -> usize {
    (code.wrapping_mul(0x9E37_79B1) >> 25) as usize
}

const fn table() -> [u64; SLOTS] {
    assert!(2 * TAPE_SHAPES.len() <= SLOTS && TAPE_SHAPES.len() <= 256);
    let mut t = [0u64; SLOTS];
    let mut s = 0;
    while s < TAPE_SHAPES.len() {
        let keys = TAPE_SHAPES[s];
        assert!(!keys.is_empty() && keys.len() <= MAX_SHAPE_KEYS);
        let code = code_of(keys) as u64;
        let mut i = slot_of(code as u32);
        while t[i] != 0 {
            assert!(t[i] >> 8 != code, "two shapes with the same keys");
            i = (i + 1) % SLOTS;
        }
        t[i] = code << 8 | s as u64;
        s += 1;
    }
    t
}

/// The shape with code `code`, if one has it (none has 0, an empty object's code).
#[inline(always)]
pub(super) fn shape_of(code: u32) -> Option<u32> {
    if code >= 1 << 30 {
        return None;
    }
    let mut i = slot_of(code);
    loop {
        let e = TABLE[i % SLOTS];
        if e == 0 {
            return None;
        }
        if e >> 8 == u64::from(code) {
            return Some(e as u32 & 0xff);
        }
        i += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_shape_is_found_by_its_keys_and_no_other_order_is() {
        for (s, keys) in TAPE_SHAPES.iter().enumerate() {
            assert_eq!(shape_of(code_of(keys)), Some(s as u32), "{keys:?}");
            for (i, k) in keys.iter().enumerate() {
                assert!(!keys[..i].contains(k), "{keys:?} repeats {k}");
            }
        }
        // The first key's bits decide the slot as much as the last's: a reversed sequence is
        // another code, found only when it is itself a shape.
        for keys in TAPE_SHAPES.iter().filter(|k| k.len() > 1) {
            let rev: alloc::vec::Vec<&str> = keys.iter().rev().copied().collect();
            let found = shape_of(code_of(&rev));
            let listed = TAPE_SHAPES.iter().position(|k| *k == rev.as_slice());
            assert_eq!(found, listed.map(|p| p as u32), "{rev:?}");
        }
    }

    #[test]
    fn a_prefix_a_longer_sequence_and_a_poisoned_code_find_no_shape() {
        let call = code_of(&["name", "arguments", "_meta"]);
        assert!(shape_of(call).is_some());
        assert_eq!(shape_of(push_key(call, 0)), None);
        assert_eq!(shape_of(code_of(&["arguments"])), None);
        assert_eq!(shape_of(NO_SHAPE), None);
        // An empty object's code.
        assert_eq!(shape_of(0), None);
        // A poisoned code stays poisoned through the most keys a shaped object can add.
        let mut poisoned = NO_SHAPE;
        for _ in 0..MAX_SHAPE_KEYS {
            poisoned = push_key(poisoned, 0);
            assert!(poisoned >= 1 << 30);
        }
    }
}
