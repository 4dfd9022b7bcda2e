//! Where the project's ground truth lives: the `shared/` folder (the MCP spec and its examples,
//! the JSON-Schema-Test-Suite) that sits beside the checkout, as in CI.

use std::path::PathBuf;

/// `$MCPWIRE_SHARED` when set, else `../shared` from the project root; a missing folder is a
/// failure that names the path and the variable, not a bare "file not found".
pub fn shared_dir() -> PathBuf {
    let dir = match std::env::var_os("MCPWIRE_SHARED") {
        Some(dir) => PathBuf::from(dir),
        None => PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared"),
    };
    assert!(
        dir.is_dir(),
        "the ground truth folder shared/ (spec, JSON-Schema-Test-Suite) is not at {}: \
         check the repository out beside it or set MCPWIRE_SHARED to its path",
        dir.display()
    );
    dir
}
