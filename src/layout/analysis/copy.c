/*
 * copy.c - the "copy" section: which instruction can move this tile.
 *
 * ldmatrix / stmatrix (PTX m8n8 .b16, .x1/.x2/.x4, .trans): the threads
 * layout says which element each lane's register slots hold; the shared
 * layout says where each element lives.  After the broadcast register bits
 * are dropped (acc_read_threads), instruction k of a warp takes each lane's
 * slots [k*S, (k+1)*S) in register-index order, S = x * (32 / bits); the
 * 32 / bits slots of register m are matrix m's 32-bit register.  Lanes
 * 8m..8m+7 give matrix m's row addresses: a row is 16 contiguous bytes
 * aligned to 16.  Non-transposed, lane t's register m holds row t/4, bytes
 * 4(t%4)..+3; .trans (16-bit only) holds rows 2(t%4) and 2(t%4)+1 at
 * column t/4.  A variant is legal when some row addresses give every lane
 * exactly its slots' elements; the row addresses are taken from the lanes
 * that hold a row's first element and every other lane is checked against
 * them.  TMA lives in copy_tma.c.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/copy.h"

static const int copy_widths[3] = { 1, 2, 4 };

static void variant_name(int family, int x, bool trans, char *buf, size_t n)
{
	snprintf(buf, n, "%s.sync.aligned.m8n8.x%d%s.shared.b16",
		 family == COPY_STMATRIX ? "stmatrix" : "ldmatrix", x, trans ? ".trans" : "");
}

/* A full PTX name ("ldmatrix.sync.aligned.m8n8.x4.trans.shared::cta.b16")
 * into family, x and trans; false when it is none of the 12. */
static bool parse_full_name(const char *s, struct copy_req *q)
{
	char buf[96];
	for (int f = COPY_LDMATRIX; f <= COPY_STMATRIX; f++)
		for (int k = 0; k < 3; k++)
			for (int t = 0; t < 2; t++)
				for (int cta = 0; cta < 2; cta++) {
					variant_name(f, copy_widths[k], t, buf, sizeof buf);
					if (cta) {
						char *p = strstr(buf, ".shared.");
						memmove(p + 12, p + 7, strlen(p + 7) + 1);
						memcpy(p + 7, "::cta", 5);
					}
					if (strcmp(buf, s) == 0) {
						q->family = f;
						q->only_x = copy_widths[k];
						q->only_trans = t;
						return true;
					}
				}
	return false;
}

static int parse_instruction(json_t *v, const char *p, const char *op, struct copy_req *q,
			     struct lay_error *err)
{
	const char *s = json_string_value(v);
	q->instruction = s ? s : "auto";
	q->only_trans = -1;
	q->named = s && strcmp(s, "auto") != 0;
	if (!v || strcmp(q->instruction, "auto") == 0)
		q->family = op && strcmp(op, "store") == 0 ? COPY_STMATRIX : COPY_LDMATRIX;
	else if (strcmp(s, "ldmatrix") == 0)
		q->family = COPY_LDMATRIX;
	else if (strcmp(s, "stmatrix") == 0)
		q->family = COPY_STMATRIX;
	else if (strcmp(s, "tma") == 0)
		q->family = COPY_TMA;
	else if (!parse_full_name(s, q))
		return lay_error_set(err, LAY_ESCHEMA, p, -1,
				     "copy.instruction is \"ldmatrix\", \"stmatrix\", \"tma\", "
				     "\"auto\" or a full PTX name such as "
				     "\"ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16\"");
	return 0;
}

static int parse_copy(json_t *c, const char *ptr, struct copy_req *q, struct lay_error *err)
{
	char p[LAY_ERR_PTR];
	memset(q, 0, sizeof *q);
	if (!json_is_object(c))
		return lay_error_set(err, LAY_ESCHEMA, ptr, -1,
				     "copy must be an object: {\"instruction\": \"auto\", "
				     "\"threads\": {...}} or {\"instruction\": \"tma\", "
				     "\"global\": {...}, \"box\": [...]}");
	const char *key, *op = NULL;
	json_t *val;
	json_object_foreach(c, key, val)
	{
		lay_ptr_join(p, sizeof p, ptr, key);
		if (strcmp(key, "threads") == 0) {
			q->threads = val;
		} else if (strcmp(key, "element_bits") == 0) {
			if (acc_parse_bits(val, p, &q->bits, err))
				return err ? err->code : LAY_ESCHEMA;
		} else if (strcmp(key, "op") == 0) {
			op = json_string_value(val);
			if (!op || (strcmp(op, "load") && strcmp(op, "store")))
				return lay_error_set(
					err, LAY_ESCHEMA, p, -1,
					"copy.op is \"load\" (ldmatrix; TMA global to "
					"shared) or \"store\" (stmatrix; TMA shared to "
					"global)");
			q->store = strcmp(op, "store") == 0;
		} else if (strcmp(key, "global") == 0) {
			q->global = val;
		} else if (strcmp(key, "box") == 0) {
			q->box = val;
		} else if (strcmp(key, "swizzle") == 0) {
			q->swizzle = json_string_value(val);
			if (!q->swizzle)
				return lay_error_set(err, LAY_ESCHEMA, p, -1,
						     "copy.swizzle is \"none\", \"32B\", \"64B\" "
						     "or \"128B\"");
		} else if (strcmp(key, "instruction") != 0) {
			return lay_error_set(err, LAY_ESCHEMA, p, -1,
					     "unknown member \"%s\" in copy (instruction, threads, "
					     "element_bits, op, global, box, swizzle)",
					     key);
		}
	}
	lay_ptr_join(p, sizeof p, ptr, "instruction");
	json_t *iv = json_object_get(c, "instruction");
	if (iv && !json_is_string(iv))
		return lay_error_set(err, LAY_ESCHEMA, p, -1, "copy.instruction is a string");
	if (parse_instruction(iv, p, op, q, err))
		return err ? err->code : LAY_ESCHEMA;
	bool tma = q->family == COPY_TMA;
	const char *stray = tma ? (q->threads ? "threads" : NULL)
				: (q->global	? "global"
				   : q->box	? "box"
				   : q->swizzle ? "swizzle"
						: NULL);
	if (stray) {
		lay_ptr_join(p, sizeof p, ptr, stray);
		return lay_error_set(err, LAY_ESCHEMA, p, -1, "copy.%s belongs to %s", stray,
				     tma ? "ldmatrix / stmatrix, not TMA" : "a TMA copy");
	}
	if (!tma && !q->threads)
		return lay_error_set(err, LAY_ESCHEMA, ptr, -1,
				     "copy needs \"threads\": the register layout of the same tile "
				     "that ldmatrix / stmatrix loads or stores");
	return 0;
}

/* ------------------------------------------------------------------ */
/* ldmatrix / stmatrix                                                 */

struct ldst {
	struct acc A;
	int bits, eb, spr; /* element bits and bytes, slots per 32-bit register */
	int64_t slots;	   /* slots per lane (broadcast ones dropped) */
};

/* Byte offset of slot s of lane t in warp group g, or -1 when the slot
 * holds nothing; *e its element. */
static int64_t slot_addr(const struct ldst *L, int64_t g, int64_t t, int64_t s, int32_t *e)
{
	const struct acc *A = &L->A;
	*e = A->pelem[(g * A->L + t) * A->R + acc_expand_reg(A, s)];
	if (*e < 0 || A->eoff[*e] < 0)
		return -1;
	return A->eoff[*e] * L->eb;
}

static json_t *why_at(const struct ldst *L, int64_t g, int64_t t, int64_t s, const char *msg)
{
	int32_t e = -1;
	int64_t a = s >= 0 ? slot_addr(L, g, t, s, &e) : -1;
	json_t *w = json_pack("{s:s,s:I,s:I}", "message", msg, "lane", (json_int_t)t, "warp",
			      (json_int_t)g);
	if (s >= 0)
		json_object_set_new(w, "slot", acc_point_json(&L->A, g, t, s));
	if (e >= 0) {
		json_object_set_new(w, "element", acc_elem_json(L->A.thr, e));
		if (a >= 0)
			json_object_set_new(w, "offset", json_integer(a / L->eb));
	}
	return w;
}

/* Row addresses (bytes) of matrix m of instruction k in warp group g:
 * rows[r] from the lane that holds the row's first bytes.  NULL, or why. */
static json_t *row_bases(const struct ldst *L, int64_t g, int64_t k, int m, int x, bool trans,
			 int64_t *rows)
{
	char msg[256];
	for (int r = 0; r < 8; r++) {
		int64_t t = trans ? r / 2 : 4 * r;
		int64_t s = k * x * L->spr + (int64_t)m * L->spr + (trans ? r % 2 : 0);
		int32_t e;
		rows[r] = slot_addr(L, g, t, s, &e);
		if (rows[r] < 0)
			return why_at(L, g, t, s,
				      "this register slot holds no element of the shared tile");
		if (rows[r] % 16) {
			snprintf(msg, sizeof msg,
				 "row %d of matrix %d would start at byte %lld, which is not "
				 "16-byte aligned",
				 r, m, (long long)rows[r]);
			return why_at(L, g, t, s, msg);
		}
	}
	return NULL;
}

/* Every lane's slots of matrix m against the row addresses. */
static json_t *check_matrix(const struct ldst *L, int64_t g, int64_t k, int m, int x, bool trans,
			    const int64_t *rows)
{
	char msg[320];
	for (int64_t t = 0; t < 32; t++)
		for (int j = 0; j < L->spr; j++) {
			int64_t s = k * x * L->spr + (int64_t)m * L->spr + j;
			int r = trans ? (int)(2 * (t % 4) + j) : (int)(t / 4);
			int64_t want =
				trans ? rows[r] + 2 * (t / 4) : rows[r] + 4 * (t % 4) + j * L->eb;
			int32_t e;
			int64_t got = slot_addr(L, g, t, s, &e);
			if (got == want)
				continue;
			if (got < 0)
				return why_at(L, g, t, s,
					      "this register slot holds no element of the shared "
					      "tile");
			snprintf(msg, sizeof msg,
				 "register %d (matrix %d) needs the element at byte %lld (row %d, "
				 "which starts at byte %lld), but the shared layout puts this one "
				 "at "
				 "byte %lld",
				 m, m, (long long)want, r, (long long)rows[r], (long long)got);
			return why_at(L, g, t, s, msg);
		}
	return NULL;
}

/* NULL when the variant moves the tile, else why not. */
static json_t *try_variant(const struct ldst *L, int x, bool trans)
{
	char msg[256];
	if (L->A.L != 32) {
		snprintf(msg, sizeof msg,
			 "the threads layout has %lld lanes per warp: ldmatrix and stmatrix are "
			 "warp-wide (32 lanes)",
			 (long long)L->A.L);
		return why_at(L, 0, 0, -1, msg);
	}
	if (trans && L->bits != 16)
		return why_at(L, 0, 0, -1,
			      ".trans transposes 16-bit elements: it does not move this element "
			      "width");
	int64_t per = (int64_t)x * L->spr;
	if (L->slots % per) {
		snprintf(msg, sizeof msg,
			 "each lane holds %lld register slots, not a multiple of the %lld one "
			 ".x%d instruction moves",
			 (long long)L->slots, (long long)per, x);
		return why_at(L, 0, 0, -1, msg);
	}
	int64_t rows[8];
	for (int64_t g = 0; g < L->A.G; g++)
		for (int64_t k = 0; k < L->slots / per; k++)
			for (int m = 0; m < x; m++) {
				json_t *w = row_bases(L, g, k, m, x, trans, rows);
				if (!w)
					w = check_matrix(L, g, k, m, x, trans, rows);
				if (w)
					return w;
			}
	return NULL;
}

/* The row addresses' bank conflicts (the access analysis' wavefront cost:
 * one 128-byte wavefront per matrix ideally). */
static json_t *row_conflicts(const struct ldst *L, int x, bool trans)
{
	int64_t rows[8], words[32], total = 0, ideal = 0, per = (int64_t)x * L->spr;
	for (int64_t g = 0; g < L->A.G; g++)
		for (int64_t k = 0; k < L->slots / per; k++)
			for (int m = 0; m < x; m++) {
				json_t *w = row_bases(L, g, k, m, x, trans, rows);
				json_decref(w);
				size_t n = 0;
				for (int r = 0; r < 8; r++)
					for (int q = 0; q < 4; q++)
						words[n++] = rows[r] / 4 + q;
				qsort(words, n, sizeof *words, acc_cmp_i64);
				size_t d = 0;
				for (size_t i = 0; i < n; i++)
					if (!d || words[i] != words[d - 1])
						words[d++] = words[i];
				total += acc_wavefront_cost(&L->A, words, d, NULL);
				ideal++;
			}
	return json_pack("{s:I,s:I,s:o}", "wavefronts", (json_int_t)total, "ideal_wavefronts",
			 (json_int_t)ideal, "bank_conflicts", acc_number(total - ideal, ideal));
}

static json_t *ldst_report(const struct ldst *L, const struct copy_req *q)
{
	json_t *cands = json_array();
	int best_x = 0;
	bool best_t = false;
	char name[96];
	for (int t = 0; t < 2; t++)
		for (int k = 0; k < 3; k++) {
			int x = copy_widths[k];
			if (q->only_x && (q->only_x != x || q->only_trans != t))
				continue;
			variant_name(q->family, x, t, name, sizeof name);
			json_t *why = try_variant(L, x, t);
			json_t *c = json_pack("{s:s,s:b}", "instruction", name, "legal", !why);
			if (why)
				json_object_set_new(c, "why", why);
			else if (x > best_x)
				best_x = x, best_t = t;
			json_array_append_new(cands, c);
		}
	json_t *o = json_object();
	json_object_set_new(o, "requested", json_string(q->instruction));
	json_object_set_new(o, "op", json_string(q->family == COPY_STMATRIX ? "store" : "load"));
	json_object_set_new(o, "element_bits", json_integer(L->bits));
	json_object_set_new(o, "legal", json_boolean(best_x > 0));
	if (best_x) {
		variant_name(q->family, best_x, best_t, name, sizeof name);
		json_object_set_new(o, "instruction", json_string(name));
		json_object_set_new(o, "count",
				    json_integer(L->slots / ((int64_t)best_x * L->spr)));
		json_t *bc = row_conflicts(L, best_x, best_t);
		json_object_update(o, bc);
		json_decref(bc);
	} else {
		json_object_set_new(o, "instruction", json_null());
		json_object_set_new(o, "count", json_null());
	}
	json_object_set_new(o, "candidates", cands);
	json_object_set_new(o, "ok", json_boolean(best_x > 0 || !q->named));
	return o;
}

static int copy_ldst(struct lay_def *def, const struct copy_req *q, const char *ptr,
		     const struct lay_options *opt, json_t **out, struct lay_error *err)
{
	struct ldst L = { 0 };
	struct lay_def *thr = NULL;
	char tp[LAY_ERR_PTR];
	int rc;
	lay_ptr_join(tp, sizeof tp, ptr, "threads");
	if (!(thr = lay_def_new(q->threads, tp, opt, err)))
		return err ? err->code : LAY_ESCHEMA;
	L.A.mem = def;
	L.A.thr = thr;
	L.A.op = q->family == COPY_STMATRIX ? "store" : "load";
	L.A.target = ACC_NVIDIA;
	L.A.lanes = ACC_LANES;
	L.A.banks = ACC_BANKS;
	L.A.examples = 1;
	L.bits = q->bits ? q->bits : def->element_bits ? def->element_bits : thr->element_bits;
	char a[128], b[128];
	if (!L.bits) {
		rc = lay_error_set(err, LAY_ESCHEMA, ptr, -1,
				   "copy needs \"element_bits\" (16 for f16) unless the layout "
				   "carries it");
	} else if (L.bits != 8 && L.bits != 16 && L.bits != 32) {
		lay_ptr_join(tp, sizeof tp, ptr, "element_bits");
		rc = lay_error_set(err, LAY_ERANGE, q->bits ? tp : ptr, -1,
				   "the elements are %d bits wide: ldmatrix and stmatrix move "
				   "16-bit units, and 8- or 32-bit elements packed into them",
				   L.bits);
	} else if (acc_tiles_differ(thr, def, a, b, sizeof a)) {
		rc = lay_error_set(err, LAY_ESHAPE, tp, -1,
				   "copy.threads covers a [%s] tile and the layout a [%s] one: "
				   "both must describe the same logical tile",
				   a, b);
	} else if (!(rc = acc_read_memory(&L.A, def->ptr[0] ? def->ptr : "/layout", err)) &&
		   !(rc = acc_read_threads(&L.A, tp, err)) &&
		   !(rc = acc_threads_cover(&L.A, tp, err))) {
		L.eb = L.bits / 8;
		L.spr = 32 / L.bits;
		L.slots = L.A.R2;
		*out = ldst_report(&L, q);
	}
	lay_ctx_free(L.A.eoff);
	lay_ctx_free(L.A.pelem);
	lay_ctx_free(L.A.f);
	lay_ctx_free(L.A.regmap);
	lay_def_free(thr);
	return rc;
}

/* ------------------------------------------------------------------ */
/* The request                                                         */

static int copy_expect_needs(json_t *expect, struct lay_error *err)
{
	static const char *const keys[] = { "copy_legal", "copy_matches_layout" };
	for (size_t k = 0; k < 2; k++)
		if (json_is_object(expect) && json_object_get(expect, keys[k])) {
			char p[LAY_ERR_PTR];
			lay_ptr_join(p, sizeof p, "/expect", keys[k]);
			return lay_error_set(err, LAY_ESCHEMA, p, -1,
					     "expect.%s needs a \"copy\" in the request: the "
					     "instruction and what it moves",
					     keys[k]);
		}
	return 0;
}

int lay_copy_request(json_t *analysis, struct lay_def *def, json_t *copy, json_t *expect,
		     const struct lay_options *opt, struct lay_error *err)
{
	struct copy_req q;
	json_t *res = NULL;
	if (!copy)
		return copy_expect_needs(expect, err);
	int rc = parse_copy(copy, "/copy", &q, err);
	if (rc)
		return rc;
	int examples = opt && opt->examples > 0 ? opt->examples : LAYOUTD_DEFAULT_EXAMPLES;
	if (q.family == COPY_TMA) {
		if (!q.bits)
			q.bits = def->element_bits;
		rc = copy_tma(def, &q, examples, &res, err);
	} else {
		rc = copy_ldst(def, &q, "/copy", opt, &res, err);
	}
	if (rc)
		return rc;
	json_object_set_new(analysis, "copy", res);
	return lay_expect_apply(analysis, expect, "/expect", opt, err);
}
