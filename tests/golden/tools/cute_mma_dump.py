#!/usr/bin/env python3
"""Dump every CuTe MMA atom's thread-value layouts with the CuTe headers.

Reference: NVIDIA/cutlass include/cute/atom/mma_traits_sm{61,70,75,80,89,90,
90_gmma,120}.hpp and copy_traits_sm75.hpp (commit
7107b05535f8977f5ecb9d01ee203205b1fd9bc4).  Writes a host-only C++17 program
that, for each MMA_Traits<...> (GMMA ones with K-major operands), prints
Shape_MNK, and for ALayout, BLayout and CLayout the layout as CuTe's print()
writes it and the tile index L(t, v) for every thread t and value v; for the
ldmatrix copy traits it prints SrcLayout/DstLayout the same way.  The output is
read by diff_cute_atoms.py, which compares it with layoutd.

Usage: python3 cute_mma_dump.py CUTLASS_INCLUDE OUT_DIR   (writes OUT_DIR/atoms.txt)
"""
import os, re, subprocess, sys

INC, OUT = sys.argv[1], sys.argv[2]
ATOM = os.path.join(INC, "cute", "atom")
names = []
for f in ["mma_traits_sm61.hpp", "mma_traits_sm70.hpp", "mma_traits_sm75.hpp",
          "mma_traits_sm80.hpp", "mma_traits_sm89.hpp", "mma_traits_sm90.hpp",
          "mma_traits_sm90_gmma.hpp"]:
    for m in re.finditer(r"struct MMA_Traits<\s*([A-Za-z0-9_:]+)\s*(<([^>]*)>)?\s*>",
                         open(os.path.join(ATOM, f)).read()):
        name, params = m.group(1), m.group(3)
        if params:
            args = []
            for p in params.split(","):
                p = p.strip()
                args.append({"tnspA": "GMMA::Major::K", "tnspB": "GMMA::Major::K",
                             "scaleA": "GMMA::ScaleIn::One",
                             "scaleB": "GMMA::ScaleIn::One"}.get(p))
            if None in args:
                continue
            name += "<" + ",".join(args) + ">"
        names.append(name)
# SM120 (templated on element types)
names += ["SM120_16x8x32_TN<float_e4m3_t,float_e4m3_t,float>"]

copies = ["SM75_U32x1_LDSM_N", "SM75_U32x2_LDSM_N", "SM75_U32x4_LDSM_N",
          "SM75_U16x2_LDSM_T", "SM75_U16x4_LDSM_T", "SM75_U16x8_LDSM_T"]

src = ["#include <cute/tensor.hpp>",
       "#include <cute/atom/mma_traits_sm61.hpp>",
       "#include <cute/atom/mma_traits_sm70.hpp>",
       "#include <cute/atom/mma_traits_sm75.hpp>",
       "#include <cute/atom/mma_traits_sm80.hpp>",
       "#include <cute/atom/mma_traits_sm89.hpp>",
       "#include <cute/atom/mma_traits_sm90.hpp>",
       "#include <cute/atom/mma_traits_sm90_gmma.hpp>",
       "#include <cute/atom/mma_traits_sm120.hpp>",
       "#include <cute/atom/copy_traits_sm75.hpp>",
       "#include <cstdio>",
       "using namespace cute;",
       "using cutlass::float_e4m3_t;",
       "template <class L> void dl(const char* role, L const& l) {",
       "  printf(\"%s \", role); print(l); printf(\"\\nVAL\");",
       "  if constexpr (decltype(congruent(l.shape(), l.stride()))::value) {",
       "    for (int v = 0; v < int(size<1>(l)); ++v)",
       "      for (int t = 0; t < int(size<0>(l)); ++t) printf(\" %d\", int(l(t, v)));",
       "  } else printf(\" NONCONGRUENT\");",
       "  printf(\"\\n\");",
       "}",
       "template <class T> void mma(const char* name) {",
       "  using Tr = MMA_Traits<T>;",
       "  printf(\"MMA %s\\nMNK \", name); print(typename Tr::Shape_MNK{}); printf(\"\\n\");",
       "  dl(\"A\", typename Tr::ALayout{}); dl(\"B\", typename Tr::BLayout{});",
       "  dl(\"C\", typename Tr::CLayout{});",
       "}",
       "template <class T> void cpy(const char* name) {",
       "  using Tr = Copy_Traits<T>;",
       "  printf(\"COPY %s\\n\", name);",
       "  dl(\"SRC\", typename Tr::SrcLayout{}); dl(\"DST\", typename Tr::DstLayout{});",
       "}",
       "int main() {"]
for n in names:
    src.append("  mma<%s>(\"%s\");" % (n, n))
for n in copies:
    src.append("  cpy<%s>(\"%s\");" % (n, n))
src.append("}")
os.makedirs(OUT, exist_ok=True)
cpp = os.path.join(OUT, "atoms.cpp")
open(cpp, "w").write("\n".join(src) + "\n")
exe = os.path.join(OUT, "atoms")
# host-only: g++ with the CUDA toolkit headers (no nvcc); no stubs needed
CUDA = os.environ.get("CUDA_INCLUDE", "/usr/local/cuda/include")
subprocess.check_call(["g++", "-std=c++17", "-O0", "-w", "-I", INC, "-I", CUDA,
                       "-I", os.path.join(CUDA, "cccl"), cpp,
                       "-o", exe])
with open(os.path.join(OUT, "atoms.txt"), "w") as f:
    subprocess.check_call([exe], stdout=f)
print("%d MMA atoms, %d copy atoms" % (len(names), len(copies)))
