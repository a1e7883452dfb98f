// Host-only dump of what CuTe prints around a layout, for the golden cases
// cute-print-*: print(tiled_copy) of real tiled copies with the thread and
// value of every tile element (the inverse of TiledLayout_TV, so a case
// can pin each element's place), and print(tensor) of tensors on global,
// shared and swizzled shared pointers with the element offset of every
// coordinate.  Build against CUTLASS's include/ directory:
//   g++ -std=c++17 -I CUTLASS/include cute_print_dump.cpp -o dump && ./dump
#include <cute/tensor.hpp>
#include <cute/atom/copy_atom.hpp>
#include <cute/atom/copy_traits_sm80.hpp>
#include <cutlass/numeric_types.h>
#include <cstdio>
#include <vector>
using namespace cute;
using cutlass::half_t;

template <class TC> void tiled_copy(const char* name, TC const& tc) {
  printf("CASE %s\nPRINT\n", name);
  print(tc);
  printf("\nENDPRINT\n");
  auto tv = typename TC::TiledLayout_TV{};
  auto tile = typename TC::Tiler_MN{};
  int M = int(size<0>(tile)), N = int(size<1>(tile));
  std::vector<int> hits(M * N, 0), thr(M * N, -1), val(M * N, -1);
  for (int t = 0; t < int(size<0>(tv)); t++)
    for (int v = 0; v < int(size<1>(tv)); v++) {
      int idx = int(tv(t, v));
      if (idx >= 0 && idx < M * N) { hits[idx]++; if (thr[idx] < 0) { thr[idx] = t; val[idx] = v; } }
    }
  int once = 0;
  for (int k = 0; k < M * N; k++) once += hits[k] == 1;
  printf("TILE %d %d THREADS %d VALUES %d ONCE %d\n", M, N, int(size<0>(tv)), int(size<1>(tv)), once);
  // element (m, n) is index m + n*M of the tile
  printf("PLACES");
  for (int m = 0; m < M; m++) for (int n = 0; n < N; n++) printf(" %d,%d:%d,%d", m, n, thr[m + n * M], val[m + n * M]);
  printf("\nEND\n");
}

template <class T> void tensor(const char* name, T const& t, void const* base) {
  printf("CASE %s\nPRINT\n", name);
  print(t);
  printf("\nENDPRINT\nOFF");
  for (int i = 0; i < int(size(t)); i++)
    printf(" %d", int((reinterpret_cast<char const*>(&t(i)) - reinterpret_cast<char const*>(base)) /
                      int(sizeof(typename T::value_type))));
  printf("\nEND\n");
}

int main() {
  // CuTe's tutorial copy: 32x8 threads of 1x8 half_t values, 128-bit accesses
  tiled_copy("universal-u128-32x8-1x8",
             make_tiled_copy(Copy_Atom<UniversalCopy<uint128_t>, half_t>{},
                             Layout<Shape<_32, _8>, Stride<_8, _1>>{}, Layout<Shape<_1, _8>>{}));
  // column-major threads, 4x1 values
  tiled_copy("universal-u64-16x8-4x1",
             make_tiled_copy(Copy_Atom<UniversalCopy<uint64_t>, half_t>{},
                             Layout<Shape<_16, _8>>{}, Layout<Shape<_4, _1>>{}));
  // an SM80 cp.async copy as sgemm_sm80 builds it
  tiled_copy("sm80-cpasync-u128-16x8-1x8",
             make_tiled_copy(Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<uint128_t>, half_t>{},
                             Layout<Shape<_16, _8>, Stride<_8, _1>>{}, Layout<Shape<_1, _8>>{}));

  static half_t g[8 * 64];
  alignas(1024) static half_t s[8 * 64];
  tensor("gmem-8x64-rowmajor", make_tensor(make_gmem_ptr(g), Layout<Shape<_8, _64>, Stride<_64, _1>>{}), g);
  tensor("smem-8x64-colmajor", make_tensor(make_smem_ptr(s), Layout<Shape<_8, _64>>{}), s);
  tensor("smem-sw128-8x64",
         make_tensor(make_smem_ptr(s), composition(Swizzle<3, 4, 3>{}, Layout<Shape<_8, _64>, Stride<_64, _1>>{})), s);
  // a swizzle_ptr: the swizzle on the pointer's byte address
  tensor("smem-swizzle-ptr-8x64",
         make_tensor(make_smem_ptr(s), GMMA::Layout_K_SW128_Atom<half_t>{}), s);
  return 0;
}
