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


def cta(cpg, split, cord):
    return ", CTAsPerCGA = %s, CTASplitNum = %s, CTAOrder = %s" % (arr(cpg), arr(split), arr(cord))


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
    s = "#ttg.amd_mfma<{version = %d, warpsPerCTA = %s, instrShape = %s, isTransposed = %s" % (
        version, arr(warps), arr(instr), "true" if isT else "false")
    if tpw:
        s += ", tilesPerWarp = " + arr(tpw)
    if ebw == 64:
        s += ", elementBitWidth = 64"
    return s + "}>"


def wmma(warps, version, transposed, instr=None):
    s = "#ttg.amd_wmma<{version = %d, isTranspose = %s, warpsPerCTA = %s" % (
        version, "true" if transposed else "false", arr(warps))
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
    return s + cta(cpg, cSplit, cOrd) + "}>"


class Unsupported(Exception):
    pass


def unsupported(*a, **k):
    raise Unsupported("helper")


def TLL(shape, layout):
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
for m in re.finditer(r"TEST_F\(\s*LinearLayoutConversionsTest\s*,\s*(\w+)\s*\)\s*\{", src):
    name = m.group(1)
    if ONLY and ONLY != name:
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

for name, got, want in failures:
    print("FAIL", name)
    print("   got ", got)
    print("   want", want)
print(results)
