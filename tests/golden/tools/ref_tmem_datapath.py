#!/usr/bin/env python3
"""Tensor-memory datapath layouts of TVM TIRx (cta_group::2, M=64 half-lane
views) and Triton's blockM = 64 twoCTAs encoding, with twins in another
notation.  Placements and fingerprints are computed here from the upstream
formulas (docs/identity.md's encoding), not by layoutd.

  python3 tests/golden/tools/ref_tmem_datapath.py tests/golden

Sources:
- TVM TIRx tmem_datapath_layout (tqchen/tvm python/tvm/tirx/layout.py,
  commit 23ab01f36a35cd1aa94285b80d07888bddbb2047): Layout B (M=128
  cta_group::2 dense, the per-CTA (64, N) view) and E (M=64 .ws):
  S[(rows, 2, cols // 2) : (1 @ tlane, 64 @ tlane, 1 @ tcol)], "(r, c) ->
  (TLane = r + 64 * (c // (N/2)), TCol = c % (N/2))"; Layout F with
  sub_slab = 1: S[(4, 16, cols) : (32 @ tlane, 1 @ tlane, 1 @ tcol)] +
  (16 @ tlane), "logical row wid*16+intra -> physical lane wid*32 +
  sub_slab*16 + intra"; Layout G (M=32 .ws): S[(rows, 4, cols // 4) : (1 @
  tlane, 32 @ tlane, 1 @ tcol)], "lane = row + 32*q, physical col = col %
  (cols/4)"; the datapath-B A operand ("replica A"): S[(m, K) : (1 @ tlane,
  1 @ tcol)] + R[2 : 64 @ tlane].
- Triton tensorMemoryToLinearLayout (triton-lang/triton bceeb9ed7c,
  lib/Dialect/TritonGPU/IR/LinearLayoutConversions.cpp): blockM = 64 with
  twoCTAs takes identity(64) on row and identity(blockN) on col, then moves
  the last col basis to the row (row bit 6); the CGA layout [[1, 0]] puts
  block bit 0 on dim0 at the per-CTA rows.  The TLane/TCol/block placement is
  layoutd's reading of it (row -> TLane, col -> TCol, block kept).
"""
import hashlib
import json
import os
import struct
import sys


def fingerprint(shape, axes, places):
    """places(e) -> list of point dicts for row-major element e."""
    names = sorted(axes, key=lambda s: s.encode())
    body = hashlib.sha256()
    n = 1
    for s in shape:
        n *= s
    for e in range(n):
        idx = set()
        for p in places(e):
            if all(0 <= p[a] < axes[a] for a in names):
                i = 0
                for a in names:
                    i = i * axes[a] + p[a]
                idx.add(i)
        body.update(struct.pack("<I", len(idx)))
        for i in sorted(idx):
            body.update(struct.pack("<Q", i))
    header = ("layoutd-fingerprint/1\nshape" + "".join(" %d" % s for s in shape) + "\naxes" +
              "".join(" %s=%d" % (a, axes[a]) for a in names) + "\nbody ")
    return "sha256:" + hashlib.sha256(header.encode() + body.digest()).hexdigest()


def verdict(shape, axes, places):
    points = {}
    placements = 0
    rep = []
    n = shape[0] * shape[1]
    for e in range(n):
        ps = places(e)
        placements += len(ps)
        rep.append(len({tuple(sorted(p.items())) for p in ps}))
        for p in ps:
            points.setdefault(tuple(sorted(p.items())), set()).add(e)
    size = 1
    for a in axes:
        size *= axes[a]
    collisions = sum(len(s) - 1 for s in points.values())
    holes = size - len(points)
    return placements, collisions, holes, min(rep), max(rep)


def alloc(c):
    a = 32
    while a < c:
        a *= 2
    return a if c <= 512 else None


def write(root, name, request, expected, source):
    d = os.path.join(root, name)
    os.makedirs(d, exist_ok=True)
    for fn, obj in (("request.json", request), ("expected.json", expected)):
        with open(os.path.join(d, fn), "w") as f:
            json.dump(obj, f, indent=2)
            f.write("\n")
    with open(os.path.join(d, "SOURCE"), "w") as f:
        f.write(source + "\nExpected: tests/golden/tools/ref_tmem_datapath.py (the upstream "
                "formulas evaluated in Python, fingerprints by docs/identity.md), not the "
                "engine.\n")


TVM = ("Repository: tqchen/tvm (TVM TIRx)\nPath: python/tvm/tirx/layout.py, commit "
       "23ab01f36a35cd1aa94285b80d07888bddbb2047, tmem_datapath_layout / "
       "tmem_mma_operand_layout.\n")


def case(root, name, shape, axes, places, defs, probes, source, exp_extra=None):
    fp = fingerprint(shape, axes, places)
    pl, col, holes, rmin, rmax = verdict(shape, axes, places)
    cols = max(p["TCol"] for e in range(shape[0] * shape[1]) for p in places(e)) + 1
    lanes = max(p["TLane"] for e in range(shape[0] * shape[1]) for p in places(e)) + 1
    for k, (suffix, layout) in enumerate(defs):
        probe_out = []
        for pr in probes:
            e = pr[0] * shape[1] + pr[1]
            ps = sorted((dict(p) for p in places(e)), key=lambda p: sorted(p.items()))
            probe_out.append({"logical": pr, "places": ps})
        exp = {"fingerprint": fp, "placements": pl, "ok": True,
               "collisions": {"count": col}, "holes": {"count": holes},
               "replication": {"min": rmin, "max": rmax},
               "tmem": {"columns": cols, "lanes": lanes, "allocation": alloc(cols),
                        "fits": cols <= 512 and lanes <= 128, "ok": True},
               "probe": probe_out}
        if exp_extra:
            exp.update(exp_extra)
        req = {"layout": layout, "probe": probes}
        if holes:
            req["expect"] = {"hole_free": False}
        twin = [d for j, d in enumerate(defs) if j != k]
        write(root, name + suffix, req, exp,
              source + "Twin%s with the same fingerprint: %s.\n" %
              ("s" if len(twin) > 1 else "", ", ".join(name + s for s, _ in twin)))


def main(root):
    # Layout B: per-CTA (64, 256) of a cta_group::2 M=128 accumulator
    R, C = 64, 256

    def b(e):
        r, c = divmod(e, C)
        return [{"TLane": r + 64 * (c // (C // 2)), "TCol": c % (C // 2)}]

    case(root, "tvm-tmem-datapath-b-cta-group-2-64x256", [R, C], {"TLane": 128, "TCol": 128}, b,
         [("", {"axe": "S[(64, 2, 128) : (1 @ TLane, 64 @ TLane, 1 @ TCol)]", "logical": [R, C]}),
          ("-expr", {"expr": {"TLane": "i + 64 * (j // 128)", "TCol": "j % 128"},
                     "logical": [R, C]})],
         [[0, 127], [0, 128], [63, 255]],
         TVM + "Layout B (M=128, .cta_group::2, dense A): each CTA's (64, N) accumulator "
         "folds its N columns into two N/2 halves on lanes 0..63 and 64..127: (r, c) -> "
         "(TLane r + 64 (c // (N/2)), TCol c % (N/2)). N = 256 here: a bijection onto 128 "
         "lanes x 128 columns.\n")

    # Layout F, upper sub-slab: lanes 16..31 of each warp's partition
    R, C = 64, 64

    def f1(e):
        r, c = divmod(e, C)
        return [{"TLane": (r // 16) * 32 + 16 + r % 16, "TCol": c}]

    case(root, "tvm-tmem-datapath-f-m64-sub-slab-1", [R, C], {"TLane": 128, "TCol": 64}, f1,
         [("", {"axe": "S[(4, 16, 64) : (32 @ TLane, 1 @ TLane, 1 @ TCol)] + 16 @ TLane",
                "logical": [R, C], "physical": {"TLane": 128, "TCol": 64}}),
          ("-expr", {"expr": {"TLane": "(i // 16) * 32 + 16 + i % 16", "TCol": "j"},
                     "logical": [R, C], "physical": {"TLane": 128, "TCol": 64}})],
         [[0, 0], [15, 0], [16, 0], [63, 63]],
         TVM + "Layout F (M=64, non-.ws) with sub_slab = 1: the upper 16-lane half of each "
         "warp's 32-lane partition, logical row 16w + i at lane 32w + 16 + i (the 64-row view "
         "of a Layout D accumulator's high half-slab). Declared TLane 128: half the lanes "
         "are holes.\n")

    # Layout G: M=32 .ws, column quarters on the four 32-lane slabs
    R, C = 32, 128

    def g(e):
        r, c = divmod(e, C)
        return [{"TLane": r + 32 * (c // (C // 4)), "TCol": c % (C // 4)}]

    case(root, "tvm-tmem-datapath-g-m32-ws-32x128", [R, C], {"TLane": 128, "TCol": 32}, g,
         [("", {"axe": "S[(32, 4, 32) : (1 @ TLane, 32 @ TLane, 1 @ TCol)]", "logical": [R, C]}),
          ("-expr", {"expr": {"TLane": "i + 32 * (j // 32)", "TCol": "j % 32"},
                     "logical": [R, C]})],
         [[0, 31], [0, 32], [31, 127]],
         TVM + "Layout G (M=32, .ws): column quarters folded across the four 32-lane warp "
         "slabs, lane = row + 32 q, column = col % (cols / 4).\n")

    # Datapath B's A operand in TMEM: replicated on both 64-lane halves
    R, C = 64, 64

    def ra(e):
        r, c = divmod(e, C)
        return [{"TLane": r, "TCol": c}, {"TLane": r + 64, "TCol": c}]

    case(root, "tvm-tmem-operand-a-datapath-b-replica", [R, C], {"TLane": 128, "TCol": 64}, ra,
         [("", {"axe": "S[(64, 64) : (1 @ TLane, 1 @ TCol)] + R[2 : 64 @ TLane]",
                "logical": [R, C]}),
          ("-expr", {"expr": {"TLane": "i + 64 * rep", "TCol": "j"}, "replicate": {"rep": 2},
                     "logical": [R, C]})],
         [[0, 0], [63, 63]],
         TVM + "tmem_mma_operand_layout(\"A\", (64, K), M=128, cta_group=2): datapath B's "
         "A operand as a replica, S[(m, K) : (1 @ tlane, 1 @ tcol)] + R[2 : 64 @ tlane]: each "
         "element on lane r and lane r + 64 (replication 2, bijective false).\n")

    # Triton blockM = 64, twoCTAs: per CTA the Layout B fold, two CTAs along M
    R, C = 128, 256

    def t(e):
        r, c = divmod(e, C)
        return [{"TLane": r % 64 + 64 * (c // 128), "TCol": c % 128, "block": r // 64}]

    text = ("#tmem = #ttng.tensor_memory_encoding<blockM = 64, blockN = 256, colStride = 1, "
            "CGALayout = [[1, 0]], twoCTAs = true>\n%m = ttng.tmem_alloc : () -> "
            "!ttg.memdesc<128x256xf32, #tmem, #ttng.tensor_memory, mutable>")
    lin = {"bases": {"TLane": [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [32, 0], [0, 128]],
                     "TCol": [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [0, 32], [0, 64]],
                     "block": [[64, 0]]},
           "out": [["dim0", 128], ["dim1", 256]]}
    case(root, "triton-tmem-blockm64-twoctas-128x256", [R, C],
         {"TLane": 128, "TCol": 128, "block": 2}, t,
         [("", {"ttgir": text}),
          ("-axe", {"axe": "S[(2, 64, 2, 128) : (1 @ block, 1 @ TLane, 64 @ TLane, 1 @ TCol)]",
                    "logical": [R, C], "axes": {"block": "thread"}}),
          ("-linear", {"linear": lin})],
         [[0, 128], [63, 255], [64, 0], [127, 129]],
         "Repository: triton-lang/triton\nPath: lib/Dialect/TritonGPU/IR/"
         "LinearLayoutConversions.cpp (tensorMemoryToLinearLayout), commit "
         "bceeb9ed7c0a3bcbdf9e35869de841656c1a5760; lib/Dialect/TritonNvidiaGPU/IR/Dialect.cpp "
         "(the verifier: twoCTAs needs the first CGA block basis [1, 0]).\n"
         "blockM = 64 with twoCTAs: identity(64) rows, identity(blockN) columns, the last "
         "column basis moved to the row (row bit 6 -> dim1 128), PTX's data path layout B; "
         "CGALayout [[1, 0]]: block 1 holds rows 64..127. Per CTA the same fold as TVM's "
         "Layout B (tvm-tmem-datapath-b-cta-group-2-64x256). The linear twin writes the "
         "bases as Triton builds them; the axe twin adds the block iter.\n")


if __name__ == "__main__":
    main(sys.argv[1])
