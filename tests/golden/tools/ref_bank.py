#!/usr/bin/env python3
"""Independent reference for the access (bank conflict) golden cases.

Provenance only (not run by CI).  Written from the CUDA bank rule and from
the reading of Triton's GenericSwizzling / SwizzleTest, not from layoutd's C:

  * 32 banks of 4 bytes; word = floor(offset * bits / 32); bank = word % 32;
  * a lane's vector access of v elements covers ceil(v * bits / 32) words, so a
    wavefront serves 32 / that many lanes (128 bytes);
  * a wavefront costs the largest number of distinct words in one bank
    (lanes on the same word are served together);
  * bank_conflicts = wavefronts / ideal wavefronts - 1.

The vector width follows Triton's largestVectorisation: the largest power of
two v <= 128 / bits such that some v registers of every lane sit at v
consecutive offsets aligned to v (registers permuted as Triton does: for offset
bit i the first unused register bit whose offset is 2^i).  Registers whose
element repeats for every thread (broadcast) are dropped first.  The closed
form ("analytic") is Triton's bankConflictsMemDesc, computed here as
2^dim(span(first lanes' offsets) & span(segment offset bits)) - 1.

Usage:  python3 ref_bank.py [--write]
"""
import itertools, json, os, re, sys

HERE = os.path.dirname(os.path.abspath(__file__))
GOLDEN = os.path.dirname(HERE)

THREAD = {"laneid", "warpid", "tid_in_wg", "wid_in_wg", "wgid", "tx", "thread", "tid",
          "lane", "warp", "block", "bx", "by", "bz", "cbx", "cby", "cbz", "gpuid", "pid"}
LANE = {"lane", "laneid"}
TID = {"thread", "tid", "tx", "tid_in_wg"}


def default_names(r):
    return (["i", "j", "k", "l"] + ["d%d" % d for d in range(4, r)])[:r]


# ------------------------------------------------------------------ layouts
def ev(expr, env):
    e = re.sub(r"(?<![/])/(?![/])", "//", expr)
    return eval(e, {"__builtins__": {}, "min": min, "max": max}, dict(env))


def swizzle(x, B, M, S):
    """CuTe Swizzle<B,M,S> on an integer (S >= 0 here)."""
    msk = ((1 << B) - 1) << (M + S)
    return x ^ ((x & msk) >> S)


def relation(d):
    """(shape, axes, [(logical tuple, {axis: coord})]) of a definition."""
    if "linear" in d:
        lin = d["linear"]
        shape = [s for _, s in lin["out"]]
        axes = list(lin["bases"].keys())
        rel = []
        for pt in itertools.product(*[range(1 << len(lin["bases"][a])) for a in axes]):
            x = [0] * len(shape)
            for a, v in zip(axes, pt):
                for b, basis in enumerate(lin["bases"][a]):
                    if v >> b & 1:
                        x = [p ^ q for p, q in zip(x, basis)]
            rel.append((tuple(x), dict(zip(axes, pt))))
        return shape, axes, rel
    if "expr" in d:
        lg = d["logical"]
        shape = lg["shape"] if isinstance(lg, dict) else lg
        names = (lg.get("names") if isinstance(lg, dict) else None) or default_names(len(shape))
        axes = list(d["expr"].keys())
        reps = d.get("replicate", {})
        rel = []
        for x in itertools.product(*[range(s) for s in shape]):
            for rv in itertools.product(*[range(n) for n in reps.values()]):
                env = dict(zip(names, x))
                env.update(dict(zip(reps.keys(), rv)))
                rel.append((x, {a: ev(d["expr"][a], env) for a in axes}))
        return shape, axes, rel
    if "table" in d:
        rows = d["table"]
        shape = d.get("logical") or [max(r[0][k] for r in rows) + 1 for k in range(len(rows[0][0]))]
        axes = list(rows[0][1].keys())
        return shape, axes, [(tuple(r[0]), dict(r[1])) for r in rows]
    raise ValueError("notation not supported by this reference")


def is_pow2(x):
    return x > 0 and x & (x - 1) == 0


def log2(x):
    return x.bit_length() - 1


def rank2(vs):
    vs = [v for v in vs]
    r = 0
    for bit in reversed(range(64)):
        piv = next((k for k in range(r, len(vs)) if vs[k] >> bit & 1), None)
        if piv is None:
            continue
        vs[r], vs[piv] = vs[piv], vs[r]
        for k in range(len(vs)):
            if k != r and vs[k] >> bit & 1:
                vs[k] ^= vs[r]
        r += 1
    return r


# ------------------------------------------------------------------ the rule
def access(req):
    mem, acc = req["layout"], req["access"]
    bits = acc["element_bits"]
    shape, maxes, mrel = relation(mem)
    (off_axis,) = [a for a in maxes if a not in THREAD]
    eoff = {}
    for x, p in mrel:
        eoff[x] = min(eoff.get(x, p[off_axis]), p[off_axis])
    noff = max(eoff.values()) + 1
    bij = len(set(eoff.values())) == len(eoff) == noff

    tshape, taxes, trel = relation(acc["threads"])
    assert list(tshape) == list(shape)
    slots = [a for a in taxes if a not in THREAD]
    lane_ax = [a for a in taxes if a in LANE]
    tid_ax = [a for a in taxes if a in TID]
    grp = [a for a in taxes if a in THREAD and a not in LANE and a not in TID]
    ext = {a: max(p[a] for _, p in trel) + 1 for a in taxes}
    if lane_ax:
        L, tw = ext[lane_ax[0]], 1
    else:
        T = ext[tid_ax[0]]
        L, tw = min(T, 32), (T + 31) // 32
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
            l, g, gs = p[tid_ax[0]] % 32, p[tid_ax[0]] // 32, tw
        for a in grp:
            g += gs * p[a]
            gs *= ext[a]
        assert held.get((g, l, r), x) == x
        held[(g, l, r)] = x
    # drop broadcast register bits
    if is_pow2(R):
        kept = [j for j in range(log2(R))
                if any(held.get((g, l, r)) != held.get((g, l, r | 1 << j))
                       for g in range(G) for l in range(L) for r in range(R) if not r >> j & 1)]
    else:
        kept = None
    R2 = (1 << len(kept)) if kept is not None else R

    def reg(r2):
        if kept is None:
            return r2
        return sum(1 << kept[k] for k in range(len(kept)) if r2 >> k & 1)

    def f(g, l, r2):
        x = held.get((g, l, reg(r2)))
        return -1 if x is None else eoff[x]

    def vec_ok(v):
        k = log2(v)
        if kept is not None:
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
        else:
            if R2 % v:
                return None

            def regof(ig, s):
                return ig * v + s
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
        regof = vec_ok(v)
        assert regof, "vector impossible"
    else:
        v = max(1, 128 // bits)
        while not vec_ok(v):
            v //= 2
        regof = vec_ok(v)
    vw = -(-v * bits // 32)
    W = 32 // vw
    nwf = -(-L // W)
    total = ideal = ways = 0
    for g in range(G):
        for ig in range(R2 // v):
            for wf in range(nwf):
                words = set()
                for l in range(wf * W, min(L, wf * W + W)):
                    for s in range(v):
                        o = f(g, l, regof(ig, s))
                        if o >= 0:
                            words.add(o * bits // 32)
                if not words:
                    continue
                per = {}
                for w in words:
                    per[w % 32] = per.get(w % 32, 0) + 1
                cost = max(per.values())
                total += cost
                ideal += 1
                ways = max(ways, cost)
    out = {"vector": {"elements": v, "bits": v * bits}, "lanes_per_wavefront": W,
           "instructions": (R2 // v) * G, "wavefronts_per_instruction": nwf,
           "wavefronts": total, "ideal_wavefronts": ideal,
           "bank_conflicts": (total - ideal) // ideal if (total - ideal) % ideal == 0
           else (total - ideal) / ideal, "max_ways": ways}
    # Triton's closed form, when everything is GF(2)
    lin = (bij and is_pow2(noff) and kept is not None and is_pow2(L) and is_pow2(G))
    if lin:
        nb = len(kept)
        pts = [(g, l, r2) for g in range(G) for l in range(L) for r2 in range(R2)]

        def q(g, l, r2):
            return ((g * L + l) << nb) | r2
        fq = {q(*p): f(*p) for p in pts}
        for k, o in fq.items():
            low = k & (k - 1)
            if o < 0 or fq[low] ^ fq[k ^ low] != o:
                lin = False
                break
    if lin and fq[0] == 0:
        keep = max(0, log2(L) - log2(vw))
        lanes = [fq[1 << (nb + i)] for i in range(keep)]
        bank = min(1024 // (v * bits), noff)
        t = log2(v * bank)
        low = [o & ((1 << t) - 1) for o in lanes]
        out["analytic"] = (1 << (rank2(lanes) - rank2(low))) - 1
    return out


# ------------------------------------------------------------------ cases
CASES = []


def case(name, request, source, expect_error=None):
    CASES.append((name, request, source, expect_error))


def expr(logical, m, **extra):
    d = {"logical": logical, "expr": m}
    d.update(extra)
    return d


CUDA = ("CUDA C++ Programming Guide, Compute Capability 5.x+ 'Shared Memory' (32 banks, "
        "successive 32-bit words in successive banks, same-word accesses broadcast).")

# fp32 32x32 tile, row-major, no swizzle: a warp reads one column per instruction
case("access-fp32-column-unswizzled-32way", {
    "layout": expr([32, 32], {"offset": "i * 32 + j"}),
    "access": {"threads": expr([32, 32], {"laneid": "i", "register": "j"}),
               "element_bits": 32, "vector": 1},
    "expect": {"bank_conflicts": 31}},
    "Hand derivation from the bank rule (" + CUDA + ")\n"
    "Lane l reads element (l, j) at offset 32 l + j: word 32 l + j, bank j for every lane,\n"
    "32 distinct words in one bank: 32-way, 31 extra wavefronts per instruction.")

case("access-fp32-column-sw505-free", {
    "layout": expr([32, 32], {"offset": "(i * 32 + j) ^ (((i * 32 + j) >> 5 & 31))"}),
    "access": {"threads": expr([32, 32], {"laneid": "i", "register": "j"}),
               "element_bits": 32, "vector": 1},
    "expect": {"bank_conflicts": 0}},
    "CuTe Swizzle<5,0,5> over (32,32):(32,1) written as an expr (offset ^ (offset >> 5 & 31)):\n"
    "the conflict-free f32 column swizzle (NVlabs/cuda-oxide pull 544 lists Sw<5,0,5> as 1-way).\n"
    "Lane l reads (l, j) at 32 l + (j ^ l): bank j ^ l, a different bank per lane.")

case("access-fp32-row-read", {
    "layout": expr([32, 32], {"offset": "i * 32 + j"}),
    "access": {"threads": expr([32, 32], {"laneid": "j", "register": "i"}),
               "element_bits": 32}},
    "Lane l reads (r, l): 32 consecutive words, 32 banks: conflict-free.  Registers step by\n"
    "32 offsets, so no vector: 32 instructions of 32 bits.")

case("access-f64-column-16way", {
    "layout": expr([32, 32], {"offset": "i * 32 + j"}),
    "access": {"threads": expr([32, 32], {"laneid": "i", "register": "j"}),
               "element_bits": 64, "vector": 1},
    "suggest": "swizzle"},
    "64-bit elements: each lane access spans 2 words, so a wavefront is 16 lanes.  Lane l\n"
    "reads words 64 l + 2 j and 64 l + 2 j + 1: banks 2j, 2j+1 for all 16 lanes: 16-way.")

case("access-broadcast-all-lanes-one-word", {
    "layout": expr([8, 8], {"offset": "i * 8 + j"}),
    "access": {"threads": expr([8, 8], {"laneid": "rep", "register": "i * 8 + j"},
                               replicate={"rep": 32}),
               "element_bits": 32, "vector": 1}},
    "Every lane holds every element (replicated over 32 lanes): an instruction reads one word\n"
    "from all lanes, a broadcast: 1 wavefront, no conflict.")

case("access-int8-column-4lanes-per-word", {
    "layout": expr([32, 128], {"offset": "i * 128 + j"}),
    "access": {"threads": expr([32, 128], {"laneid": "j % 32", "register": "i * 4 + j // 32"}),
               "element_bits": 8, "vector": 1}},
    "8-bit elements: lanes 4k..4k+3 read bytes of one word (same word, no conflict).  A\n"
    "wavefront reads 32 consecutive bytes = 8 words in 8 banks: 1 wavefront each.")

# CuTe GMMA K-major SW128 atom for 16-bit types: Sw<3,4,3> o smem_ptr[16b] o (8,64):(64,1),
# element level Sw<3,3,3>; an ldmatrix.x4-style read of 16-byte row chunks.
SW128_F16 = "(i * 64 + j) ^ ((((i * 64 + j) >> 6) & 7) << 3)"
LDSM_COL = {"laneid": "i + 8 * ((j // 8) % 4)", "register": "j % 8 + 8 * (j // 32)"}
LDSM_ROW = {"laneid": "(j // 8) + 8 * (i % 4)", "register": "j % 8 + 8 * (i // 4)"}
CUTE = ("NVIDIA/cutlass include/cute/atom/mma_traits_sm90_gmma.hpp (commit "
        "474c1fd42eaaa652df47ecf3040f2e4118471e11): Layout_K_SW128_Atom<half_t> = "
        "Sw<3,4,3> o smem_ptr[16b] o (8,64):(64,1), i.e. Swizzle<3,3,3> on element offsets "
        "(include/cute/swizzle.hpp: x ^ ((x & 0b111 << 6) >> 3)).")
case("access-cute-sw128-f16-ldmatrix-columns-unswizzled", {
    "layout": expr([8, 64], {"offset": "i * 64 + j"}),
    "access": {"threads": expr([8, 64], LDSM_COL), "element_bits": 16},
    "suggest": "swizzle"},
    "ldmatrix.x4-style read (128 bits per lane, 8 lanes per wavefront): lanes 8m..8m+7 read\n"
    "rows 0..7 of 16-byte chunk m.  Without the swizzle the 8 rows of a chunk sit in banks\n"
    "4m..4m+3 of 8 different 128-byte rows: 8-way, 7 conflicts.  " + CUTE)
case("access-cute-sw128-f16-ldmatrix-columns", {
    "layout": expr([8, 64], {"offset": SW128_F16}),
    "access": {"threads": expr([8, 64], LDSM_COL), "element_bits": 16, "vector": 8},
    "expect": {"bank_conflicts": 0, "vector_bits": 128}},
    "The same read on the swizzled atom: chunk m of row r moves to chunk m ^ r, so the 8\n"
    "rows of one column of chunks cover all 32 banks: conflict-free.  " + CUTE)
case("access-cute-sw128-f16-ldmatrix-rows", {
    "layout": expr([8, 64], {"offset": SW128_F16}),
    "access": {"threads": expr([8, 64], LDSM_ROW), "element_bits": 16}},
    "Row-wise 128-bit read of the swizzled atom (8 lanes cover one 128-byte row): one row is\n"
    "a permutation of its 8 chunks, conflict-free.  " + CUTE)

# TVM ComposeLayout(3, 2, 3, ...) = Swizzle<3,2,3> on m: the f32 128B atom (8 x 32 floats)
SW128_F32 = "(i * 32 + j) ^ ((((i * 32 + j) >> 5) & 7) << 2)"
TVM = ("apache/tvm src/tir/ir/layout/compose_layout.cc (ComposeLayout(per_element, swizzle_len, "
       "atom_len) == CuTe Swizzle<swizzle_len, per_element, atom_len> on m); python/tvm/backend/"
       "cuda/tile_primitive/tma_utils.py mma_atom_layout('float32', 128B) = "
       "ComposeLayout(2, 3, 3, S[(8, 32):(32, 1)]).")
COL_F32 = {"laneid": "i + 8 * ((j // 4) % 4)", "register": "j % 4 + 4 * (j // 16)"}
case("access-tvm-sw128-f32-column-chunks", {
    "layout": expr([8, 32], {"offset": SW128_F32}),
    "access": {"threads": expr([8, 32], COL_F32), "element_bits": 32},
    "expect": {"bank_conflicts": 0}},
    "f32 128B swizzle atom read by 16-byte column chunks (lanes 8m..8m+7 = rows of chunk m,\n"
    "4 floats = 128 bits each): chunk m of row r sits at chunk m ^ r: conflict-free.  " + TVM)
case("access-tvm-sw128-f32-column-chunks-unswizzled", {
    "layout": expr([8, 32], {"offset": "i * 32 + j"}),
    "access": {"threads": expr([8, 32], COL_F32), "element_bits": 32}},
    "The same read without the swizzle: the 8 rows of chunk m share banks 4m..4m+3: 8-way.  "
    + TVM)

# The same atoms written as CuTe prints them (cute notation, composed layouts);
# counted on their expr twins above, which evaluate the swizzle by hand.
TWINS = []


def twin(name, request, twin_request, source):
    TWINS.append((name, request, twin_request, source))


GMMA_NOTE = ("\nThe swizzle is on byte addresses (smem_ptr[16b]); on element offsets it is "
             "Swizzle<3,3,3>\n(include/cute/swizzle_layout.hpp, recast by the element "
             "width): the expr twin's offset.")
twin("access-cute-gmma-sw128-f16-ldmatrix-columns", {
    "layout": {"cute": "Sw<3,4,3> o smem_ptr[16b](unset) o (_8,_64):(_64,_1)"},
    "access": {"threads": expr([8, 64], LDSM_COL)},
    "expect": {"bank_conflicts": 0, "vector_bits": 128}}, {
    "layout": expr([8, 64], {"offset": SW128_F16}),
    "access": {"threads": expr([8, 64], LDSM_COL), "element_bits": 16}},
    "The GMMA K-major SW128 atom for 16-bit types as CuTe prints it, read by 16-byte column\n"
    "chunks with 128-bit ldmatrix-style loads; the element width comes from the flag.\n" + CUTE
    + GMMA_NOTE)
twin("access-cute-gmma-sw128-f16-ldmatrix-rows", {
    "layout": {"cute": "Sw<3,4,3> o smem_ptr[16b](unset) o (_8,_64):(_64,_1)"},
    "access": {"threads": expr([8, 64], LDSM_ROW)},
    "expect": {"bank_conflicts": 0}}, {
    "layout": expr([8, 64], {"offset": SW128_F16}),
    "access": {"threads": expr([8, 64], LDSM_ROW), "element_bits": 16}},
    "The same atom read row by row (8 lanes cover one 128-byte row).\n" + CUTE + GMMA_NOTE)
twin("access-cute-unswizzled-f16-ldmatrix-columns-8way", {
    "layout": {"cute": "Layout<Shape<_8,_64>,Stride<_64,_1>>", "element_bits": 16},
    "access": {"threads": expr([8, 64], LDSM_COL)},
    "suggest": "swizzle"}, {
    "layout": expr([8, 64], {"offset": "i * 64 + j"}),
    "access": {"threads": expr([8, 64], LDSM_COL), "element_bits": 16}},
    "The atom's layout without its swizzle, as C++ type text: the 8 rows of a 16-byte chunk\n"
    "share four banks, 8-way.  The suggestion is Swizzle<3,3,3> on elements (Sw<3,4,3> on\n"
    "bytes): the GMMA SW128 atom itself.  " + CUTE)
twin("access-cute-sw505-f32-column-free", {
    "layout": {"cute": "Sw<5,0,5> o 0 o (_32,_32):(_32,_1)", "element_bits": 32},
    "access": {"threads": expr([32, 32], {"laneid": "i", "register": "j"}), "vector": 1},
    "expect": {"bank_conflicts": 0}}, {
    "layout": expr([32, 32], {"offset": "(i * 32 + j) ^ (((i * 32 + j) >> 5 & 31))"}),
    "access": {"threads": expr([32, 32], {"laneid": "i", "register": "j"}),
               "element_bits": 32, "vector": 1}},
    "CuTe Sw<5,0,5> o 0 o (32,32):(32,1) (an element swizzle: no pointer flag) read one f32\n"
    "column per instruction: conflict-free (NVlabs/cuda-oxide pull 544: Sw<5,0,5> 1-way).")

twin("access-tvm-axe-compose-sw128-f32-column-chunks", {
    "layout": {"axe": "ComposeLayout(2, 3, 3, TileLayout(S[(8, 32):(32, 1)]))", "logical": [8, 32],
               "element_bits": 32},
    "access": {"threads": expr([8, 32], COL_F32)},
    "expect": {"bank_conflicts": 0, "vector_bits": 128}}, {
    "layout": expr([8, 32], {"offset": SW128_F32}),
    "access": {"threads": expr([8, 32], COL_F32), "element_bits": 32}},
    "TVM's f32 128B swizzle atom in Axe notation, read by 16-byte column chunks with 128-bit\n"
    "loads: conflict-free.  " + TVM)
twin("access-tvm-axe-tile-f32-column-chunks-8way", {
    "layout": {"axe": "S[(8, 32):(32, 1)]", "logical": [8, 32], "element_bits": 32},
    "access": {"threads": expr([8, 32], COL_F32)},
    "suggest": "swizzle"}, {
    "layout": expr([8, 32], {"offset": "i * 32 + j"}),
    "access": {"threads": expr([8, 32], COL_F32), "element_bits": 32}},
    "The same tile without the swizzle: 8-way.  The suggestion is Swizzle<3,2,3> on elements,\n"
    "written back as ComposeLayout(2, 3, 3, TileLayout(...)): TVM's own f32 128B atom.  " + TVM)

# Triton BankConflictTest / Gluon test_bank_conflicts, cases 1 and 2 (as linear layouts)
BLK = {"linear": {"bases": {"register": [], "lane": [[1], [2], [4], [8], [16]],
                            "warp": [[0], [0]], "block": []}, "out": [["dim0", 32]]}}
SHR = {"linear": {"bases": {"offset": [[1], [2], [4], [8], [16]], "block": []},
                  "out": [["dim0", 32]]}}
TRI = ("triton-lang/triton python/test/gluon/test_frontend.py test_bank_conflicts and "
       "unittest/Dialect/TritonGPU/SwizzleTest.cpp BankConflictTest (commit "
       "bceeb9ed7c0a3bcbdf9e35869de841656c1a5760): BlockedLayout([1], [32], [4], [0]) with "
       "SwizzledSharedLayout(1, 1, 1, order=[0]) on [32], ref_conflicts 0.\n"
       "Linear forms: blocked -> register [], lane [[1],[2],[4],[8],[16]], warp [[0],[0]] "
       "(32 elements, 4 warps: the warps repeat the tile); swizzled vec=1 -> offset identity.")
case("access-triton-gluon-blocked32-f32", {
    "layout": SHR, "access": {"threads": BLK, "element_bits": 32},
    "expect": {"bank_conflicts": 0}}, TRI + "\nbitwidth 32.")
case("access-triton-gluon-blocked32-f16", {
    "layout": SHR, "access": {"threads": BLK, "element_bits": 16},
    "expect": {"bank_conflicts": 0}}, TRI + "\nbitwidth 16: two lanes per word.")

# Triton BankConflictTest / Gluon test_bank_conflicts, the tensor-core cases: the linear
# layouts come from ref_triton_ll.py (Triton's conversions re-implemented and checked
# against bases asserted in LinearLayoutConversionsTest.cpp)
import ref_triton_ll as tll
REG_INS, SH_INS, D2 = ["register", "lane", "warp", "block"], ["offset", "block"], ["dim0", "dim1"]
GLUON = [
    ("mmav3-4x1-nvmma128-f16-128x128", tll.nvidia_mma(3, [4, 1], [16, 32, 16], [128, 128]),
     tll.nvmma_shared(128, 16, [128, 128]), 16, 0,
     "NVMMADistributedLayout(version=[3, 0], warps_per_cta=[4, 1], instr_shape=[16, 32, 16]), "
     "NVMMASharedLayout(swizzle_byte_width=128, element_bitwidth=16, rank=2), [128, 128], 16"),
    ("dotb-mmav2-1x4-k2-nvmma64-f16-64x32", tll.dot_op(1, 2, [1, 4], 2, [64, 32]),
     tll.nvmma_shared(64, 16, [64, 32]), 16, 0,
     "DotOperandLayout(operand_index=1, parent=NVMMADistributedLayout(version=[2, 0], "
     "warps_per_cta=[1, 4], instr_shape=[16, 8]), k_width=2), NVMMASharedLayout(64, 16, rank=2), "
     "[64, 32], 16"),
    ("dota-mmav2-1x4-k2-nvmma64t-f16-32x64", tll.dot_op(0, 2, [1, 4], 2, [32, 64]),
     tll.nvmma_shared(64, 16, [32, 64], transposed=True), 16, 0,
     "DotOperandLayout(operand_index=0, parent=NVMMADistributedLayout(version=[2, 0], "
     "warps_per_cta=[1, 4], instr_shape=[16, 8]), k_width=2), NVMMASharedLayout(64, 16, rank=2, "
     "transposed=True), [32, 64], 16"),
    ("dotb-mmav2-1x4-k1-nvmma32-i8-8x32", tll.dot_op(1, 2, [1, 4], 1, [8, 32]),
     tll.nvmma_shared(32, 8, [8, 32]), 8, 0,
     "DotOperandLayout(operand_index=1, parent=NVMMADistributedLayout(version=[2, 0], "
     "warps_per_cta=[1, 4], instr_shape=[16, 8]), k_width=1), NVMMASharedLayout(32, 8, rank=2), "
     "[8, 32], 8"),
    ("mmav2-4x1-nvmma64t-f16-64x64", tll.nvidia_mma(2, [4, 1], [16, 8], [64, 64]),
     tll.nvmma_shared(64, 16, [64, 64], transposed=True), 16, 0,
     "NVMMADistributedLayout(version=[2, 0], warps_per_cta=[4, 1], instr_shape=[16, 8]), "
     "NVMMASharedLayout(64, 16, rank=2, transposed=True), [64, 64], 16"),
    ("mmav3-2x2-nvmma64-f16-64x32", tll.nvidia_mma(3, [2, 2], [16, 32, 16], [64, 32]),
     tll.nvmma_shared(64, 16, [64, 32]), 16, 0,
     "NVMMADistributedLayout(version=[3, 0], warps_per_cta=[2, 2], instr_shape=[16, 32, 16]), "
     "NVMMASharedLayout(64, 16, rank=2), [64, 32], 16"),
    ("mmav2-4x1-nvmma32-i8-32x32", tll.nvidia_mma(2, [4, 1], [16, 8], [32, 32]),
     tll.nvmma_shared(32, 8, [32, 32]), 8, 0,
     "NVMMADistributedLayout(version=[2, 0], warps_per_cta=[4, 1], instr_shape=[16, 8]), "
     "NVMMASharedLayout(32, 8, rank=2), [32, 32], 8"),
    ("mmav2-2x4-nvmma0-f16-4x64", tll.nvidia_mma(2, [2, 4], [16, 8], [4, 64]),
     tll.nvmma_shared(0, 16, [4, 64]), 16, 3,
     "NVMMADistributedLayout(version=[2, 0], warps_per_cta=[2, 4], instr_shape=[16, 8]), "
     "NVMMASharedLayout(swizzle_byte_width=0, element_bitwidth=16, rank=2), [4, 64], 16"),
    ("mmav3-4x1-nvmma128-f32-128x64", tll.nvidia_mma(3, [4, 1], [16, 32, 16], [128, 64]),
     tll.nvmma_shared(128, 32, [128, 64]), 32, 1,
     "NVMMADistributedLayout(version=[3, 0], warps_per_cta=[4, 1], instr_shape=[16, 32, 16]), "
     "NVMMASharedLayout(swizzle_byte_width=128, element_bitwidth=32, rank=2), [128, 64], 32"),
]
for name, reg, shared, bits, ref, text in GLUON:
    case("access-triton-gluon-" + name, {
        "layout": {"linear": shared.as_json(SH_INS, D2)},
        "access": {"threads": {"linear": reg.as_json(REG_INS, D2)}, "element_bits": bits},
        "expect": {"bank_conflicts": ref}},
        "triton-lang/triton python/test/gluon/test_frontend.py test_bank_conflicts and "
        "unittest/Dialect/TritonGPU/SwizzleTest.cpp BankConflictTest (commit "
        "bceeb9ed7c0a3bcbdf9e35869de841656c1a5760): " + text + ", ref_conflicts " + str(ref) +
        ".\nUpstream asserts ref_conflicts (Gluon) and analytic == brute force (C++).\n"
        "The linear layouts (register/lane/warp/block -> dim0, dim1 and offset/block -> dim0,\n"
        "dim1) are Triton's toLinearLayout, computed by tests/golden/tools/ref_triton_ll.py.")

# The same Gluon pairs written as TTGIR attributes (the ttgir notation), as
# Gluon prints them; the expected counts are those of the linear twins above.
MMA2 = "#ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [%s], instrShape = [16, 8]}>"
MMA3 = "#ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [%s], instrShape = [16, 32, 16]}>"
NVMMA = "#ttg.nvmma_shared<{swizzlingByteWidth = %d, transposed = %s, elementBitWidth = %d}>"
DOT = "#ttg.dot_op<{opIdx = %d, parent = %s, kWidth = %d}>"
TTGIR = [
    ("blocked32-f32", "#ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>",
     "#ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>", [32], 32),
    ("blocked32-f16", "#ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>",
     "#ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>", [32], 16),
    ("mmav3-4x1-nvmma128-f16-128x128", MMA3 % "4, 1", NVMMA % (128, "false", 16), [128, 128], 16),
    ("dotb-mmav2-1x4-k2-nvmma64-f16-64x32", DOT % (1, MMA2 % "1, 4", 2), NVMMA % (64, "false", 16),
     [64, 32], 16),
    ("dota-mmav2-1x4-k2-nvmma64t-f16-32x64", DOT % (0, MMA2 % "1, 4", 2), NVMMA % (64, "true", 16),
     [32, 64], 16),
    ("dotb-mmav2-1x4-k1-nvmma32-i8-8x32", DOT % (1, MMA2 % "1, 4", 1), NVMMA % (32, "false", 8),
     [8, 32], 8),
    ("mmav2-4x1-nvmma64t-f16-64x64", MMA2 % "4, 1", NVMMA % (64, "true", 16), [64, 64], 16),
    ("mmav3-2x2-nvmma64-f16-64x32", MMA3 % "2, 2", NVMMA % (64, "false", 16), [64, 32], 16),
    ("mmav2-4x1-nvmma32-i8-32x32", MMA2 % "4, 1", NVMMA % (32, "false", 8), [32, 32], 8),
    ("mmav2-2x4-nvmma0-f16-4x64", MMA2 % "2, 4", NVMMA % (0, "false", 16), [4, 64], 16),
    ("mmav3-4x1-nvmma128-f32-128x64", MMA3 % "4, 1", NVMMA % (128, "false", 32), [128, 64], 32),
]
TTGIR_CASES = []
# a dump fragment: the element width comes from the types (f16), not from access
TTGIR_CASES.append(("access-ttgir-dump-element-bits-from-types",
                    "access-triton-gluon-mmav2-2x4-nvmma0-f16-4x64", {
    "layout": {"ttgir": "#shared = " + NVMMA % (0, "false", 16) + "\n#smem = #ttg.shared_memory\n"
               "%a = ttg.local_alloc : () -> !ttg.memdesc<4x64xf16, #shared, #smem, mutable>"},
    "access": {"threads": {"ttgir": "#mma = " + MMA2 % "2, 4" + "\n"
                           "%b = arith.constant dense<0.0> : tensor<4x64xf16, #mma>"}}}))
for name, reg, shared, shape, bits in TTGIR:
    twin = "access-triton-gluon-" + name
    TTGIR_CASES.append(("access-ttgir-gluon-" + name, twin, {
        "layout": {"ttgir": shared, "shape": shape},
        "access": {"threads": {"ttgir": reg, "shape": shape}, "element_bits": bits}}))

# errors
ERR = "Located error (hand-written request)."
case("bad-access-tile-differs", {
    "layout": expr([32, 32], {"offset": "i * 32 + j"}),
    "access": {"threads": expr([16, 32], {"laneid": "i", "register": "j"}),
               "element_bits": 32}}, ERR, {"code": "shape_mismatch", "pointer": "/access/threads"})
case("bad-access-no-lane-axis", {
    "layout": expr([32, 32], {"offset": "i * 32 + j"}),
    "access": {"threads": expr([32, 32], {"warpid": "i", "register": "j"}),
               "element_bits": 32}}, ERR, {"code": "schema", "pointer": "/access/threads"})
case("bad-access-two-memory-axes", {
    "layout": expr([32, 32], {"row": "i", "col": "j"}),
    "access": {"threads": expr([32, 32], {"laneid": "i", "register": "j"}),
               "element_bits": 32}}, ERR, {"code": "schema", "pointer": "/layout"})
case("bad-access-element-bits", {
    "layout": expr([32, 32], {"offset": "i * 32 + j"}),
    "access": {"threads": expr([32, 32], {"laneid": "i", "register": "j"}),
               "element_bits": 12}}, ERR, {"code": "out_of_range", "pointer": "/access/element_bits"})
case("bad-access-vector-too-wide", {
    "layout": expr([32, 32], {"offset": "i * 32 + j"}),
    "access": {"threads": expr([32, 32], {"laneid": "i", "register": "j"}),
               "element_bits": 32, "vector": 8}}, ERR, {"code": "out_of_range", "pointer": "/access/vector"})
case("bad-access-vector-impossible", {
    "layout": expr([32, 32], {"offset": "i * 32 + j"}),
    "access": {"threads": expr([32, 32], {"laneid": "j", "register": "i"}),
               "element_bits": 32, "vector": 2}}, ERR, {"code": "out_of_range", "pointer": "/access/vector"})
case("bad-access-no-element-bits", {
    "layout": expr([32, 32], {"offset": "i * 32 + j"}),
    "access": {"threads": expr([32, 32], {"laneid": "i", "register": "j"})}},
    ERR, {"code": "schema", "pointer": "/access"})
case("bad-access-expect-without-access", {
    "layout": expr([32, 32], {"offset": "i * 32 + j"}),
    "expect": {"bank_conflicts": 0}}, ERR, {"code": "schema", "pointer": "/expect/bank_conflicts"})


def dumps(v, ind=0):
    flat = json.dumps(v, separators=(", ", ": "))
    if len(flat) + ind <= 88 or not isinstance(v, (list, dict)) or not v:
        return flat
    pad = " " * (ind + 2)
    if isinstance(v, list):
        return "[\n" + ",\n".join(pad + dumps(x, ind + 2) for x in v) + "\n" + " " * ind + "]"
    return ("{\n" + ",\n".join(pad + json.dumps(k) + ": " + dumps(x, ind + 2)
                               for k, x in v.items()) + "\n" + " " * ind + "}")


def write_case(name, req, exp, src, line):
    d = os.path.join(GOLDEN, name)
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, "request.json"), "w") as fh:
        fh.write(dumps(req) + "\n")
    with open(os.path.join(d, "expected.json"), "w") as fh:
        fh.write(dumps(exp) + "\n")
    with open(os.path.join(d, "SOURCE"), "w") as fh:
        fh.write(src.strip() + "\n\nExpected numbers: tests/golden/tools/ref_bank.py, an "
                 "independent Python implementation of the bank rule (not the engine).\n"
                 "  " + line + "\n")


def main():
    write = "--write" in sys.argv
    if "--twins" in sys.argv:
        for name, req, tw, src in TWINS:
            res = access(tw)
            exp = {"access": res}
            if "expect" in req:
                got = {"bank_conflicts": res["bank_conflicts"], "vector_bits": res["vector"]["bits"]}
                exp["ok"] = all(got[k] == v for k, v in req["expect"].items())
            if name == "access-tvm-axe-tile-f32-column-chunks-8way":
                # tma_utils.mma_atom_layout("float32", 128B) = ComposeLayout(2, 3, 3, ...)
                res = dict(res, suggestion={"swizzle": "Sw<3,2,3>", "bytes": "Sw<3,4,3>",
                                            "conflict_free": True, "written": {
                                                "axe": "ComposeLayout(2, 3, 3, TileLayout(S[(8, 32):(32, 1)]))",
                                                "logical": [8, 32], "element_bits": 32}})
                exp["access"] = res
            if name == "access-cute-unswizzled-f16-ldmatrix-columns-8way":
                # the GMMA SW128 atom's own swizzle (CUTLASS mma_traits_sm90_gmma.hpp)
                res = dict(res, suggestion={"swizzle": "Sw<3,3,3>", "bytes": "Sw<3,4,3>",
                                            "conflict_free": True})
                exp["access"] = res
            print(name, json.dumps(res))
            if write:
                write_case(name, req, exp, src + "\nCounted on the expr twin:\n  " +
                           json.dumps(tw["layout"]), json.dumps(res))
        return
    if "--ttgir" in sys.argv:
        # the TTGIR twins: same numbers as the linear cases (computed from them)
        byname = {c[0]: c for c in CASES}
        for name, twin, req in TTGIR_CASES:
            tw = byname[twin]
            res = access(tw[1])
            req = dict(req, expect=tw[1]["expect"])
            exp = {"access": res, "ok": True}
            print(name, json.dumps(res))
            if write:
                d = os.path.join(GOLDEN, name)
                os.makedirs(d, exist_ok=True)
                with open(os.path.join(d, "request.json"), "w") as fh:
                    fh.write(dumps(req) + "\n")
                with open(os.path.join(d, "expected.json"), "w") as fh:
                    fh.write(dumps(exp) + "\n")
                with open(os.path.join(d, "SOURCE"), "w") as fh:
                    fh.write(tw[2].split("\nThe linear layouts")[0].strip() +
                             "\nBoth layouts as the TTGIR attributes Triton prints (ttgir notation); the\n"
                             "linear twin is tests/golden/" + twin + ".\n\nExpected numbers: "
                             "tests/golden/tools/ref_bank.py on the twin's linear layouts\n"
                             "(Triton's conversions re-implemented in ref_triton_ll.py), not the engine.\n"
                             "  " + json.dumps(res) + "\n")
        return
    for name, req, src, error in CASES:
        if error:
            exp = {"error": error}
            line = "error " + json.dumps(error)
        else:
            res = access(req)
            exp = {"access": res}
            if "expect" in req:
                got = {"bank_conflicts": res["bank_conflicts"],
                       "vector_bits": res["vector"]["bits"]}
                exp["ok"] = all(got[k] == v for k, v in req["expect"].items())
            line = json.dumps(res)
        print(name, line)
        if write:
            d = os.path.join(GOLDEN, name)
            os.makedirs(d, exist_ok=True)
            with open(os.path.join(d, "request.json"), "w") as fh:
                fh.write(dumps(req) + "\n")
            with open(os.path.join(d, "expected.json"), "w") as fh:
                fh.write(dumps(exp) + "\n")
            with open(os.path.join(d, "SOURCE"), "w") as fh:
                fh.write(src.strip() + "\n\nExpected numbers: tests/golden/tools/ref_bank.py, an "
                         "independent Python implementation of the bank rule (not the engine).\n"
                         "  " + line + "\n")


if __name__ == "__main__":
    main()
