// cute_algebra_swizzle.cpp - the inverses and max_common_layout /
// max_common_vector of swizzled layouts (ComposedLayout<Swizzle<B,M,S>,Off,L>)
// as CuTe C++ computes them (include/cute/swizzle_layout.hpp), with static
// integers.  Each line printed is: case name, the expression in layoutd's
// cute notation, and the result as cute::print prints it.  The cases CuTe
// refuses or has no Sw o offset o layout form for are listed at the end as
// comments: they do not compile, or print a layout composed with a swizzle
// on the inside.
//   g++ -std=c++17 -w -I<cutlass>/include -I<cuda>/include -I<cuda>/include/cccl \
//       cute_algebra_swizzle.cpp && ./a.out
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
	using Row = Layout<Shape<_8, _64>, Stride<_64, _1>>;  // 8x64 half, row-major
	using Col = Layout<Shape<_64, _8>, Stride<_1, _64>>;  // the same, column-major
	using Row32 = Layout<Shape<_8, _32>, Stride<_32, _1>>;
	auto s1 = composition(Swizzle<3, 3, 3>{}, Row{});
	auto s2 = composition(Swizzle<3, 3, 3>{}, Col{});
	auto s3 = composition(Swizzle<2, 3, 3>{}, Row32{});
	auto s4 = composition(Swizzle<3, 3, 3>{}, Int<8>{}, Row{});
	CASE("algebra-swizzle-right-inverse-row", "right_inverse(Sw<3,3,3> o 0 o (8,64):(64,1))",
	     right_inverse(s1));
	CASE("algebra-swizzle-left-inverse-row", "left_inverse(Sw<3,3,3> o 0 o (8,64):(64,1))",
	     left_inverse(s1));
	CASE("algebra-swizzle-right-inverse-col", "right_inverse(Sw<3,3,3> o 0 o (64,8):(1,64))",
	     right_inverse(s2));
	CASE("algebra-swizzle-right-inverse-b2", "right_inverse(Sw<2,3,3> o 0 o (8,32):(32,1))",
	     right_inverse(s3));
	CASE("algebra-swizzle-max-common-vector", "max_common_vector(Sw<3,3,3> o 0 o (8,64):(64,1), (8,64):(64,1))",
	     max_common_vector(s1, Row{}));
	CASE("algebra-swizzle-max-common-layout", "max_common_layout(Sw<3,3,3> o 0 o (8,64):(64,1), (8,64):(64,1))",
	     max_common_layout(s1, Row{}));
	CASE("algebra-swizzle-max-common-layout-right", "max_common_layout((8,64):(64,1), Sw<3,3,3> o 0 o (8,64):(64,1))",
	     max_common_layout(Row{}, s1));
	CASE("algebra-swizzle-max-common-vector-same", "max_common_vector(Sw<3,3,3> o 0 o (8,64):(64,1), Sw<3,3,3> o 0 o (8,64):(64,1))",
	     max_common_vector(s1, s1));
	CASE("algebra-swizzle-max-common-vector-two", "max_common_vector(Sw<3,3,3> o 0 o (8,64):(64,1), Sw<2,3,3> o 0 o (8,32):(32,1))",
	     max_common_vector(s1, s3));
	CASE("algebra-swizzle-max-common-vector-offset", "max_common_vector(Sw<3,3,3> o 8 o (8,64):(64,1), (8,64):(64,1))",
	     max_common_vector(s4, Row{}));
	CASE("algebra-swizzle-max-common-layout-offset", "max_common_layout(Sw<3,3,3> o 8 o (8,64):(64,1), (8,64):(64,1))",
	     max_common_layout(s4, Row{}));
	CASE("algebra-swizzle-max-common-layout-transposed", "max_common_layout((8,64):(1,8), Sw<3,3,3> o 0 o (8,64):(64,1))",
	     max_common_layout(Layout<Shape<_8, _64>, Stride<_1, _8>>{}, s1));
	CASE("algebra-swizzle-max-common-vector-transposed", "max_common_vector((8,64):(1,8), Sw<3,3,3> o 0 o (8,64):(64,1))",
	     max_common_vector(Layout<Shape<_8, _64>, Stride<_1, _8>>{}, s1));
	using Big = Layout<Shape<_64, Int<1024>>, Stride<Int<1024>, _1>>;  // 2^16 points
	CASE("algebra-swizzle-right-inverse-64k", "right_inverse(Sw<3,4,3> o 0 o (64,1024):(1024,1))",
	     right_inverse(composition(Swizzle<3, 4, 3>{}, Big{})));
	CASE("algebra-swizzle-left-inverse-64k", "left_inverse(Sw<3,4,3> o 0 o (64,1024):(1024,1))",
	     left_inverse(composition(Swizzle<3, 4, 3>{}, Big{})));
	// algebra-swizzle-right-inverse-masks: right_inverse(Sw<3,4,3> o 0 o
	// (256,256):(256,1)) does not compile: the inverse maps the swizzle's masks
	// to 32771 and 28672, and make_swizzle asserts "Something went wrong.".
	// algebra-swizzle-right-inverse-offset: right_inverse(Sw<3,3,3> o 8 o (8,64):(64,1))
	CASE("# (refused: no Sw o offset o layout form)", "right_inverse(Sw<3,3,3> o 8 o (8,64):(64,1))",
	     right_inverse(s4));
	// algebra-swizzle-max-common-layout-two: max_common_layout(s1, s3) has no
	// overload for two ComposedLayouts and does not compile.
	return 0;
}
