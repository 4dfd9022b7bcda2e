//! Schema documents and what names them: resources (`$id`), anchors (`$anchor`, draft-07
//! `$id: "#name"`), dynamic anchors, and the dialect in force at each subschema. Documents
//! come from the caller ([`SchemaOptions::with_resource`]) or the built-in metaschemas, never
//! from the network.
//!
//! [`SchemaOptions::with_resource`]: super::SchemaOptions::with_resource

use super::error::{SchemaError, SchemaErrorKind};
use super::uri;
use super::{Draft, SchemaOptions};
use crate::json::Value;
use crate::limits::Limits;
use alloc::collections::BTreeMap;
use alloc::format;
use alloc::rc::Rc;
use alloc::string::String;
use alloc::vec::Vec;

/// Vocabulary bits of a dialect.
pub(crate) mod vocab {
    pub(crate) const APPLICATOR: u8 = 1;
    pub(crate) const VALIDATION: u8 = 2;
    pub(crate) const UNEVALUATED: u8 = 4;
    pub(crate) const FORMAT_ASSERTION: u8 = 8;
    pub(crate) const ALL: u8 = APPLICATOR | VALIDATION | UNEVALUATED;
}

/// The rules in force at a subschema: the draft and the enabled vocabularies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Dialect {
    pub draft: Draft,
    pub vocab: u8,
}

impl Dialect {
    pub(super) fn of(draft: Draft) -> Dialect {
        Dialect {
            draft,
            vocab: vocab::ALL,
        }
    }

    pub(super) fn has(self, bit: u8) -> bool {
        self.vocab & bit != 0
    }
}

/// How deep the walker follows a schema document.
const MAX_WALK_DEPTH: usize = 512;

/// Keywords whose value is one subschema.
const SINGLE: &[&str] = &[
    "additionalProperties",
    "propertyNames",
    "contains",
    "if",
    "then",
    "else",
    "not",
    "items",
    "additionalItems",
    "unevaluatedItems",
    "unevaluatedProperties",
];
/// Keywords whose value is an array of subschemas.
const ARRAY: &[&str] = &["allOf", "anyOf", "oneOf", "prefixItems", "items"];
/// Keywords whose value is an object of subschemas.
const MAP: &[&str] = &[
    "properties",
    "patternProperties",
    "$defs",
    "definitions",
    "dependentSchemas",
    "dependencies",
];

/// A loaded document.
pub(crate) struct Doc {
    pub value: Rc<Value>,
    /// Prefix of schema paths in this document: `""` for the root document, else `uri#`.
    pub prefix: String,
}

/// A schema resource: a document root or a subschema with `$id`.
pub(crate) struct Resource {
    /// The canonical URI (base for relative references inside).
    pub uri: String,
    pub doc: usize,
    pub ptr: String,
    /// `$dynamicAnchor` names declared in this resource, with their pointers.
    pub dyn_anchors: Vec<(String, String)>,
}

/// Where a reference leads.
pub(crate) struct Target {
    pub doc: usize,
    pub ptr: String,
    /// The anchor name, when the fragment named a `$dynamicAnchor` of the target resource.
    pub dynamic: Option<String>,
}

/// All documents and names known while compiling.
pub(crate) struct Registry<'o> {
    opts: &'o SchemaOptions,
    pub docs: Vec<Doc>,
    pub resources: Vec<Resource>,
    by_uri: BTreeMap<String, u32>,
    anchors: BTreeMap<(u32, String), String>,
    /// Every walked subschema: its resource and dialect.
    pub locs: BTreeMap<(usize, String), (u32, Dialect)>,
}

fn err(kind: SchemaErrorKind, path: &str, msg: String) -> SchemaError {
    SchemaError::new(kind, path, msg)
}

/// The value at a JSON pointer.
pub(crate) fn value_at<'v>(root: &'v Value, ptr: &str) -> Option<&'v Value> {
    let mut v = root;
    for t in uri::tokens(ptr)? {
        v = match v {
            Value::Object(_) => v.get(&t)?,
            Value::Array(items) => {
                if t.len() > 1 && t.starts_with('0') {
                    return None;
                }
                items.get(t.parse::<usize>().ok()?)?
            }
            _ => return None,
        };
    }
    Some(v)
}

/// The dialect a standard `$schema` URI names.
fn standard_dialect(s: &str) -> Option<Dialect> {
    let s = uri::strip_fragment(s);
    let s = s
        .strip_prefix("https://")
        .or_else(|| s.strip_prefix("http://"))?;
    Some(match s {
        "json-schema.org/draft/2020-12/schema" | "json-schema.org/draft/2019-09/schema" => {
            Dialect::of(Draft::Draft202012)
        }
        "json-schema.org/draft-07/schema"
        | "json-schema.org/draft-06/schema"
        | "json-schema.org/draft-04/schema" => Dialect::of(Draft::Draft7),
        _ => return None,
    })
}

impl<'o> Registry<'o> {
    pub(super) fn new(opts: &'o SchemaOptions) -> Self {
        Registry {
            opts,
            docs: Vec::new(),
            resources: Vec::new(),
            by_uri: BTreeMap::new(),
            anchors: BTreeMap::new(),
            locs: BTreeMap::new(),
        }
    }

    /// Adds a document retrieved as `uri` (no fragment) and walks it.
    pub(super) fn add_doc(
        &mut self,
        uri: &str,
        value: Rc<Value>,
        dialect: Dialect,
    ) -> Result<u32, SchemaError> {
        let doc = self.docs.len();
        let prefix = if doc == 0 {
            String::new()
        } else {
            format!("{uri}#")
        };
        self.docs.push(Doc {
            value: value.clone(),
            prefix,
        });
        let res = self.add_resource(uri, doc, "")?;
        let mut ptr = String::new();
        self.walk(doc, &mut ptr, &value, res, dialect, 0)?;
        Ok(res)
    }

    /// A resource named `uri` whose root is at `ptr` in `doc`. A name already given to a
    /// subschema elsewhere is an error (see [`anchor`](Self::anchor)).
    fn add_resource(&mut self, uri: &str, doc: usize, ptr: &str) -> Result<u32, SchemaError> {
        let uri = uri.trim_end_matches('#');
        let known = self.by_uri.get(uri).copied();
        if let Some(r) = known.and_then(|r| self.resources.get(r as usize)) {
            if (r.doc, r.ptr.as_str()) != (doc, ptr) {
                return Err(self.named_twice(doc, ptr, &format!("$id \"{uri}\""), r.doc, &r.ptr));
            }
        }
        let idx = self.resources.len() as u32;
        self.resources.push(Resource {
            uri: uri.into(),
            doc,
            ptr: ptr.into(),
            dyn_anchors: Vec::new(),
        });
        self.by_uri.entry(uri.into()).or_insert(idx);
        Ok(idx)
    }

    /// The error for `what` at `ptr` in `doc`, a name the subschema at `first_ptr` in
    /// `first_doc` already has.
    fn named_twice(
        &self,
        doc: usize,
        ptr: &str,
        what: &str,
        first_doc: usize,
        first_ptr: &str,
    ) -> SchemaError {
        let first = self.path_of(first_doc, first_ptr);
        err(
            SchemaErrorKind::InvalidKeyword,
            &self.path_of(doc, ptr),
            format!("{what} already names the subschema at \"{first}\""),
        )
    }

    /// The location text of `ptr` in `doc`, for error messages.
    pub(super) fn path_of(&self, doc: usize, ptr: &str) -> String {
        let mut s = self
            .docs
            .get(doc)
            .map(|d| d.prefix.clone())
            .unwrap_or_default();
        s.push_str(ptr);
        s
    }

    /// The dialect a `$schema` value selects.
    fn dialect_of(&mut self, s: &str, at: &str, depth: usize) -> Result<Dialect, SchemaError> {
        if let Some(d) = standard_dialect(s) {
            return Ok(d);
        }
        let default = Dialect::of(self.opts.draft);
        if depth > 4 {
            return Ok(default);
        }
        let Some(res) = self.lookup(uri::strip_fragment(s), default, depth + 1)? else {
            // An unknown metaschema: validate with the default dialect.
            return Ok(default);
        };
        let r = &self.resources[res as usize];
        let root = self.docs[r.doc].value.clone();
        let Some(meta) = value_at(&root, &r.ptr) else {
            return Ok(default);
        };
        let mut d = match meta.get("$schema") {
            Some(Value::String(inner)) if inner != s => self.dialect_of(inner, at, depth + 1)?,
            _ => default,
        };
        if let Some(Value::Object(vocabs)) = meta.get("$vocabulary") {
            d.vocab = 0;
            for (name, _) in vocabs {
                let tail = name.rsplit('/').next().unwrap_or("");
                d.vocab |= match tail {
                    "applicator" => vocab::APPLICATOR,
                    "validation" => vocab::VALIDATION,
                    "unevaluated" => vocab::UNEVALUATED,
                    "format-assertion" => vocab::FORMAT_ASSERTION,
                    _ => 0,
                };
            }
        }
        let _ = at;
        Ok(d)
    }

    /// The resource named `uri` (no fragment), loading it from the options or the built-in
    /// metaschemas when first needed.
    fn lookup(
        &mut self,
        uri: &str,
        dialect: Dialect,
        depth: usize,
    ) -> Result<Option<u32>, SchemaError> {
        let uri = uri.trim_end_matches('#');
        if let Some(&r) = self.by_uri.get(uri) {
            return Ok(Some(r));
        }
        let _ = depth;
        let value = if let Some(v) = self.opts.resource(uri) {
            v.clone()
        } else if let Some(text) = super::meta::builtin(uri) {
            Value::parse(text.as_bytes(), Limits::DEFAULT).map_err(|e| {
                err(
                    SchemaErrorKind::InvalidJson,
                    uri,
                    format!("built-in metaschema: {e}"),
                )
            })?
        } else {
            return Ok(None);
        };
        let res = self.add_doc(uri, Rc::new(value), dialect)?;
        Ok(Some(res))
    }

    /// Records an anchor of resource `res` at `ptr` in `doc`. "There is no way for a URI to
    /// identify more than one schema. When multiple schemas try to identify as the same URI,
    /// validators SHOULD raise an error condition" (2020-12 core, "Duplicate schema
    /// identifiers"): an anchor named twice in one resource is a compile error.
    fn anchor(&mut self, doc: usize, res: u32, name: &str, ptr: &str) -> Result<(), SchemaError> {
        let first = self
            .anchors
            .entry((res, name.into()))
            .or_insert_with(|| ptr.into())
            .clone();
        if first != ptr {
            return Err(self.named_twice(doc, ptr, &format!("anchor \"{name}\""), doc, &first));
        }
        Ok(())
    }

    /// Registers the subschema `v` at `ptr` and everything below it.
    fn walk(
        &mut self,
        doc: usize,
        ptr: &mut String,
        v: &Value,
        res: u32,
        dialect: Dialect,
        depth: usize,
    ) -> Result<(), SchemaError> {
        if depth > MAX_WALK_DEPTH {
            let at = self.path_of(doc, ptr);
            return Err(err(
                SchemaErrorKind::TooDeep,
                &at,
                "schema nests too deeply".into(),
            ));
        }
        let m = match v {
            Value::Object(m) => m,
            Value::Bool(_) => {
                self.locs.insert((doc, ptr.clone()), (res, dialect));
                return Ok(());
            }
            _ => return Ok(()),
        };
        let mut res = res;
        let mut dialect = dialect;
        if let Some(Value::String(s)) = v.get("$schema") {
            let at = self.path_of(doc, ptr);
            dialect = self.dialect_of(s, &at, 0)?;
        }
        let d7 = dialect.draft == Draft::Draft7;
        let id = if d7 && v.get("$ref").is_some() {
            None // draft-07: `$ref` hides its siblings, `$id` included
        } else {
            v.get("$id")
        };
        if let Some(Value::String(id)) = id {
            if let (true, Some(name)) = (d7, id.strip_prefix('#')) {
                self.anchor(doc, res, name, ptr)?;
            } else {
                let base = self.resources[res as usize].uri.clone();
                let full = uri::resolve(&base, id);
                let (u, frag) = uri::split_fragment(&full);
                let r = &self.resources[res as usize];
                if r.doc == doc && r.ptr == *ptr {
                    // The document root names itself: an alias of the same resource.
                    self.resources[res as usize].uri = u.into();
                    self.by_uri.entry(u.into()).or_insert(res);
                } else {
                    res = self.add_resource(u, doc, ptr)?;
                }
                if let Some(f) = frag.filter(|f| d7 && !f.is_empty() && !f.starts_with('/')) {
                    self.anchor(doc, res, f, ptr)?;
                }
            }
        }
        if !d7 {
            if let Some(Value::String(a)) = v.get("$anchor") {
                self.anchor(doc, res, a, ptr)?;
            }
            if let Some(Value::String(a)) = v.get("$dynamicAnchor") {
                self.anchor(doc, res, a, ptr)?;
                let list = &mut self.resources[res as usize].dyn_anchors;
                list.push((a.clone(), ptr.clone()));
            }
        }
        self.locs.insert((doc, ptr.clone()), (res, dialect));
        for (k, child) in m {
            let len = ptr.len();
            let key = k.as_str();
            if SINGLE.contains(&key) && matches!(child, Value::Object(_) | Value::Bool(_)) {
                uri::push_token(ptr, key);
                self.walk(doc, ptr, child, res, dialect, depth + 1)?;
            } else if let (true, Value::Array(items)) = (ARRAY.contains(&key), child) {
                uri::push_token(ptr, key);
                for (i, item) in items.iter().enumerate() {
                    let l2 = ptr.len();
                    uri::push_index(ptr, i);
                    self.walk(doc, ptr, item, res, dialect, depth + 1)?;
                    ptr.truncate(l2);
                }
            } else if let (true, Value::Object(members)) = (MAP.contains(&key), child) {
                uri::push_token(ptr, key);
                for (name, sub) in members {
                    let l2 = ptr.len();
                    uri::push_token(ptr, name);
                    self.walk(doc, ptr, sub, res, dialect, depth + 1)?;
                    ptr.truncate(l2);
                }
            }
            ptr.truncate(len);
        }
        Ok(())
    }

    /// Makes sure the subschema at `(doc, ptr)` is registered (a `$ref` may point anywhere
    /// in a document) and returns its resource and dialect.
    pub(super) fn ensure_loc(
        &mut self,
        doc: usize,
        ptr: &str,
    ) -> Result<(u32, Dialect), SchemaError> {
        if let Some(&l) = self.locs.get(&(doc, ptr.into())) {
            return Ok(l);
        }
        let root = self.docs[doc].value.clone();
        let Some(v) = value_at(&root, ptr) else {
            let at = self.path_of(doc, ptr);
            return Err(err(
                SchemaErrorKind::UnresolvableRef,
                &at,
                "no value at this pointer".into(),
            ));
        };
        let mut anc = ptr;
        let (res, dialect) = loop {
            anc = uri::parent(anc).unwrap_or("");
            if let Some(&l) = self.locs.get(&(doc, anc.into())) {
                break l;
            }
            if anc.is_empty() {
                break (0, Dialect::of(self.opts.draft));
            }
        };
        let mut p = String::from(ptr);
        self.walk(doc, &mut p, v, res, dialect, 0)?;
        Ok(self
            .locs
            .get(&(doc, ptr.into()))
            .copied()
            .unwrap_or((res, dialect)))
    }

    /// Resolves `reference`, the value of keyword `kw` of the subschema at `(doc, ptr)`.
    pub(super) fn resolve(
        &mut self,
        doc: usize,
        ptr: &str,
        kw: &str,
        reference: &str,
    ) -> Result<Target, SchemaError> {
        let (res, dialect) = self.ensure_loc(doc, ptr)?;
        let base = self.resources[res as usize].uri.clone();
        let full = uri::resolve(&base, reference);
        let (u, frag) = uri::split_fragment(&full);
        let mut at = self.path_of(doc, ptr);
        uri::push_token(&mut at, kw);
        let unresolvable = |what: &str| {
            err(
                SchemaErrorKind::UnresolvableRef,
                &at,
                format!("cannot resolve {reference:?} ({what} {full:?})"),
            )
        };
        let Some(target) = self.lookup(u, dialect, 0)? else {
            return Err(unresolvable("no schema is known as"));
        };
        let frag = uri::percent_decode(frag.unwrap_or(""));
        let r = &self.resources[target as usize];
        let (tdoc, rptr) = (r.doc, r.ptr.clone());
        if frag.is_empty() || frag.starts_with('/') {
            let mut p = rptr;
            p.push_str(&frag);
            if value_at(&self.docs[tdoc].value, &p).is_none() {
                return Err(unresolvable("no value at"));
            }
            return Ok(Target {
                doc: tdoc,
                ptr: p,
                dynamic: None,
            });
        }
        let Some(p) = self.anchors.get(&(target, frag.clone())).cloned() else {
            return Err(unresolvable("no anchor for"));
        };
        let dynamic = r
            .dyn_anchors
            .iter()
            .any(|(n, _)| *n == frag)
            .then_some(frag);
        Ok(Target {
            doc: tdoc,
            ptr: p,
            dynamic,
        })
    }
}
