/*
 * cute_types.c - the one table of the element types CuTe text may name,
 * with their widths (cute::sizeof_bits_v), and the one reader of a type
 * argument: both the atom reader (cute_atoms.c: Layout_K_SW128_Atom<T>,
 * smem_ptr<T>) and the expression reader (cute_expr.c: recast_layout<T, U>)
 * read types through lay_cute_type_read, so they accept the same spellings.
 *
 * Every row is checked against NVIDIA/cutlass at commit 7107b05 (the
 * headers named per row; numbers are lines there) by
 * tests/golden/tools/cute_types_dump.cpp, which prints
 * recast_layout<T, uint1b_t>(8:1) = (8 * bits):1 for every spelling; the
 * golden cases algebra-type-<spelling> hold its output.  A type is named
 * by its last segment: any qualifier (cutlass::, cute::, cutlass::detail::,
 * std::) is read and dropped.
 */
#include <string.h>

#include "notation/cute_atoms.h"
#include "notation/scan.h"

/* Spellings of one type (CUTLASS's name first, then CuTe's and CUDA's
 * aliases of the same type) and its width in bits. */
struct cute_type {
	int bits;
	const char *spell[3];
};

static const struct cute_type types[] = {
	/* cutlass/half.h:167, bfloat16.h:57, tfloat32.h:53; CUDA cuda_fp16.h
	 * (__half), cuda_bf16.h:5095 (nv_bfloat16 = __nv_bfloat16) */
	{ 16, { "half_t", "__half" } },
	{ 16, { "bfloat16_t", "__nv_bfloat16", "nv_bfloat16" } },
	{ 32, { "tfloat32_t" } },
	/* C++ and <cstdint> (cute/numeric/int.hpp:53-56, 83-86): sizeof * 8,
	 * except bool, which is cutlass::bin1_t (integer_subbyte.h:204) of
	 * sizeof_bits 1 (integer_subbyte.h:236) */
	{ 32, { "float" } },
	{ 64, { "double" } },
	{ 8, { "char" } },
	{ 16, { "short" } },
	{ 32, { "int" } },
	{ 8, { "int8_t" } },
	{ 8, { "uint8_t" } },
	{ 16, { "int16_t" } },
	{ 16, { "uint16_t" } },
	{ 32, { "int32_t" } },
	{ 32, { "uint32_t" } },
	{ 64, { "int64_t" } },
	{ 64, { "uint64_t" } },
	{ 128, { "uint128_t" } }, /* uint128.h:124 */
	{ 256, { "uint256_t" } }, /* uint256.h:52 */
	/* float8.h:413, 628, 1083 (sizeof_bits 1144), 1163 (1263), 1298 */
	{ 8, { "float_e4m3_t" } },
	{ 8, { "float_e5m2_t" } },
	{ 8, { "float_ue4m3_t" } },
	{ 8, { "float_ue8m0_t" } },
	{ 8, { "type_erased_dynamic_float8_t" } },
	/* float_subbyte.h: sizeof_bits at 138, 245, 352, 448, 472 */
	{ 4, { "float_e2m1_t" } },
	{ 6, { "float_e2m3_t" } },
	{ 6, { "float_e3m2_t" } },
	{ 6, { "type_erased_dynamic_float6_t" } },
	{ 4, { "type_erased_dynamic_float4_t" } },
	/* float_subbyte.h (cutlass::detail), sizeof_bits at 143, 251, 358, 549,
	 * 555: an unpacksmem type keeps its element's width (it is only stored
	 * unpacked in shared memory); the unpack8bits types (370, 376) are 8 */
	{ 4, { "float_e2m1_unpacksmem_t" } },
	{ 6, { "float_e2m3_unpacksmem_t" } },
	{ 6, { "float_e3m2_unpacksmem_t" } },
	{ 8, { "float_e3m2_unpack8bits_t" } },
	{ 8, { "float_e2m3_unpack8bits_t" } },
	{ 6, { "type_erased_dynamic_float6_unpacksmem_t" } },
	{ 4, { "type_erased_dynamic_float4_unpacksmem_t" } },
	/* integer_subbyte.h:204-225 (sizeof_bits 230, 236); CuTe's aliases
	 * cute/numeric/int.hpp:50-52, 79-82 */
	{ 1, { "bin1_t", "bool" } },
	{ 1, { "uint1b_t", "uint1_t" } },
	{ 2, { "int2b_t", "int2_t" } },
	{ 2, { "uint2b_t", "uint2_t" } },
	{ 4, { "int4b_t", "int4_t" } },
	{ 4, { "uint4b_t", "uint4_t" } },
	{ 6, { "int6b_t", "int6_t" } },
	{ 6, { "uint6b_t", "uint6_t" } },
};

int lay_cute_type_bits(const char *name)
{
	for (size_t i = 0; i < sizeof types / sizeof types[0]; i++)
		for (int k = 0; k < 3 && types[i].spell[k]; k++)
			if (strcmp(types[i].spell[k], name) == 0)
				return types[i].bits;
	return 0;
}

/* uint_bit_t<N> / int_bit_t<N> after the name: cute/numeric/int.hpp
 * defines them for these N only (int_bit 59-64, uint_bit 91-100). */
static int bit_type(struct lay_scan *sc, bool is_unsigned, int *bits)
{
	static const int u[] = { 1, 2, 4, 6, 8, 16, 32, 64, 128, 256 };
	static const int s[] = { 2, 4, 8, 16, 32, 64 };
	const int *ok = is_unsigned ? u : s;
	size_t n = is_unsigned ? sizeof u / sizeof u[0] : sizeof s / sizeof s[0];
	int64_t v;
	int rc, at;
	if ((rc = lay_scan_expect(sc, '<', "'<'")) || (rc = lay_scan_skip(sc)))
		return rc;
	at = sc->pos;
	if ((rc = lay_scan_int(sc, at, false, 1, 256, "a bit width", LAY_ERANGE, &v)) ||
	    (rc = lay_scan_expect(sc, '>', "'>'")))
		return rc;
	for (size_t k = 0; k < n; k++)
		if (ok[k] == v) {
			*bits = (int)v;
			return 0;
		}
	return lay_scan_error(sc, LAY_ERANGE, at, "CuTe has no %d-bit %s_bit_t", (int)v,
			      is_unsigned ? "uint" : "int");
}

int lay_cute_type_read(struct lay_scan *sc, int *bits, int *at)
{
	char last[64], full[160];
	int rc = lay_scan_skip(sc), seg;
	bool got;
	if (rc)
		return rc;
	*at = sc->pos;
	if (sc->s[sc->pos] == ':' && sc->s[sc->pos + 1] == ':')
		sc->pos += 2;
	if ((rc = lay_scan_qname(sc, last, sizeof last, full, sizeof full, &seg, NULL)))
		return rc;
	if (strcmp(last, "complex") == 0) {
		/* complex<T>: two T (cutlass/complex.h) */
		int inner, iat;
		if ((rc = lay_scan_expect(sc, '<', "'<' after complex")) ||
		    (rc = lay_cute_type_read(sc, &inner, &iat)) ||
		    (rc = lay_scan_expect(sc, '>', "'>' closing complex<...>")))
			return rc;
		*bits = 2 * inner;
		return 0;
	}
	if (strcmp(last, "uint_bit_t") == 0 || strcmp(last, "int_bit_t") == 0)
		return bit_type(sc, last[0] == 'u', bits);
	if ((rc = lay_scan_accept(sc, '<', &got)))
		return rc;
	if (got)
		return lay_scan_error(sc, LAY_EUNKNOWN, *at, "unknown element type '%s<...>'",
				      full);
	*bits = lay_cute_type_bits(last);
	if (!*bits)
		return lay_scan_error(sc, LAY_EUNKNOWN, *at,
				      "unknown element type '%s' (CUTLASS types such as half_t, "
				      "bfloat16_t, float, tfloat32_t, double, int8_t, uint8_t, "
				      "float_e4m3_t, float_e5m2_t, int4b_t, or uint_bit_t<N>)",
				      full);
	return 0;
}
