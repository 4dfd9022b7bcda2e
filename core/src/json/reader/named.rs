//! Keys of objects whose member names a type knows: matched against the type's list of names
//! and checked for duplicates by their index in it.
//!
//! Members usually arrive in the same order every time (the order the peer's encoder writes
//! them), so the name after the last one matched is tried first, by comparing the input's
//! bytes with it: on a hit the key is read without scanning for its end and without the
//! duplicate bookkeeping of [`Reader::next_key`]. Any other key takes the general path.

use super::{ObjectState, Reader};
use crate::error::{ErrorKind, Result};
use crate::json::scan::word;
use crate::json::JsonStr;

/// Declares a type's member names as the list `$list` (in the encoder's order) and, in
/// module `$m`, the index of each name in it, for matching the indexes that
/// [`Reader::next_key_in`] gives.
/// Used by the envelope, `error` and progress params, where matching the names again as
/// strings measured in the hot path (progress notifications: 56 instructions of 3,159 a
/// message); the other typed objects go through `mcp::read_object`, which hands its closure
/// the name: that reads better and measured the same (tools/call params, `_meta`).
macro_rules! member_names {
    ($list:ident, $m:ident { $($name:ident = $text:expr),* $(,)? }) => {
        const $list: &[&str] = &[$($text),*];
        mod $m {
            #[allow(clippy::upper_case_acronyms, non_camel_case_types)]
            #[repr(usize)]
            enum Index { $($name),* }
            $(pub(super) const $name: usize = Index::$name as usize;)*
        }
    };
}
pub(crate) use member_names;

/// A member key read by [`Reader::next_key_in`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MemberKey<'a> {
    /// The name at this index of the list given.
    Named(usize),
    /// A key not in the list.
    Other(JsonStr<'a>),
}

impl<'a> Reader<'a> {
    /// Like [`next_key`](Self::next_key), for an object whose member names are `names`
    /// (plain ASCII without `"` or `\`): a key with one of those values, escaped or not, is
    /// returned as its index. The checks are the same: a name read twice is a duplicate key.
    #[cfg_attr(not(target_os = "none"), inline(always))]
    pub fn next_key_in(
        &mut self,
        st: &mut ObjectState,
        names: &'static [&'static str],
    ) -> Result<Option<MemberKey<'a>>> {
        if !self.member_start(st)? {
            return Ok(None);
        }
        let key_at = self.pos;
        // The name after the last one read, or one of the three after it (optional members
        // absent; the envelope's `result` and `error` come after `method` and `params`).
        if self.bytes.get(key_at) == Some(&b'"') {
            let guess = st.guess as usize;
            for i in [guess, guess + 1, guess + 2, guess + 3] {
                let Some(name) = names.get(i) else { break };
                if name_at(self.bytes, key_at + 1, name.as_bytes()) {
                    self.pos = key_at + name.len() + 2;
                    return self.named_member(st, i, key_at).map(Some);
                }
            }
        }
        self.other_key_in(st, names, key_at).map(Some)
    }

    /// [`next_key_in`](Self::next_key_in) for a key that is not one of the names guessed.
    #[inline(never)]
    fn other_key_in(
        &mut self,
        st: &mut ObjectState,
        names: &'static [&'static str],
        key_at: usize,
    ) -> Result<MemberKey<'a>> {
        #[cfg(all(test, feature = "alloc"))]
        tests::OFF_GUESS.with(|c| c.set(c.get() + 1));
        let key = self.key_string()?;
        if let Some(i) = names.iter().position(|n| key.eq_str(n)) {
            return self.named_member(st, i, key_at);
        }
        self.counted_key(st, super::KeyBytes::of(&key), key_at)?;
        self.key_colon()?;
        Ok(MemberKey::Other(key))
    }

    /// The checks after the key `names[index]` read at `key_at`.
    #[cfg_attr(not(target_os = "none"), inline(always))]
    fn named_member(
        &mut self,
        st: &mut ObjectState,
        index: usize,
        key_at: usize,
    ) -> Result<MemberKey<'a>> {
        self.count_member(st, key_at)?;
        // Keys of the list never equal other keys, so their bits alone find their duplicates.
        let bit = 1u64.checked_shl(index as u32).unwrap_or(0);
        if st.named & bit != 0 {
            return self.err_at(ErrorKind::DuplicateKey, key_at, "");
        }
        st.named |= bit;
        st.guess = index as u32 + 1;
        self.key_colon()?;
        Ok(MemberKey::Named(index))
    }
}

/// Whether `name` and a `"` stand at `at` (just past a key's opening quote): a key whose
/// value is `name`, unescaped.
#[cfg_attr(not(target_os = "none"), inline(always))]
fn name_at(bytes: &[u8], at: usize, name: &[u8]) -> bool {
    let n = name.len();
    // The closing quote first: most other names fail on their length.
    bytes.get(at + n) == Some(&b'"') && bytes.get(at..at + n).is_some_and(|s| eq_short(s, name))
}

/// `a == b` for slices of one length, in at most two overlapping loads each when they are
/// at most 16 bytes (member names nearly always are).
#[cfg_attr(not(target_os = "none"), inline(always))]
pub(super) fn eq_short(a: &[u8], b: &[u8]) -> bool {
    let n = a.len();
    match n {
        0 => true,
        1..=3 => a.first() == b.first() && a.get(n / 2) == b.get(n / 2) && a.last() == b.last(),
        4..=7 => word4(a, 0) == word4(b, 0) && word4(a, n - 4) == word4(b, n - 4),
        8..=16 => word(a, 0) == word(b, 0) && word(a, n - 8) == word(b, n - 8),
        _ => a == b,
    }
}

#[cfg_attr(not(target_os = "none"), inline(always))]
fn word4(s: &[u8], at: usize) -> u32 {
    let mut w = [0u8; 4];
    if let Some(b) = s.get(at..at + 4) {
        w.copy_from_slice(b);
    }
    u32::from_le_bytes(w)
}

#[cfg(all(test, feature = "alloc"))]
mod tests {
    use crate::McpMessage;
    use core::cell::Cell;
    extern crate std;

    std::thread_local! {
        /// Keys of typed objects that were not among the names guessed, so far on this thread.
        pub(super) static OFF_GUESS: Cell<usize> = const { Cell::new(0) };
    }

    fn off_guess(message: &str) -> usize {
        let before = OFF_GUESS.with(Cell::get);
        assert!(McpMessage::decode(message.as_bytes()).is_ok(), "{message}");
        OFF_GUESS.with(Cell::get) - before
    }

    /// The name lists are in the order peers write members, so every key of these messages is
    /// matched by the first guesses; an unknown key or one out of order is not.
    #[test]
    fn members_in_wire_order_are_all_guessed() {
        let typical = [
            r#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"t","arguments":{"a":1},"_meta":{"progressToken":"p"}}}"#,
            r#"{"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"x"}],"structuredContent":{},"isError":false}}"#,
            r#"{"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"x"}],"isError":true}}"#,
            r#"{"jsonrpc":"2.0","id":1,"result":{"resultType":"complete","content":[{"type":"text","text":"x"}],"structuredContent":{}}}"#,
            r#"{"jsonrpc":"2.0","id":1,"result":{"tools":[{"name":"t","inputSchema":{"type":"object"}}],"nextCursor":"c"}}"#,
            r#"{"jsonrpc":"2.0","id":1,"result":{"resultType":"complete","tools":[],"nextCursor":"c","ttlMs":5,"cacheScope":"public"}}"#,
            r#"{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":1,"progress":1,"total":2,"message":"m"}}"#,
            r#"{"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"m","data":{}}}"#,
        ];
        for m in typical {
            assert_eq!(off_guess(m), 0, "{m}");
        }
        let call = |params: &str| {
            alloc::format!(r#"{{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{params}}}"#)
        };
        assert_eq!(off_guess(&call(r#"{"name":"t","x":1}"#)), 1);
        assert_eq!(off_guess(&call(r#"{"_meta":{},"task":{},"name":"t"}"#)), 1);
    }
}
