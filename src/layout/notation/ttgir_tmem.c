/*
 * ttgir_tmem.c - Triton's tensor-memory encodings in the ttgir notation:
 * #ttng.tensor_memory_encoding<blockM, blockN, colStride | unpacked,
 * CTASplitM, CTASplitN | CGALayout, twoCTAs> and
 * #ttng.tensor_memory_scales_encoding<...>, on a !ttg.memdesc<...,
 * #ttng.tensor_memory> type.  They are placed as Triton's toLinearLayout
 * places them (tensorMemoryToLinearLayout, tensorMemoryScalesToLinearLayout):
 * in-dims row, col, block, with row -> TLane, col -> TCol in 32-bit
 * columns (the slot of a packed element inside its cell on TSub), block
 * kept.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "notation/ttgir_text.h"

#define TM_MAXB 24

struct tm_ll {
	int n[3]; /* row, col, block */
	int64_t b[3][TM_MAXB][2];
};

static int tm_push(struct tm_ll *l, int in, int64_t d0, int64_t d1)
{
	if (l->n[in] >= TM_MAXB)
		return -1;
	l->b[in][l->n[in]][0] = d0;
	l->b[in][l->n[in]][1] = d1;
	l->n[in]++;
	return 0;
}

static int ilog2(int64_t v)
{
	int k = 0;
	while (v > 1)
		v >>= 1, k++;
	return k;
}

static const struct tv *resolve(struct tp *p, const struct tv *v)
{
	for (int depth = 0; v && v->kind == TV_REF && depth < 8; depth++) {
		const struct tv *next = NULL;
		for (int k = 0; k < p->nalias; k++)
			if (p->alias[k].n == v->n &&
			    strncmp(p->alias[k].name, v->s, (size_t)v->n) == 0) {
				p->alias[k].used = true;
				next = p->alias[k].v;
			}
		v = next;
	}
	return v;
}

static bool attr_is(const struct tv *v, const char *name)
{
	return v && v->kind == TV_ATTR && v->n == (int)strlen(name) &&
	       strncmp(v->s, name, (size_t)v->n) == 0;
}

int tt_tmem_kind(struct tp *p, const struct tv *encv)
{
	const struct tv *v = resolve(p, encv);
	if (attr_is(v, "ttng.tensor_memory_encoding"))
		return 1;
	if (attr_is(v, "ttng.tensor_memory_scales_encoding"))
		return 2;
	return 0;
}

struct tm_enc {
	int64_t blockM, blockN, colStride, splitM, splitN;
	bool two_ctas, scales, legacy; /* legacy: unpacked or CTASplitM/N */
	int ncga;
	int64_t cga[TM_MAXB][2];
	long pos;
};

static int want_int(struct tp *p, const struct tv *m, int64_t *out, int64_t lo, int64_t hi)
{
	if (m->kind != TV_INT)
		return lay_scan_error(&p->sc, LAY_ESCHEMA, m->pos, "%.*s is an integer", m->klen,
				      m->key);
	if (m->i < lo || m->i > hi)
		return lay_scan_error(&p->sc, LAY_ERANGE, m->pos,
				      "%.*s = %lld is outside %lld..%lld", m->klen, m->key,
				      (long long)m->i, (long long)lo, (long long)hi);
	*out = m->i;
	return 0;
}

static int pow2_field(struct tp *p, const struct tv *m, int64_t *out, int64_t lo, int64_t hi)
{
	int rc = want_int(p, m, out, lo, hi);
	if (!rc && (*out & (*out - 1)))
		return lay_scan_error(&p->sc, LAY_ERANGE, m->pos,
				      "%.*s = %lld is not a power of two", m->klen, m->key,
				      (long long)*out);
	return rc;
}

static int cga_field(struct tp *p, const struct tv *m, struct tm_enc *e)
{
	if (m->kind != TV_ARR)
		return lay_scan_error(&p->sc, LAY_ESCHEMA, m->pos,
				      "CGALayout is a list of block bases, e.g. [[0, 1]]");
	for (const struct tv *b = m->kid; b; b = b->next) {
		if (b->kind != TV_ARR || tv_len(b) != 2 || b->kid->kind != TV_INT ||
		    b->kid->next->kind != TV_INT)
			return lay_scan_error(&p->sc, LAY_ESCHEMA, b->pos,
					      "a CGALayout basis has rank 2: [dim0, dim1]");
		if (e->ncga >= TM_MAXB)
			return lay_scan_error(&p->sc, LAY_ELIMIT, b->pos,
					      "too many CGALayout bases");
		for (int d = 0; d < 2; d++) {
			int64_t x = d ? b->kid->next->i : b->kid->i;
			if (x < 0 || x > 64 || (x & (x - 1)))
				return lay_scan_error(
					&p->sc, LAY_ERANGE, b->pos,
					"a CGALayout basis component is 0 or a power of two "
					"up to 64");
			e->cga[e->ncga][d] = x;
		}
		e->ncga++;
	}
	return 0;
}

static int read_enc(struct tp *p, const struct tv *a, struct tm_enc *e)
{
	const char *fam = e->scales ? "tensor_memory_scales_encoding" : "tensor_memory_encoding";
	bool seen_stride = false, seen_m = false, seen_n = false, seen_cga = false;
	int rc = 0;
	e->colStride = e->splitM = e->splitN = 1;
	for (const struct tv *m = a->kid; m && !rc; m = m->next) {
		if (!m->key)
			return lay_scan_error(&p->sc, LAY_ESYNTAX, m->pos,
					      "expected key = value in #ttng.%s", fam);
		if (!e->scales && tv_key_is(m, "blockM")) {
			seen_m = true;
			rc = want_int(p, m, &e->blockM, 0, 1 << 20);
			if (!rc && e->blockM != 64 && e->blockM != 128)
				rc = lay_scan_error(
					&p->sc, LAY_ERANGE, m->pos,
					"blockM = %lld: tensor memory blocks have 64 or 128 "
					"rows",
					(long long)e->blockM);
		} else if (!e->scales && tv_key_is(m, "blockN")) {
			seen_n = true;
			rc = pow2_field(p, m, &e->blockN, 1, 512);
		} else if (!e->scales && tv_key_is(m, "colStride")) {
			seen_stride = true;
			rc = want_int(p, m, &e->colStride, 1, 4);
			if (!rc && e->colStride == 3)
				rc = lay_scan_error(&p->sc, LAY_ERANGE, m->pos,
						    "colStride = 3: it is 1, 2 or 4");
		} else if (!e->scales && tv_key_is(m, "unpacked")) {
			if (m->kind != TV_BOOL)
				return lay_scan_error(&p->sc, LAY_ESCHEMA, m->pos,
						      "unpacked is true or false");
			seen_stride = e->legacy = true;
			e->colStride = m->i ? 0 : 1; /* 0: 32 / element bits, below */
		} else if (tv_key_is(m, "CTASplitM")) {
			e->legacy = true;
			rc = pow2_field(p, m, &e->splitM, 1, 64);
		} else if (tv_key_is(m, "CTASplitN")) {
			e->legacy = true;
			rc = pow2_field(p, m, &e->splitN, 1, 64);
		} else if (tv_key_is(m, "CGALayout")) {
			seen_cga = true;
			rc = cga_field(p, m, e);
		} else if (!e->scales && tv_key_is(m, "twoCTAs")) {
			if (m->kind != TV_BOOL)
				return lay_scan_error(&p->sc, LAY_ESCHEMA, m->pos,
						      "twoCTAs is true or false");
			e->two_ctas = m->i;
		} else {
			return lay_scan_error(
				&p->sc, LAY_ESCHEMA, m->kpos,
				"unknown member %.*s of #ttng.%s (%s)", m->klen, m->key, fam,
				e->scales ? "CGALayout, CTASplitM, CTASplitN"
					  : "blockM, blockN, colStride or unpacked, CGALayout "
					    "or CTASplitM/CTASplitN, twoCTAs");
		}
	}
	if (rc)
		return rc;
	if (!e->scales && (!seen_m || !seen_n || !seen_stride))
		return lay_scan_error(&p->sc, LAY_ESCHEMA, a->pos, "#ttng.%s needs %s", fam,
				      !seen_m	? "blockM"
				      : !seen_n ? "blockN"
						: "colStride (or the older unpacked)");
	if (seen_cga && (e->splitM > 1 || e->splitN > 1))
		return lay_scan_error(
			&p->sc, LAY_ESCHEMA, a->pos,
			"CGALayout and CTASplitM/CTASplitN both given: one or the other");
	if (!seen_cga) {
		/* fromSplitParams: CTA order [0, 1], dim0 first */
		for (int64_t s = 1; s < e->splitM; s *= 2)
			e->cga[e->ncga][0] = s, e->cga[e->ncga++][1] = 0;
		for (int64_t s = 1; s < e->splitN; s *= 2)
			e->cga[e->ncga][0] = 0, e->cga[e->ncga++][1] = s;
	}
	if (e->two_ctas && (e->ncga == 0 || e->cga[0][0] != 1 || e->cga[0][1] != 0))
		return lay_scan_error(
			&p->sc, LAY_ESCHEMA, a->pos,
			"twoCTAs needs the first CGA block basis to be [1, 0] (the CTA pair "
			"splits M)");
	return 0;
}

/* The per-CTA tile (tensorMemoryToLinearLayout). */
static int tile(struct tp *p, const struct tm_enc *e, const int64_t *cta, struct tm_ll *l)
{
	int64_t bn = e->blockN < cta[1] ? e->blockN : cta[1];
	int64_t sz0, sz1;
	int rc = 0;
	for (int64_t s = 1; s < e->colStride; s *= 2)
		rc |= tm_push(l, 1, 0, 0);
	if (e->blockM == 64 && e->two_ctas && bn < 2)
		return lay_scan_error(
			&p->sc, LAY_ERANGE, e->pos,
			"blockM = 64 with twoCTAs folds the upper half of the columns onto "
			"lanes 64..127: it needs at least 2 columns per CTA, not %lld",
			(long long)bn);
	if (e->blockM > cta[0])
		return lay_scan_error(
			&p->sc, LAY_ESHAPE, e->pos,
			"blockM = %lld is taller than the %lld rows of one CTA's tile",
			(long long)e->blockM, (long long)cta[0]);
	if (e->blockM == 64 && !e->two_ctas) {
		for (int64_t r = 1; r < 16; r *= 2)
			rc |= tm_push(l, 0, r, 0);
		if (cta[0] > 64)
			rc |= tm_push(l, 0, 64, 0), sz0 = 128, sz1 = bn;
		else if (cta[1] > bn)
			rc |= tm_push(l, 0, 0, bn), sz0 = 64, sz1 = 2 * bn;
		else
			rc |= tm_push(l, 0, 0, 0), sz0 = 64, sz1 = bn;
		rc |= tm_push(l, 0, 16, 0);
		rc |= tm_push(l, 0, 32, 0);
	} else {
		for (int64_t r = 1; r < e->blockM; r *= 2)
			rc |= tm_push(l, 0, r, 0);
		sz0 = e->blockM, sz1 = bn;
	}
	/* blockM = 64 with twoCTAs (PTX data path layout B): the last column
	 * basis moves to row bit 6, the upper half of the columns on lanes
	 * 64..127 */
	bool fold = e->blockM == 64 && e->two_ctas;
	for (int64_t c = 1; c < bn; c *= 2)
		rc |= fold && 2 * c == bn ? tm_push(l, 0, 0, c) : tm_push(l, 1, 0, c);
	for (int64_t r = sz0; r < cta[0]; r *= 2)
		rc |= tm_push(l, 1, r, 0);
	for (int64_t c = sz1; c < cta[1]; c *= 2)
		rc |= tm_push(l, 1, 0, c);
	if (rc)
		return lay_scan_error(&p->sc, LAY_ELIMIT, e->pos,
				      "the tensor memory layout is too large");
	return 0;
}

/* tensorMemoryScalesToLinearLayout's tile, cut to the shape. */
static int scales_tile(struct tp *p, const struct tm_enc *e, const int64_t *cta, struct tm_ll *l)
{
	int rc = 0;
	for (int64_t r = 1; r < 32; r *= 2)
		rc |= tm_push(l, 0, r, 0);
	rc |= tm_push(l, 0, 0, 0); /* broadcast along the warps */
	rc |= tm_push(l, 0, 0, 0);
	rc |= tm_push(l, 1, 0, 1);
	rc |= tm_push(l, 1, 0, 2);
	rc |= tm_push(l, 1, 32, 0);
	for (int64_t r = 64; r < cta[0]; r *= 2)
		rc |= tm_push(l, 1, r, 0);
	for (int64_t c = 4; c < cta[1]; c *= 2)
		rc |= tm_push(l, 1, 0, c);
	for (int in = 0; in < 2; in++)
		for (int j = 0; j < l->n[in]; j++)
			for (int d = 0; d < 2; d++)
				if (l->b[in][j][d] >= cta[d])
					l->b[in][j][d] = 0; /* ensureLayoutNotLargerThan */
	if (rc)
		return lay_scan_error(&p->sc, LAY_ELIMIT, e->pos,
				      "the tensor memory layout is too large");
	return 0;
}

static json_t *bases_json(const int64_t (*b)[2], int n)
{
	json_t *a = json_array();
	for (int j = 0; j < n; j++)
		json_array_append_new(a,
				      json_pack("[I,I]", (json_int_t)b[j][0], (json_int_t)b[j][1]));
	return a;
}

/* The split bases of a tensor memory encoding on a 2-D shape: in-dims
 * TLane, TCol, TSub, block (out[k] bases each, two components). */
struct tm_split {
	int n[4];
	int64_t b[4][TM_MAXB][2];
	int bits;
	struct tm_enc e;
};

/* A view of tensor memory (tmem_subslice: the type ends with its
 * allocation's shape) as Triton lays it out (toLinearLayout(MemDescType)
 * for TMEM): the encoding on the allocation's shape, its bases trimmed to
 * the view's (a component past it is 0, resizeOutDim) and the top column
 * bases that place nothing dropped (resizeInDim(col)).  So a row subslice
 * keeps its parent's columns. */
static void tm_view_trim(struct tm_split *t, const int64_t *view)
{
	for (int i = 0; i < 4; i++)
		for (int k = 0; k < t->n[i]; k++)
			for (int d = 0; d < 2; d++)
				if (t->b[i][k][d] >= view[d])
					t->b[i][k][d] = 0;
	while (t->n[1] > 0 && !t->b[1][t->n[1] - 1][0] && !t->b[1][t->n[1] - 1][1])
		t->n[1]--;
}

static int tmem_split_on(struct tp *p, const struct tv *a, const struct ttype *ty, int64_t *shape,
			 int *rank, int bits, struct tm_split *out);

static int tmem_split(struct tp *p, const struct tv *a, const struct ttype *ty, int64_t *shape,
		      int *rank, int bits, struct tm_split *out)
{
	int r = *rank;
	bool view = ty && ty->memdesc && ty->alloc_rank >= 2 && r >= 2 &&
		    (ty->alloc[ty->alloc_rank - 2] != shape[r - 2] ||
		     ty->alloc[ty->alloc_rank - 1] != shape[r - 1]);
	int64_t vs[2] = { shape[r - 2 < 0 ? 0 : r - 2], shape[r - 1 < 0 ? 0 : r - 1] };
	if (view)
		memcpy(shape + r - 2, ty->alloc + ty->alloc_rank - 2, 2 * sizeof *shape);
	int rc = tmem_split_on(p, a, ty, shape, rank, bits, out);
	if (rc || !view)
		return rc;
	tm_view_trim(out, vs);
	memcpy(shape, vs, sizeof vs);
	return 0;
}

static int tmem_split_on(struct tp *p, const struct tv *a, const struct ttype *ty, int64_t *shape,
			 int *rank, int bits, struct tm_split *out)
{
	struct tm_enc *e = &out->e;
	struct tm_ll l = { 0 };
	int rc;
	memset(out, 0, sizeof *out);
	e->pos = a->pos;
	e->scales = attr_is(a, "ttng.tensor_memory_scales_encoding");
	if ((rc = read_enc(p, a, e)))
		return rc;
	if (ty && !ty->memdesc)
		return lay_scan_error(&p->sc, LAY_ESCHEMA, a->pos,
				      "a tensor memory encoding belongs on a !ttg.memdesc<..., "
				      "#ttng.tensor_memory> type, not on a tensor");
	if (*rank == 3) {
		tt_warn(p, "ttgir_buffer_dim", a->pos,
			"the memdesc's leading dim (%lld buffers) is dropped: the layout has rank "
			"2",
			(long long)shape[0]);
		memmove(shape, shape + 1, 2 * sizeof *shape);
		*rank = 2;
	}
	if (*rank != 2)
		return lay_scan_error(&p->sc, LAY_ESHAPE, ty ? ty->pos : a->pos,
				      "a tensor memory layout is 2-D; this shape has rank %d",
				      *rank);
	if (!bits)
		bits = e->scales ? 8 : 32;
	if (e->colStride == 0)
		e->colStride = bits < 32 ? 32 / bits : 1;
	if (!e->scales && (int64_t)bits * e->colStride > 32)
		return lay_scan_error(
			&p->sc, LAY_ERANGE, a->pos,
			"colStride = %lld with %d-bit elements: a 32-bit column holds %d",
			(long long)e->colStride, bits, bits >= 32 ? 1 : 32 / bits);
	int64_t cta[2] = { shape[0], shape[1] };
	for (int k = 0; k < e->ncga; k++)
		for (int d = 0; d < 2; d++)
			if (e->cga[k][d])
				cta[d] /= 2;
	if (cta[0] < 1 || cta[1] < 1)
		return lay_scan_error(
			&p->sc, LAY_ESHAPE, a->pos,
			"the CGA layout splits the %lldx%lld tensor into more CTAs than it "
			"has rows or columns",
			(long long)shape[0], (long long)shape[1]);
	if ((rc = e->scales ? scales_tile(p, e, cta, &l) : tile(p, e, cta, &l)))
		return rc;
	for (int k = 0; k < e->ncga; k++)
		tm_push(&l, 2, e->cga[k][0] * cta[0], e->cga[k][1] * cta[1]);
	out->bits = bits;
	/* TLane */
	memcpy(out->b[0], l.b[0], sizeof l.b[0]);
	out->n[0] = l.n[0];
	/* col counts elements: its low bits are the slot in a 32-bit cell.
	 * They stay as they are on TSub (a zero one, colStride's unused slots,
	 * marks slots that hold nothing), unless they are all zero: then each
	 * element is alone in its cell and there is no TSub. */
	int slots = bits < 32 ? ilog2(32 / bits) : 0, k = 0;
	bool packed = false;
	for (; k < slots && k < l.n[1]; k++)
		packed = packed || l.b[1][k][0] || l.b[1][k][1];
	for (int j = 0; j < k && packed; j++) {
		out->b[2][out->n[2]][0] = l.b[1][j][0];
		out->b[2][out->n[2]++][1] = l.b[1][j][1];
	}
	for (int j = k; j < l.n[1]; j++) {
		out->b[1][out->n[1]][0] = l.b[1][j][0];
		out->b[1][out->n[1]++][1] = l.b[1][j][1];
	}
	memcpy(out->b[3], l.b[2], sizeof l.b[2]);
	out->n[3] = l.n[2];
	return 0;
}

static json_t *tm_info(const struct tm_split *t, const int64_t *shape, const char *family)
{
	return json_pack("{s:s,s:[I,I],s:b,s:i,s:I}", "family", family, "shape",
			 (json_int_t)shape[0], (json_int_t)shape[1], "legacy_syntax", t->e.legacy,
			 "element_bits", t->bits, "col_stride", (json_int_t)t->e.colStride);
}

int tt_tmem_layout(struct tp *p, const struct tv *encv, const struct ttype *ty, int64_t *shape,
		   int rank, int bits, json_t *whole, const char *ptr)
{
	const struct tv *a = resolve(p, encv);
	struct tm_split *t = calloc(1, sizeof *t);
	int rc;
	if (!t)
		return lay_scan_error(&p->sc, LAY_ENOMEM, -1, "out of memory");
	if ((rc = tmem_split(p, a, ty, shape, &rank, bits, t))) {
		free(t);
		return rc;
	}
	static const char *const names[4] = { "TLane", "TCol", "TSub", "block" };
	json_t *bases = json_object();
	for (int i = 0; i < 4; i++)
		if (i != 2 || t->n[2])
			json_object_set_new(bases, names[i], bases_json(t->b[i], t->n[i]));
	json_t *outs = json_pack("[[s,I],[s,I]]", "dim0", (json_int_t)shape[0], "dim1",
				 (json_int_t)shape[1]);
	json_t *info = tm_info(t, shape, t->e.scales ? "tensor_memory_scales" : "tensor_memory");
	if (!p->def->element_bits)
		p->def->element_bits = t->bits;
	free(t);
	return lay_linear_from_bases(p->def, json_pack("{s:o,s:o}", "bases", bases, "out", outs),
				     whole, json_pack("{s:o}", "ttgir", info), ptr, p->sc.err);
}

/* ------------------------------------------------------------------ */
/* A tmem_load / tmem_store line: the register layout joined with the  */
/* tensor memory layout on the elements: each element at its thread's  */
/* lane, warp and block and at its TMEM cell                           */

int tt_tmem_pair(struct tp *p, int *mi, int *ti)
{
	*mi = *ti = -1;
	for (int k = 0; k < p->ntypes; k++) {
		const struct ttype *t = &p->types[k];
		if (!t->enc)
			continue;
		if (t->memdesc && tt_tmem_kind(p, t->enc) && *mi < 0)
			*mi = k;
		else if (!t->memdesc && *ti < 0)
			*ti = k;
	}
	return *mi >= 0 && *ti >= 0;
}

#define JOIN_MAX_BITS 24 /* hardware points of one side: 16M */

struct join {
	int naxes;
	int64_t nrows;
	int64_t *elem;	/* nrows */
	int64_t *coord; /* nrows * naxes */
	json_t *info;
};

static int join_walk(const struct lay_def *def, lay_emit_fn emit, void *ctx, struct lay_error *err)
{
	(void)err;
	const struct join *j = def->state;
	for (int64_t r = 0; r < j->nrows; r++) {
		int rc = emit(ctx, j->elem[r], j->coord + r * j->naxes, 0);
		if (rc)
			return rc;
	}
	return 0;
}

static void join_free(void *state)
{
	struct join *j = state;
	if (!j)
		return;
	free(j->elem);
	free(j->coord);
	json_decref(j->info);
	free(j);
}

static json_t *join_structure(const struct lay_def *def)
{
	const struct join *j = def->state;
	return json_pack("{s:O}", "ttgir", j->info);
}

static const struct lay_notation_ops join_ops = {
	.walk = join_walk,
	.free = join_free,
	.ordered = true,
	.structure = join_structure,
};

/* One side's hardware points grouped by element (CSR: start[e]..start[e+1]
 * into pt[]), a point being its in-dim coordinates packed low to high. */
struct side {
	int nin, nb[8];
	int64_t *start, *pt;
};

static int side_build(struct side *s, int nin, const int *nb, const int64_t (*const *b)[2],
		      const int64_t *shape, uint64_t empty)
{
	int bits = 0;
	s->nin = nin;
	for (int i = 0; i < nin; i++)
		bits += (s->nb[i] = nb[i]);
	if (bits > JOIN_MAX_BITS)
		return -1;
	int64_t n = (int64_t)1 << bits, size = shape[0] * shape[1];
	int64_t *el = malloc(sizeof *el * (size_t)n);
	s->start = calloc((size_t)size + 1, sizeof *s->start);
	s->pt = malloc(sizeof *s->pt * (size_t)n);
	if (!el || !s->start || !s->pt) {
		free(el);
		return -2;
	}
	for (int64_t q = 0; q < n; q++) {
		int64_t d0 = 0, d1 = 0, x = q;
		for (int i = 0; i < nin; i++)
			for (int k = 0; k < nb[i]; k++, x >>= 1)
				if (x & 1)
					d0 ^= b[i][k][0], d1 ^= b[i][k][1];
		el[q] = d0 < shape[0] && d1 < shape[1] && !((uint64_t)q & empty)
				? d0 * shape[1] + d1
				: -1;
		if (el[q] >= 0)
			s->start[el[q] + 1]++;
	}
	for (int64_t e = 0; e < size; e++)
		s->start[e + 1] += s->start[e];
	int64_t *fill = malloc(sizeof *fill * (size_t)size);
	if (!fill) {
		free(el);
		return -2;
	}
	memcpy(fill, s->start, sizeof *fill * (size_t)size);
	for (int64_t q = 0; q < n; q++)
		if (el[q] >= 0)
			s->pt[fill[el[q]]++] = q;
	free(fill);
	free(el);
	return 0;
}

/* The bits of a TMEM point (TLane, TCol[, TSub] low to high) whose zero
 * basis marks cells that hold nothing: every zero but rows 32 and 64, the
 * sub-partition copies ("Zeros in TMEM LinearLayouts"). */
static uint64_t tm_empty_bits(const int *nb, const int64_t (*const *b)[2], int tn)
{
	uint64_t m = 0;
	for (int i = 0, lo = 0; i < tn; lo += nb[i++])
		for (int k = 0; k < nb[i]; k++)
			if (!b[i][k][0] && !b[i][k][1] && (i > 0 || (k != 5 && k != 6)))
				m |= (uint64_t)1 << (lo + k);
	return m;
}

static void side_free(struct side *s)
{
	free(s->start);
	free(s->pt);
}

/* In-dim i's coordinate of packed point q. */
static int64_t side_coord(const struct side *s, int64_t q, int i)
{
	int lo = 0;
	for (int k = 0; k < i; k++)
		lo += s->nb[k];
	return q >> lo & (((int64_t)1 << s->nb[i]) - 1);
}

/* Does TMEM point y of the join hold the element in the sub-partition of
 * warp w (w < 0: any), and in the register point's CTA? */
static bool join_pair(const struct side *R, const struct side *T, int64_t x, int64_t y,
		      int reg_block, int tm_naxes, int64_t w)
{
	if (reg_block >= 0 &&
	    side_coord(T, T->pt[y], tm_naxes) != side_coord(R, R->pt[x], reg_block))
		return false;
	return w < 0 || side_coord(T, T->pt[y], 0) / 32 % 4 == w % 4;
}

/* A register point's warp, -1 when the layout has no warp in-dim. */
static int64_t join_warp(const struct side *R, int64_t x, int reg_warp)
{
	return reg_warp >= 0 ? side_coord(R, R->pt[x], reg_warp) : -1;
}

/*
 * Each register point (a thread holding element e) is paired with the TMEM
 * points of e in its CTA.  When e has copies in tensor memory (a broadcast:
 * the scales layout's warps, blockM = 64's row 16), the thread moves the
 * copy in its own warp's sub-partition: only when none is there are all
 * paired, and the sub-partition rule finds them.
 */
static int join_rows(struct tp *p, struct join *j, const struct side *R, const struct side *T,
		     int64_t size, const int *ax, int nreg_in, const int *in_dims, int tm_naxes,
		     long pos)
{
	int reg_block = in_dims[0], reg_warp = in_dims[1];
	int64_t rows = 0;
	for (int64_t e = 0; e < size; e++) {
		int64_t a = R->start[e + 1] - R->start[e], b = T->start[e + 1] - T->start[e];
		if (a && b > ((int64_t)1 << 26) / a)
			return lay_scan_error(&p->sc, LAY_ELIMIT, pos,
					      "the joined layout has over 2^26 places");
		rows += a * b;
		if (rows > ((int64_t)1 << 26))
			return lay_scan_error(&p->sc, LAY_ELIMIT, pos,
					      "the joined layout has over 2^26 places");
	}
	j->elem = malloc(sizeof *j->elem * (size_t)(rows ? rows : 1));
	j->coord = calloc((size_t)(rows ? rows : 1) * (size_t)j->naxes, sizeof *j->coord);
	if (!j->elem || !j->coord)
		return lay_scan_error(&p->sc, LAY_ENOMEM, -1, "out of memory");
	for (int64_t e = 0; e < size; e++)
		for (int64_t x = R->start[e]; x < R->start[e + 1]; x++) {
			int64_t w = join_warp(R, x, reg_warp);
			bool own = false;
			for (int64_t y = T->start[e]; y < T->start[e + 1] && !own && w >= 0; y++)
				own = join_pair(R, T, x, y, reg_block, tm_naxes, w);
			for (int64_t y = T->start[e]; y < T->start[e + 1]; y++) {
				if (!join_pair(R, T, x, y, reg_block, tm_naxes, own ? w : -1))
					continue;
				int64_t *c = j->coord + j->nrows * j->naxes;
				for (int i = 0; i < nreg_in; i++)
					if (ax[i] >= 0)
						c[ax[i]] = side_coord(R, R->pt[x], i);
				for (int i = 0; i < tm_naxes; i++)
					c[ax[nreg_in + i]] = side_coord(T, T->pt[y], i);
				j->elem[j->nrows++] = e;
			}
		}
	return 0;
}

/* The definition's shape (Triton's dim0, dim1) and axes: the register
 * layout's in-dims but the registers, then TLane, TCol, TSub; ax[i] -1
 * for the registers. */
static int join_axes(struct tp *p, const struct tll *ll, const int *tnb, int tn,
		     const int64_t *shape, const char *ptr, long pos, int *ax)
{
	struct lay_def *def = p->def;
	int rc;
	static const char *const tnames[3] = { "TLane", "TCol", "TSub" };
	if (def->logical_given &&
	    (def->rank != 2 || def->shape[0] != shape[0] || def->shape[1] != shape[1])) {
		return lay_scan_error(&p->sc, LAY_ESHAPE, pos,
				      "logical differs from the tensor's shape");
	}
	if (!def->logical_given) {
		if ((rc = lay_def_set_shape(def, 2, shape, ptr, p->sc.err)))
			return rc;
		snprintf(def->names[0], sizeof def->names[0], "dim0"); /* Triton's names */
		snprintf(def->names[1], sizeof def->names[1], "dim1");
	}
	for (int i = 0; i < ll->nin + tn; i++) {
		const char *name = i < ll->nin ? tt_in_names[ll->in[i]] : tnames[i - ll->nin];
		int nb = i < ll->nin ? ll->nb[i] : tnb[i - ll->nin];
		/* the register index is not kept: an element is named by its
		 * thread (lane, warp, block) and its TMEM cell, a space of at most
		 * 2^21 points per CTA where the registers would multiply it */
		ax[i] = -1;
		if (i < ll->nin && ll->in[i] == TT_REG)
			continue;
		if ((ax[i] = lay_def_axis(def, name, ptr, p->sc.err)) < 0) {
			return p->sc.err ? p->sc.err->code : LAY_ELIMIT;
		}
		if (!def->axes[ax[i]].declared) {
			def->axes[ax[i]].declared = true;
			def->axes[ax[i]].extent = (int64_t)1 << nb;
		}
	}
	return 0;
}

int tt_tmem_join(struct tp *p, int mi, int ti, json_t *whole, const char *ptr)
{
	const struct ttype *md = &p->types[mi], *tt = &p->types[ti];
	struct lay_def *def = p->def;
	struct tm_split *t = calloc(1, sizeof *t);
	struct tll *ll = calloc(1, sizeof *ll);
	struct join *j = calloc(1, sizeof *j);
	struct side R = { 0 }, T = { 0 };
	int64_t shape[TT_MAXR], mshape[TT_MAXR];
	int rank = md->rank, rc = 0;
	(void)whole;
	if (!t || !ll || !j) {
		rc = lay_scan_error(&p->sc, LAY_ENOMEM, -1, "out of memory");
		goto out;
	}
	memcpy(mshape, md->shape, sizeof mshape);
	if ((rc = tmem_split(p, resolve(p, md->enc), md, mshape, &rank, md->bits, t)))
		goto out;
	if (tt->rank != 2 || tt->shape[0] != mshape[0] || tt->shape[1] != mshape[1]) {
		rc = lay_scan_error(&p->sc, LAY_ESHAPE, tt->pos,
				    "the tensor's shape differs from the tensor memory's %lldx%lld",
				    (long long)mshape[0], (long long)mshape[1]);
		goto out;
	}
	memcpy(shape, tt->shape, sizeof shape);
	const struct tt_enc *e = tt_decode_bits(p, tt->enc, 0, tt->bits);
	if (!e) {
		rc = p->sc.err ? p->sc.err->code : LAY_ESYNTAX;
		goto out;
	}
	if (e->shared) {
		rc = lay_scan_error(
			&p->sc, LAY_ESCHEMA, e->pos,
			"tmem_load / tmem_store move registers: the tensor's layout is %s, a "
			"shared layout",
			tt_family_name(e->family));
		goto out;
	}
	struct tt_fail f = { 0 };
	if (tt_to_linear(e, shape, 2, ll, &f)) {
		rc = lay_scan_error(&p->sc, LAY_ERANGE, f.at ? f.at->pos : e->pos, "%s", f.msg);
		goto out;
	}
	/* the register side: its bases as (dim0, dim1) pairs */
	static int64_t rb[TT_MAXIN][TT_MAXB][2];
	const int64_t(*rbp[TT_MAXIN])[2];
	int o0 = tll_out_index(ll, 0), o1 = tll_out_index(ll, 1), reg_block = -1, reg_warp = -1;
	for (int i = 0; i < ll->nin; i++) {
		for (int k = 0; k < ll->nb[i]; k++) {
			rb[i][k][0] = o0 >= 0 ? ll->b[i][k][o0] : 0;
			rb[i][k][1] = o1 >= 0 ? ll->b[i][k][o1] : 0;
		}
		rbp[i] = (const int64_t(*)[2])rb[i];
		if (ll->in[i] == TT_BLOCK)
			reg_block = i;
		if (ll->in[i] == TT_WARP)
			reg_warp = i;
	}
	int tnb[4], tn = t->n[2] ? 3 : 2;
	const int64_t(*tbp[4])[2];
	static const int order[4] = { 0, 1, 2, 3 };
	for (int i = 0, k = 0; i < 4; i++) {
		if (i == 2 && !t->n[2])
			continue;
		tnb[k] = t->n[order[i]];
		tbp[k++] = (const int64_t(*)[2])t->b[order[i]];
	}
	int sr = side_build(&R, ll->nin, ll->nb, rbp, shape, 0);
	int st = sr ? 0 : side_build(&T, tn + 1, tnb, tbp, shape, tm_empty_bits(tnb, tbp, tn));
	if (sr || st) {
		rc = lay_scan_error(
			&p->sc, (sr ? sr : st) == -1 ? LAY_ELIMIT : LAY_ENOMEM, tt->pos,
			"a side of the tmem_load / tmem_store layout has over 2^%d points",
			JOIN_MAX_BITS);
		goto out;
	}
	/* axes: the register layout's in-dims, then TLane, TCol, TSub */
	int ax[TT_MAXIN + 3];
	if ((rc = join_axes(p, ll, tnb, tn, shape, ptr, tt->pos, ax)))
		goto out;
	j->naxes = def->naxes;
	int in_dims[2] = { reg_block, reg_warp };
	if ((rc = join_rows(p, j, &R, &T, shape[0] * shape[1], ax, ll->nin, in_dims, tn, tt->pos)))
		goto out;
	j->info = tm_info(t, shape, "tmem_load_store");
	json_object_set_new(j->info, "register_family", json_string(tt_family_name(e->family)));
	if (!def->element_bits)
		def->element_bits = t->bits;
	def->placements_bound = j->nrows;
	def->ops = &join_ops;
	def->state = j;
	j = NULL;
out:
	side_free(&R);
	side_free(&T);
	join_free(j);
	free(t);
	free(ll);
	return rc;
}
