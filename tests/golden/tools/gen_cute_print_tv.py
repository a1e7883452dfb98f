#!/usr/bin/env python3
"""Golden cases print-*-tv-*, print-*-algebra-* and print-*-tiled-* from the
output of cute_print_tv_ref.cpp (CuTe's own print_latex_tv, print_layout and
print_latex bytes, and CuTe's own print(tiled_copy) / print(tiled_mma)
texts as the layouts to print).
usage: gen_cute_print_tv.py REF_OUTDIR GOLDEN_DIR COMMIT"""
import json, os, sys

out, gold, commit = sys.argv[1], sys.argv[2], sys.argv[3]

def text(name):
    return open(os.path.join(out, name + ".txt")).read().rstrip("\n")

C = "Layout<Shape<Shape<_4,_8>,Shape<_2,_2>>, Stride<Stride<_32,_1>,Stride<_16,_8>>>"
A = "Layout<Shape<Shape<_4,_8>,Shape<_2,_2,_2>>, Stride<Stride<_32,_1>,Stride<_16,_8,_128>>>"
TV = "print_latex_tv(composition(make_identity_tensor(tile), tv), tile)"
# case: (format, layout (a definition, or a text), what the expected bytes are)
cases = {
    "print-latex-tv-sm80-16x8-c": ("latex", {"cute": C, "cute_role": "tv", "logical": [16, 8]},
        "the SM80 16x8 accumulator (LayoutC_TV) over its 16x8 tile: " + TV),
    "print-latex-tv-sm80-16x8x16-a": ("latex", {"cute": A, "cute_role": "tv", "logical": [16, 16]},
        "the SM80 16x8x16 A operand (LayoutA_TV) over its 16x16 tile: " + TV),
    "print-latex-tv-split-32x4-16x8": ("latex", {"cute": "(_32,_4):(_4,_1)", "cute_role": "tv", "logical": [16, 8]},
        "a thread mode spanning both tile modes (composition splits it): " + TV),
    "print-latex-tv-broadcast-8x2x4": ("latex", {"cute": "(_8,(_2,_4)):(_1,(_0,_8))", "cute_role": "tv", "logical": [8, 4]},
        "a broadcast value mode, each cell drawn with its first (t, v): " + TV),
    "print-latex-tv-dynamic-sm80-16x8-c": ("latex",
        {"cute": "((4,8),(2,2)):((32,1),(16,8))", "cute_role": "tv", "logical": [16, 8]},
        "the SM80 accumulator with dynamic integers (make_layout of ints; the tile "
        "Shape<_16,_8>), every mode CuTe cannot drop statically kept: " + TV),
    "print-latex-tv-mixed-32x4-16x8": ("latex",
        {"cute": "(_32,4):(_4,1)", "cute_role": "tv", "logical": [16, 8]},
        "static and dynamic integers mixed (make_layout(make_shape(_32{}, 4), "
        "make_stride(_4{}, 1))): " + TV),
    "print-latex-tv-unit-modes-32x1x4x1-16x8": ("latex",
        {"cute": "(_32,(_1,_4,_1)):(_4,(_16,_1,_2))", "cute_role": "tv", "logical": [16, 8]},
        "static modes of extent 1 with strides past and within the tile's rows: " + TV),
    "print-latex-tv-stride3-4x4-16x4": ("latex",
        {"cute": "(_4,_4):(_3,_16)", "cute_role": "tv", "logical": [16, 4]},
        "a stride that does not divide the tile's rows, within them: " + TV),
    "print-latex-tv-algebra-zipped-divide": ("latex",
        {"cute": "zipped_divide((16,8):(1,16), (2,4))", "cute_role": "tv", "logical": [16, 8]},
        "an algebra expression's result read as a TV layout (CuTe's zipped_divide of "
        "Layout<Shape<_16,_8>>{} by Shape<_2,_4>{}): " + TV),
    "print-cute-algebra-logical-divide": ("cute", "logical_divide((4,2,3):(2,1,8), 4:2)",
        "print_layout of CuTe's logical_divide(Layout<Shape<_4,_2,_3>,Stride<_2,_1,_8>>{}, "
        "Layout<_4,_2>{}) (the result CuTe computes with static integers)"),
    "print-latex-algebra-blocked-product": ("latex", "blocked_product((2,2):(1,2), (2,3):(3,1))",
        "print_latex of CuTe's blocked_product(Layout<Shape<_2,_2>,Stride<_1,_2>>{}, "
        "Layout<Shape<_2,_3>,Stride<_3,_1>>{}) (static integers)"),
    "print-latex-tv-tiled-copy-u64-16x8-4x1": ("latex", text("print-latex-tv-tiled-copy-u64-16x8-4x1"),
        "CuTe's print(tiled_copy) of make_tiled_copy(Copy_Atom<UniversalCopy<uint64_t>, half_t>{}, "
        "Layout<Shape<_16,_8>>{}, Layout<Shape<_4,_1>>{}) as the text; the picture is its "
        "TiledLayout_TV over Tiler_MN: " + TV),
    "print-cute-tiled-copy-u64-16x8-4x1": ("cute", text("print-latex-tv-tiled-copy-u64-16x8-4x1"),
        "the same print(tiled_copy) text; print_layout of its TiledLayout_TV"),
    "print-latex-tv-tiled-mma-sm80-16x8x16-b": ("latex",
        {"cute": text("print-latex-tv-tiled-mma-sm80-16x8x16-b"), "cute_role": "tv", "logical": [8, 16]},
        "CuTe's print(tiled_mma) of make_tiled_mma(SM80_16x8x16_F16F16F16F16_TN{}) as the text, "
        "logical [8, 16] (N x K) picking LayoutB_TV; the picture is " + TV),
}
for name, (fmt, layout, what) in cases.items():
    d = os.path.join(gold, name)
    os.makedirs(d, exist_ok=True)
    open(os.path.join(d, "format"), "w").write(fmt + "\n")
    if isinstance(layout, dict):
        with open(os.path.join(d, "layout.json"), "w") as f:
            json.dump(layout, f, indent=1)
            f.write("\n")
    else:
        open(os.path.join(d, "layout.txt"), "w").write(layout + "\n")
    exp = open(os.path.join(out, name + ".out")).read()
    open(os.path.join(d, "expected.out"), "w").write(exp)
    open(os.path.join(d, "SOURCE"), "w").write(
        "Picture: %s.\nSource: NVIDIA/cutlass include/cute/util/print_latex.hpp "
        "(print_latex_tv, print_latex), include/cute/util/print_tensor.hpp (print_layout), "
        "include/cute/atom/copy_atom.hpp and mma_atom.hpp (print of TiledCopy / TiledMMA), "
        "commit %s.\nExpected bytes: printed by CuTe itself, "
        "tests/golden/tools/cute_print_tv_ref.cpp (case %s), a host-only C++17 program built with\n"
        "  g++ -std=c++17 -I cutlass/include -I /usr/local/cuda/include -I /usr/local/cuda/include/cccl\n"
        "and turned into this case by tests/golden/tools/gen_cute_print_tv.py.\n" % (what, commit, name))
