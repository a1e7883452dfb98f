/*
 * cute_atoms.h - internal to the engine: the composed-layout front end of
 * the cute notation (swizzle o offset o layout in its printed, C++ and
 * Python spellings, the GMMA/UMMA shared-memory atoms, tile_to_shape).
 * It finds the parts; cute.c parses the inner layout and walks it.
 */
#ifndef LAYOUTD_CUTE_ATOMS_H
#define LAYOUTD_CUTE_ATOMS_H

#include "layout.h"

struct lay_cute_compose {
	bool composed; /* false: a plain layout, parse the whole text */
	/* The inner layout: text[inner_lo, inner_hi) of the input, or, for a
	 * named atom, generated text (synth) standing for the atom at atom_pos. */
	int inner_lo, inner_hi;
	char synth[128];
	bool is_synth;
	int atom_pos;
	/* The swizzle, when one was written (B = 0 is the identity). */
	bool has_swizzle;
	int B, M, S;
	int sw_pos;
	int64_t offset;
	bool offset_dynamic; /* written as a plain integer (`o 0 o`), not _N */
	int flag_bits;	     /* smem_ptr flag / atom element width; 0: none */
	int flag_pos;
	/* tile_to_shape(ATOM, TARGET[, ORDER]) */
	bool tile;
	int tile_pos;
	int tile_rank;
	int64_t target[LAYOUTD_MAX_RANK];
	int target_pos[LAYOUTD_MAX_RANK];
	int64_t order[LAYOUTD_MAX_RANK];
	int64_t atom_size; /* set by the tiling: elements in one atom */
};

/* Read the composed forms of `text` (the JSON string at `ptr`).  Returns 0
 * (cc->composed false for a plain layout) or a located error. */
int lay_cute_compose_parse(const char *text, const char *ptr, struct lay_cute_compose *cc,
			   struct lay_error *err);

/* tile_to_shape's block layout (CuTe make_ordered_layout): for target
 * extents t[0..R) over atom mode sizes a[0..R) (1 past the atom's rank) and
 * an order (CuTe Step; compact_order semantics: a mode's stride is the
 * product of the block extents of the modes with a smaller order), fill the
 * block extents n[] and strides d[] (in atoms).  Returns -1, or the first
 * mode whose target extent the atom's does not divide. */
int lay_cute_tile_block(int R, const int64_t *t, const int64_t *a, const int64_t *order, int64_t *n,
			int64_t *d);

struct lay_scan;
/* The width in bits of a CUTLASS element type (half_t, int8_t, ...; the
 * last segment of its name), 0 for a name it does not define. */
int lay_cute_type_bits(const char *name);
/* An element type at sc->pos (white space and comments first): NAME,
 * ns::NAME, complex<T>, uint_bit_t<N> or int_bit_t<N>; its width into
 * *bits, where it starts into *at.  Unknown names are LAY_EUNKNOWN at
 * *at.  Both CuTe readers (atoms, expressions) read types here. */
int lay_cute_type_read(struct lay_scan *sc, int *bits, int *at);

/* The value of Int<N> or C<N> after its name ('<', [-]N, '>'); `read`
 * reads N at sc->pos the caller's way (its checks of what follows). */
int lay_cute_int_arg(struct lay_scan *sc, int64_t *v,
		     int (*read)(struct lay_scan *sc, int start, bool neg, int64_t *v));

#endif
