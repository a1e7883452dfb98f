#!/usr/bin/env python3
"""Differential check of layoutd's inverse view against pycute's right_inverse.

Reference: NVIDIA/cutlass python/pycute/layout.py (right_inverse), commit
7107b05535f8977f5ecb9d01ee203205b1fd9bc4, run as plain Python.  For random
compact layouts (a random permutation of the modes of a shape, with the
strides of that permutation, so that L is a bijection onto 0..size-1), CuTe's
right_inverse R satisfies L(R(k)) = k, and R(k) is the colex index of the
coordinate stored at offset k.  `layoutd table --view inverse` lists, for each
offset, the logical coordinate (one per top-level mode); its colex index must
equal R(k) for every k.

Usage: PYTHONPATH=<cutlass>/python python3 diff_cute_inverse.py LAYOUTD [N] [SEED]
"""
import json, os, random, subprocess, sys, tempfile

import pycute as pc

LAYOUTD = sys.argv[1]
N = int(sys.argv[2]) if len(sys.argv) > 2 else 200
random.seed(int(sys.argv[3]) if len(sys.argv) > 3 else 1)
TMP = tempfile.mkdtemp()
fails = 0
for n in range(N):
    # top-level modes, each a tuple of leaves; a compact stride for a random leaf order
    modes = [tuple(random.randint(2, 4) for _ in range(random.randint(1, 2)))
             for _ in range(random.randint(1, 3))]
    leaves = [(m, k) for m in range(len(modes)) for k in range(len(modes[m]))]
    order = leaves[:]
    random.shuffle(order)
    stride = {}
    acc = 1
    for m, k in order:
        stride[(m, k)] = acc
        acc *= modes[m][k]
    shape = tuple(modes[m] if len(modes[m]) > 1 else modes[m][0] for m in range(len(modes)))
    strd = tuple(tuple(stride[(m, k)] for k in range(len(modes[m]))) if len(modes[m]) > 1
                 else stride[(m, 0)] for m in range(len(modes)))
    if len(shape) == 1:
        shape, strd = shape[0], strd[0]
    L = pc.Layout(shape, strd)
    R = pc.right_inverse(L)
    sizes = [pc.product(s) for s in (L.shape if isinstance(L.shape, tuple) else (L.shape,))]
    path = os.path.join(TMP, "l.json")
    json.dump({"cute": str(L)}, open(path, "w"))
    p = subprocess.run([LAYOUTD, "table", "--view", "inverse", "--format", "json", path],
                       capture_output=True, text=True)
    rows = json.loads(p.stdout)["rows"]
    got = {}
    for r in rows:
        idx, mul = 0, 1
        for c, s in zip(r[1:], sizes):
            idx += c * mul
            mul *= s
        got.setdefault(r[0], []).append(idx)
    want = {k: [R(k)] for k in range(pc.size(L))}
    if got != want:
        fails += 1
        print("DIFF %s: %s" % (L, [(k, want[k], got.get(k)) for k in want if want[k] != got.get(k)][:4]))
print("%d layouts, %d failures" % (N, fails))
sys.exit(1 if fails else 0)
