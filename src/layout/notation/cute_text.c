/*
 * cute_text.c - the reader of the cute notation's text: CuTe's printed
 * `Shape:Stride` tuples and the C++ type text pasted from CUTLASS headers
 * (`Layout<Shape<...>, Stride<...>>`, `_N`, `Int<N>`, `cute::`, comments),
 * read into one tree of modes; cute.c makes the placement of it.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "notation/cute_atoms.h"
#include "notation/cute_text.h"
#include "layout.h"

/* An identifier, with `cute::` qualifiers dropped.  *start is where its
 * last segment (the name itself) begins. */
static int ident(struct cute_parser *p, char *out, size_t n, int *start)
{
	return lay_scan_qname(&p->sc, out, n, NULL, 0, start, "cute");
}

/* Decimal digits at p->sc.pos into *v; reals are refused, overflow located. */
static int digits(struct lay_scan *sc, int start, bool neg, int64_t *v)
{
	int64_t x = 0;
	int rc = lay_scan_digits(sc, start, neg, &x, NULL, LAY_EOVERFLOW);
	if (rc)
		return rc;
	if (sc->s[sc->pos] == '.' || sc->s[sc->pos] == 'e' || sc->s[sc->pos] == 'E') {
		int end = sc->pos + 1;
		while (isalnum((unsigned char)sc->s[end]) || sc->s[end] == '.' ||
		       ((sc->s[end] == '-' || sc->s[end] == '+') &&
			(sc->s[end - 1] == 'e' || sc->s[end - 1] == 'E')))
			end++;
		return lay_scan_error(
			sc, LAY_ENOTINT, start,
			"%.*s is not an integer; CuTe shapes and strides hold integers only",
			end - start > 40 ? 40 : end - start, sc->s + start);
	}
	if (isalpha((unsigned char)sc->s[sc->pos]) || sc->s[sc->pos] == '_')
		return lay_scan_expected(sc, "',' or a closing bracket after a number");
	*v = x;
	return 0;
}

static int new_node(struct cute_parser *p, int pos)
{
	if (p->nnodes >= CUTE_MAX_NODES)
		return lay_scan_error(&p->sc, LAY_ELIMIT, pos,
				      "more than %d modes in the layout text", CUTE_MAX_NODES),
		       -1;
	struct node *n = &p->nodes[p->nnodes];
	memset(n, 0, sizeof *n);
	n->pos = pos;
	n->kid = n->next = -1;
	return p->nnodes++;
}

static int parse_item(struct cute_parser *p, bool stride, int *out);

/* The children of a tuple up to `close` (')' or '>'), after the opener. */
static int parse_kids(struct cute_parser *p, int tuple, char close, bool stride)
{
	const char *what = close == ')' ? "',' or ')'" : "',' or '>'";
	int last = -1, rc;
	if (++p->depth > LAYOUTD_MAX_JSON_DEPTH)
		return lay_scan_error(&p->sc, LAY_ELIMIT, p->nodes[tuple].pos,
				      "modes nested deeper than %d", LAYOUTD_MAX_JSON_DEPTH);
	for (;;) {
		int kid;
		if ((rc = parse_item(p, stride, &kid)))
			return rc;
		if (last < 0)
			p->nodes[tuple].kid = kid;
		else
			p->nodes[last].next = kid;
		last = kid;
		p->nodes[tuple].nkids++;
		bool got;
		if ((rc = lay_scan_accept(&p->sc, ',', &got)))
			return rc;
		if (got && close == ')') {
			/* a trailing comma, as Python prints a one-element tuple
			 * and pycute a rank-1 layout: (8,):(2,) */
			bool end;
			if ((rc = lay_scan_accept(&p->sc, ')', &end)))
				return rc;
			if (end)
				break;
		}
		if (got)
			continue;
		if ((rc = lay_scan_expect(&p->sc, close, what)))
			return rc;
		break;
	}
	p->depth--;
	return 0;
}

/* A leaf value at p->sc.pos: [-]digits, _N, _mN, Int<N>, optionally k@axis. */
static int parse_leaf(struct cute_parser *p, int node, bool stride)
{
	struct node *n = &p->nodes[node];
	int start = p->sc.pos, rc;
	char c = p->sc.s[p->sc.pos];
	if (c == '-' || c == '+') {
		p->sc.pos++;
		if ((rc = lay_scan_skip(&p->sc)))
			return rc;
		if ((rc = digits(&p->sc, start, c == '-', &n->val)))
			return rc;
	} else if (isdigit((unsigned char)c)) {
		if ((rc = digits(&p->sc, start, false, &n->val)))
			return rc;
	} else if (c == '_' && p->sc.s[p->sc.pos + 1] == '-' &&
		   isdigit((unsigned char)p->sc.s[p->sc.pos + 2])) {
		/* _-N: how cute::print writes a negative static integer */
		p->sc.pos += 2;
		if ((rc = digits(&p->sc, start, true, &n->val)))
			return rc;
		n->is_static = true;
	} else {
		char name[LAYOUTD_MAX_NAME];
		int at;
		if ((rc = ident(p, name, sizeof name, &at)))
			return rc;
		if (name[0] == '_' && (isdigit((unsigned char)name[1]) ||
				       (name[1] == 'm' && isdigit((unsigned char)name[2])))) {
			/* _N and _mN (CuTe's Int<-N>): re-read the digits in place */
			bool neg = name[1] == 'm';
			p->sc.pos = at + (neg ? 2 : 1);
			if ((rc = digits(&p->sc, at, neg, &n->val)))
				return rc;
		} else if (strcmp(name, "Int") == 0 || strcmp(name, "C") == 0) {
			if ((rc = lay_cute_int_arg(&p->sc, &n->val, digits)))
				return rc;
		} else {
			p->sc.pos = at;
			return lay_scan_expected(
				&p->sc, stride ? "a stride (an integer, _N, Int<N>, k@axis, "
						 "'(' or Stride<...>)"
					       : "an extent (an integer, _N, Int<N>, '(' or "
						 "Shape<...>)");
		}
	}
	/* a plain integer is dynamic unless a C++ type holds it */
	n->is_static =
		n->is_static || p->cxx || !(c == '-' || c == '+' || isdigit((unsigned char)c));
	int save = p->sc.pos;
	if ((rc = lay_scan_skip(&p->sc)))
		return rc;
	if (p->sc.s[p->sc.pos] != '@') {
		p->sc.pos = save;
		return 0;
	}
	int at_pos = p->sc.pos;
	if (!stride)
		return lay_scan_error(&p->sc, LAY_ESYNTAX, at_pos,
				      "an extent has no axis: '@axis' belongs to strides");
	p->sc.pos++;
	if ((rc = lay_scan_skip(&p->sc)))
		return rc;
	if (!(isalpha((unsigned char)p->sc.s[p->sc.pos]) || p->sc.s[p->sc.pos] == '_'))
		return lay_scan_expected(&p->sc, "an axis name after '@'");
	int ns = p->sc.pos;
	size_t len = 0;
	while (isalnum((unsigned char)p->sc.s[p->sc.pos]) || p->sc.s[p->sc.pos] == '_') {
		if (len + 1 >= sizeof n->axis)
			return lay_scan_error(&p->sc, LAY_ENAME, ns,
					      "axis name longer than %d characters",
					      LAYOUTD_MAX_NAME - 1);
		n->axis[len++] = p->sc.s[p->sc.pos++];
	}
	n->axis[len] = '\0';
	return 0;
}

/* One mode: a tuple `( ... )`, `Shape< ... >` / `Stride< ... >`, or a leaf. */
static int parse_item(struct cute_parser *p, bool stride, int *out)
{
	int rc = lay_scan_skip(&p->sc);
	if (rc)
		return rc;
	int start = p->sc.pos;
	int node = new_node(p, start);
	if (node < 0)
		return p->sc.err ? p->sc.err->code : LAY_ELIMIT;
	*out = node;
	char c = p->sc.s[p->sc.pos];
	if (c == '(') {
		p->sc.pos++;
		return parse_kids(p, node, ')', stride);
	}
	if (isalpha((unsigned char)c)) {
		char name[LAYOUTD_MAX_NAME];
		int at;
		if ((rc = ident(p, name, sizeof name, &at)))
			return rc;
		if (strcmp(name, "Shape") == 0 || strcmp(name, "Stride") == 0 ||
		    strcmp(name, "tuple") == 0) {
			if ((rc = lay_scan_expect(&p->sc, '<', "'<'")))
				return rc;
			bool cxx = p->cxx;
			p->cxx = true;
			rc = parse_kids(p, node, '>', stride);
			p->cxx = cxx;
			return rc;
		}
		p->sc.pos = at;
		/* Int<N> and unknown names are handled (and refused) by the leaf */
	}
	p->nodes[node].leaf = true;
	if (++p->nleaf > LAYOUTD_MAX_ITERS)
		return lay_scan_error(&p->sc, LAY_ELIMIT, start,
				      "more than %d leaf modes (the limit)", LAYOUTD_MAX_ITERS);
	return parse_leaf(p, node, stride);
}

/* Render a mode in the printed form, for messages. */
static void render(const struct cute_parser *p, int node, char *out, size_t n)
{
	const struct node *x = &p->nodes[node];
	size_t len = strlen(out);
	if (len + 1 >= n)
		return;
	if (x->leaf) {
		snprintf(out + len, n - len, "%lld%s%s", (long long)x->val, x->axis[0] ? "@" : "",
			 x->axis);
		return;
	}
	snprintf(out + len, n - len, "(");
	for (int k = x->kid; k >= 0; k = p->nodes[k].next) {
		if (k != x->kid) {
			len = strlen(out);
			snprintf(out + len, n - len, ",");
		}
		render(p, k, out, n);
	}
	len = strlen(out);
	snprintf(out + len, n - len, ")");
}

/* Congruence (same profile).  The first mismatch is reported at the
 * innermost tuple pair holding it, located at the stride's offending mode. */
int cute_congruent(struct cute_parser *p, int sh, int st)
{
	const struct node *a = &p->nodes[sh], *b = &p->nodes[st];
	char ps[160] = "", pt[160] = "", ks[160] = "", kt[160] = "";
	if (a->leaf && b->leaf)
		return 0;
	if (a->leaf != b->leaf) {
		render(p, sh, ps, sizeof ps);
		render(p, st, pt, sizeof pt);
		return lay_scan_error(
			&p->sc, LAY_ECONGRUENT, b->pos,
			"shape and stride are not congruent: the shape has %s where the stride "
			"has %s",
			ps, pt);
	}
	int ka = a->kid, kb = b->kid, i = 0;
	for (; ka >= 0 && kb >= 0; ka = p->nodes[ka].next, kb = p->nodes[kb].next, i++) {
		const struct node *x = &p->nodes[ka], *y = &p->nodes[kb];
		if (x->leaf != y->leaf) {
			render(p, sh, ps, sizeof ps);
			render(p, st, pt, sizeof pt);
			render(p, ka, ks, sizeof ks);
			render(p, kb, kt, sizeof kt);
			return lay_scan_error(
				&p->sc, LAY_ECONGRUENT, y->pos,
				"shape %s and stride %s are not congruent: mode %d is %s in "
				"the shape but %s in the stride",
				ps, pt, i, ks, kt);
		}
		int rc = cute_congruent(p, ka, kb);
		if (rc)
			return rc;
	}
	if (ka >= 0 || kb >= 0) {
		render(p, sh, ps, sizeof ps);
		render(p, st, pt, sizeof pt);
		return lay_scan_error(
			&p->sc, LAY_ECONGRUENT, kb >= 0 ? p->nodes[kb].pos : b->pos,
			"shape %s and stride %s are not congruent: %d modes in the shape but "
			"%d in the stride",
			ps, pt, a->nkids, b->nkids);
	}
	return 0;
}

/* Leaves of a tree left to right (= colex order), into idx[]. */
void cute_leaves(const struct cute_parser *p, int node, int *idx, int *n)
{
	const struct node *x = &p->nodes[node];
	if (x->leaf) {
		idx[(*n)++] = node;
		return;
	}
	for (int k = x->kid; k >= 0; k = p->nodes[k].next)
		cute_leaves(p, k, idx, n);
}

/* ------------------------------------------------------------------ */
/* tile_to_shape (composed layouts, cute_atoms.c)                      */

static int new_leaf(struct cute_parser *p, int pos, int64_t val)
{
	int n = new_node(p, pos);
	if (n >= 0) {
		p->nodes[n].leaf = true;
		p->nodes[n].val = val;
	}
	return n;
}

/* A stride tree congruent to `node` with CuTe's compact colex strides. */
static int compact_tree(struct cute_parser *p, int node, int64_t *acc)
{
	const struct node *x = &p->nodes[node];
	if (x->leaf) {
		int n = new_leaf(p, x->pos, *acc);
		if (n >= 0 && __builtin_mul_overflow(*acc, p->nodes[node].val, acc))
			*acc = INT64_MAX;
		return n;
	}
	int t = new_node(p, x->pos), last = -1;
	if (t < 0)
		return -1;
	for (int k = p->nodes[node].kid; k >= 0; k = p->nodes[k].next) {
		int c = compact_tree(p, k, acc);
		if (c < 0)
			return -1;
		if (last < 0)
			p->nodes[t].kid = c;
		else
			p->nodes[last].next = c;
		last = c;
		p->nodes[t].nkids++;
	}
	return t;
}

/* A tile_to_shape atom must be compact: sorted by stride, each stride is
 * the product of the extents below it.  *C gets its size. */
static int atom_compact(struct cute_parser *p, const int *lv, const int *sv, int nl, int64_t *C)
{
	int order[LAYOUTD_MAX_ITERS], no = 0;
	for (int k = 0; k < nl; k++) {
		const struct node *e = &p->nodes[lv[k]], *t = &p->nodes[sv[k]];
		if (e->val <= 0)
			return lay_scan_error(&p->sc, LAY_EEXTENT, e->pos,
					      "extent %lld is not positive", (long long)e->val);
		if (t->axis[0])
			return lay_scan_error(
				&p->sc, LAY_ESCHEMA, t->pos,
				"tile_to_shape tiles a memory layout: stride %lld@%s names an "
				"axis",
				(long long)t->val, t->axis);
		if (__builtin_mul_overflow(*C, e->val, C))
			return lay_scan_error(&p->sc, LAY_EOVERFLOW, e->pos,
					      "the size of the atom overflows 64 bits");
		if (e->val > 1) {
			int j = no++;
			while (j > 0 && p->nodes[sv[order[j - 1]]].val > t->val) {
				order[j] = order[j - 1];
				j--;
			}
			order[j] = k;
		}
	}
	int64_t want = 1;
	for (int j = 0; j < no; j++) {
		const struct node *t = &p->nodes[sv[order[j]]];
		if (t->val != want)
			return lay_scan_error(
				&p->sc, LAY_ESHAPE, t->pos,
				"tile_to_shape needs an atom whose offsets fill 0..%lld without "
				"gaps or overlaps; stride %lld here should be %lld",
				(long long)*C - 1, (long long)t->val, (long long)want);
		want *= p->nodes[lv[order[j]]].val;
	}
	return 0;
}

/* The tiled layout's tree: per target mode i, (atom mode, n[i]) with
 * strides (atom strides, C * d[i]); r modes come from the atom (sk, tk). */
static int tile_build(struct cute_parser *p, const struct lay_cute_compose *cc, int r,
		      const int *sk, const int *tk, const int64_t *n, const int64_t *d, int64_t C,
		      int *shape, int *stride)
{
	int R = cc->tile_rank;
	int S = new_node(p, cc->tile_pos), T = new_node(p, cc->tile_pos), ls = -1, lt = -1;
	if (S < 0 || T < 0)
		return p->sc.err ? p->sc.err->code : LAY_ELIMIT;
	for (int i = 0; i < R; i++) {
		int64_t bs;
		if (__builtin_mul_overflow(C, d[i], &bs))
			return lay_scan_error(&p->sc, LAY_EOVERFLOW, cc->target_pos[i],
					      "the tiled layout's strides overflow 64 bits");
		int ms = new_node(p, cc->target_pos[i]), mt = new_node(p, cc->target_pos[i]);
		int as = i < r ? sk[i] : new_leaf(p, cc->target_pos[i], 1);
		int at = i < r ? tk[i] : new_leaf(p, cc->target_pos[i], 0);
		int bn = new_leaf(p, cc->target_pos[i], n[i]);
		int bt = new_leaf(p, cc->target_pos[i], bs);
		if (ms < 0 || mt < 0 || as < 0 || at < 0 || bn < 0 || bt < 0)
			return p->sc.err ? p->sc.err->code : LAY_ELIMIT;
		p->nodes[ms].kid = as;
		p->nodes[as].next = bn;
		p->nodes[ms].nkids = 2;
		p->nodes[mt].kid = at;
		p->nodes[at].next = bt;
		p->nodes[mt].nkids = 2;
		p->nodes[bn].next = p->nodes[bt].next = -1;
		if (ls < 0) {
			p->nodes[S].kid = ms;
			p->nodes[T].kid = mt;
		} else {
			p->nodes[ls].next = ms;
			p->nodes[lt].next = mt;
		}
		ls = ms;
		lt = mt;
		p->nodes[S].nkids++;
		p->nodes[T].nkids++;
	}
	*shape = S;
	*stride = T;
	return 0;
}

/*
 * tile_to_shape(atom, target[, order]) on the parsed atom layout: mode i
 * becomes (atom_i, n_i):(stride_i, C * d_i), C the atom's size, n_i and d_i
 * the block of cute_atoms.c (CuTe's blocked_product with an ordered block;
 * exact for atoms whose offsets fill 0..C-1, which every swizzle atom does).
 */
int cute_tile_nodes(struct cute_parser *p, int *shape, int *stride, struct lay_cute_compose *cc)
{
	int R = cc->tile_rank, r = 0, rc;
	int sk[LAYOUTD_MAX_RANK], tk[LAYOUTD_MAX_RANK], lv[LAYOUTD_MAX_ITERS],
		sv[LAYOUTD_MAX_ITERS];
	int nl = 0, ns = 0;
	int64_t a[LAYOUTD_MAX_RANK], n[LAYOUTD_MAX_RANK], d[LAYOUTD_MAX_RANK], C = 1;
	if (*stride < 0) {
		int64_t acc = 1;
		if ((*stride = compact_tree(p, *shape, &acc)) < 0)
			return p->sc.err ? p->sc.err->code : LAY_ELIMIT;
	}
	if ((rc = cute_congruent(p, *shape, *stride)))
		return rc;
	if (p->nodes[*shape].leaf) {
		sk[r] = *shape;
		tk[r++] = *stride;
	} else {
		for (int k = p->nodes[*shape].kid, j = p->nodes[*stride].kid; k >= 0;
		     k = p->nodes[k].next, j = p->nodes[j].next) {
			if (r >= LAYOUTD_MAX_RANK || r >= R)
				return lay_scan_error(
					&p->sc, LAY_ESHAPE, cc->tile_pos,
					"tile_to_shape: the atom has %d modes, more than the %d of "
					"the target shape",
					p->nodes[*shape].nkids, R);
			sk[r] = k;
			tk[r++] = j;
		}
	}
	cute_leaves(p, *shape, lv, &nl);
	cute_leaves(p, *stride, sv, &ns);
	if (nl + 2 * R > LAYOUTD_MAX_ITERS)
		return lay_scan_error(&p->sc, LAY_ELIMIT, cc->tile_pos,
				      "the tiled layout has more than %d leaf modes (the limit)",
				      LAYOUTD_MAX_ITERS);
	if ((rc = atom_compact(p, lv, sv, nl, &C)))
		return rc;
	for (int i = 0; i < R; i++) {
		a[i] = 1;
		if (i < r) {
			int cnt = 0, tmp[LAYOUTD_MAX_ITERS];
			cute_leaves(p, sk[i], tmp, &cnt);
			for (int k = 0; k < cnt; k++)
				a[i] *= p->nodes[tmp[k]].val; /* <= C, no overflow */
		}
	}
	cc->atom_size = C;
	int bad = lay_cute_tile_block(R, cc->target, a, cc->order, n, d);
	if (bad >= 0) {
		if (cc->target[bad] % a[bad] == 0)
			return lay_scan_error(&p->sc, LAY_EOVERFLOW, cc->target_pos[bad],
					      "the tiled layout's strides overflow 64 bits");
		return lay_scan_error(
			&p->sc, LAY_ESHAPE, cc->target_pos[bad],
			"tile_to_shape: target extent %lld of mode %d is not a multiple of the "
			"atom's extent %lld there (the atom does not divide the target shape)",
			(long long)cc->target[bad], bad, (long long)a[bad]);
	}
	return tile_build(p, cc, r, sk, tk, n, d, C, shape, stride);
}

/*
 * The whole text: `[using NAME =] Layout<SHAPE [, STRIDE]> [;]` or
 * `SHAPE [: STRIDE]`.  *stride is -1 when no stride was written (CuTe's
 * default, compact colex strides).
 */
int cute_parse_text(struct cute_parser *p, int *shape, int *stride)
{
	int rc = lay_scan_skip(&p->sc), start, save;
	char name[LAYOUTD_MAX_NAME];
	bool got, cxx = false;
	*stride = -1;
	if (rc)
		return rc;
	if (!p->sc.s[p->sc.pos])
		return lay_scan_error(&p->sc, LAY_ESYNTAX, p->sc.pos, "empty CuTe layout");
	p->sc.pos = lay_cute_label(p->sc.s, p->sc.pos);
	save = p->sc.pos;
	if (isalpha((unsigned char)p->sc.s[p->sc.pos])) {
		if ((rc = ident(p, name, sizeof name, &start)))
			return rc;
		if (strcmp(name, "using") == 0) {
			if ((rc = lay_scan_skip(&p->sc)))
				return rc;
			if (!(isalpha((unsigned char)p->sc.s[p->sc.pos]) ||
			      p->sc.s[p->sc.pos] == '_'))
				return lay_scan_expected(&p->sc, "a type name after 'using'");
			if ((rc = ident(p, name, sizeof name, &start)))
				return rc;
			if ((rc = lay_scan_expect(&p->sc, '=', "'='")))
				return rc;
			if ((rc = lay_scan_skip(&p->sc)))
				return rc;
			save = p->sc.pos;
			if (!isalpha((unsigned char)p->sc.s[p->sc.pos]))
				return lay_scan_expected(&p->sc, "Layout<...>");
			if ((rc = ident(p, name, sizeof name, &start)))
				return rc;
		}
		if (strcmp(name, "Layout") == 0) {
			if ((rc = lay_scan_skip(&p->sc)))
				return rc;
			if (p->sc.s[p->sc.pos] == '(') {
				/* pycute's repr: Layout((4, 4),(4, 1)), Layout(8,2) */
				p->sc.pos++;
				p->nleaf = 0;
				if ((rc = parse_item(p, false, shape)))
					return rc;
				if ((rc = lay_scan_expect(&p->sc, ',', "',' and the stride")))
					return rc;
				p->nleaf = 0;
				if ((rc = parse_item(p, true, stride)))
					return rc;
				if ((rc = lay_scan_expect(&p->sc, ')', "')' closing Layout(...)")))
					return rc;
				if ((rc = lay_scan_skip(&p->sc)))
					return rc;
				if (p->sc.s[p->sc.pos])
					return lay_scan_expected(&p->sc, "the end of the layout");
				return 0;
			}
			cxx = p->cxx = true;
			if ((rc = lay_scan_expect(&p->sc, '<', "'<' after Layout")))
				return rc;
		} else {
			p->sc.pos = save;
		}
	}
	p->nleaf = 0;
	if ((rc = parse_item(p, false, shape)))
		return rc;
	if ((rc = lay_scan_accept(&p->sc, cxx ? ',' : ':', &got)))
		return rc;
	if (got) {
		p->nleaf = 0;
		if ((rc = parse_item(p, true, stride)))
			return rc;
	}
	if (cxx) {
		if ((rc = lay_scan_expect(&p->sc, '>',
					  *stride < 0 ? "',' or '>'" : "'>' closing Layout<...>")))
			return rc;
		p->cxx = false;
		if ((rc = lay_scan_accept(&p->sc, '{', &got)))
			return rc;
		if (got && (rc = lay_scan_expect(&p->sc, '}', "'}' after Layout<...>{")))
			return rc; /* a value of the type: Layout<...>{} */
		if ((rc = lay_scan_accept(&p->sc, ';', &got)))
			return rc;
	}
	if ((rc = lay_scan_skip(&p->sc)))
		return rc;
	if (p->sc.s[p->sc.pos] && !lay_cute_grid(p->sc.s, p->sc.pos))
		return lay_scan_expected(&p->sc, cxx	       ? "the end of the layout"
						 : *stride < 0 ? "':' or the end of the layout"
							       : "the end of the layout");
	return 0;
}
