//! Golden tests of the host kit over real catalogs (the official SDKs' example servers) and
//! the tricky catalog, as listed in `tests/host/golden/manifest.json`; every converted tool
//! list also passes the checker. `MCPWIRE_BLESS=1` rewrites the golden files.

use mcpwire::host::{check_tools, render_result, Catalog, Policy, Target};
use mcpwire::json::Value;
use mcpwire::Limits;
use serde_json::Value as J;
use std::path::PathBuf;

fn dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tests/host")
}

fn read_j(path: &PathBuf) -> J {
    serde_json::from_slice(&std::fs::read(path).unwrap_or_else(|e| panic!("{path:?}: {e}")))
        .unwrap()
}

fn to_value(j: &J) -> Value {
    Value::parse(&serde_json::to_vec(j).unwrap(), Limits::DEFAULT).unwrap()
}

fn to_j(v: &Value) -> J {
    serde_json::from_slice(&v.to_vec()).unwrap()
}

fn manifest() -> J {
    read_j(&dir().join("golden/manifest.json"))
}

fn catalog(names: &[J]) -> Catalog {
    let mut c = Catalog::new();
    for n in names {
        let n = n.as_str().unwrap();
        let file = read_j(&dir().join(format!("catalogs/{n}.json")));
        for page in file["pages"].as_array().unwrap() {
            c.add(n, &to_value(page)).unwrap();
        }
    }
    c
}

fn policy(j: &J) -> Policy {
    Policy::from_value(&to_value(j)).unwrap()
}

fn target(j: &J) -> Option<Target> {
    j.as_str().map(|s| Target::parse(s).unwrap())
}

/// Compares with the golden file, or writes it under `MCPWIRE_BLESS=1`.
fn golden(rel: &str, got: &J) {
    let path = dir().join("golden").join(rel);
    if std::env::var("MCPWIRE_BLESS").as_deref() == Ok("1") {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, serde_json::to_string_pretty(got).unwrap() + "\n").unwrap();
        return;
    }
    let want = read_j(&path);
    if &want != got {
        let w = serde_json::to_string_pretty(&want).unwrap();
        let g = serde_json::to_string_pretty(got).unwrap();
        let line = w
            .lines()
            .zip(g.lines())
            .position(|(a, b)| a != b)
            .unwrap_or(0);
        panic!(
            "{rel} differs from the golden file at line {}:\n want: {}\n  got: {}\n(MCPWIRE_BLESS=1 rewrites it)",
            line + 1,
            w.lines().nth(line).unwrap_or(""),
            g.lines().nth(line).unwrap_or("")
        );
    }
}

#[test]
fn golden_to_model_for_every_target_passes_the_checker() {
    let m = manifest();
    let c = catalog(m["catalogs"].as_array().unwrap());
    for case in m["to_model"].as_array().unwrap() {
        let t = target(&case["target"]).unwrap();
        let strict = case["strict"].as_bool().unwrap();
        let out = c
            .to_model(t, strict, &policy(&case["policy"]), None)
            .unwrap();
        let violations = check_tools(t, strict, out.get("tools").unwrap());
        assert!(violations.is_empty(), "{case}: {violations:#?}");
        golden(case["golden"].as_str().unwrap(), &to_j(&out));
    }
}

#[test]
fn request_limits_are_errors_naming_the_limit_and_selection_gets_under_them() {
    let m = manifest();
    for case in m["to_model_errors"].as_array().unwrap() {
        let c = catalog(case["catalogs"].as_array().unwrap());
        let t = target(&case["target"]).unwrap();
        let err = c
            .to_model(
                t,
                case["strict"].as_bool().unwrap(),
                &policy(&case["policy"]),
                None,
            )
            .unwrap_err();
        let want = case["error_contains"].as_str().unwrap();
        assert!(err.message.contains(want), "{case}: {}", err.message);
    }
    for case in m["to_model_counts"].as_array().unwrap() {
        let c = catalog(case["catalogs"].as_array().unwrap());
        let t = target(&case["target"]).unwrap();
        let strict = case["strict"].as_bool().unwrap();
        let out = to_j(
            &c.to_model(t, strict, &policy(&case["policy"]), None)
                .unwrap(),
        );
        let tools = match t {
            Target::Gemini | Target::GeminiJsonSchema => &out["tools"][0]["functionDeclarations"],
            _ => &out["tools"],
        };
        assert_eq!(
            tools.as_array().unwrap().len() as u64,
            case["tools"].as_u64().unwrap(),
            "{case}"
        );
        assert!(check_tools(t, strict, &to_value(&out["tools"])).is_empty());
    }
}

#[test]
fn golden_inspect_and_select() {
    let m = manifest();
    let c = catalog(m["catalogs"].as_array().unwrap());
    golden(m["inspect"].as_str().unwrap(), &to_j(&c.inspect()));
    for case in m["select"].as_array().unwrap() {
        let out = c.select(&policy(&case["policy"]), None);
        golden(case["golden"].as_str().unwrap(), &to_j(&out));
    }
}

#[test]
fn golden_decisions() {
    let m = manifest();
    let c = catalog(m["catalogs"].as_array().unwrap());
    let mut all = Vec::new();
    for call in m["decide"]["calls"].as_array().unwrap() {
        let d = c.decide(
            call["name"].as_str().unwrap(),
            &to_value(&call["arguments"]),
            target(&call["target"]),
            call["strict"].as_bool().unwrap(),
            &policy(&call["policy"]),
            None,
        );
        all.push(serde_json::json!({"call": call, "decision": to_j(&d)}));
    }
    golden(m["decide"]["golden"].as_str().unwrap(), &J::Array(all));
}

#[test]
fn golden_rendered_results() {
    let m = manifest();
    let results = read_j(
        &dir()
            .join("golden")
            .join(m["render"]["results"].as_str().unwrap()),
    );
    for case in m["render"]["cases"].as_array().unwrap() {
        let t = target(&case["target"]).unwrap();
        let untrusted = case["untrusted"]
            .as_array()
            .map(|p| (p[0].as_str().unwrap(), p[1].as_str().unwrap()));
        let mut out = serde_json::Map::new();
        for (name, result) in results.as_object().unwrap() {
            let r = render_result(
                t,
                &to_value(result),
                case["call_id"].as_str(),
                case["name"].as_str(),
                case["budget"].as_u64().map(|b| b as usize),
                untrusted,
            )
            .unwrap();
            out.insert(name.clone(), to_j(&r));
        }
        golden(case["golden"].as_str().unwrap(), &J::Object(out));
    }
}
