//! `properties` as a lookup table for quick evaluation, with `required` as bits over it.

use super::keyword::{Kw, Node, NodeId};
use alloc::boxed::Box;
use alloc::vec::Vec;

/// Tables up to this size are searched linearly, bigger ones by bisection.
const LINEAR_MAX: usize = 12;

/// One property name: its length and first 8 bytes decide most comparisons.
#[derive(Clone, Debug)]
struct Key {
    len: usize,
    head: u64,
    name: Box<str>,
}

/// The `properties`, `required` and `patternProperties` of a node, for quick evaluation.
#[derive(Clone, Debug, Default)]
pub(crate) struct ObjTable {
    /// Sorted by `(len, head, name)`; entry `j` is the subschema `nodes[j]`.
    keys: Vec<Key>,
    /// The subschema of each property, reached after skipping `skip` plain `$ref`s.
    pub nodes: Vec<(NodeId, u8)>,
    /// Bit `j` set: property `j` is required (for `j < 64`).
    pub req_mask: u64,
    /// Required names not in the first 64 entries.
    pub req_extra: Vec<Box<str>>,
    /// Index in `kws` of `patternProperties`.
    pub pats: Option<u32>,
}

/// The first 8 bytes of `b`, zero-padded, as a number.
fn head(b: &[u8]) -> u64 {
    match b.first_chunk::<8>() {
        Some(c) => u64::from_le_bytes(*c),
        None => b.iter().rev().fold(0, |h, &x| (h << 8) | u64::from(x)),
    }
}

impl Key {
    fn is(&self, len: usize, head: u64, key: &[u8]) -> bool {
        self.len == len
            && self.head == head
            && (len <= 8 || self.name.as_bytes().get(8..) == key.get(8..))
    }
}

impl ObjTable {
    /// The index of property `key`.
    #[inline]
    pub fn find(&self, key: &str) -> Option<usize> {
        let b = key.as_bytes();
        let (len, h) = (b.len(), head(b));
        if self.keys.len() <= LINEAR_MAX {
            return self.keys.iter().position(|k| k.is(len, h, b));
        }
        self.keys
            .binary_search_by(|k| {
                (k.len, k.head)
                    .cmp(&(len, h))
                    .then_with(|| k.name.as_bytes().cmp(b))
            })
            .ok()
    }

    /// The number of properties.
    pub fn len(&self) -> usize {
        self.keys.len()
    }
}

/// The table of `node`, when it has `properties`, `required` or `additionalProperties`.
pub(crate) fn table(node: &Node, nodes: &[Node]) -> Option<Box<ObjTable>> {
    let mut t = ObjTable::default();
    let mut any = false;
    for (i, kw) in node.kws.iter().enumerate() {
        match kw {
            Kw::Properties(list) => {
                let mut entries: Vec<(Key, NodeId)> = list
                    .iter()
                    .map(|(name, id)| {
                        let b = name.as_bytes();
                        let key = Key {
                            len: b.len(),
                            head: head(b),
                            name: name.as_str().into(),
                        };
                        (key, *id)
                    })
                    .collect();
                entries.sort_by(|(a, _), (b, _)| {
                    (a.len, a.head)
                        .cmp(&(b.len, b.head))
                        .then_with(|| a.name.cmp(&b.name))
                });
                for (key, id) in entries {
                    t.keys.push(key);
                    t.nodes.push(super::prune::alias(nodes, id));
                }
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
        let names: Vec<String> = (0..40)
            .map(|i| format!("p{i}_{}", "x".repeat(i % 11)))
            .collect();
        for n in [3usize, 12, 13, 40] {
            let keys = names.iter().take(n).map(|s| {
                let b = s.as_bytes();
                Key {
                    len: b.len(),
                    head: head(b),
                    name: s.as_str().into(),
                }
            });
            let mut t = ObjTable::default();
            t.keys = keys.collect();
            t.keys.sort_by(|a, b| {
                (a.len, a.head)
                    .cmp(&(b.len, b.head))
                    .then_with(|| a.name.cmp(&b.name))
            });
            for s in names.iter().take(n) {
                let j = t.find(s).unwrap();
                assert_eq!(&*t.keys[j].name, s.as_str());
            }
            assert_eq!(t.find("nope"), None);
            assert_eq!(t.find(""), None);
            assert_eq!(t.find("p1_xx"), None);
        }
        assert_eq!(head(b"ab"), 0x6261);
    }
}
