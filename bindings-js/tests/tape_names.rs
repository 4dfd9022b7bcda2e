//! `bindings-node/js/tape_names.js` is what core's tape tags and bindings-js's statuses say:
//! fails when they changed and the file was not written again (`MCPWIRE_WRITE_TAPE_NAMES=1`
//! writes it).

use std::path::Path;

#[test]
fn committed_tape_names_js_is_what_core_says() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../bindings-node/js/tape_names.js");
    let want = mcpwire_js::tape_names_js();
    if std::env::var_os("MCPWIRE_WRITE_TAPE_NAMES").is_some() {
        std::fs::write(&path, &want).unwrap();
    }
    let got = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        got == want,
        "{} differs from what core's tape tags say: run MCPWIRE_WRITE_TAPE_NAMES=1 cargo test -p mcpwire-js --test tape_names\n--- want:\n{want}",
        path.display()
    );
}
