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
//! 2. a rewritten name that fits the length and that no other tool of the catalog rewrites to
//!    is shown (unchanged when the MCP name already fit);
//! 3. the others get the server as a prefix, `server__tool` (rewritten the same way), when it
//!    fits and is unique;
//! 4. the rest get a stem cut to fit and `_` plus 8 hex digits of a SipHash-1-3 (fixed key)
//!    of server and tool; 16 digits in the (astronomically unlikely) case two collide.

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

/// The name shown for each entry (same order as `entries`).
pub(crate) fn shown_names(target: Target, entries: &[Entry]) -> Vec<String> {
    let first: Vec<String> = entries.iter().map(|e| rewrite(target, &e.name)).collect();
    let mut counts: BTreeMap<&str, usize> = BTreeMap::new();
    for n in &first {
        *counts.entry(n.as_str()).or_default() += 1;
    }
    let ok1 = |n: &str| n.len() <= MAX_NAME && counts.get(n) == Some(&1);
    let second: Vec<Option<String>> = entries
        .iter()
        .zip(&first)
        .map(|(e, n)| (!ok1(n)).then(|| rewrite(target, &format!("{}__{}", e.server, e.name))))
        .collect();
    let mut counts2: BTreeMap<&str, usize> = BTreeMap::new();
    for n in second.iter().flatten() {
        *counts2.entry(n.as_str()).or_default() += 1;
    }
    let ok2 =
        |n: &str| n.len() <= MAX_NAME && counts2.get(n) == Some(&1) && !counts.contains_key(n);
    let mut names: Vec<String> = entries
        .iter()
        .zip(first.iter().zip(&second))
        .map(|(e, (n1, n2))| match n2 {
            None => n1.clone(),
            Some(n2) if ok2(n2) => n2.clone(),
            Some(_) => hashed(target, e, 8),
        })
        .collect();
    // A hashed name equal to any other name: both sides of every such pair that were hashed
    // get the long hash (no order is involved).
    let mut all: BTreeMap<&str, usize> = BTreeMap::new();
    for n in &names {
        *all.entry(n.as_str()).or_default() += 1;
    }
    let clash: Vec<bool> = names
        .iter()
        .map(|n| all.get(n.as_str()) > Some(&1))
        .collect();
    for (i, e) in entries.iter().enumerate() {
        if clash[i] && second[i].as_deref().is_some_and(|n2| !ok2(n2)) {
            names[i] = hashed(target, e, 16);
        }
    }
    names
}

/// The shown-name → entry-index map.
pub(crate) fn name_map(target: Target, entries: &[Entry]) -> BTreeMap<String, usize> {
    shown_names(target, entries)
        .into_iter()
        .enumerate()
        .map(|(i, n)| (n, i))
        .collect()
}
