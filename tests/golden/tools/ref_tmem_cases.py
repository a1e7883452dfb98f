#!/usr/bin/env python3
"""Constructed tensor-memory cases (docs/tmem.md): sub-partition violations,
layouts past 512 columns or 128 lanes, wrong packing, allocations, match
misses, and located errors.  Each expected value is computed here from the
rules (PTX ISA tcgen05 "Tensor Memory access restrictions": warp w % 4 of a
warpgroup reaches lanes 32(w%4) .. 32(w%4)+31; CUTLASS
tmem_allocator_sm100.hpp: 128 x 512 cells of 32 bits, tcgen05.alloc takes
a power of two >= 32 columns), not by layoutd.

  python3 tests/golden/tools/ref_tmem_cases.py tests/golden
  python3 tests/golden/tools/ref_tmem_cases.py tests/golden ttgir
  python3 tests/golden/tools/ref_tmem_cases.py tests/golden zeros
"""
import itertools
import json
import os
import sys


def write(root, name, request, expected, source):
    d = os.path.join(root, name)
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, "request.json"), "w") as f:
        json.dump(request, f, indent=2)
        f.write("\n")
    with open(os.path.join(d, "expected.json"), "w") as f:
        json.dump(expected, f, indent=2)
        f.write("\n")
    with open(os.path.join(d, "SOURCE"), "w") as f:
        f.write(source + "\nExpected: tests/golden/tools/ref_tmem_cases.py, the rules of "
                "docs/tmem.md evaluated in Python (not the engine).\n")


def alloc(c):
    if c > 512:
        return None
    a = 32
    while a < c:
        a *= 2
    return a


def evaluate(shape, f, warp_of=None, bits=32, sub=False):
    """f(coord) -> point dict; returns the tmem section's numbers."""
    lanes = cols = subs = 0
    viol, ex = 0, []
    slots = 32 // bits if bits < 32 else 1
    over = 0
    for c in itertools.product(*[range(n) for n in shape]):
        p = f(*c)
        lanes = max(lanes, p["TLane"] + 1)
        cols = max(cols, p["TCol"] + 1)
        if sub:
            subs = max(subs, p["TSub"] + 1)
            if p["TSub"] >= slots:
                over += 1
        if warp_of:
            w = warp_of(p)
            lo = 32 * (w % 4)
            if not lo <= p["TLane"] <= lo + 31:
                viol += 1
                if len(ex) < 8:
                    ex.append({"logical": list(c), "physical": p, "warp": w,
                               "TLane": p["TLane"], "lanes": [lo, lo + 31]})
    return lanes, cols, subs, viol, ex, over


def main():
    root = sys.argv[1]
    rule = ("Rule: PTX ISA, tcgen05 Tensor Memory access restrictions (warp w % 4 reaches "
            "lanes 32(w%4)..32(w%4)+31); CUTLASS copy_traits_sm100.hpp asserts it in "
            "SM100::TMEM::LOAD/STORE copy_unpack: ((threadIdx.x / 32) % 4) == "
            "(((tmem_addr >> 16) / 32) % 4).")

    # 1. four warps, each at its own sub-partition: ok
    f = lambda i, j: {"thread": i, "TLane": i, "TCol": j}
    lanes, cols, _, viol, ex, _ = evaluate([128, 16], f, lambda p: p["thread"] // 32)
    write(root, "tmem-subpartition-four-warps-ok",
          {"layout": {"logical": [128, 16], "expr": {"thread": "i", "TLane": "i", "TCol": "j"}}},
          {"ok": True, "tmem": {"columns": cols, "lanes": lanes, "allocation": alloc(cols),
                                "fits": True, "packing": 1, "element_bits": 32,
                                "subpartitions": {"ok": True, "warp_from": "thread",
                                                  "violations": 0}, "ok": True}},
          "Constructed: 128 threads, thread i at lane i (make_tmem_copy's tiling of a "
          "32dp32b atom over four warps), 16 columns.\n" + rule)

    # 2. every warp at lanes 0..31: warps 1..3 violate
    f = lambda i, j: {"thread": i, "TLane": i % 32, "TCol": j}
    lanes, cols, _, viol, ex, _ = evaluate([128, 8], f, lambda p: p["thread"] // 32)
    write(root, "tmem-subpartition-all-warps-lane0-violation",
          {"layout": {"logical": [128, 8],
                      "expr": {"thread": "i", "TLane": "i % 32", "TCol": "j"}}},
          {"ok": False, "tmem": {"columns": cols, "lanes": lanes, "fits": True,
                                 "subpartitions": {"ok": False, "warp_from": "thread",
                                                   "violations": viol, "examples": ex},
                                 "ok": False}},
          "Constructed violation: every warp of a warpgroup addresses lanes 0..31 (a "
          "32dp32b atom issued by all four warps at the same base address).\n" + rule)

    # 3. warpid axis: warp w at lanes 0..31 (axe)
    f = lambda w, l, c: {"warpid": w, "TLane": l, "TCol": c}
    lanes, cols, _, viol, ex, _ = evaluate([4, 32, 4], f, lambda p: p["warpid"])
    write(root, "tmem-subpartition-axe-warpid-violation",
          {"layout": {"logical": [4, 32, 4], "axe": "S[(4,32,4):(1@warpid,1@TLane,1@TCol)]"}},
          {"ok": False, "tmem": {"columns": 4, "lanes": 32,
                                 "subpartitions": {"ok": False, "warp_from": "warpid",
                                                   "violations": viol, "examples": ex}}},
          "Constructed violation in the axe notation (TVM TIRx TLane/TCol): the warp "
          "index on warpid, every warp at lanes 0..31.\n" + rule)

    # 4. one warp, laneid at lanes 32..63: warp 0 reaches sub-partition 1
    f = lambda l, c: {"laneid": l, "TLane": l + 32, "TCol": c}
    lanes, cols, _, viol, ex, _ = evaluate([32, 2], f, lambda p: 0)
    write(root, "tmem-subpartition-laneid-offset-violation",
          {"layout": {"logical": [32, 2],
                      "expr": {"laneid": "i", "TLane": "i + 32", "TCol": "j"}}},
          {"ok": False, "tmem": {"lanes": lanes, "columns": cols,
                                 "subpartitions": {"ok": False, "warp_from": "laneid",
                                                   "violations": viol, "examples": ex}}},
          "Constructed violation: one warp (laneid only, so warp 0) at lanes 32..63.\n" + rule)

    # 5. past 512 columns
    write(root, "tmem-columns-past-512",
          {"layout": {"logical": [128, 640], "expr": {"TLane": "i", "TCol": "j"}}},
          {"ok": False, "tmem": {"columns": 640, "lanes": 128, "allocation": None,
                                 "fits": False, "subpartitions": None, "ok": False}},
          "Constructed: 640 columns of 32 bits, past the 512 of TMEM "
          "(tmem_allocator_sm100.hpp Sm100TmemCapacityColumns = 512); no thread axis, so "
          "no sub-partition check.")

    # 6. past 128 lanes
    write(root, "tmem-lanes-past-128",
          {"layout": {"logical": [256, 4], "expr": {"TLane": "i", "TCol": "j"}}},
          {"ok": False, "tmem": {"columns": 4, "lanes": 256, "allocation": None,
                                 "fits": False, "ok": False}},
          "Constructed: lanes 0..255, past the 128 lanes (datapaths) of TMEM.")

    # 7. allocations: 33 columns -> 64, 300 -> 512, 1 -> 32, 512 -> 512
    for c in (1, 33, 300, 512):
        write(root, "tmem-allocation-%d-columns" % c,
              {"layout": {"logical": [128, c], "expr": {"TLane": "i", "TCol": "j"}}},
              {"ok": True, "tmem": {"columns": c, "allocation": alloc(c), "fits": True,
                                    "ok": True}},
              "Constructed: %d columns. tcgen05.alloc takes a power of two 32 <= n <= 512 "
              "(tmem_allocator_sm100.hpp:69, \"32 <= num_columns <= 512 and power of 2\"): "
              "the smallest holding %d columns is %d." % (c, c, alloc(c)))

    # 8. packed f16: two elements per cell on TSub
    f = lambda i, j: {"TLane": i, "TCol": j // 2, "TSub": j % 2}
    lanes, cols, subs, _, _, over = evaluate([128, 64], f, bits=16, sub=True)
    write(root, "tmem-packed-f16-tsub",
          {"layout": {"logical": [128, 64], "element_bits": 16,
                      "expr": {"TLane": "i", "TCol": "j // 2", "TSub": "j % 2"}}},
          {"ok": True, "tmem": {"columns": cols, "lanes": lanes, "element_bits": 16,
                                "packing": subs, "allocation": alloc(cols), "ok": True}},
          "Constructed: a packed 128x64 f16 tile (Triton's colStride = 1): two 16-bit "
          "elements per 32-bit column, the slot on TSub.")

    # 9. wrong packing: 32-bit elements on two TSub slots
    f = lambda i, j: {"TLane": i, "TCol": j // 2, "TSub": j % 2}
    lanes, cols, subs, _, _, over = evaluate([128, 64], f, bits=32, sub=True)
    write(root, "tmem-packing-f32-two-per-cell",
          {"layout": {"logical": [128, 64], "element_bits": 32,
                      "expr": {"TLane": "i", "TCol": "j // 2", "TSub": "j % 2"}}},
          {"ok": False, "tmem": {"columns": cols, "element_bits": 32, "packing": subs,
                                 "packing_violations": {"count": over}, "ok": False}},
          "Constructed violation: 32-bit elements packed two to a 32-bit cell (TSub 0 and "
          "1): every element with TSub 1 does not fit its cell.")

    # 10. f16 with colStride 2 style: one element per cell, the low half
    write(root, "tmem-unpacked-f16",
          {"layout": {"logical": [128, 32], "element_bits": 16,
                      "expr": {"TLane": "i", "TCol": "j"}}},
          {"ok": True, "tmem": {"columns": 32, "element_bits": 16, "packing": 1,
                                "allocation": 32, "ok": True}},
          "Constructed: unpacked 16-bit elements (Triton colStride = 2, CuTe _16b atoms): "
          "one element per 32-bit column, packing 1.")

    # 11. match: TileLang / TVM 16x256b closed form in expr matches the atom
    write(root, "tmem-match-expr-16x256b",
          {"layout": {"logical": [32, 4],
                      "expr": {"thread": "i", "TLane": "i // 4 + 8 * (j // 2 % 2)",
                               "TCol": "j % 2 + 2 * (i % 4) + 8 * (j // 4)"}},
           "tmem": {"match": True}},
          {"ok": True, "tmem": {"match": {"atoms": ["SM100_TMEM_LOAD_16dp256b1x",
                                                    "SM100_TMEM_STORE_16dp256b1x"],
                                          "element_bits": 32}}},
          "TVM tirx tcgen05_ld_st native image of .16x256b (lane l, register r -> row "
          "l//4 + 8*(r//2%2), column r%2 + 2*(l%4) + 8*(r//4)), without a value axis; the "
          "CUTLASS atoms with these cells: copy_traits_sm100.hpp "
          "Copy_Traits<SM100_TMEM_LOAD_16dp256b1x> (see cutlass-tmem-load_16dp256b1x).")

    # 12. match miss: 32dp32b2x with columns swapped for thread 5
    write(root, "tmem-match-miss-nearest",
          {"layout": {"logical": [32, 2],
                      "expr": {"thread": "i", "TLane": "i", "TCol": "j + 2 * (1 - min(1, (i - 5) * (i - 5)))"}},
           "tmem": {"match": True}},
          {"ok": True, "tmem": {"match": {"atoms": [], "element_bits": 32,
                                          "nearest": {"atom": "SM100_TMEM_LOAD_32dp32b2x",
                                                      "thread": 5, "TLane": 5, "TCol": 0,
                                                      "in": "atom", "differences": 4}}}},
          "Constructed: SM100_TMEM_LOAD_32dp32b2x (thread t at lane t, columns 0 and 1) "
          "with thread 5 moved to columns 2 and 3: no atom moves it. The nearest is "
          "32dp32b2x (LOAD first in name order), 4 cells differ: thread 5 at (5,0), (5,1) in "
          "the atom, (5,2), (5,3) in the layout; the smallest in (thread, lane, column) "
          "order is (5, 5, 0), a cell of the atom.")

    # 13. match at 16 bits: 32dp32b1x_16b and the plain 32dp32b cells
    write(root, "tmem-match-16b-unpacked",
          {"layout": {"logical": [32, 2], "element_bits": 16,
                      "expr": {"thread": "i", "TLane": "i", "TCol": "j"}},
           "tmem": {"match": True}},
          {"ok": True, "tmem": {"match": {"atoms": ["SM100_TMEM_LOAD_32dp32b1x_16b",
                                                    "SM100_TMEM_STORE_32dp32b1x_16b"],
                                          "element_bits": 16}}},
          "Constructed: two 16-bit values per thread, unpacked one per column (lane t, "
          "columns 0 and 1): copy_traits_sm100.hpp Copy_Traits<SM100_TMEM_LOAD_32dp32b1x_16b> "
          "ValID ((_16,_2),_32):((_1,_32),DP_b) puts logical bits 16..31 at column 1, bits "
          "0..15 (see cutlass-tmem-load_32dp32b1x_16b).")

    # located errors
    bad = [
        ("unknown-op", "SM100_TMEM_COPY_32dp32b1x", "unknown_name", 11, "LOAD_ or SM100_TMEM_STORE_"),
        ("load-stat", "SM100_TMEM_LOAD_STAT_32dp32b32x", "unknown_name", 11, "LOAD_STAT"),
        ("32dp64b", "SM100_TMEM_LOAD_32dp64b2x", "out_of_range", 16, "32dp64b"),
        ("8dp", "SM100_TMEM_STORE_8dp32b1x", "out_of_range", 17, "8dp32b"),
        ("48b", "SM100_TMEM_LOAD_16dp48b1x", "out_of_range", 16, "16dp48b"),
        ("rep-3", "SM100_TMEM_LOAD_32dp32b3x", "out_of_range", 23, "repetition 3x"),
        ("rep-0", "SM100_TMEM_LOAD_32dp32b0x", "out_of_range", 23, "repetition 0x"),
        ("rep-256", "SM100_TMEM_LOAD_32dp32b256x", "out_of_range", 23, "128x"),
        ("rep-128-on-16dp128b", "SM100_TMEM_LOAD_16dp128b128x", "out_of_range", 24, "64x"),
        ("rep-64-on-16dp256b", "SM100_TMEM_STORE_16dp256b64x", "out_of_range", 25, "32x"),
        ("no-rep", "SM100_TMEM_LOAD_32dp32b", "syntax", 23, "repetition"),
        ("no-x", "SM100_TMEM_LOAD_32dp32b8", "syntax", 24, "\"x\""),
        ("suffix-8b", "SM100_TMEM_LOAD_32dp32b8x_8b", "syntax", 25, "_16b"),
        ("trailing", "SM100_TMEM_LOAD_32dp32b8x extra", "syntax", 26, "after the TMEM atom"),
        ("copy-traits-unclosed", "Copy_Traits<SM100_TMEM_LOAD_32dp32b1x", "syntax", 37, "'>'"),
        ("copy-atom-no-type", "Copy_Atom<SM100_TMEM_LOAD_32dp32b1x, >", "syntax", 37,
         "element type"),
        ("no-dp", "SM100_TMEM_LOAD_32x32b1x", "syntax", 18, "\"dp\""),
        ("dp-unknown-type", "Layout<Shape<_128,_64>, Stride<TMEM::DP<double2>, _1>>",
         "unknown_name", 40, "double2"),
        ("ptr-64b", "tmem_[64b](0x0000.0000) o (_128,_64):(_65536,_1)", "out_of_range", 6,
         "64-bit"),
        ("ptr-no-o", "tmem_[32b](0x0000.0000) (_128,_64):(_65536,_1)", "syntax", 24, "'o'"),
        ("dp-units-differ", "tmem_[16b](0x0000.0000) o (_128,_64):(TMEM::DP<float>,_1)",
         "shape_mismatch", 38, "32-bit units"),
    ]
    for name, text, code, pos, msg in bad:
        addr = text.startswith("tmem_[") or "TMEM::DP" in text
        write(root, "bad-tmem-" + name, {"layout": {"cute": text}},
              {"error": {"code": code, "pointer": "/layout/cute", "position": pos},
               "message": msg},
              "Located error (hand-written request): %s is not a TMEM-addressed CuTe layout "
              "as CUTLASS writes one: tmem_ptr<T> prints as tmem_[bits](0xLANE.COLUMN) for "
              "32-, 16- and 8-bit T (include/cute/pointer.hpp), TMEM::DP<T> is the lane "
              "stride in T units (include/cute/arch/tmem_allocator_sm100.hpp), one unit per "
              "layout.\n" % text if addr else
              "Located error (hand-written request): %s is not a CUTLASS SM100 TMEM "
              "LOAD/STORE atom. The atoms (copy_traits_sm100.hpp @7107b05535): "
              "SM100_TMEM_{LOAD,STORE}_{32dp32b,16dp32b,16dp64b}{1..128}x, 16dp128b{1..64}x, "
              "16dp256b{1..32}x, each also _16b; LOAD_STAT is a reduction." % text)
    write(root, "bad-tmem-logical-size", {"layout": {"cute": "SM100_TMEM_LOAD_32dp32b8x",
                                                     "logical": [32, 4]}},
          {"error": {"code": "shape_mismatch", "pointer": "/layout/logical"},
           "message": "[32, 8]"},
          "Located error (hand-written request): SM100_TMEM_LOAD_32dp32b8x moves 8 registers "
          "per thread, its tile is [32, 8].")
    write(root, "bad-tmem-element-bits", {"layout": {"cute": "SM100_TMEM_LOAD_32dp32b8x_16b",
                                                     "element_bits": 32}},
          {"error": {"code": "out_of_range", "pointer": "/layout/element_bits"},
           "message": "16-bit"},
          "Located error (hand-written request): a _16b atom moves 16-bit values.")
    write(root, "bad-tmem-match-not-bool",
          {"layout": {"cute": "SM100_TMEM_LOAD_32dp32b8x"}, "tmem": {"match": 1}},
          {"error": {"code": "schema", "pointer": "/tmem/match"}}, "Located error "
          "(hand-written request): tmem.match is a boolean.")
    write(root, "bad-tmem-unknown-member",
          {"layout": {"cute": "SM100_TMEM_LOAD_32dp32b8x"}, "tmem": {"atoms": True}},
          {"error": {"code": "schema", "pointer": "/tmem/atoms"}}, "Located error "
          "(hand-written request): tmem takes only match.")
    write(root, "bad-tmem-match-no-tlane",
          {"layout": {"logical": [32, 2], "expr": {"thread": "i", "m": "j"}},
           "tmem": {"match": True}},
          {"error": {"code": "schema", "pointer": "/tmem/match"}, "message": "TLane"},
          "Located error (hand-written request): match compares thread -> (TLane, TCol) "
          "layouts; this one has no TLane.")


if __name__ == "__main__" and len(sys.argv) == 2:
    main()


# ---------------------------------------------------------------------------
# Triton's tensor memory encodings (ttgir) and their linear twins

TRITON = ("triton-lang/triton unittest/Dialect/TritonGPU/LinearLayoutConversionsTest.cpp "
          "(TensorMemory tests; tmem(blockM, blockN) = TensorMemoryEncodingAttr with "
          "colStride 1 and one CTA)")


def empty_bit(name, k, b):
    """Triton's note "Zeros in TMEM LinearLayouts" (LinearLayoutConversions.cpp,
    tensorMemoryToLinearLayout): a zero basis at rows 32 or 64 is a broadcast
    (the element copied in another sub-partition); a zero anywhere else in
    row or col is a cell that holds nothing."""
    if b != [0, 0]:
        return False
    if name == "TLane":
        return k not in (5, 6)
    return name in ("TCol", "TSub")


def linear_fp(bases, shape, facts=None):
    """docs/identity.md over a linear layout: in-dims are the axes.  A point
    with an empty bit set places nothing (empty_bit).  facts, a dict, gets the
    replication and the hole count."""
    import hashlib
    import struct
    names = sorted(bases, key=lambda s: s.encode())
    ext = {n: 1 << len(bases[n]) for n in names}
    per = {}
    top = {}
    for pt in itertools.product(*[range(ext[n]) for n in names]):
        if any(c >> k & 1 and empty_bit(n, k, b)
               for n, c in zip(names, pt) for k, b in enumerate(bases[n])):
            continue
        for n, c in zip(names, pt):
            top[n] = max(top.get(n, 0), c + 1)
        e = [0, 0]
        for n, c in zip(names, pt):
            for k, b in enumerate(bases[n]):
                if c >> k & 1:
                    e = [e[0] ^ b[0], e[1] ^ b[1]]
        idx = 0
        for n, c in zip(names, pt):
            idx = idx * ext[n] + c
        per.setdefault(e[0] * shape[1] + e[1], set()).add(idx)
    body = hashlib.sha256()
    for el in range(shape[0] * shape[1]):
        pts = sorted(per.get(el, ()))
        body.update(struct.pack("<I", len(pts)))
        for p in pts:
            body.update(struct.pack("<Q", p))
    header = "layoutd-fingerprint/1\nshape %d %d\naxes" % tuple(shape)
    header += "".join(" %s=%d" % (n, ext[n]) for n in names) + "\nbody "
    fp = "sha256:" + hashlib.sha256(header.encode() + body.digest()).hexdigest()
    if facts is not None:
        reps = [len(per.get(el, ())) for el in range(shape[0] * shape[1])]
        size = 1
        for n in names:
            size *= ext[n]
        facts["replication"] = {"min": min(reps), "max": max(reps)}
        facts["holes"] = size - sum(reps)
    return fp, top["TCol"], top["TLane"], ext.get("TSub", 1)


def ttgir_cases(root):
    ident = lambda n, d: [[1 << k, 0] if d == 0 else [0, 1 << k] for k in range(n)]
    cases = [
        ("blockm64-128x64", 64, 64, [128, 64], "colStride = 1",
         {"TLane": [[1, 0], [2, 0], [4, 0], [8, 0], [64, 0], [16, 0], [32, 0]],
          "TCol": ident(6, 1)}, "TensorMemory_blockM_64, EXPECT_EQ(toLinearLayout({128, 64}, "
         "enc), expected1)"),
        ("blockm64-64x64", 64, 64, [64, 64], "colStride = 1",
         {"TLane": [[1, 0], [2, 0], [4, 0], [8, 0], [0, 0], [16, 0], [32, 0]],
          "TCol": ident(6, 1)}, "TensorMemory_blockM_64, expected2 (not injective: the "
         "row-16 basis is zero)"),
        ("blockm64-256x128", 64, 64, [256, 128], "colStride = 1",
         {"TLane": [[1, 0], [2, 0], [4, 0], [8, 0], [64, 0], [16, 0], [32, 0]],
          "TCol": ident(6, 1) + [[128, 0], [0, 64]]},
         "TensorMemory_blockM_64, expected3 (broadcasts M then N)"),
        ("blockm64-64x256", 64, 64, [64, 256], "colStride = 1",
         {"TLane": [[1, 0], [2, 0], [4, 0], [8, 0], [0, 64], [16, 0], [32, 0]],
          "TCol": ident(6, 1) + [[0, 128]]}, "TensorMemory_blockM_64, expected4"),
        ("blockm128-128x128", 128, 128, [128, 128], "colStride = 1",
         {"TLane": ident(7, 0), "TCol": ident(7, 1)}, "TensorMemory_blockM_128, tile"),
        ("blockm128-256x128", 128, 128, [256, 128], "colStride = 1",
         {"TLane": ident(7, 0), "TCol": ident(7, 1) + [[128, 0]]},
         "TensorMemory_blockM_128, tile * identity1D(2, kCol, d0)"),
        ("blockm128-256x256", 128, 128, [256, 256], "colStride = 1",
         {"TLane": ident(7, 0), "TCol": ident(7, 1) + [[128, 0], [0, 128]]},
         "TensorMemory_blockM_128, tile * identity1D(2, kCol, d0) * identity1D(2, kCol, d1)"),
        ("ctasplit-cgalayout", 128, 64, [128, 128], "colStride = 1, CGALayout = [[0, 1]]",
         {"TLane": ident(7, 0), "TCol": ident(6, 1), "block": [[0, 64]]},
         "TensorMemory_CTASplit: toLinearLayout({128, 64}, tmem(128, 64)) * "
         "identity1D(2, kBlock, d1)"),
        ("ctasplit-legacy-ctasplitn", 128, 64, [128, 128], "unpacked = true, CTASplitN = 2",
         {"TLane": ident(7, 0), "TCol": ident(6, 1), "block": [[0, 64]]},
         "TensorMemory_CTASplit in the syntax before triton-lang/triton#8136 (e2b5901de): "
         "unpacked and CTASplitN = 2 became colStride and the CGA layout "
         "(CGAEncodingAttr::fromSplitParams); f32, so unpacked changes nothing"),
    ]
    for name, bm, bn, shape, extra, bases, what in cases:
        bases = dict(bases)
        bases.setdefault("block", [])
        facts = {}
        fp, cols, lanes, _ = linear_fp(bases, shape, facts)
        text = ("#tmem = #ttng.tensor_memory_encoding<blockM = %d, blockN = %d, %s>\n"
                "%%0 = ttng.tmem_alloc : () -> !ttg.memdesc<%dx%dxf32, #tmem, "
                "#ttng.tensor_memory, mutable>" % (bm, bn, extra, shape[0], shape[1]))
        tm = {"columns": cols, "lanes": lanes, "allocation": alloc(cols), "fits": True,
              "element_bits": 32, "packing": 1, "subpartitions": None, "ok": True}
        src = ("Source: %s, %s. Its bases with row -> TLane, col -> TCol (32-bit columns "
               "for f32) are the twin linear case %s-linear.\n" % (TRITON, what,
                                                                   "triton-tmem-" + name))
        judged = {"replication": facts["replication"], "holes": {"count": facts["holes"]}}
        write(root, "triton-tmem-" + name, {"layout": {"ttgir": text}},
              dict({"fingerprint": fp, "ok": True, "tmem": tm,
                    "structure": {"linear": {"bases": bases}}}, **judged), src)
        write(root, "triton-tmem-" + name + "-linear",
              {"layout": {"linear": {"bases": bases, "out": [["dim0", shape[0]],
                                                             ["dim1", shape[1]]]}}},
              dict({"fingerprint": fp, "ok": True, "tmem": tm}, **judged), src)

    # f16: packed (colStride 1, two per cell on TSub) and unpacked (colStride 2)
    for name, extra, bases in [
        ("f16-packed-colstride1", "colStride = 1",
         {"TLane": ident(7, 0), "TSub": [[0, 1]], "TCol": [[0, 2 << k] for k in range(6)]}),
        ("f16-unpacked-colstride2", "colStride = 2",
         {"TLane": ident(7, 0), "TCol": ident(7, 1)}),
        ("f16-legacy-unpacked-true", "unpacked = true",
         {"TLane": ident(7, 0), "TCol": ident(7, 1)}),
    ]:
        bases["block"] = []
        fp, cols, lanes, sub = linear_fp(bases, [128, 128])
        text = ("#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, %s>\n"
                "%%0 = ttng.tmem_alloc : () -> !ttg.memdesc<128x128xf16, #tmem, "
                "#ttng.tensor_memory, mutable>" % extra)
        src = ("Constructed from Triton's rules (LinearLayoutConversions.cpp "
               "tensorMemoryToLinearLayout: tile = zeros1D(colStride, col) * identity(blockM "
               "row) * identity(blockN col); TritonNvidiaGPUAttrDefs.td: colStride 1 packs, "
               "colStride > 1 leaves the cell's other slots undefined; unpacked = true was "
               "colStride = 32 / bitwidth before #8136). col counts f16 elements; its low "
               "bit is the slot in the 32-bit cell (TSub), the rest the column "
               "(getTMemSubSliceOffset: col * bitwidth / 32). The unused slot of "
               "colStride 2 places nothing. No Triton test covers colStride > 1.\n")
        write(root, "triton-tmem-" + name, {"layout": {"ttgir": text}},
              {"fingerprint": fp, "ok": True,
               "tmem": {"columns": cols, "lanes": lanes, "allocation": alloc(cols),
                        "element_bits": 16, "packing": sub, "fits": True, "ok": True}}, src)

    # scales: the register layout Triton's own tests pair with a
    # #ttng.tensor_memory_scales_encoding memdesc (getScaleTMEMStoreLinearLayout,
    # written to be moved by tcgen05.st 32x32b as is), read through that
    # instruction: lane l of warp w on TMEM lane 32w + l, register r in 32-bit
    # column r / 4, byte r % 4 of the cell (TSub).  Its bases are the TMEM
    # layout's: lane bases -> TLane 1..16, warp bases -> TLane 32, 64,
    # register bits 0-1 -> TSub, the others -> TCol.
    def scales_bases(reg, lane, warp):
        return {"TLane": lane + warp, "TSub": reg[:2], "TCol": reg[2:], "block": []}

    for shape, reg, cite in [
        ([128, 4], [[0, 1], [0, 2], [32, 0], [64, 0]],
         "test/TritonNvidiaGPU/invalid.mlir (commit f59eeb2d0582e61d1b360b63c9216db9903195d4), "
         "the @alloc_tensor_memory module whose ttng.tmem_alloc takes tensor<128x4xi8, "
         "#scales> into !ttg.memdesc<128x4xi8, #tmem> with #tmem = "
         "#ttng.tensor_memory_scales_encoding<>: #scales = #ttg.linear<{register = [[0, 1], "
         "[0, 2], [32, 0], [64, 0]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], "
         "warp = [[0, 0], [0, 0]]}>"),
        ([128, 8], [[0, 1], [0, 2], [32, 0], [64, 0], [0, 4]],
         "test/NVWS/insert_aref.mlir (commit 3df1bdfd6d751ae47bab8516e946425af1ba2e4a), "
         "@matmul_scaled_rhs_scales_tma: ttng.tmem_alloc of tensor<128x8xi8, #linear> into "
         "!ttg.memdesc<128x8xi8, #tmem_scales, #ttng.tensor_memory> with #linear = "
         "#ttg.linear<{register = [[0, 1], [0, 2], [32, 0], [64, 0], [0, 4]], lane = [[1, "
         "0], [2, 0], [4, 0], [8, 0], [16, 0]], warp = [[0, 0], [0, 0]]}>"),
        ([64, 4], [[0, 1], [0, 2], [32, 0]],
         "test/TritonNvidiaGPU/test_tensor_memory_allocation.mlir (commit "
         "4869842a86c878c677f634d5fa95bbcc7a78db6b), @alloc_tensor_memory: ttng.tmem_store "
         "of tensor<64x4xi8, #linear> into !ttg.memdesc<64x4xi8, #tmem_scales, "
         "#ttng.tensor_memory, mutable> with #linear = #ttg.linear<{register = [[0, 1], "
         "[0, 2], [32, 0]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], warp = [[0, "
         "0], [0, 0]]}>"),
    ]:
        bases = scales_bases(reg, [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]],
                             [[0, 0], [0, 0]])
        fp, cols, lanes, sub = linear_fp(bases, shape)
        name = "triton-tmem-scales-%dx%d-i8" % (shape[0], shape[1])
        src = ("Source: triton-lang/triton %s.  That register layout is the one Triton "
               "builds to store the scales with tcgen05.st 32x32b unchanged "
               "(getScaleTMEMStoreLinearLayout); read through the instruction (lane l of "
               "warp w on TMEM lane 32w + l, register r at 32-bit column r / 4, byte r %% 4, "
               "TSub) it is the placement of the scales memdesc: the warps' zero bases are "
               "the copy of the 32 lanes in every sub-partition, register bits 0-1 the "
               "four i8 scales of a cell, the others the columns.  The same placement as "
               "Triton's tensorMemoryScalesToLinearLayout (LinearLayoutConversions.cpp: "
               "identity1D(32, row, dim0) * zeros1D(4, row, dim0) * identity1D(4, col, "
               "dim1) * identity1D(2, col, dim0), then the repetitions on col).  Twin: "
               "%s-linear.\n" % (cite, name))
        text = ("#s = #ttng.tensor_memory_scales_encoding<>\n%%0 = ttng.tmem_alloc : () -> "
                "!ttg.memdesc<%dx%dxi8, #s, #ttng.tensor_memory>" % (shape[0], shape[1]))
        tm = {"columns": cols, "lanes": lanes, "allocation": alloc(cols), "element_bits": 8,
              "packing": sub, "fits": True, "subpartitions": None, "ok": True}
        write(root, name, {"layout": {"ttgir": text}},
              {"fingerprint": fp, "ok": True, "replication": {"min": 4, "max": 4},
               "tmem": tm, "structure": {"linear": {"bases": bases}}}, src)
        write(root, name + "-linear",
              {"layout": {"element_bits": 8, "linear": {
                  "bases": bases, "out": [["dim0", shape[0]], ["dim1", shape[1]]]}}},
              {"fingerprint": fp, "ok": True, "tmem": tm}, src)

    bad = [
        ("blockm-32", "blockM = 32, blockN = 64, colStride = 1", "out_of_range", "64 or 128"),
        ("blockn-3", "blockM = 128, blockN = 3, colStride = 1", "out_of_range",
         "not a power of two"),
        ("blockn-1024", "blockM = 128, blockN = 1024, colStride = 1", "out_of_range", "1..512"),
        ("colstride-3", "blockM = 128, blockN = 64, colStride = 3", "out_of_range",
         "colStride = 3"),
        ("colstride-2-f32", "blockM = 128, blockN = 64, colStride = 2", "out_of_range",
         "a 32-bit column holds 1"),
        ("no-blockn", "blockM = 128, colStride = 1", "schema", "needs blockN"),
        ("no-colstride", "blockM = 128, blockN = 64", "schema", "colStride"),
        ("unknown-member", "blockM = 128, blockN = 64, colStride = 1, swizzle = 2", "schema",
         "unknown member swizzle"),
        ("twoctas-no-cga", "blockM = 128, blockN = 64, colStride = 1, twoCTAs = true",
         "schema", "[1, 0]"),
        ("cga-and-split", "blockM = 128, blockN = 64, colStride = 1, CGALayout = [[0, 1]], "
         "CTASplitN = 2", "schema", "one or the other"),
        ("ctasplit-3", "blockM = 128, blockN = 64, colStride = 1, CTASplitM = 3",
         "out_of_range", "CTASplitM = 3"),
    ]
    for name, extra, code, msg in bad:
        text = ("#tmem = #ttng.tensor_memory_encoding<%s>\n%%0 = ttng.tmem_alloc : () -> "
                "!ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable>" % extra)
        write(root, "bad-tmem-ttgir-" + name, {"layout": {"ttgir": text}},
              {"error": {"code": code, "pointer": "/layout/ttgir"}, "message": msg},
              "Located error (hand-written request): the verifier of "
              "TensorMemoryEncodingAttr (triton-lang/triton "
              "lib/Dialect/TritonNvidiaGPU/IR/Dialect.cpp: blockM 64 or 128, blockN a power "
              "of two <= 512, colStride 1, 2 or 4, twoCTAs with a first CGA basis [1, 0]) "
              "and its parameters (TritonNvidiaGPUAttrDefs.td).\n")


# Triton's formulas, evaluated here (triton-lang/triton@bceeb9ed7c,
# lib/Dialect/TritonGPU/IR/LinearLayoutConversions.cpp), one CTA.

def log2(n):
    return n.bit_length() - 1


def triton_tmem_bases(shape, block_m, block_n, col_stride):
    """tensorMemoryToLinearLayout: {"row": [...], "col": [...]}, col in elements."""
    bn = min(block_n, shape[1])
    col = [[0, 0]] * log2(col_stride)          # zeros1D(colStride, col, dim1)
    if block_m == 64:
        row = [[1 << k, 0] for k in range(4)]  # identity1D(16, row, dim0)
        col += [[0, 1 << k] for k in range(log2(bn))]
        if shape[0] > 64:
            row.append([64, 0])
            out = [128, bn]
        elif shape[1] > bn:
            row.append([0, bn])
            out = [64, 2 * bn]
        else:
            row.append([0, 0])                 # "the element is not defined"
            out = [64, bn]
        row += [[16, 0], [32, 0]]
    else:
        row = [[1 << k, 0] for k in range(log2(block_m))]
        col += [[0, 1 << k] for k in range(log2(bn))]
        out = [block_m, bn]
    col += [[out[0] << k, 0] for k in range(log2(shape[0] // out[0]))]
    col += [[0, out[1] << k] for k in range(log2(shape[1] // out[1]))]
    return {"row": row, "col": col}


def triton_scales_bases(shape):
    """tensorMemoryScalesToLinearLayout, then ensureLayoutNotLargerThan
    (lib/Tools/LayoutUtils.cpp): a basis component past the shape is zeroed."""
    row = [[1 << k, 0] for k in range(5)] + [[0, 0], [0, 0]]  # broadcast along the warps
    col = [[0, 1], [0, 2], [32, 0]]
    col += [[64 << k, 0] for k in range(log2(max(1, -(-shape[0] // 64))))]
    col += [[0, 4 << k] for k in range(log2(max(1, -(-shape[1] // 4))))]
    cut = lambda b: [b[0] if b[0] < shape[0] else 0, b[1] if b[1] < shape[1] else 0]
    return {"row": [cut(b) for b in row], "col": [cut(b) for b in col]}


def tmem_axes(ll, bits):
    """row -> TLane; col -> its 32-bit column (col * bits / 32, getTMemSubSliceOffset)
    on TCol and its slot in the cell on TSub (none when every slot basis is zero: each
    element alone in its cell)."""
    slots = log2(32 // bits) if bits < 32 else 0
    sub, rest = ll["col"][:slots], ll["col"][slots:]
    out = {"TLane": ll["row"], "TCol": rest, "block": []}
    if any(b != [0, 0] for b in sub):
        out["TSub"] = sub
    return out


def place(bases, el):
    """The places of element el, each {axis: coordinate}, with the empty bits 0."""
    names = sorted(bases)
    found = []
    ext = {n: 1 << len(bases[n]) for n in names}
    for pt in itertools.product(*[range(ext[n]) for n in names]):
        if any(c >> k & 1 and empty_bit(n, k, b)
               for n, c in zip(names, pt) for k, b in enumerate(bases[n])):
            continue
        e = [0, 0]
        for n, c in zip(names, pt):
            for k, b in enumerate(bases[n]):
                if c >> k & 1:
                    e = [e[0] ^ b[0], e[1] ^ b[1]]
        if e == el:
            found.append(dict(zip(names, pt)))
    return found


def zero_cases(root):
    why = ("Triton's note [Zeros in TMEM LinearLayouts] (triton-lang/triton@bceeb9ed7c, "
           "lib/Dialect/TritonGPU/IR/LinearLayoutConversions.cpp, tensorMemoryToLinearLayout): "
           "\"If there is a zero in bases rows=32,64 this means that there is broadcasting "
           "... If the zero is in any other row/col ... it means it is not defined\"; DESIGN "
           "section 13.  ")
    cases = [
        ("triton-tmem-zeros-scales-32x4-i8", [32, 4], 8, None,
         "#s = #ttng.tensor_memory_scales_encoding<>\n%0 = ttng.tmem_alloc : () -> "
         "!ttg.memdesc<32x4xi8, #s, #ttng.tensor_memory>",
         "tensorMemoryScalesToLinearLayout on 32x4: identity1D(32, row, dim0) * zeros1D(4, "
         "row, dim0) * identity1D(4, col, dim1) * identity1D(2, col, dim0), then "
         "ensureLayoutNotLargerThan (lib/Tools/LayoutUtils.cpp) zeroes the col basis [32, 0] "
         "past the 32 rows.  The two zero row bases (rows 32, 64) are the copy in each "
         "sub-partition: 4 places per scale; the zeroed col basis is a column that holds "
         "nothing, not a fifth copy.", [[0, 1], [31, 3]]),
        ("triton-tmem-zeros-i8-colstride2", [128, 64], 8, (128, 64, 2),
         "#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 2>\n"
         "%0 = ttng.tmem_alloc : () -> !ttg.memdesc<128x64xi8, #tmem, #ttng.tensor_memory, "
         "mutable>",
         "tensorMemoryToLinearLayout: tile = zeros1D(colStride = 2, col, dim1) * "
         "identity1D(128, row, dim0) * identity1D(64, col, dim1); col counts i8 elements, its "
         "32-bit column is col * 8 / 32 and its byte slot col % 4 (Dialect.cpp "
         "getTMemSubSliceOffset, getTmemAllocSizes).  Element (0, 1) is col 2: column 0, "
         "byte slot 2 (TSub 2); slots 1 and 3 hold nothing.", [[0, 1], [0, 2], [5, 7]]),
        ("triton-tmem-zeros-blockm64-64x64", [64, 64], 32, (64, 64, 1),
         "#tmem = #ttng.tensor_memory_encoding<blockM = 64, blockN = 64, colStride = 1>\n"
         "%0 = ttng.tmem_alloc : () -> !ttg.memdesc<64x64xf32, #tmem, #ttng.tensor_memory, "
         "mutable>",
         "tensorMemoryToLinearLayout, blockM = 64 on a 64x64 tensor: the row-16 basis is "
         "{0, 0} (\"Empty, meaning the element is not defined\"); unittest "
         "LinearLayoutConversionsTest.cpp TensorMemory_blockM_64 expected2 has those bases.  "
         "Lanes 16..31 of each sub-partition hold nothing: each element has one place "
         "(row r at lane r, row 16 + r at lane 32 + r).", [[0, 0], [16, 0], [63, 63]]),
    ]
    for name, shape, bits, enc, text, what, probes in cases:
        ll = triton_scales_bases(shape) if enc is None else triton_tmem_bases(shape, *enc)
        bases = tmem_axes(ll, bits)
        facts = {}
        fp, cols, lanes, sub = linear_fp(bases, shape, facts)
        probe = [{"logical": p, "places": place(bases, p)} for p in probes]
        for q in probe:
            q["places"] = [dict(x, block=0) for x in q["places"]]
        exp = {"fingerprint": fp, "ok": True, "replication": facts["replication"],
               "holes": {"count": facts["holes"]}, "probe": probe,
               "tmem": {"columns": cols, "lanes": lanes, "allocation": alloc(cols),
                        "element_bits": bits, "packing": sub, "fits": True, "ok": True},
               "structure": {"linear": {"bases": bases}}}
        write(root, name, {"layout": {"ttgir": text}, "probe": probes}, exp,
              "Source: " + why + what + "\n")


if __name__ == "__main__" and len(sys.argv) > 2 and sys.argv[2] == "zeros":
    zero_cases(sys.argv[1])


if __name__ == "__main__" and len(sys.argv) > 2 and sys.argv[2] == "ttgir":
    ttgir_cases(sys.argv[1])


def join_cases(root):
    """tmem_load lines: a blocked register layout joined with the TMEM one."""
    import hashlib
    import struct

    def case(name, spt, wpc, what):
        # BlockedEncodingAttr on 128x128, threadsPerWarp [32, 1], order [0, 1]:
        # dim0 splits into sizePerThread[0] rows per thread, 32 lanes, wpc[0]
        # warps; dim1 into sizePerThread[1] columns per thread, wpc[1] warps.
        R, C = 128, 128
        places = []
        for r in range(R):
            for c in range(C):
                lane = (r // spt[0]) % 32
                w0 = (r // (spt[0] * 32)) % wpc[0]
                w1 = (c // spt[1]) % wpc[1]
                warp = w0 + wpc[0] * w1
                places.append({"lane": lane, "warp": warp, "block": 0, "TLane": r, "TCol": c})
        axes = {"lane": 32, "warp": 4, "block": 1, "TLane": 128, "TCol": 128}
        names = sorted(axes, key=lambda s: s.encode())
        body = hashlib.sha256()
        viol, ex = 0, []
        for e, p in enumerate(places):
            idx = 0
            for n in names:
                idx = idx * axes[n] + p[n]
            body.update(struct.pack("<IQ", 1, idx))
            lo = 32 * (p["warp"] % 4)
            if not lo <= p["TLane"] <= lo + 31:
                viol += 1
                if len(ex) < 8:
                    ex.append({"logical": [e // C, e % C], "physical": p, "warp": p["warp"],
                               "TLane": p["TLane"], "lanes": [lo, lo + 31]})
        header = ("layoutd-fingerprint/1\nshape 128 128\naxes" +
                  "".join(" %s=%d" % (n, axes[n]) for n in names) + "\nbody ")
        fp = "sha256:" + hashlib.sha256(header.encode() + body.digest()).hexdigest()
        text = ("#blocked = #ttg.blocked<{sizePerThread = [%d, %d], threadsPerWarp = [32, 1], "
                "warpsPerCTA = [%d, %d], order = [0, 1]}>\n#tmem = "
                "#ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>\n"
                "%%r = ttng.tmem_load %%m : !ttg.memdesc<128x128xf32, #tmem, "
                "#ttng.tensor_memory, mutable> -> tensor<128x128xf32, #blocked>"
                % (spt[0], spt[1], wpc[0], wpc[1]))
        sp = {"ok": viol == 0, "warp_from": "warp", "violations": viol, "examples": ex}
        exp = {"fingerprint": fp, "ok": viol == 0, "placements": R * C,
               "tmem": {"columns": 128, "lanes": 128, "allocation": 128, "subpartitions": sp,
                        "ok": viol == 0}}
        req = {"layout": {"ttgir": text}}
        if viol == 0:
            req["tmem"] = {"match": True}
            exp["tmem"]["match"] = {"atoms": ["SM100_TMEM_LOAD_32dp32b128x",
                                              "SM100_TMEM_STORE_32dp32b128x"],
                                    "element_bits": 32}
        write(root, "triton-tmem-load-" + name, req, exp,
              "Constructed tmem_load line: %s. The register layout is Triton's "
              "#ttg.blocked (BlockedEncodingAttr: sizePerThread, threadsPerWarp, warpsPerCTA, "
              "order [0, 1] = dim0 fastest), the TMEM layout tensorMemoryToLinearLayout's "
              "(blockM = 128: row r at lane r, column c at column c); each element is placed "
              "at its thread's lane, warp and block and at its TMEM cell. The sub-partition "
              "rule is PTX's (warp w %% 4 reaches lanes 32(w%%4)..+31). The match: "
              "Copy_Traits<SM100_TMEM_LOAD_32dp32b128x> (cutlass-tmem-load_32dp32b128x): "
              "thread t at lane t, columns 0..127.\n" % what)

    case("blocked-rows-per-warp", [1, 128], [4, 1],
         "four warps along the rows, thread l + 32w holding row l + 32w (Triton's "
         "32x32b register layout for a 128x128 f32 accumulator)")
    case("blocked-warps-along-columns-violation", [4, 32], [1, 4],
         "warps along the columns: warp w holds columns 32w..32w+31 of every row, so "
         "it reaches all 128 lanes")


if __name__ == "__main__" and len(sys.argv) > 2 and sys.argv[2] == "join":
    join_cases(sys.argv[1])
