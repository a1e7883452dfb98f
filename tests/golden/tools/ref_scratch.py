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


def scratch_bytes(shape, src, dst, bits):
    dim = int(math.log2(math.prod(shape)))
    rs, ls, _ = [[flat(shape, v) for v in x] for x in src]
    rd, ld, _ = [[flat(shape, v) for v in x] for x in dst]
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

    len_b = min(int(math.log2(1024 // ((1 << len(vb)) * bits))), dim - len(vb))
    len_s = dim - len_b - len(vb)
    seg = compute_segment(vb + tile(rs, ls), vb + tile(rd, ld), dim, len_s)
    reps = sum(1 for s in seg if s in rs and s in rd)
    return (1 << dim) // (1 << reps) * bits // 8


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
]

if __name__ == "__main__":
    for name, shape, s, d, bits in CASES:
        print(f"{name}: {scratch_bytes(shape, s, d, bits)}")
