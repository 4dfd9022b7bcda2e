//! URI-shaped formats: `uri`, `uri-reference`, `iri`, `iri-reference` (RFC 3986 / 3987
//! syntax) and `uri-template` (RFC 6570 syntax).

fn is_unreserved(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '-' | '.' | '_' | '~')
}

fn is_sub_delim(c: char) -> bool {
    matches!(
        c,
        '!' | '$' | '&' | '\'' | '(' | ')' | '*' | '+' | ',' | ';' | '='
    )
}

/// An IRI's extra characters (RFC 3987 `ucschar`, plus `iprivate` in queries; simplified to
/// any non-ASCII character that is not a control or space).
fn is_ucs(c: char, iri: bool) -> bool {
    iri && !c.is_ascii() && !c.is_control() && !c.is_whitespace()
}

/// Checks that every character of `s` is allowed by `ok` or is a complete `%XX` escape.
fn chars_ok(s: &str, iri: bool, ok: impl Fn(char) -> bool) -> bool {
    let b = s.as_bytes();
    let mut it = s.char_indices();
    while let Some((i, c)) = it.next() {
        if c == '%' {
            let hex = |j: usize| b.get(j).is_some_and(u8::is_ascii_hexdigit);
            if !(hex(i + 1) && hex(i + 2)) {
                return false;
            }
            it.next();
            it.next();
        } else if !(is_unreserved(c) || is_sub_delim(c) || is_ucs(c, iri) || ok(c)) {
            return false;
        }
    }
    true
}

fn pchars_ok(s: &str, iri: bool, extra: &str) -> bool {
    chars_ok(s, iri, |c| c == ':' || c == '@' || extra.contains(c))
}

fn host_ok(host: &str, iri: bool) -> bool {
    if let Some(lit) = host.strip_prefix('[') {
        let Some(lit) = lit.strip_suffix(']') else {
            return false;
        };
        if let Some(future) = lit.strip_prefix(['v', 'V']) {
            let Some((ver, rest)) = future.split_once('.') else {
                return false;
            };
            return !ver.is_empty()
                && ver.bytes().all(|b| b.is_ascii_hexdigit())
                && !rest.is_empty()
                && rest
                    .chars()
                    .all(|c| is_unreserved(c) || is_sub_delim(c) || c == ':');
        }
        return super::format::ipv6(lit);
    }
    chars_ok(host, iri, |_| false)
}

fn authority_ok(auth: &str, iri: bool) -> bool {
    let (userinfo, hostport) = match auth.split_once('@') {
        Some((u, h)) => (Some(u), h),
        None => (None, auth),
    };
    if userinfo.is_some_and(|u| !chars_ok(u, iri, |c| c == ':')) {
        return false;
    }
    let (host, port) = if hostport.starts_with('[') {
        match hostport.find(']') {
            Some(i) => match &hostport[i + 1..] {
                "" => (hostport, None),
                rest => match rest.strip_prefix(':') {
                    Some(p) => (&hostport[..=i], Some(p)),
                    None => return false,
                },
            },
            None => return false,
        }
    } else {
        match hostport.split_once(':') {
            Some((h, p)) => (h, Some(p)),
            None => (hostport, None),
        }
    };
    port.is_none_or(|p| p.bytes().all(|b| b.is_ascii_digit())) && host_ok(host, iri)
}

/// RFC 3986 `URI` (`absolute`) or `URI-reference`; with `iri`, RFC 3987's IRI forms.
pub(super) fn uri(s: &str, absolute: bool, iri: bool) -> bool {
    let (rest, fragment) = match s.split_once('#') {
        Some((r, f)) => (r, Some(f)),
        None => (s, None),
    };
    if fragment.is_some_and(|f| !pchars_ok(f, iri, "/?")) {
        return false;
    }
    let (rest, query) = match rest.split_once('?') {
        Some((r, q)) => (r, Some(q)),
        None => (rest, None),
    };
    if query.is_some_and(|q| !pchars_ok(q, iri, "/?")) {
        return false;
    }
    let scheme_end = rest.find(':').filter(|&i| {
        let sc = &rest[..i];
        !rest[..i].contains('/')
            && sc.bytes().next().is_some_and(|b| b.is_ascii_alphabetic())
            && sc
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.'))
    });
    let hier = match scheme_end {
        Some(i) => &rest[i + 1..],
        None if absolute => return false,
        None => rest,
    };
    let path = match hier.strip_prefix("//") {
        Some(a) => {
            let end = a.find('/').unwrap_or(a.len());
            if !authority_ok(&a[..end], iri) {
                return false;
            }
            &a[end..]
        }
        None => hier,
    };
    // A relative-path reference cannot have a colon in its first segment.
    if scheme_end.is_none() && !hier.starts_with("//") {
        let first = path.split('/').next().unwrap_or("");
        if first.contains(':') {
            return false;
        }
    }
    path.split('/').all(|seg| pchars_ok(seg, iri, ""))
}

/// RFC 6570 URI template syntax (level 4).
pub(super) fn uri_template(s: &str) -> bool {
    let mut rest = s;
    while !rest.is_empty() {
        let Some(c) = rest.chars().next() else { break };
        match c {
            '{' => {
                let Some(end) = rest.find('}') else {
                    return false;
                };
                if !expression(&rest[1..end]) {
                    return false;
                }
                rest = &rest[end + 1..];
            }
            '}' => return false,
            '%' => {
                let b = rest.as_bytes();
                if !(b.len() >= 3 && b[1].is_ascii_hexdigit() && b[2].is_ascii_hexdigit()) {
                    return false;
                }
                rest = &rest[3..];
            }
            c if c.is_control()
                || c == ' '
                || "\"<>\\^`|".contains(c)
                || (!c.is_ascii() && c.is_whitespace()) =>
            {
                return false
            }
            c => rest = &rest[c.len_utf8()..],
        }
    }
    true
}

fn expression(e: &str) -> bool {
    let e = e
        .strip_prefix(['+', '#', '.', '/', ';', '?', '&'])
        .unwrap_or(e);
    !e.is_empty() && e.split(',').all(varspec)
}

fn varspec(v: &str) -> bool {
    let (name, modifier) = match v.find([':', '*']) {
        Some(i) => (&v[..i], Some(&v[i..])),
        None => (v, None),
    };
    let name_ok = !name.is_empty()
        && !name.starts_with('.')
        && !name.ends_with('.')
        && !name.contains("..")
        && chars_ok(name, false, |c| c == '.')
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '.' | '%'));
    let mod_ok = match modifier {
        None | Some("*") => true,
        Some(m) => m.strip_prefix(':').is_some_and(|n| {
            (1..=4).contains(&n.len())
                && n.bytes().all(|b| b.is_ascii_digit())
                && !n.starts_with('0')
        }),
    };
    name_ok && mod_ok
}
