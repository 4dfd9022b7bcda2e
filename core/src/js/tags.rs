//! The tape's tags by name, for the JS readers of the tape: `bindings-js` generates their
//! constants from [`TAPE_TAGS`] (`bindings-node/js/tape_names.js`), so no tag is a bare
//! number on the JS side.

use super::{
    ARRAY, ESCAPED, FALSE, INTEGER, KEY, KEY_AGAIN, KEY_DEFINE, KEY_ESCAPED, KEY_ONCE, NULL,
    NUMBER, OBJECT, SHAPED, STRING, TRUE,
};

/// Every tag of the tape with its name, in value order.
pub const TAPE_TAGS: [(&str, u32); 15] = [
    ("NULL", NULL),
    ("TRUE", TRUE),
    ("FALSE", FALSE),
    ("NUMBER", NUMBER),
    ("STRING", STRING),
    ("ESCAPED", ESCAPED),
    ("ARRAY", ARRAY),
    ("OBJECT", OBJECT),
    ("KEY", KEY),
    ("KEY_AGAIN", KEY_AGAIN),
    ("KEY_ONCE", KEY_ONCE),
    ("KEY_ESCAPED", KEY_ESCAPED),
    ("KEY_DEFINE", KEY_DEFINE),
    ("INTEGER", INTEGER),
    ("SHAPED", SHAPED),
];

/// How far a key's index is shifted left in a [`KEY_AGAIN`] word; the tag is in the bits
/// below.
pub const KEY_INDEX_SHIFT: u32 = 4;

/// Words of the header (the words and the numbers the tape needs) before the value.
pub const HEADER_WORDS: u32 = 2;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tags_are_numbered_in_order_and_fit_below_a_key_index() {
        for (i, (_, tag)) in TAPE_TAGS.iter().enumerate() {
            assert_eq!(*tag, i as u32);
        }
        assert!(TAPE_TAGS.len() as u32 <= 1 << KEY_INDEX_SHIFT);
    }
}
