#!/usr/bin/env python3
"""Expected bytes of the print-triton-* golden cases, from Triton's own test.

triton_dumplayout_literals.txt holds the C++ string literals that
DumpLayoutTest.cpp asserts getLayoutStr() returns, as they are written in
that file.  This decodes them the way a C++ compiler does (R"(...)" raw
strings; adjacent "..." strings concatenated, with \\n and \\" escapes) and
writes tests/golden/print-triton-<case>-<format>/expected.out.

    python3 tests/golden/tools/ref_triton_dumplayout.py
"""
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
GOLDEN = os.path.dirname(HERE)


def decode(src):
    out, i = [], 0
    while i < len(src):
        if src.startswith('R"(', i):
            end = src.index(')"', i + 3)
            out.append(src[i + 3:end])
            i = end + 2
        elif src[i] == '"':
            j, s = i + 1, []
            while src[j] != '"':
                if src[j] == "\\":
                    s.append({"n": "\n", '"': '"', "\\": "\\"}[src[j + 1]])
                    j += 2
                else:
                    s.append(src[j])
                    j += 1
            out.append("".join(s))
            i = j + 1
        elif src[i].isspace():
            i += 1
        else:
            sys.exit("unexpected %r in the literals" % src[i:i + 20])
    return "".join(out)


def main():
    text = open(os.path.join(HERE, "triton_dumplayout_literals.txt")).read()
    text = "\n".join(l for l in text.split("\n") if not l.startswith("# "))
    parts = re.split(r"^@@ (\S+) (\S+)\n", text, flags=re.M)
    for k in range(1, len(parts), 3):
        case, fmt, body = parts[k], parts[k + 1], parts[k + 2]
        d = os.path.join(GOLDEN, "print-triton-%s-%s" % (case, fmt))
        os.makedirs(d, exist_ok=True)
        with open(os.path.join(d, "expected.out"), "w") as f:
            f.write(decode(body))
        print(d)


main()
