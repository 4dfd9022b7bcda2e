//! Sans-IO protocol state in the quinn-proto style: messages in through `handle_*(…, now)`,
//! messages to send through `poll_transmit`, timer-driven events through `poll_event`, and
//! `poll_timeout()` saying when to call `handle_timeout` next. The core never reads a clock:
//! `now` is a caller-supplied [`Millis`] timestamp on any monotonic scale.
//!
//! Without `alloc` every table has a fixed capacity `N` (a const parameter); with `alloc` the
//! tables grow as needed and `N` only sizes the bounded histories (recently finished ids and
//! tokens, kept to report late messages).

mod client;
mod client_types;
mod cursor;
mod input_required;
#[cfg(feature = "alloc")]
pub mod request_state;
mod result_type;
mod server;
mod unsupported_version;

pub use client::{
    CallOptions, Client, ClientConfig, ClientError, ClientEvent, Incoming, InputResponses, Late,
    PagerStop, TokenChoice,
};
pub use cursor::{CursorCodec, CursorText, Page};
pub use input_required::ClientCapability;
pub use server::{Server, ServerConfig, ServerError, ServerIncoming};

use crate::json::JsonStr;
use crate::jsonrpc::RequestId;
use crate::mcp::{ProgressToken, ProtocolVersion};

/// JSON a session is configured with (client or server info, capabilities): borrowed, or
/// with `alloc` owned (for bindings and long-lived sessions).
#[derive(Clone, Debug)]
pub enum ConfigJson<'c> {
    /// Borrowed from the caller.
    Borrowed(crate::json::RawJson<'c>),
    /// Owned text, checked to be one JSON value when made with [`ConfigJson::owned`].
    #[cfg(feature = "alloc")]
    Owned(alloc::string::String),
}

impl ConfigJson<'_> {
    /// Owned JSON text; fails unless it is exactly one JSON value.
    #[cfg(feature = "alloc")]
    pub fn owned(text: alloc::string::String) -> Result<ConfigJson<'static>, crate::DecodeError> {
        crate::json::RawJson::parse(&text)?;
        Ok(ConfigJson::Owned(text))
    }

    /// The JSON as a raw view.
    pub fn raw(&self) -> crate::json::RawJson<'_> {
        match self {
            ConfigJson::Borrowed(r) => *r,
            #[cfg(feature = "alloc")]
            ConfigJson::Owned(s) => crate::json::RawJson::from_source(s, false),
        }
    }
}

impl<'c> From<crate::json::RawJson<'c>> for ConfigJson<'c> {
    fn from(r: crate::json::RawJson<'c>) -> Self {
        ConfigJson::Borrowed(r)
    }
}

/// A set of protocol versions, in preference order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Versions {
    list: [ProtocolVersion; 3],
    len: usize,
}

impl Versions {
    /// The versions given (duplicates dropped).
    pub fn new(versions: &[ProtocolVersion]) -> Self {
        let mut v = Versions {
            list: [ProtocolVersion::LATEST; 3],
            len: 0,
        };
        for &x in versions {
            if !v.contains(x) && v.len < 3 {
                v.list[v.len] = x;
                v.len += 1;
            }
        }
        v
    }

    /// True when `v` is in the set.
    pub fn contains(&self, v: ProtocolVersion) -> bool {
        self.as_slice().contains(&v)
    }

    /// The versions, in preference order.
    pub fn as_slice(&self) -> &[ProtocolVersion] {
        &self.list[..self.len]
    }
}

/// A caller-supplied timestamp in milliseconds (any epoch, but one clock per session).
pub type Millis = u64;

/// Text owned by a session (ids and tokens chosen by the peer). Without `alloc` it holds at
/// most [`MAX_TEXT`] bytes.
#[cfg(feature = "alloc")]
pub type Text = alloc::string::String;
/// Text owned by a session (ids and tokens chosen by the peer). Without `alloc` it holds at
/// most [`MAX_TEXT`] bytes.
#[cfg(not(feature = "alloc"))]
pub type Text = heapless::String<MAX_TEXT>;

/// Longest string id or token a session stores without `alloc`.
pub const MAX_TEXT: usize = 64;

fn text_of(s: &JsonStr<'_>) -> Option<Text> {
    let mut t = Text::new();
    for c in s.chars() {
        #[cfg(feature = "alloc")]
        t.push(c);
        #[cfg(not(feature = "alloc"))]
        t.push(c).ok()?;
    }
    Some(t)
}

/// An id or progress token owned by a session.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Key {
    /// An integer.
    Int(i64),
    /// A string.
    Str(Text),
}

impl Key {
    /// Copies a request id; `None` when a string is too long for the no-alloc build.
    pub fn of_id(id: &RequestId<'_>) -> Option<Key> {
        match id {
            RequestId::Int(i) => Some(Key::Int(*i)),
            RequestId::Str(s) => text_of(s).map(Key::Str),
        }
    }

    /// Copies a progress token.
    pub fn of_token(t: &ProgressToken<'_>) -> Option<Key> {
        match t {
            ProgressToken::Int(i) => Some(Key::Int(*i)),
            ProgressToken::Str(s) => text_of(s).map(Key::Str),
        }
    }

    /// As a request id view.
    pub fn as_id(&self) -> RequestId<'_> {
        match self {
            Key::Int(i) => RequestId::Int(*i),
            Key::Str(s) => RequestId::Str(JsonStr::new(s)),
        }
    }

    /// As a progress token view.
    pub fn as_token(&self) -> ProgressToken<'_> {
        match self {
            Key::Int(i) => ProgressToken::Int(*i),
            Key::Str(s) => ProgressToken::Str(JsonStr::new(s)),
        }
    }

    fn is_id(&self, id: &RequestId<'_>) -> bool {
        match (self, id) {
            (Key::Int(a), RequestId::Int(b)) => a == b,
            (Key::Str(a), RequestId::Str(b)) => b.eq_str(a),
            _ => false,
        }
    }

    fn is_token(&self, t: &ProgressToken<'_>) -> bool {
        match (self, t) {
            (Key::Int(a), ProgressToken::Int(b)) => a == b,
            (Key::Str(a), ProgressToken::Str(b)) => b.eq_str(a),
            _ => false,
        }
    }
}

/// A table of live entries: grows with `alloc`, holds at most `N` without.
#[derive(Debug)]
pub(crate) struct Table<T, const N: usize> {
    #[cfg(feature = "alloc")]
    items: alloc::vec::Vec<T>,
    #[cfg(not(feature = "alloc"))]
    items: heapless::Vec<T, N>,
}

impl<T, const N: usize> Table<T, N> {
    pub(crate) fn new() -> Self {
        Table {
            items: Default::default(),
        }
    }

    /// Adds an entry; gives it back when the table is full (no-alloc only).
    pub(crate) fn push(&mut self, item: T) -> Result<(), T> {
        #[cfg(feature = "alloc")]
        {
            self.items.push(item);
            Ok(())
        }
        #[cfg(not(feature = "alloc"))]
        self.items.push(item)
    }

    pub(crate) fn iter(&self) -> core::slice::Iter<'_, T> {
        self.items.iter()
    }

    pub(crate) fn iter_mut(&mut self) -> core::slice::IterMut<'_, T> {
        self.items.iter_mut()
    }

    pub(crate) fn take(&mut self, pred: impl Fn(&T) -> bool) -> Option<T> {
        let i = self.items.iter().position(pred)?;
        Some(self.items.remove(i))
    }

    pub(crate) fn take_first(&mut self) -> Option<T> {
        if self.items.is_empty() {
            None
        } else {
            Some(self.items.remove(0))
        }
    }

    pub(crate) fn len(&self) -> usize {
        self.items.len()
    }
}

/// A bounded history: the last `N` entries, oldest overwritten first.
#[derive(Debug)]
pub(crate) struct Recent<T, const N: usize> {
    items: [Option<T>; N],
    next: usize,
}

impl<T, const N: usize> Recent<T, N> {
    pub(crate) fn new() -> Self {
        Recent {
            items: core::array::from_fn(|_| None),
            next: 0,
        }
    }

    pub(crate) fn remember(&mut self, item: T) {
        if N == 0 {
            return;
        }
        self.items[self.next] = Some(item);
        self.next = (self.next + 1) % N;
    }

    pub(crate) fn contains(&self, pred: impl Fn(&T) -> bool) -> bool {
        self.items.iter().flatten().any(pred)
    }
}
