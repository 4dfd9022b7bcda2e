//! Tagged unions (`anyOf` / `oneOf` whose branches pin a member to a string each): `is_valid`
//! checks only the branch the object's tag names. Each schema is compared with the same
//! schema whose tags are not recognised (`"minLength": 0` beside each `const`, which changes
//! nothing but hides the tag), on objects with every tag, none, a wrong one, a tag that is
//! not a string, and members that fail the tagged branch.

use mcpwire::json::Value;
use mcpwire::schema::Schema;
use mcpwire::Limits;

fn parse(text: &str) -> Value {
    Value::parse(text.as_bytes(), Limits::DEFAULT).unwrap()
}

const SCHEMAS: [&str; 9] = [
    // pydantic: `oneOf` of `$ref`s, the tag `required`.
    r##"{"$defs":{"C":{"type":"object","properties":{"kind":{"const":"circle"},"r":{"type":"number","exclusiveMinimum":0}},"required":["kind","r"]},"R":{"type":"object","properties":{"kind":{"const":"rect"},"w":{"type":"number"},"h":{"type":"number"}},"required":["kind","w","h"]}},"type":"object","properties":{"shape":{"oneOf":[{"$ref":"#/$defs/C"},{"$ref":"#/$defs/R"}]}},"required":["shape"]}"##,
    // zod: `anyOf` of inline objects, `enum` of one value, closed objects.
    r#"{"type":"object","properties":{"shape":{"anyOf":[{"type":"object","properties":{"kind":{"type":"string","enum":["circle"]},"r":{"type":"number"}},"required":["kind"],"additionalProperties":false},{"type":"object","properties":{"kind":{"type":"string","enum":["rect"]},"w":{"type":"number"}},"required":["kind"],"additionalProperties":false}]}}}"#,
    // The tag not required: an object without it may match a branch.
    r#"{"anyOf":[{"properties":{"kind":{"const":"circle"},"r":{"type":"integer"}}},{"properties":{"kind":{"const":"rect"},"w":{"type":"integer"}}}]}"#,
    // `oneOf` where an untagged object matches both branches.
    r#"{"oneOf":[{"properties":{"kind":{"const":"circle"}}},{"properties":{"kind":{"const":"rect"}}}]}"#,
    // Two tags in the branches; either tells.
    r#"{"oneOf":[{"properties":{"kind":{"const":"circle"},"v":{"const":"1"}},"required":["kind","v"]},{"properties":{"kind":{"const":"rect"},"v":{"const":"2"}},"required":["kind","v"]}]}"#,
    // The same tag twice: not a tagged union (both branches are tried).
    r#"{"oneOf":[{"properties":{"kind":{"const":"circle"},"r":{"type":"integer"}}},{"properties":{"kind":{"const":"circle"},"r":{"type":"string"}}}]}"#,
    // One branch untagged: not a tagged union.
    r#"{"anyOf":[{"properties":{"kind":{"const":"circle"}},"required":["kind"]},{"type":"object","required":["w"]}]}"#,
    // Three branches, a tag written with an escape, and a branch that also rejects by type.
    r#"{"oneOf":[{"properties":{"t":{"const":"a\u00e9"},"x":{"type":"integer"}}},{"properties":{"t":{"const":"b"},"x":{"type":"string"}}},{"type":"object","properties":{"t":{"const":"c"}},"maxProperties":1}]}"#,
    // A tag member that also takes integers: a number there tells nothing.
    r#"{"oneOf":[{"properties":{"kind":{"enum":["circle",5]},"r":{"type":"integer"}},"required":["r"]},{"properties":{"kind":{"const":"rect"}},"required":["w"]}]}"#,
];

const INSTANCES: [&str; 26] = [
    r#"{"shape":{"kind":"circle","r":2}}"#,
    r#"{"shape":{"kind":"circle","r":-1}}"#,
    r#"{"shape":{"kind":"circle"}}"#,
    r#"{"shape":{"kind":"rect","w":2,"h":3}}"#,
    r#"{"shape":{"kind":"rect","w":2}}"#,
    r#"{"shape":{"kind":"rect","r":2}}"#,
    r#"{"shape":{"kind":"triangle"}}"#,
    r#"{"shape":{"kind":5,"r":2}}"#,
    r#"{"shape":{"r":2}}"#,
    r#"{"shape":{}}"#,
    r#"{"shape":[]}"#,
    r#"{"kind":"circle","r":2}"#,
    r#"{"kind":"circle","r":"2"}"#,
    r#"{"kind":"rect","w":2}"#,
    r#"{"kind":"rect","w":2.5}"#,
    r#"{"kind":"square"}"#,
    r#"{"kind":null}"#,
    r#"{"kind":5,"r":2}"#,
    r#"{"kind":5,"w":2}"#,
    r#"{"r":1}"#,
    r#"{"kind":"circle","v":"2"}"#,
    r#"{"kind":"rect","v":"2"}"#,
    r#"{"t":"aé","x":1}"#,
    r#"{"t":"b","x":1}"#,
    r#"{"t":"c"}"#,
    r#"{"t":"c","x":1}"#,
];

/// The schema with every `const` / one-value `enum` hidden from the tag finder.
fn untagged(schema: &str) -> String {
    schema
        .replace(r#"{"const":"#, r#"{"minLength":0,"const":"#)
        .replace(r#""enum":["#, r#""minLength":0,"enum":["#)
}

#[test]
fn tagged_unions_answer_as_the_untagged_form() {
    let (mut valid, mut invalid) = (0, 0);
    for text in SCHEMAS {
        let tagged = Schema::compile(&parse(text)).unwrap();
        let plain = Schema::compile(&parse(&untagged(text))).unwrap();
        for inst in INSTANCES {
            let v = parse(inst);
            let want = plain.is_valid(&v);
            assert_eq!(tagged.is_valid(&v), want, "{text} on {inst}");
            assert_eq!(tagged.validate(&v).is_empty(), want, "{text} on {inst}");
            assert_eq!(plain.validate(&v).is_empty(), want, "{text} on {inst}");
            if want {
                valid += 1;
            } else {
                invalid += 1;
            }
        }
    }
    assert!(
        valid > 40 && invalid > 60,
        "{valid} valid, {invalid} invalid"
    );
}

#[test]
fn the_tagged_branch_decides() {
    let s = Schema::compile(&parse(SCHEMAS[0])).unwrap();
    let ok = |inst: &str| s.is_valid(&parse(inst));
    assert!(ok(r#"{"shape":{"kind":"circle","r":2}}"#));
    assert!(ok(r#"{"shape":{"kind":"rect","w":2,"h":3}}"#));
    assert!(!ok(r#"{"shape":{"kind":"circle","w":2,"h":3}}"#));
    assert!(!ok(r#"{"shape":{"kind":"triangle","r":2}}"#));
    assert!(!ok(r#"{"shape":{"kind":"rect","r":2}}"#));
}
