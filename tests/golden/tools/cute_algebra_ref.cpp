// cute_algebra_ref.cpp - written by gen_cute_algebra.py (seed 23); do not edit.
// CuTe's layout algebra with static integers, printed by cute::print.
// CUTLASS commit 7107b05535f8977f5ecb9d01ee203205b1fd9bc4.
// g++ -std=c++17 -I<cutlass>/include -I<cuda>/include cute_algebra_ref.cpp && ./a.out
#include <cstdio>
#include <cute/tensor.hpp>
using namespace cute;
template <class T> static void out(int k, const char *tag, T const &v)
{ printf("%d\t%s\t", k, tag); print(v); printf("\n"); }
int main()
{
  out(1, "R", tile_to_shape(Layout<Shape<Int<2>,Int<4>>,Stride<Int<1>,Int<2>>>{}, Shape<Int<8>,Int<8>>{})); // tile_to_shape((2,4):(1,2), (8,8))
  out(2, "R", max_common_vector(Layout<Int<8>,Int<1>>{}, Layout<Int<8>,Int<1>>{})); // max_common_vector(8:1, 8:1)
  out(3, "R", composition(Layout<Shape<Int<2>,Int<1>>,Stride<Int<16>,Int<8>>>{}, make_tile(Int<3>{}, Layout<Shape<Int<2>,Int<2>>,Stride<Int<2>,Int<4>>>{}))); // composition((2,1):(16,8), <3, (2,2):(2,4)>)
  out(4, "R", composition(Layout<Shape<Int<3>>,Stride<Int<1>>>{}, Layout<Int<4>,Int<2>>{})); // composition((3):(1), 4:2)
  out(5, "R", complement(Layout<Int<6>,Int<1>>{}, Int<16>{})); // complement(6:1, 16)
  out(6, "R", logical_divide(Layout<Shape<Int<4>,Int<6>>,Stride<Int<0>,Int<2>>>{}, make_tile(Layout<Shape<Int<4>,Int<2>>,Stride<Int<2>,Int<16>>>{}))); // logical_divide((4,6):(0,2), <(4,2):(2,16)>)
  out(6, "LD", logical_divide(Layout<Shape<Int<4>,Int<6>>,Stride<Int<0>,Int<2>>>{}, make_tile(Layout<Shape<Int<4>,Int<2>>,Stride<Int<2>,Int<16>>>{})));
  out(6, "T0", make_layout(Layout<Shape<Int<4>,Int<2>>,Stride<Int<2>,Int<16>>>{}, complement(Layout<Shape<Int<4>,Int<2>>,Stride<Int<2>,Int<16>>>{}, shape(coalesce(layout<0>(Layout<Shape<Int<4>,Int<6>>,Stride<Int<0>,Int<2>>>{}))))));
  out(7, "R", flat_divide(Layout<Shape<Int<1>>,Stride<Int<1>>>{}, Layout<Int<2>,Int<1>>{})); // flat_divide((1):(1), 2:1)
  out(7, "LD", logical_divide(Layout<Shape<Int<1>>,Stride<Int<1>>>{}, Layout<Int<2>,Int<1>>{}));
  out(7, "T0", make_layout(Layout<Int<2>,Int<1>>{}, complement(Layout<Int<2>,Int<1>>{}, shape(coalesce(Layout<Shape<Int<1>>,Stride<Int<1>>>{})))));
  out(9, "R", logical_divide(Layout<Shape<Int<4>,Int<4>>,Stride<Int<4>,Int<1>>>{}, make_tile(Int<3>{}, Layout<Int<2>,Int<3>>{}))); // logical_divide((4,4):(4,1), <3, 2:3>)
  out(9, "LD", logical_divide(Layout<Shape<Int<4>,Int<4>>,Stride<Int<4>,Int<1>>>{}, make_tile(Int<3>{}, Layout<Int<2>,Int<3>>{})));
  out(9, "T0", make_layout(make_layout(Int<3>{}), complement(make_layout(Int<3>{}), shape(coalesce(layout<0>(Layout<Shape<Int<4>,Int<4>>,Stride<Int<4>,Int<1>>>{}))))));
  out(9, "T1", make_layout(Layout<Int<2>,Int<3>>{}, complement(Layout<Int<2>,Int<3>>{}, shape(coalesce(layout<1>(Layout<Shape<Int<4>,Int<4>>,Stride<Int<4>,Int<1>>>{}))))));
  out(10, "R", make_layout(Layout<Shape<Int<2>,Int<2>>,Stride<Int<2>,Int<1>>>{}, Layout<Int<4>,Int<1>>{})); // make_layout((2,2):(2,1), 4:1)
  out(11, "R", right_inverse(Layout<Shape<Int<4>,Int<2>,Int<2>>,Stride<Int<4>,Int<1>,Int<2>>>{})); // right_inverse((4,2,2):(4,1,2))
  out(12, "R", coalesce(Layout<Shape<Int<4>,Int<4>,Int<1>>,Stride<Int<4>,Int<16>,Int<4>>>{})); // coalesce((4,4,1):(4,16,4))
  out(13, "R", complement(Layout<Shape<Int<2>,Int<4>>,Stride<Int<4>,Int<1>>>{})); // complement((2,4):(4,1))
  out(14, "R", make_layout(Layout<Shape<Shape<Int<1>,Int<4>>,Int<2>>,Stride<Stride<Int<1>,Int<2>>,Int<1>>>{}, Layout<Shape<Int<6>,Int<2>,Int<3>>,Stride<Int<3>,Int<18>,Int<1>>>{})); // make_layout(((1,4),2):((1,2),1), (6,2,3):(3,18,1))
  out(15, "R", composition(Layout<Shape<Int<4>,Shape<Int<6>,Int<6>>>,Stride<Int<1>,Stride<Int<4>,Int<24>>>>{}, Layout<Int<4>,Int<1>>{})); // composition((4,(6,6)):(1,(4,24)), 4:1)
  out(16, "R", composition(Layout<Shape<Int<3>,Int<4>,Int<4>>,Stride<Int<1>,Int<3>,Int<12>>>{}, Layout<Shape<Int<2>,Int<3>>,Stride<Int<1>,Int<2>>>{})); // composition((3,4,4):(1,3,12), (2,3):(1,2))
  out(17, "R", coalesce(Layout<Shape<Int<4>>,Stride<Int<1>>>{})); // coalesce((4):(1))
  out(18, "R", complement(Layout<Shape<Int<6>,Int<1>>,Stride<Int<1>,Int<1>>>{}, Int<32>{})); // complement((6,1):(1,1), 32)
  out(19, "R", coalesce(Layout<Int<8>,Int<1>>{})); // coalesce(8:1)
  out(20, "R", composition(Layout<Shape<Int<1>,Int<6>,Int<1>>,Stride<Int<6>,Int<1>,Int<1>>>{}, make_tile(Layout<Shape<Int<2>,Int<4>>,Stride<Int<1>,Int<4>>>{}, Layout<Shape<Int<2>,Int<3>>,Stride<Int<1>,Int<2>>>{}))); // composition((1,6,1):(6,1,1), <(2,4):(1,4), (2,3):(1,2)>)
  out(21, "R", make_layout(Layout<Shape<Int<2>,Shape<Int<2>,Int<6>>>,Stride<Int<1>,Stride<Int<16>,Int<1>>>>{}, Layout<Shape<Int<3>,Int<4>,Int<2>>,Stride<Int<8>,Int<16>,Int<16>>>{})); // make_layout((2,(2,6)):(1,(16,1)), (3,4,2):(8,16,16))
  out(22, "R", coalesce(Layout<Int<4>,Int<1>>{})); // coalesce(4:1)
  out(23, "R", flat_divide(Layout<Int<2>,Int<3>>{}, Layout<Shape<Int<4>,Int<2>>,Stride<Int<1>,Int<8>>>{})); // flat_divide(2:3, (4,2):(1,8))
  out(23, "LD", logical_divide(Layout<Int<2>,Int<3>>{}, Layout<Shape<Int<4>,Int<2>>,Stride<Int<1>,Int<8>>>{}));
  out(23, "T0", make_layout(Layout<Shape<Int<4>,Int<2>>,Stride<Int<1>,Int<8>>>{}, complement(Layout<Shape<Int<4>,Int<2>>,Stride<Int<1>,Int<8>>>{}, shape(coalesce(Layout<Int<2>,Int<3>>{})))));
  out(24, "R", composition(Layout<Shape<Int<2>,Int<2>,Shape<Int<1>,Int<1>>>,Stride<Int<2>,Int<1>,Stride<Int<1>,Int<2>>>>{}, Layout<Shape<Int<6>,Int<2>>,Stride<Int<1>,Int<6>>>{})); // composition((2,2,(1,1)):(2,1,(1,2)), (6,2):(1,6))
  out(25, "R", right_inverse(Layout<Shape<Int<2>,Shape<Int<2>,Int<2>>,Int<4>>,Stride<Int<8>,Stride<Int<8>,Int<1>>,Int<3>>>{})); // right_inverse((2,(2,2),4):(8,(8,1),3))
  out(26, "R", zipped_divide(Layout<Int<6>,Int<1>>{}, Layout<Int<2>,Int<2>>{})); // zipped_divide(6:1, 2:2)
  out(26, "LD", logical_divide(Layout<Int<6>,Int<1>>{}, Layout<Int<2>,Int<2>>{}));
  out(26, "T0", make_layout(Layout<Int<2>,Int<2>>{}, complement(Layout<Int<2>,Int<2>>{}, shape(coalesce(Layout<Int<6>,Int<1>>{})))));
  out(27, "R", zipped_divide(Layout<Shape<Shape<Int<8>,Int<4>>,Int<1>,Int<2>>,Stride<Stride<Int<8>,Int<1>>,Int<4>,Int<4>>>{}, Layout<Int<4>,Int<4>>{})); // zipped_divide(((8,4),1,2):((8,1),4,4), 4:4)
  out(27, "LD", logical_divide(Layout<Shape<Shape<Int<8>,Int<4>>,Int<1>,Int<2>>,Stride<Stride<Int<8>,Int<1>>,Int<4>,Int<4>>>{}, Layout<Int<4>,Int<4>>{}));
  out(27, "T0", make_layout(Layout<Int<4>,Int<4>>{}, complement(Layout<Int<4>,Int<4>>{}, shape(coalesce(Layout<Shape<Shape<Int<8>,Int<4>>,Int<1>,Int<2>>,Stride<Stride<Int<8>,Int<1>>,Int<4>,Int<4>>>{})))));
  out(28, "R", complement(Layout<Shape<Int<3>,Int<1>>,Stride<Int<1>,Int<3>>>{}, Int<32>{})); // complement((3,1):(1,3), 32)
  out(29, "R", composition(Layout<Shape<Int<2>,Int<6>>,Stride<Int<6>,Int<1>>>{}, make_tile(Int<3>{}))); // composition((2,6):(6,1), <3>)
  out(30, "R", logical_divide(Layout<Shape<Shape<Int<2>,Int<1>,Int<8>>,Int<1>,Shape<Int<4>,Int<8>>>,Stride<Stride<Int<4>,Int<1>,Int<8>>,Int<8>,Stride<Int<1>,Int<8>>>>{}, Layout<Shape<Int<2>,Int<3>>,Stride<Int<1>,Int<2>>>{})); // logical_divide(((2,1,8),1,(4,8)):((4,1,8),8,(1,8)), (2,3):(1,2))
  out(30, "LD", logical_divide(Layout<Shape<Shape<Int<2>,Int<1>,Int<8>>,Int<1>,Shape<Int<4>,Int<8>>>,Stride<Stride<Int<4>,Int<1>,Int<8>>,Int<8>,Stride<Int<1>,Int<8>>>>{}, Layout<Shape<Int<2>,Int<3>>,Stride<Int<1>,Int<2>>>{}));
  out(30, "T0", make_layout(Layout<Shape<Int<2>,Int<3>>,Stride<Int<1>,Int<2>>>{}, complement(Layout<Shape<Int<2>,Int<3>>,Stride<Int<1>,Int<2>>>{}, shape(coalesce(Layout<Shape<Shape<Int<2>,Int<1>,Int<8>>,Int<1>,Shape<Int<4>,Int<8>>>,Stride<Stride<Int<4>,Int<1>,Int<8>>,Int<8>,Stride<Int<1>,Int<8>>>>{})))));
  out(31, "R", zipped_divide(Layout<Shape<Int<1>,Int<4>>,Stride<Int<1>,Int<1>>>{}, make_tile(Int<3>{}))); // zipped_divide((1,4):(1,1), <3>)
  out(31, "LD", logical_divide(Layout<Shape<Int<1>,Int<4>>,Stride<Int<1>,Int<1>>>{}, make_tile(Int<3>{})));
  out(31, "T0", make_layout(make_layout(Int<3>{}), complement(make_layout(Int<3>{}), shape(coalesce(layout<0>(Layout<Shape<Int<1>,Int<4>>,Stride<Int<1>,Int<1>>>{}))))));
  out(32, "R", composition(Layout<Shape<Shape<Int<4>,Int<2>,Int<4>>,Int<3>>,Stride<Stride<Int<24>,Int<3>,Int<6>>,Int<1>>>{}, Layout<Int<2>,Int<1>>{})); // composition(((4,2,4),3):((24,3,6),1), 2:1)
  out(33, "R", right_inverse(Layout<Shape<Shape<Int<1>,Int<6>,Int<4>>,Int<2>>,Stride<Stride<Int<1>,Int<2>,Int<0>>,Int<16>>>{})); // right_inverse(((1,6,4),2):((1,2,0),16))
  out(34, "R", coalesce(Layout<Shape<Shape<Int<2>,Int<2>>>,Stride<Stride<Int<16>,Int<0>>>>{})); // coalesce(((2,2)):((16,0)))
  out(35, "R", upcast<2>(Layout<Shape<Int<4>,Int<1>,Int<2>>,Stride<Int<1>,Int<8>,Int<4>>>{})); // upcast<2>((4,1,2):(1,8,4))
  out(36, "R", tiled_divide(Layout<Shape<Int<4>,Int<3>,Int<1>>,Stride<Int<1>,Int<4>,Int<4>>>{}, Layout<Shape<Int<2>,Int<2>>,Stride<Int<1>,Int<4>>>{})); // tiled_divide((4,3,1):(1,4,4), (2,2):(1,4))
  out(36, "LD", logical_divide(Layout<Shape<Int<4>,Int<3>,Int<1>>,Stride<Int<1>,Int<4>,Int<4>>>{}, Layout<Shape<Int<2>,Int<2>>,Stride<Int<1>,Int<4>>>{}));
  out(36, "T0", make_layout(Layout<Shape<Int<2>,Int<2>>,Stride<Int<1>,Int<4>>>{}, complement(Layout<Shape<Int<2>,Int<2>>,Stride<Int<1>,Int<4>>>{}, shape(coalesce(Layout<Shape<Int<4>,Int<3>,Int<1>>,Stride<Int<1>,Int<4>,Int<4>>>{})))));
  out(37, "R", complement(Layout<Shape<Shape<Int<6>,Int<1>>>,Stride<Stride<Int<4>,Int<2>>>>{}, Shape<Int<8>,Int<8>>{})); // complement(((6,1)):((4,2)), (8,8))
  out(38, "R", flat_divide(Layout<Shape<Int<2>>,Stride<Int<1>>>{}, Layout<Shape<Int<2>,Int<4>>,Stride<Int<1>,Int<4>>>{})); // flat_divide((2):(1), (2,4):(1,4))
  out(38, "LD", logical_divide(Layout<Shape<Int<2>>,Stride<Int<1>>>{}, Layout<Shape<Int<2>,Int<4>>,Stride<Int<1>,Int<4>>>{}));
  out(38, "T0", make_layout(Layout<Shape<Int<2>,Int<4>>,Stride<Int<1>,Int<4>>>{}, complement(Layout<Shape<Int<2>,Int<4>>,Stride<Int<1>,Int<4>>>{}, shape(coalesce(Layout<Shape<Int<2>>,Stride<Int<1>>>{})))));
  out(39, "R", flat_product(Layout<Shape<Shape<Int<4>,Int<2>>,Int<4>>,Stride<Stride<Int<1>,Int<0>>,Int<2>>>{}, make_tile(Layout<Int<4>,Int<4>>{}, Layout<Int<4>,Int<1>>{}))); // flat_product(((4,2),4):((1,0),2), <4:4, 4:1>)
  out(39, "P0", logical_product(layout<0>(Layout<Shape<Shape<Int<4>,Int<2>>,Int<4>>,Stride<Stride<Int<1>,Int<0>>,Int<2>>>{}), Layout<Int<4>,Int<4>>{}));
  out(39, "C0", complement(layout<0>(Layout<Shape<Shape<Int<4>,Int<2>>,Int<4>>,Stride<Stride<Int<1>,Int<0>>,Int<2>>>{}), size(layout<0>(Layout<Shape<Shape<Int<4>,Int<2>>,Int<4>>,Stride<Stride<Int<1>,Int<0>>,Int<2>>>{}))*cosize(Layout<Int<4>,Int<4>>{})));
  out(39, "B0", Layout<Int<4>,Int<4>>{});
  out(39, "P1", logical_product(layout<1>(Layout<Shape<Shape<Int<4>,Int<2>>,Int<4>>,Stride<Stride<Int<1>,Int<0>>,Int<2>>>{}), Layout<Int<4>,Int<1>>{}));
  out(39, "C1", complement(layout<1>(Layout<Shape<Shape<Int<4>,Int<2>>,Int<4>>,Stride<Stride<Int<1>,Int<0>>,Int<2>>>{}), size(layout<1>(Layout<Shape<Shape<Int<4>,Int<2>>,Int<4>>,Stride<Stride<Int<1>,Int<0>>,Int<2>>>{}))*cosize(Layout<Int<4>,Int<1>>{})));
  out(39, "B1", Layout<Int<4>,Int<1>>{});
  out(40, "R", complement(Layout<Shape<Int<2>,Int<8>>,Stride<Int<8>,Int<1>>>{}, Int<128>{})); // complement((2,8):(8,1), 128)
  out(41, "R", right_inverse(Layout<Shape<Int<6>,Int<6>,Int<2>>,Stride<Int<2>,Int<12>,Int<1>>>{})); // right_inverse((6,6,2):(2,12,1))
  out(42, "R", complement(Layout<Int<4>,Int<1>>{}, Int<24>{})); // complement(4:1, 24)
  out(43, "R", composition(Layout<Shape<Int<2>,Int<2>>,Stride<Int<0>,Int<3>>>{}, Layout<Int<2>,Int<1>>{})); // composition((2,2):(0,3), 2:1)
  out(44, "R", logical_divide(Layout<Shape<Int<2>,Int<6>>,Stride<Int<6>,Int<1>>>{}, make_tile(Layout<Int<2>,Int<1>>{}, Layout<Int<3>,Int<1>>{}))); // logical_divide((2,6):(6,1), <2:1, 3:1>)
  out(44, "LD", logical_divide(Layout<Shape<Int<2>,Int<6>>,Stride<Int<6>,Int<1>>>{}, make_tile(Layout<Int<2>,Int<1>>{}, Layout<Int<3>,Int<1>>{})));
  out(44, "T0", make_layout(Layout<Int<2>,Int<1>>{}, complement(Layout<Int<2>,Int<1>>{}, shape(coalesce(layout<0>(Layout<Shape<Int<2>,Int<6>>,Stride<Int<6>,Int<1>>>{}))))));
  out(44, "T1", make_layout(Layout<Int<3>,Int<1>>{}, complement(Layout<Int<3>,Int<1>>{}, shape(coalesce(layout<1>(Layout<Shape<Int<2>,Int<6>>,Stride<Int<6>,Int<1>>>{}))))));
  out(45, "R", logical_product(Layout<Int<1>,Int<1>>{}, Layout<Shape<Int<2>,Int<4>>,Stride<Int<4>,Int<1>>>{})); // logical_product(1:1, (2,4):(4,1))
  out(45, "P0", logical_product(Layout<Int<1>,Int<1>>{}, Layout<Shape<Int<2>,Int<4>>,Stride<Int<4>,Int<1>>>{}));
  out(45, "C0", complement(Layout<Int<1>,Int<1>>{}, size(Layout<Int<1>,Int<1>>{})*cosize(Layout<Shape<Int<2>,Int<4>>,Stride<Int<4>,Int<1>>>{})));
  out(45, "B0", Layout<Shape<Int<2>,Int<4>>,Stride<Int<4>,Int<1>>>{});
  out(47, "R", composition(Layout<Shape<Int<4>,Shape<Int<2>,Int<3>,Int<3>>>,Stride<Int<1>,Stride<Int<36>,Int<12>,Int<4>>>>{}, make_tile(Layout<Int<2>,Int<1>>{}))); // composition((4,(2,3,3)):(1,(36,12,4)), <2:1>)
  out(48, "R", flat_divide(Layout<Shape<Int<4>,Shape<Int<4>,Int<4>>,Int<8>>,Stride<Int<1>,Stride<Int<128>,Int<4>>,Int<16>>>{}, make_tile(Layout<Shape<Int<2>,Int<2>>,Stride<Int<2>,Int<4>>>{}))); // flat_divide((4,(4,4),8):(1,(128,4),16), <(2,2):(2,4)>)
  out(48, "LD", logical_divide(Layout<Shape<Int<4>,Shape<Int<4>,Int<4>>,Int<8>>,Stride<Int<1>,Stride<Int<128>,Int<4>>,Int<16>>>{}, make_tile(Layout<Shape<Int<2>,Int<2>>,Stride<Int<2>,Int<4>>>{})));
  out(48, "T0", make_layout(Layout<Shape<Int<2>,Int<2>>,Stride<Int<2>,Int<4>>>{}, complement(Layout<Shape<Int<2>,Int<2>>,Stride<Int<2>,Int<4>>>{}, shape(coalesce(layout<0>(Layout<Shape<Int<4>,Shape<Int<4>,Int<4>>,Int<8>>,Stride<Int<1>,Stride<Int<128>,Int<4>>,Int<16>>>{}))))));
  out(49, "R", composition(Layout<Int<4>,Int<1>>{}, Layout<Shape<Int<4>,Shape<Int<3>,Int<4>>>,Stride<Int<16>,Stride<Int<0>,Int<4>>>>{})); // composition(4:1, (4,(3,4)):(16,(0,4)))
  out(50, "R", max_common_layout(Layout<Shape<Int<8>,Int<2>,Int<2>>,Stride<Int<4>,Int<2>,Int<1>>>{}, Layout<Shape<Int<8>,Int<2>,Int<2>>,Stride<Int<4>,Int<2>,Int<1>>>{})); // max_common_layout((8,2,2):(4,2,1), (8,2,2):(4,2,1))
  out(51, "R", coalesce(Layout<Shape<Int<8>,Int<4>,Int<4>>,Stride<Int<4>,Int<1>,Int<32>>>{})); // coalesce((8,4,4):(4,1,32))
  out(52, "R", raked_product(Layout<Shape<Int<1>,Shape<Int<2>,Int<1>,Int<4>>,Int<3>>,Stride<Int<2>,Stride<Int<1>,Int<1>,Int<6>>,Int<2>>>{}, Layout<Shape<Int<4>,Int<2>,Int<2>>,Stride<Int<0>,Int<8>,Int<2>>>{})); // raked_product((1,(2,1,4),3):(2,(1,1,6),2), (4,2,2):(0,8,2))
  out(52, "P0", logical_product(append<3>(Layout<Shape<Int<1>,Shape<Int<2>,Int<1>,Int<4>>,Int<3>>,Stride<Int<2>,Stride<Int<1>,Int<1>,Int<6>>,Int<2>>>{}), append<3>(Layout<Shape<Int<4>,Int<2>,Int<2>>,Stride<Int<0>,Int<8>,Int<2>>>{})));
  out(52, "C0", complement(append<3>(Layout<Shape<Int<1>,Shape<Int<2>,Int<1>,Int<4>>,Int<3>>,Stride<Int<2>,Stride<Int<1>,Int<1>,Int<6>>,Int<2>>>{}), size(append<3>(Layout<Shape<Int<1>,Shape<Int<2>,Int<1>,Int<4>>,Int<3>>,Stride<Int<2>,Stride<Int<1>,Int<1>,Int<6>>,Int<2>>>{}))*cosize(append<3>(Layout<Shape<Int<4>,Int<2>,Int<2>>,Stride<Int<0>,Int<8>,Int<2>>>{}))));
  out(52, "B0", append<3>(Layout<Shape<Int<4>,Int<2>,Int<2>>,Stride<Int<0>,Int<8>,Int<2>>>{}));
  out(53, "R", make_layout(Layout<Shape<Shape<Int<4>,Int<4>>,Shape<Int<2>,Int<4>>,Int<4>>,Stride<Stride<Int<128>,Int<1>>,Stride<Int<4>,Int<32>>,Int<8>>>{}, Layout<Int<6>,Int<1>>{})); // make_layout(((4,4),(2,4),4):((128,1),(4,32),8), 6:1)
  out(54, "R", tiled_divide(Layout<Shape<Int<3>,Shape<Int<3>,Int<4>>>,Stride<Int<24>,Stride<Int<1>,Int<6>>>>{}, Layout<Int<2>,Int<1>>{})); // tiled_divide((3,(3,4)):(24,(1,6)), 2:1)
  out(54, "LD", logical_divide(Layout<Shape<Int<3>,Shape<Int<3>,Int<4>>>,Stride<Int<24>,Stride<Int<1>,Int<6>>>>{}, Layout<Int<2>,Int<1>>{}));
  out(54, "T0", make_layout(Layout<Int<2>,Int<1>>{}, complement(Layout<Int<2>,Int<1>>{}, shape(coalesce(Layout<Shape<Int<3>,Shape<Int<3>,Int<4>>>,Stride<Int<24>,Stride<Int<1>,Int<6>>>>{})))));
  out(55, "R", coalesce(Layout<Shape<Int<2>,Int<2>>,Stride<Int<1>,Int<2>>>{})); // coalesce((2,2):(1,2))
  out(56, "R", composition(Layout<Shape<Int<1>>,Stride<Int<1>>>{}, Layout<Shape<Int<2>,Int<4>>,Stride<Int<1>,Int<2>>>{})); // composition((1):(1), (2,4):(1,2))
  out(57, "R", raked_product(Layout<Shape<Int<4>,Shape<Int<2>,Int<2>>>,Stride<Int<4>,Stride<Int<1>,Int<2>>>>{}, Layout<Shape<Int<2>,Shape<Int<3>,Int<2>>,Int<2>>,Stride<Int<0>,Stride<Int<0>,Int<0>>,Int<1>>>{})); // raked_product((4,(2,2)):(4,(1,2)), (2,(3,2),2):(0,(0,0),1))
  out(57, "P0", logical_product(append<3>(Layout<Shape<Int<4>,Shape<Int<2>,Int<2>>>,Stride<Int<4>,Stride<Int<1>,Int<2>>>>{}), append<3>(Layout<Shape<Int<2>,Shape<Int<3>,Int<2>>,Int<2>>,Stride<Int<0>,Stride<Int<0>,Int<0>>,Int<1>>>{})));
  out(57, "C0", complement(append<3>(Layout<Shape<Int<4>,Shape<Int<2>,Int<2>>>,Stride<Int<4>,Stride<Int<1>,Int<2>>>>{}), size(append<3>(Layout<Shape<Int<4>,Shape<Int<2>,Int<2>>>,Stride<Int<4>,Stride<Int<1>,Int<2>>>>{}))*cosize(append<3>(Layout<Shape<Int<2>,Shape<Int<3>,Int<2>>,Int<2>>,Stride<Int<0>,Stride<Int<0>,Int<0>>,Int<1>>>{}))));
  out(57, "B0", append<3>(Layout<Shape<Int<2>,Shape<Int<3>,Int<2>>,Int<2>>,Stride<Int<0>,Stride<Int<0>,Int<0>>,Int<1>>>{}));
  out(58, "R", left_inverse(Layout<Shape<Int<1>,Int<1>,Int<2>>,Stride<Int<3>,Int<16>,Int<1>>>{})); // left_inverse((1,1,2):(3,16,1))
  out(59, "R", zipped_divide(Layout<Shape<Shape<Int<2>,Int<4>>,Int<8>>,Stride<Stride<Int<8>,Int<16>>,Int<1>>>{}, Layout<Shape<Int<2>,Int<3>>,Stride<Int<2>,Int<8>>>{})); // zipped_divide(((2,4),8):((8,16),1), (2,3):(2,8))
  out(59, "LD", logical_divide(Layout<Shape<Shape<Int<2>,Int<4>>,Int<8>>,Stride<Stride<Int<8>,Int<16>>,Int<1>>>{}, Layout<Shape<Int<2>,Int<3>>,Stride<Int<2>,Int<8>>>{}));
  out(59, "T0", make_layout(Layout<Shape<Int<2>,Int<3>>,Stride<Int<2>,Int<8>>>{}, complement(Layout<Shape<Int<2>,Int<3>>,Stride<Int<2>,Int<8>>>{}, shape(coalesce(Layout<Shape<Shape<Int<2>,Int<4>>,Int<8>>,Stride<Stride<Int<8>,Int<16>>,Int<1>>>{})))));
  out(60, "R", tile_to_shape(Layout<Shape<Int<4>,Int<4>>,Stride<Int<1>,Int<4>>>{}, Shape<Int<8>,Int<8>>{})); // tile_to_shape((4,4):(1,4), (8,8))
  out(61, "R", zipped_divide(Layout<Shape<Shape<Int<2>,Int<1>>,Int<1>>,Stride<Stride<Int<1>,Int<1>>,Int<2>>>{}, make_tile(Layout<Shape<Int<4>,Int<2>>,Stride<Int<1>,Int<4>>>{}))); // zipped_divide(((2,1),1):((1,1),2), <(4,2):(1,4)>)
  out(61, "LD", logical_divide(Layout<Shape<Shape<Int<2>,Int<1>>,Int<1>>,Stride<Stride<Int<1>,Int<1>>,Int<2>>>{}, make_tile(Layout<Shape<Int<4>,Int<2>>,Stride<Int<1>,Int<4>>>{})));
  out(61, "T0", make_layout(Layout<Shape<Int<4>,Int<2>>,Stride<Int<1>,Int<4>>>{}, complement(Layout<Shape<Int<4>,Int<2>>,Stride<Int<1>,Int<4>>>{}, shape(coalesce(layout<0>(Layout<Shape<Shape<Int<2>,Int<1>>,Int<1>>,Stride<Stride<Int<1>,Int<1>>,Int<2>>>{}))))));
  out(63, "R", tiled_divide(Layout<Int<2>,Int<1>>{}, Layout<Int<3>,Int<3>>{})); // tiled_divide(2:1, 3:3)
  out(63, "LD", logical_divide(Layout<Int<2>,Int<1>>{}, Layout<Int<3>,Int<3>>{}));
  out(63, "T0", make_layout(Layout<Int<3>,Int<3>>{}, complement(Layout<Int<3>,Int<3>>{}, shape(coalesce(Layout<Int<2>,Int<1>>{})))));
  out(64, "R", zipped_product(Layout<Shape<Shape<Int<8>,Int<1>>>,Stride<Stride<Int<1>,Int<1>>>>{}, Layout<Shape<Int<6>,Int<2>>,Stride<Int<1>,Int<6>>>{})); // zipped_product(((8,1)):((1,1)), (6,2):(1,6))
  out(64, "P0", logical_product(Layout<Shape<Shape<Int<8>,Int<1>>>,Stride<Stride<Int<1>,Int<1>>>>{}, Layout<Shape<Int<6>,Int<2>>,Stride<Int<1>,Int<6>>>{}));
  out(64, "C0", complement(Layout<Shape<Shape<Int<8>,Int<1>>>,Stride<Stride<Int<1>,Int<1>>>>{}, size(Layout<Shape<Shape<Int<8>,Int<1>>>,Stride<Stride<Int<1>,Int<1>>>>{})*cosize(Layout<Shape<Int<6>,Int<2>>,Stride<Int<1>,Int<6>>>{})));
  out(64, "B0", Layout<Shape<Int<6>,Int<2>>,Stride<Int<1>,Int<6>>>{});
  out(66, "R", upcast<2>(Layout<Shape<Shape<Int<2>,Int<2>>,Int<2>>,Stride<Stride<Int<2>,Int<4>>,Int<1>>>{})); // upcast<2>(((2,2),2):((2,4),1))
  out(67, "R", max_common_vector(Layout<Shape<Int<2>,Shape<Int<4>,Int<4>>,Int<2>>,Stride<Int<4>,Stride<Int<4>,Int<2>>,Int<3>>>{}, Layout<Shape<Int<2>,Shape<Int<4>,Int<4>>,Int<2>>,Stride<Int<8>,Stride<Int<16>,Int<2>>,Int<1>>>{})); // max_common_vector((2,(4,4),2):(4,(4,2),3), (2,(4,4),2):(8,(16,2),1))
  out(68, "R", zipped_product(Layout<Shape<Int<4>>,Stride<Int<1>>>{}, Layout<Shape<Shape<Int<4>,Int<3>>,Int<1>>,Stride<Stride<Int<3>,Int<1>>,Int<12>>>{})); // zipped_product((4):(1), ((4,3),1):((3,1),12))
  out(68, "P0", logical_product(Layout<Shape<Int<4>>,Stride<Int<1>>>{}, Layout<Shape<Shape<Int<4>,Int<3>>,Int<1>>,Stride<Stride<Int<3>,Int<1>>,Int<12>>>{}));
  out(68, "C0", complement(Layout<Shape<Int<4>>,Stride<Int<1>>>{}, size(Layout<Shape<Int<4>>,Stride<Int<1>>>{})*cosize(Layout<Shape<Shape<Int<4>,Int<3>>,Int<1>>,Stride<Stride<Int<3>,Int<1>>,Int<12>>>{})));
  out(68, "B0", Layout<Shape<Shape<Int<4>,Int<3>>,Int<1>>,Stride<Stride<Int<3>,Int<1>>,Int<12>>>{});
  out(69, "R", flat_product(Layout<Int<1>,Int<1>>{}, Layout<Int<2>,Int<1>>{})); // flat_product(1:1, 2:1)
  out(69, "P0", logical_product(Layout<Int<1>,Int<1>>{}, Layout<Int<2>,Int<1>>{}));
  out(69, "C0", complement(Layout<Int<1>,Int<1>>{}, size(Layout<Int<1>,Int<1>>{})*cosize(Layout<Int<2>,Int<1>>{})));
  out(69, "B0", Layout<Int<2>,Int<1>>{});
  out(70, "R", flat_divide(Layout<Shape<Int<1>,Int<2>>,Stride<Int<2>,Int<1>>>{}, Layout<Shape<Int<2>,Int<4>>,Stride<Int<1>,Int<2>>>{})); // flat_divide((1,2):(2,1), (2,4):(1,2))
  out(70, "LD", logical_divide(Layout<Shape<Int<1>,Int<2>>,Stride<Int<2>,Int<1>>>{}, Layout<Shape<Int<2>,Int<4>>,Stride<Int<1>,Int<2>>>{}));
  out(70, "T0", make_layout(Layout<Shape<Int<2>,Int<4>>,Stride<Int<1>,Int<2>>>{}, complement(Layout<Shape<Int<2>,Int<4>>,Stride<Int<1>,Int<2>>>{}, shape(coalesce(Layout<Shape<Int<1>,Int<2>>,Stride<Int<2>,Int<1>>>{})))));
  out(71, "R", make_layout(Layout<Shape<Int<2>,Int<8>,Int<4>>,Stride<Int<0>,Int<8>,Int<0>>>{}, Layout<Int<4>,Int<1>>{})); // make_layout((2,8,4):(0,8,0), 4:1)
  out(72, "R", max_common_layout(Layout<Shape<Shape<Int<1>,Int<4>>,Shape<Int<6>,Int<2>>>,Stride<Stride<Int<144>,Int<36>>,Stride<Int<1>,Int<6>>>>{}, Layout<Shape<Shape<Int<1>,Int<4>>,Shape<Int<6>,Int<2>>>,Stride<Stride<Int<144>,Int<36>>,Stride<Int<1>,Int<6>>>>{})); // max_common_layout(((1,4),(6,2)):((144,36),(1,6)), ((1,4),(6,2)):((144,36),(1,6)))
  out(73, "R", complement(Layout<Shape<Int<4>,Int<4>>,Stride<Int<1>,Int<4>>>{}, Int<16>{})); // complement((4,4):(1,4), 16)
  out(74, "R", max_common_vector(Layout<Shape<Int<4>,Int<2>>,Stride<Int<1>,Int<4>>>{}, Layout<Shape<Int<4>,Int<2>>,Stride<Int<1>,Int<4>>>{})); // max_common_vector((4,2):(1,4), (4,2):(1,4))
  out(75, "R", tiled_divide(Layout<Shape<Int<1>,Shape<Int<1>,Int<8>>>,Stride<Int<8>,Stride<Int<8>,Int<1>>>>{}, make_tile(Layout<Shape<Int<4>,Int<2>>,Stride<Int<1>,Int<4>>>{}))); // tiled_divide((1,(1,8)):(8,(8,1)), <(4,2):(1,4)>)
  out(75, "LD", logical_divide(Layout<Shape<Int<1>,Shape<Int<1>,Int<8>>>,Stride<Int<8>,Stride<Int<8>,Int<1>>>>{}, make_tile(Layout<Shape<Int<4>,Int<2>>,Stride<Int<1>,Int<4>>>{})));
  out(75, "T0", make_layout(Layout<Shape<Int<4>,Int<2>>,Stride<Int<1>,Int<4>>>{}, complement(Layout<Shape<Int<4>,Int<2>>,Stride<Int<1>,Int<4>>>{}, shape(coalesce(layout<0>(Layout<Shape<Int<1>,Shape<Int<1>,Int<8>>>,Stride<Int<8>,Stride<Int<8>,Int<1>>>>{}))))));
  out(76, "R", zipped_product(Layout<Shape<Int<4>>,Stride<Int<1>>>{}, Layout<Shape<Int<1>,Int<1>,Int<8>>,Stride<Int<1>,Int<2>,Int<6>>>{})); // zipped_product((4):(1), (1,1,8):(1,2,6))
  out(76, "P0", logical_product(Layout<Shape<Int<4>>,Stride<Int<1>>>{}, Layout<Shape<Int<1>,Int<1>,Int<8>>,Stride<Int<1>,Int<2>,Int<6>>>{}));
  out(76, "C0", complement(Layout<Shape<Int<4>>,Stride<Int<1>>>{}, size(Layout<Shape<Int<4>>,Stride<Int<1>>>{})*cosize(Layout<Shape<Int<1>,Int<1>,Int<8>>,Stride<Int<1>,Int<2>,Int<6>>>{})));
  out(76, "B0", Layout<Shape<Int<1>,Int<1>,Int<8>>,Stride<Int<1>,Int<2>,Int<6>>>{});
  out(77, "R", composition(Layout<Shape<Int<4>>,Stride<Int<1>>>{}, Layout<Shape<Int<2>,Int<4>>,Stride<Int<2>,Int<4>>>{})); // composition((4):(1), (2,4):(2,4))
  out(78, "R", complement(Layout<Shape<Int<3>,Int<2>,Int<2>>,Stride<Int<12>,Int<1>,Int<6>>>{}, Int<100>{})); // complement((3,2,2):(12,1,6), 100)
  out(79, "R", zipped_divide(Layout<Shape<Int<1>,Int<8>>,Stride<Int<1>,Int<1>>>{}, Layout<Int<2>,Int<3>>{})); // zipped_divide((1,8):(1,1), 2:3)
  out(79, "LD", logical_divide(Layout<Shape<Int<1>,Int<8>>,Stride<Int<1>,Int<1>>>{}, Layout<Int<2>,Int<3>>{}));
  out(79, "T0", make_layout(Layout<Int<2>,Int<3>>{}, complement(Layout<Int<2>,Int<3>>{}, shape(coalesce(Layout<Shape<Int<1>,Int<8>>,Stride<Int<1>,Int<1>>>{})))));
  out(80, "R", composition(Layout<Shape<Int<6>,Shape<Int<1>,Int<4>>>,Stride<Int<1>,Stride<Int<72>,Int<6>>>>{}, Layout<Int<2>,Int<1>>{})); // composition((6,(1,4)):(1,(72,6)), 2:1)
  out(81, "R", composition(Layout<Shape<Int<3>>,Stride<Int<1>>>{}, Layout<Shape<Int<2>,Int<4>,Int<4>>,Stride<Int<16>,Int<4>,Int<2>>>{})); // composition((3):(1), (2,4,4):(16,4,2))
  out(82, "R", raked_product(Layout<Shape<Shape<Int<2>,Int<6>>,Int<4>>,Stride<Stride<Int<4>,Int<8>>,Int<1>>>{}, Layout<Shape<Int<3>,Int<2>>,Stride<Int<1>,Int<4>>>{})); // raked_product(((2,6),4):((4,8),1), (3,2):(1,4))
  out(82, "P0", logical_product(append<2>(Layout<Shape<Shape<Int<2>,Int<6>>,Int<4>>,Stride<Stride<Int<4>,Int<8>>,Int<1>>>{}), append<2>(Layout<Shape<Int<3>,Int<2>>,Stride<Int<1>,Int<4>>>{})));
  out(82, "C0", complement(append<2>(Layout<Shape<Shape<Int<2>,Int<6>>,Int<4>>,Stride<Stride<Int<4>,Int<8>>,Int<1>>>{}), size(append<2>(Layout<Shape<Shape<Int<2>,Int<6>>,Int<4>>,Stride<Stride<Int<4>,Int<8>>,Int<1>>>{}))*cosize(append<2>(Layout<Shape<Int<3>,Int<2>>,Stride<Int<1>,Int<4>>>{}))));
  out(82, "B0", append<2>(Layout<Shape<Int<3>,Int<2>>,Stride<Int<1>,Int<4>>>{}));
  out(83, "R", flat_divide(Layout<Int<4>,Int<1>>{}, Layout<Shape<Int<2>,Int<2>>,Stride<Int<2>,Int<1>>>{})); // flat_divide(4:1, (2,2):(2,1))
  out(83, "LD", logical_divide(Layout<Int<4>,Int<1>>{}, Layout<Shape<Int<2>,Int<2>>,Stride<Int<2>,Int<1>>>{}));
  out(83, "T0", make_layout(Layout<Shape<Int<2>,Int<2>>,Stride<Int<2>,Int<1>>>{}, complement(Layout<Shape<Int<2>,Int<2>>,Stride<Int<2>,Int<1>>>{}, shape(coalesce(Layout<Int<4>,Int<1>>{})))));
  out(84, "R", zipped_product(Layout<Shape<Int<4>,Int<4>>,Stride<Int<1>,Int<4>>>{}, make_tile(Layout<Shape<Int<2>,Int<3>>,Stride<Int<1>,Int<2>>>{}))); // zipped_product((4,4):(1,4), <(2,3):(1,2)>)
  out(84, "P0", logical_product(layout<0>(Layout<Shape<Int<4>,Int<4>>,Stride<Int<1>,Int<4>>>{}), Layout<Shape<Int<2>,Int<3>>,Stride<Int<1>,Int<2>>>{}));
  out(84, "C0", complement(layout<0>(Layout<Shape<Int<4>,Int<4>>,Stride<Int<1>,Int<4>>>{}), size(layout<0>(Layout<Shape<Int<4>,Int<4>>,Stride<Int<1>,Int<4>>>{}))*cosize(Layout<Shape<Int<2>,Int<3>>,Stride<Int<1>,Int<2>>>{})));
  out(84, "B0", Layout<Shape<Int<2>,Int<3>>,Stride<Int<1>,Int<2>>>{});
  out(85, "R", blocked_product(Layout<Shape<Int<4>,Int<4>>,Stride<Int<1>,Int<4>>>{}, Layout<Shape<Int<2>,Int<1>>,Stride<Int<1>,Int<1>>>{})); // blocked_product((4,4):(1,4), (2,1):(1,1))
  out(85, "P0", logical_product(append<2>(Layout<Shape<Int<4>,Int<4>>,Stride<Int<1>,Int<4>>>{}), append<2>(Layout<Shape<Int<2>,Int<1>>,Stride<Int<1>,Int<1>>>{})));
  out(85, "C0", complement(append<2>(Layout<Shape<Int<4>,Int<4>>,Stride<Int<1>,Int<4>>>{}), size(append<2>(Layout<Shape<Int<4>,Int<4>>,Stride<Int<1>,Int<4>>>{}))*cosize(append<2>(Layout<Shape<Int<2>,Int<1>>,Stride<Int<1>,Int<1>>>{}))));
  out(85, "B0", append<2>(Layout<Shape<Int<2>,Int<1>>,Stride<Int<1>,Int<1>>>{}));
  out(86, "R", tiled_divide(Layout<Shape<Int<1>,Shape<Int<4>,Int<3>,Int<2>>>,Stride<Int<16>,Stride<Int<3>,Int<0>,Int<16>>>>{}, make_tile(Layout<Int<3>,Int<3>>{}, Int<4>{}))); // tiled_divide((1,(4,3,2)):(16,(3,0,16)), <3:3, 4>)
  out(86, "LD", logical_divide(Layout<Shape<Int<1>,Shape<Int<4>,Int<3>,Int<2>>>,Stride<Int<16>,Stride<Int<3>,Int<0>,Int<16>>>>{}, make_tile(Layout<Int<3>,Int<3>>{}, Int<4>{})));
  out(86, "T0", make_layout(Layout<Int<3>,Int<3>>{}, complement(Layout<Int<3>,Int<3>>{}, shape(coalesce(layout<0>(Layout<Shape<Int<1>,Shape<Int<4>,Int<3>,Int<2>>>,Stride<Int<16>,Stride<Int<3>,Int<0>,Int<16>>>>{}))))));
  out(86, "T1", make_layout(make_layout(Int<4>{}), complement(make_layout(Int<4>{}), shape(coalesce(layout<1>(Layout<Shape<Int<1>,Shape<Int<4>,Int<3>,Int<2>>>,Stride<Int<16>,Stride<Int<3>,Int<0>,Int<16>>>>{}))))));
  out(87, "R", composition(Layout<Shape<Shape<Int<1>,Int<2>>,Int<4>>,Stride<Stride<Int<16>,Int<4>>,Int<1>>>{}, Layout<Shape<Int<2>,Int<3>>,Stride<Int<1>,Int<2>>>{})); // composition(((1,2),4):((16,4),1), (2,3):(1,2))
  out(88, "R", coalesce(Layout<Shape<Int<2>,Int<8>>,Stride<Int<2>,Int<3>>>{})); // coalesce((2,8):(2,3))
  out(89, "R", logical_divide(Layout<Shape<Int<8>,Int<3>>,Stride<Int<3>,Int<1>>>{}, make_tile(_, Layout<Int<2>,Int<4>>{}))); // logical_divide((8,3):(3,1), <_, 2:4>)
  out(89, "LD", logical_divide(Layout<Shape<Int<8>,Int<3>>,Stride<Int<3>,Int<1>>>{}, make_tile(_, Layout<Int<2>,Int<4>>{})));
  out(89, "T1", make_layout(Layout<Int<2>,Int<4>>{}, complement(Layout<Int<2>,Int<4>>{}, shape(coalesce(layout<1>(Layout<Shape<Int<8>,Int<3>>,Stride<Int<3>,Int<1>>>{}))))));
  out(90, "R", composition(Layout<Shape<Int<8>,Shape<Int<4>,Int<6>,Int<2>>>,Stride<Int<144>,Stride<Int<18>,Int<1>,Int<72>>>>{}, Layout<Shape<Int<6>,Int<1>>,Stride<Int<4>,Int<2>>>{})); // composition((8,(4,6,2)):(144,(18,1,72)), (6,1):(4,2))
  out(91, "R", zipped_divide(Layout<Shape<Int<2>,Int<2>>,Stride<Int<2>,Int<1>>>{}, make_tile(Layout<Shape<Int<2>,Int<4>>,Stride<Int<1>,Int<2>>>{}, Int<2>{}))); // zipped_divide((2,2):(2,1), <(2,4):(1,2), 2>)
  out(91, "LD", logical_divide(Layout<Shape<Int<2>,Int<2>>,Stride<Int<2>,Int<1>>>{}, make_tile(Layout<Shape<Int<2>,Int<4>>,Stride<Int<1>,Int<2>>>{}, Int<2>{})));
  out(91, "T0", make_layout(Layout<Shape<Int<2>,Int<4>>,Stride<Int<1>,Int<2>>>{}, complement(Layout<Shape<Int<2>,Int<4>>,Stride<Int<1>,Int<2>>>{}, shape(coalesce(layout<0>(Layout<Shape<Int<2>,Int<2>>,Stride<Int<2>,Int<1>>>{}))))));
  out(91, "T1", make_layout(make_layout(Int<2>{}), complement(make_layout(Int<2>{}), shape(coalesce(layout<1>(Layout<Shape<Int<2>,Int<2>>,Stride<Int<2>,Int<1>>>{}))))));
  out(92, "R", logical_divide(Layout<Shape<Int<6>,Int<8>>,Stride<Int<8>,Int<1>>>{}, make_tile(Layout<Int<2>,Int<1>>{}))); // logical_divide((6,8):(8,1), <2:1>)
  out(92, "LD", logical_divide(Layout<Shape<Int<6>,Int<8>>,Stride<Int<8>,Int<1>>>{}, make_tile(Layout<Int<2>,Int<1>>{})));
  out(92, "T0", make_layout(Layout<Int<2>,Int<1>>{}, complement(Layout<Int<2>,Int<1>>{}, shape(coalesce(layout<0>(Layout<Shape<Int<6>,Int<8>>,Stride<Int<8>,Int<1>>>{}))))));
  out(93, "R", max_common_vector(Layout<Shape<Int<8>,Int<4>>,Stride<Int<3>,Int<2>>>{}, Layout<Shape<Int<8>,Int<4>>,Stride<Int<4>,Int<1>>>{})); // max_common_vector((8,4):(3,2), (8,4):(4,1))
  out(94, "R", logical_product(Layout<Int<8>,Int<1>>{}, Layout<Shape<Int<4>,Int<3>>,Stride<Int<1>,Int<4>>>{})); // logical_product(8:1, (4,3):(1,4))
  out(94, "P0", logical_product(Layout<Int<8>,Int<1>>{}, Layout<Shape<Int<4>,Int<3>>,Stride<Int<1>,Int<4>>>{}));
  out(94, "C0", complement(Layout<Int<8>,Int<1>>{}, size(Layout<Int<8>,Int<1>>{})*cosize(Layout<Shape<Int<4>,Int<3>>,Stride<Int<1>,Int<4>>>{})));
  out(94, "B0", Layout<Shape<Int<4>,Int<3>>,Stride<Int<1>,Int<4>>>{});
  out(95, "R", downcast<4>(Layout<Shape<Shape<Int<6>,Int<4>>>,Stride<Stride<Int<1>,Int<6>>>>{})); // downcast<4>(((6,4)):((1,6)))
  out(96, "R", complement(Layout<Int<4>,Int<1>>{}, Shape<Int<8>,Int<8>>{})); // complement(4:1, (8,8))
  out(97, "R", zipped_product(Layout<Shape<Int<2>,Int<3>,Int<4>>,Stride<Int<1>,Int<16>,Int<4>>>{}, Layout<Shape<Int<2>,Int<3>>,Stride<Int<1>,Int<2>>>{})); // zipped_product((2,3,4):(1,16,4), (2,3):(1,2))
  out(97, "P0", logical_product(Layout<Shape<Int<2>,Int<3>,Int<4>>,Stride<Int<1>,Int<16>,Int<4>>>{}, Layout<Shape<Int<2>,Int<3>>,Stride<Int<1>,Int<2>>>{}));
  out(97, "C0", complement(Layout<Shape<Int<2>,Int<3>,Int<4>>,Stride<Int<1>,Int<16>,Int<4>>>{}, size(Layout<Shape<Int<2>,Int<3>,Int<4>>,Stride<Int<1>,Int<16>,Int<4>>>{})*cosize(Layout<Shape<Int<2>,Int<3>>,Stride<Int<1>,Int<2>>>{})));
  out(97, "B0", Layout<Shape<Int<2>,Int<3>>,Stride<Int<1>,Int<2>>>{});
  out(98, "R", max_common_vector(Layout<Shape<Int<6>,Int<4>,Int<2>>,Stride<Int<16>,Int<1>,Int<16>>>{}, Layout<Shape<Int<6>,Int<4>,Int<2>>,Stride<Int<2>,Int<12>,Int<1>>>{})); // max_common_vector((6,4,2):(16,1,16), (6,4,2):(2,12,1))
  out(99, "R", coalesce(Layout<Int<1>,Int<1>>{}, Shape<Int<1>>{})); // coalesce(1:1, (1))
  out(100, "R", tiled_divide(Layout<Int<6>,Int<1>>{}, Layout<Int<2>,Int<4>>{})); // tiled_divide(6:1, 2:4)
  out(100, "LD", logical_divide(Layout<Int<6>,Int<1>>{}, Layout<Int<2>,Int<4>>{}));
  out(100, "T0", make_layout(Layout<Int<2>,Int<4>>{}, complement(Layout<Int<2>,Int<4>>{}, shape(coalesce(Layout<Int<6>,Int<1>>{})))));
  out(101, "R", logical_product(Layout<Int<1>,Int<1>>{}, Layout<Shape<Int<8>,Int<2>>,Stride<Int<2>,Int<1>>>{})); // logical_product(1:1, (8,2):(2,1))
  out(101, "P0", logical_product(Layout<Int<1>,Int<1>>{}, Layout<Shape<Int<8>,Int<2>>,Stride<Int<2>,Int<1>>>{}));
  out(101, "C0", complement(Layout<Int<1>,Int<1>>{}, size(Layout<Int<1>,Int<1>>{})*cosize(Layout<Shape<Int<8>,Int<2>>,Stride<Int<2>,Int<1>>>{})));
  out(101, "B0", Layout<Shape<Int<8>,Int<2>>,Stride<Int<2>,Int<1>>>{});
  out(102, "R", make_layout(Layout<Int<4>,Int<1>>{}, Layout<Shape<Int<1>,Shape<Int<2>,Int<2>,Int<4>>>,Stride<Int<16>,Stride<Int<16>,Int<4>,Int<1>>>>{})); // make_layout(4:1, (1,(2,2,4)):(16,(16,4,1)))
  out(103, "R", coalesce(Layout<Shape<Shape<Int<6>,Int<2>>,Int<2>>,Stride<Stride<Int<4>,Int<1>>,Int<2>>>{})); // coalesce(((6,2),2):((4,1),2))
  out(104, "R", right_inverse(Layout<Shape<Int<2>,Int<6>,Int<8>>,Stride<Int<1>,Int<2>,Int<12>>>{})); // right_inverse((2,6,8):(1,2,12))
  out(105, "R", composition(Layout<Int<1>,Int<0>>{}, Layout<Shape<Int<4>,Int<2>>,Stride<Int<1>,Int<4>>>{})); // composition(1:0, (4,2):(1,4))
  out(106, "R", make_layout(Layout<Shape<Int<8>,Shape<Int<4>,Int<8>,Int<1>>>,Stride<Int<16>,Stride<Int<1>,Int<2>,Int<8>>>>{}, Layout<Shape<Int<6>,Int<3>>,Stride<Int<1>,Int<6>>>{})); // make_layout((8,(4,8,1)):(16,(1,2,8)), (6,3):(1,6))
  out(107, "R", complement(Layout<Shape<Int<2>,Int<4>>,Stride<Int<4>,Int<1>>>{}, Int<128>{})); // complement((2,4):(4,1), 128)
  out(108, "R", zipped_divide(Layout<Int<6>,Int<1>>{}, Layout<Shape<Int<2>,Int<2>>,Stride<Int<2>,Int<4>>>{})); // zipped_divide(6:1, (2,2):(2,4))
  out(108, "LD", logical_divide(Layout<Int<6>,Int<1>>{}, Layout<Shape<Int<2>,Int<2>>,Stride<Int<2>,Int<4>>>{}));
  out(108, "T0", make_layout(Layout<Shape<Int<2>,Int<2>>,Stride<Int<2>,Int<4>>>{}, complement(Layout<Shape<Int<2>,Int<2>>,Stride<Int<2>,Int<4>>>{}, shape(coalesce(Layout<Int<6>,Int<1>>{})))));
  out(109, "R", tiled_divide(Layout<Int<3>,Int<1>>{}, Layout<Int<4>,Int<3>>{})); // tiled_divide(3:1, 4:3)
  out(109, "LD", logical_divide(Layout<Int<3>,Int<1>>{}, Layout<Int<4>,Int<3>>{}));
  out(109, "T0", make_layout(Layout<Int<4>,Int<3>>{}, complement(Layout<Int<4>,Int<3>>{}, shape(coalesce(Layout<Int<3>,Int<1>>{})))));
  out(110, "R", max_common_layout(Layout<Shape<Int<6>,Int<4>,Int<4>>,Stride<Int<48>,Int<12>,Int<1>>>{}, Layout<Shape<Int<6>,Int<4>,Int<4>>,Stride<Int<48>,Int<12>,Int<1>>>{})); // max_common_layout((6,4,4):(48,12,1), (6,4,4):(48,12,1))
  out(111, "R", logical_product(Layout<Shape<Int<3>,Int<8>>,Stride<Int<16>,Int<16>>>{}, make_tile(Layout<Shape<Int<2>,Int<4>>,Stride<Int<1>,Int<2>>>{}, Layout<Int<3>,Int<1>>{}))); // logical_product((3,8):(16,16), <(2,4):(1,2), 3:1>)
  out(111, "P0", logical_product(layout<0>(Layout<Shape<Int<3>,Int<8>>,Stride<Int<16>,Int<16>>>{}), Layout<Shape<Int<2>,Int<4>>,Stride<Int<1>,Int<2>>>{}));
  out(111, "C0", complement(layout<0>(Layout<Shape<Int<3>,Int<8>>,Stride<Int<16>,Int<16>>>{}), size(layout<0>(Layout<Shape<Int<3>,Int<8>>,Stride<Int<16>,Int<16>>>{}))*cosize(Layout<Shape<Int<2>,Int<4>>,Stride<Int<1>,Int<2>>>{})));
  out(111, "B0", Layout<Shape<Int<2>,Int<4>>,Stride<Int<1>,Int<2>>>{});
  out(111, "P1", logical_product(layout<1>(Layout<Shape<Int<3>,Int<8>>,Stride<Int<16>,Int<16>>>{}), Layout<Int<3>,Int<1>>{}));
  out(111, "C1", complement(layout<1>(Layout<Shape<Int<3>,Int<8>>,Stride<Int<16>,Int<16>>>{}), size(layout<1>(Layout<Shape<Int<3>,Int<8>>,Stride<Int<16>,Int<16>>>{}))*cosize(Layout<Int<3>,Int<1>>{})));
  out(111, "B1", Layout<Int<3>,Int<1>>{});
  out(112, "R", tile_to_shape(Layout<Shape<Int<4>,Int<2>>,Stride<Int<1>,Int<4>>>{}, Shape<Int<8>,Int<2>>{})); // tile_to_shape((4,2):(1,4), (8,2))
  out(113, "R", raked_product(Layout<Shape<Int<2>>,Stride<Int<1>>>{}, Layout<Int<4>,Int<1>>{})); // raked_product((2):(1), 4:1)
  out(113, "P0", logical_product(append<1>(Layout<Shape<Int<2>>,Stride<Int<1>>>{}), append<1>(Layout<Int<4>,Int<1>>{})));
  out(113, "C0", complement(append<1>(Layout<Shape<Int<2>>,Stride<Int<1>>>{}), size(append<1>(Layout<Shape<Int<2>>,Stride<Int<1>>>{}))*cosize(append<1>(Layout<Int<4>,Int<1>>{}))));
  out(113, "B0", append<1>(Layout<Int<4>,Int<1>>{}));
  out(114, "R", max_common_layout(Layout<Shape<Int<3>,Int<2>,Int<4>>,Stride<Int<16>,Int<2>,Int<2>>>{}, Layout<Shape<Int<3>,Int<2>,Int<4>>,Stride<Int<1>,Int<3>,Int<6>>>{})); // max_common_layout((3,2,4):(16,2,2), (3,2,4):(1,3,6))
  out(115, "R", composition(Layout<Shape<Int<6>,Int<4>>,Stride<Int<1>,Int<18>>>{}, Layout<Shape<Int<1>,Int<3>>,Stride<Int<3>,Int<1>>>{})); // composition((6,4):(1,18), (1,3):(3,1))
  out(116, "R", composition(Layout<Shape<Int<4>,Int<8>,Int<6>>,Stride<Int<48>,Int<1>,Int<8>>>{}, Layout<Shape<Int<2>,Int<2>,Int<6>>,Stride<Int<16>,Int<1>,Int<2>>>{})); // composition((4,8,6):(48,1,8), (2,2,6):(16,1,2))
  out(117, "R", max_common_layout(Layout<Int<8>,Int<1>>{}, Layout<Int<8>,Int<1>>{})); // max_common_layout(8:1, 8:1)
  out(118, "R", blocked_product(Layout<Shape<Int<6>,Int<3>>,Stride<Int<1>,Int<6>>>{}, Layout<Int<6>,Int<1>>{})); // blocked_product((6,3):(1,6), 6:1)
  out(118, "P0", logical_product(append<2>(Layout<Shape<Int<6>,Int<3>>,Stride<Int<1>,Int<6>>>{}), append<2>(Layout<Int<6>,Int<1>>{})));
  out(118, "C0", complement(append<2>(Layout<Shape<Int<6>,Int<3>>,Stride<Int<1>,Int<6>>>{}), size(append<2>(Layout<Shape<Int<6>,Int<3>>,Stride<Int<1>,Int<6>>>{}))*cosize(append<2>(Layout<Int<6>,Int<1>>{}))));
  out(118, "B0", append<2>(Layout<Int<6>,Int<1>>{}));
  out(119, "R", downcast<8>(Layout<Shape<Int<4>,Int<6>>,Stride<Int<1>,Int<0>>>{})); // downcast<8>((4,6):(1,0))
  out(120, "R", composition(Layout<Shape<Int<8>,Int<2>,Int<2>>,Stride<Int<4>,Int<0>,Int<8>>>{}, make_tile(Layout<Int<8>,Int<1>>{}, Layout<Int<2>,Int<4>>{}, Int<4>{}))); // composition((8,2,2):(4,0,8), <8:1, 2:4, 4>)
  out(121, "R", composition(Layout<Shape<Shape<Int<2>,Int<3>>,Int<6>>,Stride<Stride<Int<3>,Int<1>>,Int<6>>>{}, Layout<Shape<Int<2>,Int<2>>,Stride<Int<1>,Int<4>>>{})); // composition(((2,3),6):((3,1),6), (2,2):(1,4))
  out(122, "R", filter(Layout<Shape<Shape<Int<3>,Int<1>>>,Stride<Stride<Int<2>,Int<3>>>>{})); // filter(((3,1)):((2,3)))
  out(123, "R", tile_to_shape(Layout<Shape<Int<2>,Int<8>>,Stride<Int<8>,Int<1>>>{}, Shape<Int<2>,Int<16>>{}, Step<Int<2>,Int<1>>{})); // tile_to_shape((2,8):(8,1), (2,16), Step<2,1>)
  out(124, "R", complement(Layout<Shape<Int<1>,Int<6>>,Stride<Int<18>,Int<1>>>{}, Int<48>{})); // complement((1,6):(18,1), 48)
  out(125, "R", right_inverse(Layout<Shape<Int<6>>,Stride<Int<1>>>{})); // right_inverse((6):(1))
  out(127, "R", logical_divide(Layout<Shape<Int<4>,Int<3>>,Stride<Int<8>,Int<8>>>{}, make_tile(Layout<Shape<Int<2>,Int<4>>,Stride<Int<1>,Int<4>>>{}, Layout<Shape<Int<2>,Int<3>>,Stride<Int<2>,Int<4>>>{}))); // logical_divide((4,3):(8,8), <(2,4):(1,4), (2,3):(2,4)>)
  out(127, "LD", logical_divide(Layout<Shape<Int<4>,Int<3>>,Stride<Int<8>,Int<8>>>{}, make_tile(Layout<Shape<Int<2>,Int<4>>,Stride<Int<1>,Int<4>>>{}, Layout<Shape<Int<2>,Int<3>>,Stride<Int<2>,Int<4>>>{})));
  out(127, "T0", make_layout(Layout<Shape<Int<2>,Int<4>>,Stride<Int<1>,Int<4>>>{}, complement(Layout<Shape<Int<2>,Int<4>>,Stride<Int<1>,Int<4>>>{}, shape(coalesce(layout<0>(Layout<Shape<Int<4>,Int<3>>,Stride<Int<8>,Int<8>>>{}))))));
  out(127, "T1", make_layout(Layout<Shape<Int<2>,Int<3>>,Stride<Int<2>,Int<4>>>{}, complement(Layout<Shape<Int<2>,Int<3>>,Stride<Int<2>,Int<4>>>{}, shape(coalesce(layout<1>(Layout<Shape<Int<4>,Int<3>>,Stride<Int<8>,Int<8>>>{}))))));
  out(128, "R", coalesce(Layout<Shape<Int<8>,Int<4>>,Stride<Int<0>,Int<0>>>{})); // coalesce((8,4):(0,0))
  out(129, "R", complement(Layout<Shape<Int<4>,Int<1>>,Stride<Int<1>,Int<12>>>{}, Shape<Int<2>,Int<3>,Int<8>>{})); // complement((4,1):(1,12), (2,3,8))
  out(130, "R", complement(Layout<Shape<Shape<Int<4>,Int<8>>,Shape<Int<2>,Int<1>>>,Stride<Stride<Int<1>,Int<24>>,Stride<Int<4>,Int<192>>>>{}, Shape<Int<2>,Int<3>,Int<8>>{})); // complement(((4,8),(2,1)):((1,24),(4,192)), (2,3,8))
  out(131, "R", filter(Layout<Shape<Int<4>,Int<2>>,Stride<Int<1>,Int<4>>>{})); // filter((4,2):(1,4))
  out(132, "R", composition(Layout<Shape<Shape<Int<4>,Int<6>,Int<1>>,Int<2>>,Stride<Stride<Int<6>,Int<1>,Int<1>>,Int<24>>>{}, Layout<Shape<Int<4>,Int<2>>,Stride<Int<2>,Int<1>>>{})); // composition(((4,6,1),2):((6,1,1),24), (4,2):(2,1))
  out(133, "R", zipped_divide(Layout<Shape<Int<3>>,Stride<Int<4>>>{}, Layout<Int<3>,Int<1>>{})); // zipped_divide((3):(4), 3:1)
  out(133, "LD", logical_divide(Layout<Shape<Int<3>>,Stride<Int<4>>>{}, Layout<Int<3>,Int<1>>{}));
  out(133, "T0", make_layout(Layout<Int<3>,Int<1>>{}, complement(Layout<Int<3>,Int<1>>{}, shape(coalesce(Layout<Shape<Int<3>>,Stride<Int<4>>>{})))));
  out(134, "R", composition(Layout<Shape<Int<4>>,Stride<Int<1>>>{}, Layout<Int<4>,Int<1>>{})); // composition((4):(1), 4:1)
  out(136, "R", flat_product(Layout<Int<8>,Int<1>>{}, Layout<Int<6>,Int<1>>{})); // flat_product(8:1, 6:1)
  out(136, "P0", logical_product(Layout<Int<8>,Int<1>>{}, Layout<Int<6>,Int<1>>{}));
  out(136, "C0", complement(Layout<Int<8>,Int<1>>{}, size(Layout<Int<8>,Int<1>>{})*cosize(Layout<Int<6>,Int<1>>{})));
  out(136, "B0", Layout<Int<6>,Int<1>>{});
  out(137, "R", flat_divide(Layout<Shape<Int<8>>,Stride<Int<1>>>{}, Layout<Int<3>,Int<1>>{})); // flat_divide((8):(1), 3:1)
  out(137, "LD", logical_divide(Layout<Shape<Int<8>>,Stride<Int<1>>>{}, Layout<Int<3>,Int<1>>{}));
  out(137, "T0", make_layout(Layout<Int<3>,Int<1>>{}, complement(Layout<Int<3>,Int<1>>{}, shape(coalesce(Layout<Shape<Int<8>>,Stride<Int<1>>>{})))));
  out(138, "R", logical_product(Layout<Int<1>,Int<1>>{}, Layout<Int<2>,Int<1>>{})); // logical_product(1:1, 2:1)
  out(138, "P0", logical_product(Layout<Int<1>,Int<1>>{}, Layout<Int<2>,Int<1>>{}));
  out(138, "C0", complement(Layout<Int<1>,Int<1>>{}, size(Layout<Int<1>,Int<1>>{})*cosize(Layout<Int<2>,Int<1>>{})));
  out(138, "B0", Layout<Int<2>,Int<1>>{});
  out(139, "R", zipped_divide(Layout<Int<6>,Int<1>>{}, Layout<Shape<Int<4>,Int<2>>,Stride<Int<1>,Int<4>>>{})); // zipped_divide(6:1, (4,2):(1,4))
  out(139, "LD", logical_divide(Layout<Int<6>,Int<1>>{}, Layout<Shape<Int<4>,Int<2>>,Stride<Int<1>,Int<4>>>{}));
  out(139, "T0", make_layout(Layout<Shape<Int<4>,Int<2>>,Stride<Int<1>,Int<4>>>{}, complement(Layout<Shape<Int<4>,Int<2>>,Stride<Int<1>,Int<4>>>{}, shape(coalesce(Layout<Int<6>,Int<1>>{})))));
  out(140, "R", tiled_divide(Layout<Int<4>,Int<1>>{}, Layout<Int<2>,Int<3>>{})); // tiled_divide(4:1, 2:3)
  out(140, "LD", logical_divide(Layout<Int<4>,Int<1>>{}, Layout<Int<2>,Int<3>>{}));
  out(140, "T0", make_layout(Layout<Int<2>,Int<3>>{}, complement(Layout<Int<2>,Int<3>>{}, shape(coalesce(Layout<Int<4>,Int<1>>{})))));
  out(141, "R", left_inverse(Layout<Int<3>,Int<2>>{})); // left_inverse(3:2)
  out(143, "R", zipped_product(Layout<Shape<Int<2>,Int<4>,Int<4>>,Stride<Int<16>,Int<1>,Int<4>>>{}, make_tile(Layout<Int<2>,Int<1>>{}, Layout<Shape<Int<4>,Int<2>>,Stride<Int<2>,Int<16>>>{}, Layout<Shape<Int<2>,Int<3>>,Stride<Int<1>,Int<4>>>{}))); // zipped_product((2,4,4):(16,1,4), <2:1, (4,2):(2,16), (2,3):(1,4)>)
  out(143, "P0", logical_product(layout<0>(Layout<Shape<Int<2>,Int<4>,Int<4>>,Stride<Int<16>,Int<1>,Int<4>>>{}), Layout<Int<2>,Int<1>>{}));
  out(143, "C0", complement(layout<0>(Layout<Shape<Int<2>,Int<4>,Int<4>>,Stride<Int<16>,Int<1>,Int<4>>>{}), size(layout<0>(Layout<Shape<Int<2>,Int<4>,Int<4>>,Stride<Int<16>,Int<1>,Int<4>>>{}))*cosize(Layout<Int<2>,Int<1>>{})));
  out(143, "B0", Layout<Int<2>,Int<1>>{});
  out(143, "P1", logical_product(layout<1>(Layout<Shape<Int<2>,Int<4>,Int<4>>,Stride<Int<16>,Int<1>,Int<4>>>{}), Layout<Shape<Int<4>,Int<2>>,Stride<Int<2>,Int<16>>>{}));
  out(143, "C1", complement(layout<1>(Layout<Shape<Int<2>,Int<4>,Int<4>>,Stride<Int<16>,Int<1>,Int<4>>>{}), size(layout<1>(Layout<Shape<Int<2>,Int<4>,Int<4>>,Stride<Int<16>,Int<1>,Int<4>>>{}))*cosize(Layout<Shape<Int<4>,Int<2>>,Stride<Int<2>,Int<16>>>{})));
  out(143, "B1", Layout<Shape<Int<4>,Int<2>>,Stride<Int<2>,Int<16>>>{});
  out(143, "P2", logical_product(layout<2>(Layout<Shape<Int<2>,Int<4>,Int<4>>,Stride<Int<16>,Int<1>,Int<4>>>{}), Layout<Shape<Int<2>,Int<3>>,Stride<Int<1>,Int<4>>>{}));
  out(143, "C2", complement(layout<2>(Layout<Shape<Int<2>,Int<4>,Int<4>>,Stride<Int<16>,Int<1>,Int<4>>>{}), size(layout<2>(Layout<Shape<Int<2>,Int<4>,Int<4>>,Stride<Int<16>,Int<1>,Int<4>>>{}))*cosize(Layout<Shape<Int<2>,Int<3>>,Stride<Int<1>,Int<4>>>{})));
  out(143, "B2", Layout<Shape<Int<2>,Int<3>>,Stride<Int<1>,Int<4>>>{});
  out(145, "R", composition(Layout<Shape<Int<8>,Shape<Int<8>,Int<3>>>,Stride<Int<3>,Stride<Int<24>,Int<1>>>>{}, Layout<Int<8>,Int<1>>{})); // composition((8,(8,3)):(3,(24,1)), 8:1)
  out(146, "R", flat_divide(Layout<Int<8>,Int<16>>{}, Layout<Int<2>,Int<3>>{})); // flat_divide(8:16, 2:3)
  out(146, "LD", logical_divide(Layout<Int<8>,Int<16>>{}, Layout<Int<2>,Int<3>>{}));
  out(146, "T0", make_layout(Layout<Int<2>,Int<3>>{}, complement(Layout<Int<2>,Int<3>>{}, shape(coalesce(Layout<Int<8>,Int<16>>{})))));
  out(147, "R", tiled_divide(Layout<Shape<Shape<Int<2>,Int<6>>>,Stride<Stride<Int<1>,Int<2>>>>{}, Layout<Shape<Int<4>,Int<2>>,Stride<Int<2>,Int<1>>>{})); // tiled_divide(((2,6)):((1,2)), (4,2):(2,1))
  out(147, "LD", logical_divide(Layout<Shape<Shape<Int<2>,Int<6>>>,Stride<Stride<Int<1>,Int<2>>>>{}, Layout<Shape<Int<4>,Int<2>>,Stride<Int<2>,Int<1>>>{}));
  out(147, "T0", make_layout(Layout<Shape<Int<4>,Int<2>>,Stride<Int<2>,Int<1>>>{}, complement(Layout<Shape<Int<4>,Int<2>>,Stride<Int<2>,Int<1>>>{}, shape(coalesce(Layout<Shape<Shape<Int<2>,Int<6>>>,Stride<Stride<Int<1>,Int<2>>>>{})))));
  out(148, "R", composition(Layout<Shape<Int<2>,Int<2>,Int<8>>,Stride<Int<0>,Int<0>,Int<0>>>{}, Layout<Int<4>,Int<4>>{})); // composition((2,2,8):(0,0,0), 4:4)
  out(149, "R", composition(Layout<Shape<Shape<Int<6>,Int<4>>,Shape<Int<4>,Int<1>>>,Stride<Stride<Int<1>,Int<24>>,Stride<Int<6>,Int<6>>>>{}, Layout<Shape<Shape<Int<2>,Int<3>>,Shape<Int<1>,Int<1>,Int<6>>>,Stride<Stride<Int<18>,Int<1>>,Stride<Int<3>,Int<3>,Int<3>>>>{})); // composition(((6,4),(4,1)):((1,24),(6,6)), ((2,3),(1,1,6)):((18,1),(3,3,3)))
  out(150, "R", tiled_product(Layout<Int<4>,Int<1>>{}, Layout<Int<6>,Int<1>>{})); // tiled_product(4:1, 6:1)
  out(150, "P0", logical_product(Layout<Int<4>,Int<1>>{}, Layout<Int<6>,Int<1>>{}));
  out(150, "C0", complement(Layout<Int<4>,Int<1>>{}, size(Layout<Int<4>,Int<1>>{})*cosize(Layout<Int<6>,Int<1>>{})));
  out(150, "B0", Layout<Int<6>,Int<1>>{});
  out(151, "R", tiled_product(Layout<Int<8>,Int<1>>{}, Layout<Shape<Shape<Int<2>,Int<3>>>,Stride<Stride<Int<1>,Int<2>>>>{})); // tiled_product(8:1, ((2,3)):((1,2)))
  out(151, "P0", logical_product(Layout<Int<8>,Int<1>>{}, Layout<Shape<Shape<Int<2>,Int<3>>>,Stride<Stride<Int<1>,Int<2>>>>{}));
  out(151, "C0", complement(Layout<Int<8>,Int<1>>{}, size(Layout<Int<8>,Int<1>>{})*cosize(Layout<Shape<Shape<Int<2>,Int<3>>>,Stride<Stride<Int<1>,Int<2>>>>{})));
  out(151, "B0", Layout<Shape<Shape<Int<2>,Int<3>>>,Stride<Stride<Int<1>,Int<2>>>>{});
  out(152, "R", zipped_divide(Layout<Int<4>,Int<1>>{}, Layout<Shape<Int<2>,Int<3>>,Stride<Int<1>,Int<4>>>{})); // zipped_divide(4:1, (2,3):(1,4))
  out(152, "LD", logical_divide(Layout<Int<4>,Int<1>>{}, Layout<Shape<Int<2>,Int<3>>,Stride<Int<1>,Int<4>>>{}));
  out(152, "T0", make_layout(Layout<Shape<Int<2>,Int<3>>,Stride<Int<1>,Int<4>>>{}, complement(Layout<Shape<Int<2>,Int<3>>,Stride<Int<1>,Int<4>>>{}, shape(coalesce(Layout<Int<4>,Int<1>>{})))));
  out(153, "R", upcast<8>(Layout<Int<1>,Int<1>>{})); // upcast<8>(1:1)
  out(154, "R", downcast<2>(Layout<Shape<Int<1>,Int<6>,Int<3>>,Stride<Int<6>,Int<1>,Int<6>>>{})); // downcast<2>((1,6,3):(6,1,6))
  out(155, "R", complement(Layout<Shape<Int<4>,Int<2>,Int<8>>,Stride<Int<16>,Int<8>,Int<1>>>{}, Int<48>{})); // complement((4,2,8):(16,8,1), 48)
  out(156, "R", zipped_product(Layout<Int<2>,Int<16>>{}, Layout<Shape<Int<4>,Int<2>>,Stride<Int<2>,Int<1>>>{})); // zipped_product(2:16, (4,2):(2,1))
  out(156, "P0", logical_product(Layout<Int<2>,Int<16>>{}, Layout<Shape<Int<4>,Int<2>>,Stride<Int<2>,Int<1>>>{}));
  out(156, "C0", complement(Layout<Int<2>,Int<16>>{}, size(Layout<Int<2>,Int<16>>{})*cosize(Layout<Shape<Int<4>,Int<2>>,Stride<Int<2>,Int<1>>>{})));
  out(156, "B0", Layout<Shape<Int<4>,Int<2>>,Stride<Int<2>,Int<1>>>{});
  out(157, "R", tiled_product(Layout<Shape<Int<2>,Shape<Int<3>,Int<1>>,Int<2>>,Stride<Int<1>,Stride<Int<16>,Int<0>>,Int<4>>>{}, make_tile(Layout<Int<3>,Int<1>>{}, Layout<Int<8>,Int<4>>{}, Layout<Shape<Int<2>,Int<2>>,Stride<Int<2>,Int<1>>>{}))); // tiled_product((2,(3,1),2):(1,(16,0),4), <3:1, 8:4, (2,2):(2,1)>)
  out(157, "P0", logical_product(layout<0>(Layout<Shape<Int<2>,Shape<Int<3>,Int<1>>,Int<2>>,Stride<Int<1>,Stride<Int<16>,Int<0>>,Int<4>>>{}), Layout<Int<3>,Int<1>>{}));
  out(157, "C0", complement(layout<0>(Layout<Shape<Int<2>,Shape<Int<3>,Int<1>>,Int<2>>,Stride<Int<1>,Stride<Int<16>,Int<0>>,Int<4>>>{}), size(layout<0>(Layout<Shape<Int<2>,Shape<Int<3>,Int<1>>,Int<2>>,Stride<Int<1>,Stride<Int<16>,Int<0>>,Int<4>>>{}))*cosize(Layout<Int<3>,Int<1>>{})));
  out(157, "B0", Layout<Int<3>,Int<1>>{});
  out(157, "P1", logical_product(layout<1>(Layout<Shape<Int<2>,Shape<Int<3>,Int<1>>,Int<2>>,Stride<Int<1>,Stride<Int<16>,Int<0>>,Int<4>>>{}), Layout<Int<8>,Int<4>>{}));
  out(157, "C1", complement(layout<1>(Layout<Shape<Int<2>,Shape<Int<3>,Int<1>>,Int<2>>,Stride<Int<1>,Stride<Int<16>,Int<0>>,Int<4>>>{}), size(layout<1>(Layout<Shape<Int<2>,Shape<Int<3>,Int<1>>,Int<2>>,Stride<Int<1>,Stride<Int<16>,Int<0>>,Int<4>>>{}))*cosize(Layout<Int<8>,Int<4>>{})));
  out(157, "B1", Layout<Int<8>,Int<4>>{});
  out(157, "P2", logical_product(layout<2>(Layout<Shape<Int<2>,Shape<Int<3>,Int<1>>,Int<2>>,Stride<Int<1>,Stride<Int<16>,Int<0>>,Int<4>>>{}), Layout<Shape<Int<2>,Int<2>>,Stride<Int<2>,Int<1>>>{}));
  out(157, "C2", complement(layout<2>(Layout<Shape<Int<2>,Shape<Int<3>,Int<1>>,Int<2>>,Stride<Int<1>,Stride<Int<16>,Int<0>>,Int<4>>>{}), size(layout<2>(Layout<Shape<Int<2>,Shape<Int<3>,Int<1>>,Int<2>>,Stride<Int<1>,Stride<Int<16>,Int<0>>,Int<4>>>{}))*cosize(Layout<Shape<Int<2>,Int<2>>,Stride<Int<2>,Int<1>>>{})));
  out(157, "B2", Layout<Shape<Int<2>,Int<2>>,Stride<Int<2>,Int<1>>>{});
  out(160, "R", coalesce(Layout<Shape<Int<6>,Int<2>>,Stride<Int<1>,Int<6>>>{}, Shape<Int<1>>{})); // coalesce((6,2):(1,6), (1))
  out(161, "R", coalesce(Layout<Shape<Int<2>,Int<6>,Int<1>>,Stride<Int<1>,Int<2>,Int<12>>>{})); // coalesce((2,6,1):(1,2,12))
  out(162, "R", composition(Layout<Int<8>,Int<1>>{}, Layout<Shape<Int<8>,Int<1>,Int<4>>,Stride<Int<1>,Int<8>,Int<8>>>{})); // composition(8:1, (8,1,4):(1,8,8))
  out(163, "R", composition(Layout<Int<2>,Int<1>>{}, Layout<Int<2>,Int<3>>{})); // composition(2:1, 2:3)
  out(164, "R", complement(Layout<Shape<Int<2>,Int<1>>,Stride<Int<1>,Int<2>>>{}, Int<100>{})); // complement((2,1):(1,2), 100)
  out(165, "R", tiled_product(Layout<Int<1>,Int<0>>{}, Layout<Shape<Shape<Int<2>,Int<1>,Int<4>>,Int<4>>,Stride<Stride<Int<16>,Int<4>,Int<4>>,Int<0>>>{})); // tiled_product(1:0, ((2,1,4),4):((16,4,4),0))
  out(165, "P0", logical_product(Layout<Int<1>,Int<0>>{}, Layout<Shape<Shape<Int<2>,Int<1>,Int<4>>,Int<4>>,Stride<Stride<Int<16>,Int<4>,Int<4>>,Int<0>>>{}));
  out(165, "C0", complement(Layout<Int<1>,Int<0>>{}, size(Layout<Int<1>,Int<0>>{})*cosize(Layout<Shape<Shape<Int<2>,Int<1>,Int<4>>,Int<4>>,Stride<Stride<Int<16>,Int<4>,Int<4>>,Int<0>>>{})));
  out(165, "B0", Layout<Shape<Shape<Int<2>,Int<1>,Int<4>>,Int<4>>,Stride<Stride<Int<16>,Int<4>,Int<4>>,Int<0>>>{});
  out(166, "R", flat_product(Layout<Shape<Shape<Int<6>,Int<1>>>,Stride<Stride<Int<2>,Int<4>>>>{}, Layout<Shape<Int<4>,Int<2>>,Stride<Int<1>,Int<4>>>{})); // flat_product(((6,1)):((2,4)), (4,2):(1,4))
  out(166, "P0", logical_product(Layout<Shape<Shape<Int<6>,Int<1>>>,Stride<Stride<Int<2>,Int<4>>>>{}, Layout<Shape<Int<4>,Int<2>>,Stride<Int<1>,Int<4>>>{}));
  out(166, "C0", complement(Layout<Shape<Shape<Int<6>,Int<1>>>,Stride<Stride<Int<2>,Int<4>>>>{}, size(Layout<Shape<Shape<Int<6>,Int<1>>>,Stride<Stride<Int<2>,Int<4>>>>{})*cosize(Layout<Shape<Int<4>,Int<2>>,Stride<Int<1>,Int<4>>>{})));
  out(166, "B0", Layout<Shape<Int<4>,Int<2>>,Stride<Int<1>,Int<4>>>{});
  out(167, "R", composition(Layout<Shape<Shape<Int<4>,Int<6>>,Int<2>,Int<1>>,Stride<Stride<Int<12>,Int<1>>,Int<6>,Int<1>>>{}, make_tile(Layout<Int<8>,Int<1>>{}))); // composition(((4,6),2,1):((12,1),6,1), <8:1>)
  out(168, "R", upcast<4>(Layout<Int<2>,Int<1>>{})); // upcast<4>(2:1)
  out(169, "R", flat_divide(Layout<Shape<Int<1>>,Stride<Int<1>>>{}, Layout<Int<2>,Int<1>>{})); // flat_divide((1):(1), 2:1)
  out(169, "LD", logical_divide(Layout<Shape<Int<1>>,Stride<Int<1>>>{}, Layout<Int<2>,Int<1>>{}));
  out(169, "T0", make_layout(Layout<Int<2>,Int<1>>{}, complement(Layout<Int<2>,Int<1>>{}, shape(coalesce(Layout<Shape<Int<1>>,Stride<Int<1>>>{})))));
  out(170, "R", zipped_divide(Layout<Shape<Int<8>>,Stride<Int<2>>>{}, Layout<Int<8>,Int<2>>{})); // zipped_divide((8):(2), 8:2)
  out(170, "LD", logical_divide(Layout<Shape<Int<8>>,Stride<Int<2>>>{}, Layout<Int<8>,Int<2>>{}));
  out(170, "T0", make_layout(Layout<Int<8>,Int<2>>{}, complement(Layout<Int<8>,Int<2>>{}, shape(coalesce(Layout<Shape<Int<8>>,Stride<Int<2>>>{})))));
  out(171, "R", logical_product(Layout<Shape<Int<3>,Int<3>>,Stride<Int<1>,Int<4>>>{}, Layout<Int<8>,Int<1>>{})); // logical_product((3,3):(1,4), 8:1)
  out(171, "P0", logical_product(Layout<Shape<Int<3>,Int<3>>,Stride<Int<1>,Int<4>>>{}, Layout<Int<8>,Int<1>>{}));
  out(171, "C0", complement(Layout<Shape<Int<3>,Int<3>>,Stride<Int<1>,Int<4>>>{}, size(Layout<Shape<Int<3>,Int<3>>,Stride<Int<1>,Int<4>>>{})*cosize(Layout<Int<8>,Int<1>>{})));
  out(171, "B0", Layout<Int<8>,Int<1>>{});
  out(173, "R", complement(Layout<Shape<Shape<Int<1>,Int<1>,Int<1>>,Int<4>>,Stride<Stride<Int<4>,Int<12>,Int<12>>,Int<1>>>{}, Int<64>{})); // complement(((1,1,1),4):((4,12,12),1), 64)
  out(174, "R", filter(Layout<Shape<Int<6>,Int<4>>,Stride<Int<16>,Int<16>>>{})); // filter((6,4):(16,16))
  out(175, "R", composition(Layout<Int<2>,Int<1>>{}, Layout<Int<3>,Int<1>>{})); // composition(2:1, 3:1)
  out(176, "R", left_inverse(Layout<Shape<Int<4>,Int<4>,Int<2>>,Stride<Int<8>,Int<2>,Int<1>>>{})); // left_inverse((4,4,2):(8,2,1))
  out(177, "R", complement(Layout<Shape<Shape<Int<1>,Int<2>>>,Stride<Stride<Int<2>,Int<1>>>>{})); // complement(((1,2)):((2,1)))
  out(178, "R", make_layout(Layout<Shape<Int<8>,Int<3>,Int<4>>,Stride<Int<1>,Int<16>,Int<2>>>{}, Layout<Shape<Int<2>,Int<4>,Int<3>>,Stride<Int<24>,Int<1>,Int<4>>>{})); // make_layout((8,3,4):(1,16,2), (2,4,3):(24,1,4))
  out(179, "R", logical_product(Layout<Shape<Int<6>,Int<3>>,Stride<Int<1>,Int<6>>>{}, Layout<Int<2>,Int<3>>{})); // logical_product((6,3):(1,6), 2:3)
  out(179, "P0", logical_product(Layout<Shape<Int<6>,Int<3>>,Stride<Int<1>,Int<6>>>{}, Layout<Int<2>,Int<3>>{}));
  out(179, "C0", complement(Layout<Shape<Int<6>,Int<3>>,Stride<Int<1>,Int<6>>>{}, size(Layout<Shape<Int<6>,Int<3>>,Stride<Int<1>,Int<6>>>{})*cosize(Layout<Int<2>,Int<3>>{})));
  out(179, "B0", Layout<Int<2>,Int<3>>{});
  out(180, "R", flat_divide(Layout<Int<2>,Int<1>>{}, Layout<Int<8>,Int<1>>{})); // flat_divide(2:1, 8:1)
  out(180, "LD", logical_divide(Layout<Int<2>,Int<1>>{}, Layout<Int<8>,Int<1>>{}));
  out(180, "T0", make_layout(Layout<Int<8>,Int<1>>{}, complement(Layout<Int<8>,Int<1>>{}, shape(coalesce(Layout<Int<2>,Int<1>>{})))));
  out(181, "R", logical_product(Layout<Shape<Int<4>,Int<4>,Int<2>>,Stride<Int<2>,Int<8>,Int<1>>>{}, Layout<Shape<Int<4>,Int<6>>,Stride<Int<2>,Int<16>>>{})); // logical_product((4,4,2):(2,8,1), (4,6):(2,16))
  out(181, "P0", logical_product(Layout<Shape<Int<4>,Int<4>,Int<2>>,Stride<Int<2>,Int<8>,Int<1>>>{}, Layout<Shape<Int<4>,Int<6>>,Stride<Int<2>,Int<16>>>{}));
  out(181, "C0", complement(Layout<Shape<Int<4>,Int<4>,Int<2>>,Stride<Int<2>,Int<8>,Int<1>>>{}, size(Layout<Shape<Int<4>,Int<4>,Int<2>>,Stride<Int<2>,Int<8>,Int<1>>>{})*cosize(Layout<Shape<Int<4>,Int<6>>,Stride<Int<2>,Int<16>>>{})));
  out(181, "B0", Layout<Shape<Int<4>,Int<6>>,Stride<Int<2>,Int<16>>>{});
  out(182, "R", composition(Layout<Shape<Int<1>,Int<3>>,Stride<Int<1>,Int<3>>>{}, make_tile(Int<2>{}))); // composition((1,3):(1,3), <2>)
  out(183, "R", downcast<2>(Layout<Shape<Int<1>>,Stride<Int<1>>>{})); // downcast<2>((1):(1))
  out(184, "R", logical_divide(Layout<Int<4>,Int<0>>{}, Layout<Int<2>,Int<4>>{})); // logical_divide(4:0, 2:4)
  out(184, "LD", logical_divide(Layout<Int<4>,Int<0>>{}, Layout<Int<2>,Int<4>>{}));
  out(184, "T0", make_layout(Layout<Int<2>,Int<4>>{}, complement(Layout<Int<2>,Int<4>>{}, shape(coalesce(Layout<Int<4>,Int<0>>{})))));
  out(185, "R", tiled_divide(Layout<Shape<Int<2>,Int<4>>,Stride<Int<12>,Int<1>>>{}, make_tile(Layout<Shape<Int<2>,Int<2>>,Stride<Int<2>,Int<4>>>{}, Layout<Shape<Int<2>,Int<2>>,Stride<Int<1>,Int<4>>>{}))); // tiled_divide((2,4):(12,1), <(2,2):(2,4), (2,2):(1,4)>)
  out(185, "LD", logical_divide(Layout<Shape<Int<2>,Int<4>>,Stride<Int<12>,Int<1>>>{}, make_tile(Layout<Shape<Int<2>,Int<2>>,Stride<Int<2>,Int<4>>>{}, Layout<Shape<Int<2>,Int<2>>,Stride<Int<1>,Int<4>>>{})));
  out(185, "T0", make_layout(Layout<Shape<Int<2>,Int<2>>,Stride<Int<2>,Int<4>>>{}, complement(Layout<Shape<Int<2>,Int<2>>,Stride<Int<2>,Int<4>>>{}, shape(coalesce(layout<0>(Layout<Shape<Int<2>,Int<4>>,Stride<Int<12>,Int<1>>>{}))))));
  out(185, "T1", make_layout(Layout<Shape<Int<2>,Int<2>>,Stride<Int<1>,Int<4>>>{}, complement(Layout<Shape<Int<2>,Int<2>>,Stride<Int<1>,Int<4>>>{}, shape(coalesce(layout<1>(Layout<Shape<Int<2>,Int<4>>,Stride<Int<12>,Int<1>>>{}))))));
  out(186, "R", logical_product(Layout<Shape<Int<6>,Int<2>>,Stride<Int<2>,Int<1>>>{}, Layout<Shape<Int<2>,Int<2>>,Stride<Int<8>,Int<8>>>{})); // logical_product((6,2):(2,1), (2,2):(8,8))
  out(186, "P0", logical_product(Layout<Shape<Int<6>,Int<2>>,Stride<Int<2>,Int<1>>>{}, Layout<Shape<Int<2>,Int<2>>,Stride<Int<8>,Int<8>>>{}));
  out(186, "C0", complement(Layout<Shape<Int<6>,Int<2>>,Stride<Int<2>,Int<1>>>{}, size(Layout<Shape<Int<6>,Int<2>>,Stride<Int<2>,Int<1>>>{})*cosize(Layout<Shape<Int<2>,Int<2>>,Stride<Int<8>,Int<8>>>{})));
  out(186, "B0", Layout<Shape<Int<2>,Int<2>>,Stride<Int<8>,Int<8>>>{});
  out(187, "R", flat_divide(Layout<Shape<Int<3>>,Stride<Int<8>>>{}, Layout<Shape<Int<2>,Int<2>>,Stride<Int<2>,Int<4>>>{})); // flat_divide((3):(8), (2,2):(2,4))
  out(187, "LD", logical_divide(Layout<Shape<Int<3>>,Stride<Int<8>>>{}, Layout<Shape<Int<2>,Int<2>>,Stride<Int<2>,Int<4>>>{}));
  out(187, "T0", make_layout(Layout<Shape<Int<2>,Int<2>>,Stride<Int<2>,Int<4>>>{}, complement(Layout<Shape<Int<2>,Int<2>>,Stride<Int<2>,Int<4>>>{}, shape(coalesce(Layout<Shape<Int<3>>,Stride<Int<8>>>{})))));
  out(188, "R", tile_to_shape(Layout<Shape<Int<4>,Int<4>>,Stride<Int<1>,Int<4>>>{}, Shape<Int<8>,Int<8>>{}, Step<Int<0>,Int<1>>{})); // tile_to_shape((4,4):(1,4), (8,8), Step<0,1>)
  out(189, "R", raked_product(Layout<Shape<Int<4>,Int<2>>,Stride<Int<4>,Int<16>>>{}, Layout<Shape<Int<8>>,Stride<Int<1>>>{})); // raked_product((4,2):(4,16), (8):(1))
  out(189, "P0", logical_product(append<2>(Layout<Shape<Int<4>,Int<2>>,Stride<Int<4>,Int<16>>>{}), append<2>(Layout<Shape<Int<8>>,Stride<Int<1>>>{})));
  out(189, "C0", complement(append<2>(Layout<Shape<Int<4>,Int<2>>,Stride<Int<4>,Int<16>>>{}), size(append<2>(Layout<Shape<Int<4>,Int<2>>,Stride<Int<4>,Int<16>>>{}))*cosize(append<2>(Layout<Shape<Int<8>>,Stride<Int<1>>>{}))));
  out(189, "B0", append<2>(Layout<Shape<Int<8>>,Stride<Int<1>>>{}));
  out(190, "R", flat_product(Layout<Int<3>,Int<4>>{}, Layout<Shape<Int<1>,Int<4>>,Stride<Int<4>,Int<1>>>{})); // flat_product(3:4, (1,4):(4,1))
  out(190, "P0", logical_product(Layout<Int<3>,Int<4>>{}, Layout<Shape<Int<1>,Int<4>>,Stride<Int<4>,Int<1>>>{}));
  out(190, "C0", complement(Layout<Int<3>,Int<4>>{}, size(Layout<Int<3>,Int<4>>{})*cosize(Layout<Shape<Int<1>,Int<4>>,Stride<Int<4>,Int<1>>>{})));
  out(190, "B0", Layout<Shape<Int<1>,Int<4>>,Stride<Int<4>,Int<1>>>{});
  out(191, "R", composition(Layout<Int<6>,Int<1>>{}, Layout<Shape<Int<2>,Int<3>>,Stride<Int<1>,Int<4>>>{})); // composition(6:1, (2,3):(1,4))
  out(192, "R", make_layout(Layout<Shape<Int<3>,Int<2>>,Stride<Int<1>,Int<3>>>{}, Layout<Shape<Int<4>,Int<3>>,Stride<Int<1>,Int<4>>>{})); // make_layout((3,2):(1,3), (4,3):(1,4))
  out(193, "R", logical_divide(Layout<Int<2>,Int<1>>{}, Layout<Int<2>,Int<2>>{})); // logical_divide(2:1, 2:2)
  out(193, "LD", logical_divide(Layout<Int<2>,Int<1>>{}, Layout<Int<2>,Int<2>>{}));
  out(193, "T0", make_layout(Layout<Int<2>,Int<2>>{}, complement(Layout<Int<2>,Int<2>>{}, shape(coalesce(Layout<Int<2>,Int<1>>{})))));
  out(194, "R", logical_divide(Layout<Int<3>,Int<8>>{}, Layout<Int<3>,Int<1>>{})); // logical_divide(3:8, 3:1)
  out(194, "LD", logical_divide(Layout<Int<3>,Int<8>>{}, Layout<Int<3>,Int<1>>{}));
  out(194, "T0", make_layout(Layout<Int<3>,Int<1>>{}, complement(Layout<Int<3>,Int<1>>{}, shape(coalesce(Layout<Int<3>,Int<8>>{})))));
  out(195, "R", logical_product(Layout<Int<2>,Int<1>>{}, Layout<Shape<Int<6>,Int<4>>,Stride<Int<1>,Int<6>>>{})); // logical_product(2:1, (6,4):(1,6))
  out(195, "P0", logical_product(Layout<Int<2>,Int<1>>{}, Layout<Shape<Int<6>,Int<4>>,Stride<Int<1>,Int<6>>>{}));
  out(195, "C0", complement(Layout<Int<2>,Int<1>>{}, size(Layout<Int<2>,Int<1>>{})*cosize(Layout<Shape<Int<6>,Int<4>>,Stride<Int<1>,Int<6>>>{})));
  out(195, "B0", Layout<Shape<Int<6>,Int<4>>,Stride<Int<1>,Int<6>>>{});
  out(196, "R", composition(Layout<Int<4>,Int<1>>{}, Layout<Int<8>,Int<2>>{})); // composition(4:1, 8:2)
  out(197, "R", composition(Layout<Shape<Int<2>,Int<2>>,Stride<Int<1>,Int<2>>>{}, Layout<Shape<Int<3>,Int<2>>,Stride<Int<1>,Int<2>>>{})); // composition((2,2):(1,2), (3,2):(1,2))
  out(198, "R", logical_product(Layout<Shape<Int<4>,Int<3>>,Stride<Int<1>,Int<4>>>{}, Layout<Int<8>,Int<1>>{})); // logical_product((4,3):(1,4), 8:1)
  out(198, "P0", logical_product(Layout<Shape<Int<4>,Int<3>>,Stride<Int<1>,Int<4>>>{}, Layout<Int<8>,Int<1>>{}));
  out(198, "C0", complement(Layout<Shape<Int<4>,Int<3>>,Stride<Int<1>,Int<4>>>{}, size(Layout<Shape<Int<4>,Int<3>>,Stride<Int<1>,Int<4>>>{})*cosize(Layout<Int<8>,Int<1>>{})));
  out(198, "B0", Layout<Int<8>,Int<1>>{});
  out(199, "R", tiled_product(Layout<Int<8>,Int<1>>{}, Layout<Shape<Int<2>>,Stride<Int<1>>>{})); // tiled_product(8:1, (2):(1))
  out(199, "P0", logical_product(Layout<Int<8>,Int<1>>{}, Layout<Shape<Int<2>>,Stride<Int<1>>>{}));
  out(199, "C0", complement(Layout<Int<8>,Int<1>>{}, size(Layout<Int<8>,Int<1>>{})*cosize(Layout<Shape<Int<2>>,Stride<Int<1>>>{})));
  out(199, "B0", Layout<Shape<Int<2>>,Stride<Int<1>>>{});
  out(200, "R", zipped_product(Layout<Shape<Int<6>,Int<4>>,Stride<Int<0>,Int<4>>>{}, Layout<Int<3>,Int<1>>{})); // zipped_product((6,4):(0,4), 3:1)
  out(200, "P0", logical_product(Layout<Shape<Int<6>,Int<4>>,Stride<Int<0>,Int<4>>>{}, Layout<Int<3>,Int<1>>{}));
  out(200, "C0", complement(Layout<Shape<Int<6>,Int<4>>,Stride<Int<0>,Int<4>>>{}, size(Layout<Shape<Int<6>,Int<4>>,Stride<Int<0>,Int<4>>>{})*cosize(Layout<Int<3>,Int<1>>{})));
  out(200, "B0", Layout<Int<3>,Int<1>>{});
  out(201, "R", left_inverse(Layout<Shape<Int<4>,Shape<Int<1>,Int<4>,Int<1>>>,Stride<Int<2>,Stride<Int<16>,Int<16>,Int<1>>>>{})); // left_inverse((4,(1,4,1)):(2,(16,16,1)))
  out(202, "R", blocked_product(Layout<Shape<Int<2>,Shape<Int<6>,Int<1>>>,Stride<Int<0>,Stride<Int<0>,Int<1>>>>{}, Layout<Shape<Int<4>,Int<6>>,Stride<Int<6>,Int<1>>>{})); // blocked_product((2,(6,1)):(0,(0,1)), (4,6):(6,1))
  out(202, "P0", logical_product(append<2>(Layout<Shape<Int<2>,Shape<Int<6>,Int<1>>>,Stride<Int<0>,Stride<Int<0>,Int<1>>>>{}), append<2>(Layout<Shape<Int<4>,Int<6>>,Stride<Int<6>,Int<1>>>{})));
  out(202, "C0", complement(append<2>(Layout<Shape<Int<2>,Shape<Int<6>,Int<1>>>,Stride<Int<0>,Stride<Int<0>,Int<1>>>>{}), size(append<2>(Layout<Shape<Int<2>,Shape<Int<6>,Int<1>>>,Stride<Int<0>,Stride<Int<0>,Int<1>>>>{}))*cosize(append<2>(Layout<Shape<Int<4>,Int<6>>,Stride<Int<6>,Int<1>>>{}))));
  out(202, "B0", append<2>(Layout<Shape<Int<4>,Int<6>>,Stride<Int<6>,Int<1>>>{}));
  out(203, "R", composition(Layout<Shape<Int<1>,Int<4>>,Stride<Int<1>,Int<1>>>{}, Layout<Int<2>,Int<1>>{})); // composition((1,4):(1,1), 2:1)
  out(204, "R", logical_divide(Layout<Shape<Int<6>,Int<2>>,Stride<Int<1>,Int<6>>>{}, Layout<Int<2>,Int<2>>{})); // logical_divide((6,2):(1,6), 2:2)
  out(204, "LD", logical_divide(Layout<Shape<Int<6>,Int<2>>,Stride<Int<1>,Int<6>>>{}, Layout<Int<2>,Int<2>>{}));
  out(204, "T0", make_layout(Layout<Int<2>,Int<2>>{}, complement(Layout<Int<2>,Int<2>>{}, shape(coalesce(Layout<Shape<Int<6>,Int<2>>,Stride<Int<1>,Int<6>>>{})))));
  out(205, "R", logical_divide(Layout<Shape<Int<2>,Shape<Int<2>,Int<2>,Int<6>>>,Stride<Int<6>,Stride<Int<24>,Int<12>,Int<1>>>>{}, make_tile(Int<4>{}))); // logical_divide((2,(2,2,6)):(6,(24,12,1)), <4>)
  out(205, "LD", logical_divide(Layout<Shape<Int<2>,Shape<Int<2>,Int<2>,Int<6>>>,Stride<Int<6>,Stride<Int<24>,Int<12>,Int<1>>>>{}, make_tile(Int<4>{})));
  out(205, "T0", make_layout(make_layout(Int<4>{}), complement(make_layout(Int<4>{}), shape(coalesce(layout<0>(Layout<Shape<Int<2>,Shape<Int<2>,Int<2>,Int<6>>>,Stride<Int<6>,Stride<Int<24>,Int<12>,Int<1>>>>{}))))));
  out(206, "R", max_common_layout(Layout<Shape<Int<3>,Int<3>>,Stride<Int<3>,Int<1>>>{}, Layout<Shape<Int<3>,Int<3>>,Stride<Int<3>,Int<1>>>{})); // max_common_layout((3,3):(3,1), (3,3):(3,1))
  out(207, "R", tiled_product(Layout<Int<6>,Int<0>>{}, Layout<Shape<Int<4>,Int<4>>,Stride<Int<4>,Int<1>>>{})); // tiled_product(6:0, (4,4):(4,1))
  out(207, "P0", logical_product(Layout<Int<6>,Int<0>>{}, Layout<Shape<Int<4>,Int<4>>,Stride<Int<4>,Int<1>>>{}));
  out(207, "C0", complement(Layout<Int<6>,Int<0>>{}, size(Layout<Int<6>,Int<0>>{})*cosize(Layout<Shape<Int<4>,Int<4>>,Stride<Int<4>,Int<1>>>{})));
  out(207, "B0", Layout<Shape<Int<4>,Int<4>>,Stride<Int<4>,Int<1>>>{});
  out(208, "R", composition(Layout<Int<2>,Int<1>>{}, Layout<Int<3>,Int<1>>{})); // composition(2:1, 3:1)
  out(209, "R", coalesce(Layout<Shape<Int<3>,Int<4>>,Stride<Int<1>,Int<6>>>{})); // coalesce((3,4):(1,6))
  out(210, "R", composition(Layout<Shape<Shape<Int<4>,Int<8>>,Int<4>,Int<1>>,Stride<Stride<Int<1>,Int<16>>,Int<4>,Int<128>>>{}, Layout<Int<4>,Int<3>>{})); // composition(((4,8),4,1):((1,16),4,128), 4:3)
  out(211, "R", complement(Layout<Int<2>,Int<1>>{})); // complement(2:1)
  out(212, "R", composition(Layout<Shape<Int<6>,Int<4>,Shape<Int<4>,Int<3>>>,Stride<Int<16>,Int<1>,Stride<Int<4>,Int<96>>>>{}, Layout<Shape<Int<2>,Int<3>>,Stride<Int<6>,Int<1>>>{})); // composition((6,4,(4,3)):(16,1,(4,96)), (2,3):(6,1))
  out(213, "R", left_inverse(Layout<Shape<Int<2>,Int<2>,Int<8>>,Stride<Int<1>,Int<2>,Int<8>>>{})); // left_inverse((2,2,8):(1,2,8))
  out(214, "R", coalesce(Layout<Int<4>,Int<1>>{})); // coalesce(4:1)
  out(216, "R", max_common_vector(Layout<Int<2>,Int<1>>{}, Layout<Int<2>,Int<1>>{})); // max_common_vector(2:1, 2:1)
  out(217, "R", right_inverse(Layout<Int<4>,Int<1>>{})); // right_inverse(4:1)
  out(218, "R", complement(Layout<Shape<Int<2>,Int<4>>,Stride<Int<4>,Int<1>>>{})); // complement((2,4):(4,1))
  out(219, "R", logical_divide(Layout<Int<8>,Int<1>>{}, Layout<Int<3>,Int<2>>{})); // logical_divide(8:1, 3:2)
  out(219, "LD", logical_divide(Layout<Int<8>,Int<1>>{}, Layout<Int<3>,Int<2>>{}));
  out(219, "T0", make_layout(Layout<Int<3>,Int<2>>{}, complement(Layout<Int<3>,Int<2>>{}, shape(coalesce(Layout<Int<8>,Int<1>>{})))));
  out(220, "R", logical_product(Layout<Shape<Int<1>,Int<3>,Shape<Int<3>,Int<2>>>,Stride<Int<18>,Int<6>,Stride<Int<1>,Int<3>>>>{}, make_tile(Layout<Int<8>,Int<3>>{}, Layout<Int<2>,Int<1>>{}, Layout<Int<8>,Int<4>>{}))); // logical_product((1,3,(3,2)):(18,6,(1,3)), <8:3, 2:1, 8:4>)
  out(220, "P0", logical_product(layout<0>(Layout<Shape<Int<1>,Int<3>,Shape<Int<3>,Int<2>>>,Stride<Int<18>,Int<6>,Stride<Int<1>,Int<3>>>>{}), Layout<Int<8>,Int<3>>{}));
  out(220, "C0", complement(layout<0>(Layout<Shape<Int<1>,Int<3>,Shape<Int<3>,Int<2>>>,Stride<Int<18>,Int<6>,Stride<Int<1>,Int<3>>>>{}), size(layout<0>(Layout<Shape<Int<1>,Int<3>,Shape<Int<3>,Int<2>>>,Stride<Int<18>,Int<6>,Stride<Int<1>,Int<3>>>>{}))*cosize(Layout<Int<8>,Int<3>>{})));
  out(220, "B0", Layout<Int<8>,Int<3>>{});
  out(220, "P1", logical_product(layout<1>(Layout<Shape<Int<1>,Int<3>,Shape<Int<3>,Int<2>>>,Stride<Int<18>,Int<6>,Stride<Int<1>,Int<3>>>>{}), Layout<Int<2>,Int<1>>{}));
  out(220, "C1", complement(layout<1>(Layout<Shape<Int<1>,Int<3>,Shape<Int<3>,Int<2>>>,Stride<Int<18>,Int<6>,Stride<Int<1>,Int<3>>>>{}), size(layout<1>(Layout<Shape<Int<1>,Int<3>,Shape<Int<3>,Int<2>>>,Stride<Int<18>,Int<6>,Stride<Int<1>,Int<3>>>>{}))*cosize(Layout<Int<2>,Int<1>>{})));
  out(220, "B1", Layout<Int<2>,Int<1>>{});
  out(220, "P2", logical_product(layout<2>(Layout<Shape<Int<1>,Int<3>,Shape<Int<3>,Int<2>>>,Stride<Int<18>,Int<6>,Stride<Int<1>,Int<3>>>>{}), Layout<Int<8>,Int<4>>{}));
  out(220, "C2", complement(layout<2>(Layout<Shape<Int<1>,Int<3>,Shape<Int<3>,Int<2>>>,Stride<Int<18>,Int<6>,Stride<Int<1>,Int<3>>>>{}), size(layout<2>(Layout<Shape<Int<1>,Int<3>,Shape<Int<3>,Int<2>>>,Stride<Int<18>,Int<6>,Stride<Int<1>,Int<3>>>>{}))*cosize(Layout<Int<8>,Int<4>>{})));
  out(220, "B2", Layout<Int<8>,Int<4>>{});
  out(221, "R", max_common_layout(Layout<Shape<Int<4>,Int<2>>,Stride<Int<1>,Int<4>>>{}, Layout<Shape<Int<4>,Int<2>>,Stride<Int<1>,Int<4>>>{})); // max_common_layout((4,2):(1,4), (4,2):(1,4))
  out(222, "R", tile_to_shape(Layout<Shape<Int<2>,Int<2>>,Stride<Int<1>,Int<2>>>{}, Shape<Int<2>,Int<8>>{}, Step<Int<1>,Int<0>>{})); // tile_to_shape((2,2):(1,2), (2,8), Step<1,0>)
  out(224, "R", left_inverse(Layout<Shape<Int<6>,Int<4>>,Stride<Int<1>,Int<6>>>{})); // left_inverse((6,4):(1,6))
  out(225, "R", blocked_product(Layout<Shape<Int<1>,Int<2>>,Stride<Int<2>,Int<1>>>{}, Layout<Int<4>,Int<1>>{})); // blocked_product((1,2):(2,1), 4:1)
  out(225, "P0", logical_product(append<2>(Layout<Shape<Int<1>,Int<2>>,Stride<Int<2>,Int<1>>>{}), append<2>(Layout<Int<4>,Int<1>>{})));
  out(225, "C0", complement(append<2>(Layout<Shape<Int<1>,Int<2>>,Stride<Int<2>,Int<1>>>{}), size(append<2>(Layout<Shape<Int<1>,Int<2>>,Stride<Int<2>,Int<1>>>{}))*cosize(append<2>(Layout<Int<4>,Int<1>>{}))));
  out(225, "B0", append<2>(Layout<Int<4>,Int<1>>{}));
  out(226, "R", logical_divide(Layout<Shape<Int<2>>,Stride<Int<1>>>{}, Layout<Int<4>,Int<1>>{})); // logical_divide((2):(1), 4:1)
  out(226, "LD", logical_divide(Layout<Shape<Int<2>>,Stride<Int<1>>>{}, Layout<Int<4>,Int<1>>{}));
  out(226, "T0", make_layout(Layout<Int<4>,Int<1>>{}, complement(Layout<Int<4>,Int<1>>{}, shape(coalesce(Layout<Shape<Int<2>>,Stride<Int<1>>>{})))));
  out(228, "R", filter(Layout<Int<3>,Int<1>>{})); // filter(3:1)
  out(229, "R", raked_product(Layout<Int<8>,Int<1>>{}, Layout<Shape<Int<2>,Int<1>>,Stride<Int<3>,Int<0>>>{})); // raked_product(8:1, (2,1):(3,0))
  out(229, "P0", logical_product(append<2>(Layout<Int<8>,Int<1>>{}), append<2>(Layout<Shape<Int<2>,Int<1>>,Stride<Int<3>,Int<0>>>{})));
  out(229, "C0", complement(append<2>(Layout<Int<8>,Int<1>>{}), size(append<2>(Layout<Int<8>,Int<1>>{}))*cosize(append<2>(Layout<Shape<Int<2>,Int<1>>,Stride<Int<3>,Int<0>>>{}))));
  out(229, "B0", append<2>(Layout<Shape<Int<2>,Int<1>>,Stride<Int<3>,Int<0>>>{}));
  out(230, "R", composition(Layout<Shape<Int<2>,Int<1>>,Stride<Int<1>,Int<2>>>{}, Layout<Int<3>,Int<1>>{})); // composition((2,1):(1,2), 3:1)
  out(231, "R", composition(Layout<Shape<Shape<Int<2>,Int<1>>,Int<6>>,Stride<Stride<Int<6>,Int<12>>,Int<1>>>{}, make_tile(Layout<Int<4>,Int<1>>{}))); // composition(((2,1),6):((6,12),1), <4:1>)
  out(233, "R", raked_product(Layout<Int<8>,Int<1>>{}, Layout<Int<3>,Int<1>>{})); // raked_product(8:1, 3:1)
  out(233, "P0", logical_product(append<1>(Layout<Int<8>,Int<1>>{}), append<1>(Layout<Int<3>,Int<1>>{})));
  out(233, "C0", complement(append<1>(Layout<Int<8>,Int<1>>{}), size(append<1>(Layout<Int<8>,Int<1>>{}))*cosize(append<1>(Layout<Int<3>,Int<1>>{}))));
  out(233, "B0", append<1>(Layout<Int<3>,Int<1>>{}));
  out(234, "R", flat_divide(Layout<Int<4>,Int<1>>{}, Layout<Shape<Int<2>,Int<2>>,Stride<Int<2>,Int<8>>>{})); // flat_divide(4:1, (2,2):(2,8))
  out(234, "LD", logical_divide(Layout<Int<4>,Int<1>>{}, Layout<Shape<Int<2>,Int<2>>,Stride<Int<2>,Int<8>>>{}));
  out(234, "T0", make_layout(Layout<Shape<Int<2>,Int<2>>,Stride<Int<2>,Int<8>>>{}, complement(Layout<Shape<Int<2>,Int<2>>,Stride<Int<2>,Int<8>>>{}, shape(coalesce(Layout<Int<4>,Int<1>>{})))));
  out(235, "R", flat_product(Layout<Shape<Shape<Int<3>,Int<2>,Int<3>>>,Stride<Stride<Int<36>,Int<1>,Int<4>>>>{}, Layout<Shape<Int<2>>,Stride<Int<1>>>{})); // flat_product(((3,2,3)):((36,1,4)), (2):(1))
  out(235, "P0", logical_product(Layout<Shape<Shape<Int<3>,Int<2>,Int<3>>>,Stride<Stride<Int<36>,Int<1>,Int<4>>>>{}, Layout<Shape<Int<2>>,Stride<Int<1>>>{}));
  out(235, "C0", complement(Layout<Shape<Shape<Int<3>,Int<2>,Int<3>>>,Stride<Stride<Int<36>,Int<1>,Int<4>>>>{}, size(Layout<Shape<Shape<Int<3>,Int<2>,Int<3>>>,Stride<Stride<Int<36>,Int<1>,Int<4>>>>{})*cosize(Layout<Shape<Int<2>>,Stride<Int<1>>>{})));
  out(235, "B0", Layout<Shape<Int<2>>,Stride<Int<1>>>{});
  out(236, "R", composition(Layout<Shape<Int<2>,Int<2>>,Stride<Int<1>,Int<2>>>{}, make_tile(Layout<Int<2>,Int<3>>{}))); // composition((2,2):(1,2), <2:3>)
  out(237, "R", filter(Layout<Shape<Int<4>,Shape<Int<8>,Int<4>>>,Stride<Int<8>,Stride<Int<1>,Int<32>>>>{})); // filter((4,(8,4)):(8,(1,32)))
  out(238, "R", left_inverse(Layout<Shape<Shape<Int<6>,Int<4>>,Shape<Int<1>,Int<6>>>,Stride<Stride<Int<24>,Int<6>>,Stride<Int<1>,Int<1>>>>{})); // left_inverse(((6,4),(1,6)):((24,6),(1,1)))
  out(241, "R", left_inverse(Layout<Int<3>,Int<16>>{})); // left_inverse(3:16)
  out(242, "R", flat_product(Layout<Int<2>,Int<1>>{}, Layout<Int<8>,Int<1>>{})); // flat_product(2:1, 8:1)
  out(242, "P0", logical_product(Layout<Int<2>,Int<1>>{}, Layout<Int<8>,Int<1>>{}));
  out(242, "C0", complement(Layout<Int<2>,Int<1>>{}, size(Layout<Int<2>,Int<1>>{})*cosize(Layout<Int<8>,Int<1>>{})));
  out(242, "B0", Layout<Int<8>,Int<1>>{});
  out(243, "R", raked_product(Layout<Int<3>,Int<0>>{}, Layout<Shape<Int<3>,Int<4>>,Stride<Int<0>,Int<3>>>{})); // raked_product(3:0, (3,4):(0,3))
  out(243, "P0", logical_product(append<2>(Layout<Int<3>,Int<0>>{}), append<2>(Layout<Shape<Int<3>,Int<4>>,Stride<Int<0>,Int<3>>>{})));
  out(243, "C0", complement(append<2>(Layout<Int<3>,Int<0>>{}), size(append<2>(Layout<Int<3>,Int<0>>{}))*cosize(append<2>(Layout<Shape<Int<3>,Int<4>>,Stride<Int<0>,Int<3>>>{}))));
  out(243, "B0", append<2>(Layout<Shape<Int<3>,Int<4>>,Stride<Int<0>,Int<3>>>{}));
  out(244, "R", left_inverse(Layout<Shape<Shape<Int<3>,Int<4>,Int<1>>,Int<2>>,Stride<Stride<Int<2>,Int<6>,Int<24>>,Int<1>>>{})); // left_inverse(((3,4,1),2):((2,6,24),1))
  out(245, "R", blocked_product(Layout<Shape<Int<2>,Int<4>>,Stride<Int<4>,Int<1>>>{}, Layout<Int<4>,Int<1>>{})); // blocked_product((2,4):(4,1), 4:1)
  out(245, "P0", logical_product(append<2>(Layout<Shape<Int<2>,Int<4>>,Stride<Int<4>,Int<1>>>{}), append<2>(Layout<Int<4>,Int<1>>{})));
  out(245, "C0", complement(append<2>(Layout<Shape<Int<2>,Int<4>>,Stride<Int<4>,Int<1>>>{}), size(append<2>(Layout<Shape<Int<2>,Int<4>>,Stride<Int<4>,Int<1>>>{}))*cosize(append<2>(Layout<Int<4>,Int<1>>{}))));
  out(245, "B0", append<2>(Layout<Int<4>,Int<1>>{}));
  out(246, "R", tile_to_shape(Layout<Shape<Int<8>,Int<1>>,Stride<Int<1>,Int<8>>>{}, Shape<Int<16>,Int<2>>{})); // tile_to_shape((8,1):(1,8), (16,2))
  out(247, "R", max_common_vector(Layout<Shape<Int<8>,Int<3>>,Stride<Int<3>,Int<1>>>{}, Layout<Shape<Int<8>,Int<3>>,Stride<Int<1>,Int<8>>>{})); // max_common_vector((8,3):(3,1), (8,3):(1,8))
  out(248, "R", composition(Layout<Int<3>,Int<1>>{}, Layout<Int<2>,Int<4>>{})); // composition(3:1, 2:4)
  out(249, "R", flat_product(Layout<Shape<Int<4>,Int<6>>,Stride<Int<16>,Int<1>>>{}, Layout<Shape<Int<4>,Int<1>,Int<6>>,Stride<Int<1>,Int<48>,Int<8>>>{})); // flat_product((4,6):(16,1), (4,1,6):(1,48,8))
  out(249, "P0", logical_product(Layout<Shape<Int<4>,Int<6>>,Stride<Int<16>,Int<1>>>{}, Layout<Shape<Int<4>,Int<1>,Int<6>>,Stride<Int<1>,Int<48>,Int<8>>>{}));
  out(249, "C0", complement(Layout<Shape<Int<4>,Int<6>>,Stride<Int<16>,Int<1>>>{}, size(Layout<Shape<Int<4>,Int<6>>,Stride<Int<16>,Int<1>>>{})*cosize(Layout<Shape<Int<4>,Int<1>,Int<6>>,Stride<Int<1>,Int<48>,Int<8>>>{})));
  out(249, "B0", Layout<Shape<Int<4>,Int<1>,Int<6>>,Stride<Int<1>,Int<48>,Int<8>>>{});
  out(250, "R", logical_product(Layout<Shape<Shape<Int<8>,Int<6>>,Int<1>>,Stride<Stride<Int<6>,Int<1>>,Int<1>>>{}, make_tile(Layout<Int<2>,Int<4>>{}))); // logical_product(((8,6),1):((6,1),1), <2:4>)
  out(250, "P0", logical_product(layout<0>(Layout<Shape<Shape<Int<8>,Int<6>>,Int<1>>,Stride<Stride<Int<6>,Int<1>>,Int<1>>>{}), Layout<Int<2>,Int<4>>{}));
  out(250, "C0", complement(layout<0>(Layout<Shape<Shape<Int<8>,Int<6>>,Int<1>>,Stride<Stride<Int<6>,Int<1>>,Int<1>>>{}), size(layout<0>(Layout<Shape<Shape<Int<8>,Int<6>>,Int<1>>,Stride<Stride<Int<6>,Int<1>>,Int<1>>>{}))*cosize(Layout<Int<2>,Int<4>>{})));
  out(250, "B0", Layout<Int<2>,Int<4>>{});
  out(251, "R", complement(Layout<Shape<Int<1>,Int<1>>,Stride<Int<8>,Int<2>>>{}, Int<100>{})); // complement((1,1):(8,2), 100)
  out(252, "R", composition(Layout<Shape<Int<8>,Int<3>>,Stride<Int<2>,Int<1>>>{}, Layout<Int<4>,Int<1>>{})); // composition((8,3):(2,1), 4:1)
  out(253, "R", max_common_vector(Layout<Shape<Int<1>,Shape<Int<8>,Int<6>>,Int<8>>,Stride<Int<8>,Stride<Int<3>,Int<1>>,Int<16>>>{}, Layout<Shape<Int<1>,Shape<Int<8>,Int<6>>,Int<8>>,Stride<Int<48>,Stride<Int<48>,Int<1>>,Int<6>>>{})); // max_common_vector((1,(8,6),8):(8,(3,1),16), (1,(8,6),8):(48,(48,1),6))
  out(255, "R", logical_divide(Layout<Shape<Shape<Int<4>,Int<4>>,Int<2>>,Stride<Stride<Int<1>,Int<4>>,Int<16>>>{}, make_tile(Int<4>{}))); // logical_divide(((4,4),2):((1,4),16), <4>)
  out(255, "LD", logical_divide(Layout<Shape<Shape<Int<4>,Int<4>>,Int<2>>,Stride<Stride<Int<1>,Int<4>>,Int<16>>>{}, make_tile(Int<4>{})));
  out(255, "T0", make_layout(make_layout(Int<4>{}), complement(make_layout(Int<4>{}), shape(coalesce(layout<0>(Layout<Shape<Shape<Int<4>,Int<4>>,Int<2>>,Stride<Stride<Int<1>,Int<4>>,Int<16>>>{}))))));
  out(256, "R", coalesce(Layout<Int<6>,Int<8>>{}, Shape<Int<1>>{})); // coalesce(6:8, (1))
  out(257, "R", composition(Layout<Shape<Int<1>,Int<6>>,Stride<Int<1>,Int<1>>>{}, make_tile(Int<4>{}, Layout<Int<2>,Int<4>>{}))); // composition((1,6):(1,1), <4, 2:4>)
  out(258, "R", composition(Layout<Shape<Int<2>,Int<4>,Shape<Int<3>,Int<4>>>,Stride<Int<48>,Int<12>,Stride<Int<1>,Int<3>>>>{}, Layout<Shape<Int<1>>,Stride<Int<0>>>{})); // composition((2,4,(3,4)):(48,12,(1,3)), (1):(0))
  out(259, "R", tiled_divide(Layout<Shape<Int<1>>,Stride<Int<2>>>{}, Layout<Shape<Int<2>,Int<2>>,Stride<Int<2>,Int<1>>>{})); // tiled_divide((1):(2), (2,2):(2,1))
  out(259, "LD", logical_divide(Layout<Shape<Int<1>>,Stride<Int<2>>>{}, Layout<Shape<Int<2>,Int<2>>,Stride<Int<2>,Int<1>>>{}));
  out(259, "T0", make_layout(Layout<Shape<Int<2>,Int<2>>,Stride<Int<2>,Int<1>>>{}, complement(Layout<Shape<Int<2>,Int<2>>,Stride<Int<2>,Int<1>>>{}, shape(coalesce(Layout<Shape<Int<1>>,Stride<Int<2>>>{})))));
  out(260, "R", composition(Layout<Shape<Int<6>,Int<3>>,Stride<Int<4>,Int<8>>>{}, Layout<Int<8>,Int<3>>{})); // composition((6,3):(4,8), 8:3)
  out(261, "R", logical_divide(Layout<Shape<Int<2>>,Stride<Int<1>>>{}, Layout<Int<2>,Int<1>>{})); // logical_divide((2):(1), 2:1)
  out(261, "LD", logical_divide(Layout<Shape<Int<2>>,Stride<Int<1>>>{}, Layout<Int<2>,Int<1>>{}));
  out(261, "T0", make_layout(Layout<Int<2>,Int<1>>{}, complement(Layout<Int<2>,Int<1>>{}, shape(coalesce(Layout<Shape<Int<2>>,Stride<Int<1>>>{})))));
  out(262, "R", complement(Layout<Int<4>,Int<1>>{})); // complement(4:1)
  out(263, "R", logical_divide(Layout<Shape<Int<2>>,Stride<Int<2>>>{}, Layout<Shape<Int<4>,Int<2>>,Stride<Int<1>,Int<4>>>{})); // logical_divide((2):(2), (4,2):(1,4))
  out(263, "LD", logical_divide(Layout<Shape<Int<2>>,Stride<Int<2>>>{}, Layout<Shape<Int<4>,Int<2>>,Stride<Int<1>,Int<4>>>{}));
  out(263, "T0", make_layout(Layout<Shape<Int<4>,Int<2>>,Stride<Int<1>,Int<4>>>{}, complement(Layout<Shape<Int<4>,Int<2>>,Stride<Int<1>,Int<4>>>{}, shape(coalesce(Layout<Shape<Int<2>>,Stride<Int<2>>>{})))));
  out(264, "R", make_layout(Layout<Shape<Int<4>,Int<1>>,Stride<Int<1>,Int<4>>>{}, Layout<Shape<Int<2>>,Stride<Int<0>>>{})); // make_layout((4,1):(1,4), (2):(0))
  out(265, "R", make_layout(Layout<Shape<Int<1>,Shape<Int<6>,Int<4>>>,Stride<Int<144>,Stride<Int<1>,Int<18>>>>{}, Layout<Shape<Int<4>,Int<6>>,Stride<Int<6>,Int<1>>>{})); // make_layout((1,(6,4)):(144,(1,18)), (4,6):(6,1))
  out(266, "R", right_inverse(Layout<Shape<Int<2>,Int<3>>,Stride<Int<3>,Int<1>>>{})); // right_inverse((2,3):(3,1))
  out(267, "R", coalesce(Layout<Shape<Int<3>>,Stride<Int<3>>>{}, Shape<Int<1>>{})); // coalesce((3):(3), (1))
  out(270, "R", tiled_divide(Layout<Shape<Shape<Int<2>,Int<2>,Int<2>>,Int<8>>,Stride<Stride<Int<2>,Int<16>,Int<3>>,Int<0>>>{}, make_tile(Layout<Int<4>,Int<1>>{}))); // tiled_divide(((2,2,2),8):((2,16,3),0), <4:1>)
  out(270, "LD", logical_divide(Layout<Shape<Shape<Int<2>,Int<2>,Int<2>>,Int<8>>,Stride<Stride<Int<2>,Int<16>,Int<3>>,Int<0>>>{}, make_tile(Layout<Int<4>,Int<1>>{})));
  out(270, "T0", make_layout(Layout<Int<4>,Int<1>>{}, complement(Layout<Int<4>,Int<1>>{}, shape(coalesce(layout<0>(Layout<Shape<Shape<Int<2>,Int<2>,Int<2>>,Int<8>>,Stride<Stride<Int<2>,Int<16>,Int<3>>,Int<0>>>{}))))));
  out(271, "R", make_layout(Layout<Shape<Int<1>,Int<3>,Int<4>>,Stride<Int<4>,Int<4>,Int<1>>>{}, Layout<Shape<Shape<Int<2>,Int<2>,Int<2>>>,Stride<Stride<Int<1>,Int<2>,Int<8>>>>{})); // make_layout((1,3,4):(4,4,1), ((2,2,2)):((1,2,8)))
  out(272, "R", make_layout(Layout<Shape<Shape<Int<6>,Int<8>>>,Stride<Stride<Int<16>,Int<2>>>>{}, Layout<Shape<Int<1>,Int<4>>,Stride<Int<4>,Int<1>>>{})); // make_layout(((6,8)):((16,2)), (1,4):(4,1))
  out(274, "R", composition(Layout<Int<1>,Int<1>>{}, Layout<Shape<Int<4>,Int<2>>,Stride<Int<2>,Int<1>>>{})); // composition(1:1, (4,2):(2,1))
  out(275, "R", right_inverse(Layout<Shape<Int<4>,Int<6>>,Stride<Int<3>,Int<1>>>{})); // right_inverse((4,6):(3,1))
  out(276, "R", logical_product(Layout<Shape<Int<1>,Int<2>>,Stride<Int<1>,Int<1>>>{}, make_tile(Layout<Shape<Int<2>,Int<2>>,Stride<Int<1>,Int<2>>>{}))); // logical_product((1,2):(1,1), <(2,2):(1,2)>)
  out(276, "P0", logical_product(layout<0>(Layout<Shape<Int<1>,Int<2>>,Stride<Int<1>,Int<1>>>{}), Layout<Shape<Int<2>,Int<2>>,Stride<Int<1>,Int<2>>>{}));
  out(276, "C0", complement(layout<0>(Layout<Shape<Int<1>,Int<2>>,Stride<Int<1>,Int<1>>>{}), size(layout<0>(Layout<Shape<Int<1>,Int<2>>,Stride<Int<1>,Int<1>>>{}))*cosize(Layout<Shape<Int<2>,Int<2>>,Stride<Int<1>,Int<2>>>{})));
  out(276, "B0", Layout<Shape<Int<2>,Int<2>>,Stride<Int<1>,Int<2>>>{});
  out(277, "R", zipped_product(Layout<Shape<Shape<Int<4>,Int<4>>,Int<2>>,Stride<Stride<Int<1>,Int<24>>,Int<4>>>{}, Layout<Shape<Int<4>,Int<2>>,Stride<Int<2>,Int<1>>>{})); // zipped_product(((4,4),2):((1,24),4), (4,2):(2,1))
  out(277, "P0", logical_product(Layout<Shape<Shape<Int<4>,Int<4>>,Int<2>>,Stride<Stride<Int<1>,Int<24>>,Int<4>>>{}, Layout<Shape<Int<4>,Int<2>>,Stride<Int<2>,Int<1>>>{}));
  out(277, "C0", complement(Layout<Shape<Shape<Int<4>,Int<4>>,Int<2>>,Stride<Stride<Int<1>,Int<24>>,Int<4>>>{}, size(Layout<Shape<Shape<Int<4>,Int<4>>,Int<2>>,Stride<Stride<Int<1>,Int<24>>,Int<4>>>{})*cosize(Layout<Shape<Int<4>,Int<2>>,Stride<Int<2>,Int<1>>>{})));
  out(277, "B0", Layout<Shape<Int<4>,Int<2>>,Stride<Int<2>,Int<1>>>{});
  out(278, "R", composition(Layout<Shape<Int<2>,Shape<Int<4>,Int<3>>>,Stride<Int<0>,Stride<Int<16>,Int<3>>>>{}, Layout<Int<2>,Int<1>>{})); // composition((2,(4,3)):(0,(16,3)), 2:1)
  out(279, "R", coalesce(Layout<Shape<Shape<Int<4>,Int<1>>,Int<8>,Int<8>>,Stride<Stride<Int<8>,Int<1>>,Int<8>,Int<8>>>{})); // coalesce(((4,1),8,8):((8,1),8,8))
  out(280, "R", complement(Layout<Shape<Shape<Int<1>,Int<8>>,Int<1>>,Stride<Stride<Int<1>,Int<1>>,Int<1>>>{}, Int<100>{})); // complement(((1,8),1):((1,1),1), 100)
  out(281, "R", flat_divide(Layout<Shape<Int<1>,Int<4>>,Stride<Int<2>,Int<8>>>{}, Layout<Int<3>,Int<1>>{})); // flat_divide((1,4):(2,8), 3:1)
  out(281, "LD", logical_divide(Layout<Shape<Int<1>,Int<4>>,Stride<Int<2>,Int<8>>>{}, Layout<Int<3>,Int<1>>{}));
  out(281, "T0", make_layout(Layout<Int<3>,Int<1>>{}, complement(Layout<Int<3>,Int<1>>{}, shape(coalesce(Layout<Shape<Int<1>,Int<4>>,Stride<Int<2>,Int<8>>>{})))));
  out(282, "R", composition(Layout<Shape<Int<4>,Int<4>>,Stride<Int<4>,Int<1>>>{}, Layout<Int<1>,Int<1>>{})); // composition((4,4):(4,1), 1:1)
  out(284, "R", flat_divide(Layout<Int<6>,Int<1>>{}, Layout<Int<2>,Int<2>>{})); // flat_divide(6:1, 2:2)
  out(284, "LD", logical_divide(Layout<Int<6>,Int<1>>{}, Layout<Int<2>,Int<2>>{}));
  out(284, "T0", make_layout(Layout<Int<2>,Int<2>>{}, complement(Layout<Int<2>,Int<2>>{}, shape(coalesce(Layout<Int<6>,Int<1>>{})))));
  out(285, "R", coalesce(Layout<Int<6>,Int<2>>{}, Shape<Int<1>>{})); // coalesce(6:2, (1))
  out(286, "R", right_inverse(Layout<Shape<Int<2>,Int<6>,Int<1>>,Stride<Int<2>,Int<4>,Int<3>>>{})); // right_inverse((2,6,1):(2,4,3))
  out(287, "R", tiled_divide(Layout<Int<8>,Int<1>>{}, Layout<Int<4>,Int<1>>{})); // tiled_divide(8:1, 4:1)
  out(287, "LD", logical_divide(Layout<Int<8>,Int<1>>{}, Layout<Int<4>,Int<1>>{}));
  out(287, "T0", make_layout(Layout<Int<4>,Int<1>>{}, complement(Layout<Int<4>,Int<1>>{}, shape(coalesce(Layout<Int<8>,Int<1>>{})))));
  out(288, "R", zipped_product(Layout<Shape<Int<3>,Int<4>>,Stride<Int<1>,Int<3>>>{}, Layout<Shape<Int<4>,Shape<Int<1>,Int<4>>>,Stride<Int<1>,Stride<Int<1>,Int<8>>>>{})); // zipped_product((3,4):(1,3), (4,(1,4)):(1,(1,8)))
  out(288, "P0", logical_product(Layout<Shape<Int<3>,Int<4>>,Stride<Int<1>,Int<3>>>{}, Layout<Shape<Int<4>,Shape<Int<1>,Int<4>>>,Stride<Int<1>,Stride<Int<1>,Int<8>>>>{}));
  out(288, "C0", complement(Layout<Shape<Int<3>,Int<4>>,Stride<Int<1>,Int<3>>>{}, size(Layout<Shape<Int<3>,Int<4>>,Stride<Int<1>,Int<3>>>{})*cosize(Layout<Shape<Int<4>,Shape<Int<1>,Int<4>>>,Stride<Int<1>,Stride<Int<1>,Int<8>>>>{})));
  out(288, "B0", Layout<Shape<Int<4>,Shape<Int<1>,Int<4>>>,Stride<Int<1>,Stride<Int<1>,Int<8>>>>{});
  out(289, "R", composition(Layout<Shape<Int<4>,Int<4>>,Stride<Int<4>,Int<16>>>{}, Layout<Int<2>,Int<3>>{})); // composition((4,4):(4,16), 2:3)
  out(290, "R", max_common_layout(Layout<Shape<Shape<Int<8>,Int<2>>,Int<3>>,Stride<Stride<Int<16>,Int<3>>,Int<8>>>{}, Layout<Shape<Shape<Int<8>,Int<2>>,Int<3>>,Stride<Stride<Int<1>,Int<24>>,Int<8>>>{})); // max_common_layout(((8,2),3):((16,3),8), ((8,2),3):((1,24),8))
  out(291, "R", max_common_vector(Layout<Shape<Int<4>,Int<8>>,Stride<Int<0>,Int<4>>>{}, Layout<Shape<Int<4>,Int<8>>,Stride<Int<1>,Int<4>>>{})); // max_common_vector((4,8):(0,4), (4,8):(1,4))
  out(292, "R", zipped_divide(Layout<Shape<Int<2>,Int<2>>,Stride<Int<1>,Int<2>>>{}, Layout<Shape<Int<4>,Int<2>>,Stride<Int<2>,Int<16>>>{})); // zipped_divide((2,2):(1,2), (4,2):(2,16))
  out(292, "LD", logical_divide(Layout<Shape<Int<2>,Int<2>>,Stride<Int<1>,Int<2>>>{}, Layout<Shape<Int<4>,Int<2>>,Stride<Int<2>,Int<16>>>{}));
  out(292, "T0", make_layout(Layout<Shape<Int<4>,Int<2>>,Stride<Int<2>,Int<16>>>{}, complement(Layout<Shape<Int<4>,Int<2>>,Stride<Int<2>,Int<16>>>{}, shape(coalesce(Layout<Shape<Int<2>,Int<2>>,Stride<Int<1>,Int<2>>>{})))));
  out(293, "R", zipped_divide(Layout<Shape<Int<4>,Int<6>>,Stride<Int<4>,Int<16>>>{}, Layout<Shape<Int<2>,Int<4>>,Stride<Int<1>,Int<4>>>{})); // zipped_divide((4,6):(4,16), (2,4):(1,4))
  out(293, "LD", logical_divide(Layout<Shape<Int<4>,Int<6>>,Stride<Int<4>,Int<16>>>{}, Layout<Shape<Int<2>,Int<4>>,Stride<Int<1>,Int<4>>>{}));
  out(293, "T0", make_layout(Layout<Shape<Int<2>,Int<4>>,Stride<Int<1>,Int<4>>>{}, complement(Layout<Shape<Int<2>,Int<4>>,Stride<Int<1>,Int<4>>>{}, shape(coalesce(Layout<Shape<Int<4>,Int<6>>,Stride<Int<4>,Int<16>>>{})))));
  out(294, "R", max_common_layout(Layout<Int<8>,Int<2>>{}, Layout<Int<8>,Int<1>>{})); // max_common_layout(8:2, 8:1)
  out(295, "R", tile_to_shape(Layout<Shape<Int<8>,Int<1>>,Stride<Int<1>,Int<8>>>{}, Shape<Int<8>,Int<2>>{})); // tile_to_shape((8,1):(1,8), (8,2))
  out(296, "R", complement(Layout<Shape<Int<1>,Shape<Int<8>,Int<4>,Int<1>>>,Stride<Int<8>,Stride<Int<8>,Int<1>,Int<8>>>>{}, Int<24>{})); // complement((1,(8,4,1)):(8,(8,1,8)), 24)
  out(297, "R", zipped_divide(Layout<Shape<Int<8>,Int<1>>,Stride<Int<1>,Int<1>>>{}, Layout<Shape<Int<2>,Int<3>>,Stride<Int<1>,Int<2>>>{})); // zipped_divide((8,1):(1,1), (2,3):(1,2))
  out(297, "LD", logical_divide(Layout<Shape<Int<8>,Int<1>>,Stride<Int<1>,Int<1>>>{}, Layout<Shape<Int<2>,Int<3>>,Stride<Int<1>,Int<2>>>{}));
  out(297, "T0", make_layout(Layout<Shape<Int<2>,Int<3>>,Stride<Int<1>,Int<2>>>{}, complement(Layout<Shape<Int<2>,Int<3>>,Stride<Int<1>,Int<2>>>{}, shape(coalesce(Layout<Shape<Int<8>,Int<1>>,Stride<Int<1>,Int<1>>>{})))));
  out(299, "R", flat_divide(Layout<Int<8>,Int<1>>{}, Layout<Int<8>,Int<1>>{})); // flat_divide(8:1, 8:1)
  out(299, "LD", logical_divide(Layout<Int<8>,Int<1>>{}, Layout<Int<8>,Int<1>>{}));
  out(299, "T0", make_layout(Layout<Int<8>,Int<1>>{}, complement(Layout<Int<8>,Int<1>>{}, shape(coalesce(Layout<Int<8>,Int<1>>{})))));
  out(300, "R", logical_divide(Layout<Int<2>,Int<4>>{}, Layout<Int<4>,Int<2>>{})); // logical_divide(2:4, 4:2)
  out(300, "LD", logical_divide(Layout<Int<2>,Int<4>>{}, Layout<Int<4>,Int<2>>{}));
  out(300, "T0", make_layout(Layout<Int<4>,Int<2>>{}, complement(Layout<Int<4>,Int<2>>{}, shape(coalesce(Layout<Int<2>,Int<4>>{})))));
  out(301, "R", tiled_product(Layout<Shape<Int<6>,Shape<Int<1>,Int<6>>>,Stride<Int<16>,Stride<Int<2>,Int<0>>>>{}, make_tile(Layout<Shape<Int<2>,Int<2>>,Stride<Int<2>,Int<1>>>{}, Layout<Shape<Int<4>,Int<2>>,Stride<Int<2>,Int<1>>>{}))); // tiled_product((6,(1,6)):(16,(2,0)), <(2,2):(2,1), (4,2):(2,1)>)
  out(301, "P0", logical_product(layout<0>(Layout<Shape<Int<6>,Shape<Int<1>,Int<6>>>,Stride<Int<16>,Stride<Int<2>,Int<0>>>>{}), Layout<Shape<Int<2>,Int<2>>,Stride<Int<2>,Int<1>>>{}));
  out(301, "C0", complement(layout<0>(Layout<Shape<Int<6>,Shape<Int<1>,Int<6>>>,Stride<Int<16>,Stride<Int<2>,Int<0>>>>{}), size(layout<0>(Layout<Shape<Int<6>,Shape<Int<1>,Int<6>>>,Stride<Int<16>,Stride<Int<2>,Int<0>>>>{}))*cosize(Layout<Shape<Int<2>,Int<2>>,Stride<Int<2>,Int<1>>>{})));
  out(301, "B0", Layout<Shape<Int<2>,Int<2>>,Stride<Int<2>,Int<1>>>{});
  out(301, "P1", logical_product(layout<1>(Layout<Shape<Int<6>,Shape<Int<1>,Int<6>>>,Stride<Int<16>,Stride<Int<2>,Int<0>>>>{}), Layout<Shape<Int<4>,Int<2>>,Stride<Int<2>,Int<1>>>{}));
  out(301, "C1", complement(layout<1>(Layout<Shape<Int<6>,Shape<Int<1>,Int<6>>>,Stride<Int<16>,Stride<Int<2>,Int<0>>>>{}), size(layout<1>(Layout<Shape<Int<6>,Shape<Int<1>,Int<6>>>,Stride<Int<16>,Stride<Int<2>,Int<0>>>>{}))*cosize(Layout<Shape<Int<4>,Int<2>>,Stride<Int<2>,Int<1>>>{})));
  out(301, "B1", Layout<Shape<Int<4>,Int<2>>,Stride<Int<2>,Int<1>>>{});
  out(302, "R", raked_product(Layout<Int<4>,Int<1>>{}, Layout<Int<2>,Int<16>>{})); // raked_product(4:1, 2:16)
  out(302, "P0", logical_product(append<1>(Layout<Int<4>,Int<1>>{}), append<1>(Layout<Int<2>,Int<16>>{})));
  out(302, "C0", complement(append<1>(Layout<Int<4>,Int<1>>{}), size(append<1>(Layout<Int<4>,Int<1>>{}))*cosize(append<1>(Layout<Int<2>,Int<16>>{}))));
  out(302, "B0", append<1>(Layout<Int<2>,Int<16>>{}));
  out(303, "R", complement(Layout<Int<4>,Int<1>>{})); // complement(4:1)
  out(304, "R", coalesce(Layout<Shape<Int<4>>,Stride<Int<1>>>{})); // coalesce((4):(1))
  out(305, "R", left_inverse(Layout<Shape<Int<4>,Int<2>,Int<1>>,Stride<Int<1>,Int<4>,Int<8>>>{})); // left_inverse((4,2,1):(1,4,8))
  out(306, "R", upcast<2>(Layout<Shape<Int<2>>,Stride<Int<1>>>{})); // upcast<2>((2):(1))
  out(307, "R", complement(Layout<Shape<Int<4>,Int<4>,Int<4>>,Stride<Int<1>,Int<4>,Int<16>>>{})); // complement((4,4,4):(1,4,16))
  out(309, "R", flat_product(Layout<Shape<Int<2>>,Stride<Int<1>>>{}, Layout<Shape<Int<2>,Shape<Int<3>,Int<4>>>,Stride<Int<3>,Stride<Int<1>,Int<6>>>>{})); // flat_product((2):(1), (2,(3,4)):(3,(1,6)))
  out(309, "P0", logical_product(Layout<Shape<Int<2>>,Stride<Int<1>>>{}, Layout<Shape<Int<2>,Shape<Int<3>,Int<4>>>,Stride<Int<3>,Stride<Int<1>,Int<6>>>>{}));
  out(309, "C0", complement(Layout<Shape<Int<2>>,Stride<Int<1>>>{}, size(Layout<Shape<Int<2>>,Stride<Int<1>>>{})*cosize(Layout<Shape<Int<2>,Shape<Int<3>,Int<4>>>,Stride<Int<3>,Stride<Int<1>,Int<6>>>>{})));
  out(309, "B0", Layout<Shape<Int<2>,Shape<Int<3>,Int<4>>>,Stride<Int<3>,Stride<Int<1>,Int<6>>>>{});
  out(310, "R", zipped_product(Layout<Shape<Int<4>,Int<8>>,Stride<Int<8>,Int<1>>>{}, Layout<Shape<Int<4>>,Stride<Int<1>>>{})); // zipped_product((4,8):(8,1), (4):(1))
  out(310, "P0", logical_product(Layout<Shape<Int<4>,Int<8>>,Stride<Int<8>,Int<1>>>{}, Layout<Shape<Int<4>>,Stride<Int<1>>>{}));
  out(310, "C0", complement(Layout<Shape<Int<4>,Int<8>>,Stride<Int<8>,Int<1>>>{}, size(Layout<Shape<Int<4>,Int<8>>,Stride<Int<8>,Int<1>>>{})*cosize(Layout<Shape<Int<4>>,Stride<Int<1>>>{})));
  out(310, "B0", Layout<Shape<Int<4>>,Stride<Int<1>>>{});
  out(311, "R", flat_divide(Layout<Int<6>,Int<1>>{}, Layout<Shape<Int<2>,Int<3>>,Stride<Int<2>,Int<4>>>{})); // flat_divide(6:1, (2,3):(2,4))
  out(311, "LD", logical_divide(Layout<Int<6>,Int<1>>{}, Layout<Shape<Int<2>,Int<3>>,Stride<Int<2>,Int<4>>>{}));
  out(311, "T0", make_layout(Layout<Shape<Int<2>,Int<3>>,Stride<Int<2>,Int<4>>>{}, complement(Layout<Shape<Int<2>,Int<3>>,Stride<Int<2>,Int<4>>>{}, shape(coalesce(Layout<Int<6>,Int<1>>{})))));
  out(315, "R", complement(Layout<Shape<Int<8>,Int<6>>,Stride<Int<6>,Int<1>>>{}, Int<24>{})); // complement((8,6):(6,1), 24)
  out(316, "R", max_common_vector(Layout<Shape<Int<4>,Shape<Int<4>,Int<4>>>,Stride<Int<0>,Stride<Int<1>,Int<16>>>>{}, Layout<Shape<Int<4>,Shape<Int<4>,Int<4>>>,Stride<Int<16>,Stride<Int<4>,Int<1>>>>{})); // max_common_vector((4,(4,4)):(0,(1,16)), (4,(4,4)):(16,(4,1)))
  out(317, "R", coalesce(Layout<Int<3>,Int<1>>{})); // coalesce(3:1)
  out(318, "R", left_inverse(Layout<Shape<Int<4>,Int<2>,Int<2>>,Stride<Int<4>,Int<2>,Int<1>>>{})); // left_inverse((4,2,2):(4,2,1))
  out(319, "R", complement(Layout<Int<6>,Int<1>>{}, Shape<Int<16>,Int<4>>{})); // complement(6:1, (16,4))
  out(321, "R", flat_divide(Layout<Shape<Int<4>,Int<3>,Int<4>>,Stride<Int<0>,Int<2>,Int<4>>>{}, make_tile(Layout<Int<2>,Int<4>>{}, Layout<Int<8>,Int<1>>{}, Layout<Shape<Int<2>,Int<2>>,Stride<Int<2>,Int<4>>>{}))); // flat_divide((4,3,4):(0,2,4), <2:4, 8:1, (2,2):(2,4)>)
  out(321, "LD", logical_divide(Layout<Shape<Int<4>,Int<3>,Int<4>>,Stride<Int<0>,Int<2>,Int<4>>>{}, make_tile(Layout<Int<2>,Int<4>>{}, Layout<Int<8>,Int<1>>{}, Layout<Shape<Int<2>,Int<2>>,Stride<Int<2>,Int<4>>>{})));
  out(321, "T0", make_layout(Layout<Int<2>,Int<4>>{}, complement(Layout<Int<2>,Int<4>>{}, shape(coalesce(layout<0>(Layout<Shape<Int<4>,Int<3>,Int<4>>,Stride<Int<0>,Int<2>,Int<4>>>{}))))));
  out(321, "T1", make_layout(Layout<Int<8>,Int<1>>{}, complement(Layout<Int<8>,Int<1>>{}, shape(coalesce(layout<1>(Layout<Shape<Int<4>,Int<3>,Int<4>>,Stride<Int<0>,Int<2>,Int<4>>>{}))))));
  out(321, "T2", make_layout(Layout<Shape<Int<2>,Int<2>>,Stride<Int<2>,Int<4>>>{}, complement(Layout<Shape<Int<2>,Int<2>>,Stride<Int<2>,Int<4>>>{}, shape(coalesce(layout<2>(Layout<Shape<Int<4>,Int<3>,Int<4>>,Stride<Int<0>,Int<2>,Int<4>>>{}))))));
  out(322, "R", tiled_product(Layout<Int<6>,Int<1>>{}, Layout<Shape<Int<2>,Int<4>>,Stride<Int<4>,Int<1>>>{})); // tiled_product(6:1, (2,4):(4,1))
  out(322, "P0", logical_product(Layout<Int<6>,Int<1>>{}, Layout<Shape<Int<2>,Int<4>>,Stride<Int<4>,Int<1>>>{}));
  out(322, "C0", complement(Layout<Int<6>,Int<1>>{}, size(Layout<Int<6>,Int<1>>{})*cosize(Layout<Shape<Int<2>,Int<4>>,Stride<Int<4>,Int<1>>>{})));
  out(322, "B0", Layout<Shape<Int<2>,Int<4>>,Stride<Int<4>,Int<1>>>{});
  out(323, "R", zipped_divide(Layout<Shape<Shape<Int<2>,Int<4>,Int<6>>>,Stride<Stride<Int<16>,Int<1>,Int<0>>>>{}, Layout<Int<4>,Int<4>>{})); // zipped_divide(((2,4,6)):((16,1,0)), 4:4)
  out(323, "LD", logical_divide(Layout<Shape<Shape<Int<2>,Int<4>,Int<6>>>,Stride<Stride<Int<16>,Int<1>,Int<0>>>>{}, Layout<Int<4>,Int<4>>{}));
  out(323, "T0", make_layout(Layout<Int<4>,Int<4>>{}, complement(Layout<Int<4>,Int<4>>{}, shape(coalesce(Layout<Shape<Shape<Int<2>,Int<4>,Int<6>>>,Stride<Stride<Int<16>,Int<1>,Int<0>>>>{})))));
  out(324, "R", max_common_layout(Layout<Shape<Shape<Int<8>,Int<1>>>,Stride<Stride<Int<1>,Int<1>>>>{}, Layout<Shape<Shape<Int<8>,Int<1>>>,Stride<Stride<Int<1>,Int<1>>>>{})); // max_common_layout(((8,1)):((1,1)), ((8,1)):((1,1)))
  out(325, "R", max_common_layout(Layout<Shape<Int<4>,Int<6>>,Stride<Int<3>,Int<0>>>{}, Layout<Shape<Int<4>,Int<6>>,Stride<Int<6>,Int<1>>>{})); // max_common_layout((4,6):(3,0), (4,6):(6,1))
  out(326, "R", upcast<8>(Layout<Shape<Int<4>>,Stride<Int<1>>>{})); // upcast<8>((4):(1))
  out(327, "R", zipped_divide(Layout<Shape<Int<2>,Int<4>,Int<8>>,Stride<Int<1>,Int<2>,Int<8>>>{}, make_tile(Layout<Shape<Int<2>,Int<2>>,Stride<Int<2>,Int<4>>>{}, Int<2>{}, Layout<Int<4>,Int<2>>{}))); // zipped_divide((2,4,8):(1,2,8), <(2,2):(2,4), 2, 4:2>)
  out(327, "LD", logical_divide(Layout<Shape<Int<2>,Int<4>,Int<8>>,Stride<Int<1>,Int<2>,Int<8>>>{}, make_tile(Layout<Shape<Int<2>,Int<2>>,Stride<Int<2>,Int<4>>>{}, Int<2>{}, Layout<Int<4>,Int<2>>{})));
  out(327, "T0", make_layout(Layout<Shape<Int<2>,Int<2>>,Stride<Int<2>,Int<4>>>{}, complement(Layout<Shape<Int<2>,Int<2>>,Stride<Int<2>,Int<4>>>{}, shape(coalesce(layout<0>(Layout<Shape<Int<2>,Int<4>,Int<8>>,Stride<Int<1>,Int<2>,Int<8>>>{}))))));
  out(327, "T1", make_layout(make_layout(Int<2>{}), complement(make_layout(Int<2>{}), shape(coalesce(layout<1>(Layout<Shape<Int<2>,Int<4>,Int<8>>,Stride<Int<1>,Int<2>,Int<8>>>{}))))));
  out(327, "T2", make_layout(Layout<Int<4>,Int<2>>{}, complement(Layout<Int<4>,Int<2>>{}, shape(coalesce(layout<2>(Layout<Shape<Int<2>,Int<4>,Int<8>>,Stride<Int<1>,Int<2>,Int<8>>>{}))))));
  out(328, "R", filter(Layout<Shape<Int<2>,Int<3>>,Stride<Int<1>,Int<2>>>{})); // filter((2,3):(1,2))
  out(329, "R", zipped_divide(Layout<Shape<Int<3>,Int<1>>,Stride<Int<1>,Int<2>>>{}, make_tile(Int<3>{}, Int<2>{}))); // zipped_divide((3,1):(1,2), <3, 2>)
  out(329, "LD", logical_divide(Layout<Shape<Int<3>,Int<1>>,Stride<Int<1>,Int<2>>>{}, make_tile(Int<3>{}, Int<2>{})));
  out(329, "T0", make_layout(make_layout(Int<3>{}), complement(make_layout(Int<3>{}), shape(coalesce(layout<0>(Layout<Shape<Int<3>,Int<1>>,Stride<Int<1>,Int<2>>>{}))))));
  out(329, "T1", make_layout(make_layout(Int<2>{}), complement(make_layout(Int<2>{}), shape(coalesce(layout<1>(Layout<Shape<Int<3>,Int<1>>,Stride<Int<1>,Int<2>>>{}))))));
  return 0;
}
