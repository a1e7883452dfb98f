// Host-only reference for `layoutd print --format cute|latex`: CuTe's own
// print_layout (cute/util/print_tensor.hpp) and print_latex
// (cute/util/print_latex.hpp) for the layouts of the tests/golden/print-*
// cases.  Build and run against a CUTLASS checkout:
//   g++ -std=c++17 -I CUTLASS/include -o cute_print_ref cute_print_ref.cpp
//   ./cute_print_ref OUTDIR      (writes OUTDIR/<case>.out, one per case)
// The layouts are built as the case's layout.txt writes them: dynamic
// integers where the text has plain numbers, static _N where it has _N.
#include <cute/tensor.hpp>
#include <cute/util/print_latex.hpp>
#include <cute/atom/mma_traits_sm90_gmma.hpp>
#include <cutlass/numeric_types.h>
#include <cstdio>
#include <string>
using namespace cute;

static std::string outdir;

template <class F> void emit(const char* name, F&& f) {
  std::string path = outdir + "/" + name + ".out";
  fflush(stdout);
  if (!freopen(path.c_str(), "w", stdout)) { perror(path.c_str()); std::exit(1); }
  f();
  fflush(stdout);
}

int main(int argc, char** argv) {
  if (argc != 2) { fprintf(stderr, "usage: cute_print_ref OUTDIR\n"); return 2; }
  outdir = argv[1];
  // (8,16):(16,1), dynamic
  auto rowmajor = make_layout(make_shape(8, 16), make_stride(16, 1));
  emit("print-cute-rowmajor-8x16-dynamic", [&] { print_layout(rowmajor); });
  emit("print-latex-rowmajor-8x16-dynamic", [&] { print_latex(rowmajor); });
  // (_4,_8):(_8,_1), static
  auto st = Layout<Shape<_4, _8>, Stride<_8, _1>>{};
  emit("print-cute-static-4x8", [&] { print_layout(st); });
  emit("print-latex-static-4x8", [&] { print_latex(st); });
  // (_4,8):(8,_1), mixed
  auto mixed = make_layout(make_shape(_4{}, 8), make_stride(8, _1{}));
  emit("print-cute-mixed-4x8", [&] { print_layout(mixed); });
  // ((2,4),(2,4)):((1,8),(2,16)), hierarchical, dynamic
  auto nested = make_layout(make_shape(make_shape(2, 4), make_shape(2, 4)),
                            make_stride(make_stride(1, 8), make_stride(2, 16)));
  emit("print-cute-nested-2x4x2x4", [&] { print_layout(nested); });
  emit("print-latex-nested-2x4x2x4", [&] { print_latex(nested); });
  // Sw<3,4,3> o _0 o (_8,_64):(_64,_1), the 128-byte swizzle of 8 x 64 halves
  auto sw = composition(Swizzle<3, 4, 3>{}, Layout<Shape<_8, _64>, Stride<_64, _1>>{});
  emit("print-cute-sw343-8x64", [&] { print_layout(sw); });
  // Sw<2,3,3> o _0 o (_8,_32):(_32,_1) as LaTeX
  auto sw2 = composition(Swizzle<2, 3, 3>{}, Layout<Shape<_8, _32>, Stride<_32, _1>>{});
  emit("print-latex-sw233-8x32", [&] { print_latex(sw2); });
  // SM80 16x8 accumulator, thread-value: ((_4,_8),(_2,_2)):((_32,_1),(_16,_8))
  auto tv = Layout<Shape<Shape<_4, _8>, Shape<_2, _2>>, Stride<Stride<_32, _1>, Stride<_16, _8>>>{};
  emit("print-cute-tv-sm80-16x8-c", [&] { print_layout(tv); });
  // rank 1: print_latex appends a (_1):(_0) mode
  auto r1 = make_layout(make_shape(8), make_stride(2));
  emit("print-latex-rank1-8-stride2", [&] { print_latex(r1); });
  // 1-mode strided: 12 x 10 so the cells take three digits (cosize 120)
  auto wide = make_layout(make_shape(12, 10), make_stride(10, 1));
  emit("print-cute-rowmajor-12x10", [&] { print_layout(wide); });
  // Sw<2,0,3> o _0 o (_8,_8):(_8,_1): the row's low bits XORed into the column
  auto sw8 = composition(Swizzle<2, 0, 3>{}, Layout<Shape<_8, _8>, Stride<_8, _1>>{});
  emit("print-cute-sw203-8x8", [&] { print_layout(sw8); });
  emit("print-latex-sw203-8x8", [&] { print_latex(sw8); });
  // pycute's str() of ComposedLayout(Swizzle(3,4,3), 0, Layout((8,64),(64,1))):
  // every integer dynamic, the offset too
  auto pyc = composition(Swizzle<3, 4, 3>{}, 0, make_layout(make_shape(8, 64), make_stride(64, 1)));
  emit("print-cute-pycute-sw343-8x64", [&] { print_layout(pyc); });
  // GMMA shared-memory atoms (smem_ptr_flag layouts): print_layout draws
  // their position-independent form, the swizzle in element units
  emit("print-cute-gmma-k-sw32-f16", [&] { print_layout(GMMA::Layout_K_SW32_Atom<cutlass::half_t>{}); });
  emit("print-cute-gmma-mn-sw128-f16", [&] { print_layout(GMMA::Layout_MN_SW128_Atom<cutlass::half_t>{}); });
  emit("print-latex-gmma-k-sw64-f32", [&] { print_latex(GMMA::Layout_K_SW64_Atom<float>{}); });
  // the cell width is num_digits(cosize) + 2: cosize 9 and 10, 99 and 100
  // sit on either side of a digit (the largest index is one less)
  emit("print-cute-cosize-9", [&] { print_layout(make_layout(make_shape(3, 3), make_stride(3, 1))); });
  emit("print-cute-cosize-10", [&] { print_layout(make_layout(make_shape(2, 5), make_stride(5, 1))); });
  emit("print-cute-cosize-99", [&] { print_layout(make_layout(make_shape(9, 11), make_stride(11, 1))); });
  emit("print-cute-cosize-100", [&] { print_layout(make_layout(make_shape(10, 10), make_stride(10, 1))); });
  // negative indices that are multiples of 8 take color_map[idx % 8] = [0]
  // (other negative indices read outside CuTe's table: not a golden case)
  emit("print-latex-negative-multiples-of-8",
       [&] { print_latex(make_layout(make_shape(2, 4), make_stride(8, -16))); });
  return 0;
}
