#!/usr/bin/env python3
# Run from the repository root: python3 scripts/import_graph.py [core/src] [--depth 2]
"""The core's module import graph: each `crate::a::b` path and each `super::` path in
core/src, outside tests, resolved to the top-level module (`json`, `mcp`, ...) or, with
--depth 2, to the module below it (`json::reader`). Prints every cycle found (none: exit 0)."""
import os, re, sys

root = sys.argv[1] if len(sys.argv) > 1 and not sys.argv[1].startswith('-') else 'core/src'
depth = 2 if '--depth' in sys.argv and sys.argv[sys.argv.index('--depth') + 1] == '2' else 1

def module_of(path):
    rel = os.path.relpath(path, root)[:-3].split(os.sep)
    if rel[-1] in ('mod', 'lib'):
        rel = rel[:-1]
    return rel

def strip_tests(text):
    # Drop `#[cfg(test)] mod tests { ... }` blocks and comments.
    text = re.sub(r'//[^\n]*', '', text)
    m = re.search(r'#\[cfg\((all\()?test[^\]]*\]\s*mod\s+\w+\s*\{', text)
    return text[:m.start()] if m else text

edges = {}
for dp, _, files in os.walk(root):
    for f in files:
        if not f.endswith('.rs'):
            continue
        p = os.path.join(dp, f)
        mod = module_of(p)
        text = strip_tests(open(p).read())
        src = tuple(mod[:depth]) or ('crate',)
        for m in re.finditer(r'\bcrate::((?:\w+::)*\w+)', text):
            parts = m.group(1).split('::')
            dst = tuple(parts[:depth])
            edges.setdefault(src, set()).add(dst)
        for m in re.finditer(r'\b((?:super::)+)((?:\w+::)*\w+)', text):
            ups = m.group(1).count('super::')
            # `super` of a file: the parent of its module (mod.rs files are their module).
            base = mod[:len(mod) - ups] if len(mod) >= ups else []
            parts = base + m.group(2).split('::')
            edges.setdefault(src, set()).add(tuple(parts[:depth]))

mods = {k for k in edges} 
graph = {a: {b for b in bs if b != a and b in mods} for a, bs in edges.items()}
# Cycles: strongly connected components with more than one module.
index, low, stack, on, out, n = {}, {}, [], set(), [], [0]
def visit(v):
    index[v] = low[v] = n[0]; n[0] += 1; stack.append(v); on.add(v)
    for w in graph.get(v, ()):
        if w not in index:
            visit(w); low[v] = min(low[v], low[w])
        elif w in on:
            low[v] = min(low[v], index[w])
    if low[v] == index[v]:
        comp = []
        while True:
            w = stack.pop(); on.discard(w); comp.append(w)
            if w == v: break
        if len(comp) > 1: out.append(comp)
sys.setrecursionlimit(10000)
for v in list(graph):
    if v not in index: visit(v)
for comp in out:
    names = sorted('::'.join(c) for c in comp)
    print('cycle among:', ', '.join(names))
    for a in sorted(comp):
        for b in sorted(graph[a] & set(comp)):
            print('   ', '::'.join(a), '->', '::'.join(b))
print(f'{len(graph)} modules, {sum(len(b) for b in graph.values())} edges, {len(out)} cycles')
sys.exit(1 if out else 0)
