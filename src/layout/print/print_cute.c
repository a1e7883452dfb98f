/*
 * print_cute.c - the pictures CuTe itself prints of a layout: print_layout's
 * table (cute/util/print_tensor.hpp) and print_latex's TikZ document
 * (cute/util/print_latex.hpp), byte for byte, from the layout's cute text.
 *
 * The header line is cute::print of the layout, so the text is read into
 * its own small tree that remembers which integers are static (`_8`,
 * `Int<8>`, every integer of a C++ `Layout<Shape<...>, Stride<...>>` type)
 * and which are dynamic (a plain `8`): print writes them back as CuTe
 * would.  A swizzled composition `Sw<B,M,S> o OFF o LAYOUT` prints its
 * three parts joined by " o ".  The cells are layout(m, n) computed here:
 * mode 0 and mode 1 decomposed colexicographically over their leaves.
 * No I/O: the text is returned, the caller writes it.
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "layout.h"
#include "notation/notation.h"
#include "notation/scan.h"
#include "print/print.h"

/* Nodes of one tuple tree; leaves are capped like the engine's iterators. */
#define PC_MAX_NODES 512
/* The biggest table print_layout is asked for: 2^20 cells (a 1024 x 1024
 * tile already prints 7 MB of text). */
#define PC_MAX_CELLS (1L << 20)
/* The largest integer of a picture's text: 2^40 (a picture's offsets are
 * far below it; products of two stay within 64 bits). */
#define PC_MAX_INT (INT64_C(1) << 40)

struct pc_node {
	bool leaf, is_static;
	int64_t val;
	int nkids, kid, next;
};

struct pc {
	const char *s;
	int pos;
	const char *ptr;
	struct lay_error *err;
	struct pc_node n[PC_MAX_NODES];
	int nn;
	bool cxx; /* inside a C++ type: every integer is static */
};

static int pc_err(struct pc *p, int pos, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
static int pc_err(struct pc *p, int pos, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	lay_text_verror(p->err, LAY_ESYNTAX, p->ptr, p->s, pos, fmt, ap);
	va_end(ap);
	return LAY_ESYNTAX;
}

static void ws(struct pc *p)
{
	if (lay_cxx_skip(p->s, &p->pos) != 0)
		p->pos += (int)strlen(p->s + p->pos);
}

/* Consume word (followed by a non-identifier character) if it is next. */
static bool word(struct pc *p, const char *w)
{
	ws(p);
	if (strncmp(p->s + p->pos, "cute::", 6) == 0 && strncmp(w, "cute::", 6) != 0) {
		int save = p->pos;
		p->pos += 6;
		if (word(p, w))
			return true;
		p->pos = save;
		return false;
	}
	size_t l = strlen(w);
	if (strncmp(p->s + p->pos, w, l) != 0)
		return false;
	char c = p->s[p->pos + l];
	if (isalnum((unsigned char)w[l - 1]) && (isalnum((unsigned char)c) || c == '_'))
		return false;
	p->pos += (int)l;
	return true;
}

static bool punct(struct pc *p, char c)
{
	ws(p);
	if (p->s[p->pos] != c)
		return false;
	p->pos++;
	return true;
}

static int need(struct pc *p, char c)
{
	if (punct(p, c))
		return 0;
	return pc_err(p, p->pos, "expected '%c'", c);
}

static int number(struct pc *p, int64_t *v)
{
	ws(p);
	int start = p->pos;
	bool neg = p->s[p->pos] == '-';
	if (neg)
		p->pos++;
	if (!isdigit((unsigned char)p->s[p->pos]))
		return pc_err(p, start, "expected an integer");
	struct lay_scan sc;
	lay_scan_init(&sc, p->s, p->ptr, p->err, LAY_SCAN_CXX);
	sc.pos = p->pos;
	int rc = lay_scan_int(&sc, start, neg, -PC_MAX_INT, PC_MAX_INT, "the integer of a picture",
			      LAY_ESYNTAX, v);
	p->pos = sc.pos;
	return rc;
}

static int new_node(struct pc *p, bool leaf, int *out)
{
	if (p->nn >= PC_MAX_NODES)
		return pc_err(p, p->pos, "more than %d modes", PC_MAX_NODES);
	p->n[p->nn] = (struct pc_node){ .leaf = leaf, .kid = -1, .next = -1 };
	*out = p->nn++;
	return 0;
}

static int item(struct pc *p, int *out, int depth);

/* The members of a tuple up to close, linked under node t. */
static int members(struct pc *p, int t, char close, int depth)
{
	int last = -1, k, rc;
	if (punct(p, close))
		return pc_err(p, p->pos - 1, "an empty tuple has no picture");
	do {
		if ((rc = item(p, &k, depth + 1)))
			return rc;
		if (last < 0)
			p->n[t].kid = k;
		else
			p->n[last].next = k;
		last = k;
		p->n[t].nkids++;
	} while (punct(p, ','));
	return need(p, close);
}

/* One mode: an integer (N, _N, Int<N>, C<N>, a C++ type's N) or a tuple
 * ((…), Shape<…>, Stride<…>, make_shape(…)). */
static int item(struct pc *p, int *out, int depth)
{
	int rc;
	if (depth > 32)
		return pc_err(p, p->pos, "tuples nested deeper than 32");
	ws(p);
	int at = p->pos;
	bool cxx = p->cxx;
	if (word(p, "Shape<") || word(p, "Stride<") || word(p, "tuple<") ||
	    word(p, "cute::tuple<")) {
		if ((rc = new_node(p, false, out)))
			return rc;
		p->cxx = true;
		rc = members(p, *out, '>', depth);
		p->cxx = cxx;
		return rc;
	}
	if (punct(p, '(')) {
		if ((rc = new_node(p, false, out)))
			return rc;
		return members(p, *out, ')', depth);
	}
	if ((rc = new_node(p, true, out)))
		return rc;
	struct pc_node *nd = &p->n[*out];
	if (word(p, "Int<") || word(p, "C<")) {
		nd->is_static = true;
		if ((rc = number(p, &nd->val)))
			return rc;
		return need(p, '>');
	}
	if (p->s[p->pos] == '_' &&
	    (isdigit((unsigned char)p->s[p->pos + 1]) ||
	     (p->s[p->pos + 1] == '-' && isdigit((unsigned char)p->s[p->pos + 2])))) {
		p->pos++;
		nd->is_static = true;
		return number(p, &nd->val);
	}
	if (isdigit((unsigned char)p->s[p->pos]) || p->s[p->pos] == '-') {
		nd->is_static = cxx;
		return number(p, &nd->val);
	}
	return pc_err(p, at, "expected a mode: an integer, _N, Int<N> or a tuple");
}

/* Shape and stride must be congruent: the same tree. */
static bool congruent(const struct pc *p, int a, int b)
{
	if (p->n[a].leaf || p->n[b].leaf)
		return p->n[a].leaf && p->n[b].leaf;
	if (p->n[a].nkids != p->n[b].nkids)
		return false;
	for (int x = p->n[a].kid, y = p->n[b].kid; x >= 0; x = p->n[x].next, y = p->n[y].next)
		if (!congruent(p, x, y))
			return false;
	return true;
}

struct pc_layout {
	int shape, stride; /* nodes */
	bool swizzled;
	int B, M, S;
	int64_t offset;
	bool offset_static;
};

/* SHAPE:STRIDE or Layout<SHAPE, STRIDE> (Layout<SHAPE> alone is not read:
 * its compact stride is not what the user wrote). */
static int plain_layout(struct pc *p, struct pc_layout *l)
{
	int rc, at;
	ws(p);
	at = p->pos;
	if (word(p, "Layout<")) {
		bool cxx = p->cxx;
		p->cxx = true;
		if ((rc = item(p, &l->shape, 0)) || (rc = need(p, ',')) ||
		    (rc = item(p, &l->stride, 0)) || (rc = need(p, '>')))
			return rc;
		p->cxx = cxx;
		if (punct(p, '{'))
			punct(p, '}');
	} else {
		if ((rc = item(p, &l->shape, 0)) || (rc = need(p, ':')) ||
		    (rc = item(p, &l->stride, 0)))
			return rc;
	}
	if (!congruent(p, l->shape, l->stride))
		return pc_err(p, at, "the shape and the stride are not congruent");
	return 0;
}

static int swizzle_params(struct pc *p, struct pc_layout *l)
{
	int64_t b, m, s;
	int rc, at = p->pos;
	if ((rc = number(p, &b)) || (rc = need(p, ',')) || (rc = number(p, &m)) ||
	    (rc = need(p, ',')) || (rc = number(p, &s)) || (rc = need(p, '>')))
		return rc;
	if (b < 0 || m < 0 || b > 16 || m > 24 || s > 24 || s < -24 ||
	    (b > 0 && s != 0 && (s < 0 ? -s : s) < b))
		return pc_err(p, at, "Swizzle<%lld,%lld,%lld> is not a swizzle CuTe accepts",
			      (long long)b, (long long)m, (long long)s);
	l->swizzled = true;
	l->B = (int)b;
	l->M = (int)m;
	l->S = (int)s;
	if (punct(p, '{'))
		punct(p, '}');
	return 0;
}

/* pycute's str() of a Swizzle: SW_B_M_S (here after "SW_"). */
static bool pycute_swizzle(struct pc *p)
{
	ws(p);
	if (strncmp(p->s + p->pos, "SW_", 3) != 0 || !isdigit((unsigned char)p->s[p->pos + 3]))
		return false;
	p->pos += 2; /* at the '_' before B */
	return true;
}

static int pycute_params(struct pc *p, struct pc_layout *l)
{
	int64_t v[3];
	int at = p->pos;
	for (int k = 0; k < 3; k++) {
		if (p->s[p->pos] != '_')
			return pc_err(p, p->pos, "expected SW_B_M_S as pycute prints a swizzle");
		p->pos++;
		int rc = number(p, &v[k]);
		if (rc)
			return rc;
	}
	if (v[0] < 0 || v[1] < 0 || v[0] > 16 || v[1] > 24 || v[2] > 24 || v[2] < -24)
		return pc_err(p, at, "SW_%lld_%lld_%lld is not a swizzle CuTe accepts",
			      (long long)v[0], (long long)v[1], (long long)v[2]);
	l->swizzled = true;
	l->B = (int)v[0];
	l->M = (int)v[1];
	l->S = (int)v[2];
	return 0;
}

/* " o OFFSET o LAYOUT" after the swizzle of a composed layout. */
static int composed_rest(struct pc *p, struct pc_layout *l)
{
	int rc, off;
	if (!word(p, "o"))
		return pc_err(p, p->pos, "expected 'o' after the swizzle");
	if ((rc = item(p, &off, 0)))
		return rc;
	if (!p->n[off].leaf)
		return pc_err(p, p->pos, "the offset of a swizzled layout is one integer");
	l->offset = p->n[off].val;
	l->offset_static = p->n[off].is_static;
	if (!word(p, "o"))
		return pc_err(p, p->pos, "expected 'o' before the layout");
	return plain_layout(p, l);
}

static int parse_layout(struct pc *p, struct pc_layout *l)
{
	int rc;
	memset(l, 0, sizeof *l);
	ws(p);
	p->pos = lay_cute_label(p->s, p->pos); /* "LayoutC_TV: " as print(tiled_mma) writes */
	if (word(p, "composition(")) {
		if (!(word(p, "Swizzle<") || word(p, "Sw<")))
			return pc_err(p, p->pos,
				      "expected Swizzle<B,M,S>{} as composition's first argument");
		if ((rc = swizzle_params(p, l)) || (rc = need(p, ',')))
			return rc;
		l->offset_static = true;
		if ((rc = plain_layout(p, l)))
			return rc;
		rc = need(p, ')');
	} else if (word(p, "Sw<") || word(p, "Swizzle<")) {
		if ((rc = swizzle_params(p, l)))
			return rc;
		rc = composed_rest(p, l);
	} else if (pycute_swizzle(p)) {
		if ((rc = pycute_params(p, l)))
			return rc;
		rc = composed_rest(p, l);
	} else {
		rc = plain_layout(p, l);
	}
	if (rc)
		return rc;
	ws(p);
	/* print_layout's own grid below the layout (a picture pasted back) */
	if (p->s[p->pos] && !lay_cute_grid(p->s, p->pos))
		return pc_err(p, p->pos, "unexpected text after the layout");
	return 0;
}

/* ------------------------------------------------------------------ */
/* Output                                                              */

static void put_tree(const struct pc *p, int k, struct lay_buf *b)
{
	const struct pc_node *nd = &p->n[k];
	if (nd->leaf) {
		lay_buf_printf(b, "%s%lld", nd->is_static ? "_" : "", (long long)nd->val);
		return;
	}
	lay_buf_puts(b, "(");
	for (int x = nd->kid; x >= 0; x = p->n[x].next) {
		put_tree(p, x, b);
		if (p->n[x].next >= 0)
			lay_buf_puts(b, ",");
	}
	lay_buf_puts(b, ")");
}

/* Mode r of the layout as (leaf extents, leaf strides); n is the count. */
static int mode_leaves(const struct pc *p, int sh, int st, int64_t *ext, int64_t *str, int n)
{
	if (p->n[sh].leaf) {
		if (n >= LAYOUTD_MAX_ITERS)
			return n;
		ext[n] = p->n[sh].val;
		str[n] = p->n[st].val;
		return n + 1;
	}
	for (int x = p->n[sh].kid, y = p->n[st].kid; x >= 0; x = p->n[x].next, y = p->n[y].next)
		n = mode_leaves(p, x, y, ext, str, n);
	return n;
}

struct pc_mode {
	int n;
	int64_t size, ext[LAYOUTD_MAX_ITERS], str[LAYOUTD_MAX_ITERS];
};

/* The colex index c of a mode, as its offset. */
static int64_t mode_at(const struct pc_mode *m, int64_t c)
{
	int64_t off = 0;
	for (int k = 0; k < m->n; k++) {
		off += (c % m->ext[k]) * m->str[k];
		c /= m->ext[k];
	}
	return off;
}

static int64_t swz(const struct pc_layout *l, int64_t x)
{
	if (!l->swizzled)
		return x;
	x += l->offset;
	int sh = l->M + (l->S > 0 ? l->S : 0);
	int64_t yyy = (((int64_t)1 << l->B) - 1) << sh;
	int64_t y = x & yyy;
	return x ^ (l->S >= 0 ? y >> l->S : y << -l->S);
}

static int num_digits(int64_t x)
{
	int d = 1;
	for (int64_t t = 10; d < 10 && x >= t; t *= 10)
		d++;
	return d;
}

static void rule(struct lay_buf *b, int64_t cols, int w)
{
	lay_buf_puts(b, "    ");
	for (int64_t n = 0; n < cols; n++) {
		lay_buf_puts(b, "+");
		for (int i = 0; i < w; i++)
			lay_buf_puts(b, "-");
	}
	lay_buf_puts(b, "+\n");
}

static void put_header(const struct pc *p, const struct pc_layout *l, struct lay_buf *b,
		       bool append)
{
	if (l->swizzled)
		lay_buf_printf(b, "Sw<%d,%d,%d> o %s%lld o ", l->B, l->M, l->S,
			       l->offset_static ? "_" : "", (long long)l->offset);
	if (!append) {
		put_tree(p, l->shape, b);
		lay_buf_puts(b, ":");
		put_tree(p, l->stride, b);
		return;
	}
	/* append<2>(layout, Layout<_1,_0>{}): a rank-1 layout gains a mode */
	int sh = l->shape, st = l->stride;
	bool tuple = !p->n[sh].leaf;
	lay_buf_puts(b, "(");
	if (tuple)
		put_tree(p, p->n[sh].kid, b);
	else
		put_tree(p, sh, b);
	lay_buf_puts(b, ",_1):(");
	if (tuple)
		put_tree(p, p->n[st].kid, b);
	else
		put_tree(p, st, b);
	lay_buf_puts(b, ",_0)");
}

static void put_table(const struct pc *p, const struct pc_layout *l, const struct pc_mode *m0,
		      const struct pc_mode *m1, int64_t cosize, struct lay_buf *b)
{
	int w = num_digits(cosize) + 2;
	put_header(p, l, b, false);
	lay_buf_puts(b, "\n    ");
	for (int64_t n = 0; n < m1->size; n++)
		lay_buf_printf(b, "  %*lld ", w - 2, (long long)n);
	lay_buf_puts(b, "\n");
	for (int64_t m = 0; m < m0->size; m++) {
		rule(b, m1->size, w);
		lay_buf_printf(b, "%2lld  ", (long long)m);
		for (int64_t n = 0; n < m1->size; n++)
			lay_buf_printf(b, "| %*d ", w - 2,
				       (int)swz(l, mode_at(m0, m) + mode_at(m1, n)));
		lay_buf_puts(b, "|\n");
	}
	rule(b, m1->size, w);
}

static void put_latex(const struct pc *p, const struct pc_layout *l, const struct pc_mode *m0,
		      const struct pc_mode *m1, bool append, struct lay_buf *b)
{
	static const char *const grey[8] = { "black!00", "black!40", "black!20", "black!60",
					     "black!10", "black!50", "black!30", "black!70" };
	lay_buf_puts(b, "% Layout: ");
	put_header(p, l, b, append);
	lay_buf_puts(b, "\n\\documentclass[convert]{standalone}\n"
			"\\usepackage{tikz}\n\n"
			"\\begin{document}\n"
			"\\begin{tikzpicture}[x={(0cm,-1cm)},y={(1cm,0cm)},every node/.style="
			"{minimum size=1cm, outer sep=0pt}]\n\n");
	for (int64_t m = 0; m < m0->size; m++)
		for (int64_t n = 0; n < m1->size; n++) {
			int idx = (int)swz(l, mode_at(m0, m) + mode_at(m1, n));
			/* idx % 8 as C++ computes it: negative indices pick 0 */
			int c = idx % 8;
			lay_buf_printf(b, "\\node[fill=%s] at (%lld,%lld) {%d};\n",
				       c >= 0 ? grey[c] : grey[0], (long long)m, (long long)n, idx);
		}
	lay_buf_printf(b,
		       "\\draw[color=black,thick,shift={(-0.5,-0.5)}] (0,0) grid (%lld,%lld);\n\n",
		       (long long)m0->size, (long long)m1->size);
	for (int64_t m = 0; m < m0->size; m++)
		lay_buf_printf(b, "\\node at (%lld,-1) {\\Large{\\texttt{%lld}}};\n", (long long)m,
			       (long long)m);
	for (int64_t n = 0; n < m1->size; n++)
		lay_buf_printf(b, "\\node at (-1,%lld) {\\Large{\\texttt{%lld}}};\n", (long long)n,
			       (long long)n);
	lay_buf_puts(b, "\\end{tikzpicture}\n\\end{document}\n");
}

static int fill_mode(struct pc *p, int sh, int st, struct pc_mode *m)
{
	m->n = mode_leaves(p, sh, st, m->ext, m->str, 0);
	if (m->n >= LAYOUTD_MAX_ITERS)
		return pc_err(p, 0, "more than %d modes", LAYOUTD_MAX_ITERS - 1);
	m->size = 1;
	for (int k = 0; k < m->n; k++) {
		if (m->ext[k] <= 0)
			return pc_err(p, 0, "a mode of extent %lld has no picture",
				      (long long)m->ext[k]);
		m->size *= m->ext[k];
		if (m->size > PC_MAX_CELLS)
			return lay_error_set(p->err, LAY_ELIMIT, p->ptr, -1,
					     "the picture would have more than %ld cells",
					     PC_MAX_CELLS);
	}
	return 0;
}

/* A parse state of text with its layout read into l; NULL with err set. */
static struct pc *pc_open(const char *text, const char *ptr, struct pc_layout *l,
			  struct lay_error *err)
{
	struct pc *p = calloc(1, sizeof *p);
	if (!p) {
		lay_error_set(err, LAY_ENOMEM, ptr, -1, "out of memory");
		return NULL;
	}
	p->s = text;
	p->ptr = ptr;
	p->err = err;
	if (parse_layout(p, l)) {
		free(p);
		return NULL;
	}
	return p;
}

char *lay_print_cute(const char *text, const char *ptr, bool latex, struct lay_error *err)
{
	struct lay_buf b = { 0 };
	struct pc_layout l;
	struct pc_mode m0 = { 0 }, m1 = { 0 };
	char *out = NULL;
	struct pc *p = pc_open(text, ptr, &l, err);
	if (!p)
		return NULL;
	int sh = l.shape, st = l.stride;
	int rank = p->n[sh].leaf ? 1 : p->n[sh].nkids;
	if (rank != 2 && !(latex && rank == 1)) {
		lay_text_error(err, LAY_ESHAPE, ptr, text, 0,
			       "%s draws rank-%s layouts; this one has rank %d (its shape has %d "
			       "top-level modes)",
			       latex ? "print_latex" : "print_layout", latex ? "1 and rank-2" : "2",
			       rank, rank);
		goto out;
	}
	if (rank == 2) {
		int s1 = p->n[sh].kid, t1 = p->n[st].kid;
		if (fill_mode(p, s1, t1, &m0) || fill_mode(p, p->n[s1].next, p->n[t1].next, &m1))
			goto out;
	} else {
		if (fill_mode(p, p->n[sh].leaf ? sh : p->n[sh].kid,
			      p->n[st].leaf ? st : p->n[st].kid, &m0))
			goto out;
		m1 = (struct pc_mode){ .n = 1, .size = 1, .ext = { 1 }, .str = { 0 } };
	}
	if (m0.size * m1.size > PC_MAX_CELLS) {
		lay_error_set(err, LAY_ELIMIT, ptr, -1,
			      "the picture would have more than %ld cells", PC_MAX_CELLS);
		goto out;
	}
	/* cosize = layout(size - 1) + 1 of the unswizzled layout, as CuTe has it */
	int64_t cosize = mode_at(&m0, m0.size - 1) + mode_at(&m1, m1.size - 1) + 1;
	if (latex)
		put_latex(p, &l, &m0, &m1, rank == 1, &b);
	else
		put_table(p, &l, &m0, &m1, cosize, &b);
	if (b.failed) {
		lay_error_set(err, LAY_ENOMEM, ptr, -1, "out of memory");
		goto out;
	}
	out = b.data;
	b.data = NULL;
out:
	free(b.data);
	free(p);
	return out;
}

/* ------------------------------------------------------------------ */
/* Thread-value layouts                                                */

/* An integer as CuTe prints it: _N when static. */
static void put_int(struct lay_buf *b, int64_t v, bool is_static)
{
	lay_buf_printf(b, "%s%lld", is_static ? "_" : "", (long long)v);
}

/* CuTe's composition of the tile's identity layout (M,N):(_1@0,_1@1), M
 * static, with one leaf s:d of a TV layout (composition_impl's general
 * case, layout.hpp), written as CuTe prints the result: the leaf's extent
 * taken from the tile's rows at stride d, the rest from its columns.  A
 * mode of static extent 1 is dropped only when CuTe knows it statically,
 * so a dynamic leaf keeps both modes. */
static int tv_leaf(struct pc *p, const struct pc_node *sn, const struct pc_node *dn, int64_t M,
		   struct lay_buf *sh, struct lay_buf *st)
{
	int64_t s = sn->val, d = dn->val, ad = d < 0 ? -d : d;
	bool ss = sn->is_static, ds = dn->is_static;
	if (ds && d == 0) { /* a static stride 0: the leaf as it is */
		put_int(sh, s, ss);
		lay_buf_puts(st, "_0");
		return 0;
	}
	/* CuTe's divisibility conditions, and where its weak check lets an
	 * inexact composition through (the picture would place elements
	 * elsewhere than the layout does): refused, never drawn wrong */
	if (d == 0 || (ad % M != 0 && ad >= M))
		return lay_error_set(p->err, LAY_ESHAPE, p->ptr, -1,
				     "a stride of %lld is %s: CuTe cannot compose the tile's "
				     "identity with this thread-value layout",
				     (long long)d,
				     d == 0 ? "a dynamic 0 (CuTe divides by it; write _0)"
					    : "past the tile's rows and not a multiple of them");
	int64_t next_shape = (M + ad - 1) / ad, next_stride = (ad + M - 1) / M * (d < 0 ? -1 : 1);
	bool take = !((ds && next_shape == 1) || (ss && s == 1));
	int64_t a = 0, rest = s;
	bool as = ds && ss;
	if (take) {
		a = next_shape < s ? next_shape : s;
		rest = s / a;
		if (s % a != 0 || (rest > 1 && ad < M && M % ad != 0))
			return lay_error_set(
				p->err, LAY_ESHAPE, p->ptr, -1,
				"a mode of %lld values at stride %lld does not tile the "
				"tile's %lld rows: CuTe cannot compose it exactly",
				(long long)s, (long long)d, (long long)M);
	}
	if (!take) {
		put_int(sh, rest, ss);
		put_int(st, next_stride, ds);
		lay_buf_puts(st, "@1");
	} else if (as && rest == 1) {
		put_int(sh, a, true);
		put_int(st, d, ds);
		lay_buf_puts(st, "@0");
	} else {
		lay_buf_puts(sh, "(");
		put_int(sh, a, as);
		lay_buf_puts(sh, ",");
		put_int(sh, rest, as);
		lay_buf_puts(sh, ")");
		lay_buf_puts(st, "(");
		put_int(st, d, ds);
		lay_buf_puts(st, "@0,");
		put_int(st, next_stride, ds);
		lay_buf_puts(st, "@1)");
	}
	return 0;
}

/* The composed layout's shape and stride, mode by mode as the TV's. */
static int tv_tree(struct pc *p, int sh, int st, int64_t M, struct lay_buf *bs, struct lay_buf *bt)
{
	if (p->n[sh].leaf)
		return tv_leaf(p, &p->n[sh], &p->n[st], M, bs, bt);
	lay_buf_puts(bs, "(");
	lay_buf_puts(bt, "(");
	for (int x = p->n[sh].kid, y = p->n[st].kid; x >= 0; x = p->n[x].next, y = p->n[y].next) {
		int rc = tv_tree(p, x, y, M, bs, bt);
		if (rc)
			return rc;
		if (p->n[x].next >= 0) {
			lay_buf_puts(bs, ",");
			lay_buf_puts(bt, ",");
		}
	}
	lay_buf_puts(bs, ")");
	lay_buf_puts(bt, ")");
	return 0;
}

/* print_latex_tv's cells: the first (t, v) of every element, t-major. */
static int tv_cells(struct pc *p, const struct pc_mode *t, const struct pc_mode *v, int64_t M,
		    int64_t N, struct lay_ctx *ctx, struct lay_buf *b)
{
	static const char *const pastel[8] = {
		"{rgb,255:red,175;green,175;blue,255}", "{rgb,255:red,175;green,255;blue,175}",
		"{rgb,255:red,255;green,255;blue,175}", "{rgb,255:red,255;green,175;blue,175}",
		"{rgb,255:red,210;green,210;blue,255}", "{rgb,255:red,210;green,255;blue,210}",
		"{rgb,255:red,255;green,255;blue,210}", "{rgb,255:red,255;green,210;blue,210}"
	};
	bool *filled = lay_ctx_calloc(ctx, (size_t)(M * N), sizeof *filled);
	if (!filled)
		return lay_ctx_error(ctx, p->err, p->ptr);
	for (int64_t tid = 0; tid < t->size; tid++)
		for (int64_t vid = 0; vid < v->size; vid++) {
			int64_t idx = mode_at(t, tid) + mode_at(v, vid);
			if (idx < 0 || idx >= M * N) {
				lay_ctx_free(filled);
				return lay_error_set(
					p->err, LAY_ESHAPE, p->ptr, -1,
					"thread %lld, value %lld is index %lld, outside the %lld x "
					"%lld tile: print_latex_tv draws only a layout within it",
					(long long)tid, (long long)vid, (long long)idx,
					(long long)M, (long long)N);
			}
			if (filled[idx])
				continue;
			filled[idx] = true;
			lay_buf_printf(b,
				       "\\node[fill=%s] at (%lld,%lld) {\\shortstack{T%lld \\\\ "
				       "V%lld}};\n",
				       pastel[tid % 8], (long long)(idx % M), (long long)(idx / M),
				       (long long)tid, (long long)vid);
		}
	lay_ctx_free(filled);
	return 0;
}

char *lay_print_cute_tv(const char *text, const char *ptr, int64_t M, int64_t N,
			struct lay_ctx *ctx, struct lay_error *err)
{
	struct lay_buf b = { 0 }, bs = { 0 }, bt = { 0 };
	struct pc_layout l;
	struct pc_mode t = { 0 }, v = { 0 };
	char *out = NULL;
	struct pc *p = pc_open(text, ptr, &l, err);
	if (!p)
		return NULL;
	int sh = l.shape, st = l.stride;
	if (l.swizzled || p->n[sh].leaf || p->n[sh].nkids != 2) {
		lay_text_error(err, LAY_ESHAPE, ptr, text, 0,
			       "print_latex_tv draws a thread-value layout: (thread, value) "
			       "modes, no swizzle");
		goto out;
	}
	if (M < 1 || N < 1 || M * N > PC_MAX_CELLS) {
		lay_error_set(err, LAY_ELIMIT, ptr, -1,
			      "the picture would have more than %ld cells", PC_MAX_CELLS);
		goto out;
	}
	int s0 = p->n[sh].kid, t0 = p->n[st].kid;
	if (fill_mode(p, s0, t0, &t) || fill_mode(p, p->n[s0].next, p->n[t0].next, &v) ||
	    tv_tree(p, sh, st, M, &bs, &bt))
		goto out;
	if (t.size * v.size > PC_MAX_CELLS) {
		lay_error_set(err, LAY_ELIMIT, ptr, -1,
			      "the picture would have more than %ld threads x values",
			      PC_MAX_CELLS);
		goto out;
	}
	/* print of composition(make_identity_tensor(tile), tv): its counting
	 * iterator, then the composed layout */
	lay_buf_printf(&b, "%% Layout TV: ArithTuple(_0,_0) o %s:%s\n", bs.data ? bs.data : "",
		       bt.data ? bt.data : "");
	lay_buf_puts(&b, "\\documentclass[convert]{standalone}\n"
			 "\\usepackage{tikz}\n\n"
			 "\\begin{document}\n"
			 "\\begin{tikzpicture}[x={(0cm,-1cm)},y={(1cm,0cm)},every node/.style="
			 "{minimum size=1cm, outer sep=0pt}]\n\n");
	if (tv_cells(p, &t, &v, M, N, ctx, &b))
		goto out;
	lay_buf_printf(&b,
		       "\\draw[color=black,thick,shift={(-0.5,-0.5)}] (0,0) grid (%lld,%lld);\n\n",
		       (long long)M, (long long)N);
	for (int64_t m = 0; m < M; m++)
		lay_buf_printf(&b, "\\node at (%lld,-1) {\\Large{\\texttt{%lld}}};\n", (long long)m,
			       (long long)m);
	for (int64_t n = 0; n < N; n++)
		lay_buf_printf(&b, "\\node at (-1,%lld) {\\Large{\\texttt{%lld}}};\n", (long long)n,
			       (long long)n);
	lay_buf_puts(&b, "\\end{tikzpicture}\n\\end{document}\n");
	if (b.failed || bs.failed || bt.failed) {
		lay_error_set(err, LAY_ENOMEM, ptr, -1, "out of memory");
		goto out;
	}
	out = b.data;
	b.data = NULL;
out:
	free(b.data);
	free(bs.data);
	free(bt.data);
	free(p);
	return out;
}

/* ------------------------------------------------------------------ */
/* Shared-memory atoms                                                 */

struct atom_rows {
	int64_t *inner; /* per element (m + n*M): the unswizzled offset */
	int64_t M;
	int axis;
	struct lay_swizzle sw; /* the element-level swizzle, no offset */
};

static int atom_row(void *ctx, const struct lay_table_row *row)
{
	struct atom_rows *a = ctx;
	if (row->elem < 0 || !row->logical)
		return 0;
	/* an XOR swizzle undoes itself: applied again it gives the offset
	 * before the swizzle */
	a->inner[row->logical[0] + row->logical[1] * a->M] =
		lay_swizzle_apply(&a->sw, row->coord[a->axis]);
	return 0;
}

/*
 * print_layout / print_latex of a smem_ptr_flag atom (GMMA::Layout_K_SW32_Atom
 * and kin): CuTe draws as_position_independent_swizzle_layout of it, the
 * swizzle in element units over the atom's static layout.  The layout is
 * recovered from the engine's placement (rank 2, one stride per mode),
 * which is what such an atom is.
 */
char *lay_print_cute_atom(struct lay_def *def, bool latex, struct lay_error *err)
{
	struct atom_rows a = { 0 };
	struct pc *p = NULL;
	struct lay_buf b = { .ctx = def->ctx };
	char *out = NULL;
	if (!(def->notation->prints & LAY_PRINTS_CUTE) || !def->swizzle.present || def->rank != 2 ||
	    def->naxes != 1 || def->swizzle.eS < 0)
		return NULL;
	a.M = def->shape[0];
	int64_t N = def->shape[1];
	if (a.M * N > PC_MAX_CELLS ||
	    !(a.inner = lay_ctx_calloc(def->ctx, (size_t)(a.M * N), sizeof *a.inner)) ||
	    !(p = calloc(1, sizeof *p))) {
		lay_ctx_error(def->ctx, err, def->ptr);
		goto out;
	}
	a.axis = def->swizzle.axis;
	a.sw = def->swizzle;
	a.sw.offset = 0;
	if (lay_table(def, false, atom_row, &a, err))
		goto out;
	int64_t s0 = a.M > 1 ? a.inner[1] : 0, s1 = N > 1 ? a.inner[a.M] : 0;
	for (int64_t n = 0; n < N; n++)
		for (int64_t m = 0; m < a.M; m++)
			if (a.inner[m + n * a.M] != m * s0 + n * s1) {
				lay_error_set(err, LAY_ESCHEMA, def->ptr, -1,
					      "this atom is not one stride per mode: no CuTe text "
					      "to print it as");
				goto out;
			}
	/* (_M,_N):(_s0,_s1) */
	p->err = err;
	p->ptr = def->ptr;
	p->s = "";
	for (int k = 0; k < 6; k++)
		p->n[k] = (struct pc_node){
			.leaf = k != 0 && k != 3, .is_static = true, .kid = -1, .next = -1
		};
	p->n[0] = (struct pc_node){ .nkids = 2, .kid = 1, .next = -1 };
	p->n[3] = (struct pc_node){ .nkids = 2, .kid = 4, .next = -1 };
	p->n[1].val = a.M, p->n[1].next = 2, p->n[2].val = N;
	p->n[4].val = s0, p->n[4].next = 5, p->n[5].val = s1;
	p->nn = 6;
	struct pc_layout l = { .shape = 0,
			       .stride = 3,
			       .swizzled = true,
			       .B = def->swizzle.eB,
			       .M = def->swizzle.eM,
			       .S = def->swizzle.eS,
			       .offset_static = true };
	struct pc_mode m0 = { .n = 1, .size = a.M, .ext = { a.M }, .str = { s0 } };
	struct pc_mode m1 = { .n = 1, .size = N, .ext = { N }, .str = { s1 } };
	if (latex)
		put_latex(p, &l, &m0, &m1, false, &b);
	else
		put_table(p, &l, &m0, &m1, (a.M - 1) * s0 + (N - 1) * s1 + 1, &b);
	if (b.failed) {
		lay_ctx_error(def->ctx, err, def->ptr);
		goto out;
	}
	out = b.data;
	b.data = NULL;
	b.cap = 0;
out:
	lay_buf_free(&b);
	free(p);
	lay_ctx_free(a.inner);
	return out;
}
