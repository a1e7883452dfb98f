/*
 * ttgir_lines.c - reading a TTGIR text line by line (ttgir_lines.h), as
 * lint and the pasted op line (ttgir_request.c) do: its lines, its
 * "#name = ..." aliases and "#locN = loc(...)" locations, the op a line
 * holds and its types, the aliases a type reaches, an op continued over
 * several lines, and where modules begin.
 */
#define _GNU_SOURCE /* qsort_r */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "notation/ttgir_lines.h"

/* Nesting of loc(...) references followed: callsite chains are short. */
#define LINT_LOC_DEPTH 16

bool tl_blank_or(const char *s, int n, const char *what)
{
	int i = 0, w = (int)strlen(what);
	while (i < n && isspace((unsigned char)s[i]))
		i++;
	if (n - i < w || strncmp(s + i, what, (size_t)w) != 0)
		return false;
	for (i += w; i < n; i++)
		if (!isspace((unsigned char)s[i]))
			return false;
	return true;
}

/* "#name = value": the name's length, or 0. */
int tl_alias_name(const struct line *l, int *value_at)
{
	int i = 0;
	while (i < l->n && (l->s[i] == ' ' || l->s[i] == '\t'))
		i++;
	if (i >= l->n || l->s[i] != '#')
		return 0;
	int start = ++i;
	while (i < l->n && (isalnum((unsigned char)l->s[i]) || strchr("_.$-", l->s[i])))
		i++;
	int len = i - start;
	while (i < l->n && l->s[i] == ' ')
		i++;
	if (len == 0 || i >= l->n || l->s[i] != '=')
		return 0;
	i++;
	while (i < l->n && l->s[i] == ' ')
		i++;
	*value_at = i;
	return len;
}

static bool starts(const char *s, int n, const char *w)
{
	int k = (int)strlen(w);
	return n >= k && strncmp(s, w, (size_t)k) == 0;
}

/* A "// ..." line: FileCheck's CHECK lines quote ops. */
bool tl_comment(const struct line *l)
{
	int i = 0;
	while (i < l->n && isspace((unsigned char)l->s[i]))
		i++;
	return starts(l->s + i, l->n - i, "//");
}

/* ------------------------------------------------------------------ */
/* Locations                                                           */

/* Names ordered by length, then bytes. */
int tl_name_cmp(const struct alias_line *a, const char *name, int n)
{
	if (a->nlen != n)
		return a->nlen < n ? -1 : 1;
	return memcmp(a->name, name, (size_t)n);
}

/* The first position in ix (aliases v in name order) whose name is not
 * below name[0..n); an equal one there is the first written. */
int tl_alias_lower(const struct alias_line *v, const int *ix, int nv, const char *name, int n)
{
	int lo = 0, hi = nv;
	while (lo < hi) {
		int mid = lo + (hi - lo) / 2;
		if (tl_name_cmp(&v[ix[mid]], name, n) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

static const struct line *find_loc_alias(const struct module *m, const char *name, int n,
					 int *value_at)
{
	int k = tl_alias_lower(m->locs, m->loc_ix, m->nlocs, name, n);
	if (k < m->nlocs && tl_name_cmp(&m->locs[m->loc_ix[k]], name, n) == 0) {
		const struct alias_line *a = &m->locs[m->loc_ix[k]];
		tl_alias_name(a->line, value_at);
		return a->line;
	}
	return NULL;
}

/* A location's file name: the MLIR string s[0..n) (inside its quotes) with
 * its escapes decoded as MLIR's Token::getStringValue does (\" \\ \n \t,
 * or two hex digits: a byte), written as valid UTF-8 (lay_utf8_copy). */
static void loc_file(char *out, size_t size, const char *s, int n)
{
	char raw[sizeof((struct loc *)0)->file];
	size_t w = 0;
	for (int i = 0; i < n && w < sizeof raw; i++) {
		char c = s[i];
		if (c == '\\' && i + 1 < n) {
			c = s[++i];
			if (c == 'n')
				c = '\n';
			else if (c == 't')
				c = '\t';
			else if (isxdigit((unsigned char)c) && i + 1 < n &&
				 isxdigit((unsigned char)s[i + 1])) {
				char hex[3] = { c, s[i + 1], 0 };
				c = (char)strtol(hex, NULL, 16);
				i++;
			}
		}
		raw[w++] = c;
	}
	lay_utf8_copy(out, size, raw, w);
}

/* Resolve the location text s[0..n) (the inside of loc(...), or a #locN
 * reference): "file":line:col, callsite(callee at caller) (the callee:
 * where the op is written), fused[a, b] (the first), "name"(inner),
 * #alias.  Unknown forms leave out->found false. */
static void resolve(const struct module *m, const char *s, int n, int depth, struct loc *out)
{
	while (n > 0 && isspace((unsigned char)*s))
		s++, n--;
	if (depth > LINT_LOC_DEPTH || n <= 0)
		return;
	if (*s == '#') {
		int len = 1;
		while (len < n && (isalnum((unsigned char)s[len]) || strchr("_.$-", s[len])))
			len++;
		int v;
		const struct line *l = find_loc_alias(m, s + 1, len - 1, &v);
		if (l)
			resolve(m, l->s + v + 4, l->n - v - 4, depth + 1, out);
		return;
	}
	if (starts(s, n, "loc(")) {
		resolve(m, s + 4, n - 4, depth + 1, out);
		return;
	}
	if (starts(s, n, "callsite(")) {
		resolve(m, s + 9, n - 9, depth + 1, out);
		return;
	}
	if (starts(s, n, "fused")) {
		const char *b = memchr(s, '[', (size_t)n);
		if (b)
			resolve(m, b + 1, n - (int)(b + 1 - s), depth + 1, out);
		return;
	}
	if (*s != '"')
		return;
	/* "file":line:col, or "name"(inner) */
	int e = 1;
	while (e < n && s[e] != '"')
		e += s[e] == '\\' ? 2 : 1;
	if (e >= n)
		return;
	if (e + 1 < n && s[e + 1] == '(') {
		struct loc inner = { 0 };
		resolve(m, s + e + 2, n - e - 2, depth + 1, &inner);
		if (inner.found)
			*out = inner;
		return;
	}
	if (e + 1 < n && s[e + 1] == ':') {
		char *end;
		long line = strtol(s + e + 2, &end, 10), col = 0;
		if (end == s + e + 2)
			return;
		if (*end == ':')
			col = strtol(end + 1, NULL, 10);
		loc_file(out->file, sizeof out->file, s + 1, e - 1);
		out->line = line;
		out->column = col;
		out->found = true;
	}
}

/* The op's own loc(...), the last one on its line. */
void tl_op_loc(const struct module *m, const struct line *l, struct loc *out)
{
	memset(out, 0, sizeof *out);
	const char *at = NULL;
	for (const char *p = l->s; p + 4 <= l->s + l->n; p++)
		if (strncmp(p, "loc(", 4) == 0 && (p == l->s || !isalnum((unsigned char)p[-1])))
			at = p;
	if (at)
		resolve(m, at + 4, (int)(l->s + l->n - at - 4), 0, out);
}

/* The op a line holds, and where (0-based byte column of its name). */
const char *tl_line_op(const struct line *l, int *col)
{
	static const char *const ops[] = { "ttg.local_load",
					   "ttg.local_store",
					   "ttg.local_alloc",
					   "ttg.convert_layout",
					   "triton_gpu.local_load",
					   "triton_gpu.local_store",
					   "triton_gpu.local_alloc",
					   "triton_gpu.convert_layout",
					   "ttng.tmem_alloc",
					   "ttng.tmem_load",
					   "ttng.tmem_store",
					   "ttng.tmem_copy",
					   "ttng.tmem_subslice",
					   "ttg.memdesc_index",
					   "ttg.memdesc_subslice",
					   "ttg.memdesc_trans",
					   "ttg.memdesc_reshape",
					   "ttg.memdesc_reinterpret",
					   "ttng.async_tma_copy_global_to_local",
					   "ttng.async_tma_copy_local_to_global",
					   "triton_nvidia_gpu.async_tma_copy_global_to_local",
					   "triton_nvidia_gpu.async_tma_copy_local_to_global",
					   "ttg.async_copy_global_to_local",
					   "triton_gpu.async_copy_global_to_local",
					   "amdg.buffer_load_to_local",
					   "amdgpu.buffer_load_to_local" };
	for (size_t k = 0; k < sizeof ops / sizeof ops[0]; k++) {
		size_t n = strlen(ops[k]);
		for (const char *p = l->s; p + n <= l->s + l->n; p++)
			if (strncmp(p, ops[k], n) == 0 &&
			    (p == l->s || p[-1] == ' ' || p[-1] == '"') &&
			    (p + n == l->s + l->n ||
			     (!isalnum((unsigned char)p[n]) && p[n] != '_'))) {
				*col = (int)(p - l->s);
				return ops[k];
			}
	}
	return NULL;
}

/* Aliases in name order, then text order (qsort_r over indices). */
static int ix_cmp(const void *x, const void *y, void *v)
{
	const struct alias_line *a = v;
	int i = *(const int *)x, j = *(const int *)y;
	int c = tl_name_cmp(&a[i], a[j].name, a[j].nlen);
	return c ? c : (i > j) - (i < j);
}

static int *name_order(const struct alias_line *a, int n)
{
	int *ix = malloc(sizeof *ix * (size_t)(n + 1));
	if (!ix)
		return NULL;
	for (int k = 0; k < n; k++)
		ix[k] = k;
	qsort_r(ix, (size_t)n, sizeof *ix, ix_cmp, (void *)a);
	return ix;
}

void tl_module_free(struct module *m)
{
	for (int k = 0; m->joined && k < m->nl; k++)
		free((char *)m->joined[k].s);
	free(m->joined);
	free(m->split);
	free(m->al);
	free(m->locs);
	free(m->al_ix);
	free(m->loc_ix);
}

/* Where the next alias starts on an alias line whose value starts at v:
 * MLIR needs no newline between two ("#mma = #ttg.amd_mfma<{...}>#shared
 * = ..."), a '#' after the value's brackets close.  0: none. */
static int next_alias(const struct line *l, int v)
{
	int depth = 0;
	bool str = false;
	for (int i = v; i < l->n; i++) {
		char c = l->s[i];
		if (str) {
			str = c != '"' || l->s[i - 1] == '\\';
			continue;
		}
		if (c == '"')
			str = true;
		else if (strchr("<{[(", c))
			depth++;
		else if (strchr(">}])", c) && !(c == '>' && l->s[i - 1] == '-'))
			depth--;
		else if (c == '#' && depth == 0 && i > v && strchr(">}])", l->s[i - 1])) {
			struct line rest = { l->s + i, l->n - i, l->no };
			int w;
			if (tl_alias_name(&rest, &w))
				return i;
		}
	}
	return 0;
}

static void add_alias(struct module *m, const struct line *l, int v, int len)
{
	const char *h = memchr(l->s, '#', (size_t)l->n);
	if (starts(l->s + v, l->n - v, "loc("))
		m->locs[m->nlocs++] = (struct alias_line){ h + 1, len, l };
	else
		m->al[m->nal++] = (struct alias_line){ h + 1, len, l };
}

/* The nesting of brackets left open at the end of s[0..n) (strings and
 * the "->" of function types aside). */
static int open_depth(const char *s, int n)
{
	int depth = 0;
	bool str = false;
	for (int i = 0; i < n; i++) {
		char c = s[i];
		if (str)
			str = c != '"' || s[i - 1] == '\\';
		else if (c == '"')
			str = true;
		else if (strchr("<{[(", c))
			depth++;
		else if (strchr(">}])", c) && !(c == '>' && i > 0 && s[i - 1] == '-'))
			depth--;
	}
	return depth;
}

/* Lines past the first that one alias may take: a linear layout's bases
 * one per line at most. */
#define LINT_ALIAS_LINES 64

/* Line l can continue an alias: not blank, not a comment, an alias, an
 * op, a region's "}" or a module (a broken alias joins nothing). */
static bool alias_continues(const struct line *l)
{
	int i = 0, n = l->n;
	while (i < n && isspace((unsigned char)l->s[i]))
		i++;
	const char *s = l->s + i;
	int rest = n - i, w = 0;
	if (rest == 0 || strchr("#%^", *s) || starts(s, rest, "//") || starts(s, rest, "module"))
		return false;
	if (*s == '}' && tl_blank_or(s + 1, rest - 1, ""))
		return false;
	while (w < rest && (isalnum((unsigned char)s[w]) || s[w] == '_' || s[w] == '.'))
		w++;
	return !memchr(s, '.', (size_t)w); /* "tt.func", "scf.yield": an op */
}

/* The alias on line k whose brackets its line leaves open, joined with
 * the lines that close them (a space for each newline) into m->joined[k];
 * the lines it took (0: none, or not closed within LINT_ALIAS_LINES). */
static int join_alias(struct module *m, int k)
{
	const struct line *l = &m->l[k];
	int v, depth;
	if (!tl_alias_name(l, &v) || (depth = open_depth(l->s + v, l->n - v)) <= 0)
		return 0;
	int last = k;
	size_t n = (size_t)l->n;
	while (depth > 0 && last + 1 < m->nl && last - k < LINT_ALIAS_LINES) {
		if (!alias_continues(&m->l[last + 1]))
			return 0;
		last++;
		depth += open_depth(m->l[last].s, m->l[last].n);
		n += 1 + (size_t)m->l[last].n;
	}
	if (depth > 0)
		return 0;
	char *t = malloc(n + 1), *w = t;
	if (!t)
		return -1;
	for (int j = k; j <= last; j++)
		w += sprintf(w, "%s%.*s", j > k ? " " : "", m->l[j].n, m->l[j].s);
	m->joined[k] = (struct line){ t, (int)(w - t), l->no };
	return last - k;
}

/* Line k as the aliases read it: joined when it starts one written over
 * several lines. */
static const struct line *alias_line_at(const struct module *m, int k)
{
	return m->joined[k].s ? &m->joined[k] : &m->l[k];
}

/* The aliases written over several lines, joined; the lines they took
 * after their first are blank to the readers that follow (*skip). */
static int join_aliases(struct module *m, bool *skip)
{
	m->joined = calloc((size_t)m->nl + 1, sizeof *m->joined);
	if (!m->joined)
		return LAY_ENOMEM;
	for (int k = 0; k < m->nl; k++) {
		int took = join_alias(m, k);
		if (took < 0)
			return LAY_ENOMEM;
		for (int j = 1; j <= took; j++)
			skip[k + j] = true;
		k += took;
	}
	return 0;
}

/* The alias lines and the module line, in text order. */
static int module_lines(struct module *m)
{
	int nsplit = 0;
	bool *skip = calloc((size_t)m->nl + 1, sizeof *skip);
	if (!skip || join_aliases(m, skip)) {
		free(skip);
		return LAY_ENOMEM;
	}
	for (int k = 0; k < m->nl; k++) {
		struct line l = *alias_line_at(m, k);
		int v, len, at;
		while ((len = tl_alias_name(&l, &v)) && (at = next_alias(&l, v)))
			nsplit += 2, l.s += at, l.n -= at;
	}
	m->al = calloc((size_t)(m->nl + nsplit) + 1, sizeof *m->al);
	m->locs = calloc((size_t)(m->nl + nsplit) + 1, sizeof *m->locs);
	m->split = calloc((size_t)nsplit + 1, sizeof *m->split);
	if (!m->al || !m->locs || !m->split) {
		free(skip);
		return LAY_ENOMEM;
	}
	for (int k = 0, ns = 0; k < m->nl; k++) {
		const struct line *l = alias_line_at(m, k);
		if (skip[k])
			continue;
		int v, len = tl_alias_name(l, &v), at;
		while (len && (at = next_alias(l, v))) {
			struct line *a = &m->split[ns++], *b = &m->split[ns++];
			*a = (struct line){ l->s, at, l->no };
			*b = (struct line){ l->s + at, l->n - at, l->no };
			add_alias(m, a, v, len);
			l = b;
			len = tl_alias_name(l, &v);
		}
		if (len) {
			add_alias(m, l, v, len);
			continue;
		}
		int i = 0;
		while (i < l->n && isspace((unsigned char)l->s[i]))
			i++;
		if (!m->modline && starts(l->s + i, l->n - i, "module attributes"))
			m->modline = l;
	}
	free(skip);
	return 0;
}

/* The module's layout alias lines (not locations) and its module line,
 * which the ttgir notation reads before each op's value; both kinds of
 * alias are found by name through their sorted indices. */
int tl_module_header(struct module *m)
{
	int rc = module_lines(m);
	if (rc)
		return rc;
	m->al_ix = name_order(m->al, m->nal);
	m->loc_ix = name_order(m->locs, m->nlocs);
	return m->al_ix && m->loc_ix ? 0 : LAY_ENOMEM;
}

/* Lines that continue the op of line k (Triton breaks long ops before
 * their types): one text of them all, owned by the caller, in *out;
 * NULL when the next line starts something else. */
char *tl_continuation(const struct module *m, int k, struct line *out)
{
	size_t n = (size_t)m->l[k].n + 1;
	int last = k;
	for (int j = k + 1; j < m->nl && j <= k + 8; j++) {
		const char *s = m->l[j].s, *e = s + m->l[j].n;
		while (s < e && isspace((unsigned char)*s))
			s++;
		if (s == e || !(strchr(":-!(", *s) || starts(s, (int)(e - s), "tensor<") ||
				starts(s, (int)(e - s), "loc(")))
			break;
		n += (size_t)m->l[j].n + 1;
		last = j;
	}
	if (last == k)
		return NULL;
	char *t = malloc(n), *w = t;
	if (!t)
		return NULL;
	for (int j = k; j <= last; j++)
		w += sprintf(w, "%s%.*s", j > k ? " " : "", m->l[j].n, m->l[j].s);
	*out = (struct line){ t, (int)(w - t), m->l[k].no };
	return t;
}

/* s (rest bytes) names a dotted MLIR op at i: `dialect.op` */
static bool dotted_at(const char *s, int rest, int i)
{
	int d = i;
	while (i < rest && (isalnum((unsigned char)s[i]) || s[i] == '_'))
		i++;
	if (i == d || i >= rest || s[i] != '.')
		return false;
	return i + 1 < rest && isalpha((unsigned char)s[i + 1]);
}

/* An MLIR line outside a `module`: Triton's TTIR tests write functions at
 * the top (`tt.func @f`), ops (`%x = tt.load ...`) and attribute aliases
 * (`#blocked = #ttg.blocked<...>`); a README has none of them. */
static bool ir_line(const char *s, int rest)
{
	if (rest > 0 && (s[0] == '%' || s[0] == '#')) {
		int i = 1;
		while (i < rest && (isalnum((unsigned char)s[i]) || strchr("_$.-:#", s[i])))
			i++;
		while (i < rest && s[i] == ' ')
			i++;
		if (i >= rest || s[i] != '=')
			return false;
		i++;
		while (i < rest && s[i] == ' ')
			i++;
		if (s[0] == '#')
			return i < rest && s[i] == '#' && dotted_at(s, rest, i + 1);
		return dotted_at(s, rest, i) || (i < rest && s[i] == '"');
	}
	return starts(s, rest, "tt.func ") || starts(s, rest, "func.func ") ||
	       starts(s, rest, "llvm.func ");
}

/* A piece of the text between "// -----" lines is a TTGIR module when it
 * has a module line, an op lint checks, or other MLIR (a function, an op,
 * an attribute alias) (a fragment of one pasted);
 * blank and comment pieces (a split at the end, two in a row) are none. */
bool tl_is_module(const struct line *l, long n)
{
	for (long k = 0; k < n; k++) {
		int i = 0, col;
		while (i < l[k].n && isspace((unsigned char)l[k].s[i]))
			i++;
		const char *s = l[k].s + i;
		int rest = l[k].n - i;
		if ((starts(s, rest, "module") && (rest == 6 || strchr(" {@", s[6]))) ||
		    starts(s, rest, "\"builtin.module\"") ||
		    (!tl_comment(&l[k]) && (tl_line_op(&l[k], &col) || ir_line(s, rest))))
			return true;
	}
	return false;
}

/* ------------------------------------------------------------------ */
/* An op's types                                                       */

static bool memdesc_at(const char *p, const char *end)
{
	static const char *const spell[] = { "!ttg.memdesc<", "!triton_gpu.memdesc<",
					     "!tt.memdesc<" };
	for (size_t k = 0; k < sizeof spell / sizeof spell[0]; k++) {
		size_t n = strlen(spell[k]);
		if ((size_t)(end - p) >= n && strncmp(p, spell[k], n) == 0)
			return true;
	}
	return false;
}

/* A memdesc type as older Triton printed it in an op's custom format, its
 * dialect and name left out ("... : <i8, 0>, <1xi64, #shared1, #smem,
 * mutable> -> <256x64xf16, #shared, #smem, mutable>"): a '<' after ':',
 * ',' or "->", then a shape and an encoding. */
static bool bare_memdesc(const struct line *l, const char *p)
{
	const char *b = p, *end = l->s + l->n;
	if (*p != '<' || p + 1 >= end || !isdigit((unsigned char)p[1]))
		return false;
	while (b > l->s && b[-1] == ' ')
		b--;
	if (b == p || b == l->s ||
	    !(b[-1] == ':' || b[-1] == ',' || (b[-1] == '>' && b - 1 > l->s && b[-2] == '-')))
		return false;
	for (const char *q = p + 1; q < end && *q != '>' && *q != '<'; q++)
		if (*q == '#')
			return true;
	return false;
}

void tl_op_types(const struct line *l, int from, struct optypes *ty)
{
	ty->n = 0;
	const char *end = l->s + l->n;
	for (const char *p = l->s + from; p < end && ty->n < 8; p++) {
		bool md = (*p == '!' && memdesc_at(p, end)) || bare_memdesc(l, p);
		bool tn = end - p >= 7 && strncmp(p, "tensor<", 7) == 0 &&
			  (p == l->s || !isalnum((unsigned char)p[-1]));
		if (end - p >= 4 && strncmp(p, "loc(", 4) == 0)
			break;
		if (!md && !tn)
			continue;
		const char *q = strchr(p, '<');
		int depth = 0;
		for (; q < end; q++) {
			if (*q == '<')
				depth++;
			else if (*q == '>' && q[-1] != '-' && --depth == 0)
				break;
		}
		if (q >= end)
			break;
		ty->t[ty->n].s = p;
		ty->t[ty->n].len = (int)(q + 1 - p);
		ty->t[ty->n].memdesc = md;
		ty->n++;
		p = q;
	}
}

const char *tl_type_of(const struct optypes *ty, bool memdesc, int nth, int *len)
{
	for (int k = 0; k < ty->n; k++)
		if (ty->t[k].memdesc == memdesc && nth-- == 0) {
			*len = ty->t[k].len;
			return ty->t[k].s;
		}
	return NULL;
}

/* Mark the layout aliases text[0..n) refers to ("#name"), and theirs. */
void tl_mark(const struct module *m, const char *text, int n, bool *use, int depth)
{
	if (depth > 64)
		return;
	for (int i = 0; i < n; i++) {
		if (text[i] != '#')
			continue;
		int e = i + 1;
		while (e < n && (isalnum((unsigned char)text[e]) || strchr("_.$-", text[e])))
			e++;
		int len = e - i - 1;
		for (int j = tl_alias_lower(m->al, m->al_ix, m->nal, text + i + 1, len);
		     j < m->nal && tl_name_cmp(&m->al[m->al_ix[j]], text + i + 1, len) == 0; j++) {
			int k = m->al_ix[j];
			if (!use[k]) {
				use[k] = true;
				tl_mark(m, m->al[k].line->s, m->al[k].line->n, use, depth + 1);
			}
		}
		i = e - 1;
	}
}

/* {"ttgir": <the aliases TYPE needs, the module line> "%v = x : TYPE"}:
 * only the aliases the type reaches, so a module of many layouts costs
 * each op no more than its own. */
json_t *tl_side2(const struct module *m, const char *type, int len, const char *type2, int len2)
{
	bool *use = calloc((size_t)m->nal + 1, sizeof *use);
	size_t n = (size_t)len + (size_t)len2 + 48; /* two "!ttg.memdesc" too */
	if (!use)
		return NULL;
	tl_mark(m, type, len, use, 0);
	if (type2)
		tl_mark(m, type2, len2, use, 0);
	for (int k = 0; k < m->nal; k++)
		if (use[k])
			n += (size_t)m->al[k].line->n + 1;
	if (m->modline)
		n += (size_t)m->modline->n + 1;
	char *t = malloc(n), *w = t;
	if (!t) {
		free(use);
		return NULL;
	}
	for (int k = 0; k < m->nal; k++)
		if (use[k])
			w += sprintf(w, "%.*s\n", m->al[k].line->n, m->al[k].line->s);
	if (m->modline)
		w += sprintf(w, "%.*s\n", m->modline->n, m->modline->s);
	/* a memdesc printed bare (bare_memdesc) read as the type it is */
	w += sprintf(w, "%%v = x : %s%.*s", *type == '<' ? "!ttg.memdesc" : "", len, type);
	if (type2)
		sprintf(w, " -> %s%.*s", *type2 == '<' ? "!ttg.memdesc" : "", len2, type2);
	json_t *d = json_pack("{s:s}", "ttgir", t);
	free(t);
	free(use);
	return d;
}

json_t *tl_side(const struct module *m, const char *type, int len)
{
	return tl_side2(m, type, len, NULL, 0);
}
