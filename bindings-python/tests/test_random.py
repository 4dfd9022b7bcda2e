"""Randomized differential tests of `decode` against `json.loads` (the Python side of
tests/js/random.mjs).

Messages of every class the core types are generated from a seeded generator: random member
order, extra members, keys that look like numbers or dunder names, keys and strings with
escapes, surrogate pairs and long runs, numbers in every JSON spelling, optional whitespace.
Each must decode, from str and from bytes, to exactly what `json.loads` gives (values, exact
types, key order). Then the texts are mutated: whatever `json.loads` rejects, `decode` must
reject with `mcpwire.DecodeError` (json.loads is laxer, never stricter: it takes duplicate keys,
NaN and lone surrogates, which decode rejects); whatever `decode` accepts must equal
`json.loads`; str and bytes input must agree. `encode` of each valid message's value must
give bytes that decode back to an equal value, and `canonicalize` of its text must keep the
value (number types included) and be a fixed point.
"""

import json
import random

import mcpwire
from conftest import typed

WORDS = ["a", "b", "ok", "type", "text", "name", "id", "value", "x-y", "héllo", "日本", "😀"]
ESCAPES = ['\\"', "\\\\", "\\/", "\\b", "\\f", "\\n", "\\r", "\\t", "\\u00e9", "\\u0041",
           "\\u2028", "\\ud83d\\ude00", "\\u0000", "\\u001f"]
RAW = ["é", "ü", "日", "😀", "\u2028", "\u00a0", " ", "-", ".", "0"]
KEYS = ["type", "text", "name", "id", "a", "b", "c", "data", "items", "properties", "__class__",
        "__dict__", "0", "1", "12", "-1", "01", "1.5", "é", "a\\u0062", "\\u0061",
        "key_with_a_long_name_past_sixteen", "another_rather_long_key_name_here_too", ""]
NUMBERS = ["0", "-0", "1", "-1", "42", "9007199254740993", "-9007199254740993",
           "123456789012345678901234567890", "0.5", "-0.25", "3.14159", "1.0", "2.50", "1e2",
           "1E-7", "-2.5e+3", "6.02e23", "1e308", "4.9e-324", "0.1", "1.7976931348623157e308",
           "0e0", "-0.0"]


class Gen:
    def __init__(self, seed):
        self.r = random.Random(seed)

    def chance(self, p):
        return self.r.random() < p

    def pick(self, xs):
        return self.r.choice(xs)

    def int(self, n):
        return self.r.randrange(n)

    def ws(self):
        return self.pick([" ", "\n", "\t", "\r\n"]) if self.chance(0.08) else ""

    def body(self):
        parts = 20 + self.int(60) if self.chance(0.1) else self.int(5)
        out = []
        for _ in range(parts):
            k = self.r.random()
            if k < 0.5:
                out.append(self.pick(WORDS))
            elif k < 0.7:
                out.append(self.pick(ESCAPES))
            elif k < 0.9:
                out.append(self.pick(RAW))
            else:
                out.append("x" * self.int(80))
        return "".join(out)

    def str(self, s=None):
        return '"%s"' % (self.body() if s is None else s)

    def number(self):
        return str(self.int(2000) - 1000) if self.chance(0.5) else self.pick(NUMBERS)

    def object(self, members):
        seen, out = set(), []
        for k, v in members:
            decoded = json.loads('"%s"' % k)
            if decoded in seen:
                continue
            seen.add(decoded)
            out.append('%s"%s"%s:%s%s%s' % (self.ws(), k, self.ws(), self.ws(), v, self.ws()))
        return "{%s}" % ",".join(out)

    def shuffled(self, xs):
        self.r.shuffle(xs)
        return xs

    def value(self, depth):
        k = self.r.random()
        if depth <= 0 or k < 0.45:
            s = self.r.random()
            if s < 0.4:
                return self.str()
            if s < 0.8:
                return self.number()
            return self.pick(["true", "false", "null"])
        if k < 0.7:
            n = 20 + self.int(30) if self.chance(0.05) else self.int(6)
            return "[%s]" % ",".join(self.ws() + self.value(depth - 1) + self.ws() for _ in range(n))
        return self.random_object(depth)

    def random_object(self, depth):
        n = 30 + self.int(20) if self.chance(0.05) else self.int(6)
        return self.object([(self.pick(KEYS) if self.chance(0.6) else self.body(), self.value(depth - 1))
                            for _ in range(n)])

    def id(self):
        return str(self.int(100000)) if self.chance(0.6) else self.str()

    def extras(self, n):
        return [("x-%d-%d" % (i, self.int(9)), self.value(2)) for i in range(self.int(n + 1))]

    def block(self):
        k = self.int(6)
        m = [
            [("type", '"text"'), ("text", self.str())],
            [("type", '"image"'), ("data", '"iVBORw0KGgo="'), ("mimeType", '"image/png"')],
            [("type", '"audio"'), ("data", '"UklGRg=="'), ("mimeType", '"audio/wav"')],
            [("type", '"resource_link"'), ("uri", '"file:///a"'), ("name", self.str())],
            [("type", '"resource"'), ("resource", self.object([("uri", '"file:///b"'), ("text", self.str())]))],
            [("type", self.str("x-" + self.pick(WORDS))), ("payload", self.value(3))],
        ][k]
        return self.object(self.shuffled(m + self.extras(2 if k == 5 else 1)))

    def tool(self):
        props = [(self.pick(KEYS), self.object([("type", self.str(self.pick(["string", "integer", "object"]))),
                                                 ("description", self.str())]))
                 for _ in range(self.int(5))]
        schema = self.object(self.shuffled([("type", '"object"'), ("properties", self.object(props))]))
        m = [("name", self.str("t%d" % self.int(1000))), ("inputSchema", schema)]
        if self.chance(0.7):
            m.append(("description", self.str()))
        return self.object(self.shuffled(m + self.extras(1)))

    def envelope(self, members):
        return self.object(self.shuffled([("jsonrpc", '"2.0"')] + members))

    def message(self):
        k = self.int(6)
        if k == 0:
            params = [("name", self.str(self.pick(WORDS)))]
            if self.chance(0.9):
                params.append(("arguments", self.random_object(4)))
            return self.envelope([("id", self.id()), ("method", '"tools/call"'),
                                  ("params", self.object(self.shuffled(params)))])
        if k == 1:
            result = [("content", "[%s]" % ",".join(self.block() for _ in range(self.int(5))))]
            if self.chance(0.4):
                result.append(("structuredContent", self.random_object(5)))
            if self.chance(0.3):
                result.append(("isError", self.pick(["true", "false"])))
            return self.envelope([("id", self.id()), ("result", self.object(self.shuffled(result + self.extras(1))))])
        if k == 2:
            tools = "[%s]" % ",".join(self.tool() for _ in range(self.int(6)))
            return self.envelope([("id", self.id()), ("result", self.object([("tools", tools)]))])
        if k == 3:
            params = [("progressToken", self.id()), ("progress", str(self.int(100)))]
            if self.chance(0.5):
                params.append(("message", self.str()))
            return self.envelope([("method", '"notifications/progress"'),
                                  ("params", self.object(self.shuffled(params)))])
        if k == 4:
            error = [("code", self.pick(["-32700", "-32601", "-32602", "-32000", "1"])), ("message", self.str())]
            if self.chance(0.5):
                error.append(("data", self.value(3)))
            return self.envelope([("id", self.id()), ("error", self.object(self.shuffled(error)))])
        return self.envelope([("id", self.id()), ("method", self.str("x/" + self.pick(WORDS))),
                              ("params", self.random_object(4))])


def canonical_view(v):
    """`typed` output as the canonical form keeps it: members in any order (the canonical order
    is the spec's), and the sign of every zero dropped (`-0` is written `0`)."""
    kind = v[0]
    if kind == "dict":
        return ("dict", sorted((k, canonical_view(x)) for k, x in v[1]))
    if kind == "list":
        return ("list", [canonical_view(x) for x in v[1]])
    if kind == "float" and v[1] == 0:
        return ("float", 0.0, 1.0)
    return v


def attempt(data):
    try:
        return mcpwire.decode(data), None
    except mcpwire.DecodeError as e:
        size = len(data.encode("utf-8")) if isinstance(data, str) else len(data)
        assert 0 <= e.offset <= size, (e.offset, size)
        return None, e


def test_random_messages_decode_to_what_json_loads_gives_from_str_and_bytes():
    g = Gen(20261204)
    for i in range(1500):
        t = g.message()
        want = typed(json.loads(t))
        for data in (t, t.encode("utf-8")):
            got, err = attempt(data)
            assert err is None, (i, t, err)
            assert typed(got) == want, (i, t)
        # encode takes the value back to bytes that decode to an equal value.
        assert mcpwire.decode(mcpwire.encode(got)) == got, (i, t)
        # canonicalize keeps the value (and the type of every number; a zero's sign aside) and
        # is a fixed point.
        canon = mcpwire.canonicalize(t)
        assert canonical_view(typed(json.loads(canon))) == canonical_view(want), (i, t)
        assert mcpwire.canonicalize(canon) == canon, (i, t)


INSERTS = ["{", "}", "[", "]", '"', ",", ":", "\\", " ", "0", "1", "-", ".", "e", "+", "t", "n", "u",
           "\u0000", "\u001f", "é", "😀"]


def mutate(g, t):
    for _ in range(1 + g.int(3)):
        at = g.int(len(t) + 1)
        k = g.r.random()
        if k < 0.4:
            t = t[:at] + t[at + 1 + g.int(3):]
        elif k < 0.8:
            t = t[:at] + g.pick(INSERTS) + t[at:]
        else:
            start = g.int(len(t) + 1)
            t = t[:at] + t[start:start + 1 + g.int(12)] + t[at:]
    return t


def test_mutated_messages_rejected_where_json_loads_rejects_and_equal_where_accepted():
    g = Gen(4711)
    accepted = rejected = 0
    for i in range(4000):
        t = mutate(g, g.message())
        try:
            want = typed(json.loads(t))
        except ValueError:
            want = None
        got, err = attempt(t)
        got_b, err_b = attempt(t.encode("utf-8"))
        if want is None:
            assert err is not None, ("decode accepted what json.loads rejects", i, t)
        if err is None:
            assert typed(got) == want, (i, t)
            assert err_b is None and typed(got_b) == want, (i, t)
            accepted += 1
        else:
            assert err_b is not None and (err_b.kind, err_b.offset) == (err.kind, err.offset), (i, t)
            rejected += 1
    assert accepted > 100 and rejected > 1000, (accepted, rejected)


def test_random_objects_with_a_key_repeated_also_through_an_escape_are_duplicate_key():
    g = Gen(99)
    for _ in range(500):
        key = g.pick(["a", "type", "__class__", "0", "key_with_a_long_name_past_sixteen", "é"])
        again = key if g.chance(0.5) else "".join("\\u%04x" % ord(c) for c in key)
        members = ['"%s":%s' % (key, g.value(2))] + ['"k%d":%s' % (g.int(10**6), g.value(2)) for _ in range(g.int(4))]
        members.insert(1 + g.int(len(members)), '"%s":%s' % (again, g.value(2)))
        args = "{%s}" % ",".join(members)
        if g.chance(0.5):
            args = '{"deep":[%s]}' % args
        t = '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"t","arguments":%s}}' % args
        for data in (t, t.encode("utf-8")):
            _, err = attempt(data)
            assert err is not None and err.kind == "duplicate_key", t
