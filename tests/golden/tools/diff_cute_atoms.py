#!/usr/bin/env python3
"""Compare layoutd's `cute` thread-value reading with CuTe's own evaluation.

Input: atoms.txt written by cute_mma_dump.py (CuTe's print() of every MMA
atom's ALayout/BLayout/CLayout and ldmatrix Src/DstLayout, with L(t, v) for every
thread t and value v, computed by the CuTe headers of NVIDIA/cutlass
7107b05535f8977f5ecb9d01ee203205b1fd9bc4).  For every layout it gives layoutd
the printed text, the same text without CuTe's `_` on static integers, and the
C++ type text (Layout<Shape<...>,Stride<...>>), with cute_role "tv" and the tile
[M, K] (A), [N, K] (B), [M, N] (C) of Shape_MNK (copy atoms: [cosize, 1]), and
compares the set of (element, thread, value) placements of `layoutd table` with
CuTe's: element = (idx mod M, idx div M) for idx = L(t, v).

Usage: python3 diff_cute_atoms.py LAYOUTD atoms.txt
"""
import json, os, re, subprocess, sys, tempfile

LAYOUTD, ATOMS = sys.argv[1], sys.argv[2]
TMP = tempfile.mkdtemp()


def cxx_type(printed):
    """(_4,_8):(_1,_4) -> Layout<Shape<_4,_8>,Stride<_1,_4>>"""
    shape, stride = split_top(printed)
    def conv(t, kind):
        out, stack = [], []
        for tok in re.findall(r"\(|\)|,|[^(),]+", t):
            if tok == "(":
                out.append(kind + "<")
            elif tok == ")":
                out.append(">")
            elif tok == ",":
                out.append(",")
            else:
                out.append(tok if tok.startswith("_") or tok.startswith("-") else "Int<%s>" % tok)
        return "".join(out)
    s, d = conv(shape, "Shape"), conv(stride, "Stride")
    if not s.startswith("Shape<"):
        s, d = "Shape<%s>" % s, "Stride<%s>" % d
    return "Layout<%s, %s>" % (s, d)


def split_top(text):
    depth = 0
    for i, c in enumerate(text):
        depth += c == "("
        depth -= c == ")"
        if c == ":" and depth == 0:
            return text[:i], text[i + 1:]
    raise ValueError(text)


def run(text, logical):
    path = os.path.join(TMP, "l.json")
    with open(path, "w") as f:
        json.dump({"cute": text, "cute_role": "tv", "logical": logical}, f)
    return subprocess.run([LAYOUTD, "table", "--format", "json", path],
                          capture_output=True, text=True)


seen = set()


def check(label, printed, vals, M, N):
    global fails, count
    if (printed, M, N) in seen:     # many atoms share a layout: compare it once
        return
    seen.add((printed, M, N))
    shape, _ = split_top(printed)
    T = None
    # thread count = size of mode 0: evaluate from the value count
    ref = set()
    nvals = len(vals)
    # recover (t, v) order: vals are v-major (for v: for t:), T*V = nvals
    T = mode0_size(shape)
    for k, idx in enumerate(vals):
        t, v = k % T, k // T
        if idx < M * N:
            ref.add(((idx % M, idx // M), t, v))
    for text in (printed, printed.replace("_", ""), cxx_type(printed)):
        count += 1
        p = run(text, [M, N])
        if p.returncode != 0:
            fails += 1
            print("ERR %s %r [%d,%d]: %s" % (label, text, M, N, (p.stdout + p.stderr).strip()[:300]))
            continue
        t = json.loads(p.stdout)
        cols = t["columns"]
        got = set()
        for r in t["rows"]:
            d = dict(zip(cols, r))
            got.add(((d["i"], d["j"]), d["thread"], d["value"]))
        if got != ref:
            fails += 1
            print("DIFF %s %r: only cute %s only layoutd %s" % (label, text, sorted(ref - got)[:3], sorted(got - ref)[:3]))


def mode0_size(shape):
    # shape text "((_4,_8),(_2,_2))" or "_32" ...: product of the first top-level mode
    s = shape.strip()
    if s.startswith("("):
        depth, start = 0, 1
        for i, c in enumerate(s):
            depth += c == "("
            depth -= c == ")"
            if c == "," and depth == 1:
                first = s[1:i]
                break
        else:
            first = s[1:-1]
    else:
        first = s
    n = 1
    for x in re.findall(r"-?\d+", first):
        n *= int(x)
    return n


fails = count = 0
lines = open(ATOMS).read().splitlines()
i = 0
natoms = nlayouts = 0
while i < len(lines):
    ln = lines[i]
    if ln.startswith("MMA "):
        name = ln[4:]
        M, N, K = [int(x) for x in re.findall(r"\d+", lines[i + 1])]
        natoms += 1
        for k, (role, (a, b)) in enumerate(zip("ABC", [(M, K), (N, K), (M, N)])):
            printed = lines[i + 2 + 2 * k][2:]
            vals = lines[i + 3 + 2 * k].split()[1:]
            if vals == ["NONCONGRUENT"]:
                continue
            nlayouts += 1
            check("%s %s" % (name, role), printed, [int(v) for v in vals], a, b)
        i += 8
    elif ln.startswith("COPY "):
        name = ln[5:]
        natoms += 1
        for k in range(2):
            role, printed = lines[i + 1 + 2 * k].split(" ", 1)
            vals = [int(v) for v in lines[i + 2 + 2 * k].split()[1:]]
            nlayouts += 1
            check("%s %s" % (name, role), printed, vals, max(vals) + 1, 1)
        i += 5
    else:
        i += 1
print("%d atoms, %d layouts (%d distinct), %d texts compared, %d failures" % (natoms, nlayouts, len(seen), count, fails))
sys.exit(1 if fails else 0)
