//! The storage a framer keeps its partial line in.
//!
//! Two kinds: a caller-owned `&mut [u8]` (no allocator; it can never hold more than its
//! length) and, with `alloc`, a `Vec<u8>` that grows as needed (the framer's limit bounds it).

/// Storage for the bytes of one partial line or event. The framer tracks the length; the
/// buffer only stores.
pub trait LineBuffer {
    /// The most bytes this buffer can ever hold (`usize::MAX` for a growable one).
    fn max_len(&self) -> usize;
    /// Stores `bytes` at `at` (the framer's current length; `at + bytes.len() <= max_len()`),
    /// dropping whatever was stored from `at` on.
    fn write_at(&mut self, at: usize, bytes: &[u8]);
    /// The first `len` bytes stored (`len` is at most what was written).
    fn stored(&self, len: usize) -> &[u8];
    /// The first `len` bytes stored, to rearrange in place.
    fn stored_mut(&mut self, len: usize) -> &mut [u8];
}

impl LineBuffer for &mut [u8] {
    fn max_len(&self) -> usize {
        self.len()
    }

    fn write_at(&mut self, at: usize, bytes: &[u8]) {
        if let Some(place) = self.get_mut(at..at + bytes.len()) {
            place.copy_from_slice(bytes);
        }
    }

    fn stored(&self, len: usize) -> &[u8] {
        &self[..len.min(self.len())]
    }

    fn stored_mut(&mut self, len: usize) -> &mut [u8] {
        let end = len.min(self.len());
        &mut self[..end]
    }
}

#[cfg(feature = "alloc")]
impl LineBuffer for alloc::vec::Vec<u8> {
    fn max_len(&self) -> usize {
        usize::MAX
    }

    fn write_at(&mut self, at: usize, bytes: &[u8]) {
        self.truncate(at);
        self.extend_from_slice(bytes);
    }

    fn stored(&self, len: usize) -> &[u8] {
        &self[..len.min(self.len())]
    }

    fn stored_mut(&mut self, len: usize) -> &mut [u8] {
        let end = len.min(self.len());
        &mut self[..end]
    }
}
