#!/usr/bin/env python3
"""Independent reference for the lint cases of views and multi-CTA layouts
(tests/lint/triton-views.mlir, tests/lint/triton-cluster.mlir).

Provenance only (not run by CI).  Written from Triton's sources, not from
layoutd's C; the bank rule and the vector width are ref_access2.banks_case's
(ref_bank.py, ref_access2.py).

Views (triton-lang/triton lib/Dialect/TritonGPU/IR/LinearLayoutConversions.cpp
toLinearLayout(MemDescType): the encoding laid out on getAllocShape()
.take_back(rank); lib/Conversion/TritonGPUToLLVM/ViewOpToLLVM.cpp
MemDescSubsliceOpConversion: the view's offsets added to the coordinates the
access reads): the access of a view is the allocation's layout at view
offsets + view coordinates.  Here the memory side is written as an
expression of the view's coordinates (i, j) with the offsets added before the
allocation's formula.

AMD rotating shared (SharedLayout: sharedToLinearLayoutAMDRotating), order
[1, 0]: row i, column j, phase = (i / perPhase) % maxPhase, block =
(i / (perPhase * maxPhase)) % maxPhase, column vector (j / vec) XOR (phase XOR
block).  Swizzled shared (swizzledSharedToLinearLayout) with maxPhase 1: the
row-major offset.

Multi-CTA (lowerLocalLdSt / LocalLoadOpConversion: cvt.isTrivialOver("block"),
each CTA reads its own shared memory; combineCtaCgaWithShape: a CGA split of
dimension 0 in two gives each CTA the rows of its half, laid out as a tile of
half the rows): the access is CTA 0's, on its own tile.

Blocked layouts (BlockedEncodingAttr::toLinearLayout): lane and warp ids
split over the dimensions in `order` (the first fastest), registers the
sizePerThread elements then the repetitions.

Usage:  python3 ref_lint_views.py   (prints each case's numbers)
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from ref_access2 import banks_case, expr  # noqa: E402


def rotating_rows(vec, pp, mp, cols, di=0, dj=0):
    """amd_rotating_shared order [1, 0], at view offsets (di, dj)."""
    i, j = "(i + %d)" % di, "(j + %d)" % dj
    return {"offset": "%s * %d + (((%s // %d) ^ (((%s // %d) %% %d) ^ ((%s // %d) %% %d))) * %d)"
            " + %s %% %d" % (i, cols, j, vec, i, pp, mp, i, pp * mp, mp, vec, j, vec)}


CASES = {
    # test/Conversion/amd/tritongpu_to_llvm.mlir @amd_rotating_subview_shared_layout:
    # #blocked [1, 1] / [8, 8] / warps [2, 2] / order [1, 0] reading the 64x16
    # memdesc_subslice [0, 16] of a 64x64 f16 amd_rotating_shared vec 4,
    # perPhase 1, maxPhase 16, order [1, 0]; gfx942, 64-lane waves.
    "rotating-subslice-0-16": {
        "layout": expr([64, 16], rotating_rows(4, 1, 16, 64, 0, 16)),
        "access": {"threads": expr([64, 16], {
            "lane": "(i % 8) * 8 + j % 8",
            "warp": "((i // 8) % 2) * 2 + (j // 8) % 2",
            "register": "i // 16"}),
            "element_bits": 16, "target": "gfx942"}},
    # test/TritonNvidiaGPU/membar-cluster.mlir @convert_layout_cluster_barrier
    # local_load: #blockedSplitM [1, 32] / [32, 1] / warps [4, 1] / order
    # [0, 1], CGALayout [[1, 0]] reading 256x128 f16 #shared (vec 1, maxPhase
    # 1, order [1, 0], CGALayout [[1, 0]]): CTA 0's 128x128 half.
    "cluster-split-m-cta0": {
        "layout": expr([128, 128], {"offset": "i * 128 + j"}),
        "access": {"threads": expr([128, 128], {
            "lane": "i % 32", "warp": "i // 32", "register": "j"}),
            "element_bits": 16, "target": "nvidia"}},
}


def main():
    for name, req in CASES.items():
        r = banks_case(req)
        print(name, {k: r[k] for k in ("bank_conflicts", "max_ways", "wavefronts",
                                       "ideal_wavefronts")},
              "vector_bits", r["vector"]["bits"])


if __name__ == "__main__":
    main()
