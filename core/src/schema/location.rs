//! The instance location being evaluated, as a JSON pointer. It is kept in the context
//! while it is short, so that collecting errors does not allocate for it.

use alloc::string::String;

/// Bytes of path kept in place; a longer path moves to the heap for the rest of the run.
const INLINE: usize = 64;

/// A JSON pointer built token by token and cut back to an earlier length.
pub(crate) struct InstancePath {
    inline: heapless::String<INLINE>,
    /// The whole path once it outgrew `inline` (its capacity is then non-zero).
    heap: String,
}

impl InstancePath {
    pub(super) const fn new() -> Self {
        InstancePath {
            inline: heapless::String::new(),
            heap: String::new(),
        }
    }

    /// Length in bytes (what [`truncate`](Self::truncate) takes back to).
    #[inline]
    pub(super) fn len(&self) -> usize {
        if self.heap.capacity() != 0 {
            return self.heap.len();
        }
        self.inline.len()
    }

    /// Cuts the path back to a length it had before.
    #[inline]
    pub(super) fn truncate(&mut self, len: usize) {
        if self.heap.capacity() != 0 {
            self.heap.truncate(len);
        } else {
            self.inline.truncate(len);
        }
    }

    /// Appends `/` and the member name `token`, escaped (`~0`, `~1`).
    #[inline]
    fn push_token(&mut self, token: &str) {
        if super::uri::needs_escape(token.as_bytes()) {
            let mut escaped = String::new();
            super::uri::push_token(&mut escaped, token);
            self.push(&escaped);
        } else {
            self.push_slash(token);
        }
    }

    /// Appends a member name (`Ok`) or an array index (`Err`).
    #[inline]
    pub(super) fn push_step(&mut self, key: Result<&str, usize>) {
        match key {
            Ok(k) => self.push_token(k),
            Err(i) => self.push_index(i),
        }
    }

    /// Appends `/` and an array index.
    #[inline]
    fn push_index(&mut self, i: usize) {
        self.push_slash(itoa::Buffer::new().format(i));
    }

    pub(super) fn as_str(&self) -> &str {
        if self.heap.capacity() != 0 {
            return &self.heap;
        }
        &self.inline
    }

    /// Appends `/` then `s` (already escaped).
    #[inline]
    fn push_slash(&mut self, s: &str) {
        if self.heap.capacity() == 0 && self.inline.len() + 1 + s.len() <= INLINE {
            // Room checked: neither push can fail.
            let _ = self.inline.push('/');
            let _ = self.inline.push_str(s);
            return;
        }
        self.push_heap("/");
        self.push_heap(s);
    }

    /// Appends `s`, which starts with its own `/`.
    fn push(&mut self, s: &str) {
        match s.strip_prefix('/') {
            Some(rest) => self.push_slash(rest),
            None => self.push_heap(s),
        }
    }

    #[cold]
    fn push_heap(&mut self, s: &str) {
        if self.heap.capacity() == 0 {
            let here = String::from(self.as_str());
            self.heap = here;
            self.heap.reserve(2 * INLINE);
        }
        self.heap.push_str(s);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::format;

    #[test]
    fn builds_pointers_in_place_and_past_the_inline_room() {
        let mut p = InstancePath::new();
        assert_eq!(p.as_str(), "");
        p.push_token("a/b~c");
        p.push_index(7);
        assert_eq!(p.as_str(), "/a~1b~0c/7");
        let mark = p.len();
        p.push_token("é");
        assert_eq!(p.as_str(), "/a~1b~0c/7/é");
        p.truncate(mark);
        assert_eq!(p.as_str(), "/a~1b~0c/7");
        // Past the inline room: the whole path moves to the heap and keeps its earlier part.
        let long = "x".repeat(INLINE);
        let before = p.len();
        p.push_token(&long);
        assert_eq!(p.as_str(), format!("/a~1b~0c/7/{long}"));
        p.push_index(3);
        assert!(p.as_str().ends_with("/3"));
        p.truncate(before);
        assert_eq!(p.as_str(), "/a~1b~0c/7");
        p.push_token("z");
        assert_eq!(p.as_str(), "/a~1b~0c/7/z");
    }

    #[test]
    fn fills_the_inline_room_exactly() {
        let mut p = InstancePath::new();
        let t = "y".repeat(INLINE - 1);
        p.push_token(&t);
        assert_eq!(p.len(), INLINE);
        assert_eq!(
            p.heap.capacity(),
            0,
            "a path of exactly INLINE bytes stays in place"
        );
        assert_eq!(p.as_str(), format!("/{t}"));
        p.push_index(0);
        assert_eq!(p.as_str(), format!("/{t}/0"));
        assert_ne!(p.heap.capacity(), 0);
    }
}
