/*
 * cute_tmem.h - internal to the engine: Blackwell tensor memory as the cute
 * notation reads it: the CUTLASS SM100 TMEM copy atoms and layouts onto
 * TMEM addresses (cute_tmem.c).  The "tmem" section of the analysis
 * (analysis/tmem.h) judges them.  Not installed.
 */
#ifndef LAYOUTD_CUTE_TMEM_H
#define LAYOUTD_CUTE_TMEM_H

#include "layout.h"

#define TMEM_LANES   128
#define TMEM_COLUMNS 512

/* The data movement shapes of tcgen05.ld/st (PTX "Data Movement Shape"). */
enum tmem_family { TMEM_32DP32B, TMEM_16DP32B, TMEM_16DP64B, TMEM_16DP128B, TMEM_16DP256B };
#define TMEM_NFAMILY 5

struct tmem_atom {
	int family; /* enum tmem_family */
	int reps;   /* the N of "Nx": a power of two */
	bool b16;   /* the _16b form: pack::16b / unpack::16b */
	bool load;  /* LOAD, else STORE */
};

/* Values per thread: 32-bit registers, or 16-bit halves for _16b. */
int tmem_atom_values(const struct tmem_atom *a);
/* Where value v of thread t (one warp, base address 0) sits: its TMEM
 * lane and 32-bit column.  A _16b value is alone in the low half of its
 * column. */
void tmem_atom_place(const struct tmem_atom *a, int t, int v, int *lane, int *col);
/* "SM100_TMEM_LOAD_32dp32b8x_16b" into buf. */
void tmem_atom_name(const struct tmem_atom *a, char *buf, size_t n);
/* The atoms there are: index k < tmem_atom_count() -> *a. */
int tmem_atom_count(void);
void tmem_atom_at(int k, struct tmem_atom *a);

/* Does the cute text name a TMEM atom (after C++ qualifiers and a
 * Copy_Traits<...> / Copy_Atom<...> wrapper)? */
bool lay_cute_tmem_text(const char *text);
/* The cute notation for a TMEM atom: fills def->ops, def->state, axes
 * (thread, value, TLane, TCol) and the shape [32, V].  Located errors. */
int lay_cute_tmem_parse(struct lay_def *def, const char *text, const char *ptr, json_t *whole,
			struct lay_error *err);

/* A layout onto TMEM addresses: CuTe's printed tmem_[32b](0x0000.0000) o
 * L, or strides TMEM::DP_b / TMEM::DP<T>.  The cute notation reads the
 * layout; its memory coordinate, a TMEM address in element units, is
 * placed at TLane, TCol (32-bit columns) and TSub (the element's slot in
 * its cell, for elements under 32 bits). */
bool lay_cute_tmem_addressed(const char *text);
int lay_cute_tmem_addr_parse(struct lay_def *def, json_t *v, json_t *whole, struct lay_error *err);

/* The cute notation's reader (cute.c), which a TMEM-addressed layout's
 * reader hands the layout to. */
int lay_cute_parse(struct lay_def *def, json_t *v, json_t *whole, struct lay_error *err);

#endif
