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

#include "ttgir_text.h"

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
		return tt_err(p, LAY_ESCHEMA, m->pos, "%.*s is an integer", m->klen, m->key);
	if (m->i < lo || m->i > hi)
		return tt_err(p, LAY_ERANGE, m->pos, "%.*s = %lld is outside %lld..%lld", m->klen,
			      m->key, (long long)m->i, (long long)lo, (long long)hi);
	*out = m->i;
	return 0;
}

static int pow2_field(struct tp *p, const struct tv *m, int64_t *out, int64_t lo, int64_t hi)
{
	int rc = want_int(p, m, out, lo, hi);
	if (!rc && (*out & (*out - 1)))
		return tt_err(p, LAY_ERANGE, m->pos, "%.*s = %lld is not a power of two", m->klen,
			      m->key, (long long)*out);
	return rc;
}

static int cga_field(struct tp *p, const struct tv *m, struct tm_enc *e)
{
	if (m->kind != TV_ARR)
		return tt_err(p, LAY_ESCHEMA, m->pos,
			      "CGALayout is a list of block bases, e.g. [[0, 1]]");
	for (const struct tv *b = m->kid; b; b = b->next) {
		if (b->kind != TV_ARR || tv_len(b) != 2 || b->kid->kind != TV_INT ||
		    b->kid->next->kind != TV_INT)
			return tt_err(p, LAY_ESCHEMA, b->pos,
				      "a CGALayout basis has rank 2: [dim0, dim1]");
		if (e->ncga >= TM_MAXB)
			return tt_err(p, LAY_ELIMIT, b->pos, "too many CGALayout bases");
		for (int d = 0; d < 2; d++) {
			int64_t x = d ? b->kid->next->i : b->kid->i;
			if (x < 0 || x > 64 || (x & (x - 1)))
				return tt_err(p, LAY_ERANGE, b->pos,
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
			return tt_err(p, LAY_ESYNTAX, m->pos, "expected key = value in #ttng.%s",
				      fam);
		if (!e->scales && tv_key_is(m, "blockM")) {
			seen_m = true;
			rc = want_int(p, m, &e->blockM, 0, 1 << 20);
			if (!rc && e->blockM != 64 && e->blockM != 128)
				rc = tt_err(p, LAY_ERANGE, m->pos,
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
				rc = tt_err(p, LAY_ERANGE, m->pos,
					    "colStride = 3: it is 1, 2 or 4");
		} else if (!e->scales && tv_key_is(m, "unpacked")) {
			if (m->kind != TV_BOOL)
				return tt_err(p, LAY_ESCHEMA, m->pos, "unpacked is true or false");
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
				return tt_err(p, LAY_ESCHEMA, m->pos, "twoCTAs is true or false");
			e->two_ctas = m->i;
		} else {
			return tt_err(p, LAY_ESCHEMA, m->kpos,
				      "unknown member %.*s of #ttng.%s (%s)", m->klen, m->key, fam,
				      e->scales
					      ? "CGALayout, CTASplitM, CTASplitN"
					      : "blockM, blockN, colStride or unpacked, CGALayout "
						"or CTASplitM/CTASplitN, twoCTAs");
		}
	}
	if (rc)
		return rc;
	if (!e->scales && (!seen_m || !seen_n || !seen_stride))
		return tt_err(p, LAY_ESCHEMA, a->pos, "#ttng.%s needs %s", fam,
			      !seen_m	? "blockM"
			      : !seen_n ? "blockN"
					: "colStride (or the older unpacked)");
	if (seen_cga && (e->splitM > 1 || e->splitN > 1))
		return tt_err(p, LAY_ESCHEMA, a->pos,
			      "CGALayout and CTASplitM/CTASplitN both given: one or the other");
	if (!seen_cga) {
		/* fromSplitParams: CTA order [0, 1], dim0 first */
		for (int64_t s = 1; s < e->splitM; s *= 2)
			e->cga[e->ncga][0] = s, e->cga[e->ncga++][1] = 0;
		for (int64_t s = 1; s < e->splitN; s *= 2)
			e->cga[e->ncga][0] = 0, e->cga[e->ncga++][1] = s;
	}
	if (e->two_ctas && (e->ncga == 0 || e->cga[0][0] != 1 || e->cga[0][1] != 0))
		return tt_err(p, LAY_ESCHEMA, a->pos,
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
	if (e->blockM == 64 && e->two_ctas)
		return tt_err(p, LAY_ERANGE, e->pos,
			      "blockM = 64 with twoCTAs (the M=64 two-CTA datapath layout) is "
			      "not read");
	if (e->blockM > cta[0])
		return tt_err(p, LAY_ESHAPE, e->pos,
			      "blockM = %lld is taller than the %lld rows of one CTA's tile",
			      (long long)e->blockM, (long long)cta[0]);
	if (e->blockM == 64) {
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
	for (int64_t c = 1; c < bn; c *= 2)
		rc |= tm_push(l, 1, 0, c);
	for (int64_t r = sz0; r < cta[0]; r *= 2)
		rc |= tm_push(l, 1, r, 0);
	for (int64_t c = sz1; c < cta[1]; c *= 2)
		rc |= tm_push(l, 1, 0, c);
	if (rc)
		return tt_err(p, LAY_ELIMIT, e->pos, "the tensor memory layout is too large");
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
		return tt_err(p, LAY_ELIMIT, e->pos, "the tensor memory layout is too large");
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

int tt_tmem_layout(struct tp *p, const struct tv *encv, const struct ttype *ty, int64_t *shape,
		   int rank, int bits, json_t *whole, const char *ptr)
{
	const struct tv *a = resolve(p, encv);
	struct tm_enc e = { .pos = a->pos };
	struct tm_ll l = { 0 };
	int rc;
	e.scales = attr_is(a, "ttng.tensor_memory_scales_encoding");
	if ((rc = read_enc(p, a, &e)))
		return rc;
	if (ty && !ty->memdesc)
		return tt_err(p, LAY_ESCHEMA, a->pos,
			      "a tensor memory encoding belongs on a !ttg.memdesc<..., "
			      "#ttng.tensor_memory> type, not on a tensor");
	if (rank == 3) {
		tt_warn(p, "ttgir_buffer_dim", a->pos,
			"the memdesc's leading dim (%lld buffers) is dropped: the layout has rank "
			"2",
			(long long)shape[0]);
		memmove(shape, shape + 1, 2 * sizeof *shape);
		rank = 2;
	}
	if (rank != 2)
		return tt_err(p, LAY_ESHAPE, ty ? ty->pos : a->pos,
			      "a tensor memory layout is 2-D; this shape has rank %d", rank);
	if (!bits)
		bits = e.scales ? 8 : 32;
	if (e.colStride == 0)
		e.colStride = bits < 32 ? 32 / bits : 1;
	if (!e.scales && (int64_t)bits * e.colStride > 32)
		return tt_err(p, LAY_ERANGE, a->pos,
			      "colStride = %lld with %d-bit elements: a 32-bit column holds %d",
			      (long long)e.colStride, bits, bits >= 32 ? 1 : 32 / bits);
	int64_t cta[2] = { shape[0], shape[1] };
	for (int k = 0; k < e.ncga; k++)
		for (int d = 0; d < 2; d++)
			if (e.cga[k][d])
				cta[d] /= 2;
	if (cta[0] < 1 || cta[1] < 1)
		return tt_err(p, LAY_ESHAPE, a->pos,
			      "the CGA layout splits the %lldx%lld tensor into more CTAs than it "
			      "has rows or columns",
			      (long long)shape[0], (long long)shape[1]);
	if ((rc = e.scales ? scales_tile(p, &e, cta, &l) : tile(p, &e, cta, &l)))
		return rc;
	for (int k = 0; k < e.ncga; k++)
		tm_push(&l, 2, e.cga[k][0] * cta[0], e.cga[k][1] * cta[1]);

	/* col counts elements: its low bits are the slot in a 32-bit cell */
	int slots = bits < 32 ? ilog2(32 / bits) : 0, nsub = 0, k = 0;
	int64_t sub[TM_MAXB][2];
	for (; k < slots && k < l.n[1]; k++)
		if (l.b[1][k][0] || l.b[1][k][1]) {
			sub[nsub][0] = l.b[1][k][0];
			sub[nsub++][1] = l.b[1][k][1];
		}
	json_t *bases = json_object();
	json_object_set_new(bases, "TLane", bases_json(l.b[0], l.n[0]));
	json_object_set_new(bases, "TCol", bases_json(l.b[1] + k, l.n[1] - k));
	if (nsub)
		json_object_set_new(bases, "TSub", bases_json(sub, nsub));
	json_object_set_new(bases, "block", bases_json(l.b[2], l.n[2]));
	json_t *outs = json_pack("[[s,I],[s,I]]", "dim0", (json_int_t)shape[0], "dim1",
				 (json_int_t)shape[1]);
	json_t *info =
		json_pack("{s:s,s:[I,I],s:b,s:i,s:I}", "family",
			  e.scales ? "tensor_memory_scales" : "tensor_memory", "shape",
			  (json_int_t)shape[0], (json_int_t)shape[1], "legacy_syntax", e.legacy,
			  "element_bits", bits, "col_stride", (json_int_t)e.colStride);
	if (!p->def->element_bits)
		p->def->element_bits = bits;
	return lay_linear_from_bases(p->def, json_pack("{s:o,s:o}", "bases", bases, "out", outs),
				     whole, json_pack("{s:o}", "ttgir", info), ptr, p->err);
}
