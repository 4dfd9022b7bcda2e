//! Names shown per target: unchanged when they fit and collide with nothing, made unique
//! deterministically (whatever the add order), and mapped back.

use mcpwire::host::{check_tools, Catalog, Policy, Target};
use mcpwire::json::Value;
use mcpwire::Limits;

fn tools(names: &[&str]) -> Value {
    let list: Vec<String> = names
        .iter()
        .map(|n| format!(r#"{{"name":{},"description":"d","inputSchema":{{"type":"object","properties":{{}}}}}}"#, Value::String((*n).into()).to_vec().iter().map(|b| *b as char).collect::<String>()))
        .collect();
    Value::parse(
        format!(r#"{{"tools":[{}]}}"#, list.join(",")).as_bytes(),
        Limits::DEFAULT,
    )
    .unwrap()
}

fn names(c: &Catalog, t: Target) -> Vec<(String, String, String)> {
    let m = c.to_model(t, false, &Policy::default(), None).unwrap();
    let Some(Value::Object(map)) = m.get("names") else {
        panic!()
    };
    let mut out: Vec<(String, String, String)> = map
        .iter()
        .map(|(shown, st)| {
            let s = |k: &str| match st.get(k) {
                Some(Value::String(s)) => s.clone(),
                _ => panic!(),
            };
            (s("server"), s("tool"), shown.clone())
        })
        .collect();
    out.sort();
    out
}

fn long(n: usize) -> String {
    "x".repeat(n)
}

fn servers() -> Vec<(&'static str, Vec<String>)> {
    vec![
        (
            "github",
            vec!["search".into(), "create_issue".into(), "repo.list".into()],
        ),
        (
            "jira.cloud",
            vec![
                "search".into(),
                "create_issue".into(),
                "a_b".into(),
                "a.b".into(),
            ],
        ),
        (
            "files",
            vec![
                long(100),
                format!("{}1", long(99)),
                "9lives".into(),
                "ok-name".into(),
            ],
        ),
    ]
}

fn build(order: &[usize]) -> Catalog {
    let all = servers();
    let mut c = Catalog::new();
    for &i in order {
        let (server, names) = &all[i];
        let refs: Vec<&str> = names.iter().map(String::as_str).collect();
        // Reversed inside the server too when the server order is reversed.
        let mut refs = refs;
        if order[0] != 0 {
            refs.reverse();
        }
        c.add(server, &tools(&refs)).unwrap();
    }
    c
}

#[test]
fn names_fit_are_unique_and_do_not_depend_on_the_add_order() {
    let a = build(&[0, 1, 2]);
    let b = build(&[2, 1, 0]);
    for t in Target::ALL {
        let na = names(&a, t);
        assert_eq!(na, names(&b, t), "{t:?}");
        let shown: std::collections::BTreeSet<&str> =
            na.iter().map(|(_, _, s)| s.as_str()).collect();
        assert_eq!(shown.len(), na.len(), "unique for {t:?}");
        let m = a.to_model(t, false, &Policy::default(), None).unwrap();
        let v = check_tools(t, false, m.get("tools").unwrap());
        assert!(v.is_empty(), "{t:?}: {v:?}");
        for (server, tool, shown) in &na {
            assert_eq!(a.lookup(t, shown), Some((server.as_str(), tool.as_str())));
        }
    }
}

#[test]
fn names_that_fit_and_collide_with_nothing_stay_unchanged() {
    let c = build(&[0, 1, 2]);
    let n = names(&c, Target::OpenAiChat);
    let get = |server: &str, tool: &str| {
        n.iter()
            .find(|(s, t, _)| s == server && t == tool)
            .unwrap()
            .2
            .clone()
    };
    assert_eq!(get("files", "ok-name"), "ok-name");
    assert_eq!(get("github", "search"), "github__search");
    assert_eq!(get("jira.cloud", "search"), "jira_cloud__search");
    // `a.b` rewrites to `a_b`, which another tool has as it is: that one keeps it.
    assert_eq!(get("jira.cloud", "a_b"), "a_b");
    assert_eq!(get("jira.cloud", "a.b"), "jira_cloud__a_b");
    assert_eq!(get("github", "repo.list"), "repo_list");
    let long_name = get("files", &long(100));
    assert_eq!(long_name.len(), 64);
    assert!(
        long_name.rsplit('_').next().unwrap().len() == 8,
        "{long_name}"
    );
    // Gemini keeps dots and needs a letter or `_` first.
    let g = names(&c, Target::Gemini);
    let gget = |server: &str, tool: &str| {
        g.iter()
            .find(|(s, t, _)| s == server && t == tool)
            .unwrap()
            .2
            .clone()
    };
    assert_eq!(gget("github", "repo.list"), "repo.list");
    assert_eq!(gget("files", "9lives"), "_9lives");
}

#[test]
fn decide_finds_tools_through_shown_names_and_server_qualified_mcp_names() {
    let c = build(&[0, 1, 2]);
    let p = Policy::default();
    let args = Value::Object(vec![]);
    let d = c.decide(
        "jira_cloud__search",
        &args,
        Some(Target::OpenAiChat),
        false,
        &p,
        None,
    );
    assert_eq!(d.get("server"), Some(&Value::String("jira.cloud".into())));
    let d = c.decide("search", &args, None, false, &p, None);
    assert_eq!(d.get("decision"), Some(&Value::String("reject".into())));
    let Some(Value::String(m)) = d.get("message") else {
        panic!()
    };
    assert!(
        m.contains("ambiguous") && m.contains("github/search") && m.contains("jira.cloud/search"),
        "{m}"
    );
    let d = c.decide("github/search", &args, None, false, &p, None);
    assert_eq!(d.get("server"), Some(&Value::String("github".into())));
    // The MCP name is not a shown name for a target that renamed it.
    let d = c.decide(
        "repo.list",
        &args,
        Some(Target::OpenAiChat),
        false,
        &p,
        None,
    );
    assert_eq!(d.get("decision"), Some(&Value::String("reject".into())));
}
