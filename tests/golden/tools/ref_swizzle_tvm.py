#!/usr/bin/env python3
"""Golden cases for TVM TIRx swizzled layouts (axe notation).

Provenance only (not run by CI).  An independent implementation of
apache/tvm src/tirx/ir/layout/compose_layout.cc (ApplyFullSwizzle) over the
row-major TileLayout apply of python/tvm/tirx/layout.py, checked against the
closed formulas of tests/python/tirx/test_layout.py (test_swizzle_layout_0..3,
test_compose_layout_0/1) at apache/tvm 5d4dc8721307cf9677becacf0395c19be130e206.
Cases that place like a CuTe layout must share its fingerprint (computed by
ref_swizzle.py from CuTe's own offsets): that is asserted here.

Usage: python3 ref_swizzle_tvm.py CUTE_DUMP [--write]
"""
import json, os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import ref_swizzle as R

TVM = "apache/tvm 5d4dc8721307cf9677becacf0395c19be130e206"


def full_swizzle(m, per_element, swizzle_len, atom_len, inner=True):
    """compose_layout.cc ApplyFullSwizzle, for m >= 0."""
    x = m >> per_element
    inner_mask = (1 << swizzle_len) - 1
    outer_mask = inner_mask << atom_len
    if inner:
        x2 = x ^ ((x & outer_mask) >> atom_len)
    else:
        x2 = x ^ ((x & inner_mask) << atom_len)
    return (x2 << per_element) + m % (1 << per_element)


def tile_apply(p, extents, strides, offset=0):
    """TileLayout shard apply: row-major split of p, last iter fastest."""
    m = offset
    for e, s in reversed(list(zip(extents, strides))):
        m += (p % e) * s
        p //= e
    return m


CASES = [
    # (golden, axe text, logical, (M,B,S,inner), tile extents, strides, offset, formula or None, cute twin)
    ("swizzle-tvm-swizzle-layout-0", "ComposeLayout(0, 3, 3, TileLayout(S[(64,)]))", [64],
     (0, 3, 3, True), [64], [1], 0, lambda p: (p // 8 * 8 + p // 8) ^ (p % 8), None,
     "test_swizzle_layout_0: apply(i * 8 + j) == i * 8 + i ^ j (Python precedence: (9i) ^ j)"),
    ("swizzle-tvm-swizzle-layout-1", "ComposeLayout(3, 3, 3, TileLayout(S[(512,)]))", [512],
     (3, 3, 3, True), [512], [1], 0,
     lambda p: ((p // 64) * 8 + ((p // 64) ^ (p // 8 % 8))) * 8 + p % 8, None,
     "test_swizzle_layout_1: apply((i*8+j)*8+k) == (i*8 + (i^j))*8 + k"),
    ("swizzle-tvm-swizzle-layout-2-outer", "ComposeLayout(0, 3, 3, TileLayout(S[(64,)]), swizzle_inner=False)", [64],
     (0, 3, 3, False), [64], [1], 0, lambda p: ((p // 8) ^ (p % 8)) * 8 + p % 8, None,
     "test_swizzle_layout_2: swizzle_inner=False, apply(i*8+j) == (i^j)*8 + j"),
    ("swizzle-tvm-swizzle-layout-3", "ComposeLayout(0, 2, 3, TileLayout(S[(32,)]))", [32],
     (0, 2, 3, True), [32], [1], 0,
     lambda p: (p // 8) * 8 + (p % 8 // 4) * 4 + ((p // 8 % 4) ^ (p % 4)), None,
     "test_swizzle_layout_3: apply(i*8+j) == i*8 + outer_j*4 + (inner_i ^ inner_j)"),
    ("swizzle-tvm-compose-layout-0-printed", "T.ComposeLayout(3, 3, 3, T.TileLayout(T.S[(8, 64):(64, 1)]))", [8, 64],
     (3, 3, 3, True), [8, 64], [64, 1], 0, None, "sm80-f16-k-sw333",
     "test_compose_layout_0 in the printed form (src/tirx/script/printer/buffer.cc); twin of CuTe composition(Swizzle<3,3,3>{}, (8,64):(64,1))"),
    ("swizzle-tvm-compose-layout-0-legacy", "T.ComposeLayout(T.SwizzleLayout(3, 3, 3, swizzle_inner=True), T.TileLayout(T.S[(8, 64):(64, 1)]))", [8, 64],
     (3, 3, 3, True), [8, 64], [64, 1], 0, None, "sm80-f16-k-sw333",
     "the legacy SwizzleLayout composition (apache/tvm #19581, removed in #20080), same relation"),
    ("swizzle-tvm-compose-layout-1", "ComposeLayout(3, 3, 3, TileLayout(S[(16, 64, 8) : (64, 1, 1024)]))", [8192],
     (3, 3, 3, True), [16, 64, 8], [64, 1, 1024], 0, None, None,
     "test_compose_layout_1: apply(p) == layoutA.apply(layoutB.apply(p))"),
    ("swizzle-tvm-mma-shared-f16-128b-64x256", "ComposeLayout(per_element=3, swizzle_len=3, atom_len=3, tile_layout=TileLayout(S[(64, 4, 64) : (64, 4096, 1)]))", [64, 256],
     (3, 3, 3, True), [64, 4, 64], [64, 4096, 1], 0, None, "tile-k-sw128-f16-64x256",
     "test_layout.py case_tile_swizzle_layout / tma_utils.mma_shared_layout('float16', 128B, (64, 256)); twin of CuTe tile_to_shape(GMMA::Layout_K_SW128_Atom<half_t>{}, Shape<_64,_256>{})"),
    ("swizzle-tvm-parser-printer-64x64x4", "T.ComposeLayout(3, 3, 3, T.TileLayout(T.S[(64, 64, 4) : (64, 1, 64 * 64)]))", [16384],
     (3, 3, 3, True), [64, 64, 4], [64, 1, 4096], 0, None, None,
     "tests/python/tirx/test_parser_printer.py: a computed stride 64 * 64"),
    ("swizzle-tvm-offset-72", "ComposeLayout(3, 3, 3, TileLayout(S[(8, 8):(64, 1)] + 72))", [8, 8],
     (3, 3, 3, True), [8, 8], [64, 1], 72, None, "offset-static-72",
     "the tile's offset is added before the swizzle (compose_layout.cc), as CuTe's Sw<3,3,3> o _72 o (_8,_8):(_64,_1): same relation"),
    ("swizzle-tvm-bare-swizzle-layout", "SwizzleLayout(3, 3, 3)", [512],
     (3, 3, 3, True), [512], [1], 0, None, None,
     "a bare legacy SwizzleLayout: size 2^(M+B+S)"),
]


def main():
    cute = R.read_dump(sys.argv[1])
    write = "--write" in sys.argv
    for name, text, logical, (M, B, S, inner), ext, st, off, formula, twin, why in CASES:
        size = 1
        for x in logical:
            size *= x
        offs = []  # by row-major element index
        for p in range(size):
            m = full_swizzle(tile_apply(p, ext, st, off), M, B, S, inner)
            if formula:
                assert m == formula(p), (name, p, m, formula(p))
            offs.append(m)
        # the fingerprint helper takes colex-ordered offsets
        modes = logical
        colex = [None] * size
        for e in range(size):
            c, r = [], e
            for d in reversed(modes):
                c.append(r % d)
                r //= d
            c.reverse()
            i, mul = 0, 1
            for x, d in zip(c, modes):
                i += x * mul
                mul *= d
            colex[i] = offs[e]
        fp = R.fingerprint(modes, colex)
        if twin:
            t = cute[twin]
            assert t["modes"] == modes, (name, t["modes"])
            assert fp == R.fingerprint(t["modes"], t["OFF"]), name
        pr = R.probes(modes, colex)
        req = {"layout": {"axe": text}, "probe": [c for c, _ in pr]}
        if len(logical) > 1 or logical[0] != size or "SwizzleLayout(3" in text[:20]:
            req["layout"]["logical"] = logical
        exp = {"logical": {"shape": modes}, "placements": size, "fingerprint": fp,
               "verdict": R.verdict(colex),
               "probe": [{"logical": c, "places": [{"m": o}]} for c, o in pr],
               "structure": {"swizzle": {"B": B, "M": M, "S": S if inner else -S, "on": "elements",
                                         "element_bits": None, "base_alignment_bytes": None}}}
        src = ("Source: %s, %s.\nComposeLayout(per_element=%d, swizzle_len=%d, atom_len=%d%s) is "
               "Swizzle<%d,%d,%d> on m after the tile (logical coordinates row-major).\n"
               "Expected: tests/golden/tools/ref_swizzle_tvm.py, an independent implementation of "
               "compose_layout.cc ApplyFullSwizzle over the TileLayout apply%s.\n"
               % (TVM, why, M, B, S, "" if inner else ", swizzle_inner=False", B, M,
                  S if inner else -S,
                  ", asserted equal to the test's closed formula" if formula else ""))
        if twin:
            src += ("Same fingerprint as CuTe's %s (%s), computed by CuTe itself "
                    "(tests/golden/tools/cute_swizzle_dump.cpp).\n" % (twin, R.CUTLASS))
        R.write_case(name, req, exp, src, write)


if __name__ == "__main__":
    main()
