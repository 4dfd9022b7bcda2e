//! A server's `requestState` sealed with a MAC (2026-07-28 multi round-trip requests).
//!
//! The server keeps nothing between the rounds of an `InputRequiredResult`: what it needs
//! again travels in `requestState`, which the client echoes "exactly as the server sent it"
//! but can read and change. A server that relies on it seals it: [`seal_request_state`]
//! writes `{payload}.{tag}` (both base64url without padding), the tag an HMAC-SHA256 over
//! the payload text and what the state is bound to; [`open_request_state`] checks the tag
//! (in constant time) before it decodes anything, and refuses a state that was changed,
//! made for something else, or made with another key.
//!
//! Choices where the spec is silent: the key (at least [`MIN_KEY_BYTES`] bytes) is the
//! caller's (the core has no randomness); `bound_to` names what the state is for (a tool's
//! name, with its arguments if a state must not move between calls), so a state from one
//! tool is refused by another; a sealed state does not expire (put a time in the payload
//! and check it when that matters); the payload is readable by the client (sealed, not
//! encrypted: keep secrets out of it).

use alloc::string::String;
use alloc::vec::Vec;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use hmac::{KeyInit, Mac};

type HmacSha256 = hmac::Hmac<sha2::Sha256>;

/// The shortest key accepted, in bytes (SHA-256's output size).
pub const MIN_KEY_BYTES: usize = 32;

/// Bytes of a tag.
const TAG_BYTES: usize = 32;

/// What the tag covers besides the payload, so a tag made for anything else never fits.
const DOMAIN: &[u8] = b"mcpwire requestState v1\0";

/// Why a sealed state was refused (or could not be made).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RequestStateError {
    /// The key is shorter than [`MIN_KEY_BYTES`].
    ShortKey,
    /// Not `{payload}.{tag}` in base64url.
    Malformed,
    /// The tag does not fit: changed, bound to something else, or sealed with another key.
    Tampered,
}

impl RequestStateError {
    /// A readable reason.
    pub const fn message(self) -> &'static str {
        match self {
            RequestStateError::ShortKey => "a requestState key needs at least 32 bytes",
            RequestStateError::Malformed => "requestState is not one this server sealed",
            RequestStateError::Tampered => "requestState failed its integrity check",
        }
    }
}

fn mac(key: &[u8], bound_to: &[u8], payload: &str) -> Result<HmacSha256, RequestStateError> {
    if key.len() < MIN_KEY_BYTES {
        return Err(RequestStateError::ShortKey);
    }
    let mut mac = HmacSha256::new_from_slice(key).map_err(|_| RequestStateError::ShortKey)?;
    mac.update(DOMAIN);
    // The length first: `bound_to` and the payload cannot trade bytes.
    mac.update(&(bound_to.len() as u64).to_be_bytes());
    mac.update(bound_to);
    mac.update(payload.as_bytes());
    Ok(mac)
}

/// `state` sealed with `key` for `bound_to`: visible ASCII, ready to be `requestState`.
pub fn seal_request_state(
    key: &[u8],
    bound_to: &[u8],
    state: &[u8],
) -> Result<String, RequestStateError> {
    let mut sealed = URL_SAFE_NO_PAD.encode(state);
    let tag = mac(key, bound_to, &sealed)?.finalize().into_bytes();
    sealed.push('.');
    URL_SAFE_NO_PAD.encode_string(tag, &mut sealed);
    Ok(sealed)
}

/// The state inside `sealed`, when [`seal_request_state`] made it with `key` for
/// `bound_to` and nothing changed it since.
pub fn open_request_state(
    key: &[u8],
    bound_to: &[u8],
    sealed: &str,
) -> Result<Vec<u8>, RequestStateError> {
    let (payload, tag) = sealed
        .rsplit_once('.')
        .ok_or(RequestStateError::Malformed)?;
    let mut given = [0u8; TAG_BYTES];
    // A tag of any other length is malformed (a base64url tag of 32 bytes is 43 characters).
    if tag.len() != 43 || URL_SAFE_NO_PAD.decode_slice(tag, &mut given) != Ok(TAG_BYTES) {
        return Err(RequestStateError::Malformed);
    }
    // Checked before the payload is decoded: nothing of a forged state is read.
    mac(key, bound_to, payload)?
        .verify_slice(&given)
        .map_err(|_| RequestStateError::Tampered)?;
    URL_SAFE_NO_PAD
        .decode(payload)
        .map_err(|_| RequestStateError::Malformed)
}
