// cute_types_dump.cpp - the width CuTe gives every element-type spelling that
// layoutd's CuTe readers accept (src/layout/notation/cute_types.c), measured
// through recast_layout<T, uint1b_t>(8:1), which CuTe computes from
// sizeof_bits_v<T> as (8 * bits):1.  Each line printed is: case name, the
// expression in layoutd's cute notation, and the result as cute::print prints
// it.  gen_cute_types.py turns them into golden cases.
//   g++ -std=c++17 -I<cutlass>/include -I<cuda>/include -I<cuda>/include/cccl cute_types_dump.cpp
#include <cstdio>
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cute/tensor.hpp>
using namespace cute;

// SPELL is the text of the request, T the C++ type it names.
#define TYPE(name, SPELL, ...)                                                             \
	do {                                                                               \
		printf("algebra-type-%s\trecast_layout<%s, uint1b_t>(8:1)\t", name, SPELL); \
		print(recast_layout<__VA_ARGS__, uint1b_t>(Layout<_8, _1>{}));              \
		printf("\n");                                                              \
	} while (0)

int main()
{
	TYPE("half-t", "half_t", half_t);
	TYPE("cutlass-half-t", "cutlass::half_t", cutlass::half_t);
	TYPE("cuda-half", "__half", __half);
	TYPE("bfloat16-t", "bfloat16_t", bfloat16_t);
	TYPE("cuda-nv-bfloat16", "__nv_bfloat16", __nv_bfloat16);
	TYPE("nv-bfloat16", "nv_bfloat16", nv_bfloat16);
	TYPE("tfloat32-t", "tfloat32_t", tfloat32_t);
	TYPE("float", "float", float);
	TYPE("double", "double", double);
	TYPE("char", "char", char);
	TYPE("short", "short", short);
	TYPE("int", "int", int);
	TYPE("int8-t", "int8_t", int8_t);
	TYPE("uint8-t", "uint8_t", uint8_t);
	TYPE("int16-t", "int16_t", int16_t);
	TYPE("uint16-t", "uint16_t", uint16_t);
	TYPE("int32-t", "int32_t", int32_t);
	TYPE("uint32-t", "uint32_t", uint32_t);
	TYPE("int64-t", "int64_t", int64_t);
	TYPE("uint64-t", "uint64_t", uint64_t);
	TYPE("uint128-t", "uint128_t", cutlass::uint128_t);
	TYPE("uint256-t", "uint256_t", cutlass::uint256_t);
	TYPE("float-e4m3-t", "float_e4m3_t", float_e4m3_t);
	TYPE("float-e5m2-t", "float_e5m2_t", float_e5m2_t);
	TYPE("float-ue4m3-t", "float_ue4m3_t", float_ue4m3_t);
	TYPE("float-ue8m0-t", "float_ue8m0_t", float_ue8m0_t);
	TYPE("type-erased-dynamic-float8-t", "type_erased_dynamic_float8_t", type_erased_dynamic_float8_t);
	TYPE("float-e2m1-t", "float_e2m1_t", float_e2m1_t);
	TYPE("float-e2m3-t", "float_e2m3_t", float_e2m3_t);
	TYPE("float-e3m2-t", "float_e3m2_t", float_e3m2_t);
	TYPE("type-erased-dynamic-float6-t", "type_erased_dynamic_float6_t", type_erased_dynamic_float6_t);
	TYPE("type-erased-dynamic-float4-t", "type_erased_dynamic_float4_t", type_erased_dynamic_float4_t);
	TYPE("float-e2m1-unpacksmem-t", "cutlass::detail::float_e2m1_unpacksmem_t",
	     cutlass::detail::float_e2m1_unpacksmem_t);
	TYPE("float-e2m3-unpacksmem-t", "cutlass::detail::float_e2m3_unpacksmem_t",
	     cutlass::detail::float_e2m3_unpacksmem_t);
	TYPE("float-e3m2-unpacksmem-t", "cutlass::detail::float_e3m2_unpacksmem_t",
	     cutlass::detail::float_e3m2_unpacksmem_t);
	TYPE("float-e3m2-unpack8bits-t", "cutlass::detail::float_e3m2_unpack8bits_t",
	     cutlass::detail::float_e3m2_unpack8bits_t);
	TYPE("float-e2m3-unpack8bits-t", "cutlass::detail::float_e2m3_unpack8bits_t",
	     cutlass::detail::float_e2m3_unpack8bits_t);
	TYPE("type-erased-dynamic-float6-unpacksmem-t", "cutlass::detail::type_erased_dynamic_float6_unpacksmem_t",
	     cutlass::detail::type_erased_dynamic_float6_unpacksmem_t);
	TYPE("type-erased-dynamic-float4-unpacksmem-t", "cutlass::detail::type_erased_dynamic_float4_unpacksmem_t",
	     cutlass::detail::type_erased_dynamic_float4_unpacksmem_t);
	TYPE("bin1-t", "bin1_t", bin1_t);
	TYPE("bool", "bool", bool);
	TYPE("uint1b-t", "uint1b_t", uint1b_t);
	TYPE("uint1-t", "uint1_t", cute::uint1_t);
	TYPE("int2b-t", "int2b_t", int2b_t);
	TYPE("int2-t", "int2_t", cute::int2_t);
	TYPE("uint2b-t", "uint2b_t", uint2b_t);
	TYPE("uint2-t", "uint2_t", cute::uint2_t);
	TYPE("int4b-t", "int4b_t", int4b_t);
	TYPE("cute-int4b-t", "cute::int4b_t", cute::int4b_t);
	TYPE("int4-t", "int4_t", cute::int4_t);
	TYPE("uint4b-t", "uint4b_t", uint4b_t);
	TYPE("uint4-t", "uint4_t", cute::uint4_t);
	TYPE("int6b-t", "int6b_t", int6b_t);
	TYPE("int6-t", "int6_t", cute::int6_t);
	TYPE("uint6b-t", "uint6b_t", uint6b_t);
	TYPE("uint6-t", "uint6_t", cute::uint6_t);
	TYPE("uint-bit-t-1", "uint_bit_t<1>", uint_bit_t<1>);
	TYPE("uint-bit-t-6", "uint_bit_t<6>", uint_bit_t<6>);
	TYPE("uint-bit-t-128", "uint_bit_t<128>", uint_bit_t<128>);
	TYPE("uint-bit-t-256", "uint_bit_t<256>", uint_bit_t<256>);
	TYPE("int-bit-t-2", "int_bit_t<2>", int_bit_t<2>);
	TYPE("int-bit-t-64", "int_bit_t<64>", int_bit_t<64>);
	return 0;
}
