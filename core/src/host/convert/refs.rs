//! Local `$ref`s: resolving them, and finding the schemas that refer back to themselves.

use crate::json::Value;
use alloc::vec::Vec;

/// The local `$ref` target (`#`, `#/$defs/x`, any JSON pointer into the document).
pub(crate) fn resolve_ref<'a>(root: &'a Value, r: &str) -> Option<&'a Value> {
    let pointer = r.strip_prefix('#')?;
    if pointer.is_empty() {
        return Some(root);
    }
    let mut at = root;
    for token in pointer.strip_prefix('/')?.split('/') {
        let token = token.replace("~1", "/").replace("~0", "~");
        at = match at {
            Value::Object(_) => at.get(&token)?,
            Value::Array(a) => a.get(token.parse::<usize>().ok()?)?,
            _ => return None,
        };
    }
    Some(at)
}

/// The local `$ref`s under `v` (not inside data keywords), at most 256 distinct.
pub(crate) fn refs_under<'a>(v: &'a Value, out: &mut Vec<&'a str>, depth: usize) {
    if depth > 64 || out.len() >= 256 {
        return;
    }
    match v {
        Value::Object(m) => {
            for (k, x) in m {
                match (k.as_str(), x) {
                    ("$ref", Value::String(r)) => {
                        if !out.contains(&r.as_str()) {
                            out.push(r);
                        }
                    }
                    ("enum" | "const" | "default" | "examples", _) => {}
                    _ => refs_under(x, out, depth + 1),
                }
            }
        }
        Value::Array(a) => a.iter().for_each(|x| refs_under(x, out, depth + 1)),
        _ => {}
    }
}

/// Whether the schema refers to itself through local `$ref`s (a cycle in the graph from
/// each reference to the references inside its target).
pub(crate) fn is_recursive(root: &Value) -> bool {
    let mut nodes = Vec::new();
    refs_under(root, &mut nodes, 0);
    // Edges, found once per distinct reference (new references found in targets are added).
    let mut edges: Vec<Vec<usize>> = Vec::new();
    let mut i = 0;
    while i < nodes.len() {
        let mut inner = Vec::new();
        if let Some(t) = resolve_ref(root, nodes[i]) {
            refs_under(t, &mut inner, 0);
        }
        let mut out = Vec::new();
        for r in inner {
            let at = match nodes.iter().position(|n| *n == r) {
                Some(at) => at,
                None if nodes.len() < 256 => {
                    nodes.push(r);
                    nodes.len() - 1
                }
                None => continue,
            };
            out.push(at);
        }
        edges.push(out);
        i += 1;
    }
    // Depth-first search for a back edge (0 unvisited, 1 on the path, 2 done).
    let mut state = alloc::vec![0u8; nodes.len()];
    for start in 0..nodes.len() {
        if state[start] != 0 {
            continue;
        }
        let mut stack = alloc::vec![(start, 0usize)];
        state[start] = 1;
        while let Some((n, next)) = stack.pop() {
            match edges[n].get(next) {
                Some(&m) => {
                    stack.push((n, next + 1));
                    match state[m] {
                        1 => return true,
                        0 => {
                            state[m] = 1;
                            stack.push((m, 0));
                        }
                        _ => {}
                    }
                }
                None => state[n] = 2,
            }
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::is_recursive;
    use crate::json::Value;

    fn v(s: &str) -> Value {
        Value::parse(s.as_bytes(), crate::Limits::DEFAULT).unwrap()
    }

    #[test]
    fn cycles_through_refs_are_found() {
        assert!(is_recursive(&v(r##"{"properties":{"a":{"$ref":"#"}}}"##)));
        assert!(is_recursive(&v(
            r##"{"$defs":{"A":{"items":{"$ref":"#/$defs/B"}},"B":{"$ref":"#/$defs/A"}},"$ref":"#/$defs/A"}"##
        )));
        assert!(!is_recursive(&v(
            r##"{"$defs":{"A":{"$ref":"#/$defs/B"},"B":{"type":"string"}},"properties":{"x":{"$ref":"#/$defs/A"},"y":{"$ref":"#/$defs/A"}}}"##
        )));
        assert!(!is_recursive(&v(
            r##"{"properties":{"x":{"$ref":"#/nowhere"}}}"##
        )));
    }
}
