//! Loading the official JSON-Schema-Test-Suite (`../shared/jsonschema-test-suite`), shared by
//! schema_suite.rs and schema_dump.rs.

use mcpwire::json::Value;
use mcpwire::schema::SchemaOptions;
use mcpwire::Limits;
use std::path::{Path, PathBuf};

/// The suite's root folder.
pub fn suite_dir() -> PathBuf {
    crate::shared_dir::shared_dir().join("jsonschema-test-suite")
}

/// A JSON file of the suite (nesting up to 1024 deep), or a panic naming it.
pub fn parse(path: &Path) -> Value {
    let bytes = std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let limits = Limits {
        max_depth: 1024,
        ..Limits::DEFAULT
    };
    Value::parse(&bytes, limits).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// `opts` with every file under `dir` served as `http://localhost:1234/{rel}…`, in name order.
pub fn collect_remotes(dir: &Path, rel: &str, mut opts: SchemaOptions) -> SchemaOptions {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .expect("remotes dir")
        .flatten()
        .collect();
    entries.sort_by_key(|e| e.file_name());
    for e in entries {
        let name = e.file_name().to_string_lossy().into_owned();
        let path = e.path();
        let rel = format!("{rel}{name}");
        if path.is_dir() {
            opts = collect_remotes(&path, &format!("{rel}/"), opts);
        } else if name.ends_with(".json") {
            opts = opts.with_resource(&format!("http://localhost:1234/{rel}"), parse(&path));
        }
    }
    opts
}

/// The `.json` files of `dir`, sorted; a missing folder is a panic.
pub fn json_files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    files
}

/// Every test's `data` in a suite file's groups, in file order.
pub fn test_data(groups: &[Value]) -> Vec<&Value> {
    groups
        .iter()
        .filter_map(|g| match g.get("tests") {
            Some(Value::Array(t)) => Some(t.iter().filter_map(|t| t.get("data"))),
            _ => None,
        })
        .flatten()
        .collect()
}
