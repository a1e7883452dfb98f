#!/usr/bin/env python3
"""Golden cases for the CuTe layout algebra, computed by CuTe C++ itself.

  gen_cute_algebra.py CUTLASS_DIR OUT_DIR [--seed N] [--count N]

Draws random static layouts and tilers, writes one host-only C++17 program
(cute_algebra_ref.cpp beside this script) that applies CuTe's functions to
them with static integers and prints each result with cute::print, compiles
it with g++ -std=c++17 -I CUTLASS_DIR/include, and turns every printed
result into a case directory OUT_DIR/algebra-rand-NNN (request.json,
expected.json, SOURCE).  A case CuTe refuses at compile time (a
static_assert) is dropped from the program and recompiled without it; its
number and the assertion's message are listed on stderr.

The layouts CuTe prints are checked here by an evaluator of our own (the
colexicographic Shape:Stride function, nothing else): where a composition
or a logical_divide printed by C++ is not the composition it claims
(cutlass#3177, #2955), the case expects the refusal algebra_precondition.
"""
import json
import os
import random
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
# host-only: g++ with the CUDA toolkit's headers for cute/config.hpp, no nvcc
CUDA = os.environ.get("CUDA_INCLUDE", "/usr/local/cuda/include")

# ---------------------------------------------------------------- values


def flat(t):
    return [x for y in t for x in flat(y)] if isinstance(t, tuple) else [t]


def size(t):
    p = 1
    for x in flat(t):
        p *= x
    return p


def text(t):
    if isinstance(t, tuple):
        return "(" + ",".join(text(x) for x in t) + ")"
    return str(t)


def cxx(t, kind):
    if isinstance(t, tuple):
        return kind + "<" + ",".join(cxx(x, kind) for x in t) + ">"
    return "Int<%d>" % t


class L:
    def __init__(self, s, d):
        self.s, self.d = s, d

    def text(self):
        return text(self.s) + ":" + text(self.d)

    def cxx(self):
        return "Layout<%s,%s>{}" % (cxx(self.s, "Shape"), cxx(self.d, "Stride"))


def rand_shape(r, depth=0):
    rank = r.choice([1, 1, 2, 2, 3]) if depth == 0 else r.choice([2, 2, 3])
    out = []
    for _ in range(rank):
        if depth < 1 and r.random() < 0.25:
            out.append(rand_shape(r, depth + 1))
        else:
            out.append(r.choice([1, 2, 2, 3, 4, 4, 6, 8]))
    if depth == 0 and rank == 1 and r.random() < 0.7:
        return out[0]
    return tuple(out)


def mapt(f, t):
    return tuple(mapt(f, x) for x in t) if isinstance(t, tuple) else f(t)


def unflat(vals, t):
    it = iter(vals)
    return mapt(lambda _: next(it), t)


def rand_layout(r, maxsize=512, injective=None):
    while True:
        s = rand_shape(r)
        if size(s) <= maxsize:
            break
    leaves = flat(s)
    if injective is None:
        injective = r.random() < 0.7
    if injective:
        order = list(range(len(leaves)))
        r.shuffle(order)
        d = [0] * len(leaves)
        acc = 1
        gap = r.random() < 0.3
        for k in order:
            d[k] = acc
            acc *= leaves[k]
            if gap and r.random() < 0.4:
                acc *= r.choice([2, 3])
    else:
        d = [r.choice([0, 1, 2, 3, 4, 8, 16]) for _ in leaves]
    return L(s, unflat(d, s))


def rand_tiler_layout(r, maxsize=16):
    s = r.choice([2, 2, 3, 4, 4, 8, (2, 2), (2, 4), (4, 2), (2, 3)])
    if isinstance(s, int):
        d = r.choice([1, 1, 2, 3, 4])
        return L(s, d)
    d0 = r.choice([1, 2])
    d1 = r.choice([s[0] * d0, s[0] * d0 * 2, 1 if d0 == 2 else 4])
    return L(s, (d0, d1))


# A tiler: ("L", L) | ("T", [tilers]) | ("N", n) | ("U",)
def tiler_text(t):
    if t[0] == "L":
        return t[1].text()
    if t[0] == "N":
        return str(t[1])
    if t[0] == "U":
        return "_"
    return "<" + ", ".join(tiler_text(x) for x in t[1]) + ">"


def tiler_cxx(t):
    if t[0] == "L":
        return t[1].cxx()
    if t[0] == "N":
        return "Int<%d>{}" % t[1]
    if t[0] == "U":
        return "_"
    return "make_tile(" + ", ".join(tiler_cxx(x) for x in t[1]) + ")"


def rank(s):
    return len(s) if isinstance(s, tuple) else 1


def rand_tiler(r, a):
    if r.random() < 0.45 or rank(a.s) == 1:
        return ("L", rand_tiler_layout(r))
    k = r.randint(1, rank(a.s))
    parts = []
    for _ in range(k):
        c = r.random()
        if c < 0.6:
            parts.append(("L", rand_tiler_layout(r)))
        elif c < 0.9:
            parts.append(("N", r.choice([2, 3, 4])))
        else:
            parts.append(("U",))
    return ("T", parts)


# ---------------------------------------------------------------- cases

DIVIDES = ["logical_divide", "zipped_divide", "tiled_divide", "flat_divide"]
PRODUCTS = ["logical_product", "zipped_product", "tiled_product", "flat_product"]


def make_case(r, k):
    """(expression text, C++ expression, extra checks)"""
    op = r.choice(
        ["composition"] * 5 + ["complement"] * 3 + ["coalesce"] * 2 + ["filter", "right_inverse",
        "left_inverse", "make_layout"] + DIVIDES * 2 + PRODUCTS + ["blocked_product",
        "raked_product", "upcast", "downcast", "max_common_vector", "max_common_layout",
        "tile_to_shape", "coalesce_profile"])
    a = rand_layout(r)
    if op == "composition":
        if r.random() < 0.6:
            b = rand_layout(r, maxsize=64)
            if r.random() < 0.5:  # keep b inside a's domain more often
                b = rand_tiler_layout(r)
            return ("composition(%s, %s)" % (a.text(), b.text()),
                    "composition(%s, %s)" % (a.cxx(), b.cxx()), ("comp", a, ("L", b)))
        t = rand_tiler(r, a)
        return ("composition(%s, %s)" % (a.text(), tiler_text(t)),
                "composition(%s, %s)" % (a.cxx(), tiler_cxx(t)), ("comp", a, t))
    if op == "complement":
        a = rand_layout(r, maxsize=64, injective=r.random() < 0.85)
        c = r.random()
        if c < 0.4:
            return ("complement(%s)" % a.text(), "complement(%s)" % a.cxx(), None)
        if c < 0.8:
            n = r.choice([16, 32, 64, 128, 256, 24, 48, 100])
            return ("complement(%s, %d)" % (a.text(), n),
                    "complement(%s, Int<%d>{})" % (a.cxx(), n), None)
        sh = r.choice([(4, 8), (8, 8), (2, 3, 8), (16, 4)])
        return ("complement(%s, %s)" % (a.text(), text(sh)),
                "complement(%s, %s{})" % (a.cxx(), cxx(sh, "Shape")), None)
    if op in ("coalesce", "filter", "right_inverse", "left_inverse"):
        return ("%s(%s)" % (op, a.text()), "%s(%s)" % (op, a.cxx()), None)
    if op == "coalesce_profile":
        ra = rank(a.s)
        prof = tuple(1 for _ in range(r.randint(1, ra)))
        if ra >= 2 and isinstance(a.s[0], tuple) and r.random() < 0.5:
            prof = ((1, 1),) + prof[1:]
            if len(a.s[0]) != 2:
                prof = (1,) + prof[1:]
        return ("coalesce(%s, %s)" % (a.text(), text(prof)),
                "coalesce(%s, %s{})" % (a.cxx(), cxx(prof, "Shape")), None)
    if op == "make_layout":
        b = rand_layout(r, maxsize=64)
        return ("make_layout(%s, %s)" % (a.text(), b.text()),
                "make_layout(%s, %s)" % (a.cxx(), b.cxx()), None)
    if op in DIVIDES:
        t = rand_tiler(r, a)
        return ("%s(%s, %s)" % (op, a.text(), tiler_text(t)),
                "%s(%s, %s)" % (op, a.cxx(), tiler_cxx(t)), ("div", a, t))
    if op in PRODUCTS:
        a = rand_layout(r, maxsize=64)
        if r.random() < 0.5 or rank(a.s) == 1:
            b = rand_layout(r, maxsize=32)
            return ("%s(%s, %s)" % (op, a.text(), b.text()),
                    "%s(%s, %s)" % (op, a.cxx(), b.cxx()), ("prod", a, ("L", b)))
        parts = [("L", rand_tiler_layout(r)) for _ in range(r.randint(1, rank(a.s)))]
        t = ("T", parts)
        return ("%s(%s, %s)" % (op, a.text(), tiler_text(t)),
                "%s(%s, %s)" % (op, a.cxx(), tiler_cxx(t)), ("prod", a, t))
    if op in ("blocked_product", "raked_product"):
        a = rand_layout(r, maxsize=64)
        b = rand_layout(r, maxsize=32)
        return ("%s(%s, %s)" % (op, a.text(), b.text()),
                "%s(%s, %s)" % (op, a.cxx(), b.cxx()), ("rank", a, ("L", b)))
    if op in ("upcast", "downcast"):
        n = r.choice([2, 4, 8])
        if op == "upcast":
            a = rand_layout(r, injective=True)
        return ("%s<%d>(%s)" % (op, n, a.text()), "%s<%d>(%s)" % (op, n, a.cxx()), None)
    if op in ("max_common_vector", "max_common_layout"):
        b = L(a.s, a.d) if r.random() < 0.3 else rand_layout(r, injective=True)
        if size(b.s) != size(a.s):
            s = a.s
            b = rand_layout(r, injective=True)
            b = L(s, unflat(perm_strides(r, flat(s)), s))
        return ("%s(%s, %s)" % (op, a.text(), b.text()),
                "%s(%s, %s)" % (op, a.cxx(), b.cxx()), None)
    if op == "tile_to_shape":
        s = r.choice([(2, 2), (4, 2), (2, 4), (4, 4), (8, 1), (2, 8)])
        blk = L(s, unflat(perm_strides(r, list(s)), s))
        tgt = (s[0] * r.choice([1, 2, 4]), s[1] * r.choice([1, 2, 4]))
        if r.random() < 0.4:
            step = r.choice([(1, 0), (0, 1), (2, 1)])
            return ("tile_to_shape(%s, %s, Step<%s>)" % (blk.text(), text(tgt),
                                                        ",".join(str(x) for x in step)),
                    "tile_to_shape(%s, %s{}, %s{})" % (blk.cxx(), cxx(tgt, "Shape"),
                                                      cxx(step, "Step")), None)
        return ("tile_to_shape(%s, %s)" % (blk.text(), text(tgt)),
                "tile_to_shape(%s, %s{})" % (blk.cxx(), cxx(tgt, "Shape")), None)
    raise AssertionError(op)


def perm_strides(r, leaves):
    order = list(range(len(leaves)))
    r.shuffle(order)
    d = [0] * len(leaves)
    acc = 1
    for k in order:
        d[k] = acc
        acc *= leaves[k]
    return d


# ---------------------------------------------------------------- printed text

def parse(s):
    """'((2,2),3):((1,4),8)' or '4' -> nested tuples"""
    pos = 0

    def item():
        nonlocal pos
        if s[pos] == "(":
            pos += 1
            out = []
            while True:
                out.append(item())
                if s[pos] == ",":
                    pos += 1
                    continue
                assert s[pos] == ")"
                pos += 1
                return tuple(out)
        m = re.match(r"-?\d+", s[pos:])
        pos += len(m.group(0))
        return int(m.group(0))

    v = item()
    if pos < len(s) and s[pos] == ":":
        pos += 1
        return v, item()
    return v, None


def evaluate(shape, stride, i):
    """the colex function, extended along the last leaf (CuTe's crd2idx)"""
    sh, st = flat(shape), flat(stride)
    v = 0
    for k in range(len(sh)):
        if k == len(sh) - 1:
            v += i * st[k]
        else:
            v += (i % sh[k]) * st[k]
            i //= sh[k]
    return v


def modes(s, d):
    return list(zip(s, d)) if isinstance(s, tuple) else [(s, d)]


# ---------------------------------------------------------------- main

def main():
    args = sys.argv[1:]
    seed, count = 23, 300
    if "--seed" in args:
        i = args.index("--seed")
        seed = int(args[i + 1])
        del args[i:i + 2]
    if "--count" in args:
        i = args.index("--count")
        count = int(args[i + 1])
        del args[i:i + 2]
    cutlass, out = args
    commit = os.environ.get("CUTLASS_COMMIT") or subprocess.run(["git", "-C", cutlass, "rev-parse", "HEAD"], capture_output=True,
                            text=True).stdout.strip() or "unknown"
    r = random.Random(seed)
    cases = [make_case(r, k) for k in range(count)]
    alive = list(range(count))
    refused = {}
    src = os.path.join(HERE, "cute_algebra_ref.cpp")
    exe = "/tmp/cute_algebra_ref"
    while True:
        write_cpp(src, cases, alive, commit, seed)
        p = subprocess.run(["g++", "-std=c++17", "-O0", "-w", "-fmax-errors=10000",
                            "-I", os.path.join(cutlass, "include"), "-I", CUDA, "-I", os.path.join(CUDA, "cccl"),
                            src, "-o", exe],
                           capture_output=True, text=True)
        if p.returncode == 0:
            break
        bad = set()
        for m in re.finditer(r"cute_algebra_ref\.cpp:(\d+):", p.stderr):
            line = int(m.group(1))
            k = line_case.get(line)
            if k is not None:
                bad.add(k)
        msgs = re.findall(r'static assertion failed(?:: ([^\n]*))?', p.stderr)
        if not bad:
            sys.stderr.write(p.stderr[-4000:])
            sys.exit(1)
        for k in bad:
            refused[k] = refusal_message(cutlass, cases[k][1])
        alive = [k for k in alive if k not in bad]
        sys.stderr.write("refused by CuTe: %s\n" % sorted(bad))
    res = subprocess.run([exe], capture_output=True, text=True, check=True).stdout
    got = {}
    for line in res.splitlines():
        k, tag, val = line.split("\t")
        got.setdefault(int(k), {})[tag] = val.replace("_", "")
    n = 0
    for k in alive:
        expr, _, chk = cases[k]
        g = got[k]
        wrong = check(chk, g)
        result = g["R"]
        if wrong and chk[0] == "comp" and chk[2][0] == "L":
            fixed = repair(chk[1], chk[2][1], result)
            if fixed:
                result, wrong = fixed, False
        write_case(out, k, expr, result, wrong, commit, seed)
        n += 1
    for k in sorted(refused):
        write_refused(out, k, cases[k][0], refused[k], commit, seed)
    sys.stderr.write("%d cases, %d refused by CuTe\n" % (n, len(refused)))


line_case = {}


def refusal_message(cutlass, cx):
    """the static_assert message CuTe stops at for one expression alone"""
    src = "/tmp/cute_algebra_one.cpp"
    with open(src, "w") as f:
        f.write("#include <cute/tensor.hpp>\nusing namespace cute;\n"
                "int main() { print(%s); return 0; }\n" % cx)
    p = subprocess.run(["g++", "-std=c++17", "-fsyntax-only", "-w", "-I",
                        os.path.join(cutlass, "include"), "-I", CUDA, "-I",
                        os.path.join(CUDA, "cccl"), src], capture_output=True, text=True)
    m = re.search(r"static assertion failed(?:: ([^\n]*))?", p.stderr)
    if m:
        return m.group(1) or "static assertion failed"
    m = re.search(r"error: ([^\n]*)", p.stderr)
    return m.group(1) if m else "compile error"


def write_cpp(path, cases, alive, commit, seed):
    line_case.clear()
    lines = [
        "// cute_algebra_ref.cpp - written by gen_cute_algebra.py (seed %d); do not edit." % seed,
        "// CuTe's layout algebra with static integers, printed by cute::print.",
        "// CUTLASS commit %s." % commit,
        "// g++ -std=c++17 -I<cutlass>/include -I<cuda>/include cute_algebra_ref.cpp && ./a.out",
        "#include <cstdio>",
        "#include <cute/tensor.hpp>",
        "using namespace cute;",
        "template <class T> static void out(int k, const char *tag, T const &v)",
        "{ printf(\"%d\\t%s\\t\", k, tag); print(v); printf(\"\\n\"); }",
        "int main()",
        "{",
    ]
    for k in alive:
        expr, cx, chk = cases[k]
        line_case[len(lines) + 1] = k
        lines.append("  out(%d, \"R\", %s); // %s" % (k, cx, expr))
        if chk and chk[0] == "div":
            a, t = chk[1], chk[2]
            line_case[len(lines) + 1] = k
            lines.append("  out(%d, \"LD\", logical_divide(%s, %s));" % (k, a.cxx(), tiler_cxx(t)))
            for i, (tt, ac) in enumerate(tiler_modes(a, t)):
                if tt[0] in ("L", "N"):
                    tl = tt[1].cxx() if tt[0] == "L" else "make_layout(Int<%d>{})" % tt[1]
                    line_case[len(lines) + 1] = k
                    lines.append("  out(%d, \"T%d\", make_layout(%s, complement(%s, "
                                 "shape(coalesce(%s)))));" % (k, i, tl, tl, ac))
        if chk and chk[0] in ("prod", "rank"):
            a, t = chk[1], chk[2]
            if chk[0] == "rank":
                R = max(rank(a.s), rank(t[1].s))
                ac = "append<%d>(%s)" % (R, a.cxx())
                pairs = [(ac, "append<%d>(%s)" % (R, t[1].cxx()))]
            elif t[0] == "L":
                pairs = [(a.cxx(), t[1].cxx())]
            else:
                pairs = [("layout<%d>(%s)" % (i, a.cxx()), x[1].cxx()) for i, x in enumerate(t[1])]
            for i, (ac, bc) in enumerate(pairs):
                line_case[len(lines) + 1] = k
                lines.append("  out(%d, \"P%d\", logical_product(%s, %s));" % (k, i, ac, bc))
                line_case[len(lines) + 1] = k
                lines.append("  out(%d, \"C%d\", complement(%s, size(%s)*cosize(%s)));"
                             % (k, i, ac, ac, bc))
                line_case[len(lines) + 1] = k
                lines.append("  out(%d, \"B%d\", %s);" % (k, i, bc))
    lines += ["  return 0;", "}", ""]
    with open(path, "w") as f:
        f.write("\n".join(lines))


def tiler_modes(a, t):
    """[(tiler of mode i, C++ text of the mode of a it divides)]"""
    if t[0] != "T":
        return [(t, a.cxx())]
    return [(x, "layout<%d>(%s)" % (i, a.cxx())) for i, x in enumerate(t[1])]


def check(chk, g):
    """True when the printed composition is not what it claims"""
    if not chk:
        return False
    kind, a, t = chk
    if kind in ("prod", "rank"):
        i = 0
        while "P%d" % i in g:
            ps, pd = parse(g["P%d" % i])
            cs, cd = parse(g["C%d" % i])
            bs, bd = parse(g["B%d" % i])
            for c in range(size(bs)):
                if evaluate(ps[1], pd[1], c) != evaluate(cs, cd, evaluate(bs, bd, c)):
                    return True
            i += 1
        return False
    if kind == "comp":
        rs, rd = parse(g["R"])
        if t[0] == "L":
            pairs = [(a.s, a.d, t[1], rs, rd)]
        elif t[0] == "T":
            am, rm = modes(a.s, a.d), modes(rs, rd)
            pairs = []
            for i, x in enumerate(t[1]):
                if x[0] == "L":
                    pairs.append((am[i][0], am[i][1], x[1], rm[i][0], rm[i][1]))
                elif x[0] == "N":
                    pairs.append((am[i][0], am[i][1], L(x[1], 1), rm[i][0], rm[i][1]))
        else:
            return False
        for s, d, b, s2, d2 in pairs:
            for c in range(size(b.s)):
                if evaluate(s2, d2, c) != evaluate(s, d, evaluate(b.s, b.d, c)):
                    return True
        return False
    # a divide: the logical_divide of the same operands, mode by mode
    rs, rd = parse(g["LD"])
    am = [(a.s, a.d)] if t[0] != "T" else modes(a.s, a.d)
    rm = [(rs, rd)] if t[0] != "T" else modes(rs, rd)
    for i in range(len(am)):
        if "T%d" % i not in g:
            continue
        ts, td = parse(g["T%d" % i])
        for c in range(size(ts)):
            if evaluate(rm[i][0], rm[i][1], c) != evaluate(am[i][0], am[i][1],
                                                           evaluate(ts, td, c)):
                return True
    return False


def repair(a, b, printed):
    """A layout of the printed shape (or of B's) that is A o B, or None:
    strides A(B(.)) at the unit coordinates, checked at every point."""
    vals = [evaluate(a.s, a.d, evaluate(b.s, b.d, c)) for c in range(size(b.s))]
    for shape in (parse(printed)[0], b.s):
        if size(shape) != len(vals):
            continue
        st, p = [], 1
        for e in flat(shape):
            st.append(0 if e == 1 else vals[p])
            p *= e
        stride = unflat(st, shape)
        if all(evaluate(shape, stride, c) == vals[c] for c in range(len(vals))):
            return text(shape) + ":" + text(stride)
    return None


def write_case(out, k, expr, result, wrong, commit, seed):
    d = os.path.join(out, "algebra-rand-%03d" % k)
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, "request.json"), "w") as f:
        json.dump({"layout": {"cute": expr}}, f, indent=2)
        f.write("\n")
    with open(os.path.join(d, "expected.json"), "w") as f:
        if wrong:
            exp = {"error": {"code": "algebra_precondition", "pointer": "/layout/cute"}}
        elif result.lstrip("-").isdigit():
            exp = {"algebra": {"value": int(result)}}
        else:
            exp = {"algebra": {"result": result}}
        json.dump(exp, f, indent=2)
        f.write("\n")
    with open(os.path.join(d, "SOURCE"), "w") as f:
        f.write("Randomized case %d (seed %d) of tests/golden/tools/gen_cute_algebra.py.\n"
                % (k, seed))
        f.write("Expected value printed by CuTe C++ (cute::print, static integers, underscores\n"
                "dropped): tests/golden/tools/cute_algebra_ref.cpp compiled with g++ -std=c++17\n"
                "against NVIDIA/cutlass include/ at commit %s.\n" % commit)
        if wrong:
            f.write("CuTe prints %s, which is not the composition it claims: R(c) differs\n"
                    "from A(B(c)) for some c (checked by the generator's own evaluator of the\n"
                    "Shape:Stride function), so the expected answer is a refusal.\n" % result)


def write_refused(out, k, expr, msg, commit, seed):
    d = os.path.join(out, "bad-algebra-rand-%03d" % k)
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, "request.json"), "w") as f:
        json.dump({"layout": {"cute": expr}}, f, indent=2)
        f.write("\n")
    with open(os.path.join(d, "expected.json"), "w") as f:
        json.dump({"error": {"code": "algebra_precondition", "pointer": "/layout/cute"}}, f,
                  indent=2)
        f.write("\n")
    with open(os.path.join(d, "SOURCE"), "w") as f:
        f.write("Randomized case %d (seed %d) of tests/golden/tools/gen_cute_algebra.py.\n"
                "CuTe C++ refuses it at compile time (g++ -std=c++17 against NVIDIA/cutlass\n"
                "include/ at commit %s): %s\n" % (k, seed, commit, msg))


if __name__ == "__main__":
    main()
