//! Patterns that are an anchored sequence of character classes, each once, optional or
//! repeated (`^[\w.-]+/[\w.-]+$`, `^[^@\s]+@[^@\s]+\.[a-z]{2,}$`, `^\d{4}-\d{2}$`): on ASCII
//! text they are decided by a bit-parallel automaton, without the regex engine's per-search
//! setup (which dominates on the short strings of tool arguments). Other text goes to the
//! regex engine.

use alloc::boxed::Box;
use alloc::vec::Vec;
use regex_syntax::hir::{Class, Hir, HirKind, Look};

/// Most slots (class occurrences after expanding counted repetitions): states fit a `u64`.
const MAX_SLOTS: u32 = 63;

/// The automaton: state `i` means "the first `i` slots matched".
#[derive(Clone, Debug)]
pub(crate) struct Seq {
    /// Bit `i` of entry `b`: slot `i` accepts ASCII byte `b`.
    table: Box<[u64; 128]>,
    /// Bit `i + 1`: slot `i` may repeat.
    repeat: u64,
    /// Bit `i`: slot `i` may be skipped.
    optional: u64,
    /// Longest run of consecutive optional slots.
    run: u32,
    /// The accepting state's bit.
    accept: u64,
    /// `$` at the end: the whole text must match (else a matching prefix is enough).
    anchored_end: bool,
}

/// One class with its repetition bounds.
struct Atom {
    class: u128,
    min: u32,
    max: Option<u32>,
}

impl Seq {
    /// The automaton of a pattern already translated to `regex-automata` syntax, when it is
    /// such a sequence.
    pub(super) fn new(translated: &str) -> Option<Seq> {
        if !translated.starts_with('^') {
            return None;
        }
        let hir = regex_automata::util::syntax::parse(translated).ok()?;
        let HirKind::Concat(items) = hir.kind() else {
            return None;
        };
        let (first, rest) = items.split_first()?;
        if !matches!(first.kind(), HirKind::Look(Look::Start)) {
            return None;
        }
        let (anchored_end, middle) = match rest.split_last() {
            Some((last, middle)) if matches!(last.kind(), HirKind::Look(Look::End)) => {
                (true, middle)
            }
            _ => (false, rest),
        };
        let mut atoms = Vec::new();
        for item in middle {
            push_atoms(item, &mut atoms)?;
        }
        build(&atoms, anchored_end)
    }

    /// `None` when `text` is not ASCII (the regex engine decides).
    #[inline]
    pub(super) fn is_match(&self, text: &[u8]) -> Option<bool> {
        let mut d = self.closure(1);
        if !self.anchored_end && d & self.accept != 0 {
            return Some(true);
        }
        for &b in text {
            let t = *self.table.get(usize::from(b))?;
            d = self.closure(((d & t) << 1) | (d & self.repeat & (t << 1)));
            if d == 0 {
                return Some(false);
            }
            if !self.anchored_end && d & self.accept != 0 {
                return Some(true);
            }
        }
        Some(d & self.accept != 0)
    }

    /// `d` with the states reached by skipping optional slots.
    #[inline]
    fn closure(&self, mut d: u64) -> u64 {
        for _ in 0..self.run {
            d |= (d & self.optional) << 1;
        }
        d
    }
}

/// The ASCII members of a class, when it has any meaning here.
fn class_bits(c: &Class) -> u128 {
    let mut bits = 0u128;
    let mut set = |lo: u32, hi: u32| {
        for b in lo..=hi.min(127) {
            bits |= 1 << b;
        }
    };
    match c {
        Class::Unicode(u) => u.iter().for_each(|r| set(r.start() as u32, r.end() as u32)),
        Class::Bytes(b) => b
            .iter()
            .for_each(|r| set(u32::from(r.start()), u32::from(r.end()))),
    }
    bits
}

/// The atoms of one item of the top-level sequence; `None` when it is something else.
fn push_atoms(item: &Hir, atoms: &mut Vec<Atom>) -> Option<()> {
    match item.kind() {
        HirKind::Literal(lit) => {
            for &b in lit.0.iter() {
                if !b.is_ascii() {
                    return None;
                }
                atoms.push(Atom {
                    class: 1 << b,
                    min: 1,
                    max: Some(1),
                });
            }
        }
        HirKind::Class(c) => atoms.push(Atom {
            class: class_bits(c),
            min: 1,
            max: Some(1),
        }),
        HirKind::Repetition(r) => {
            let class = match r.sub.kind() {
                HirKind::Class(c) => class_bits(c),
                HirKind::Literal(lit) => match lit.0.as_ref() {
                    [b] if b.is_ascii() => 1 << b,
                    _ => return None,
                },
                _ => return None,
            };
            atoms.push(Atom {
                class,
                min: r.min,
                max: r.max,
            });
        }
        _ => return None,
    }
    Some(())
}

fn build(atoms: &[Atom], anchored_end: bool) -> Option<Seq> {
    let mut table = Box::new([0u64; 128]);
    let (mut repeat, mut optional, mut n) = (0u64, 0u64, 0u32);
    for a in atoms {
        let copies = a.max.unwrap_or(a.min.max(1));
        if copies > MAX_SLOTS || n + copies > MAX_SLOTS {
            return None;
        }
        for k in 0..copies {
            for (b, row) in table.iter_mut().enumerate() {
                if a.class >> b & 1 == 1 {
                    *row |= 1 << n;
                }
            }
            if k >= a.min {
                optional |= 1 << n;
            }
            if a.max.is_none() && k + 1 == copies {
                repeat |= 1 << (n + 1);
            }
            n += 1;
        }
    }
    let (mut run, mut longest) = (0, 0);
    for i in 0..n {
        run = if optional >> i & 1 == 1 { run + 1 } else { 0 };
        longest = longest.max(run);
    }
    Some(Seq {
        table,
        repeat,
        optional,
        run: longest,
        accept: 1 << n,
        anchored_end,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::schema::regex::translate;

    fn seq(p: &str) -> Seq {
        Seq::new(&translate(p, false).unwrap()).unwrap_or_else(|| panic!("{p}"))
    }

    #[test]
    fn sequences_agree_with_the_regex_engine() {
        let patterns = [
            r"^[^@\s]+@[^@\s]+\.[a-z]{2,}$",
            r"^[\w.-]+/[\w.-]+$",
            r"^\d{4}-\d{2}-\d{2}$",
            r"^a*b?c{2,3}$",
            r"^ab",
            r"^x*$",
            r"^$",
            r"^[a-z]{0,2}[0-9]+",
            r"^a?a?a?aaa$",
        ];
        let texts = [
            "",
            "a",
            "ab",
            "abc",
            "ana@example.com",
            "not-an-email",
            "a@b.co",
            "a@b.c",
            "a/b",
            "no-slash",
            "x.y-z/w_1",
            "2026-12-01",
            "2026-1-01",
            "cc",
            "bcc",
            "aaaccc",
            "abcccc",
            "xxx",
            "xxxy",
            "ab9",
            "9",
            "aaa",
            "aaaa",
            "aaaaaa",
            "aaaaaaa",
            "a b",
        ];
        for p in patterns {
            let s = seq(p);
            let re = regex_automata::meta::Regex::new(&translate(p, false).unwrap()).unwrap();
            for t in texts {
                assert_eq!(
                    s.is_match(t.as_bytes()),
                    Some(re.is_match(t)),
                    "{p} on {t:?}"
                );
            }
            assert_eq!(s.is_match("é".as_bytes()), None);
        }
    }

    #[test]
    fn other_patterns_are_left_to_the_engine() {
        for p in [r"a+", r"^(ab)+$", r"^a|b$", r"^\bx", r"^é$", r"^a{1,100}$"] {
            assert!(Seq::new(&translate(p, false).unwrap()).is_none(), "{p}");
        }
    }
}
