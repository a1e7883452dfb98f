/*
 * enumerate_fast.c - the enumeration of clean layouts at memory speed.
 *
 * When a layout has a closed form that structural.c decides with no
 * collision, duplicate or out-of-bounds placement (the common, correct
 * case), its counts are known; what is left is to visit every placement for
 * the fingerprint and the hole and unplaced examples.  This does it in one
 * pass with no call per placement: an odometer over the iters (axe, cute
 * memory) adding one precomputed stride per step, an inverse table of 4
 * bytes per element (cute tv), or the XOR of a precomputed column per
 * element (linear, by the inverse of its bases).  The points are the
 * fingerprint's own indices (axes in name order), the occupancy is a
 * bitset, and the body bytes go straight into the hash buffer.
 *
 * Anything else (probes, collisions, out-of-bounds placements, a layout
 * without a closed form or with a per-point transform) takes the general
 * enumeration in enumerate.c, which reports the examples those need.
 */
#define _GNU_SOURCE /* qsort_r */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <nettle/sha2.h>

#include "gf2.h"
#include "layout.h"
#include "run.h"

/* The fingerprint body, buffered. */
struct body {
	struct sha256_ctx sha;
	size_t n;
	uint8_t b[1 << 16];
};

static inline void body_flush(struct body *B)
{
	sha256_update(&B->sha, B->n, B->b);
	B->n = 0;
}

static inline void put32(uint8_t *p, uint32_t v)
{
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	memcpy(p, &v, 4);
#else
	for (int i = 0; i < 4; i++)
		p[i] = (uint8_t)(v >> (8 * i));
#endif
}

static inline void put64(uint8_t *p, uint64_t v)
{
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	memcpy(p, &v, 8);
#else
	for (int i = 0; i < 8; i++)
		p[i] = (uint8_t)(v >> (8 * i));
#endif
}

/* One element with one point: the hot path. */
static inline void body_one(struct body *B, uint64_t q)
{
	if (B->n > sizeof B->b - 12)
		body_flush(B);
	put32(B->b + B->n, 1);
	put64(B->b + B->n + 4, q);
	B->n += 12;
}

static int cmp_i64(const void *a, const void *b)
{
	int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
	return (x > y) - (x < y);
}

/* An element's points, ascending (distinct: proven). */
static void body_many(struct body *B, int64_t *q, size_t n)
{
	if (n < 16) {
		for (size_t i = 1; i < n; i++) {
			int64_t v = q[i];
			size_t j = i;
			while (j > 0 && q[j - 1] > v) {
				q[j] = q[j - 1];
				j--;
			}
			q[j] = v;
		}
	} else {
		qsort(q, n, sizeof *q, cmp_i64);
	}
	if (B->n > sizeof B->b - 4)
		body_flush(B);
	put32(B->b + B->n, (uint32_t)n);
	B->n += 4;
	for (size_t i = 0; i < n; i++) {
		if (B->n > sizeof B->b - 8)
			body_flush(B);
		put64(B->b + B->n, (uint64_t)q[i]);
		B->n += 8;
	}
}

void run_fingerprint(const struct lay_def *def, const int *order, const int64_t *ext,
		     struct sha256_ctx *body, char fingerprint[72])
{
	char buf[256];
	uint8_t digest[SHA256_DIGEST_SIZE];
	sha256_digest(body, sizeof digest, digest);
	struct sha256_ctx fin;
	sha256_init(&fin);
	snprintf(buf, sizeof buf, "layoutd-fingerprint/1\nshape");
	sha256_update(&fin, strlen(buf), (const uint8_t *)buf);
	for (int d = 0; d < def->rank; d++) {
		snprintf(buf, sizeof buf, " %lld", (long long)def->shape[d]);
		sha256_update(&fin, strlen(buf), (const uint8_t *)buf);
	}
	sha256_update(&fin, 5, (const uint8_t *)"\naxes");
	for (int a = 0; a < def->naxes; a++) {
		int k = order[a];
		snprintf(buf, sizeof buf, " %s=%lld", def->axes[k].name, (long long)ext[k]);
		sha256_update(&fin, strlen(buf), (const uint8_t *)buf);
	}
	sha256_update(&fin, 6, (const uint8_t *)"\nbody ");
	sha256_update(&fin, SHA256_DIGEST_SIZE, digest);
	sha256_digest(&fin, SHA256_DIGEST_SIZE, digest);
	memcpy(fingerprint, "sha256:", 7);
	for (int i = 0; i < SHA256_DIGEST_SIZE; i++)
		snprintf(fingerprint + 7 + 2 * i, 3, "%02x", digest[i]);
}

struct fast {
	const struct lay_def *def;
	const struct facts *F;
	int examples;
	int64_t ns[LAYOUTD_MAX_AXES]; /* per axis: its stride in the name order */
	struct body *B;
	json_t *holes, *unplaced;
};

/*
 * The first holes in point order (axes in definition order, as the
 * enumeration lists them); in(q) says whether name-order point q is
 * occupied.
 */
static void hole_examples(struct fast *X, bool (*in)(struct fast *, int64_t q, const int64_t *c))
{
	const struct lay_def *def = X->def;
	int64_t c[LAYOUTD_MAX_AXES] = { 0 }, found = 0, q = 0;
	if (!X->F->holes)
		return;
	for (int64_t p = 0; p < X->F->phys_size; p++) {
		if (!in(X, q, c)) {
			json_array_append_new(
				X->holes, json_pack("{s:o}", "physical", run_coord_json(def, c)));
			if (++found == X->F->holes || found >= X->examples)
				return;
		}
		for (int a = def->naxes - 1; a >= 0; a--) { /* odometer, last axis fastest */
			q += X->ns[a];
			if (++c[a] < X->F->ext[a])
				break;
			q -= X->ns[a] * X->F->ext[a];
			c[a] = 0;
		}
	}
}

/* ------------------------------------------------------------------ */
/* FORWARD: an odometer over the shard iters in element order.          */

struct fwd {
	uint64_t *occ;
};

static struct fwd *fwd_of(struct fast *X)
{
	return (struct fwd *)(X + 1);
}

static bool fwd_in(struct fast *X, int64_t q, const int64_t *c)
{
	(void)c;
	const uint64_t *occ = fwd_of(X)->occ;
	return (occ[q >> 6] >> (q & 63)) & 1;
}

static int fast_forward(struct fast *X, const struct lay_form *f, struct lay_error *err)
{
	const struct lay_def *def = X->def;
	int n = f->nord;
	int64_t E[LAYOUTD_MAX_ITERS], dq[LAYOUTD_MAX_ITERS], c[LAYOUTD_MAX_ITERS] = { 0 };
	int64_t rE[LAYOUTD_MAX_ITERS], rdq[LAYOUTD_MAX_ITERS], rc[LAYOUTD_MAX_ITERS] = { 0 };
	int nr = 0;
	int64_t q = 0, R = 1;
	for (int a = 0; a < def->naxes; a++)
		q += f->offset[a] * X->ns[a];
	for (int k = 0; k < n; k++) {
		const struct lay_form_iter *it = &f->it[f->ord[k]];
		E[k] = it->extent;
		dq[k] = it->stride * X->ns[it->axis];
	}
	for (int k = 0; k < f->n; k++)
		if (f->it[k].replica) {
			rE[nr] = f->it[k].extent;
			rdq[nr++] = f->it[k].stride * X->ns[f->it[k].axis];
			R *= f->it[k].extent;
		}
	size_t words = (size_t)(X->F->phys_size + 63) / 64;
	uint64_t *occ = calloc(words ? words : 1, sizeof *occ);
	int64_t *pts = malloc(sizeof *pts * (size_t)R);
	if (!occ || !pts) {
		free(occ);
		free(pts);
		return lay_error_set(err, LAY_ENOMEM, def->ptr, -1, "out of memory");
	}
	fwd_of(X)->occ = occ;
	struct body *B = X->B;
	uint64_t clash = 0;
	int64_t E0 = n ? E[0] : 1, d0 = n ? dq[0] : 0;
	for (;;) {
		if (R == 1) {
			int64_t x = q;
			for (int64_t j = 0; j < E0; j++, x += d0) {
				uint64_t bit = (uint64_t)1 << (x & 63);
				clash |= occ[x >> 6] & bit;
				occ[x >> 6] |= bit;
				body_one(B, (uint64_t)x);
			}
		} else {
			for (int64_t j = 0; j < E0; j++) {
				int64_t x = q + j * d0, r = 0;
				for (;;) {
					uint64_t bit = (uint64_t)1 << (x & 63);
					clash |= occ[x >> 6] & bit;
					occ[x >> 6] |= bit;
					pts[r++] = x;
					int k = 0;
					for (; k < nr; k++) { /* replica odometer */
						x += rdq[k];
						if (++rc[k] < rE[k])
							break;
						x -= rdq[k] * rE[k];
						rc[k] = 0;
					}
					if (k == nr)
						break;
				}
				body_many(B, pts, (size_t)r);
			}
		}
		int k = 1;
		for (; k < n; k++) {
			q += dq[k];
			if (++c[k] < E[k])
				break;
			q -= dq[k] * E[k];
			c[k] = 0;
		}
		if (k >= n)
			break;
	}
	free(pts);
	if (clash) /* never, by the structural proof: enumerate instead */
		return 0;
	hole_examples(X, fwd_in);
	return 1;
}

/* ------------------------------------------------------------------ */
/* TV: an inverse table, tile index -> the element's first point.       */

struct tvx {
	int64_t threads, values;
	int a_thread, a_value;
};

static struct tvx *tv_of(struct fast *X)
{
	return (struct tvx *)(X + 1);
}

static bool tv_in(struct fast *X, int64_t q, const int64_t *c)
{
	const struct tvx *T = tv_of(X);
	(void)q;
	for (int a = 0; a < X->def->naxes; a++)
		if (a == T->a_thread  ? c[a] >= T->threads
		    : a == T->a_value ? c[a] >= T->values
				      : c[a] != 0)
			return false;
	return true;
}

/* The points base + an odometer over the replica digits (steps zq, extents
 * zE), into out; returns their number. */
static size_t replicas(int64_t base, const int64_t *zq, const int64_t *zE, int nz, int64_t *out)
{
	int64_t zc[2 * LAYOUTD_MAX_ITERS] = { 0 }, x = base;
	size_t r = 0;
	for (;;) {
		out[r++] = x;
		int k = 0;
		for (; k < nz; k++) {
			x += zq[k];
			if (++zc[k] < zE[k])
				break;
			x -= zq[k] * zE[k];
			zc[k] = 0;
		}
		if (k == nz)
			return r;
	}
}

/* The leaves of a TV form that move a point: extent E, index stride di
 * and point step dq; and the stride-0 leaves (replicas), extent zE and
 * point step zq, Z points per index in all. */
struct tv_leaves {
	int64_t E[2 * LAYOUTD_MAX_ITERS], di[2 * LAYOUTD_MAX_ITERS], dq[2 * LAYOUTD_MAX_ITERS];
	int64_t zE[2 * LAYOUTD_MAX_ITERS], zq[2 * LAYOUTD_MAX_ITERS];
	int n, nz;
	int64_t Z;
};

static void tv_leaves(struct fast *X, const struct lay_form *f, struct tv_leaves *L)
{
	struct tvx *T = tv_of(X);
	L->n = L->nz = 0;
	L->Z = 1;
	T->threads = T->values = 1;
	T->a_thread = f->a_thread;
	T->a_value = f->a_value;
	/* each leaf moves the thread (or value) coordinate by its colex weight */
	int64_t wt = 1, wv = 1;
	for (int k = 0; k < f->n; k++) {
		const struct lay_form_iter *it = &f->it[k];
		bool th = k < f->split;
		int64_t w = th ? wt : wv;
		int64_t step = w * X->ns[th ? f->a_thread : f->a_value];
		if (th)
			wt *= it->extent, T->threads *= it->extent;
		else
			wv *= it->extent, T->values *= it->extent;
		if (it->extent == 1)
			continue;
		if (it->stride == 0) {
			L->zE[L->nz] = it->extent;
			L->zq[L->nz++] = step;
			L->Z *= it->extent;
		} else {
			L->E[L->n] = it->extent;
			L->di[L->n] = it->stride;
			L->dq[L->n++] = step;
		}
	}
}

/*
 * A compact index map (the non-zero strides, sorted, are the running
 * products of the extents, and M is one of those products) is a mixed
 * radix of the tile: the elements then come in row-major order from an
 * odometer over the leaves, with no inverse table.  1 when done that way,
 * 0 when the map is not compact, or a negative LAY_E*.
 */
static int tv_compact(struct fast *X, const struct lay_form *f, const struct tv_leaves *L,
		      struct lay_error *err)
{
	const struct lay_def *def = X->def;
	int64_t tile = f->tile, M = def->shape[0];
	int n = L->n;
	int srt[2 * LAYOUTD_MAX_ITERS];
	for (int k = 0; k < n; k++)
		srt[k] = k;
	for (int k = 1; k < n; k++)
		for (int j = k; j > 0 && L->di[srt[j - 1]] > L->di[srt[j]]; j--) {
			int t = srt[j];
			srt[j] = srt[j - 1];
			srt[j - 1] = t;
		}
	int64_t run = 1;
	int split = -1;
	bool compact = true;
	for (int k = 0; k < n && compact; k++) {
		if (run == M)
			split = k;
		compact = L->di[srt[k]] == run;
		run *= L->E[srt[k]];
	}
	if (run == M)
		split = n;
	if (!(compact && run == tile && split >= 0 && M > 0))
		return 0;
	int64_t *zp = malloc(sizeof *zp * (size_t)L->Z);
	if (!zp)
		return lay_error_set(err, LAY_ENOMEM, def->ptr, -1, "out of memory");
	/* odometer: the n digits (strides >= M) fastest, then the m digits */
	int ord[2 * LAYOUTD_MAX_ITERS], no = 0;
	for (int k = split; k < n; k++)
		ord[no++] = srt[k];
	for (int k = 0; k < split; k++)
		ord[no++] = srt[k];
	int64_t c[2 * LAYOUTD_MAX_ITERS] = { 0 }, q = 0;
	struct body *B = X->B;
	for (;;) {
		if (L->Z == 1) {
			body_one(B, (uint64_t)q);
		} else {
			body_many(B, zp, replicas(q, L->zq, L->zE, L->nz, zp));
		}
		int k = 0;
		for (; k < no; k++) {
			q += L->dq[ord[k]];
			if (++c[k] < L->E[ord[k]])
				break;
			q -= L->dq[ord[k]] * L->E[ord[k]];
			c[k] = 0;
		}
		if (k == no)
			break;
	}
	free(zp);
	hole_examples(X, tv_in);
	return 1;
}

/* Any other TV form: a table from index to its first point (every
 * stride-0 leaf at 0), then the elements in row-major order through it. */
static int tv_inverse(struct fast *X, const struct lay_form *f, const struct tv_leaves *L,
		      struct lay_error *err)
{
	const struct lay_def *def = X->def;
	int64_t tile = f->tile, M = def->shape[0], N = def->shape[1];
	int n = L->n;
	int32_t *inv = malloc(sizeof *inv * (size_t)tile);
	int64_t *pts = malloc(sizeof *pts * (size_t)L->Z);
	if (!inv || !pts) {
		free(inv);
		free(pts);
		return lay_error_set(err, LAY_ENOMEM, def->ptr, -1, "out of memory");
	}
	memset(inv, 0xff, sizeof *inv * (size_t)tile);
	/* the points with every stride-0 leaf at 0, one per reached index */
	int64_t c[2 * LAYOUTD_MAX_ITERS] = { 0 }, idx = 0, q = 0;
	for (;;) {
		inv[idx] = (int32_t)q;
		int k = 0;
		for (; k < n; k++) {
			idx += L->di[k];
			q += L->dq[k];
			if (++c[k] < L->E[k])
				break;
			idx -= L->di[k] * L->E[k];
			q -= L->dq[k] * L->E[k];
			c[k] = 0;
		}
		if (k == n)
			break;
	}
	struct body *B = X->B;
	int64_t nun = 0;
	for (int64_t m = 0, e = 0; m < M; m++)
		for (int64_t j = 0, i = m; j < N; j++, e++, i += M) {
			int64_t base = i < tile ? inv[i] : -1;
			if (base < 0) {
				if (B->n > sizeof B->b - 4)
					body_flush(B);
				put32(B->b + B->n, 0);
				B->n += 4;
				if (nun++ < X->examples)
					json_array_append_new(X->unplaced,
							      json_pack("{s:o}", "logical",
									run_elem_json(def, e)));
				continue;
			}
			if (L->Z == 1) {
				body_one(B, (uint64_t)base);
				continue;
			}
			body_many(B, pts, replicas(base, L->zq, L->zE, L->nz, pts));
		}
	free(inv);
	free(pts);
	if (nun != X->F->unplaced)
		return 0; /* never, by the structural proof */
	hole_examples(X, tv_in);
	return 1;
}

static int fast_tv(struct fast *X, const struct lay_form *f, struct lay_error *err)
{
	struct tv_leaves L;
	tv_leaves(X, f, &L);
	int rc = tv_compact(X, f, &L, err);
	return rc ? rc : tv_inverse(X, f, &L, err);
}

/* ------------------------------------------------------------------ */
/* GF2: the inverse of the bases, one XOR per element.                   */

struct gfx {
	int nin;
	int rowlo[LAYOUTD_MAX_AXES], bits[LAYOUTD_MAX_AXES], axis[LAYOUTD_MAX_AXES];
	uint64_t in_axis_mask; /* axes that are in-dims */
};

static struct gfx *gf_of(struct fast *X)
{
	return (struct gfx *)(X + 1);
}

static bool gf_in(struct fast *X, int64_t q, const int64_t *c)
{
	const struct gfx *G = gf_of(X);
	(void)q;
	for (int a = 0; a < X->def->naxes; a++)
		if (!((G->in_axis_mask >> a) & 1) && c[a] != 0)
			return false;
	return true;
}

/* The fingerprint index of hardware point h (bit r = row r). */
static inline int64_t gf_q(const struct fast *X, const struct gfx *G, uint64_t h)
{
	int64_t q = 0;
	for (int i = 0; i < G->nin; i++)
		q += (int64_t)((h >> G->rowlo[i]) & (((uint64_t)1 << G->bits[i]) - 1)) *
		     X->ns[G->axis[i]];
	return q;
}

static int fast_gf2(struct fast *X, const struct lay_form *f, struct lay_error *err)
{
	const struct lay_def *def = X->def;
	struct gfx *G = gf_of(X);
	int nrows = f->nrows, out = f->out_bits;
	G->nin = f->nin;
	G->in_axis_mask = 0;
	for (int i = 0, r = 0; i < f->nin; i++) {
		G->rowlo[i] = r;
		G->bits[i] = f->in_bits[i];
		G->axis[i] = f->in_axis[i];
		G->in_axis_mask |= (uint64_t)1 << f->in_axis[i];
		r += f->in_bits[i];
	}
	/* Reduced row echelon form of the rows, each tagged with the in bits
	 * it combines: a row reduced to 0 is a kernel vector; with full rank a
	 * pivot row is a unit out vector and its tag a preimage. */
	uint64_t val[64], tag[64], col[64] = { 0 }, ker[64];
	int piv[64], nker;
	int npiv = lay_gf2_echelon(f->rows, nrows, val, tag, piv, ker, &nker);
	if (npiv != out) /* not surjective: the general enumeration lists the unplaced */
		return 0;
	for (int p = 0; p < npiv; p++)
		col[piv[p]] = tag[p]; /* val[p] is exactly bit piv[p] */
	/* element e -> e+1 flips bits 0..k of e: XOR the preimages of those */
	uint64_t cum[64], acc = 0;
	for (int b = 0; b < out; b++) {
		acc ^= col[b];
		cum[b] = acc;
	}
	int64_t R = (int64_t)1 << nker;
	int64_t *pts = malloc(sizeof *pts * (size_t)R);
	if (!pts)
		return lay_error_set(err, LAY_ENOMEM, def->ptr, -1, "out of memory");
	struct body *B = X->B;
	uint64_t h = 0, total = (uint64_t)1 << out;
	for (uint64_t e = 0; e < total; e++) {
		if (nker == 0) {
			body_one(B, (uint64_t)gf_q(X, G, h));
		} else {
			uint64_t x = h;
			for (int64_t s = 0; s < R; s++) { /* Gray order over the kernel */
				pts[s] = gf_q(X, G, x);
				if (s + 1 < R)
					x ^= ker[__builtin_ctzll((uint64_t)s + 1)];
			}
			body_many(B, pts, (size_t)R);
		}
		if (e + 1 < total)
			h ^= cum[__builtin_ctzll(e + 1)];
	}
	free(pts);
	hole_examples(X, gf_in);
	return 1;
}

/* ------------------------------------------------------------------ */

int run_fast(const struct lay_def *def, const int *order, int examples, struct fast_out *o,
	     struct lay_error *err)
{
	char why[128];
	struct lay_form form;
	memset(o, 0, sizeof *o);
	if (def->limit || lay_structural(def, &o->F, why, sizeof why) != 1)
		return 0;
	const struct facts *F = &o->F;
	if (F->collisions || F->duplicates || F->oob || F->mismatches ||
	    F->phys_size > def->max_points || F->placements > def->max_points)
		return 0;
	memset(&form, 0, sizeof form);
	def->ops->form(def, &form);
	if (form.kind == LAY_FORM_FORWARD && form.nord == 0)
		return 0;
	/* the occupancy bitset, a tv's inverse table, one element's places */
	int64_t per_elem = F->placements / (def->size ? def->size : 1) + 1;
	int64_t need = (F->phys_size + 63) / 64 * 8 +
		       (form.kind == LAY_FORM_TV ? 4 * def->size : 0) + 8 * per_elem;
	int rrc = lay_ctx_reserve(def->ctx, need, err);
	if (rrc)
		return rrc;
	/* struct fast, then the notation's own state */
	size_t extra =
		sizeof(struct gfx) > sizeof(struct tvx) ? sizeof(struct gfx) : sizeof(struct tvx);
	if (sizeof(struct fwd) > extra)
		extra = sizeof(struct fwd);
	struct fast *X = calloc(1, sizeof *X + extra);
	struct body *B = malloc(sizeof *B);
	if (!X || !B) {
		free(X);
		free(B);
		lay_ctx_release(def->ctx, need);
		return lay_error_set(err, LAY_ENOMEM, def->ptr, -1, "out of memory");
	}
	X->def = def;
	X->F = F;
	X->examples = examples;
	X->B = B;
	X->holes = json_array();
	X->unplaced = json_array();
	sha256_init(&B->sha);
	B->n = 0;
	int64_t s = 1;
	for (int a = def->naxes - 1; a >= 0; a--) {
		X->ns[order[a]] = s;
		s *= F->ext[order[a]];
	}
	int rc = form.kind == LAY_FORM_FORWARD ? fast_forward(X, &form, err)
		 : form.kind == LAY_FORM_TV    ? fast_tv(X, &form, err)
					       : fast_gf2(X, &form, err);
	if (form.kind == LAY_FORM_FORWARD)
		free(fwd_of(X)->occ);
	if (rc == 1) {
		if (B->n)
			body_flush(B);
		run_fingerprint(def, order, F->ext, &B->sha, o->fingerprint);
		o->holes = X->holes;
		o->unplaced = X->unplaced;
	} else {
		json_decref(X->holes);
		json_decref(X->unplaced);
	}
	free(B);
	free(X);
	lay_ctx_release(def->ctx, need);
	return rc;
}

/* ------------------------------------------------------------------ */
/* Table pages of clean forward layouts, without enumerating.          */

/* GF(2) pages: every element has 2^nker points (the layout is onto), and
 * every point of the space (each in-dim's extent is exactly 2^bits) holds
 * one element, so both tables are found directly. */
static int page_gf2_setup(const struct lay_def *def, struct run_page *pg)
{
	struct run_gf2 *g = &pg->g;
	if (pg->F.unplaced || pg->F.holes || !run_gf2_setup(def, g) || g->nin != def->naxes)
		return 0;
	for (int i = 0; i < g->nin; i++)
		if (pg->F.ext[g->axis[i]] != (int64_t)1 << g->bits[i])
			return 0;
	for (int b = 0; b < g->out_bits; b++)
		pg->h_of_bit[b] = g->cum_h[b] ^ (b ? g->cum_h[b - 1] : 0);
	pg->R = (int64_t)1 << g->nker;
	pg->gf2 = pg->invertible = true;
	return 1;
}

static int cmp_coords(const int64_t *x, const int64_t *y, int n)
{
	for (int a = 0; a < n; a++)
		if (x[a] != y[a])
			return x[a] < y[a] ? -1 : 1;
	return 0;
}

static int cmp_coords_r(const void *x, const void *y, void *n)
{
	return cmp_coords(x, y, *(const int *)n);
}

/* Ascending point order: coordinates compared axis by axis (m points of
 * n axes). */
void run_sort_coords(int64_t *coords, size_t m, int n)
{
	if (m > 16) {
		qsort_r(coords, m, sizeof *coords * (size_t)n, cmp_coords_r, &n);
		return;
	}
	for (size_t i = 1; i < m; i++)
		for (size_t j = i; j > 0; j--) {
			int64_t *x = coords + (j - 1) * (size_t)n, *y = coords + j * (size_t)n;
			if (cmp_coords(x, y, n) <= 0)
				break;
			for (int a = 0; a < n; a++) {
				int64_t t = x[a];
				x[a] = y[a];
				y[a] = t;
			}
		}
}

/* The points of element e: h0(e) xor span(ker), as coordinates. */
static size_t page_gf2_elem(const struct lay_def *def, const struct run_page *pg, int64_t e,
			    int64_t *coords)
{
	const struct run_gf2 *g = &pg->g;
	uint64_t h = 0;
	for (int b = 0; b < g->out_bits; b++)
		if ((uint64_t)e >> b & 1)
			h ^= pg->h_of_bit[b];
	size_t m = (size_t)pg->R;
	for (size_t s = 0; s < m; s++) {
		int64_t *c = coords + s * (size_t)def->naxes;
		for (int i = 0; i < g->nin; i++)
			c[g->axis[i]] =
				(int64_t)((h >> g->rowlo[i]) & (((uint64_t)1 << g->bits[i]) - 1));
		if (s + 1 < m)
			h ^= g->ker[__builtin_ctzll(s + 1)];
	}
	return m;
}

/* The element at a point: the xor of the rows of its set bits. */
static int64_t page_gf2_point(const struct run_page *pg, const int64_t *coord)
{
	const struct run_gf2 *g = &pg->g;
	uint64_t e = 0;
	for (int i = 0; i < g->nin; i++)
		for (int k = 0; k < g->bits[i]; k++)
			if ((uint64_t)coord[g->axis[i]] >> k & 1)
				e ^= pg->f.rows[g->rowlo[i] + k];
	return (int64_t)e;
}

int run_page_setup(const struct lay_def *def, struct run_page *pg)
{
	char why[128];
	memset(pg, 0, sizeof *pg);
	if (def->limit || lay_structural(def, &pg->F, why, sizeof why) != 1)
		return 0;
	const struct facts *F = &pg->F;
	if (F->collisions || F->duplicates || F->oob || F->phys_size > def->max_points ||
	    F->placements > def->max_points)
		return 0;
	def->ops->form(def, &pg->f);
	int64_t s = 1;
	for (int a = def->naxes - 1; a >= 0; a--) {
		pg->ps[a] = s;
		s *= F->ext[a];
	}
	if (pg->f.kind == LAY_FORM_GF2)
		return page_gf2_setup(def, pg);
	if (pg->f.kind != LAY_FORM_FORWARD || pg->f.nord == 0)
		return 0;
	pg->R = 1;
	for (int k = 0; k < pg->f.n; k++)
		if (pg->f.it[k].replica)
			pg->R *= pg->f.it[k].extent;
	/* The point -> element inverse needs nested positive strides. */
	pg->invertible = true;
	for (int a = 0; a < def->naxes && pg->invertible; a++) {
		int64_t reach = 0;
		int idx[2 * LAYOUTD_MAX_ITERS], n = 0;
		for (int k = 0; k < pg->f.n; k++)
			if (pg->f.it[k].axis == a && pg->f.it[k].extent > 1) {
				if (pg->f.it[k].stride <= 0)
					pg->invertible = false;
				idx[n++] = k;
			}
		for (int i = 1; i < n; i++) /* by stride, ascending */
			for (int j = i;
			     j > 0 && pg->f.it[idx[j - 1]].stride > pg->f.it[idx[j]].stride; j--) {
				int t = idx[j];
				idx[j] = idx[j - 1];
				idx[j - 1] = t;
			}
		for (int i = 0; i < n && pg->invertible; i++) {
			const struct lay_form_iter *it = &pg->f.it[idx[i]];
			if (it->stride <= reach)
				pg->invertible = false;
			reach += (it->extent - 1) * it->stride;
		}
		pg->nax_it[a] = n; /* largest stride first, for the greedy inverse */
		for (int i = 0; i < n; i++)
			pg->ax_it[a][i] = idx[n - 1 - i];
	}
	/* element weights of the shard iters, in row-major element order */
	int64_t w = 1;
	for (int k = 0; k < pg->f.nord; k++) {
		pg->weight[pg->f.ord[k]] = w;
		w *= pg->f.it[pg->f.ord[k]].extent;
	}
	return 1;
}

/* The points of element e, as coordinates, ascending; returns their count. */
size_t run_page_elem(const struct lay_def *def, const struct run_page *pg, int64_t e,
		     int64_t *coords)
{
	int n = def->naxes;
	if (pg->gf2) {
		size_t m = page_gf2_elem(def, pg, e, coords);
		run_sort_coords(coords, m, n);
		return m;
	}
	int64_t base[LAYOUTD_MAX_AXES], rc[2 * LAYOUTD_MAX_ITERS] = { 0 };
	memcpy(base, pg->f.offset, sizeof base);
	for (int k = 0; k < pg->f.nord; k++) {
		const struct lay_form_iter *it = &pg->f.it[pg->f.ord[k]];
		base[it->axis] += (e % it->extent) * it->stride;
		e /= it->extent;
	}
	size_t m = 0;
	for (;;) {
		int64_t *c = coords + m * (size_t)n;
		memcpy(c, base, sizeof *c * (size_t)n);
		for (int k = 0; k < pg->f.n; k++)
			if (pg->f.it[k].replica)
				c[pg->f.it[k].axis] += rc[k] * pg->f.it[k].stride;
		m++;
		int k = pg->f.n - 1;
		for (; k >= 0; k--) {
			if (!pg->f.it[k].replica)
				continue;
			if (++rc[k] < pg->f.it[k].extent)
				break;
			rc[k] = 0;
		}
		if (k < 0)
			break;
	}
	run_sort_coords(coords, m, n);
	return m;
}

/* The element at a point (coordinates), or -1 for a hole: per axis, the
 * digits of nested strides come out greedily, largest stride first. */
int64_t run_page_point(const struct lay_def *def, const struct run_page *pg, const int64_t *coord)
{
	if (pg->gf2)
		return page_gf2_point(pg, coord);
	int64_t e = 0;
	for (int a = 0; a < def->naxes; a++) {
		int64_t v = coord[a] - pg->f.offset[a];
		if (v < 0)
			return -1;
		for (int i = 0; i < pg->nax_it[a]; i++) {
			int k = pg->ax_it[a][i];
			int64_t c = v / pg->f.it[k].stride;
			if (c >= pg->f.it[k].extent)
				return -1;
			v -= c * pg->f.it[k].stride;
			if (!pg->f.it[k].replica)
				e += c * pg->weight[k];
		}
		if (v != 0)
			return -1;
	}
	return e;
}

/* The placements of element e of a forward form, in the walk's order (the
 * replicas last-fastest), at most max of them: their coordinates. */
size_t run_form_places(const struct lay_def *def, const struct lay_form *f, int64_t e,
		       int64_t *coords, size_t max, bool *truncated)
{
	int n = def->naxes;
	int64_t base[LAYOUTD_MAX_AXES], rc[2 * LAYOUTD_MAX_ITERS] = { 0 };
	memcpy(base, f->offset, sizeof base);
	for (int k = 0; k < f->nord; k++) {
		const struct lay_form_iter *it = &f->it[f->ord[k]];
		base[it->axis] += (e % it->extent) * it->stride;
		e /= it->extent;
	}
	size_t m = 0;
	*truncated = false;
	for (;;) {
		if (m == max) {
			*truncated = true;
			break;
		}
		int64_t *c = coords + m * (size_t)n;
		memcpy(c, base, sizeof *c * (size_t)n);
		for (int k = 0; k < f->n; k++)
			if (f->it[k].replica)
				c[f->it[k].axis] += rc[k] * f->it[k].stride;
		m++;
		int k = f->n - 1;
		for (; k >= 0; k--) {
			if (!f->it[k].replica)
				continue;
			if (++rc[k] < f->it[k].extent)
				break;
			rc[k] = 0;
		}
		if (k < 0)
			break;
	}
	return m;
}
