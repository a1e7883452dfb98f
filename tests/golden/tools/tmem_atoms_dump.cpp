// Host-only dump of the CUTLASS SM100 TMEM copy atoms
// (include/cute/atom/copy_traits_sm100.hpp): for every LOAD/STORE atom its
// ThrID, ValID, SrcLayout, DstLayout and RefLayout as print() writes them,
// then every (thread, value) of the register side decoded into the TMEM
// bit address ValID(RegLayout(t, v*W)), W = 32 (16 for _16b), as lane
// (address >> 21, TMEM::DP_b), 32-bit column ((address >> 5) & 0xffff) and
// the bit inside the cell.  It checks that each value's W bits are
// contiguous in TMEM and that the register side of LOAD (DstLayout) and
// STORE (SrcLayout) covers the atom.
//
// Build (host, no GPU): g++ -std=c++17 -I<cutlass>/include
//   -I<cuda>/include -I<cuda>/include/cccl tmem_atoms_dump.cpp
#include <cute/atom/copy_traits_sm100.hpp>
#include <cstdio>
#include <cstdlib>
#include <cstring>
using namespace cute;

template <class Op> void dump(const char* name) {
  using T = Copy_Traits<Op>;
  const bool load = std::strstr(name, "_LOAD_") != nullptr;
  const int W = std::strstr(name, "_16b") ? 16 : 32;
  printf("ATOM %s\n", name);
  printf("THRID "); print(typename T::ThrID{}); printf("\n");
  printf("VALID "); print(typename T::ValID{}); printf("\n");
  printf("SRC "); print(typename T::SrcLayout{}); printf("\n");
  printf("DST "); print(typename T::DstLayout{}); printf("\n");
  printf("REF "); print(typename T::RefLayout{}); printf("\n");
  auto run = [&](auto reg) {
    auto val = typename T::ValID{};
    const int threads = int(size<0>(reg));
    const int bits = int(size<1>(reg));
    if (threads != 32 || bits % W) { printf("BAD shape\n"); std::exit(1); }
    printf("SHAPE %d %d %d\n", threads, bits / W, W);
    for (int t = 0; t < threads; t++)
      for (int v = 0; v < bits / W; v++) {
        long a = long(val(reg(t, v * W)));
        for (int b = 1; b < W; b++)
          if (long(val(reg(t, v * W + b))) != a + b) { printf("BAD bits %d %d\n", t, v); std::exit(1); }
        printf("%d %d %ld %ld %ld\n", t, v, a >> 21, (a >> 5) & 0xffff, a & 31);
      }
  };
  if (load) run(typename T::DstLayout{}); else run(typename T::SrcLayout{});
  printf("END\n");
}

int main() {
#define X(N) dump<N>(#N);
  X(SM100_TMEM_LOAD_16dp256b1x)
  X(SM100_TMEM_LOAD_16dp256b1x_16b)
  X(SM100_TMEM_LOAD_16dp256b2x)
  X(SM100_TMEM_LOAD_16dp256b2x_16b)
  X(SM100_TMEM_LOAD_16dp256b4x)
  X(SM100_TMEM_LOAD_16dp256b4x_16b)
  X(SM100_TMEM_LOAD_16dp256b8x)
  X(SM100_TMEM_LOAD_16dp256b8x_16b)
  X(SM100_TMEM_LOAD_16dp256b16x)
  X(SM100_TMEM_LOAD_16dp256b16x_16b)
  X(SM100_TMEM_LOAD_16dp256b32x)
  X(SM100_TMEM_LOAD_16dp256b32x_16b)
  X(SM100_TMEM_LOAD_16dp128b1x)
  X(SM100_TMEM_LOAD_16dp128b1x_16b)
  X(SM100_TMEM_LOAD_16dp128b2x)
  X(SM100_TMEM_LOAD_16dp128b2x_16b)
  X(SM100_TMEM_LOAD_16dp128b4x)
  X(SM100_TMEM_LOAD_16dp128b4x_16b)
  X(SM100_TMEM_LOAD_16dp128b8x)
  X(SM100_TMEM_LOAD_16dp128b8x_16b)
  X(SM100_TMEM_LOAD_16dp128b16x)
  X(SM100_TMEM_LOAD_16dp128b16x_16b)
  X(SM100_TMEM_LOAD_16dp128b32x)
  X(SM100_TMEM_LOAD_16dp128b32x_16b)
  X(SM100_TMEM_LOAD_16dp128b64x)
  X(SM100_TMEM_LOAD_16dp128b64x_16b)
  X(SM100_TMEM_LOAD_16dp64b1x)
  X(SM100_TMEM_LOAD_16dp64b1x_16b)
  X(SM100_TMEM_LOAD_16dp64b2x)
  X(SM100_TMEM_LOAD_16dp64b2x_16b)
  X(SM100_TMEM_LOAD_16dp64b4x)
  X(SM100_TMEM_LOAD_16dp64b4x_16b)
  X(SM100_TMEM_LOAD_16dp64b8x)
  X(SM100_TMEM_LOAD_16dp64b8x_16b)
  X(SM100_TMEM_LOAD_16dp64b16x)
  X(SM100_TMEM_LOAD_16dp64b16x_16b)
  X(SM100_TMEM_LOAD_16dp64b32x)
  X(SM100_TMEM_LOAD_16dp64b32x_16b)
  X(SM100_TMEM_LOAD_16dp64b64x)
  X(SM100_TMEM_LOAD_16dp64b64x_16b)
  X(SM100_TMEM_LOAD_16dp64b128x)
  X(SM100_TMEM_LOAD_16dp64b128x_16b)
  X(SM100_TMEM_LOAD_16dp32b1x)
  X(SM100_TMEM_LOAD_16dp32b1x_16b)
  X(SM100_TMEM_LOAD_16dp32b2x)
  X(SM100_TMEM_LOAD_16dp32b2x_16b)
  X(SM100_TMEM_LOAD_16dp32b4x)
  X(SM100_TMEM_LOAD_16dp32b4x_16b)
  X(SM100_TMEM_LOAD_16dp32b8x)
  X(SM100_TMEM_LOAD_16dp32b8x_16b)
  X(SM100_TMEM_LOAD_16dp32b16x)
  X(SM100_TMEM_LOAD_16dp32b16x_16b)
  X(SM100_TMEM_LOAD_16dp32b32x)
  X(SM100_TMEM_LOAD_16dp32b32x_16b)
  X(SM100_TMEM_LOAD_16dp32b64x)
  X(SM100_TMEM_LOAD_16dp32b64x_16b)
  X(SM100_TMEM_LOAD_16dp32b128x)
  X(SM100_TMEM_LOAD_16dp32b128x_16b)
  X(SM100_TMEM_LOAD_32dp32b1x)
  X(SM100_TMEM_LOAD_32dp32b1x_16b)
  X(SM100_TMEM_LOAD_32dp32b2x)
  X(SM100_TMEM_LOAD_32dp32b2x_16b)
  X(SM100_TMEM_LOAD_32dp32b4x)
  X(SM100_TMEM_LOAD_32dp32b4x_16b)
  X(SM100_TMEM_LOAD_32dp32b8x)
  X(SM100_TMEM_LOAD_32dp32b8x_16b)
  X(SM100_TMEM_LOAD_32dp32b16x)
  X(SM100_TMEM_LOAD_32dp32b16x_16b)
  X(SM100_TMEM_LOAD_32dp32b32x)
  X(SM100_TMEM_LOAD_32dp32b32x_16b)
  X(SM100_TMEM_LOAD_32dp32b64x)
  X(SM100_TMEM_LOAD_32dp32b64x_16b)
  X(SM100_TMEM_LOAD_32dp32b128x)
  X(SM100_TMEM_LOAD_32dp32b128x_16b)
  X(SM100_TMEM_STORE_16dp256b1x)
  X(SM100_TMEM_STORE_16dp256b1x_16b)
  X(SM100_TMEM_STORE_16dp256b2x)
  X(SM100_TMEM_STORE_16dp256b2x_16b)
  X(SM100_TMEM_STORE_16dp256b4x)
  X(SM100_TMEM_STORE_16dp256b4x_16b)
  X(SM100_TMEM_STORE_16dp256b8x)
  X(SM100_TMEM_STORE_16dp256b8x_16b)
  X(SM100_TMEM_STORE_16dp256b16x)
  X(SM100_TMEM_STORE_16dp256b16x_16b)
  X(SM100_TMEM_STORE_16dp256b32x)
  X(SM100_TMEM_STORE_16dp256b32x_16b)
  X(SM100_TMEM_STORE_16dp128b1x)
  X(SM100_TMEM_STORE_16dp128b1x_16b)
  X(SM100_TMEM_STORE_16dp128b2x)
  X(SM100_TMEM_STORE_16dp128b2x_16b)
  X(SM100_TMEM_STORE_16dp128b4x)
  X(SM100_TMEM_STORE_16dp128b4x_16b)
  X(SM100_TMEM_STORE_16dp128b8x)
  X(SM100_TMEM_STORE_16dp128b8x_16b)
  X(SM100_TMEM_STORE_16dp128b16x)
  X(SM100_TMEM_STORE_16dp128b16x_16b)
  X(SM100_TMEM_STORE_16dp128b32x)
  X(SM100_TMEM_STORE_16dp128b32x_16b)
  X(SM100_TMEM_STORE_16dp128b64x)
  X(SM100_TMEM_STORE_16dp128b64x_16b)
  X(SM100_TMEM_STORE_16dp64b1x)
  X(SM100_TMEM_STORE_16dp64b1x_16b)
  X(SM100_TMEM_STORE_16dp64b2x)
  X(SM100_TMEM_STORE_16dp64b2x_16b)
  X(SM100_TMEM_STORE_16dp64b4x)
  X(SM100_TMEM_STORE_16dp64b4x_16b)
  X(SM100_TMEM_STORE_16dp64b8x)
  X(SM100_TMEM_STORE_16dp64b8x_16b)
  X(SM100_TMEM_STORE_16dp64b16x)
  X(SM100_TMEM_STORE_16dp64b16x_16b)
  X(SM100_TMEM_STORE_16dp64b32x)
  X(SM100_TMEM_STORE_16dp64b32x_16b)
  X(SM100_TMEM_STORE_16dp64b64x)
  X(SM100_TMEM_STORE_16dp64b64x_16b)
  X(SM100_TMEM_STORE_16dp64b128x)
  X(SM100_TMEM_STORE_16dp64b128x_16b)
  X(SM100_TMEM_STORE_16dp32b1x)
  X(SM100_TMEM_STORE_16dp32b1x_16b)
  X(SM100_TMEM_STORE_16dp32b2x)
  X(SM100_TMEM_STORE_16dp32b2x_16b)
  X(SM100_TMEM_STORE_16dp32b4x)
  X(SM100_TMEM_STORE_16dp32b4x_16b)
  X(SM100_TMEM_STORE_16dp32b8x)
  X(SM100_TMEM_STORE_16dp32b8x_16b)
  X(SM100_TMEM_STORE_16dp32b16x)
  X(SM100_TMEM_STORE_16dp32b16x_16b)
  X(SM100_TMEM_STORE_16dp32b32x)
  X(SM100_TMEM_STORE_16dp32b32x_16b)
  X(SM100_TMEM_STORE_16dp32b64x)
  X(SM100_TMEM_STORE_16dp32b64x_16b)
  X(SM100_TMEM_STORE_16dp32b128x)
  X(SM100_TMEM_STORE_16dp32b128x_16b)
  X(SM100_TMEM_STORE_32dp32b1x)
  X(SM100_TMEM_STORE_32dp32b1x_16b)
  X(SM100_TMEM_STORE_32dp32b2x)
  X(SM100_TMEM_STORE_32dp32b2x_16b)
  X(SM100_TMEM_STORE_32dp32b4x)
  X(SM100_TMEM_STORE_32dp32b4x_16b)
  X(SM100_TMEM_STORE_32dp32b8x)
  X(SM100_TMEM_STORE_32dp32b8x_16b)
  X(SM100_TMEM_STORE_32dp32b16x)
  X(SM100_TMEM_STORE_32dp32b16x_16b)
  X(SM100_TMEM_STORE_32dp32b32x)
  X(SM100_TMEM_STORE_32dp32b32x_16b)
  X(SM100_TMEM_STORE_32dp32b64x)
  X(SM100_TMEM_STORE_32dp32b64x_16b)
  X(SM100_TMEM_STORE_32dp32b128x)
  X(SM100_TMEM_STORE_32dp32b128x_16b)
#undef X
  return 0;
}
