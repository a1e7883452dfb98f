/*
 * access_count.c - counting one access over its composed table: the
 * vector width a lane moves (try_vector), then for every instruction its
 * wavefronts and their cost under the bank rule (access.c describes it),
 * with Triton's GF(2) closed form beside the count when it applies.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/access.h"
#include "gf2.h"

/* f[q]: the offset compacted point q touches, under offsets eoff. */
static int fill_f(struct acc *A, const int64_t *eoff, struct lay_error *err)
{
	int64_t n = A->G * A->L * A->R2;
	struct lay_ctx *ctx = acc_ctx(A);
	if (!A->f) {
		A->f = lay_ctx_malloc(ctx, sizeof *A->f * (size_t)(n ? n : 1));
		A->regmap = A->f ? lay_ctx_malloc(ctx, sizeof *A->regmap * (size_t)A->R2) : NULL;
		if (!A->f || !A->regmap)
			return lay_ctx_error(ctx, err, A->thr->ptr);
	}
	A->f_src = NULL;
	int64_t *map = lay_ctx_malloc(ctx, sizeof *map * (size_t)A->R2);
	if (!map)
		return lay_ctx_error(ctx, err, A->thr->ptr);
	for (int64_t r2 = 0; r2 < A->R2; r2++)
		map[r2] = acc_expand_reg(A, r2);
	for (int64_t gl = 0; gl < A->G * A->L; gl++)
		for (int64_t r2 = 0; r2 < A->R2; r2++) {
			int32_t e = A->pelem[gl * A->R + map[r2]];
			A->f[gl * A->R2 + r2] = e >= 0 ? eoff[e] : -1;
		}
	lay_ctx_free(map);
	return lay_ctx_tick(ctx, (uint64_t)n, err);
}

void acc_f_fill(struct acc *A, int64_t g)
{
	int64_t per = A->L * A->R2, hi = (g + 1) * per;
	for (int64_t q = A->f_ready * per; q < hi; q++)
		A->f[q] = A->f_src[q] < 0 ? -1 : acc_swz(A->f_src[q], A->sw_B, A->sw_M, A->sw_S);
	A->f_ready = g + 1;
}

/* ------------------------------------------------------------------ */
/* Vector width                                                        */

/* Compacted register of vector slot s in register group ig. */
int64_t acc_reg_of(const struct acc *A, const struct count *C, int64_t ig, int64_t s)
{
	if (!A->rpow2)
		return ig * C->v + s;
	int64_t r = 0;
	for (int i = 0; i < C->nsel; i++)
		if (s & (INT64_C(1) << i))
			r |= INT64_C(1) << C->sel[i];
	for (int i = 0; i < C->nrem; i++)
		if (ig & (INT64_C(1) << i))
			r |= INT64_C(1) << C->rem[i];
	return r;
}

/*
 * Can every lane move v elements per instruction?  The v registers of a
 * group must sit at v consecutive offsets aligned to v, for every thread
 * and every group: the register bits chosen carry the low offset bits and
 * nothing else touches them.  With a power-of-two register count the bits
 * are picked as Triton does (for offset bit i, the first unused register
 * bit whose own offset is 2^i), otherwise groups are consecutive registers.
 */
static bool try_vector(struct acc *A, struct count *C, int64_t v)
{
	int k = acc_log2i(v);
	acc_f_upto(A, v > 1 ? A->G - 1 : 0);
	int nb = A->rpow2 ? A->nkept : 0;
	C->v = v;
	C->nsel = C->nrem = 0;
	if (A->rpow2) {
		if (k > nb)
			return false;
		bool used[32] = { false };
		int64_t f0 = A->f[0];
		for (int i = 0; i < k; i++) {
			int found = -1;
			for (int j = 0; j < nb && found < 0; j++) {
				int64_t fj = A->f[INT64_C(1) << j];
				if (!used[j] && f0 >= 0 && fj >= 0 && fj - f0 == (INT64_C(1) << i))
					found = j;
			}
			if (found < 0)
				return false;
			used[found] = true;
			C->sel[C->nsel++] = found;
		}
		for (int j = 0; j < nb; j++)
			if (!used[j])
				C->rem[C->nrem++] = j;
	} else if (A->R2 % v) {
		return false;
	}
	int64_t groups = A->R2 / v;
	/* the map depends on v and the bits picked only: kept while they stay */
	if (A->rm_v != v || A->rm_nsel != C->nsel ||
	    memcmp(A->rm_sel, C->sel, sizeof *C->sel * (size_t)C->nsel) != 0) {
		for (int64_t ig = 0; ig < groups; ig++)
			for (int64_t s = 0; s < v; s++)
				A->regmap[ig * v + s] = acc_reg_of(A, C, ig, s);
		A->rm_v = v;
		A->rm_nsel = C->nsel;
		memcpy(A->rm_sel, C->sel, sizeof *C->sel * (size_t)C->nsel);
	}
	if (v == 1)
		return true; /* one register a lane: nothing to line up */
	for (int64_t gl = 0; gl < A->G * A->L; gl++)
		for (int64_t ig = 0; ig < groups; ig++) {
			const int64_t *fr = A->f + gl * A->R2, *rm = A->regmap + ig * v;
			int64_t base = fr[rm[0]];
			for (int64_t s = 1; s < v; s++) {
				int64_t o = fr[rm[s]];
				if (base < 0 ? o >= 0 : o != base + s)
					return false;
			}
			if (base >= 0 && (base & (v - 1))) /* v is a power of two */
				return false;
		}
	return true;
}

/* ------------------------------------------------------------------ */
/* Counting                                                            */

int acc_cmp_i64(const void *a, const void *b)
{
	int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
	return (x > y) - (x < y);
}

/* The words of one wavefront, as the lanes touch them (repeats kept): at
 * most 4 a lane (a vector moves at most 128 bits). */
static size_t wavefront_raw(const struct acc *A, const struct count *C, int64_t g, int64_t ig,
			    int64_t wf, int64_t *words)
{
	size_t n = 0;
	int64_t lanes[ACC_MAX_LANES];
	int64_t nl = acc_phase_lanes(A, C, wf, lanes);
	const int64_t *rm = A->regmap + ig * C->v;
	/* a lane's vector is at base, base + 1, ... base + v - 1 (try_vector),
	 * or nowhere: its words are those of the first and the last element
	 * and all between (elements of 32 bits and more: each element's
	 * first word, as one word per element is counted) */
	int64_t step = A->bits >= 32 ? A->bits / 32 : 0;
	for (int64_t k = 0; k < nl; k++) {
		int64_t base = acc_phys(A, A->f[(g * A->L + lanes[k]) * A->R2 + rm[0]]);
		if (base < 0)
			continue;
		if (step) {
			for (int64_t s = 0; s < C->v; s++)
				words[n++] = (base + s) * step;
			continue;
		}
		int64_t lo = base * A->bits / 32, hi = (base + C->v - 1) * A->bits / 32;
		for (int64_t w = lo; w <= hi; w++)
			words[n++] = w;
	}
	return n;
}

/* Distinct words of one wavefront, sorted; returns the count. */
size_t acc_wavefront_words(const struct acc *A, const struct count *C, int64_t g, int64_t ig,
			   int64_t wf, int64_t *words)
{
	size_t n = wavefront_raw(A, C, g, ig, wf, words);
	if (n > 128) {
		qsort(words, n, sizeof *words, acc_cmp_i64);
	} else {
		for (size_t i = 1; i < n; i++) { /* few words: insertion sort */
			int64_t w = words[i];
			size_t j = i;
			for (; j > 0 && words[j - 1] > w; j--)
				words[j] = words[j - 1];
			words[j] = w;
		}
	}
	size_t d = 0;
	for (size_t k = 0; k < n; k++)
		if (d == 0 || words[k] != words[d - 1])
			words[d++] = words[k];
	return d;
}

int64_t acc_wavefront_cost(const struct acc *A, const int64_t *words, size_t n, int64_t *bank_out)
{
	int64_t per[ACC_MAX_BANKS] = { 0 }, best = 0, bank = 0, mask = A->banks - 1;
	bool pow2 = acc_is_pow2(A->banks); /* words are >= 0: a mask for the bank */
	for (size_t k = 0; k < n; k++) {
		int64_t b = pow2 ? words[k] & mask : words[k] % A->banks;
		if (++per[b] > best) {
			best = per[b];
			bank = b;
		}
	}
	if (bank_out)
		*bank_out = bank;
	return best;
}

/* The wavefront's cost (the most distinct words in one bank) without
 * sorting: each bank's distinct words chained through next[]; 0 when it
 * touches no word. */
static int64_t wavefront_ways(const struct acc *A, const struct count *C, int64_t g, int64_t ig,
			      int64_t wf, int64_t *words)
{
	int head[ACC_MAX_BANKS], next[4 * ACC_MAX_LANES];
	int64_t per[ACC_MAX_BANKS] = { 0 }, best = 0, mask = A->banks - 1;
	bool pow2 = acc_is_pow2(A->banks);
	size_t n = wavefront_raw(A, C, g, ig, wf, words);
	for (int b = 0; b < A->banks; b++)
		head[b] = -1;
	for (size_t k = 0; k < n; k++) {
		int64_t w = words[k], b = pow2 ? w & mask : w % A->banks;
		int j = head[b];
		while (j >= 0 && words[j] != w)
			j = next[j];
		if (j >= 0)
			continue; /* the same word again: one access */
		next[k] = head[b];
		head[b] = (int)k;
		if (++per[b] > best)
			best = per[b];
	}
	return best;
}

/*
 * Triton's closed form (GenericSwizzling bankConflictsMemDesc): with the
 * offset bits split into vector, bank (one 128-byte row) and segment bits,
 * lanes of one wavefront conflict exactly when a combination of their
 * offsets moves segment bits only, so the count is 2^dim - 1 with dim the
 * dimension of span(lane offsets) intersected with the segment bits.  Only
 * meaningful when the composed map is GF(2)-linear and the memory layout
 * is a bijection onto a power-of-two range; -1 otherwise.
 */
static int64_t analytic(struct acc *A, const struct count *C)
{
	acc_f_upto(A, A->G - 1);
	if (A->pad || !A->bijective || !acc_is_pow2(A->noff) || !A->rpow2 || !acc_is_pow2(A->L) ||
	    !acc_is_pow2(A->G) || A->f[0] != 0 || !acc_phase_consecutive(A, C) ||
	    !acc_is_pow2(C->lanes_per_wf))
		return -1;
	int64_t n = A->G * A->L * A->R2;
	int nbits = acc_log2i(n);
	if (nbits > 62)
		return -1;
	for (int64_t q = 1; q < n; q++) {
		int64_t low = q & (q - 1); /* q without its lowest bit */
		int64_t o = A->f[q], ob = A->f[q ^ low], ol = A->f[low];
		if (o < 0 || ob < 0 || ol < 0 || o != (ob ^ ol))
			return -1;
	}
	int rb = acc_log2i(A->R2), lb = acc_log2i(A->L);
	int keep = acc_log2i(C->lanes_per_wf);
	if (keep > lb)
		keep = lb;
	int64_t bank_size = A->banks * 32 / (C->v * A->bits);
	if (bank_size > A->noff)
		bank_size = A->noff;
	int t = acc_log2i(C->v * bank_size);
	uint64_t lanes[64], low[64], mask = t >= 63 ? ~UINT64_C(0) : (UINT64_C(1) << t) - 1;
	for (int i = 0; i < keep; i++) {
		lanes[i] = (uint64_t)A->f[INT64_C(1) << (rb + i)];
		low[i] = lanes[i] & mask;
	}
	int dim = lay_gf2_rank(lanes, keep) - lay_gf2_rank(low, keep);
	return (INT64_C(1) << dim) - 1;
}

/* Whether a count can no longer come under bound (or reach it when ties
 * lose): what it has, plus one for each non-empty wavefront left. */
static bool give_up(const struct acc *A, const struct count *C, int64_t bound)
{
	bool floored = A->floor_v && C->v == A->floor_v;
	int64_t floor =
		C->total + (floored && A->floor_ideal > C->ideal ? A->floor_ideal - C->ideal : 0);
	return floor > bound || (floored && A->ties_lose && floor >= bound);
}

/*
 * Count the access under offsets eoff.  A non-zero `bound` gives up (and
 * returns 1) as soon as more wavefronts than that are needed: the swizzle
 * search only wants candidates that beat the best so far.
 */
int acc_count_access(struct acc *A, const int64_t *eoff, struct count *C, bool need_vec,
		     const char *vptr, int64_t bound, struct lay_error *err)
{
	int rc = eoff ? fill_f(A, eoff, err) : 0;
	if (rc)
		return rc;
	memset(C, 0, sizeof *C);
	int64_t maxv = ACC_MAX_ACCESS / A->bits;
	for (int k = 0; A->pad && k < A->pad->n; k++) /* Triton: getMinInterval */
		if (maxv > (INT64_C(1) << A->pad->shift[k]))
			maxv = INT64_C(1) << A->pad->shift[k];
	if (maxv < 1)
		maxv = 1;
	if (A->vec_req) {
		if (!try_vector(A, C, A->vec_req)) {
			if (!need_vec)
				return 1;
			int64_t v = maxv;
			while (v > 1 && !try_vector(A, C, v))
				v /= 2;
			return lay_error_set(err, LAY_ERANGE, vptr, -1,
					     "a lane cannot move %lld elements in one instruction "
					     "here: its registers do not sit at %lld consecutive "
					     "offsets aligned to %lld (the largest vector this "
					     "access allows is %lld)",
					     (long long)A->vec_req, (long long)A->vec_req,
					     (long long)A->vec_req, (long long)(v > 1 ? v : 1));
		}
	} else {
		int64_t v = maxv;
		while (v > 1 && !try_vector(A, C, v))
			v /= 2;
		if (v == 1)
			try_vector(A, C, 1);
	}
	C->vw = (C->v * A->bits + 31) / 32;
	acc_phase_shape(A, C->vw, &C->lanes_per_wf, &C->wf_per_instr);
	C->instr_regs = A->R2 / C->v;
	C->instructions = C->instr_regs * A->G;
	int64_t *words = malloc(sizeof *words * (size_t)(C->lanes_per_wf * C->v + 1));
	if (!words)
		return lay_error_set(err, LAY_ENOMEM, A->thr->ptr, -1, "out of memory");
	for (int64_t g = 0; g < A->G; g++) {
		acc_f_upto(A, g);
		for (int64_t ig = 0; ig < C->instr_regs; ig++)
			for (int64_t wf = 0; wf < C->wf_per_instr; wf++) {
				int64_t cost = wavefront_ways(A, C, g, ig, wf, words);
				if ((rc = lay_ctx_tick(acc_ctx(A),
						       (uint64_t)(C->lanes_per_wf * C->v), err))) {
					free(words);
					return rc;
				}
				if (!cost)
					continue;
				C->total += cost;
				C->ideal++;
				if (bound && give_up(A, C, bound)) {
					free(words);
					return 1;
				}
				if (cost > C->max_ways) {
					C->max_ways = cost;
					C->nworst = 0;
				}
				if (cost == C->max_ways && cost > 1 && C->nworst < A->examples) {
					C->worst[C->nworst][0] = g;
					C->worst[C->nworst][1] = ig;
					C->worst[C->nworst][2] = wf;
					C->nworst++;
				}
			}
	}
	free(words);
	C->analytic = analytic(A, C);
	return 0;
}
