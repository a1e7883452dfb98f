// cute_algebra_docs.cpp - the worked examples of CUTLASS's layout-algebra
// documentation (media/docs/cpp/cute/02_layout_algebra.md) and the layouts of
// the issue reports on it, computed by CuTe C++ with static integers.  Each
// line printed is: case name, the expression in layoutd's cute notation, and
// the result as cute::print prints it.  gen_cute_algebra_docs.py turns them
// into golden cases.
//   g++ -std=c++17 -I<cutlass>/include -I<cuda>/include cute_algebra_docs.cpp
#include <cstdio>
#include <cute/tensor.hpp>
using namespace cute;

#define CASE(name, text, ...)                 \
	do {                                  \
		printf("%s\t%s\t", name, text); \
		print(__VA_ARGS__);           \
		printf("\n");                 \
	} while (0)

int main()
{
	// "Coalesce"
	CASE("algebra-doc-coalesce", "coalesce((2,(1,6)):(1,(6,2)))",
	     coalesce(Layout<Shape<_2, Shape<_1, _6>>, Stride<_1, Stride<_6, _2>>>{}));
	CASE("algebra-doc-coalesce-by-mode", "coalesce((2,(1,6)):(1,(6,2)), Step<1,1>)",
	     coalesce(Layout<Shape<_2, Shape<_1, _6>>, Stride<_1, Stride<_6, _2>>>{}, Step<_1, _1>{}));
	// "Composition": the static example
	CASE("algebra-doc-composition-static", "composition((10,2):(16,4), (5,4):(1,5))",
	     composition(make_layout(make_shape(Int<10>{}, Int<2>{}), make_stride(Int<16>{}, Int<4>{})),
			 make_layout(make_shape(Int<5>{}, Int<4>{}), make_stride(Int<1>{}, Int<5>{}))));
	CASE("algebra-doc-composition-builders",
	     "composition(make_layout(make_shape(Int<10>{}, Int<2>{}), make_stride(Int<16>{}, Int<4>{})), "
	     "make_layout(make_shape(Int<5>{}, Int<4>{}), make_stride(Int<1>{}, Int<5>{})))",
	     composition(make_layout(make_shape(Int<10>{}, Int<2>{}), make_stride(Int<16>{}, Int<4>{})),
			 make_layout(make_shape(Int<5>{}, Int<4>{}), make_stride(Int<1>{}, Int<5>{}))));
	// "Composition Tilers"
	CASE("algebra-doc-composition-tiler", "composition((12,(4,8)):(59,(13,1)), <3:4, 8:2>)",
	     composition(Layout<Shape<_12, Shape<_4, _8>>, Stride<Int<59>, Stride<Int<13>, _1>>>{},
			 make_tile(Layout<_3, _4>{}, Layout<_8, _2>{})));
	CASE("algebra-doc-composition-shape-tiler", "composition((12,(4,8)):(59,(13,1)), (3,8))",
	     composition(Layout<Shape<_12, Shape<_4, _8>>, Stride<Int<59>, Stride<Int<13>, _1>>>{},
			 make_shape(Int<3>{}, Int<8>{})));
	// "Complement Examples"
	CASE("algebra-doc-complement-4-1", "complement(4:1, 24)", complement(Layout<_4, _1>{}, Int<24>{}));
	CASE("algebra-doc-complement-6-4", "complement(6:4, 24)", complement(Layout<_6, _4>{}, Int<24>{}));
	CASE("algebra-doc-complement-full", "complement((4,6):(1,4), 24)",
	     complement(Layout<Shape<_4, _6>, Stride<_1, _4>>{}, Int<24>{}));
	CASE("algebra-doc-complement-4-2", "complement(4:2, 24)", complement(Layout<_4, _2>{}, Int<24>{}));
	CASE("algebra-doc-complement-2-4", "complement((2,4):(1,6), 24)",
	     complement(Layout<Shape<_2, _4>, Stride<_1, _6>>{}, Int<24>{}));
	CASE("algebra-doc-complement-2-2", "complement((2,2):(1,6), 24)",
	     complement(Layout<Shape<_2, _2>, Stride<_1, _6>>{}, Int<24>{}));
	CASE("algebra-doc-complement-shape-cotarget", "complement(4:1, (4,7))",
	     complement(Layout<_4, _1>{}, Shape<_4, _7>{}));
	// "Logical Divide 1-D Example"
	CASE("algebra-doc-logical-divide-1d", "logical_divide((4,2,3):(2,1,8), 4:2)",
	     logical_divide(Layout<Shape<_4, _2, _3>, Stride<_2, _1, _8>>{}, Layout<_4, _2>{}));
	// "Logical Divide 2-D Example" and "Zipped, Tiled, Flat Divides"
	CASE("algebra-doc-logical-divide-2d", "logical_divide((9,(4,8)):(59,(13,1)), <3:3, (2,4):(1,8)>)",
	     logical_divide(Layout<Shape<_9, Shape<_4, _8>>, Stride<Int<59>, Stride<Int<13>, _1>>>{},
			    make_tile(Layout<_3, _3>{}, Layout<Shape<_2, _4>, Stride<_1, _8>>{})));
	CASE("algebra-doc-zipped-divide", "zipped_divide((9,(4,8)):(59,(13,1)), <3:3, (2,4):(1,8)>)",
	     zipped_divide(Layout<Shape<_9, Shape<_4, _8>>, Stride<Int<59>, Stride<Int<13>, _1>>>{},
			   make_tile(Layout<_3, _3>{}, Layout<Shape<_2, _4>, Stride<_1, _8>>{})));
	CASE("algebra-doc-tiled-divide", "tiled_divide((9,(4,8)):(59,(13,1)), make_tile(Layout<_3,_3>{}, Layout<Shape<_2,_4>,Stride<_1,_8>>{}))",
	     tiled_divide(Layout<Shape<_9, Shape<_4, _8>>, Stride<Int<59>, Stride<Int<13>, _1>>>{},
			  make_tile(Layout<_3, _3>{}, Layout<Shape<_2, _4>, Stride<_1, _8>>{})));
	CASE("algebra-doc-flat-divide", "flat_divide((9,(4,8)):(59,(13,1)), <3:3, (2,4):(1,8)>)",
	     flat_divide(Layout<Shape<_9, Shape<_4, _8>>, Stride<Int<59>, Stride<Int<13>, _1>>>{},
			 make_tile(Layout<_3, _3>{}, Layout<Shape<_2, _4>, Stride<_1, _8>>{})));
	// "Logical Product 1-D Example"
	CASE("algebra-doc-logical-product-1d", "logical_product((2,2):(4,1), 6:1)",
	     logical_product(Layout<Shape<_2, _2>, Stride<_4, _1>>{}, Layout<_6, _1>{}));
	CASE("algebra-doc-logical-product-1d-b", "logical_product((2,2):(4,1), (4,2):(2,1))",
	     logical_product(Layout<Shape<_2, _2>, Stride<_4, _1>>{}, Layout<Shape<_4, _2>, Stride<_2, _1>>{}));
	// "Blocked and Raked Products": a 2x5 row-major block over a 3x4 column-major grid
	CASE("algebra-doc-blocked-product", "blocked_product((2,5):(5,1), (3,4):(1,3))",
	     blocked_product(Layout<Shape<_2, _5>, Stride<_5, _1>>{}, Layout<Shape<_3, _4>, Stride<_1, _3>>{}));
	CASE("algebra-doc-raked-product", "raked_product((2,5):(5,1), (3,4):(1,3))",
	     raked_product(Layout<Shape<_2, _5>, Stride<_5, _1>>{}, Layout<Shape<_3, _4>, Stride<_1, _3>>{}));
	CASE("algebra-doc-zipped-product", "zipped_product((2,5):(5,1), <3:1, 4:1>)",
	     zipped_product(Layout<Shape<_2, _5>, Stride<_5, _1>>{}, make_tile(Layout<_3, _1>{}, Layout<_4, _1>{})));
	CASE("algebra-doc-tiled-product", "tiled_product((2,5):(5,1), <3:1, 4:1>)",
	     tiled_product(Layout<Shape<_2, _5>, Stride<_5, _1>>{}, make_tile(Layout<_3, _1>{}, Layout<_4, _1>{})));
	CASE("algebra-doc-flat-product", "flat_product((2,5):(5,1), <3:1, 4:1>)",
	     flat_product(Layout<Shape<_2, _5>, Stride<_5, _1>>{}, make_tile(Layout<_3, _1>{}, Layout<_4, _1>{})));
	// Issue reports
	CASE("algebra-issue-1353-composition-2x3", "composition((2,3):(1,2), (2,3):(3,1))",
	     composition(make_layout(make_shape(_2{}, _3{})), make_layout(make_shape(_2{}, _3{}), make_stride(_3{}, _1{}))));
	CASE("algebra-issue-2113-composition", "composition((10,2):(16,4), (3,4):(1,5))",
	     composition(make_layout(Shape<_10, _2>{}, Stride<_16, _4>{}), make_layout(Shape<_3, _4>{}, Stride<_1, _5>{})));
	CASE("algebra-issue-2432-composition-30-rows", "composition((32,128):(128,1), (30,128):(1,32))",
	     composition(Layout<Shape<_32, _128>, Stride<_128, _1>>{}, Layout<Shape<Int<30>, _128>, Stride<_1, _32>>{}));
	CASE("algebra-issue-2545-layout-tiler", "zipped_divide((32,64):(1,32), make_layout(make_shape(_4{}, _8{})))",
	     zipped_divide(Layout<Shape<_32, _64>, Stride<_1, _32>>{}, make_layout(make_shape(_4{}, _8{}))));
	CASE("algebra-issue-2545-shape-tiler", "zipped_divide((32,64):(1,32), make_shape(_4{}, _8{}))",
	     zipped_divide(Layout<Shape<_32, _64>, Stride<_1, _32>>{}, make_shape(_4{}, _8{})));
	CASE("algebra-issue-3058-complement-static", "complement(4:2, 8)",
	     complement(Layout<_4, _2>{}, Int<8>{}));
	CASE("algebra-issue-3485-left-inverse", "left_inverse((4,2):(2,1))",
	     left_inverse(Layout<Shape<_4, _2>, Stride<_2, _1>>{}));
	// More functions
	CASE("algebra-right-inverse-gap", "right_inverse((4,2):(1,8))", right_inverse(Layout<Shape<_4, _2>, Stride<_1, _8>>{}));
	CASE("algebra-left-inverse-transpose", "left_inverse((8,4):(4,1))", left_inverse(Layout<Shape<_8, _4>, Stride<_4, _1>>{}));
	CASE("algebra-filter", "filter((4,2,3):(1,0,4))", filter(Layout<Shape<_4, _2, _3>, Stride<_1, _0, _4>>{}));
	CASE("algebra-make-layout-concat", "make_layout(4:1, (2,3):(4,8))",
	     make_layout(Layout<_4, _1>{}, Layout<Shape<_2, _3>, Stride<_4, _8>>{}));
	CASE("algebra-upcast-2", "upcast<2>((8,16):(16,1))", upcast<2>(Layout<Shape<_8, _16>, Stride<_16, _1>>{}));
	CASE("algebra-downcast-4", "downcast<4>((8,16):(16,1))", downcast<4>(Layout<Shape<_8, _16>, Stride<_16, _1>>{}));
	CASE("algebra-recast-half-to-u8", "recast_layout<half_t, uint8_t>((8,64):(64,1))",
	     recast_layout<cutlass::half_t, uint8_t>(Layout<Shape<_8, _64>, Stride<_64, _1>>{}));
	CASE("algebra-recast-u8-to-float", "recast_layout<uint8_t, float>((8,64):(64,1))",
	     recast_layout<uint8_t, float>(Layout<Shape<_8, _64>, Stride<_64, _1>>{}));
	CASE("algebra-max-common-vector", "max_common_vector((8,16):(16,1), (8,16):(16,1))",
	     max_common_vector(Layout<Shape<_8, _16>, Stride<_16, _1>>{}, Layout<Shape<_8, _16>, Stride<_16, _1>>{}));
	CASE("algebra-max-common-vector-transposed", "max_common_vector((8,16):(16,1), (8,16):(1,8))",
	     max_common_vector(Layout<Shape<_8, _16>, Stride<_16, _1>>{}, Layout<Shape<_8, _16>, Stride<_1, _8>>{}));
	CASE("algebra-max-common-layout", "max_common_layout((4,(2,8)):(2,(1,8)), (4,(2,8)):(2,(1,8)))",
	     max_common_layout(Layout<Shape<_4, Shape<_2, _8>>, Stride<_2, Stride<_1, _8>>>{},
			       Layout<Shape<_4, Shape<_2, _8>>, Stride<_2, Stride<_1, _8>>>{}));
	CASE("algebra-tile-to-shape", "tile_to_shape((8,8):(8,1), (32,64))",
	     tile_to_shape(Layout<Shape<_8, _8>, Stride<_8, _1>>{}, Shape<_32, _64>{}));
	CASE("algebra-tile-to-shape-step", "tile_to_shape((8,8):(8,1), Shape<_32,_64>{}, Step<_2,_1>{})",
	     tile_to_shape(Layout<Shape<_8, _8>, Stride<_8, _1>>{}, Shape<_32, _64>{}, Step<_2, _1>{}));
	CASE("algebra-swizzled-divide", "logical_divide(Sw<3,3,3> o _0 o (8,64):(64,1), <8:1, 16:1>)",
	     logical_divide(composition(Swizzle<3, 3, 3>{}, Layout<Shape<_8, _64>, Stride<_64, _1>>{}),
			    make_tile(Layout<_8, _1>{}, Layout<_16, _1>{})));
	CASE("algebra-swizzled-composition", "composition(Sw<2,2,3> o _0 o (4,32):(32,1), (4,8):(32,1))",
	     composition(composition(Swizzle<2, 2, 3>{}, Layout<Shape<_4, _32>, Stride<_32, _1>>{}),
			 Layout<Shape<_4, _8>, Stride<_32, _1>>{}));
	CASE("algebra-swizzled-upcast", "upcast<2>(Sw<3,4,3> o _0 o (8,64):(64,1))",
	     upcast<2>(composition(Swizzle<3, 4, 3>{}, Layout<Shape<_8, _64>, Stride<_64, _1>>{})));
	CASE("algebra-pycute-repr-operand", "logical_divide(Layout((4, 2, 3), (2, 1, 8)), Layout(4, 2))",
	     logical_divide(Layout<Shape<_4, _2, _3>, Stride<_2, _1, _8>>{}, Layout<_4, _2>{}));
	CASE("algebra-cpp-type-operand", "coalesce(Layout<Shape<_2,Shape<_1,_6>>,Stride<_1,Stride<_6,_2>>>{})",
	     coalesce(Layout<Shape<_2, Shape<_1, _6>>, Stride<_1, Stride<_6, _2>>>{}));
	CASE("algebra-nested", "zipped_divide(composition((16,16):(16,1), (16,16):(1,16)), <4:1, 8:1>)",
	     zipped_divide(composition(Layout<Shape<_16, _16>, Stride<_16, _1>>{}, Layout<Shape<_16, _16>, Stride<_1, _16>>{}),
			   make_tile(Layout<_4, _1>{}, Layout<_8, _1>{})));
	// Edge cases: ties, stride 0, negative strides, '_' tiler modes, rank padding
	CASE("algebra-edge-right-inverse-equal-strides", "right_inverse((2,3):(1,1))",
	     right_inverse(Layout<Shape<_2,_3>,Stride<_1,_1>>{}));
	CASE("algebra-edge-right-inverse-tie-order", "right_inverse((3,2,2):(1,3,3))",
	     right_inverse(Layout<Shape<_3,_2,_2>,Stride<_1,_3,_3>>{}));
	CASE("algebra-edge-left-inverse-stride-zero", "left_inverse((4,2):(0,1))",
	     left_inverse(Layout<Shape<_4,_2>,Stride<_0,_1>>{}));
	CASE("algebra-edge-complement-stride-zero", "complement((4,2):(0,1), 8)",
	     complement(Layout<Shape<_4,_2>,Stride<_0,_1>>{}, Int<8>{}));
	CASE("algebra-edge-complement-all-zero", "complement(4:0, 8)",
	     complement(Layout<_4,_0>{}, Int<8>{}));
	CASE("algebra-edge-coalesce-all-ones", "coalesce((1,1):(3,5))",
	     coalesce(Layout<Shape<_1,_1>,Stride<_3,_5>>{}));
	CASE("algebra-edge-negative-stride-composition", "composition((4,4):(-1,4), 8:1)",
	     composition(Layout<Shape<_4,_4>,Stride<Int<-1>,_4>>{}, Layout<_8,_1>{}));
	CASE("algebra-edge-negative-stride-upcast", "upcast<2>((4,8):(-2,8))",
	     upcast<2>(Layout<Shape<_4,_8>,Stride<Int<-2>,_8>>{}));
	CASE("algebra-edge-downcast-negative-unit", "downcast<2>((4,8):(1,-8))",
	     downcast<2>(Layout<Shape<_4,_8>,Stride<_1,Int<-8>>>{}));
	CASE("algebra-edge-divide-underscore", "logical_divide((8,(2,4)):(8,(1,2)), <_, 2:1>)",
	     logical_divide(Layout<Shape<_8,Shape<_2,_4>>,Stride<_8,Stride<_1,_2>>>{}, make_tile(_, Layout<_2,_1>{})));
	CASE("algebra-edge-zipped-underscore", "zipped_divide((8,(2,4)):(8,(1,2)), <2:1, _>)",
	     zipped_divide(Layout<Shape<_8,Shape<_2,_4>>,Stride<_8,Stride<_1,_2>>>{}, make_tile(Layout<_2,_1>{}, _)));
	CASE("algebra-edge-product-int", "logical_product((2,2):(1,2), 3)",
	     logical_product(Layout<Shape<_2,_2>,Stride<_1,_2>>{}, Int<3>{}));
	CASE("algebra-edge-blocked-rank1", "blocked_product(4:1, 3:1)",
	     blocked_product(Layout<_4,_1>{}, Layout<_3,_1>{}));
	CASE("algebra-edge-raked-rank-mismatch", "raked_product((2,2):(1,2), 3:1)",
	     raked_product(Layout<Shape<_2,_2>,Stride<_1,_2>>{}, Layout<_3,_1>{}));
	CASE("algebra-edge-max-common-layout-none", "max_common_layout((4,8):(8,1), (4,8):(1,4))",
	     max_common_layout(Layout<Shape<_4,_8>,Stride<_8,_1>>{}, Layout<Shape<_4,_8>,Stride<_1,_4>>{}));
	CASE("algebra-edge-filter-profile", "filter((4,(2,3)):(0,(1,0)), (1,1))",
	     filter(Layout<Shape<_4,Shape<_2,_3>>,Stride<_0,Stride<_1,_0>>>{}, Shape<_1,_1>{}));
	CASE("algebra-edge-tile-to-shape-rank-pad", "tile_to_shape(8:1, (16,4))",
	     tile_to_shape(Layout<_8,_1>{}, Shape<_16,_4>{}));
	CASE("algebra-edge-coalesce-int-profile", "coalesce((2,(2,2)):(1,(2,4)), 1)",
	     coalesce(Layout<Shape<_2,Shape<_2,_2>>,Stride<_1,Stride<_2,_4>>>{}, Int<1>{}));
	CASE("algebra-edge-complement-rank1-tuple", "complement((4):(2), 16)",
	     complement(Layout<Shape<_4>,Stride<_2>>{}, Int<16>{}));
	// Major-order tags
	CASE("algebra-make-layout-layout-right", "make_layout(make_shape(Int<4>{}, make_shape(Int<2>{}, Int<3>{})), LayoutRight{})",
	     make_layout(make_shape(Int<4>{}, make_shape(Int<2>{}, Int<3>{})), LayoutRight{}));
	CASE("algebra-make-layout-layout-left", "make_layout(Shape<_4,_1,_8>{}, LayoutLeft{})",
	     make_layout(Shape<_4,_1,_8>{}, LayoutLeft{}));
	CASE("algebra-tile-to-shape-gen-row-major", "tile_to_shape(Layout<Shape<_8,_8>,Stride<_8,_1>>{}, Shape<_32,_64>{}, GenRowMajor{})",
	     tile_to_shape(Layout<Shape<_8,_8>,Stride<_8,_1>>{}, Shape<_32,_64>{}, GenRowMajor{}));
	CASE("algebra-tile-to-shape-gen-row-major-3d", "tile_to_shape(Layout<Shape<_2,_2>,Stride<_1,_2>>{}, Shape<_4,_6,_2>{}, GenRowMajor{})",
	     tile_to_shape(Layout<Shape<_2,_2>,Stride<_1,_2>>{}, Shape<_4,_6,_2>{}, GenRowMajor{}));
	return 0;
}
