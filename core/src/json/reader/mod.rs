//! The one JSON reader: a strict pull parser over borrowed bytes.
//!
//! Every decoder in the crate (envelope, typed views, raw-value skipping, the alloc `Value`)
//! goes through this reader, so the strictness rules (UTF-8, duplicate keys, depth and member
//! limits, escapes, number grammar) are enforced in exactly one place.

mod int;
mod keys;
mod named;
mod number;
mod record;
mod skip;
mod string;

#[cfg(not(feature = "alloc"))]
pub use keys::NO_ALLOC_KEYS;
use keys::{key_bit, KeyBytes, KeyStack, SCAN_KEYS};
pub(crate) use named::member_names;
pub use named::MemberKey;
#[cfg(feature = "tape-fragments")]
pub(crate) use record::SkipRecorder;
pub(crate) use record::{EscapeCount, Escapes, NoRecorder, Recorder};

use super::JsonStr;
use crate::error::{DecodeError, ErrorKind, Result};
use crate::limits::Limits;

/// The JSON type of the next value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// `{`
    Object,
    /// `[`
    Array,
    /// `"`
    String,
    /// `-` or a digit
    Number,
    /// `true` / `false`
    Bool,
    /// `null`
    Null,
}

impl Kind {
    /// A phrase for error details.
    pub const fn expected(self) -> &'static str {
        match self {
            Kind::Object => "an object",
            Kind::Array => "an array",
            Kind::String => "a string",
            Kind::Number => "a number",
            Kind::Bool => "a boolean",
            Kind::Null => "null",
        }
    }
}

/// State of one object being read: see [`Reader::next_key`].
#[derive(Debug)]
pub struct ObjectState {
    keys_start: usize,
    count: u32,
    first: bool,
    /// One bit per key read so far, by [`key_bit`]: the duplicate scan runs only on a hit.
    seen: u64,
    /// One bit per name of the type's list read so far ([`Reader::next_key_in`]).
    named: u64,
    /// The index of the name expected next: the one after the last name read.
    guess: u32,
}

/// State of one array being read: see [`Reader::next_item`].
#[derive(Debug)]
pub struct ArrayState {
    count: u32,
    first: bool,
}

/// A strict JSON pull reader over one message.
pub struct Reader<'a> {
    text: &'a str,
    bytes: &'a [u8],
    pos: usize,
    depth: u32,
    limits: Limits,
    /// Set when something non-canonical (whitespace, an unusual escape, a float) was read;
    /// [`Reader::skip_value`] snapshots it to mark raw slices that can be copied as they are.
    dirty: bool,
    /// Set by an escape the writer would not write as is; read and cleared per string.
    escape_dirty: bool,
    /// Set with `dirty` for all but escapes (whitespace, numbers the writer rewrites); read
    /// by [`Reader::end_span`].
    outside_dirty: bool,
    keys: KeyStack<'a>,
    /// Set for text already checked: skips the duplicate-key bookkeeping.
    trusted: bool,
    /// Members an object may have before each further one takes the slow path of
    /// [`counted_key`](Reader::counted_key): the smaller of `max_members` and [`SCAN_KEYS`].
    slow_after: u32,
    /// Set while the values read are recorded ([`record`](Reader::record)): it records each
    /// value skipped, and hears of each string value with escapes read.
    #[cfg(feature = "tape-fragments")]
    recorder: Option<&'a mut (dyn SkipRecorder + 'static)>,
}

/// The input as text, or `invalid_utf8` at the first byte that is not UTF-8.
pub(crate) fn utf8(input: &[u8]) -> Result<&str> {
    // simdutf8 (SIMD with `std`) answers only valid or not; core's check finds the offset.
    simdutf8::basic::from_utf8(input).map_err(|_| {
        let at = core::str::from_utf8(input).map_or_else(|e| e.valid_up_to(), str::len);
        DecodeError::new(ErrorKind::InvalidUtf8, at, "")
    })
}

fn is_ws(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\r')
}

impl<'a> Reader<'a> {
    /// A reader over `input` (checked to be UTF-8 and within `limits.max_input_bytes`).
    pub fn new(input: &'a [u8], limits: Limits) -> Result<Self> {
        if input.len() > limits.max_input_bytes {
            return Err(DecodeError::new(
                ErrorKind::InputTooLarge,
                limits.max_input_bytes,
                "",
            ));
        }
        Ok(Self::from_str(utf8(input)?, limits))
    }

    /// A reader over text that is already known to be UTF-8.
    pub fn from_str(text: &'a str, limits: Limits) -> Self {
        Reader {
            text,
            bytes: text.as_bytes(),
            pos: 0,
            depth: 0,
            limits,
            dirty: false,
            escape_dirty: false,
            outside_dirty: false,
            keys: KeyStack::new(),
            trusted: false,
            // Without `alloc`, SCAN_KEYS is u32::MAX (every object is scanned).
            #[allow(clippy::unnecessary_min_or_max)]
            slow_after: limits.max_members.min(SCAN_KEYS),
            #[cfg(feature = "tape-fragments")]
            recorder: None,
        }
    }

    /// Has `recorder` record each value skipped from here on, and tells it of each string
    /// value with escapes read (the JS bindings' tape: `js::decode_tape`).
    #[cfg(feature = "tape-fragments")]
    pub(crate) fn record(&mut self, recorder: &'a mut (dyn SkipRecorder + 'static)) {
        self.recorder = Some(recorder);
    }

    /// How deep the reader is: the containers open around the next value.
    #[cfg(feature = "tape-fragments")]
    pub(crate) fn depth(&self) -> u32 {
        self.depth
    }

    /// A reader over text that already passed every check under `limits` (it was decoded
    /// before): duplicate keys are not looked for again; the limits still bound the work.
    pub(crate) fn trusted(text: &'a str, limits: Limits) -> Self {
        let mut r = Self::from_str(text, limits);
        r.trusted = true;
        r
    }

    /// The whole input.
    pub fn input(&self) -> &'a str {
        self.text
    }

    /// Current byte offset.
    pub fn offset(&self) -> usize {
        self.pos
    }

    /// An error at the current offset.
    pub fn error(&self, kind: ErrorKind, detail: &'static str) -> DecodeError {
        DecodeError::new(kind, self.pos, detail)
    }

    fn err_at<T>(&self, kind: ErrorKind, at: usize, detail: &'static str) -> Result<T> {
        Err(DecodeError::new(kind, at, detail))
    }

    /// Skips whitespace.
    #[cfg_attr(not(target_os = "none"), inline(always))]
    pub fn skip_ws(&mut self) {
        // Compact JSON has none: one comparison and out.
        if self.bytes.get(self.pos).is_none_or(|&b| b > b' ') {
            return;
        }
        self.skip_ws_slow();
    }

    #[inline(never)]
    fn skip_ws_slow(&mut self) {
        let start = self.pos;
        while self.pos < self.bytes.len() && is_ws(self.bytes[self.pos]) {
            self.pos += 1;
        }
        if self.pos != start {
            self.mark_dirty();
        }
    }

    /// Notes something the canonical writer would write otherwise (not an escape).
    fn mark_dirty(&mut self) {
        self.dirty = true;
        self.outside_dirty = true;
    }

    /// After the top-level value: only whitespace may follow.
    pub fn finish(&mut self) -> Result<()> {
        self.skip_ws();
        if self.pos != self.bytes.len() {
            return self.err_at(ErrorKind::TrailingBytes, self.pos, "");
        }
        Ok(())
    }

    /// The kind of the next value (skipping whitespace before it).
    pub fn peek_kind(&mut self) -> Result<Kind> {
        self.skip_ws();
        match self.bytes.get(self.pos) {
            None => self.err_at(ErrorKind::UnexpectedEnd, self.pos, "a value"),
            Some(b'{') => Ok(Kind::Object),
            Some(b'[') => Ok(Kind::Array),
            Some(b'"') => Ok(Kind::String),
            Some(b'-' | b'0'..=b'9') => Ok(Kind::Number),
            Some(b't' | b'f') => Ok(Kind::Bool),
            Some(b'n') => Ok(Kind::Null),
            Some(_) => self.err_at(ErrorKind::UnexpectedByte, self.pos, "a value"),
        }
    }

    /// An error saying the value at the current offset is not `want`.
    pub fn wrong_type(&self, detail: &'static str) -> DecodeError {
        self.error(ErrorKind::WrongType, detail)
    }

    fn expect_kind(&mut self, want: Kind, detail: &'static str) -> Result<()> {
        if self.peek_kind()? != want {
            return Err(self.wrong_type(detail));
        }
        Ok(())
    }

    fn enter(&mut self) -> Result<()> {
        self.enter_at(self.pos)?;
        self.pos += 1;
        Ok(())
    }

    /// One level deeper, for the container opened at `i`, leaving `pos` as it is.
    #[cfg_attr(not(target_os = "none"), inline(always))]
    fn enter_at(&mut self, i: usize) -> Result<()> {
        if self.depth >= self.limits.max_depth {
            return self.err_at(ErrorKind::TooDeep, i, "");
        }
        self.depth += 1;
        Ok(())
    }

    /// Opens an object; `detail` names the field for a wrong-type error.
    pub fn begin_object(&mut self, detail: &'static str) -> Result<ObjectState> {
        self.expect_kind(Kind::Object, detail)?;
        self.open_object()
    }

    /// Opens the object at `{` (already checked).
    fn open_object(&mut self) -> Result<ObjectState> {
        self.enter()?;
        Ok(self.object_state())
    }

    /// The state of an object just opened.
    #[cfg_attr(not(target_os = "none"), inline(always))]
    fn object_state(&self) -> ObjectState {
        ObjectState {
            keys_start: self.keys.len(),
            count: 0,
            first: true,
            seen: 0,
            named: 0,
            guess: 0,
        }
    }

    /// The next key of the object (then read or skip its value), or `None` at its end.
    pub fn next_key(&mut self, st: &mut ObjectState) -> Result<Option<JsonStr<'a>>> {
        if !self.member_start(st)? {
            return Ok(None);
        }
        self.member_key(st).map(Some)
    }

    /// Past the `,` before the next member (true), or past the object's `}` (false).
    #[cfg_attr(not(target_os = "none"), inline(always))]
    fn member_start(&mut self, st: &mut ObjectState) -> Result<bool> {
        self.skip_ws();
        match self.bytes.get(self.pos) {
            // A `}` right after `,` is caught where a key must follow.
            Some(b'}') => {
                self.close_object(st);
                return Ok(false);
            }
            _ if st.first => st.first = false,
            Some(b',') => {
                self.pos += 1;
                self.skip_ws();
            }
            None => return self.err_at(ErrorKind::UnexpectedEnd, self.pos, "',' or '}'"),
            Some(_) => return self.err_at(ErrorKind::UnexpectedByte, self.pos, "',' or '}'"),
        }
        Ok(true)
    }

    /// A member's key and the `:` after it, with every check: the key of member `st.count + 1`.
    #[cfg_attr(not(target_os = "none"), inline(always))]
    fn member_key(&mut self, st: &mut ObjectState) -> Result<JsonStr<'a>> {
        let key_at = self.pos;
        let key = self.key_string()?;
        self.counted_key(st, KeyBytes::of(&key), key_at)?;
        self.key_colon()?;
        Ok(key)
    }

    /// The key string at the reader's offset.
    #[cfg_attr(not(target_os = "none"), inline(always))]
    fn key_string(&mut self) -> Result<JsonStr<'a>> {
        self.key_quote_at(self.pos)?;
        self.string_then(Self::read_string_slow)
    }

    /// The opening quote a key must start with, at `i`.
    #[cfg_attr(not(target_os = "none"), inline(always))]
    fn key_quote_at(&self, i: usize) -> Result<()> {
        match self.bytes.get(i) {
            Some(b'"') => Ok(()),
            None => self.err_at(ErrorKind::UnexpectedEnd, i, "a key"),
            Some(_) => self.err_at(ErrorKind::UnexpectedByte, i, "a key"),
        }
    }

    /// Counts one more member of the object against `max_members`.
    #[cfg_attr(not(target_os = "none"), inline(always))]
    fn count_member(&mut self, st: &mut ObjectState, key_at: usize) -> Result<()> {
        st.count += 1;
        self.count_checked(st, key_at)
    }

    /// The `:` after a key, and any whitespace after it.
    #[cfg_attr(not(target_os = "none"), inline(always))]
    fn key_colon(&mut self) -> Result<()> {
        self.pos = self.colon_at(self.pos)?;
        Ok(())
    }

    /// The `:` after a key at `i` (or after whitespace there), and the offset after it and
    /// any whitespace after it.
    #[cfg_attr(not(target_os = "none"), inline(always))]
    fn colon_at(&mut self, i: usize) -> Result<usize> {
        let i = self.colon_only_at(i)?;
        Ok(self.ws_at(i))
    }

    /// The `:` after a key at `i` (or after whitespace there), and the offset after it.
    #[cfg_attr(not(target_os = "none"), inline(always))]
    fn colon_only_at(&mut self, mut i: usize) -> Result<usize> {
        if self.bytes.get(i) == Some(&b':') {
            i += 1;
        } else {
            i = self.ws_at(i);
            match self.bytes.get(i) {
                Some(b':') => i += 1,
                None => return self.err_at(ErrorKind::UnexpectedEnd, i, "':'"),
                Some(_) => return self.err_at(ErrorKind::UnexpectedByte, i, "':'"),
            }
        }
        Ok(i)
    }

    /// The offset of the first byte at or after `i` that is not whitespace.
    #[cfg_attr(not(target_os = "none"), inline(always))]
    fn ws_at(&mut self, i: usize) -> usize {
        if self.bytes.get(i).is_none_or(|&b| b > b' ') {
            return i;
        }
        self.pos = i;
        self.skip_ws_slow();
        self.pos
    }

    /// Closes the object at its `}`.
    #[cfg_attr(not(target_os = "none"), inline(always))]
    fn close_object(&mut self, st: &ObjectState) {
        self.pos += 1;
        self.close_object_at(st);
    }

    /// [`close_object`](Self::close_object) without the step past `}`.
    #[cfg_attr(not(target_os = "none"), inline(always))]
    fn close_object_at(&mut self, st: &ObjectState) {
        self.depth -= 1;
        self.keys.truncate(st.keys_start);
    }

    /// Counts one more member against `max_members` and remembers its key `key` (read at
    /// `at`) for duplicate detection, with one test on the way for both: a key whose hash bit
    /// is set, or a member past [`slow_after`](Reader::slow_after), takes the slow path.
    #[cfg_attr(not(target_os = "none"), inline(always))]
    fn counted_key(&mut self, st: &mut ObjectState, key: KeyBytes<'a>, at: usize) -> Result<()> {
        st.count += 1;
        if self.trusted {
            return self.count_checked(st, at);
        }
        let bit = key_bit(&key);
        let hit = st.seen & bit != 0;
        st.seen |= bit;
        if hit || st.count > self.slow_after {
            return self.counted_key_slow(st, key, at);
        }
        if !self.keys.push(key) {
            return self.err_at(ErrorKind::TooManyOpenKeys, at, "");
        }
        Ok(())
    }

    /// `max_members` against the count of `st`, its last member read at `at`.
    #[cfg_attr(not(target_os = "none"), inline(always))]
    fn count_checked(&self, st: &ObjectState, at: usize) -> Result<()> {
        if st.count > self.limits.max_members {
            return self.err_at(ErrorKind::TooManyMembers, at, "");
        }
        Ok(())
    }

    /// [`counted_key`](Self::counted_key) when the key may be a duplicate (its hash bit was
    /// set) or the object has grown past [`slow_after`](Reader::slow_after) members.
    #[inline(never)]
    fn counted_key_slow(&mut self, st: &ObjectState, key: KeyBytes<'a>, at: usize) -> Result<()> {
        self.count_checked(st, at)?;
        #[cfg(feature = "alloc")]
        if st.count > SCAN_KEYS {
            if !self.keys.insert_wide(st.keys_start, key) {
                return self.err_at(ErrorKind::DuplicateKey, at, "");
            }
            return Ok(());
        }
        if self.keys.contains_from(st.keys_start, &key) {
            return self.err_at(ErrorKind::DuplicateKey, at, "");
        }
        if !self.keys.push(key) {
            return self.err_at(ErrorKind::TooManyOpenKeys, at, "");
        }
        Ok(())
    }

    /// Opens an array; `detail` names the field for a wrong-type error.
    pub fn begin_array(&mut self, detail: &'static str) -> Result<ArrayState> {
        self.expect_kind(Kind::Array, detail)?;
        self.enter()?;
        Ok(ArrayState {
            count: 0,
            first: true,
        })
    }

    /// True when another element follows (read or skip it), false at the array's end.
    pub fn next_item(&mut self, st: &mut ArrayState) -> Result<bool> {
        self.skip_ws();
        let b = self.bytes.get(self.pos).copied();
        if b == Some(b']') && (st.first || st.count > 0) {
            self.pos += 1;
            self.depth -= 1;
            return Ok(false);
        }
        if !st.first {
            match b {
                Some(b',') => self.pos += 1,
                None => return self.err_at(ErrorKind::UnexpectedEnd, self.pos, "',' or ']'"),
                Some(_) => return self.err_at(ErrorKind::UnexpectedByte, self.pos, "',' or ']'"),
            }
            self.skip_ws();
        }
        st.first = false;
        st.count += 1;
        if st.count > self.limits.max_members {
            return self.err_at(ErrorKind::TooManyMembers, self.pos, "");
        }
        Ok(true)
    }
}
