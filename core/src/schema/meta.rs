//! The official metaschemas of draft 2020-12 and draft-07, built in so that a `$ref` to them
//! works without any network (they are parsed only when referenced).

/// The text of the built-in metaschema with this URI (no fragment).
pub(super) fn builtin(uri: &str) -> Option<&'static str> {
    Some(match uri {
        "https://json-schema.org/draft/2020-12/schema" => {
            include_str!("meta/2020-12-schema.json")
        }
        "https://json-schema.org/draft/2020-12/meta/core" => {
            include_str!("meta/2020-12-meta-core.json")
        }
        "https://json-schema.org/draft/2020-12/meta/applicator" => {
            include_str!("meta/2020-12-meta-applicator.json")
        }
        "https://json-schema.org/draft/2020-12/meta/unevaluated" => {
            include_str!("meta/2020-12-meta-unevaluated.json")
        }
        "https://json-schema.org/draft/2020-12/meta/validation" => {
            include_str!("meta/2020-12-meta-validation.json")
        }
        "https://json-schema.org/draft/2020-12/meta/meta-data" => {
            include_str!("meta/2020-12-meta-meta-data.json")
        }
        "https://json-schema.org/draft/2020-12/meta/format-annotation" => {
            include_str!("meta/2020-12-meta-format-annotation.json")
        }
        "https://json-schema.org/draft/2020-12/meta/format-assertion" => {
            include_str!("meta/2020-12-meta-format-assertion.json")
        }
        "https://json-schema.org/draft/2020-12/meta/content" => {
            include_str!("meta/2020-12-meta-content.json")
        }
        "http://json-schema.org/draft-07/schema" => include_str!("meta/draft-07-schema.json"),
        _ => return None,
    })
}
