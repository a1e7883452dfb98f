/*
 * gf2.h - linear algebra over GF(2) on packed rows: one uint64_t a row,
 * bit b of a row its coefficient b.  Used by the structural verdicts, the
 * GF(2) walk and fingerprint, the linear notations and the access
 * analysis; no I/O, no allocation.
 */
#ifndef LAYOUTD_GF2_H
#define LAYOUTD_GF2_H

#include <stdint.h>

/*
 * A basis of span(rows[0..n)) with one vector per lowest set bit: after
 * the call basis[b] is 0 or a vector of the span whose lowest set bit is
 * b, and the non-zero ones are a basis.  The set of those b is a property
 * of the span (the lowest bits of its non-zero vectors), so it names the
 * pivot columns of the reduced echelon form taken from bit 0 up.  Any n;
 * returns the rank.
 */
int lay_gf2_basis(const uint64_t *rows, int n, uint64_t basis[64]);

/* The rank of rows[0..n) (any n); rows is not modified. */
int lay_gf2_rank(const uint64_t *rows, int n);

/*
 * Reduced row echelon form of rows[0..nrows) (nrows < 64), each row tagged
 * with the input rows it combines (bit r: row r): val/tag/piv get the
 * pivot rows, their tags and pivot bits (each pivot bit set in its own row
 * only), ker the tags of the rows that reduce to 0 (*nker of them; a basis
 * of the kernel of the map whose columns are the rows).  Each array holds
 * 64.  Returns the rank.
 */
int lay_gf2_echelon(const uint64_t *rows, int nrows, uint64_t *val, uint64_t *tag, int *piv,
		    uint64_t *ker, int *nker);

#endif
