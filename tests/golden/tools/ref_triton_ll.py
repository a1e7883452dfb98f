#!/usr/bin/env python3
"""A small re-implementation of Triton's linear layouts for the NVIDIA
encodings the bank-conflict tests use (nvidia_mma v2/v3, dot_op with an mma
parent, nvmma_shared, single CTA), written from reading
lib/Tools/LinearLayout.cpp, lib/Tools/LayoutUtils.cpp and
lib/Dialect/TritonGPU/IR/LinearLayoutConversions.cpp at triton-lang/triton
bceeb9ed7c0a3bcbdf9e35869de841656c1a5760.  Provenance only (not run by CI);
`python3 ref_triton_ll.py` checks it against bases asserted upstream in
unittest/Dialect/TritonGPU/LinearLayoutConversionsTest.cpp.
"""


class LL:
    """bases: {in_dim: [ {out_dim: value} ]} (ordered); outs: [(out_dim, size)]."""

    def __init__(self, bases, outs):
        self.bases = {k: [dict(b) for b in v] for k, v in bases.items()}
        self.outs = list(outs)

    def out_size(self, d):
        return dict(self.outs).get(d, 1)

    def __mul__(self, outer):
        inner = self
        ins = list(inner.bases) + [d for d in outer.bases if d not in inner.bases]
        outs_names = [d for d, _ in inner.outs] + [d for d, _ in outer.outs
                                                   if d not in dict(inner.outs)]
        sizes = {d: inner.out_size(d) * outer.out_size(d) for d in outs_names}
        bases = {}
        for i in ins:
            a = inner.bases.get(i, [])
            b = outer.bases.get(i, [])
            nb = []
            for v in a:
                nb.append({d: v.get(d, 0) for d in outs_names})
            for v in b:
                nb.append({d: (v.get(d, 0) * inner.out_size(d)) for d in outs_names})
            bases[i] = nb
        return LL(bases, [(d, sizes[d]) for d in outs_names])

    def transpose_outs(self, names):
        return LL(self.bases, [(d, self.out_size(d)) for d in names])

    def as_json(self, ins, names):
        return {"bases": {i: [[b.get(d, 0) for d in names] for b in self.bases.get(i, [])]
                          for i in ins},
                "out": [[d, self.out_size(d)] for d in names]}


def identity1d(size, i, o):
    return LL({i: [{o: 1 << k} for k in range(size.bit_length() - 1)]}, [(o, size)])


def zeros1d(size, i, o):
    return LL({i: [{o: 0} for _ in range(size.bit_length() - 1)]}, [(o, 1)])


def empty():
    return LL({}, [])


def dims(rank):
    return ["dim%d" % k for k in range(rank)]


def matrix_order(rank, row_major):
    order = list(reversed(range(rank)))
    if rank >= 2 and not row_major:
        order[0], order[1] = order[1], order[0]
    return order


def identity_nd(i, shape, order):
    ret = empty()
    names = dims(len(shape))
    for d in order:
        ret = ret * identity1d(shape[d], i, names[d])
    return ret


def not_smaller(layout, shape):
    k = list(layout.bases)[0]
    ret = layout
    for d, _ in layout.outs:
        actual = layout.out_size(d)
        ret = ret * identity1d(max(1, shape[d] // actual), k, d)
    return ret


def not_larger(layout, shape):
    outs = [(d, min(s, shape[d])) for d, s in layout.outs]
    size = dict(outs)
    bases = {}
    for i, bs in layout.bases.items():
        nb = []
        for b in bs:
            was_zero = all(v == 0 for v in b.values())
            c = {d: (v if v < size[d] else 0) for d, v in b.items()}
            is_zero = all(v == 0 for v in c.values())
            if i == "register" and not was_zero and is_zero:
                continue
            nb.append(c)
        bases[i] = nb
    return LL(bases, outs)


def combine(cta, shape):
    names = dims(len(shape))
    sh = dict(zip(names, shape))
    cta = not_larger(not_smaller(cta, sh), sh)
    cga = LL({"block": []}, [(d, 1) for d, _ in cta.outs])
    return (cta * cga).transpose_outs(names)


def mma_tile(tile, kwidth, order, rep_order):
    rank = len(rep_order)
    names = dims(rank)
    cta = identity_nd("register", [1] * rank, rep_order)
    inner, outer = order[0], order[1]
    m, n = tile[outer], tile[inner]
    return (cta * identity1d(kwidth, "register", names[inner]) *
            identity1d(4, "lane", names[inner]) * identity1d(8, "lane", names[outer]) *
            identity1d(m // 8, "register", names[outer]) *
            identity1d(n // (kwidth * 4), "register", names[inner]))


def nvidia_mma(version, warps, instr, shape):
    rank = len(shape)
    tile = list(instr) if version == 2 else [instr[0], instr[1]]
    order = matrix_order(rank, True)
    cta = mma_tile(tile, 2, order, matrix_order(rank, True))
    w = identity_nd("warp", warps, matrix_order(rank, version != 3))
    cta = cta * w.transpose_outs([d for d, _ in cta.outs])
    return combine(cta, shape)


def dot_op(op_idx, version, warps, kwidth, shape):
    rank = len(shape)
    tile = [1] * rank
    if op_idx == 0:
        tile[rank - 2], tile[rank - 1] = 16, kwidth * 8
    else:
        tile[rank - 2], tile[rank - 1] = kwidth * 8, 8
    order = matrix_order(rank, bool(op_idx) != True)  # getOrderForDotOperand, kContig
    cta = mma_tile(tile, kwidth, order, order)
    kdim = rank - 1 if op_idx == 0 else rank - 2
    names = dims(rank)
    b = empty()
    for d in matrix_order(rank, version != 3):
        b = b * (zeros1d(warps[d], "warp", names[d]) if d == kdim
                 else identity1d(warps[d], "warp", names[d]))
    cta = cta * b.transpose_outs([d for d, _ in cta.outs])
    return combine(cta, shape)


def nvmma_shared(swizzle, bits, shape, transposed=False):
    rank = len(shape)
    names = dims(rank)
    tma = [min(s, 256) for s in shape]
    contig = 0 if transposed else rank - 1
    if swizzle:
        need = 8 * swizzle // bits
        assert tma[contig] >= need
        tma[contig] = need
    if swizzle == 0:
        lay = identity1d(tma[rank - 1], "offset", names[rank - 1])
        for k in range(rank - 2, -1, -1):
            lay = lay * identity1d(tma[k], "offset", names[k])
        lay = not_smaller(lay, dict(zip(names, shape)))
        return combine(lay, shape)
    assert rank == 2
    coll = [tma[0], tma[1]]
    if transposed:
        coll.reverse()
    vec, per, maxp = 128 // bits, 128 // swizzle, swizzle // 16
    cols = 8 * max(16, swizzle) // bits
    b = [{"dim0": 0, "dim1": c} for c in (1 << k for k in range(cols.bit_length() - 1))]
    b += [{"dim0": r, "dim1": vec * ((r // per) % maxp)} for r in (1, 2, 4)]
    tile = LL({"offset": b}, [("dim0", 8), ("dim1", cols)])
    lay = not_smaller(tile, {"dim0": coll[0], "dim1": coll[1]})
    if transposed:
        lay = LL({i: [{"dim0": v["dim1"], "dim1": v["dim0"]} for v in bs]
                  for i, bs in lay.bases.items()},
                 [("dim0", lay.out_size("dim1")), ("dim1", lay.out_size("dim0"))])
    lay = not_smaller(lay, dict(zip(names, shape)))
    return combine(lay, shape)


def _check():
    """Bases asserted upstream (LinearLayoutConversionsTest.cpp)."""
    got = nvidia_mma(2, [1, 1], [16, 8], [16, 16]).as_json(["register", "lane", "warp"],
                                                          ["dim0", "dim1"])
    assert got["bases"] == {"register": [[0, 1], [8, 0], [0, 8]],
                            "lane": [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]],
                            "warp": []}, got  # MMAv2_16x16
    got = nvidia_mma(3, [4, 1], [16, 16, 16], [64, 16]).as_json(
        ["register", "lane", "warp"], ["dim0", "dim1"])
    assert got["bases"] == {"register": [[0, 1], [8, 0], [0, 8]],
                            "lane": [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]],
                            "warp": [[16, 0], [32, 0]]}, got  # MMAv3_64x16
    got = nvmma_shared(128, 16, [8, 64]).as_json(["offset"], ["dim0", "dim1"])
    assert got["bases"]["offset"] == [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [0, 32],
                                      [1, 8], [2, 16], [4, 32]], got  # LeadingOffset_8x64_1_8
    got = dot_op(0, 2, [1, 1], 8, [16, 64]).as_json(["register", "lane", "warp"],
                                                    ["dim0", "dim1"])
    assert got["bases"] == {"register": [[0, 1], [0, 2], [0, 4], [8, 0], [0, 32]],
                            "lane": [[0, 8], [0, 16], [1, 0], [2, 0], [4, 0]],
                            "warp": []}, got  # DotMMAv2_tile_kwidth8
    got = nvmma_shared(128, 32, [128, 128], transposed=True).as_json(["offset"],
                                                                     ["dim0", "dim1"])
    assert got["bases"]["offset"] == [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [4, 1], [8, 2],
                                      [16, 4], [0, 8], [0, 16], [0, 32], [0, 64], [32, 0],
                                      [64, 0]], got  # LeadingOffset_128x128_1_8_128b_transposed
    for shape, reg, warp in (([128, 16], [[0, 1], [8, 0], [0, 8], [64, 0]],
                              [[16, 0], [32, 0], [0, 0], [0, 0]]),
                             ([32, 32], [[0, 1], [8, 0], [0, 8]],
                              [[16, 0], [0, 0], [0, 16], [0, 0]])):  # MMAv3_4x4Warps
        got = nvidia_mma(3, [4, 4], [16, 16, 8], shape).as_json(["register", "warp"],
                                                                ["dim0", "dim1"])
        assert got["bases"] == {"register": reg, "warp": warp}, (shape, got)
    got = dot_op(1, 2, [4, 1], 8, [128, 64]).as_json(["register", "lane", "warp"],
                                                     ["dim0", "dim1"])
    assert got["bases"] == {"register": [[1, 0], [2, 0], [4, 0], [32, 0], [64, 0], [0, 8],
                                         [0, 16], [0, 32]],
                            "lane": [[8, 0], [16, 0], [0, 1], [0, 2], [0, 4]],
                            "warp": [[0, 0], [0, 0]]}, got  # DotMMAv2_large_warp4_kwidth8
    print("ref_triton_ll: upstream bases reproduced")


if __name__ == "__main__":
    _check()
