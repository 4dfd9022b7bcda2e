//! `format` checks, used when formats are asserted ([`SchemaOptions::assert_formats`] or a
//! metaschema with the format-assertion vocabulary). Unknown formats always pass.
//!
//! [`SchemaOptions::assert_formats`]: super::SchemaOptions::assert_formats

/// The formats this validator knows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// RFC 3339 `date-time`.
    DateTime,
    /// RFC 3339 `full-date`.
    Date,
    /// RFC 3339 `full-time`.
    Time,
    /// ISO 8601 duration (RFC 3339 appendix A).
    Duration,
    /// RFC 5321 mailbox (ASCII).
    Email,
    /// RFC 1123 host name.
    Hostname,
    /// Dotted-quad IPv4.
    Ipv4,
    /// RFC 4291 IPv6.
    Ipv6,
    /// RFC 3986 URI (absolute).
    Uri,
    /// RFC 3986 URI reference.
    UriReference,
    /// RFC 3987 IRI (absolute).
    Iri,
    /// RFC 3987 IRI reference.
    IriReference,
    /// RFC 6570 URI template.
    UriTemplate,
    /// RFC 6531 mailbox (non-ASCII allowed).
    IdnEmail,
    /// RFC 4122 UUID.
    Uuid,
    /// ECMA-262 regular expression.
    Regex,
    /// RFC 6901 JSON pointer.
    JsonPointer,
    /// Relative JSON pointer.
    RelativeJsonPointer,
}

impl Format {
    /// The format of a `format` keyword value, when known.
    pub fn from_name(name: &str) -> Option<Format> {
        Some(match name {
            "date-time" => Format::DateTime,
            "date" => Format::Date,
            "time" => Format::Time,
            "duration" => Format::Duration,
            "email" => Format::Email,
            "hostname" => Format::Hostname,
            "ipv4" => Format::Ipv4,
            "ipv6" => Format::Ipv6,
            "uri" => Format::Uri,
            "uri-reference" => Format::UriReference,
            "iri" => Format::Iri,
            "iri-reference" => Format::IriReference,
            "uri-template" => Format::UriTemplate,
            "idn-email" => Format::IdnEmail,
            "uuid" => Format::Uuid,
            "regex" => Format::Regex,
            "json-pointer" => Format::JsonPointer,
            "relative-json-pointer" => Format::RelativeJsonPointer,
            _ => return None,
        })
    }

    /// True when `s` is valid in this format.
    pub fn check(self, s: &str) -> bool {
        match self {
            Format::DateTime => date_time(s),
            Format::Date => date(s),
            Format::Time => time(s),
            Format::Duration => duration(s),
            Format::Email => email(s, false),
            Format::IdnEmail => email(s, true),
            Format::Hostname => hostname(s),
            Format::Ipv4 => ipv4(s),
            Format::Ipv6 => ipv6(s),
            Format::Uri => uri(s, true, false),
            Format::UriReference => uri(s, false, false),
            Format::Iri => uri(s, true, true),
            Format::IriReference => uri(s, false, true),
            Format::UriTemplate => super::format_uri::uri_template(s),
            Format::Uuid => uuid(s),
            Format::Regex => super::regex::is_valid_syntax(s),
            Format::JsonPointer => json_pointer(s),
            Format::RelativeJsonPointer => relative_json_pointer(s),
        }
    }
}

fn num(s: &str) -> Option<u32> {
    if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    s.parse().ok()
}

fn date(s: &str) -> bool {
    let b = s.as_bytes();
    if !s.is_ascii() {
        return false;
    }
    if b.len() != 10 || b[4] != b'-' || b[7] != b'-' {
        return false;
    }
    let (Some(y), Some(m), Some(d)) = (num(&s[0..4]), num(&s[5..7]), num(&s[8..10])) else {
        return false;
    };
    let leap = y % 4 == 0 && (y % 100 != 0 || y % 400 == 0);
    let days = match m {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if leap => 29,
        2 => 28,
        _ => return false,
    };
    (1..=days).contains(&d)
}

fn time(s: &str) -> bool {
    let b = s.as_bytes();
    if !s.is_ascii() {
        return false;
    }
    if b.len() < 9 || b[2] != b':' || b[5] != b':' {
        return false;
    }
    let (Some(h), Some(m), Some(sec)) = (num(&s[0..2]), num(&s[3..5]), num(&s[6..8])) else {
        return false;
    };
    let mut rest = &s[8..];
    if let Some(r) = rest.strip_prefix('.') {
        let n = r.bytes().take_while(u8::is_ascii_digit).count();
        if n == 0 {
            return false;
        }
        rest = &r[n..];
    }
    let (oh, om) = match rest {
        "Z" | "z" => (0i64, 0i64),
        _ => {
            let rb = rest.as_bytes();
            if rb.len() != 6 || !matches!(rb[0], b'+' | b'-') || rb[3] != b':' {
                return false;
            }
            let (Some(oh), Some(om)) = (num(&rest[1..3]), num(&rest[4..6])) else {
                return false;
            };
            if oh > 23 || om > 59 {
                return false;
            }
            let sign = if rb[0] == b'-' { -1 } else { 1 };
            (sign * i64::from(oh), sign * i64::from(om))
        }
    };
    if h > 23 || m > 59 || sec > 60 {
        return false;
    }
    if sec == 60 {
        // A leap second is only valid at 23:59:60 UTC.
        let utc = (i64::from(h) * 60 + i64::from(m) - (oh * 60 + om)).rem_euclid(24 * 60);
        return utc == 23 * 60 + 59;
    }
    true
}

fn date_time(s: &str) -> bool {
    match s.find(['T', 't']) {
        Some(10) => date(&s[..10]) && time(&s[11..]),
        _ => false,
    }
}

fn duration(s: &str) -> bool {
    let Some(rest) = s.strip_prefix('P') else {
        return false;
    };
    if rest.is_empty() {
        return false;
    }
    let (date_part, time_part) = match rest.find('T') {
        Some(i) => (&rest[..i], Some(&rest[i + 1..])),
        None => (rest, None),
    };
    fn units(part: &str, allowed: &str) -> Option<usize> {
        let mut order = 0;
        let mut count = 0;
        let mut digits = 0;
        for c in part.chars() {
            if c.is_ascii_digit() {
                digits += 1;
                continue;
            }
            let pos = allowed.find(c)? + 1;
            // Units are contiguous: P1Y2D (no months) is not a duration.
            if digits == 0 || pos <= order || (order > 0 && pos != order + 1) {
                return None;
            }
            order = pos;
            digits = 0;
            count += 1;
        }
        (digits == 0).then_some(count)
    }
    if date_part.contains('W') {
        return time_part.is_none() && units(date_part, "W") == Some(1);
    }
    let Some(d) = units(date_part, "YMD") else {
        return false;
    };
    match time_part {
        Some(t) => units(t, "HMS").is_some_and(|n| n > 0),
        None => d > 0,
    }
}

fn hostname(s: &str) -> bool {
    !s.is_empty()
        && s.len() <= 253
        && s.split('.').all(|l| {
            let b = l.as_bytes();
            !b.is_empty()
                && b.len() <= 63
                && b.iter().all(|c| c.is_ascii_alphanumeric() || *c == b'-')
                && b[0] != b'-'
                && b[b.len() - 1] != b'-'
                && !(b.len() >= 4 && &b[2..4] == b"--" && !l[..2].eq_ignore_ascii_case("xn"))
        })
}

fn email(s: &str, idn: bool) -> bool {
    let Some(at) = s.rfind('@') else {
        return false;
    };
    let (local, domain) = (&s[..at], &s[at + 1..]);
    let local_ok = if local.len() >= 2 && local.starts_with('"') && local.ends_with('"') {
        true
    } else {
        !local.is_empty()
            && local.len() <= 64
            && !local.starts_with('.')
            && !local.ends_with('.')
            && !local.contains("..")
            && local.chars().all(|c| {
                c.is_ascii_alphanumeric()
                    || "!#$%&'*+-/=?^_`{|}~.".contains(c)
                    || (idn && !c.is_ascii())
            })
    };
    let domain_ok = match domain.strip_prefix('[').and_then(|d| d.strip_suffix(']')) {
        Some(lit) => match lit.strip_prefix("IPv6:") {
            Some(v6) => ipv6(v6),
            None => ipv4(lit),
        },
        None if idn => idn_domain(domain),
        None => hostname(domain),
    };
    local_ok && domain_ok
}

/// A domain of `idn-email`: dot-separated labels of letters, digits and hyphens (any script).
fn idn_domain(s: &str) -> bool {
    !s.is_empty()
        && s.split('.').all(|l| {
            !l.is_empty()
                && !l.starts_with('-')
                && !l.ends_with('-')
                && l.chars().all(|c| {
                    c.is_alphanumeric()
                        || c == '-'
                        || (!c.is_ascii()
                            && !c.is_whitespace()
                            && !c.is_control()
                            && c != '\u{FF20}')
                })
        })
}

pub(crate) fn ipv4(s: &str) -> bool {
    let parts: alloc::vec::Vec<&str> = s.split('.').collect();
    parts.len() == 4
        && parts.iter().all(|p| {
            !p.is_empty()
                && p.len() <= 3
                && p.bytes().all(|b| b.is_ascii_digit())
                && (p.len() == 1 || !p.starts_with('0'))
                && num(p).is_some_and(|v| v <= 255)
        })
}

pub(crate) fn ipv6(s: &str) -> bool {
    if !s.is_ascii() || s.contains(":::") {
        return false;
    }
    let (head, tail, compressed) = match s.find("::") {
        Some(i) => (&s[..i], &s[i + 2..], true),
        None => (s, "", false),
    };
    if compressed && tail.contains("::") {
        return false;
    }
    let mut groups = 0;
    let all: alloc::vec::Vec<&str> = [head, tail]
        .iter()
        .filter(|p| !p.is_empty())
        .flat_map(|p| p.split(':'))
        .collect();
    let n = all.len();
    for (i, g) in all.iter().enumerate() {
        if i + 1 == n && g.contains('.') {
            if !ipv4(g) {
                return false;
            }
            groups += 2;
        } else if g.is_empty() || g.len() > 4 || !g.bytes().all(|b| b.is_ascii_hexdigit()) {
            return false;
        } else {
            groups += 1;
        }
    }
    if compressed {
        groups < 8
    } else {
        groups == 8
    }
}

fn uri(s: &str, absolute: bool, iri: bool) -> bool {
    super::format_uri::uri(s, absolute, iri)
}

fn uuid(s: &str) -> bool {
    let b = s.as_bytes();
    b.len() == 36
        && b.iter().enumerate().all(|(i, c)| match i {
            8 | 13 | 18 | 23 => *c == b'-',
            _ => c.is_ascii_hexdigit(),
        })
}

fn json_pointer(s: &str) -> bool {
    if s.is_empty() {
        return true;
    }
    if !s.starts_with('/') {
        return false;
    }
    let b = s.as_bytes();
    b.iter()
        .enumerate()
        .all(|(i, &c)| c != b'~' || matches!(b.get(i + 1), Some(b'0' | b'1')))
}

fn relative_json_pointer(s: &str) -> bool {
    let n = s.bytes().take_while(u8::is_ascii_digit).count();
    if n == 0 || (n > 1 && s.starts_with('0')) {
        return false;
    }
    let rest = &s[n..];
    rest == "#" || json_pointer(rest)
}

#[cfg(test)]
mod tests {
    use super::Format::*;

    #[test]
    fn formats() {
        assert!(DateTime.check("1963-06-19T08:30:06.283185Z"));
        assert!(DateTime.check("1998-12-31T23:59:60Z"));
        assert!(!DateTime.check("1998-12-31T22:59:60Z"));
        assert!(!DateTime.check("2020-02-30T00:00:00Z"));
        assert!(Date.check("2020-02-29") && !Date.check("2021-02-29"));
        assert!(Time.check("08:30:06+01:00") && !Time.check("08:30:06"));
        assert!(Duration.check("P4DT12H30M5S") && Duration.check("P2W"));
        assert!(!Duration.check("PT") && !Duration.check("P1D2H"));
        assert!(Email.check("joe.bloggs@example.com") && !Email.check("a..b@example.com"));
        assert!(IdnEmail.check("실례@실례.테스트") && !IdnEmail.check("2962"));
        assert!(Iri.check("http://ƒøø.ßår/?∂éœ=πîx#πîüx") && !Iri.check("/abc"));
        assert!(UriTemplate.check("http://example.com/dictionary/{term:1}/{term}"));
        assert!(!UriTemplate.check("http://example.com/dictionary/{term:1}/{term"));
        assert!(Hostname.check("www.example.com") && !Hostname.check("-a.com"));
        assert!(Ipv4.check("192.168.0.1") && !Ipv4.check("087.10.0.1"));
        assert!(Ipv6.check("::1") && Ipv6.check("1:2:3:4:5:6:1.2.3.4"));
        assert!(!Ipv6.check("12345::") && !Ipv6.check("1:2:3:4:5:6:7:8:9"));
        assert!(Uri.check("http://example.com/a?b#c") && !Uri.check("//example.com"));
        assert!(UriReference.check("../a") && !UriReference.check("\\\\a"));
        assert!(Uuid.check("2eb8aa08-aa98-11ea-b4aa-73b441d16380"));
        assert!(Regex.check("^a+$") && !Regex.check("^(a"));
        assert!(JsonPointer.check("/a~1b") && !JsonPointer.check("/a~2"));
        assert!(RelativeJsonPointer.check("1/a") && RelativeJsonPointer.check("0#"));
    }
}
