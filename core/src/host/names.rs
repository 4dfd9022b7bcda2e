//! Tool names as each target shows them, unique across servers, and the map back.
//!
//! Rules (the stricter source wins, see `providers.md`): OpenAI `^[a-zA-Z0-9_-]{1,64}$`;
//! Anthropic `^[a-zA-Z0-9_-]{1,64}$` (the API takes 128, but tool search and Claude Desktop
//! still enforce 64); Gemini starts with a letter or `_`, then `[a-zA-Z0-9_.:-]`, at most 64
//! (128 since 2026-05, 64 before and on older deployments).
//!
//! Naming, deterministic and independent of the order tools were added in:
//! 1. each MCP name is rewritten into the target's set (other characters become `_`; for
//!    Gemini a leading character that is not a letter or `_` gets a `_` in front);
//! 2. stages, each naming the tools the earlier stages left: (a) MCP names that already fit,
//!    (b) rewritten names, (c) `server__tool` rewritten the same way, (d) a stem cut to fit
//!    and `_` plus 8 hex digits of a SipHash-1-3 (fixed key) of server and tool, (e) the same
//!    with 16 digits. A stage gives a tool its proposal when the proposal fits the length, no
//!    other tool of the same stage proposes it, and no earlier stage took it. So a name that
//!    fits and collides with nothing is shown unchanged, and two servers' `search` both
//!    become `server__search`: no add order is involved anywhere.

use super::catalog::Entry;
use super::Target;
use alloc::collections::BTreeMap;
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;
use core::hash::Hasher;

/// The longest name shown to any target.
pub const MAX_NAME: usize = 64;

fn allowed(target: Target, c: char) -> bool {
    c.is_ascii_alphanumeric()
        || c == '_'
        || c == '-'
        || (target.is_gemini() && (c == '.' || c == ':'))
}

/// `name` rewritten into the target's character set (not cut to length).
pub fn rewrite(target: Target, name: &str) -> String {
    let mut out: String = name
        .chars()
        .map(|c| if allowed(target, c) { c } else { '_' })
        .collect();
    if out.is_empty() {
        out.push('_');
    }
    if target.is_gemini() && !out.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_') {
        out.insert(0, '_');
    }
    out
}

/// Whether `name` is a name the target accepts.
pub fn fits(target: Option<Target>, name: &str) -> bool {
    match target {
        None => {
            (1..=128).contains(&name.len())
                && name
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.'))
        }
        Some(t) => {
            (1..=MAX_NAME).contains(&name.len())
                && name.chars().all(|c| allowed(t, c))
                && (!t.is_gemini()
                    || name.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_'))
        }
    }
}

fn short_hash(server: &str, tool: &str, digits: usize) -> String {
    let mut h =
        siphasher::sip::SipHasher13::new_with_keys(0x6d63_7077_6972_6531, 0x686f_7374_6b69_7431);
    h.write(server.as_bytes());
    h.write_u8(0xff);
    h.write(tool.as_bytes());
    let full = format!("{:016x}", h.finish());
    full[..digits.min(16)].into()
}

fn hashed(target: Target, e: &Entry, digits: usize) -> String {
    let mut stem = rewrite(target, &format!("{}__{}", e.server, e.name));
    // ASCII only after rewriting, so byte cuts are character cuts.
    stem.truncate(MAX_NAME - 1 - digits);
    format!("{stem}_{}", short_hash(&e.server, &e.name, digits))
}

/// One naming stage: each entry still unnamed proposes a name; a proposal that fits, that
/// no other entry of the stage proposes and that no earlier stage took is accepted.
fn stage(
    names: &mut [Option<String>],
    taken: &mut BTreeMap<String, ()>,
    propose: impl Fn(usize) -> Option<String>,
) {
    let proposals: Vec<Option<String>> = (0..names.len())
        .map(|i| match names[i] {
            Some(_) => None,
            None => propose(i).filter(|p| p.len() <= MAX_NAME),
        })
        .collect();
    let mut counts: BTreeMap<&str, usize> = BTreeMap::new();
    for p in proposals.iter().flatten() {
        *counts.entry(p.as_str()).or_default() += 1;
    }
    let accepted: Vec<(usize, String)> = proposals
        .iter()
        .enumerate()
        .filter_map(|(i, p)| {
            let p = p.as_ref()?;
            (counts.get(p.as_str()) == Some(&1) && !taken.contains_key(p)).then(|| (i, p.clone()))
        })
        .collect();
    for (i, p) in accepted {
        taken.insert(p.clone(), ());
        names[i] = Some(p);
    }
}

/// The name shown for each entry (same order as `entries`): names that fit unchanged, then
/// rewritten names, then `server__tool`, then hashed names (see the module docs).
pub(crate) fn shown_names(target: Target, entries: &[Entry]) -> Vec<String> {
    let mut names: Vec<Option<String>> = alloc::vec![None; entries.len()];
    let mut taken = BTreeMap::new();
    let rewritten: Vec<String> = entries.iter().map(|e| rewrite(target, &e.name)).collect();
    stage(&mut names, &mut taken, |i| {
        (rewritten[i] == entries[i].name).then(|| rewritten[i].clone())
    });
    stage(&mut names, &mut taken, |i| {
        (rewritten[i] != entries[i].name).then(|| rewritten[i].clone())
    });
    stage(&mut names, &mut taken, |i| {
        Some(rewrite(
            target,
            &format!("{}__{}", entries[i].server, entries[i].name),
        ))
    });
    stage(&mut names, &mut taken, |i| {
        Some(hashed(target, &entries[i], 8))
    });
    stage(&mut names, &mut taken, |i| {
        Some(hashed(target, &entries[i], 16))
    });
    // Two distinct (server, tool) pairs with the same 64-bit hash and stem: numbered in
    // catalog order (never seen in practice; kept so names are always unique).
    let mut n = 0;
    names
        .into_iter()
        .enumerate()
        .map(|(i, name)| {
            name.unwrap_or_else(|| {
                n += 1;
                let mut stem = hashed(target, &entries[i], 16);
                stem.truncate(MAX_NAME - 8);
                format!("{stem}_{n:07}")
            })
        })
        .collect()
}

/// The names shown to every target, computed once per catalog change.
#[derive(Clone, Debug, Default)]
pub(crate) struct Tables {
    /// Per target (in [`Target::ALL`] order): the shown name of each entry, and the map back.
    tables: Vec<(Vec<String>, BTreeMap<String, usize>)>,
}

impl Tables {
    /// The tables of `entries`.
    pub(crate) fn of(entries: &[Entry]) -> Tables {
        let tables = Target::ALL
            .iter()
            .map(|t| {
                let shown = shown_names(*t, entries);
                let back = shown
                    .iter()
                    .cloned()
                    .enumerate()
                    .map(|(i, n)| (n, i))
                    .collect();
                (shown, back)
            })
            .collect();
        Tables { tables }
    }

    fn table(&self, target: Target) -> Option<&(Vec<String>, BTreeMap<String, usize>)> {
        self.tables
            .get(Target::ALL.iter().position(|t| *t == target)?)
    }

    /// The shown name of every entry.
    pub(crate) fn shown(&self, target: Target) -> &[String] {
        self.table(target).map_or(&[], |(s, _)| s.as_slice())
    }

    /// The entry shown to `target` as `name`.
    pub(crate) fn find(&self, target: Target, name: &str) -> Option<usize> {
        self.table(target)?.1.get(name).copied()
    }
}
