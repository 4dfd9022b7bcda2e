use super::*;
use alloc::string::String;
use alloc::vec::Vec;

fn d(s: &str) -> Dec {
    Dec::parse(s).unwrap()
}

#[test]
fn short_texts_parse_as_the_general_reader_does() {
    let mut texts: Vec<String> = [
        "",
        "-",
        ".",
        "-.",
        "0",
        "-0",
        "00",
        "0.0",
        "-0.000",
        "1.",
        ".5",
        "-.5",
        "1.2.3",
        "12a",
        "1e5",
        "2.5",
        "4.0",
        "10",
        "1200",
        "0.0075",
        "-12.340",
        "+1",
        "1-2",
        "9999999999999999999",
        "-9999999999999999999",
        "99999999999999999999",
        "1000000000000000000",
        "0.000000000000000001",
        "123456789.123456789",
    ]
    .iter()
    .map(|t| String::from(*t))
    .collect();
    // Every length around the 19-byte line, with and without a point.
    for n in 1..=21 {
        let digits: String = (0..n).map(|i| char::from(b'1' + (i % 9) as u8)).collect();
        texts.push(digits.clone());
        for p in 0..=n {
            texts.push(alloc::format!("{}.{}", &digits[..p], &digits[p..]));
            texts.push(alloc::format!("-{}.{}0", &digits[..p], &digits[p..]));
        }
    }
    for t in &texts {
        assert_eq!(Dec::parse(t), Dec::parse_long(t), "{t:?}");
    }
    assert_eq!(Dec::parse("-12.340"), Some(Dec::new(true, 1234, -2)));
    assert_eq!(Dec::parse("1."), Some(Dec::new(false, 1, 0)));
}

#[test]
fn compare() {
    assert_eq!(d("1.0"), d("1"));
    assert_eq!(d("-0"), d("0.0e5"));
    assert!(d("1e2") > d("99.999"));
    assert!(d("-1") < d("-0.5"));
    assert!(d("18446744073709551616") > d("18446744073709551615"));
    assert!(d("9007199254740993") > d("9007199254740992"));
    assert!(d("1e-400") > d("0"));
    assert!(!d("1.5").is_integer() && d("1.50e1").is_integer());
}

#[test]
fn multiples() {
    assert!(d("4.5").is_multiple_of(&d("1.5")));
    assert!(!d("35").is_multiple_of(&d("1.5")));
    assert!(d("0.0075").is_multiple_of(&d("0.0001")));
    assert!(!d("0.00751").is_multiple_of(&d("0.0001")));
    assert!(!d("1e308").is_multiple_of(&d("0.123456789")));
    assert!(d("12391239123").is_multiple_of(&d("1e-8")));
    assert!(d("0.3").is_multiple_of(&d("0.1")));
    assert!(!d("1").is_multiple_of(&d("1e40")));
}

#[test]
fn nums() {
    let n = |s: &str| Num::parse(s).unwrap();
    for (a, b) in [
        ("1", "1.0"),
        ("-0", "0e3"),
        ("1e2", "100"),
        ("-12", "-1.2e1"),
    ] {
        assert_eq!(n(a).cmp(n(b)), Ordering::Equal, "{a} {b}");
    }
    assert!(matches!(n("1e2"), Num::Int(100)));
    assert!(matches!(n("-7.00"), Num::Int(-7)));
    assert!(matches!(n("1e18"), Num::Dec(_)));
    assert!(matches!(n("999999999999999999"), Num::Int(_)));
    assert!(matches!(n("1000000000000000000"), Num::Dec(_)));
    assert_eq!(
        n("1000000000000000000").cmp(n("999999999999999999")),
        Ordering::Greater
    );
    assert_eq!(n("-5").cmp(n("0.5")), Ordering::Less);
    assert!(n("45").is_multiple_of(n("15")) && !n("-7").is_multiple_of(n("15")));
    assert!(n("4.5").is_multiple_of(n("1.5")) && n("30").is_multiple_of(n("7.5")));
    assert!(!n("1.5").is_integer() && n("1.50e1").is_integer());
    assert!(Num::parse("-").is_none() && Num::parse("").is_none());
}

/// An independent order: both numbers written out in full as digit strings with aligned
/// points (every test value has an exponent within ±60).
fn written_out_cmp(a: &Dec, b: &Dec) -> Ordering {
    let key = |d: &Dec| {
        let digits = alloc::format!("{}", d.mant);
        let (int, frac) = if d.exp >= 0 {
            (
                alloc::format!("{digits}{}", "0".repeat(d.exp as usize)),
                String::new(),
            )
        } else {
            let places = d.exp.unsigned_abs() as usize;
            let padded = alloc::format!(
                "{}{digits}",
                "0".repeat(places.saturating_sub(digits.len()))
            );
            let (i, f) = padded.split_at(padded.len() - places);
            (String::from(i), String::from(f))
        };
        let int = String::from(int.trim_start_matches('0'));
        (
            alloc::format!("{:0>80}", int),
            alloc::format!("{frac:0<80}"),
        )
    };
    let mag = |x: &Dec, y: &Dec| key(x).cmp(&key(y));
    match (a.mant == 0, b.mant == 0, a.neg, b.neg) {
        (true, true, _, _) => Ordering::Equal,
        (true, false, _, nb) => {
            if nb {
                Ordering::Greater
            } else {
                Ordering::Less
            }
        }
        (false, true, na, _) => {
            if na {
                Ordering::Less
            } else {
                Ordering::Greater
            }
        }
        (false, false, false, true) => Ordering::Greater,
        (false, false, true, false) => Ordering::Less,
        (false, false, false, false) => mag(a, b),
        (false, false, true, true) => mag(b, a),
    }
}

#[test]
fn decimals_compare_as_written_out() {
    let texts = [
        "0",
        "-0",
        "1",
        "-1",
        "0.5",
        "-0.5",
        "2.5",
        "4",
        "4.0",
        "0.05",
        "0.0500001",
        "10",
        "9.99",
        "99.999",
        "1e18",
        "1e19",
        "1e-19",
        "1.5e-38",
        "3e38",
        "2e39",
        "4e-39",
        "123456789012345678.9",
        "123456789012345679",
        "18446744073709551615",
        "18446744073709551616",
        "1e-40",
        "1e40",
        "-1e40",
        "170141183460469231731687303715884105727",
        "0.1701411834604692317316873037158841057",
        "-3.5e10",
        "-35000000000.0001",
    ];
    let decs: Vec<Dec> = texts.iter().map(|t| d(t)).collect();
    for (x, tx) in decs.iter().zip(texts) {
        for (y, ty) in decs.iter().zip(texts) {
            assert_eq!(x.cmp(y), written_out_cmp(x, y), "{tx} vs {ty}");
        }
    }
}

#[test]
fn integer_against_decimal_agrees_with_the_general_order() {
    let ints = [-999_999_999_999_999_999, -1000, -7, -1, 0, 1, 4, 5, 99, 100];
    let ints = ints
        .into_iter()
        .chain([10i64.pow(17), 999_999_999_999_999_999]);
    let decs = [
        "0.5",
        "-0.5",
        "4.5",
        "-4.5",
        "1e-400",
        "-1e-400",
        "1e400",
        "-1e400",
        "99.999",
        "1e18",
        "-1e18",
        "1000000000000000000.5",
        "0.000001",
        "123456789012345678.9",
        "1e-30",
        "1e30",
        "1.5e-38",
        "3e38",
        "-99.5",
        "-1000.25",
        "4e-39",
        "2e39",
    ];
    for a in ints {
        for t in decs {
            let Some(Num::Dec(d)) = Num::parse(t) else {
                panic!("{t} is not a decimal")
            };
            let general = Num::Int(a).dec().cmp(&d);
            assert_eq!(Num::Int(a).cmp(Num::Dec(d)), general, "{a} {t}");
            assert_eq!(Num::Dec(d).cmp(Num::Int(a)), general.reverse(), "{t} {a}");
        }
    }
}
