//! JSON equality and order as JSON Schema defines them (`const`, `enum`, `uniqueItems`).

use super::number::Dec;
use crate::json::Value;
use alloc::vec::Vec;
use core::cmp::Ordering;

/// JSON equality as JSON Schema defines it: numbers by value, objects ignoring member order.
pub(super) fn json_eq(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Null, Value::Null) => true,
        (Value::Bool(x), Value::Bool(y)) => x == y,
        (Value::String(x), Value::String(y)) => x == y,
        (Value::Number(x), Value::Number(y)) => {
            x == y
                || match (Dec::parse(x), Dec::parse(y)) {
                    (Some(p), Some(q)) => p == q,
                    _ => false,
                }
        }
        (Value::Array(x), Value::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(p, q)| json_eq(p, q))
        }
        (Value::Object(x), Value::Object(y)) => {
            x.len() == y.len()
                && x.iter().all(|(k, v)| {
                    y.iter()
                        .find(|(k2, _)| k2 == k)
                        .is_some_and(|(_, v2)| json_eq(v, v2))
                })
        }
        _ => false,
    }
}

/// A total order consistent with [`json_eq`] (for sorting when checking `uniqueItems`).
pub(super) fn json_cmp(a: &Value, b: &Value) -> Ordering {
    fn rank(v: &Value) -> u8 {
        match v {
            Value::Null => 0,
            Value::Bool(_) => 1,
            Value::Number(_) => 2,
            Value::String(_) => 3,
            Value::Array(_) => 4,
            Value::Object(_) => 5,
        }
    }
    match (a, b) {
        (Value::Bool(x), Value::Bool(y)) => x.cmp(y),
        (Value::Number(x), Value::Number(y)) => match (Dec::parse(x), Dec::parse(y)) {
            (Some(p), Some(q)) => p.cmp(&q),
            _ => x.cmp(y),
        },
        (Value::String(x), Value::String(y)) => x.cmp(y),
        (Value::Array(x), Value::Array(y)) => {
            for (p, q) in x.iter().zip(y) {
                let o = json_cmp(p, q);
                if o != Ordering::Equal {
                    return o;
                }
            }
            x.len().cmp(&y.len())
        }
        (Value::Object(x), Value::Object(y)) => {
            let o = x.len().cmp(&y.len());
            if o != Ordering::Equal {
                return o;
            }
            let mut xs: alloc::vec::Vec<_> = x.iter().collect();
            let mut ys: alloc::vec::Vec<_> = y.iter().collect();
            xs.sort_by(|p, q| p.0.cmp(&q.0));
            ys.sort_by(|p, q| p.0.cmp(&q.0));
            for (p, q) in xs.iter().zip(&ys) {
                let o = p.0.cmp(&q.0).then_with(|| json_cmp(&p.1, &q.1));
                if o != Ordering::Equal {
                    return o;
                }
            }
            Ordering::Equal
        }
        _ => rank(a).cmp(&rank(b)),
    }
}

/// Arrays up to this length are checked for duplicates pairwise; longer ones by sorting.
const PAIRWISE_MAX: usize = 16;

/// The first pair of equal items, by index.
#[inline]
pub(crate) fn duplicate(items: &[Value]) -> Option<(usize, usize)> {
    if items.len() > PAIRWISE_MAX {
        return duplicate_sorted(items);
    }
    for (i, a) in items.iter().enumerate() {
        for (j, b) in items.iter().enumerate().skip(i + 1) {
            let same = match (a, b) {
                (Value::String(x), Value::String(y)) => x == y,
                _ => json_eq(a, b),
            };
            if same {
                return Some((i, j));
            }
        }
    }
    None
}

/// [`duplicate`] of a long array: sorted, then neighbours compared.
#[inline(never)]
fn duplicate_sorted(items: &[Value]) -> Option<(usize, usize)> {
    let mut order: Vec<usize> = (0..items.len()).collect();
    order.sort_by(|&a, &b| json_cmp(&items[a], &items[b]).then(a.cmp(&b)));
    let mut best: Option<(usize, usize)> = None;
    for w in order.windows(2) {
        let (a, b) = (w[0], w[1]);
        if json_cmp(&items[a], &items[b]) == Ordering::Equal && json_eq(&items[a], &items[b]) {
            let pair = (a.min(b), a.max(b));
            if best.is_none_or(|p| pair.1 < p.1) {
                best = Some(pair);
            }
        }
    }
    best
}
