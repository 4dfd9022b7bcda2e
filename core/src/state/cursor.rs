//! Server-side pagination: opaque, tamper-evident cursors bound to a catalog version, and the
//! page builder for `tools/list`.

use crate::error::{DecodeError, ErrorKind};
use crate::json::JsonStr;
use core::fmt;

const PAYLOAD: usize = 21;
const TEXT: usize = 28;
const FORMAT: u8 = 1;
const B64: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/// A cursor as text (base64url, 28 characters), no allocation needed.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct CursorText([u8; TEXT]);

impl CursorText {
    /// The cursor string.
    pub fn as_str(&self) -> &str {
        // Only ASCII from the base64url alphabet is ever written here.
        core::str::from_utf8(&self.0).unwrap_or_default()
    }
}

impl fmt::Debug for CursorText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Turns a position in a catalog, plus the catalog's version, into an opaque cursor and
/// back. A cursor that was tampered with, truncated, or issued for another catalog version
/// is refused as `invalid_cursor` (-32602: "Invalid cursors SHOULD result in an error with
/// code -32602").
#[derive(Clone, Copy, Debug)]
pub struct CursorCodec {
    key: [u64; 2],
}

/// One page of a catalog: items `start..end`, and the cursor for the next page when more
/// remain.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Page {
    /// First item of the page.
    pub start: usize,
    /// One past the last item.
    pub end: usize,
    /// Present only when more items remain.
    pub next_cursor: Option<CursorText>,
}

fn invalid(detail: &'static str) -> DecodeError {
    DecodeError::new(ErrorKind::InvalidCursor, 0, detail)
}

impl CursorCodec {
    /// A codec with a server secret (keep it stable across restarts for stable cursors).
    pub fn new(key: [u8; 16]) -> Self {
        let lo = u64::from_le_bytes([
            key[0], key[1], key[2], key[3], key[4], key[5], key[6], key[7],
        ]);
        let hi = u64::from_le_bytes([
            key[8], key[9], key[10], key[11], key[12], key[13], key[14], key[15],
        ]);
        CursorCodec { key: [lo, hi] }
    }

    /// The cursor for `position` in catalog version `catalog`.
    pub fn encode(&self, position: u32, catalog: u64) -> CursorText {
        let mut p = [0u8; PAYLOAD];
        p[0] = FORMAT;
        p[1..5].copy_from_slice(&position.to_be_bytes());
        p[5..13].copy_from_slice(&catalog.to_be_bytes());
        let tag = siphash24(self.key, &p[..13]);
        p[13..].copy_from_slice(&tag.to_be_bytes());
        let mut out = [0u8; TEXT];
        for (chunk, dst) in p.chunks(3).zip(out.chunks_mut(4)) {
            let n =
                chunk.iter().fold(0u32, |a, &b| a << 8 | u32::from(b)) << (8 * (3 - chunk.len()));
            for (i, d) in dst.iter_mut().enumerate() {
                *d = B64[(n >> (18 - 6 * i) & 63) as usize];
            }
        }
        CursorText(out)
    }

    /// The position a cursor stands for, if it is genuine and belongs to `catalog`.
    pub fn decode(&self, cursor: &JsonStr<'_>, catalog: u64) -> Result<u32, DecodeError> {
        let mut text = [0u8; TEXT];
        let mut len = 0;
        for c in cursor.chars() {
            let slot = text.get_mut(len).ok_or(invalid("cursor too long"))?;
            *slot = u8::try_from(c).map_err(|_| invalid("not a cursor this server issued"))?;
            len += 1;
        }
        if len != TEXT {
            return Err(invalid("cursor truncated"));
        }
        let mut p = [0u8; PAYLOAD];
        for (src, dst) in text.chunks(4).zip(p.chunks_mut(3)) {
            let mut n = 0u32;
            for &c in src {
                let v = B64
                    .iter()
                    .position(|&b| b == c)
                    .ok_or(invalid("not a cursor this server issued"))?;
                n = n << 6 | v as u32;
            }
            for (i, d) in dst.iter_mut().enumerate() {
                *d = (n >> (16 - 8 * i)) as u8;
            }
        }
        let tag = u64::from_be_bytes([p[13], p[14], p[15], p[16], p[17], p[18], p[19], p[20]]);
        if p[0] != FORMAT || tag != siphash24(self.key, &p[..13]) {
            return Err(invalid("cursor was altered"));
        }
        let stored = u64::from_be_bytes([p[5], p[6], p[7], p[8], p[9], p[10], p[11], p[12]]);
        if stored != catalog {
            return Err(invalid("the catalog changed since this cursor was issued"));
        }
        Ok(u32::from_be_bytes([p[1], p[2], p[3], p[4]]))
    }

    /// The page of a catalog of `len` items (in the server's deterministic order) that starts
    /// at `cursor` (or at the beginning), holding at most `page_size` items. `nextCursor` is
    /// set only when more remain.
    pub fn page(
        &self,
        len: usize,
        page_size: usize,
        cursor: Option<&JsonStr<'_>>,
        catalog: u64,
    ) -> Result<Page, DecodeError> {
        let start = match cursor {
            Some(c) => self.decode(c, catalog)? as usize,
            None => 0,
        };
        if start > len || (start == len && len > 0) {
            return Err(invalid("cursor is past the end of the catalog"));
        }
        let end = start.saturating_add(page_size.max(1)).min(len);
        let next_cursor = (end < len).then(|| self.encode(end as u32, catalog));
        Ok(Page {
            start,
            end,
            next_cursor,
        })
    }
}

/// SipHash-2-4 (Aumasson and Bernstein), the keyed hash that makes cursors tamper-evident.
fn siphash24(key: [u64; 2], data: &[u8]) -> u64 {
    let mut v = [
        key[0] ^ 0x736f_6d65_7073_6575,
        key[1] ^ 0x646f_7261_6e64_6f6d,
        key[0] ^ 0x6c79_6765_6e65_7261,
        key[1] ^ 0x7465_6462_7974_6573,
    ];
    fn round(v: &mut [u64; 4]) {
        v[0] = v[0].wrapping_add(v[1]);
        v[1] = v[1].rotate_left(13) ^ v[0];
        v[0] = v[0].rotate_left(32);
        v[2] = v[2].wrapping_add(v[3]);
        v[3] = v[3].rotate_left(16) ^ v[2];
        v[0] = v[0].wrapping_add(v[3]);
        v[3] = v[3].rotate_left(21) ^ v[0];
        v[2] = v[2].wrapping_add(v[1]);
        v[1] = v[1].rotate_left(17) ^ v[2];
        v[2] = v[2].rotate_left(32);
    }
    let mut chunks = data.chunks_exact(8);
    for c in &mut chunks {
        let m = u64::from_le_bytes([c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7]]);
        v[3] ^= m;
        round(&mut v);
        round(&mut v);
        v[0] ^= m;
    }
    let mut last = (data.len() as u64 & 0xff) << 56;
    for (i, &b) in chunks.remainder().iter().enumerate() {
        last |= u64::from(b) << (8 * i);
    }
    v[3] ^= last;
    round(&mut v);
    round(&mut v);
    v[0] ^= last;
    v[2] ^= 0xff;
    for _ in 0..4 {
        round(&mut v);
    }
    v[0] ^ v[1] ^ v[2] ^ v[3]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn siphash_matches_the_reference_vector() {
        // Reference: key 00..0f, message 00..0e (15 bytes) -> a129ca6149be45e5.
        let key: [u8; 16] = core::array::from_fn(|i| i as u8);
        let codec = CursorCodec::new(key);
        let msg: [u8; 15] = core::array::from_fn(|i| i as u8);
        assert_eq!(siphash24(codec.key, &msg), 0xa129_ca61_49be_45e5);
    }
}
