//! Numbers as the tape writes them: the double JSON.parse gives, or a small integer.

/// A number as the tape writes it.
pub(super) enum Num {
    /// Below 10^9 in magnitude, not `-0`: an [`INTEGER`](super::INTEGER).
    Integer(i32),
    /// Any other: a [`NUMBER`](super::NUMBER).
    Double(f64),
}

/// The checked number at `i`, as JSON.parse reads it, and the offset after it.
#[inline(always)]
pub(super) fn number_at(b: &[u8], i: usize) -> Option<(Num, usize)> {
    let negative = b.get(i) == Some(&b'-');
    let mut j = i + usize::from(negative);
    // The digits as one integer, and where they end; past 15 digits `slow_number` takes
    // over (the integer may have wrapped).
    let mut m = 0u64;
    let start = j;
    while let Some(d) = b.get(j).filter(|d| d.is_ascii_digit()) {
        m = m.wrapping_mul(10).wrapping_add(u64::from(d - b'0'));
        j += 1;
    }
    let mut frac = 0;
    if b.get(j) == Some(&b'.') {
        j += 1;
        let from = j;
        while let Some(d) = b.get(j).filter(|d| d.is_ascii_digit()) {
            m = m.wrapping_mul(10).wrapping_add(u64::from(d - b'0'));
            j += 1;
        }
        frac = j - from;
    }
    let digits = j - start - usize::from(frac > 0);
    let exponent = matches!(b.get(j), Some(b'e' | b'E'));
    if frac == 0 && !exponent && digits <= 9 && !(negative && m == 0) {
        // Below 10^9, inside i32.
        let v = if negative { -(m as i64) } else { m as i64 };
        return Some((Num::Integer(v as i32), j));
    }
    // Up to 15 digits and no exponent: Clinger's fast path gives the double JSON.parse
    // gives; the rest is parsed from its text.
    let fast = (digits <= 15 && !exponent)
        .then(|| crate::json::number::clinger(m, frac, negative))
        .flatten();
    match fast {
        Some(v) => Some((Num::Double(v), j)),
        None => slow_number(b, i, j),
    }
}

/// A number with an exponent or more than 15 digits, from `i`; `j` is where its digits
/// (before any exponent) end.
#[inline(never)]
fn slow_number(b: &[u8], i: usize, mut j: usize) -> Option<(Num, usize)> {
    if matches!(b.get(j), Some(b'e' | b'E')) {
        j += 1;
        if matches!(b.get(j), Some(b'+' | b'-')) {
            j += 1;
        }
        while b.get(j).is_some_and(u8::is_ascii_digit) {
            j += 1;
        }
    }
    // The nearest double (infinity past the range), as JSON.parse gives.
    let text = core::str::from_utf8(b.get(i..j)?).ok()?;
    Some((Num::Double(text.parse().unwrap_or(f64::NAN)), j))
}
