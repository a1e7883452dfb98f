#!/usr/bin/env python3
"""Sub-partition numbers of the TMEM ops in tests/lint/triton-tmem-alloc.mlir
and tests/lint/triton-tmem-blackwell.mlir,
computed from the rules, not by layoutd:

- the register side: Triton's BlockedEncodingAttr (sizePerThread,
  threadsPerWarp, warpsPerCTA, order; a tile larger than the shape wraps,
  each register of a thread holding position % shape) and, for the scales,
  the module's #ttg.linear (XOR of the bases of the set bits);
- the TMEM side: tensorMemoryToLinearLayout's rows (blockM = 128: row r at
  lane r; blockM = 64: rows 0-15 at lanes 0-15, lane bit 4 a zero basis
  (lanes 16-31 hold nothing: not a copy, Triton's note "Zeros in TMEM
  LinearLayouts"), row bits 4 and 5 at lane bits 5 and 6; on a tensor taller than 64 rows
  row bit 6 at lane bit 4) and the scales layout's (rows
  0-31 at lanes 0-31, lane bits 5 and 6 zero bases: broadcast along the
  warps);
- the rule (PTX tcgen05, Tensor Memory access restrictions): warp w % 4
  reaches lanes 32(w%4) .. 32(w%4)+31.  A thread moves the copy of its
  element in its own sub-partition when there is one; otherwise every copy
  it would reach is a violation (counted per register x copy pair).

  python3 tests/lint/tools/ref_lint_tmem.py
"""
import itertools


def blocked_points(shape, spt, tpw, wpc, order):
    """(lane, warp, element) for every register of every thread."""
    rank = len(shape)
    tile = [spt[d] * tpw[d] * wpc[d] for d in range(rank)]
    reps = [max(1, -(-shape[d] // tile[d])) for d in range(rank)]

    def split(i, sizes):
        c = [0] * rank
        for d in order:
            c[d] = i % sizes[d]
            i //= sizes[d]
        return c

    out = []
    nl = 1
    for d in range(rank):
        nl *= tpw[d]
    nw = 1
    for d in range(rank):
        nw *= wpc[d]
    for lane in range(nl):
        lc = split(lane, tpw)
        for warp in range(nw):
            wc = split(warp, wpc)
            per_dim = []
            for d in range(rank):
                ps = []
                for r in range(reps[d]):
                    for k in range(spt[d]):
                        pos = r * tile[d] + wc[d] * spt[d] * tpw[d] + lc[d] * spt[d] + k
                        ps.append(pos % shape[d])
                per_dim.append(ps)
            for e in itertools.product(*per_dim):
                out.append((lane, warp, e))
    return out


def linear_points(shape, reg, lane, warp):
    out = []
    for l in range(1 << len(lane)):
        for w in range(1 << len(warp)):
            for r in range(1 << len(reg)):
                x = [0, 0]
                for bits, v in ((reg, r), (lane, l), (warp, w)):
                    for k, b in enumerate(bits):
                        if v >> k & 1:
                            x[0] ^= b[0]
                            x[1] ^= b[1]
                out.append((l, w, tuple(x)))
    return out


def lanes_128(e):
    return [e[0]]


def lanes_64(e):
    # lane bit 4's zero basis is no copy: lanes 16..31 of a sub-partition
    # hold nothing (Triton's note "Zeros in TMEM LinearLayouts": only a zero
    # at rows 32, 64 is a broadcast)
    r = e[0]
    return [r % 16 + 32 * (r // 16)]


def lanes_64_tall(e):
    r = e[0]
    return [r % 16 + 16 * (r // 64 % 2) + 32 * (r // 16 % 4)]


def lanes_scales(e):
    return [e[0] % 32 + 32 * k for k in range(4)]


def violations(points, lanes_of):
    v = 0
    for _lane, warp, e in points:
        copies = lanes_of(e)
        own = [l for l in copies if l // 32 == warp % 4]
        if not own:
            v += len(copies)
    return v


B0 = ([4, 4], [1, 32], [4, 1], [1, 0])
cases = [
    ("128x128 f32/f16 #blocked [4,4] blockM 128", [128, 128], B0, lanes_128),
    ("64x64 f16 #blocked [4,4] blockM 64", [64, 64], B0, lanes_64),
    ("64x128 f16 #blocked [4,4] blockM 64", [64, 128], B0, lanes_64),
    ("128x64 f32 #blocked [1,32] blockM 128", [128, 64], ([1, 32], [32, 1], [4, 1], [0, 1]),
     lanes_128),
    ("blackwell: 128x128 #blocked1 [1,128] blockM 128", [128, 128],
     ([1, 128], [32, 1], [4, 1], [0, 1]), lanes_128),
    ("blackwell: 128x128 #blocked1 [1,64]/[16,2] blockM 64", [128, 128],
     ([1, 64], [16, 2], [4, 1], [0, 1]), lanes_64_tall),
]
for name, shape, b, lanes_of in cases:
    print("%s: %d violations" % (name, violations(blocked_points(shape, *b), lanes_of)))
pts = linear_points([64, 4], [[0, 1], [0, 2], [32, 0]],
                    [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], [[0, 0], [0, 0]])
print("64x4 i8 #linear scales: %d violations" % violations(pts, lanes_scales))
