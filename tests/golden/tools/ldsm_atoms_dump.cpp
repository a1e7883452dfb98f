// Host-only dump of the CUTLASS ldmatrix / stmatrix copy atoms
// (include/cute/atom/copy_traits_sm75.hpp SM75_U32x{1,2,4}_LDSM_N,
// SM75_U16x{2,4,8}_LDSM_T; copy_traits_sm90.hpp SM90_U32x{1,2,4}_STSM_N,
// SM90_U16x{2,4,8}_STSM_T): each atom's SrcLayout and DstLayout as print()
// writes them, then every (thread, 16-bit value) of the register side
// (LDSM: DstLayout, STSM: SrcLayout) decoded from the moved data's bit
// index b into matrix b / 1024, row (b % 1024) / 128 (the 16-byte row at
// one address) and 16-bit column (b % 128) / 16.  It checks that each
// value's 16 bits are contiguous.  gen_copy_cases.py turns the lines into
// golden cases.
//
// Build (host, no GPU): g++ -std=c++17 -I<cutlass>/include
//   -I<cuda>/include -I<cuda>/include/cccl ldsm_atoms_dump.cpp
#include <cute/atom/copy_traits_sm75.hpp>
#include <cute/atom/copy_traits_sm90.hpp>
#include <cstdio>
#include <cstdlib>
using namespace cute;

template <class Op, bool Load> void dump(const char* name) {
  using T = Copy_Traits<Op>;
  printf("ATOM %s\n", name);
  printf("SRC "); print(typename T::SrcLayout{}); printf("\n");
  printf("DST "); print(typename T::DstLayout{}); printf("\n");
  auto run = [&](auto reg) {
    const int threads = int(size<0>(reg)), bits = int(size<1>(reg));
    printf("SHAPE %d %d\n", threads, bits / 16);
    for (int t = 0; t < threads; t++)
      for (int v = 0; v < bits / 16; v++) {
        long b = long(reg(t, v * 16));
        for (int k = 1; k < 16; k++)
          if (long(reg(t, v * 16 + k)) != b + k) { printf("BAD bits %d %d\n", t, v); std::exit(1); }
        printf("%d %d %ld %ld %ld\n", t, v, b / 1024, (b % 1024) / 128, (b % 128) / 16);
      }
  };
  if constexpr (Load) run(typename T::DstLayout{}); else run(typename T::SrcLayout{});
}

int main() {
  dump<SM75_U32x1_LDSM_N, true>("SM75_U32x1_LDSM_N");
  dump<SM75_U32x2_LDSM_N, true>("SM75_U32x2_LDSM_N");
  dump<SM75_U32x4_LDSM_N, true>("SM75_U32x4_LDSM_N");
  dump<SM75_U16x2_LDSM_T, true>("SM75_U16x2_LDSM_T");
  dump<SM75_U16x4_LDSM_T, true>("SM75_U16x4_LDSM_T");
  dump<SM75_U16x8_LDSM_T, true>("SM75_U16x8_LDSM_T");
  dump<SM90_U32x1_STSM_N, false>("SM90_U32x1_STSM_N");
  dump<SM90_U32x2_STSM_N, false>("SM90_U32x2_STSM_N");
  dump<SM90_U32x4_STSM_N, false>("SM90_U32x4_STSM_N");
  dump<SM90_U16x2_STSM_T, false>("SM90_U16x2_STSM_T");
  dump<SM90_U16x4_STSM_T, false>("SM90_U16x4_STSM_T");
  dump<SM90_U16x8_STSM_T, false>("SM90_U16x8_STSM_T");
  return 0;
}
