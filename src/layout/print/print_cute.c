/*
 * print_cute.c - the pictures CuTe itself prints of a layout: print_layout's
 * table (cute/util/print_tensor.hpp) and print_latex's TikZ document
 * (cute/util/print_latex.hpp), byte for byte, from the layout's cute text.
 *
 * The header line is cute::print of the layout, so the text is read by
 * the cute notation's reader into its tree as written (notation/
 * cute_tree.h), which remembers which integers are static (`_8`, `Int<8>`,
 * every integer of a C++ `Layout<Shape<...>, Stride<...>>` type) and which
 * are dynamic (a plain `8`): print writes them back as CuTe would.
 *
 * A swizzled composition `Sw<B,M,S> o OFF o LAYOUT` prints its three parts
 * joined by " o ".  The cells are layout(m, n) computed here: mode 0 and
 * mode 1 decomposed colexicographically over their leaves.
 *
 * No I/O: the text is returned, the caller writes it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "layout.h"
#include "notation/cute_tree.h"
#include "notation/notation.h"
#include "print/print.h"

/* The biggest table print_layout is asked for: 2^20 cells (a 1024 x 1024
 * tile already prints 7 MB of text). */
#define PC_MAX_CELLS (1L << 20)
/* The largest integer of a picture's text: 2^40 (a picture's offsets are
 * far below it; products of two stay within 64 bits). */
#define PC_MAX_INT (INT64_C(1) << 40)

struct pc {
	const char *text, *ptr;
	struct lay_error *err;
	const struct lay_cute_node *n; /* the tree's nodes */
	struct lay_cute_tree t;
};

/* The layout drawn: its trees' roots, the swizzle and offset composed. */
struct pc_layout {
	int shape, stride; /* nodes */
	bool swizzled;
	int B, M, S;
	int64_t offset;
	bool offset_static;
};

/* The text read by the cute notation's reader into p and l.  What it
 * cannot read as a layout written out is LAY_ESYNTAX here, whatever the
 * reader's reason: the caller (print.c) then asks the engine, which reads
 * algebra, atoms and print texts and reports its own error. */
static int pc_read(struct pc *p, const char *text, struct pc_layout *l)
{
	int rc = lay_cute_tree_read(text, p->ptr, &p->t, p->err);
	if (rc) {
		if (rc != LAY_ENOMEM && p->err)
			p->err->code = rc = LAY_ESYNTAX;
		return rc;
	}
	p->n = p->t.n;
	for (int k = 0; k < p->t.nn; k++)
		if (p->n[k].leaf && (p->n[k].val > PC_MAX_INT || p->n[k].val < -PC_MAX_INT))
			return lay_text_error(p->err, LAY_ESYNTAX, p->ptr, text, p->n[k].pos,
					      "the integer of a picture is at most 2^40 in "
					      "magnitude, not %lld",
					      (long long)p->n[k].val);
	if (p->t.swizzled && (p->t.offset > PC_MAX_INT || p->t.offset < -PC_MAX_INT))
		return lay_text_error(p->err, LAY_ESYNTAX, p->ptr, text, 0,
				      "the offset of a picture is at most 2^40 in magnitude");
	*l = (struct pc_layout){ .shape = p->t.shape,
				 .stride = p->t.stride,
				 .swizzled = p->t.swizzled,
				 .B = p->t.B,
				 .M = p->t.M,
				 .S = p->t.S,
				 .offset = p->t.offset,
				 .offset_static = p->t.offset_static };
	return 0;
}

/* ------------------------------------------------------------------ */
/* Output                                                              */

static void put_tree(const struct pc *p, int k, struct lay_buf *b)
{
	const struct lay_cute_node *nd = &p->n[k];
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
		return lay_text_error(p->err, LAY_ESYNTAX, p->ptr, p->text, 0, "more than %d modes",
				      LAYOUTD_MAX_ITERS - 1);
	m->size = 1;
	for (int k = 0; k < m->n; k++) {
		if (m->ext[k] <= 0)
			return lay_text_error(p->err, LAY_ESYNTAX, p->ptr, p->text, 0,
					      "a mode of extent %lld has no picture",
					      (long long)m->ext[k]);
		m->size *= m->ext[k];
		if (m->size > PC_MAX_CELLS)
			return lay_error_set(p->err, LAY_ELIMIT, p->ptr, -1,
					     "the picture would have more than %ld cells",
					     PC_MAX_CELLS);
	}
	return 0;
}

static void pc_close(struct pc *p)
{
	if (p)
		lay_cute_tree_free(&p->t);
	free(p);
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
	p->text = text;
	p->ptr = ptr;
	p->err = err;
	if (pc_read(p, text, l)) {
		pc_close(p);
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
	pc_close(p);
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
static int tv_leaf(struct pc *p, const struct lay_cute_node *sn, const struct lay_cute_node *dn,
		   int64_t M, struct lay_buf *sh, struct lay_buf *st)
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
	pc_close(p);
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
	struct lay_cute_node nodes[6];
	for (int k = 0; k < 6; k++)
		nodes[k] = (struct lay_cute_node){
			.leaf = k != 0 && k != 3, .is_static = true, .kid = -1, .next = -1
		};
	nodes[0] = (struct lay_cute_node){ .nkids = 2, .kid = 1, .next = -1 };
	nodes[3] = (struct lay_cute_node){ .nkids = 2, .kid = 4, .next = -1 };
	nodes[1].val = a.M, nodes[1].next = 2, nodes[2].val = N;
	nodes[4].val = s0, nodes[4].next = 5, nodes[5].val = s1;
	p->err = err;
	p->text = "";
	p->ptr = def->ptr;
	p->n = nodes;
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
