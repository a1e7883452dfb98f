// Host-only reference for the `layoutd print` pictures of what `check`
// reads beyond a plain layout: a thread-value layout (cute_role "tv") drawn
// as CuTe draws one, an algebra expression's result, and the layout of a
// print(tiled_copy) / print(tiled_mma) text.  Build and run against a
// CUTLASS checkout:
//   g++ -std=c++17 -I CUTLASS/include -o cute_print_tv_ref cute_print_tv_ref.cpp
//   ./cute_print_tv_ref OUTDIR   (writes OUTDIR/<case>.out, and the texts
//                                 OUTDIR/<case>.txt that print(...) writes)
// The TV picture is print_latex_tv of the layout composed with the tile's
// identity tensor, composition(make_identity_tensor(tile), tv), the way
// CuTe's own print_latex(TiledMMA) draws its LayoutC_TV; the layouts are
// built static (_N), as the algebra's canonical results are.
#include <cute/tensor.hpp>
#include <cute/util/print_latex.hpp>
#include <cute/atom/mma_atom.hpp>
#include <cute/atom/mma_traits_sm80.hpp>
#include <cute/atom/copy_atom.hpp>
#include <cutlass/numeric_types.h>
#include <cstdio>
#include <string>
using namespace cute;
using cutlass::half_t;

static std::string outdir;

template <class F> void emit(const char* name, const char* ext, F&& f) {
  std::string path = outdir + "/" + name + ext;
  fflush(stdout);
  if (!freopen(path.c_str(), "w", stdout)) { perror(path.c_str()); std::exit(1); }
  f();
  fflush(stdout);
}

template <class TV, class Tile> void tv_latex(const char* name, TV const& tv, Tile const& tile) {
  emit(name, ".out", [&] { print_latex_tv(composition(make_identity_tensor(tile), tv), tile); });
}

int main(int argc, char** argv) {
  if (argc != 2) { fprintf(stderr, "usage: cute_print_tv_ref OUTDIR\n"); return 2; }
  outdir = argv[1];
  // SM80 16x8 accumulator (LayoutC_TV of SM80_16x8x8 / 16x8x16) over its 16x8 tile
  auto c = Layout<Shape<Shape<_4, _8>, Shape<_2, _2>>, Stride<Stride<_32, _1>, Stride<_16, _8>>>{};
  tv_latex("print-latex-tv-sm80-16x8-c", c, Shape<_16, _8>{});
  // SM80 16x8x16 A operand over its 16x16 tile: strides past the tile's rows
  auto a = Layout<Shape<Shape<_4, _8>, Shape<_2, _2, _2>>, Stride<Stride<_32, _1>, Stride<_16, _8, _128>>>{};
  tv_latex("print-latex-tv-sm80-16x8x16-a", a, Shape<_16, _16>{});
  // a thread mode that spans both tile modes: composition splits it
  auto split = Layout<Shape<_32, _4>, Stride<_4, _1>>{};
  tv_latex("print-latex-tv-split-32x4-16x8", split, Shape<_16, _8>{});
  // a broadcast value mode (stride 0): the first (t, v) of a cell is drawn
  auto bc = Layout<Shape<_8, Shape<_2, _4>>, Stride<_1, Stride<_0, _8>>>{};
  tv_latex("print-latex-tv-broadcast-8x2x4", bc, Shape<_8, _4>{});

  // dynamic integers (a plain N in the text): CuTe keeps every mode it
  // cannot drop statically
  auto cd = make_layout(make_shape(make_shape(4, 8), make_shape(2, 2)),
                        make_stride(make_stride(32, 1), make_stride(16, 8)));
  tv_latex("print-latex-tv-dynamic-sm80-16x8-c", cd, Shape<_16, _8>{});
  auto mixed = make_layout(make_shape(_32{}, 4), make_stride(_4{}, 1));
  tv_latex("print-latex-tv-mixed-32x4-16x8", mixed, Shape<_16, _8>{});
  // a static mode of extent 1 with a stride, and a stride that does not
  // divide the tile's rows but stays within them
  auto unit = Layout<Shape<_32, Shape<_1, _4, _1>>, Stride<_4, Stride<_16, _1, _2>>>{};
  tv_latex("print-latex-tv-unit-modes-32x1x4x1-16x8", unit, Shape<_16, _8>{});
  auto odd = Layout<Shape<_4, _4>, Stride<_3, _16>>{};
  tv_latex("print-latex-tv-stride3-4x4-16x4", odd, Shape<_16, _4>{});

  // algebra: the result as CuTe computes it with static integers
  auto ld = logical_divide(Layout<Shape<_4, _2, _3>, Stride<_2, _1, _8>>{}, Layout<_4, _2>{});
  emit("print-cute-algebra-logical-divide", ".out", [&] { print_layout(ld); });
  auto bp = blocked_product(Layout<Shape<_2, _2>, Stride<_1, _2>>{}, Layout<Shape<_2, _3>, Stride<_3, _1>>{});
  emit("print-latex-algebra-blocked-product", ".out", [&] { print_latex(bp); });
  // the algebra's result read as a TV layout over (16, 8)
  auto ztv = zipped_divide(Layout<Shape<_16, _8>>{}, Shape<_2, _4>{});
  emit("print-latex-tv-algebra-zipped-divide", ".txt", [&] { print(ztv); });
  tv_latex("print-latex-tv-algebra-zipped-divide", ztv, Shape<_16, _8>{});

  // print(tiled_copy): its TiledLayout_TV over Tiler_MN
  auto tc = make_tiled_copy(Copy_Atom<UniversalCopy<uint64_t>, half_t>{},
                            Layout<Shape<_16, _8>>{}, Layout<Shape<_4, _1>>{});
  emit("print-latex-tv-tiled-copy-u64-16x8-4x1", ".txt", [&] { print(tc); });
  tv_latex("print-latex-tv-tiled-copy-u64-16x8-4x1", typename decltype(tc)::TiledLayout_TV{},
           typename decltype(tc)::Tiler_MN{});
  emit("print-cute-tiled-copy-u64-16x8-4x1", ".out",
       [&] { print_layout(typename decltype(tc)::TiledLayout_TV{}); });
  // print(tiled_mma): the atom's TV layout (as the text prints it) whose
  // tile is the logical shape: B is N x K = 8 x 16
  auto mma = make_tiled_mma(SM80_16x8x16_F16F16F16F16_TN{});
  emit("print-latex-tv-tiled-mma-sm80-16x8x16-b", ".txt", [&] { print(mma); });
  tv_latex("print-latex-tv-tiled-mma-sm80-16x8x16-b",
           typename MMA_Traits<SM80_16x8x16_F16F16F16F16_TN>::BLayout{}, Shape<_8, _16>{});
  return 0;
}
