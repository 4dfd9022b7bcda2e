//! What the schema profiling bins run, and the jsonschema crate's errors written out.

/// What the schema profiling bins (`profile_schema`, `profile_jsonschema`) run: from the
/// command line `[tool] [case description] [iterations] [all]` (default `create_event`,
/// "full event", 100000), that tool's `inputSchema` and that case's arguments in
/// tests/schemas/python-sdk.json.
pub struct SchemaProfile {
    /// The tool's name.
    pub tool: String,
    /// The case's description.
    pub case: String,
    /// How many calls to make.
    pub iters: usize,
    /// Collect every error instead of `is_valid`.
    pub all: bool,
    /// With `all`: also write each error out as mcpwire's errors are, its instance path,
    /// schema path and message as strings (the jsonschema crate formats them on demand).
    pub text: bool,
    /// The tool's `inputSchema`.
    pub schema: serde_json::Value,
    /// The case's arguments.
    pub instance: serde_json::Value,
}

/// Every error of `instance` with its message written out: what
/// `mcpwire::schema::Schema::validate` returns, from the `jsonschema` crate, whose errors
/// carry their instance and schema paths as strings already and format their message only
/// when asked.
pub fn jsonschema_errors_text<'i>(
    validator: &'i jsonschema::Validator,
    instance: &'i serde_json::Value,
) -> Vec<(jsonschema::ValidationError<'i>, String)> {
    validator
        .iter_errors(instance)
        .map(|e| {
            let message = e.to_string();
            (e, message)
        })
        .collect()
}

impl SchemaProfile {
    /// Reads the command line and the file; panics with a message on bad arguments.
    pub fn from_args() -> Self {
        let mut args = std::env::args().skip(1);
        let tool = args.next().unwrap_or_else(|| "create_event".into());
        let case = args.next().unwrap_or_else(|| "full event".into());
        let iters = args
            .next()
            .map_or(100_000, |n| n.parse().expect("iterations"));
        let mode = args.next().unwrap_or_default();
        let (all, text) = (mode == "all" || mode == "text", mode == "text");
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../tests/schemas/python-sdk.json"
        );
        let doc: serde_json::Value =
            serde_json::from_slice(&std::fs::read(path).expect("python-sdk.json")).expect("JSON");
        let find = |list: &str, key: &str, want: &str| {
            doc[list]
                .as_array()
                .expect("a list")
                .iter()
                .find(|t| t[key] == want && (list == "tools" || t["tool"] == tool.as_str()))
                .unwrap_or_else(|| panic!("no {want} in {list}"))
                .clone()
        };
        let schema = find("tools", "name", &tool)["inputSchema"].clone();
        // (`PROFILE_ARGUMENTS`, JSON: other arguments for the tool, for measuring a case
        // that is not in the corpus.)
        let instance = match std::env::var("PROFILE_ARGUMENTS") {
            Ok(text) => serde_json::from_str(&text).expect("PROFILE_ARGUMENTS: JSON"),
            Err(_) => find("cases", "description", &case)["arguments"].clone(),
        };
        SchemaProfile {
            tool,
            case,
            iters,
            all,
            text,
            schema,
            instance,
        }
    }
}
