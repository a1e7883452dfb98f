/*
 * axe_compose.h - internal to the engine: TVM's swizzled layouts in the
 * axe notation (axe_compose.c finds the parts, axe.c parses the tile).
 */
#ifndef LAYOUTD_AXE_COMPOSE_H
#define LAYOUTD_AXE_COMPOSE_H

#include "layout.h"

struct lay_axe_compose {
	bool composed;	      /* false: a plain Axe layout, parse the whole text */
	int B, M, S;	      /* Swizzle<B, M, S>; S < 0 for swizzle_inner=False */
	int sw_pos;	      /* where the swizzle parameters start */
	int tile_lo, tile_hi; /* the TileLayout's argument text, -1 for a bare swizzle */
	int64_t bare_size;    /* a bare SwizzleLayout: its size 2^(M+B+|S|) */
};

/* Read `text` (the JSON string at `ptr`): 0 with c->composed false for a
 * plain layout, 0 with the parts, or a located error. */
int lay_axe_compose_parse(const char *text, const char *ptr, struct lay_axe_compose *c,
			  struct lay_error *err);

#endif
