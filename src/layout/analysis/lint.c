/*
 * lint.c - a whole TTGIR module checked op by op (lint.h).
 *
 * The text is read line by line, as Triton prints it: "#name = ..." alias
 * lines (layouts, and "#loc3 = loc(...)" locations), the "module attributes
 * {...}" line, and one op per line with its types after the last " : " and
 * its loc(...) at the end.  Each op worth checking is handed to the engine
 * as the ttgir notation already reads it: the module's layout aliases, its
 * module line, and one value of the op's type.  A shared-memory op becomes
 * an access analysis (the memdesc's layout read or written by the tensor's
 * distributed layout); a convert_layout compares the two placements.
 */
#define _GNU_SOURCE /* qsort_r */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/access.h"
#include "analysis/lint.h"
#include "analysis/lint_async.h"
#include "analysis/lint_scope.h"
#include "analysis/lint_views.h"
#include "notation/ttgir_lines.h"

/* ------------------------------------------------------------------ */
/* Types                                                               */

/* Does a type, or an alias it reaches, hold the text `what`? */
static bool reaches(const struct module *m, const char *type, int len, const char *what)
{
	size_t wn = strlen(what);
	for (const char *p = type; p + wn <= type + len; p++)
		if (strncmp(p, what, wn) == 0)
			return true;
	bool *use = calloc((size_t)m->nal + 1, sizeof *use), found = false;
	if (!use)
		return false;
	tl_mark(m, type, len, use, 0);
	for (int k = 0; k < m->nal && !found; k++) {
		const struct line *l = m->al[k].line;
		for (const char *p = l->s; use[k] && p + wn <= l->s + l->n; p++)
			if (strncmp(p, what, wn) == 0) {
				found = true;
				break;
			}
	}
	free(use);
	return found;
}

/* Is a memdesc type in tensor memory: #ttng.tensor_memory written in it or
 * in an alias it reaches? */
static bool in_tmem(const struct module *m, const char *type, int len)
{
	return reaches(m, type, len, "ttng.tensor_memory");
}

/* ------------------------------------------------------------------ */
/* Findings                                                            */

static json_t *finding_new(const struct module *m, const struct line *l, int col, const char *op,
			   int module_no)
{
	struct loc lc;
	tl_op_loc(m, l, &lc);
	json_t *f = json_pack("{s:s,s:I,s:I,s:i}", "op", op, "line", (json_int_t)l->no, "column",
			      (json_int_t)col, "module", module_no);
	if (lc.found)
		json_object_set_new(f, "loc",
				    json_pack("{s:s,s:I,s:I}", "file", lc.file, "line",
					      (json_int_t)lc.line, "column",
					      (json_int_t)lc.column));
	else
		json_object_set_new(f, "loc", json_null());
	return f;
}

/* Is a type's encoding a blocked layout, inline or through its alias? */
static bool blocked_type(const struct module *m, const char *t)
{
	static const char *const kinds[] = { "ttg.blocked<", "triton_gpu.blocked<" };
	const char *h = t ? strchr(t, '#') : NULL;
	if (!h++)
		return false;
	for (int k = 0; k < 2; k++)
		if (strncmp(h, kinds[k], strlen(kinds[k])) == 0)
			return true;
	int n = 0;
	while (isalnum((unsigned char)h[n]) || h[n] == '_' || h[n] == '.' || h[n] == '$')
		n++;
	for (int a = 0; a < m->nal; a++) {
		const struct line *l = m->al[a].line;
		if (m->al[a].nlen != n || strncmp(m->al[a].name, h, (size_t)n) != 0)
			continue;
		const char *eq = memchr(l->s, '=', (size_t)l->n);
		for (eq = eq ? eq + 1 : l->s + l->n; eq < l->s + l->n && *eq == ' '; eq++)
			;
		for (int k = 0; k < 2; k++)
			if (l->s + l->n - eq > (long)strlen(kinds[k]) && eq[0] == '#' &&
			    strncmp(eq + 1, kinds[k], strlen(kinds[k])) == 0)
				return true;
	}
	return false;
}

/*
 * An op whose layouts cannot be analysed.  An error only where Triton's own
 * verifier refuses the IR (verifyTensorLayouts: a blocked layout whose
 * threads, warps or CTAs differ from the module's, "Layout has ...") or
 * where the request's bounds stopped it (bounds_stopped); anything else --
 * an encoding layoutd does not model, a tensor with no encoding, a layout
 * that disagrees with the module where Triton does not check -- is
 * skipped, with the reason.
 */
static void set_error(json_t *f, const struct module *m, const struct lay_error *err,
		      const char *side_name)
{
	const char *t = json_string_value(json_object_get(f, side_name));
	/* the request's bounds (memory, deadline, client) stop the lint */
	bool bounds = err->code == LAY_ENOMEM || err->code == LAY_EMEMORY ||
		      err->code == LAY_EUNAVAILABLE || err->code == LAY_EDEADLINE ||
		      err->code == LAY_ECANCELED;
	bool verifier =
		bounds || (strncmp(err->message, "Layout has ", 11) == 0 && blocked_type(m, t));
	bool bare = t && strncmp(t, "tensor<", 7) == 0 && !strchr(t, '#');
	json_t *why = json_pack("{s:s,s:s,s:s}", "code", lay_code_name(err->code), "side",
				side_name, verifier ? "message" : "reason",
				bare ? "the tensor has no encoding (no layout assigned yet)"
				     : err->message);
	json_object_set_new(f, "kind", json_string(verifier ? "error" : "skipped"));
	json_object_set_new(f, verifier ? "error" : "skipped", why);
}

/* A shared-memory access: the memdesc's layout, the tensor's threads. */
static void access_finding(json_t *f, const struct module *m, const struct optypes *ty, bool store,
			   const struct lint_view *view, const struct lay_options *opt)
{
	int ml = 0, tl = 0;
	const char *md = tl_type_of(ty, true, 0, &ml), *tn = tl_type_of(ty, false, 0, &tl);
	struct lay_error err;
	lay_error_clear(&err);
	json_t *mem = tl_side(m, md, ml), *thr = tl_side(m, tn, tl), *acc = NULL, *a = NULL;
	struct lay_def *def = NULL;
	json_object_set_new(f, "memdesc", json_stringn(md, (size_t)ml));
	json_object_set_new(f, "tensor", json_stringn(tn, (size_t)tl));
	if (!mem || !thr) {
		lay_error_set(&err, LAY_ENOMEM, "", -1, "out of memory");
		set_error(f, m, &err, "memdesc");
		goto out;
	}
	def = lay_def_new(mem, "/layout", opt, &err);
	if (!def) {
		set_error(f, m, &err, "memdesc");
		goto out;
	}
	acc = json_pack("{s:O,s:s}", "threads", thr, "op", store ? "store" : "load");
	if (view->rank) { /* the allocation's layout at the view's offsets */
		json_t *o = json_array();
		for (int d = 0; d < view->rank; d++)
			json_array_append_new(o, json_integer(view->known ? view->origin[d] : 0));
		json_object_set_new(acc, "origin", o);
		json_object_set_new(f, "view", lint_view_json(view));
	}
	if (opt && opt->target) /* else the module's ttg.target, or nvidia */
		json_object_set_new(acc, "target", json_string(opt->target));
	/* the access analysis alone: lint reports no verdicts of the shared
	 * layout, only how the warp reaches it (the structure carries the
	 * element width the types give) */
	a = json_object();
	if (def->ops && def->ops->structure) {
		json_t *st = def->ops->structure(def);
		if (st)
			json_object_set_new(a, "structure", st);
	}
	json_t *x = NULL;
	if (lay_access_attach(a, def, mem, acc, NULL, NULL, opt, &err) == 0)
		x = json_object_get(a, "access");
	if (!x) {
		set_error(f, m, &err,
			  strncmp(err.pointer, "/access", 7) == 0 ? "tensor" : "memdesc");
		goto out;
	}
	json_object_set_new(f, "kind", json_string("bank_conflicts"));
	static const char *const keep[] = { "bank_conflicts", "wavefronts",   "ideal_wavefronts",
					    "max_ways",	      "instructions", "element_bits",
					    "target",	      "ctas" };
	for (size_t k = 0; k < sizeof keep / sizeof keep[0]; k++)
		if (json_object_get(x, keep[k]))
			json_object_set(f, keep[k], json_object_get(x, keep[k]));
	json_t *vec = json_object_get(x, "vector"), *warn = json_object_get(x, "warnings");
	if (json_array_size(warn)) /* a 64-lane wave under nvidia: which target? */
		json_object_set(f, "warnings", warn);
	json_object_set(f, "vector_bits", json_object_get(vec, "bits"));
	json_object_set(f, "vector_elements", json_object_get(vec, "elements"));
	lay_lint_copy(f, def, thr, store, opt);
	lay_lint_ds_read_tr(f, def, thr, store, opt);
out:
	json_decref(a);
	json_decref(acc);
	lay_def_free(def);
	json_decref(mem);
	json_decref(thr);
}

/*
 * The class of a layout conversion, as the conversion analysis decides it
 * (convert.c, Triton's rules): "none" when both layouts place alike (Triton
 * folds the convert away), "registers", "warp_shuffle" or "shared_memory"
 * (then with the scratch swizzle's store and load bank conflicts and the
 * scratch bytes Triton allocates), on the module's target (its banks and
 * wave: an AMD module's scratch is sized on AMD rules).
 */
static json_t *lint_conversion_class(struct lay_def *from, json_t *from_json, json_t *to_json,
				     const struct lay_options *opt, struct lay_error *err)
{
	json_t *an = json_object(), *cv = json_pack("{s:O}", "to", to_json), *out = NULL;
	const char *tg = opt && opt->target ? opt->target : NULL;
	struct lay_error te;
	lay_error_clear(&te);
	if (!tg &&
	    acc_text_target(json_string_value(json_object_get(from_json, "ttgir")), "", &tg, &te))
		tg = NULL; /* a target the model does not know: NVIDIA's rules, as before */
	if (cv && tg)
		json_object_set_new(cv, "target", json_string(tg));
	if (!an || !cv) {
		lay_error_set(err, LAY_ENOMEM, "", -1, "out of memory");
		goto done;
	}
	if (lay_convert_attach(an, from, cv, opt, err))
		goto done;
	json_t *c = json_object_get(an, "convert");
	out = json_pack("{s:O,s:b}", "class", json_object_get(c, "kind"), "classified", true);
	json_t *mx = json_object_get(c, "mixed_transpositions");
	if (out && mx)
		json_object_set(out, "mixed_transpositions", mx);
	json_t *st = json_object_get(json_object_get(c, "store"), "bank_conflicts");
	json_t *ld = json_object_get(json_object_get(c, "load"), "bank_conflicts");
	if (out && st)
		json_object_set(out, "store_bank_conflicts", st);
	if (out && ld)
		json_object_set(out, "load_bank_conflicts", ld);
	json_t *sb = json_object_get(json_object_get(c, "scratch"), "bytes");
	if (out && sb)
		json_object_set(out, "scratch_bytes", sb);
	if (out)
		json_object_set(out, "target", json_object_get(c, "target"));
done:
	json_decref(an);
	json_decref(cv);
	return out;
}

static void conversion_finding(json_t *f, const struct module *m, const struct optypes *ty,
			       const struct lay_options *opt)
{
	int l0 = 0, l1 = 0;
	const char *a = tl_type_of(ty, false, 0, &l0), *b = tl_type_of(ty, false, 1, &l1);
	struct lay_error err;
	lay_error_clear(&err);
	json_t *ja = tl_side(m, a, l0), *jb = tl_side(m, b, l1), *cls = NULL;
	struct lay_def *da = NULL, *db = NULL;
	json_object_set_new(f, "from", json_stringn(a, (size_t)l0));
	json_object_set_new(f, "to", json_stringn(b, (size_t)l1));
	if (!ja || !jb) {
		lay_error_set(&err, LAY_ENOMEM, "", -1, "out of memory");
		set_error(f, m, &err, "from");
		goto out;
	}
	if (!(da = lay_def_new(ja, "/layout", opt, &err))) {
		set_error(f, m, &err, "from");
		goto out;
	}
	if (!(db = lay_def_new(jb, "/layout", opt, &err))) {
		set_error(f, m, &err, "to");
		goto out;
	}
	if (!(cls = lint_conversion_class(da, ja, jb, opt, &err))) {
		set_error(f, m, &err, "to");
		goto out;
	}
	json_object_set_new(f, "kind", json_string("conversion"));
	json_object_set(f, "conversion", json_object_get(cls, "class"));
	json_object_set(f, "classified", json_object_get(cls, "classified"));
	if (json_object_get(cls, "mixed_transpositions"))
		json_object_set(f, "mixed_transpositions",
				json_object_get(cls, "mixed_transpositions"));
	if (json_object_get(cls, "store_bank_conflicts"))
		json_object_set(f, "store_bank_conflicts",
				json_object_get(cls, "store_bank_conflicts"));
	if (json_object_get(cls, "load_bank_conflicts"))
		json_object_set(f, "load_bank_conflicts",
				json_object_get(cls, "load_bank_conflicts"));
	static const char *const more[] = { "scratch_bytes", "target" };
	for (size_t k = 0; k < sizeof more / sizeof more[0]; k++)
		if (json_object_get(cls, more[k]))
			json_object_set(f, more[k], json_object_get(cls, more[k]));
out:
	json_decref(cls);
	lay_def_free(da);
	lay_def_free(db);
	json_decref(ja);
	json_decref(jb);
}

/* The leading extent of a rank-3 memdesc type (its buffers), else 1. */
static long long memdesc_buffers(const char *md, int len)
{
	const char *p = memchr(md, '<', (size_t)len), *e = md + len;
	long long d[4];
	int n = 0;
	while (p && ++p < e && n < 4 && isdigit((unsigned char)*p)) {
		char *q;
		d[n++] = strtoll(p, &q, 10);
		p = q < e && *q == 'x' ? q : NULL;
	}
	return n == 3 ? d[0] : 1; /* n counts the dims before the element type */
}

/* A TMEM op: its tensor-memory memdesc, with the registers it moves
 * (tmem_load, tmem_store, a tmem_alloc of a value) when it has some; for a
 * view of tensor memory, the memdesc it makes, as its users see it. */
static void tmem_finding(json_t *f, const struct module *m, const struct optypes *ty, bool moves,
			 bool view, const struct lay_options *opt)
{
	const char *md = NULL, *tn = NULL;
	int ml = 0, tl = 0;
	/* a view (tmem_subslice, memdesc_index, ...): its result, the last type */
	for (int k = 0; k < ty->n && (!md || view); k++)
		if (ty->t[k].memdesc && in_tmem(m, ty->t[k].s, ty->t[k].len))
			md = ty->t[k].s, ml = ty->t[k].len;
	if (moves)
		tn = tl_type_of(ty, false, 0, &tl);
	struct lay_error err;
	lay_error_clear(&err);
	if (!md) {
		lay_error_set(&err, LAY_ESCHEMA, "", -1,
			      "none of its !ttg.memdesc<...> types is in #ttng.tensor_memory");
		set_error(f, m, &err, "memdesc");
		return;
	}
	json_object_set_new(f, "memdesc", json_stringn(md, (size_t)ml));
	if (tn)
		json_object_set_new(f, "tensor", json_stringn(tn, (size_t)tl));
	json_t *layout = tl_side2(m, md, ml, tn, tl);
	if (!layout) {
		lay_error_set(&err, LAY_ENOMEM, "", -1, "out of memory");
		set_error(f, m, &err, "memdesc");
	} else if (lay_lint_tmem(f, layout, opt, &err)) {
		set_error(f, m, &err, tn ? "types" : "memdesc");
	} else {
		lay_lint_tmem_buffers(f, memdesc_buffers(md, ml));
	}
	json_decref(layout);
}

/* A TMA copy: its data memdesc (the last one; a barrier's comes first),
 * checked through the copy section's TMA rules (lint_copy.c). */
static void tma_finding(json_t *f, const struct module *m, const struct line *l,
			const struct optypes *ty, bool store, const struct lay_options *opt)
{
	static const char i2c[] = "tensordesc_im2col<";
	bool im2col = false;
	for (const char *p = l->s; !im2col && p + sizeof i2c - 1 <= l->s + l->n; p++)
		im2col = strncmp(p, i2c, sizeof i2c - 1) == 0;
	int ml = 0;
	const char *md = NULL;
	for (int k = 0; k < ty->n; k++)
		if (ty->t[k].memdesc)
			md = ty->t[k].s, ml = ty->t[k].len;
	struct lay_error err;
	lay_error_clear(&err);
	json_object_set_new(f, "memdesc", json_stringn(md, (size_t)ml));
	/* older Triton's shared layout for TMA and wgmma: its swizzle is the
	 * NVMMA one Triton derived from vec, perPhase and maxPhase, which the
	 * TMA check does not read */
	if (reaches(m, md, ml, "hasLeadingOffset = true")) {
		lay_error_set(&err, LAY_ESCHEMA, "", -1,
			      "an older #triton_gpu.shared layout with hasLeadingOffset = true: "
			      "the swizzle TMA writes it with (the NVMMA one older Triton derived "
			      "from it) is not modelled");
		set_error(f, m, &err, "memdesc");
		return;
	}
	json_t *mem = tl_side(m, md, ml);
	if (!mem)
		lay_error_set(&err, LAY_ENOMEM, "", -1, "out of memory");
	if (!mem || lay_lint_tma(f, mem, md, ml, im2col, store, opt, &err))
		set_error(f, m, &err, "memdesc");
	json_decref(mem);
}

/* The letter of an op's kind in its cache key. */
static const char *op_kind(bool tma, bool tm, bool moves, bool view, bool conv, bool store)
{
	if (tma) /* a TMA store (local_to_global) names another instruction */
		return store ? "M" : "m";
	if (tm)
		return moves ? "t" : view ? "v" : "a";
	return conv ? "c" : store ? "s" : "l";
}

/* "kind|type|type|..." of an op, owned by the caller (NULL: no memory). */
static char *cache_key(const struct module *m, const struct lint_scope *sc, const char *kind,
		       const struct optypes *ty)
{
	size_t n = strlen(kind) + 48;
	for (int k = 0; k < ty->n; k++)
		n += (size_t)ty->t[k].len + 1;
	char *key = malloc(n), *w = key;
	if (!key)
		return NULL;
	/* the module line the op sees, and the warps of its region */
	w += sprintf(w, "%s@%ld/%lld", kind, m->modline ? m->modline->no : 0L, sc->warps);
	for (int k = 0; k < ty->n; k++)
		w += sprintf(w, "|%.*s", ty->t[k].len, ty->t[k].s);
	return key;
}

/* A finding the request's bounds stopped (its memory, its deadline, its
 * client gone): the lint stops with that problem, as any analysis does,
 * instead of reporting it as the op's error.  0 otherwise. */
static int bounds_stopped(json_t *x, struct lay_error *err)
{
	static const int codes[] = { LAY_EMEMORY, LAY_EUNAVAILABLE, LAY_EDEADLINE, LAY_ECANCELED };
	json_t *e = json_object_get(x, "error");
	const char *code = json_string_value(json_object_get(e, "code"));
	for (size_t i = 0; code && i < sizeof codes / sizeof codes[0]; i++)
		if (strcmp(code, lay_code_name(codes[i])) == 0)
			return lay_error_set(err, codes[i], "", -1, "%s",
					     json_string_value(json_object_get(e, "message")));
	return 0;
}

/* The memdesc an op's result is: "!ttg.memdesc<...>" or Triton's short
 * spelling after "->", "<16x64xf16, #shared, #smem, mutable>". */
static const char *result_memdesc(const struct line *l, const struct optypes *ty, int *len)
{
	const char *md = tl_type_of(ty, true, 0, len), *end = l->s + l->n;
	for (const char *p = l->s; !md && p + 4 < end; p++) {
		if (strncmp(p, "-> <", 4) != 0 || !isdigit((unsigned char)p[4]))
			continue;
		int depth = 0;
		for (const char *q = p + 3; q < end; q++) {
			depth += *q == '<' ? 1 : *q == '>' && q[-1] != '-' ? -1 : 0;
			if (depth == 0) {
				*len = (int)(q + 1 - (p + 3));
				return p + 3;
			}
		}
	}
	return md;
}

int lint_async_op(struct module *m, const struct line *l, int col, const char *op, int module_no,
		  json_t *findings, const struct lay_options *opt, struct lay_error *err)
{
	const char *name = strchr(op, '.') + 1;
	bool amd = strcmp(name, "buffer_load_to_local") == 0;
	char opname[48];
	snprintf(opname, sizeof opname, "%s.%s", amd ? "amdg" : "ttg", name);
	json_t *f = finding_new(m, l, col + 1, opname, module_no), *x = json_object();
	struct optypes ty;
	tl_op_types(l, col, &ty);
	int ml = 0, tl = 0;
	const char *md = result_memdesc(l, &ty, &ml), *tn = tl_type_of(&ty, false, 0, &tl);
	struct lay_error e;
	lay_error_clear(&e);
	if (!md || !tn) {
		lay_error_set(&e, LAY_ESYNTAX, "", -1,
			      "its line does not hold its tensor<...> source and memdesc result");
		set_error(x, m, &e, "types");
	} else if (lay_lint_async(x, m, md, ml, tn, tl, amd, opt, &e)) {
		set_error(x, m, &e, strncmp(e.pointer, "/access", 7) == 0 ? "tensor" : "memdesc");
	}
	json_object_update(f, x);
	int stop = bounds_stopped(x, err); /* the request's bounds: no finding */
	json_decref(x);
	if (stop) {
		json_decref(f);
		return stop;
	}
	json_array_append_new(findings, f);
	return 0;
}

/* cp.async and AMD's buffer load into LDS: findings of lint_async.c. */
static bool lint_async_name(const char *name)
{
	return strcmp(name, "async_copy_global_to_local") == 0 ||
	       strcmp(name, "buffer_load_to_local") == 0;
}

/* One such op counted against the text's limit, then its finding. */
static int lint_async_at(struct module *m, const struct line *l, int col, const char *op,
			 int module_no, json_t *findings, int *nops, const struct lay_options *opt,
			 struct lay_error *err)
{
	if (++*nops > LAYOUTD_MAX_LINT_OPS)
		return lay_error_set(err, LAY_ELIMIT, "", -1,
				     "more than %d ops to check in one text", LAYOUTD_MAX_LINT_OPS);
	return lint_async_op(m, l, col, op, module_no, findings, opt, err);
}

/* The analysed fields of an op of the given kind (m, M: a TMA load, store; t, v, a: a
 * TMEM op that moves registers, a view, the rest; c: a conversion; s, l: a
 * shared-memory store, load; a view's offsets follow the letter), set on
 * f: those of an op before it with the same kind, types and warps when
 * there was one.  Nonzero when the
 * request's bounds stopped it. */
static int analyse(struct module *m, const struct lint_scope *sc, json_t *f, const struct line *l,
		   const struct optypes *ty, const char *kinds, const struct lint_view *lv,
		   const struct lay_options *opt, struct lay_error *err)
{
	char kind = kinds[0];
	char *key = cache_key(m, sc, kinds, ty);
	for (int c = 0; key && c < m->ncache; c++)
		if (strcmp(m->key[c], key) == 0) {
			json_object_update(f, m->fields[c]);
			free(key);
			return 0;
		}
	json_t *x = json_object();
	if (kind == 'm' || kind == 'M')
		tma_finding(x, m, l, ty, kind == 'M', opt);
	else if (strchr("tva", kind))
		tmem_finding(x, m, ty, kind == 't', kind == 'v', opt);
	else if (kind == 'c')
		conversion_finding(x, m, ty, opt);
	else
		access_finding(x, m, ty, kind == 's', lv, opt);
	json_object_update(f, x);
	int rc = bounds_stopped(x, err);
	if (key && m->ncache < LINT_CACHE) {
		m->key[m->ncache] = key;
		m->fields[m->ncache++] = x;
	} else {
		free(key);
		json_decref(x);
	}
	return rc;
}

/* How many of an op's types are memdescs (*nmd) and tensors (*ntn). */
static void count_types(const struct optypes *ty, int *nmd, int *ntn)
{
	*nmd = *ntn = 0;
	for (int t = 0; t < ty->n; t++)
		ty->t[t].memdesc ? (*nmd)++ : (*ntn)++;
}

/* A view of tensor memory is judged as the memdesc it makes (its last
 * memdesc type); a view of shared memory moves nothing: its users are the
 * findings. */
static bool view_of_tmem(const struct module *m, const struct optypes *ty)
{
	int last = -1;
	for (int t = 0; t < ty->n; t++)
		if (ty->t[t].memdesc)
			last = t;
	return last >= 0 && in_tmem(m, ty->t[last].s, ty->t[last].len);
}

/* The finding of an op whose line does not hold the types it needs: an op
 * Triton prints on several lines, or cut short. */
static void types_missing(json_t *f, const struct module *m, bool conv, bool tma, bool tm,
			  bool moves)
{
	struct lay_error te;
	lay_error_set(&te, LAY_ESYNTAX, "", -1,
		      "its line does not hold its %s (the op's types end its line "
		      "as Triton prints it)",
		      conv		      ? "two tensor<...> types"
		      : tma || (tm && !moves) ? "!ttg.memdesc<...> type"
					      : "!ttg.memdesc<...> and tensor<...> types");
	set_error(f, m, &te, "types");
}

/* The op `op` at column col of line l, its types ty read: what it is (a
 * TMA copy, an op on tensor memory, a conversion, a view, a load or store
 * of shared memory), then its finding appended (0), or the lint stops
 * (the request's bounds, too many ops). */
static int lint_typed_op(struct module *m, const struct line *l, int col, const char *op,
			 struct optypes *ty, const struct lint_scope *sc, int module_no,
			 json_t *findings, int *nops, const struct lay_options *opt,
			 struct lay_error *err)
{
	const char *name = strchr(op, '.') + 1;
	int nmd, ntn;
	count_types(ty, &nmd, &ntn);
	bool tma = strncmp(name, "async_tma_copy_", 15) == 0;
	bool conv = strcmp(name, "convert_layout") == 0, tm = !tma && strncmp(op, "ttng.", 5) == 0;
	bool view = strcmp(name, "tmem_subslice") == 0 || strncmp(name, "memdesc_", 8) == 0;
	if (view) {
		if (!view_of_tmem(m, ty))
			return 0;
		tm = true;
	}
	/* a local_alloc without an operand writes nothing */
	const char *after = l->s + col + strlen(op);
	while (after < l->s + l->n && *after == ' ')
		after++;
	bool operand = after < l->s + l->n && *after == '%';
	/* registers moved to or from tensor memory (tcgen05.ld / st) */
	bool moves = tm && (strcmp(name, "tmem_load") == 0 || strcmp(name, "tmem_store") == 0 ||
			    (strcmp(name, "tmem_alloc") == 0 && operand));
	if (strcmp(name, "local_alloc") == 0 && !operand)
		return 0;
	if (++*nops > LAYOUTD_MAX_LINT_OPS)
		return lay_error_set(err, LAY_ELIMIT, "", -1,
				     "more than %d ops to check in one text", LAYOUTD_MAX_LINT_OPS);
	char opname[48];
	snprintf(opname, sizeof opname, "%s.%s",
		 tma || (tm && strncmp(op, "ttng.", 5) == 0) ? "ttng" : "ttg", name);
	json_t *f = finding_new(m, l, col + 1, opname, module_no);
	if (tma	   ? nmd < 1
	    : tm   ? nmd < 1 || (moves && ntn < 1)
	    : conv ? ntn < 2
		   : (nmd < 1 || ntn < 1)) {
		types_missing(f, m, conv, tma, tm, moves);
		json_array_append_new(findings, f);
		return 0;
	}
	bool store = strcmp(name, tma ? "async_tma_copy_global_to_local" : "local_load");
	struct lint_view lv = { 0 };
	char kind[16 + 24 * LINT_VIEW_RANK]; /* a view: its offsets are its own */
	lint_view_op(m, l, col, op, tma || tm || conv ? NULL : ty, &lv,
		     op_kind(tma, tm, moves, view, conv, store), kind, sizeof kind);
	int rc = analyse(m, sc, f, l, ty, kind, &lv, opt, err);
	if (rc) { /* the request's bounds stopped it: no finding */
		json_decref(f);
		return rc;
	}
	json_array_append_new(findings, f);
	return 0;
}

/* The op of line k, checked: its finding appended (0), or the lint stops
 * (the request's bounds, too many ops). */
static int lint_op(struct module *m, int k, const struct lint_scope *sc, int module_no,
		   json_t *findings, int *nops, const struct lay_options *opt,
		   struct lay_error *err)
{
	const struct line *l = &m->l[k];
	int col = 0, dummy, rc;
	const char *op = tl_line_op(l, &col);
	if (!op || tl_alias_name(l, &dummy) || tl_comment(l))
		return 0;
	/* cp.async and AMD's buffer load into LDS: lint_async.c */
	if ((rc = lay_ctx_check(opt->ctx, err)) || lint_async_name(strchr(op, '.') + 1))
		return rc ? rc : lint_async_at(m, l, col, op, module_no, findings, nops, opt, err);
	struct optypes ty;
	struct line joined;
	char *jtext = NULL;
	int nmd, ntn;
	tl_op_types(l, col, &ty);
	count_types(&ty, &nmd, &ntn);
	/* an op printed over several lines: its types on the next ones */
	if (nmd + ntn < 2 && k + 1 < m->nl && (jtext = tl_continuation(m, k, &joined))) {
		l = &joined;
		tl_op_types(l, col, &ty);
	}
	rc = lint_typed_op(m, l, col, op, &ty, sc, module_no, findings, nops, opt, err);
	free(jtext);
	return rc;
}

/* A module's budget into budgets, and a "budget" finding at its module
 * line when it uses more shared memory than its target has. */
static void lint_budget_add(const struct module *m, int module_no, json_t *findings, size_t first,
			    json_t *budgets, const struct lay_options *opt)
{
	json_t *b = lint_budget(m, module_no, findings, first, opt ? opt->target : NULL);
	if (!b)
		return;
	if (!json_is_true(json_object_get(b, "fits")))
		json_array_append_new(
			findings,
			json_pack("{s:s,s:I,s:i,s:i,s:n,s:s,s:O}", "op", "module", "line",
				  (json_int_t)(m->modline ? m->modline->no : m->l[0].no), "column",
				  1, "module", module_no, "loc", "kind", "budget", "budget", b));
	json_array_append_new(budgets, b);
}

static int lint_module(struct module *m, int module_no, json_t *findings, int *nops,
		       const struct lay_options *opt, struct lay_error *err)
{
	if (tl_module_header(m))
		return lay_error_set(err, LAY_ENOMEM, "", -1, "out of memory");
	struct lint_scope sc;
	lint_scope_init(&sc, m->modline);
	int rc = 0;
	for (int k = 0; k < m->nl && !rc; k++) {
		/* the module line with the warps this line's op runs with */
		m->modline = lint_scope_line(&sc, &m->l[k]);
		rc = lint_op(m, k, &sc, module_no, findings, nops, opt, err);
	}
	m->modline = sc.first;
	lint_scope_free(&sc);
	return rc;
}

json_t *lay_lint(const char *text, const char *file, const struct lay_options *opt,
		 struct lay_error *err)
{
	size_t len = strlen(text);
	if (len > (size_t)LAYOUTD_MAX_LINT_TEXT) {
		lay_error_set(err, LAY_ELIMIT, "", -1,
			      "the text is %zu bytes, over the limit of %ld", len,
			      LAYOUTD_MAX_LINT_TEXT);
		return NULL;
	}
	/* a lone CR (CR-only line endings) breaks a line as LF does */
	char *own = NULL;
	const char *cr = text;
	while ((cr = strchr(cr, '\r')) && cr[1] == '\n')
		cr += 2;
	if (cr && (own = strdup(text))) {
		for (char *p = own; *p; p++)
			if (*p == '\r' && p[1] != '\n')
				*p = '\n';
		text = own;
	}
	long nlines = 1;
	for (const char *p = text; *p; p++)
		nlines += *p == '\n';
	struct line *lines = calloc((size_t)nlines, sizeof *lines);
	json_t *findings = json_array(), *budgets = json_array(), *out = NULL;
	if ((cr && !own) || !lines || !findings || !budgets) {
		lay_error_set(err, LAY_ENOMEM, "", -1, "out of memory");
		goto out;
	}
	long n = 0;
	for (const char *p = text;; n++) {
		const char *e = strchr(p, '\n');
		lines[n] = (struct line){ p, (int)(e ? e - p : (long)strlen(p)), n + 1 };
		if (lines[n].n > 0 && p[lines[n].n - 1] == '\r')
			lines[n].n--;
		if (!e) {
			n++;
			break;
		}
		p = e + 1;
	}
	/* the findings carry counts, not examples: one is enough to compute */
	struct lay_options lopt = opt ? *opt : (struct lay_options){ 0 };
	lopt.examples = 1;
	lopt.counts_only = true;
	opt = &lopt;
	int modules = 0, nops = 0;
	for (long start = 0; start < n;) {
		long end = start;
		while (end < n && !tl_blank_or(lines[end].s, lines[end].n, "// -----"))
			end++;
		struct module m = { .l = lines + start, .nl = (int)(end - start) };
		if (!tl_is_module(m.l, m.nl)) {
			start = end + 1;
			continue;
		}
		size_t first = json_array_size(findings);
		int rc = lint_module(&m, modules, findings, &nops, opt, err);
		if (!rc)
			lint_budget_add(&m, modules, findings, first, budgets, opt);
		tl_module_free(&m);
		for (int c = 0; c < m.ncache; c++) {
			free(m.key[c]);
			json_decref(m.fields[c]);
		}
		if (rc)
			goto out;
		modules++;
		start = end + 1;
	}
	/* the file's name as JSON text: valid UTF-8 whatever the bytes */
	size_t fl = strlen(file ? file : "-");
	char *name = malloc(3 * fl + 1);
	if (name)
		lay_utf8_copy(name, 3 * fl + 1, file ? file : "-", fl);
	if (name && modules == 0) {
		/* a CI job pointed at the wrong file must not pass */
		lay_error_set(err, LAY_ESCHEMA, "", -1,
			      "no TTGIR module in %.200s: no \"module\" line, function, op or "
			      "attribute alias "
			      "(lint reads Triton's TTGIR, a .ttgir or .mlir dump)",
			      name);
		free(name);
		goto out;
	}
	out = name ? json_pack("{s:s,s:i,s:O,s:O}", "file", name, "modules", modules, "findings",
			       findings, "budgets", budgets)
		   : NULL;
	free(name);
	if (!out)
		lay_error_set(err, LAY_ENOMEM, "", -1, "out of memory");
out:
	json_decref(findings);
	json_decref(budgets);
	free(lines);
	free(own);
	return out;
}

/* The text of a layout that is nothing but text: "layout": "<text>",
 * {"text": ...} or {"ttgir": ...} (with at most a "name"); NULL for a
 * definition with members of its own (a shape, an element type). */
static const char *bare_text(json_t *layout, bool *detect)
{
	const char *key;
	json_t *v, *text = NULL;
	*detect = true;
	if (json_is_string(layout))
		return json_string_value(layout);
	json_object_foreach(layout, key, v)
	{
		if (strcmp(key, "ttgir") == 0 || strcmp(key, "text") == 0) {
			if (text)
				return NULL;
			text = v;
			*detect = strcmp(key, "text") == 0;
		} else if (strcmp(key, "name") != 0) {
			return NULL;
		}
	}
	return json_string_value(text);
}

int lay_lint_expand(json_t *body)
{
	json_t *layout = json_object_get(body, "layout");
	const char *key;
	json_t *v;
	bool detect;
	const char *text = json_is_object(body) ? bare_text(layout, &detect) : NULL;
	if (!text || (detect && !(lay_detect_notation(text) &&
				  strcmp(lay_detect_notation(text), "ttgir") == 0)))
		return 0;
	json_t *req = lay_ttgir_request(text);
	if (!req)
		return 0;
	int rc = 0;
	json_object_foreach(req, key, v)
	{
		if (strcmp(key, "layout") != 0 && json_object_get(body, key)) {
			rc = -1; /* the body already asks for it: leave the text alone */
			break;
		}
	}
	if (rc == 0) {
		json_t *name = json_object_get(layout, "name");
		if (name)
			json_object_set(json_object_get(req, "layout"), "name", name);
		json_object_update(body, req);
		rc = 1;
	}
	json_decref(req);
	return rc < 0 ? 0 : rc;
}
