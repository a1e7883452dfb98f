#!/usr/bin/env python3
"""Golden cases cute-print-* from the output of cute_print_dump.cpp (CuTe's
own print(tiled_copy) / print(tensor) text and CuTe's own placements), plus
the CuTe DSL spellings of the same objects (the labels of
python/CuTeDSL/cutlass/cute/atom.py __str__: "Tiled Copy", "Tiler MN:",
"TV Layout tiled:", "Tiled MMA", "Shape MNK:", "TV Layout A:"), whose layouts
are the C++ ones with the underscores CuTe DSL does not print.
usage: gen_cute_print.py DUMP_OUTPUT GOLDEN_DIR COMMIT"""
import json, os, re, sys

dump, gold, commit = sys.argv[1], sys.argv[2], sys.argv[3]
cases, cur = [], None
lines = open(dump).read().split("\n")
i = 0
while i < len(lines):
    l = lines[i]
    if l.startswith("CASE "):
        cur = {"name": l[5:], "print": []}
    elif l == "PRINT":
        i += 1
        while lines[i] != "ENDPRINT":
            cur["print"].append(lines[i]); i += 1
    elif l.startswith("TILE "):
        w = l.split()
        cur.update(M=int(w[1]), N=int(w[2]), threads=int(w[4]), values=int(w[6]), once=int(w[8]))
    elif l.startswith("PLACES "):
        cur["places"] = {}
        for p in l.split()[1:]:
            mn, tv = p.split(":")
            m, n = map(int, mn.split(",")); t, v = map(int, tv.split(","))
            cur["places"][(m, n)] = (t, v)
    elif l.startswith("OFF "):
        cur["off"] = list(map(int, l.split()[1:]))
    elif l == "END":
        cases.append(cur)
    i += 1

SRC = ("Source: NVIDIA/cutlass include/cute/atom/copy_atom.hpp (print of TiledCopy), "
       "include/cute/pointer.hpp and pointer_swizzle.hpp (print of a tensor's pointer), commit %s; "
       "the text and the expected places were printed by tests/golden/tools/cute_print_dump.cpp, "
       "a host-only C++17 program against those headers, and turned into this case by "
       "tests/golden/tools/gen_cute_print.py.\n" % commit)

def write(name, req, exp, source):
    d = os.path.join(gold, name)
    os.makedirs(d, exist_ok=True)
    json.dump(req, open(os.path.join(d, "request.json"), "w"), indent=1); open(os.path.join(d, "request.json"), "a").write("\n")
    json.dump(exp, open(os.path.join(d, "expected.json"), "w"), indent=1); open(os.path.join(d, "expected.json"), "a").write("\n")
    open(os.path.join(d, "SOURCE"), "w").write(source)

def dsl(text):  # the DSL prints static integers without the underscore
    return re.sub(r"_(\d)", r"\1", text)

for c in cases:
    text = "\n".join(c["print"]).strip("\n") + "\n"
    if "places" in c:
        M, N = c["M"], c["N"]
        picks = sorted({(0, 0), (1, 0), (0, 1), (M - 1, N - 1), (M // 2, N // 3), (M // 3 + 1, N - 2), (M - 2, 5 % N)})
        exp = {"ok": True, "logical": {"shape": [M, N]},
               "verdict": {"bijective": c["once"] == M * N},
               "owners": {"count": c["threads"], "slots": {"min": c["values"], "max": c["values"]}},
               "probe": [{"logical": [m, n], "places": [{"thread": c["places"][(m, n)][0], "value": c["places"][(m, n)][1]}]} for m, n in picks]}
        why = ("The whole print(tiled_copy) text of %s, with no logical and no cute_role: a tiled "
               "copy is a thread-value layout, read as tv over its Tiler_MN tile %dx%d "
               "(TiledLayout_TV's index m + n*M). Expected: %d threads x %d values covering the "
               "tile %s, and CuTe's own (thread, value) of the probed elements (the first (t, v) "
               "whose TiledLayout_TV(t, v) is m + n*M).\n" % (c["name"], M, N, c["threads"], c["values"],
               "once" if c["once"] == M * N else "not once", ))
        write("cute-print-tiled-copy-" + c["name"], {"layout": {"cute": text}, "probe": [list(p) for p in picks]}, exp, why + SRC)
        # the CuTe DSL's print of the same tiled copy
        tiler = re.search(r"Tiler_MN:\s*(\S+)", text).group(1)
        tv = re.search(r"TiledLayout_TV:\s*(\S+)", text).group(1)
        ds = ("Tiled Copy\n  Tiler MN:        %s\n  TV Layout tiled: %s\nCopy Atom\n  ThrID:           1:0\n"
              "  TV Layout Src:   (1,8):(0,1)\n  TV Layout Dst:   (1,8):(0,1)\n  Value type:      f16\n" % (dsl(tiler), dsl(tv)))
        write("cute-print-dsl-tiled-copy-" + c["name"], {"layout": {"cute": ds}, "probe": [list(p) for p in picks]}, exp,
              "The CuTe DSL's print of the same tiled copy as cute-print-tiled-copy-%s: the labels of "
              "python/CuTeDSL/cutlass/cute/atom.py TiledCopy.__str__ (commit %s), the layouts the C++ "
              "dump printed without underscores (the copy atom's lines are illustrative; only the tiler "
              "and the tiled TV layout are read). Expected: the C++ case's places.\n" % (c["name"], commit) + SRC)
    else:
        n = len(c["off"])
        picks = sorted({0, 1, 8, 9, 63, 64, n // 2 + 3, n - 1})
        exp = {"ok": True, "logical": {"shape": [8, 64]},
               "probe": [{"logical": [k % 8, k // 8], "places": [{"m": c["off"][k]}]} for k in picks]}
        why = ("A tensor as print(tensor) writes it (%s): the pointer, then the layout. The layout "
               "after the pointer is read; the pointer's width is the element width. Expected: the "
               "element offset of coordinate (k %% 8, k / 8) (colex index k) as CuTe's own tensor "
               "computes it, &t(k) minus the buffer's base over the element size (the shared "
               "buffer aligned to 1024 bytes, so a swizzle on byte addresses acts as on an aligned "
               "base).\n" % c["name"])
        write("cute-print-tensor-" + c["name"], {"layout": {"cute": text.strip("\n")}, "probe": [[k % 8, k // 8] for k in picks]}, exp, why + SRC)

# the CuTe DSL's print of a tiled MMA, the atom of cutlass-print-mma-atom-sm80-16x8x16-block-a
mma = ("Tiled MMA\n  Thr Layout VMNK: (32,1,1,1):(1,0,0,0)\n  Permutation MNK: (_,_,_)\nMMA Atom\n"
       "  ThrID:           32:1\n  Shape MNK:       (16,8,16)\n"
       "  TV Layout A:     ((4,8),(2,2,2)):((32,1),(16,8,128))\n"
       "  TV Layout B:     ((4,8),(2,2)):((16,1),(8,64))\n"
       "  TV Layout C:     ((4,8),(2,2)):((32,1),(16,8))")
src = open(os.path.join(gold, "cutlass-print-mma-atom-sm80-16x8x16-block-a", "expected.json")).read()
write("cute-print-dsl-tiled-mma-sm80-16x8x16-a", {"layout": {"cute": mma, "cute_role": "tv", "logical": [16, 16]},
      "probe": [[0, 0], [1, 3], [9, 5], [3, 10], [15, 15]]}, json.loads(src),
      "The CuTe DSL's print of a tiled MMA of one SM80_16x8x16_F32F16F16F32_TN atom (the labels of "
      "python/CuTeDSL/cutlass/cute/atom.py TiledMma.__str__, commit %s, the form cutlass#2431 "
      "shows: Thr Layout VMNK, Permutation MNK, then the MMA Atom's Shape MNK and TV Layout A/B/C, "
      "static integers without underscores), with cute_role tv and logical [16, 16]: A's tile, so "
      "TV Layout A is read. Expected: the places of cutlass-print-mma-atom-sm80-16x8x16-block-a "
      "(the C++ print of the same atom; CuTe's own L(t, v) dumped by cute_mma_dump.py).\n" % commit)
