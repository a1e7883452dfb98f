/*
 * lint_views.h - a memdesc view read with its allocation (lint_views.c).
 * Internal to lint.
 */
#ifndef LAYOUTD_LINT_VIEWS_H
#define LAYOUTD_LINT_VIEWS_H

#include "notation/ttgir_lines.h"

#define LINT_VIEW_RANK 8

/* A memdesc type (md, ml bytes) that is a view: its rank, its shape and
 * its allocation's (the trailing dims of the type's last member, Triton's
 * getAllocShape().take_back(rank)); 0 when its allocation is itself. */
int lint_view_shape(const char *md, int ml, long long *shape, long long *alloc);

/*
 * The view offsets (rank of them, into origin) of the memdesc operand of
 * the op `op` at column col of line l -- a local_load's first operand, a
 * local_store's second -- summed back along memdesc_subslice /
 * memdesc_subview offsets and through memdesc_index to a value whose type
 * is not a view.  1 when they are known so; 0 when the chain leaves what
 * lint reads (a block argument that is a view, a dynamic offset, another
 * op), origin then holding what was summed.
 */
int lint_view_origin(const struct module *m, const struct line *l, int col, const char *op,
		     int rank, long long *origin);

/* What lint knows of an access's view: rank 0 for no view. */
struct lint_view {
	int rank;
	bool known; /* origin read back to the allocation */
	long long origin[LINT_VIEW_RANK], alloc[LINT_VIEW_RANK];
};

/* The view of the memdesc md (ml bytes) an access op at column col of
 * line l reads through, into v (v->rank 0: none). */
void lint_view_read(const struct module *m, const struct line *l, int col, const char *op,
		    const char *md, int ml, struct lint_view *v);
/* The op's cache key into kind (n bytes): base, and for an access op (ty
 * not NULL) through a view, lint_view_read on its first memdesc type and
 * the view's offsets appended ("l@0@16", -1 unknown). */
void lint_view_op(const struct module *m, const struct line *l, int col, const char *op,
		  const struct optypes *ty, struct lint_view *v, const char *base, char *kind,
		  size_t n);
/* {"allocation": [...], "offsets": [...] or null} of a view. */
json_t *lint_view_json(const struct lint_view *v);

#endif
