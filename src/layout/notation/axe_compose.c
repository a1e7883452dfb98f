/*
 * axe_compose.c - TVM TIRx swizzled layouts in the axe notation
 * (docs/swizzle.md): `ComposeLayout(per_element, swizzle_len, atom_len,
 * TileLayout(S[...]) [, swizzle_inner=False])`, its printed form with `T.`
 * prefixes, keyword arguments, and the legacy
 * `ComposeLayout(SwizzleLayout(M, B, S[, swizzle_inner=...]), TileLayout(...))`
 * or a bare `SwizzleLayout(...)`.  ComposeLayout(M, B, S, tile, inner) is
 * Swizzle<B, M, inner ? S : -S> on the tile's memory axis.  This file finds
 * the parts; axe.c parses the tile.
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "notation/axe_compose.h"
#include "notation/scan.h"

struct ap {
	struct lay_scan sc;
};

/* A dotted name (T.ComposeLayout, tvm.tirx.TileLayout): its last part. */
static bool name(struct ap *p, char *last, size_t n, int *start)
{
	lay_scan_ws(&p->sc);
	*start = p->sc.pos;
	if (!(isalpha((unsigned char)p->sc.s[p->sc.pos]) || p->sc.s[p->sc.pos] == '_'))
		return false;
	for (;;) {
		size_t len = 0;
		while (isalnum((unsigned char)p->sc.s[p->sc.pos]) || p->sc.s[p->sc.pos] == '_') {
			if (len + 1 < n)
				last[len++] = p->sc.s[p->sc.pos];
			p->sc.pos++;
		}
		last[len] = '\0';
		if (p->sc.s[p->sc.pos] == '.' && (isalpha((unsigned char)p->sc.s[p->sc.pos + 1]) ||
						  p->sc.s[p->sc.pos + 1] == '_')) {
			p->sc.pos++;
			continue;
		}
		return true;
	}
}

static int integer(struct ap *p, int64_t *v, int *at)
{
	lay_scan_ws(&p->sc);
	*at = p->sc.pos;
	bool neg = p->sc.s[p->sc.pos] == '-';
	if (neg)
		p->sc.pos++;
	return lay_scan_int(&p->sc, *at, neg, -1000000, 1000000, "swizzle parameter", LAY_ERANGE,
			    v);
}

static int boolean(struct ap *p, bool *v)
{
	char w[16];
	int at;
	if (!name(p, w, sizeof w, &at))
		return lay_scan_expected(&p->sc, "True or False");
	if (strcmp(w, "True") == 0 || strcmp(w, "true") == 0)
		*v = true;
	else if (strcmp(w, "False") == 0 || strcmp(w, "false") == 0)
		*v = false;
	else {
		p->sc.pos = at;
		return lay_scan_expected(&p->sc, "True or False");
	}
	return 0;
}

/* TileLayout(SPEC): the span of SPEC, balanced up to its ')'. */
static int tile(struct ap *p, struct lay_axe_compose *c)
{
	int depth = 0, open = p->sc.pos;
	if (lay_scan_expect(&p->sc, '(', "'(' after TileLayout"))
		return p->sc.err ? p->sc.err->code : LAY_ESYNTAX;
	lay_scan_ws(&p->sc);
	c->tile_lo = p->sc.pos;
	for (;; p->sc.pos++) {
		char ch = p->sc.s[p->sc.pos];
		if (!ch)
			return lay_scan_error(&p->sc, LAY_ESYNTAX, open,
					      "TileLayout( is never closed");
		if (ch == '(' || ch == '[')
			depth++;
		else if (ch == ']' && depth > 0)
			depth--;
		else if (ch == ')') {
			if (depth == 0)
				break;
			depth--;
		}
	}
	c->tile_hi = p->sc.pos;
	p->sc.pos++;
	if (c->tile_hi <= c->tile_lo)
		return lay_scan_error(&p->sc, LAY_ESYNTAX, c->tile_lo,
				      "TileLayout() has no S[...] to swizzle");
	return 0;
}

/* SwizzleLayout(per_element, swizzle_len, atom_len[, swizzle_inner=B]). */
static int swizzle_layout(struct ap *p, int64_t v[3], int vpos[3], bool *inner)
{
	char key[32];
	int at;
	if (lay_scan_expect(&p->sc, '(', "'(' after SwizzleLayout"))
		return p->sc.err ? p->sc.err->code : LAY_ESYNTAX;
	for (int k = 0; k < 3; k++) {
		if (k && lay_scan_expect(&p->sc, ',', "',' and the next swizzle parameter"))
			return p->sc.err ? p->sc.err->code : LAY_ESYNTAX;
		int save = p->sc.pos;
		if (name(p, key, sizeof key, &at)) {
			static const char *keys[] = { "per_element", "swizzle_len", "atom_len" };
			if (strcmp(key, keys[k]) != 0)
				return lay_scan_error(&p->sc, LAY_ESYNTAX, at,
						      "expected %s=", keys[k]);
			if (lay_scan_expect(&p->sc, '=', "'='"))
				return p->sc.err ? p->sc.err->code : LAY_ESYNTAX;
		} else {
			p->sc.pos = save;
		}
		int rc = integer(p, &v[k], &vpos[k]);
		if (rc)
			return rc;
	}
	lay_scan_ws(&p->sc);
	if (p->sc.s[p->sc.pos] == ',') {
		p->sc.pos++;
		if (!name(p, key, sizeof key, &at) || strcmp(key, "swizzle_inner") != 0) {
			p->sc.pos = at;
			return lay_scan_expected(&p->sc, "swizzle_inner=True or False");
		}
		if (lay_scan_expect(&p->sc, '=', "'='"))
			return p->sc.err ? p->sc.err->code : LAY_ESYNTAX;
		int rc = boolean(p, inner);
		if (rc)
			return rc;
	}
	return lay_scan_expect(&p->sc, ')', "')' closing SwizzleLayout(...)");
}

static int finish(struct ap *p, struct lay_axe_compose *c, const int64_t v[3], const int vpos[3],
		  bool inner)
{
	static const char *what[] = { "per_element", "swizzle_len", "atom_len" };
	for (int k = 0; k < 3; k++)
		if (v[k] < 0)
			return lay_scan_error(&p->sc, LAY_ERANGE, vpos[k], "%s %lld is negative",
					      what[k], (long long)v[k]);
	if (v[2] < v[1])
		return lay_scan_error(
			&p->sc, LAY_ERANGE, vpos[2],
			"atom_len %lld is below swizzle_len %lld: the XORed bit fields "
			"would overlap",
			(long long)v[2], (long long)v[1]);
	const char *why = lay_swizzle_invalid((int)v[1], (int)v[0], (int)v[2]);
	if (why)
		return lay_scan_error(&p->sc, LAY_ERANGE, vpos[0],
				      "ComposeLayout(%lld, %lld, %lld): %s", (long long)v[0],
				      (long long)v[1], (long long)v[2], why);
	c->composed = true;
	c->M = (int)v[0];
	c->B = (int)v[1];
	c->S = inner ? (int)v[2] : -(int)v[2];
	c->sw_pos = vpos[0];
	return 0;
}

/* What ComposeLayout's arguments said. */
struct compose_args {
	int64_t v[3];
	int vpos[3];
	bool have[3], inner, have_tile, legacy;
	int n,	    /* positional arguments read */
		at; /* where the last name read starts */
};

/* A keyword argument key=value, after the '='. */
static int keyword_arg(struct ap *p, struct lay_axe_compose *c, const char *key,
		       struct compose_args *g)
{
	int rc;
	int k = strcmp(key, "per_element") == 0	    ? 0
		: strcmp(key, "swizzle_len") == 0   ? 1
		: strcmp(key, "atom_len") == 0	    ? 2
		: strcmp(key, "swizzle_inner") == 0 ? 3
		: strcmp(key, "tile_layout") == 0   ? 4
						    : -1;
	if (k < 0)
		return lay_scan_error(&p->sc, LAY_ESYNTAX, g->at,
				      "unknown argument '%s' (per_element, "
				      "swizzle_len, atom_len, tile_layout, "
				      "swizzle_inner)",
				      key);
	if (k < 3) {
		if ((rc = integer(p, &g->v[k], &g->vpos[k])))
			return rc;
		g->have[k] = true;
	} else if (k == 3) {
		if ((rc = boolean(p, &g->inner)))
			return rc;
	} else {
		char t[32];
		if (!name(p, t, sizeof t, &g->at) || strcmp(t, "TileLayout") != 0) {
			p->sc.pos = g->at;
			return lay_scan_expected(&p->sc, "TileLayout(...)");
		}
		if ((rc = tile(p, c)))
			return rc;
		g->have_tile = true;
	}
	return 0;
}

/* The arguments of ComposeLayout(...), up to its ')'. */
static int compose_args(struct ap *p, struct lay_axe_compose *c, struct compose_args *g)
{
	char key[32];
	int rc;
	for (;;) {
		int save;
		lay_scan_ws(&p->sc);
		save = p->sc.pos;
		if (name(p, key, sizeof key, &g->at)) {
			lay_scan_ws(&p->sc);
			if (p->sc.s[p->sc.pos] == '=') {
				/* keyword argument */
				p->sc.pos++;
				if ((rc = keyword_arg(p, c, key, g)))
					return rc;
			} else if (strcmp(key, "SwizzleLayout") == 0 && g->n == 0) {
				g->legacy = true;
				if ((rc = swizzle_layout(p, g->v, g->vpos, &g->inner)))
					return rc;
				g->have[0] = g->have[1] = g->have[2] = true;
				g->n = 3;
			} else if (strcmp(key, "TileLayout") == 0) {
				if (!g->legacy && g->n < 3)
					return lay_scan_error(&p->sc, LAY_ESYNTAX, g->at,
							      "ComposeLayout takes per_element, "
							      "swizzle_len and atom_len before the "
							      "TileLayout");
				if ((rc = tile(p, c)))
					return rc;
				g->have_tile = true;
				g->n = 4;
			} else {
				p->sc.pos = save;
				return lay_scan_expected(&p->sc,
							 g->n < 3 ? "an integer swizzle parameter"
								  : "TileLayout(...)");
			}
		} else {
			if (g->n >= 3)
				return lay_scan_expected(&p->sc, "TileLayout(...)");
			if ((rc = integer(p, &g->v[g->n], &g->vpos[g->n])))
				return rc;
			g->have[g->n++] = true;
		}
		lay_scan_ws(&p->sc);
		if (p->sc.s[p->sc.pos] == ',') {
			p->sc.pos++;
			lay_scan_ws(&p->sc);
			if (p->sc.s[p->sc.pos] == ')')
				return 0;
			continue;
		}
		return 0;
	}
}

int lay_axe_compose_parse(const char *text, const char *ptr, struct lay_axe_compose *c,
			  struct lay_error *err)
{
	struct ap p;
	lay_scan_init(&p.sc, text, ptr, err, 0);
	char w[64];
	int at, rc, vpos[3] = { 0, 0, 0 };
	int64_t v[3] = { 0, 0, 0 };
	bool inner = true;
	memset(c, 0, sizeof *c);
	c->tile_lo = c->tile_hi = -1;
	if (!name(&p, w, sizeof w, &at))
		return 0;
	if (strcmp(w, "SwizzleLayout") == 0) {
		/* a bare swizzle: the identity tile of its own size */
		if ((rc = swizzle_layout(&p, v, vpos, &inner)))
			return rc;
		if ((rc = finish(&p, c, v, vpos, inner)))
			return rc;
		c->bare_size = (int64_t)1 << (v[0] + v[1] + v[2]);
	} else if (strcmp(w, "ComposeLayout") == 0) {
		struct compose_args g = { .inner = true, .at = at };
		if ((rc = lay_scan_expect(&p.sc, '(', "'(' after ComposeLayout")))
			return rc;
		if ((rc = compose_args(&p, c, &g)))
			return rc;
		if ((rc = lay_scan_expect(&p.sc, ')', "',' or ')' closing ComposeLayout(...)")))
			return rc;
		for (int k = 0; k < 3; k++)
			if (!g.have[k])
				return lay_scan_error(
					&p.sc, LAY_ESYNTAX, g.at,
					"ComposeLayout needs per_element, swizzle_len and "
					"atom_len");
		if (!g.have_tile)
			return lay_scan_error(&p.sc, LAY_ESYNTAX, g.at,
					      "ComposeLayout needs a TileLayout(...)");
		if ((rc = finish(&p, c, g.v, g.vpos, g.inner)))
			return rc;
	} else {
		return 0; /* a plain Axe layout */
	}
	lay_scan_ws(&p.sc);
	if (p.sc.s[p.sc.pos])
		return lay_scan_expected(&p.sc, "the end of the layout");
	return 0;
}
