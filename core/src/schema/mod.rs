//! JSON Schema validation (with `alloc`): draft 2020-12 (the default since MCP 2025-11-25)
//! and draft-07, chosen by `$schema`.
//!
//! Compile a schema once, validate many instances:
//!
//! ```
//! use mcpwire::json::Value;
//! use mcpwire::schema::Schema;
//! use mcpwire::Limits;
//!
//! let schema = Schema::compile_bytes(br#"{
//!     "type": "object",
//!     "properties": {"units": {"enum": ["metric", "imperial"]}},
//!     "required": ["units"]
//! }"#).unwrap();
//! let args = Value::parse(br#"{"units": "kelvin"}"#, Limits::DEFAULT).unwrap();
//! let errors = schema.validate(&args);
//! assert_eq!(errors[0].instance_path(), "/units");
//! assert_eq!(errors[0].schema_path(), "/properties/units/enum");
//! assert_eq!(errors[0].message(), r#"`/units` must be one of "metric", "imperial"; got "kelvin""#);
//! ```
//!
//! Everything the two drafts define is supported: all applicator and validation keywords,
//! `$ref` to JSON pointers, `$anchor`s and `$id`-named resources, `$dynamicRef` /
//! `$dynamicAnchor`, `unevaluatedProperties` / `unevaluatedItems`, `$vocabulary` of custom
//! metaschemas, and the official metaschemas themselves. Other documents are found only in
//! the map given with [`SchemaOptions::with_resource`], never on the network. `pattern`s use
//! ECMA-262 semantics on a finite-automaton engine (no lookaround, no backreferences: such a
//! schema fails to compile). Numbers compare by value from their text. `format` is an
//! annotation unless [`SchemaOptions::assert_formats`] is set.
//!
//! The MCP steps are in [`tools`]: checking `tools/call` arguments on the server (giving the
//! tool-error response) and `structuredContent` against `outputSchema` on the host.
//!
//! Limits: a schema that refers back to itself without going into the instance (`{"$ref":
//! "#"}`) makes every instance invalid with an error saying so; evaluation nests at most
//! [`SchemaOptions::max_depth`] subschemas deep (about 0.6 KB of stack each in release
//! builds). Compilation uses a work queue, so a schema's size never deepens the stack.
//!
//! Pattern dialect: ECMA-262 with the `u` flag, translated for `regex-automata`. `\d`, `\w`,
//! `\b` are ASCII; `\s` and `.` follow ECMA's whitespace and line terminators; `\uXXXX`,
//! surrogate pairs, `\u{…}`, `\cX`, `\p{…}` (general categories, scripts, binary
//! properties), named groups and lazy quantifiers work. Lookahead, lookbehind and
//! backreferences cannot run on a finite automaton: a schema using them in `pattern` or
//! `patternProperties` fails to compile ([`SchemaErrorKind::InvalidRegex`]); the `regex`
//! format still accepts them as valid syntax. Identity escapes of ASCII punctuation (`\#`,
//! written by zod-to-json-schema) are accepted as in ECMA's non-`u` mode.

mod checks;
mod compile;
mod disc;
mod equal;
mod error;
mod explain;
mod format;
mod format_uri;
mod graph;
mod height;
mod keyword;
mod kind;
mod leaf;
mod location;
mod lower;
mod message;
mod meta;
mod number;
mod objects;
mod passes;
mod props;
mod prune;
mod pure;
mod quick;
mod quick_form;
mod regex;
mod registry;
mod report;
mod scalar;
mod seq;
pub mod tools;
mod uri;
mod validate;

pub use error::{errors_to_text, errors_to_value, SchemaError, SchemaErrorKind, ValidationError};
pub use format::Format;
pub use tools::{check_arguments, check_output, InvalidArguments, OutputCheck, ToolSchemas};

use crate::json::Value;
use crate::limits::Limits;
use alloc::string::String;
use alloc::vec::Vec;
use keyword::{Node, NodeId};

/// The JSON Schema drafts this validator implements.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Draft {
    /// Draft-07 (`http://json-schema.org/draft-07/schema#`; draft-04/06 are read as draft-07).
    Draft7,
    /// Draft 2020-12 (`https://json-schema.org/draft/2020-12/schema`; also used for 2019-09).
    Draft202012,
}

impl Draft {
    /// The canonical `$schema` URI of the draft.
    pub const fn uri(self) -> &'static str {
        match self {
            Draft::Draft7 => "http://json-schema.org/draft-07/schema#",
            Draft::Draft202012 => "https://json-schema.org/draft/2020-12/schema",
        }
    }
}

/// How schemas are compiled and instances validated.
#[derive(Clone, Debug)]
pub struct SchemaOptions {
    pub(crate) draft: Draft,
    pub(crate) assert_formats: bool,
    pub(crate) max_errors: usize,
    pub(crate) max_depth: u32,
    pub(crate) base_uri: Option<String>,
    pub(crate) resources: Vec<(String, Value)>,
}

impl Default for SchemaOptions {
    fn default() -> Self {
        SchemaOptions {
            draft: Draft::Draft202012,
            assert_formats: false,
            max_errors: 100,
            max_depth: 256,
            base_uri: None,
            resources: Vec::new(),
        }
    }
}

impl SchemaOptions {
    /// The defaults: draft 2020-12 unless `$schema` says otherwise, formats as annotations,
    /// at most 100 errors, at most 256 nested subschema evaluations.
    pub fn new() -> Self {
        Self::default()
    }

    /// The draft for schemas without `$schema`.
    pub fn draft(mut self, draft: Draft) -> Self {
        self.draft = draft;
        self
    }

    /// Check `format` (date-time, email, uuid, …) instead of treating it as an annotation.
    pub fn assert_formats(mut self, yes: bool) -> Self {
        self.assert_formats = yes;
        self
    }

    /// The most errors [`Schema::validate`] returns (at least 1).
    pub fn max_errors(mut self, n: usize) -> Self {
        self.max_errors = n.max(1);
        self
    }

    /// The deepest nesting of subschema evaluations (through `$ref` and into the instance)
    /// before validation gives up with an error instead of exhausting the stack.
    pub fn max_depth(mut self, n: u32) -> Self {
        self.max_depth = n;
        self
    }

    /// The URI of the root schema when it has no `$id` (default `json-schema:///`).
    pub fn base_uri(mut self, uri: &str) -> Self {
        self.base_uri = Some(uri.into());
        self
    }

    /// Makes the document `schema` available to `$ref` as `uri` (an absolute URI, no
    /// fragment). Nothing is ever fetched: a reference to any other document is an error.
    pub fn with_resource(mut self, uri: &str, schema: Value) -> Self {
        let uri = uri.trim_end_matches('#');
        self.resources.retain(|(u, _)| u != uri);
        self.resources.push((uri.into(), schema));
        self
    }

    pub(crate) fn resource(&self, uri: &str) -> Option<&Value> {
        self.resources
            .iter()
            .find(|(u, _)| u == uri)
            .map(|(_, v)| v)
    }
}

/// A compiled schema: compile once, validate many instances. `Send + Sync`.
#[derive(Clone, Debug)]
pub struct Schema {
    pub(crate) nodes: Vec<Node>,
    pub(crate) root: NodeId,
    /// Per resource: `(anchor name index, node)` for its `$dynamicAnchor`s.
    pub(crate) dyn_table: Vec<Vec<(u32, NodeId)>>,
    /// True when some `$dynamicRef` needs the dynamic scope at run time.
    pub(crate) dynamic: bool,
    pub(crate) draft: Draft,
    pub(crate) max_errors: usize,
    pub(crate) max_depth: u32,
}

impl Schema {
    /// Compiles a schema with the default options.
    pub fn compile(schema: &Value) -> Result<Schema, SchemaError> {
        Self::compile_with(schema, &SchemaOptions::default())
    }

    /// Compiles a schema with `opts`.
    pub fn compile_with(schema: &Value, opts: &SchemaOptions) -> Result<Schema, SchemaError> {
        compile::compile(schema, opts)
    }

    /// Parses (with [`Limits::DEFAULT`]) and compiles a schema given as JSON bytes.
    pub fn compile_bytes(schema: &[u8]) -> Result<Schema, SchemaError> {
        Self::compile_bytes_with(schema, &SchemaOptions::default())
    }

    /// [`compile_bytes`](Self::compile_bytes) with `opts`.
    pub fn compile_bytes_with(schema: &[u8], opts: &SchemaOptions) -> Result<Schema, SchemaError> {
        let value = Value::parse(schema, Limits::DEFAULT).map_err(|e| {
            SchemaError::new(SchemaErrorKind::InvalidJson, "", alloc::format!("{e}"))
        })?;
        Self::compile_with(&value, opts)
    }

    /// The draft of the root schema.
    pub fn draft(&self) -> Draft {
        self.draft
    }

    /// All the ways `instance` does not fit, up to the configured maximum; empty when valid.
    pub fn validate(&self, instance: &Value) -> Vec<ValidationError> {
        self.validate_max(instance, self.max_errors)
    }

    /// [`validate`](Self::validate) with an explicit maximum number of errors.
    pub fn validate_max(&self, instance: &Value, max_errors: usize) -> Vec<ValidationError> {
        let plain = self.plain_valid(instance);
        let (known_invalid, fanout) = match plain.or_else(|f| self.deep_valid(instance, f)) {
            Ok(true) => return Vec::new(),
            Ok(false) => (true, 0),
            Err(fanout) => (false, fanout),
        };
        let mut ctx = validate::Ctx::new(self, max_errors.max(1));
        ctx.count_fanout(fanout);
        // Most instances are valid: the quick pass builds no paths or messages. It leaves
        // no errors behind; its memo of branch results holds for the full pass too. When
        // bounded evaluation already said "invalid", only the recording pass is left.
        if !known_invalid {
            if ctx.eval(self.root, instance, true, None) && ctx.broken.is_none() {
                return Vec::new();
            }
            ctx.broken = None;
        }
        ctx.record = true;
        ctx.eval(self.root, instance, false, None);
        if let Some(e) = ctx.broken.take() {
            if !ctx.errors.contains(&e) {
                ctx.errors.truncate(max_errors.max(1) - 1);
                ctx.errors.push(e);
            }
        }
        ctx.errors
    }

    /// True when `instance` fits (stops at the first failure; no messages are built).
    pub fn is_valid(&self, instance: &Value) -> bool {
        match self.plain_valid(instance) {
            Ok(ok) => ok,
            Err(fanout) => self.is_valid_in_ctx(instance, fanout),
        }
    }

    // (Out of line: the `Ctx` would make every call set up its large frame.)
    #[inline(never)]
    fn is_valid_in_ctx(&self, instance: &Value, fanout: u32) -> bool {
        let fanout = match self.deep_valid(instance, fanout) {
            Ok(ok) => return ok,
            Err(f) => f,
        };
        let mut ctx = validate::Ctx::new(self, 1);
        ctx.count_fanout(fanout);
        ctx.eval(self.root, instance, true, None) && ctx.broken.is_none()
    }
}

impl Schema {
    /// The answer of bounded evaluation without a `Ctx`, when the whole schema allows it
    /// and the alternatives did not fan out too far; else the branch evaluations spent (so
    /// that the evaluator that follows remembers results from the start).
    #[inline]
    fn plain_valid(&self, instance: &Value) -> Result<bool, u32> {
        let room = self.room();
        match self.nodes.get(self.root as usize) {
            Some(root) if root.fast.plain && root.fast.height < room => {}
            _ => return Err(0),
        }
        let mut env = pure::Plain { s: self, fanout: 0 };
        let ok = pure::check(&mut env, self.root, instance);
        match env.fanout <= validate::MEMO_AFTER {
            true => Ok(ok),
            false => Err(env.fanout),
        }
    }

    /// The levels bounded evaluation of the root may go down and stay clear of the depth
    /// limit.
    #[inline(always)]
    fn room(&self) -> u32 {
        self.max_depth.saturating_sub(passes::DEPTH_SLACK + 1)
    }

    /// After [`plain_valid`](Self::plain_valid) said `Err(fanout)`: the same for a root that
    /// recurses through the instance, by bounded evaluation that gives up (to the `Ctx`)
    /// past a depth at which the `Ctx` could not yet meet its limit.
    fn deep_valid(&self, instance: &Value, fanout: u32) -> Result<bool, u32> {
        match self.nodes.get(self.root as usize) {
            Some(root) if fanout == 0 && root.fast.deep_plain => {}
            _ => return Err(fanout),
        }
        let room = self.room();
        let mut env = pure::Deep {
            s: self,
            fanout: 0,
            depth: 0,
            limit: room / pure::LEVELS_PER_NODE,
            gave_up: false,
        };
        let ok = pure::check(&mut env, self.root, instance);
        match !env.gave_up && env.fanout <= validate::MEMO_AFTER {
            true => Ok(ok),
            false => Err(env.fanout),
        }
    }
}

/// Compiles `schema` and validates `instance` in one step (the bindings' entry point).
pub fn validate_value(
    schema: &Value,
    instance: &Value,
    opts: &SchemaOptions,
) -> Result<Vec<ValidationError>, SchemaError> {
    Ok(Schema::compile_with(schema, opts)?.validate(instance))
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::format;

    /// `is_valid` by the `Ctx` alone (no bounded evaluation of the root first).
    fn by_ctx(s: &Schema, v: &Value) -> bool {
        let mut ctx = validate::Ctx::new(s, 1);
        ctx.eval(s.root, v, true, None) && ctx.broken.is_none()
    }

    fn parse(text: &str) -> Value {
        Value::parse(text.as_bytes(), Limits::DEFAULT).unwrap()
    }

    /// A tree `levels` deep, each node named but the deepest unless `named`.
    fn tree(levels: usize, named: bool) -> String {
        let leaf = if named { r#"{"n":"x"}"# } else { "{}" };
        (0..levels).fold(String::from(leaf), |acc, _| {
            format!(r#"{{"n":"x","c":[{acc}]}}"#)
        })
    }

    /// Recursive schemas (through plain `$ref` chains, and under `not` and `anyOf`, where
    /// meeting the depth limit decides the answer) give the `Ctx`'s answers at every depth
    /// around every limit: the bounded evaluation of a recursive root gives up early enough.
    #[test]
    fn recursive_roots_answer_as_the_ctx_does_at_every_depth() {
        let node = r##"{"type":"object","required":["n"],"properties":{"n":{"type":"string"},"c":{"type":"array","items":{"$ref":"#/$defs/a"}}}}"##;
        let defs = format!(
            r##""$defs":{{"a":{{"$ref":"#/$defs/b"}},"b":{{"$ref":"#/$defs/t"}},"t":{node}}}"##
        );
        let schemas = [
            format!(r##"{{{defs},"$ref":"#/$defs/t"}}"##),
            format!(r##"{{{defs},"not":{{"$ref":"#/$defs/t"}}}}"##),
            format!(r##"{{{defs},"anyOf":[{{"$ref":"#/$defs/a"}},{{"required":["z"]}}]}}"##),
            format!(
                r##"{{{defs},"properties":{{"c":{{"items":{{"not":{{"$ref":"#/$defs/a"}}}}}}}}}}"##
            ),
        ];
        let (mut deep, mut answered) = (0, 0);
        for text in &schemas {
            for max_depth in [8, 12, 16, 24, 32, 64, 128, 256] {
                let opts = SchemaOptions::new().max_depth(max_depth);
                let s = Schema::compile_with(&parse(text), &opts).unwrap();
                assert!(s.nodes[s.root as usize].fast.deep_plain, "{text}");
                for levels in 0..62 {
                    for named in [true, false] {
                        let v = parse(&tree(levels, named));
                        let want = by_ctx(&s, &v);
                        assert_eq!(s.is_valid(&v), want, "{text} {max_depth} {levels} {named}");
                        assert_eq!(
                            s.validate(&v).is_empty(),
                            want,
                            "{text} {max_depth} {levels}"
                        );
                        deep += usize::from(s.deep_valid(&v, 0).is_err());
                        answered += usize::from(s.deep_valid(&v, 0).is_ok());
                    }
                }
            }
        }
        // Both ways were taken: answered by bounded evaluation, and given up to the `Ctx`.
        assert!(
            deep > 1000 && answered > 200,
            "{deep} given up, {answered} answered"
        );
    }
}
