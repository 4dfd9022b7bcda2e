//! Word-at-a-time (SWAR) byte scans shared by the reader and the writer.

pub(crate) const LO: u64 = 0x0101_0101_0101_0101;
pub(crate) const HI: u64 = 0x8080_8080_8080_8080;

/// The high bit set in each byte of `w` that is `"`, `\\` or a control character. The lowest
/// flagged byte is always a true match (borrows only run upward).
#[cfg_attr(not(target_os = "none"), inline(always))]
fn special_bytes(w: u64) -> u64 {
    let zero = |x: u64| x.wrapping_sub(LO) & !x;
    (zero(w ^ (LO * u64::from(b'"')))
        | zero(w ^ (LO * u64::from(b'\\')))
        | (w.wrapping_sub(LO * 0x20) & !w))
        & HI
}

#[cfg_attr(not(target_os = "none"), inline(always))]
pub(crate) fn word(chunk: &[u8], at: usize) -> u64 {
    let mut w = [0u8; 8];
    if let Some(b) = chunk.get(at..at + 8) {
        w.copy_from_slice(b);
    }
    u64::from_le_bytes(w)
}

/// The offset of the first `"`, `\\` or control character at or after `i` (or the end): the
/// first 32 bytes in one mask without a branch per word (most strings are short, and which word
/// holds their end is a branch the CPU cannot predict), then 64 bytes per step.
#[cfg_attr(not(target_os = "none"), inline(always))]
pub(crate) fn scan_plain(bytes: &[u8], i: usize) -> usize {
    let Some(rest) = bytes.get(i..) else {
        return bytes.len();
    };
    let Some(head) = rest.first_chunk::<32>() else {
        return i + scan_words(rest);
    };
    let m = special_mask_32(head);
    if m != 0 {
        return i + m.trailing_zeros() as usize;
    }
    i + 32 + scan_long(rest.get(32..).unwrap_or_default())
}

/// The special bytes of one string, found with the mask of the 32 bytes last looked at kept:
/// the next special byte after an escape is usually in the same 32 bytes, and the mask gives it
/// with a shift, not another look at the input (whose load would wait for the escape's check).
pub(crate) struct Specials {
    /// Where the kept mask starts (`usize::MAX`: none kept).
    at: usize,
    mask: u32,
}

impl Specials {
    /// No mask kept yet.
    pub(crate) const NONE: Specials = Specials {
        at: usize::MAX,
        mask: 0,
    };

    /// [`scan_plain`] from `i`, for offsets that only grow from call to call.
    #[cfg_attr(not(target_os = "none"), inline(always))]
    pub(crate) fn next(&mut self, bytes: &[u8], i: usize) -> usize {
        match i.checked_sub(self.at) {
            Some(rel) if rel < 32 => {
                let m = self.mask & (u32::MAX << rel);
                if m != 0 {
                    return self.at + m.trailing_zeros() as usize;
                }
                self.fresh(bytes, self.at + 32)
            }
            _ => self.fresh(bytes, i),
        }
    }

    /// [`scan_plain`] from `i`, keeping the mask of the 32 bytes there.
    #[cfg_attr(not(target_os = "none"), inline(always))]
    fn fresh(&mut self, bytes: &[u8], i: usize) -> usize {
        match self.look(bytes, i) {
            Some(end) => end,
            None => self.fresh_long(bytes, i + 32),
        }
    }

    /// [`fresh`](Self::fresh) past 32 bytes with nothing special: up to three more masks kept
    /// (strings of up to 128 bytes end in one of them), then 64 bytes per step.
    #[inline(never)]
    fn fresh_long(&mut self, bytes: &[u8], mut i: usize) -> usize {
        for _ in 0..3 {
            if let Some(end) = self.look(bytes, i) {
                return end;
            }
            i += 32;
        }
        i + scan_long(bytes.get(i..).unwrap_or_default())
    }

    /// Keeps the mask of the 32 bytes at `i` and gives the first special byte in them, or
    /// `None` when they have none; with fewer than 32 bytes left, [`scan_plain`]'s answer and
    /// no mask kept.
    #[cfg_attr(not(target_os = "none"), inline(always))]
    fn look(&mut self, bytes: &[u8], i: usize) -> Option<usize> {
        let Some(head) = bytes.get(i..).and_then(<[u8]>::first_chunk::<32>) else {
            self.at = usize::MAX;
            return Some(scan_plain(bytes, i));
        };
        self.at = i;
        self.mask = special_mask_32(head);
        (self.mask != 0).then(|| i + self.mask.trailing_zeros() as usize)
    }
}

#[cfg(target_arch = "x86_64")]
pub(crate) use super::scan_sse2::special_mask_32;

#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
pub(crate) use super::scan_simd128::special_mask_32;

/// `scan_sse2::special_mask_32` where SSE2 is not a given: the four words' flags gathered into one mask
/// without a branch. Bytes above a word's first true match may be flagged too, but never below
/// it, so the lowest bit is always a true match.
#[cfg(any(
    not(any(
        target_arch = "x86_64",
        all(target_arch = "wasm32", target_feature = "simd128")
    )),
    test
))]
#[cfg_attr(not(target_os = "none"), inline(always))]
pub(crate) fn special_mask_32_words(chunk: &[u8; 32]) -> u32 {
    let gather = |m: u64| ((m >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u32;
    (0..4).fold(0, |acc, k| {
        acc | gather(special_bytes(word(chunk, 8 * k))) << (8 * k)
    })
}

#[cfg(not(any(
    target_arch = "x86_64",
    all(target_arch = "wasm32", target_feature = "simd128")
)))]
pub(crate) use special_mask_32_words as special_mask_32;

/// Byte by byte from `off`, for the last bytes of the input.
fn scan_tail(rest: &[u8], off: usize) -> usize {
    let tail = rest.get(off..).unwrap_or_default();
    off + tail
        .iter()
        .position(|&b| matches!(b, b'"' | b'\\' | 0..=0x1f))
        .unwrap_or(tail.len())
}

/// Whether any byte of `chunk` is `"`, `\\` or a control character. Written byte by byte with
/// no early exit so that the compiler turns it into SIMD compares (SSE2 on x86-64, NEON,
/// simd128): twice the speed of the word-at-a-time scan on long strings, with no `unsafe`.
#[cfg_attr(not(target_os = "none"), inline(always))]
fn any_special(chunk: &[u8; 64]) -> bool {
    let mut acc = 0u8;
    for &b in chunk {
        // `b ^ 2` maps the controls onto themselves and `"` (0x22) onto 0x20, and nothing else
        // to 0x20 or below: three compares become two, which measured 15% faster.
        acc |= u8::from((b ^ 2).saturating_sub(0x20).min(b ^ b'\\') == 0);
    }
    acc != 0
}

/// [`scan_plain`] past the first 32 bytes: 64 bytes per step while nothing is found, then
/// 32-byte masks inside the chunk that has it.
#[inline(never)]
fn scan_long(rest: &[u8]) -> usize {
    let head = rest.get(..64).unwrap_or(rest);
    let mut off = scan_masks(head);
    if off < head.len() || off == rest.len() {
        return off;
    }
    off += plain_chunks(rest.get(off..).unwrap_or_default());
    let rest_at = rest.get(off..).unwrap_or_default();
    off + scan_masks(rest_at)
}

/// The offset of the first `"`, `\\` or control character in `rest` (or its length): one
/// 32-byte mask per step (no branch per word), then words for the last bytes.
#[cfg_attr(not(target_os = "none"), inline(always))]
fn scan_masks(rest: &[u8]) -> usize {
    let mut off = 0;
    for chunk in rest.as_chunks::<32>().0 {
        let m = special_mask_32(chunk);
        if m != 0 {
            return off + m.trailing_zeros() as usize;
        }
        off += 32;
    }
    off + scan_words(rest.get(off..).unwrap_or_default())
}

/// The offset of the first 64-byte chunk of `rest` that holds a `"`, `\\` or control character,
/// or of the bytes after the last whole chunk.
#[cfg_attr(not(target_os = "none"), inline(always))]
fn plain_chunks(rest: &[u8]) -> usize {
    #[cfg(all(feature = "std", target_arch = "x86_64"))]
    if let Some(off) = super::scan_avx2::plain_chunks(rest) {
        return off;
    }
    plain_chunks_portable(rest)
}

/// [`plain_chunks`] on any CPU: the loop the compiler vectorizes where the target has SIMD
/// registers, else words (scalar code of the byte loop would be three times slower).
#[cfg_attr(not(target_os = "none"), inline(always))]
fn plain_chunks_portable(rest: &[u8]) -> usize {
    let mut off = 0;
    for chunk in rest.as_chunks::<64>().0 {
        if !HAS_SIMD {
            let at = scan_words(chunk);
            if at < 64 {
                return off;
            }
        } else if any_special(chunk) {
            break;
        }
        off += 64;
    }
    off
}

/// Whether the target has the vector registers [`any_special`] is written for.
const HAS_SIMD: bool = cfg!(any(
    target_arch = "x86_64",
    target_arch = "aarch64",
    target_feature = "sse2",
    target_feature = "neon",
    target_feature = "simd128"
));

/// The offset of the first `"`, `\\` or control character in `rest` (or its length), 32 bytes
/// per step.
#[cfg_attr(not(target_os = "none"), inline(always))]
fn scan_words(rest: &[u8]) -> usize {
    let mut off = 0;
    for chunk in rest.chunks_exact(32) {
        let (a, b, c, d) = (
            special_bytes(word(chunk, 0)),
            special_bytes(word(chunk, 8)),
            special_bytes(word(chunk, 16)),
            special_bytes(word(chunk, 24)),
        );
        if a | b | c | d != 0 {
            let (k, m) = [(0, a), (8, b), (16, c), (24, d)]
                .into_iter()
                .find(|&(_, m)| m != 0)
                .unwrap_or((32, 0));
            return off + k + (m.trailing_zeros() / 8) as usize;
        }
        off += 32;
    }
    let tail = rest.get(off..).unwrap_or_default();
    for chunk in tail.chunks_exact(8) {
        let m = special_bytes(word(chunk, 0));
        if m != 0 {
            return off + (m.trailing_zeros() / 8) as usize;
        }
        off += 8;
    }
    scan_tail(rest, off)
}

/// The high bit set in each byte of `w` equal to `b` (the lowest flagged byte is a true match).
#[cfg_attr(not(target_os = "none"), inline(always))]
pub(crate) fn byte_eq(w: u64, b: u8) -> u64 {
    let x = w ^ (LO * u64::from(b));
    x.wrapping_sub(LO) & !x & HI
}

/// The offset of the first byte at or after `i` (or the end) that `hits` flags in a word, as
/// [`byte_eq`] does, sixteen bytes per step; `is_hit` says the same of one byte, for the tail.
#[cfg_attr(not(target_os = "none"), inline(always))]
pub(crate) fn find_flagged(
    bytes: &[u8],
    mut i: usize,
    hits: impl Fn(u64) -> u64,
    is_hit: impl Fn(u8) -> bool,
) -> usize {
    while let Some(chunk) = bytes.get(i..i + 16) {
        let (a, b) = (hits(word(chunk, 0)), hits(word(chunk, 8)));
        if a | b != 0 {
            let at = if a != 0 {
                a.trailing_zeros()
            } else {
                64 + b.trailing_zeros()
            };
            return i + (at / 8) as usize;
        }
        i += 16;
    }
    while bytes.get(i).is_some_and(|&b| !is_hit(b)) {
        i += 1;
    }
    i
}

/// The high bit set in each byte of `w` that is not an ASCII digit (the lowest flagged byte is
/// a true match): digits become 0..=9, which stay below 0x80 after adding 0x76; any other byte
/// sets its high bit (a carry out of a byte only reaches bytes above it).
#[cfg_attr(not(target_os = "none"), inline(always))]
pub(crate) fn non_digit_bytes(w: u64) -> u64 {
    let t = w ^ (LO * u64::from(b'0'));
    (t.wrapping_add(LO * 0x76) | t) & HI
}

#[cfg(test)]
mod tests {
    use super::scan_plain;
    use alloc::vec::Vec;

    fn naive(bytes: &[u8], i: usize) -> usize {
        (i..bytes.len())
            .find(|&k| matches!(bytes[k], b'"' | b'\\' | 0..=0x1f))
            .unwrap_or(bytes.len())
    }

    #[test]
    fn any_special_flags_exactly_quote_backslash_and_controls_in_every_lane() {
        for lane in 0..64 {
            for b in 0..=255u8 {
                let mut chunk = [b'a'; 64];
                chunk[lane] = b;
                let want = matches!(b, b'"' | b'\\' | 0..=0x1f);
                assert_eq!(super::any_special(&chunk), want, "{lane} {b}");
            }
        }
    }

    /// The 32-byte mask (SSE2 on x86-64, else words) and its word form flag the same lowest
    /// byte as a byte-by-byte test, for every byte value in every lane, with a plain or a
    /// special byte above it.
    #[test]
    fn mask_32_forms_find_the_first_special_byte_in_every_lane() {
        for lane in 0..32 {
            for b in 0..=255u8 {
                for above in [b'a', b'"', 0x80] {
                    let mut chunk = [b'a'; 32];
                    chunk[lane] = b;
                    if lane + 1 < 32 {
                        chunk[lane + 1] = above;
                    }
                    let want = chunk
                        .iter()
                        .position(|&c| matches!(c, b'"' | b'\\' | 0..=0x1f))
                        .map_or(32, |k| k as u32);
                    let got = super::special_mask_32(&chunk).trailing_zeros();
                    let words = super::special_mask_32_words(&chunk).trailing_zeros();
                    assert_eq!((got, words), (want, want), "{lane} {b} {above}");
                }
            }
        }
    }

    /// [`Specials`] finds what [`scan_plain`] finds from every offset of a walk over strings
    /// with specials at every spacing, where each step starts at or after the last find.
    #[test]
    fn specials_agree_with_scan_plain_along_a_walk() {
        for gap in 1..80usize {
            for len in [gap, 31, 32, 33, 64, 65, 100, 200] {
                let b: Vec<u8> = (0..len)
                    .map(|k| if k % gap == gap - 1 { b'\\' } else { b'x' })
                    .collect();
                for step in 1..8 {
                    let mut sp = super::Specials::NONE;
                    let mut i = 0;
                    while i <= len {
                        let got = sp.next(&b, i);
                        assert_eq!(got, naive(&b, i), "{gap} {len} {step} {i}");
                        i = got.max(i) + step;
                    }
                }
            }
        }
    }

    /// Both forms of the 64-byte step (the AVX2 one where this CPU has it) stop at the same
    /// chunk for every byte value in every lane of the second and third chunk.
    #[test]
    fn plain_chunks_forms_agree_on_every_byte_in_every_lane() {
        let mut buf = [b'a'; 64 * 4];
        assert_eq!(super::plain_chunks(&buf), 256);
        assert_eq!(super::plain_chunks(&buf[..255]), 192);
        for at in 64..192 {
            for b in 0..=255u8 {
                buf[at] = b;
                let want = if matches!(b, b'"' | b'\\' | 0..=0x1f) {
                    at / 64 * 64
                } else {
                    256
                };
                assert_eq!(super::plain_chunks_portable(&buf), want, "{at} {b}");
                assert_eq!(super::plain_chunks(&buf), want, "{at} {b}");
                #[cfg(all(feature = "std", target_arch = "x86_64"))]
                if let Some(off) = crate::json::scan_avx2::plain_chunks(&buf) {
                    assert_eq!(off, want, "avx2 {at} {b}");
                }
            }
            buf[at] = b'a';
        }
    }

    #[test]
    fn scan_plain_finds_the_first_special_byte_at_every_length_and_position() {
        for len in 0..200 {
            let plain: Vec<u8> = (0..len).map(|k| b"az09 ~\x7f\xc3\xa9"[k % 9]).collect();
            for start in 0..=len {
                assert_eq!(
                    scan_plain(&plain, start),
                    naive(&plain, start),
                    "{len} {start}"
                );
            }
            for at in 0..len {
                for special in [b'"', b'\\', 0x00, 0x1f, b'\n'] {
                    let mut b = plain.clone();
                    b[at] = special;
                    for start in [0, at.saturating_sub(9), at] {
                        assert_eq!(
                            scan_plain(&b, start),
                            naive(&b, start),
                            "{len} {at} {start}"
                        );
                    }
                }
            }
        }
        assert_eq!(scan_plain(b"abc", 7), 3);
    }
}
