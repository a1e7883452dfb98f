/*
 * ttgir_values.c - the typed members of Triton's layout attributes: an
 * unsigned, a bool, arrays of them (powers of two, permutations), linear
 * bases and the CGA layout, each read from the attribute's values with
 * Triton's verifier rules as located errors.  ttgir_decode.c uses them per
 * family.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gf2.h"
#include "notation/ttgir_text.h"

const char *tt_kind_name(int k)
{
	static const char *const names[] = { "an integer",   "a boolean",    "an array",
					     "a dictionary", "an attribute", "an alias",
					     "a string",     "a word",	     "intervals" };
	return names[k];
}

int tt_want_uint(struct tp *p, const struct tv *v, unsigned *out, const char *what)
{
	if (v->kind != TV_INT)
		return lay_scan_error(&p->sc, LAY_ESCHEMA, v->pos, "%s must be an integer, not %s",
				      what, tt_kind_name(v->kind));
	if (v->i < 0 || v->i > (int64_t)1 << 30)
		return lay_scan_error(&p->sc, LAY_ERANGE, v->pos, "%s = %lld is outside 0..2^30",
				      what, (long long)v->i);
	*out = (unsigned)v->i;
	return 0;
}

int tt_want_bool(struct tp *p, const struct tv *v, bool *out, const char *what)
{
	if (v->kind != TV_BOOL)
		return lay_scan_error(&p->sc, LAY_ESCHEMA, v->pos, "%s must be true or false",
				      what);
	*out = v->i != 0;
	return 0;
}

int tt_want_uarr(struct tp *p, const struct tv *v, unsigned *out, int *n, const char *what)
{
	int rc;
	if (v->kind != TV_ARR)
		return lay_scan_error(&p->sc, LAY_ESCHEMA, v->pos,
				      "%s must be an array of integers, e.g. [1, 4]", what);
	*n = 0;
	for (struct tv *e = v->kid; e; e = e->next) {
		if (*n >= TT_MAXR)
			return lay_scan_error(&p->sc, LAY_ELIMIT, e->pos,
					      "%s has more than %d entries", what, TT_MAXR);
		if ((rc = tt_want_uint(p, e, &out[(*n)++], what)))
			return rc;
	}
	return 0;
}

int tt_want_pow2_arr(struct tp *p, const struct tv *v, const unsigned *a, int n, const char *what)
{
	int k = 0;
	for (struct tv *e = v->kid; e && k < n; e = e->next, k++)
		if (a[k] == 0 || (a[k] & (a[k] - 1)))
			return lay_scan_error(
				&p->sc, LAY_ERANGE, e->pos,
				"every element of %s must be a power of two (%u is not)", what,
				a[k]);
	return 0;
}

int tt_want_perm(struct tp *p, const struct tv *v, const unsigned *order, int n, const char *what)
{
	bool seen[TT_MAXR] = { false };
	for (int k = 0; k < n; k++) {
		if (order[k] >= (unsigned)n || seen[order[k]])
			return lay_scan_error(
				&p->sc, LAY_ERANGE, v->pos,
				"%s must be a permutation of 0..%d (Triton's verifier)", what,
				n - 1);
		seen[order[k]] = true;
	}
	return 0;
}

/* [[b0...], [b1...]] into in-dim `in` of l (appended); rank fixed or -1. */
int tt_want_bases(struct tp *p, const struct tv *v, struct tll *l, int in, int *rank,
		  const char *what)
{
	if (v->kind != TV_ARR)
		return lay_scan_error(&p->sc, LAY_ESCHEMA, v->pos,
				      "%s must be an array of bases, e.g. [[0, 1]]", what);
	int i = l->nin++;
	l->in[i] = in;
	l->nb[i] = 0;
	for (struct tv *b = v->kid; b; b = b->next) {
		if (b->kind != TV_ARR)
			return lay_scan_error(&p->sc, LAY_ESCHEMA, b->pos,
					      "each basis of %s is an array of integers", what);
		int n = tv_len(b);
		if (*rank < 0)
			*rank = n;
		if (n != *rank)
			return lay_scan_error(
				&p->sc, LAY_ESHAPE, b->pos,
				"this basis of %s has %d entries, the layout's rank is %d", what, n,
				*rank);
		if (n > TT_MAXR || n == 0)
			return lay_scan_error(&p->sc, LAY_ELIMIT, b->pos,
					      "a basis of %s has %d entries (1..%d)", what, n,
					      TT_MAXR);
		if (l->nb[i] >= TT_MAXB)
			return lay_scan_error(&p->sc, LAY_ELIMIT, b->pos,
					      "%s has more than %d bases", what, TT_MAXB);
		int o = 0;
		for (struct tv *x = b->kid; x; x = x->next, o++) {
			if (x->kind != TV_INT)
				return lay_scan_error(&p->sc, LAY_ESCHEMA, x->pos,
						      "a basis value must be an integer");
			if (x->i < 0 || x->i >= (int64_t)1 << 30)
				return lay_scan_error(&p->sc, LAY_ERANGE, x->pos,
						      "basis value %lld of %s is outside 0..2^30",
						      (long long)x->i, what);
			l->b[i][l->nb[i]][o] = x->i;
		}
		l->nb[i]++;
	}
	return 0;
}

/* Out dims dim0..dim(rank-1), sizes from the bases (Triton's surjective
 * constructor infers them so). */
void tt_std_outs(struct tll *l, int rank)
{
	l->nout = rank;
	for (int d = 0; d < rank; d++)
		l->out[d] = d;
	tll_infer_sizes(l);
}

/* rank(l) == total out bits: every out coordinate is reached. */
bool tt_surjective(const struct tll *l)
{
	uint64_t rows[TT_MAXIN * TT_MAXB];
	int n = 0, bits = 0, shift[TT_MAXR];
	for (int o = l->nout - 1; o >= 0; o--) {
		shift[o] = bits;
		int w = 0;
		while (((int64_t)1 << w) < l->osz[o])
			w++;
		bits += w;
	}
	if (bits > 63)
		return false;
	for (int i = 0; i < l->nin; i++)
		for (int j = 0; j < l->nb[i]; j++) {
			uint64_t r = 0;
			for (int o = 0; o < l->nout; o++)
				r |= (uint64_t)l->b[i][j][o] << shift[o];
			rows[n++] = r;
		}
	return lay_gf2_rank(rows, n) == bits;
}

/*
 * The CGA layout: CGALayout = [[...]] (block bases), or the legacy
 * CTAsPerCGA / CTASplitNum / CTAOrder, converted as fromSplitParams does:
 * per dim in CTAOrder, the split bits, then zero bases for the CTAs that
 * broadcast.
 */
int tt_decode_cga(struct tp *p, const struct tv *a, int rank, struct tll *cga)
{
	int rc;
	struct tv *g = tv_get(a, "CGALayout");
	struct tv *per = tv_get(a, "CTAsPerCGA"), *split = tv_get(a, "CTASplitNum"),
		  *ord = tv_get(a, "CTAOrder");
	tll_empty(cga);
	if (g) {
		int r = rank;
		if ((rc = tt_want_bases(p, g, cga, TT_BLOCK, &r, "CGALayout")))
			return rc;
		tt_std_outs(cga, rank);
		if (!tll_is_permutation(cga, TT_BLOCK))
			return lay_scan_error(
				&p->sc, LAY_ERANGE, g->pos,
				"CGALayout must be a permutation matrix after removing zero "
				"bases: each basis a single power of two, none repeated "
				"(Triton's verifier)");
		return 0;
	}
	unsigned cpg[TT_MAXR], csn[TT_MAXR], cor[TT_MAXR];
	int n;
	for (int d = 0; d < rank; d++) {
		cpg[d] = csn[d] = 1;
		cor[d] = (unsigned)(rank - 1 - d);
	}
	if (per || split || ord)
		p->legacy = true;
	if (per && (tt_want_uarr(p, per, cpg, &n, "CTAsPerCGA") ||
		    (n != rank && lay_scan_error(&p->sc, LAY_ESHAPE, per->pos,
						 "CTAsPerCGA needs %d entries", rank))))
		return p->sc.err->code;
	if (split && (tt_want_uarr(p, split, csn, &n, "CTASplitNum") ||
		      (n != rank && lay_scan_error(&p->sc, LAY_ESHAPE, split->pos,
						   "CTASplitNum needs %d entries", rank))))
		return p->sc.err->code;
	if (ord && (tt_want_uarr(p, ord, cor, &n, "CTAOrder") ||
		    (n != rank && lay_scan_error(&p->sc, LAY_ESHAPE, ord->pos,
						 "CTAOrder needs %d entries", rank))))
		return p->sc.err->code;
	if (ord && tt_want_perm(p, ord, cor, rank, "CTAOrder"))
		return p->sc.err->code;
	for (int d = 0; d < rank; d++) {
		if (per && (cpg[d] == 0 || (cpg[d] & (cpg[d] - 1))))
			return lay_scan_error(&p->sc, LAY_ERANGE, per->pos,
					      "CTAsPerCGA entries are powers of two");
		if (split && (csn[d] == 0 || (csn[d] & (csn[d] - 1))))
			return lay_scan_error(&p->sc, LAY_ERANGE, split->pos,
					      "CTASplitNum entries are powers of two");
		if (cpg[d] % csn[d])
			return lay_scan_error(
				&p->sc, LAY_ERANGE, split ? split->pos : per->pos,
				"CTAsPerCGA[%d] = %u is not a multiple of CTASplitNum[%d] = %u", d,
				cpg[d], d, csn[d]);
	}
	struct tll f, z;
	for (int k = 0; k < rank; k++) {
		int d = (int)cor[k];
		tll_identity1d(&f, csn[d], TT_BLOCK, d);
		tll_identity1d(&z, cpg[d] / csn[d], TT_BLOCK, d);
		for (int j = 0; j < z.nb[0]; j++)
			z.b[0][j][0] = 0;
		z.osz[0] = 1;
		tll_mul_eq(&f, &z);
		tll_mul_eq(cga, &f);
	}
	if (cga->nin == 0) {
		cga->nin = 1;
		cga->in[0] = TT_BLOCK;
		cga->nb[0] = 0;
	}
	int std[TT_MAXR];
	for (int d = 0; d < rank; d++)
		std[d] = d;
	struct tll t = *cga;
	for (int o = 0; o < rank; o++) {
		int from = tll_out_index(cga, std[o]);
		t.out[o] = o;
		t.osz[o] = from >= 0 ? cga->osz[from] : 1;
		for (int j = 0; j < cga->nb[0]; j++)
			t.b[0][j][o] = from >= 0 ? cga->b[0][j][from] : 0;
	}
	t.nout = rank;
	*cga = t;
	return 0;
}
