#!/usr/bin/env python3
"""Scratch bytes of a layout conversion through shared memory, as Triton
allocates them, written apart from layoutd (tests/lint/SOURCE cites it).

Triton, lib/Analysis/Allocation.cpp (triton-lang/triton):
  getNumScratchElemsSwizzledCvt: smem = optimalSwizzlingLdSt(src, dst,
  bitwidth); elems = smem.getTotalOutDimSize() / (reps * nBlocks);
  defaultAllocationAnalysisScratchSizeFn: bytes = elems * bitwidth / 8.
lib/Tools/GenericSwizzling.cpp:
  getVbasis: the register bases both layouts share (src order), at most
  log2(128 / bitwidth) of them (the case below 32 bits is not modelled here:
  the script refuses it);
  optimalSwizzlingLdSt: each side's tile is its lane bases, less the last
  log2(vector bits / 32) when its registers start with the vector, less the
  vector bases;
  optimalSwizzling: lenB = min(log2(1024 / (2^|vbasis| * bits)), dim -
  |vbasis|), lenS = dim - lenB - |vbasis|; computeSegment(vbasis + tileSrc,
  vbasis + tileDst, dim, lenS);
  buildReps (leaveReps 0): a segment basis in the registers of both sides is
  a repetition.
The tile is flattened with dimension 0 fastest; the layouts are Triton's
linear layouts of #ttg.blocked and of #amdgpu.mfma 32x32 (version 3, not
transposed: LinearLayoutConversions.cpp, registers rows 1, 2, 8, 16, lanes
columns 1..16 and row 4).

Usage: ref_scratch.py  (prints the cases' scratch bytes)
"""
import math


def blocked(shape, spt, tpw, wpc, order):
    """Bases per input dimension of a blocked layout, as (row, col...) tuples."""
    rank = len(shape)
    regs, lanes, warps = [], [], []
    def unit(d, v):
        t = [0] * rank
        t[d] = v
        return tuple(t)
    cover = [1] * rank
    for d in order:
        for i in range(int(math.log2(spt[d]))):
            regs.append(unit(d, cover[d] << i))
        cover[d] *= spt[d]
    for d in order:
        for i in range(int(math.log2(tpw[d]))):
            lanes.append(unit(d, cover[d] << i))
        cover[d] *= tpw[d]
    for d in order:
        for i in range(int(math.log2(wpc[d]))):
            warps.append(unit(d, cover[d] << i))
        cover[d] *= wpc[d]
    for d in order:  # repetitions over the shape: more registers
        while cover[d] < shape[d]:
            regs.append(unit(d, cover[d]))
            cover[d] *= 2
    return regs, lanes, warps


def mfma32(shape, wpc):
    regs = [(1, 0), (2, 0), (8, 0), (16, 0)]
    lanes = [(0, 1), (0, 2), (0, 4), (0, 8), (0, 16), (4, 0)]
    warps, cover = [], [32, 32]
    for d in (1, 0):
        for i in range(int(math.log2(wpc[d]))):
            t = [0, 0]
            t[d] = cover[d] << i
            warps.append(tuple(t))
        cover[d] *= wpc[d]
    for d in (1, 0):
        while cover[d] < shape[d]:
            t = [0, 0]
            t[d] = cover[d]
            regs.append(tuple(t))
            cover[d] *= 2
    return regs, lanes, warps


def flat(shape, v):
    """Row-major index with dimension 0 fastest: a GF(2) vector."""
    x, stride = 0, 1
    for d in range(len(shape)):
        x += v[d] * stride
        stride *= shape[d]
    return x


def compute_segment(bank_src, bank_dst, dim, len_s):
    s, d = set(bank_src) - {0}, set(bank_dst) - {0}
    seg = [1 << b for b in range(dim) if (1 << b) not in s and (1 << b) not in d]
    if len(seg) >= len_s:
        return seg[:len_s]
    a = sorted(v for v in s if v not in d)
    b = sorted(v for v in d if v not in s)
    if len(a) > len(b):
        a, b = b, a
    k = min(max(0, len_s - len(a) - len(seg)), len(a))
    for i in range(k, len(a)):
        seg.append(a[i] ^ b[i])
    seg += a[:k] + b[:k]
    return seg[:len_s]


def split_ctas(shape, split, layout):
    """A layout of CTAs split along the tensor (CTASplitNum, CTAOrder the
    last dimension fastest as in the cases below): the per-CTA layout on
    shape / split, its block bases the per-CTA tile's multiples
    (LinearLayoutConversions.cpp combineCtaCgaWithShape)."""
    per = tuple(s // k for s, k in zip(shape, split))
    regs, lanes, warps = layout(per)
    blocks = []
    for d in reversed(range(len(shape))):
        for i in range(int(math.log2(split[d]))):
            t = [0] * len(shape)
            t[d] = per[d] << i
            blocks.append(tuple(t))
    return regs, lanes, warps, blocks


def scratch_bytes(shape, src, dst, bits):
    dim = int(math.log2(math.prod(shape)))
    # optimalSwizzling: the source's nonzero block bases are in both bank
    # sets of computeSegment and take no bank or segment bits;
    # getNumScratchElemsSwizzledCvt divides by product(getCTASplitNum)
    blocks = [flat(shape, v) for v in (src[3] if len(src) > 3 else [])]
    blocks = [b for b in blocks if b]
    rs, ls = [[flat(shape, v) for v in x] for x in src[:2]]
    rd, ld = [[flat(shape, v) for v in x] for x in dst[:2]]
    vb = [r for r in rs if r in rd][: int(math.log2(128 // bits))]
    if (1 << len(vb)) * bits < 32:
        raise SystemExit("a vector under 32 bits: getVbasis's fill is not modelled here")

    def tile(regs, lanes):
        n = 0
        while n < len(vb) and n < len(regs) and regs[n] == vb[n]:
            n += 1
        t = list(lanes)
        if (1 << n) * bits > 32:
            t = t[: len(t) - int(math.log2((1 << n) * bits // 32))]
        return [x for x in t if x not in vb]

    nb = len(blocks)
    len_b = min(int(math.log2(1024 // ((1 << len(vb)) * bits))), dim - len(vb) - nb)
    len_s = dim - len_b - len(vb) - nb
    seg = compute_segment(vb + tile(rs, ls) + blocks, vb + tile(rd, ld) + blocks, dim, len_s)
    reps = sum(1 for s in seg if s in rs and s in rd)
    return (1 << dim) // (1 << reps) // (1 << nb) * bits // 8


CASES = [
    # torch-spyre/triton test/Conversion/amd/allocate_shared_memory.mlir,
    # module 0: "CHECK: ttg.shared = 131072 : i32" (gfx942)
    ("amd allocate_shared_memory 256x256 i32", (256, 256),
     blocked((256, 256), [8, 4], [8, 8], [4, 1], [1, 0]),
     blocked((256, 256), [1, 1], [8, 8], [4, 1], [1, 0]), 32),
    # ROCm/triton test/Conversion/amd/decompose-unsupported-conversions-cdna.mlir,
    # module 0 (gfx942)
    ("decompose 128x128 f32 mfma -> blocked", (128, 128),
     mfma32((128, 128), [1, 4]),
     blocked((128, 128), [4, 1], [8, 8], [4, 1], [1, 0]), 32),
    # two CTAs split along dimension 0 (CTAsPerCGA = CTASplitNum = [2, 1]):
    # tests/golden/convert-nvidia-scratch-two-ctas
    ("two CTAs 128x64 f32 blocked -> blocked", (128, 64),
     split_ctas((128, 64), (2, 1), lambda per: blocked(per, [1, 4], [8, 4], [4, 1], [1, 0])),
     split_ctas((128, 64), (2, 1), lambda per: blocked(per, [4, 1], [4, 8], [1, 4], [0, 1])), 32),
    # the same tiles on one CTA of 64x64
    ("one CTA 64x64 f32 blocked -> blocked", (64, 64),
     blocked((64, 64), [1, 4], [8, 4], [4, 1], [1, 0]),
     blocked((64, 64), [4, 1], [4, 8], [1, 4], [0, 1]), 32),
]

if __name__ == "__main__":
    for name, shape, s, d, bits in CASES:
        print(f"{name}: {scratch_bytes(shape, s, d, bits)}")
