#!/usr/bin/env python3
"""Independent reference for the AMD-target and global-memory access cases.

Provenance only (not run by CI).  Written from the hardware rules, not from
layoutd's C; definitions are read by ref_bank.relation (expr, linear, table).

AMD LDS (Triton GenericSwizzling.cpp / SwizzleTest.cpp
bruteforceBankConflictsPerWavefront64, triton PRs #9662 and #11365, ROCm CK
"lds_bank_conflicts"):
  * 64-lane waves, 4-byte banks: 32 on gfx942, 64 on gfx950;
  * a lane access of v elements spans w = ceil(v*bits/32) words; up to w = 2 a
    phase is banks / w consecutive lanes;
  * w = 4 reads (ds_read_b128): gfx942 phase = t5 | (t2^t4)<<1 | t3<<2
    (8 phases of 8 lanes), gfx950 phase = t5 | (t2^t3^t4)<<1 (4 of 16), with
    t the lane bits; w = 4 writes (ds_write_b128): 8 consecutive lanes;
  * a phase costs the largest number of distinct words in one bank.

Global memory (CUDA C++ Best Practices Guide, "Coalesced Access to Global
Memory"): 32-byte sectors, 128-byte lines, base aligned; one instruction =
one warp x one vector group of registers; ideal = ceil(distinct bytes / 32);
efficiency = distinct bytes / (sectors * 32).

Usage:  python3 ref_access2.py [--write]
"""
import json, os, sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from ref_bank import relation, THREAD, LANE, TID, is_pow2, log2  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
GOLDEN = os.path.dirname(HERE)
TARGETS = {"nvidia": (32, 32), "gfx942": (64, 32), "gfx950": (64, 64)}


def table(req):
    """(held[(g, l, r)] -> element, eoff, L, G, R, bits, vector regof)."""
    mem, acc = req["layout"], req["access"]
    bits = acc["element_bits"]
    lanes, banks = TARGETS[acc.get("target", "nvidia")]
    shape, maxes, mrel = relation(mem)
    (off_axis,) = [a for a in maxes if a not in THREAD]
    eoff = {}
    for x, p in mrel:
        eoff[x] = min(eoff.get(x, p[off_axis]), p[off_axis])
    _, taxes, trel = relation(acc["threads"])
    slots = [a for a in taxes if a not in THREAD]
    lane_ax = [a for a in taxes if a in LANE]
    tid_ax = [a for a in taxes if a in TID]
    grp = [a for a in taxes if a in THREAD and a not in LANE and a not in TID]
    ext = {a: max(p[a] for _, p in trel) + 1 for a in taxes}
    if lane_ax:
        L, tw = ext[lane_ax[0]], 1
    else:
        T = ext[tid_ax[0]]
        L, tw = min(T, lanes), (T + lanes - 1) // lanes
    R = 1
    for a in slots:
        R *= ext[a]
    G = tw
    for a in grp:
        G *= ext[a]
    held = {}
    for x, p in trel:
        r = 0
        for a in slots:
            r = r * ext[a] + p[a]
        if lane_ax:
            l, g, gs = p[lane_ax[0]], 0, 1
        else:
            l, g, gs = p[tid_ax[0]] % lanes, p[tid_ax[0]] // lanes, tw
        for a in grp:
            g += gs * p[a]
            gs *= ext[a]
        held[(g, l, r)] = x
    # registers repeating another register's element everywhere are dropped
    kept = [j for j in range(log2(R))
            if any(held.get((g, l, r)) != held.get((g, l, r | 1 << j))
                   for g in range(G) for l in range(L) for r in range(R) if not r >> j & 1)]
    R2 = 1 << len(kept)

    def f(g, l, r2):
        r = sum(1 << kept[k] for k in range(len(kept)) if r2 >> k & 1)
        x = held.get((g, l, r))
        return -1 if x is None else eoff[x]

    def vec_ok(v):
        k = log2(v)
        if k > len(kept):
            return None
        sel, used = [], set()
        for i in range(k):
            js = [j for j in range(len(kept)) if j not in used and f(0, 0, 0) >= 0
                  and f(0, 0, 1 << j) - f(0, 0, 0) == 1 << i]
            if not js:
                return None
            sel.append(js[0])
            used.add(js[0])
        rem = [j for j in range(len(kept)) if j not in used]

        def regof(ig, s):
            return (sum(1 << sel[i] for i in range(k) if s >> i & 1) |
                    sum(1 << rem[i] for i in range(len(rem)) if ig >> i & 1))
        for g in range(G):
            for l in range(L):
                for ig in range(R2 // v):
                    base = f(g, l, regof(ig, 0))
                    for s in range(1, v):
                        o = f(g, l, regof(ig, s))
                        if (o >= 0) if base < 0 else (o != base + s):
                            return None
                    if base >= 0 and base % v:
                        return None
        return regof

    if "vector" in acc:
        v = acc["vector"]
    else:
        v = max(1, 128 // bits)
        while not vec_ok(v):
            v //= 2
    regof = vec_ok(v)
    return dict(f=f, L=L, G=G, R2=R2, v=v, regof=regof, bits=bits, lanes=lanes,
                banks=banks, op=acc.get("op", "load"), target=acc.get("target", "nvidia"))


def phases(t, w):
    """Lane groups of one instruction."""
    L, lanes, banks = t["L"], t["lanes"], t["banks"]
    if t["target"] != "nvidia" and w == 4:
        if t["op"] == "store":
            return [list(range(s, min(s + 8, L))) for s in range(0, L, 8)]
        out = {}
        for l in range(min(L, lanes)):
            b = [(l >> k) & 1 for k in range(6)]
            ph = (b[5] | (b[2] ^ b[3] ^ b[4]) << 1) if banks == 64 else \
                (b[5] | (b[2] ^ b[4]) << 1 | b[3] << 2)
            out.setdefault(ph, []).append(l)
        return [out[k] for k in sorted(out)]
    n = banks // w
    return [list(range(s, min(s + n, L))) for s in range(0, L, n)]


def banks_case(req):
    t = table(req)
    v, bits, banks = t["v"], t["bits"], t["banks"]
    w = -(-v * bits // 32)
    groups = phases(t, w)
    total = ideal = ways = 0
    for g in range(t["G"]):
        for ig in range(t["R2"] // v):
            for lanes in groups:
                words = set()
                for l in lanes:
                    for s in range(v):
                        o = t["f"](g, l, t["regof"](ig, s))
                        if o >= 0:
                            words.add(o * bits // 32)
                if not words:
                    continue
                per = {}
                for x in words:
                    per[x % banks] = per.get(x % banks, 0) + 1
                c = max(per.values())
                total += c
                ideal += 1
                ways = max(ways, c)
    bc = (total - ideal) // ideal if (total - ideal) % ideal == 0 else (total - ideal) / ideal
    return {"target": t["target"], "op": t["op"], "vector": {"elements": v, "bits": v * bits},
            "lanes_per_wavefront": max(len(x) for x in groups),
            "instructions": (t["R2"] // v) * t["G"], "wavefronts": total,
            "ideal_wavefronts": ideal, "bank_conflicts": bc, "max_ways": ways}


def global_case(req):
    t = table(req)
    v, bits = t["v"], t["bits"]
    sectors = lines = ideal = moved = n = spr = 0
    for g in range(t["G"]):
        for ig in range(t["R2"] // v):
            offs = set()
            for l in range(t["L"]):
                for s in range(v):
                    o = t["f"](g, l, t["regof"](ig, s))
                    if o >= 0:
                        offs.add(o)
            if not offs:
                continue
            byts = set()
            for o in offs:
                b0 = o * bits // 8
                for b in range(b0, b0 + max(1, bits // 8)):
                    byts.add(b)
            sec = {b // 32 for b in byts}
            n += 1
            sectors += len(sec)
            lines += len({s // 4 for s in sec})
            moved += len(byts)
            ideal += -(-len(byts) // 32)
            spr = max(spr, len(sec))
    return {"space": "global", "vector": {"elements": v, "bits": v * bits}, "instructions": n,
            "sectors": sectors, "lines": lines, "ideal_sectors": ideal, "bytes": moved,
            "efficiency": moved / (sectors * 32), "sectors_per_request": spr}


CASES = []


def case(name, request, source, extra=None, error=None, ref_threads=None):
    """ref_threads: the threads layout as the reference reads it (a table built
    here from the notation's definition) when ref_bank cannot parse it."""
    CASES.append((name, request, source, extra, error, ref_threads))


def expr(logical, m, **kw):
    d = {"logical": logical, "expr": m}
    d.update(kw)
    return d


AMD = ("Triton unittest/Dialect/TritonGPU/SwizzleTest.cpp (bankConflictsWavefront64 and\n"
       "bruteforceBankConflictsPerWavefront64: 64-lane waves, numBanks 32 / 64, the ds_read_b128\n"
       "phase tables in its comments), triton PRs #9662 and #11365 (phases per vector width), ROCm\n"
       "CK docs 'lds_bank_conflicts' (ds_write_b128: 8 consecutive lanes per phase).")
# SwizzleTest bankConflictsWavefront64 case 1 and 2: blocked({1,8},{4,16},{4,1},{1,0}) on
# 128x128 f16 against SwizzledShared(vec 8, perPhase 1, maxPhase 16, order [1,0]).
BLK = {"lane": "(j // 8) % 16 + 16 * (i % 4)", "warp": "(i // 4) % 4",
       "register": "j % 8 + 8 * (i // 16)"}
SWZ = {"offset": "i * 128 + (((j // 8) ^ (i % 16)) * 8) + j % 8"}
UNSWZ = {"offset": "i * 128 + j"}
for tgt in ("gfx942", "gfx950"):
    for op in ("load", "store"):
        case("access-%s-blocked-4x16-swizzled-vec8-f16-%s" % (tgt, op), {
            "layout": expr([128, 128], SWZ),
            "access": {"threads": expr([128, 128], BLK), "element_bits": 16, "target": tgt,
                       "op": op}},
            AMD + "\nThe first two cases of bankConflictsWavefront64: Triton's\n"
            "#ttg.blocked<{sizePerThread=[1,8], threadsPerWarp=[4,16], warpsPerCTA=[4,1], "
            "order=[1,0]}>\nagainst #ttg.swizzled_shared<{vec=8, perPhase=1, maxPhase=16, "
            "order=[1,0]}> on 128x128 f16,\nwritten as exprs; 128-bit accesses (8 f16 per "
            "lane), %s %s." % (tgt, op))
    case("access-%s-blocked-4x16-unswizzled-f16-load" % tgt, {
        "layout": expr([128, 128], UNSWZ),
        "access": {"threads": expr([128, 128], BLK), "element_bits": 16, "target": tgt}},
        AMD + "\nThe same blocked layout over a plain row-major 128x128 f16 tile (no swizzle): the\n"
        "four rows of a wave land in the same banks.")
    case("access-%s-f32-column-64-lanes" % tgt, {
        "layout": expr([64, 64], {"offset": "i * 64 + j"}),
        "access": {"threads": expr([64, 64], {"lane": "i", "register": "j"}),
                   "element_bits": 32, "vector": 1, "target": tgt}},
        AMD + "\nLane l reads element (l, j) of a row-major 64x64 f32 tile: word 64 l + j.  A 32-bit\n"
        "access serves banks lanes per phase; every lane of a phase hits bank j (gfx942: 2 phases\n"
        "of 32 lanes, 32-way; gfx950: 1 phase of 64, 64-way).")
    case("access-%s-f64-rows-64-lanes" % tgt, {
        "layout": expr([64, 64], {"offset": "i * 64 + j"}),
        "access": {"threads": expr([64, 64], {"lane": "j", "register": "i"}),
                   "element_bits": 64, "vector": 1, "target": tgt}},
        AMD + "\nLane l reads (r, l) of a row-major 64x64 f64 tile: two words per lane, so a phase\n"
        "is banks / 2 consecutive lanes (PR #9662: 4 phases on gfx942, 2 on gfx950), each\n"
        "conflict-free.")
# SwizzleTest bankConflictsWavefront64 cases 3-6: MFMA dot operands (f16) against Triton's
# swizzled_shared / amd_rotating_shared.  The request gives the operand as TTGIR; the
# reference reads it as the exprs below, written from the MFMA operand rule: a lane holds
# kWidth consecutive k of one row (opIdx 0: row m, lanes 0-31 along m) or column (opIdx 1:
# column n), lanes 32-63 the next kWidth k; kWidth-runs 2 kWidth apart go to registers;
# warps [4, 1] split m (opIdx 1: every warp holds the whole operand).  The shared layouts:
# swizzled offset = r*C + ((c/vec) ^ (r/perPhase % maxPhase))*vec + c%vec; rotating the
# same with phase (r/perPhase % maxPhase) ^ (r/(perPhase*maxPhase) % maxPhase) (Triton's
# AMDRotatingShared linear layout, LinearLayoutConversionsTest); order [0, 1] swaps r, c.
def mfma_dot(op_idx, version, instr, kwidth):
    return ("#ttg.dot_op<{opIdx = %d, parent = #ttg.amd_mfma<{version = %d, warpsPerCTA = "
            "[4, 1], instrShape = [%d, %d, %d], isTransposed = true}>, kWidth = %d}>"
            % ((op_idx, version) + tuple(instr) + (kwidth,)))


def dot_a(kw, shape):
    return expr(shape, {"lane": "i %% 32 + 32 * ((j // %d) %% 2)" % kw, "warp": "i // 32",
                        "register": "j %% %d + %d * (j // %d)" % (kw, kw, 2 * kw)})


def dot_b(kw, shape):
    return expr(shape, {"lane": "j %% 32 + 32 * ((i // %d) %% 2)" % kw, "warp": "w",
                        "register": "i %% %d + %d * (i // %d) + %d * (j // 32)"
                        % (kw, kw, 2 * kw, shape[0] // 2)}, replicate={"w": 4})


def swizzled_rows(vec, pp, mp, cols):
    return {"offset": "i * %d + (((j // %d) ^ ((i // %d) %% %d)) * %d) + j %% %d"
            % (cols, vec, pp, mp, vec, vec)}


def rotating_cols(vec, pp, mp, rows):
    return {"offset": "j * %d + (((i // %d) ^ (((j // %d) %% %d) ^ ((j // %d) %% %d))) * %d) + i %% %d"
            % (rows, vec, pp, mp, pp * mp, mp, vec, vec)}


MFMA_CASES = [
    ("access-gfx942-mfma-v3-dota-kwidth4-swizzled-vec4-f16", "gfx942", [128, 128],
     mfma_dot(0, 3, (32, 32, 8), 4), dot_a(4, [128, 128]), swizzled_rows(4, 1, 16, 128),
     "dotAV3 (opIdx 0, kWidth 4, mfma version 3, instrShape [32, 32, 8]) against\n"
     "#ttg.swizzled_shared<{vec = 4, perPhase = 1, maxPhase = 16, order = [1, 0]}>, 128x128,\n"
     "numBanks 32: 64-bit reads (4 f16 per lane), 16 consecutive lanes a phase"),
    ("access-gfx950-mfma-v4-dota-kwidth8-swizzled-vec8-f16", "gfx950", [128, 128],
     mfma_dot(0, 4, (32, 32, 16), 8), dot_a(8, [128, 128]), swizzled_rows(8, 1, 16, 128),
     "dotAV4 (opIdx 0, kWidth 8, mfma version 4, instrShape [32, 32, 16]) against\n"
     "#ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 16, order = [1, 0]}>, 128x128,\n"
     "numBanks 64: 128-bit reads (ds_read_b128, the phase table)"),
    ("access-gfx942-mfma-v3-dotb-kwidth4-rotating-vec4-f16", "gfx942", [64, 128],
     mfma_dot(1, 3, (32, 32, 8), 4), dot_b(4, [64, 128]), rotating_cols(4, 1, 16, 64),
     "dotBV3 (opIdx 1, kWidth 4, mfma version 3, instrShape [32, 32, 8]) against\n"
     "#ttg.amd_rotating_shared<{vec = 4, perPhase = 1, maxPhase = 16, order = [0, 1]}>, 64x128,\n"
     "numBanks 32: 64-bit reads, 16 consecutive lanes a phase"),
    ("access-gfx950-mfma-v4-dotb-kwidth4-rotating-vec4-f16", "gfx950", [64, 128],
     mfma_dot(1, 4, (32, 32, 16), 4), dot_b(4, [64, 128]), rotating_cols(4, 2, 8, 64),
     "dotBV4 (opIdx 1, kWidth 4, mfma version 4, instrShape [32, 32, 16]) against\n"
     "#ttg.amd_rotating_shared<{vec = 4, perPhase = 2, maxPhase = 8, order = [0, 1]}>, 64x128,\n"
     "numBanks 64: 64-bit reads, 32 consecutive lanes a phase"),
]
for name, tgt, shape, ttgir, ref, mem, what in MFMA_CASES:
    case(name, {
        "layout": expr(shape, mem),
        "access": {"threads": {"ttgir": ttgir, "shape": shape}, "element_bits": 16,
                   "target": tgt, "op": "load"}},
        AMD + "\nbankConflictsWavefront64 (Triton asserts its analytic count equals its brute\n"
        "force): " + what + ".\nThe operand layout is given as TTGIR; the reference reads it as "
        "exprs written from\nthe MFMA operand rule (ref_access2.py, MFMA_CASES).",
        ref_threads=ref)
# lane l moves 4 f32 (128 bits) at word 4 W(l), W a permutation of the lane bits chosen
# so that the ds_read_b128 phases of gfx942 see 8 distinct W mod 8 and the
# consecutive 8-lane write phases see only 4
W = "(i % 4) + 4 * ((i >> 4) & 1) + 8 * ((i >> 2) & 3) + 32 * (i >> 5)"
for op in ("load", "store"):
    case("access-gfx942-op-matters-128bit-%s" % op, {
        "layout": expr([64, 4], {"offset": "4 * (%s) + j" % W}),
        "access": {"threads": expr([64, 4], {"lane": "i", "register": "j"}),
                   "element_bits": 32, "target": "gfx942", "op": op}},
        AMD + "\nLane l moves 4 f32 at word 4 W(l), W(l) = l%4 + 4 b4 + 8 (b2 + 2 b3) + 32 b5 of the\n"
        "lane bits b: a read phase (T0-3 with T20-23, ...) covers W mod 8 = 0..7 once, so\n"
        "reads are conflict-free; a write phase of 8 consecutive lanes sees W mod 8 = 0..3\n"
        "twice: 2-way.")
# suggest: swizzle under the target's banks; the attribute is checked here by Triton's
# swizzled_shared formula (offset = r*C + ((c/vec) ^ (r/perPhase % maxPhase))*vec + c%vec)
SUGGEST = []
for tgt, mp in (("gfx942", 32), ("gfx950", 64)):
    SUGGEST.append(("access-%s-suggest-swizzle-f32-column" % tgt, tgt, mp))
    case("access-%s-suggest-swizzle-f32-column" % tgt, {
        "layout": expr([64, 64], {"offset": "i * 64 + j"}),
        "access": {"threads": expr([64, 64], {"lane": "i", "register": "j"}),
                   "element_bits": 32, "vector": 1, "target": tgt},
        "suggest": "swizzle"},
        AMD + "\nThe 64-lane f32 column read of a row-major 64x64 tile with suggest: the "
        "phase holds\n%d lanes, so a conflict-free swizzle must spread them over %d banks: "
        "maxPhase %d, vec 1,\nperPhase 1 (checked by the reference with Triton's "
        "swizzled_shared formula: 0 conflicts;\nmaxPhase %d is not enough)." %
        ((32, 32, 32, 16) if tgt == "gfx942" else (64, 64, 64, 32)),
        extra={"suggestion": {"conflict_free": True, "triton": {
            "ttgir": "#ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = %d, "
                     "order = [1, 0]}>" % mp, "shape": [64, 64]}}})
# suggest on NVIDIA: the 128-bit row-chunk read of an unswizzled 8x64 f16 tile; the
# conflict-free answer pastes back as both Triton attributes (checked in check_triton)
TRITON_SW = "#ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>"
TRITON_NV = "#ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>"
case("access-suggest-triton-attributes-f16-8x64", {
    "layout": expr([8, 64], {"offset": "i * 64 + j"}),
    "access": {"threads": expr([8, 64], {"laneid": "i + 8 * ((j // 8) % 4)",
                                         "register": "j % 8 + 8 * (j // 32)"}),
               "element_bits": 16},
    "suggest": "swizzle"},
    "The 16-byte column-chunk read of an unswizzled row-major 8x64 f16 tile (8-way) with\n"
    "suggest.  CuTe's GMMA K-major SW128 atom for 16-bit types (Sw<3,4,3> on bytes, Sw<3,3,3>\n"
    "on element offsets) is the conflict-free answer; Triton writes the same layout as\n"
    "#ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}> and as\n"
    "#ttg.nvmma_shared<{swizzlingByteWidth = 128, ...}> (the reference checks both against\n"
    "Sw<3,3,3>: the swizzled formula directly, the NVMMA one through ref_triton_ll.py's\n"
    "re-implementation of Triton's nvmma_shared linear layout).",
    extra={"suggestion": {"swizzle": "Sw<3,3,3>", "bytes": "Sw<3,4,3>", "conflict_free": True,
                          "triton": {"ttgir": TRITON_SW, "shape": [8, 64]},
                          "triton_nvmma": {"ttgir": TRITON_NV, "shape": [8, 64]}}})
case("access-nvidia-64-lane-layout-warns", {
    "layout": expr([64, 64], {"offset": "i * 64 + j"}),
    "access": {"threads": expr([64, 64], {"lane": "j", "register": "i"}),
               "element_bits": 32}},
    "A 64-lane threads layout analysed under the default nvidia target: counted as two\n"
    "32-lane wavefronts, with a warning that names the AMD target it probably meant.",
    extra={"warnings": [{"code": "lanes_exceed_warp", "likely_target": "gfx942", "message":
                         "the threads layout has 64 lanes but an NVIDIA warp has 32: a 64-lane "
                         "layout is an AMD CDNA wave; give the target \"gfx942\" (MI300) or "
                         "\"gfx950\" (MI350) to count it under that wave's banks"}]})

CUDA = ("CUDA C++ Best Practices Guide, 'Coalesced Access to Global Memory' (figures: a simple\n"
        "access pattern, sequential but misaligned, strided accesses): a warp's accesses are\n"
        "served in 32-byte sectors; 32 threads x 4 aligned bytes = 4 sectors; shifted by one\n"
        "word = 5 sectors; stride 2 = 50% efficiency.")
TL = ("facebookresearch/tensor-layouts@8c75af6 tests/analysis.py (segment_analysis and\n"
      "coalescing_efficiency examples: fp16 contiguous 2 segments / 1 line, fp16 stride 2\n"
      "4 segments, broadcast 1 segment).")
case("access-global-f32-aligned-4-sectors", {
    "layout": expr([32], {"offset": "i"}),
    "access": {"threads": expr([32], {"laneid": "i"}), "element_bits": 32, "space": "global"},
    "expect": {"efficiency": 1.0, "sectors_per_request": 4}},
    CUDA + "\nAligned: lane k reads word k: 128 bytes, 4 sectors, one line, 100%.")
case("access-global-f32-misaligned-5-sectors", {
    "layout": expr([32], {"offset": "i + 1"}),
    "access": {"threads": expr([32], {"laneid": "i"}), "element_bits": 32, "space": "global"},
    "expect": {"sectors_per_request": 5}},
    CUDA + "\nMisaligned by one word: lane k reads word k + 1: bytes 4..131, 5 sectors, 2 lines,\n"
    "128 / 160 = 80%.")
case("access-global-f32-misaligned-fails-efficiency", {
    "layout": expr([32], {"offset": "i + 1"}),
    "access": {"threads": expr([32], {"laneid": "i"}), "element_bits": 32, "space": "global"},
    "expect": {"efficiency": 0.9}},
    CUDA + "\nThe misaligned access against a 90% minimum: 80% fails the check.")
case("access-global-f32-stride2-half", {
    "layout": expr([32], {"offset": "2 * i"}),
    "access": {"threads": expr([32], {"laneid": "i"}), "element_bits": 32, "space": "global"}},
    CUDA + "\nStride 2: lane k reads word 2k: 8 sectors for 128 useful bytes, 50%.")
case("access-global-f32-column-32-sectors", {
    "layout": expr([32, 32], {"offset": "i * 32 + j"}),
    "access": {"threads": expr([32, 32], {"laneid": "i", "register": "j"}),
               "element_bits": 32, "vector": 1, "space": "global"}},
    CUDA + "\nA column of a row-major 32x32 f32 tile (stride 32 words): every lane its own\n"
    "sector and line, 32 sectors per instruction, 12.5%.")
case("access-global-f16-contiguous-2-sectors", {
    "layout": expr([32], {"offset": "i"}),
    "access": {"threads": expr([32], {"laneid": "i"}), "element_bits": 16, "space": "global"}},
    TL + "\n32 lanes x 2 bytes: 64 bytes, 2 sectors, 1 line.")
case("access-global-f16-stride2-4-sectors", {
    "layout": expr([32], {"offset": "2 * i"}),
    "access": {"threads": expr([32], {"laneid": "i"}), "element_bits": 16, "space": "global"}},
    TL + "\nfp16 stride 2: 4 sectors, 1 line, 50%.")
case("access-global-broadcast-one-sector", {
    "layout": expr([1], {"offset": "i"}),
    "access": {"threads": expr([1], {"laneid": "rep"}, replicate={"rep": 32}),
               "element_bits": 16, "space": "global"}},
    TL + "\nEvery lane reads the same fp16 element: 1 sector, 2 distinct bytes (counted once).")
case("access-global-f16-tv-16-byte-vectors", {
    "layout": expr([32, 64], {"offset": "i * 64 + j"}),
    "access": {"threads": expr([32, 64], {"laneid": "j // 8 + 8 * (i % 4)",
                                          "register": "j % 8 + 8 * (i // 4)"}),
               "element_bits": 16, "space": "global"}},
    CUDA + "\nA TV layout with 8 contiguous f16 per lane: 16-byte vector loads, 4 rows of 128\n"
    "bytes per instruction: 16 sectors, 4 lines, 100%; 8 instructions.")
# CuTe TV (32,4):(4,1): thread t, value v -> index 4 t + v (colex into [128, 1])
TV_TABLE = {"logical": [128, 1], "table": [[[4 * t + v, 0], {"thread": t, "value": v}]
                                            for t in range(32) for v in range(4)]}
case("access-global-cute-tv-32x4-f16-8-sectors", {
    "layout": expr([128, 1], {"offset": "i"}),
    "access": {"threads": {"cute": "(32,4):(4,1)", "cute_role": "tv", "logical": [128, 1]},
               "element_bits": 16, "space": "global"}},
    TL + "\nThe TV layout (32,4):(4,1) over fp16: each thread 4 contiguous halves (an 8-byte\n"
    "vector), 256 bytes per instruction: 8 segments of 32 bytes in 2 lines, 100%.",
    ref_threads=TV_TABLE)
case("access-global-gfx942-f32-64-lanes", {
    "layout": expr([64], {"offset": "i"}),
    "access": {"threads": expr([64], {"lane": "i"}), "element_bits": 32, "space": "global",
               "target": "gfx942"}},
    CUDA + "\nA 64-lane wave reading 64 consecutive words: 256 bytes, 8 sectors, 2 lines.")


def check_suggest():
    for name, tgt, mp in SUGGEST:
        for m, want0 in ((mp, True), (mp // 2, False)):
            req = {"layout": expr([64, 64], {"offset": "i * 64 + ((j ^ (i %% %d)))" % m}),
                   "access": {"threads": expr([64, 64], {"lane": "i", "register": "j"}),
                              "element_bits": 32, "vector": 1, "target": tgt}}
            got = banks_case(req)["bank_conflicts"] == 0
            assert got == want0, (name, m)


def check_triton():
    """Both attributes of access-suggest-triton-attributes-f16-8x64 are Sw<3,3,3>."""
    import ref_triton_ll as T
    sw = lambda x: x ^ (((x >> 6) & 7) << 3)
    for r in range(8):
        for c in range(64):
            o = r * 64 + (((c // 8) ^ (r % 8)) * 8) + c % 8   # swizzled_shared, vec 8
            assert o == sw(r * 64 + c)
    nv = T.nvmma_shared(128, 16, [8, 64])
    bases = [(b.get("dim0", 0), b.get("dim1", 0)) for b in nv.bases["offset"]]
    for o in range(512):
        x = (0, 0)
        for k, v in enumerate(bases):
            if o >> k & 1:
                x = (x[0] ^ v[0], x[1] ^ v[1])
        assert sw(x[0] * 64 + x[1]) == o, (o, x)


def triton_bruteforce64(req, lane_addr):
    """SwizzleTest's bruteforceBankConflictsPerWavefront64 on the reference's table: a
    128-bit access puts lane t in its ds_read_b128 phase but reads it at t masked to the
    laneTile bits; narrower ones read lane t % (banks / words) in phase t / (banks / words)."""
    t = table(req)
    v, bits, banks = t["v"], t["bits"], t["banks"]
    w = -(-v * bits // 32)
    tpp = banks // w
    nph = t["L"] // tpp
    total = 0
    for g in range(t["G"]):
        for ig in range(t["R2"] // v):
            words = [set() for _ in range(nph)]
            for l in range(t["L"]):
                if w == 4:
                    b = [(l >> k) & 1 for k in range(6)]
                    ph = (b[5] | (b[2] ^ b[3] ^ b[4]) << 1) if banks == 64 else \
                        (b[5] | (b[2] ^ b[4]) << 1 | b[3] << 2)
                    ml = sum(l & (1 << k) for k in lane_addr)
                else:
                    ph, ml = l // tpp, l % tpp
                for s_ in range(v):
                    words[ph].add(t["f"](g, ml, t["regof"](ig, s_)) * bits // 32)
            for ws in words:
                per = {}
                for x in ws:
                    per[x % banks] = per.get(x % banks, 0) + 1
                total += max(per.values())
    return total // ((t["R2"] // v) * t["G"] * nph) - 1


def bruteforce_notes():
    """Triton's brute force, read at its laneTile, beside the phase table: for the
    128-bit reads the two readings can differ (the masked lanes are not phase 0)."""
    notes = {}
    reads = [(n, t, {"layout": expr(sh, m), "access": {"threads": r, "element_bits": 16,
                                                       "target": t, "op": "load"}})
             for n, t, sh, _, r, m, _ in MFMA_CASES]
    reads += [("access-%s-blocked-4x16-swizzled-vec8-f16-load" % t, t,
               {"layout": expr([128, 128], SWZ), "access": {
                   "threads": expr([128, 128], BLK), "element_bits": 16, "target": t,
                   "op": "load"}}) for t in ("gfx942", "gfx950")]
    for name, tgt, req in reads:
        addr = (0, 1, 3, 4) if tgt == "gfx950" else (0, 1, 4)
        bf, tb = triton_bruteforce64(req, addr), banks_case(req)["bank_conflicts"]
        if bf == tb:
            notes[name] = ("SwizzleTest's brute force (lanes masked to laneTile %s for 128-bit\n"
                           "reads) gives the same count, %d." % (list(addr), bf))
        else:
            notes[name] = ("SwizzleTest's brute force reads the 128-bit phases at lanes masked to\n"
                           "laneTile %s, span(%s), and counts %d here; the hardware's phase 0\n"
                           "is span(%s) (the test's own table, PR #11365), which counts %d:\n"
                           "the expected value follows the table." % (
                               list(addr), ", ".join("l%d" % k for k in addr), bf,
                               "l0, l1, l2^l3, l2^l4" if tgt == "gfx950" else "l0, l1, l2^l4",
                               tb))
    return notes


def dumps(o):
    return json.dumps(o, indent=2)


def main():
    write = "--write" in sys.argv
    check_suggest()
    check_triton()
    notes = bruteforce_notes()
    for name, req, src, extra, err, ref_threads in CASES:
        sp = req["access"].get("space", "shared")
        r2 = {k: v for k, v in req.items() if k != "suggest"}
        if ref_threads:
            r2 = dict(r2, access=dict(r2["access"], threads=ref_threads))
        res = global_case(r2) if sp == "global" else banks_case(r2)
        exp = {"access": dict(res)}
        if extra:
            exp["access"].update(extra)
        if "expect" in req:
            ok = True
            for k, v in req["expect"].items():
                if k == "efficiency":
                    ok = ok and res["efficiency"] >= v
                elif k == "sectors_per_request":
                    ok = ok and res["sectors_per_request"] <= v
                elif k == "bank_conflicts":
                    ok = ok and res["bank_conflicts"] == v
            exp["ok"] = ok
        print(name, json.dumps(res))
        if write:
            d = os.path.join(GOLDEN, name)
            os.makedirs(d, exist_ok=True)
            with open(os.path.join(d, "request.json"), "w") as fh:
                fh.write(dumps(req) + "\n")
            with open(os.path.join(d, "expected.json"), "w") as fh:
                fh.write(dumps(exp) + "\n")
            with open(os.path.join(d, "SOURCE"), "w") as fh:
                if name in notes:
                    src = src.strip() + "\n" + notes[name]
                fh.write(src.strip() + "\n\nExpected numbers: tests/golden/tools/ref_access2.py, "
                         "an independent Python implementation\nof the rules above (not the "
                         "engine).\n  " + json.dumps(res) + "\n")


if __name__ == "__main__":
    main()
