#!/usr/bin/env python3
"""Differential check of layoutd's `cute` notation (memory role) against pycute.

Reference: NVIDIA/cutlass python/pycute (layout.py, int_tuple.py), run as plain
Python from a cutlass snapshot (commit 7107b05535f8977f5ecb9d01ee203205b1fd9bc4).
For random nested Shape:Stride layouts (zero and negative strides included) and
for the results of pycute's algebra (composition, complement, logical_divide,
zipped_divide, logical_product, blocked/raked products, coalesce, right_inverse),
it prints each layout the way pycute prints it (str and repr) and the way CuTe's C++ print()
writes it (`_N` static integers), gives the text to `layoutd table`, and compares
every element's offset with pycute's L(c0, c1, ...) (one colex integer per
top-level mode).  It also derives the verdicts from the reference offsets
(docs/model.md) and compares them with `layoutd check --json`.

Usage: PYTHONPATH=<cutlass>/python python3 diff_cute_pycute.py LAYOUTD [N] [SEED]
"""
import itertools, json, os, random, subprocess, sys, tempfile

import pycute as pc

LAYOUTD = sys.argv[1]
N = int(sys.argv[2]) if len(sys.argv) > 2 else 300
random.seed(int(sys.argv[3]) if len(sys.argv) > 3 else 1)
TMP = tempfile.mkdtemp()


def cpp_text(t, static=True):
    """A tuple as CuTe's C++ print() writes it: (a,b) with _N for static ints."""
    if isinstance(t, tuple):
        return "(" + ",".join(cpp_text(x, static) for x in t) + ")"
    return ("_%d" % t) if static and t >= 0 else str(t)


def rand_tuple(depth):
    r = random.randint(1, 3)
    out = []
    for _ in range(r):
        if depth > 0 and random.random() < 0.35:
            out.append(rand_tuple(depth - 1))
        else:
            out.append(random.randint(1, 5))
    if len(out) == 1 and random.random() < 0.5:
        return out[0]
    return tuple(out)


def rand_stride(shape):
    if isinstance(shape, tuple):
        return tuple(rand_stride(s) for s in shape)
    x = random.random()
    if x < 0.12:
        return 0
    if x < 0.22:
        return -random.randint(1, 6)
    return random.randint(1, 40)


def reference(L):
    shp = L.shape if isinstance(L.shape, tuple) else (L.shape,)
    sizes = [pc.product(s) for s in shp]
    rows = {}
    for c in itertools.product(*[range(s) for s in sizes]):
        rows[c] = L(*c) if isinstance(L.shape, tuple) else L(c[0])
    return sizes, rows


def verdicts(rows):
    offs = list(rows.values())
    inb = [o for o in offs if o >= 0]
    ext = max(inb) + 1 if inb else 0
    occ = set(inb)
    return {
        "complete": True,
        "collision_free": len(occ) == len(inb),
        "in_bounds": len(inb) == len(offs),
        "hole_free": len(occ) == ext,
        "bijective": len(occ) == len(inb) == len(offs) == ext,
    }


def run(args, text):
    path = os.path.join(TMP, "l.json")
    with open(path, "w") as f:
        json.dump({"cute": text}, f)
    p = subprocess.run([LAYOUTD] + args + [path], capture_output=True, text=True)
    return p


def congruent(a, b):
    if isinstance(a, tuple) != isinstance(b, tuple):
        return False
    return not isinstance(a, tuple) or (len(a) == len(b) and all(congruent(x, y) for x, y in zip(a, b)))


fails = 0
count = 0


def compare(label, L):
    global fails, count
    # skip what pycute's algebra yields for arguments it does not support
    # (a non-congruent result, an extent 0): not layouts CuTe would build
    if not congruent(L.shape, L.stride) or 0 in pc.flatten(L.shape):
        return
    try:
        sizes, ref = reference(L)
    except Exception:
        return
    if len(ref) > 4096:
        return
    for text in (str(L), repr(L), cpp_text(L.shape) + ":" + cpp_text(L.stride),
                 cpp_text(L.shape, False) + ":" + cpp_text(L.stride, False)):
        count += 1
        p = run(["table", "--format", "json"], text)
        if p.returncode != 0:
            fails += 1
            print("ERR %s %r: %s" % (label, text, (p.stdout + p.stderr).strip()[:300]))
            continue
        t = json.loads(p.stdout)
        got = {}
        for r in t["rows"]:
            got[tuple(r[:len(sizes)])] = r[len(sizes)] if len(r) > len(sizes) else None
        # out-of-bounds placements (negative offsets) are not table rows
        want_rows = {c: o for c, o in ref.items() if o >= 0}
        if got != want_rows:
            fails += 1
            bad = [(c, want_rows.get(c), got.get(c)) for c in ref if want_rows.get(c) != got.get(c)][:4]
            print("DIFF %s %r cols=%s: %s" % (label, text, t["columns"], bad))
            continue
        c = run(["check", "--json"], text)
        a = json.loads(c.stdout)
        want = verdicts(ref)
        have = {k: a["verdict"][k] for k in want}
        if a["logical"]["shape"] != sizes or want != have:
            fails += 1
            print("VERDICT %s %r: shape %s/%s want %s got %s" % (label, text, sizes,
                  a["logical"]["shape"], want, have))


for n in range(N):
    s = rand_tuple(2)
    L = pc.Layout(s, rand_stride(s))
    compare("random", L)

# algebra results, on layouts with non-negative strides
def rand_pos(depth=1):
    s = rand_tuple(depth)
    st = pc.prefix_product(s) if random.random() < 0.5 else \
        tuple(random.randint(1, 9) for _ in s) if isinstance(s, tuple) else random.randint(1, 9)
    return pc.Layout(s, st)

alg = 0
for n in range(N):
    A = rand_pos()
    try:
        k = random.randrange(8)
        if k == 0:
            B = pc.Layout(random.choice([2, 4, (2, 2), (2, 3)]), random.choice([1, 2, (1, 2), (2, 1)]))
            R = pc.composition(A, B)
        elif k == 1:
            R = pc.complement(A, pc.cosize(A) * random.randint(1, 3))
        elif k == 2:
            R = pc.logical_divide(pc.Layout((8, 8), (1, 8)), (pc.Layout(2, random.choice([1, 2])), pc.Layout(4, 2)))
        elif k == 3:
            R = pc.zipped_divide(pc.Layout((8, 12), (12, 1)), (pc.Layout(2, 1), pc.Layout(3, 1)))
        elif k == 4:
            R = pc.logical_product(A, pc.Layout(random.choice([2, 3, (2, 2)]), random.choice([1, (1, 2)])))
        elif k == 5:
            R = pc.blocked_product(pc.Layout((2, 3), (3, 1)), pc.Layout((2, 2), (1, 2)))
        elif k == 6:
            R = pc.raked_product(pc.Layout((2, 3), (3, 1)), pc.Layout((2, 2), (1, 2)))
        else:
            R = pc.coalesce(A)
    except Exception as e:
        continue
    alg += 1
    compare("algebra%d" % k, R)

print("compared %d texts (%d random layouts, %d algebra results), %d failures" % (count, N, alg, fails))
sys.exit(1 if fails else 0)
