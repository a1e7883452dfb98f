/*
 * gf2.c - rank, basis and reduced echelon form over GF(2) (gf2.h).  The
 * one place the engine eliminates packed rows: a linear layout's
 * surjectivity and fibres, the GF(2) walk in element order and the
 * bank-conflict closed form all come down to these three routines.
 */
#include <string.h>

#include "gf2.h"

int lay_gf2_basis(const uint64_t *rows, int n, uint64_t basis[64])
{
	int rank = 0;
	memset(basis, 0, sizeof *basis * 64);
	for (int i = 0; i < n; i++) {
		uint64_t v = rows[i];
		while (v) {
			int b = __builtin_ctzll(v);
			if (!basis[b]) {
				basis[b] = v;
				rank++;
				break;
			}
			v ^= basis[b]; /* clears bit b: the lowest bit only rises */
		}
	}
	return rank;
}

int lay_gf2_rank(const uint64_t *rows, int n)
{
	uint64_t basis[64];
	return lay_gf2_basis(rows, n, basis);
}

int lay_gf2_echelon(const uint64_t *rows, int nrows, uint64_t *val, uint64_t *tag, int *piv,
		    uint64_t *ker, int *nker)
{
	int npiv = 0;
	*nker = 0;
	for (int r = 0; r < nrows; r++) {
		uint64_t v = rows[r], t = (uint64_t)1 << r;
		for (int p = 0; p < npiv; p++)
			if (v & ((uint64_t)1 << piv[p]))
				v ^= val[p], t ^= tag[p];
		if (!v) {
			ker[(*nker)++] = t;
			continue;
		}
		int b = __builtin_ctzll(v);
		for (int p = 0; p < npiv; p++)
			if (val[p] & ((uint64_t)1 << b))
				val[p] ^= v, tag[p] ^= t;
		val[npiv] = v;
		tag[npiv] = t;
		piv[npiv++] = b;
	}
	return npiv;
}
