// cute_algebra_edges.cpp - CuTe C++ at the edges the other reference
// programs leave out: max_common_vector of two *different* swizzles (their
// M differ, or only their S), and downcast of layouts with negative strides
// (a stride -1 mode is split like a stride 1 mode; include/cute/layout.hpp).
// Each line printed is: case name, the expression in layoutd's cute
// notation, and the result as cute::print prints it.
//   g++ -std=c++17 -w -I<cutlass>/include -I<cuda>/include -I<cuda>/include/cccl \
//       cute_algebra_edges.cpp && ./a.out
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
	using Row = Layout<Shape<_8, _64>, Stride<_64, _1>>;
	auto m4 = composition(Swizzle<3, 4, 3>{}, Row{});
	auto m3 = composition(Swizzle<2, 3, 3>{}, Row{});
	auto s3 = composition(Swizzle<3, 3, 3>{}, Row{});
	auto s4 = composition(Swizzle<3, 3, 4>{}, Row{});
	CASE("algebra-edge-mcv-swizzles-m4-m3",
	     "max_common_vector(Sw<3,4,3> o 0 o (8,64):(64,1), Sw<2,3,3> o 0 o (8,64):(64,1))",
	     max_common_vector(m4, m3));
	CASE("algebra-edge-mcv-swizzles-m3-m4",
	     "max_common_vector(Sw<2,3,3> o 0 o (8,64):(64,1), Sw<3,4,3> o 0 o (8,64):(64,1))",
	     max_common_vector(m3, m4));
	CASE("algebra-edge-mcv-swizzles-s-only",
	     "max_common_vector(Sw<3,3,3> o 0 o (8,64):(64,1), Sw<3,3,4> o 0 o (8,64):(64,1))",
	     max_common_vector(s3, s4));
	CASE("algebra-edge-mcv-swizzles-same-m4",
	     "max_common_vector(Sw<3,4,3> o 0 o (8,64):(64,1), Sw<3,4,3> o 0 o (8,64):(64,1))",
	     max_common_vector(m4, m4));
	CASE("algebra-edge-downcast-minus-one", "downcast<2>((4,2,8):(1,-1,4))",
	     downcast<2>(Layout<Shape<_4, _2, _8>, Stride<_1, Int<-1>, _4>>{}));
	CASE("algebra-edge-downcast-negative-stride", "downcast<2>((4,8):(1,-4))",
	     downcast<2>(Layout<Shape<_4, _8>, Stride<_1, Int<-4>>>{}));
	CASE("algebra-edge-downcast-negative-nested", "downcast<4>(((2,3),4):((1,-2),-6))",
	     downcast<4>(Layout<Shape<Shape<_2, _3>, _4>, Stride<Stride<_1, Int<-2>>, Int<-6>>>{}));
	return 0;
}
