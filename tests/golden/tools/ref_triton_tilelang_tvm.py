#!/usr/bin/env python3
"""Independent reference for the golden cases triton-*, tilelang-*, tvm-*, table-*.

Provenance only (not run by CI).  Implements docs/model.md, docs/notations.md and docs/analysis.md semantics on the
placement relation, for the four notations these cases use (linear, expr, axe,
table).  `python3 ref_triton_tilelang_tvm.py` regenerates every case directory
listed in CASES below (request.json, expected.json, SOURCE).

Conventions assumed where docs/model.md is silent (flagged in each SOURCE too):
  * probe "places" are sorted ascending by the coordinate tuple in axis order
    (first axis most significant);
  * an in-dim of a linear layout with zero bases is still an axis, extent 1;
  * no case in this set has out-of-bounds placements, so the open questions about
    how OOB placements count toward complete/replication/owners do not arise.
"""
import itertools, json, os, re, sys

OWNER_AXES = {"laneid", "warpid", "tid_in_wg", "wid_in_wg", "wgid", "tx", "thread",
              "lane", "warp", "block", "bx", "by", "bz", "cbx", "cby", "cbz",
              "gpuid", "pid"}


def default_names(r):
    base = ["i", "j", "k", "l"]
    return [base[d] if d < 4 else "d%d" % d for d in range(r)]


# ----------------------------------------------------------------- notations
def rel_linear(defn):
    lin = defn["linear"]
    outs = lin["out"]
    shape = [s for _, s in outs]
    names = [n for n, _ in outs]
    axes = list(lin["bases"].keys())
    ext = {a: 1 << len(lin["bases"][a]) for a in axes}
    rel = []
    for pt in itertools.product(*[range(ext[a]) for a in axes]):
        x = [0] * len(outs)
        for a, v in zip(axes, pt):
            for b, basis in enumerate(lin["bases"][a]):
                if v >> b & 1:
                    assert len(basis) == len(outs)
                    x = [p ^ q for p, q in zip(x, basis)]
        for d, s in enumerate(shape):
            assert 0 <= x[d] < s, ("basis outside out size", x, shape)
        rel.append((tuple(x), pt))
    return shape, names, axes, ext, True, rel


def py_floor_eval(expr, env):
    """Evaluate an expr-notation expression with Python semantics
    (// and % floor, / is floor division too, ^ & | << >> ~, min, max)."""
    e = re.sub(r"(?<![/])/(?![/])", "//", expr)
    return eval(e, {"__builtins__": {}, "min": min, "max": max}, dict(env))


def rel_expr(defn):
    lg = defn["logical"]
    if isinstance(lg, dict):
        shape, names = lg["shape"], lg.get("names") or default_names(len(lg["shape"]))
    else:
        shape, names = lg, default_names(len(lg))
    outs = defn["expr"]
    axes = list(outs.keys())
    reps = defn.get("replicate", {})
    rel = []
    for x in itertools.product(*[range(s) for s in shape]):
        env = dict(zip(names, x))
        for rv in itertools.product(*[range(n) for n in reps.values()]):
            env2 = dict(env)
            env2.update(dict(zip(reps.keys(), rv)))
            pt = tuple(py_floor_eval(outs[a], env2) for a in axes)
            rel.append((x, pt))
    return shape, names, axes, None, False, rel


def _split_top(s, sep):
    out, depth, cur = [], 0, ""
    for ch in s:
        if ch in "([":
            depth += 1
        elif ch in ")]":
            depth -= 1
        if ch == sep and depth == 0:
            out.append(cur); cur = ""
        else:
            cur += ch
    out.append(cur)
    return [t.strip() for t in out]


def _tuple_items(s):
    s = s.strip()
    if s.startswith("(") and s.endswith(")"):
        s = s[1:-1]
    return [t for t in _split_top(s, ",") if t != ""]


def _stride(t):
    t = t.strip()
    if "@" in t:
        k, a = t.split("@")
        return int(k.strip()), a.strip()
    return int(t), "m"


def parse_axe(text):
    shard, replica, offset, order = [], [], {}, []

    def see(a):
        if a not in order:
            order.append(a)

    for term in _split_top(text, "+"):
        m = re.fullmatch(r"([SRO])\[(.*)\]", term, re.S)
        if m:
            kind, body = m.group(1), m.group(2)
            if kind == "O":
                for t in _tuple_items(body):
                    k, a = _stride(t); see(a); offset[a] = offset.get(a, 0) + k
                continue
            parts = _split_top(body, ":")
            ext = [int(e) for e in _tuple_items(parts[0])]
            if len(parts) == 2:
                st = [_stride(t) for t in _tuple_items(parts[1])]
            else:  # extents only: compact row-major strides on m
                st, acc = [], 1
                for e in reversed(ext):
                    st.insert(0, (acc, "m")); acc *= e
            assert len(ext) == len(st)
            for e, (k, a) in zip(ext, st):
                see(a)
                (shard if kind == "S" else replica).append((e, k, a))
        else:
            k, a = _stride(term); see(a); offset[a] = offset.get(a, 0) + k
    return shard, replica, offset, order


def rel_axe(defn):
    shard, replica, offset, axes = parse_axe(defn["axe"])
    size = 1
    for e, _, _ in shard:
        size *= e
    lg = defn.get("logical", [size])
    if isinstance(lg, dict):
        shape, names = lg["shape"], lg.get("names") or default_names(len(lg["shape"]))
    else:
        shape, names = lg, default_names(len(lg))
    p = 1
    for s in shape:
        p *= s
    assert p == size, "logical size must equal shard size"
    rel = []
    for x in itertools.product(*[range(s) for s in shape]):
        flat = 0
        for c, s in zip(x, shape):
            flat = flat * s + c
        base = {a: offset.get(a, 0) for a in axes}
        for k, (e, st, a) in enumerate(shard):
            prod = 1
            for (e2, _, _) in shard[k + 1:]:
                prod *= e2
            base[a] += (flat // prod % e) * st
        for rv in itertools.product(*[range(e) for e, _, _ in replica]):
            pt = dict(base)
            for r, (e, st, a) in zip(rv, replica):
                pt[a] += r * st
            rel.append((x, tuple(pt[a] for a in axes)))
    return shape, names, axes, None, False, rel


def rel_table(defn):
    rows = defn["table"]
    axes = []
    for _, pl in rows:
        for a in pl:
            if a not in axes:
                axes.append(a)
    r = len(rows[0][0])
    if "logical" in defn:
        lg = defn["logical"]
        shape = lg["shape"] if isinstance(lg, dict) else lg
    else:
        shape = [max(row[0][d] for row in rows) + 1 for d in range(r)]
    names = default_names(len(shape))
    rel = [(tuple(c), tuple(pl[a] for a in axes)) for c, pl in rows]
    return shape, names, axes, None, False, rel


# ----------------------------------------------------------------- analysis
def analyze(request):
    defn = request["layout"]
    for key, fn in (("linear", rel_linear), ("expr", rel_expr), ("axe", rel_axe),
                    ("table", rel_table)):
        if key in defn:
            shape, names, axes, ext, declared, rel = fn(defn)
            break
    else:
        raise ValueError("no notation")
    if isinstance(defn.get("logical"), dict) and defn["logical"].get("names"):
        names = defn["logical"]["names"]
    phys = defn.get("physical", {})
    extents = {}
    for idx, a in enumerate(axes):
        if a in phys:
            extents[a] = phys[a]
        elif ext is not None:
            extents[a] = ext[a]
        else:
            extents[a] = max(pt[idx] for _, pt in rel) + 1
    kinds = dict((a, "thread" if a in OWNER_AXES else "memory") for a in axes)
    kinds.update(defn.get("axes", {}))
    owner_idx = [i for i, a in enumerate(axes) if kinds[a] in ("thread", "device")]

    def inb(pt):
        return all(0 <= v < extents[a] for a, v in zip(axes, pt))

    elements = list(itertools.product(*[range(s) for s in shape]))
    placements = len(rel)
    oob = sum(1 for _, pt in rel if not inb(pt))
    assert oob == 0, "this reference set avoids out-of-bounds cases"
    pairs = set(rel)
    P = {x: set() for x in elements}
    at = {}
    for x, pt in rel:
        assert x in P, ("element outside logical shape", x)
        P[x].add(pt)
        at.setdefault(pt, set()).add(x)
    phys_size = 1
    for a in axes:
        phys_size *= extents[a]
    collisions = sum(len(v) - 1 for v in at.values())
    duplicates = placements - len(pairs)
    holes = phys_size - len(at)
    unplaced = sum(1 for x in elements if not P[x])
    reps = [len(P[x]) for x in elements]
    inv = {pt: min(xs) for pt, xs in at.items()}  # row-major first == tuple min
    mism = sum(1 for x in elements if any(inv[p] != x for p in P[x]))
    verdict = {
        "complete": unplaced == 0,
        "collision_free": collisions == 0,
        "replicas_distinct": duplicates == 0,
        "in_bounds": oob == 0,
        "hole_free": holes == 0,
    }
    rep = {"min": min(reps), "max": max(reps)}
    verdict["bijective"] = all(verdict.values()) and rep == {"min": 1, "max": 1}
    verdict["round_trip"] = mism == 0
    per_owner = {}
    for _, pt in rel:
        if owner_idx:
            o = tuple(pt[i] for i in owner_idx)
            per_owner[o] = per_owner.get(o, 0) + 1
    owners = {"axes": [axes[i] for i in owner_idx], "count": len(per_owner),
              "slots": {"min": min(per_owner.values()), "max": max(per_owner.values())}
              if per_owner else {"min": 0, "max": 0}}
    # ok: required fields unless expect names them, plus every expect
    expect = request.get("expect", {})
    ok = True
    for f in ("complete", "collision_free", "replicas_distinct", "in_bounds"):
        if f in expect:
            ok &= verdict[f] == expect[f]
        else:
            ok &= verdict[f]
    for f, v in expect.items():
        if f in ("hole_free", "bijective", "round_trip"):
            ok &= verdict[f] == v
        elif f == "owners":
            ok &= owners["count"] == v
        elif f == "slots":
            ok &= owners["slots"] == {"min": v, "max": v}
        elif f == "replication":
            ok &= rep == {"min": v, "max": v}
        elif f not in verdict:
            raise ValueError("unsupported expect " + f)
    out = {
        "ok": bool(ok),
        "logical": {"shape": list(shape)},
        "physical": {"size": phys_size},
        "placements": placements,
        "verdict": verdict,
        "replication": rep,
        "collisions": {"count": collisions},
        "duplicates": {"count": duplicates},
        "holes": {"count": holes},
        "unplaced": {"count": unplaced},
        "out_of_bounds": {"count": oob},
        "round_trip": {"mismatches": mism},
        "owners": owners,
    }
    if "probe" in request:
        pr = []
        for c in request["probe"]:
            pts = sorted(P[tuple(c)])
            pr.append({"logical": list(c),
                       "places": [dict(zip(axes, p)) for p in pts]})
        out["probe"] = pr
    out["_axes"] = [(a, extents[a], kinds[a]) for a in axes]  # for SOURCE text only
    return out


def dumps(v, ind=0):
    """JSON with short containers kept on one line (one table row per line)."""
    flat = json.dumps(v, separators=(", ", ": "))
    if len(flat) + ind <= 88 or not isinstance(v, (list, dict)) or not v:
        return flat
    pad = " " * (ind + 2)
    if isinstance(v, list):
        items = [pad + dumps(x, ind + 2) for x in v]
        return "[\n" + ",\n".join(items) + "\n" + " " * ind + "]"
    items = [pad + json.dumps(k) + ": " + dumps(x, ind + 2)
             for k, x in v.items()]
    return "{\n" + ",\n".join(items) + "\n" + " " * ind + "}"


def write_case(root, name, request, source):
    d = os.path.join(root, name)
    os.makedirs(d, exist_ok=True)
    res = analyze(request)
    axes = res.pop("_axes")
    with open(os.path.join(d, "request.json"), "w") as f:
        f.write(dumps(request) + "\n")
    with open(os.path.join(d, "expected.json"), "w") as f:
        f.write(dumps(res) + "\n")
    summary = ("\nComputed by tests/golden/tools/ref_triton_tilelang_tvm.py (independent "
               "Python enumeration of docs/model.md semantics):\n"
               "  axes (name, extent, kind): %s\n  physical size %d, placements %d, "
               "replication %s, collisions %d, duplicates %d, holes %d, unplaced %d, "
               "round-trip mismatches %d, owners %s\n  verdict %s, ok %s\n" % (
                   ", ".join("%s=%d %s" % a for a in axes), res["physical"]["size"],
                   res["placements"], res["replication"], res["collisions"]["count"],
                   res["duplicates"]["count"], res["holes"]["count"],
                   res["unplaced"]["count"], res["round_trip"]["mismatches"],
                   res["owners"], res["verdict"], res["ok"]))
    with open(os.path.join(d, "SOURCE"), "w") as f:
        f.write(source.strip() + "\n" + summary)
    return res


# CASES-BEGIN
CASES = []


def case(name, request, source):
    CASES.append((name, request, source))


# =============================================================== Triton (linear)
TRI = "triton-lang/triton"
LLCT = "unittest/Dialect/TritonGPU/LinearLayoutConversionsTest.cpp"
TRI_NOTE = """
Conversion: Triton's LinearLayout({{in-dim, bases}...}, {outDimNames}) lists each
basis as the out-dim values in the order of the outDimNames argument ({dim0, dim1});
copied into "bases" unchanged, in-dims in the same order (register, lane, warp,
block).  Out sizes are those Triton infers (next power of two above the largest
basis component per out dim, which equals the tensor shape passed to toLinearLayout).
Line: locate by the TEST_F name (the source index exposes character offsets, not
line numbers).
"""


def lin(bases, out, **extra):
    d = {"linear": {"bases": bases, "out": out}}
    d.update(extra)
    return d


case("triton-simple-blocked-16", {
    "layout": lin({"register": [], "lane": [[1], [2]], "warp": [[4], [8]], "block": []},
                  [["dim0", 16]]),
    "expect": {"bijective": True},
    "probe": [[5]],
}, """
Repository: %s
Path: %s (read at commit 00dbc5c72c273355ba1b6997404cf9f6f57e71d4)
Symbol: TEST_F(LinearLayoutConversionsTest, SimpleBlocked)
Layout: toLinearLayout({16}, blocked(spt={1}, tpw={4}, wpb={4}, cpg={1}, cSplit={1}, ord={0}))
Documented: register {}, lane {{1},{2}}, warp {{4},{8}}, block {} -> dim0.
What it means: 16 elements, one per thread, 4 lanes x 4 warps; a bijection.
Empty in-dims (register, block) are axes of extent 2^0 = 1 (docs/model.md: "each in-dim
with n bases has extent 2^n").  Element 5 = lane 1 (bit0 -> 1) xor warp 1 (-> 4).
%s""" % (TRI, LLCT, TRI_NOTE))

case("triton-cta-duplication-32", {
    "layout": lin({"register": [], "lane": [[1], [2]], "warp": [[4], [8]],
                   "block": [[16], [0]]}, [["dim0", 32]]),
    "probe": [[17]],
}, """
Repository: %s
Path: %s (commit 00dbc5c72c273355ba1b6997404cf9f6f57e71d4)
Symbol: TEST_F(LinearLayoutConversionsTest, CTADuplication)
Layout: toLinearLayout({32}, blocked({1},{4},{4}, cpg={4}, cSplit={2}, {0},{0}))
Documented: block {{16},{0}}: 4 CTAs per CGA but the tensor is split in only 2, so
CTA bit 1 is a zero basis -> CTAs b and b^2 hold the same data (duplication).
Verdict: replication 2 (each element on two blocks), NOT a collision: no point holds
two distinct elements; round trip holds (each point has exactly one element);
bijective false only because replication != 1.  ok true (replication is legitimate).
Probe 17 = block bit0 (16) + lane bit0 (1): blocks 1 and 3.
%s""" % (TRI, LLCT, TRI_NOTE))

case("triton-cta-broadcast-64x128", {
    "layout": lin({"register": [[1, 0], [2, 0], [4, 0], [0, 16], [0, 32]],
                   "lane": [[8, 0], [16, 0], [32, 0], [0, 1], [0, 2]],
                   "warp": [[0, 4], [0, 8]],
                   "block": [[0, 64]]}, [["dim0", 64], ["dim1", 128]]),
    "expect": {"bijective": True},
    "probe": [[9, 65]],
}, """
Repository: %s
Path: %s (commit 00dbc5c72c273355ba1b6997404cf9f6f57e71d4)
Symbol: TEST_F(LinearLayoutConversionsTest, CTABroadcast)
Layout: toLinearLayout({64,128}, blocked({8,1},{8,4},{1,4},{1,2},{1,2},{0,1},{1,0}))
Documented bases (out order {dim0, dim1}): register {{1,0},{2,0},{4,0},{0,16},{0,32}},
lane {{8,0},{16,0},{32,0},{0,1},{0,2}}, warp {{0,4},{0,8}}, block {{0,64}}.
13 input bits onto 6+7 output bits with full rank: a bijection over 2 CTAs.
%s""" % (TRI, LLCT, TRI_NOTE))

case("triton-shape-smaller-than-layout-8", {
    "layout": lin({"register": [[1], [2]], "lane": [[4], [0]], "warp": [[0], [0]],
                   "block": []}, [["dim0", 8]]),
    "probe": [[4]],
}, """
Repository: %s
Path: %s (commit 00dbc5c72c273355ba1b6997404cf9f6f57e71d4)
Symbol: TEST_F(LinearLayoutConversionsTest, ShapeSmallerThanLayout)
Layout: toLinearLayout({8}, blocked({4},{4},{4},{1},{1},{0},{0}))
Documented: "The shape is 8 elements, but the layout is 4*4*4 = 64 elems. Therefore
the log2(64/8) = 3 most major bases are 0": register {{1},{2}}, lane {{4},{0}},
warp {{0},{0}}.
Verdict: 64 hardware points, 8 elements, every element on 8 points (lane bit1 and
both warp bits are zero bases) -> replication {8,8}, no collision (each point holds
one element), round trip true, ok true; bijective false.
Probe 4: registers 0, lane 1 or 3, every warp -> 8 places.
%s""" % (TRI, LLCT, TRI_NOTE))

case("triton-reversed-order-1x64", {
    "layout": lin({"register": [[0, 8], [0, 16], [0, 32]],
                   "lane": [[0, 0], [0, 0], [0, 0], [0, 0], [0, 0]],
                   "warp": [[0, 1], [0, 2], [0, 4]], "block": []},
                  [["dim0", 1], ["dim1", 64]]),
}, """
Repository: %s
Path: %s (commit 00dbc5c72c273355ba1b6997404cf9f6f57e71d4)
Symbol: TEST_F(LinearLayoutConversionsTest, ReversedOrder)
Layout: toLinearLayout({1,64}, blocked({1,1},{32,1},{1,8},{1,1},{1,1},{0,1},{1,0}))
Documented: lane bases all {0,0} (32 lanes along dim0 of size 1): every lane of a
warp holds the same data; out size dim0 = 1 (2^0).
Verdict: replication {32,32} (broadcast across the warp), zero collisions, round
trip true, ok true.  Owners (lane, warp, block): 256 tuples, 8 registers each.
%s""" % (TRI, LLCT, TRI_NOTE))

case("triton-mmav2-32x32", {
    "layout": lin({"register": [[0, 1], [8, 0], [0, 8], [0, 16], [16, 0]],
                   "lane": [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]],
                   "warp": [], "block": []}, [["dim0", 32], ["dim1", 32]]),
    "expect": {"bijective": True, "owners": 32, "slots": 32},
    "probe": [[9, 3], [17, 8]],
}, """
Repository: %s
Path: %s (commit 00dbc5c72c273355ba1b6997404cf9f6f57e71d4)
Symbol: TEST_F(LinearLayoutConversionsTest, MMAv2_32x32)
Layout: toLinearLayout({32,32}, mma(2, 0, instrShape {16,8}, warps {1,1}, ...))
Documented: register {{0,1},{8,0},{0,8},{0,16},{16,0}}, lane {{0,2},{0,4},{1,0},{2,0},{4,0}}.
This is the PTX m16n8 accumulator fragment (row = lane>>2 (+8), col = 2*(lane%%4) +
(reg&1)) tiled 2x4 over a 32x32 tile in one warp: 32 registers per lane, bijective.
Probe (9,3): lane bits (0,2)->1, (1,0)->4 => lane 5; register bits {0,1},{8,0} =>
register 3.
%s""" % (TRI, LLCT, TRI_NOTE))

case("triton-mmav3-4x4warps-32x16", {
    "layout": lin({"register": [[0, 1], [8, 0], [0, 8]],
                   "lane": [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]],
                   "warp": [[16, 0], [0, 0], [0, 0], [0, 0]], "block": []},
                  [["dim0", 32], ["dim1", 16]]),
    "probe": [[0, 0]],
}, """
Repository: %s
Path: %s (commit 00dbc5c72c273355ba1b6997404cf9f6f57e71d4)
Symbol: TEST_F(LinearLayoutConversionsTest, MMAv3_4x4Warps), second EXPECT
        (toLinearLayout({32,16}, legacy) with legacy = mma(3,0,{16,16,8},{4,4},...))
Documented: warp {{16,0},{0,0},{0,0},{0,0}}: 16 warps but the 32x16 tile needs only
two 16-row slabs, so warp bits 1..3 are zero bases.
Verdict: each element is held by 8 warps: replication {8,8}, zero collisions, round
trip true, ok true, bijective false.  Probe (0,0): lane 0, register 0, every warp w
with bit0 = 0 (w = 0,2,...,14).
%s""" % (TRI, LLCT, TRI_NOTE))

case("triton-shared-swizzled-perphase2-maxphase4-32x32", {
    "layout": lin({"offset": [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16],
                              [1, 0], [2, 1], [4, 2], [8, 0], [16, 0]],
                   "block": []}, [["dim0", 32], ["dim1", 32]]),
    "expect": {"bijective": True},
    "probe": [[2, 0], [6, 3]],
}, """
Repository: %s
Path: %s (commit 00dbc5c72c273355ba1b6997404cf9f6f57e71d4)
Symbol: TEST_F(LinearLayoutConversionsTest, SharedSwizzled2D_PerPhaseMaxPhase)
Layout: toLinearLayout({32,32}, shared(vec=1, perPhase=2, maxPhase=4, hasLeadingOffset=false, ...))
Documented: offset {{0,1},{0,2},{0,4},{0,8},{0,16},{1,0},{2,1},{4,2},{8,0},{16,0}}, block {}.
The shared-memory layout is written offset -> (dim0, dim1): offset 32*r + c holds
element (r, c ^ ((r/2) %% 4)).  A permutation of 1024 offsets: bijective.
"offset" is memory kind; "block" (0 bases, extent 1) is the only owner axis, so
owners = 1 tuple holding all 1024 placements (this relies on an empty in-dim still
being an axis).  Probe (2,0) -> offset 64+1 = 65 ((2,1) basis at offset bit 6 is
(2,1); (2,0) = (2,1) xor (0,1)); probe (6,3) -> offset 192 = 32*6 + (3 ^ ((6/2) %% 4)).
%s""" % (TRI, LLCT, TRI_NOTE))

case("triton-nvmma-leading-offset-8x64-swizzle128", {
    "layout": lin({"offset": [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [0, 32],
                              [1, 8], [2, 16], [4, 32]], "block": []},
                  [["dim0", 8], ["dim1", 64]]),
    "expect": {"bijective": True},
    "probe": [[1, 0], [7, 63]],
}, """
Repository: %s
Path: %s (commit 00dbc5c72c273355ba1b6997404cf9f6f57e71d4)
Symbol: TEST_F(LinearLayoutConversionsTest, LeadingOffset_8x64_1_8)
Layout: toLinearLayout({8,64}, shared(vec=8, perPhase=1, maxPhase=8, hasLeadingOffset=true, ...), elemBitWidth=16)
Documented: offset {{0,1},{0,2},{0,4},{0,8},{0,16},{0,32},{1,8},{2,16},{4,32}}.
This is the 128-byte (NVMMA/wgmma) swizzle of an 8x64 fp16 tile, the same
permutation as TileLang's full-bank swizzle and TVM's Swizzle(3,3,3) (offset
64*r + 8*((c/8) ^ r) + c%%8 holds (r, c)).  Bijective.  Probe (1,0) -> offset 72
(matches the TVM doc: column 0 of row i sits at address 72*i).
%s""" % (TRI, LLCT, TRI_NOTE))

case("triton-dot-mmav2-opA-kwidth8-16x64", {
    "layout": lin({"register": [[0, 1], [0, 2], [0, 4], [8, 0], [0, 32]],
                   "lane": [[0, 8], [0, 16], [1, 0], [2, 0], [4, 0]],
                   "warp": [], "block": []}, [["dim0", 16], ["dim1", 64]]),
    "expect": {"bijective": True, "owners": 32, "slots": 32},
    "probe": [[8, 9]],
}, """
Repository: %s
Path: %s (version of the file holding the DotMMAv2 tests, e.g. the 184101-char
      version in the source index; not present at commit 00dbc5c)
Symbol: TEST_F(LinearLayoutConversionsTest, DotMMAv2_tile_kwidth8), first EXPECT:
        toLinearLayout({16,64}, dot(mma(2,0,{16,8},{1,1}), opIdx=0, kWidth=8))
Documented: register {{0,1},{0,2},{0,4},{8,0},{0,32}}, lane {{0,8},{0,16},{1,0},{2,0},{4,0}}.
Dot-operand A with kWidth=8: each lane holds 8 consecutive k values.  Bijective,
32 lanes x 32 registers.
%s""" % (TRI, LLCT, TRI_NOTE))

case("triton-dot-mmav2-opB-warp4-128x64", {
    "layout": lin({"register": [[1, 0], [2, 0], [4, 0], [32, 0], [64, 0],
                                [0, 8], [0, 16], [0, 32]],
                   "lane": [[8, 0], [16, 0], [0, 1], [0, 2], [0, 4]],
                   "warp": [[0, 0], [0, 0]], "block": []},
                  [["dim0", 128], ["dim1", 64]]),
    "probe": [[3, 9]],
}, """
Repository: %s
Path: %s (version holding the DotMMAv2 tests; see triton-dot-mmav2-opA-kwidth8-16x64)
Symbol: TEST_F(LinearLayoutConversionsTest, DotMMAv2_large_warp4_kwidth8), second EXPECT:
        toLinearLayout({128,64}, dot(mma(2,0,{16,8},{4,1}), opIdx=1, kWidth=8))
Documented: warp {{0,0},{0,0}}: the parent MMA has 4 warps along M, and operand B
(K x N) does not depend on M, so all 4 warps hold the whole B tile (broadcast).
Verdict: replication {4,4}, no collisions, round trip true, ok true, bijective false.
%s""" % (TRI, LLCT, TRI_NOTE))

case("triton-slice-of-mmav2-dim0-16", {
    "layout": lin({"register": [[1]], "lane": [[2], [4], [0], [0], [0]],
                   "warp": [[8], [0]], "block": []}, [["dim0", 16]]),
    "probe": [[15]],
}, """
Repository: %s
Path: %s (commit 00dbc5c72c273355ba1b6997404cf9f6f57e71d4)
Symbol: TEST_F(LinearLayoutConversionsTest, SliceOfMmaV2), first EXPECT:
        toLinearLayout({16}, slice(mma(2,0,{16,8},{2,2},...), dim=0))
Documented: register {{1}}, lane {{2},{4},{0},{0},{0}}, warp {{8},{0}}.
Slicing away dim0 of an MMA accumulator: the 8 lane-groups (lane bits 2..4) that
differed only in the row now hold the same column values, as do the two warps along
M.  256 points, 16 elements, replication {16,16}, no collisions, ok true.
%s""" % (TRI, LLCT, TRI_NOTE))

case("triton-choose-shmem-src-duplicate-basis-64", {
    "layout": lin({"register": [[1], [2], [2], [8]], "lane": [[8], [4], [1]],
                   "warp": [[16], [32], [0]], "block": []}, [["dim0", 64]]),
    "probe": [[0]],
}, """
Repository: %s
Path: %s (commit 00dbc5c72c273355ba1b6997404cf9f6f57e71d4)
Symbol: TEST_F(LinearLayoutConversionsTest, ChooseShmemLayout), the source layout `ll`
Documented: register {{1},{2},{2},{8}}, lane {{8},{4},{1}}, warp {{16},{32},{0}} -> dim0
(out size 64, inferred by Triton from the largest basis 32).
Not surjectivity-broken but non-injective: register bases 1 and 2 are both {2}
(registers r and r^6 of one thread hold the same element), register {8} and lane
{8} coincide, lane {1} and register {1} coincide, and warp bit 2 is zero.
Rank 6 of 10 input bits -> every element has 2^4 = 16 places: replication {16,16}.
Same-thread replication (two registers of one lane holding one element) is still
replication, not a duplicate: the (element, point) pairs are distinct points.
Note: the test exercises chooseShemLayoutForRegToRegConversion; `ll` itself is not
checked there, but it is a layout written in the Triton source.
%s""" % (TRI, LLCT, TRI_NOTE))

case("triton-choose-shmem-multidim-reversed-outs", {
    "layout": lin({"offset": [[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1]],
                   "iteration": [[2, 0, 0, 0], [0, 2, 0, 0], [0, 0, 2, 0], [0, 0, 0, 2]],
                   "block": []},
                  [["dim3", 4], ["dim2", 4], ["dim1", 4], ["dim0", 4]]),
    "expect": {"bijective": True},
    "probe": [[1, 0, 0, 0], [0, 0, 0, 3]],
}, """
Repository: %s
Path: %s (commit 00dbc5c72c273355ba1b6997404cf9f6f57e71d4)
Symbol: TEST_F(LinearLayoutConversionsTest, ChooseShmemLayout_Multidim), expected result
Documented: offset {{1,0,0,0},{0,1,0,0},{0,0,1,0},{0,0,0,1}}, iteration {{2,0,0,0},...},
block {}, with outDimNames {dim3, dim2, dim1, dim0} -- the out dims are listed in
REVERSED order, so each basis is (dim3, dim2, dim1, dim0).  Written faithfully: "out"
keeps that order, so the logical shape is [4,4,4,4] named dim3, dim2, dim1, dim0 and
logical coordinate [1,0,0,0] means dim3 = 1 -> offset 1.  An engine that re-sorts out
dims by name would place [1,0,0,0] at offset 8 instead.  "iteration" is an unknown
in-dim name -> memory kind (docs/model.md).  Bijective 256 points.
%s""" % (TRI, LLCT, TRI_NOTE))

case("triton-layouttest-apply-non-surjective", {
    "layout": lin({"in1": [[4, 2], [2, 1], [1, 0]], "in2": [[1, 2], [2, 1]]},
                  [["out1", 8], ["out2", 4]]),
    "probe": [[4, 2], [1, 2]],
}, """
Repository: %s
Path: unittest/Tools/LinearLayoutTest.cpp (version in the source index, id 56590686099)
Symbol: TEST_F(LinearLayoutTest, Apply)
Documented: LinearLayout({in1: {{4,2},{2,1},{1,0}}, in2: {{1,2},{2,1}}},
{{out1, 8}, {out2, 4}}, /*requireSurjective=*/false); apply({in1:1, in2:0}) = (4,2),
apply({in2:1, in1:0}) = (1,2).
Semantics: the layout is explicitly built non-surjective.  in1 bit1 and in2 bit1 are
the same vector (2,1), so the rank is 4 < 5 output bits: only 16 of 32 elements are
reached, each by 2 of the 32 input points.  Verdict: complete false (16 unplaced),
replication {0,2}, no collisions, round trip true, ok FALSE (completeness required).
in1/in2 are unknown names -> memory kind -> no owner axes.
%s""" % (TRI, TRI_NOTE))
# TRITON-END
# ============================================================ TileLang (expr)
TL = "tile-ai/tilelang"
GL = "src/layout/gemm_layouts.cc (read at commit 016fd8f062595f86ddcc9918dd3a0d56ab7f69d3)"
LCC = "src/layout/layout.cc (read at commit 01b44c23f5568a489bafc44086cfa69976cb3fec)"
TL_NOTE = """
Conversion: TileLang's Fragment(forward_var {i, j}, forward_index {index},
forward_thread, rep) becomes {"thread": forward_thread, "slot": index}; FloorDiv /
FloorMod become // and %%; the replica IterVar becomes "replicate": {"rep": n}.
Composite fragments (Repeat / Replicate) were expanded by hand with the rules of
FragmentNode::Repeat / FragmentNode::Replicate in %s:
  Repeat(repeats, on_thread, lower_dim_first): inputs become x %% shape, repeats_index
  = sum of (x_d // shape_d) * stride (dims in order, or reversed if lower_dim_first);
  on_thread: thread += ThreadExtent * repeats_index; else index += frag_len * repeats_index.
  Replicate(n): thread = thread(rep %% R) + ThreadExtent * (rep // R), replicate R*n.
Line: locate by the function name (the source index gives character offsets).
""" % LCC


def frag(logical, thread, slot, rep=None, names=None, **extra):
    lg = {"shape": logical, "names": names} if names else logical
    d = {"logical": lg, "expr": {"thread": thread, "slot": slot}}
    if rep:
        d["replicate"] = rep
    d.update(extra)
    return d


case("tilelang-gemm-fragment-8x8", {
    "layout": frag([8, 8], "j // 2 + 4 * i", "j % 2"),
    "expect": {"bijective": True, "owners": 32, "slots": 2},
    "probe": [[1, 3]],
}, """
Repository: %s
Path: %s
Symbol: makeGemmFragment8x8()
Source: forward_thread = FloorDiv(j, 2) + 4 * i; index = FloorMod(j, 2); rep extent 1.
The 8x8 ldmatrix/mma fragment: lane 4*row + col/2 holds two consecutive columns.
Also a docs/model.md seed case: bijective, 32 owners, 2 slots each.
%s""" % (TL, GL, TL_NOTE))

case("tilelang-gemm-fragment-8x8-transposed", {
    "layout": frag([8, 8], "i // 2 + 4 * j", "i % 2"),
    "expect": {"bijective": True},
    "probe": [[3, 1]],
}, """
Repository: %s
Path: %s
Symbol: makeGemmFragment8x8Transposed()
Source: forward_thread = FloorDiv(i, 2) + 4 * j; index = FloorMod(i, 2).
Transpose of makeGemmFragment8x8: element (3,1) goes where (1,3) goes in the
untransposed fragment (thread 5, slot 1).  Bijective.
%s""" % (TL, GL, TL_NOTE))

case("tilelang-gemm-fragment-8x16-int8", {
    "layout": frag([8, 16], "j // 4 + 4 * i", "j % 4"),
    "expect": {"bijective": True, "owners": 32, "slots": 4},
}, """
Repository: %s
Path: %s
Symbol: makeGemmFragment8x16()  (used by makeGemmFragmentA for element_size == 8)
Source: forward_thread = FloorDiv(j, 4) + 4 * i; index = FloorMod(j, 4).
8-bit operand fragment: 4 consecutive bytes per lane.  Bijective, 32 x 4.
%s""" % (TL, GL, TL_NOTE))

case("tilelang-gemm-fragment-ab16x16-cdna-transposed", {
    "layout": frag([16, 16], "16 * (i // 4) + j", "i % 4"),
    "expect": {"bijective": True, "owners": 64, "slots": 4},
    "probe": [[5, 2]],
}, """
Repository: %s
Path: %s
Symbol: makeGemmFragmentAB16x16CDNATransposed()
Source: forward_thread = 16 * FloorDiv(i, 4) + j; index = FloorMod(i, 4).
Documented origin (comment above makeGemmFragmentAB16x16CDNA): AMD matrix instruction
calculator, cdna1 v_mfma_f32_16x16x16f16.  A 64-lane wavefront, 4 values per lane;
bijective.  (5,2) -> thread 16*1 + 2 = 18, slot 1.
%s""" % (TL, GL, TL_NOTE))

case("tilelang-gemm-fragment-32x32-volta-fp16", {
    "layout": frag([32, 32],
                   "i % 4 + (i % 16) // 8 * 4 + (j % 16) // 8 * 8 + i // 16 * 16",
                   "j % 4 + j // 16 * 4 + (i % 8) // 4 * 8 + (j % 8) // 4 * 16"),
    "expect": {"bijective": True, "owners": 32, "slots": 32},
    "probe": [[17, 9]],
}, """
Repository: %s
Path: %s
Symbol: makeGemmFragment32x32(element_size = 16)  (Volta accumulator, used by
        makeGemmVoltaFragmentC)
Source: thd = FloorMod(i,4) + FloorDiv(FloorMod(i,16),8)*4 + FloorDiv(FloorMod(j,16),8)*8
        + FloorDiv(i,16)*16;
        idx = FloorMod(j,4) + FloorDiv(j,16)*4 + FloorDiv(FloorMod(i,8),4)*8
        + FloorDiv(FloorMod(j,8),4)*16.
Written with Python precedence (// and %% bind like *, left to right): "(i %% 16) // 8 * 4"
== FloorDiv(FloorMod(i,16),8)*4.  1024 elements onto 32 threads x 32 slots: bijective.
%s""" % (TL, GL, TL_NOTE))

case("tilelang-gemm-fragment-32x32-volta-fp32", {
    "layout": frag([32, 32],
                   "i % 2 + 2 * ((j % 4) // 2) + (i % 16) // 8 * 4 + (j % 16) // 8 * 8 + i // 16 * 16",
                   "j % 2 + 2 * ((i % 4) // 2) + j // 16 * 4 + (i % 8) // 4 * 8 + (j % 8) // 4 * 16"),
    "expect": {"bijective": True},
}, """
Repository: %s
Path: %s
Symbol: makeGemmFragment32x32(element_size = 32)
Source: thd = FloorMod(i,2) + 2*FloorDiv(FloorMod(j,4),2) + FloorDiv(FloorMod(i,16),8)*4
        + FloorDiv(FloorMod(j,16),8)*8 + FloorDiv(i,16)*16;
        idx = FloorMod(j,2) + 2*FloorDiv(FloorMod(i,4),2) + FloorDiv(j,16)*4
        + FloorDiv(FloorMod(i,8),4)*8 + FloorDiv(FloorMod(j,8),4)*16.
Bijective 32 x 32.
%s""" % (TL, GL, TL_NOTE))

case("tilelang-volta-fragment-a-base-rep2", {
    "layout": frag([32, 4], "(i % 16) // 8 * 4 + 16 * (i // 16) + i % 4 + 8 * rep",
                   "j + (i % 8) // 4 * 4", rep={"rep": 2}),
    "probe": [[0, 0], [31, 3]],
}, """
Repository: %s
Path: %s
Symbol: makeGemmVoltaFragmentA(), the base_layout ("this is a special case")
Source: IterVar i (32), j (4), rep (2);
        thd = FloorDiv(FloorMod(i,16),8)*4 + 16*FloorDiv(i,16) + FloorMod(i,4) + 8*rep;
        idx = j + FloorDiv(FloorMod(i,8),4)*4.
Volta's quad-pair structure: every A element is held by two threads (t and t+8).
Verdict: 128 elements x 2 replicas = 256 placements onto 32 threads x 8 slots, every
point used once: replication {2,2}, no collision, no duplicate, no hole, round trip
true, ok true (replication is legitimate), bijective false.
%s""" % (TL, GL, TL_NOTE))

case("tilelang-gemm-fragment-c-m16n8", {
    "layout": frag([16, 8], "j // 2 + 4 * (i % 8)", "j % 2 + 2 * (i // 8)"),
    "expect": {"bijective": True},
    "probe": [[9, 5]],
}, """
Repository: %s
Path: %s
Symbol: makeGemmFragmentC(block_m=16, block_n=8, warp_m=16, warp_n=8, element_size=16)
Source: base = makeGemmFragment8x8()->Repeat({2, 1}, false): not on thread, so the
index gains frag_len(2) * (i // 8); the warp and block Repeats are {1,1} (no-ops).
Result: thread = j//2 + 4*(i%%8), slot = j%%2 + 2*(i//8) -- exactly the PTX m16n8
accumulator (groupID = lane>>2 is the row, +8 for c2,c3; col = 2*(lane%%4) + (c&1)).
Probe (9,5): thread 2 + 4 = 6, slot 1 + 2 = 3 (c3).  Bijective.
%s""" % (TL, GL, TL_NOTE))

case("tilelang-gemm-fragment-c-64x64-warp32x32", {
    "layout": frag([64, 64],
                   "(j % 8) // 2 + 4 * (i % 8) + 32 * ((i % 32) // 16 + 2 * ((j % 16) // 8))",
                   "j % 2 + 2 * ((i % 16) // 8) + 4 * (i // 32 + 2 * (j // 16))"),
    "expect": {"bijective": True, "owners": 128, "slots": 32},
    "probe": [[40, 20]],
}, """
Repository: %s
Path: %s
Symbol: makeGemmFragmentC(block_m=64, block_n=64, warp_m=32, warp_n=32, element_size=16)
Source chain: base = 8x8->Repeat({2,1}, false)                       (16x8, 32 threads, 4 slots)
  warp_layout  = base->Repeat({64/32, 64/32} = {2,2}, true, false)   (32x16 over 128 threads:
                 thread += 32 * ((i//16) + 2*(j//8)), lower_dim_first=false => dim 0 fastest)
  block_layout = warp->Repeat({32/16, 32/8} = {2,4}, false, false)   (64x64: index += 4 *
                 ((i//32) + 2*(j//16)))
Expanded by hand (TileLang's analyzer may print an equivalent simplified form):
  thread = (j%%8)//2 + 4*(i%%8) + 32*((i%%32)//16 + 2*((j%%16)//8))
  slot   = j%%2 + 2*((i%%16)//8) + 4*(i//32 + 2*(j//16))
A 2x2-warp (128 threads) accumulator with 32 registers per thread: bijective.
%s""" % (TL, GL, TL_NOTE))

case("tilelang-gemm-fragment-a-fp16-replicated-2warps-n", {
    "layout": frag([16, 16], "(j % 8) // 2 + 4 * (i % 8) + 32 * rep",
                   "j % 2 + 2 * (i // 8) + 4 * (j // 8)", rep={"rep": 2}),
    "probe": [[9, 12]],
}, """
Repository: %s
Path: %s
Symbol: makeGemmFragmentA(block_m=16, block_n=32, block_k=16, warp_m=16, warp_n=16,
        element_size=16)
Source chain: base = 8x8->Repeat({2,2}, false, false)   (16x16: index += 2*((i//8) + 2*(j//8)))
  warp = base->Repeat({16/16, 1}, true) (no-op) ->Replicate(block_n / warp_n = 2)
         (thread += 32 * rep, replicate 2)
  block = warp->Repeat({16/16, 16/16}) (no-op)
Result: thread = (j%%8)//2 + 4*(i%%8) + 32*rep, slot = j%%2 + 2*(i//8) + 4*(j//8), rep in {0,1}.
Meaning: the A operand of a 16x16 k-slice is needed by both warps along N, so the
fragment is replicated on warp 1 (threads 32..63).  The slot order matches the PTX
m16n8k16 A fragment (a0,a1 row g; a2,a3 row g+8; a4..a7 col +8).
Verdict: replication {2,2}, no collision, no duplicate, no hole (64 threads x 8
slots = 512 = 2 x 256), ok true, bijective false.
%s""" % (TL, GL, TL_NOTE))

case("tilelang-full-bank-swizzle-8x64-xor", {
    "layout": {"logical": [8, 64], "expr": {"offset": "j % 8 + 8 * ((j // 8) ^ i) + 64 * i"}},
    "expect": {"bijective": True},
    "probe": [[1, 0], [7, 63]],
}, """
Repository: %s
Path: %s
Symbol: makeFullBankSwizzleLayout(stride=8, continuous=64, element_size=16)
Source: vector_size = 128/16 = 8; s = i %% 8; c = (j // 8) %% 8; vec = j %% 8;
        index = vec + (xor8x8(c, s) + s * 8) * vector_size  (tc = ts = 0 for 8x64).
xor8x8 is built from FloorMod sums (see tilelang-full-bank-swizzle-16x128-literal) and
equals c ^ s on 0..7, giving the primer form j%%8 + 8*((j//8) ^ i) + 64*i.
Bijective on 512 offsets; column 0 lands at 72*i (same as Triton LeadingOffset_8x64_1_8
and TVM Swizzle(3,3,3)).
%s""" % (TL, GL, TL_NOTE))

XOR2 = "((%s) + (%s)) %% 2"


def xor4(a, b):
    return "2 * (((%s) // 2 + (%s) // 2) %% 2) + (((%s) %% 2 + (%s) %% 2) %% 2)" % (a, b, a, b)


def xor8(a, b):
    return "2 * (%s) + (((%s) %% 2 + (%s) %% 2) %% 2)" % (
        xor4("(%s) // 2" % a, "(%s) // 2" % b), a, b)


case("tilelang-full-bank-swizzle-16x128-literal", {
    "layout": {"logical": [16, 128], "expr": {
        "tc": "j // 8 // 8",
        "ts": "i // 8",
        "offset": "j %% 8 + ((%s) + (i %% 8) * 8) * 8" % xor8("(j // 8) % 8", "i % 8")}},
    "expect": {"bijective": True},
    "probe": [[9, 70]],
}, """
Repository: %s
Path: %s
Symbol: makeFullBankSwizzleLayout(stride=16, continuous=128, element_size=16), with
        xor2x2 / xor4x4 / xor8x8 as written in the same file:
        xor2x2(i, j) = FloorMod(i + j, 2)
        xor4x4(i, j) = 2 * xor2x2(i/2, j/2) + xor2x2(i%%2, j%%2)
        xor8x8(i, j) = 2 * xor4x4(i/2, j/2) + xor2x2(i%%2, j%%2)
Source: Layout({stride, continuous}, {tc, ts, index}) with ts = i//8, s = i%%8,
tc = (j//8)//8, c = (j//8)%%8, vec = j%%8, index = vec + (xor8x8(c, s) + s*8) * 8.
All three outputs kept, in source order, as axes tc, ts, offset (tc/ts are unknown
names -> memory kind).  The expression is the literal floor-mod expansion (no ^), so
it also exercises long nested expressions.  2x2 atoms of 512: bijective on 2048 points.
Probe (9,70): ts 1, tc 1, s 1, c 0 -> offset 6 + (1 + 8) * 8 = 78.
%s""" % (TL, GL, TL_NOTE))

case("tilelang-half-bank-swizzle-8x32", {
    "layout": {"logical": [8, 32], "expr": {
        "offset": "j %% 8 + ((%s) + (i %% 8) * 4) * 8" % xor4("(j // 8) % 4", "(i % 8) // 2")}},
    "expect": {"bijective": True},
}, """
Repository: %s
Path: %s
Symbol: makeHalfBankSwizzleLayout(stride=8, continuous=32, element_size=16)
Source: vector_size 8; s = i%%8; c = (j//8)%%4; index = vec + (xor4x4(c, s/2) + s*4) * 8
(ts = i//8 = 0 and tc = (j//8)//4 = 0 dropped: both constant for this shape).
64-byte swizzle of an 8x32 fp16 tile: bijective on 256 offsets.
%s""" % (TL, GL, TL_NOTE))

case("tilelang-padded-layout-8x64-fp16", {
    "layout": {"logical": [8, 64], "expr": {"offset": "i * 72 + j"}},
    "probe": [[7, 63]],
}, """
Repository: %s
Path: %s
Symbol: makeGemmABLayoutPadded(stride=8, continuous=64, element_size=16)
Source: padded = continuous; "Add 128 bits padding when the last dim is a multiple of
256 bits": (16*64) %% 256 == 0 so padded = 64 + 128/16 = 72; index = i * padded + j.
Verdict: offset extent inferred 7*72 + 63 + 1 = 568, 512 used -> 56 holes (8 per row
except after the last row: 7 gaps of 8), not hole_free; no collisions; ok true
(padding is legitimate by default).
%s""" % (TL, GL, TL_NOTE))

case("tilelang-rdna-wmma-a-16x16", {
    "layout": {"logical": {"shape": [16, 16], "names": ["M", "K"]},
               "expr": {"thread": "(K // 8) * 16 + M", "local": "K % 8"}},
    "expect": {"bijective": True, "owners": 32, "slots": 8},
    "probe": [[3, 9]],
}, """
Repository: %s
Path: tilelang/intrinsics/wmma_layout.py (module docstring, as rendered at
      https://tilelang.tile-ai.cn/_sources/autoapi/tilelang/intrinsics/wmma_layout/index.rst.txt)
Symbol: shared_16x16_to_local_32x8_layout_A (wmma_f32_16x16x16_f16_w32_gfx12)
Documented ("EMPIRICALLY VERIFIED hardware layouts"): A[M=16][K=16]: thread t, elem e
-> A[M=t%%16][K=(t//16)*8+e]; Forward: (M, K) -> (thread=(K//8)*16+M, local=K%%8).
Written with named logical dims M, K.  "local" is an unknown output name -> memory
kind.  Bijective, 32 threads x 8.  Probe (3,9): thread 19, local 1; the documented
reverse map gives M = 19 %% 16 = 3, K = (19//16)*8 + 1 = 9.
%s""" % (TL, TL_NOTE))

case("tilelang-rdna-wmma-d-16x16", {
    "layout": {"logical": {"shape": [16, 16], "names": ["M", "N"]},
               "expr": {"thread": "(M // 8) * 16 + N", "local": "M % 8"}},
    "expect": {"bijective": True},
    "probe": [[3, 9]],
}, """
Repository: %s
Path: tilelang/intrinsics/wmma_layout.py (module docstring, rendered docs as above)
Symbol: shared_16x16_to_local_32x8_layout_C (accumulator D)
Documented: D[M=(t//16)*8+l][N=t%%16]; Forward: (M, N) -> (thread=(M//8)*16+N, local=M%%8).
"NOTE: A and D have DIFFERENT layouts": probe (3,9) gives thread 9, local 3 here but
thread 19, local 1 under the A layout.  Bijective.
%s""" % (TL, TL_NOTE))

case("tilelang-issue2948-rotate-by-one-128", {
    "layout": {"logical": [128], "expr": {"thread": "(i + 1) % 128", "slot": "0"}},
    "expect": {"bijective": True, "round_trip": True},
    "probe": [[127], [0]],
}, """
Repository: %s
Issue: https://github.com/tile-ai/tilelang/issues/2948 "[BUG][Fuzzer][wrong-code]
`buf[(i+1)%%N]` fragment read in `T.Parallel` silently returns the local element instead
of the indexed value" (TileLang 0.1.13); fixed by PR #3090 "[Layout] Reject
non-round-tripping inferred inverses" ("Reject inferred layout inverses that fail
round-trip validation ... invalid cyclic shifts").
Documented: for B[i] = buf[(i+1) %% N], N = 128, threads = 128, the emitted CUDA reads
buf[0] on thread threadIdx.x, i.e. the identity; all 128 elements wrong.
Modelled layout: the element -> thread map the index implies, thread = (i + 1) %% 128
(one slot per thread).  It IS a bijection and round-trips under layoutd's enumerated
inverse (inv(thread t) = element (t - 1) mod 128): probe 127 -> thread 0, probe 0 ->
thread 1.  The TileLang bug was an inverse that silently dropped the shift (yielding
the identity, thread = i, which has a different fingerprint); layoutd computes the
inverse by enumeration, so it must not reproduce that failure.
Note: the issue text in the source index does not spell out the fragment's own
layout; this case encodes the mapping the indexed read requires.
%s""" % (TL, TL_NOTE))

case("tilelang-issue1729-replicate-wraps-thread-count", {
    "layout": {"logical": [64], "expr": {"thread": "(i + 64 * rep) % 128", "slot": "0"},
               "replicate": {"rep": 4}},
}, """
Repository: %s
Issue: https://github.com/tile-ai/tilelang/issues/1729 (referenced by PR #1772 "[Feature]
Add fully replicated layout interface in annotation layout", whose review says the
enhancement "doesn't fundamentally solve the issue"); the issue body itself is not in
the sources consulted.  The mechanism is the one described in the layoutd
design notes: "Replication that wraps around the thread count places
the same element on the same thread twice -- a duplicate, not a collision".
Modelled layout: FragmentNode::Replicate(4) of a 64-thread fragment gives
thread = i + 64 * rep (replicate 4, thread extent 256); on a 128-thread block the
thread wraps: (i + 64*rep) %% 128, so rep 0/2 and rep 1/3 land on the same thread.
Verdict: 256 placements, 128 distinct (element, point) pairs -> duplicates 128,
replicas_distinct false; replication {2,2} (two distinct threads per element);
collisions 0; no holes; ok FALSE.  Each thread receives 2 placements (slots {2,2}).
Element 5 sits on threads 5 and 69, each produced twice.  No probe: docs/model.md does
not say whether a probe lists a duplicated place once or twice.
%s""" % (TL, TL_NOTE))
# TILELANG-END
# ================================================================ TVM TIRx (axe)
TVM = "apache/tvm"
DOC = "docs/tirx/layout.rst (read at commit 15f62fe0209c1d24723b083ff53d0c1ae206db93)"
TST = "tests/python/tirx/test_layout.py (read at commit 32176c5b5d0f33d135f52190110bf111c6c07ba7)"
LPY = "python/tvm/tirx/layout.py (read at commit 060e40fcc5eeee52600d62d69f6806031ce0295f)"
TVM_NOTE = """
Text: the axe string is copied as the source prints it, including its whitespace
("S[(8, 4) : (4 @ laneid, 1)]" in the Python sources, "S[(8,2,4,2):(...)]" in the
docs).  docs/notations.md does not say whitespace is allowed around ':' '@' ',' '+';
these cases assume it is.
Semantics: TVM flattens row-major and splits by the shard extents last-fastest
(layout.py _flatten_coord / _split_coord mirror FlattenCoord / SplitCoord), the same
rule as docs/notations.md.  TVM's apply() returns D(x)+O only; the replica set is
enumerated here per L(x) = {D(x) + r + O | r in R} (layout.rst).
"""


def axe(text, logical=None, **extra):
    d = {"axe": text}
    if logical is not None:
        d["logical"] = logical
    d.update(extra)
    return d


case("tvm-doc-tensorcore-shard-replica-offset", {
    "layout": axe("S[(8,2,4,2):(4@laneid,1@warpid,1@laneid,1)] + R[2:4@warpid] + 5@warpid", [8, 16]),
    "probe": [[0, 0], [0, 1], [0, 2], [1, 0], [0, 8], [7, 15]],
}, """
Repository: %s
Path: %s
Section: "Case study: NVIDIA tensor-core tile"
Layout (printed verbatim): S[(8,2,4,2):(4@laneid,1@warpid,1@laneid,1)] + R[2:4@warpid] + 5@warpid
Documented: laneid = 4i + floor(j/2) mod 4; warpid = floor(j/8) + 5 + 4r (r in {0,1});
m = j mod 2; "each element lives on two warps"; table: (0,0) -> laneid 0, warpid {5,9},
m 0; (0,1) -> 0,{5,9},1; (0,2) -> 1,{5,9},0; (1,0) -> 4,{5,9},0; (0,8) -> 0,{6,10},0;
(7,15) -> 31,{6,10},1.  The probes reproduce that table.
Syntax: uses the 1-D replica form R[2:4@warpid] (docs/notations.md documents the 1-D form only
for S: "S[8:4@laneid]").
Verdict: warpid extent is inferred as max+1 = 11 (values 5,6,9,10), so the physical
space is 32 x 11 x 2 = 704 points of which 256 are used -> 448 holes; replication
{2,2}; no collision; round trip true; ok true (holes and replication are legitimate
by default).  Owners (laneid, warpid): 128 tuples x 2 slots.
%s""" % (TVM, DOC, TVM_NOTE))

case("tvm-doc-tensorcore-shard-only-8x16", {
    "layout": axe("S[(8,2,4,2):(4@laneid,1@warpid,1@laneid,1)]", [8, 16]),
    "expect": {"bijective": True, "owners": 64, "slots": 2},
    "probe": [[1, 3], [7, 15]],
}, """
Repository: %s
Path: %s
Section: "TileLayout" (the D example) and docs/model.md seed case.
Layout: S[(8,2,4,2):(4@laneid,1@warpid,1@laneid,1)] on logical (8, 16).
Documented: laneid = 4*i + floor(j/2) mod 4, warpid = floor(j/8), m = j mod 2;
element (1,3) -> laneid 5, warpid 0, m 1.  Bijective on 32 x 2 x 2.
%s""" % (TVM, DOC, TVM_NOTE))

case("tvm-doc-tmem-accumulator-224-cols", {
    "layout": axe("S[(2,128,112):(112@TCol,1@TLane,1@TCol)]", [2, 128, 112]),
    "expect": {"bijective": True},
    "probe": [[0, 0, 0], [0, 5, 3], [1, 0, 0], [1, 127, 111]],
}, """
Repository: %s
Path: %s
Section: "Case study: Blackwell tensor memory"
Layout (verbatim): S[(2,128,112):(112@TCol,1@TLane,1@TCol)], logical (2, 128, 112).
Documented: TLane = l, TCol = 112a + c in [0, 224); (0,0,0) -> 0,0; (0,5,3) -> 5,3;
(1,0,0) -> 0,112; (1,127,111) -> 127,223.  "The 224-wide span is intentionally not a
power of two."
Axis order by first appearance: TCol, TLane (both memory kind; no owner axes).
Bijective on 224 x 128 = 28672 points.
%s""" % (TVM, DOC, TVM_NOTE))

case("tvm-doc-tmem-scale-factor-atom-sf4", {
    "layout": axe("S[(32, 4):(1@TLane, 1@TCol)] + R[4:32@TLane]", [32, 4]),
    "probe": [[1, 2]],
}, """
Repository: %s
Path: %s
Section: "Case study: Blackwell tensor memory", "Scale factors (SFA / SFB)"
Layout as printed: S[(32, sf_per_mma):(1@TLane, 1@TCol)] + R[4:32@TLane]; the source
leaves sf_per_mma symbolic -- instantiated here with sf_per_mma = 4 (docs/notations.md has no
symbolic extents).
Documented: "the replica R[4:32@TLane] routing that 32-row group across the four warps
of a warpgroup (stride 32 covers lanes 0-127)".
Verdict: TLane = i + 32r (r = 0..3), TCol = j: replication {4,4}; TLane extent 128,
TCol 4 -> 512 points, all used; no collision; ok true, bijective false.  TLane is a
memory-kind axis, so there are no owner axes even though the doc speaks of warps.
Probe (1,2): TLane 1, 33, 65, 97; TCol 2.
%s""" % (TVM, DOC, TVM_NOTE))

case("tvm-tmem-datapath-f-m64-scattered-lanes", {
    "layout": axe("S[(4, 16, 64) : (32 @ TLane, 1 @ TLane, 1 @ TCol)]", [64, 64],
                  physical={"TLane": 128, "TCol": 64}),
    "expect": {"hole_free": False},
    "probe": [[15, 0], [16, 0], [63, 63]],
}, """
Repository: %s
Path: %s
Symbol: tmem_datapath_layout("F", rows=64, cols) returns
        TileLayout(S[(4, 16, cols) : (32 @ tlane, 1 @ tlane, 1 @ tcol)]); cols = 64 here
        (tlane/tcol are the Python variables for Axis.get("TLane") / ("TCol")).
Documented: "For Layout F (M=64 non-.ws) the MMA writes scattered lanes
{0..15, 32..47, 64..79, 96..111}"; "Logical row r -> physical lane (r // 16) * 32 +
(r %% 16)".  Probe 15 -> TLane 15, 16 -> TLane 32, 63 -> TLane 111.
Declared physical TLane 128 (the TMEM lane count), TCol 64.  Verdict: 8192 points,
4096 used -> 4096 holes (half the lanes: "half datapath"), no collision, bijective
false, ok true; the request's expect "hole_free": false holds.
%s""" % (TVM, LPY, TVM_NOTE))

case("tvm-book-tmem-datapath-d-128x256", {
    "layout": axe("S[(128, 256) : (1@TLane, 1@TCol)]", [128, 256]),
    "expect": {"bijective": True},
}, """
Repository: %s (and the MLC book "Modern GPU Programming for MLSys", chapter "TIRx
Layout API", https://mlc.ai/modern-gpu-programming-for-mlsys/chapter_tirx_layout_api/index.html)
Path: %s, tmem_datapath_layout("D", 128, cols) = S[(rows, cols) : (1 @ tlane, 1 @ tcol)]
Book text (verbatim): "When you write a layout such as: S[(128, 256) : (1@TLane, 1@TCol)]
you are not just writing an explanation. You are constructing a TileLayout object".
Identity TMEM accumulator (M=128 full datapath): bijective on 128 x 256.
%s""" % (TVM, LPY, TVM_NOTE))

case("tvm-wg-local-layout-128x16", {
    "layout": axe("S[(128, 16) : (1 @ tid_in_wg, 1)]", [128, 16]),
    "expect": {"bijective": True, "owners": 128, "slots": 16},
    "probe": [[5, 7]],
}, """
Repository: %s
Path: %s (test_wg_local_layout_helper) and %s (wg_local_layout)
Source: wg_local_layout(16) == TileLayout(S[(128, 16) : (1 @ tid_in_wg, 1)]);
"each thread owns one row and contiguous cols local elements".
Verdict: 128 owners (tid_in_wg, thread kind), 16 slots each, bijective.
%s""" % (TVM, TST, LPY, TVM_NOTE))

case("tvm-canonicalize-extent1-iter-stride160", {
    "layout": axe("S[(8, 8, 1, 8, 4, 2) : (512, 64, 160, 8, 2, 1)]"),
    "expect": {"bijective": True},
    "probe": [[4095]],
}, """
Repository: %s
Path: %s
Symbol: test_normalize_tile_layout, case2:
        TileLayout(S[(8, 8, 1, 8, 4, 2) : (512, 64, 160, 8, 2, 1)]).canonicalize() == S[4096:1]
Meaning: an extent-1 iter contributes c = 0 whatever its stride (160), so the layout
is the identity on 4096 offsets of m.  logical is omitted (defaults to the flat size
4096).  Bijective; its fingerprint must equal that of "S[4096:1]" (same relation).
%s""" % (TVM, TST, TVM_NOTE))

case("tvm-canonicalize-stride2-holes", {
    "layout": axe("S[(8, 8, 8, 4, 1, 1) : (512, 64, 8, 2, 1, 1)]"),
    "probe": [[1], [2047]],
}, """
Repository: %s
Path: %s
Symbol: test_normalize_tile_layout, case3:
        S[(8, 8, 8, 4, 1, 1) : (512, 64, 8, 2, 1, 1)] canonicalizes to S[2048:2]
Meaning: 2048 elements at even offsets m = 2*x.  Verdict: m extent inferred max+1 =
4095 (TVM's span), 2048 used -> 2047 holes; no collision; ok true; bijective false.
%s""" % (TVM, TST, TVM_NOTE))

case("tvm-span-8x6-stride8", {
    "layout": axe("S[(8, 6) : (8, 1)]"),
}, """
Repository: %s
Path: %s
Symbol: test_size_span, tile_layout_span: TileLayout(S[(8, 6) : (8, 1)]).span() == 62
Meaning: 48 elements, rows of 6 at pitch 8.  Verdict: m extent = span = 62 (docs/model.md:
"inferred as max+1 ... (CuTe's cosize, TVM's span)"), 62 - 48 = 14 holes, ok true.
%s""" % (TVM, TST, TVM_NOTE))

case("tvm-span-laneid-extent1-iter", {
    "layout": axe("S[(8, 1, 4, 2) : (4 @ laneid, 2, 1 @ laneid, 1)]", [8, 8]),
    "expect": {"bijective": True},
    "probe": [[3, 5]],
}, """
Repository: %s
Path: %s
Symbols: test_size_span: TileLayout(S[(8, 1, 4, 2) : (4 @ laneid, 2, 1 @ laneid, 1)]).span() == 2;
         test_apply/test_tile_layout_3: on shape (8, 8), m == i1 %% 2 and
         laneid == i0 * 4 + i1 // 2.
Meaning: the extent-1 iter with stride 2 on m never contributes, so m spans 2 and the
layout is the 8x8 mma fragment.  Probe (3,5): laneid 14, m 1.  Bijective.
%s""" % (TVM, TST, TVM_NOTE))

case("tvm-trainium-f-span-456", {
    "layout": axe("S[(8, 8, 8) : (64 @ F, 1 @ P, 1 @ F)]"),
    "probe": [[511]],
}, """
Repository: %s
Path: %s
Symbol: test_size_span, trainium_layout_tests:
        layout = TileLayout(S[(8, 8, 8) : (64 @ F, 1 @ P, 1 @ F)]);
        size("P") == 8, size("F") == 64, span("F") == 456
Meaning: Trainium SBUF partitions P and free axis F (both memory kind).  F takes
64*c0 + c2, so F spans 456 while only 64 distinct F values are used.
Verdict: extents F 456, P 8 -> physical 3648, 512 used -> 3136 holes; no collision;
ok true.  Probe 511 (c = 7,7,7): F 455, P 7.
%s""" % (TVM, TST, TVM_NOTE))

case("tvm-trainium-apply-12x16", {
    "layout": axe("S[(2, 6, 4, 2, 2) : (1 @ F, 1 @ P, 12 @ F, 6 @ P, 48 @ F)]", [12, 16]),
    "probe": [[7, 13], [11, 15]],
}, """
Repository: %s
Path: %s
Symbol: test_apply, test_trainium_layout_1: shape (12, 16);
        P == (i0 %% 6) + ((i1 %% 4) // 2) * 6, F == i0 // 6 + (i1 // 4) * 12 + (i1 %% 2) * 48
Probe (7,13): P 1 + 0 = 1, F 1 + 36 + 48 = 85.  P extent 12, F extent 86 -> 1032
points, 192 used, 840 holes, no collisions, ok true.
%s""" % (TVM, TST, TVM_NOTE))

case("tvm-replica-only-fully-replicated-warp2", {
    "layout": axe("S[1:1] + R[(8, 4) : (4 @ laneid, 1 @ laneid)] + 2 @ warpid"),
    "probe": [[0]],
}, """
Repository: %s
Path: %s
Symbol: test_spec_builder ("S + R + offset") and
        test_normalize_tile_layout/case_sort_replicate_exclude_iters:
        TileLayout(S[1:1] + R[(8, 4) : (4 @ laneid, 1 @ laneid)] + 2 @ warpid)
Meaning: one logical element broadcast to all 32 lanes of warp 2.
Axis order by first appearance: m (the bare stride of S[1:1]), laneid, warpid.
Verdict: replication {32,32}; warpid extent inferred 3 (offset 2) -> physical
1 x 32 x 3 = 96 points, 32 used -> 64 holes; no collision; ok true.
Owners (laneid, warpid): 32 tuples, 1 slot each.
%s""" % (TVM, TST, TVM_NOTE))

case("tvm-shard-replicate-2warps-128x128", {
    "layout": axe("S[(2, 8192) : (2 @ warpid, 1)] + R[2 : 1 @ warpid]", [128, 128]),
    "probe": [[64, 1]],
}, """
Repository: %s
Path: %s
Symbol: test_shard_layout, case_replicate: expected tile result
        TileLayout(S[(2, 8192) : (2 @ warpid, 1)] + R[2 : 1 @ warpid]) for (128, 128)
Meaning: the top and bottom halves go to warp pairs {0,1} and {2,3}; each element is
replicated on the two warps of its pair (layout_rep = S[2 : 2 @ warpid] + R[2 : 1 @ warpid]).
Verdict: replication {2,2}, warpid 4 x m 8192 = 32768 points all used, no collision,
ok true, bijective false.  Probe (64,1): flat 8193 -> c0 1, c1 1 -> warps 2,3, m 1.
%s""" % (TVM, TST, TVM_NOTE))

case("tvm-chained-multi-term-offset", {
    "layout": axe("S[8 : 4 @ laneid] + 1 @ laneid + 2 @ warpid + 64"),
    "probe": [[7]],
}, """
Repository: %s
Path: %s
Symbol: test_constructor_multi_term_offset:
        TileLayout(S[8 : 4 @ laneid] + 1 @ laneid + 2 @ warpid + 64);
        assert dict(layout.offset) == {laneid: 1, warpid: 2, m: 64}
Documented regression: "_LayoutSpec.__add__ previously overwrote self.offset on each
call, silently dropping all but the last axis term" -- every offset term must merge.
Verdict: laneid = 4x + 1 (extent 30), warpid 2 (extent 3), m 64 (extent 65): 5850
points, 8 used -> 5842 holes; ok true.  Probe 7: laneid 29, warpid 2, m 64.  An
engine that keeps only the last offset would place 7 at laneid 28, warpid 0, m 64.
%s""" % (TVM, TST, TVM_NOTE))

case("tvm-cta-layout-2x2-warps-16x16", {
    "layout": axe("S[(2, 8, 2, 4, 2) : (2 @ warpid, 4 @ laneid, 1 @ warpid, 1 @ laneid, 1)]", [16, 16]),
    "expect": {"bijective": True, "owners": 128, "slots": 2},
    "probe": [[9, 13]],
}, """
Repository: %s
Path: %s
Symbol: test_shard_layout, case_cta_layout: layout_expected =
        TileLayout(S[(2, 8, 2, 4, 2) : (2 @ warpid, 4 @ laneid, 1 @ warpid, 1 @ laneid, 1)])
        (the 8x8 mma fragment tiled over 2x2 warps); also test_verify_well_formed.
Bijective on 4 warps x 32 lanes x 2.  Probe (9,13): warpid 2*1 + 1 = 3, laneid
4*1 + 2 = 6, m 1.
%s""" % (TVM, TST, TVM_NOTE))

case("tvm-broadcast-stride0-iter", {
    "layout": axe("S[(4, 2) : (1, 0)]", [4, 2]),
    "expect": {"collision_free": False},
    "probe": [[3, 1]],
}, """
Repository: %s
Path: %s
Symbol: Layout.broadcast(num, position, axis): "Insert a stride-0 broadcast dim of
extent num ... accessing along it doesn't move the byte offset, so the same physical
element is 'seen' num times. Useful for ... sf_reuse over MMA-K steps."
Layout: S[4:1] broadcast(2) -> Iter(2, 0, m) appended: S[(4, 2) : (1, 0)] on (4, 2).
This is constructed from the documented method, not printed by the source.
Semantics (important): a stride-0 SHARD iter maps two LOGICAL elements to one point,
which in layoutd's model is a collision (a broadcast read), not replication (one
element at many points, which is what R[...] means).  Verdict: collisions 4,
round-trip mismatches 4 (inv(m) = (m,0)), replication {1,1}; expect
"collision_free": false accepts the intended broadcast -> ok true.  docs/model.md lists
stride-0 modes as a warning (not checked here).
%s""" % (TVM, LPY, TVM_NOTE))
# TVM-END
# ===================================================================== table
TABLE_NOTE = """
Format: "table": [[[coords...], {axis: value, ...}], ...]; axis order = first
appearance in the rows; "logical" omitted unless stated (defaults to max+1 per dim).
Rows were generated by the formula quoted above (see CASES in
tests/golden/tools/ref_triton_tilelang_tvm.py).
"""


def rows(shape, fn):
    out = []
    for x in itertools.product(*[range(s) for s in shape]):
        for pl in fn(*x):
            out.append([list(x), pl])
    return out


def frag8x8(i, j):
    return [{"thread": j // 2 + 4 * i, "slot": j % 2}]


def ptx_a_16x16(lane, a):
    g, t = lane >> 2, lane % 4
    row = g + (8 if a in (2, 3, 6, 7) else 0)
    col = t * 2 + (a & 1) + (8 if a >= 4 else 0)
    return row, col


_a = {}
for _l in range(32):
    for _r in range(8):
        _a[ptx_a_16x16(_l, _r)] = {"laneid": _l, "m": _r}
case("table-ptx-mma-m16n8k16-a-fragment", {
    "layout": {"table": rows([16, 16], lambda i, j: [_a[(i, j)]])},
    "expect": {"bijective": True, "owners": 32, "slots": 8},
    "probe": [[9, 12]],
}, """
Source: PTX ISA "Matrix Fragments for mma.m16n8k16" (f16 A operand), as quoted in
TileLang's docs for tilelang.intrinsics.mma_layout (tile-ai/tilelang,
tilelang/intrinsics/mma_layout.py docstrings; rendered at
projects.localizethedocs.org/tilelang-docs-l10n/.../tilelang/intrinsics/mma_layout/):
  groupID = %%laneid >> 2, threadID_in_group = %%laneid %% 4
  row = groupID for a_i where 0 <= i < 2 || 4 <= i < 6, groupID + 8 otherwise
  col = (threadID_in_group * 2) + (i & 0x1) for i < 4, + 8 for i >= 4
Dumped as 256 rows (row, col) -> {laneid, m = register index i}.  Bijective, 32 lanes
x 8 registers.  Same relation (up to axis names thread/slot vs laneid/m and TileLang's
replica) as tilelang-gemm-fragment-a-fp16-replicated-2warps-n restricted to rep 0.
Probe (9,12): g 1, t 2 -> lane 6, a6 (row+8, col+8, odd=0).
%s""" % TABLE_NOTE)

_b = {}
for _l in range(32):
    for _r in range(4):
        _g, _t = _l >> 2, _l % 4
        _b[(_t * 2 + (_r & 1) + (8 if _r >= 2 else 0), _g)] = {"laneid": _l, "m": _r}
case("table-ptx-mma-m16n8k16-b-fragment", {
    "layout": {"table": rows([16, 8], lambda i, j: [_b[(i, j)]])},
    "expect": {"bijective": True},
    "probe": [[11, 2]],
}, """
Source: same PTX table as quoted in TileLang's tilelang.intrinsics.mma_layout docs:
  row = (threadID_in_group * 2) + (i & 0x1) for b_i where i < 2, + 8 for i >= 2
  col = groupID
B operand (K=16 x N=8), 128 rows (k, n) -> {laneid, m}.  Bijective, 32 x 4.
Probe (11,2): t 1 with i&1 = 1 and +8 -> lane 4*2 + 1 = 9, m 3.
%s""" % TABLE_NOTE)

case("table-tilelang-fragment-8x8-dump", {
    "layout": {"table": rows([8, 8], frag8x8)},
    "expect": {"bijective": True, "owners": 32, "slots": 2},
}, """
Source: tile-ai/tilelang src/layout/gemm_layouts.cc, makeGemmFragment8x8()
(thread = j // 2 + 4 * i, index = j %% 2), dumped as an explicit 64-row table.
Same relation as tilelang-gemm-fragment-8x8 (expr): the two must share a fingerprint
(same logical shape, same axes {slot, thread} and extents, same pairs).
%s""" % TABLE_NOTE)

_tv = {"offset": [[0, 1], [0, 2], [0, 4], [1, 2], [2, 4]]}
_tvr = []
for _o in range(32):
    _x = [0, 0]
    for _k, _bv in enumerate(_tv["offset"]):
        if _o >> _k & 1:
            _x = [_x[0] ^ _bv[0], _x[1] ^ _bv[1]]
    _tvr.append([_x, {"offset": _o}])
_tvr.sort()
case("table-triton-shared-swizzled-vec2-4x8", {
    "layout": {"table": _tvr},
    "expect": {"bijective": True},
    "probe": [[1, 0], [3, 7]],
}, """
Source: triton-lang/triton unittest/Dialect/TritonGPU/LinearLayoutConversionsTest.cpp
(commit 00dbc5c72c273355ba1b6997404cf9f6f57e71d4), TEST_F(LinearLayoutConversionsTest,
SharedSwizzled2D_Vec): toLinearLayout({4,8}, shared(vec=2, perPhase=1, maxPhase=4, ...))
== offset {{0,1},{0,2},{0,4},{1,2},{2,4}} -> (dim0, dim1).
Dumped as 32 rows (element -> offset) by applying the linear map to every offset and
inverting.  Row r stores column c at offset 8r + (c ^ (2*r)): a permutation, bijective.
Probe (1,0): offset 8 + 2 = 10.
%s""" % TABLE_NOTE)

case("table-tvm-swizzle-pe0-b3-s3-8x8", {
    "layout": {"table": rows([8, 8], lambda i, j: [{"m": i * 8 + (i ^ j)}])},
    "expect": {"bijective": True},
    "probe": [[3, 5]],
}, """
Source: apache/tvm tests/python/tirx/test_layout.py (commit 32176c5b), test_apply /
test_swizzle_layout_0: SwizzleLayout(per_element=0, swizzle_len=3, atom_len=3):
`assert layout.apply(i * 8 + j)["m"] == i * 8 + i ^ j`.
Note: Python precedence makes that `(i * 8 + i) ^ j`, which equals i*8 + (i ^ j) for
i, j < 8 (the bits do not overlap).  Swizzles are not Axe TileLayouts (layout.rst:
"It is not expressible as a strided TileLayout"), hence a table.  Bijective on 64.
Probe (3,5): 24 + 6 = 30.
%s""" % TABLE_NOTE)

case("table-tvm-swizzle-outer-pe0-b3-s3-8x8", {
    "layout": {"table": rows([8, 8], lambda i, j: [{"m": (i ^ j) * 8 + j}])},
    "expect": {"bijective": True},
    "probe": [[3, 5]],
}, """
Source: apache/tvm tests/python/tirx/test_layout.py, test_swizzle_layout_2:
SwizzleLayout(per_element=0, swizzle_len=3, atom_len=3, swizzle_inner=False):
`assert layout.apply(i * 8 + j)["m"] == (i ^ j) * 8 + j`.  Bijective.
Probe (3,5): 6*8 + 5 = 53.
%s""" % TABLE_NOTE)

case("table-tvm-compose-swizzle128b-fp16-8x64", {
    "layout": {"table": rows([8, 64], lambda i, j: [{"m": 64 * i + 8 * ((j // 8) ^ i) + j % 8}])},
    "expect": {"bijective": True},
    "probe": [[0, 0], [1, 0], [7, 0], [2, 19]],
}, """
Source: apache/tvm docs/tirx/layout.rst (commit 15f62fe0), "Worked example: 128B
swizzle, float16, (8, 64) tile": ComposeLayout(Swizzle(3,3,3), S[(8,64):(64@m,1@m)]),
addr(i, j) = 64 i + 8 (floor(j/8) xor i) + (j mod 8); "Reading column j = 0 down the
8 rows gives addr = 72 i" (probes (0,0) -> 0, (1,0) -> 72, (7,0) -> 504).
Also tests/python/tirx/test_layout.py test_compose_layout_0.  512 rows, bijective.
%s""" % TABLE_NOTE)

_dup = rows([8, 8], frag8x8)
_dup.insert(1, [[0, 0], {"thread": 0, "slot": 0}])
case("table-repeated-row-duplicate", {
    "layout": {"table": _dup},
}, """
Source: makeGemmFragment8x8 (tile-ai/tilelang src/layout/gemm_layouts.cc) dumped as a
table, with the row for element (0,0) emitted twice -- what a dump of a wrapped
replica (TileLang issue #1729 mechanism, see tilelang-issue1729-replicate-wraps-
thread-count) looks like in table form.  docs/notations.md: "a repeated row is a duplicate
placement".
Verdict: placements 65, distinct pairs 64 -> duplicates 1, replicas_distinct false ->
ok FALSE; replication {1,1} (the element still has one distinct place); no collision.
No probe: whether a probe lists a duplicated place once or twice is not fixed by
docs/model.md (see the report).
%s""" % TABLE_NOTE)

_col = rows([8, 8], frag8x8)
for _r in _col:
    if _r[0] == [0, 1]:
        _r[1] = {"thread": 0, "slot": 0}
case("table-collision-two-elements-one-place", {
    "layout": {"table": _col},
}, """
Source: makeGemmFragment8x8 dumped as a table, with element (0,1) put on thread 0
slot 0 (the slot of (0,0)) -- the shape of a slot-formula bug (index = 0 instead of
j %% 2 for the first pair).
Verdict: collisions 1 (point thread 0/slot 0 holds (0,0) and (0,1)); thread 0/slot 1
empty -> holes 1; round-trip mismatches 1 (inv of that point is (0,0), so (0,1) does
not round-trip); complete; ok FALSE (collision_free required).
%s""" % TABLE_NOTE)

_miss = [r for r in rows([8, 8], frag8x8) if r[0] != [7, 7]]
case("table-missing-element-unplaced", {
    "layout": {"table": _miss},
}, """
Source: makeGemmFragment8x8 dumped as a table with the row of element (7,7) missing
(a truncated dump).  No "logical" given: the shape defaults to max+1 per dimension =
[8, 8] (rows (7,6) and (6,7) still reach 7).
Verdict: unplaced 1, complete false, replication {0,1}; thread 31/slot 1 empty ->
holes 1; ok FALSE.
%s""" % TABLE_NOTE)

_half = [[[i, j], {"laneid": j // 2 + 4 * i, "m": j % 2}] for i in range(8) for j in range(8)]
case("table-mma-c-fragment-missing-upper-rows", {
    "layout": {"logical": [16, 8], "table": _half},
    "probe": [[8, 0]],
}, """
Source: PTX m16n8 accumulator (row = groupID for c0,c1, groupID + 8 for c2,c3;
col = 2*threadID_in_group + (i & 1)), as in TileLang's makeGemmFragmentC(16,8,16,8)
(see tilelang-gemm-fragment-c-m16n8) -- dumped with only c0/c1, i.e. the "+8" rows
forgotten, against the declared 16 x 8 tile.
Verdict: 64 of 128 elements unplaced (rows 8..15), complete false, replication {0,1},
ok FALSE; the 64 used points fill laneid 32 x m 2 exactly (holes 0) -- measured
against its own extents the dump looks perfect; only the declared logical tile
reveals it (same lesson as CUTLASS PR #3140 in the notes).  Probe (8,0): no places.
%s""" % TABLE_NOTE)

case("table-intended-broadcast-sf-reuse", {
    "layout": {"logical": [2, 4], "table": rows([2, 4], lambda r, s: [{"m": s}])},
    "expect": {"collision_free": False},
}, """
Source: apache/tvm python/tvm/tirx/layout.py (commit 060e40fc), Layout.broadcast():
"Insert a stride-0 broadcast dim ... the same physical element is 'seen' num times.
Useful for layouts where a consumer reads the same SMEM datum multiple times (e.g.
sf_reuse over MMA-K steps)"; and docs/tirx/layout.rst ("optional stride-0 reuse ...
iters express SF reuse across MMAs").  Table: logical (reuse=2, sf=4) -> m = sf.
Verdict: collisions 4, round-trip mismatches 4 (inv(m) = (0, m)), replication {1,1};
"expect": {"collision_free": false} accepts the intended broadcast -> ok true.
%s""" % TABLE_NOTE)

case("table-fragment-in-64-thread-block", {
    "layout": {"table": rows([8, 8], frag8x8), "physical": {"thread": 64, "slot": 2}},
    "expect": {"hole_free": False, "owners": 32},
}, """
Source: makeGemmFragment8x8 (tile-ai/tilelang) dumped as a table and checked against a
declared 64-thread block (the fragment's ThreadExtent is 32).
Verdict: physical 64 x 2 = 128 points, 64 used -> 64 holes, hole_free false as the
request expects; owners 32 (distinct owner tuples used, not the declared extent);
ok true (holes are legitimate by default).
%s""" % TABLE_NOTE)

case("table-rdna-wmma-a-dump-named-axes", {
    "layout": {"table": rows([16, 16], lambda M, K: [{"thread": (K // 8) * 16 + M, "local": K % 8}])},
    "expect": {"bijective": True, "owners": 32, "slots": 8},
}, """
Source: tile-ai/tilelang tilelang/intrinsics/wmma_layout.py docstring (RDNA gfx12
wmma_f32_16x16x16_f16_w32): "Forward: (M, K) -> (thread=(K//8)*16+M, local=K%%8)",
dumped as 256 rows.  Same relation as tilelang-rdna-wmma-a-16x16 except logical
dimension names (default i, j here, M, K there).  the documented fingerprint covers the
logical shape, the axes with extents and the pairs -- not dimension names -- so the
two should share a fingerprint (not asserted here: fingerprints are not in the subset).
%s""" % TABLE_NOTE)
# TABLE-END
# CASES-END

if __name__ == "__main__":
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    for name, req, src in CASES:
        r = write_case(root, name, req, src)
        print("%-45s ok=%-5s bij=%-5s rep=%s coll=%d dup=%d holes=%d unpl=%d rt=%d own=%d" % (
            name, r["ok"], r["verdict"]["bijective"], (r["replication"]["min"],
            r["replication"]["max"]), r["collisions"]["count"], r["duplicates"]["count"],
            r["holes"]["count"], r["unplaced"]["count"], r["round_trip"]["mismatches"],
            r["owners"]["count"]))
