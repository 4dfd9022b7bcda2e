//! Protocol versions mcpwire speaks.

/// A protocol version of MCP.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum ProtocolVersion {
    /// `2025-06-18`
    V2025_06_18,
    /// `2025-11-25`
    V2025_11_25,
    /// `2026-07-28` (latest)
    V2026_07_28,
}

impl ProtocolVersion {
    /// Every supported version, oldest first.
    pub const ALL: [ProtocolVersion; 3] = [
        ProtocolVersion::V2025_06_18,
        ProtocolVersion::V2025_11_25,
        ProtocolVersion::V2026_07_28,
    ];

    /// The latest version.
    pub const LATEST: ProtocolVersion = ProtocolVersion::V2026_07_28;

    /// The version string.
    pub const fn as_str(self) -> &'static str {
        match self {
            ProtocolVersion::V2025_06_18 => "2025-06-18",
            ProtocolVersion::V2025_11_25 => "2025-11-25",
            ProtocolVersion::V2026_07_28 => "2026-07-28",
        }
    }

    /// Parses a version string.
    pub fn parse(s: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|v| v.as_str() == s)
    }

    /// True for versions with `initialize` (2026-07-28 replaced it with per-request `_meta`
    /// and `server/discover`).
    pub const fn has_initialize(self) -> bool {
        !matches!(self, ProtocolVersion::V2026_07_28)
    }

    /// True when results MUST carry `resultType` and requests MUST carry `_meta` with the
    /// protocol version and client capabilities.
    pub const fn has_result_type(self) -> bool {
        matches!(self, ProtocolVersion::V2026_07_28)
    }

    /// The code for "resource not found": -32002 before 2026-07-28, -32602 since.
    pub const fn resource_not_found_code(self) -> i64 {
        match self {
            ProtocolVersion::V2026_07_28 => crate::error::code::INVALID_PARAMS,
            _ => crate::error::code::RESOURCE_NOT_FOUND,
        }
    }
}
