/*
 * lint_async.c - the copies from global memory into shared memory that
 * bypass registers (lint.h): ttg.async_copy_global_to_local (cp.async) and
 * AMD's amdg.buffer_load_to_local (a buffer load written straight to LDS).
 *
 * Both are a store into the memdesc's shared layout by the distributed
 * layout of the source (the pointer tensor, or the offsets tensor): the
 * access analysis counts its bank conflicts on the module's target.  The
 * vector each lane moves is the narrowest of what both sides allow, as
 * Triton's lowering takes it (AsyncCopyGlobalToLocalOpConversion,
 * third_party/nvidia/lib/TritonNVIDIAGPUToLLVM/LoadStoreOpToLLVM.cpp):
 *
 *   - the pointer's contiguity (the axis analysis; lint has none: the
 *     source layout's run of consecutive registers along its fastest
 *     dimension over a row-major tile, capped by tt.contiguity when the
 *     module writes one);
 *   - the pointer's alignment: the smallest tt.divisibility (bytes) of the
 *     module's pointer arguments, 16 bytes when it writes none;
 *   - the run of consecutive shared offsets (emitTransferBetween-
 *     RegistersAndShared);
 *   - one cp.async moves at most 16 bytes (wider vectors are split), and
 *     Triton refuses under 4 bytes ("cp.async does not support transfers
 *     smaller than 4 bytes"); a direct-to-LDS buffer load moves at most 4
 *     bytes per lane on gfx942 and 16 on gfx950.
 *
 * The global side of cp.async is the coalescing of that vector over a
 * row-major tile (access section, space "global").
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/lint.h"
#include "analysis/lint_async.h"

/* More elements than 320 KiB of shared memory (gfx1250, the largest)
 * holds at one byte each, with room for multi-buffering: no copy of a real
 * kernel. */
#define LINT_ASYNC_MAX_ELEMS (1 << 22)

/* The smallest "KEY = N" (N > 0) on line l; 0 for none. */
static long line_min_attr(const struct line *l, const char *key)
{
	long best = 0;
	size_t kl = strlen(key);
	for (const char *p = l->s; p + kl < l->s + l->n; p++) {
		if (strncmp(p, key, kl) != 0)
			continue;
		const char *q = p + kl;
		while (q < l->s + l->n && (*q == ' ' || *q == '=' || *q == '"'))
			q++;
		long v = isdigit((unsigned char)*q) ? strtol(q, NULL, 10) : 0;
		if (v > 0 && (best == 0 || v < best))
			best = v;
	}
	return best;
}

/* The smallest "KEY = N" (N > 0) in the module's lines; 0 for none. */
static long module_min_attr(const struct module *m, const char *key)
{
	long best = 0;
	for (int k = 0; k < m->nl; k++) {
		long v = line_min_attr(&m->l[k], key);
		if (v > 0 && (best == 0 || v < best))
			best = v;
	}
	return best;
}

/* "tensor<16x64x!tt.ptr<f16>, #AL>" -> "tensor<16x64xf16, #AL>": the
 * source's layout over the elements the memdesc holds (elem, n bytes).
 * Owned by the caller; NULL when it does not read as a ranked tensor. */
static char *retype(const char *t, int tl, const char *elem, int n)
{
	const char *p = t + 7, *end = t + tl - 1; /* after "tensor<", at the last '>' */
	while (p < end && (isdigit((unsigned char)*p) || *p == 'x') &&
	       !(p[0] == 'x' && !isdigit((unsigned char)p[1])))
		p++;
	if (p >= end || *p != 'x')
		return NULL;
	const char *dims_end = p + 1;
	int depth = 0;
	for (; p < end && !(depth == 0 && *p == ','); p++)
		depth += *p == '<' ? 1 : *p == '>' ? -1 : 0;
	if (p >= end)
		return NULL;
	size_t len = (size_t)(dims_end - t) + (size_t)n + (size_t)(end - p) + 2;
	char *out = malloc(len);
	if (out)
		snprintf(out, len, "%.*s%.*s%.*s>", (int)(dims_end - t), t, n, elem, (int)(end - p),
			 p);
	return out;
}

/* The memdesc's shape text ("16x64x") and element type ("f16"). */
static int memdesc_parts(const char *md, int ml, const char **dims, int *dl, const char **elem,
			 int *el)
{
	const char *p = memchr(md, '<', (size_t)ml), *end = md + ml;
	if (!p)
		return -1;
	*dims = ++p;
	while (p < end && (isdigit((unsigned char)*p) || *p == 'x'))
		p++;
	*dl = (int)(p - *dims);
	*elem = p;
	while (p < end && *p != ',' && *p != '>')
		p++;
	*el = (int)(p - *elem);
	return *dl > 0 && *el > 0 ? 0 : -1;
}

/* The bits of an element type: "f16", "bf16", "f8E4M3FN", "i1" (a byte);
 * 0 for one that names none. */
static int elem_bits(const char *e, int n)
{
	int i = 0;
	while (i < n && isalpha((unsigned char)e[i]))
		i++;
	int b = i < n && isdigit((unsigned char)e[i]) ? atoi(e + i) : 0;
	return b == 1 ? 8 : b;
}

/* One access of the source's layout: over the memdesc's shared layout, or
 * (global) over a row-major tile.  The access answer, owned; NULL with
 * err set. */
static json_t *one_access(struct lay_def *def, json_t *mem, json_t *thr, int bits, bool global,
			  long vec, const struct lay_options *opt, struct lay_error *err)
{
	json_t *acc = json_pack("{s:O,s:s,s:i}", "threads", thr, "op", global ? "load" : "store",
				"element_bits", bits);
	if (global)
		json_object_set_new(acc, "space", json_string("global"));
	if (vec > 0)
		json_object_set_new(acc, "vector", json_integer(vec));
	if (opt && opt->target && !global)
		json_object_set_new(acc, "target", json_string(opt->target));
	json_t *a = json_object(), *x = NULL;
	if (acc && a && lay_access_attach(a, def, mem, acc, NULL, NULL, opt, err) == 0)
		x = json_incref(json_object_get(a, "access"));
	json_decref(a);
	json_decref(acc);
	return x;
}

/* The order of the source's layout: the first "order = [...]" of its
 * ttgir text (a blocked layout's), when it has rank entries; else the
 * row-major one. */
static void source_order(json_t *thr, int rank, char *order, size_t n)
{
	const char *t = json_string_value(json_object_get(thr, "ttgir"));
	const char *o = t ? strstr(t, "order = [") : NULL;
	const char *e = o ? strchr(o, ']') : NULL;
	int commas = 0;
	for (const char *p = o; e && p < e; p++)
		commas += *p == ',';
	if (e && commas == rank - 1 && (size_t)(e - o) - 9 < n) {
		snprintf(order, n, "%.*s", (int)(e - o) - 9, o + 9);
		return;
	}
	char *w = order;
	for (int d = rank - 1; d >= 0; d--)
		w += snprintf(w, n - (size_t)(w - order), "%s%d", d < rank - 1 ? ", " : "", d);
}

/* The tile of the memdesc's shape contiguous along the source layout's
 * order, as a ttgir memdesc with the module's line (its warps and
 * threads). */
static json_t *rowmajor(const struct module *m, json_t *thr, const char *dims, int dl,
			const char *elem, int el)
{
	int rank = 0;
	for (int i = 0; i < dl; i++)
		rank += dims[i] == 'x';
	char order[64] = "";
	source_order(thr, rank, order, sizeof order);
	size_t n = 256 + (size_t)dl + (size_t)el + (m->modline ? (size_t)m->modline->n : 0);
	char *t = malloc(n);
	if (!t)
		return NULL;
	snprintf(t, n,
		 "#lint_rowmajor = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, "
		 "order = [%s]}>\n%.*s\n%%v = x : !ttg.memdesc<%.*s%.*s, #lint_rowmajor, "
		 "#ttg.shared_memory>",
		 order, m->modline ? m->modline->n : 0, m->modline ? m->modline->s : "", dl, dims,
		 el, elem);
	json_t *d = json_pack("{s:s}", "ttgir", t);
	free(t);
	return d;
}

/* The vector elements an access answer reports. */
static long vec_of(json_t *x)
{
	return (long)json_integer_value(json_object_get(json_object_get(x, "vector"), "elements"));
}

struct caps {
	long shared, contiguity, alignment, hw; /* elements */
	json_t *assumed;
};

/* The global side of a cp.async: its widest vector over a row-major tile
 * (the pointer's contiguity) and the alignment the module's attributes
 * give; each assumption said in caps->assumed. */
static void global_caps(const struct module *m, json_t *grow, json_t *thr, int bits, struct caps *c,
			const struct lay_options *opt)
{
	struct lay_error e;
	lay_error_clear(&e);
	struct lay_def *gd = grow ? lay_def_new(grow, "/layout", opt, &e) : NULL;
	json_t *g = gd ? one_access(gd, grow, thr, bits, true, 0, opt, &e) : NULL;
	c->contiguity = g ? vec_of(g) : 1;
	json_decref(g);
	lay_def_free(gd);
	long tc = module_min_attr(m, "tt.contiguity");
	if (tc > 0 && tc < c->contiguity)
		c->contiguity = tc;
	json_array_append_new(
		c->assumed,
		json_string(
			tc > 0 ? "pointer contiguity: the source layout's consecutive registers "
				 "over a row-major tile, capped by the module's tt.contiguity"
			       : "pointer contiguity: the source layout's consecutive registers "
				 "over a row-major tile (no tt.contiguity in the module)"));
	long dv = module_min_attr(m, "tt.divisibility");
	c->alignment = (dv > 0 ? dv : 16) * 8 / bits;
	if (c->alignment < 1)
		c->alignment = 1;
	json_array_append_new(
		c->assumed, json_string(dv > 0 ? "pointer alignment: the smallest tt.divisibility "
						 "of the module's arguments"
					       : "pointer alignment: 16 bytes (no tt.divisibility "
						 "in the module)"));
}

static long min4(const struct caps *c)
{
	long v = c->shared;
	if (c->contiguity > 0 && c->contiguity < v)
		v = c->contiguity;
	if (c->alignment > 0 && c->alignment < v)
		v = c->alignment;
	if (c->hw < v)
		v = c->hw;
	return v < 1 ? 1 : v;
}

/* The finding's members: the store's counts (as a local_store's) and
 * "copy": {instruction, bytes, count, vector_elements, limits, assumed,
 * global}. */
static void async_fields(json_t *f, json_t *st, json_t *gl, const struct caps *c, long vec,
			 int bits, const char *lds, long warps)
{
	static const char *const keep[] = { "bank_conflicts", "wavefronts",   "ideal_wavefronts",
					    "max_ways",	      "instructions", "element_bits",
					    "target" };
	json_object_set_new(f, "kind", json_string("bank_conflicts"));
	for (size_t k = 0; k < sizeof keep / sizeof keep[0]; k++)
		json_object_set(f, keep[k], json_object_get(st, keep[k]));
	bool refused = vec < 0; /* a direct-to-LDS width the target lacks */
	vec = refused ? -vec : vec;
	long bytes = vec * bits / 8;
	json_object_set_new(f, "vector_bits", json_integer(vec * bits));
	json_object_set_new(f, "vector_elements", json_integer(vec));
	const char *ins = NULL;
	if (lds && !refused)
		ins = lds;
	else if (!lds && bytes >= 4)
		ins = bytes == 16 ? "cp.async.cg.shared.global" : "cp.async.ca.shared.global";
	json_t *lim = json_pack("{s:I,s:I,s:I,s:I}", "shared", (json_int_t)c->shared, "hardware",
				(json_int_t)c->hw, "contiguity", (json_int_t)c->contiguity,
				"alignment", (json_int_t)c->alignment);
	/* the access counts every warp's instructions; one thread issues its
	 * warp's share */
	json_int_t n = json_integer_value(json_object_get(st, "instructions"));
	json_t *cp = json_pack("{s:s?,s:I,s:I,s:s,s:o,s:O}", "instruction", ins, "bytes",
			       (json_int_t)bytes, "count", warps > 0 ? n / warps : n, "per",
			       "thread", "limits", lim, "assumed", c->assumed);
	if (!ins)
		json_object_set_new(
			cp, "reason",
			json_string(
				lds ? "the layouts ask for a direct-to-LDS load the target does "
				      "not have (1, 2 or 4 bytes a lane on gfx942; also 12 and "
				      "16 on gfx950): Triton does not lower it"
				    : "cp.async moves 4, 8 or 16 bytes a lane: Triton refuses a "
				      "narrower copy (\"cp.async does not support transfers "
				      "smaller than 4 bytes\")"));
	if (gl)
		json_object_set_new(cp, "global",
				    json_pack("{s:O,s:O,s:O,s:O}", "sectors",
					      json_object_get(gl, "sectors"), "ideal_sectors",
					      json_object_get(gl, "ideal_sectors"), "efficiency",
					      json_object_get(gl, "efficiency"),
					      "sectors_per_request",
					      json_object_get(gl, "sectors_per_request")));
	json_object_set_new(f, "copy", cp);
}

int lay_lint_async(json_t *f, const struct module *m, const char *md, int ml, const char *tn,
		   int tl, bool amd, const struct lay_options *opt, struct lay_error *err)
{
	const char *dims, *elem;
	int dl, el;
	json_object_set_new(f, "memdesc", json_stringn(md, (size_t)ml));
	json_object_set_new(f, "tensor", json_stringn(tn, (size_t)tl));
	if (memdesc_parts(md, ml, &dims, &dl, &elem, &el))
		return lay_error_set(err, LAY_ESYNTAX, "", -1, "its memdesc has no shape");
	long long elems = 1;
	for (const char *p = dims; p < dims + dl && elems <= LINT_ASYNC_MAX_ELEMS;
	     p = strchr(p, 'x') + 1)
		elems *= strtoll(p, NULL, 10);
	if (elems > LINT_ASYNC_MAX_ELEMS) /* Triton's own tests write such shapes */
		return lay_error_set(err, LAY_ELIMIT, "", -1,
				     "its tile has over %d elements, more than any target's "
				     "shared memory holds",
				     LINT_ASYNC_MAX_ELEMS);
	char *src = retype(tn, tl, elem, el);
	/* the memdesc in its long spelling (Triton prints "-> <16x64xf16, ...>") */
	char *mdl = malloc((size_t)ml + 16);
	if (mdl)
		snprintf(mdl, (size_t)ml + 16, "%s%.*s", md[0] == '<' ? "!ttg.memdesc" : "", ml,
			 md);
	json_t *mem = mdl ? tl_side(m, mdl, (int)strlen(mdl)) : NULL;
	json_t *thr = src ? tl_side(m, src, (int)strlen(src)) : NULL;
	json_t *grow = thr ? rowmajor(m, thr, dims, dl, elem, el) : NULL, *st = NULL, *gl = NULL;
	struct lay_def *def = mem ? lay_def_new(mem, "/layout", opt, err) : NULL;
	int rc = 0;
	if (!src || !mem || !thr) {
		rc = src ? lay_error_set(err, LAY_ENOMEM, "", -1, "out of memory")
			 : lay_error_set(err, LAY_ESYNTAX, "", -1,
					 "its source is not a ranked tensor<...> with an encoding");
		goto out;
	}
	if (!def || !(st = one_access(def, mem, thr, elem_bits(elem, el), false, 0, opt, err))) {
		rc = err->code ? err->code : LAY_ESCHEMA;
		goto out;
	}
	int bits = (int)json_integer_value(json_object_get(st, "element_bits"));
	const char *tg = json_string_value(json_object_get(st, "target"));
	struct caps c = { .shared = vec_of(st), .assumed = json_array() };
	bool gfx950 = tg && strcmp(tg, "gfx950") == 0;
	/* on an AMD target both ops are direct-to-LDS loads */
	const char *lds = amd				    ? "buffer_load lds"
			  : tg && strcmp(tg, "nvidia") != 0 ? "global_load lds"
							    : NULL;
	c.hw = (lds && !gfx950 ? 32 : 128) / (bits > 0 ? bits : 8);
	if (c.hw < 1)
		c.hw = 1;
	global_caps(m, grow, thr, bits, &c, opt);
	long vec = min4(&c);
	/* a direct-to-LDS load is not split: wider than the target moves, or
	 * a width it has no load for, Triton does not lower it */
	long want = c.shared < c.contiguity ? c.shared : c.contiguity;
	if (c.alignment < want)
		want = c.alignment;
	if (lds && (want * bits > c.hw * bits || want * bits == 64))
		vec = -want;
	if (vec > 0 && vec != c.shared) {
		json_decref(st);
		if (!(st = one_access(def, mem, thr, bits, false, vec, opt, err))) {
			json_decref(c.assumed);
			rc = err->code ? err->code : LAY_ESCHEMA;
			goto out;
		}
	}
	if (vec > 0) {
		struct lay_error ge;
		lay_error_clear(&ge);
		struct lay_def *gd = lay_def_new(grow, "/layout", opt, &ge);
		gl = gd ? one_access(gd, grow, thr, bits, true, vec, opt, &ge) : NULL;
		lay_def_free(gd);
	}
	json_array_append_new(c.assumed,
			      json_string("global memory: the tile contiguous along the source "
					  "layout's order from a 128-byte aligned base"));
	/* the warps the op runs with: its scope's module line (a
	 * warp_specialize partition's own) */
	long warps = m->modline ? line_min_attr(m->modline, "num-warps") : 0;
	async_fields(f, st, gl, &c, vec, bits, lds, warps > 0 ? warps : 4);
	json_decref(c.assumed); /* the finding holds its own reference */
out:
	json_decref(st);
	json_decref(gl);
	lay_def_free(def);
	json_decref(mem);
	json_decref(thr);
	json_decref(grow);
	free(src);
	free(mdl);
	return rc;
}
