/*
 * access.c - how a warp reads or writes a shared-memory layout: vector
 * width, instructions, wavefronts and bank conflicts, counted by
 * enumeration under the CUDA bank rule, with Triton's GF(2) formula beside
 * it when both layouts are linear, and a swizzle search on request.
 *
 * The request's layout is the memory side: one memory axis whose
 * coordinate is the element offset.  `threads` is a second definition over
 * the same logical tile that says which lane, warp and register holds each
 * element.  Composing them gives, for every (warp, lane, register), the
 * offset it touches; everything below works on that table, so every
 * notation is analysed the same way.
 *
 * The bank rule: 32 banks of 4 bytes; word = floor(offset * bits / 32),
 * bank = word mod 32.  A lane's access covers ceil(vector * bits / 32)
 * words, so a wavefront (128 bytes) serves 32 / that many lanes.  A
 * wavefront costs the largest number of distinct words in one bank; lanes
 * touching the same word are served together (broadcast).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/access.h"
#include "gf2.h"

bool acc_is_pow2(int64_t x)
{
	return x > 0 && (x & (x - 1)) == 0;
}

int acc_log2i(int64_t x)
{
	int k = 0;
	while ((INT64_C(1) << k) < x)
		k++;
	return k;
}

static const char *lane_names[] = { "lane", "laneid", NULL };
static const char *thread_names[] = { "thread", "tid", "tx", "tid_in_wg", NULL };

static bool name_in(const char *name, const char **set)
{
	for (; *set; set++)
		if (strcmp(*set, name) == 0)
			return true;
	return false;
}

/* ------------------------------------------------------------------ */
/* Reading both definitions                                            */

struct mem_rows {
	struct acc *A;
	int64_t bad_owner_elem, bad_owner_axis, bad_owner_coord;
};

static int mem_row(void *ctx, const struct lay_table_row *row)
{
	struct mem_rows *m = ctx;
	struct acc *A = m->A;
	if (row->elem < 0)
		return 0;
	for (int a = 0; a < A->mem->naxes; a++)
		if (a != A->off_axis && row->coord[a] != 0 && m->bad_owner_elem < 0) {
			m->bad_owner_elem = row->elem;
			m->bad_owner_axis = a;
			m->bad_owner_coord = row->coord[a];
		}
	int64_t o = row->coord[A->off_axis];
	int64_t *cur = &A->eoff[row->elem];
	if (*cur >= 0 && *cur != o)
		A->replicated++;
	if (*cur < 0 || o < *cur)
		*cur = o;
	return 0;
}

struct thr_rows {
	struct acc *A;
	int64_t *buf; /* per row: elem, then naxes coordinates */
	size_t n, cap;
	int64_t mx[LAYOUTD_MAX_AXES];
};

static int thr_row(void *ctx, const struct lay_table_row *row)
{
	struct thr_rows *t = ctx;
	int w = t->A->thr->naxes + 1;
	if (row->elem < 0)
		return 0;
	if (t->n == t->cap) {
		size_t cap = t->cap ? 2 * t->cap : 1024;
		int64_t *nb = realloc(t->buf, cap * (size_t)w * sizeof *nb);
		if (!nb)
			return LAY_ENOMEM;
		t->buf = nb;
		t->cap = cap;
	}
	int64_t *r = t->buf + t->n * (size_t)w;
	r[0] = row->elem;
	for (int a = 0; a < w - 1; a++) {
		r[a + 1] = row->coord[a];
		if (row->coord[a] > t->mx[a])
			t->mx[a] = row->coord[a];
	}
	t->n++;
	return 0;
}

static int elem_str(const struct lay_def *def, int64_t e, char *out, size_t n)
{
	int64_t x[LAYOUTD_MAX_RANK];
	for (int d = def->rank - 1; d >= 0; d--) {
		x[d] = e % def->shape[d];
		e /= def->shape[d];
	}
	size_t len = 0;
	len += (size_t)snprintf(out + len, n - len, "(");
	for (int d = 0; d < def->rank && len < n; d++)
		len += (size_t)snprintf(out + len, n - len, "%s%lld", d ? ", " : "",
					(long long)x[d]);
	if (len < n)
		snprintf(out + len, n - len, ")");
	return 0;
}

json_t *acc_elem_json(const struct lay_def *def, int64_t e)
{
	int64_t x[LAYOUTD_MAX_RANK];
	for (int d = def->rank - 1; d >= 0; d--) {
		x[d] = e % def->shape[d];
		e /= def->shape[d];
	}
	json_t *a = json_array();
	for (int d = 0; d < def->rank; d++)
		json_array_append_new(a, json_integer(x[d]));
	return a;
}

/* The memory side: one memory axis, owner axes (block) only at 0. */
int acc_read_memory(struct acc *A, const char *lptr, struct lay_error *err)
{
	const struct lay_def *d = A->mem;
	int nmem = 0;
	char names[256] = "";
	A->off_axis = -1;
	for (int a = 0; a < d->naxes; a++)
		if (d->axes[a].kind == LAY_KIND_MEMORY) {
			if (nmem++ == 0)
				A->off_axis = a;
			size_t l = strlen(names);
			snprintf(names + l, sizeof names - l, "%s%s", l ? ", " : "",
				 d->axes[a].name);
		}
	if (nmem == 0)
		return lay_error_set(err, LAY_ESCHEMA, lptr, -1,
				     "an access reads shared memory, but the layout places its "
				     "elements on no memory axis (its axes are all owners)");
	if (nmem > 1)
		return lay_error_set(err, LAY_ESCHEMA, lptr, -1,
				     "an access needs one shared-memory offset per element, but "
				     "the layout has %d memory axes (%s)",
				     nmem, names);
	A->eoff = malloc(sizeof *A->eoff * (size_t)(d->size ? d->size : 1));
	if (!A->eoff)
		return lay_error_set(err, LAY_ENOMEM, lptr, -1, "out of memory");
	for (int64_t e = 0; e < d->size; e++)
		A->eoff[e] = -1;
	struct mem_rows m = { A, -1, -1, 0 };
	int rc = acc_table(d, mem_row, &m, err);
	if (rc)
		return rc;
	char es[128];
	if (m.bad_owner_elem >= 0) {
		elem_str(d, m.bad_owner_elem, es, sizeof es);
		return lay_error_set(err, LAY_ESCHEMA, lptr, -1,
				     "the layout places element %s on %s %lld: an access reads "
				     "one shared-memory space, so owner axes must stay at 0",
				     es, d->axes[m.bad_owner_axis].name,
				     (long long)m.bad_owner_coord);
	}
	int64_t mx = -1;
	for (int64_t e = 0; e < d->size; e++) {
		if (A->eoff[e] < 0) {
			elem_str(d, e, es, sizeof es);
			return lay_error_set(
				err, LAY_ESCHEMA, lptr, -1,
				"element %s has no offset in the layout (none, or only "
				"out-of-bounds ones): every element the threads access "
				"needs one",
				es);
		}
		if (A->eoff[e] > mx)
			mx = A->eoff[e];
	}
	const struct lay_axis *ax = &d->axes[A->off_axis];
	A->noff = ax->declared ? ax->extent : mx + 1;
	/* bijective onto [0, noff): distinct offsets, as many as elements */
	A->bijective = false;
	if (A->noff == d->size && A->replicated == 0) {
		uint8_t *seen = calloc((size_t)A->noff, 1);
		if (!seen)
			return lay_error_set(err, LAY_ENOMEM, lptr, -1, "out of memory");
		bool ok = true;
		for (int64_t e = 0; e < d->size && ok; e++) {
			if (seen[A->eoff[e]])
				ok = false;
			seen[A->eoff[e]] = 1;
		}
		free(seen);
		A->bijective = ok;
	}
	return 0;
}

/* The threads side: lane, warp groups and registers from the axis names. */
int acc_read_threads(struct acc *A, const char *tptr, struct lay_error *err)
{
	const struct lay_def *d = A->thr;
	A->lane_axis = A->thread_axis = -1;
	for (int a = 0; a < d->naxes; a++) {
		const struct lay_axis *ax = &d->axes[a];
		if (ax->kind == LAY_KIND_MEMORY) {
			A->slot_axes[A->nslot++] = a;
			continue;
		}
		bool lane = name_in(ax->name, lane_names), thread = name_in(ax->name, thread_names);
		if (lane || thread) {
			if (A->lane_axis >= 0 || A->thread_axis >= 0)
				return lay_error_set(
					err, LAY_ESCHEMA, tptr, -1,
					"the threads layout names the lane twice (%s and %s): "
					"give one of lane, laneid, or a thread index (thread, tid, "
					"tx, tid_in_wg)",
					d->axes[A->lane_axis >= 0 ? A->lane_axis : A->thread_axis]
						.name,
					ax->name);
			if (lane)
				A->lane_axis = a;
			else
				A->thread_axis = a;
			continue;
		}
		A->grp_axes[A->ngrp++] = a;
	}
	if (A->lane_axis < 0 && A->thread_axis < 0)
		return lay_error_set(err, LAY_ESCHEMA, tptr, -1,
				     "the threads layout has no lane axis: name one lane, laneid, "
				     "or a thread index (thread, tid, tx, tid_in_wg; lane = "
				     "thread %% 32)");

	struct thr_rows t = { A, NULL, 0, 0, { 0 } };
	if (d->placements_bound > 0 && d->placements_bound <= (INT64_C(1) << 22)) {
		/* room for every row at once: no regrowth while walking */
		t.buf = malloc((size_t)d->placements_bound * (size_t)(d->naxes + 1) *
			       sizeof *t.buf);
		t.cap = t.buf ? (size_t)d->placements_bound : 0;
	}
	int rc = acc_table(d, thr_row, &t, err);
	if (rc) {
		free(t.buf);
		return rc;
	}
	for (int a = 0; a < d->naxes; a++)
		A->ext[a] = d->axes[a].declared ? d->axes[a].extent : t.mx[a] + 1;
	int64_t T = A->lane_axis >= 0 ? A->ext[A->lane_axis] : A->ext[A->thread_axis];
	if (A->lane_axis >= 0) {
		A->L = T;
		A->twarps = 1;
	} else {
		A->L = T < A->lanes ? T : A->lanes;
		A->twarps = (T + A->lanes - 1) / A->lanes;
	}
	A->R = 1;
	for (int k = 0; k < A->nslot; k++)
		A->R *= A->ext[A->slot_axes[k]];
	A->G = A->twarps;
	for (int k = 0; k < A->ngrp; k++)
		A->G *= A->ext[A->grp_axes[k]];
	int64_t npts = A->R * A->L * A->G; /* <= the threads layout's physical size */
	A->pelem = malloc(sizeof *A->pelem * (size_t)(npts ? npts : 1));
	if (!A->pelem) {
		free(t.buf);
		return lay_error_set(err, LAY_ENOMEM, tptr, -1, "out of memory");
	}
	memset(A->pelem, 0xff, sizeof *A->pelem * (size_t)(npts ? npts : 1));
	int w = d->naxes + 1;
	for (size_t i = 0; i < t.n; i++) {
		const int64_t *row = t.buf + i * (size_t)w, *c = row + 1;
		int64_t r = 0, l, g = 0, gs = 1;
		for (int k = 0; k < A->nslot; k++)
			r = r * A->ext[A->slot_axes[k]] + c[A->slot_axes[k]];
		if (A->lane_axis >= 0) {
			l = c[A->lane_axis];
		} else {
			l = c[A->thread_axis] % A->lanes;
			g = c[A->thread_axis] / A->lanes;
			gs = A->twarps;
		}
		for (int k = 0; k < A->ngrp; k++) {
			g += gs * c[A->grp_axes[k]];
			gs *= A->ext[A->grp_axes[k]];
		}
		int64_t p = (g * A->L + l) * A->R + r;
		if (A->pelem[p] >= 0 && A->pelem[p] != row[0]) {
			char e1[128], e2[128];
			elem_str(d, A->pelem[p], e1, sizeof e1);
			elem_str(d, row[0], e2, sizeof e2);
			free(t.buf);
			return lay_error_set(err, LAY_ESCHEMA, tptr, -1,
					     "the threads layout puts elements %s and %s in one "
					     "register of one thread: a register holds one element",
					     e1, e2);
		}
		A->pelem[p] = (int32_t)row[0];
	}
	free(t.buf);

	/* Registers that repeat another register's element for every thread
	 * are one value held twice: no instruction reads them (Triton drops
	 * such broadcast register bases the same way). */
	A->rpow2 = acc_is_pow2(A->R);
	A->R2 = A->R;
	if (A->rpow2) {
		int nb = acc_log2i(A->R);
		for (int j = 0; j < nb; j++) {
			int64_t bit = INT64_C(1) << j;
			bool same = true;
			for (int64_t gl = 0; gl < A->G * A->L && same; gl++)
				for (int64_t r = 0; r < A->R && same; r++)
					if (!(r & bit))
						same = A->pelem[gl * A->R + r] ==
						       A->pelem[gl * A->R + (r | bit)];
			if (!same)
				A->kept[A->nkept++] = j;
		}
		A->R2 = INT64_C(1) << A->nkept;
	}
	return 0;
}

/* Register index of the compacted register r2. */
int64_t acc_expand_reg(const struct acc *A, int64_t r2)
{
	if (!A->rpow2)
		return r2;
	int64_t r = 0;
	for (int k = 0; k < A->nkept; k++)
		if (r2 & (INT64_C(1) << k))
			r |= INT64_C(1) << A->kept[k];
	return r;
}

/* f[q]: the offset compacted point q touches, under offsets eoff. */
static int fill_f(struct acc *A, const int64_t *eoff, struct lay_error *err)
{
	int64_t n = A->G * A->L * A->R2;
	if (!A->f) {
		A->f = malloc(sizeof *A->f * (size_t)(n ? n : 1));
		A->regmap = malloc(sizeof *A->regmap * (size_t)A->R2);
		if (!A->f || !A->regmap)
			return lay_error_set(err, LAY_ENOMEM, A->thr->ptr, -1, "out of memory");
	}
	int64_t *map = malloc(sizeof *map * (size_t)A->R2);
	if (!map)
		return lay_error_set(err, LAY_ENOMEM, A->thr->ptr, -1, "out of memory");
	for (int64_t r2 = 0; r2 < A->R2; r2++)
		map[r2] = acc_expand_reg(A, r2);
	for (int64_t gl = 0; gl < A->G * A->L; gl++)
		for (int64_t r2 = 0; r2 < A->R2; r2++) {
			int32_t e = A->pelem[gl * A->R + map[r2]];
			A->f[gl * A->R2 + r2] = e >= 0 ? eoff[e] : -1;
		}
	free(map);
	return 0;
}

/* ------------------------------------------------------------------ */
/* Vector width                                                        */

/* Compacted register of vector slot s in register group ig. */
static int64_t reg_of(const struct acc *A, const struct count *C, int64_t ig, int64_t s)
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
static bool try_vector(const struct acc *A, struct count *C, int64_t v)
{
	int k = acc_log2i(v);
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
	for (int64_t ig = 0; ig < groups; ig++)
		for (int64_t s = 0; s < v; s++)
			A->regmap[ig * v + s] = reg_of(A, C, ig, s);
	for (int64_t gl = 0; gl < A->G * A->L; gl++)
		for (int64_t ig = 0; ig < groups; ig++) {
			const int64_t *fr = A->f + gl * A->R2, *rm = A->regmap + ig * v;
			int64_t base = fr[rm[0]];
			for (int64_t s = 1; s < v; s++) {
				int64_t o = fr[rm[s]];
				if (base < 0 ? o >= 0 : o != base + s)
					return false;
			}
			if (base >= 0 && base % v)
				return false;
		}
	return true;
}

/* ------------------------------------------------------------------ */
/* Counting                                                            */

static int cmp_i64(const void *a, const void *b)
{
	int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
	return (x > y) - (x < y);
}

/* Distinct words of one wavefront, sorted; returns the count. */
static size_t wavefront_words(const struct acc *A, const struct count *C, int64_t g, int64_t ig,
			      int64_t wf, int64_t *words)
{
	size_t n = 0;
	int64_t lanes[ACC_MAX_LANES];
	int64_t nl = acc_phase_lanes(A, C, wf, lanes);
	const int64_t *rm = A->regmap + ig * C->v;
	for (int64_t k = 0; k < nl; k++) {
		const int64_t *fr = A->f + (g * A->L + lanes[k]) * A->R2;
		for (int64_t s = 0; s < C->v; s++) {
			int64_t o = fr[rm[s]];
			if (o >= 0)
				words[n++] = o * A->bits / 32;
		}
	}
	if (n > 128) {
		qsort(words, n, sizeof *words, cmp_i64);
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

static int64_t wavefront_cost(const struct acc *A, const int64_t *words, size_t n,
			      int64_t *bank_out)
{
	int64_t per[ACC_MAX_BANKS] = { 0 }, best = 0, bank = 0;
	for (size_t k = 0; k < n; k++)
		if (++per[words[k] % A->banks] > best) {
			best = per[words[k] % A->banks];
			bank = words[k] % A->banks;
		}
	if (bank_out)
		*bank_out = bank;
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
static int64_t analytic(const struct acc *A, const struct count *C)
{
	if (!A->bijective || !acc_is_pow2(A->noff) || !A->rpow2 || !acc_is_pow2(A->L) ||
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

/*
 * Count the access under offsets eoff.  A non-zero `bound` gives up (and
 * returns 1) as soon as more wavefronts than that are needed: the swizzle
 * search only wants candidates that beat the best so far.
 */
int acc_count_access(struct acc *A, const int64_t *eoff, struct count *C, bool need_vec,
		     const char *vptr, int64_t bound, struct lay_error *err)
{
	int rc = fill_f(A, eoff, err);
	if (rc)
		return rc;
	memset(C, 0, sizeof *C);
	int64_t maxv = ACC_MAX_ACCESS / A->bits;
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
	for (int64_t g = 0; g < A->G; g++)
		for (int64_t ig = 0; ig < C->instr_regs; ig++)
			for (int64_t wf = 0; wf < C->wf_per_instr; wf++) {
				size_t n = wavefront_words(A, C, g, ig, wf, words);
				if (!n)
					continue;
				int64_t cost = wavefront_cost(A, words, n, NULL);
				C->total += cost;
				if (bound && C->total > bound) {
					free(words);
					return 1;
				}
				C->ideal++;
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
	free(words);
	C->analytic = analytic(A, C);
	return 0;
}

/* ------------------------------------------------------------------ */
/* The report                                                          */

/* The user's coordinates of compacted point (g, l, r2) of the threads layout. */
json_t *acc_point_json(const struct acc *A, int64_t g, int64_t l, int64_t r2)
{
	const struct lay_def *d = A->thr;
	int64_t c[LAYOUTD_MAX_AXES] = { 0 };
	int64_t r = acc_expand_reg(A, r2);
	for (int k = A->nslot - 1; k >= 0; k--) {
		c[A->slot_axes[k]] = r % A->ext[A->slot_axes[k]];
		r /= A->ext[A->slot_axes[k]];
	}
	if (A->lane_axis >= 0) {
		c[A->lane_axis] = l;
	} else {
		c[A->thread_axis] = (g % A->twarps) * A->lanes + l;
		g /= A->twarps;
	}
	for (int k = 0; k < A->ngrp; k++) {
		c[A->grp_axes[k]] = g % A->ext[A->grp_axes[k]];
		g /= A->ext[A->grp_axes[k]];
	}
	json_t *o = json_object();
	for (int a = 0; a < d->naxes; a++)
		json_object_set_new(o, d->axes[a].name, json_integer(c[a]));
	return o;
}

json_t *acc_number(int64_t num, int64_t den)
{
	if (den && num % den == 0)
		return json_integer(num / den);
	return json_real(den ? (double)num / (double)den : 0.0);
}

/* One wavefront in full: which lanes touch which word of which bank. */
static json_t *wavefront_json(const struct acc *A, const struct count *C, int64_t g, int64_t ig,
			      int64_t wf, bool all_banks, int64_t only_bank)
{
	int64_t lanes[ACC_MAX_LANES];
	int64_t nl = acc_phase_lanes(A, C, wf, lanes);
	json_t *regs = json_array();
	for (int64_t s = 0; s < C->v; s++)
		json_array_append_new(regs, json_integer(acc_expand_reg(A, reg_of(A, C, ig, s))));
	json_t *o = json_pack("{s:I,s:I,s:o,s:[I,I]}", "instruction",
			      (json_int_t)(g * C->instr_regs + ig), "wavefront", (json_int_t)wf,
			      "registers", regs, "lanes", (json_int_t)(nl ? lanes[0] : 0),
			      (json_int_t)(nl ? lanes[nl - 1] : 0));
	if (!acc_phase_consecutive(A, C)) {
		json_t *pl = json_array();
		for (int64_t k = 0; k < nl; k++)
			json_array_append_new(pl, json_integer(lanes[k]));
		json_object_set_new(o, "phase_lanes", pl);
	}
	/* per bank: its distinct words, each with the accesses that touch it */
	json_t *banks = json_array(), *conflicting = json_array();
	int64_t worst = 0, worst_bank = -1;
	for (int64_t b = 0; b < A->banks; b++) {
		if (!all_banks && b != only_bank)
			continue;
		json_t *ws = json_array();
		int64_t wl[ACC_MAX_ACCESS * ACC_LANES];
		size_t nw = 0;
		for (int64_t kl = 0; kl < nl; kl++)
			for (int64_t s = 0; s < C->v; s++) {
				int64_t l = lanes[kl];
				int64_t o2 = A->f[(g * A->L + l) * A->R2 + reg_of(A, C, ig, s)];
				if (o2 < 0 || (o2 * A->bits / 32) % A->banks != b)
					continue;
				int64_t w = o2 * A->bits / 32;
				bool seen = false;
				for (size_t k = 0; k < nw && !seen; k++)
					seen = wl[k] == w;
				if (!seen)
					wl[nw++] = w;
			}
		qsort(wl, nw, sizeof *wl, cmp_i64);
		for (size_t k = 0; k < nw; k++) {
			json_t *acc = json_array();
			for (int64_t kl = 0; kl < nl; kl++)
				for (int64_t s = 0; s < C->v; s++) {
					int64_t l = lanes[kl];
					int64_t r2 = reg_of(A, C, ig, s);
					int64_t o2 = A->f[(g * A->L + l) * A->R2 + r2];
					if (o2 < 0 || o2 * A->bits / 32 != wl[k])
						continue;
					int32_t e = A->pelem[(g * A->L + l) * A->R +
							     acc_expand_reg(A, r2)];
					json_array_append_new(
						acc, json_pack("{s:I,s:o,s:o,s:I}", "lane",
							       (json_int_t)l, "place",
							       acc_point_json(A, g, l, r2),
							       "logical", acc_elem_json(A->mem, e),
							       "offset", (json_int_t)o2));
				}
			json_array_append_new(ws, json_pack("{s:I,s:o}", "word", (json_int_t)wl[k],
							    "accesses", acc));
		}
		if ((int64_t)nw > worst) {
			worst = (int64_t)nw;
			worst_bank = b;
		}
		if (nw > 1)
			json_array_append_new(conflicting, json_integer(b));
		if (all_banks)
			json_array_append_new(
				banks, json_pack("{s:I,s:o}", "bank", (json_int_t)b, "words", ws));
		else
			json_object_set_new(o, "words", ws);
	}
	if (all_banks) {
		json_object_set_new(o, "ways", json_integer(worst));
		json_object_set_new(o, "conflicting_banks", conflicting);
		json_object_set_new(o, "banks", banks);
	} else {
		json_decref(banks);
		json_decref(conflicting);
		json_object_set_new(o, "bank", json_integer(worst_bank));
		json_object_set_new(o, "ways", json_integer(worst));
	}
	return o;
}

json_t *acc_count_json(const struct acc *A, const struct count *C)
{
	json_t *o = json_pack(
		"{s:s,s:s,s:i,s:{s:I,s:I},s:I,s:I,s:I,s:I,s:I,s:o,s:I}", "target",
		acc_target_name(A->target), "op", A->op, "element_bits", A->bits, "vector",
		"elements", (json_int_t)C->v, "bits", (json_int_t)(C->v * A->bits),
		"lanes_per_wavefront", (json_int_t)C->lanes_per_wf, "instructions",
		(json_int_t)C->instructions, "wavefronts_per_instruction",
		(json_int_t)C->wf_per_instr, "wavefronts", (json_int_t)C->total, "ideal_wavefronts",
		(json_int_t)C->ideal, "bank_conflicts", acc_number(C->total - C->ideal, C->ideal),
		"max_ways", (json_int_t)C->max_ways);
	if (C->analytic >= 0)
		json_object_set_new(o, "analytic", json_integer(C->analytic));
	/* the target's hardware, for a reader drawing the banks of a wave */
	json_object_set_new(o, "banks", json_integer(A->banks));
	json_object_set_new(o, "wave_lanes", json_integer(A->lanes));
	return o;
}

/* ------------------------------------------------------------------ */
/* Entry point                                                         */

static int parse_spec(struct acc *A, json_t *access, const char *aptr, json_t **threads,
		      json_t **show, json_t **sug, const char **sug_ptr, struct lay_error *err)
{
	char q[LAY_ERR_PTR];
	const char *key;
	json_t *val;
	if (!json_is_object(access))
		return lay_error_set(err, LAY_ESCHEMA, aptr, -1,
				     "access must be an object: {\"threads\": {...}, "
				     "\"element_bits\": 16}");
	json_object_foreach(access, key, val)
	{
		lay_ptr_join(q, sizeof q, aptr, key);
		if (strcmp(key, "threads") == 0) {
			*threads = val;
		} else if (strcmp(key, "element_bits") == 0) {
			int64_t b;
			if (lay_json_int(val, q, &b, err))
				return err ? err->code : LAY_ESCHEMA;
			if (!acc_is_pow2(b) || b > ACC_MAX_ACCESS)
				return lay_error_set(
					err, LAY_ERANGE, q, -1,
					"element_bits is %lld: the bank rule needs a power of two "
					"from 1 to 128, so that elements tile 32-bit words",
					(long long)b);
			A->bits = (int)b;
		} else if (strcmp(key, "vector") == 0) {
			if (lay_json_int(val, q, &A->vec_req, err))
				return err ? err->code : LAY_ESCHEMA;
			if (!acc_is_pow2(A->vec_req))
				return lay_error_set(
					err, LAY_ERANGE, q, -1,
					"vector is %lld elements per lane: it must be a "
					"power of two",
					(long long)A->vec_req);
		} else if (strcmp(key, "op") == 0) {
			const char *s = json_string_value(val);
			if (!s || (strcmp(s, "load") && strcmp(s, "store")))
				return lay_error_set(err, LAY_ESCHEMA, q, -1,
						     "op is \"load\" or \"store\"");
			A->op = s;
		} else if (strcmp(key, "target") == 0) {
			if (acc_parse_target(A, val, q, err))
				return err ? err->code : LAY_ESCHEMA;
		} else if (strcmp(key, "space") == 0) {
			const char *s = json_string_value(val);
			if (!s || (strcmp(s, "shared") && strcmp(s, "global")))
				return lay_error_set(err, LAY_ESCHEMA, q, -1,
						     "space is \"shared\" (bank conflicts) or "
						     "\"global\" (coalescing into sectors)");
			A->global = strcmp(s, "global") == 0;
		} else if (strcmp(key, "show") == 0) {
			*show = val;
		} else if (strcmp(key, "suggest") == 0) {
			*sug = val;
			*sug_ptr = "/access/suggest";
		} else {
			return lay_error_set(
				err, LAY_ESCHEMA, q, -1,
				"unknown member \"%s\" in access (threads, "
				"element_bits, vector, op, target, space, show, suggest)",
				key);
		}
	}
	if (!*threads)
		return lay_error_set(err, LAY_ESCHEMA, aptr, -1,
				     "access needs \"threads\": the distributed layout (lane, "
				     "warp, registers) that reads or writes the shared layout");
	return 0;
}

/* A definition's own element width: its "element_bits" member, or what its
 * notation read from a type or a flag (structure.swizzle / .ttgir). */
static int def_bits(json_t *def_json, json_t *structure)
{
	json_t *v = json_object_get(def_json, "element_bits");
	if (json_is_integer(v) && json_integer_value(v) > 0)
		return (int)json_integer_value(v);
	static const char *const kinds[] = { "swizzle", "ttgir" };
	for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++) {
		v = json_object_get(json_object_get(structure, kinds[k]), "element_bits");
		if (json_is_integer(v) && json_integer_value(v) > 0)
			return (int)json_integer_value(v);
	}
	return 0;
}

/*
 * The element width: access.element_bits, else the layout's, else the
 * threads layout's.  A given width that contradicts the layout's is kept
 * (the request says so explicitly) with a warning.
 */
static int settle_bits(struct acc *A, json_t *analysis, json_t *layout_json, json_t *threads,
		       json_t *warnings, struct lay_error *err)
{
	int lb = def_bits(layout_json, json_object_get(analysis, "structure"));
	if (!lb) {
		json_t *ts = A->thr->ops->structure ? A->thr->ops->structure(A->thr) : NULL;
		lb = def_bits(threads, ts);
		json_decref(ts);
	}
	if (A->bits && lb && lb != A->bits) {
		char m[256];
		snprintf(m, sizeof m,
			 "access.element_bits is %d but the layouts say %d bits: the access uses "
			 "%d",
			 A->bits, lb, A->bits);
		json_array_append_new(warnings, json_pack("{s:s,s:s}", "code",
							  "element_bits_differs", "message", m));
	}
	if (!A->bits)
		A->bits = lb;
	if (!A->bits)
		return lay_error_set(err, LAY_ESCHEMA, "/access", -1,
				     "access needs \"element_bits\" (the element width: 16 for "
				     "f16, 32 for f32) unless the layout carries it");
	if (!acc_is_pow2(A->bits) || A->bits > ACC_MAX_ACCESS)
		return lay_error_set(
			err, LAY_ERANGE, "/access", -1,
			"the layout's elements are %d bits wide: the bank rule needs a "
			"power of two from 1 to 128",
			A->bits);
	if (A->vec_req && A->vec_req * A->bits > ACC_MAX_ACCESS)
		return lay_error_set(err, LAY_ERANGE, "/access/vector", -1,
				     "vector %lld of %d-bit elements is %lld bits: one lane "
				     "moves at most 128 bits per instruction",
				     (long long)A->vec_req, A->bits,
				     (long long)(A->vec_req * A->bits));
	return 0;
}

static int parse_show(const struct count *C, json_t *show, int64_t *instr, int64_t *wf,
		      struct lay_error *err)
{
	if (!show)
		return 0;
	if (!json_is_object(show))
		return lay_error_set(err, LAY_ESCHEMA, "/access/show", -1,
				     "show is {\"instruction\": i, \"wavefront\": k}");
	const char *key;
	json_t *val;
	json_object_foreach(show, key, val)
	{
		char q[LAY_ERR_PTR];
		lay_ptr_join(q, sizeof q, "/access/show", key);
		int64_t *dst = strcmp(key, "instruction") == 0 ? instr
			       : strcmp(key, "wavefront") == 0 ? wf
							       : NULL;
		if (!dst)
			return lay_error_set(err, LAY_ESCHEMA, q, -1,
					     "unknown member \"%s\" in show (instruction, "
					     "wavefront)",
					     key);
		if (lay_json_int(val, q, dst, err))
			return err ? err->code : LAY_ESCHEMA;
		int64_t lim = dst == instr ? C->instructions : C->wf_per_instr;
		if (*dst < 0 || *dst >= lim)
			return lay_error_set(err, LAY_ERANGE, q, -1, "%s %lld is outside 0..%lld",
					     key, (long long)*dst, (long long)lim - 1);
	}
	return 0;
}

int lay_access_attach(json_t *analysis, struct lay_def *layout, json_t *layout_json, json_t *access,
		      json_t *suggest_v, const char *suggest_ptr, const struct lay_options *opt,
		      struct lay_error *err)
{
	struct acc A = { 0 };
	struct count C;
	json_t *threads = NULL, *show = NULL, *res = NULL, *warnings = json_array();
	struct lay_def *thr = NULL;
	int rc;
	A.mem = layout;
	A.op = "load";
	A.target = ACC_NVIDIA;
	A.lanes = ACC_LANES;
	A.banks = ACC_BANKS;
	A.examples = opt && opt->examples > 0 ? opt->examples : LAYOUTD_DEFAULT_EXAMPLES;
	if (A.examples > ACC_MAX_EX)
		A.examples = ACC_MAX_EX;
	if ((rc = parse_spec(&A, access, "/access", &threads, &show, &suggest_v, &suggest_ptr,
			     err)))
		goto out;
	if (suggest_v) {
		const char *s = json_string_value(suggest_v);
		if (!s || strcmp(s, "swizzle") != 0) {
			rc = lay_error_set(err, LAY_ESCHEMA, suggest_ptr, -1,
					   "suggest takes \"swizzle\"");
			goto out;
		}
	}
	if (!(thr = lay_def_new(threads, "/access/threads", opt, err))) {
		rc = err ? err->code : LAY_ESCHEMA;
		goto out;
	}
	A.thr = thr;
	if ((rc = settle_bits(&A, analysis, layout_json, threads, warnings, err)))
		goto out;
	bool same = thr->rank == layout->rank;
	for (int k = 0; same && k < thr->rank; k++)
		same = thr->shape[k] == layout->shape[k];
	if (!same) {
		char a[128] = "", b[128] = "";
		for (int k = 0; k < thr->rank; k++)
			snprintf(a + strlen(a), sizeof a - strlen(a), "%s%lld", k ? ", " : "",
				 (long long)thr->shape[k]);
		for (int k = 0; k < layout->rank; k++)
			snprintf(b + strlen(b), sizeof b - strlen(b), "%s%lld", k ? ", " : "",
				 (long long)layout->shape[k]);
		rc = lay_error_set(err, LAY_ESHAPE, "/access/threads", -1,
				   "the access covers a [%s] tile and the layout a [%s] one: "
				   "both must describe the same logical tile",
				   a, b);
		goto out;
	}
	if ((rc = acc_read_memory(&A, layout->ptr, err)) ||
	    (rc = acc_read_threads(&A, "/access/threads", err)) ||
	    (rc = acc_check_lanes(&A, warnings, err)))
		goto out;
	if (A.global && (suggest_v || show)) {
		rc = lay_error_set(err, LAY_ESCHEMA, suggest_v ? suggest_ptr : "/access/show", -1,
				   "%s belongs to a shared-memory access: a global access has no "
				   "banks",
				   suggest_v ? "suggest" : "show");
		goto out;
	}
	if ((rc = acc_count_access(&A, A.eoff, &C, true, "/access/vector", 0, err)))
		goto out;
	if (A.global) {
		if (!(res = acc_global_json(&A, &C, err))) {
			rc = err ? err->code : LAY_ENOMEM;
			goto out;
		}
		json_object_set_new(res, "warnings", warnings);
		warnings = NULL;
		json_object_set_new(analysis, "access", res);
		res = NULL;
		rc = 0;
		goto out;
	}
	res = acc_count_json(&A, &C);
	if (C.analytic >= 0 && C.total % C.ideal == 0 &&
	    C.analytic != (C.total - C.ideal) / C.ideal) {
		char m[256];
		snprintf(m, sizeof m,
			 "Triton's closed form gives %lld conflicts, the enumeration %lld: the "
			 "closed form only counts lanes that differ in whole 128-byte rows",
			 (long long)C.analytic, (long long)((C.total - C.ideal) / C.ideal));
		json_array_append_new(
			warnings, json_pack("{s:s,s:s}", "code", "analytic_differs", "message", m));
	}
	if (A.replicated) {
		char m[256];
		snprintf(m, sizeof m,
			 "%lld placements put an element at a second offset: the access "
			 "reads each element at its lowest offset",
			 (long long)A.replicated);
		json_array_append_new(warnings, json_pack("{s:s,s:s}", "code", "replicated_offsets",
							  "message", m));
	}
	json_object_set_new(res, "warnings", warnings);
	warnings = NULL;
	json_t *ex = json_array();
	int64_t *words = malloc(sizeof *words * (size_t)(C.lanes_per_wf * C.v + 1));
	if (!words) {
		rc = lay_error_set(err, LAY_ENOMEM, "/access", -1, "out of memory");
		goto out;
	}
	for (int k = 0; k < C.nworst; k++) {
		int64_t bank = 0;
		size_t n =
			wavefront_words(&A, &C, C.worst[k][0], C.worst[k][1], C.worst[k][2], words);
		wavefront_cost(&A, words, n, &bank);
		json_array_append_new(ex, wavefront_json(&A, &C, C.worst[k][0], C.worst[k][1],
							 C.worst[k][2], false, bank));
	}
	free(words);
	json_object_set_new(res, "examples", ex);
	int64_t si = C.nworst ? C.worst[0][0] * C.instr_regs + C.worst[0][1] : 0;
	int64_t sw = C.nworst ? C.worst[0][2] : 0;
	if ((rc = parse_show(&C, show, &si, &sw, err)))
		goto out;
	if (C.instructions && C.wf_per_instr)
		json_object_set_new(
			res, "view",
			wavefront_json(&A, &C, si / C.instr_regs, si % C.instr_regs, sw, true, -1));
	if (suggest_v) {
		json_t *s = acc_suggest(&A, &C, layout_json, opt, err);
		if (!s) {
			rc = err ? err->code : LAY_ENOMEM;
			goto out;
		}
		json_object_set_new(res, "suggestion", s);
	}
	json_object_set_new(analysis, "access", res);
	res = NULL;
	rc = 0;
out:
	json_decref(res);
	json_decref(warnings);
	lay_def_free(thr);
	free(A.eoff);
	free(A.pelem);
	free(A.f);
	free(A.regmap);
	return rc;
}
