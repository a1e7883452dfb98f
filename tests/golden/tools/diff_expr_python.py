#!/usr/bin/env python3
"""Differential check of layoutd's `expr` arithmetic against Python's.

TileLang writes index maps as Python expressions over TVM PrimExprs, whose
floordiv/floormod floor like Python's // and % (tilelang/layout/*.py,
tvm floordiv/floormod).  This generates random integer expressions over two
logical names with + - * // % ^ & | << >> ~, unary minus, parentheses, min and
max, evaluates them with Python's own eval for every element of a small tile,
and compares with `layoutd table`.  Division by zero and negative shift
counts are skipped (Python raises).

Usage: python3 diff_expr_python.py LAYOUTD [N] [SEED]
"""
import json, os, random, subprocess, sys, tempfile

LAYOUTD = sys.argv[1]
N = int(sys.argv[2]) if len(sys.argv) > 2 else 300
random.seed(int(sys.argv[3]) if len(sys.argv) > 3 else 1)
TMP = tempfile.mkdtemp()
OPS = ["+", "-", "*", "//", "%", "^", "&", "|", "<<", ">>"]


def gen(d):
    r = random.random()
    if d == 0 or r < 0.25:
        return random.choice(["i", "j", str(random.randint(0, 9)), str(random.randint(1, 5))])
    if r < 0.35:
        return "-" + gen(d - 1) if random.random() < 0.6 else "~" + gen(d - 1)
    if r < 0.42:
        return "%s(%s, %s)" % (random.choice(["min", "max"]), gen(d - 1), gen(d - 1))
    if r < 0.55:
        return "(" + gen(d - 1) + ")"
    op = random.choice(OPS)
    rhs = gen(d - 1)
    if op in ("<<", ">>"):
        rhs = str(random.randint(0, 3))
    return gen(d - 1) + " " + op + " " + rhs


fails = checked = 0
for n in range(N):
    e = gen(4)
    S = (4, 5)
    ref = {}
    try:
        for i in range(S[0]):
            for j in range(S[1]):
                ref[(i, j)] = eval(e, {"min": min, "max": max}, {"i": i, "j": j})
    except (ZeroDivisionError, ValueError):
        continue
    path = os.path.join(TMP, "e.json")
    if max(abs(v) for v in ref.values()) > 100000:
        continue
    # shifted so that every value is a coordinate >= 0 (inferred extent)
    json.dump({"logical": list(S), "expr": {"q": "(%s) + 100000" % e}}, open(path, "w"))
    p = subprocess.run([LAYOUTD, "table", "--format", "json", path], capture_output=True, text=True)
    checked += 1
    if p.returncode != 0:
        fails += 1
        print("ERR %r: %s" % (e, (p.stdout + p.stderr).strip()[:200]))
        continue
    got = {(r[0], r[1]): r[2] - 100000 for r in json.loads(p.stdout)["rows"]}
    want = ref
    if got != want:
        fails += 1
        print("DIFF %r: %s" % (e, [(k, want.get(k), got.get(k)) for k in ref if want.get(k) != got.get(k)][:4]))
print("%d expressions checked, %d failures" % (checked, fails))
sys.exit(1 if fails else 0)
