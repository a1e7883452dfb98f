#!/usr/bin/env python3
"""Golden cases for the copy section from the CUTLASS ldmatrix/stmatrix atoms.

Input: the output of ldsm_atoms_dump.cpp (built against NVIDIA/cutlass
include/, commit 7107b05535f8977f5ecb9d01ee203205b1fd9bc4).  Each atom's
register side, decoded by the program into (matrix, row, column) of the moved
data, becomes a threads layout (table notation: lane, register -> element)
over a tile whose matrix m is rows 8m..8m+7.  The expected instruction is the
PTX variant the atom wraps (copy_traits_sm75.hpp / copy_traits_sm90.hpp:
U32xN_{LDSM,STSM}_N = .xN, U16x2N_{LDSM,STSM}_T = .xN.trans), moved once.

    python3 gen_copy_cases.py atoms.txt tests/golden
"""
import json
import os
import re
import sys

COMMIT = "7107b05535f8977f5ecb9d01ee203205b1fd9bc4"


def atoms(path):
    out, cur = [], None
    for line in open(path):
        f = line.split()
        if f[0] == "ATOM":
            cur = {"name": f[1], "vals": []}
            out.append(cur)
        elif f[0] in ("SRC", "DST"):
            cur[f[0]] = f[1]
        elif f[0] == "SHAPE":
            pass
        else:
            cur["vals"].append(tuple(int(x) for x in f))
    return out


def variant(name):
    m = re.match(r"SM(75|90)_U(32|16)x(\d)_(LDSM|STSM)_(N|T)", name)
    n = int(m.group(3))
    x = n if m.group(2) == "32" else n // 2
    fam = "ldmatrix" if m.group(4) == "LDSM" else "stmatrix"
    trans = m.group(5) == "T"
    full = "%s.sync.aligned.m8n8.x%d%s.shared.b16" % (fam, x, ".trans" if trans else "")
    other = "%s.sync.aligned.m8n8.x%d%s.shared.b16" % (fam, x, "" if trans else ".trans")
    return fam, x, trans, full, other


def write(root, case, req, exp, source):
    d = os.path.join(root, case)
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, "request.json"), "w") as f:
        json.dump(req, f, indent=1)
        f.write("\n")
    with open(os.path.join(d, "expected.json"), "w") as f:
        json.dump(exp, f, indent=1)
        f.write("\n")
    with open(os.path.join(d, "SOURCE"), "w") as f:
        f.write(source)


def main():
    root = sys.argv[2]
    for a in atoms(sys.argv[1]):
        fam, x, trans, full, other = variant(a["name"])
        side = "DstLayout" if fam == "ldmatrix" else "SrcLayout"
        reg = a["DST"] if fam == "ldmatrix" else a["SRC"]
        hdr = "copy_traits_sm75.hpp" if fam == "ldmatrix" else "copy_traits_sm90.hpp"
        rows = [[[8 * m + r, c], {"lane": t, "register": v}] for t, v, m, r, c in a["vals"]]
        threads = {"logical": [8 * x, 8], "table": rows}
        src = (
            "NVIDIA/cutlass include/cute/atom/%s (commit %s): %s, register side (%s) "
            "%s, printed by tests/golden/tools/ldsm_atoms_dump.cpp and decoded there "
            "into matrix / row / 16-bit column of the moved data; this request by "
            "tests/golden/tools/gen_copy_cases.py.\n"
            % (hdr, COMMIT, a["name"], side, reg))
        base = "copy-cutlass-%s" % a["name"].lower().replace("_", "-")
        # rows of 16 contiguous bytes: the atom's own variant, moved once
        req = {"layout": {"logical": [8 * x, 8], "expr": {"offset": "i * 8 + j"}},
               "copy": {"instruction": fam, "element_bits": 16, "threads": threads}}
        exp = {"ok": True, "copy": {"instruction": full, "legal": True, "count": 1,
                                    "bank_conflicts": 0}}
        write(root, base, req, exp, src + (
            "Shared tile row-major (matrix m = rows 8m..8m+7, one 16-byte row each): the "
            "atom is %s (PTX ISA: one instruction, 8 rows per matrix, conflict-free as its "
            "8 rows are 128 consecutive bytes).\n" % full))
        # the same fragment named as the other transposition: a failed check
        req2 = dict(req)
        req2["copy"] = dict(req["copy"], instruction=other)
        exp2 = {"ok": False, "copy": {"requested": other, "instruction": None, "legal": False,
                                      "count": None}}
        write(root, base + "-as-" + ("plain" if trans else "trans"), req2, exp2, src + (
            "Asked as %s instead of the atom's %s: the PTX fragment of the other "
            "transposition puts different elements in each register, so the named "
            "instruction cannot move the tile: a failed check (exit 1).\n" % (other, full)))


if __name__ == "__main__":
    main()
