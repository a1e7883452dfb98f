#!/usr/bin/env python3
"""pycute as a second opinion on the golden algebra cases.

  PYTHONPATH=<cutlass>/python diff_algebra_pycute.py GOLDEN_DIR

For every tests/golden/algebra-* case whose expression pycute can evaluate
(composition, complement, coalesce, right_inverse, left_inverse,
logical_divide, zipped_divide, tiled_divide, logical_product,
zipped_product, tiled_product with plain layouts, integers or tuple
tilers), evaluates it with pycute (NVIDIA/cutlass python/pycute) and
compares pycute's layout with the expected result, which comes from CuTe
C++.  Prints the count that agree and, for the others, both layouts: the
places where pycute and C++ differ (docs/algebra.md says which one layoutd
follows: C++).  Asserts nothing.
"""
import json
import os
import re
import sys

import pycute as pc

FNS = {"composition": pc.composition, "complement": pc.complement, "coalesce": pc.coalesce,
       "right_inverse": pc.right_inverse, "left_inverse": pc.left_inverse,
       "logical_divide": pc.logical_divide, "zipped_divide": pc.zipped_divide,
       "tiled_divide": pc.tiled_divide, "logical_product": pc.logical_product,
       "zipped_product": pc.zipped_product, "tiled_product": pc.tiled_product}


class Reader:
    def __init__(self, s):
        self.s, self.p = s.replace(" ", ""), 0

    def peek(self):
        return self.s[self.p] if self.p < len(self.s) else ""

    def eat(self, c):
        assert self.peek() == c, (self.s, self.p, c)
        self.p += 1

    def tup(self):
        if self.peek() == "(":
            self.eat("(")
            out = [self.tup()]
            while self.peek() == ",":
                self.eat(",")
                out.append(self.tup())
            self.eat(")")
            return tuple(out)
        m = re.match(r"-?\d+", self.s[self.p:])
        self.p += len(m.group(0))
        return int(m.group(0))

    def value(self):
        m = re.match(r"[a-z_]+", self.s[self.p:])
        if m and m.group(0) in FNS:
            self.p += len(m.group(0))
            self.eat("(")
            args = [self.value()]
            while self.peek() == ",":
                self.eat(",")
                args.append(self.value())
            self.eat(")")
            return FNS[m.group(0)](*args)
        if self.peek() == "<":
            self.eat("<")
            out = [self.value()]
            while self.peek() == ",":
                self.eat(",")
                out.append(self.value())
            self.eat(">")
            return tuple(out)
        if self.peek() == "_":
            self.eat("_")
            return None
        t = self.tup()
        if self.peek() == ":":
            self.eat(":")
            return pc.Layout(t, self.tup())
        return t


def text(t):
    return "(" + ",".join(text(x) for x in t) + ")" if isinstance(t, tuple) else str(t)


def main():
    root = sys.argv[1]
    agree, differ, skipped = 0, [], 0
    for d in sorted(os.listdir(root)):
        if not d.startswith("algebra-"):
            continue
        exp = json.load(open(os.path.join(root, d, "expected.json")))
        want = exp.get("algebra", {}).get("result")
        expr = json.load(open(os.path.join(root, d, "request.json")))["layout"]["cute"]
        head = re.match(r"[a-z_]+", expr)
        if not want or not head or head.group(0) not in FNS or re.search(r"[A-Z{]|Step", expr):
            skipped += 1
            continue
        try:
            r = Reader(expr).value()
        except Exception as e:  # pycute refuses (an assertion) or cannot read it
            differ.append((d, expr, want, "pycute: %s" % (type(e).__name__)))
            continue
        got = text(r.shape) + ":" + text(r.stride) if isinstance(r, pc.Layout) else str(r)
        if got == want:
            agree += 1
        else:
            differ.append((d, expr, want, got))
    print("%d agree, %d differ, %d not evaluated by pycute" % (agree, len(differ), skipped))
    for d, expr, want, got in differ:
        print("%s  %s\n    C++    %s\n    pycute %s" % (d, expr, want, got))


if __name__ == "__main__":
    main()
