//! Checking values the core does not interpret: every rule, nothing built.

use super::{KeyBytes, NoRecorder, ObjectState, Reader, Recorder};
use crate::error::{ErrorKind, Result};
use crate::json::scan::Specials;
use crate::json::{JsonStr, RawJson};

impl<'a> Reader<'a> {
    /// Checks the next value completely and returns it as a raw slice.
    pub fn skip_value(&mut self) -> Result<RawJson<'a>> {
        self.skip_ws();
        let start = self.pos;
        let outer_dirty = core::mem::replace(&mut self.dirty, false);
        let mut sp = Specials::NONE;
        self.pos = self.skip_top(start, &mut sp, None)?.0;
        Ok(self.raw_since(start, outer_dirty))
    }

    /// The value read from `start` to here as a raw slice, canonical when nothing read since
    /// `dirty` was cleared was not; `dirty` then takes back the reader's state before
    /// (`outer_dirty`).
    fn raw_since(&mut self, start: usize, outer_dirty: bool) -> RawJson<'a> {
        let canonical = !self.dirty;
        self.dirty |= outer_dirty;
        let text = self.text.get(start..self.pos).unwrap_or_default();
        RawJson::from_source(text, canonical)
    }

    /// Checks an object completely, like [`skip_value`](Self::skip_value), and also returns
    /// the value of its top-level member `key` when that is a string (one pass, no re-read).
    pub fn skip_object_peek(&mut self, key: &str) -> Result<(RawJson<'a>, Option<JsonStr<'a>>)> {
        self.skip_ws();
        #[cfg(feature = "tape-fragments")]
        if self.recorder.is_some() && self.bytes.get(self.pos) == Some(&b'{') {
            return self.skip_object_peek_recorded(key);
        }
        let start = self.pos;
        let outer_dirty = core::mem::replace(&mut self.dirty, false);
        let mut found = None;
        let mut st = self.begin_object("")?;
        // One mask kept across the members: the next member's quotes are often in it.
        let mut sp = Specials::NONE;
        while let Some(k) = self.next_key(&mut st)? {
            if found.is_none() && k.eq_str(key) && self.bytes.get(self.pos) == Some(&b'"') {
                found = Some(self.read_string_raw()?);
            } else {
                self.skip_ws();
                self.pos = self.skip_at(self.pos, &mut sp, &mut NoRecorder)?;
            }
        }
        Ok((self.raw_since(start, outer_dirty), found))
    }

    /// [`skip_at`](Self::skip_at) for a value the caller skips (not one inside a skipped
    /// value): recorded when the reader records ([`record`](Reader::record)). With `peek`,
    /// also where the string value of that top-level key is (its `"`), when recorded.
    #[cfg_attr(not(target_os = "none"), inline(always))]
    fn skip_top(
        &mut self,
        i: usize,
        sp: &mut Specials,
        peek: Option<&str>,
    ) -> Result<(usize, Option<usize>)> {
        #[cfg(feature = "tape-fragments")]
        if let Some(recorder) = self.recorder.take() {
            let skipped = recorder.skip(self, i, sp, peek);
            self.recorder = Some(recorder);
            return skipped;
        }
        let _ = peek;
        self.skip_at(i, sp, &mut NoRecorder).map(|end| (end, None))
    }

    /// [`skip_at`](Self::skip_at) telling `recorder`: what a [`SkipRecorder`] runs.
    ///
    /// [`SkipRecorder`]: super::SkipRecorder
    #[cfg(feature = "tape-fragments")]
    pub(crate) fn skip_recorded<R: Recorder>(
        &mut self,
        i: usize,
        sp: &mut Specials,
        recorder: &mut R,
    ) -> Result<usize> {
        self.skip_at(i, sp, recorder)
    }

    /// [`skip_object_peek`](Self::skip_object_peek) recording the object (see
    /// [`skip_top`](Self::skip_top)).
    #[cfg(feature = "tape-fragments")]
    #[inline(never)]
    fn skip_object_peek_recorded(
        &mut self,
        key: &str,
    ) -> Result<(RawJson<'a>, Option<JsonStr<'a>>)> {
        let start = self.pos;
        let outer_dirty = core::mem::replace(&mut self.dirty, false);
        let mut sp = Specials::NONE;
        let (end, found) = self.skip_top(start, &mut sp, Some(key))?;
        let found = match found {
            Some(at) => {
                // Read again (checked, and recorded already) for its view.
                self.pos = at;
                Some(self.string_then(Self::read_string_slow)?)
            }
            None => None,
        };
        self.pos = end;
        Ok((self.raw_since(start, outer_dirty), found))
    }

    /// Checks the value at `i` (no whitespace before it), tells `s` its values, and returns
    /// the offset after it. The skip loops pass the position in a register, not through
    /// `pos`, which each step would otherwise store and load again. Inlined only when
    /// optimizing: unoptimized code keeps every inlined call's stack slots, and the nesting
    /// limit's 128 levels of such frames would not fit a thread's 2 MiB (the same for the
    /// helpers below).
    #[cfg_attr(all(not(debug_assertions), not(target_os = "none")), inline(always))]
    fn skip_at<S: Recorder>(&mut self, i: usize, sp: &mut Specials, s: &mut S) -> Result<usize> {
        let end = match self.bytes.get(i) {
            Some(b'"') => return self.skip_string_at(i, sp, s),
            Some(b'-' | b'0'..=b'9') => {
                let end = self.skip_number_at(i)?;
                s.number(i);
                return Ok(end);
            }
            Some(b'{') => return self.skip_object_at(i, sp, s),
            Some(b'[') => return self.skip_array_at(i, sp, s),
            Some(b't') => self.literal_at(i, b"true")?,
            Some(b'f') => self.literal_at(i, b"false")?,
            Some(b'n') => self.literal_at(i, b"null")?,
            Some(b' ' | b'\t' | b'\n' | b'\r') => return self.skip_after_ws(i, sp, s),
            None => return self.err_at(ErrorKind::UnexpectedEnd, i, "a value"),
            Some(_) => return self.err_at(ErrorKind::UnexpectedByte, i, "a value"),
        };
        s.literal(self.bytes.get(i).copied().unwrap_or_default());
        Ok(end)
    }

    /// [`skip_at`](Self::skip_at) for a value after whitespace at `i`.
    #[inline(never)]
    fn skip_after_ws<S: Recorder>(
        &mut self,
        i: usize,
        sp: &mut Specials,
        s: &mut S,
    ) -> Result<usize> {
        let i = self.ws_at(i);
        self.skip_at(i, sp, s)
    }

    /// The string at `i` (its `"`): the offset after it.
    #[cfg_attr(all(not(debug_assertions), not(target_os = "none")), inline(always))]
    fn skip_string_at<S: Recorder>(
        &mut self,
        i: usize,
        sp: &mut Specials,
        s: &mut S,
    ) -> Result<usize> {
        let end = sp.next(self.bytes, i + 1);
        if self.bytes.get(end) == Some(&b'"') {
            s.string(i + 1, end, false);
            return Ok(end + 1);
        }
        let value = self.check_string_from(i + 1, end, s)?;
        s.string(i + 1, self.pos - 1, value.is_escaped());
        Ok(self.pos)
    }

    /// The number at `i`: the offset after it. Integers and decimals without an exponent, the
    /// numbers of most JSON, are checked here without building their text;
    /// [`number_at`](Self::number_at) takes the rest and every error.
    #[cfg_attr(all(not(debug_assertions), not(target_os = "none")), inline(always))]
    fn skip_number_at(&mut self, i: usize) -> Result<usize> {
        let bytes = self.bytes;
        let negative = bytes.get(i) == Some(&b'-');
        let int_at = i + usize::from(negative);
        let int_end = self.digits_from(int_at);
        let n = int_end - int_at;
        let zero = bytes.get(int_at) == Some(&b'0');
        // Errors, and decimals long enough to reach 10^308 (whose range `number_at` checks).
        if n == 0 || n > 300 || (n > 1 && zero) {
            return self.number_at(i).map(|(_, end)| end);
        }
        let end = match bytes.get(int_end) {
            Some(b'.') => {
                let frac_end = self.digits_from(int_end + 1);
                if frac_end == int_end + 1 || matches!(bytes.get(frac_end), Some(b'e' | b'E')) {
                    return self.number_at(i).map(|(_, end)| end);
                }
                // Most decimals: at most 15 digits, no leading `0.`, no trailing zero.
                let plain = frac_end - int_at <= 16
                    && !zero
                    && bytes.get(frac_end - 1).is_some_and(|&b| b != b'0');
                if !plain {
                    let int = bytes.get(int_at..int_end).unwrap_or_default();
                    let frac = bytes.get(int_end + 1..frac_end).unwrap_or_default();
                    if !super::super::number::is_canonical_decimal(int, frac) {
                        self.mark_dirty();
                    }
                }
                frac_end
            }
            Some(b'e' | b'E') => return self.number_at(i).map(|(_, end)| end),
            _ => {
                if negative && zero {
                    self.mark_dirty(); // `-0`, which the writer writes as `0`
                }
                int_end
            }
        };
        Ok(end)
    }

    /// Skips the object whose `{` is at `i`, with [`next_key`](Self::next_key)'s checks in
    /// one loop; returns the offset after its `}`.
    fn skip_object_at<S: Recorder>(
        &mut self,
        i: usize,
        sp: &mut Specials,
        s: &mut S,
    ) -> Result<usize> {
        self.enter_at(i)?;
        let mut open = s.open(true);
        let mut st = self.object_state();
        let bytes = self.bytes;
        let mut i = self.ws_at(i + 1);
        if bytes.get(i) == Some(&b'}') {
            self.close_object_at(&st);
            s.close(open, true, 0);
            return Ok(i + 1);
        }
        let mut n = 0;
        // Compact JSON has no whitespace: each place that may hold some checks for the byte
        // expected there first, and looks for whitespace only when that is not it.
        loop {
            if bytes.get(i) != Some(&b'"') {
                i = self.ws_at(i);
                self.key_quote_at(i)?;
            }
            // A key without escapes is counted here, where the compiler knows it has none.
            // `end > i` (always true) lets the slice below go without checks.
            let end = sp.next(bytes, i + 1);
            if end > i && bytes.get(end) == Some(&b'"') {
                let source = bytes.get(i + 1..end).unwrap_or_default();
                self.counted_key(&mut st, KeyBytes::plain(source), i)?;
                s.key(&mut open, i + 1, end, false, n);
                i = end + 1;
            } else {
                let at = i;
                i = self.other_key_at(&mut st, i, end)?;
                // Past the first special byte the key has escapes (the checks allow no other).
                s.key(&mut open, at + 1, i - 1, true, n);
            }
            n += 1;
            i = self.colon_only_at(i)?;
            i = self.skip_at(i, sp, s)?;
            loop {
                match bytes.get(i) {
                    Some(b',') => break,
                    Some(b'}') => {
                        self.close_object_at(&st);
                        s.close(open, true, n);
                        return Ok(i + 1);
                    }
                    Some(b' ' | b'\t' | b'\n' | b'\r') => i = self.ws_at(i),
                    None => return self.err_at(ErrorKind::UnexpectedEnd, i, "',' or '}'"),
                    Some(_) => return self.err_at(ErrorKind::UnexpectedByte, i, "',' or '}'"),
                }
            }
            i += 1;
        }
    }

    /// The key of object `st` whose `"` is at `i`, when the first special byte after it, at
    /// `end`, is not its closing quote: read, counted, and the offset after it.
    #[inline(never)]
    fn other_key_at(&mut self, st: &mut ObjectState, i: usize, end: usize) -> Result<usize> {
        let key = self.read_string_slow(i + 1, end)?;
        self.counted_key(st, KeyBytes::of(&key), i)?;
        Ok(self.pos)
    }

    /// Skips the array whose `[` is at `i`, with [`next_item`](Self::next_item)'s checks;
    /// returns the offset after its `]`.
    fn skip_array_at<S: Recorder>(
        &mut self,
        i: usize,
        sp: &mut Specials,
        s: &mut S,
    ) -> Result<usize> {
        self.enter_at(i)?;
        let open = s.open(false);
        let bytes = self.bytes;
        let mut i = self.ws_at(i + 1);
        if bytes.get(i) == Some(&b']') {
            self.depth -= 1;
            s.close(open, false, 0);
            return Ok(i + 1);
        }
        let mut count = 0u32;
        loop {
            count += 1;
            if count > self.limits.max_members {
                return self.err_at(ErrorKind::TooManyMembers, i, "");
            }
            // Whitespace is looked for where the byte expected is not found, as in
            // `skip_object_at` (`skip_at` takes it before an item). The separator loop is
            // written out in both: as one function taking the closing byte it measured 1%
            // slower on tools/list and structuredContent.
            i = self.skip_at(i, sp, s)?;
            loop {
                match bytes.get(i) {
                    Some(b',') => break,
                    Some(b']') => {
                        self.depth -= 1;
                        s.close(open, false, count);
                        return Ok(i + 1);
                    }
                    Some(b' ' | b'\t' | b'\n' | b'\r') => i = self.ws_at(i),
                    None => return self.err_at(ErrorKind::UnexpectedEnd, i, "',' or ']'"),
                    Some(_) => return self.err_at(ErrorKind::UnexpectedByte, i, "',' or ']'"),
                }
            }
            i += 1;
        }
    }

    /// Starts a span whose canonical form [`end_span`](Self::end_span) reports, the way
    /// [`skip_value`](Self::skip_value) does for a raw value; returns the outer state.
    pub(crate) fn begin_span(&mut self) -> (bool, bool) {
        (
            core::mem::replace(&mut self.dirty, false),
            core::mem::replace(&mut self.outside_dirty, false),
        )
    }

    /// Ends a span begun with [`begin_span`](Self::begin_span) (given what it returned):
    /// whether nothing read since was non-canonical, and whether nothing but string escapes
    /// was.
    pub(crate) fn end_span(&mut self, (dirty, outside): (bool, bool)) -> (bool, bool) {
        let state = (!self.dirty, !self.outside_dirty);
        self.dirty |= dirty;
        self.outside_dirty |= outside;
        state
    }
}
