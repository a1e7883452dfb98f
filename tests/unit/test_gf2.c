/*
 * test_gf2.c - the GF(2) routines (src/layout/gf2.c) against brute force:
 * the span of a few random rows listed element by element gives the rank
 * (log2 of its size) and the lowest bits of its vectors; the echelon form
 * is checked by what it promises (pivots set in their own row only, every
 * kernel tag combining rows to 0, tags that reproduce their rows).
 */
#include <stdint.h>

#include "gf2.h"
#include "unit.h"

static uint64_t rng = 0x243f6a8885a308d3ULL;

static uint64_t next(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return rng;
}

/* rows within `bits` bits, some of them repeated or combined so that the
 * rank falls short of n */
static void random_rows(uint64_t *rows, int n, int bits)
{
	uint64_t mask = bits >= 64 ? ~UINT64_C(0) : (UINT64_C(1) << bits) - 1;
	for (int i = 0; i < n; i++) {
		switch (next() % 4) {
		case 0:
			rows[i] = i ? rows[next() % (uint64_t)i] ^ rows[0] : 0;
			break;
		case 1:
			rows[i] = UINT64_C(1) << (next() % (uint64_t)bits);
			break;
		default:
			rows[i] = next() & mask;
		}
	}
}

/* The span of rows[0..n) (n <= 12) listed: its size and the OR of
 * 1 << lowbit over its non-zero vectors. */
static int64_t brute_span(const uint64_t *rows, int n, uint64_t *lowbits)
{
	static uint64_t seen[1 << 12];
	int64_t size = 0;
	*lowbits = 0;
	for (uint64_t s = 0; s < (UINT64_C(1) << n); s++) {
		uint64_t v = 0;
		for (int i = 0; i < n; i++)
			if (s >> i & 1)
				v ^= rows[i];
		bool dup = false;
		for (int64_t k = 0; k < size && !dup; k++)
			dup = seen[k] == v;
		if (dup)
			continue;
		seen[size++] = v;
		if (v)
			*lowbits |= UINT64_C(1) << __builtin_ctzll(v);
	}
	return size;
}

static void test_rank_basis(void)
{
	for (int round = 0; round < 400; round++) {
		uint64_t rows[12], copy[12], basis[64], lowbits, got = 0;
		int n = 1 + (int)(next() % 12), bits = 1 + (int)(next() % 64);
		random_rows(rows, n, bits);
		memcpy(copy, rows, sizeof rows);
		int64_t size = brute_span(rows, n, &lowbits);
		int rank = lay_gf2_rank(rows, n);
		CU_ASSERT_EQUAL((int64_t)1 << rank, size);
		CU_ASSERT_EQUAL(lay_gf2_basis(rows, n, basis), rank);
		for (int b = 0; b < 64; b++)
			if (basis[b]) {
				CU_ASSERT_EQUAL(__builtin_ctzll(basis[b]), b);
				got |= UINT64_C(1) << b;
			}
		CU_ASSERT_EQUAL(got, lowbits);
		CU_ASSERT_EQUAL(memcmp(copy, rows, sizeof rows), 0);
	}
}

static void test_known(void)
{
	/* the identity, a repeated row, 0 rows, all 64 bits, more rows than bits */
	uint64_t id[64], rows[3] = { 5, 5, 0 }, many[70];
	for (int i = 0; i < 64; i++)
		id[i] = UINT64_C(1) << i;
	CU_ASSERT_EQUAL(lay_gf2_rank(id, 64), 64);
	CU_ASSERT_EQUAL(lay_gf2_rank(rows, 3), 1);
	CU_ASSERT_EQUAL(lay_gf2_rank(rows, 0), 0);
	for (int i = 0; i < 70; i++)
		many[i] = id[i % 64] | (i >= 64 ? id[63] : 0);
	CU_ASSERT_EQUAL(lay_gf2_rank(many, 70), 64);
	/* 0b011, 0b110, 0b101: each the XOR of the other two */
	uint64_t tri[3] = { 3, 6, 5 }, basis[64];
	CU_ASSERT_EQUAL(lay_gf2_basis(tri, 3, basis), 2);
	CU_ASSERT_EQUAL(basis[0], 3);
	CU_ASSERT_EQUAL(basis[1], 6);
	CU_ASSERT_EQUAL(basis[2], 0);
}

static uint64_t combine(const uint64_t *rows, int n, uint64_t tag)
{
	uint64_t v = 0;
	for (int i = 0; i < n; i++)
		if (tag >> i & 1)
			v ^= rows[i];
	return v;
}

static void test_echelon(void)
{
	for (int round = 0; round < 400; round++) {
		uint64_t rows[40], val[64], tag[64], ker[64];
		int piv[64], nker;
		int n = (int)(next() % 40), bits = 1 + (int)(next() % 64);
		random_rows(rows, n, bits);
		int npiv = lay_gf2_echelon(rows, n, val, tag, piv, ker, &nker);
		CU_ASSERT_EQUAL(npiv, lay_gf2_rank(rows, n));
		CU_ASSERT_EQUAL(npiv + nker, n);
		for (int p = 0; p < npiv; p++) {
			CU_ASSERT_EQUAL(combine(rows, n, tag[p]), val[p]);
			for (int q = 0; q < npiv; q++)
				CU_ASSERT_EQUAL((val[q] >> piv[p] & 1) != 0, p == q);
		}
		for (int k = 0; k < nker; k++) {
			CU_ASSERT_NOT_EQUAL(ker[k], 0);
			CU_ASSERT_EQUAL(combine(rows, n, ker[k]), 0);
		}
		/* the kernel tags are independent: a basis, not merely vectors of it */
		CU_ASSERT_EQUAL(lay_gf2_rank(ker, nker), nker);
	}
}

int main(void)
{
	static const struct unit_test tests[] = {
		{ "rank and basis against the listed span", test_rank_basis },
		{ "rank of known matrices", test_known },
		{ "echelon form and kernel", test_echelon },
		{ NULL, NULL },
	};
	return unit_main("gf2", tests);
}
