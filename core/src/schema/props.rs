//! `properties` as a lookup table for quick evaluation, with `required` as bits over it.

use super::keyword::{Kw, Node, NodeId};
use super::quick_form::Op;
use alloc::boxed::Box;
use alloc::vec::Vec;

/// Names shorter than this are found through `by_len`, longer ones by bisection.
const SHORT: usize = 30;
/// Most names of one length compared one by one (by their packed bytes); past that, bisection.
const SCAN_NAMES: usize = 16;

/// Most properties a table holds (its offsets are `u16`); bigger `properties` keywords go
/// through the general evaluator.
pub(crate) const MAX_PROPERTIES: usize = u16::MAX as usize;

/// The `properties`, `required` and `patternProperties` of a node, for quick evaluation.
#[derive(Clone, Debug, Default)]
pub(crate) struct ObjTable {
    /// Property names sorted by `(length, name)`; entry `j` names the subschema `nodes[j]`.
    names: Vec<Box<str>>,
    /// [`head`] of each name.
    heads: Vec<u64>,
    /// The last 8 bytes of each name longer than 8 bytes (0 for shorter ones): with the head
    /// and the length, one-to-one among names of up to 16 bytes.
    tails: Vec<u64>,
    /// `by_len[l]..by_len[l + 1]`: the entries of length `l` (for `l < SHORT`; the range at
    /// `SHORT` holds every longer name).
    by_len: [u16; SHORT + 2],
    /// The subschema of each property as written.
    orig: Vec<NodeId>,
    /// Per property, its subschema past plain `$ref`s (`id`, `skip`), and, once the quick
    /// forms are built, its quick bits and where it forwards values of one kind
    /// (`anyOf: [X, {type: null}]` on a non-null value goes straight to `X`).
    pub slots: Vec<Slot>,
    /// What the one-pass object check does on each member (from the node's object ops).
    pub one_pass: OnePass,
    /// The node's object ops other than those the one pass does, in order.
    pub rest: Vec<Op>,
    /// Bit `j` set: property `j` is required (for `j < 64`).
    pub req_mask: u64,
    /// Required names not among the first 64 entries.
    pub req_extra: Vec<Box<str>>,
    /// Index in `kws` of `patternProperties`.
    pub pats: Option<u32>,
}

/// The member checks of the one-pass object check: `properties`, `additionalProperties:
/// false`, an `additionalProperties` subschema.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct OnePass {
    pub props: bool,
    pub closed: bool,
    pub extra: Option<NodeId>,
    /// `extra` as a [`Slot`] (forwarding as a property's does), once the quick forms are built.
    pub extra_slot: Slot,
    /// The fewest members an object passing `required` has: the distinct required names
    /// (0 when `required` is not among the node's object ops).
    pub min_members: u32,
}

/// A property's subschema as the one-pass object check reads it: the node past plain
/// `$ref`s with its `Fast::pass` bits, and where values of kind `fwd_kind` go instead (`to`,
/// with its own bits; the same node when nothing is forwarded), and its check in short if
/// it has one.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Slot {
    pub id: NodeId,
    pub skip: u8,
    pub pass: u8,
    pub fwd_kind: u8,
    pub to: NodeId,
    pub to_skip: u8,
    pub to_pass: u8,
    /// The check on strings or integers in short, of the node that takes them.
    pub scalar: super::scalar::Scalar,
}

impl Slot {
    /// Node `id` reached after `skip` plain `$ref`s, nothing forwarded, its bits not yet known.
    fn new(id: NodeId, skip: u8) -> Slot {
        Slot {
            id,
            skip,
            fwd_kind: u8::MAX,
            to: id,
            to_skip: skip,
            ..Slot::default()
        }
    }

    /// The subschema that checks a value of kind `k`, and the `$ref`s skipped to reach it.
    #[inline(always)]
    pub(crate) fn for_kind(&self, k: usize) -> (NodeId, u8) {
        if usize::from(self.fwd_kind) == k {
            (self.to, self.to_skip)
        } else {
            (self.id, self.skip)
        }
    }
}

/// The bytes of a name packed in a number, one-to-one among names of the same length up to
/// 8 bytes: the first 8 bytes, or the first and last 4 (overlapping), or all of them.
#[inline]
fn head(b: &[u8]) -> u64 {
    if let Some(c) = b.first_chunk::<8>() {
        return u64::from_le_bytes(*c);
    }
    if let (Some(lo), Some(hi)) = (b.first_chunk::<4>(), b.last_chunk::<4>()) {
        return u64::from(u32::from_le_bytes(*lo)) | (u64::from(u32::from_le_bytes(*hi)) << 32);
    }
    b.iter().fold(0, |h, &x| (h << 8) | u64::from(x))
}

/// The last 8 bytes of a name longer than 8 bytes, else 0.
#[inline]
fn tail(b: &[u8]) -> u64 {
    match b.last_chunk::<8>() {
        Some(c) if b.len() > 8 => u64::from_le_bytes(*c),
        _ => 0,
    }
}

impl ObjTable {
    /// The name of property `j`.
    pub(crate) fn name(&self, j: usize) -> Option<&str> {
        self.names.get(j).map(|n| &**n)
    }

    /// The index of property `key`.
    #[inline(always)]
    pub(crate) fn find(&self, key: &str) -> Option<usize> {
        let b = key.as_bytes();
        let l = b.len().min(SHORT);
        let start = usize::from(*self.by_len.get(l)?);
        let end = usize::from(*self.by_len.get(l + 1)?);
        // Names of one length are sorted: a long run is bisected (a schema with thousands of
        // properties of one length would otherwise cost their number per lookup).
        if b.len() >= SHORT || end - start > SCAN_NAMES {
            let names = self.names.get(start..end)?;
            let j = names
                .binary_search_by(|n| (n.len(), n.as_bytes()).cmp(&(b.len(), b)))
                .ok()?;
            return Some(start + j);
        }
        let h = head(b);
        let heads = self.heads.get(start..end)?;
        let t = tail(b);
        for (j, x) in heads.iter().enumerate() {
            // Equal heads decide names up to 8 bytes, heads and tails up to 16; longer ones
            // compare in full.
            if *x == h
                && (b.len() <= 8
                    || (*self.tails.get(start + j)? == t
                        && (b.len() <= 16 || self.names.get(start + j)?.as_bytes() == b)))
            {
                return Some(start + j);
            }
        }
        None
    }

    /// The subschema that checks member value `v` of property `j` (its written subschema past
    /// plain `$ref`s, or the target it forwards values of `v`'s kind to), with the number of
    /// `$ref`s skipped on the way.
    #[inline(always)]
    pub(crate) fn child(&self, j: usize, v: &crate::json::Value) -> Option<(NodeId, u8)> {
        self.slots
            .get(j)
            .map(|s| s.for_kind(super::kind::kind_of(v)))
    }

    /// Splits the node's (final) object ops into the member checks and the rest.
    pub(crate) fn set_one_pass(&mut self, ops: &[Op]) {
        self.rest.clear();
        self.one_pass.min_members = 0;
        for op in ops {
            match *op {
                Op::Props => self.one_pass.props = true,
                Op::NoAdditional => self.one_pass.closed = true,
                Op::Additional(id) => {
                    self.one_pass.extra = Some(id);
                    self.one_pass.extra_slot = Slot::new(id, 0);
                }
                op => self.rest.push(op),
            }
        }
        if self.rest.contains(&Op::Required) {
            let mut extra: Vec<&str> = self.req_extra.iter().map(|n| &**n).collect();
            extra.sort_unstable();
            extra.dedup();
            let n = self.req_mask.count_ones() as usize + extra.len();
            self.one_pass.min_members = u32::try_from(n).unwrap_or(u32::MAX);
        }
    }

    /// The subschema of property `key` as written.
    pub(crate) fn written(&self, key: &str) -> Option<NodeId> {
        self.find(key).and_then(|j| self.orig.get(j).copied())
    }

    /// The number of properties.
    pub(crate) fn len(&self) -> usize {
        self.names.len()
    }

    fn set_properties(&mut self, list: &[(alloc::string::String, NodeId)], nodes: &[Node]) {
        let mut entries: Vec<&(alloc::string::String, NodeId)> = list.iter().collect();
        entries.sort_by(|a, b| (a.0.len(), &a.0).cmp(&(b.0.len(), &b.0)));
        for (name, id) in entries {
            self.heads.push(head(name.as_bytes()));
            self.tails.push(tail(name.as_bytes()));
            self.names.push(name.as_str().into());
            let (to, skip) = super::prune::alias(nodes, *id);
            self.slots.push(Slot::new(to, skip));
            self.orig.push(*id);
        }
        for (l, slot) in self.by_len.iter_mut().enumerate() {
            let below = self.names.iter().filter(|n| n.len() < l).count();
            *slot = u16::try_from(below).unwrap_or(u16::MAX);
        }
        if let Some(last) = self.by_len.last_mut() {
            *last = u16::try_from(self.names.len()).unwrap_or(u16::MAX);
        }
    }
}

/// The table of `node`, when it has `properties`, `required` or `additionalProperties`.
pub(crate) fn table(node: &Node, nodes: &[Node]) -> Option<Box<ObjTable>> {
    let mut t = ObjTable::default();
    let mut any = false;
    for (i, kw) in node.kws.iter().enumerate() {
        match kw {
            Kw::Properties(list) => {
                t.set_properties(list, nodes);
                any = true;
            }
            Kw::PatternProperties(_) => t.pats = Some(i as u32),
            Kw::AdditionalProperties { .. } => any = true,
            _ => {}
        }
    }
    for kw in &node.kws {
        if let Kw::Required(names) = kw {
            any = true;
            for n in names {
                match t.find(n).filter(|j| *j < 64) {
                    Some(j) => t.req_mask |= 1 << j,
                    None => t.req_extra.push(n.as_str().into()),
                }
            }
        }
    }
    any.then(|| Box::new(t))
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::format;
    use alloc::string::String;

    #[test]
    fn lookup() {
        let names: Vec<String> = (0..60)
            .map(|i| format!("p{i}{}", "_x".repeat(i % 23)))
            .chain(
                [
                    "",
                    "a",
                    "ab",
                    "abc",
                    "abcd",
                    "abce",
                    "bbcd",
                    "abcdefghi",
                    "abcdefghj",
                    "abcdefgh12345678",
                    "abcdefgh12345679",
                    "abcdefgx12345678",
                    "abcdefghij",
                    "abcdefghik",
                    "duration_minutes",
                    "duration_minuteZ",
                ]
                .map(String::from),
            )
            .collect();
        for n in [1usize, 3, 12, 40, names.len()] {
            let list: Vec<(String, NodeId)> = names
                .iter()
                .rev()
                .take(n)
                .enumerate()
                .map(|(i, s)| (s.clone(), i as NodeId))
                .collect();
            let mut t = ObjTable::default();
            t.set_properties(&list, &[]);
            for (s, id) in &list {
                let j = t.find(s).unwrap();
                assert_eq!(&*t.names[j], s.as_str());
                assert_eq!((t.slots[j].id, t.slots[j].skip), (*id, 0));
            }
            for absent in [
                "nope",
                "abcf",
                "abcdefghk",
                "p1_x_x",
                "p59",
                "abcdefgh12345677",
                "abcdefgy12345678",
                "abcdefghil",
                "duration_minuteY",
            ] {
                assert_eq!(t.find(absent), None, "{absent}");
            }
        }
        assert_eq!(head(b"ab"), 0x6162);
    }

    #[test]
    fn lookup_in_long_runs_of_one_length() {
        // 2,000 names of 5 bytes and 2,000 of 12 (bisected), beside a few short ones (scanned).
        let mut list: Vec<(String, NodeId)> = (0..2000)
            .flat_map(|i| [format!("k{i:04}"), format!("name-{i:07}")])
            .chain(["a", "bb", "ccc"].map(String::from))
            .enumerate()
            .map(|(i, s)| (s, i as NodeId))
            .collect();
        list.reverse();
        let mut t = ObjTable::default();
        t.set_properties(&list, &[]);
        for (s, id) in &list {
            let j = t.find(s).unwrap_or_else(|| panic!("{s}"));
            assert_eq!((t.slots[j].id, t.slots[j].skip), (*id, 0), "{s}");
        }
        for absent in [
            "k2000",
            "k-001",
            "name-0002000",
            "name-000199x",
            "bbb",
            "k",
            "",
        ] {
            assert_eq!(t.find(absent), None, "{absent}");
        }
    }
}
