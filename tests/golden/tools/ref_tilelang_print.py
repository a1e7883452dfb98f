#!/usr/bin/env python3
"""Reference for the golden cases of layouts as TileLang prints them.

TileLang prints a layout with LayoutNode::DebugOutput / FragmentNode::DebugOutput
(tile-ai/tilelang src/layout/layout.cc, commit
a35008a42531c62b976ae4cec3855d4383db0f3c):
  Fragment(<input shape> -> <output shape>, replicate: R, thread: T,
           forward_thread: <expr>, forward_index: [<expr>, ...])
  Layout(<input shape> -> <output shape>, transform: [_i, _j] -> [<expr>, ...])
over the placeholders _i, _j, ... (InputPlaceholder) and _rep
(ReplicationPlaceholder), the expressions in TVM's script-printer syntax (apache/tvm
src/tirx/script/printer/expr.cc: a // b, a % b, T.min, T.truncmod, T.bitwise_xor ...).
This script evaluates each case's expressions with Python's eval (T.* bound to
Python functions written here), enumerates every element (and every _rep), and
derives the placement relation and the docs/model.md verdicts; for the m16n8
accumulator it also checks the relation against the PTX ISA's fragment formula
(row = groupID + 8 * (reg >= 2), col = 2 * threadID_in_group + (reg & 1)).
Usage: python3 ref_tilelang_print.py    (prints the relation facts per case)
"""
import itertools, re


class T:
    min = staticmethod(min)
    max = staticmethod(max)
    truncmod = staticmethod(lambda a, b: a - b * int(a / b))
    truncdiv = staticmethod(lambda a, b: int(a / b))
    bitwise_xor = staticmethod(lambda a, b: a ^ b)
    bitwise_and = staticmethod(lambda a, b: a & b)
    shift_left = staticmethod(lambda a, b: a << b)
    shift_right = staticmethod(lambda a, b: a >> b)
    int32 = staticmethod(lambda a: a)
    int64 = staticmethod(lambda a: a)


def relation(shape, thread, index, rep=1):
    names = ["_" + chr(ord("i") + d) for d in range(len(shape))]
    rel = {}
    for e in itertools.product(*[range(s) for s in shape]):
        env = dict(zip(names, e), T=T)
        for r in range(rep):
            env["_rep"] = r
            pt = tuple(([eval(thread, env)] if thread else []) + [eval(x, env) for x in index])
            rel.setdefault(e, []).append(pt)
    return rel


def verdicts(rel, extents):
    pts = [p for ps in rel.values() for p in ps]
    inb = [p for p in pts if all(0 <= c < x for c, x in zip(p, extents))]
    owners = {}
    for e, ps in rel.items():
        for p in ps:
            owners.setdefault(p, set()).add(e)
    size = 1
    for x in extents:
        size *= x
    coll = sum(len(v) - 1 for p, v in owners.items())
    return {"placements": len(pts), "collisions": coll,
            "duplicates": len(pts) - len({(e, p) for e, ps in rel.items() for p in ps}),
            "holes": size - len({p for p in inb}), "out_of_bounds": len(pts) - len(inb),
            "replication": (min(len(set(v)) for v in rel.values()), max(len(set(v)) for v in rel.values()))}


CASES = {
    "tilelang-print-fragment-c-m16n8": ([16, 8], "_i % 8 * 4 + _j // 2", ["_i // 8 * 2 + _j % 2"], 1, [32, 4]),
    "tilelang-print-layout-xor-8x64": ([8, 64], None, ["_i * 64 + T.bitwise_xor(_j // 8, _i) * 8 + _j % 8"], 1, [512]),
    "tilelang-print-fragment-rep-old-repr": ([2], "_rep", ["_i"], 256, [256, 2]),
    "tilelang-print-visualization-8x8": ([8, 8], "_i * 4 + _j // 2", ["_j % 2"], 1, [32, 2]),
    "tvm-printed-expr-tmin-truncmod": ([6, 4], "T.min(_i, 3) * 4 + _j", ["T.truncmod(_i + _j, 3)"], 1, [16, 3]),
}

if __name__ == "__main__":
    for name, (shape, thr, idx, rep, ext) in CASES.items():
        rel = relation(shape, thr, idx, rep)
        print(name, verdicts(rel, ext))
        if name == "tilelang-print-fragment-c-m16n8":
            ptx = {}
            for lane in range(32):
                for reg in range(4):
                    row = (lane >> 2) + 8 * (reg >= 2)
                    col = 2 * (lane % 4) + (reg & 1)
                    ptx[(row, col)] = [(lane, reg)]
            assert ptx == rel, "differs from the PTX m16n8 accumulator"
            print("  equals the PTX m16n8 accumulator fragment")
        for e in [(1, 3), (9, 5), (0, 0), (7, 63), (5, 2), (1,)]:
            if e in rel:
                print("  probe", e, sorted(rel[e])[:4])
