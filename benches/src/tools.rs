//! tools/list results and tools/call requests.

use crate::builder::{obj, response, s, Rng, J};
use crate::words::{camel, paragraph, sentence, NOUNS, SERVICES, VERBS};

pub(crate) fn prop_string(rng: &mut Rng, name: &str) -> J {
    let mut m = vec![
        ("type", s("string")),
        (
            "description",
            s(&format!("The {name}. {}", sentence(rng, 10))),
        ),
    ];
    match rng.below(5) {
        0 => m.push((
            "format",
            s(rng.pick(&["date-time", "email", "uri", "uuid"])),
        )),
        1 => m.push(("pattern", s("^[A-Za-z0-9_.-]{1,64}$"))),
        2 => {
            m.push(("minLength", J::Int(1)));
            m.push(("maxLength", J::Int(256)));
        }
        _ => {}
    }
    obj(m)
}

pub(crate) fn prop_enum(rng: &mut Rng, name: &str) -> J {
    let options: &[&[&str]] = &[
        &["open", "closed", "all"],
        &["asc", "desc"],
        &["created", "updated", "comments", "reactions", "relevance"],
        &["low", "medium", "high", "critical"],
        &["json", "csv", "markdown"],
    ];
    let opts = match name {
        "state" => options[0],
        "sort" => options[2],
        "format" => options[4],
        "mode" => options[1],
        _ => rng.pick(options),
    };
    obj(vec![
        ("type", s("string")),
        (
            "description",
            s(&format!("How to choose {name}. {}", sentence(rng, 8))),
        ),
        ("enum", J::Arr(opts.iter().map(|o| s(o)).collect())),
        ("default", s(opts[0])),
    ])
}

pub(crate) fn prop_int(rng: &mut Rng, name: &str) -> J {
    let max = [10, 50, 100, 1000, 10000][rng.below(5)];
    obj(vec![
        ("type", s("integer")),
        (
            "description",
            s(&format!("Maximum {name}. {}", sentence(rng, 6))),
        ),
        ("minimum", J::Int(1)),
        ("maximum", J::Int(max)),
        ("default", J::Int(max.min(30))),
    ])
}

pub(crate) fn prop_bool(rng: &mut Rng, name: &str) -> J {
    obj(vec![
        ("type", s("boolean")),
        (
            "description",
            s(&format!("Whether to include {name}. {}", sentence(rng, 5))),
        ),
        ("default", J::Bool(rng.chance(1, 3))),
    ])
}

pub(crate) fn prop_array_of_strings(rng: &mut Rng, name: &str) -> J {
    obj(vec![
        ("type", s("array")),
        (
            "description",
            s(&format!("List of {name}. {}", sentence(rng, 7))),
        ),
        (
            "items",
            obj(vec![("type", s("string")), ("minLength", J::Int(1))]),
        ),
        ("maxItems", J::Int(50)),
        ("uniqueItems", J::Bool(true)),
    ])
}

/// A nested object property: `{type: object, properties: {...}, required: [...]}`.
pub(crate) fn prop_nested(rng: &mut Rng, name: &str, depth: usize) -> J {
    let keys = [
        "since", "until", "author", "labels", "state", "limit", "path", "mode",
    ];
    let n = 2 + rng.below(3);
    let mut props = Vec::new();
    let mut required = Vec::new();
    for k in keys.iter().skip(rng.below(4)).take(n) {
        let v = match rng.below(6) {
            0 if depth < 2 => prop_nested(rng, k, depth + 1),
            1 => prop_enum(rng, k),
            2 => prop_int(rng, k),
            3 => prop_array_of_strings(rng, k),
            _ => prop_string(rng, k),
        };
        if rng.chance(1, 2) {
            required.push(s(k));
        }
        props.push((k.to_string(), v));
    }
    let mut m = vec![
        ("type", s("object")),
        (
            "description",
            s(&format!("Options for {name}. {}", sentence(rng, 6))),
        ),
        ("properties", J::Obj(props)),
    ];
    if !required.is_empty() {
        m.push(("required", J::Arr(required)));
    }
    m.push(("additionalProperties", J::Bool(false)));
    obj(m)
}

pub(crate) fn defs(rng: &mut Rng) -> J {
    obj(vec![
        (
            "actor",
            obj(vec![
                ("type", s("object")),
                (
                    "properties",
                    obj(vec![
                        (
                            "id",
                            obj(vec![("type", s("string")), ("format", s("uuid"))]),
                        ),
                        ("login", obj(vec![("type", s("string"))])),
                        (
                            "kind",
                            obj(vec![(
                                "enum",
                                J::Arr(vec![s("user"), s("bot"), s("organization")]),
                            )]),
                        ),
                    ]),
                ),
                ("required", J::Arr(vec![s("id")])),
            ]),
        ),
        (
            "dateRange",
            obj(vec![
                ("type", s("object")),
                ("description", s(&sentence(rng, 9))),
                (
                    "properties",
                    obj(vec![
                        (
                            "from",
                            obj(vec![("type", s("string")), ("format", s("date-time"))]),
                        ),
                        (
                            "to",
                            obj(vec![("type", s("string")), ("format", s("date-time"))]),
                        ),
                    ]),
                ),
            ]),
        ),
    ])
}

pub(crate) fn input_schema(rng: &mut Rng, noun: &str) -> J {
    let names = [
        "owner",
        "query",
        "state",
        "limit",
        "cursor",
        "sort",
        "includeArchived",
        "labels",
        "filters",
        "format",
        "actor",
        "period",
    ];
    let mut props = Vec::new();
    let mut required = Vec::new();
    let count = 6 + rng.below(5);
    for name in names.iter().take(count) {
        let v = match *name {
            "state" | "sort" | "format" => prop_enum(rng, name),
            "limit" => prop_int(rng, noun),
            "includeArchived" => prop_bool(rng, noun),
            "labels" => prop_array_of_strings(rng, name),
            "filters" => prop_nested(rng, name, 0),
            "actor" => obj(vec![("$ref", s("#/$defs/actor"))]),
            "period" => obj(vec![("$ref", s("#/$defs/dateRange"))]),
            _ => prop_string(rng, name),
        };
        if matches!(*name, "owner" | "query") || rng.chance(1, 5) {
            required.push(s(name));
        }
        props.push((name.to_string(), v));
    }
    let mut m = vec![];
    if rng.chance(1, 3) {
        m.push(("$schema", s("https://json-schema.org/draft/2020-12/schema")));
    }
    m.push(("type", s("object")));
    m.push(("properties", J::Obj(props)));
    m.push(("required", J::Arr(required)));
    m.push(("additionalProperties", J::Bool(false)));
    if count >= 8 || rng.chance(1, 2) {
        m.push(("$defs", defs(rng)));
    }
    obj(m)
}

pub(crate) fn output_schema(rng: &mut Rng, noun: &str) -> J {
    obj(vec![
        ("type", s("object")),
        (
            "properties",
            obj(vec![
                (
                    noun.to_string(),
                    obj(vec![
                        ("type", s("array")),
                        (
                            "items",
                            obj(vec![
                                ("type", s("object")),
                                (
                                    "properties",
                                    obj(vec![
                                        ("id", obj(vec![("type", s("string"))])),
                                        ("title", obj(vec![("type", s("string"))])),
                                        (
                                            "score",
                                            obj(vec![
                                                ("type", s("number")),
                                                ("minimum", J::Int(0)),
                                                ("maximum", J::Int(1)),
                                            ]),
                                        ),
                                        (
                                            "updatedAt",
                                            obj(vec![
                                                ("type", s("string")),
                                                ("format", s("date-time")),
                                            ]),
                                        ),
                                    ]),
                                ),
                                ("required", J::Arr(vec![s("id"), s("title")])),
                            ]),
                        ),
                    ]),
                ),
                (
                    "nextCursor".to_string(),
                    obj(vec![
                        ("type", s("string")),
                        ("description", s(&sentence(rng, 6))),
                    ]),
                ),
                ("total".to_string(), obj(vec![("type", s("integer"))])),
            ]),
        ),
        ("required", J::Arr(vec![s(noun)])),
    ])
}

/// One `tools/list` result with 100 tools.
pub fn tools_list() -> Vec<u8> {
    tools_list_n(100)
}

/// A `tools/list` result with `count` tools (the first 100 are [`tools_list`]'s; later names
/// get their index as a suffix so they stay unique).
pub fn tools_list_n(count: usize) -> Vec<u8> {
    let mut rng = Rng::new(1);
    let mut tools = Vec::new();
    for i in 0..count {
        let (svc, svc_name) = SERVICES[i % SERVICES.len()];
        let verb = VERBS[(i / SERVICES.len()) % VERBS.len()];
        let noun = rng.pick(NOUNS);
        let name = match i {
            0..100 => format!("{svc}_{verb}_{noun}"),
            _ => format!("{svc}_{verb}_{noun}_{i}"),
        };
        let title = format!(
            "{} {} ({svc_name})",
            capitalize(verb),
            noun.replace('_', " ")
        );
        let sentences = 4 + rng.below(4);
        let description = format!(
            "{} {} in {svc_name}. {}",
            capitalize(verb),
            noun.replace('_', " "),
            paragraph(&mut rng, sentences)
        );
        let read_only = matches!(verb, "search" | "list" | "get" | "export" | "summarize");
        let mut m = vec![
            ("name", s(&name)),
            ("title", s(&title)),
            ("description", s(&description)),
            ("inputSchema", input_schema(&mut rng, noun)),
        ];
        if rng.chance(1, 3) {
            m.push(("outputSchema", output_schema(&mut rng, &camel(&[noun]))));
        }
        m.push((
            "annotations",
            obj(vec![
                ("title", s(&title)),
                ("readOnlyHint", J::Bool(read_only)),
                ("destructiveHint", J::Bool(verb == "delete")),
                ("idempotentHint", J::Bool(read_only || verb == "update")),
                ("openWorldHint", J::Bool(svc != "fs")),
            ]),
        ));
        tools.push(obj(m));
    }
    response(
        J::Int(1),
        obj(vec![
            ("tools", J::Arr(tools)),
            ("nextCursor", s("eyJwYWdlIjoyLCJzaXplIjoxMDB9")),
        ]),
    )
}

pub(crate) fn capitalize(w: &str) -> String {
    let mut c = w.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

// ---------------------------------------------------------------------------------------------
// tools/call

/// `n` small `tools/call` requests (strings need no unescaping).
pub fn tools_calls(n: usize) -> Vec<Vec<u8>> {
    let mut rng = Rng::new(2);
    let queries = [
        "label:bug state:open",
        "is:pr review:required",
        "deploy failed last 24h",
        "invoice overdue",
        "quarterly report draft",
        "crashloopbackoff",
    ];
    (0..n)
        .map(|i| {
            let (svc, _) = rng.pick(SERVICES);
            let verb = rng.pick(&["search", "list", "get"]);
            let noun = rng.pick(NOUNS);
            let args = obj(vec![
                (
                    "owner",
                    s(rng.pick(&["acme-corp", "octo-org", "platform-team"])),
                ),
                ("query", s(rng.pick(&queries))),
                ("limit", J::Int([10, 25, 50][rng.below(3)])),
                ("includeArchived", J::Bool(rng.chance(1, 4))),
            ]);
            let id = if i % 5 == 4 {
                s(&format!("req-{i:06}"))
            } else {
                J::Int(1000 + i as i64)
            };
            obj(vec![
                ("jsonrpc", s("2.0")),
                ("id", id),
                ("method", s("tools/call")),
                (
                    "params",
                    obj(vec![
                        ("name", s(&format!("{svc}_{verb}_{noun}"))),
                        ("arguments", args),
                        (
                            "_meta",
                            obj(vec![("progressToken", s(&format!("pt-{i:05}")))]),
                        ),
                    ]),
                ),
            ])
            .to_bytes()
        })
        .collect()
}
