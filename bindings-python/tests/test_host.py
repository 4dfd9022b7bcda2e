"""The host kit from Python: mcpwire.Catalog (add, inspect, select, to_model, decide),
render_result, links_to_read and check_tools, held to the golden answers every runtime shares
(tests/host/golden/manifest.json) and to the issue's four seed decisions."""

import json
import pathlib
import subprocess
import sys
import textwrap

import pytest

import mcpwire
from mcpwire import Catalog, DecodeError, check_tools, links_to_read, render_result

HOST = pathlib.Path(__file__).resolve().parents[2] / "tests" / "host"
TARGETS = ["openai-chat", "openai-responses", "anthropic", "gemini", "gemini-json-schema"]


def read(rel):
    with open(HOST / rel, encoding="utf-8") as f:
        return json.load(f)


MANIFEST = read("golden/manifest.json")
RESULTS = read("results.json")


def catalog(names):
    """The catalogs added page by page, each as the server named like its file."""
    c = Catalog()
    for name in names:
        for page in read(f"catalogs/{name}.json")["pages"]:
            c.add(name, page)
    return c


@pytest.fixture(scope="module")
def golden_catalog():
    return catalog(MANIFEST["catalogs"])


def same(got, want, what=""):
    """Equal as JSON values, members in the same order (the goldens are written in core's order)."""
    assert got == want, what
    assert json.dumps(got) == json.dumps(want), what


def seed():
    c = Catalog()
    c.add("shop", (HOST / "seed.json").read_bytes())
    return c


def tools_of(target, out):
    """The declarations of a to_model answer (Gemini's are inside functionDeclarations)."""
    if target.startswith("gemini"):
        return out["tools"][0]["functionDeclarations"]
    return out["tools"]


# ---- the four seed decisions ------------------------------------------------------------------


def test_seed_lookup_order_runs():
    d = seed().decide("lookup_order", {"order_id": "A-1002"})
    assert d["decision"] == "run"
    assert (d["server"], d["tool"], d["arguments"]) == ("shop", "lookup_order", {"order_id": "A-1002"})
    assert d["hints"]["readOnlyHint"] is True


def test_seed_create_ticket_asks_showing_the_call():
    d = seed().decide("create_ticket", {"summary": "Lamp broken", "priority": "high"})
    assert d["decision"] == "ask"
    assert (d["server"], d["tool"]) == ("shop", "create_ticket")
    assert d["arguments"] == {"summary": "Lamp broken", "priority": "high"}
    assert d["prompt"].splitlines()[0] == 'create_ticket {"summary":"Lamp broken","priority":"high"}'
    assert "shop" in d["prompt"]


def test_seed_missing_priority_is_sent_back_naming_it():
    d = seed().decide("create_ticket", {"summary": "Lamp broken"})
    assert d["decision"] == "send_back"
    assert "priority" in d["message"]
    assert [e["keyword"] for e in d["errors"]] == ["required"]
    assert "priority" in d["errors"][0]["message"]
    assert "prompt" not in d


def test_seed_refund_all_is_rejected_as_no_such_tool():
    d = seed().decide("refund_all", {})
    assert d["decision"] == "reject"
    assert "no such tool" in d["message"]
    assert d["server"] is None and d["tool"] is None


def test_seed_decisions_through_each_target_with_arguments_as_json_text():
    c = seed()
    for target in TARGETS:
        for strict in (False, True):
            out = c.to_model(target, strict=strict)
            assert sorted(out["names"]) == ["create_ticket", "lookup_order"]
            run = c.decide("lookup_order", '{"order_id":"A-1002"}', target, None, strict)
            assert (run["decision"], run["arguments"]) == ("run", {"order_id": "A-1002"}), target
            ask = c.decide("create_ticket", '{"summary":"Lamp broken","priority":"high"}', target, strict=strict)
            assert ask["decision"] == "ask", target
            back = c.decide("create_ticket", '{"summary":"Lamp broken"}', target, strict=strict)
            assert back["decision"] == "send_back" and "priority" in back["message"], target
            assert c.decide("refund_all", "{}", target, strict=strict)["decision"] == "reject"


def test_arguments_that_are_not_json_are_sent_back():
    d = seed().decide("lookup_order", '{"order_id": ')
    assert d["decision"] == "send_back"


# ---- golden answers shared by every runtime ---------------------------------------------------


def test_golden_inspect(golden_catalog):
    same(golden_catalog.inspect(), read("golden/" + MANIFEST["inspect"]))


@pytest.mark.parametrize("case", MANIFEST["select"], ids=lambda c: c["golden"])
def test_golden_select(golden_catalog, case):
    same(golden_catalog.select(case["policy"]), read("golden/" + case["golden"]))


@pytest.mark.parametrize("case", MANIFEST["to_model"], ids=lambda c: c["golden"])
def test_golden_to_model_and_the_checker_passes_it(golden_catalog, case):
    out = golden_catalog.to_model(case["target"], strict=case["strict"], policy=case["policy"])
    want = read("golden/" + case["golden"])
    same(out, want)
    assert check_tools(case["target"], want["tools"], strict=case["strict"]) == []


@pytest.mark.parametrize("case", MANIFEST["to_model_errors"], ids=lambda c: c["error_contains"] + " " + c["target"])
def test_request_limits_raise_naming_the_limit(case):
    c = catalog(case["catalogs"])
    with pytest.raises(DecodeError) as e:
        c.to_model(case["target"], strict=case["strict"], policy=case["policy"])
    assert case["error_contains"] in str(e.value)
    assert e.value.kind == "invalid_value"


@pytest.mark.parametrize("case", MANIFEST["to_model_counts"], ids=lambda c: f"{c['target']} {c['tools']}")
def test_selection_gets_under_the_request_limits(case):
    out = catalog(case["catalogs"]).to_model(case["target"], strict=case["strict"], policy=case["policy"])
    assert len(tools_of(case["target"], out)) == case["tools"]
    assert check_tools(case["target"], out["tools"], strict=case["strict"]) == []


def test_golden_decisions(golden_catalog):
    want = read("golden/" + MANIFEST["decide"]["golden"])
    calls = MANIFEST["decide"]["calls"]
    assert len(want) == len(calls)
    for call, w in zip(calls, want):
        assert w["call"] == call
        got = golden_catalog.decide(call["name"], call["arguments"], call["target"], call["policy"], call["strict"])
        same(got, w["decision"], call)


@pytest.mark.parametrize("case", MANIFEST["render"]["cases"], ids=lambda c: c["golden"])
def test_golden_render(case):
    want = read("golden/" + case["golden"])
    assert sorted(want) == sorted(RESULTS)
    for name, result in RESULTS.items():
        got = render_result(case["target"], result, case["call_id"], case["name"], case["budget"], case["untrusted"])
        same(got, want[name], name)


def test_checker_refuses_what_a_target_refuses():
    bad = [{"type": "function", "function": {"name": "has space", "parameters": {"type": "object", "properties": {}}}}]
    found = check_tools("openai-chat", bad)
    assert any(v.startswith("name_invalid") for v in found), found
    root_any_of = [{"name": "x", "input_schema": {"anyOf": [{"type": "object"}, {"type": "object"}]}}]
    assert any(v.startswith("root_") for v in check_tools("anthropic", root_any_of))


# ---- policy with a Python predicate -----------------------------------------------------------


def test_predicate_hides_tools_and_sees_the_tool_view():
    c = seed()
    seen = []

    def only_read_only(view):
        seen.append(view)
        return (view["annotations"] or {}).get("readOnlyHint", False)

    sel = c.select({"predicate": only_read_only})
    assert sel["shown"] == [{"server": "shop", "tool": "lookup_order"}]
    assert [(h["tool"], h["reason"].split(":")[0]) for h in sel["hidden"]] == [("create_ticket", "predicate")]
    assert sorted(v["tool"] for v in seen) == ["create_ticket", "lookup_order"]
    assert set(seen[0]) == {"server", "tool", "title", "description", "annotations", "inputSchema"}
    assert seen[0]["server"] == "shop" and seen[0]["inputSchema"]["type"] == "object"

    out = c.to_model("anthropic", policy={"predicate": only_read_only})
    assert [t["name"] for t in out["tools"]] == ["lookup_order"]
    d = c.decide("create_ticket", {"summary": "s", "priority": "low"}, policy={"predicate": only_read_only})
    assert d["decision"] == "reject"
    # with the predicate answering yes, the same call is asked about again
    d = c.decide("create_ticket", {"summary": "s", "priority": "low"}, policy={"predicate": lambda v: 1})
    assert d["decision"] == "ask"


def test_predicate_combines_with_the_policy_rules():
    c = seed()
    calls = []
    sel = c.select({"deny": ["*/create_*"], "predicate": lambda v: calls.append(v["tool"]) or True})
    assert [s["tool"] for s in sel["shown"]] == ["lookup_order"]
    assert calls == ["lookup_order"]  # only tools the rules still show are asked about
    assert c.select({"predicate": None}) == c.select()


class Boom(Exception):
    pass


def test_an_exception_in_the_predicate_propagates():
    c = seed()

    def explode(view):
        raise Boom(view["tool"])

    with pytest.raises(Boom, match="lookup_order"):
        c.select({"predicate": explode})
    with pytest.raises(Boom):
        c.to_model("openai-chat", policy={"predicate": explode})
    with pytest.raises(Boom):
        c.decide("lookup_order", {"order_id": "A"}, policy={"predicate": explode})
    with pytest.raises(ZeroDivisionError):
        c.select({"predicate": lambda v: 1 / 0})


def test_a_predicate_answer_whose_truth_raises_propagates():
    class NoTruth:
        def __bool__(self):
            raise Boom("no truth")

    with pytest.raises(Boom, match="no truth"):
        seed().select({"predicate": lambda v: NoTruth()})


def test_policy_rules_from_python():
    c = seed()
    assert [s["tool"] for s in c.select({"read_only": True})["shown"]] == ["lookup_order"]
    assert [s["tool"] for s in c.select({"allow": ["shop/create_*"]})["shown"]] == ["create_ticket"]
    assert len(c.select({"max_tools": 1})["shown"]) == 1
    d = c.decide("lookup_order", {"order_id": "A"}, policy={"ask": "always"})
    assert d["decision"] == "ask"
    d = c.decide("create_ticket", {"summary": "s", "priority": "low"}, policy={"ask": "never"})
    assert d["decision"] == "run"
    d = c.decide("create_ticket", {"summary": "s", "priority": "low"}, policy={"ask": "destructive"})
    assert d["decision"] == "run"  # destructiveHint: false
    d = c.decide("lookup_order", {"order_id": "A"}, policy={"ask_tools": ["lookup_*"]})
    assert d["decision"] == "ask"


# ---- render_result for each target, every block kind ------------------------------------------


BLOCKS = ["text", "image", "audio", "resource_link", "embedded_text", "embedded_pdf", "embedded_zip", "structured_only"]


@pytest.mark.parametrize("target", TARGETS)
def test_render_every_block_kind(target):
    for name in BLOCKS + ["is_error", "protocol_error", "timeout", "cancelled", "response_message"]:
        got = render_result(target, RESULTS[name], call_id="c1", name="get_weather")
        text = json.dumps(got)
        if target == "openai-chat":
            assert got["role"] == "tool" and got["tool_call_id"] == "c1"
            assert isinstance(got["content"], str)
        elif target == "openai-responses":
            assert got["type"] == "function_call_output" and got["call_id"] == "c1"
        elif target == "anthropic":
            assert got["type"] == "tool_result" and got["tool_use_id"] == "c1"
        else:
            assert got["functionResponse"]["name"] == "get_weather"
            assert got["functionResponse"]["id"] == "c1"
        if name == "resource_link":
            assert "file:///logs/today.txt" in text
        if name == "structured_only":
            structured = json.dumps(RESULTS[name]["structuredContent"], separators=(",", ":"))
            assert structured in text or json.dumps(structured)[1:-1] in text
    # images: natively where the target takes them, else a note saying they were left out
    image = render_result(target, RESULTS["image"])
    if target == "openai-chat":
        assert "left out" in image["content"]
    elif target == "openai-responses":
        assert [p["type"] for p in image["output"]] == ["input_text", "input_image"]
    elif target == "anthropic":
        assert [p["type"] for p in image["content"]] == ["text", "image"]
    else:
        assert image["functionResponse"]["parts"][0]["inlineData"]["mimeType"] == "image/png"


@pytest.mark.parametrize("target", TARGETS)
def test_render_errors_are_results_and_is_error_is_carried(target):
    for name in ["is_error", "protocol_error", "timeout", "cancelled"]:
        got = render_result(target, RESULTS[name])
        if target.startswith("openai"):
            text = got["content"] if target == "openai-chat" else got["output"]
            assert isinstance(text, str) and text.startswith("[tool error]"), (name, got)
        elif target == "anthropic":
            assert got["is_error"] is True, name
        else:
            assert "error" in got["functionResponse"]["response"], name


def test_render_takes_the_response_bytes_and_the_untrusted_wrapper():
    message = RESULTS["response_message"]
    as_bytes = json.dumps(message).encode()
    assert render_result("anthropic", as_bytes, "c") == render_result("anthropic", message, "c")
    wrapped = render_result("openai-chat", RESULTS["text"], untrusted=("<data>", "</data>"))
    assert wrapped["content"] == "<data>Order A-1002: shipped on 2026-11-30.</data>"
    assert render_result("openai-chat", RESULTS["text"], untrusted=["<d>", "</d>"])["content"].startswith("<d>")
    cut = render_result("openai-chat", RESULTS["text"], budget=5)["content"]
    assert cut.startswith("Order") and "Order A" not in cut


def test_links_to_read():
    links = links_to_read("anthropic", RESULTS["resource_link"])
    assert [(l["uri"], l["read"]) for l in links] == [("file:///logs/today.txt", True)]
    assert links_to_read("anthropic", RESULTS["text"]) == []


# ---- errors ---------------------------------------------------------------------------------


def test_unknown_target_is_a_decode_error():
    c = seed()
    for call in [
        lambda: c.to_model("openai"),
        lambda: c.decide("lookup_order", {}, "claude"),
        lambda: render_result("gpt", RESULTS["text"]),
        lambda: check_tools("nope", []),
        lambda: links_to_read("nope", RESULTS["text"]),
    ]:
        with pytest.raises(DecodeError) as e:
            call()
        assert e.value.kind == "invalid_value"
        assert "unknown target" in str(e.value)
        assert isinstance(e.value, mcpwire.Error)


def test_bad_inputs_raise():
    c = Catalog()
    with pytest.raises(DecodeError) as e:
        c.add("s", {"tools": [{"inputSchema": {"type": "object"}}]})
    assert e.value.kind == "missing_field"
    assert len(c) == 0
    with pytest.raises(DecodeError):
        c.add("s", b'{"tools": []} trailing')
    with pytest.raises(DecodeError):
        c.add("s", b'{"tools": [], "tools": []}')
    with pytest.raises(DecodeError) as e:
        seed().select({"alow": ["x"]})
    assert "alow" in str(e.value)
    with pytest.raises(DecodeError):
        seed().select(["not", "a", "policy"])
    with pytest.raises(DecodeError):
        seed().select({"ask": "sometimes"})
    with pytest.raises(TypeError):
        seed().select({"predicate": "yes"})
    with pytest.raises(DecodeError):
        render_result("anthropic", "[1, 2]")
    with pytest.raises(TypeError):
        render_result("anthropic", RESULTS["text"], untrusted="<x>")
    with pytest.raises(ValueError):
        render_result("anthropic", RESULTS["text"], untrusted=("a", "b", "c"))
    with pytest.raises(OverflowError):
        render_result("anthropic", RESULTS["text"], budget=-1)


def test_pages_add_up_and_a_list_of_tools_is_a_page():
    c = Catalog()
    c.add("a", [{"name": "one", "inputSchema": {"type": "object"}}])
    c.add("a", {"tools": [{"name": "two", "inputSchema": {"type": "object"}}], "nextCursor": "x"})
    c.add("b", b'{"jsonrpc":"2.0","id":2,"result":{"tools":[{"name":"one","inputSchema":{"type":"object"}}]}}')
    assert len(c) == 3
    assert [(s["server"], s["tool"]) for s in c.select()["shown"]] == [("a", "one"), ("a", "two"), ("b", "one")]
    # `one` is shared: a bare name is ambiguous, `server/tool` picks one
    amb = c.decide("one", {})
    assert amb["decision"] == "reject" and "a/one" in amb["message"] and "b/one" in amb["message"]
    assert c.decide("b/one", {})["server"] == "b"


# ---- typing ---------------------------------------------------------------------------------


def test_stubs_type_check_host_code(tmp_path):
    use = tmp_path / "use.py"
    use.write_text(textwrap.dedent('''
        import mcpwire
        c = mcpwire.Catalog()
        c.add("shop", b'{"tools": []}')
        policy: mcpwire.Policy = {"deny": ["*/delete_*"], "ask": "destructive",
                                  "predicate": lambda t: t["annotations"] is not None}
        findings: list[mcpwire.Finding] = c.inspect()
        shown = c.select(policy)["shown"]
        out: mcpwire.ModelTools = c.to_model("anthropic", strict=True, policy=policy)
        d: mcpwire.Decision = c.decide("lookup_order", "{}", "anthropic", policy, True)
        reveal_type(d["decision"])
        r = mcpwire.render_result("gemini", {"timeout": 1}, call_id="c", untrusted=("<", ">"))
        violations: list[str] = mcpwire.check_tools("openai-chat", out["tools"], strict=True)
        c.to_model("claude")
        bad: mcpwire.Policy = {"ask": "sometimes"}
    '''))
    run = subprocess.run([sys.executable, "-m", "mypy", "--strict", "--cache-dir", str(tmp_path / "c"), str(use)],
                         cwd=tmp_path, capture_output=True, text=True)
    lines = run.stdout.splitlines()
    revealed = "Literal['run'] | Literal['ask'] | Literal['send_back'] | Literal['reject']"
    assert any(revealed in x for x in lines), run.stdout
    errors = [x for x in lines if ": error:" in x]
    assert len(errors) == 2, run.stdout
    assert any("'claude'" in x for x in errors) and any("'sometimes'" in x for x in errors), run.stdout
