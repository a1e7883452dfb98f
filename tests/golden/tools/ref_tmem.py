#!/usr/bin/env python3
"""Golden cases for tensor memory (docs/tmem.md), computed without layoutd.

Input: the output of tmem_atoms_dump.cpp, a host-only program against the
CUTLASS headers (NVIDIA/cutlass@7107b05535, include/cute/atom/
copy_traits_sm100.hpp) that prints every SM100 TMEM LOAD/STORE atom's
layouts and decodes each (thread, value) into (lane, column):

  g++ -std=c++17 -I$CUTLASS/include -I$CUDA/include -I$CUDA/include/cccl \
      tests/golden/tools/tmem_atoms_dump.cpp -o dump && ./dump > dump.txt
  python3 tests/golden/tools/ref_tmem.py dump.txt tests/golden
  (and tmem_tensor_dump.cpp's output:
   python3 tests/golden/tools/ref_tmem.py tensors tdump.txt tests/golden)

For every atom it writes cutlass-tmem-<name> (the atom by name in `cute`,
with `"tmem": {"match": true}`), and for the smaller ones a table twin
cutlass-tmem-<name>-table (the dumped rows) with the same fingerprint.  The
fingerprint follows docs/identity.md; the tmem section the rules of
docs/tmem.md (columns = max column + 1, allocation the power of two >= 32,
sub-partition of warp 0: lanes 0..31); the match list is every atom whose
(thread, lane, column) cells equal this one's, from the dump itself.
"""
import hashlib
import json
import os
import re
import struct
import sys

CUTLASS = "NVIDIA/cutlass@7107b05535f8977f5ecb9d01ee203205b1fd9bc4"


def read_dump(path):
    atoms, cur = {}, None
    for line in open(path):
        p = line.split()
        if not p:
            continue
        if p[0] == "ATOM":
            cur = {"name": p[1], "pts": [], "print": {}}
            atoms[p[1]] = cur
        elif p[0] in ("THRID", "VALID", "SRC", "DST", "REF"):
            cur["print"][p[0]] = " ".join(p[1:])
        elif p[0] == "SHAPE":
            cur["V"], cur["W"] = int(p[2]), int(p[3])
        elif p[0] == "BAD":
            raise SystemExit("dump reports " + line)
        elif p[0][0].isdigit():
            t, v, lane, col, bit = map(int, p)
            assert bit == 0
            cur["pts"].append((t, v, lane, col))
    return atoms


def fingerprint(shape, axes, placements):
    """axes: {name: extent}; placements: {elem: [point dict, ...]}"""
    names = sorted(axes, key=lambda s: s.encode())
    size = 1
    for d in shape:
        size *= d
    body = hashlib.sha256()
    for e in range(size):
        pts = set()
        for c in placements.get(e, []):
            p = 0
            for n in names:
                p = p * axes[n] + c[n]
            pts.add(p)
        body.update(struct.pack("<I", len(pts)))
        for p in sorted(pts):
            body.update(struct.pack("<Q", p))
    header = "layoutd-fingerprint/1\nshape" + "".join(" %d" % d for d in shape)
    header += "\naxes" + "".join(" %s=%d" % (n, axes[n]) for n in names) + "\nbody "
    return "sha256:" + hashlib.sha256(header.encode() + body.digest()).hexdigest()


def alloc(columns):
    if columns > 512:
        return None
    a = 32
    while a < columns:
        a *= 2
    return a


def cells(atom):
    return frozenset((t, lane, col) for t, v, lane, col in atom["pts"])


# TVM tirx tcgen05_ld_st "Native images" (lane l, register r -> row, column),
# repeated along the columns; 16x32bx2 from the PTX fragment and CuTe.
CLOSED = {
    "32dp32b": ("i", "{r}"),
    "16dp32b": ("i % 16", "{r} + {N} * (i // 16)"),
    "16dp64b": ("i // 4 + 8 * (i % 2)", "i // 2 % 2 + 2 * {r}"),
    "16dp128b": ("i // 4 + 8 * ({r} % 2)", "i % 4 + 4 * ({r} // 2)"),
    "16dp256b": ("i // 4 + 8 * ({r} // 2 % 2)", "{r} % 2 + 2 * (i % 4) + 8 * ({r} // 4)"),
}


def expr_twin(name, V):
    m = re.match(r"SM100_TMEM_(LOAD|STORE)_(\d+dp\d+b)(\d+)x(_16b)?$", name)
    fam, N, b16 = m.group(2), int(m.group(3)), bool(m.group(4))
    lane, col = CLOSED[fam]
    r = "(j // 2)" if b16 else "j"
    lane = lane.format(r=r, N=N)
    col = col.format(r=r, N=N)
    if b16:
        col = "2 * (%s) + j %% 2" % col
    d = {"logical": [32, V], "expr": {"thread": "i", "value": "j", "TLane": lane, "TCol": col}}
    if b16:
        d["element_bits"] = 16
    return d


def write(root, name, request, expected, source):
    d = os.path.join(root, name)
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, "request.json"), "w") as f:
        json.dump(request, f, indent=1 if len(json.dumps(request)) < 4000 else None)
        f.write("\n")
    with open(os.path.join(d, "expected.json"), "w") as f:
        json.dump(expected, f, indent=2)
        f.write("\n")
    with open(os.path.join(d, "SOURCE"), "w") as f:
        f.write(source)


def main():
    atoms = read_dump(sys.argv[1])
    root = sys.argv[2]
    assert len(atoms) == 148, len(atoms)
    by_cells = {}
    for a in atoms.values():
        if a["W"] == 32:
            by_cells.setdefault(cells(a), []).append(a["name"])
    for a in atoms.values():
        V, W = a["V"], a["W"]
        lanes = max(p[2] for p in a["pts"]) + 1
        cols = max(p[3] for p in a["pts"]) + 1
        axes = {"thread": 32, "value": V, "TLane": lanes, "TCol": cols}
        pl = {t * V + v: [{"thread": t, "value": v, "TLane": lane, "TCol": col}]
              for t, v, lane, col in a["pts"]}
        fp = fingerprint([32, V], axes, pl)
        tm = {"columns": cols, "lanes": lanes, "allocation": alloc(cols), "fits": True,
              "element_bits": W, "packing": 1,
              "subpartitions": {"ok": True, "warp_from": "thread", "violations": 0},
              "ok": True}
        exp = {"fingerprint": fp, "ok": True, "logical": {"shape": [32, V]},
               "placements": 32 * V,
               "verdict": {"complete": True, "collision_free": True,
                           "replicas_distinct": True, "in_bounds": True},
               "tmem": dict(tm)}
        if W == 32:
            exp["tmem"]["match"] = {"atoms": sorted(by_cells[cells(a)]), "element_bits": 32}
        lname = a["name"].lower().replace("sm100_tmem_", "")
        pr = a["print"]
        src = (f"Atom: {a['name']}, by name in the cute notation.\n"
               f"Source: {CUTLASS}, include/cute/atom/copy_traits_sm100.hpp, "
               f"Copy_Traits<{a['name']}>:\n"
               f"  ThrID {pr['THRID']}\n  ValID {pr['VALID']}\n  SrcLayout {pr['SRC']}\n"
               f"  DstLayout {pr['DST']}\n  RefLayout {pr['REF']}\n"
               "Expected: tests/golden/tools/tmem_atoms_dump.cpp (compiled against those "
               "headers on the host) decodes ValID(RegLayout(t, v*W)) into lane = addr >> 21, "
               "column = (addr >> 5) & 0xffff for every (t, v); tests/golden/tools/ref_tmem.py "
               "turns that into the fingerprint (docs/identity.md), the tmem section and the "
               "atoms with the same (thread, lane, column) cells.\n")
        req = {"layout": {"cute": a["name"]}}
        if W == 32:
            req["tmem"] = {"match": True}
        write(root, "cutlass-tmem-" + lname, req, exp, src)
        ex = expr_twin(a["name"], V)
        eexp = {"fingerprint": fp, "ok": True, "tmem": tm}
        write(root, "cutlass-tmem-" + lname + "-expr", {"layout": ex}, eexp,
              src.replace("by name in the cute notation",
                          "the PTX/TVM closed form of its shape in the expr notation (TVM "
                          "tirx tcgen05_ld_st \"Native images\": lane l, register r; the "
                          "16x32bx2 second half at column + N as CuTe's immHalfSplitoff): the "
                          "twin of cutlass-tmem-" + lname + ", the same fingerprint"))
        if 32 * V <= 256:
            rows = [[[t, v], {"thread": t, "value": v, "TLane": lane, "TCol": col}]
                    for t, v, lane, col in a["pts"]]
            treq = {"layout": {"logical": [32, V], "table": rows}}
            if W == 16:
                treq["layout"]["element_bits"] = 16
            texp = {"fingerprint": fp, "ok": True, "tmem": tm}
            write(root, "cutlass-tmem-" + lname + "-table", treq, texp,
                  src.replace("by name in the cute notation", "its dumped rows in the table "
                              "notation: the twin of cutlass-tmem-" + lname +
                              ", the same fingerprint"))


def colex(i, modes):
    c = []
    for m in modes:
        c.append(i % m)
        i //= m
    return c


TYPES = {32: "float", 16: "cutlass::half_t", 8: "uint8_t"}


def tensors(path, root):
    """Cases from tmem_tensor_dump.cpp: CuTe's printed TMEM tensors."""
    cases, cur = [], None
    for line in open(path):
        p = line.split(None, 1)
        if p[0] == "CASE":
            cur = {"name": p[1].strip(), "rows": []}
            cases.append(cur)
        elif p[0] == "PRINT":
            cur["print"] = p[1].strip()
        elif p[0] == "MODES":
            cur["modes"] = [int(x) for x in p[1].split()]
        elif p[0] == "BITS":
            cur["bits"] = int(p[1])
        elif p[0][0].isdigit():
            cur["rows"].append([int(x) for x in line.split()])
    for c in cases:
        modes, bits = c["modes"], c["bits"]
        sub = bits < 32
        lanes = max(r[1] for r in c["rows"]) + 1
        cols = max(r[2] for r in c["rows"]) + 1
        subs = max(r[3] for r in c["rows"]) + 1
        axes = {"TLane": lanes, "TCol": cols}
        if sub:
            axes["TSub"] = 32 // bits
        pl = {}
        for i, lane, col, s in c["rows"]:
            x = colex(i, modes)
            e = 0
            for d, m in zip(x, modes):
                e = e * m + d
            pt = {"TLane": lane, "TCol": col}
            if sub:
                pt["TSub"] = s
            pl[e] = [pt]
        fp = fingerprint(modes, axes, pl)
        tm = {"columns": cols, "lanes": lanes, "allocation": alloc(cols), "fits": True,
              "element_bits": bits, "packing": subs if sub else 1, "subpartitions": None,
              "ok": True}
        src = ("Tensor: %s, printed by CuTe as `%s`.\nSource: %s, include/cute/pointer.hpp "
               "(tmem_ptr<T>: print as tmem_[bits](0xLANE.COLUMN), operator+ adds "
               "rotr(offset, OffsetShift): the word address, the sub-word slot in the top "
               "bits) and include/cute/arch/tmem_allocator_sm100.hpp (TMEM::DP<T> = 1 << "
               "(16 + OffsetShift)).\nExpected: tests/golden/tools/tmem_tensor_dump.cpp, "
               "compiled against those headers on the host, prints the address of every "
               "element; tests/golden/tools/ref_tmem.py decodes it into TLane, TCol, TSub and "
               "the fingerprint (docs/identity.md).\n" % (c["name"], c["print"], CUTLASS))
        write(root, "cutlass-tmem-tensor-" + c["name"], {"layout": {"cute": c["print"]}},
              {"fingerprint": fp, "ok": True, "logical": {"shape": modes}, "tmem": tm}, src)
        if c["print"].startswith("tmem_[%db](0x0000.0000) o (_" % bits) and len(modes) == 2:
            typed = "Layout<Shape<_%d,_%d>, Stride<TMEM::DP<%s>, _1>>" % (
                modes[0], modes[1], TYPES[bits])
            write(root, "cutlass-tmem-tensor-" + c["name"] + "-typed",
                  {"layout": {"cute": typed}},
                  {"fingerprint": fp, "ok": True, "tmem": tm},
                  src.replace("printed by CuTe as", "its layout type pasted as `%s`, the "
                              "twin of the printed" % typed))


if __name__ == "__main__" and sys.argv[1] == "tensors":
    tensors(sys.argv[2], sys.argv[3])
elif __name__ == "__main__":
    main()
