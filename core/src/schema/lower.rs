//! A node's keywords lowered to its quick form ([`Fast`]): per kind of instance, the checks
//! that can fail on it, in keyword order; `type` and `enum` / `const` are split by kind.

use super::keyword::{types, Kw, Node, Size};
use super::kind::{ARRAY, BOOL, KINDS, NULL, NUMBER, OBJECT, STRING};
use super::number::Num;
use super::quick_form::{Fast, Lists, Op};
use crate::json::Value;
use alloc::boxed::Box;
use alloc::vec::Vec;

/// The type check of `bits` on kind `k`: `None` when it passes.
fn type_op(bits: u8, k: usize) -> Option<Op> {
    let bit = match k {
        NULL => types::NULL,
        BOOL => types::BOOLEAN,
        STRING => types::STRING,
        ARRAY => types::ARRAY,
        OBJECT => types::OBJECT,
        _ if bits & types::NUMBER != 0 => return None,
        _ if bits & types::INTEGER != 0 => return Some(Op::Integer),
        _ => return Some(Op::Fail),
    };
    (bits & bit == 0).then_some(Op::Fail)
}

/// The quick form of `node` before the passes (`passes.rs`) simplify it; `falses` marks
/// the `false` schemas, `dynamic` a schema with `$dynamicRef`s (every form slow).
pub(super) fn lower(node: &Node, nodes: &[Node], falses: &[bool], dynamic: bool) -> Fast {
    let mut f = Fast::empty(dynamic || node.in_cycle || node.unevaluated);
    if f.slow || node.boolean.is_some() {
        return f;
    }
    let mut l = Lists::default();
    let big = node.kws.iter().any(|k| match k {
        Kw::Properties(list) => list.len() >= super::props::MAX_PROPERTIES,
        _ => false,
    });
    for (i, kw) in node.kws.iter().enumerate() {
        let i = i as u32;
        l.1 = i;
        match kw {
            Kw::Ref(t) | Kw::DynamicRef(t, None) => l.all(Op::Eval(*t, 0)),
            Kw::Type(bits) => {
                for k in 0..KINDS {
                    if let Some(op) = type_op(*bits, k) {
                        l.push(k, op);
                    }
                }
            }
            Kw::Const(c) => choice(&mut f, &mut l, core::slice::from_ref(c), i),
            Kw::Enum(vals) => choice(&mut f, &mut l, vals, i),
            Kw::MultipleOf(d, _) => {
                f.nums.push(Num::from_dec(*d));
                l.push(NUMBER, Op::MultipleOf(f.nums.len() as u32 - 1));
            }
            Kw::Bound(b, d, _) => {
                f.nums.push(Num::from_dec(*d));
                l.push(NUMBER, Op::Bound(*b, f.nums.len() as u32 - 1));
            }
            Kw::Size(s, n) => {
                let (k, op) = match s {
                    Size::MinLength => (STRING, Op::MinLen(*n)),
                    Size::MaxLength => (STRING, Op::MaxLen(*n)),
                    Size::MinItems => (ARRAY, Op::MinItems(*n)),
                    Size::MaxItems => (ARRAY, Op::MaxItems(*n)),
                    Size::MinProperties => (OBJECT, Op::MinProps(*n)),
                    Size::MaxProperties => (OBJECT, Op::MaxProps(*n)),
                };
                l.push(k, op);
            }
            Kw::Pattern(_) => l.push(STRING, Op::Pattern(i)),
            Kw::Format(..) => l.push(STRING, Op::Kw(i)),
            Kw::UniqueItems => l.push(ARRAY, Op::Unique),
            Kw::Required(_) | Kw::Properties(_) | Kw::AdditionalProperties { .. } if big => {
                l.push(OBJECT, Op::Kw(i))
            }
            Kw::Required(_) => l.push(OBJECT, Op::Required),
            Kw::Properties(_) => l.push(OBJECT, Op::Props),
            Kw::AdditionalProperties { node: t, .. } => {
                let op = match falses.get(*t as usize) {
                    Some(true) => Op::NoAdditional,
                    _ => Op::Additional(*t),
                };
                l.push(OBJECT, op);
            }
            Kw::DependentRequired(..)
            | Kw::DependentSchemas(..)
            | Kw::PatternProperties(_)
            | Kw::PropertyNames(_) => l.push(OBJECT, Op::Kw(i)),
            Kw::Items { node: t, start, .. } => match u32::try_from(*start) {
                Ok(s) => {
                    let (t, skip) = super::prune::alias(nodes, *t);
                    l.push(ARRAY, Op::Items(t, skip, s));
                }
                Err(_) => l.push(ARRAY, Op::Kw(i)),
            },
            Kw::PrefixItems(_) | Kw::Contains { .. } | Kw::UnevaluatedItems(_) => {
                l.push(ARRAY, Op::Kw(i))
            }
            Kw::UnevaluatedProperties(_) => l.push(OBJECT, Op::Kw(i)),
            Kw::AllOf(list) => {
                let (a, n) = f.push_ids(list);
                l.all(Op::All(a, n));
            }
            Kw::AnyOf(list) => {
                let (a, n) = f.push_ids(list);
                l.all(Op::Any(a, n));
            }
            Kw::OneOf(list) => {
                let (a, n) = f.push_ids(list);
                l.all(Op::One(a, n));
            }
            Kw::Not(t) => l.all(Op::Not(*t)),
            Kw::If { .. } | Kw::DynamicRef(_, Some(_)) => l.all(Op::Kw(i)),
        }
    }
    f.obj = if big {
        None
    } else {
        super::props::table(node, nodes)
    };
    f.set_ops(l);
    f
}

/// `enum` / `const` split by kind: a kind with no allowed value fails at once.
fn choice(f: &mut Fast, l: &mut Lists, vals: &[Value], i: u32) {
    if !vals.iter().any(|v| matches!(v, Value::Null)) {
        l.push(NULL, Op::Fail);
    }
    let bools = vals.iter().fold(0u8, |m, v| match v {
        Value::Bool(b) => m | (1 << u8::from(*b)),
        _ => m,
    });
    match bools {
        0 => l.push(BOOL, Op::Fail),
        3 => {}
        m => l.push(BOOL, Op::Bools(m)),
    }
    let nums: Option<Vec<Num>> = vals
        .iter()
        .filter_map(|v| match v {
            Value::Number(t) => Some(Num::parse(t)),
            _ => None,
        })
        .collect();
    match nums {
        Some(n) if n.is_empty() => l.push(NUMBER, Op::Fail),
        Some(n) => {
            let start = f.nums.len() as u32;
            f.nums.extend(n);
            if let Some(added) = f.nums.get_mut(start as usize..) {
                added.sort_by(|a, b| a.cmp(*b));
            }
            l.push(NUMBER, Op::Nums(start, f.nums.len() as u32 - start));
        }
        None => l.push(NUMBER, Op::Kw(i)),
    }
    let start = f.strs.len() as u32;
    f.strs.extend(vals.iter().filter_map(|v| match v {
        Value::String(s) => Some(Box::from(s.as_str())),
        _ => None,
    }));
    if let Some(added) = f.strs.get_mut(start as usize..) {
        added.sort();
    }
    match f.strs.len() as u32 - start {
        0 => l.push(STRING, Op::Fail),
        n => l.push(STRING, Op::Strs(start, n)),
    }
    for (k, has) in [
        (ARRAY, vals.iter().any(|v| matches!(v, Value::Array(_)))),
        (OBJECT, vals.iter().any(|v| matches!(v, Value::Object(_)))),
    ] {
        l.push(k, if has { Op::Kw(i) } else { Op::Fail });
    }
}
