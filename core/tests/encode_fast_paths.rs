//! The encoder's fast paths for scalars: strings copied whole (canonical escapes kept) and
//! fractions kept as written when that is what ryu prints. Checked against independent
//! oracles (serde_json's string escaping, which is the canonical one; ryu reached through a
//! spelling the reader cannot keep; Rust's shortest-digit float formatting).

mod common;

use common::{arb_styles, arb_text, spell};
use mcpwire::json::RawJson;
use mcpwire::{encode_to_vec, McpMessage};
use proptest::prelude::*;

/// A small deterministic generator (xorshift64*), for the exhaustive-style loops.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }

    fn digits(&mut self, n: u64) -> String {
        (0..n)
            .map(|_| char::from(b'0' + self.below(10) as u8))
            .collect()
    }
}

/// A number with a fraction or an exponent, in one of many spellings (leading and trailing
/// zeros, long fractions, exponents, signs).
fn number_text(rng: &mut Rng) -> String {
    let sign = if rng.below(3) == 0 { "-" } else { "" };
    let int = match rng.below(4) {
        0 => "0".to_string(),
        _ => {
            let len = rng.below(17) + 1;
            let d = rng.digits(len);
            let d = d.trim_start_matches('0');
            if d.is_empty() {
                "7".into()
            } else {
                d.into()
            }
        }
    };
    let zeros = "0".repeat(rng.below(7) as usize);
    let len = rng.below(16);
    let mut frac = format!("{zeros}{}", rng.digits(len));
    if rng.below(4) == 0 {
        frac.push('0');
    }
    if frac.is_empty() {
        frac.push('0');
    }
    let exp = match rng.below(6) {
        0 => format!("e{}", rng.below(30)),
        1 => format!("E-{}", rng.below(30)),
        _ => String::new(),
    };
    match rng.below(8) {
        0 => format!("{sign}{int}e{}", rng.below(20)),
        _ => format!("{sign}{int}.{frac}{exp}"),
    }
}

fn assert_canonical_number_copies(text: &str, canonical: &mut usize) {
    let raw = RawJson::parse(text).unwrap();
    let out = encode_to_vec(&raw);
    if raw.is_canonical() {
        *canonical += 1;
        assert_eq!(String::from_utf8_lossy(&out), text, "kept {text}");
    }
    if raw.is_canonical() && text.contains('.') {
        // The slow path (an exponent forces f64 parse + ryu) must print the same text.
        let spelled = format!("{text}e0");
        let slow = RawJson::parse(&spelled).unwrap();
        assert!(!slow.is_canonical());
        let slow = String::from_utf8(encode_to_vec(&slow)).unwrap();
        assert_eq!(slow, text, "ryu prints {text} differently");
        // And so must an independent shortest-digits formatter (Rust's own Display).
        let v: f64 = text.parse().unwrap();
        let shown = format!("{v}");
        let shown = if shown.contains('.') {
            shown
        } else {
            format!("{shown}.0")
        };
        assert_eq!(shown, text, "shortest digits of {text}");
    }
    // What the writer prints is canonical itself and a fixed point.
    let out = String::from_utf8(out).unwrap();
    let again = RawJson::parse(&out).unwrap();
    assert_eq!(String::from_utf8(encode_to_vec(&again)).unwrap(), out);
}

#[test]
fn canonical_fractions_are_exactly_what_the_writer_prints() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut canonical = 0;
    for _ in 0..200_000 {
        assert_canonical_number_copies(&number_text(&mut rng), &mut canonical);
    }
    assert!(canonical > 20_000, "only {canonical} canonical spellings");
    for text in [
        "0.0",
        "-0.0",
        "1.0",
        "10.0",
        "0.5",
        "0.00001",
        "12345678901234.0",
    ] {
        let raw = RawJson::parse(text).unwrap();
        assert!(raw.is_canonical(), "{text}");
        assert_eq!(encode_to_vec(&raw), text.as_bytes());
    }
    for text in [
        "0.000001",
        "1.50",
        "1e5",
        "1.0e1",
        "0.10",
        "1234567890123456.7",
        "00.5",
    ] {
        if let Ok(raw) = RawJson::parse(text) {
            assert!(!raw.is_canonical(), "{text}");
        }
    }
}

#[test]
fn shortest_forms_of_doubles_are_recognised() {
    let mut rng = Rng(12345);
    let mut plain = 0;
    for _ in 0..100_000 {
        let f = f64::from_bits(rng.next());
        let scaled = [f, f * 1e-300, (rng.below(1 << 53) as f64) / 1e9];
        for v in scaled.into_iter().filter(|v| v.is_finite()) {
            // The writer's own output for the value (via a non-canonical spelling).
            let spelled = format!("{v:e}");
            let raw = RawJson::parse(&spelled).unwrap();
            let out = String::from_utf8(encode_to_vec(&raw)).unwrap();
            let kept = RawJson::parse(&out).unwrap();
            let digits = out.bytes().filter(u8::is_ascii_digit).count();
            if !out.contains('e') && digits <= 14 {
                plain += 1;
                assert!(kept.is_canonical(), "{out} is the writer's form");
            }
            assert_eq!(String::from_utf8(encode_to_vec(&kept)).unwrap(), out);
        }
    }
    assert!(plain > 10_000, "{plain}");
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 600, ..ProptestConfig::default() })]

    /// Strings in typed fields (JsonStr) and in raw values, spelled any way, encode as
    /// serde_json escapes them (the canonical escaping).
    #[test]
    fn strings_encode_canonically(s in arb_text(), styles in arb_styles(), spaced in any::<bool>()) {
        let src = spell(&s, &styles);
        let ws = if spaced { " " } else { "" };
        let input = format!(
            r#"{{"jsonrpc":"2.0","id":"{src}","method":"tools/call","params":{{"name":"{src}","arguments":{{"{src}":["{src}",{ws}1.5]}}}}}}"#
        );
        let msg = McpMessage::decode(input.as_bytes()).map_err(|e| TestCaseError::fail(format!("{e}: {input}")))?;
        let q = serde_json::to_string(&s).unwrap();
        let want = format!(
            r#"{{"jsonrpc":"2.0","id":{q},"method":"tools/call","params":{{"name":{q},"arguments":{{{q}:[{q},1.5]}}}}}}"#
        );
        prop_assert_eq!(String::from_utf8(encode_to_vec(&msg)).unwrap(), want);
        let raw_src = format!("\"{src}\"");
        let raw = RawJson::parse(&raw_src).unwrap();
        prop_assert_eq!(String::from_utf8(encode_to_vec(&raw)).unwrap(), q);
    }

    /// Numbers of any spelling inside raw values: copied only when that is what the writer
    /// would print.
    #[test]
    fn fractions_in_raw_values(seed in any::<u64>(), f in any::<f64>(), prec in 0usize..20) {
        let mut rng = Rng(seed | 1);
        let mut n = 0;
        assert_canonical_number_copies(&number_text(&mut rng), &mut n);
        if f.is_finite() {
            assert_canonical_number_copies(&format!("{f:.prec$}"), &mut n);
            assert_canonical_number_copies(&format!("{f:e}"), &mut n);
            let shown = format!("{f}");
            if shown.contains('.') {
                assert_canonical_number_copies(&shown, &mut n);
            }
        }
    }
}
