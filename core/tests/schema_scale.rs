//! Schemas and instances past the sizes where the validator switches from scanning to
//! sorted lookups (long `enum`s, long `required` lists on wide objects, thousands of
//! `properties`): the answers must be the same as on small ones.

use mcpwire::json::Value;
use mcpwire::schema::Schema;
use mcpwire::Limits;

fn schema(text: &str) -> Schema {
    Schema::compile(&value(text)).unwrap()
}

fn value(text: &str) -> Value {
    Value::parse(text.as_bytes(), Limits::DEFAULT).unwrap()
}

fn object(members: impl Iterator<Item = String>) -> String {
    format!("{{{}}}", members.collect::<Vec<_>>().join(","))
}

#[test]
fn long_enums_find_every_value_and_nothing_else() {
    // Written out of order, with numbers equal in value but not in text.
    let strs: Vec<String> = (0..500)
        .rev()
        .map(|i| format!("\"s{}\"", i * 7 % 500))
        .collect();
    let nums: Vec<String> = (0..500)
        .map(|i| format!("{}", (i * 13 % 500) - 250))
        .collect();
    let s = schema(&format!(
        "{{\"enum\":[{},{},1.5,1e3,-0.25]}}",
        strs.join(","),
        nums.join(",")
    ));
    for v in strs.iter().chain(&nums) {
        assert!(s.is_valid(&value(v)), "{v}");
        assert!(s.validate(&value(v)).is_empty(), "{v}");
    }
    for v in [
        "1.50", "1000", "1000.0", "10e2", "-25e-2", "-250", "249", "2.0", "-0",
    ] {
        assert!(s.is_valid(&value(v)), "{v}");
    }
    for v in [
        "\"s500\"", "\"s\"", "\"\"", "250", "-251", "1.25", "1001", "0.5", "null", "true",
    ] {
        assert!(!s.is_valid(&value(v)), "{v}");
        assert_eq!(s.validate(&value(v)).len(), 1, "{v}");
    }
    // Every item of a long array against the long enum.
    let all = format!("{{\"items\":{{\"enum\":[{}]}}}}", strs.join(","));
    assert!(schema(&all).is_valid(&value(&format!("[{}]", strs.join(",")))));
    assert!(!schema(&all).is_valid(&value(&format!("[{},\"x\"]", strs.join(",")))));
}

#[test]
fn long_required_lists_on_wide_objects() {
    let names: Vec<String> = (0..2000).map(|i| format!("\"k{i}\"")).collect();
    let members = |skip: &[usize]| {
        object(
            (0..2000)
                .filter(|i| !skip.contains(i))
                .map(|i| format!("\"k{i}\":{i}")),
        )
    };
    for with_properties in [false, true] {
        let props = object((0..2000).map(|i| format!("\"k{i}\":{{\"type\":\"integer\"}}")));
        let text = match with_properties {
            true => format!(
                "{{\"properties\":{props},\"required\":[{}]}}",
                names.join(",")
            ),
            false => format!("{{\"required\":[{}]}}", names.join(",")),
        };
        let s = schema(&text);
        assert!(s.is_valid(&value(&members(&[]))));
        for missing in [vec![0], vec![63], vec![64], vec![1999], vec![5, 700, 1500]] {
            let inst = value(&members(&missing));
            assert!(!s.is_valid(&inst), "{missing:?}");
            let errors = s.validate(&inst);
            let got: Vec<&str> = errors.iter().map(|e| e.message()).collect();
            let want: Vec<String> = missing
                .iter()
                .map(|i| format!("value is missing required property \"k{i}\""))
                .collect();
            assert_eq!(got, want, "{missing:?}");
        }
    }
    // dependentRequired: present trigger, wide requirement.
    let s = schema(&format!(
        "{{\"dependentRequired\":{{\"k0\":[{}]}}}}",
        names.join(",")
    ));
    assert!(s.is_valid(&value(&members(&[]))));
    assert!(!s.is_valid(&value(&members(&[1234]))));
    assert!(s.is_valid(&value(&members(&[0, 1234]))));
}

#[test]
fn thousands_of_properties_of_one_length() {
    let props = object((0..3000).map(|i| format!("\"p{i:05}\":{{\"const\":{i}}}")));
    let s = schema(&format!(
        "{{\"properties\":{props},\"additionalProperties\":false}}"
    ));
    let good = object((0..3000).step_by(7).map(|i| format!("\"p{i:05}\":{i}")));
    assert!(s.is_valid(&value(&good)));
    assert!(!s.is_valid(&value("{\"p00007\":8}")));
    assert!(!s.is_valid(&value("{\"p03000\":0}")));
    assert!(!s.is_valid(&value("{\"q00001\":1}")));
    assert_eq!(s.validate(&value("{\"p00007\":8,\"zz\":1}")).len(), 2);
}
