#!/usr/bin/env python3
"""Independent reference for the #ttg.padded_shared golden cases.

Provenance only (not run by CI).  Written from Triton's rules, not from
layoutd's C:

  * the linear component of padded_shared<[...] {order, shape}> is the
    identity in `order` (dim order[0] fastest): offset = row-major (order
    [1, 0]) or column-major (order [0, 1]) index of the element
    (PaddedSharedEncodingAttr, lib/Dialect/TritonGPU/IR/Dialect.cpp);
  * the physical offset of linear offset o is
        o + sum over the (interval, padding) pairs of
            (o >> log2(interval)) << log2(padding)
    (getPaddedSharedShifts / applyPadding,
    lib/Conversion/TritonGPUToLLVM/Utility.cpp);
  * the allocation is getPaddedSize: n + sum((n >> log2 iv) << log2 pad),
    less one padding per pair whose interval divides n (no padding after
    the last element);
  * a local_load / local_store vectorises the linear component
    (largestVectorisation) with at most getMinInterval elements
    (lowerLocalLdSt's maybeMaxVecElems), and each vector starts at the
    padded offset of its first element;
  * bank rule and wavefronts / AMD phases: ref_access2.py (phases) with the
    words of the padded offsets.

Usage:  python3 ref_padded.py [--write]
"""
import json, os, sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import ref_access2  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
GOLDEN = os.path.dirname(HERE)


def log2(x):
    return x.bit_length() - 1


def pad(o, pairs):
    return o + sum((o >> log2(iv)) << log2(p) for iv, p in pairs)


def padded_size(n, pairs):
    s = n
    for iv, p in pairs:
        s += (n >> log2(iv)) << log2(p)
        if n % iv == 0:
            s -= p
    return s


def banks(mem_expr, threads, bits, pairs, target="nvidia", op="load"):
    """The access counted on padded offsets (ref_access2's tables)."""
    req = {"layout": mem_expr, "access": {"threads": threads, "element_bits": bits,
                                          "target": target, "op": op}}
    t = ref_access2.table(req)  # vector on the linear component
    v = t["v"]
    cap = min(iv for iv, _ in pairs)
    while v > cap:
        v //= 2
    if v != t["v"]:
        req["access"]["vector"] = v
        t = ref_access2.table(req)
    w = -(-v * bits // 32)
    groups = ref_access2.phases(t, w)
    total = ideal = ways = 0
    for g in range(t["G"]):
        for ig in range(t["R2"] // v):
            for lanes in groups:
                words = set()
                for l in lanes:
                    base = t["f"](g, l, t["regof"](ig, 0))
                    if base < 0:
                        continue
                    pb = pad(base, pairs)
                    for s in range(v):
                        words.add((pb + s) * bits // 32)
                if not words:
                    continue
                per = {}
                for x in words:
                    per[x % t["banks"]] = per.get(x % t["banks"], 0) + 1
                c = max(per.values())
                total += c
                ideal += 1
                ways = max(ways, c)
    bc = (total - ideal) // ideal
    return {"target": target, "op": op, "vector": {"elements": v, "bits": v * bits},
            "wavefronts": total, "ideal_wavefronts": ideal, "bank_conflicts": bc,
            "max_ways": ways}


def module(aliases, target, tpw, warps):
    head = "\n".join(aliases)
    tg = ', ttg.target = "%s"' % target if target else ""
    return (head + '\n#smem = #ttg.shared_memory\nmodule attributes {"ttg.num-ctas" = 1 : i32, '
            '"ttg.num-warps" = %d : i32%s, "ttg.threads-per-warp" = %d : i32} {\n}\n'
            % (warps, tg, tpw))


SRC = ("Triton lib/Conversion/TritonGPUToLLVM/Utility.cpp (getPaddedSharedShifts, applyPadding,\n"
       "lowerLocalLdSt: maybeMaxVecElems = getMinInterval) and lib/Dialect/TritonGPU/IR/Dialect.cpp\n"
       "(PaddedSharedEncodingAttr: linear component, getPaddedSize), triton-lang/triton commit\n"
       "00a287a7530fdc5fe89a2a01ac1de19f66aca85a.\n")

CASES = []


def access_case(name, desc, shape, ty, bits, pairs, blocked, lane, warp, reg, warps,
                target=None, tpw=32, op="load"):
    pr = ", ".join("%d:+%d" % p for p in pairs)
    dims = "x".join(map(str, shape))
    enc = "#ttg.padded_shared<[%s] {order = [1, 0], shape = [%s]}>" % (
        pr, ", ".join(map(str, shape)))
    hdr = module(["#blocked = " + blocked, "#shared = " + enc], target, tpw, warps)
    md = "%%v = x : !ttg.memdesc<%sx%s, #shared, #smem, mutable>" % (dims, ty)
    tn = "%%v = x : tensor<%sx%s, #blocked>" % (dims, ty)
    request = {"layout": {"ttgir": hdr + md}, "access": {"threads": {"ttgir": hdr + tn},
                                                         "op": op}}
    mem = {"logical": shape, "expr": {"offset": "i * %d + j" % shape[1]}}
    thr = {"logical": shape, "expr": {"lane": lane, "warp": warp, "register": reg}}
    tgt = {None: "nvidia", "hip:gfx942": "gfx942", "hip:gfx950": "gfx950"}[target]
    exp = banks(mem, thr, bits, pairs, tgt, op)
    CASES.append((name, request, {"access": exp, "warnings": []}, desc + "\nThreads as the reference reads "
                  "them: lane = %s, warp = %s, register = %s; linear component offset = "
                  "i * %d + j.\n" % (lane, warp, reg, shape[1])))


ROWS = ("#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [32, 1], warpsPerCTA = [2, 1], "
        "order = [1, 0]}>")
for p, what in ((1, "one element per 64 breaks the 8-way column of 128-bit reads down to 4"),
                (4, "four elements per 64: eight consecutive lanes reach 32 distinct banks")):
    access_case("access-ttgir-padded-64x64-f32-pad%d-rows-per-lane" % p,
                "64x64 f32 local_load of #ttg.padded_shared<[64:+%d]> (order [1, 0]) by a\n"
                "blocked layout with one row per lane (threadsPerWarp [32, 1], 2 warps): %s.\n"
                "Unpadded the same pair counts 7 conflicts (8-way)." % (p, what),
                [64, 64], "f32", 32, [(64, p)], ROWS, "i % 32", "i // 32", "j", 2)
access_case("access-ttgir-padded-16x64-f16-interval4-caps-vector",
            "16x64 f16 local_load of #ttg.padded_shared<[4:+4]>: the vector is at most the\n"
            "shortest interval (4 elements, 64 bits), not the 8 the linear component allows.",
            [16, 64], "f16", 16, [(4, 4)],
            "#ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], "
            "order = [1, 0]}>", "(j // 8) % 8 + 8 * (i % 4)", "(i // 4) % 4", "j % 8", 4)
access_case("access-ttgir-padded-64x64-f16-gfx950-pad8-load",
            "64x64 f16 local_load on gfx950 (ttg.target = \"hip:gfx950\", 64-lane waves) of\n"
            "#ttg.padded_shared<[64:+8]> (the AMD row padding of 128 bits) by a blocked layout of\n"
            "8-element rows, threadsPerWarp [8, 8].",
            [64, 64], "f16", 16, [(64, 8)],
            "#ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 8], warpsPerCTA = [4, 1], "
            "order = [1, 0]}>", "(j // 8) % 8 + 8 * (i % 8)", "(i // 8) % 4", "j % 8 + 8 * (i // 32)",
            4, target="hip:gfx950", tpw=64)

# placements: element (i, j) of a 64x64 [64:+1] tile at pad(64 i + j)
enc = "#ttg.padded_shared<[64:+1, 2048:+16] {order = [1, 0], shape = [64, 64]}>"
pairs = [(64, 1), (2048, 16)]
probe = [[0, 63], [1, 0], [31, 63], [32, 0], [63, 63]]
CASES.append(("ttgir-padded-64x64-placements", {
    "layout": {"ttgir": enc, "shape": [64, 64]}, "probe": probe},
    {"placements": 4096, "holes": {"count": padded_size(4096, pairs) - 4096},
     "physical": {"size": padded_size(4096, pairs)},
     "probe": [{"logical": x, "places": [{"offset": pad(64 * x[0] + x[1], pairs), "block": 0}]} for x in probe],
     "verdict": {"complete": True, "collision_free": True, "in_bounds": True, "hole_free": False}},
    "#ttg.padded_shared<[64:+1, 2048:+16]> on 64x64: element (i, j) at pad(64 i + j), the\n"
    "allocation getPaddedSize(4096) = 4096 + 64 + 32 - 1 - 16 elements.\n"))

if __name__ == "__main__":
    for name, req, exp, desc in CASES:
        print(name, json.dumps(exp))
        if "--write" in sys.argv:
            d = os.path.join(GOLDEN, name)
            os.makedirs(d, exist_ok=True)
            with open(os.path.join(d, "request.json"), "w") as f:
                json.dump(req, f, indent=2)
                f.write("\n")
            with open(os.path.join(d, "expected.json"), "w") as f:
                json.dump(exp, f, indent=2)
                f.write("\n")
            with open(os.path.join(d, "SOURCE"), "w") as f:
                f.write(SRC + desc + "\nExpected numbers: tests/golden/tools/ref_padded.py, an "
                        "independent Python\nimplementation of the rules above (not the engine).\n"
                        "  " + json.dumps(exp) + "\n")
