// Host-only dump of CuTe TMEM tensors (include/cute/pointer.hpp tmem_ptr,
// include/cute/arch/tmem_allocator_sm100.hpp TMEM::DP<T>): for each tensor
// its print() text and, for every logical coordinate (colex index i of the
// layout), the tmem_ptr address of that element, decoded as lane
// (addr >> 16) & 0xff, 32-bit column addr & 0xffff and, for sub-word
// elements, the slot CuTe keeps in the top bits (rotr of the offset).
//
// Build (host, no GPU): g++ -std=c++17 -I<cutlass>/include
//   -I<cuda>/include -I<cuda>/include/cccl tmem_tensor_dump.cpp
#include <cute/tensor.hpp>
#include <cute/atom/copy_traits_sm100.hpp>
#include <cutlass/numeric_types.h>
#include <cstdio>
using namespace cute;

template <class T, class L> void dump(const char* name, uint32_t base, L const& l) {
  auto t = make_tensor(make_tmem_ptr<T>(base), l);
  constexpr int shift = tmem_ptr<T>::OffsetShift;
  printf("CASE %s\nPRINT ", name); print(t); printf("\nMODES");
  for_each(make_seq<rank_v<L>>{}, [&](auto i) { printf(" %d", int(size<i>(l))); });
  printf("\nBITS %d\n", int(sizeof_bits<T>::value));
  for (int i = 0; i < int(size(l)); i++) {
    uint32_t a = (t.data() + l(i)).get();
    uint32_t sub = shift ? a >> (32 - shift) : 0;
    printf("%d %u %u %u\n", i, (a >> 16) & 0xff, a & 0xffff, sub);
  }
  printf("END\n");
}

int main() {
  using cutlass::half_t;
  dump<float>("f32-128x64-dp", 0, make_layout(make_shape(_128{}, _64{}), make_stride(TMEM::DP<float>{}, _1{})));
  dump<float>("f32-32x16-dp-base-lane32-col8", (32u << 16) | 8u, make_layout(make_shape(_32{}, _16{}), make_stride(TMEM::DP<float>{}, _1{})));
  dump<half_t>("f16-128x64-dp", 0, make_layout(make_shape(_128{}, _64{}), make_stride(TMEM::DP<half_t>{}, _1{})));
  dump<uint8_t>("u8-128x16-dp", 0, make_layout(make_shape(_128{}, _16{}), make_stride(TMEM::DP<uint8_t>{}, _1{})));
  dump<float>("f32-warp-tiled-4x32x8", 0, make_layout(make_shape(make_shape(_32{}, _4{}), _8{}), make_stride(make_stride(TMEM::DP<float>{}, Int<32 * 65536>{}), _1{})));
  return 0;
}
