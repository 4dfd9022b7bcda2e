//! Schema documents to nodes. Subschemas are compiled from a work queue (never by recursion),
//! so cyclic `$ref`s and deep schemas cannot overflow the stack; every malformed keyword is a
//! [`SchemaError`] naming its location.

use super::error::{SchemaError, SchemaErrorKind};
use super::format::Format;
use super::keyword::{types, Bound, Kw, Node, NodeId, Size};
use super::number::Dec;
use super::regex::Pattern;
use super::registry::{value_at, vocab, Dialect, Registry};
use super::{uri, Draft, Schema, SchemaOptions};
use crate::json::Value;
use alloc::boxed::Box;
use alloc::collections::BTreeMap;
use alloc::format;
use alloc::rc::Rc;
use alloc::string::String;
use alloc::vec::Vec;

struct Compiler<'o> {
    opts: &'o SchemaOptions,
    reg: Registry<'o>,
    nodes: Vec<Node>,
    /// Location of each node.
    at: Vec<(usize, String)>,
    node_at: BTreeMap<(usize, String), NodeId>,
    queue: Vec<NodeId>,
    /// Anchor names used by `$dynamicRef`s.
    names: Vec<String>,
}

/// Compiles `value` (the root document) with `opts`.
pub(crate) fn compile(value: &Value, opts: &SchemaOptions) -> Result<Schema, SchemaError> {
    let mut c = Compiler {
        opts,
        reg: Registry::new(opts),
        nodes: Vec::new(),
        at: Vec::new(),
        node_at: BTreeMap::new(),
        queue: Vec::new(),
        names: Vec::new(),
    };
    let base = opts.base_uri.as_deref().unwrap_or(uri::DEFAULT_BASE);
    c.reg
        .add_doc(base, Rc::new(value.clone()), Dialect::of(opts.draft))?;
    let draft = c
        .reg
        .locs
        .get(&(0, String::new()))
        .map_or(opts.draft, |l| l.1.draft);
    let root = c.node_for(0, "")?;
    c.drain()?;
    // Every `$dynamicAnchor` a `$dynamicRef` may land on must be compiled too; loading them
    // can reveal more, so repeat until nothing changes.
    let mut table: Vec<Vec<(u32, NodeId)>>;
    loop {
        let before = (c.nodes.len(), c.reg.resources.len());
        table = Vec::new();
        for r in 0..c.reg.resources.len() {
            let mut row = Vec::new();
            let res = &c.reg.resources[r];
            let found: Vec<(u32, usize, String)> = res
                .dyn_anchors
                .iter()
                .filter_map(|(n, p)| {
                    let i = c.names.iter().position(|x| x == n)?;
                    Some((i as u32, res.doc, p.clone()))
                })
                .collect();
            for (name, doc, ptr) in found {
                let id = c.node_for(doc, &ptr)?;
                if !row.iter().any(|(n, _)| *n == name) {
                    row.push((name, id));
                }
            }
            table.push(row);
        }
        c.drain()?;
        if before == (c.nodes.len(), c.reg.resources.len()) {
            break;
        }
    }
    let mut nodes = c.nodes;
    super::graph::mark_cycles(&mut nodes, &table);
    let dynamic = nodes.iter().any(|n| {
        n.kws
            .iter()
            .any(|k| matches!(k, Kw::DynamicRef(_, Some(_))))
    });
    super::passes::build(&mut nodes, dynamic);
    Ok(Schema {
        nodes,
        root,
        dynamic,
        dyn_table: table,
        draft,
        max_errors: opts.max_errors,
        max_depth: opts.max_depth,
    })
}

impl Compiler<'_> {
    fn node_for(&mut self, doc: usize, ptr: &str) -> Result<NodeId, SchemaError> {
        if let Some(&id) = self.node_at.get(&(doc, ptr.into())) {
            return Ok(id);
        }
        let (resource, _) = self.reg.ensure_loc(doc, ptr)?;
        let id = self.nodes.len() as NodeId;
        self.nodes.push(Node {
            boolean: None,
            kws: Vec::new(),
            resource,
            path: self.reg.path_of(doc, ptr),
            unevaluated: false,
            in_cycle: false,
            fast: Default::default(),
        });
        self.at.push((doc, ptr.into()));
        self.node_at.insert((doc, ptr.into()), id);
        self.queue.push(id);
        Ok(id)
    }

    fn drain(&mut self) -> Result<(), SchemaError> {
        while let Some(id) = self.queue.pop() {
            let (doc, ptr) = self.at[id as usize].clone();
            let (_, dialect) = self.reg.ensure_loc(doc, &ptr)?;
            let root = self.reg.docs[doc].value.clone();
            match value_at(&root, &ptr) {
                Some(Value::Bool(b)) => self.nodes[id as usize].boolean = Some(*b),
                Some(v @ Value::Object(_)) => {
                    let kws = self.keywords(doc, &ptr, v, dialect)?;
                    let node = &mut self.nodes[id as usize];
                    node.unevaluated = kws.iter().any(|k| {
                        matches!(k, Kw::UnevaluatedItems(_) | Kw::UnevaluatedProperties(_))
                    });
                    node.kws = kws;
                }
                _ => {
                    return Err(self.bad(
                        doc,
                        &ptr,
                        None,
                        "a schema must be an object or a boolean",
                    ))
                }
            }
        }
        Ok(())
    }

    fn bad(&self, doc: usize, ptr: &str, kw: Option<&str>, msg: &str) -> SchemaError {
        let mut p = String::from(ptr);
        if let Some(k) = kw {
            uri::push_token(&mut p, k);
        }
        let at = self.reg.path_of(doc, &p);
        let msg = match kw {
            Some(k) => format!("{k}: {msg}"),
            None => msg.into(),
        };
        SchemaError::new(SchemaErrorKind::InvalidKeyword, &at, msg)
    }

    /// The subschema at `ptr` + `/kw` (+ `/key`).
    fn sub(
        &mut self,
        doc: usize,
        ptr: &str,
        kw: &str,
        key: Option<&str>,
    ) -> Result<NodeId, SchemaError> {
        let mut p = String::from(ptr);
        uri::push_token(&mut p, kw);
        if let Some(k) = key {
            uri::push_token(&mut p, k);
        }
        self.node_for(doc, &p)
    }

    fn sub_list(
        &mut self,
        doc: usize,
        ptr: &str,
        kw: &str,
        v: &Value,
    ) -> Result<Vec<NodeId>, SchemaError> {
        let Value::Array(items) = v else {
            return Err(self.bad(doc, ptr, Some(kw), "must be an array of schemas"));
        };
        let mut out = Vec::with_capacity(items.len());
        for i in 0..items.len() {
            let mut p = String::from(ptr);
            uri::push_token(&mut p, kw);
            uri::push_index(&mut p, i);
            out.push(self.node_for(doc, &p)?);
        }
        Ok(out)
    }

    fn number(&self, doc: usize, ptr: &str, kw: &str, v: &Value) -> Result<Dec, SchemaError> {
        Dec::of(v).ok_or_else(|| self.bad(doc, ptr, Some(kw), "must be a number"))
    }

    fn count(&self, doc: usize, ptr: &str, kw: &str, v: &Value) -> Result<u64, SchemaError> {
        Dec::of(v)
            .and_then(|d| d.to_u64())
            .ok_or_else(|| self.bad(doc, ptr, Some(kw), "must be a non-negative integer"))
    }

    fn strings(
        &self,
        doc: usize,
        ptr: &str,
        kw: &str,
        v: &Value,
    ) -> Result<Vec<String>, SchemaError> {
        let msg = "must be an array of strings";
        let Value::Array(items) = v else {
            return Err(self.bad(doc, ptr, Some(kw), msg));
        };
        items
            .iter()
            .map(|i| match i {
                Value::String(s) => Ok(s.clone()),
                _ => Err(self.bad(doc, ptr, Some(kw), msg)),
            })
            .collect()
    }

    fn pattern(
        &self,
        doc: usize,
        ptr: &str,
        kw: &str,
        key: Option<&str>,
        src: &str,
    ) -> Result<Pattern, SchemaError> {
        Pattern::new(src).map_err(|e| {
            let mut p = String::from(ptr);
            uri::push_token(&mut p, kw);
            if let Some(k) = key {
                uri::push_token(&mut p, k);
            }
            let at = self.reg.path_of(doc, &p);
            SchemaError::new(
                SchemaErrorKind::InvalidRegex,
                &at,
                format!("cannot use the pattern {src:?}: {e}"),
            )
        })
    }

    fn keywords(
        &mut self,
        doc: usize,
        ptr: &str,
        v: &Value,
        d: Dialect,
    ) -> Result<Vec<Kw>, SchemaError> {
        let mut kws = Vec::new();
        let d7 = d.draft == Draft::Draft7;
        if let Some(r) = v.get("$ref") {
            let Value::String(r) = r else {
                return Err(self.bad(doc, ptr, Some("$ref"), "must be a string"));
            };
            let t = self.reg.resolve(doc, ptr, "$ref", r)?;
            kws.push(Kw::Ref(self.node_for(t.doc, &t.ptr)?));
            if d7 {
                return Ok(kws);
            }
        }
        if let (false, Some(r)) = (d7, v.get("$dynamicRef")) {
            let Value::String(r) = r else {
                return Err(self.bad(doc, ptr, Some("$dynamicRef"), "must be a string"));
            };
            let t = self.reg.resolve(doc, ptr, "$dynamicRef", r)?;
            let name = t.dynamic.map(|n| self.intern(n));
            kws.push(Kw::DynamicRef(self.node_for(t.doc, &t.ptr)?, name));
        }
        if d.has(vocab::VALIDATION) {
            self.validation(doc, ptr, v, d7, &mut kws)?;
        }
        if let Some(Value::String(f)) = v.get("format") {
            let assert = self.opts.assert_formats || d.has(vocab::FORMAT_ASSERTION);
            if let (true, Some(fmt)) = (assert, Format::from_name(f)) {
                kws.push(Kw::Format(fmt, f.as_str().into()));
            }
        }
        if d.has(vocab::APPLICATOR) {
            self.applicators(doc, ptr, v, d, &mut kws)?;
        }
        if !d7 && d.has(vocab::UNEVALUATED) {
            if v.get("unevaluatedItems").is_some() {
                kws.push(Kw::UnevaluatedItems(self.sub(
                    doc,
                    ptr,
                    "unevaluatedItems",
                    None,
                )?));
            }
            if v.get("unevaluatedProperties").is_some() {
                let n = self.sub(doc, ptr, "unevaluatedProperties", None)?;
                kws.push(Kw::UnevaluatedProperties(n));
            }
        }
        let props = kws.iter().position(|k| matches!(k, Kw::Properties(_)));
        let pats = kws
            .iter()
            .position(|k| matches!(k, Kw::PatternProperties(_)));
        for k in &mut kws {
            if let Kw::AdditionalProperties {
                props: p, pats: q, ..
            } = k
            {
                *p = props;
                *q = pats;
            }
        }
        Ok(kws)
    }

    fn intern(&mut self, name: String) -> u32 {
        match self.names.iter().position(|n| *n == name) {
            Some(i) => i as u32,
            None => {
                self.names.push(name);
                (self.names.len() - 1) as u32
            }
        }
    }

    fn validation(
        &mut self,
        doc: usize,
        ptr: &str,
        v: &Value,
        d7: bool,
        kws: &mut Vec<Kw>,
    ) -> Result<(), SchemaError> {
        if let Some(t) = v.get("type") {
            let names: Vec<&Value> = match t {
                Value::Array(items) => items.iter().collect(),
                one => alloc::vec![one],
            };
            let mut bits = 0;
            for n in names {
                let b = match n {
                    Value::String(s) => types::from_name(s),
                    _ => None,
                };
                bits |=
                    b.ok_or_else(|| self.bad(doc, ptr, Some("type"), "must name JSON types"))?;
            }
            kws.push(Kw::Type(bits));
        }
        if let Some(e) = v.get("enum") {
            let Value::Array(items) = e else {
                return Err(self.bad(doc, ptr, Some("enum"), "must be an array"));
            };
            kws.push(Kw::Enum(items.clone()));
        }
        if let Some(c) = v.get("const") {
            kws.push(Kw::Const(Box::new(c.clone())));
        }
        if let Some(m) = v.get("multipleOf") {
            let n = self.number(doc, ptr, "multipleOf", m)?;
            if n.is_negative() || n.is_zero() {
                return Err(self.bad(doc, ptr, Some("multipleOf"), "must be greater than 0"));
            }
            kws.push(Kw::MultipleOf(n, number_text(m)));
        }
        for (name, b) in [
            ("minimum", Bound::Minimum),
            ("exclusiveMinimum", Bound::ExclusiveMinimum),
            ("maximum", Bound::Maximum),
            ("exclusiveMaximum", Bound::ExclusiveMaximum),
        ] {
            match v.get(name) {
                // draft-04's boolean form: ignored (the plain bound still applies).
                Some(Value::Bool(_)) | None => {}
                Some(x) => {
                    let n = self.number(doc, ptr, name, x)?;
                    kws.push(Kw::Bound(b, n, number_text(x)));
                }
            }
        }
        for s in [
            Size::MinLength,
            Size::MaxLength,
            Size::MinItems,
            Size::MaxItems,
            Size::MinProperties,
            Size::MaxProperties,
        ] {
            if let Some(x) = v.get(s.name()) {
                kws.push(Kw::Size(s, self.count(doc, ptr, s.name(), x)?));
            }
        }
        if let Some(p) = v.get("pattern") {
            let Value::String(src) = p else {
                return Err(self.bad(doc, ptr, Some("pattern"), "must be a string"));
            };
            kws.push(Kw::Pattern(Box::new(
                self.pattern(doc, ptr, "pattern", None, src)?,
            )));
        }
        match v.get("uniqueItems") {
            Some(Value::Bool(true)) => kws.push(Kw::UniqueItems),
            Some(Value::Bool(false)) | None => {}
            Some(_) => return Err(self.bad(doc, ptr, Some("uniqueItems"), "must be a boolean")),
        }
        if let Some(r) = v.get("required") {
            let names = self.strings(doc, ptr, "required", r)?;
            if !names.is_empty() {
                kws.push(Kw::Required(names));
            }
        }
        if let (false, Some(dr)) = (d7, v.get("dependentRequired")) {
            let Value::Object(m) = dr else {
                return Err(self.bad(doc, ptr, Some("dependentRequired"), "must be an object"));
            };
            let mut list = Vec::new();
            for (k, names) in m {
                list.push((
                    k.clone(),
                    self.strings(doc, ptr, "dependentRequired", names)?,
                ));
            }
            kws.push(Kw::DependentRequired(list, "dependentRequired"));
        }
        Ok(())
    }

    fn applicators(
        &mut self,
        doc: usize,
        ptr: &str,
        v: &Value,
        d: Dialect,
        kws: &mut Vec<Kw>,
    ) -> Result<(), SchemaError> {
        let d7 = d.draft == Draft::Draft7;
        for name in ["allOf", "anyOf", "oneOf"] {
            let Some(list) = v.get(name) else { continue };
            let ids = self.sub_list(doc, ptr, name, list)?;
            if ids.is_empty() {
                return Err(self.bad(doc, ptr, Some(name), "must be a non-empty array"));
            }
            kws.push(match name {
                "allOf" => Kw::AllOf(ids),
                "anyOf" => Kw::AnyOf(ids),
                _ => Kw::OneOf(ids),
            });
        }
        if v.get("not").is_some() {
            kws.push(Kw::Not(self.sub(doc, ptr, "not", None)?));
        }
        if v.get("if").is_some() {
            let cond = self.sub(doc, ptr, "if", None)?;
            let then = match v.get("then") {
                Some(_) => Some(self.sub(doc, ptr, "then", None)?),
                None => None,
            };
            let els = match v.get("else") {
                Some(_) => Some(self.sub(doc, ptr, "else", None)?),
                None => None,
            };
            kws.push(Kw::If { cond, then, els });
        }
        // Arrays.
        let mut start = 0;
        let prefix_kw = if d7 { "items" } else { "prefixItems" };
        if let Some(list @ Value::Array(items)) = v.get(prefix_kw) {
            kws.push(Kw::PrefixItems(self.sub_list(doc, ptr, prefix_kw, list)?));
            start = items.len();
        }
        match (d7, v.get("items")) {
            (_, Some(Value::Object(_) | Value::Bool(_))) => {
                let node = self.sub(doc, ptr, "items", None)?;
                kws.push(Kw::Items {
                    node,
                    start,
                    name: "items",
                });
            }
            (false, Some(list @ Value::Array(items))) if v.get("prefixItems").is_none() => {
                // 2019-09's array form under a 2020-12 dialect: read as prefixItems.
                kws.push(Kw::PrefixItems(self.sub_list(doc, ptr, "items", list)?));
                start = items.len();
            }
            (_, None | Some(Value::Array(_))) => {}
            _ => return Err(self.bad(doc, ptr, Some("items"), "must be a schema")),
        }
        if let (true, Some(Value::Array(_)), Some(_)) =
            (d7, v.get("items"), v.get("additionalItems"))
        {
            let node = self.sub(doc, ptr, "additionalItems", None)?;
            kws.push(Kw::Items {
                node,
                start,
                name: "additionalItems",
            });
        }
        if v.get("contains").is_some() {
            let node = self.sub(doc, ptr, "contains", None)?;
            let (mut min, mut max) = (1, None);
            if !d7 && d.has(vocab::VALIDATION) {
                if let Some(x) = v.get("minContains") {
                    min = self.count(doc, ptr, "minContains", x)?;
                }
                if let Some(x) = v.get("maxContains") {
                    max = Some(self.count(doc, ptr, "maxContains", x)?);
                }
            }
            kws.push(Kw::Contains { node, min, max });
        }
        // Objects.
        if let Some(p) = v.get("properties") {
            let Value::Object(m) = p else {
                return Err(self.bad(doc, ptr, Some("properties"), "must be an object"));
            };
            let mut list = Vec::with_capacity(m.len());
            for (k, _) in m {
                list.push((k.clone(), self.sub(doc, ptr, "properties", Some(k))?));
            }
            list.sort_by(|a, b| a.0.cmp(&b.0));
            kws.push(Kw::Properties(list));
        }
        if let Some(p) = v.get("patternProperties") {
            let Value::Object(m) = p else {
                return Err(self.bad(doc, ptr, Some("patternProperties"), "must be an object"));
            };
            let mut list = Vec::with_capacity(m.len());
            for (k, _) in m {
                let re = self.pattern(doc, ptr, "patternProperties", Some(k), k)?;
                list.push((re, self.sub(doc, ptr, "patternProperties", Some(k))?));
            }
            kws.push(Kw::PatternProperties(list));
        }
        if v.get("additionalProperties").is_some() {
            let node = self.sub(doc, ptr, "additionalProperties", None)?;
            kws.push(Kw::AdditionalProperties {
                node,
                props: None,
                pats: None,
            });
        }
        if v.get("propertyNames").is_some() {
            kws.push(Kw::PropertyNames(self.sub(
                doc,
                ptr,
                "propertyNames",
                None,
            )?));
        }
        // draft-07 `dependencies`; 2020-12 splits it in two but still reads the old form.
        let dep_kws: &[&'static str] = if d7 {
            &["dependencies"]
        } else {
            &["dependentSchemas", "dependencies"]
        };
        for &dep_kw in dep_kws {
            let Some(deps) = v.get(dep_kw) else { continue };
            let Value::Object(m) = deps else {
                return Err(self.bad(doc, ptr, Some(dep_kw), "must be an object"));
            };
            let (mut schemas, mut required) = (Vec::new(), Vec::new());
            for (k, x) in m {
                match x {
                    Value::Array(_) if dep_kw == "dependencies" => {
                        required.push((k.clone(), self.strings(doc, ptr, dep_kw, x)?));
                    }
                    _ => schemas.push((k.clone(), self.sub(doc, ptr, dep_kw, Some(k))?)),
                }
            }
            if !required.is_empty() {
                kws.push(Kw::DependentRequired(required, dep_kw));
            }
            if !schemas.is_empty() {
                kws.push(Kw::DependentSchemas(schemas, dep_kw));
            }
        }
        Ok(())
    }
}

fn number_text(v: &Value) -> Box<str> {
    match v {
        Value::Number(t) => t.as_str().into(),
        _ => "".into(),
    }
}
