#!/usr/bin/env python3
"""Check the ttgir notation against Triton's own unit test of its layout
conversions, unittest/Dialect/TritonGPU/LinearLayoutConversionsTest.cpp.

Provenance and verification tool (not run by CI).  Each TEST_F body is
translated statement by statement into Python: the fixture's helpers
(blocked, mma, dot, mfma, wmma, slice, shared, nvmmaShared, ...) become
functions that print the attribute as TTGIR text (the legacy CTAsPerCGA /
CTASplitNum / CTAOrder keys carry the fixture's fromSplitParams arguments),
toLinearLayout(shape, attr) runs `layoutd check --json` on
{"ttgir": text, "shape": shape} and reads structure.linear, and
LinearLayout(...) is the expected value written in the test.  Every
EXPECT_EQ / EXPECT_THAT is compared exactly: in-dims in order, every basis,
out dims and sizes.  Statements the translation does not understand skip
their TEST_F (reported).

usage: ref_ttgir_llct.py LAYOUTD LinearLayoutConversionsTest.cpp [-v] [-k NAME]
"""
import json, re, subprocess, sys, tempfile, os

LAYOUTD = sys.argv[1]
SRC = open(sys.argv[2]).read()
VERBOSE = "-v" in sys.argv
ONLY = sys.argv[sys.argv.index("-k") + 1] if "-k" in sys.argv else None


def arr(a):
    return "[" + ", ".join(str(x) for x in a) + "]"


SYNTAX = ["legacy"]  # "legacy": the fixture's split params as printed before
                     # Triton 3.6; "current": CGALayout / ctaLayout / version


def from_split(cpg, split, cord):
    """CGAEncodingAttr::fromSplitParams: per dim in CTAOrder, the split bits
    along that dim, then zero bases for the broadcast CTAs."""
    rank, bases = len(cord), []
    for d in cord:
        k = 1
        while k < split[d]:
            bases.append([k if e == d else 0 for e in range(rank)])
            k *= 2
        k = 1
        while k < cpg[d] // split[d]:
            bases.append([0] * rank)
            k *= 2
    return bases


def cta(cpg, split, cord):
    if SYNTAX[0] == "legacy":
        return ", CTAsPerCGA = %s, CTASplitNum = %s, CTAOrder = %s" % (arr(cpg), arr(split), arr(cord))
    b = from_split(cpg, split, cord)
    return ", CGALayout = [%s]" % ", ".join(arr(x) for x in b) if b else ""


def blocked(spt, tpw, wpb, cpg, cSplit, ord_, cOrd):
    return ("#ttg.blocked<{sizePerThread = %s, threadsPerWarp = %s, warpsPerCTA = %s, order = %s%s}>"
            % (arr(spt), arr(tpw), arr(wpb), arr(ord_), cta(cpg, cSplit, cOrd)))


def mma(vmaj, vmin, instr, wbp, cpg=None, cSplit=None, cOrd=None):
    c = cta(cpg, cSplit, cOrd) if cpg is not None else ""
    return ("#ttg.nvidia_mma<{versionMajor = %d, versionMinor = %d, warpsPerCTA = %s%s, instrShape = %s}>"
            % (vmaj, vmin, arr(wbp), c, arr(instr)))


def dot(parent, idx, kwidth):
    k = ", kWidth = %d" % kwidth if kwidth else ""
    return "#ttg.dot_op<{opIdx = %d, parent = %s%s}>" % (idx, parent, k)


mfmaDotOp = wmmaDotOp = dot


def mfma(version, warps, instr, isT, tpw=None, ebw=0):
    if SYNTAX[0] == "legacy":
        s = "#ttg.amd_mfma<{versionMajor = %d, versionMinor = 0, warpsPerCTA = %s, instrShape = %s, isTransposed = %s" % (
            version, arr(warps), arr(instr[:2]), "true" if isT else "false")
    else:
        s = "#ttg.amd_mfma<{version = %d, warpsPerCTA = %s, instrShape = %s, isTransposed = %s" % (
            version, arr(warps), arr(instr), "true" if isT else "false")
    if tpw:
        s += ", tilesPerWarp = " + arr(tpw)
    if ebw == 64:
        s += ", elementBitWidth = 64"
    return s + "}>"


def wmma(warps, version, transposed, instr=None):
    if SYNTAX[0] == "legacy":
        s = "#ttg.amd_wmma<{version = %d, isTranspose = %s, warpsPerCTA = %s" % (
            version, "true" if transposed else "false", arr(warps))
    else:
        # chooseWmmaCTALinearLayout with one tile per warp: warp bases along
        # dims r-1, ..., 0
        r, wb = len(warps), []
        for d in range(r - 1, -1, -1):
            k = 1
            while k < warps[d]:
                wb.append([k if e == d else 0 for e in range(r)])
                k *= 2
        s = "#ttg.amd_wmma<{version = %d, isTranspose = %s, %sctaLayout = {warp = [%s]}" % (
            version, "true" if transposed else "false", "rank = %d, " % r if r != 2 else "",
            ", ".join(arr(x) for x in wb))
    if instr:
        s += ", instrShape = " + arr(instr)
    return s + "}>"


def slice_(parent, dim):
    return "#ttg.slice<{dim = %d, parent = %s}>" % (dim, parent)


def shared(vec, pp, mp, cpg, cSplit, ord_, cOrd):
    return ("#ttg.swizzled_shared<{vec = %d, perPhase = %d, maxPhase = %d, order = %s%s}>"
            % (vec, pp, mp, arr(ord_), cta(cpg, cSplit, cOrd)))


def AMDRotatingShared(vec, pp, mp, cpg, cSplit, ord_, cOrd):
    return shared(vec, pp, mp, cpg, cSplit, ord_, cOrd).replace("swizzled_shared", "amd_rotating_shared")


def nvmmaShared(sw, tr, ebw, cpg, cSplit, ord_, cOrd, fp4=False):
    s = "#ttg.nvmma_shared<{swizzlingByteWidth = %d, transposed = %s, elementBitWidth = %d" % (
        sw, "true" if tr else "false", ebw)
    if fp4:
        s += ", fp4Padded = true"
    c = cta(cpg, cSplit, cOrd)
    if not c and len(cpg) != 2:  # the printer's form for a trivial CGA
        c = ", rank = %d" % len(cpg)
    return s + c + "}>"


class Unsupported(Exception):
    pass


def unsupported(*a, **k):
    raise Unsupported("helper")


LAST = {}
RECORD = []


def TLL(shape, layout):
    LAST["layout"], LAST["shape"] = layout, list(shape)
    req = {"layout": {"ttgir": layout, "shape": list(shape)}}
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        json.dump(req, f)
    try:
        out = subprocess.run([LAYOUTD, "check", "--json", f.name], capture_output=True, text=True)
    finally:
        os.unlink(f.name)
    d = json.loads(out.stdout)
    if "error" in d:
        return ("error", d["error"].get("detail"), layout, shape)
    lin = d["structure"]["linear"]
    return PLL(list(lin["bases"].items()), [tuple(o) for o in lin["out"]])


def next_pow2(v):
    p = 1
    while p <= v:
        p *= 2
    return p


class PLL:
    """A linear layout as (in-dim bases, out dims) for comparison, with the
    product the tests use to write expectations (identity1D(...) * ...)."""

    def __init__(self, bases, outs):
        self.bases = [(n, [list(b) for b in bl]) for n, bl in bases]
        self.outs = [(n, s) for n, s in outs]

    def key(self):
        return (self.bases, self.outs)

    def __eq__(self, o):
        return isinstance(o, PLL) and self.key() == o.key()

    def __repr__(self):
        return repr(self.key())

    def transposeOuts(self, names):
        idx = [[n for n, _ in self.outs].index(d) for d in names]
        return PLL([(n, [[b[i] for i in idx] for b in bl]) for n, bl in self.bases],
                   [self.outs[i] for i in idx])

    def __mul__(self, o):
        ins = [n for n, _ in self.bases] + [n for n, _ in o.bases if n not in [m for m, _ in self.bases]]
        outs = [n for n, _ in self.outs] + [n for n, _ in o.outs if n not in [m for m, _ in self.outs]]
        asz, bsz = dict(self.outs), dict(o.outs)
        ab, bb = dict(self.bases), dict(o.bases)
        res = []
        for n in ins:
            rows = []
            for b in ab.get(n, []):
                rows.append([b[[m for m, _ in self.outs].index(d)] if d in asz else 0 for d in outs])
            for b in bb.get(n, []):
                rows.append([(b[[m for m, _ in o.outs].index(d)] * asz.get(d, 1)) if d in bsz else 0
                             for d in outs])
            res.append((n, rows))
        return PLL(res, [(d, asz.get(d, 1) * bsz.get(d, 1)) for d in outs])


def identity1D(size, ind, outd):
    return PLL([(ind, [[1 << k] for k in range(size.bit_length() - 1)])], [(outd, size)])


def zeros1D(size, ind, outd):
    return PLL([(ind, [[0] for k in range(size.bit_length() - 1)])], [(outd, 1)])


def SCOPED_TRACE(*a):
    pass


def join(*a):
    return ""


def LL(bases, outs, surj=True):
    bases = [(n, b) for n, b in bases]
    if outs and isinstance(outs[0], list):
        sizes = [tuple(o) for o in outs]
    else:
        sizes = []
        for k, name in enumerate(outs):
            s = 1
            for _, bl in bases:
                for b in bl:
                    s = max(s, next_pow2(b[k]))
            sizes.append((name, s))
    return PLL(bases, sizes)


results = {"pass": 0, "fail": 0, "skip": 0, "error": 0}
failures = []


def CHECK(got, want):
    if isinstance(got, tuple) and got and got[0] == "error":
        results["error"] += 1
        failures.append((CUR, "error", got))
        return
    if isinstance(want, tuple) and want and want[0] == "error":
        results["error"] += 1
        failures.append((CUR, "error", want))
        return
    RECORD.append((CUR, LAST.get("layout"), LAST.get("shape"), want))
    if got == want:
        results["pass"] += 1
    else:
        results["fail"] += 1
        failures.append((CUR, got, want))


def strip_comments(s):
    s = re.sub(r"/\*.*?\*/", "", s, flags=re.S)
    return re.sub(r"//[^\n]*", "", s)


def to_py(expr):
    e = expr
    e = re.sub(r'S\("([^"]*)"\)', r'"\1"', e)
    e = e.replace("{", "[").replace("}", "]")
    e = re.sub(r"\btrue\b", "True", e)
    e = re.sub(r"\bfalse\b", "False", e)
    e = re.sub(r"\btoLinearLayout\(", "TLL(", e)
    e = re.sub(r"\bLinearLayout\(", "LL(", e)
    e = re.sub(r"\bslice\(", "slice_(", e)
    e = re.sub(r"\btmem\(", "unsupported(", e)
    e = re.sub(r"\btensorMemoryToLinearLayout\(", "unsupported(", e)
    e = re.sub(r"\bSmallVector<[^>]*>", "", e)
    e = e.replace("LinearLayout::identity1D(", "identity1D(").replace("LinearLayout::zeros1D(", "zeros1D(")
    e = e.replace("triton::join(", "join(")
    e = re.sub(r"(\d+)u\b", r"\1", e)
    if "::" in e or "&" in e or "->" in e:
        raise Unsupported(e[:60])
    return e


def split_statements(body):
    out, depth, cur = [], 0, ""
    for ch in body:
        if ch in "({[":
            depth += 1
        elif ch in ")}]":
            depth -= 1
        if ch == ";" and depth == 0:
            out.append(cur.strip())
            cur = ""
        else:
            cur += ch
    if cur.strip():
        out.append(cur.strip())
    return out


def translate(body, indent=""):
    lines = []
    for st in split_statements(body):
        if not st:
            continue
        m = re.match(r"for\s*\(\s*(?:const\s+)?auto\s*&?\s*(\w+)\s*:\s*(\w+)\s*\)\s*\{(.*)\}\s*$", st, re.S)
        if m:
            lines.append("%sfor %s in %s:" % (indent, m.group(1), m.group(2)))
            lines += translate(m.group(3), indent + "    ")
            continue
        if st.startswith("for") or st.startswith("if") or st.startswith("{"):
            raise Unsupported(st[:40])
        m = re.match(r"(?:auto|[\w:<>, ]+?)\s+(\w+)\s*=\s*(.*)$", st, re.S)
        if m and not st.startswith("EXPECT"):
            lines.append("%s%s = %s" % (indent, m.group(1), to_py(m.group(2))))
            continue
        if st.startswith("SCOPED_TRACE"):
            continue
        m = re.match(r"(EXPECT_EQ|EXPECT_THAT|ASSERT_EQ)\((.*)\)$", st, re.S)
        if m:
            lines.append("%sCHECK(%s)" % (indent, to_py(m.group(2))))
            continue
        raise Unsupported(st[:60])
    return lines


src = strip_comments(SRC)


def run_tests(only=None):
    global CUR
    for m in re.finditer(r"TEST_F\(\s*LinearLayoutConversionsTest\s*,\s*(\w+)\s*\)\s*\{", src):
        name = m.group(1)
        if (only or ONLY) and (only or ONLY) != name:
            continue
        depth, i = 1, m.end()
        while depth:
            depth += {"{": 1, "}": -1}.get(src[i], 0)
            i += 1
        body = src[m.end():i - 1]
        CUR = name
        try:
            code = "\n".join(translate(body))
            exec(code, dict(globals()))
        except Unsupported as e:
            results["skip"] += 1
            if VERBOSE:
                print("SKIP", name, e)
        except Exception as e:  # a translation gap, counted as a skip
            results["skip"] += 1
            if VERBOSE:
                print("SKIP", name, type(e).__name__, e)


CASES = [
    ("SimpleBlocked", 0, "blocked-simple-16", "current"),
    ("CTADuplication", 0, "blocked-cta-duplication-32-legacy", "legacy"),
    ("CTABroadcast", 0, "blocked-cga-broadcast-64x128", "current"),
    ("ShapeLargerThanLayout", 0, "blocked-wrap-128", "current"),
    ("ShapeSmallerThanLayout", 0, "blocked-broadcast-8", "current"),
    ("OneDimTooLargeAnotherTooSmall", 0, "blocked-wrap-and-broadcast-cga-128x16", "current"),
    ("RepeatInCTGDimFirst", 0, "blocked-cga-split-first-4", "legacy"),
    ("BlockedOrder", 0, "blocked-order-cga-1024x128", "current"),
    ("Blocked4D", 0, "blocked-4d", "current"),
    ("BlockedDotOperandLhs", 0, "dot-blocked-lhs", "current"),
    ("BlockedDot3dOperandRhs", 0, "dot-blocked-3d-rhs", "current"),
    ("MMAv2_32x32", 0, "mma-v2-32x32", "current"),
    ("MMAv2_Cga", 0, "mma-v2-cga-legacy", "legacy"),
    ("MMAv2_Small3D", 0, "mma-v2-3d-small", "current"),
    ("MMAv3_4x2Warps", 0, "mma-v3-4x2warps", "current"),
    ("MMAv3_1024x1024", 0, "mma-v3-1024x1024", "current"),
    ("DotMMAv2_large_warp4_kwidth8", 0, "dot-mma-v2-a-kwidth8-warp4", "current"),
    ("DotMMAv2_3D", 0, "dot-mma-v2-3d", "current"),
    ("DotMMAv2_split_warp_kwidth8", 1, "dot-mma-v2-b-split-warp", "current"),
    ("DotMMAv3_warp4_kwidth2", 0, "dot-mma-v3-kwidth2", "current"),
    ("SliceDot", 0, "slice-of-dot-mma-v2", "current"),
    ("SliceDot", 1, "slice-of-dot-mma-v3", "current"),
    ("SliceOfBlocked", 0, "slice-of-blocked", "current"),
    ("Slice4D", 0, "slice-4d-blocked", "current"),
    ("SliceOfMmaV2", 0, "slice-of-mma-v2", "current"),
    ("MFMA32_2x4Warps_tpw_2_2", 0, "mfma32-tiles-per-warp", "current"),
    ("MFMA32_2x4Warps", 0, "mfma32-2x4warps-legacy", "legacy"),
    ("MFMA16_2x4Warps_F64", 0, "mfma16-f64", "current"),
    ("MFMA32_2x4x1Warps", 0, "mfma32-3d", "current"),
    ("MFMA32_warp1onK_lhs_kwidth8", 0, "dot-mfma32-lhs-kwidth8", "current"),
    ("MFMA16_dot_op_rhs_kwidth4", 0, "dot-mfma16-rhs-kwidth4", "current"),
    ("WMMA_v1_2x4Warps", 0, "wmma-v1-2x4warps", "current"),
    ("WMMA_v2_2x2x2Warps", 0, "wmma-v2-3d", "current"),
    ("TWMMA_v2_2x4Warps", 0, "wmma-v2-transposed-legacy", "legacy"),
    ("WMMA_v3_2x4Warps", 0, "wmma-v3-2x4warps", "current"),
    ("WMMA_v1_2x4Warps_lhs", 0, "dot-wmma-v1-lhs", "current"),
    ("WMMA_v2_2x4Warps_rhs", 0, "dot-wmma-v2-rhs", "current"),
    ("WMMA_v3_2x4Warps_lhs", 0, "dot-wmma-v3-lhs", "current"),
    ("SharedSwizzled2D_PerPhaseMaxPhaseVec", 0, "swizzled-shared-vec-perphase", "current"),
    ("SharedSwizzled4D", 0, "swizzled-shared-4d", "current"),
    ("SharedSwizzled2D_Order01", 0, "swizzled-shared-order01", "legacy"),
    ("LeadingOffset_8x64_1_8", 0, "nvmma-shared-128b-8x64", "current"),
    ("LeadingOffset_128x128_1_8_128b_transposed", 0, "nvmma-shared-transposed-128x128", "current"),
    ("LeadingOffset_32x4x64_1_8_32b", 0, "nvmma-shared-3d-32b", "current"),
    ("MMAv5Fp4Padded", 0, "nvmma-shared-fp4-padded", "current"),
    ("AMDRotatingShared2D_64x64", 0, "amd-rotating-shared-64x64", "current"),
    ("AMDRotatingShared3D_4x64x64", 0, "amd-rotating-shared-3d", "current"),
]


def emit(outdir, cases, commit):
    fp_cache = {}
    for (test, idx, slug, syntax) in cases:
        SYNTAX[0] = syntax
        RECORD.clear()
        globals()["ONLY"] = test
        run_tests(test)
        rows = [r for r in RECORD if r[0] == test]
        if idx >= len(rows):
            print("no check", test, idx)
            continue
        _, layout, shape, want = rows[idx]
        bases = {n: b for n, b in want.bases}
        out = [[n, sz] for n, sz in want.outs]
        twin = {"layout": {"linear": {"bases": bases, "out": out}}}
        d = os.path.join(outdir, "ttgir-" + slug + "-linear")
        os.makedirs(d, exist_ok=True)
        with open(os.path.join(d, "request.json"), "w") as f:
            json.dump(twin, f)
            f.write("\n")
        res = subprocess.run([LAYOUTD, "check", "--json", os.path.join(d, "request.json")],
                             capture_output=True, text=True)
        fp = json.loads(res.stdout)["fingerprint"]
        with open(os.path.join(d, "expected.json"), "w") as f:
            json.dump({"fingerprint": fp, "structure": {"linear": {"bases": bases, "out": out}}}, f)
            f.write("\n")
        src = ("Repository: triton-lang/triton\n"
               "Path: unittest/Dialect/TritonGPU/LinearLayoutConversionsTest.cpp (commit %s)\n"
               "Symbol: TEST_F(LinearLayoutConversionsTest, %s), EXPECT_EQ number %d of the test\n"
               % (commit, test, idx + 1))
        with open(os.path.join(d, "SOURCE"), "w") as f:
            f.write(src + "Content: the expected LinearLayout of that EXPECT_EQ, transcribed as the linear "
                    "notation (in-dims in Triton's order, each basis in out-dim order, out sizes as "
                    "Triton infers them).  This twin's fingerprint is the one the ttgir case asserts.\n"
                    "Generated by tests/golden/tools/ref_ttgir_llct.py.\n")
        d = os.path.join(outdir, "ttgir-" + slug)
        os.makedirs(d, exist_ok=True)
        with open(os.path.join(d, "request.json"), "w") as f:
            json.dump({"layout": {"ttgir": layout, "shape": shape}, "expect": {"fingerprint": fp}},
                      f, indent=1)
            f.write("\n")
        with open(os.path.join(d, "expected.json"), "w") as f:
            json.dump({"ok": True, "fingerprint": fp,
                       "structure": {"linear": {"bases": bases, "out": out}}}, f)
            f.write("\n")
        with open(os.path.join(d, "SOURCE"), "w") as f:
            f.write(src + "Content: the attribute the test builds (the fixture helper's arguments written "
                    "as TTGIR, %s syntax%s) on the test's tensor shape; expected: exactly the test's "
                    "LinearLayout (structure.linear) and the fingerprint of the twin case ttgir-%s-linear.\n"
                    "Generated by tests/golden/tools/ref_ttgir_llct.py.\n"
                    % (syntax, ": CTAsPerCGA/CTASplitNum/CTAOrder, versionMajor for amd_mfma, "
                       "warpsPerCTA for amd_wmma" if syntax == "legacy" else
                       ": CGALayout from fromSplitParams, ctaLayout from chooseWmmaCTALinearLayout",
                       slug))
        print("wrote", slug)


if "--emit" in sys.argv:
    k = sys.argv.index("--emit")
    emit(sys.argv[k + 1], CASES, sys.argv[k + 2])
    sys.exit(0)
for mode in ("legacy", "current"):
    SYNTAX[0] = mode
    run_tests()
for name, got, want in failures:
    print("FAIL", name)
    print("   got ", got)
    print("   want", want)
print(results)
