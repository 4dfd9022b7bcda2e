//! Bounds on what a decoder accepts, so bad input can never make it work or allocate without
//! bound.

/// Limits applied while decoding. [`Limits::DEFAULT`] suits a server; change fields to taste.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Longest accepted message in bytes (default 64 MiB).
    pub max_input_bytes: usize,
    /// Deepest nesting of objects and arrays (default 128).
    pub max_depth: u32,
    /// Most members of one object or elements of one array (default 1,000,000).
    pub max_members: u32,
}

impl Limits {
    /// The defaults: 64 MiB, depth 128, 1,000,000 members per container.
    pub const DEFAULT: Limits = Limits {
        max_input_bytes: 64 << 20,
        max_depth: 128,
        max_members: 1_000_000,
    };
}

impl Limits {
    /// No limits: only for re-reading text that was already checked.
    pub(crate) const UNBOUNDED: Limits = Limits {
        max_input_bytes: usize::MAX,
        max_depth: u32::MAX,
        max_members: u32::MAX,
    };
}

impl Default for Limits {
    fn default() -> Self {
        Limits::DEFAULT
    }
}
