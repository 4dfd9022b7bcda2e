//! Property keys a target refuses, and their deterministic replacements.
//!
//! Anthropic: `^[a-zA-Z0-9_.-]{1,64}$` at every level (claude-code #79418). Gemini
//! `parameters`: a letter or `_` first, then `[a-zA-Z0-9_]`, at most 64 (python-genai's
//! parameter-name rule, applied at every level: the stricter reading).

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

/// The key rule of a target.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum KeyRule {
    /// `^[a-zA-Z0-9_.-]{1,64}$`.
    Anthropic,
    /// `^[a-zA-Z_][a-zA-Z0-9_]{0,63}$`.
    Gemini,
}

const MAX_KEY: usize = 64;

fn allowed(rule: KeyRule, c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_' || (rule == KeyRule::Anthropic && (c == '.' || c == '-'))
}

/// Whether `key` is accepted as it is.
pub(crate) fn key_fits(rule: KeyRule, key: &str) -> bool {
    (1..=MAX_KEY).contains(&key.len())
        && key.chars().all(|c| allowed(rule, c))
        && (rule == KeyRule::Anthropic
            || key.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_'))
}

fn rewrite(rule: KeyRule, key: &str) -> String {
    let mut out: String = key
        .chars()
        .map(|c| if allowed(rule, c) { c } else { '_' })
        .collect();
    if out.is_empty()
        || (rule == KeyRule::Gemini
            && !out.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_'))
    {
        out.insert(0, '_');
    }
    out.truncate(MAX_KEY);
    out
}

/// `(original, shown)` for the keys of one object, in order: keys that fit stay; the others
/// are rewritten, and a rewritten key that meets another key gets `_2`, `_3`, … (counted in
/// the order of the keys, which is the schema's own order, so the same schema always gives
/// the same keys).
pub(crate) fn key_map<'a>(rule: KeyRule, keys: &[&'a str]) -> Vec<(&'a str, String)> {
    let mut taken: Vec<String> = keys
        .iter()
        .filter(|k| key_fits(rule, k))
        .map(|k| String::from(*k))
        .collect();
    keys.iter()
        .map(|k| {
            if key_fits(rule, k) {
                return (*k, String::from(*k));
            }
            let base = rewrite(rule, k);
            let mut shown = base.clone();
            let mut n = 2;
            while taken.contains(&shown) {
                let suffix = format!("_{n}");
                let mut stem = base.clone();
                stem.truncate(MAX_KEY - suffix.len());
                shown = format!("{stem}{suffix}");
                n += 1;
            }
            taken.push(shown.clone());
            (*k, shown)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refused_keys_are_rewritten_uniquely_and_the_others_kept() {
        let keys = ["user name", "user_name", "a/b", "a?b", "9lives", "ok.key"];
        let map = key_map(KeyRule::Anthropic, &keys);
        let shown: Vec<&str> = map.iter().map(|(_, s)| s.as_str()).collect();
        assert_eq!(
            shown,
            [
                "user_name_2",
                "user_name",
                "a_b",
                "a_b_2",
                "9lives",
                "ok.key"
            ]
        );
        let map = key_map(KeyRule::Gemini, &keys);
        let shown: Vec<&str> = map.iter().map(|(_, s)| s.as_str()).collect();
        assert_eq!(
            shown,
            [
                "user_name_2",
                "user_name",
                "a_b",
                "a_b_2",
                "_9lives",
                "ok_key"
            ]
        );
        let long = "k".repeat(70);
        let map = key_map(KeyRule::Anthropic, &[long.as_str(), ""]);
        assert_eq!(map[0].1.len(), 64);
        assert_eq!(map[1].1, "_");
        assert!(map.iter().all(|(_, s)| key_fits(KeyRule::Anthropic, s)));
    }
}
