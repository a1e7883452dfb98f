#!/usr/bin/env python3
"""How every SM100 TMEM atom is judged on the cells it touches (docs/tmem.md,
"Judged on tensor memory"), computed without layoutd.

Each atom's expr twin (cutlass-tmem-<name>-expr) is the PTX/TVM closed form
of its shape, and shares its fingerprint with the atom read from the CUTLASS
dump (tmem_atoms_dump.cpp against copy_traits_sm100.hpp): the same
placements.  Evaluated here in Python, element (t, v) on cell (TLane, TCol):
the box of cells is (max lane + 1) x (max column + 1); holes are the cells
of that box no element is on, collisions the cells with two elements.  The
numbers go into the atom's case and its twins (expr, table):
physical.size and codomain, holes, collisions, replication, the verdicts,
and no warning.

  python3 tests/golden/tools/ref_tmem_judged.py tests/golden
"""
import json
import os
import re
import sys

NOTE = ("\nJudged on tensor memory: tests/golden/tools/ref_tmem_judged.py evaluates the "
        "expr twin (the closed form, same fingerprint as the CUTLASS dump) in Python: the "
        "box of cells (max lane + 1) x (max column + 1), the cells no element is on "
        "(holes), the cells with two elements (collisions).\n")


def judge(expr_req):
    lay = expr_req["layout"]
    T, V = lay["logical"]
    ex = lay["expr"]
    cells = {}
    for i in range(T):
        for j in range(V):
            env = {"i": i, "j": j}
            lane = eval(ex["TLane"], {}, env)
            col = eval(ex["TCol"], {}, env)
            cells.setdefault((lane, col), []).append((i, j))
    lanes = 1 + max(l for l, _ in cells)
    cols = 1 + max(c for _, c in cells)
    box = lanes * cols
    holes = box - len(cells)
    coll = sum(len(v) - 1 for v in cells.values())
    bij = holes == 0 and coll == 0 and len(cells) == T * V
    return {
        "physical": {"size": box, "codomain": ["TLane", "TCol"]},
        "holes": {"count": holes},
        "collisions": {"count": coll},
        "replication": {"min": 1, "max": 1},
        "verdict": {"complete": True, "collision_free": coll == 0, "replicas_distinct": True,
                    "in_bounds": True, "hole_free": holes == 0, "bijective": bij,
                    "round_trip": coll == 0},
        "warnings": [],
    }


def main(root):
    n = 0
    for d in sorted(os.listdir(root)):
        m = re.fullmatch(r"cutlass-tmem-(load|store)_(\w+?)(-expr)?", d)
        if not m or m.group(3):
            continue
        twin = os.path.join(root, d + "-expr", "request.json")
        facts = judge(json.load(open(twin)))
        for case in (d, d + "-expr", d + "-table"):
            p = os.path.join(root, case, "expected.json")
            if not os.path.exists(p):
                continue
            exp = json.load(open(p))
            exp.update(facts)
            with open(p, "w") as f:
                json.dump(exp, f, indent=2)
                f.write("\n")
            s = os.path.join(root, case, "SOURCE")
            text = open(s).read()
            if NOTE.strip() not in text:
                with open(s, "a") as f:
                    f.write(NOTE)
            n += 1
    print("%d cases" % n)


if __name__ == "__main__":
    main(sys.argv[1])
