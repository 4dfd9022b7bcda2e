#!/usr/bin/env python3
# Run from the repository root: python3 scripts/import_graph.py [core/src] [--depth 2] [--edges]
#                               python3 scripts/import_graph.py --self-test
"""The core's module import graph: each `crate::...` and `super::...` path in core/src
(grouped ones, `crate::{a, b::c}`, included; `crate::Limits` and other items `lib.rs`
re-exports resolved to their module), outside `#[cfg(test)]` modules and comments, resolved
to the top-level module (`json`, `mcp`, ...) or, with --depth 2, to the module below it
(`json::reader`). Prints every cycle found and exits 1 when there is one (0: none);
`--edges` also prints every edge. The test command (scripts/test-all.sh) runs it."""
import os, re, sys, tempfile


def module_of(root, path):
    rel = os.path.relpath(path, root)[:-3].split(os.sep)
    if rel[-1] in ('mod', 'lib'):
        rel = rel[:-1]
    return rel


def strip_tests(text):
    """Comments and `#[cfg(test)] mod x { ... }` blocks (brace-matched) taken out."""
    text = re.sub(r'//[^\n]*', '', text)
    while True:
        m = re.search(r'#\[cfg\((?:all\()?test[^\]]*\]\s*(?:pub(?:\([^)]*\))?\s+)?mod\s+\w+\s*\{', text)
        if not m:
            return text
        depth, i = 1, m.end()
        while i < len(text) and depth:
            depth += {'{': 1, '}': -1}.get(text[i], 0)
            i += 1
        text = text[:m.start()] + text[i:]


def group_heads(body):
    """The first path segment of each item of a `{...}` use group (nested groups kept whole)."""
    heads, depth, cur = [], 0, ''
    for ch in body:
        if ch == '{':
            depth += 1
        elif ch == '}':
            depth -= 1
        if ch == ',' and depth == 0:
            heads.append(cur)
            cur = ''
        else:
            cur += ch
    heads.append(cur)
    return [h.strip() for h in heads if h.strip() and h.strip() != 'self']


def paths_after(text, prefix_re):
    """(prefix match, path segments) for each path after `prefix_re`, groups expanded."""
    for m in re.finditer(prefix_re + r'(?P<lead>(?:\w+::)*)(?P<last>\{|\w+)', text):
        lead = [p for p in m.group('lead').split('::') if p]
        if m.group('last') != '{':
            yield m, lead + [m.group('last')]
            continue
        depth, i = 1, m.end()
        while i < len(text) and depth:
            depth += {'{': 1, '}': -1}.get(text[i], 0)
            i += 1
        for head in group_heads(text[m.end():i - 1]):
            yield m, lead + re.split(r'::|\s', head.replace('{', ' '))[:1]


def graph_of(root, depth):
    files = []
    for dp, _, names in os.walk(root):
        files += [os.path.join(dp, f) for f in names if f.endswith('.rs')]
    mods = {tuple(module_of(root, p)[:depth]) for p in files if module_of(root, p)}
    # `pub use limits::Limits;` in lib.rs: `crate::Limits` is module `limits`.
    reexported = {}
    lib = os.path.join(root, 'lib.rs')
    if os.path.exists(lib):
        for m, parts in paths_after(strip_tests(open(lib).read()), r'\bpub use\s+'):
            if len(parts) > 1:
                reexported[parts[-1]] = parts[0]
        for m in re.finditer(r'\bpub use\s+(\w+)::\{([^}]*)\}', strip_tests(open(lib).read())):
            for name in m.group(2).split(','):
                reexported[name.strip().split(' as ')[-1].strip()] = m.group(1)
    edges = {}
    for p in files:
        mod = module_of(root, p)
        if not mod:
            continue
        src = tuple(mod[:depth])
        text = strip_tests(open(p).read())
        found = []
        for _, parts in paths_after(text, r'\bcrate::'):
            if parts and parts[0] in reexported and (parts[0],) not in mods:
                parts = [reexported[parts[0]]] + parts[1:]
            found.append(parts)
        for m, parts in paths_after(text, r'\b(?P<ups>(?:super::)+)'):
            ups = m.group('ups').count('super::')
            # `super` of a file: the parent of its module (mod.rs files are their module).
            found.append((mod[:len(mod) - ups] if len(mod) >= ups else []) + parts)
        for parts in found:
            dst = tuple(parts[:depth])
            if dst != src and dst in mods:
                edges.setdefault(src, set()).add(dst)
    return mods, edges


def cycles_of(mods, edges):
    """Strongly connected components of more than one module (Tarjan)."""
    index, low, stack, on, out, n = {}, {}, [], set(), [], [0]

    def visit(v):
        index[v] = low[v] = n[0]
        n[0] += 1
        stack.append(v)
        on.add(v)
        for w in edges.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(comp)

    sys.setrecursionlimit(10000)
    for v in sorted(mods):
        if v not in index:
            visit(v)
    return out


def check(root, depth, show_edges=False):
    mods, edges = graph_of(root, depth)
    name = '::'.join
    if show_edges:
        for a in sorted(edges):
            print(name(a), '->', ', '.join(sorted(name(b) for b in edges[a])))
    out = cycles_of(mods, edges)
    for comp in out:
        print('cycle among:', ', '.join(sorted(name(c) for c in comp)))
        for a in sorted(comp):
            for b in sorted(edges.get(a, set()) & set(comp)):
                print('   ', name(a), '->', name(b))
    print(f'{root}: {len(mods)} modules, {sum(len(b) for b in edges.values())} edges, '
          f'{len(out)} cycles')
    return 1 if out else 0


def self_test():
    """The check finds a cycle made through a grouped use and a lib.rs re-export, ignores one
    made only by a test module or a comment, and passes a tree without one."""
    def tree(files):
        d = tempfile.mkdtemp()
        for path, text in files.items():
            os.makedirs(os.path.dirname(os.path.join(d, path)), exist_ok=True)
            open(os.path.join(d, path), 'w').write(text)
        return d
    lib = 'pub mod a;\npub mod b;\npub use b::{Thing, Other as O};\n'
    a = 'use crate::{json, b::x};\n'
    cases = [
        ({'lib.rs': lib, 'a.rs': a, 'b/mod.rs': 'use crate::a::y;\n'}, 1),
        ({'lib.rs': lib, 'a.rs': 'use crate::O;\n', 'b/mod.rs': 'mod c;\n',
          'b/c.rs': 'use super::super::a::z;\n'}, 1),
        ({'lib.rs': lib, 'a.rs': a, 'b/mod.rs': '// crate::a\n#[cfg(test)]\nmod tests {\n'
          '    use crate::a::y;\n    fn f() { {} }\n}\n'}, 0),
        ({'lib.rs': lib, 'a.rs': a, 'b/mod.rs': 'use crate::json;\n'}, 0),
    ]
    for k, (files, want) in enumerate(cases):
        mods, edges = graph_of(tree(files), 1)
        got = 1 if cycles_of(mods, edges) else 0
        if got != want:
            print(f'self-test case {k}: {"a cycle" if got else "no cycle"} found, edges {edges}')
            return 1
    print('self-test: ok')
    return 0


if __name__ == '__main__':
    args = sys.argv[1:]
    if '--self-test' in args:
        sys.exit(self_test())
    root = next((a for a in args if not a.startswith('-') and a != '2'), 'core/src')
    depth = 2 if '--depth' in args and args[args.index('--depth') + 1] == '2' else 1
    sys.exit(check(root, depth, '--edges' in args))
