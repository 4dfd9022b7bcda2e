//! Tagged unions: an `anyOf` / `oneOf` on objects whose every branch pins one property to a
//! string of its own (`"kind": {"const": "circle"}`, as pydantic's discriminated unions and
//! zod's `discriminatedUnion` are written). An object whose member of that name is a string
//! can match only the branch with that string (every other branch fails on the member), so
//! bounded evaluation checks that one branch instead of trying each.

use super::keyword::{Node, NodeId};
use super::kind::{OBJECT, STRING};
use super::quick_form::Op;
use super::scalar::Scalar;
use crate::json::Value;
use alloc::boxed::Box;
use alloc::string::String;
use alloc::vec::Vec;

/// The tag of an `anyOf` / `oneOf` whose branches are `Fast::ids[start..]`.
#[derive(Clone, Debug)]
pub(crate) struct Disc {
    start: u32,
    key: Box<str>,
    /// Beside each branch, in order, the string its member `key` must be (all different).
    tags: Vec<Box<str>>,
}

impl Disc {
    /// For the alternatives at `start` on an object: `Some(Some(i))` when only branch `i` can
    /// match, `Some(None)` when none can, `None` when the members do not tell (no member
    /// `key`, or one that is not a string).
    #[inline]
    pub(crate) fn pick(&self, start: u32, members: &[(String, Value)]) -> Option<Option<usize>> {
        if start != self.start {
            return None;
        }
        let (_, v) = members.iter().find(|(k, _)| **k == *self.key)?;
        let Value::String(s) = v else { return None };
        Some(self.tags.iter().position(|t| **t == **s))
    }
}

/// Sets `Fast::disc` for the first `anyOf` / `oneOf` a node applies to objects, when its
/// branches are tagged.
pub(crate) fn set_discs(nodes: &mut [Node]) {
    let found: Vec<Option<Disc>> = nodes.iter().map(|n| of_node(nodes, n)).collect();
    for (n, d) in nodes.iter_mut().zip(found) {
        n.fast.disc = d.map(Box::new);
    }
}

fn of_node(nodes: &[Node], node: &Node) -> Option<Disc> {
    if node.fast.slow || node.boolean.is_some() {
        return None;
    }
    let (start, len) = node.fast.ops(OBJECT).iter().find_map(|op| match *op {
        Op::Any(a, n) | Op::One(a, n) => Some((a, n)),
        _ => None,
    })?;
    let branches = node.fast.ids(start, len);
    let (first, rest) = branches.split_first()?;
    if rest.is_empty() {
        return None;
    }
    // Every tagged member of the first branch is a candidate; the others must share one.
    let first = past_refs(nodes, *first)?;
    let t = first.fast.obj.as_deref()?;
    (0..t.len())
        .filter_map(|j| t.name(j))
        .find_map(|key| disc_by(nodes, start, branches, key))
}

/// The tags of every branch for member `key`, if each has one and no two are equal.
fn disc_by(nodes: &[Node], start: u32, branches: &[NodeId], key: &str) -> Option<Disc> {
    let mut tags: Vec<Box<str>> = Vec::with_capacity(branches.len());
    for &b in branches {
        let tag = tag(nodes, past_refs(nodes, b)?, key)?;
        if tags.iter().any(|t| **t == *tag) {
            return None;
        }
        tags.push(tag.into());
    }
    Some(Disc {
        start,
        key: key.into(),
        tags,
    })
}

/// The string a branch's member `key` must be, when a string member of any other value
/// fails the branch: the branch checks `properties` on objects, and that property's check
/// on strings is one `const` / one-value `enum`.
fn tag<'n>(nodes: &'n [Node], branch: &'n Node, key: &str) -> Option<&'n str> {
    let f = &branch.fast;
    if f.slow || branch.boolean.is_some() || !f.ops(OBJECT).contains(&Op::Props) {
        return None;
    }
    let t = f.obj.as_deref()?;
    let slot = t.slots.get(t.find(key)?)?;
    let Scalar::StrIn(a, 1) = slot.scalar else {
        return None;
    };
    let (id, _) = slot.for_kind(STRING);
    nodes
        .get(id as usize)?
        .fast
        .strs(a, 1)
        .first()
        .map(|s| &**s)
}

/// The node a branch evaluates objects with: past `$ref`s that are its only check there.
fn past_refs(nodes: &[Node], mut id: NodeId) -> Option<&Node> {
    for _ in 0..8 {
        let n = nodes.get(id as usize)?;
        match n.fast.ops(OBJECT) {
            [Op::Eval(t, _)] if n.boolean.is_none() && !n.fast.slow => id = *t,
            _ => return Some(n),
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use crate::json::Value;
    use crate::schema::Schema;
    use crate::Limits;

    /// The tag names of the schema's tagged unions.
    fn tags(schema: &str) -> alloc::vec::Vec<alloc::string::String> {
        let v = Value::parse(schema.as_bytes(), Limits::DEFAULT).unwrap();
        let s = Schema::compile(&v).unwrap();
        s.nodes
            .iter()
            .filter_map(|n| n.fast.disc.as_ref())
            .map(|d| alloc::format!("{}={}", d.key, d.tags.join("|")))
            .collect()
    }

    #[test]
    fn tags_are_found_where_every_branch_has_its_own() {
        let pydantic = r##"{"$defs":{"C":{"type":"object","properties":{"kind":{"const":"circle","title":"Kind","type":"string"},"r":{"type":"number"}},"required":["kind","r"]},"R":{"properties":{"kind":{"const":"rect"}},"required":["kind"]}},"properties":{"shape":{"discriminator":{"propertyName":"kind"},"oneOf":[{"$ref":"#/$defs/C"},{"$ref":"#/$defs/R"}]}}}"##;
        assert_eq!(tags(pydantic), ["kind=circle|rect"]);
        let zod = r#"{"anyOf":[{"type":"object","properties":{"type":{"type":"string","enum":["a"]}}},{"type":"object","properties":{"type":{"type":"string","enum":["b"]}}}]}"#;
        assert_eq!(tags(zod), ["type=a|b"]);
        let integers_too = r#"{"oneOf":[{"properties":{"k":{"enum":["a",5]}}},{"properties":{"k":{"const":"b"}}}]}"#;
        assert_eq!(tags(integers_too), ["k=a|b"]);
        for none in [
            // The same tag twice; a branch without one; two values; one branch.
            r#"{"oneOf":[{"properties":{"k":{"const":"a"}}},{"properties":{"k":{"const":"a"}}}]}"#,
            r#"{"anyOf":[{"properties":{"k":{"const":"a"}}},{"required":["w"]}]}"#,
            r#"{"anyOf":[{"properties":{"k":{"enum":["a","c"]}}},{"properties":{"k":{"const":"b"}}}]}"#,
            r#"{"anyOf":[{"properties":{"k":{"const":"a"}}}]}"#,
        ] {
            assert!(tags(none).is_empty(), "{none}");
        }
    }
}
