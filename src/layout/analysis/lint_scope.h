/*
 * lint_scope.h - the warps an op runs with (lint_scope.c): the module line
 * that holds it and the regions between it and that module which set their
 * own number of warps, as Triton's lookupNumWarps walks them.  Internal to
 * lint.
 */
#ifndef LAYOUTD_LINT_SCOPE_H
#define LAYOUTD_LINT_SCOPE_H

#include "notation/ttgir_lines.h"

#define LINT_SCOPES 32

struct lint_scope {
	int depth; /* braces open before the next line */
	int n;
	struct {
		int depth;		/* closed when depth falls to it */
		const struct line *mod; /* a module line, or NULL */
		long long warps;	/* a region's num_warps(N), or 0 */
	} st[LINT_SCOPES];
	const struct line *first; /* the piece's first module line */
	struct line mod;	  /* the module line ops see (text in buf) */
	char *buf;		  /* owned */
	long long warps;	  /* the warps ops see, 0: the module's */
	const struct line *rw_of; /* mod is rw_of rewritten for rw_warps */
	long long rw_warps;
};

/* A piece's scope, before its first line; first is its module line. */
void lint_scope_init(struct lint_scope *sc, const struct line *first);
/* Line l read: the scopes it opens and closes.  Then the module line the
 * ops of l see: the nearest enclosing one, with its ttg.num-warps set to
 * the nearest region's (a warp_specialize partition's num_warps(N), a
 * function's "ttg.num-warps") when that is closer.  NULL: no module line. */
const struct line *lint_scope_line(struct lint_scope *sc, const struct line *l);
/* What the scope owns, given back. */
void lint_scope_free(struct lint_scope *sc);

#endif
