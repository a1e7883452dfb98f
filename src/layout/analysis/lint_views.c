/*
 * lint_views.c - a memdesc view read with its allocation.
 *
 * Triton reads a view (memdesc_subslice, memdesc_index, the older
 * memdesc_subview) through its allocation: the memdesc type carries the
 * allocation's shape after its encodings ("!ttg.memdesc<64x16xf16, #shared,
 * #smem, mutable, 64x64>"), toLinearLayout(MemDescType) lays the encoding
 * out on that shape (take_back(rank)), and the lowering adds the view's
 * offsets to the coordinates it reads (MemDescSubsliceOpConversion
 * accumulates them; MemDescIndexOpConversion keeps the trailing ones).  So
 * an access through a view is the allocation's layout at the view's offsets
 * plus the view's coordinates: the offsets are read here, back along the
 * chain of views to a value whose type is not itself a view.  A
 * memdesc_trans permutes the offsets (MemDescTransOpConversion:
 * applyPermutation(offsets, order), its allocation shape permuted alike);
 * a memdesc_reshape is never a view (its allocation shape ends in its own
 * shape, and Triton refuses one of a memdesc_subslice), so a chain that
 * reaches one through a view is not followed.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/lint_views.h"

/* Dimensions "AxBx...": up to max of them from p (before end); their
 * count, 0 when p holds none, *after where they stop. */
static int dims_at(const char *p, const char *end, long long *d, int max, const char **after)
{
	int n = 0;
	while (p < end && n < max && isdigit((unsigned char)*p)) {
		char *q;
		d[n++] = strtoll(p, &q, 10);
		p = q;
		if (p < end && *p == 'x' && p + 1 < end && isdigit((unsigned char)p[1]))
			p++;
		else
			break;
	}
	*after = p;
	return n;
}

int lint_view_shape(const char *md, int ml, long long *shape, long long *alloc)
{
	const char *lt = memchr(md, '<', (size_t)ml), *end = md + ml - 1, *after;
	if (!lt)
		return 0;
	int rank = dims_at(lt + 1, end, shape, LINT_VIEW_RANK, &after);
	if (rank == 0 || after >= end || *after != 'x')
		return 0; /* no element type after the shape */
	/* the allocation's shape: the last member, nothing but dimensions */
	const char *c = end;
	while (c > lt && *c != ',')
		c--;
	if (*c != ',')
		return 0;
	for (c++; c < end && *c == ' '; c++)
		;
	long long a[LINT_VIEW_RANK + 2];
	int na = dims_at(c, end, a, LINT_VIEW_RANK + 2, &after);
	while (after < end && *after == ' ')
		after++;
	if (na < rank || after != end)
		return 0;
	bool same = true;
	for (int d = 0; d < rank; d++) {
		alloc[d] = a[na - rank + d];
		same = same && alloc[d] == shape[d];
	}
	return same ? 0 : rank;
}

/* The n-th "%name" at or after p (before end): its length, 0 if none. */
static int ssa_name(const char *p, const char *end, int nth, const char **name)
{
	for (; p < end; p++) {
		if (*p != '%')
			continue;
		const char *e = p + 1;
		while (e < end && (isalnum((unsigned char)*e) || *e == '_' || *e == '#'))
			e++;
		if (nth-- == 0) {
			*name = p;
			return (int)(e - p);
		}
		p = e - 1;
	}
	return 0;
}

/* The line defining "%name = ..." (its op after the '=') nearest before
 * line `before` in its function (SSA names repeat across functions and
 * regions; a value is defined before its uses), or NULL. */
static const struct line *def_line(const struct module *m, int before, const char *name, int n,
				   const char **rhs)
{
	for (int k = before - 1; k >= 0; k--) {
		const char *s = m->l[k].s, *end = s + m->l[k].n;
		while (s < end && *s == ' ')
			s++;
		if (end - s > 8 &&
		    (strncmp(s, "tt.func ", 8) == 0 || strncmp(s, "func.func ", 10) == 0))
			return NULL; /* a function's argument */
		if (end - s < n + 3 || strncmp(s, name, (size_t)n) != 0 || s[n] != ' ' ||
		    s[n + 1] != '=')
			continue;
		*rhs = s + n + 2;
		while (*rhs < end && **rhs == ' ')
			(*rhs)++;
		return &m->l[k];
	}
	return NULL;
}

/* The index of line l in the module (l may be a joined copy). */
static int line_index(const struct module *m, const struct line *l)
{
	for (int k = 0; k < m->nl; k++)
		if (m->l[k].no == l->no)
			return k;
	return m->nl;
}

/* The integer an operand names: a literal, or "%c = arith.constant N". */
static bool int_value(const struct module *m, int before, const char *p, const char *end,
		      long long *v)
{
	while (p < end && *p == ' ')
		p++;
	if (p < end && (isdigit((unsigned char)*p) || *p == '-')) {
		*v = strtoll(p, NULL, 10);
		return true;
	}
	const char *name, *rhs;
	int n = ssa_name(p, end, 0, &name);
	const struct line *l = n && name == p ? def_line(m, before, name, n, &rhs) : NULL;
	if (!l || strncmp(rhs, "arith.constant ", 15) != 0)
		return false;
	p = rhs + 15;
	if (!isdigit((unsigned char)*p) && *p != '-')
		return false;
	*v = strtoll(p, NULL, 10);
	return true;
}

/* A view op's "[o0, o1, ...]" offsets after its source, its trailing
 * `rank` entries added to origin (entry d to origin[perm[d]]); false when
 * one is not a constant. */
static bool add_offsets(const struct module *m, int before, const char *p, const char *end,
			int rank, const int *perm, long long *origin)
{
	const char *lb = memchr(p, '[', (size_t)(end - p)), *rb;
	if (!lb || !(rb = memchr(lb, ']', (size_t)(end - lb))))
		return false;
	long long v[LINT_VIEW_RANK + 2];
	int n = 0;
	for (const char *s = lb + 1; s < rb && n < LINT_VIEW_RANK + 2;) {
		const char *c = memchr(s, ',', (size_t)(rb - s));
		if (!c)
			c = rb;
		if (!int_value(m, before, s, c, &v[n++]))
			return false;
		s = c + 1;
	}
	if (n < rank)
		return false;
	for (int d = 0; d < rank; d++)
		origin[perm[d]] += v[n - rank + d];
	return true;
}

/* A memdesc_trans's "order = array<i32: 1, 0>" (or "[1, 0]") on the view
 * dimensions: result dimension i is source dimension order[i], so the
 * source's dimension order[i] is the one perm gave result dimension i.
 * False when its order is not a permutation of `rank` dimensions. */
static bool trans_perm(const char *p, const char *end, int rank, int *perm)
{
	const char *o = p;
	while (o + 8 <= end && strncmp(o, "order = ", 8) != 0)
		o++;
	if (o + 8 > end)
		return false;
	int order[LINT_VIEW_RANK], n = 0, was[LINT_VIEW_RANK], seen = 0;
	o += 8;
	if (end - o > 6 && strncmp(o, "array<", 6) == 0) /* past "array<i32:" */
		while (o < end && *o != ':')
			o++;
	for (; o < end && *o != ']' && *o != '>' && n <= rank;) {
		if (isdigit((unsigned char)*o)) {
			char *e;
			long long v = strtoll(o, &e, 10);
			o = e;
			if (n == rank || v < 0 || v >= rank || (seen >> v & 1))
				return false;
			seen |= 1 << v;
			order[n++] = (int)v;
		} else {
			o++;
		}
	}
	if (n != rank)
		return false;
	memcpy(was, perm, sizeof *perm * (size_t)rank);
	for (int i = 0; i < rank; i++)
		perm[order[i]] = was[i];
	return true;
}

/* The first memdesc type of a line (a view op's source), or NULL. */
static const char *src_type(const char *p, const char *end, int *len)
{
	static const char *const spell[] = { "!ttg.memdesc<", "!triton_gpu.memdesc<",
					     "!tt.memdesc<" };
	for (; p < end; p++)
		for (size_t k = 0; k < 3; k++) {
			size_t n = strlen(spell[k]);
			if ((size_t)(end - p) < n || strncmp(p, spell[k], n) != 0)
				continue;
			int depth = 0;
			for (const char *q = p; q < end; q++)
				if (*q == '<')
					depth++;
				else if (*q == '>' && q[-1] != '-' && --depth == 0) {
					*len = (int)(q + 1 - p);
					return p;
				}
			return NULL;
		}
	return NULL;
}

int lint_view_origin(const struct module *m, const struct line *l, int col, const char *op,
		     int rank, long long *origin)
{
	const char *p = l->s + col + strlen(op), *end = l->s + l->n, *name;
	int n = ssa_name(p, end, strstr(op, "local_store") ? 1 : 0, &name);
	int perm[LINT_VIEW_RANK]; /* the current view's dimension d is the op's perm[d] */
	for (int d = 0; d < rank; d++)
		origin[d] = 0, perm[d] = d;
	int at = line_index(m, l);
	for (int step = 0; n && step < 64; step++) {
		const char *rhs;
		const struct line *dl = def_line(m, at, name, n, &rhs);
		if (!dl)
			return 0; /* a block argument: of which view, unseen */
		const char *dend = dl->s + dl->n;
		bool sub = strncmp(rhs, "ttg.memdesc_subslice", 20) == 0 ||
			   strncmp(rhs, "ttg.memdesc_subview", 19) == 0 ||
			   strncmp(rhs, "triton_gpu.memdesc_subview", 26) == 0;
		bool idx = strncmp(rhs, "ttg.memdesc_index", 17) == 0;
		bool tr = strncmp(rhs, "ttg.memdesc_trans", 17) == 0 ||
			  strncmp(rhs, "triton_gpu.memdesc_trans", 24) == 0;
		if (!sub && !idx && !tr)
			return 0; /* a view made by an op not followed */
		const char *src;
		int sn = ssa_name(strchr(rhs, ' '), dend, 0, &src);
		at = (int)(dl - m->l);
		if (!sn || (sub && !add_offsets(m, at, src + sn, dend, rank, perm, origin)) ||
		    (tr && !trans_perm(src + sn, dend, rank, perm)))
			return 0;
		int tl = 0;
		const char *t = src_type(src + sn, dend, &tl);
		long long s[LINT_VIEW_RANK], a[LINT_VIEW_RANK];
		if (!t)
			return 0;
		if (!lint_view_shape(t, tl, s, a))
			return 1; /* the chain reached a whole allocation */
		name = src;
		n = sn;
	}
	return 0;
}

void lint_view_read(const struct module *m, const struct line *l, int col, const char *op,
		    const char *md, int ml, struct lint_view *v)
{
	long long shape[LINT_VIEW_RANK];
	v->known = false;
	v->rank = md ? lint_view_shape(md, ml, shape, v->alloc) : 0;
	if (v->rank)
		v->known = lint_view_origin(m, l, col, op, v->rank, v->origin) == 1;
}

void lint_view_op(const struct module *m, const struct line *l, int col, const char *op,
		  const struct optypes *ty, struct lint_view *v, const char *base, char *kind,
		  size_t n)
{
	snprintf(kind, n, "%s", base);
	if (!ty)
		return;
	int vl = 0;
	const char *md = tl_type_of(ty, true, 0, &vl);
	lint_view_read(m, l, col, op, md, vl, v);
	for (int d = 0; d < v->rank; d++) {
		size_t at = strlen(kind);
		snprintf(kind + at, n - at, "@%lld", v->known ? v->origin[d] : -1);
	}
}

json_t *lint_view_json(const struct lint_view *v)
{
	json_t *a = json_array(), *o = v->known ? json_array() : json_null();
	for (int d = 0; d < v->rank; d++) {
		json_array_append_new(a, json_integer(v->alloc[d]));
		if (v->known)
			json_array_append_new(o, json_integer(v->origin[d]));
	}
	return json_pack("{s:o,s:o}", "allocation", a, "offsets", o);
}
