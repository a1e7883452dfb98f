/*
 * cute_text.h - internal to the cute notation: the tree of modes its text
 * reader (cute_text.c) builds and the setup (cute.c) reads.  Not installed.
 */
#ifndef LAYOUTD_CUTE_TEXT_H
#define LAYOUTD_CUTE_TEXT_H

#include "notation/cute_atoms.h"
#include "notation/scan.h"
#include "layout.h"

/* Nodes of one parsed tuple tree: a text holds at most this many (leaves
 * are capped separately by LAYOUTD_MAX_ITERS; this bounds `((((8))))`). */
#define CUTE_MAX_NODES 1024

struct node {
	int pos; /* character offset where the mode starts */
	bool leaf;
	bool is_static; /* written _N, Int<N>, C<N> or inside a C++ type */
	int64_t val;
	char axis[LAYOUTD_MAX_NAME]; /* "" = plain stride (axis m) */
	int nkids;
	int kid;  /* first child */
	int next; /* next sibling, -1 at the end */
};

struct cute_parser {
	struct lay_scan sc; /* C++ comments allowed */
	struct node *nodes;
	int nnodes;
	int depth;
	int nleaf; /* leaves of the tree being parsed */
	bool cxx;  /* inside a C++ type (Layout<, Shape<, ...): integers static */
};

/* The whole text: `[using NAME =] Layout<SHAPE [, STRIDE]> [;]` or
 * `SHAPE [: STRIDE]`: the shape's and the stride's root nodes (*stride -1
 * when no stride was written: CuTe's default, compact colex strides). */
int cute_parse_text(struct cute_parser *p, int *shape, int *stride);
/* A composed layout's tile (cc->tile) applied to the tree. */
int cute_tile_nodes(struct cute_parser *p, int *shape, int *stride, struct lay_cute_compose *cc);
/* Leaves of a tree left to right (= colex order), into idx[]. */
void cute_leaves(const struct cute_parser *p, int node, int *idx, int *n);
/* Shape and stride trees of the same structure, or a located error. */
int cute_congruent(struct cute_parser *p, int sh, int st);

#endif
