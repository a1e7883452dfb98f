#!/usr/bin/env python3
"""Independent reference for the conversion (convert) golden cases.

Provenance only (not run by CI).  The class of each case is what Triton's own
lowering tests show (the CHECK lines cited in each SOURCE); this script
re-derives it from the layouts, written from reading lib/Analysis/Utility.cpp
(minimalCvtLayout, cvtReordersRegisters, cvtNeedsWarpShuffle) and
getWarpLayoutConvertDecomposition, not from layoutd's C:

  * none: the same (hardware point, element) relation;
  * registers: every destination thread's elements are held by the same
    thread of the source;
  * warp_shuffle: every destination warp's elements are held by the same warp
    of the source, and the permutation of register and lane bits has fewer
    than two mixed transpositions (register -> lane steps in its cycles);
  * shared_memory: otherwise.

Layouts come from ref_triton_ll.py (Triton's blocked / mma / dot_op to linear
conversions, re-implemented there) or are given as linear bases.
Usage:  python3 ref_convert.py [--write]
"""
import json, os, sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import ref_triton_ll as T  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
GOLDEN = os.path.dirname(HERE)


def blocked(spt, tpw, wpc, order, shape):
    cta = (T.identity_nd("register", spt, order) * T.identity_nd("lane", tpw, order) *
           T.identity_nd("warp", wpc, order))
    return T.combine(cta, shape)


def bases_of(ll, shape):
    names = T.dims(len(shape))
    return {i: [tuple(b.get(d, 0) for d in names) for b in ll.bases.get(i, [])]
            for i in ("register", "lane", "warp")}


def lin_bases(lin):
    b = lin["bases"]
    return {i: [tuple(v) for v in b.get(i, [])] for i in ("register", "lane", "warp")}


def xor(a, b):
    return tuple(x ^ y for x, y in zip(a, b))


def table(B, rank):
    """{(warp, lane, reg): element} of linear bases."""
    out = {}
    nr, nl, nw = (len(B[k]) for k in ("register", "lane", "warp"))
    for w in range(1 << nw):
        for l in range(1 << nl):
            for r in range(1 << nr):
                e = (0,) * rank
                for k in range(nr):
                    if r >> k & 1:
                        e = xor(e, B["register"][k])
                for k in range(nl):
                    if l >> k & 1:
                        e = xor(e, B["lane"][k])
                for k in range(nw):
                    if w >> k & 1:
                        e = xor(e, B["warp"][k])
                out[(w, l, r)] = e
    return out


def mixed(S, D):
    """Register -> lane steps of P (src basis -> the dst basis holding the same
    vector), broadcast registers removed, both sides' reg/lane bits."""
    sreg = [v for v in S["register"] if any(v)]
    dreg = [v for v in D["register"] if any(v)]
    dlane = D["lane"]
    return sum(1 for v in sreg if v in dlane and v not in dreg)


def classify(S, D, rank):
    ts, td = table(S, rank), table(D, rank)
    if ts == td:
        return "none", 0, 0, mixed(S, D)
    held_thr, held_warp = {}, {}
    for (w, l, _), e in ts.items():
        held_thr.setdefault(e, set()).add((w, l))
        held_warp.setdefault(e, set()).add(w)
    status = {}
    for (w, l, _), e in td.items():
        if w not in held_warp[e]:
            status[e] = 2
        elif (w, l) not in held_thr[e] and status.get(e) != 2:
            status[e] = 1
    cl = sum(1 for s in status.values() if s == 1)
    cw = sum(1 for s in status.values() if s == 2)
    m = mixed(S, D)
    kind = ("shared_memory" if cw else "registers" if not cl else
            "warp_shuffle" if m < 2 else "shared_memory")
    return kind, cl, cw, m


CASES = []


def ttgir_case(name, src, dst, shape, bits, S, D, source, extra=None):
    req = {"layout": {"ttgir": src, "shape": shape},
           "convert": {"to": {"ttgir": dst, "shape": shape}, "element_bits": bits}}
    if extra and "target" in extra:
        req["convert"]["target"] = extra["target"]
    CASES.append((name, req, S, D, len(shape), source, extra))


def linear_case(name, src, dst, bits, source, extra=None):
    req = {"layout": {"linear": src}, "convert": {"to": {"linear": dst}, "element_bits": bits}}
    if extra and "target" in extra:
        req["convert"]["target"] = extra["target"]
    CASES.append((name, req, lin_bases(src), lin_bases(dst), len(src["out"]), source, extra))


def attr(spt, tpw, wpc, order):
    return ("#ttg.blocked<{sizePerThread = %s, threadsPerWarp = %s, warpsPerCTA = %s, "
            "order = %s}>" % (spt, tpw, wpc, order)).replace("[", "[").replace(",", ", ") \
        .replace(",  ", ", ")


SHFL = ("triton-lang/triton test/Conversion/tritongpu_to_llvm_warp_shuffle-style lowering test\n"
        "(test/Conversion/cvt_to_llvm.mlir: @convert_layout_blocked_blocked_vec CHECKs\n"
        "shfl.sync.idx; @convert_layout_blocked_blocked CHECK-NOT shfl.sync.idx, CHECK st.shared),\n"
        "one warp, 16x16 i32.")
B0 = ([1, 4], [8, 4], [1, 1], [1, 0])
B1 = ([4, 1], [4, 8], [1, 1], [0, 1])
B2 = ([1, 4], [16, 2], [1, 1], [1, 0])


def bl(p, shape):
    return bases_of(blocked(p[0], p[1], p[2], p[3], shape), shape)


def battr(p):
    f = lambda v: "[" + ", ".join(str(x) for x in v) + "]"
    return ("#ttg.blocked<{sizePerThread = %s, threadsPerWarp = %s, warpsPerCTA = %s, "
            "order = %s}>" % tuple(f(x) for x in p))


ttgir_case("convert-triton-blocked-blocked-16x16-shared-memory", battr(B0), battr(B1), [16, 16],
           32, bl(B0, [16, 16]), bl(B1, [16, 16]),
           SHFL + "\nThe second function: the register mapping changes every two lanes, so Triton\n"
           "falls back to shared memory (three register bits become lane bits).")
ttgir_case("convert-triton-blocked-blocked-vec-16x16-warp-shuffle", battr(B0), battr(B2),
           [16, 16], 32, bl(B0, [16, 16]), bl(B2, [16, 16]),
           SHFL + "\nThe first function: one register bit trades places with a lane bit; lowered\n"
           "to shfl.sync.idx with selects.")
ttgir_case("convert-triton-blocked-same-16x16-none", battr(B0), battr(B0), [16, 16], 32,
           bl(B0, [16, 16]), bl(B0, [16, 16]),
           "A convert between equal layouts: Triton folds it (TritonGPU Ops.cpp, isConvertTrivial\n"
           "-> verifyLayoutsAreEqual); cvtReordersRegisters holds with an identity map.")
W0 = ([1, 4], [8, 4], [2, 2], [1, 0])
W1 = ([4, 1], [4, 8], [2, 2], [0, 1])
ttgir_case("convert-triton-blocked-blocked-32x32-4warps-shared-memory", battr(W0), battr(W1),
           [32, 32], 32, bl(W0, [32, 32]), bl(W1, [32, 32]),
           "triton-lang/triton test/Conversion/tritongpu_to_llvm.mlir @convert_layout_blocked_blocked\n"
           "(4 warps, 32x32 f32): CHECK-COUNT-8 st.shared, then 8 loads.")
MMA3 = ("#ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], "
        "instrShape = [16, %d, 16]}>")
ttgir_case("convert-triton-mmav3-n64-to-n128-none", MMA3 % 64, MMA3 % 128, [64, 64], 16,
           bases_of(T.nvidia_mma(3, [4, 1], [16, 64, 16], [64, 64]), [64, 64]),
           bases_of(T.nvidia_mma(3, [4, 1], [16, 128, 16], [64, 64]), [64, 64]),
           "triton-lang/triton test/Conversion/tritongpu_to_llvm.mlir @convert_layout_mmav3_mmav3_0\n"
           "(64x64 f16, 4 warps, instrShape [16, 64, 16] -> [16, 128, 16]): CHECK-NOT st.shared.\n"
           "Over a 64-wide tile both instruction shapes place every element alike (the n128 tile's\n"
           "extra register basis is clipped away), so nothing moves.")
SW = ("triton-lang/triton unittest/Dialect/TritonGPU/SwizzleTest.cpp (optimalSwizzlingLdSt then\n"
      "bankConflictsLdSt: EXPECT_EQ(r, 0), EXPECT_EQ(w, 0)).")


def L(reg, lane, warp, out):
    b = {"register": reg, "lane": lane}
    if warp:
        b["warp"] = warp
    return {"bases": b, "out": out}


def tr(l):
    return {"bases": {k: [[y, x] for x, y in v] for k, v in l["bases"].items()},
            "out": l["out"]}


A0 = ([1, 8], [8, 8], [1, 1], [1, 0])
A1 = ([8, 1], [8, 8], [1, 1], [0, 1])
ttgir_case("convert-gfx942-blocked-64-lanes-transpose", battr(A0), battr(A1), [64, 64], 16,
           bl(A0, [64, 64]), bl(A1, [64, 64]),
           "A 64-lane wave (threadsPerWarp [8, 8]) moving a 64x64 f16 tile from rows of 8 to\n"
           "columns of 8, with convert.target gfx942: no element changes warp (one warp), but\n"
           "several register bits become lane bits, so Triton's rule (cvtNeedsWarpShuffle: fewer\n"
           "than two mixed transpositions) sends it through shared memory.  The target echoes,\n"
           "and a 64-lane layout raises no warning under it.",
           {"target": "gfx942", "warnings": []})
RB = [[0, 2], [0, 4], [2, 0], [4, 0], [8, 0]]
linear_case("convert-linear-register-permutation-16x8-registers",
            L([[0, 1], [1, 0]], RB, [], [["dim0", 16], ["dim1", 8]]),
            L([[1, 0], [0, 1]], RB, [], [["dim0", 16], ["dim1", 8]]), 32,
            "Triton lib/Analysis/Utility.cpp cvtReordersRegisters: the conversion map, with block,\n"
            "warp and lane quotiented out, keeps only the register dimension.  Here each lane holds\n"
            "the same 2x2 block in both layouts, its two register bits swapped.")
ZERO = {"store": {"bank_conflicts": 0}, "load": {"bank_conflicts": 0},
        "swizzle": {"method": "Triton's optimalSwizzlingLdSt rule (GF(2))"}}
M8 = L([[0, 1], [0, 2], [0, 4], [0, 8], [1, 0], [2, 0]], [[0, 16], [0, 32], [0, 64], [4, 0], [8, 0]],
       [[16, 0], [32, 0], [64, 0]], [["dim0", 128], ["dim1", 128]])
linear_case("convert-swizzletest-128x128-f8-transpose", M8, tr(M8), 8,
            SW + "\nTest128x128Float8Transpose.", ZERO)
linear_case("convert-swizzletest-16x16-bf16-blocked-mma",
            L([[0, 1], [0, 2], [0, 4]], [[0, 8], [1, 0], [2, 0], [4, 0], [8, 0]], [],
              [["dim0", 16], ["dim1", 16]]),
            L([[0, 1], [8, 0], [0, 8]], [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], [],
              [["dim0", 16], ["dim1", 16]]), 16, SW + "\nTest16x16Bf16BlockedMma.", ZERO)
linear_case("convert-swizzletest-16x256-u4-mma",
            L([[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [4, 0], [8, 0]],
              [[0, 32], [0, 64], [0, 128], [1, 0], [2, 0]], [], [["dim0", 16], ["dim1", 256]]),
            L([[0, 1], [0, 2], [0, 4], [8, 0], [0, 32], [0, 64], [0, 128]],
              [[0, 8], [0, 16], [1, 0], [2, 0], [4, 0]], [], [["dim0", 16], ["dim1", 256]]), 4,
            SW + "\nTest16x256U4Mma.", ZERO)
linear_case("convert-swizzletest-32x16-f32-transpose",
            L([[4, 0], [8, 0], [16, 0]], [[0, 1], [0, 2], [0, 4], [0, 8], [1, 0]], [[2, 0]],
              [["dim0", 32], ["dim1", 16]]),
            L([[0, 2], [0, 4], [0, 8]], [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], [[0, 1]],
              [["dim0", 32], ["dim1", 16]]), 32, SW + "\nTest32x16F32Transpose.", ZERO)
linear_case("convert-swizzletest-128x128-f16-transpose",
            L([[1, 0], [2, 0], [4, 0], [0, 32], [0, 64]], [[8, 0], [16, 0], [32, 0], [64, 0], [0, 1]],
              [[0, 2], [0, 4], [0, 8], [0, 16]], [["dim0", 128], ["dim1", 128]]),
            L([[0, 1], [0, 2], [0, 4], [32, 0], [64, 0]], [[0, 8], [0, 16], [0, 32], [0, 64], [1, 0]],
              [[2, 0], [4, 0], [8, 0], [16, 0]], [["dim0", 128], ["dim1", 128]]), 16,
            SW + "\nTest128x128F16Transpose.", ZERO)

B64 = L([[0, 1], [0, 2], [0, 4], [16, 0], [32, 0]],
        [[0, 8], [0, 16], [0, 32], [0, 64], [1, 0], [2, 0]], [[4, 0], [8, 0]],
        [["dim0", 64], ["dim1", 128]])
linear_case("convert-swizzletest-64x128-f16-blocked-mfma-64bank-gfx950", B64,
            L([[0, 1], [0, 2], [0, 4], [0, 16], [0, 32], [0, 64], [32, 0]],
              [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [0, 8]], [[0, 0], [0, 0]],
              [["dim0", 64], ["dim1", 128]]), 16,
            SW + "\nTest64x128F16BlockedMfma64Bank: numBanks 64 (gfx950's LDS), the destination\n"
            "read as ds_read_b128 (dstTile lane bits {0, 1, 3, 4}: sixteen lanes a phase), its\n"
            "two warp bases zero (every warp holds the whole tile).  convert.target gfx950.",
            dict(ZERO, target="gfx950"))
linear_case("convert-swizzletest-64x128-f16-blocked-linear-32bank-gfx942", B64,
            L([[0, 1], [0, 2], [0, 8], [0, 16], [0, 32], [0, 64], [32, 0]],
              [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [0, 4]], [[0, 0], [0, 0]],
              [["dim0", 64], ["dim1", 128]]), 16,
            SW + "\nTest64x128F16BlockedLinear32Bank: numBanks 32 (gfx942's LDS), the destination\n"
            "read as ds_read_b128 (eight lanes a phase), its two warp bases zero.  The test\n"
            "hands Triton dstTile lane bits {0, 1, 4}; the phase table of ds_read_b128 on MI300\n"
            "(PR #11365: phase 0 = span(l0, l1, l2^l4), the other phases its cosets) is what the\n"
            "count follows here; the store is ds_write_b128, eight consecutive lanes a phase.\n"
            "Triton expects 0 and 0 under its reading; the counts asserted are Triton's.\n"
            "convert.target gfx942.",
            dict(ZERO, target="gfx942"))


def main():
    write = "--write" in sys.argv
    for name, req, S, D, rank, src, extra in CASES:
        kind, cl, cw, m = classify(S, D, rank)
        res = {"kind": kind, "elements": {"change_lane": cl, "change_warp": cw},
               "mixed_transpositions": m}
        exp = {"convert": dict(res)}
        if extra:
            exp["convert"].update(extra)
        print(name, json.dumps(res))
        if write:
            d = os.path.join(GOLDEN, name)
            os.makedirs(d, exist_ok=True)
            with open(os.path.join(d, "request.json"), "w") as fh:
                fh.write(json.dumps(req, indent=2) + "\n")
            with open(os.path.join(d, "expected.json"), "w") as fh:
                fh.write(json.dumps(exp, indent=2) + "\n")
            with open(os.path.join(d, "SOURCE"), "w") as fh:
                fh.write(src.strip() + "\n\nExpected class and counts: tests/golden/tools/"
                         "ref_convert.py (not the engine).\n  " + json.dumps(res) + "\n")


if __name__ == "__main__":
    main()
