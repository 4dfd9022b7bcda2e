"""An upper bound of the firmware's stack, from its disassembly (no board needed).

    llvm-objdump -d --no-show-raw-insn ELF | python3 stack_bound.py [ROOT]

Each function's frame is what its prologue reserves (push, vpush, sub sp); the bound is the
deepest chain of direct calls (bl, b.w) from ROOT (default `main`), printed frame by frame.
Not counted: indirect calls (blx: core::fmt's and `dyn` sinks' vtables, shallow here), and
the second turn of a recursion (the JSON reader's skip functions call each other per
nesting level; the decoder's depth limit bounds them). A path the program cannot take
still counts, so this is a bound, not a measurement; `size` does not include the stack.
"""

import re
import sys

sys.setrecursionlimit(100000)
HEADER = re.compile(r"^[0-9a-f]+ <(.+)>:$")


def registers(spec: str) -> int:
    n = 0
    for r in spec.strip("{}").split(", "):
        if "-" in r:
            a, b = r.split("-")
            n += int(b[1:]) - int(a[1:]) + 1
        else:
            n += 1
    return n


def parse(lines):
    funcs, cur = {}, None
    for line in lines:
        m = HEADER.match(line)
        if m:
            if not m.group(1).startswith("$"):  # mapping symbols ($t, $d) are not functions
                cur = m.group(1)
                funcs[cur] = {"frame": 0, "calls": set()}
            continue
        parts = line.rstrip("\n").split("\t")
        if cur is None or len(parts) < 3:
            continue
        op, args, f = parts[1].strip(), parts[2].strip(), funcs[cur]
        if op in ("push", "push.w"):
            f["frame"] += 4 * registers(args)
        elif op == "vpush":
            f["frame"] += (8 if "d" in args else 4) * registers(args)
        elif op in ("sub", "sub.w", "subw") and args.startswith("sp,"):
            f["frame"] += int(args.split("#")[-1].split()[0])
        elif op in ("bl", "b.w", "b") and "<" in args:
            target = args[args.index("<") + 1 : args.index(">")]
            if "+" not in target and target != cur:
                f["calls"].add(target)
    return funcs


def deepest(funcs, root):
    memo, open_ = {}, set()

    def walk(fn):
        if fn in memo:
            return memo[fn]
        if fn in open_:
            return 0, []
        open_.add(fn)
        f = funcs.get(fn, {"frame": 0, "calls": ()})
        best = max((walk(c) for c in f["calls"]), default=(0, []), key=lambda d: d[0])
        open_.discard(fn)
        memo[fn] = (f["frame"] + best[0], [(fn, f["frame"])] + best[1])
        return memo[fn]

    return walk(root)


if __name__ == "__main__":
    root = sys.argv[1] if len(sys.argv) > 1 else "main"
    total, path = deepest(parse(sys.stdin), root)
    print(f"stack bound from {root}: {total} B")
    for fn, frame in path:
        print(f"{frame:7d}  {fn[:120]}")
