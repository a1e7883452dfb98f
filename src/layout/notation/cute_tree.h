/*
 * cute_tree.h - the cute notation's reader, for whoever redraws CuTe text
 * as CuTe prints it (print/print_cute.c): the layout as written, its shape
 * and stride trees with each integer marked static (`_8`, `Int<8>`, an
 * integer of a C++ `Layout<Shape<...>, Stride<...>>`) or dynamic (`8`),
 * and the swizzle and offset of a composed `Sw<B,M,S> o OFF o LAYOUT`.
 */
#ifndef LAYOUTD_CUTE_TREE_H
#define LAYOUTD_CUTE_TREE_H

#include <stdbool.h>
#include <stdint.h>

#include "layout.h"

struct lay_cute_node {
	bool leaf, is_static;
	int64_t val;
	int pos;   /* byte offset in the text where the mode starts */
	int nkids; /* a tuple's modes */
	int kid;   /* first mode, -1 for none */
	int next;  /* next sibling, -1 at the end */
};

struct lay_cute_tree {
	struct lay_cute_node *n; /* malloc'd; lay_cute_tree_free */
	int nn;
	int shape, stride; /* root nodes, congruent */
	bool swizzled;
	int B, M, S;
	int64_t offset;
	bool offset_static;
};

/*
 * Read `text` (the JSON string at `ptr`) as a layout written out: SHAPE:
 * STRIDE, Layout<SHAPE, STRIDE>, pycute's Layout(SHAPE, STRIDE), or one of
 * them composed with a swizzle (Sw<B,M,S> o OFF o L, composition(Swizzle<
 * B,M,S>{}, L), SW_B_M_S o OFF o L, ...), after an optional print label and
 * before an optional print_layout grid.  A stride must be written and name
 * no axis; named atoms, tile_to_shape and smem_ptr flags are not layouts
 * written out and are refused.  Returns 0 or a located error (its code the
 * reader's; LAY_ESYNTAX for the forms refused here).
 */
int lay_cute_tree_read(const char *text, const char *ptr, struct lay_cute_tree *t,
		       struct lay_error *err);
void lay_cute_tree_free(struct lay_cute_tree *t);

#endif
