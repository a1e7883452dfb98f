// Host-only dump of CuTe composed layouts: print(), std::cout, top-level
// mode sizes and the offsets layout(i) for every colex index i.  Flagged
// layouts: offsets of the position-independent form, cross-checked against
// a real swizzle_ptr tensor on a 1024-byte-aligned buffer.
#include <cute/tensor.hpp>
#include <cute/atom/mma_traits_sm90_gmma.hpp>
#include <cute/atom/mma_traits_sm100.hpp>
#include <cutlass/numeric_types.h>
#include <iostream>
#include <sstream>
#include <cstdlib>
using namespace cute;
using cutlass::half_t; using cutlass::bfloat16_t; using cutlass::tfloat32_t;
using cutlass::float_e4m3_t; using cutlass::float_e5m2_t;

template <class L> void head(const char* name, const char* text, L const& l) {
  printf("CASE %s\nTEXT %s\nPRINT ", name, text); print(l); printf("\n");
  std::ostringstream os; os << l; printf("COUT %s\n", os.str().c_str());
  printf("MODES");
  for_each(make_seq<rank_v<L>>{}, [&](auto i) { printf(" %d", int(size<i>(l))); });
  printf("\nCOSIZE %d\n", int(cosize(l)));
}

template <class L> void dump(const char* name, const char* text, L const& l) {
  head(name, text, l);
  printf("OFF");
  for (int i = 0; i < int(size(l)); i++) printf(" %d", int(l(i)));
  printf("\nEND\n");
}

alignas(4096) static unsigned char buffer[1 << 22];

template <class T, class L> void dump_flagged(const char* name, const char* text, L const& l) {
  head(name, text, l);
  auto pi = as_position_independent_swizzle_layout(l);
  printf("PI "); print(pi); printf("\n");
  printf("NAIVE");
  for (int i = 0; i < int(size(l)); i++) printf(" %d", int(l(i)));
  printf("\nOFF");
  T* base = reinterpret_cast<T*>(buffer);
  auto t = make_tensor(make_smem_ptr(base), l);
  for (int i = 0; i < int(size(l)); i++) {
    int off = int(pi(i));
    if constexpr (sizeof_bits_v<T> >= 8) {
      long phys = long(&t(i) - base);
      if (phys != off) { fprintf(stderr, "%s: index %d pi %d phys %ld\n", name, i, off, phys); std::exit(1); }
    }
    printf(" %d", off);
  }
  printf("\nEND\n");
}

#define D(name, text, ...) dump(name, text, __VA_ARGS__)
#define F(T, name, text, ...) dump_flagged<T>(name, text, __VA_ARGS__)

#define ATOMS(T, tn, ns)                                                                          \
  F(T, #ns "-k-inter-" tn, #ns "::Layout_K_INTER_Atom<" #T ">", ns::Layout_K_INTER_Atom<T>{});    \
  F(T, #ns "-k-sw32-" tn, #ns "::Layout_K_SW32_Atom<" #T ">", ns::Layout_K_SW32_Atom<T>{});       \
  F(T, #ns "-k-sw64-" tn, #ns "::Layout_K_SW64_Atom<" #T ">", ns::Layout_K_SW64_Atom<T>{});       \
  F(T, #ns "-k-sw128-" tn, #ns "::Layout_K_SW128_Atom<" #T ">", ns::Layout_K_SW128_Atom<T>{});    \
  F(T, #ns "-mn-inter-" tn, #ns "::Layout_MN_INTER_Atom<" #T ">", ns::Layout_MN_INTER_Atom<T>{}); \
  F(T, #ns "-mn-sw32-" tn, #ns "::Layout_MN_SW32_Atom<" #T ">", ns::Layout_MN_SW32_Atom<T>{});    \
  F(T, #ns "-mn-sw64-" tn, #ns "::Layout_MN_SW64_Atom<" #T ">", ns::Layout_MN_SW64_Atom<T>{});    \
  F(T, #ns "-mn-sw128-" tn, #ns "::Layout_MN_SW128_Atom<" #T ">", ns::Layout_MN_SW128_Atom<T>{});

int main() {
  ATOMS(half_t, "f16", GMMA)
  ATOMS(uint8_t, "u8", GMMA)
  ATOMS(float, "f32", GMMA)
  ATOMS(bfloat16_t, "bf16", UMMA)
  ATOMS(float_e4m3_t, "e4m3", UMMA)
  ATOMS(tfloat32_t, "tf32", GMMA)
  F(double, "gmma-k-sw128-f64", "GMMA::Layout_K_SW128_Atom<double>", GMMA::Layout_K_SW128_Atom<double>{});
  F(int8_t, "gmma-mn-sw64-s8", "cute::GMMA::Layout_MN_SW64_Atom<int8_t>{}", GMMA::Layout_MN_SW64_Atom<int8_t>{});
  F(float_e5m2_t, "gmma-k-sw32-e5m2", "GMMA::Layout_K_SW32_Atom<cutlass::float_e5m2_t>", GMMA::Layout_K_SW32_Atom<float_e5m2_t>{});
  F(float, "umma-mn-sw128-32b-f32", "UMMA::Layout_MN_SW128_32B_Atom<float>", UMMA::Layout_MN_SW128_32B_Atom<float>{});
  F(half_t, "umma-mn-sw128-32b-f16", "UMMA::Layout_MN_SW128_32B_Atom<half_t>", UMMA::Layout_MN_SW128_32B_Atom<half_t>{});
  F(half_t, "gmma-sw128-major-k-f16", "GMMA::Layout_SW128_Atom<half_t, GMMA::Major::K>", GMMA::Layout_SW128_Atom<half_t, GMMA::Major::K>{});
  F(cutlass::int4b_t, "gmma-k-sw128-s4", "GMMA::Layout_K_SW128_Atom<cutlass::int4b_t>", GMMA::Layout_K_SW128_Atom<cutlass::int4b_t>{});
  F(uint1b_t, "gmma-k-sw128-bits", "GMMA::Layout_K_SW128_Atom_Bits", GMMA::Layout_K_SW128_Atom_Bits{});
  // ComposedLayout type spellings
  F(half_t, "composedlayout-k-sw128-f16", "ComposedLayout<Swizzle<3,4,3>, smem_ptr_flag_bits<16>, Layout<Shape<_8,_64>,Stride<_64,_1>>>",
    ComposedLayout<Swizzle<3,4,3>, smem_ptr_flag_bits<16>, Layout<Shape<_8,_64>,Stride<_64,_1>>>{});
  F(float, "composedlayout-mn-sw64-f32", "ComposedLayout<Swizzle<2,4,3>, smem_ptr_flag_bits<32>, Layout<Shape<_16,_8>,Stride<_1,_16>>>",
    ComposedLayout<Swizzle<2,4,3>, smem_ptr_flag_bits<32>, Layout<Shape<_16,_8>,Stride<_1,_16>>>{});
  // SM80 configurations (test/unit/gemm/device/default_gemm_configuration.hpp)
  D("sm80-f16-k-sw333", "composition(Swizzle<3,3,3>{}, Layout<Shape < _8,_64>, Stride<_64, _1>>{})", composition(Swizzle<3,3,3>{}, Layout<Shape<_8,_64>, Stride<_64,_1>>{}));
  D("sm80-f16-mn-sw333", "composition(Swizzle<3,3,3>{}, Layout<Shape <_64, _8>, Stride< _1,_64>>{})", composition(Swizzle<3,3,3>{}, Layout<Shape<_64,_8>, Stride<_1,_64>>{}));
  D("sm80-f16-k-sw233", "composition(Swizzle<2,3,3>{}, Layout<Shape < _8,_32>, Stride<_32, _1>>{})", composition(Swizzle<2,3,3>{}, Layout<Shape<_8,_32>, Stride<_32,_1>>{}));
  D("sm80-tf32-k-sw323", "composition(Swizzle<3,2,3>{}, Layout<Shape < _8,_32>, Stride<_32, _1>>{})", composition(Swizzle<3,2,3>{}, Layout<Shape<_8,_32>, Stride<_32,_1>>{}));
  D("sm80-tf32-k-sw223", "composition(Swizzle<2,2,3>{}, Layout<Shape < _8,_16>, Stride<_16, _1>>{})", composition(Swizzle<2,2,3>{}, Layout<Shape<_8,_16>, Stride<_16,_1>>{}));
  D("sm80-tf32-mn-sw323", "composition(Swizzle<3,2,3>{}, Layout<Shape <_32, _8>, Stride< _1,_32>>{})", composition(Swizzle<3,2,3>{}, Layout<Shape<_32,_8>, Stride<_1,_32>>{}));
  D("sm80-s8-k-sw243", "composition( Swizzle<2,4,3>{}, Layout<Shape <_16,_64>, Stride<_64, _1>>{})", composition(Swizzle<2,4,3>{}, Layout<Shape<_16,_64>, Stride<_64,_1>>{}));
  D("sm80-f64-k-sw204", "composition(Swizzle<2,0,4>{}, Layout<Shape <_4,_16>, Stride<_1, _4>>{})", composition(Swizzle<2,0,4>{}, Layout<Shape<_4,_16>, Stride<_1,_4>>{}));
  D("sm80-f64-mn-sw222", "composition(Swizzle<2,2,2>{}, Layout<Shape <_16, _4>, Stride< _1,_16>>{})", composition(Swizzle<2,2,2>{}, Layout<Shape<_16,_4>, Stride<_1,_16>>{}));
  D("sgemm-sm80-atom", "composition(Swizzle<3,3,3>{}, Layout<Shape <_8,Shape <_8, _8>>, Stride<_8,Stride<_1,_64>>>{})", composition(Swizzle<3,3,3>{}, Layout<Shape<_8,Shape<_8,_8>>, Stride<_8,Stride<_1,_64>>>{}));
  // negative S and unit tests (test/unit/cute/core/swizzle_layout.cpp, composition.cpp)
  D("unit-sw30m3", "composition(Swizzle<3,0,-3>{}, Layout<Shape <_8,_8>, Stride<_8,_1>>{})", composition(Swizzle<3,0,-3>{}, Layout<Shape<_8,_8>, Stride<_8,_1>>{}));
  D("unit-sw20m3", "composition(Swizzle<2,0,-3>{}, Layout<Shape<_8,_8>, Stride<_8,_1>>{})", composition(Swizzle<2,0,-3>{}, Layout<Shape<_8,_8>, Stride<_8,_1>>{}));
  D("unit-sw213-nested", "composition(Swizzle<2,1,3>{}, Layout<Shape <Shape < _2,_2,_2>,Shape <_2,_2, _2>>, Stride<Stride<_32,_2,_8>,Stride<_4,_1,_16>>>{})",
    composition(Swizzle<2,1,3>{}, Layout<Shape<Shape<_2,_2,_2>,Shape<_2,_2,_2>>, Stride<Stride<_32,_2,_8>,Stride<_4,_1,_16>>>{}));
  // offsets: static and dynamic
  D("offset-static-72", "Sw<3,3,3> o _72 o (_8,_8):(_64,_1)", composition(Swizzle<3,3,3>{}, Int<72>{}, Layout<Shape<_8,_8>, Stride<_64,_1>>{}));
  D("offset-dynamic-72", "Sw<3,3,3> o 72 o (_8,_8):(_64,_1)", composition(Swizzle<3,3,3>{}, 72, Layout<Shape<_8,_8>, Stride<_64,_1>>{}));
  // tile_to_shape
  F(half_t, "tile-k-sw128-f16-128x64", "tile_to_shape(GMMA::Layout_K_SW128_Atom<half_t>{}, Shape<_128,_64>{})", tile_to_shape(GMMA::Layout_K_SW128_Atom<half_t>{}, Shape<_128,_64>{}));
  F(half_t, "tile-mn-sw128-f16-128x64", "tile_to_shape(GMMA::Layout_MN_SW128_Atom<half_t>{}, Shape<_128,_64>{})", tile_to_shape(GMMA::Layout_MN_SW128_Atom<half_t>{}, Shape<_128,_64>{}));
  F(half_t, "tile-mn-sw128-f16-256x64x3", "tile_to_shape(GMMA::Layout_MN_SW128_Atom<half_t>{}, Shape<_256,_64,_3>{})", tile_to_shape(GMMA::Layout_MN_SW128_Atom<half_t>{}, Shape<_256,_64,_3>{}));
  F(half_t, "tile-mn-sw128-f16-256x64x3-step213", "tile_to_shape(GMMA::Layout_MN_SW128_Atom<half_t>{}, Shape<_256,_64,_3>{}, Step<_2,_1,_3>{})", tile_to_shape(GMMA::Layout_MN_SW128_Atom<half_t>{}, Shape<_256,_64,_3>{}, Step<_2,_1,_3>{}));
  F(half_t, "tile-k-sw64-f16-64x64x2-step123", "tile_to_shape(GMMA::Layout_K_SW64_Atom<half_t>{}, make_shape(Int<64>{}, Int<64>{}, Int<2>{}), Step<_1,_2,_3>{})", tile_to_shape(GMMA::Layout_K_SW64_Atom<half_t>{}, make_shape(Int<64>{}, Int<64>{}, Int<2>{}), Step<_1,_2,_3>{}));
  F(float, "tile-umma-k-sw128-f32-128x64", "tile_to_shape(UMMA::Layout_K_SW128_Atom<float>{}, Shape<_128,_64>{}, Step<_2,_1>{})", tile_to_shape(UMMA::Layout_K_SW128_Atom<float>{}, Shape<_128,_64>{}, Step<_2,_1>{}));
  F(uint8_t, "tile-k-sw128-u8-64x256x4", "tile_to_shape(GMMA::Layout_K_SW128_Atom<uint8_t>{}, Shape<_64,_256,_4>{})", tile_to_shape(GMMA::Layout_K_SW128_Atom<uint8_t>{}, Shape<_64,_256,_4>{}));
  D("tile-sgemm-sm80-128x32x3", "tile_to_shape(composition(Swizzle<3,3,3>{}, Layout<Shape <_8,Shape <_8, _8>>, Stride<_8,Stride<_1,_64>>>{}), make_shape(Int<128>{}, Int<64>{}, Int<3>{}))",
    tile_to_shape(composition(Swizzle<3,3,3>{}, Layout<Shape<_8,Shape<_8,_8>>, Stride<_8,Stride<_1,_64>>>{}), make_shape(Int<128>{}, Int<64>{}, Int<3>{})));
  D("tile-sm80-f16-k-rowmajor", "tile_to_shape(composition(Swizzle<3,3,3>{}, Layout<Shape<_8,_64>,Stride<_64,_1>>{}), Shape<_32,_128>{}, GenRowMajor{})",
    tile_to_shape(composition(Swizzle<3,3,3>{}, Layout<Shape<_8,_64>,Stride<_64,_1>>{}), Shape<_32,_128>{}, GenRowMajor{}));
  // known wrong: user M=4 element swizzle for half (cutlass #1199), padding + swizzle
  D("issue1199-sw343-elements", "composition(Swizzle<3,4,3>{}, Layout<Shape<_128,_64>,Stride<_64,_1>>{})", composition(Swizzle<3,4,3>{}, Layout<Shape<_128,_64>,Stride<_64,_1>>{}));
  D("padding-plus-swizzle", "composition(Swizzle<3,3,3>{}, Layout<Shape<_8,_64>,Stride<_72,_1>>{})", composition(Swizzle<3,3,3>{}, Layout<Shape<_8,_64>,Stride<_72,_1>>{}));
  D("issue1876-sw373-8x128", "composition(Swizzle<3,7,3>{}, Layout<Shape<_8,_128>,Stride<_128,_1>>{})", composition(Swizzle<3,7,3>{}, Layout<Shape<_8,_128>,Stride<_128,_1>>{}));
  D("issue1766-sw334-mn", "composition(Swizzle<3,3,4>{}, Layout<Shape<_64,_8>,Stride<_1,_64>>{})", composition(Swizzle<3,3,4>{}, Layout<Shape<_64,_8>,Stride<_1,_64>>{}));
  D("issue2634-dsl-sw343-32x8", "S<3,4,3> o 0 o (32,8):(1,32)", composition(Swizzle<3,4,3>{}, 0, Layout<Shape<_32,_8>,Stride<_1,_32>>{}));
  D("padding-74-plus-swizzle", "composition(Swizzle<3,3,3>{}, Layout<Shape<_8,_64>,Stride<_74,_1>>{})", composition(Swizzle<3,3,3>{}, Layout<Shape<_8,_64>,Stride<Int<74>,_1>>{}));
  F(half_t, "flagged-sw333-not-gmma", "ComposedLayout<Swizzle<3,3,3>, smem_ptr_flag_bits<16>, Layout<Shape<_8,_64>,Stride<_64,_1>>>",
    ComposedLayout<Swizzle<3,3,3>, smem_ptr_flag_bits<16>, Layout<Shape<_8,_64>,Stride<_64,_1>>>{});
  F(half_t, "tile-k-sw128-f16-64x256", "tile_to_shape(GMMA::Layout_K_SW128_Atom<half_t>{}, Shape<_64,_256>{})", tile_to_shape(GMMA::Layout_K_SW128_Atom<half_t>{}, Shape<_64,_256>{}));
  D("dsl-mlir-s343-o6", "!cute.composed_layout<\"S<3,4,3> o 6 o (8,2):(2,16)\">", composition(Swizzle<3,4,3>{}, 6, Layout<Shape<_8,_2>,Stride<_2,_16>>{}));
  D("sm80-f16-k-sw333-using", "using SmemLayoutAtom = decltype(composition(Swizzle<3,3,3>{}, Layout<Shape<_8,_64>, Stride<_64,_1>>{}));", composition(Swizzle<3,3,3>{}, Layout<Shape<_8,_64>, Stride<_64,_1>>{}));
  D("tile-issue1876-sw373-64x128", "tile_to_shape(composition(Swizzle<3,7,3>{}, Layout<Shape<_8,_128>,Stride<_128,_1>>{}), Shape<_64,_128>{})",
    tile_to_shape(composition(Swizzle<3,7,3>{}, Layout<Shape<_8,_128>,Stride<_128,_1>>{}), Shape<_64,_128>{}));
  return 0;
}
