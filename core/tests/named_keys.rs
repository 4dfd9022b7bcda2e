//! Keys of typed objects are matched against each type's names by comparing bytes with the
//! name expected next (`Reader::next_key_in`). Whatever order, spelling or repetition the
//! keys come in, the outcome must be the one the general key path gives: these tests move,
//! repeat, escape and misspell every member of every object of real messages.

#[path = "common/vectors.rs"]
#[allow(dead_code)]
mod shared;
#[path = "common/shared_dir.rs"]
mod shared_dir;

use mcpwire::{encode_to_vec, ErrorKind, McpMessage};
use serde_json::{Map, Value as Json};

/// Every valid message of the shared vectors and of the spec's full-message examples.
fn messages() -> Vec<String> {
    let mut out: Vec<String> = shared::vectors("valid.json")
        .iter()
        .map(|c| c["input"].as_str().unwrap().to_owned())
        .collect();
    let dir = shared_dir::shared_dir().join("spec/examples");
    for folder in std::fs::read_dir(&dir).unwrap() {
        let folder = folder.unwrap().path();
        for file in std::fs::read_dir(&folder).unwrap() {
            let text = std::fs::read_to_string(file.unwrap().path()).unwrap();
            let v: Json = serde_json::from_str(&text).unwrap();
            if v.get("jsonrpc").is_some() {
                out.push(serde_json::to_string(&v).unwrap());
            }
        }
    }
    assert!(out.len() > 40, "{} messages", out.len());
    out
}

/// What a decode came to: the canonical encoding as a tree (member order aside), or the error.
fn outcome(text: &str) -> Result<Json, (ErrorKind, usize)> {
    McpMessage::decode(text.as_bytes())
        .map(|m| serde_json::from_slice(&encode_to_vec(&m)).unwrap())
        .map_err(|e| (e.kind, e.offset))
}

/// The paths of every object in `v` (the root included), parents first.
fn object_paths(v: &Json, path: &mut Vec<String>, out: &mut Vec<Vec<String>>) {
    match v {
        Json::Object(m) => {
            out.push(path.clone());
            for (k, child) in m {
                path.push(k.clone());
                object_paths(child, path, out);
                path.pop();
            }
        }
        Json::Array(items) => {
            for (i, child) in items.iter().enumerate() {
                path.push(i.to_string());
                object_paths(child, path, out);
                path.pop();
            }
        }
        _ => {}
    }
}

fn object_at<'v>(v: &'v mut Json, path: &[String]) -> &'v mut Map<String, Json> {
    let mut at = v;
    for step in path {
        at = match at {
            Json::Object(m) => m.get_mut(step).unwrap(),
            Json::Array(a) => &mut a[step.parse::<usize>().unwrap()],
            _ => unreachable!(),
        };
    }
    at.as_object_mut().unwrap()
}

/// `v` with the object at `path` given `members`, as compact text.
fn with_members(v: &Json, path: &[String], members: Vec<(String, Json)>) -> String {
    let mut v = v.clone();
    *object_at(&mut v, path) = members.into_iter().collect();
    serde_json::to_string(&v).unwrap()
}

/// Calls `f` with every object of every message: the message, the object's path in it and
/// its members.
fn each_object(mut f: impl FnMut(&Json, &[String], &[(String, Json)])) {
    for text in messages() {
        let v: Json = serde_json::from_str(&text).unwrap();
        let mut paths = Vec::new();
        object_paths(&v, &mut Vec::new(), &mut paths);
        for path in &paths {
            let members: Vec<(String, Json)> = object_at(&mut v.clone(), path)
                .iter()
                .map(|(k, v)| (k.clone(), v.clone()))
                .collect();
            f(&v, path, &members);
        }
    }
}

/// Every character of `k` as a `\u` escape (the same key once unescaped).
fn escaped(k: &str) -> String {
    k.chars().map(|c| format!("\\u{:04x}", c as u32)).collect()
}

#[test]
fn members_in_any_order_decode_to_the_same_message() {
    let mut checked = 0;
    each_object(|v, path, members| {
        // Numbers as serde_json writes them back, as in every variant below.
        let text = serde_json::to_string(v).unwrap();
        let want = outcome(&text).unwrap_or_else(|e| panic!("{text}: {e:?}"));
        for turn in 0..members.len() {
            let mut m = members.to_vec();
            m.rotate_left(turn);
            let moved = with_members(v, path, m.clone());
            assert_eq!(outcome(&moved).as_ref(), Ok(&want), "{moved}");
            m.reverse();
            let moved = with_members(v, path, m);
            assert_eq!(outcome(&moved).as_ref(), Ok(&want), "{moved}");
            checked += 2;
        }
    });
    assert!(checked > 1000, "{checked} orders");
}

#[test]
fn a_member_given_twice_is_a_duplicate_key_however_it_is_spelled() {
    const MARK: &str = "\"@@dup@@\"";
    let mut checked = 0;
    each_object(|v, path, members| {
        for (i, (k, val)) in members.iter().enumerate() {
            // Right after the first one, and last.
            for at in [i + 1, members.len()] {
                let mut m = members.to_vec();
                m.insert(at, ("@@dup@@".into(), val.clone()));
                let marked = with_members(v, path, m);
                let offset = marked.find(MARK).unwrap();
                for spelling in [k.clone(), escaped(k)] {
                    let bad = marked.replacen(MARK, &format!("\"{spelling}\""), 1);
                    let got = outcome(&bad).err();
                    assert_eq!(got, Some((ErrorKind::DuplicateKey, offset)), "{bad}");
                    checked += 1;
                }
            }
            // An escaped first one, then the plain one.
            let mut m = members.to_vec();
            m[i].0 = "@@first@@".into();
            m.push(("@@dup@@".into(), val.clone()));
            let marked = with_members(v, path, m);
            let offset = marked.find(MARK).unwrap();
            let bad = marked
                .replacen("\"@@first@@\"", &format!("\"{}\"", escaped(k)), 1)
                .replacen(MARK, &format!("\"{k}\""), 1);
            let offset = offset + escaped(k).len() - "@@first@@".len();
            assert_eq!(
                outcome(&bad).err(),
                Some((ErrorKind::DuplicateKey, offset)),
                "{bad}"
            );
        }
    });
    assert!(checked > 1000, "{checked} duplicates");
}

/// Names one byte away from a member's name: a byte changed (first, middle, last), one
/// added, one dropped.
fn near_misses(k: &str) -> Vec<String> {
    let b = k.as_bytes();
    let mut out = Vec::new();
    for at in [0, b.len() / 2, b.len().saturating_sub(1)] {
        if let Some(&c) = b.get(at) {
            let mut n = b.to_vec();
            n[at] = if c == b'q' { b'r' } else { b'q' };
            out.push(String::from_utf8(n).unwrap());
        }
    }
    out.push(format!("{k}q"));
    if let Some((last, _)) = k.char_indices().last() {
        out.push(k[..last].to_owned());
    }
    out
}

#[test]
fn a_name_one_byte_off_acts_as_when_spelled_with_escapes() {
    // An escaped key never matches a name byte for byte, so it takes the general key path:
    // each misspelling must come out the same plain and escaped (offsets past the key
    // shifted by the escapes' length).
    const MARK: &str = "\"@@miss@@\"";
    let mut checked = 0;
    each_object(|v, path, members| {
        for (i, (k, _)) in members.iter().enumerate() {
            for miss in near_misses(k) {
                let mut m = members.to_vec();
                m[i].0 = "@@miss@@".into();
                let marked = with_members(v, path, m);
                let key_at = marked.find(MARK).unwrap();
                let plain = outcome(&marked.replacen(MARK, &format!("\"{miss}\""), 1));
                let esc = escaped(&miss);
                let shift = esc.len() - miss.len();
                let esc = outcome(&marked.replacen(MARK, &format!("\"{esc}\""), 1))
                    .map_err(|(kind, at)| (kind, if at > key_at { at - shift } else { at }));
                assert_eq!(plain, esc, "{v}: {k} -> {miss}");
                checked += 1;
            }
        }
    });
    assert!(checked > 1000, "{checked} misspellings");
}
