//! The compiled form of a schema: an arena of nodes, each a list of keywords whose
//! subschemas are node ids (so `$ref` cycles are just ids, never recursion at compile time).

use super::format::Format;
use super::number::Dec;
use super::regex::Pattern;
use crate::json::Value;
use alloc::boxed::Box;
use alloc::string::String;
use alloc::vec::Vec;

/// Index of a node in [`Schema`](super::Schema)'s arena.
pub(crate) type NodeId = u32;

/// JSON types as bits, for `type`.
pub(crate) mod types {
    pub(crate) const NULL: u8 = 1;
    pub(crate) const BOOLEAN: u8 = 2;
    pub(crate) const OBJECT: u8 = 4;
    pub(crate) const ARRAY: u8 = 8;
    pub(crate) const NUMBER: u8 = 16;
    pub(crate) const STRING: u8 = 32;
    pub(crate) const INTEGER: u8 = 64;
    /// Names in the order messages list them.
    pub(crate) const NAMES: [(u8, &str); 7] = [
        (OBJECT, "object"),
        (ARRAY, "array"),
        (STRING, "string"),
        (INTEGER, "integer"),
        (NUMBER, "number"),
        (BOOLEAN, "boolean"),
        (NULL, "null"),
    ];

    /// The bit of a type name.
    pub(crate) fn from_name(name: &str) -> Option<u8> {
        NAMES.iter().find(|(_, n)| *n == name).map(|(b, _)| *b)
    }
}

/// One subschema.
#[derive(Clone, Debug)]
pub(crate) struct Node {
    /// `Some` for the boolean schemas `true` / `false`.
    pub boolean: Option<bool>,
    /// The keywords to apply, in evaluation order (`unevaluated*` last).
    pub kws: Vec<Kw>,
    /// The schema resource this node belongs to (for `$dynamicRef`'s dynamic scope).
    pub resource: u32,
    /// Where the node is written: a JSON pointer, prefixed by `uri#` outside the root document.
    pub path: String,
    /// True when the node has `unevaluatedItems` or `unevaluatedProperties`.
    pub unevaluated: bool,
    /// True when the node can reach itself in place (a possible infinite `$ref` loop).
    pub in_cycle: bool,
    /// The pre-decoded form for quick evaluation.
    pub fast: super::quick_form::Fast,
}

/// A numeric bound keyword.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Bound {
    Minimum,
    ExclusiveMinimum,
    Maximum,
    ExclusiveMaximum,
}

impl Bound {
    /// Whether a number that compares `o` to the bound's limit satisfies the bound.
    #[inline(always)]
    pub(crate) fn holds(self, o: core::cmp::Ordering) -> bool {
        use core::cmp::Ordering;
        match self {
            Bound::Minimum => o != Ordering::Less,
            Bound::ExclusiveMinimum => o == Ordering::Greater,
            Bound::Maximum => o != Ordering::Greater,
            Bound::ExclusiveMaximum => o == Ordering::Less,
        }
    }
}

/// A size keyword (`minLength`, `maxItems`, …).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Size {
    MinLength,
    MaxLength,
    MinItems,
    MaxItems,
    MinProperties,
    MaxProperties,
}

impl Size {
    pub(crate) fn name(self) -> &'static str {
        match self {
            Size::MinLength => "minLength",
            Size::MaxLength => "maxLength",
            Size::MinItems => "minItems",
            Size::MaxItems => "maxItems",
            Size::MinProperties => "minProperties",
            Size::MaxProperties => "maxProperties",
        }
    }
}

/// A compiled keyword.
#[derive(Clone, Debug)]
pub(crate) enum Kw {
    Ref(NodeId),
    /// `$dynamicRef`: the statically resolved target, and the anchor name (an index into
    /// the schema's name table) when the target is a `$dynamicAnchor`.
    DynamicRef(NodeId, Option<u32>),
    Type(u8),
    Const(Box<Value>),
    Enum(Vec<Value>),
    MultipleOf(Dec, Box<str>),
    Bound(Bound, Dec, Box<str>),
    Size(Size, u64),
    Pattern(Box<Pattern>),
    Format(Format, Box<str>),
    UniqueItems,
    Required(Vec<String>),
    /// Also draft-07 `dependencies` (the name is kept for error paths).
    DependentRequired(Vec<(String, Vec<String>)>, &'static str),
    AllOf(Vec<NodeId>),
    AnyOf(Vec<NodeId>),
    OneOf(Vec<NodeId>),
    Not(NodeId),
    If {
        cond: NodeId,
        then: Option<NodeId>,
        els: Option<NodeId>,
    },
    DependentSchemas(Vec<(String, NodeId)>, &'static str),
    PrefixItems(Vec<NodeId>),
    /// `items` (from `start`: after `prefixItems`) or draft-07 `additionalItems`.
    Items {
        node: NodeId,
        start: usize,
        name: &'static str,
    },
    Contains {
        node: NodeId,
        min: u64,
        max: Option<u64>,
    },
    /// Sorted by name for binary search.
    Properties(Vec<(String, NodeId)>),
    PatternProperties(Vec<(Pattern, NodeId)>),
    /// Indices of the sibling `properties` / `patternProperties` keywords in `kws`.
    AdditionalProperties {
        node: NodeId,
        props: Option<usize>,
        pats: Option<usize>,
    },
    PropertyNames(NodeId),
    UnevaluatedItems(NodeId),
    UnevaluatedProperties(NodeId),
}

impl Kw {
    /// True for keywords that look at the value alone (no subschemas).
    pub(crate) fn checks_value_alone(&self) -> bool {
        matches!(
            self,
            Kw::Type(_)
                | Kw::Const(_)
                | Kw::Enum(_)
                | Kw::MultipleOf(..)
                | Kw::Bound(..)
                | Kw::Size(..)
                | Kw::Pattern(_)
                | Kw::Format(..)
                | Kw::UniqueItems
                | Kw::Required(_)
                | Kw::DependentRequired(..)
        )
    }

    /// The keyword as written in the schema (for `schemaPath` and `keyword`).
    pub(crate) fn name(&self) -> &'static str {
        match self {
            Kw::Ref(_) => "$ref",
            Kw::DynamicRef(..) => "$dynamicRef",
            Kw::Type(_) => "type",
            Kw::Const(_) => "const",
            Kw::Enum(_) => "enum",
            Kw::MultipleOf(..) => "multipleOf",
            Kw::Bound(b, ..) => match b {
                Bound::Minimum => "minimum",
                Bound::ExclusiveMinimum => "exclusiveMinimum",
                Bound::Maximum => "maximum",
                Bound::ExclusiveMaximum => "exclusiveMaximum",
            },
            Kw::Size(s, _) => s.name(),
            Kw::Pattern(_) => "pattern",
            Kw::Format(..) => "format",
            Kw::UniqueItems => "uniqueItems",
            Kw::Required(_) => "required",
            Kw::DependentRequired(_, n) | Kw::DependentSchemas(_, n) => n,
            Kw::AllOf(_) => "allOf",
            Kw::AnyOf(_) => "anyOf",
            Kw::OneOf(_) => "oneOf",
            Kw::Not(_) => "not",
            Kw::If { .. } => "if",
            Kw::PrefixItems(_) => "prefixItems",
            Kw::Items { name, .. } => name,
            Kw::Contains { .. } => "contains",
            Kw::Properties(_) => "properties",
            Kw::PatternProperties(_) => "patternProperties",
            Kw::AdditionalProperties { .. } => "additionalProperties",
            Kw::PropertyNames(_) => "propertyNames",
            Kw::UnevaluatedItems(_) => "unevaluatedItems",
            Kw::UnevaluatedProperties(_) => "unevaluatedProperties",
        }
    }
}
