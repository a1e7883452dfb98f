// cute_swizzle_inverse_refused.cpp - swizzled layouts whose right_inverse
// CuTe C++ refuses at compile time (make_swizzle's static_asserts), for the
// golden cases bad-algebra-swizzle-inverse-shift (CASE=1) and
// bad-algebra-swizzle-inverse-masks (CASE=2).  Each must fail to compile:
//   g++ -std=c++17 -w -fsyntax-only -DCASE=1 -I<cutlass>/include \
//       -I<cuda>/include -I<cuda>/include/cccl cute_swizzle_inverse_refused.cpp
#include <cute/tensor.hpp>
using namespace cute;

int main()
{
#if CASE == 1
	auto l = composition(Swizzle<2, 0, 2>{},
			     Layout<Shape<_2, _2, _2, _2>, Stride<_1, _4, _2, _8>>{});
#else
	auto l = composition(
		Swizzle<2, 0, 4>{},
		Layout<Shape<_2, _2, _2, _2, _2, _2, _2>, Stride<_1, _2, _4, _8, _16, _64, _32>>{});
#endif
	print(right_inverse(l));
	return 0;
}
