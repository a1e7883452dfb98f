/*
 * ttgir_parse.c - the ttgir notation: Triton's layout encodings as the
 * compiler prints them in TTGIR, read from one attribute plus a "shape", or
 * from a fragment of a dump (alias lines, one tensor<...> or
 * !ttg.memdesc<...> type, the module's ttg.num-warps / threads-per-warp /
 * num-ctas).  The encoding is converted for the tensor's shape exactly as
 * Triton's toLinearLayout does (ttgir_ll.c) and handed to the linear
 * notation, so the two share placements, fingerprints and structure.
 *
 * Three layers: a reader for the MLIR attribute syntax Triton uses (values
 * with byte positions, ttgir_read.c), a decoder per family that applies
 * Triton's parser and verifier rules (ttgir_decode.c), and, here, the dump
 * scanner and the notation's entry point.  Every error carries the
 * character position of the offending text.
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "notation/notation.h"
#include "notation/ttgir_lines.h"
#include "notation/ttgir_text.h"
/* ------------------------------------------------------------------ */
/* Dumps: alias lines, module attributes, types                        */

static int elem_bits(const char *t, int n)
{
	if (n >= 7 && strncmp(t, "!tt.ptr", 7) == 0)
		return 64;
	if (n == 5 && strncmp(t, "index", 5) == 0)
		return 64;
	if (n == 4 && strncmp(t, "bf16", 4) == 0)
		return 16;
	if (n >= 2 && (t[0] == 'i' || t[0] == 'f') && isdigit((unsigned char)t[1])) {
		/* no element is wider than 1024 bits: wider is unknown (0) */
		struct lay_scan sc;
		int64_t b;
		lay_scan_init(&sc, t, NULL, NULL, 0);
		sc.pos = 1;
		return lay_scan_int(&sc, 1, false, 0, 1024, NULL, LAY_ERANGE, &b) ? 0 : (int)b;
	}
	if (n == 4 && strncmp(t, "tf32", 4) == 0)
		return 32;
	return 0;
}

/* "128x64xf16" -> dims and the element type's extent. */
static int parse_dims(struct tp *p, int64_t *dims, int *rank, const char **et, int *etn)
{
	*rank = 0;
	lay_scan_skip(&p->sc);
	for (;;) {
		size_t b = p->sc.pos;
		if (p->sc.s[p->sc.pos] == '?')
			return lay_scan_error(&p->sc, LAY_ESHAPE, (long)b,
					      "a dynamic dim (?) has no layout to check");
		if (!isdigit((unsigned char)p->sc.s[p->sc.pos]))
			break;
		int64_t v = 0;
		int rc = lay_scan_int(&p->sc, (int)b, false, 0, TT_MAX_DIM, "dim", LAY_ELIMIT, &v);
		if (rc)
			return rc;
		if (p->sc.s[p->sc.pos] != 'x') {
			p->sc.pos = b; /* an element type such as i32 follows digits? no */
			return lay_scan_error(&p->sc, LAY_ESYNTAX, (long)p->sc.pos,
					      "expected 'x' after a dim");
		}
		p->sc.pos++;
		if (*rank >= TT_MAXR)
			return lay_scan_error(&p->sc, LAY_ELIMIT, (long)b, "more than %d dims",
					      TT_MAXR);
		dims[(*rank)++] = v;
	}
	size_t b = p->sc.pos;
	int d = 0;
	while (p->sc.s[p->sc.pos] &&
	       (d > 0 || (p->sc.s[p->sc.pos] != ',' && p->sc.s[p->sc.pos] != '>'))) {
		d += p->sc.s[p->sc.pos] == '<' ? 1 : p->sc.s[p->sc.pos] == '>' ? -1 : 0;
		p->sc.pos++;
	}
	*et = p->sc.s + b;
	*etn = (int)(p->sc.pos - b);
	while (*etn > 0 && isspace((unsigned char)(*et)[*etn - 1]))
		(*etn)--;
	return 0;
}

/* tensor<...> or !ttg.memdesc<...> at p->i (just past '<'). */
static int parse_type(struct tp *p, bool memdesc, long pos)
{
	int rc;
	struct ttype t;
	const char *et = NULL;
	int etn = 0;
	memset(&t, 0, sizeof t);
	t.pos = pos;
	t.memdesc = memdesc;
	if ((rc = parse_dims(p, t.shape, &t.rank, &et, &etn)))
		return rc;
	t.bits = elem_bits(et, etn);
	if (!lay_scan_eat(&p->sc, ',')) {
		if (!lay_scan_eat(&p->sc, '>'))
			return lay_scan_error(&p->sc, LAY_ESYNTAX, (long)p->sc.pos,
					      "expected ',' or '>' in the type");
		/* no encoding: only its shape may serve (an attribute pasted
		 * beside "tensor<16x16xf16>", as triton-tensor-layout takes them) */
		if (!p->plain.rank && !memdesc)
			p->plain = t;
		else
			p->plain_many = true;
		return 0;
	}
	if (!(t.enc = tt_value(p)))
		return p->sc.err->code;
	while (lay_scan_eat(&p->sc, ',')) {
		lay_scan_skip(&p->sc);
		if (isdigit((unsigned char)p->sc.s[p->sc.pos])) {
			/* an alloc shape is dims without an element type */
			int64_t dims[TT_MAXR];
			int r = 0;
			for (;;) {
				int64_t v = 0;
				if ((rc = lay_scan_int(&p->sc, p->sc.pos, false, 0, TT_MAX_DIM,
						       "alloc shape dim", LAY_ELIMIT, &v)))
					return rc;
				if (r < TT_MAXR)
					dims[r++] = v;
				if (p->sc.s[p->sc.pos] == 'x' &&
				    isdigit((unsigned char)p->sc.s[p->sc.pos + 1])) {
					p->sc.pos++;
					continue;
				}
				break;
			}
			t.alloc_rank = r;
			memcpy(t.alloc, dims, sizeof dims);
		} else if (!tt_value(p)) {
			return p->sc.err->code;
		}
	}
	if (!lay_scan_eat(&p->sc, '>'))
		return lay_scan_error(&p->sc, LAY_ESYNTAX, (long)p->sc.pos,
				      "expected '>' to close the type");
	if (p->ntypes >= TT_MAX_TYPES)
		return lay_scan_error(&p->sc, LAY_ELIMIT, pos, "more than %d typed values",
				      TT_MAX_TYPES);
	p->types[p->ntypes++] = t;
	return 0;
}

static bool word_at(const char *s, size_t i, const char *w)
{
	size_t n = strlen(w);
	return strncmp(s + i, w, n) == 0 && (i == 0 || !tt_ident_char(s[i - 1]) || w[0] == '!');
}

/* Scan one line (from p->sc.pos) for types; strings and comments skipped. */
static int scan_line(struct tp *p)
{
	int rc;
	while (p->sc.s[p->sc.pos] && p->sc.s[p->sc.pos] != '\n') {
		char c = p->sc.s[p->sc.pos];
		if (c == '"') {
			p->sc.pos++;
			while (p->sc.s[p->sc.pos] && p->sc.s[p->sc.pos] != '"' &&
			       p->sc.s[p->sc.pos] != '\n')
				p->sc.pos += p->sc.s[p->sc.pos] == '\\' && p->sc.s[p->sc.pos + 1]
						     ? 2
						     : 1;
			if (p->sc.s[p->sc.pos] == '"')
				p->sc.pos++;
			continue;
		}
		if (c == '/' && p->sc.s[p->sc.pos + 1] == '/')
			break;
		long pos = (long)p->sc.pos;
		if (word_at(p->sc.s, p->sc.pos, "tensor<")) {
			p->sc.pos += 7;
			if ((rc = parse_type(p, false, pos)))
				return rc;
			continue;
		}
		if (word_at(p->sc.s, p->sc.pos, "!ttg.memdesc<")) {
			p->sc.pos += 13;
			if ((rc = parse_type(p, true, pos)))
				return rc;
			continue;
		}
		if (word_at(p->sc.s, p->sc.pos, "!triton_gpu.memdesc<")) {
			p->legacy = true;
			p->sc.pos += 20;
			if ((rc = parse_type(p, true, pos)))
				return rc;
			continue;
		}
		if (word_at(p->sc.s, p->sc.pos, "!tt.tensordesc<")) {
			/* a TMA descriptor's block: its shared layout, written
			 * bare (128x64xf16, #shared) or, as older Triton did, as
			 * a tensor type inside (tensor<128x64xf16, #shared>) */
			p->sc.pos += 15;
			lay_scan_skip(&p->sc);
			bool wrapped = word_at(p->sc.s, p->sc.pos, "tensor<");
			if (wrapped)
				p->sc.pos += 7;
			if ((rc = parse_type(p, true, pos)))
				return rc;
			if (wrapped && !lay_scan_eat(&p->sc, '>'))
				return lay_scan_error(
					&p->sc, LAY_ESYNTAX, (long)p->sc.pos,
					"expected '>' to close the tensor descriptor type");
			continue;
		}
		if (word_at(p->sc.s, p->sc.pos, "!tt.memdesc<")) {
			p->legacy = true;
			p->sc.pos += 12;
			if ((rc = parse_type(p, true, pos)))
				return rc;
			continue;
		}
		p->sc.pos++;
	}
	while (p->sc.s[p->sc.pos] && p->sc.s[p->sc.pos] != '\n')
		p->sc.pos++;
	return 0;
}

static int scan(struct tp *p)
{
	int rc;
	while (p->sc.s[p->sc.pos]) {
		lay_scan_skip(&p->sc);
		if (!p->sc.s[p->sc.pos])
			break;
		long pos = (long)p->sc.pos;
		if (p->sc.s[p->sc.pos] == '#') {
			size_t save = p->sc.pos;
			p->sc.pos++;
			const char *name = p->sc.s + p->sc.pos;
			int n = 0;
			while (tt_ident_char(p->sc.s[p->sc.pos]))
				p->sc.pos++, n++;
			bool dialect = memchr(name, '.', (size_t)n) != NULL;
			if (n && !dialect && lay_scan_eat(&p->sc, '=')) {
				lay_scan_skip(&p->sc);
				if (p->sc.s[p->sc.pos] != '#') { /* #loc = loc(...) and the like */
					while (p->sc.s[p->sc.pos] && p->sc.s[p->sc.pos] != '\n')
						p->sc.pos++;
					continue;
				}
				for (int k = 0; k < p->nalias; k++)
					if (p->alias[k].n == n &&
					    strncmp(p->alias[k].name, name, (size_t)n) == 0)
						return lay_scan_error(
							&p->sc, LAY_ENAME, pos,
							"alias #%.*s is defined twice", n, name);
				if (p->nalias >= TT_MAX_ALIAS)
					return lay_scan_error(&p->sc, LAY_ELIMIT, pos,
							      "more than %d aliases", TT_MAX_ALIAS);
				struct tv *v = tt_value(p);
				if (!v)
					return p->sc.err->code;
				p->alias[p->nalias++] =
					(struct alias){ .name = name, .n = n, .pos = pos, .v = v };
				continue;
			}
			p->sc.pos = save;
			struct tv *v = tt_value(p);
			if (!v)
				return p->sc.err->code;
			if (p->nbare >= 4)
				return lay_scan_error(&p->sc, LAY_ESCHEMA, pos,
						      "several bare attributes: paste one layout");
			p->bare[p->nbare++] = v;
			continue;
		}
		if (word_at(p->sc.s, p->sc.pos, "module")) {
			p->sc.pos += 6;
			lay_scan_skip(&p->sc);
			if (word_at(p->sc.s, p->sc.pos, "attributes")) {
				p->sc.pos += 10;
				lay_scan_skip(&p->sc);
				if (p->sc.s[p->sc.pos] == '{') {
					struct tv *m = tt_value(p);
					if (!m)
						return p->sc.err->code;
					p->module = m;
				}
			}
		}
		if ((rc = scan_line(p)))
			return rc;
	}
	return 0;
}

/* ------------------------------------------------------------------ */
/* The notation                                                        */

static void tp_free(struct tp *p)
{
	while (p->blocks) {
		struct tv_block *b = p->blocks->next;
		free(p->blocks);
		p->blocks = b;
	}
	for (int k = 0; k < p->nencs; k++)
		free(p->encs[k]);
}

static int module_int(struct tp *p, const char *key, int64_t *out, long *pos)
{
	struct tv *v = tv_get(p->module, key);
	if (!v)
		return 0;
	if (v->kind != TV_INT)
		return lay_scan_error(&p->sc, LAY_ESCHEMA, v->pos, "%s must be an integer", key);
	*out = v->i;
	*pos = v->pos;
	return 1;
}

static int64_t in_size(const struct tll *l, int in)
{
	int i = tll_in_index(l, in);
	return i < 0 ? 1 : (int64_t)1 << l->nb[i];
}

/* The definition's optional integer member `key` into *out (0 if absent). */
static int def_int(struct lay_def *def, json_t *whole, const char *key, int64_t *out,
		   struct lay_error *err)
{
	char q[LAY_ERR_PTR];
	json_t *v = json_object_get(whole, key);
	*out = 0;
	if (!v)
		return 0;
	lay_ptr_join(q, sizeof q, def->ptr, key);
	if (lay_json_int(v, q, out, err))
		return err ? err->code : LAY_ESCHEMA;
	if (*out < 1)
		return lay_error_set(err, LAY_ERANGE, q, -1, "%s must be positive", key);
	return 0;
}

/* One ttgir definition on its way to the linear notation. */
struct tt_job {
	struct tp *p;
	struct lay_def *def;
	json_t *whole;
	const char *ptr;
	const struct ttype *ty; /* the typed value, or NULL */
	struct tv *encv;	/* the layout attribute */
	int64_t shape[TT_MAXR];
	int rank, bits;
	long shape_pos;	  /* where the text gives the shape, or -1 */
	bool shape_given; /* "shape" in the definition */
	const struct tt_enc *e;
	struct tll *ll;
	int64_t mtpw; /* threads per warp of the module or the definition */
};

/* Only alias lines: the one no other alias refers to. */
static int root_alias(struct tp *p, struct tv **encv)
{
	const char *text = p->sc.s;
	int cand = -1, n = 0;
	for (int k = 0; k < p->nalias; k++) {
		struct tv *a = p->alias[k].v;
		if (a->kind != TV_ATTR || (a->n >= 13 && strstr(a->s, "shared_memory") &&
					   (int)(strstr(a->s, "shared_memory") - a->s) < a->n))
			continue;
		bool referenced = false;
		for (int j = 0; j < p->nalias && !referenced; j++) {
			struct tv *b = p->alias[j].v;
			const char *needle = p->alias[k].name;
			for (long x = b->pos; x + p->alias[k].n < b->end && !referenced; x++)
				referenced =
					text[x] == '#' &&
					strncmp(text + x + 1, needle, (size_t)p->alias[k].n) == 0 &&
					!tt_ident_char(text[x + 1 + p->alias[k].n]);
		}
		if (!referenced)
			cand = k, n++;
	}
	if (n == 1) {
		*encv = p->alias[cand].v;
		return 0;
	}
	return lay_scan_error(&p->sc, LAY_ESCHEMA, n ? p->alias[cand].pos : 0,
			      n ? "several alias lines and no tensor<...> type: add the type "
				  "line, or paste one attribute"
				: "expected a layout: #ttg.blocked<{...}> (with \"shape\") or "
				  "TTGIR "
				  "lines with a tensor<...> / !ttg.memdesc<...> type");
}

/* Which value is the layout: the one typed value, a bare attribute, or
 * the root alias. */
static int pick_layout(struct tt_job *j)
{
	struct tp *p = j->p;
	const char *text = p->sc.s;
	const struct ttype *ty = NULL;
	for (int k = 0; k < p->ntypes; k++) {
		if (!p->types[k].enc)
			continue;
		if (!ty) {
			ty = &p->types[k];
			continue;
		}
		const struct tv *a = ty->enc, *b = p->types[k].enc;
		bool same = a->end - a->pos == b->end - b->pos &&
			    strncmp(text + a->pos, text + b->pos, (size_t)(a->end - a->pos)) == 0 &&
			    ty->rank == p->types[k].rank &&
			    memcmp(ty->shape, p->types[k].shape,
				   sizeof(int64_t) * (size_t)ty->rank) == 0;
		if (!same)
			return lay_scan_error(
				&p->sc, LAY_ESCHEMA, p->types[k].pos,
				"the text holds more than one typed layout (the first at character "
				"%ld): keep the one tensor<...> or !ttg.memdesc<...> to check",
				lay_utf8_offset(text, ty->pos));
	}
	j->ty = ty;
	if (ty) {
		if (p->nbare)
			return lay_scan_error(
				&p->sc, LAY_ESCHEMA, p->bare[0]->pos,
				"a bare attribute beside a typed value: paste one or the other");
		j->encv = ty->enc;
		j->rank = ty->rank;
		memcpy(j->shape, ty->shape, sizeof j->shape);
		j->bits = ty->bits;
		j->shape_pos = ty->pos;
		return 0;
	}
	if (p->nbare == 1) {
		j->encv = p->bare[0];
		return 0;
	}
	if (p->nbare > 1)
		return lay_scan_error(&p->sc, LAY_ESCHEMA, p->bare[1]->pos,
				      "several bare attributes: paste one layout");
	return root_alias(p, &j->encv);
}

/* The shape: from the type, or "shape", or "logical". */
static int pick_shape(struct tt_job *j)
{
	struct lay_def *def = j->def;
	struct lay_error *err = j->p->sc.err;
	char q[LAY_ERR_PTR];
	int rc;
	json_t *sj = json_object_get(j->whole, "shape");
	j->shape_given = sj != NULL;
	if (sj) {
		int64_t s2[TT_MAXR];
		lay_ptr_join(q, sizeof q, def->ptr, "shape");
		if (!json_is_array(sj) || json_array_size(sj) == 0 || json_array_size(sj) > TT_MAXR)
			return lay_error_set(
				err, LAY_ESCHEMA, q, -1,
				"shape must be an array of 1..%d extents, e.g. [128, 64]", TT_MAXR);
		for (size_t d = 0; d < json_array_size(sj); d++) {
			char q2[LAY_ERR_PTR];
			lay_ptr_index(q2, sizeof q2, q, d);
			if ((rc = lay_json_int(json_array_get(sj, d), q2, &s2[d], err)))
				return rc;
			if (s2[d] < 1 || s2[d] > TT_MAX_DIM)
				return lay_error_set(err, LAY_EEXTENT, q2, -1,
						     "extent %lld is outside 1..2^30",
						     (long long)s2[d]);
		}
		if (j->rank >= 0 && (j->rank != (int)json_array_size(sj) ||
				     memcmp(s2, j->shape, sizeof(int64_t) * (size_t)j->rank) != 0))
			return lay_error_set(
				err, LAY_ESHAPE, q, -1,
				"shape differs from the tensor type's shape in the text");
		j->rank = (int)json_array_size(sj);
		memcpy(j->shape, s2, sizeof s2);
	} else if (j->rank < 0 && j->p->plain.rank && !j->p->plain_many) {
		j->rank = j->p->plain.rank;
		memcpy(j->shape, j->p->plain.shape, sizeof j->shape);
		j->bits = j->p->plain.bits;
		j->shape_pos = j->p->plain.pos;
	} else if (j->rank < 0 && def->logical_given) {
		j->rank = def->rank;
		if (j->rank > TT_MAXR) {
			lay_ptr_join(q, sizeof q, def->ptr, "logical");
			return lay_error_set(err, LAY_ELIMIT, q, -1, "rank over %d", TT_MAXR);
		}
		for (int d = 0; d < j->rank; d++)
			j->shape[d] = def->shape[d];
	}
	if (j->rank < 0)
		return lay_error_set(
			err, LAY_ESCHEMA, def->ptr, -1,
			"a ttgir attribute needs \"shape\": [...] (the tensor's shape), "
			"or a tensor<...> type in the text");
	return 0;
}

/* The decoded encoding against its type and shape: memdescs take the
 * alloc shape's last dims (a leading buffer dim dropped), tensors hold
 * distributed layouts, ranks agree, dims are powers of two. */
static int check_decoded(struct tt_job *j)
{
	struct tp *p = j->p;
	struct lay_def *def = j->def;
	struct lay_error *err = p->sc.err;
	const struct ttype *ty = j->ty;
	const struct tt_enc *e = j->e;
	int64_t *shape = j->shape;
	char q[LAY_ERR_PTR];
	if (ty && ty->memdesc) {
		if (ty->alloc_rank >= j->rank)
			memcpy(shape, ty->alloc + (ty->alloc_rank - j->rank),
			       sizeof(int64_t) * (size_t)j->rank);
		if (e->rank == j->rank - 1) {
			tt_warn(p, "ttgir_buffer_dim", ty->pos,
				"the memdesc's leading dim (%lld buffers) is dropped: the layout "
				"has "
				"rank "
				"%d",
				(long long)shape[0], e->rank);
			memmove(shape, shape + 1, sizeof(int64_t) * (size_t)(j->rank - 1));
			j->rank--;
		}
		if (!e->shared)
			return lay_scan_error(
				&p->sc, LAY_ESCHEMA, e->pos,
				"a memdesc holds a shared layout; %s is distributed (registers)",
				tt_family_name(e->family));
	} else if (ty && e->shared) {
		return lay_scan_error(
			&p->sc, LAY_ESCHEMA, e->pos,
			"Non-distributed layout is not allowed in tensor type (%s is a shared "
			"layout: use !ttg.memdesc<...>)",
			tt_family_name(e->family));
	}
	if (e->rank != j->rank) {
		if (j->shape_pos >= 0)
			return lay_scan_error(&p->sc, LAY_ESHAPE, j->shape_pos,
					      "the tensor has rank %d, its layout (%s) rank %d",
					      j->rank, tt_family_name(e->family), e->rank);
		lay_ptr_join(q, sizeof q, def->ptr, j->shape_given ? "shape" : "logical");
		return lay_error_set(err, LAY_ESHAPE, q, -1,
				     "the shape has rank %d, the %s layout rank %d", j->rank,
				     tt_family_name(e->family), e->rank);
	}
	for (int d = 0; d < j->rank; d++)
		if (shape[d] < 1 || (shape[d] & (shape[d] - 1))) {
			if (j->shape_pos >= 0)
				return lay_scan_error(
					&p->sc, LAY_ESHAPE, j->shape_pos,
					"tensor dim %d is %lld: Triton's layouts need power-of-two "
					"dims",
					d, (long long)shape[d]);
			lay_ptr_join(q, sizeof q, def->ptr, j->shape_given ? "shape" : "logical");
			lay_ptr_index(q, sizeof q, q, (size_t)d);
			return lay_error_set(err, LAY_ESHAPE, q, -1,
					     "extent %lld is not a power of two: Triton's "
					     "layouts need power-of-two dims",
					     (long long)shape[d]);
		}
	return 0;
}

/* The module's numbers (threads per warp, warps, CTAs), or the
 * definition's, against the layout's. */
static int check_module(struct tt_job *j)
{
	struct tp *p = j->p;
	struct lay_def *def = j->def;
	struct lay_error *err = p->sc.err;
	const struct tt_enc *e = j->e;
	const struct tll *ll = j->ll;
	char q[LAY_ERR_PTR];
	int rc;
	int64_t mtpw = 0, mwarps = 0, mctas = 0, jv;
	long ptpw = -1, pwarps = -1, pctas = -1;
	if (p->module) {
		if (module_int(p, "ttg.threads-per-warp", &mtpw, &ptpw) < 0 ||
		    module_int(p, "triton_gpu.threads-per-warp", &mtpw, &ptpw) < 0 ||
		    module_int(p, "ttg.num-warps", &mwarps, &pwarps) < 0 ||
		    module_int(p, "triton_gpu.num-warps", &mwarps, &pwarps) < 0 ||
		    module_int(p, "ttg.num-ctas", &mctas, &pctas) < 0 ||
		    module_int(p, "triton_gpu.num-ctas", &mctas, &pctas) < 0)
			return err ? err->code : LAY_ESCHEMA;
	}
	static const char *const jkeys[] = { "threads_per_warp", "num_warps", "num_ctas" };
	int64_t *mv[] = { &mtpw, &mwarps, &mctas };
	for (int k = 0; k < 3; k++) {
		if ((rc = def_int(def, j->whole, jkeys[k], &jv, err)))
			return rc;
		if (jv && *mv[k] && jv != *mv[k]) {
			lay_ptr_join(q, sizeof q, def->ptr, jkeys[k]);
			return lay_error_set(err, LAY_ESHAPE, q, -1,
					     "%s = %lld, but the module says %lld", jkeys[k],
					     (long long)jv, (long long)*mv[k]);
		}
		if (jv)
			*mv[k] = jv;
	}
	j->mtpw = mtpw;
	if (!e->shared) {
		int64_t lanes = in_size(ll, TT_LANE), warps = in_size(ll, TT_WARP);
		if (mtpw && lanes != mtpw)
			return lay_scan_error(
				&p->sc, LAY_ESHAPE, ptpw >= 0 ? ptpw : e->pos,
				"Layout has %lld threads per warp, but the module specifies %lld "
				"threads per warp.",
				(long long)lanes, (long long)mtpw);
		if (mwarps && warps != mwarps && strstr(p->sc.s, "num_warps(")) {
			/* warp-specialized partitions set their own warp count */
			tt_warn(p, "ttgir_num_warps", pwarps >= 0 ? pwarps : e->pos,
				"the layout has %lld warps, the module %lld: the text has "
				"partitions "
				"with their own num_warps, so this is not checked",
				(long long)warps, (long long)mwarps);
		} else if (mwarps && warps != mwarps) {
			return lay_scan_error(
				&p->sc, LAY_ESHAPE, pwarps >= 0 ? pwarps : e->pos,
				"Layout has %lld warps per CTA, but the module specifies %lld "
				"warps "
				"per CTA.",
				(long long)warps, (long long)mwarps);
		}
		int ws_ = tt_warp_size(e);
		if (!mtpw && ws_ && lanes != ws_)
			tt_warn(p, "ttgir_warp_size", e->pos,
				"the layout spans %lld lanes; its target's warps have %d",
				(long long)lanes, ws_);
		if (!mtpw && !ws_ && lanes != 32 && lanes != 64)
			tt_warn(p, "ttgir_warp_size", e->pos,
				"the layout spans %lld lanes: no GPU warp has that many threads "
				"(32, "
				"or 64 "
				"on AMD CDNA)",
				(long long)lanes);
	}
	if (mctas && in_size(ll, TT_BLOCK) != mctas)
		return lay_scan_error(&p->sc, LAY_ESHAPE, pctas >= 0 ? pctas : e->pos,
				      "Layout has %lld CTAs, but the module specifies %lld CTAs.",
				      (long long)in_size(ll, TT_BLOCK), (long long)mctas);
	return 0;
}

/* A padded_shared layout (or a partitioned one of padded pieces): its
 * interval:padding pairs on the offset axis, whose extent becomes the
 * padded allocation (getPaddedSize: no padding after the last element). */
static void set_padding(struct lay_def *def, const struct tt_enc *e)
{
	if (e->family == TT_PARTITIONED_SHARED && e->parent)
		e = e->parent;
	if (e->family != TT_PADDED_SHARED)
		return;
	struct lay_padding *pd = &def->padding;
	for (int a = 0; a < def->naxes; a++)
		if (strcmp(def->axes[a].name, "offset") == 0) {
			pd->axis = a;
			for (int k = 0; k < e->npad && k < LAY_MAX_PAD; k++) {
				pd->shift[k] = __builtin_ctz(e->intervals[k]);
				pd->pad[k] = __builtin_ctz(e->paddings[k]);
				pd->n = k + 1;
			}
			int64_t n = def->axes[a].extent;
			if (n > 0)
				def->axes[a].extent = lay_padding_apply(pd, n - 1) + 1;
		}
}

/* Hand the bases to the linear notation, with what the ttgir text said. */
static int hand_bases(struct tt_job *j)
{
	struct tp *p = j->p;
	struct lay_def *def = j->def;
	const struct tt_enc *e = j->e;
	const struct tll *ll = j->ll;
	json_t *bases = json_object(), *outs = json_array();
	for (int i = 0; i < ll->nin; i++) {
		json_t *list = json_array();
		for (int k = 0; k < ll->nb[i]; k++) {
			json_t *b = json_array();
			for (int o = 0; o < ll->nout; o++)
				json_array_append_new(b, json_integer((json_int_t)ll->b[i][k][o]));
			json_array_append_new(list, b);
		}
		json_object_set_new(bases, tt_in_names[ll->in[i]], list);
	}
	for (int o = 0; o < ll->nout; o++) {
		char name[16];
		snprintf(name, sizeof name, "dim%d", ll->out[o]);
		json_array_append_new(outs, json_pack("[s,I]", name, (json_int_t)ll->osz[o]));
	}
	json_t *shp = json_array();
	for (int d = 0; d < j->rank; d++)
		json_array_append_new(shp, json_integer((json_int_t)j->shape[d]));
	json_t *info = json_pack("{s:s,s:o,s:b}", "family", tt_family_name(e->family), "shape", shp,
				 "legacy_syntax", p->legacy);
	if (j->bits)
		json_object_set_new(info, "element_bits", json_integer(j->bits));
	int64_t lane_limit = j->mtpw ? j->mtpw : tt_warp_size(e);
	if (!lane_limit && !e->shared)
		lane_limit = in_size(ll, TT_LANE) == 64 ? 64 : 32;
	if (lane_limit)
		json_object_set_new(info, "threads_per_warp", json_integer(lane_limit));
	if (e->family == TT_PADDED_SHARED) {
		json_t *pads = json_array();
		for (int k = 0; k < e->npad; k++)
			json_array_append_new(pads,
					      json_pack("[i,i]", e->intervals[k], e->paddings[k]));
		json_object_set_new(info, "padding", pads);
	}
	json_t *extra = json_pack("{s:o}", "ttgir", info);
	int rc = lay_linear_from_bases(def, json_pack("{s:o,s:o}", "bases", bases, "out", outs),
				       j->whole, extra, j->ptr, p->sc.err);
	if (rc)
		return rc;
	for (int a = 0; a < def->naxes; a++)
		if (strcmp(def->axes[a].name, "lane") == 0 && lane_limit)
			def->axes[a].hw_limit = lane_limit;
	set_padding(def, e);
	return 0;
}

/* The layout read, checked and converted, once the text is scanned. */
static int ttgir_layout(struct tt_job *j)
{
	struct tp *p = j->p;
	struct lay_error *err = p->sc.err;
	int rc, tmi, tti;
	if (tt_tmem_pair(p, &tmi, &tti)) /* ttgir_tmem.c */
		return tt_tmem_join(p, tmi, tti, j->whole, j->ptr);
	if ((rc = pick_layout(j)) || (rc = pick_shape(j)))
		return rc;
	if (tt_tmem_kind(p, j->encv)) /* ttgir_tmem.c */
		return tt_tmem_layout(p, j->encv, j->ty, j->shape, j->rank, j->bits, j->whole,
				      j->ptr);
	if (!(j->e = tt_decode_bits(p, j->encv, 0, j->bits)))
		return err ? err->code : LAY_ESYNTAX;
	if ((rc = check_decoded(j)))
		return rc;
	struct tt_fail f = { 0 };
	if (tt_to_linear(j->e, j->shape, j->rank, j->ll, &f))
		return lay_scan_error(&p->sc, LAY_ERANGE, f.at ? f.at->pos : j->e->pos, "%s",
				      f.msg);
	if ((rc = check_module(j)))
		return rc;
	return hand_bases(j);
}

static int lay_ttgir_parse(struct lay_def *def, json_t *v, json_t *whole, struct lay_error *err)
{
	char ptr[LAY_ERR_PTR];
	int rc = 0;
	lay_ptr_join(ptr, sizeof ptr, def->ptr, "ttgir");
	if (!json_is_string(v))
		return lay_error_set(err, LAY_ESCHEMA, ptr, -1,
				     "ttgir must be a string: an attribute such as "
				     "#ttg.blocked<{...}> with \"shape\", or TTGIR dump lines");
	const char *text = json_string_value(v);
	if (strlen(text) > TT_MAX_TEXT)
		return lay_error_set(err, LAY_ELIMIT, ptr, -1,
				     "ttgir text is %zu bytes, over the limit of %d", strlen(text),
				     TT_MAX_TEXT);
	struct tt_job j = { .def = def, .whole = whole, .ptr = ptr, .rank = -1, .shape_pos = -1 };
	j.p = calloc(1, sizeof *j.p);
	j.ll = calloc(1, sizeof *j.ll);
	if (!j.p || !j.ll) {
		rc = lay_error_set(err, LAY_ENOMEM, ptr, -1, "out of memory");
	} else {
		lay_scan_init(&j.p->sc, text, ptr, err, LAY_SCAN_LINE);
		j.p->def = def;
		rc = scan(j.p);
		if (!rc)
			rc = ttgir_layout(&j);
	}
	if (j.p)
		tp_free(j.p);
	free(j.p);
	free(j.ll);
	return rc;
}

/* ------------------------------------------------------------------ */
/* The ttgir notation: how its text is detected, its definition adjusted, its descriptor       */

/* A word w that is not the tail of a longer identifier. */
static bool has_word(const char *s, const char *w)
{
	for (const char *p = strstr(s, w); p; p = strstr(p + 1, w))
		if (p == s || !(isalnum((unsigned char)p[-1]) || p[-1] == '_'))
			return true;
	return false;
}

static bool is_ttgir(const char *s)
{
	static const char *const marks[] = { "#ttg.",	     "#ttng.",
					     "#triton_gpu.", "#triton_nvidia_gpu.",
					     "!ttg.",	     "!tt.",
					     "!triton_gpu." };
	for (size_t k = 0; k < sizeof marks / sizeof marks[0]; k++)
		if (strstr(s, marks[k]))
			return true;
	return has_word(s, "tensor<");
}

static int detect_ttgir(const char *s)
{
	return is_ttgir(s) ? LAY_PASS_TTGIR : 0;
}

/* A TTGIR attribute's tile: "logical" stands for its "shape" when no type
 * in the text gives one. */
static void detected_ttgir(json_t *out, const char *t)
{
	json_t *lg = json_object_get(out, "logical");
	if (!lg)
		return;
	if (!json_object_get(out, "shape") && !strstr(t, "tensor<") && !strstr(t, "memdesc<") &&
	    !strstr(t, "tensordesc<"))
		json_object_set(out, "shape",
				json_is_object(lg) ? json_object_get(lg, "shape") : lg);
	json_object_del(out, "logical");
}

/* The tensor shape and the module's numbers when the text has no tensor
 * type or module line. */
static const char *const ttgir_members[] = { "shape", "threads_per_warp", "num_warps", "num_ctas",
					     NULL };

const struct lay_notation lay_notation_ttgir = {
	.key = "ttgir",
	.text_hint = "TTGIR #ttg...",
	.members = ttgir_members,
	.parse = lay_ttgir_parse,
	.detect = detect_ttgir,
	.detected = detected_ttgir,
	.text_request = lay_ttgir_request,
	.prints = LAY_PRINTS_TRITON,
};
