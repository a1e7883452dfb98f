#!/usr/bin/env python3
"""Independent reference for the conversion (convert) golden cases.

Provenance only (not run by CI).  The class of each case is what Triton's own
lowering tests show (the CHECK lines cited in each SOURCE); this script
re-derives it from the layouts, written from reading lib/Analysis/Utility.cpp
(minimalCvtLayout, cvtReordersRegisters, cvtNeedsWarpShuffle) and
getWarpLayoutConvertDecomposition, not from layoutd's C:

  * minimalCvtLayout quotients the conversion map by block, warp, lane and
    register in that order while the map is the identity on the dimension;
    with invertAndCompose's heuristic a dimension maps as the identity exactly
    when both layouts give it the same bases, so the walk stops at the first
    dimension whose bases differ;
  * none: no dimension differs (the same layout: Triton folds the convert);
  * registers: only the register bases differ (a dropped broadcast register
    included: its zero basis is a basis all the same);
  * warp_shuffle: block and warp agree, lanes differ, and the register/lane
    permutation P of getWarpLayoutConvertDecomposition (broadcast registers
    removed, both sides padded with zero bases, source zeros paired with
    destination zeros in order) has fewer than two mixed transpositions --
    one per register -> lane step of P, which counts source registers that
    become lanes and, through the zero pairing, source lanes that become
    registers;
  * shared_memory: otherwise (block or warp differ, or two or more mixed
    transpositions).

Layouts come from ref_triton_ll.py (Triton's blocked / mma / dot_op to linear
conversions, re-implemented there) or are given as linear bases.
Usage:  python3 ref_convert.py [--write]
"""
import json, os, sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import ref_triton_ll as T  # noqa: E402



def not_larger_broadcast(layout, shape):
    """Triton's ensureLayoutNotLargerThan with its default broadcastRegisters =
    true (lib/Tools/LayoutUtils.cpp, include/triton/Tools/LayoutUtils.h;
    combineCtaCgaWithShape calls it so): a basis past the shape becomes zero,
    a register one included (a broadcast register), where ref_triton_ll's
    not_larger drops register bases."""
    outs = [(d, min(s, shape[d])) for d, s in layout.outs]
    size = dict(outs)
    bases = {i: [{d: (v if v < size[d] else 0) for d, v in b.items()} for b in bs]
             for i, bs in layout.bases.items()}
    return T.LL(bases, outs)


T.not_larger = not_larger_broadcast  # combine() looks it up at call time

HERE = os.path.dirname(os.path.abspath(__file__))
GOLDEN = os.path.dirname(HERE)


def blocked(spt, tpw, wpc, order, shape):
    cta = (T.identity_nd("register", spt, order) * T.identity_nd("lane", tpw, order) *
           T.identity_nd("warp", wpc, order))
    return T.combine(cta, shape)


HW = ("register", "lane", "warp", "block")


def bases_of(ll, shape):
    names = T.dims(len(shape))
    return {i: [tuple(b.get(d, 0) for d in names) for b in ll.bases.get(i, [])] for i in HW}


def lin_bases(lin):
    b = lin["bases"]
    return {i: [tuple(v) for v in b.get(i, [])] for i in HW}


def with_block(B, block):
    """B with the block bases given (CGALayout / num-ctas)."""
    out = dict(B)
    out["block"] = [tuple(v) for v in block]
    return out


def slice_of(parent_bases, dim):
    """Triton's SliceEncodingAttr::toLinearLayout: the parent's bases over the
    shape with a 1 inserted at dim (given), that out dimension dropped, then
    the all-zero register bases removed."""
    out = {}
    for i in HW:
        bs = [tuple(x for k, x in enumerate(v) if k != dim) for v in parent_bases[i]]
        if i == "register":
            bs = [v for v in bs if any(v)]
        out[i] = bs
    return out


def xor(a, b):
    return tuple(x ^ y for x, y in zip(a, b))


def table(B, rank):
    """{((block, warp), lane, reg): element} of linear bases."""
    out = {}
    n = {k: len(B.get(k, [])) for k in HW}

    def span(k, x, e):
        for j in range(n[k]):
            if x >> j & 1:
                e = xor(e, B[k][j])
        return e

    for b in range(1 << n["block"]):
        for w in range(1 << n["warp"]):
            for l in range(1 << n["lane"]):
                for r in range(1 << n["register"]):
                    e = (0,) * rank
                    for k, x in (("register", r), ("lane", l), ("warp", w), ("block", b)):
                        e = span(k, x, e)
                    out[((b, w), l, r)] = e
    return out


def mixed(S, D):
    """The mixed transpositions of getWarpLayoutConvertDecomposition: P maps
    each source (register | lane) position to the destination position with
    the same basis; common zeros stay put; the other source zeros pair, in
    order, with the destination zeros the source fills.  One transposition per
    register -> lane step of P.  None when P is no permutation (the source
    holds in its registers and lanes what the destination's hold nowhere)."""
    sreg = [v for v in S["register"] if any(v)]
    dreg = [v for v in D["register"] if any(v)]
    nr = max(len(sreg), len(dreg))
    nl = max(len(S["lane"]), len(D["lane"]))
    rank = len((S["lane"] + D["lane"] + sreg + dreg or [(0,)])[0])
    z = (0,) * rank
    pad = lambda v, k: list(v) + [z] * (k - len(v))
    sv = pad(sreg, nr) + pad(S["lane"], nl)
    tv = pad(dreg, nr) + pad(D["lane"], nl)
    P = [None] * len(sv)
    sfree = []
    for p, v in enumerate(sv):
        if any(v):
            if v not in tv:
                return None
            P[p] = tv.index(v)
        elif not any(tv[p]):
            P[p] = p
        else:
            sfree.append(p)
    dfree = [q for q in range(len(tv)) if not any(tv[q]) and any(sv[q])]
    if len(sfree) != len(dfree):
        return None
    for p, q in zip(sfree, dfree):
        P[p] = q
    if sorted(P) != list(range(len(sv))):
        return None
    return sum(1 for p in range(nr) if P[p] >= nr)


def classify(S, D, rank):
    ts, td = table(S, rank), table(D, rank)
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
    diff = [k for k in ("block", "warp", "lane", "register") if S.get(k, []) != D.get(k, [])]
    first = diff[0] if diff else None
    kind = ("none" if first is None else "registers" if first == "register" else
            "warp_shuffle" if first == "lane" and m is not None and m < 2 else
            "shared_memory")
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
ttgir_case("convert-triton-mmav3-n64-to-n128-registers", MMA3 % 64, MMA3 % 128, [64, 64], 16,
           bases_of(T.nvidia_mma(3, [4, 1], [16, 64, 16], [64, 64]), [64, 64]),
           bases_of(T.nvidia_mma(3, [4, 1], [16, 128, 16], [64, 64]), [64, 64]),
           "triton-lang/triton test/Conversion/tritongpu_to_llvm.mlir @convert_layout_mmav3_mmav3_0\n"
           "(64x64 f16, 4 warps, instrShape [16, 64, 16] -> [16, 128, 16]): CHECK-NOT st.shared.\n"
           "Over a 64-wide tile the n128 layout's register basis for column 64 is past the shape;\n"
           "combineCtaCgaWithShape's ensureLayoutNotLargerThan (broadcastRegisters defaults to\n"
           "true) makes it a zero basis, so the destination holds each element in two registers.\n"
           "Block, warp and lane agree; the register dimensions differ (32 against 64 entries):\n"
           "minimalCvtLayout keeps register alone, cvtReordersRegisters holds, and each thread\n"
           "copies its registers (no shared memory, as the CHECK-NOT says).  Not none: the\n"
           "placements differ.")
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

# Every convert_layout test of Triton's lowering tests whose CHECK lines show
# the path: a shared-memory store, a barrier and a load => shared_memory;
# shfl => warp_shuffle; neither store nor load => none or registers.  The
# request is the test's module text as Triton has it (layoutd reads the
# convert_layout line and its aliases).
TL = "triton-lang/triton test/Conversion/tritongpu_to_llvm.mlir"
TLC = "00327161946ce1a1428338d62ff5521aa25fa6ff"


def module_case(name, aliases, attrs, func, src_ty, dst_ty, S, D, rank, checks, why,
                file=TL, commit=TLC):
    text = "\n".join(aliases + [
        "module attributes {%s} {" % attrs,
        "  tt.func @%s(%%arg0: %s) {" % (func, src_ty),
        "    %%0 = ttg.convert_layout %%arg0 : %s -> %s" % (src_ty, dst_ty),
        "    tt.return", "  }", "}"])
    req = {"layout": {"ttgir": text}}
    source = ("%s @%s\n(commit %s).  Its CHECK lines: %s\n%s" %
              (file, func, commit, checks, why))
    CASES.append((name, req, S, D, rank, source, None))


def blk(spt, tpw, wpc, order):
    f = lambda v: "[" + ", ".join(str(x) for x in v) + "]"
    return ("#ttg.blocked<{sizePerThread = %s, threadsPerWarp = %s, warpsPerCTA = %s, "
            "order = %s}>" % (f(spt), f(tpw), f(wpc), f(order)))


NC1W1 = '"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32'
NC1W4 = '"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32'
STORE = "a shared-memory store, a barrier, a load."
P1 = ([1], [32], [1], [0])
P4 = ([4], [32], [1], [0])
Q = ([1, 4], [4, 8], [1, 1], [1, 0])
module_case("convert-triton-blocked1d-to-slice0-shared-memory",
            ["#blocked0 = " + blk(*P1), "#blocked1 = " + blk(*Q)], NC1W1,
            "convert_blocked1d_to_slice0", "tensor<32xi32, #blocked0>",
            "tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked1}>>",
            bl(P1, [32]), slice_of(bl(Q, [1, 32]), 0), 1,
            "llvm.store vector<1xi32>, nvvm.bar.warp.sync, llvm.load -> vector<4xi32>:\n" + STORE,
            "One warp: block and warp agree, the lanes differ.  Source lanes 0 and 1 (elements\n"
            "1, 2) become destination registers 0 and 1; the source's two zero-padded registers\n"
            "pair with the destination's zero lanes 3 and 4: two mixed transpositions, and the\n"
            "shuffle rule needs fewer than two.")
module_case("convert-triton-blocked1d-to-slice1-shared-memory",
            ["#blocked0 = " + blk(*P1), "#blocked1 = " + blk(*Q)], NC1W1,
            "convert_blocked1d_to_slice1", "tensor<32xi32, #blocked0>",
            "tensor<32xi32, #ttg.slice<{dim = 1, parent = #blocked1}>>",
            bl(P1, [32]), slice_of(bl(Q, [32, 1]), 1), 1,
            "CHECK-COUNT-2 llvm.load -> vector<4xi32> (the destination's\n"
            "eight elements read back from the scratch).",
            "Source lanes 2, 3, 4 become the destination's three registers (elements 4, 8,\n"
            "16): three mixed transpositions, so shared memory.")
module_case("convert-triton-blocked-to-blocked-ptr-shared-memory",
            ["#blocked0 = " + blk(*P1), "#blocked1 = " + blk(*P4)], NC1W1,
            "convert_blocked_to_blocked_ptr", "tensor<32x!tt.ptr<f32>, #blocked0>",
            "tensor<32x!tt.ptr<f32>, #blocked1>", bl(P1, [32]), bl(P4, [32]), 1,
            "llvm.ptrtoint, llvm.store, nvvm.bar.warp.sync, llvm.inttoptr:\n" + STORE,
            "As in convert_blocked1d_to_slice0: source lanes 0, 1 become registers: two mixed\n"
            "transpositions.")
module_case("convert-triton-blocked-to-blocked-broadcast-cga-shared-memory",
            ["#blocked0 = " + blk(*P1)[:-2] + ", CGALayout = [[0]]}>",
             "#blocked1 = " + blk(*P4)[:-2] + ", CGALayout = [[0]]}>"],
            '"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 1 : i32',
            "convert_blocked_to_blocked_broadcast_cga", "tensor<32xf32, #blocked0>",
            "tensor<32xf32, #blocked1>", with_block(bl(P1, [32]), [[0]]),
            with_block(bl(P4, [32]), [[0]]), 1,
            "llvm.store, nvvm.bar.warp.sync, llvm.load, and no cluster\n"
            "barrier: " + STORE,
            "Two CTAs each holding the whole tile (CGALayout [[0]]: a zero block basis) on both\n"
            "sides, so block is the identity; within the CTA, two mixed transpositions.")
module_case("convert-triton-loads-local-replica-shared-memory",
            ["#src = #ttg.linear<{register = [[1]], lane = [[0], [0], [0], [0], [0]], warp = [], "
             "block = [[0]]}>",
             "#dst = #ttg.linear<{register = [], lane = [[0], [0], [0], [0], [0]], warp = [], "
             "block = [[1]]}>"],
            '"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", '
            '"ttg.threads-per-warp" = 32 : i32',
            "convert_layout_loads_local_replica", "tensor<2xf32, #src>", "tensor<2xf32, #dst>",
            lin_bases({"bases": {"register": [[1]], "lane": [[0]] * 5, "warp": [], "block": [[0]]}}),
            lin_bases({"bases": {"register": [], "lane": [[0]] * 5, "warp": [], "block": [[1]]}}),
            1, "llvm.store, nvg.cluster_id, llvm.load (no mapa, no cluster\nbarrier): " + STORE,
            "Every CTA of the source already holds both elements, yet the block bases differ\n"
            "([0] against [1]), so minimalCvtLayout keeps block and the conversion goes through\n"
            "(the CTA's own) shared memory.  The destination's registers and lanes hold\n"
            "nothing the source's registers hold, so no warp decomposition exists and\n"
            "mixed_transpositions is absent.")
SW0, SW1 = ([32, 1], [1, 32], [1, 1], [1, 0]), ([16, 2], [2, 16], [1, 1], [1, 0])
module_case("convert-triton-blocked-blocked-shuffle-swap-warp-shuffle",
            ["#blocked0 = " + blk(*SW0), "#blocked1 = " + blk(*SW1)], NC1W1,
            "convert_layout_blocked_blocked_shuffle_swap", "tensor<32x32xi32, #blocked0>",
            "tensor<32x32xi32, #blocked1>", bl(SW0, [32, 32]), bl(SW1, [32, 32]), 2,
            "CHECK-COUNT-32 llvm.select, CHECK-COUNT-32 nvvm.shfl.sync,\n"
            "CHECK-COUNT-32 llvm.select: warp shuffles.",
            "Register bit 4 (row 16) becomes lane bit 0 and lane bit 0 (column 1) becomes a\n"
            "register: one mixed transposition.")
SH0, SH1 = ([32, 1], [1, 32], [1, 1], [0, 1]), ([16, 2], [2, 16], [1, 1], [0, 1])
module_case("convert-triton-blocked-blocked-shuffle-ship-warp-shuffle",
            ["#blocked0 = " + blk(*SH0), "#blocked1 = " + blk(*SH1)], NC1W1,
            "convert_layout_blocked_blocked_shuffle_ship", "tensor<32x32xi32, #blocked0>",
            "tensor<32x32xi32, #blocked1>", bl(SH0, [32, 32]), bl(SH1, [32, 32]), 2,
            "CHECK-COUNT-16 nvvm.shfl.sync: warp shuffles.",
            "One register bit trades places with one lane bit.")
LIN0 = {"register": [[1, 0], [2, 0], [4, 0]], "lane": [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16]],
        "warp": [], "block": []}
LIN1 = {"register": [[1, 0], [2, 0], [0, 1]], "lane": [[4, 0], [0, 2], [0, 4], [0, 8], [0, 16]],
        "warp": [], "block": []}
module_case("convert-triton-shuffle-packed-4xi1-warp-shuffle",
            ["#linear0 = #ttg.linear<{register=[[1, 0], [2, 0], [4, 0]], lane=[[0, 1], [0, 2], "
             "[0, 4], [0, 8], [0, 16]], warp=[], block=[]}>",
             "#linear1 = #ttg.linear<{register=[[1, 0], [2, 0], [0, 1]], lane=[[4, 0], [0, 2], "
             "[0, 4], [0, 8], [0, 16]], warp=[], block=[]}>"],
            '"ttg.num-warps" = 1 : i32', "convert_layout_shuffle_packed_4xi1",
            "tensor<8x32xi1, #linear0>", "tensor<8x32xi1, #linear1>",
            lin_bases({"bases": LIN0}), lin_bases({"bases": LIN1}), 2,
            "llvm.select, nvvm.shfl.sync, CHECK-COUNT-2 llvm.select: warp\nshuffles.",
            "Register 2 (row 4) and lane 0 (column 1) trade places: one mixed transposition.")
V0, V1 = ([1, 4], [8, 4], [2, 2], [1, 0]), ([1, 4], [16, 2], [2, 2], [1, 0])
module_case("convert-triton-blocked-blocked-vec-4warps-shared-memory",
            ["#blocked0 = " + blk(*V0), "#blocked1 = " + blk(*V1)], NC1W4,
            "convert_layout_blocked_blocked_vec", "tensor<32x32xf32, #blocked0>",
            "tensor<32x32xf32, #blocked1>", bl(V0, [32, 32]), bl(V1, [32, 32]), 2,
            "llvm.store x2, nvvm.barrier, llvm.load x2: " + STORE,
            "The warp bases differ (warp 1 is column 16 in the source, column 8 in the\n"
            "destination): shared memory.")
MR0, MR1 = ([1, 32], [32, 1], [1, 1], [1, 0]), ([4, 8], [8, 4], [1, 1], [1, 0])
module_case("convert-triton-blocked-blocked-multi-rep-shared-memory",
            ["#blocked0 = " + blk(*MR0), "#blocked1 = " + blk(*MR1)], NC1W1,
            "convert_layout_blocked_blocked_multi_rep", "tensor<32x32xf32, #blocked0>",
            "tensor<32x32xf32, #blocked1>", bl(MR0, [32, 32]), bl(MR1, [32, 32]), 2,
            "llvm.store vector<4xi32>, nvvm.bar.warp.sync, nvvm.ldmatrix\n"
            "(twice): " + STORE,
            "Source registers 3 and 4 (columns 8, 16) become lanes: two mixed transpositions.")
TR0, TR1 = ([1, 16], [4, 8], [4, 1], [1, 0]), ([16, 1], [8, 4], [1, 4], [0, 1])
module_case("convert-triton-layout-transpose-f8-shared-memory",
            ["#blocked = " + blk(*TR0), "#blocked1 = " + blk(*TR1)], NC1W4,
            "convert_layout_transpose", "tensor<128x128xf8E5M2, #blocked>",
            "tensor<128x128xf8E5M2, #blocked1>", bl(TR0, [128, 128]), bl(TR1, [128, 128]), 2,
            "CHECK-COUNT-128 llvm.store vector<1xi8>, nvvm.barrier,\n"
            "CHECK-COUNT-32 llvm.load vector<4xi8>: " + STORE,
            "The warp bases differ (rows against columns): shared memory.")
MB = ([1, 4], [32, 1], [1, 4], [1, 0])
module_case("convert-triton-mmav2-blocked-shared-memory",
            ["#blocked0 = " + blk(*MB),
             "#mma = #ttg.nvidia_mma<{versionMajor = 2, warpsPerCTA = [2, 2], instrShape = [16, 8]}>"],
            NC1W4, "convert_layout_mmav2_blocked", "tensor<32x16xf32, #mma>",
            "tensor<32x16xf32, #blocked0>",
            bases_of(T.nvidia_mma(2, [2, 2], [16, 8], [32, 16]), [32, 16]), bl(MB, [32, 16]), 2,
            "llvm.store x2, nvvm.barrier, llvm.load: " + STORE,
            "The warp bases differ: shared memory.")
MMA2 = "#mma = #ttg.nvidia_mma<{versionMajor = 2, warpsPerCTA = [1, 1], instrShape = [16, 8]}>"
DOT1 = "#dot1 = #ttg.dot_op<{opIdx=0, parent=#mma, kWidth=2}>"
module_case("convert-triton-mmav2-dot-reg-16x16-none", [MMA2, DOT1], NC1W1,
            "convert_layout_mmav2_dot_reg", "tensor<16x16xf16, #mma>",
            "tensor<16x16xf16, #dot1>",
            bases_of(T.nvidia_mma(2, [1, 1], [16, 8], [16, 16]), [16, 16]),
            bases_of(T.dot_op(0, 2, [1, 1], 2, [16, 16]), [16, 16]), 2,
            "CHECK-NOT llvm.store, CHECK-NOT llvm.load: no scratch.",
            "The mma accumulator and the kWidth-2 A operand have the same bases on 16x16:\n"
            "nothing moves.")
MV3 = ("#mma0 = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], "
       "instrShape = [16, 64, 16]}>",
       "#mma1 = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], "
       "instrShape = [16, 128, 16]}>")
for n, shp in ((2, [16, 16]), (3, [1, 64])):
    ty = "x".join(str(x) for x in shp)
    module_case("convert-triton-mmav3-mmav3-%d-registers" % n, list(MV3), NC1W4,
                "convert_layout_mmav3_mmav3_%d" % n, "tensor<%sxf16, #mma1>" % ty,
                "tensor<%sxf16, #mma0>" % ty,
                bases_of(T.nvidia_mma(3, [4, 1], [16, 128, 16], shp), shp),
                bases_of(T.nvidia_mma(3, [4, 1], [16, 64, 16], shp), shp), 2,
                "CHECK-NOT llvm.store, CHECK-NOT llvm.load: no scratch.",
                "Over a %s tile the column bases past the shape become zero (broadcast)\n"
                "registers, more of them for n128 than for n64: only the register dimension\n"
                "differs, so each thread copies its registers." % ty)
MT = ([16, 1], [8, 4], [1, 8], [0, 1])
module_case("convert-triton-mmav3-transpose-shared-memory",
            ["#blocked = " + blk(*MT),
             "#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], "
             "instrShape = [16, 256, 32]}>"],
            '"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32',
            "convert_layout_mmav3_transpose", "tensor<128x256xf8E5M2, #mma>",
            "tensor<128x256xf8E5M2, #blocked>",
            bases_of(T.nvidia_mma(3, [8, 1], [16, 256, 32], [128, 256]), [128, 256]),
            bl(MT, [128, 256]), 2,
            "CHECK-COUNT-8 llvm.store vector<4xi32>, nvvm.barrier: the\nshared-memory path.",
            "The warp bases differ: shared memory.")
MI0 = {"register": [[0, 1], [0, 2]], "lane": [[0, 0]] * 5, "warp": [[1, 0], [2, 0], [4, 0]],
       "block": []}
MI1 = {"register": [[0, 2]], "lane": [[0, 0]] * 4 + [[1, 0]], "warp": [[2, 0], [4, 0], [0, 1]],
       "block": []}
module_case("convert-triton-linear-multiple-iterations-shared-memory",
            ["#linear = #ttg.linear<{register = [[0, 1], [0, 2]], lane = [[0, 0], [0, 0], [0, 0], "
             "[0, 0], [0, 0]], warp = [[1, 0], [2, 0], [4, 0]], block = []}>",
             "#linear1 = #ttg.linear<{register = [[0, 2]], lane = [[0, 0], [0, 0], [0, 0], [0, 0], "
             "[1, 0]], warp = [[2, 0], [4, 0], [0, 1]], block = []}>"],
            '"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32',
            "linear_layout_with_multiple_iterations", "tensor<8x4xbf16, #linear>",
            "tensor<8x4xbf16, #linear1>", lin_bases({"bases": MI0}), lin_bases({"bases": MI1}), 2,
            "llvm.store vector<4xi16>, nvvm.barrier, llvm.load: " + STORE,
            "The warp bases differ: shared memory.")
SE1, SE2 = ([1], [32], [8], [0]), ([2], [32], [8], [0])
module_case("convert-triton-single-element-registers",
            ["#blocked = " + blk(*SE2), "#blocked1 = " + blk(*SE1)],
            '"ttg.target" = "cuda:75", "ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, '
            '"ttg.threads-per-warp" = 32 : i32',
            "convert_single_element", "tensor<1xf32, #blocked1>", "tensor<1xf32, #blocked>",
            bl(SE1, [1]), bl(SE2, [1]), 1,
            "CHECK-NOT llvm.store, CHECK-NOT llvm.load: no scratch.  (Its twin\n"
            "@convert_single_element_and_add converts the same pair.)",
            "A one-element tile: sizePerThread 2 leaves the destination a zero (broadcast)\n"
            "register basis the source lacks; block, warp and lane agree (all zero), so only\n"
            "the registers differ.")
module_case("convert-triton-mmav2-dot-reg-1x16-none", [MMA2, DOT1], NC1W1,
            "convert_layout_mmav2_dot_reg", "tensor<1x16xf16, #mma>", "tensor<1x16xf16, #dot1>",
            bases_of(T.nvidia_mma(2, [1, 1], [16, 8], [1, 16]), [1, 16]),
            bases_of(T.dot_op(0, 2, [1, 1], 2, [1, 16]), [1, 16]), 2,
            "CHECK-NOT llvm.store, CHECK-NOT llvm.load: no scratch (the second\n"
            "test of that name, on a 1x16 tile).",
            "Over one row the accumulator and the kWidth-2 A operand have the same bases.")
module_case("convert-triton-slice-mmav2-blocked-reg-none",
            ["#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], "
             "instrShape = [16, 8]}>",
             "#blocked = " + blk([1], [32], [4], [0]),
             "#slice = #ttg.slice<{dim = 0, parent = #mma}>"], NC1W4,
            "convert_layout_slice_mmav2_blocked_reg", "tensor<1xf16, #slice>",
            "tensor<1xf16, #blocked>",
            slice_of(bases_of(T.nvidia_mma(2, [2, 2], [16, 8], [1, 1]), [1, 1]), 0),
            bl(([1], [32], [4], [0]), [1]), 1,
            "CHECK-NOT llvm.store, CHECK-NOT llvm.load: no scratch.",
            "One element every thread holds: every lane and warp basis is zero on both sides\n"
            "and neither keeps a register (the slice drops its zero registers).")
module_case("convert-triton-mmav3-mmav3-1-registers", list(MV3), NC1W4,
            "convert_layout_mmav3_mmav3_1", "tensor<64x64xf16, #mma1>", "tensor<64x64xf16, #mma0>",
            bases_of(T.nvidia_mma(3, [4, 1], [16, 128, 16], [64, 64]), [64, 64]),
            bases_of(T.nvidia_mma(3, [4, 1], [16, 64, 16], [64, 64]), [64, 64]), 2,
            "CHECK-NOT llvm.store, CHECK-NOT llvm.load: no scratch.",
            "The reverse of convert_layout_mmav3_mmav3_0: the source's column-64 register is a\n"
            "zero (broadcast) basis over the 64-wide tile, the destination has none; only the\n"
            "register dimension differs.")

LANES64 = [[2], [4], [8], [16], [32]]
linear_case("convert-linear-broadcast-register-dropped-registers",
            {"bases": {"register": [[1], [0]], "lane": LANES64}, "out": [["dim0", 64]]},
            {"bases": {"register": [[1]], "lane": LANES64}, "out": [["dim0", 64]]}, 32,
            "triton-lang/triton lib/Analysis/Utility.cpp (commit 00a287a7530fdc5fe89a2a01ac1de19f66aca85a)\n"
            "minimalCvtLayout and cvtReordersRegisters, with lib/Tools/LinearLayout.cpp\n"
            "LinearLayout::quotient (isTrivialOver: the square sublayout of the dimension must be\n"
            "the identity).  The source holds each element in two registers (a zero register\n"
            "basis, a broadcast), the destination in one.  Block, warp and lane have the same\n"
            "bases and quotient away; the register dimension has 4 entries in the source and 2\n"
            "in the destination, so it is no identity and stays: the conversion map keeps only\n"
            "the register dimension, cvtReordersRegisters holds, and each thread drops its\n"
            "duplicate register.  The placements differ, so the kind is registers, not none.")

HOP = "triton-lang/triton test/Conversion/tritongpu_to_llvm_hopper.mlir"
HOPC = "02a2f2b4e7f64ab218a2949d498b9c8c973b6e91"
SPELL = ("\n(The test spells its attributes #triton_gpu.; the request uses today's #ttg.\n"
         "spelling and drops the default CTA attributes.)")
module_case("convert-triton-hopper-mma-to-dot-fp8-warp-shuffle",
            ["#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], "
             "instrShape = [16, 64, 16]}>"], NC1W4, "cvt_mma_to_dot_fp8",
            "tensor<128x64xf8E5M2, #mma>",
            "tensor<128x64xf8E5M2, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>",
            bases_of(T.nvidia_mma(3, [4, 1], [16, 64, 16], [128, 64]), [128, 64]),
            bases_of(T.dot_op(0, 3, [4, 1], 4, [128, 64]), [128, 64]), 2,
            "prmt.b32 x2, nvvm.shfl.sync x2, prmt.b32 x2: warp shuffles, no\n"
            "shared memory." + SPELL,
            "The fp8 accumulator and the kWidth-4 A operand share block, warp and the lanes'\n"
            "rows; the register of column 8 becomes a lane and the lane of column 2 a\n"
            "register (the lane of column 4 moves down a lane bit): one mixed transposition.",
            file=HOP, commit=HOPC)
MB3 = ([1, 8], [1, 32], [8, 1], [1, 0])
module_case("convert-triton-hopper-mma-to-blocked-shared-memory",
            ["#blocked = " + blk(*MB3),
             "#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], "
             "instrShape = [16, 256, 16]}>"],
            '"ttg.target" = "cuda:90", "ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, '
            '"ttg.threads-per-warp" = 32 : i32', "convert_mma_to_blocked",
            "tensor<128x256xf16, #mma>", "tensor<128x256xf16, #blocked>",
            bases_of(T.nvidia_mma(3, [8, 1], [16, 256, 16], [128, 256]), [128, 256]),
            bl(MB3, [128, 256]), 2,
            "CHECK-COUNT-16 nvgpu.stmatrix, nvvm.barrier0: the shared-memory\n"
            "path." + SPELL,
            "The warp bases differ (warp 1 is row 16 of the mma, row 1 of the blocked\n"
            "layout): shared memory.", file=HOP, commit=HOPC)


def main():
    write = "--write" in sys.argv
    for name, req, S, D, rank, src, extra in CASES:
        kind, cl, cw, m = classify(S, D, rank)
        res = {"kind": kind, "elements": {"change_lane": cl, "change_warp": cw}}
        if m is not None:
            res["mixed_transpositions"] = m
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
