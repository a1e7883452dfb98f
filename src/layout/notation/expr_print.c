/*
 * expr_print.c - the printed TileLang layouts of the expr notation:
 * Fragment(...), Layout(...) and "<buffer> inferred layout:" blocks, read
 * into one index expression per physical axis (expr.c compiles them).
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "layout.h"
#include "notation/expr.h"
#include "notation/notation.h"
#include "notation/scan.h"

/* ------------------------------------------------------------------ */
/* A layout as TileLang prints it (LayoutNode/FragmentNode::DebugOutput,
 * Python repr, and the layout-visualization pass):
 *
 *   Fragment([16, 16] -> [8], replicate: 1, thread: 32,
 *            forward_thread: _j // 2 + _i % 8 * 4, forward_index: [...])
 *   Layout([8, 64] -> [512], transform: [_i, _j] -> [_i * 64 + _j])
 *   Fragment((2,) -> (2,), replicate: 256, thread: _rep, index: (_i,), ...)
 *   C_local inferred layout:
 *     Shape: [32, 32] -> [8]
 *     Thread: ...
 *     Index:  [...]
 *     Replicate:  1
 *
 * The input shape is the logical shape (dimensions _i, _j, ...), the
 * replica variable is _rep.  A fragment places on `thread` and `slot`
 * (slot0, slot1, ... for several outputs), a layout on `offset` (offset0,
 * ...); their extents are the thread extent and the output shape. */

struct tl_reader {
	struct lay_scan sc; /* the text, its pointer and errors (of "the printed layout") */
	size_t pos;
};

#define tl_err(r, at, ...) lay_scan_error(&(r)->sc, LAY_ESYNTAX, (long)(at), __VA_ARGS__)

static void tl_ws(struct tl_reader *r, bool newlines)
{
	for (;;) {
		char c = r->sc.s[r->pos];
		if (c == ' ' || c == '\t' || ((c == '\n' || c == '\r') && newlines))
			r->pos++;
		else
			return;
	}
}

/* The end of a value: the first ',' (or newline when `lines`) or closing
 * bracket at depth 0. */
static size_t tl_value_end(const char *s, size_t pos, bool lines)
{
	int depth = 0;
	for (; s[pos]; pos++) {
		char c = s[pos];
		if (c == '(' || c == '[')
			depth++;
		else if (c == ')' || c == ']') {
			if (depth == 0)
				return pos;
			depth--;
		} else if (depth == 0 && (c == ',' || (lines && (c == '\n' || c == '\r'))))
			return pos;
	}
	return pos;
}

/* A bracketed list, [a, b] or (a, b) or (a,): the byte ranges of its
 * items into beg/end (at most max).  *n gets their number. */
static int tl_list(struct tl_reader *r, size_t *beg, size_t *end, int max, int *n)
{
	tl_ws(r, false);
	char open = r->sc.s[r->pos];
	if (open != '[' && open != '(')
		return tl_err(r, r->pos, "expected '[' or '(' opening a list");
	char close = open == '[' ? ']' : ')';
	r->pos++;
	*n = 0;
	for (;;) {
		tl_ws(r, true);
		if (r->sc.s[r->pos] == close) {
			r->pos++;
			return 0;
		}
		size_t e = tl_value_end(r->sc.s, r->pos, false);
		if (!r->sc.s[e])
			return tl_err(r, r->pos, "list without its closing '%c'", close);
		if (*n >= max)
			return tl_err(r, r->pos, "more than %d items in a list", max);
		size_t b = r->pos, t = e;
		while (t > b &&
		       (r->sc.s[t - 1] == ' ' || r->sc.s[t - 1] == '\n' || r->sc.s[t - 1] == '\t'))
			t--;
		if (t == b)
			return tl_err(r, b, "empty item in a list");
		beg[*n] = b;
		end[(*n)++] = t;
		r->pos = e;
		if (r->sc.s[r->pos] == ',')
			r->pos++;
		else if (r->sc.s[r->pos] != close)
			return tl_err(r, r->pos, "expected ',' or '%c'", close);
	}
}

static int tl_int(struct tl_reader *r, size_t b, size_t e, int64_t *v)
{
	/* T.int32(8) and T.int64(8) as TVM prints typed constants */
	if (e - b > 2 && strncmp(r->sc.s + b, "T.", 2) == 0) {
		const char *o = memchr(r->sc.s + b, '(', e - b);
		if (o && r->sc.s[e - 1] == ')') {
			b = (size_t)(o - r->sc.s) + 1;
			e--;
		}
	}
	return lay_scan_digits_range(&r->sc, (int)b, (int)e, v, LAY_ESYNTAX);
}

static int tl_shape(struct tl_reader *r, int64_t *shape, int *rank)
{
	size_t b[LAYOUTD_MAX_RANK], e[LAYOUTD_MAX_RANK];
	int rc = tl_list(r, b, e, LAYOUTD_MAX_RANK, rank);
	for (int k = 0; !rc && k < *rank; k++)
		rc = tl_int(r, b[k], e[k], &shape[k]);
	if (!rc && *rank == 0)
		return tl_err(r, r->pos, "an empty shape");
	return rc;
}

static bool tl_word(struct tl_reader *r, const char *w)
{
	size_t n = strlen(w);
	if (strncasecmp(r->sc.s + r->pos, w, n) != 0 ||
	    isalnum((unsigned char)r->sc.s[r->pos + n]) || r->sc.s[r->pos + n] == '_')
		return false;
	r->pos += n;
	return true;
}

/* Is this text a printed TileLang layout? */
static bool lay_expr_is_print(const char *s)
{
	while (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r')
		s++;
	return strncmp(s, "Fragment(", 9) == 0 || strncmp(s, "Layout(", 7) == 0 ||
	       strstr(s, "inferred layout:") != NULL;
}

/* What a printed layout says, before it becomes programs. */
struct tl_print {
	bool fragment, lines, thread_expr;
	int64_t in[LAYOUTD_MAX_RANK], out[LAYOUTD_MAX_AXES];
	int rank, nout;
	int64_t replicate, threads;
	size_t thr_b, thr_e, idx_b[LAYOUTD_MAX_AXES], idx_e[LAYOUTD_MAX_AXES];
	int nidx;
};

/* The kind (Fragment, Layout or an "inferred layout:" block) and the
 * input -> output shapes. */
static int tl_head(struct tl_reader *r, struct tl_print *pr)
{
	const char *text = r->sc.s;
	tl_ws(r, true);
	if (tl_word(r, "Fragment")) {
		pr->fragment = true;
	} else if (tl_word(r, "Layout")) {
		pr->fragment = false;
	} else {
		/* "<buffer> inferred layout:" then "Shape: ... -> ..." lines */
		const char *h = strstr(text, "inferred layout:");
		if (!h)
			return tl_err(r, r->pos,
				      "expected Fragment(...), Layout(...) or \"<buffer> inferred "
				      "layout:\" as TileLang prints a layout");
		r->pos = (size_t)(h - text) + strlen("inferred layout:");
		tl_ws(r, true);
		if (!tl_word(r, "Shape"))
			return tl_err(r, r->pos, "expected \"Shape:\"");
		tl_ws(r, false);
		if (text[r->pos] != ':')
			return tl_err(r, r->pos, "expected ':' after Shape");
		r->pos++;
		pr->lines = true;
	}
	if (!pr->lines) {
		tl_ws(r, false);
		if (text[r->pos] != '(')
			return tl_err(r, r->pos, "expected '(' after the layout's kind");
		r->pos++;
	}
	int rc = tl_shape(r, pr->in, &pr->rank);
	if (rc)
		return rc;
	tl_ws(r, false);
	if (strncmp(text + r->pos, "->", 2) != 0)
		return tl_err(r, r->pos, "expected '->' between the input and output shapes");
	r->pos += 2;
	size_t b[LAYOUTD_MAX_AXES], e[LAYOUTD_MAX_AXES];
	if ((rc = tl_list(r, b, e, LAYOUTD_MAX_AXES - 1, &pr->nout)))
		return rc;
	for (int k = 0; k < pr->nout; k++)
		if ((rc = tl_int(r, b[k], e[k], &pr->out[k])))
			return rc;
	return 0;
}

/* "transform: [_i, _j] -> [...]": the placeholders, then the index list. */
static int tl_transform(struct tl_reader *r, struct tl_print *pr)
{
	const char *text = r->sc.s;
	size_t vb2[LAYOUTD_MAX_RANK], ve2[LAYOUTD_MAX_RANK];
	int nv, rc;
	if ((rc = tl_list(r, vb2, ve2, LAYOUTD_MAX_RANK, &nv)))
		return rc;
	for (int k = 0; k < nv; k++)
		if (ve2[k] - vb2[k] != 2 || text[vb2[k]] != '_' || text[vb2[k] + 1] != 'i' + k)
			return tl_err(r, vb2[k],
				      "expected the placeholder _%c (TileLang "
				      "names the input dimensions _i, _j, ...)",
				      'i' + k);
	tl_ws(r, false);
	if (strncmp(text + r->pos, "->", 2) != 0)
		return tl_err(r, r->pos,
			      "expected '->' after the transform's "
			      "variables");
	r->pos += 2;
	return tl_list(r, pr->idx_b, pr->idx_e, LAYOUTD_MAX_AXES - 1, &pr->nidx);
}

/* The value of member `key` at r->pos. */
static int tl_member(struct tl_reader *r, struct tl_print *pr, const char *key)
{
	const char *text = r->sc.s;
	bool lines = pr->lines;
	size_t vb = r->pos;
	int rc;
	if (strcmp(key, "replicate") == 0) {
		size_t ve = tl_value_end(text, vb, lines);
		while (ve > vb && isspace((unsigned char)text[ve - 1]))
			ve--;
		if ((rc = tl_int(r, vb, ve, &pr->replicate)))
			return rc;
		if (pr->replicate <= 0)
			return tl_err(r, vb, "replicate %lld is not positive",
				      (long long)pr->replicate);
		r->pos = tl_value_end(text, vb, lines);
	} else if (strcmp(key, "thread") == 0 || strcmp(key, "forward_thread") == 0) {
		size_t ve = tl_value_end(text, vb, lines);
		while (ve > vb && isspace((unsigned char)text[ve - 1]))
			ve--;
		/* DebugOutput: "thread: <extent>, forward_thread: <expr>";
		 * older reprs and the visualization: "thread: <expr>" */
		bool number = ve > vb;
		for (size_t k = vb; k < ve; k++)
			number = number && isdigit((unsigned char)text[k]);
		if (strcmp(key, "thread") == 0 && number && !pr->thread_expr) {
			if ((rc = tl_int(r, vb, ve, &pr->threads)))
				return rc;
		} else {
			if (ve == vb)
				return tl_err(r, vb, "expected the thread expression");
			pr->thr_b = vb;
			pr->thr_e = ve;
			pr->thread_expr = true;
		}
		r->pos = tl_value_end(text, vb, lines);
	} else if (strcmp(key, "forward_index") == 0 || strcmp(key, "index") == 0) {
		return tl_list(r, pr->idx_b, pr->idx_e, LAYOUTD_MAX_AXES - 1, &pr->nidx);
	} else if (strcmp(key, "transform") == 0) {
		return tl_transform(r, pr);
	} else {
		/* thread_range and anything newer: skipped */
		r->pos = tl_value_end(text, vb, lines);
	}
	return 0;
}

/* The key: value members up to the closing ')' (or the end of the lines). */
static int tl_members(struct tl_reader *r, struct tl_print *pr)
{
	const char *text = r->sc.s;
	for (;;) {
		tl_ws(r, pr->lines);
		char c = text[r->pos];
		if (!pr->lines && c == ')') {
			r->pos++;
			return 0;
		}
		if (c == '\0') {
			if (pr->lines)
				return 0;
			return tl_err(r, r->pos, "the layout's ')' is missing");
		}
		if (c == ',') {
			r->pos++;
			continue;
		}
		size_t kb = r->pos;
		while (isalnum((unsigned char)text[r->pos]) || text[r->pos] == '_')
			r->pos++;
		char key[32];
		snprintf(key, sizeof key, "%.*s", (int)(r->pos - kb), text + kb);
		for (char *k = key; *k; k++)
			*k = (char)tolower((unsigned char)*k);
		tl_ws(r, false);
		if (r->pos == kb || text[r->pos] != ':')
			return tl_err(r, kb, "expected a member name and ':'");
		r->pos++;
		tl_ws(r, false);
		int rc = tl_member(r, pr, key);
		if (rc)
			return rc;
	}
}

/* The programs of what was read: thread and slots, or offsets. */
static int tl_define(struct lay_def *def, struct expr_state *st, const struct tl_print *pr,
		     const char *text, const char *ptr, struct lay_error *err)
{
	int rc;
	char q[LAY_ERR_PTR];
	if (def->logical_given) {
		bool same = def->rank == pr->rank;
		for (int d = 0; same && d < pr->rank; d++)
			same = def->shape[d] == pr->in[d];
		if (!same) {
			lay_ptr_join(q, sizeof q, def->ptr, "logical");
			return lay_error_set(err, LAY_ESHAPE, q, -1,
					     "logical differs from the printed input shape");
		}
	} else if ((rc = lay_def_set_shape(def, pr->rank, pr->in, ptr, err))) {
		return rc;
	}
	st->placeholders = true;
	snprintf(st->rep_names[0], LAYOUTD_MAX_NAME, "_rep");
	st->rep_ext[0] = pr->replicate;
	st->nrep = 1;
	st->nvars = def->rank + st->nrep;
	if (pr->fragment) {
		if ((rc = expr_add_prog(def, st, "thread", text + pr->thr_b, pr->thr_e - pr->thr_b,
					ptr, text, pr->thr_b, err)))
			return rc;
		if (pr->threads > 0) {
			struct lay_axis *a = &def->axes[st->progs[0]->axis_index];
			if (!a->declared) {
				a->declared = true;
				a->extent = pr->threads;
			}
		}
	}
	for (int k = 0; k < pr->nidx; k++) {
		char name[32];
		const char *base = pr->fragment ? "slot" : "offset";
		if (pr->nidx == 1)
			snprintf(name, sizeof name, "%s", base);
		else
			snprintf(name, sizeof name, "%s%d", base, k);
		if ((rc = expr_add_prog(def, st, name, text + pr->idx_b[k],
					pr->idx_e[k] - pr->idx_b[k], ptr, text, pr->idx_b[k], err)))
			return rc;
		struct lay_axis *a = &def->axes[st->progs[st->nprog - 1]->axis_index];
		if (!a->declared) {
			a->declared = true;
			a->extent = pr->out[k];
		}
	}
	return expr_finish(def, st);
}

int expr_parse_print(struct lay_def *def, struct expr_state *st, const char *text, const char *ptr,
		     struct lay_error *err)
{
	struct tl_reader r = { .pos = 0 };
	lay_scan_init(&r.sc, text, ptr, err, 0);
	r.sc.of = "the printed layout";
	struct tl_print pr = { .fragment = true, .replicate = 1, .threads = -1, .nidx = -1 };
	int rc = tl_head(&r, &pr);
	if (!rc)
		rc = tl_members(&r, &pr);
	if (rc)
		return rc;
	if (pr.fragment && !pr.lines && !pr.thread_expr && pr.nidx >= 0 && pr.threads < 0)
		pr.fragment = false;
	if (pr.lines)
		pr.fragment = pr.thread_expr;
	if (pr.nidx < 0)
		return tl_err(&r, r.pos, "the printed layout has no %s",
			      pr.fragment ? "forward_index" : "transform");
	if (pr.fragment && !pr.thread_expr)
		return tl_err(&r, r.pos, "the printed fragment has no forward_thread");
	if (pr.nidx != pr.nout)
		return tl_err(&r, pr.idx_b[0],
			      "%d index expressions for an output shape of %d dimensions", pr.nidx,
			      pr.nout);
	return tl_define(def, st, &pr, text, ptr, err);
}

/* ------------------------------------------------------------------ */
/* The expr notation: how its text is detected, its swizzle written back, its descriptor       */

/* TileLang's prints; its Layout(...) opens with the input shape "[", where
 * pycute's Layout(shape, stride) repr opens with a shape or an integer. */
static bool is_tilelang_print(const char *s)
{
	while (isspace((unsigned char)*s))
		s++;
	if (strncmp(s, "Layout(", 7) == 0) {
		const char *p = s + 7;
		while (isspace((unsigned char)*p))
			p++;
		return *p == '[';
	}
	return lay_expr_is_print(s);
}

static int detect_expr(const char *s)
{
	return is_tilelang_print(s) ? LAY_PASS_TILELANG : 0;
}

/* expr: the offset expression wrapped in the XOR, printed form only. */
static json_t *write_swizzle_expr(json_t *def, const struct lay_def *d, int axis, int B, int M,
				  int S, int form)
{
	json_t *v = json_object_get(def, "expr");
	const char *t = json_string_value(json_object_get(v, d->axes[axis].name));
	if (!t || form)
		return NULL;
	size_t need = 2 * strlen(t) + 96;
	char *buf = malloc(need);
	if (!buf)
		return NULL;
	snprintf(buf, need, "(%s) ^ ((((%s) >> %d) & %d) << %d)", t, t, M + S, (1 << B) - 1, M);
	json_t *out = json_deep_copy(def);
	json_object_set_new(json_object_get(out, "expr"), d->axes[axis].name, json_string(buf));
	free(buf);
	return out;
}

/* Members only the expr notation reads: how many times each element is
 * placed. */
static const char *const expr_members[] = { "replicate", NULL };

const struct lay_notation lay_notation_expr = {
	.key = "expr",
	.text_hint = "TileLang's Fragment(...)",
	.members = expr_members,
	.parse = lay_expr_parse,
	.detect = detect_expr,
	.write_swizzle = write_swizzle_expr,
};
