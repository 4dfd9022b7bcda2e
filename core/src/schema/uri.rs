//! URI references (RFC 3986 §5.2 resolution) and JSON pointers (RFC 6901), just enough for
//! `$id`, `$ref` and error paths. No I/O: URIs are only names in the registry.

use alloc::string::String;
use alloc::vec::Vec;

/// The base URI of a root schema that has no `$id` of its own.
pub(super) const DEFAULT_BASE: &str = "json-schema:///";

/// The five components of a URI reference.
struct Parts<'a> {
    scheme: Option<&'a str>,
    authority: Option<&'a str>,
    path: &'a str,
    query: Option<&'a str>,
    fragment: Option<&'a str>,
}

fn parse(s: &str) -> Parts<'_> {
    let (rest, fragment) = match s.find('#') {
        Some(i) => (&s[..i], Some(&s[i + 1..])),
        None => (s, None),
    };
    let (rest, query) = match rest.find('?') {
        Some(i) => (&rest[..i], Some(&rest[i + 1..])),
        None => (rest, None),
    };
    let mut scheme = None;
    let mut rest = rest;
    if let Some(i) = rest.find(':') {
        let cand = &rest[..i];
        let ok = cand.bytes().next().is_some_and(|b| b.is_ascii_alphabetic())
            && cand
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.'));
        if ok {
            scheme = Some(cand);
            rest = &rest[i + 1..];
        }
    }
    let mut authority = None;
    if let Some(after) = rest.strip_prefix("//") {
        let end = after.find('/').unwrap_or(after.len());
        authority = Some(&after[..end]);
        rest = &after[end..];
    }
    Parts {
        scheme,
        authority,
        path: rest,
        query,
        fragment,
    }
}

fn remove_dot_segments(path: &str) -> String {
    let mut out: Vec<&str> = Vec::new();
    let absolute = path.starts_with('/');
    let segs: Vec<&str> = path.split('/').collect();
    let n = segs.len();
    for (i, seg) in segs.iter().enumerate() {
        if i == 0 && absolute {
            continue;
        }
        let last = i + 1 == n;
        match *seg {
            "." => {
                if last {
                    out.push("");
                }
            }
            ".." => {
                out.pop();
                if last {
                    out.push("");
                }
            }
            s => out.push(s),
        }
    }
    let mut s = String::new();
    if absolute {
        s.push('/');
    }
    s.push_str(&out.join("/"));
    s
}

fn compose(
    scheme: Option<&str>,
    authority: Option<&str>,
    path: &str,
    query: Option<&str>,
    fragment: Option<&str>,
) -> String {
    let mut s = String::new();
    if let Some(sc) = scheme {
        s.push_str(sc);
        s.push(':');
    }
    if let Some(a) = authority {
        s.push_str("//");
        s.push_str(a);
    }
    s.push_str(path);
    if let Some(q) = query {
        s.push('?');
        s.push_str(q);
    }
    if let Some(f) = fragment {
        s.push('#');
        s.push_str(f);
    }
    s
}

/// Resolves `reference` against the absolute URI `base` (RFC 3986 §5.2.2).
pub(super) fn resolve(base: &str, reference: &str) -> String {
    let r = parse(reference);
    if r.scheme.is_some() {
        let path = remove_dot_segments(r.path);
        return compose(r.scheme, r.authority, &path, r.query, r.fragment);
    }
    let b = parse(base);
    if r.authority.is_some() {
        let path = remove_dot_segments(r.path);
        return compose(b.scheme, r.authority, &path, r.query, r.fragment);
    }
    if r.path.is_empty() {
        let query = r.query.or(b.query);
        return compose(b.scheme, b.authority, b.path, query, r.fragment);
    }
    let path = if r.path.starts_with('/') {
        remove_dot_segments(r.path)
    } else {
        let mut merged = String::new();
        if b.authority.is_some() && b.path.is_empty() {
            merged.push('/');
        } else if let Some(i) = b.path.rfind('/') {
            merged.push_str(&b.path[..=i]);
        }
        merged.push_str(r.path);
        if b.path.contains('/') || b.authority.is_some() {
            remove_dot_segments(&merged)
        } else {
            merged
        }
    };
    compose(b.scheme, b.authority, &path, r.query, r.fragment)
}

/// Splits `uri` into the part before `#` and the fragment (`None` when there is no `#`).
pub(super) fn split_fragment(uri: &str) -> (&str, Option<&str>) {
    match uri.find('#') {
        Some(i) => (&uri[..i], Some(&uri[i + 1..])),
        None => (uri, None),
    }
}

/// `uri` without its fragment.
pub(super) fn strip_fragment(uri: &str) -> &str {
    split_fragment(uri).0
}

/// Percent-decodes `s` (invalid escapes are kept as written).
pub(super) fn percent_decode(s: &str) -> String {
    if !s.contains('%') {
        return s.into();
    }
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'%' && i + 2 < b.len() {
            let hex = |c: u8| (c as char).to_digit(16);
            if let (Some(h), Some(l)) = (hex(b[i + 1]), hex(b[i + 2])) {
                out.push((h * 16 + l) as u8);
                i += 3;
                continue;
            }
        }
        out.push(b[i]);
        i += 1;
    }
    String::from_utf8(out).unwrap_or_else(|_| s.into())
}

/// True when `b` holds a `~` or `/` (eight bytes per step).
#[inline]
pub(super) fn needs_escape(b: &[u8]) -> bool {
    use crate::json::scan::{byte_eq, word};
    let mut at = 0;
    while at + 8 <= b.len() {
        let w = word(b, at);
        if byte_eq(w, b'~') | byte_eq(w, b'/') != 0 {
            return true;
        }
        at += 8;
    }
    b.get(at..)
        .is_some_and(|t| t.iter().any(|&c| c == b'~' || c == b'/'))
}

/// Appends one reference token to a JSON pointer, escaping `~` and `/`.
pub(super) fn push_token(ptr: &mut String, token: &str) {
    ptr.push('/');
    if !needs_escape(token.as_bytes()) {
        ptr.push_str(token);
        return;
    }
    for c in token.chars() {
        match c {
            '~' => ptr.push_str("~0"),
            '/' => ptr.push_str("~1"),
            c => ptr.push(c),
        }
    }
}

/// Appends an array index to a JSON pointer.
pub(super) fn push_index(ptr: &mut String, i: usize) {
    ptr.push('/');
    ptr.push_str(itoa::Buffer::new().format(i));
}

/// The unescaped reference tokens of a JSON pointer; `None` when it is not a pointer.
pub(super) fn tokens(ptr: &str) -> Option<Vec<String>> {
    if ptr.is_empty() {
        return Some(Vec::new());
    }
    let rest = ptr.strip_prefix('/')?;
    Some(
        rest.split('/')
            .map(|t| match t.contains('~') {
                true => t.replace("~1", "/").replace("~0", "~"),
                false => t.into(),
            })
            .collect(),
    )
}

/// The pointer of the parent location (`None` for the root).
pub(super) fn parent(ptr: &str) -> Option<&str> {
    ptr.rfind('/').map(|i| &ptr[..i])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rfc3986_examples() {
        let base = "http://a/b/c/d;p?q";
        for (r, want) in [
            ("g", "http://a/b/c/g"),
            ("./g", "http://a/b/c/g"),
            ("g/", "http://a/b/c/g/"),
            ("/g", "http://a/g"),
            ("//g", "http://g"),
            ("?y", "http://a/b/c/d;p?y"),
            ("#s", "http://a/b/c/d;p?q#s"),
            ("", "http://a/b/c/d;p?q"),
            ("../g", "http://a/b/c/../g".replace("c/../", "").as_str()),
            ("../..", "http://a/"),
            ("../../../g", "http://a/g"),
            ("g;x=1/../y", "http://a/b/c/y"),
        ] {
            assert_eq!(resolve(base, r), want, "{r}");
        }
        assert_eq!(resolve("urn:uuid:1234", "#foo"), "urn:uuid:1234#foo");
        assert_eq!(resolve(DEFAULT_BASE, "foo.json"), "json-schema:///foo.json");
    }

    #[test]
    fn tokens_escaped_at_every_position() {
        for len in 0..20 {
            for at in 0..=len {
                for c in ['~', '/', 'x', 'é'] {
                    let mut t = String::new();
                    for i in 0..len {
                        t.push(if i == at { c } else { 'a' });
                    }
                    let want = t.contains(['~', '/']);
                    assert_eq!(needs_escape(t.as_bytes()), want, "{t:?}");
                    let mut p = String::new();
                    push_token(&mut p, &t);
                    assert_eq!(
                        p,
                        alloc::format!("/{}", t.replace('~', "~0").replace('/', "~1"))
                    );
                }
            }
        }
    }

    #[test]
    fn pointers() {
        let mut p = String::new();
        push_token(&mut p, "a/b~c");
        assert_eq!(p, "/a~1b~0c");
        assert_eq!(tokens(&p), Some(alloc::vec!["a/b~c".into()]));
        assert_eq!(percent_decode("%25foo%22"), "%foo\"");
    }
}
