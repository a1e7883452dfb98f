/*
 * cute_types.c - a table: the element types CUTLASS defines, with their
 * widths (sizeof_bits), for the atoms' type arguments (cute_atoms.c).
 */
#include <string.h>

#include "notation/cute_atoms.h"

static const struct {
	const char *name;
	int bits;
} types[] = {
	{ "half_t", 16 },
	{ "bfloat16_t", 16 },
	{ "tfloat32_t", 32 },
	{ "float", 32 },
	{ "double", 64 },
	{ "int8_t", 8 },
	{ "uint8_t", 8 },
	{ "int16_t", 16 },
	{ "uint16_t", 16 },
	{ "int32_t", 32 },
	{ "uint32_t", 32 },
	{ "int64_t", 64 },
	{ "uint64_t", 64 },
	{ "int128_t", 128 },
	{ "uint128_t", 128 },
	{ "char", 8 },
	{ "short", 16 },
	{ "int", 32 },
	{ "float_e4m3_t", 8 },
	{ "float_e5m2_t", 8 },
	{ "float_ue8m0_t", 8 },
	{ "float_ue4m3_t", 8 },
	{ "float_e2m1_t", 4 },
	{ "float_e2m3_t", 6 },
	{ "float_e3m2_t", 6 },
	{ "float_e2m1_unpacksmem_t", 8 },
	{ "float_e2m3_unpacksmem_t", 8 },
	{ "float_e3m2_unpacksmem_t", 8 },
	{ "type_erased_dynamic_float8_t", 8 },
	{ "type_erased_dynamic_float6_t", 6 },
	{ "type_erased_dynamic_float4_t", 4 },
	{ "int4b_t", 4 },
	{ "uint4b_t", 4 },
	{ "int2b_t", 2 },
	{ "uint2b_t", 2 },
	{ "uint1b_t", 1 },
	{ "bin1_t", 1 },
	{ "__half", 16 },
	{ "__nv_bfloat16", 16 },
};

int lay_cute_type_bits(const char *name)
{
	for (size_t i = 0; i < sizeof types / sizeof types[0]; i++)
		if (strcmp(types[i].name, name) == 0)
			return types[i].bits;
	return 0;
}
