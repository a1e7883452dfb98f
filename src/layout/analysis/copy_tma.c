/*
 * copy_tma.c - the TMA part of the "copy" section: the rules of a tiled
 * tensor-map descriptor (CUDA driver API cuTensorMapEncodeTiled), each a
 * located error at its request member, and the shared layout TMA writes.
 *
 * Dimensions are innermost first (index 0 the contiguous one); box[0] runs
 * along the layout's last logical dimension.  Global strides are in
 * elements, one per dimension, strides[0] = 1 (the driver takes bytes and
 * omits the innermost).  TMA writes a box densely, box[0] fastest, each
 * byte address put through Swizzle<B,4,3> (B = 1, 2, 3 for 32B, 64B, 128B:
 * 16-byte chunks permuted within a 32/64/128-byte span); the boxes of a
 * tile follow each other, the outermost dimension's box index fastest (as
 * Triton's nvmma_shared tiles its swizzle atom).
 *
 * A layout over several CTAs (an owner axis "block", read per CTA as the
 * access section reads it) is copied one box set per CTA, each into its
 * own shared memory: the tile is CTA 0's part, which must be a box at the
 * origin (Triton's getShapePerCTA, the shape its TMA block is cut from).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/copy.h"

#define TMA_MAX_RANK 5

struct tma {
	int rank, eb, B; /* dimensions, element bytes, swizzle bits */
	int64_t shape[TMA_MAX_RANK], stride[TMA_MAX_RANK], box[TMA_MAX_RANK];
	int64_t nb[TMA_MAX_RANK]; /* boxes along each dimension */
	int64_t base_align;
	/* the tile one CTA's copies write, the layout's dimensions (outermost
	 * first): the whole layout, or CTA 0's part of a multi-CTA one */
	int64_t tile[LAYOUTD_MAX_RANK];
	int64_t ctas; /* the CTAs the layout spans */
};

/* An array of 1..5 integers at ptr/name into v[]; *n its length. */
static int int_array(json_t *a, const char *ptr, const char *what, int64_t *v, int *n,
		     struct lay_error *err)
{
	char p[LAY_ERR_PTR];
	if (!json_is_array(a))
		return lay_error_set(err, LAY_ESCHEMA, ptr, -1,
				     "%s is an array of integers, innermost dimension first", what);
	size_t len = json_array_size(a);
	if (len < 1 || len > TMA_MAX_RANK)
		return lay_error_set(err, LAY_ERANGE, ptr, -1,
				     "%s has %zu dimensions: a tensor map has rank 1 to 5", what,
				     len);
	for (size_t i = 0; i < len; i++) {
		snprintf(p, sizeof p, "%s/%zu", ptr, i);
		if (lay_json_int(json_array_get(a, i), p, &v[i], err))
			return err ? err->code : LAY_ESCHEMA;
	}
	*n = (int)len;
	return 0;
}

static int parse_global(json_t *g, struct tma *T, struct lay_error *err)
{
	const char *key;
	json_t *val;
	char p[LAY_ERR_PTR];
	if (!json_is_object(g))
		return lay_error_set(err, LAY_ESCHEMA, "/copy/global", -1,
				     "a TMA copy needs \"global\": {\"shape\": [...], "
				     "\"strides\": [...], \"base_align\": 16}");
	json_object_foreach(g, key, val) if (strcmp(key, "shape") && strcmp(key, "strides") &&
					     strcmp(key, "base_align"))
	{
		lay_ptr_join(p, sizeof p, "/copy/global", key);
		return lay_error_set(err, LAY_ESCHEMA, p, -1,
				     "unknown member \"%s\" in copy.global (shape, strides, "
				     "base_align)",
				     key);
	}
	if (int_array(json_object_get(g, "shape"), "/copy/global/shape", "copy.global.shape",
		      T->shape, &T->rank, err))
		return err ? err->code : LAY_ESCHEMA;
	for (int i = 0; i < T->rank; i++)
		if (T->shape[i] < 1 || T->shape[i] > (INT64_C(1) << 32)) {
			snprintf(p, sizeof p, "/copy/global/shape/%d", i);
			return lay_error_set(err, LAY_ERANGE, p, -1,
					     "global dimension %d is %lld: it must be 1 to 2^32", i,
					     (long long)T->shape[i]);
		}
	json_t *st = json_object_get(g, "strides");
	int ns = 0;
	T->stride[0] = 1;
	for (int i = 1; i < T->rank; i++)
		T->stride[i] = T->stride[i - 1] * T->shape[i - 1];
	if (st && int_array(st, "/copy/global/strides", "copy.global.strides", T->stride, &ns, err))
		return err ? err->code : LAY_ESCHEMA;
	if (st && ns != T->rank)
		return lay_error_set(err, LAY_ESHAPE, "/copy/global/strides", -1,
				     "copy.global.strides has %d entries for a rank-%d tensor: one "
				     "per dimension, in elements, innermost first",
				     ns, T->rank);
	if (T->stride[0] != 1)
		return lay_error_set(err, LAY_ERANGE, "/copy/global/strides/0", -1,
				     "the innermost global stride is %lld: TMA reads the innermost "
				     "dimension contiguously, so strides[0] must be 1",
				     (long long)T->stride[0]);
	for (int i = 1; i < T->rank; i++) {
		int64_t bytes = T->stride[i] * T->eb;
		snprintf(p, sizeof p, "/copy/global/strides/%d", i);
		if (T->stride[i] < 1 || bytes % 16)
			return lay_error_set(err, LAY_ERANGE, p, -1,
					     "global stride %d is %lld elements = %lld bytes: it "
					     "must be a positive multiple of 16 bytes",
					     i, (long long)T->stride[i], (long long)bytes);
		if (bytes >= (INT64_C(1) << 40))
			return lay_error_set(err, LAY_ERANGE, p, -1,
					     "global stride %d is %lld bytes: it must be below "
					     "2^40",
					     i, (long long)bytes);
	}
	T->base_align = 16;
	json_t *ba = json_object_get(g, "base_align");
	if (ba && lay_json_int(ba, "/copy/global/base_align", &T->base_align, err))
		return err ? err->code : LAY_ESCHEMA;
	if (T->base_align < 1 || T->base_align % 16)
		return lay_error_set(err, LAY_ERANGE, "/copy/global/base_align", -1,
				     "the global base is aligned to %lld bytes: TMA needs 16",
				     (long long)T->base_align);
	return 0;
}

static int parse_box(json_t *bx, const char *swz, struct tma *T, struct lay_error *err)
{
	char p[LAY_ERR_PTR];
	int n = 0;
	static const char *const names[] = { "none", "32B", "64B", "128B" };
	T->B = -1;
	for (int k = 0; k < 4; k++)
		if (strcmp(swz ? swz : "none", names[k]) == 0)
			T->B = k;
	if (T->B < 0)
		return lay_error_set(err, LAY_ESCHEMA, "/copy/swizzle", -1,
				     "copy.swizzle is \"%s\": it is \"none\", \"32B\", \"64B\" or "
				     "\"128B\"",
				     swz);
	if (!bx)
		return lay_error_set(err, LAY_ESCHEMA, "/copy", -1,
				     "a TMA copy needs \"box\": the box extents, innermost first");
	if (int_array(bx, "/copy/box", "copy.box", T->box, &n, err))
		return err ? err->code : LAY_ESCHEMA;
	if (n != T->rank)
		return lay_error_set(err, LAY_ESHAPE, "/copy/box", -1,
				     "copy.box has %d dimensions and the global tensor %d: they "
				     "must agree",
				     n, T->rank);
	for (int i = 0; i < n; i++)
		if (T->box[i] < 1 || T->box[i] > 256) {
			snprintf(p, sizeof p, "/copy/box/%d", i);
			return lay_error_set(err, LAY_ERANGE, p, -1,
					     "box dimension %d is %lld: it must be 1 to 256", i,
					     (long long)T->box[i]);
		}
	int64_t row = T->box[0] * T->eb, span = T->B ? 16 << T->B : 0;
	if (row % 16)
		return lay_error_set(err, LAY_ERANGE, "/copy/box/0", -1,
				     "the innermost box row is %lld elements = %lld bytes: it must "
				     "be a multiple of 16 bytes",
				     (long long)T->box[0], (long long)row);
	if (span && row > span)
		return lay_error_set(
			err, LAY_ERANGE, "/copy/box/0", -1,
			"the innermost box row is %lld bytes, wider than the %lld-byte "
			"span of the %s swizzle",
			(long long)row, (long long)span, names[T->B]);
	return 0;
}

/* The logical coordinates of element e (row-major index). */
static void elem_coords(const struct lay_def *d, int64_t e, int64_t *x)
{
	for (int k = d->rank - 1; k >= 0; k--) {
		x[k] = e % d->shape[k];
		e /= d->shape[k];
	}
}

/* Element offset of the element at x (logical, outermost first; the
 * layout's rank is the box's) inside its box. */
static int64_t tma_offset(const struct tma *T, const int64_t *x)
{
	int64_t in = 0, instride = 1;
	for (int k = T->rank - 1; k >= 0; k--) { /* k: user dimension, rank-1-k: TMA's */
		int64_t bx = T->box[T->rank - 1 - k];
		in += (x[k] % bx) * instride;
		instride *= bx;
	}
	return in;
}

/* The box index of the element at x: innermost TMA dimension slowest. */
static int64_t box_index(const struct tma *T, const int64_t *x)
{
	int64_t idx = 0;
	for (int i = 0; i < T->rank; i++)
		idx = idx * T->nb[i] + x[T->rank - 1 - i] / T->box[i];
	return idx;
}

static int64_t swizzled(const struct tma *T, const int64_t *x)
{
	int64_t boxsz = 1;
	for (int i = 0; i < T->rank; i++)
		boxsz *= T->box[i];
	int64_t bytes = (tma_offset(T, x) + box_index(T, x) * boxsz) * T->eb;
	if (T->B)
		bytes ^= (bytes & (((INT64_C(1) << T->B) - 1) << 7)) >> 3;
	return bytes / T->eb;
}

/* CuTe text of what TMA writes: Sw<B,4,3> o smem_ptr[Nb](unset) o L. */
static void writes_text(const struct tma *T, char *buf, size_t n)
{
	char sh[256] = "", st[256] = "";
	size_t ls = 0, lt = 0;
	int64_t instride[TMA_MAX_RANK], bstride[TMA_MAX_RANK], boxsz = 1;
	for (int i = 0; i < T->rank; i++)
		instride[i] = boxsz, boxsz *= T->box[i];
	int64_t acc = boxsz;
	for (int i = T->rank - 1; i >= 0; i--)
		bstride[i] = acc, acc *= T->nb[i];
	for (int i = T->rank - 1; i >= 0; i--) {
		const char *sep = i == T->rank - 1 ? "" : ",";
		if (T->nb[i] == 1) {
			ls += (size_t)snprintf(sh + ls, sizeof sh - ls, "%s_%lld", sep,
					       (long long)T->box[i]);
			lt += (size_t)snprintf(st + lt, sizeof st - lt, "%s_%lld", sep,
					       (long long)instride[i]);
		} else {
			ls += (size_t)snprintf(sh + ls, sizeof sh - ls, "%s(_%lld,_%lld)", sep,
					       (long long)T->box[i], (long long)T->nb[i]);
			lt += (size_t)snprintf(st + lt, sizeof st - lt, "%s(_%lld,_%lld)", sep,
					       (long long)instride[i], (long long)bstride[i]);
		}
	}
	const char *o1 = T->rank > 1 ? "(" : "", *o2 = T->rank > 1 ? ")" : "";
	if (T->B)
		snprintf(buf, n, "Sw<%d,4,3> o smem_ptr[%db](unset) o %s%s%s:%s%s%s", T->B,
			 T->eb * 8, o1, sh, o2, o1, st, o2);
	else
		snprintf(buf, n, "%s%s%s:%s%s%s", o1, sh, o2, o1, st, o2);
}

/* The tile against the boxes: same rank, each extent a multiple. */
static int fit_tile(struct tma *T, const struct lay_def *d, struct lay_error *err)
{
	char p[LAY_ERR_PTR];
	if (d->rank != T->rank)
		return lay_error_set(err, LAY_ESHAPE, "/copy/box", -1,
				     "the layout is a rank-%d tile and the box rank %d: box[0] "
				     "runs along the layout's last dimension, one box dimension "
				     "per layout dimension",
				     d->rank, T->rank);
	for (int i = 0; i < T->rank; i++) {
		int64_t ext = T->tile[d->rank - 1 - i];
		if (ext % T->box[i]) {
			snprintf(p, sizeof p, "/copy/box/%d", i);
			return lay_error_set(err, LAY_ESHAPE, p, -1,
					     "box dimension %d is %lld, which does not divide the "
					     "%s extent %lld along layout dimension %d",
					     i, (long long)T->box[i],
					     T->ctas > 1 ? "tile's (one CTA's part)" : "tile's",
					     (long long)ext, d->rank - 1 - i);
		}
		T->nb[i] = ext / T->box[i];
	}
	return 0;
}

static json_t *compare(const struct tma *T, const struct acc *A, const struct lay_def *d,
		       int examples, int64_t *count)
{
	json_t *ex = json_array();
	*count = 0;
	int64_t x[LAYOUTD_MAX_RANK];
	for (int64_t e = 0; e < d->size; e++) {
		if (A->eoff[e] < 0)
			continue; /* another CTA's: its own copies write it */
		elem_coords(d, e, x);
		int64_t w = swizzled(T, x);
		if (A->eoff[e] == w)
			continue;
		if ((*count)++ < examples)
			json_array_append_new(ex, json_pack("{s:o,s:I,s:I}", "logical",
							    acc_elem_json(d, e), "layout",
							    (json_int_t)A->eoff[e], "tma",
							    (json_int_t)w));
	}
	return ex;
}

/* T->tile: the whole layout, or with several CTAs CTA 0's part, which
 * must be a box at the origin (each CTA's copies fill their own shared
 * memory alike). */
static int cta_tile(struct tma *T, const struct acc *A, const struct lay_def *d, const char *lptr,
		    struct lay_error *err)
{
	int64_t x[LAYOUTD_MAX_RANK], n = 0, want = 1;
	T->ctas = A->nblk;
	for (int k = 0; k < d->rank; k++)
		T->tile[k] = A->nblk > 1 ? 0 : d->shape[k];
	if (A->nblk <= 1)
		return 0;
	for (int64_t e = 0; e < d->size; e++) {
		if (A->eoff[e] < 0)
			continue;
		n++;
		elem_coords(d, e, x);
		for (int k = 0; k < d->rank; k++)
			if (x[k] >= T->tile[k])
				T->tile[k] = x[k] + 1;
	}
	for (int k = 0; k < d->rank; k++)
		want *= T->tile[k];
	if (n != want)
		return lay_error_set(err, LAY_ESHAPE, lptr, -1,
				     "CTA 0 holds %lld elements of the tile, not a box at its "
				     "origin: a TMA copy fills each CTA's shared memory with whole "
				     "boxes",
				     (long long)n);
	return 0;
}

/* Read def's shared memory per CTA into *A and T->tile from it. */
static int read_tile(struct tma *T, struct acc *A, const struct lay_def *def, struct lay_error *err)
{
	const char *lptr = def->ptr[0] ? def->ptr : "/layout";
	A->mem = def;
	A->per_cta = true;
	int rc = acc_read_memory(A, lptr, err);
	return rc ? rc : cta_tile(T, A, def, lptr, err);
}

int copy_tma_cta_tile(const struct lay_def *def, int64_t *tile, struct lay_error *err)
{
	struct tma T = { 0 };
	struct acc A = { 0 };
	int rc = read_tile(&T, &A, def, err);
	for (int k = 0; !rc && k < def->rank; k++)
		tile[k] = T.tile[k];
	lay_ctx_free(A.eoff);
	lay_ctx_free(A.eoff_cta);
	return rc;
}

int copy_tma(const struct lay_def *def, const struct copy_req *q, int examples, json_t **out,
	     struct lay_error *err)
{
	struct tma T = { 0 };
	struct acc A = { 0 };
	int rc;
	if (!q->bits)
		return lay_error_set(err, LAY_ESCHEMA, "/copy", -1,
				     "a TMA copy needs \"element_bits\" (16 for f16) unless the "
				     "layout carries it");
	if (q->bits % 8 || q->bits > 64)
		return lay_error_set(err, LAY_ERANGE, "/copy/element_bits", -1,
				     "the elements are %d bits: a tiled TMA copy here moves 8-, "
				     "16-, 32- or 64-bit elements",
				     q->bits);
	T.eb = q->bits / 8;
	if ((rc = parse_global(q->global, &T, err)) ||
	    (rc = parse_box(q->box, q->swizzle, &T, err)))
		return rc;
	if ((rc = read_tile(&T, &A, def, err)) || (rc = fit_tile(&T, def, err))) {
		lay_ctx_free(A.eoff);
		lay_ctx_free(A.eoff_cta);
		return rc;
	}
	int64_t boxsz = 1, boxes = 1, diff;
	for (int i = 0; i < T.rank; i++)
		boxsz *= T.box[i], boxes *= T.nb[i];
	char w[640], name[96];
	writes_text(&T, w, sizeof w);
	json_t *ex = compare(&T, &A, def, examples, &diff);
	int64_t ctas = A.nblk;
	lay_ctx_free(A.eoff);
	lay_ctx_free(A.eoff_cta);
	/* PTX cp.async.bulk.tensor: .dst.src; a store (shared::cta -> global)
	 * completes through a bulk group, as Triton emits it */
	if (q->store)
		snprintf(name, sizeof name,
			 "cp.async.bulk.tensor.%dd.global.shared::cta.bulk_group", T.rank);
	else
		snprintf(name, sizeof name, "cp.async.bulk.tensor.%dd.shared::cluster.global.tile",
			 T.rank);
	json_t *gb = json_array();
	for (int i = 1; i < T.rank; i++)
		json_array_append_new(gb, json_integer(T.stride[i] * T.eb));
	static const char *const swz[] = { "none", "32B", "64B", "128B" };
	*out = json_pack("{s:s,s:s,s:s,s:b,s:i,s:s,s:s,s:b,s:{s:I,s:o},s:I,s:I,s:I,s:o,s:b}",
			 "requested", q->instruction, "op", q->store ? "store" : "load",
			 "instruction", name, "legal", 1, "element_bits", q->bits, "swizzle",
			 swz[T.B], "writes", w, "matches_layout", diff == 0, "differences", "count",
			 (json_int_t)diff, "examples", ex, "boxes", (json_int_t)boxes,
			 "bytes_per_box", (json_int_t)(boxsz * T.eb), "shared_align",
			 (json_int_t)(T.B ? 128 << T.B : 128), "global_strides_bytes", gb, "ok", 1);
	if (*out && ctas > 1) /* per CTA: each copies its own part alike */
		json_object_set_new(*out, "ctas", json_integer(ctas));
	return *out ? 0 : lay_error_set(err, LAY_ENOMEM, "/copy", -1, "out of memory");
}
