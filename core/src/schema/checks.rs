//! Assertion keywords: they look at one value and pass or fail (with a message).

use super::equal::{duplicate, json_eq};
use super::keyword::{Bound, Kw, Node, Size};
use super::message::{plural_into, quote, quote_into, show_into, type_list_into, value_list_into};
use super::number::Dec;
use super::validate::{has_type, Ctx};
use crate::json::Value;
use alloc::format;
use alloc::vec::Vec;

/// Objects up to this many members are scanned for each name looked up.
const SCAN_MEMBERS: usize = 32;

/// The member names of one object, for looking many names up in it: scanned when that is
/// cheap, else sorted once (a `required` of r names on an object of m members then costs
/// (m + r)·log m, not m·r).
pub(super) struct MemberNames<'v> {
    members: &'v [(alloc::string::String, Value)],
    sorted: Option<Vec<&'v str>>,
}

impl<'v> MemberNames<'v> {
    /// The names of `inst` (none when it is not an object), for about `lookups` lookups.
    pub(super) fn new(inst: &'v Value, lookups: usize) -> Self {
        let members = match inst {
            Value::Object(m) => m.as_slice(),
            _ => &[],
        };
        let sorted = (members.len() > SCAN_MEMBERS && lookups > 8).then(|| {
            let mut names: Vec<&str> = members.iter().map(|(k, _)| k.as_str()).collect();
            names.sort_unstable();
            names
        });
        MemberNames { members, sorted }
    }

    /// Whether the object has a member `name`.
    pub(super) fn has(&self, name: &str) -> bool {
        match &self.sorted {
            Some(names) => names.binary_search(&name).is_ok(),
            None => self.members.iter().any(|(k, _)| k == name),
        }
    }
}

impl Ctx<'_> {
    /// Applies an assertion keyword; keywords for other types pass.
    pub(crate) fn assertion(&mut self, node: &Node, kw: &Kw, inst: &Value, quick: bool) -> bool {
        let name = kw.name();
        match kw {
            Kw::Type(bits) => {
                let ok = has_type(inst, *bits);
                if !ok && !quick {
                    self.report_with(node, name, |m| {
                        m.push_str("must be ");
                        type_list_into(m, *bits);
                        m.push_str("; got ");
                        show_into(m, inst);
                    });
                }
                ok
            }
            Kw::Const(c) => {
                let ok = json_eq(c, inst);
                if !ok && !quick {
                    self.report_with(node, name, |m| {
                        m.push_str("must be ");
                        show_into(m, c);
                        m.push_str("; got ");
                        show_into(m, inst);
                    });
                }
                ok
            }
            Kw::Enum(values) => {
                let ok = values.iter().any(|v| json_eq(v, inst));
                if !ok && !quick {
                    self.report_with(node, name, |m| {
                        match values.as_slice() {
                            [one] => {
                                m.push_str("must be ");
                                show_into(m, one);
                            }
                            _ => {
                                m.push_str("must be one of ");
                                value_list_into(m, values.iter());
                            }
                        }
                        m.push_str("; got ");
                        show_into(m, inst);
                    });
                }
                ok
            }
            Kw::MultipleOf(d, text) => {
                let Some(n) = Dec::of(inst) else { return true };
                let ok = n.is_multiple_of(d);
                if !ok && !quick {
                    self.report_with(node, name, |m| {
                        m.push_str("must be a multiple of ");
                        m.push_str(text);
                        m.push_str("; got ");
                        show_into(m, inst);
                    });
                }
                ok
            }
            Kw::Bound(b, limit, text) => {
                let Some(n) = Dec::of(inst) else { return true };
                let (ok, op) = match b {
                    Bound::Minimum => (n >= *limit, ">="),
                    Bound::ExclusiveMinimum => (n > *limit, ">"),
                    Bound::Maximum => (n <= *limit, "<="),
                    Bound::ExclusiveMaximum => (n < *limit, "<"),
                };
                if !ok && !quick {
                    self.report_with(node, name, |m| {
                        m.push_str("must be ");
                        m.push_str(op);
                        m.push(' ');
                        m.push_str(text);
                        m.push_str("; got ");
                        show_into(m, inst);
                    });
                }
                ok
            }
            Kw::Size(s, limit) => self.size(node, *s, *limit, inst, quick),
            Kw::Pattern(p) => {
                let Value::String(s) = inst else { return true };
                let ok = p.is_match(s);
                if !ok && !quick {
                    self.report_with(node, name, |m| {
                        m.push_str("must match the pattern ");
                        m.push_str(p.quoted());
                        m.push_str("; got ");
                        show_into(m, inst);
                    });
                }
                ok
            }
            Kw::Format(f, fname) => {
                let Value::String(s) = inst else { return true };
                let ok = f.check(s);
                if !ok && !quick {
                    self.report_with(node, name, |m| {
                        m.push_str("must be a valid ");
                        m.push_str(fname);
                        m.push_str("; got ");
                        show_into(m, inst);
                    });
                }
                ok
            }
            Kw::UniqueItems => {
                let Value::Array(items) = inst else {
                    return true;
                };
                match duplicate(items) {
                    None => true,
                    Some((i, j)) => {
                        if !quick {
                            self.report_with(node, name, |m| {
                                let (mut a, mut b) = (itoa::Buffer::new(), itoa::Buffer::new());
                                m.push_str("must not contain duplicates; items ");
                                m.push_str(a.format(i));
                                m.push_str(" and ");
                                m.push_str(b.format(j));
                                m.push_str(" are equal");
                            });
                        }
                        false
                    }
                }
            }
            Kw::Required(names) => {
                let Value::Object(_) = inst else { return true };
                let mut ok = true;
                let present = MemberNames::new(inst, names.len());
                for n in names {
                    if !present.has(n) {
                        ok = false;
                        if quick {
                            break;
                        }
                        self.report_with(node, name, |m| {
                            m.push_str("is missing required property ");
                            quote_into(m, n);
                        });
                    }
                }
                ok
            }
            Kw::DependentRequired(list, _) => {
                let Value::Object(_) = inst else { return true };
                let mut ok = true;
                let lookups = list.iter().map(|(_, needed)| 1 + needed.len()).sum();
                let present = MemberNames::new(inst, lookups);
                for (k, needed) in list {
                    if !present.has(k) {
                        continue;
                    }
                    for n in needed {
                        if !present.has(n) {
                            ok = false;
                            if quick {
                                return false;
                            }
                            self.report(node, name, || {
                                format!(
                                    "must have property {} when {} is present",
                                    quote(n),
                                    quote(k)
                                )
                            });
                        }
                    }
                }
                ok
            }
            // Applicators on a value of another type.
            _ => true,
        }
    }

    fn size(&mut self, node: &Node, s: Size, limit: u64, inst: &Value, quick: bool) -> bool {
        let (len, word) = match (s, inst) {
            (Size::MinLength | Size::MaxLength, Value::String(v)) => {
                (v.chars().count(), "character")
            }
            (Size::MinItems | Size::MaxItems, Value::Array(v)) => (v.len(), "item"),
            (Size::MinProperties | Size::MaxProperties, Value::Object(v)) => (v.len(), "property"),
            _ => return true,
        };
        let len = len as u64;
        let min = matches!(s, Size::MinLength | Size::MinItems | Size::MinProperties);
        let ok = if min { len >= limit } else { len <= limit };
        if !ok && !quick {
            let bound = if min { "at least" } else { "at most" };
            let (verb, got) = match word {
                "character" => ("must be ", " long; got "),
                _ => ("must have ", "; got "),
            };
            self.report_with(node, s.name(), |m| {
                m.push_str(verb);
                m.push_str(bound);
                m.push(' ');
                plural_into(m, limit, word);
                m.push_str(got);
                m.push_str(itoa::Buffer::new().format(len));
            });
        }
        ok
    }
}
