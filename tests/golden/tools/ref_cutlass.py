#!/usr/bin/env python3
"""Independent reference for the CUTLASS/CuTe and PTX golden cases.

Provenance only (not run by CI).  Implements the placement-relation semantics of
layoutd's docs/model.md, docs/notations.md and docs/analysis.md for the two notations used by the golden cases
under tests/golden/cutlass-* and tests/golden/ptx-*:

  * cute  (C++ type text or printed Shape:Stride), roles "memory" and "tv"
  * expr  (one index expression per physical axis, over the logical names)

and writes request.json / expected.json for every case listed in CASES.
It also cross-checks every PTX expr against the PTX ISA forward formulas
(lane, register) -> (row, col) and checks that declared CuTe/PTX pairs place
identically (same relation => same fingerprint).

Usage:  python3 ref_cutlass.py [--write]      (without --write: check + print only)
"""
import itertools, json, os, re, sys

HERE = os.path.dirname(os.path.abspath(__file__))
GOLDEN = os.path.dirname(HERE)

THREAD_AXES = {"laneid", "warpid", "tid_in_wg", "wid_in_wg", "wgid", "tx", "thread",
               "lane", "warp", "block", "bx", "by", "bz", "cbx", "cby", "cbz",
               "gpuid", "pid"}

# ----------------------------------------------------------------------------- cute parsing
class CuteError(Exception):
    pass

def _tokens(s):
    i = 0
    out = []
    while i < len(s):
        c = s[i]
        if c.isspace():
            i += 1
        elif s.startswith("//", i):          # C++ line comment (see sm120 SFA note)
            j = s.find("\n", i)
            i = len(s) if j < 0 else j
        elif c in "()<>,:":
            out.append(c); i += 1
        else:
            m = re.match(r"[A-Za-z_][A-Za-z_0-9:]*|\d+", s[i:])
            if not m:
                raise CuteError("bad char %r at %d" % (c, i))
            out.append(m.group(0)); i += len(m.group(0))
    return out

def parse_cpp(text):
    """Layout<Shape<...>,Stride<...>>  ->  (shape, stride) nested tuples/ints."""
    toks = _tokens(text)
    pos = [0]
    def peek():
        return toks[pos[0]] if pos[0] < len(toks) else None
    def take(t=None):
        x = toks[pos[0]]
        if t is not None and x != t:
            raise CuteError("expected %s got %s at token %d" % (t, x, pos[0]))
        pos[0] += 1
        return x
    def elem():
        t = take()
        if re.fullmatch(r"_\d+", t):
            return int(t[1:])
        if t in ("Int", "cute::Int", "C", "cute::C"):
            take("<"); v = int(take()); take(">"); return v
        if t in ("Shape", "Stride", "cute::Shape", "cute::Stride", "tuple", "cute::tuple"):
            take("<")
            items = [elem()]
            while peek() == ",":
                take(","); items.append(elem())
            take(">")
            return tuple(items)
        if re.fullmatch(r"\d+", t):
            return int(t)
        raise CuteError("unexpected token %s" % t)
    t = take()
    if t not in ("Layout", "cute::Layout"):
        raise CuteError("expected Layout")
    take("<")
    shape = elem()
    stride = None
    if peek() == ",":
        take(","); stride = elem()
    take(">")
    if pos[0] != len(toks):
        raise CuteError("trailing tokens %s" % toks[pos[0]:])
    if stride is None:
        raise CuteError("no stride (compact strides not needed here)")
    return shape, stride

def parse_printed(text):
    """((4,8),(2,2)):((32,1),(16,8)) ; accepts _N static marks."""
    s = re.sub(r"\s+", "", text)
    sh, st = s.split(":")
    # safer: own recursive parser
    def rp(x):
        x = x.replace("_", "")
        pos = [0]
        def node():
            if x[pos[0]] == "(":
                pos[0] += 1
                items = [node()]
                while x[pos[0]] == ",":
                    pos[0] += 1; items.append(node())
                assert x[pos[0]] == ")"; pos[0] += 1
                return tuple(items)
            m = re.match(r"\d+", x[pos[0]:])
            pos[0] += len(m.group(0))
            return int(m.group(0))
        v = node()
        assert pos[0] == len(x), x
        return v
    return rp(sh), rp(st)

def parse_cute(text):
    t = text.strip()
    if t.startswith("Layout") or t.startswith("cute::Layout"):
        return parse_cpp(t)
    return parse_printed(t)

def congruent(a, b):
    if isinstance(a, int):
        return isinstance(b, int)
    return isinstance(b, tuple) and len(a) == len(b) and all(congruent(x, y) for x, y in zip(a, b))

def size(s):
    if isinstance(s, int):
        return s
    r = 1
    for x in s:
        r *= size(x)
    return r

def flat(s):
    if isinstance(s, int):
        return [s]
    return [y for x in s for y in flat(x)]

def eval_mode(shape, stride, idx):
    """1-D colexicographic coordinate idx into (shape,stride) -> offset."""
    off = 0
    for sh, sd in zip(flat(shape), flat(stride)):
        off += (idx % sh) * sd
        idx //= sh
    return off

# ----------------------------------------------------------------------------- relations
class Relation:
    """logical shape, axes [(name, extent, kind, declared)], placements [(elem, point|None)]
    point None = out of bounds w.r.t. the logical tile (CuTe tv index >= M*N): the
    placement exists (is counted) but occupies nothing; elem is None then."""
    def __init__(self, shape, axes, placements, oob_points=None):
        self.shape, self.axes, self.placements = list(shape), axes, placements
        self.oob_points = oob_points or []    # owner-carrying points of tv OOB placements

def rel_from_cute(defn):
    shape_s, stride_s = parse_cute(defn["cute"])
    if not congruent(shape_s, stride_s):
        raise CuteError("shape and stride are not congruent")
    role = defn.get("cute_role", "memory")
    if role == "tv":
        M, N = defn["logical"]
        T = size(shape_s[0]); V = size(shape_s[1])
        pl, oob = [], []
        for t in range(T):
            for v in range(V):
                idx = eval_mode(shape_s[0], stride_s[0], t) + eval_mode(shape_s[1], stride_s[1], v)
                if 0 <= idx < M * N:
                    pl.append(((idx % M, idx // M), (t, v)))
                else:
                    pl.append((None, (t, v)))
                    oob.append((t, v))
        axes = [("thread", T, "thread", True), ("value", V, "memory", True)]
        return Relation([M, N], axes, pl, oob)
    # memory role: top-level modes are the logical coordinates
    modes = list(zip(shape_s, stride_s)) if isinstance(shape_s, tuple) else [(shape_s, stride_s)]
    lshape = [size(m[0]) for m in modes]
    if "logical" in defn:
        raise NotImplementedError
    pl = []
    for c in itertools.product(*[range(n) for n in lshape]):
        off = sum(eval_mode(m[0], m[1], ci) for m, ci in zip(modes, c))
        pl.append((tuple(c), (off,)))
    ext = max(p[1][0] for p in pl) + 1
    return Relation(lshape, [("m", ext, "memory", False)], pl)

def rel_from_expr(defn):
    shape = defn["logical"]
    names = ["i", "j", "k", "l"][:len(shape)]
    exprs = defn["expr"]
    keys = list(exprs.keys())
    pl = []
    for c in itertools.product(*[range(n) for n in shape]):
        env = dict(zip(names, c))
        pt = tuple(eval(exprs[k], {"__builtins__": {}}, env) for k in keys)
        pl.append((tuple(c), pt))
    declared = defn.get("physical", {})
    axes = []
    for n, k in enumerate(keys):
        if k in declared:
            axes.append((k, declared[k], "thread" if k in THREAD_AXES else "memory", True))
        else:
            axes.append((k, max(p[1][n] for p in pl) + 1, "thread" if k in THREAD_AXES else "memory", False))
    return Relation(shape, axes, pl)

def relation(defn):
    if "cute" in defn:
        return rel_from_cute(defn)
    if "expr" in defn:
        return rel_from_expr(defn)
    raise NotImplementedError

# ----------------------------------------------------------------------------- analysis
def analyze(req):
    defn = req["layout"]
    R = relation(defn)
    exts = [a[1] for a in R.axes]
    psize = 1
    for e in exts:
        psize *= e
    elems = list(itertools.product(*[range(n) for n in R.shape]))   # row-major order
    placements = len(R.placements)
    at_point = {}          # point -> set(elements)   (in-bounds only)
    per_elem = {e: set() for e in elems}
    pairs = set()
    oob = 0
    for e, p in R.placements:
        inb = e is not None and all(0 <= x < n for x, n in zip(p, exts))
        if not inb:
            oob += 1
            continue
        at_point.setdefault(p, set()).add(e)
        per_elem[e].add(p)
        pairs.add((e, p))
    n_inb = placements - oob
    collisions = sum(len(s) - 1 for s in at_point.values())
    duplicates = n_inb - len(pairs)
    holes = psize - len(at_point)
    unplaced = sum(1 for e in elems if not per_elem[e])
    reps = [len(per_elem[e]) for e in elems]
    rank = {e: n for n, e in enumerate(elems)}
    inv = {p: min(s, key=lambda e: rank[e]) for p, s in at_point.items()}
    mism = sum(1 for e in elems if any(inv[p] != e for p in per_elem[e]))
    # owners: thread-kind axes; slots = placements per used owner (with multiplicity).
    oidx = [n for n, a in enumerate(R.axes) if a[2] == "thread"]
    owners = {"axes": [R.axes[n][0] for n in oidx]}
    if oidx:
        cnt = {}
        for e, p in R.placements:          # every placement, in- or out-of-bounds
            key = tuple(p[n] for n in oidx)
            cnt[key] = cnt.get(key, 0) + 1
        owners["count"] = len(cnt)
        owners["slots"] = {"min": min(cnt.values()), "max": max(cnt.values())}
        cnt_inb = {}
        for e, p in R.placements:
            if e is None:
                continue
            key = tuple(p[n] for n in oidx)
            cnt_inb[key] = cnt_inb.get(key, 0) + 1
        owners_inb = {"count": len(cnt_inb), "slots": {"min": min(cnt_inb.values()), "max": max(cnt_inb.values())}}
    else:
        owners["count"] = 0
        owners["slots"] = {"min": 0, "max": 0}
        owners_inb = {"count": 0, "slots": {"min": 0, "max": 0}}
    verdict = {
        "complete": unplaced == 0,
        "collision_free": collisions == 0,
        "replicas_distinct": duplicates == 0,
        "in_bounds": oob == 0,
        "hole_free": holes == 0,
    }
    replication = {"min": min(reps), "max": max(reps)}
    verdict["bijective"] = all(verdict[k] for k in ("complete", "collision_free", "replicas_distinct",
                                                     "hole_free", "in_bounds")) and replication == {"min": 1, "max": 1}
    verdict["round_trip"] = mism == 0
    # ok
    expect = req.get("expect", {})
    req_fields = ["complete", "collision_free", "replicas_distinct", "in_bounds"]
    ok = all(verdict[f] for f in req_fields if f not in expect)
    for k, v in expect.items():
        if k in verdict:
            ok = ok and verdict[k] == v
        elif k == "replication":
            ok = ok and replication == {"min": v, "max": v}
        elif k == "owners":
            ok = ok and owners["count"] == v
        elif k == "slots":
            ok = ok and owners["slots"] == {"min": v, "max": v}
        else:
            raise NotImplementedError(k)
    out = {
        "logical": {"shape": R.shape},
        "physical": {"size": psize},
        "placements": placements,
        "ok": ok,
        "verdict": verdict,
        "replication": replication,
        "collisions": {"count": collisions},
        "duplicates": {"count": duplicates},
        "holes": {"count": holes},
        "unplaced": {"count": unplaced},
        "out_of_bounds": {"count": oob},
        "round_trip": {"mismatches": mism},
        "owners": owners,
    }
    if "probe" in req:
        names = [a[0] for a in R.axes]
        pr = []
        for x in req["probe"]:
            pts = sorted(per_elem[tuple(x)])
            pr.append({"logical": list(x), "places": [dict(zip(names, p)) for p in pts]})
        out["probe"] = pr
    return out, R, owners_inb

def canon(R):
    """canonical relation (what the fingerprint hashes): shape, axes sorted by name with
    extents, distinct (element, point) pairs with points keyed by axis name."""
    names = [a[0] for a in R.axes]
    order = sorted(range(len(names)), key=lambda n: names[n])
    pairs = sorted({(e, tuple(p[n] for n in order)) for e, p in R.placements if e is not None})
    return (tuple(R.shape), tuple((names[n], R.axes[n][1]) for n in order), tuple(pairs))

# ----------------------------------------------------------------------------- PTX forward formulas
def ptx_forward(kind):
    """(lane, reg) -> (row, col) exactly as written in the PTX ISA 'Matrix Fragments for mma'
    sections (groupID = laneid >> 2, threadID_in_group = laneid % 4)."""
    out = []
    for lane in range(32):
        g, t = lane >> 2, lane % 4
        if kind == "m16n8k16-a":           # 9.7.14.5.8 f16/bf16 A, a0..a7
            for i in range(8):
                row = g if (0 <= i < 2 or 4 <= i < 6) else g + 8
                col = (t * 2) + (i & 0x1) if i < 4 else (t * 2) + (i & 0x1) + 8
                out.append(((row, col), (lane, i)))
        elif kind == "m16n8k16-b":         # B is K x N: row = k, col = n
            for i in range(4):
                row = (t * 2) + (i & 0x1) if i < 2 else (t * 2) + (i & 0x1) + 8
                col = g
                out.append(((row, col), (lane, i)))
        elif kind in ("m16n8k16-c", "m16n8k8-c"):
            for i in range(4):
                row = g if i < 2 else g + 8
                col = (t * 2) + (i & 0x1)
                out.append(((row, col), (lane, i)))
        elif kind == "m16n8k8-a":          # 9.7.14.5.7 f16/bf16 A, a0..a3
            for i in range(4):
                row = g if i < 2 else g + 8
                col = t * 2 + (i & 0x1)
                out.append(((row, col), (lane, i)))
        elif kind == "m16n8k8-b":          # f16/bf16 B, b0..b1: row = (tig*2)+i, col = groupID
            for i in range(2):
                out.append((((t * 2) + i, g), (lane, i)))
        elif kind == "m16n8k32-s4-b":      # 9.7.14.5.10 .u4/.s4 B, b0..b7
            for i in range(8):
                out.append((((t * 8) + (i & 0x7), g), (lane, i)))
        elif kind == "m16n8k256-b1-b":     # 9.7.14.5.13 .b1 B, b0..b63
            for i in range(64):
                row = (t * 32) + (i & 0x1F) if i < 32 else (t * 32) + (i & 0x1F) + 128
                out.append(((row, g), (lane, i)))
        elif kind == "m16n8k256-b1-a-intent":   # A with (i & 0x1F) for i < 64 (see SOURCE)
            for i in range(128):
                row = g if (0 <= i < 32 or 64 <= i < 96) else g + 8
                col = (t * 32) + (i & 0x1F) if i < 64 else (t * 32) + (i & 0x1F) + 128
                out.append(((row, col), (lane, i)))
        elif kind == "m16n8k256-b1-a-literal":  # A exactly as printed: '+ i' for i < 64
            for i in range(128):
                row = g if (0 <= i < 32 or 64 <= i < 96) else g + 8
                col = (t * 32) + i if i < 64 else (t * 32) + (i & 0x1F) + 128
                out.append(((row, col), (lane, i)))
        elif kind == "ldmatrix-x4":        # 9.7.14.5.15 ldmatrix .m8n8 .x4 .b16, Figure 104:
            for r in range(4):             # matrix r -> destination register r; row = groupID,
                for h in range(2):         # cols 2*tig, 2*tig+1 of that row (two b16 per reg)
                    out.append(((8 * r + g, 2 * t + h), (lane, 2 * r + h)))
        elif kind == "ldmatrix-x4-bits":   # same, in bits of a 128-bit row: (bit, row)
            for r in range(4):
                for b in range(32):
                    out.append(((32 * t + b, 8 * r + g), (lane, 32 * r + b)))
        else:
            raise KeyError(kind)
    return out

def check_ptx(kind, defn, swap=False):
    """the expr (logical->physical) must be exactly the inverse of the PTX forward map."""
    fwd = ptx_forward(kind)
    R = rel_from_expr(defn)
    got = sorted((e, p) for e, p in R.placements)
    want = sorted(((c[1], c[0]) if swap else c, p) for c, p in fwd)
    assert got == want, (kind, [x for x in got if x not in want][:4], [x for x in want if x not in got][:4])

# ----------------------------------------------------------------------------- cases
# Layout texts are copied byte-for-byte from the cited headers/docs (whitespace kept).

SM80_16x8_Row = ("Layout<Shape <Shape < _4,_8>,Shape < _2,_2>>,\n"
                 "                             Stride<Stride<_32,_1>,Stride<_16,_8>>>")
SM80_8x8_Row = ("Layout<Shape <Shape < _4,_8>,_2>,\n"
                "                             Stride<Stride<_16,_1>,_8>>")

def tv(text, M, N, expect=None, probe=None, name=None):
    r = {"layout": {"cute": text, "cute_role": "tv", "logical": [M, N]}}
    if name:
        r["layout"] = {"name": name, **r["layout"]}
    if expect is not None:
        r["expect"] = expect
    if probe is not None:
        r["probe"] = probe
    return r

def mem(text, expect=None, probe=None, name=None):
    r = {"layout": {"cute": text}}
    if name:
        r["layout"] = {"name": name, **r["layout"]}
    if expect is not None:
        r["expect"] = expect
    if probe is not None:
        r["probe"] = probe
    return r

def ex(expr, logical, expect=None, probe=None, name=None):
    r = {"layout": {"logical": logical, "expr": expr}}
    if name:
        r["layout"] = {"name": name, **r["layout"]}
    if expect is not None:
        r["expect"] = expect
    if probe is not None:
        r["probe"] = probe
    return r

WARP_BIJ4 = {"bijective": True, "owners": 32, "slots": 4}

CASES = {
    # ---------------------------------------------------------------- SM80 mma.sync atoms
    "cutlass-sm80-16x8x16-a": tv(
        "Layout<Shape <Shape < _4,_8>,Shape < _2,_2,  _2>>,\n"
        "                         Stride<Stride<_32,_1>,Stride<_16,_8,_128>>>", 16, 16,
        expect={"bijective": True, "owners": 32, "slots": 8},
        probe=[[0, 0], [9, 1], [8, 9], [15, 15]],
        name="SM80_16x8x16_F16F16F16F16_TN ALayout"),
    "cutlass-sm80-16x8x16-b": tv(
        "Layout<Shape <Shape < _4,_8>,Shape <_2, _2>>,\n"
        "                         Stride<Stride<_16,_1>,Stride<_8,_64>>>", 8, 16,
        expect=WARP_BIJ4, probe=[[0, 0], [3, 5], [7, 15]],
        name="SM80_16x8x16_F16F16F16F16_TN BLayout (N,K)"),
    "cutlass-sm80-16x8x16-c": tv(SM80_16x8_Row, 16, 8, expect=WARP_BIJ4,
        probe=[[0, 0], [0, 1], [8, 0], [9, 3], [15, 7]],
        name="SM80_16x8x16 CLayout = SM80_16x8_Row"),
    "cutlass-sm80-16x8x8-a": tv(SM80_16x8_Row, 16, 8, expect=WARP_BIJ4,
        probe=[[1, 2], [10, 5]], name="SM80_16x8x8_F16F16F16F16_TN ALayout = SM80_16x8_Row"),
    "cutlass-sm80-16x8x8-b": tv(SM80_8x8_Row, 8, 8,
        expect={"bijective": True, "owners": 32, "slots": 2},
        probe=[[0, 0], [5, 3], [7, 7]], name="SM80_16x8x8_F16F16F16F16_TN BLayout = SM80_8x8_Row"),
    # ---------------------------------------------------------------- known-broken + fixes
    "cutlass-sm80-16x8x32-s4-b-before-pr3140": tv(
        "Layout<Shape <Shape < _4, _8>, Shape <_8>>,\n"
        "                         Stride<Stride<_32, _1>, Stride<_8>>>", 8, 32,
        probe=[[0, 4], [0, 20]],
        name="SM80_16x8x32_S32S4S4S32_TN BLayout before PR #3140"),
    "cutlass-sm80-16x8x32-s4-b-after-pr3140": tv(
        "Layout<Shape <Shape < _4, _8>, Shape <_8>>,\n"
        "                         Stride<Stride<_64, _1>, Stride<_8>>>", 8, 32,
        expect={"bijective": True, "owners": 32, "slots": 8},
        probe=[[0, 4], [0, 20], [7, 31]],
        name="SM80_16x8x32_S32S4S4S32_TN BLayout after PR #3140"),
    "cutlass-sm80-16x8x256-b1-a-before-pr1856": tv(
        "Layout<Shape <_32,Shape < _8, _4,_2,   _2>>,\n"
        "                         Stride<_64,Stride<_64,_16,_8,_2048>>>", 16, 256,
        name="SM80_16x8x256_S32U1U1S32_TN_XORPOPC ALayout before PR #1856"),
    "cutlass-sm80-16x8x256-b1-b-before-pr1856": tv(
        "Layout<Shape <_32,Shape <_32,   _2>>,\n"
        "                         Stride<_32,Stride< _1,_1024>>>", 8, 256,
        probe=[[1, 0], [0, 32]],
        name="SM80_16x8x256_S32U1U1S32_TN_XORPOPC BLayout before PR #1856"),
    "cutlass-sm80-16x8x256-b1-a": tv(
        "Layout<Shape<Shape<_4,_8>,Shape<_32,_2,_2>>,\n"
        "                       Stride<Stride<_512,_1>,Stride<_16,_8,_2048>>>", 16, 256,
        expect={"bijective": True, "owners": 32, "slots": 128},
        probe=[[0, 0], [8, 32], [15, 255]],
        name="SM80_16x8x256_S32U1U1S32_TN_XORPOPC ALayout after PR #1856"),
    "cutlass-sm80-16x8x256-b1-b": tv(
        "Layout<Shape<Shape <_4,_8>,Shape<_32,_2>>,\n"
        "                         Stride<Stride<_256,_1>,Stride< _8,_1024>>>", 8, 256,
        expect={"bijective": True, "owners": 32, "slots": 64},
        probe=[[1, 0], [0, 32]],
        name="SM80_16x8x256_S32U1U1S32_TN_XORPOPC BLayout after PR #1856"),
    "cutlass-sm80-16x8x128-b1-a-noncongruent": tv(
        "Layout<Shape<Shape<_4,_8>,Shape<_32,_2>>,\n"
        "                       Stride<Stride<_512,_1>,Stride<Stride<_16,_8>>>>", 16, 128,
        name="SM80_16x8x128_S32U1U1S32_TN_XORPOPC ALayout (shipped, not congruent)"),
    # ---------------------------------------------------------------- SM75 ldmatrix copy atoms (bits)
    "cutlass-sm75-u32x4-ldsm-n-src": tv(
        "Layout<Shape < _32,_128>,\n"
        "                           Stride<_128,  _1>>", 128, 32,
        expect={"bijective": True, "owners": 32, "slots": 128},
        probe=[[0, 0], [127, 31]], name="SM75_U32x4_LDSM_N SrcLayout (bits)"),
    "cutlass-sm75-u32x4-ldsm-n-dst": tv(
        "Layout<Shape <_32,Shape <_32,   _4>>,\n"
        "                           Stride<_32,Stride< _1,_1024>>>", 128, 32,
        expect={"bijective": True, "owners": 32, "slots": 128},
        probe=[[0, 0], [33, 9], [127, 31]], name="SM75_U32x4_LDSM_N DstLayout (bits)"),
    "cutlass-sm75-u32x1-ldsm-n-src": tv(
        "Layout<Shape <Shape <  _8,_4>,_128>,\n"
        "                           Stride<Stride<_128,_0>,  _1>>", 128, 8,
        expect={"replication": 4}, probe=[[5, 3]],
        name="SM75_U32x1_LDSM_N SrcLayout (bits, stride-0 broadcast)"),
    "cutlass-sm75-u16x2-ldsm-t-dst": tv(
        "Layout<Shape <Shape <  _4, _8>,Shape <_16,  _2>>,\n"
        "                           Stride<Stride<_256,_16>,Stride< _1,_128>>>", 128, 8,
        expect={"bijective": True, "owners": 32, "slots": 32},
        probe=[[16, 0], [0, 1], [0, 2]], name="SM75_U16x2_LDSM_T DstLayout (bits)"),
    # ---------------------------------------------------------------- SM90 GMMA
    "cutlass-sm90-gmma-64x8-c": tv(
        "Layout<Shape <Shape <  _4,_8, _4>,Shape < _2,_2>>,\n"
        "                              Stride<Stride<_128,_1,_16>,Stride<_64,_8>>>", 64, 8,
        expect={"bijective": True, "owners": 128, "slots": 4},
        probe=[[0, 0], [0, 2], [1, 0], [8, 0], [16, 0], [63, 7]],
        name="SM90 GMMA::CLayout_64x8"),
    "cutlass-sm90-gmma-64x8-c-printed": tv(
        "((4,8,4),(2,2)):((128,1,16),(64,8))", 64, 8,
        expect={"bijective": True, "owners": 128, "slots": 4},
        name="CuTe DSL print of TV Layout C for (64,8,16) GMMA (issue #3254)"),
    "cutlass-sm90-gmma-64x128-c": tv(
        "Layout<Shape <Shape <  _4,_8, _4>,Shape < _2,_2, _16>>,\n"
        "                              Stride<Stride<_128,_1,_16>,Stride<_64,_8,_512>>>", 64, 128,
        expect={"bijective": True, "owners": 128, "slots": 64},
        probe=[[0, 8], [63, 127]], name="SM90 GMMA::CLayout_64x128"),
    "cutlass-sm90-gmma-64x8-a-rs-tf32": tv(
        "Layout<Shape <Shape <  _4,_8, _4>,Shape <    _2,  _2>>,\n"
        "                              Stride<Stride< _64,_1,_16>,Stride<    _8,_256>>>", 64, 8,
        expect={"bijective": True, "owners": 128, "slots": 4},
        probe=[[0, 1], [8, 0], [0, 4]], name="SM90 GMMA::ALayout_64x8 (32-bit register A)"),
    "cutlass-sm90-gmma-smem-a-64x16": tv(
        "Layout<Shape <_128, Shape <_64,_16>>,\n"
        "                       Stride<  _0, Stride< _1,_64>>>", 64, 16,
        expect={"replication": 128, "owners": 128, "slots": 1024},
        name="GMMA smem-descriptor ALayout (T128,V64x16) -> (M64,K16), 0t_mma_atom.md"),
    # ---------------------------------------------------------------- SM70 quadpair
    "cutlass-sm70-8x8x4-c-f32": tv(
        "Layout<Shape <Shape <_2, _2,_2>,Shape <_2,_2, _2>>,\n"
        "                             Stride<Stride<_1,_16,_4>,Stride<_8,_2,_32>>>", 8, 8,
        expect={"bijective": True, "owners": 8, "slots": 8},
        probe=[[0, 0], [1, 0], [0, 2], [1, 2], [4, 0], [5, 0], [4, 2], [5, 2],
               [0, 1], [2, 0], [2, 1], [0, 4], [0, 5], [2, 4], [2, 5]],
        name="SM70_8x8_32b (CLayout of SM70_8x8x4_F32F16F16F32_*)"),
    "cutlass-sm70-8x8x4-a-nt": tv(
        "Layout<Shape <Shape <_4,_2>,_4>,\n"
        "                             Stride<Stride<_8,_4>,_1>>", 8, 4,
        expect={"bijective": True, "owners": 8, "slots": 4},
        probe=[[0, 0], [1, 0], [4, 0], [0, 1]],
        name="SM70_8x4_Col (ALayout of SM70_8x8x4_*_NT)"),
    # ---------------------------------------------------------------- SM120 block-scale factors
    "cutlass-sm120-16x8x64-sfa": tv(
        "Layout<Shape <Shape <_2,_2,_8>,_64>,  // Effectively 16 threads due to the 2:0 mode\n"
        "                           Stride<Stride<_8,_0,_1>,_16>>", 16, 64,
        expect={"replication": 2, "owners": 32, "slots": 64},
        probe=[[0, 0], [9, 1]], name="SM120_16x8x64_TN_VS SFALayout"),
    "cutlass-sm120-16x8x64-sfb": tv(
        "Layout<Shape <Shape <_4,_8>,_64>,     // Effectively 8 threads due to the 4:0 mode\n"
        "                           Stride<Stride<_0,_1>, _8>>", 8, 64,
        expect={"replication": 4, "owners": 32, "slots": 64},
        probe=[[3, 5]], name="SM120_16x8x64_TN_VS SFBLayout"),
    # ---------------------------------------------------------------- 01_layout.md memory layouts
    "cutlass-layout-s2xh4": mem("(2,(2,2)):(4,(2,1))",
        expect={"bijective": True},
        probe=[[0, 0], [0, 1], [0, 2], [0, 3], [1, 0], [1, 1], [1, 2], [1, 3]],
        name="01_layout.md s2xh4"),
    "cutlass-layout-s2xh4-col": mem("(2,(2,2)):(_1,(2,4))",
        expect={"bijective": True}, probe=[[1, 3], [0, 2]],
        name="01_layout.md s2xh4_col (printed with static marks)"),
    "cutlass-layout-s2xd4-a": mem("(_2,4):(_12,_1)",
        probe=[[0, 3], [1, 0], [1, 3]], name="01_layout.md s2xd4_a (printed with static marks)"),
    "cutlass-layout-3x2x3": mem("(3,(2,3)):(3,(12,1))",
        probe=[[0, 1], [1, 5], [2, 5], [2, 4]], name="01_layout.md index-mapping example"),
    # ---------------------------------------------------------------- PTX ISA fragments (expr)
    "ptx-m16n8k16-a": ex({"thread": "(i % 8) * 4 + (j % 8) // 2",
                          "value": "j % 2 + 2 * (i // 8) + 4 * (j // 8)"}, [16, 16],
        expect={"bijective": True, "owners": 32, "slots": 8},
        probe=[[0, 0], [9, 1], [8, 9], [15, 15]], name="PTX mma.m16n8k16 A .f16/.bf16"),
    "ptx-m16n8k16-b": ex({"thread": "i * 4 + (j % 8) // 2",
                          "value": "j % 2 + 2 * (j // 8)"}, [8, 16],
        expect=WARP_BIJ4, probe=[[0, 0], [3, 5], [7, 15]],
        name="PTX mma.m16n8k16 B .f16/.bf16, logical (n, k)"),
    "ptx-m16n8k16-c": ex({"thread": "(i % 8) * 4 + j // 2",
                          "value": "j % 2 + 2 * (i // 8)"}, [16, 8],
        expect=WARP_BIJ4, probe=[[0, 0], [0, 1], [8, 0], [9, 3], [15, 7]],
        name="PTX mma.m16n8k16 C/D .f16/.f32"),
    "ptx-m16n8k8-a": ex({"thread": "(i % 8) * 4 + j // 2",
                         "value": "j % 2 + 2 * (i // 8)"}, [16, 8],
        expect=WARP_BIJ4, probe=[[1, 2], [10, 5]], name="PTX mma.m16n8k8 A .f16/.bf16"),
    "ptx-m16n8k8-b": ex({"thread": "i * 4 + j // 2", "value": "j % 2"}, [8, 8],
        expect={"bijective": True, "owners": 32, "slots": 2},
        probe=[[0, 0], [5, 3], [7, 7]], name="PTX mma.m16n8k8 B .f16/.bf16, logical (n, k)"),
    "ptx-m16n8k32-s4-b": ex({"thread": "i * 4 + j // 8", "value": "j % 8"}, [8, 32],
        expect={"bijective": True, "owners": 32, "slots": 8},
        probe=[[0, 4], [0, 20], [7, 31]], name="PTX mma.m16n8k32 B .s4/.u4, logical (n, k)"),
    "ptx-m16n8k256-b1-b": ex({"thread": "i * 4 + (j % 128) // 32",
                              "value": "j % 32 + 32 * (j // 128)"}, [8, 256],
        expect={"bijective": True, "owners": 32, "slots": 64},
        probe=[[1, 0], [0, 32]], name="PTX mma.m16n8k256 B .b1, logical (n, k)"),
    "ptx-m16n8k256-b1-a": ex({"thread": "(i % 8) * 4 + (j % 128) // 32",
                              "value": "j % 32 + 32 * (i // 8) + 64 * (j // 128)"}, [16, 256],
        expect={"bijective": True, "owners": 32, "slots": 128},
        probe=[[0, 0], [8, 32], [15, 255]], name="PTX mma.m16n8k256 A .b1 (i & 0x1F reading)"),
    "ptx-ldmatrix-x4": ex({"thread": "(i % 8) * 4 + j // 2",
                           "value": "j % 2 + 2 * (i // 8)"}, [32, 8],
        expect={"bijective": True, "owners": 32, "slots": 8},
        probe=[[0, 0], [0, 7], [9, 2], [31, 7]],
        name="PTX ldmatrix.sync.aligned.m8n8.x4.b16 destination fragments (b16 elements)"),
    "ptx-ldmatrix-x4-bits": ex({"thread": "(j % 8) * 4 + i // 32",
                                "value": "i % 32 + 32 * (j // 8)"}, [128, 32],
        expect={"bijective": True, "owners": 32, "slots": 128},
        probe=[[0, 0], [33, 9], [127, 31]],
        name="PTX ldmatrix .m8n8.x4.b16 destination, in bits of each 128-bit row"),
}

# (kind for ptx_forward, case, swap row/col: True when the case's logical is (n,k) = (col,row))
PTX_CHECKS = [
    ("m16n8k16-a", "ptx-m16n8k16-a", False),
    ("m16n8k16-b", "ptx-m16n8k16-b", True),
    ("m16n8k16-c", "ptx-m16n8k16-c", False),
    ("m16n8k8-a", "ptx-m16n8k8-a", False),
    ("m16n8k8-b", "ptx-m16n8k8-b", True),
    ("m16n8k32-s4-b", "ptx-m16n8k32-s4-b", True),
    ("m16n8k256-b1-b", "ptx-m16n8k256-b1-b", True),
    ("m16n8k256-b1-a-intent", "ptx-m16n8k256-b1-a", False),
    ("ldmatrix-x4", "ptx-ldmatrix-x4", False),
    ("ldmatrix-x4-bits", "ptx-ldmatrix-x4-bits", False),
]

PAIRS = [
    ("cutlass-sm80-16x8x16-a", "ptx-m16n8k16-a"),
    ("cutlass-sm80-16x8x16-b", "ptx-m16n8k16-b"),
    ("cutlass-sm80-16x8x16-c", "ptx-m16n8k16-c"),
    ("cutlass-sm80-16x8x8-a", "ptx-m16n8k8-a"),
    ("cutlass-sm80-16x8x8-a", "cutlass-sm80-16x8x16-c"),
    ("cutlass-sm80-16x8x8-b", "ptx-m16n8k8-b"),
    ("cutlass-sm80-16x8x32-s4-b-after-pr3140", "ptx-m16n8k32-s4-b"),
    ("cutlass-sm80-16x8x256-b1-a", "ptx-m16n8k256-b1-a"),
    ("cutlass-sm80-16x8x256-b1-b", "ptx-m16n8k256-b1-b"),
    ("cutlass-sm75-u32x4-ldsm-n-dst", "ptx-ldmatrix-x4-bits"),
    ("cutlass-sm90-gmma-64x8-c", "cutlass-sm90-gmma-64x8-c-printed"),
]
NOT_PAIRS = [
    ("cutlass-sm80-16x8x32-s4-b-before-pr3140", "ptx-m16n8k32-s4-b"),
    ("cutlass-sm80-16x8x256-b1-b-before-pr1856", "ptx-m16n8k256-b1-b"),
    ("cutlass-sm75-u32x4-ldsm-n-src", "cutlass-sm75-u32x4-ldsm-n-dst"),
]

def load_cases():
    return CASES, PAIRS, NOT_PAIRS, PTX_CHECKS

def main():
    write = "--write" in sys.argv
    CASES, PAIRS, NOT_PAIRS, PTX_CHECKS = load_cases()
    rels = {}
    for name, req in CASES.items():
        try:
            out, R, oinb = analyze(req)
        except CuteError as e:
            print("%-45s ERROR %s" % (name, e))
            out, R, oinb = {"error": {}}, None, None
        rels[name] = R
        if R is not None:
            v = out["verdict"]
            print("%-45s ok=%-5s bij=%-5s pl=%d rep=%s col=%d hol=%d unp=%d oob=%d owners=%s %s" % (
                name, out["ok"], v["bijective"], out["placements"], out["replication"],
                out["collisions"]["count"], out["holes"]["count"], out["unplaced"]["count"],
                out["out_of_bounds"]["count"], out["owners"]["count"], out["owners"]["slots"]))
            if oinb != {"count": out["owners"]["count"], "slots": out["owners"]["slots"]}:
                print("   note: owners counting only in-tile placements would give", oinb)
        if write:
            d = os.path.join(GOLDEN, name)
            os.makedirs(d, exist_ok=True)
            with open(os.path.join(d, "request.json"), "w") as f:
                json.dump(req, f, indent=2); f.write("\n")
            with open(os.path.join(d, "expected.json"), "w") as f:
                json.dump(out, f, indent=2); f.write("\n")
    for kind, name, swap in PTX_CHECKS:
        check_ptx(kind, CASES[name]["layout"], swap)
        print("PTX formula check ok:", kind, "==", name)
    for a, b in PAIRS:
        assert canon(rels[a]) == canon(rels[b]), (a, b)
        print("same relation (fingerprint):", a, "==", b)
    for a, b in NOT_PAIRS:
        assert canon(rels[a]) != canon(rels[b]), (a, b)
        print("different relation:", a, "!=", b)

if __name__ == "__main__":
    main()
