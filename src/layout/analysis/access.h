/*
 * access.h - internal to the access analysis: the composed table of a
 * memory layout and a threads layout (struct acc), one count of an access
 * over it (struct count), and what access.c, access_read.c and
 * access_count.c share with each other and with the swizzle search
 * in access_suggest.c.  Not installed.
 */
#ifndef LAYOUTD_ACCESS_H
#define LAYOUTD_ACCESS_H

#include "layout.h"

#define ACC_BANKS      32  /* NVIDIA: 32 banks of 4 bytes */
#define ACC_LANES      32  /* lanes per warp on NVIDIA GPUs */
#define ACC_MAX_BANKS  64  /* gfx950 */
#define ACC_MAX_LANES  64  /* AMD CDNA waves */
#define ACC_MAX_ACCESS 128 /* bits one lane moves in one instruction */
#define ACC_MAX_EX     LAYOUTD_MAX_EXAMPLES

struct acc {
	const struct lay_def *mem, *thr;
	int bits;
	int64_t vec_req; /* 0: the largest possible */
	const char *op;
	int examples;
	/* the hardware (access_amd.c): lanes per warp or wave, banks */
	int target; /* enum acc_target */
	int lanes, banks;
	bool global; /* access.space "global": sectors, not banks */
	/* memory side */
	int off_axis;
	int64_t noff;  /* extent of the offset axis */
	int64_t *eoff; /* element -> lowest offset (padded: the linear one) */
	/* padded_shared (mem->padding): vectors are found on the linear
	 * offsets, banks counted on the padded ones (acc_phys); NULL: none */
	const struct lay_padding *pad;
	bool bijective;
	int64_t replicated;
	/* multi-CTA (access_part.c), when per_cta asks for it: the memory's
	 * and the threads' owner axis named "block" (-1: none), the CTAs the
	 * memory spans (nblk) and, for CTA b >= 1, eoff_cta[(b - 1) * size + e]
	 * the lowest offset of element e in CTA b's shared memory (-1: not
	 * there); eoff is CTA 0's.  ctas: the CTAs counted as CTA 0 */
	bool per_cta;
	int mem_blk, thr_blk;
	int64_t nblk, ctas, cta_stride;
	int64_t *eoff_cta;
	/* access.origin (access_part.c): the threads' tile is the layout's
	 * sub-tile at these coordinates (norigin 0: the same tile) */
	int norigin;
	int64_t origin[LAYOUTD_MAX_RANK];
	/* threads side: axes and extents */
	int lane_axis, thread_axis;
	int nslot, slot_axes[LAYOUTD_MAX_AXES];
	int ngrp, grp_axes[LAYOUTD_MAX_AXES];
	int64_t ext[LAYOUTD_MAX_AXES];
	int64_t twarps; /* warps a thread axis spans (1 without one) */
	int64_t R, L, G;
	int32_t *pelem; /* point ((g * L + l) * R + r) -> element, -1 none */
	/* registers after dropping broadcast bits */
	bool rpow2;
	int nkept, kept[32]; /* kept register bits, ascending */
	int64_t R2;
	int64_t *f;	 /* compacted point -> offset, -1 inactive */
	int64_t *regmap; /* register group * v + slot -> compacted register */
	int64_t rm_v;	 /* regmap's vector width (0: not filled) and bits */
	int rm_nsel, rm_sel[8];
	/* the swizzle search's floor under a bounded count: of vector width
	 * floor_v (0: none) the count has floor_ideal non-empty wavefronts,
	 * each costing one at least, so it gives up once it cannot come
	 * under its bound (nor reach it, when ties_lose) */
	int64_t floor_v, floor_ideal;
	bool ties_lose;
	/* a candidate's offsets, Sw<sw_B,sw_M,sw_S> of f_src's (NULL: f is
	 * whole), written into f one warp group at a time as a count reaches
	 * it: a count that gives up early costs only what it read */
	const int64_t *f_src;
	int sw_B, sw_M, sw_S;
	int64_t f_ready; /* f holds groups [0, f_ready) */
};

/* Sw<B,M,S> of offset x (B = 0: x). */
static inline int64_t acc_swz(int64_t x, int B, int M, int S)
{
	if (B == 0)
		return x;
	int64_t msk = ((INT64_C(1) << B) - 1) << (M + S);
	return x ^ ((x & msk) >> S);
}

/* f complete through warp group g (a lazily swizzled candidate's). */
void acc_f_fill(struct acc *A, int64_t g);
static inline void acc_f_upto(struct acc *A, int64_t g)
{
	if (A->f_src && g >= A->f_ready)
		acc_f_fill(A, g);
}

/* One count of an access over an offset assignment. */
struct count {
	int64_t v;	   /* elements per lane per instruction */
	int nsel, sel[8];  /* register bits of a vector, in offset order */
	int nrem, rem[32]; /* the other register bits, ascending */
	int64_t vw;	   /* words per lane access */
	int64_t lanes_per_wf, wf_per_instr, instr_regs, instructions;
	int64_t total, ideal, max_ways;
	int nworst;
	int64_t worst[ACC_MAX_EX][3]; /* g, register group, wavefront */
	int64_t analytic;	      /* -1 when the layouts are not GF(2) */
};

enum acc_target { ACC_NVIDIA, ACC_GFX942, ACC_GFX950 };

/* The request's bounds an access runs in (its layouts'): every array of
 * struct acc comes from lay_ctx_malloc and goes back by lay_ctx_free. */
static inline struct lay_ctx *acc_ctx(const struct acc *A)
{
	return A->mem ? A->mem->ctx : A->thr ? A->thr->ctx : NULL;
}

/* access_amd.c: the target named by access.target (lanes, banks), or a
 * located error naming the known ones. */
int acc_parse_target(struct acc *A, json_t *val, const char *ptr, struct lay_error *err);
const char *acc_target_name(int target);
/* The target a TTGIR text's module line names (ttg.target or
 * triton_gpu.target = "hip:gfx942", "hip:gfx950", "cuda:..."): *name the
 * access model's ("gfx942", "gfx950", "nvidia"), NULL when the text names
 * none; a located error (at ptr) for a target the model does not know. */
int acc_text_target(const char *text, const char *ptr, const char **name, struct lay_error *err);
/* Lanes served together (one wavefront, AMD's phase) for an access of vw
 * words per lane under op, and how many such groups one instruction
 * has for L lanes. */
void acc_phase_shape(const struct acc *A, int64_t vw, int64_t *lanes_per_wf, int64_t *nwf);
/* The lanes of wavefront wf, ascending, below A->L; returns their count. */
int64_t acc_phase_lanes(const struct acc *A, const struct count *C, int64_t wf, int64_t *lanes);
/* Whether wavefronts are runs of consecutive lanes (false: a phase table). */
bool acc_phase_consecutive(const struct acc *A, const struct count *C);
/* The lane count of the threads layout against the target: an error when
 * it cannot fit the wave, a warning (appended) when it suggests another
 * target. */
int acc_check_lanes(const struct acc *A, json_t *warnings, struct lay_error *err);

/* Counts the access over offsets eoff (element -> offset) into *C: vector
 * width (the largest, or the requested one when need_vec), wavefronts,
 * conflicts and the worst wavefronts; a located error otherwise.  NULL
 * eoff: A->f already holds the offsets of every point (the swizzle
 * search fills it from the previous ones). */
int acc_count_access(struct acc *A, const int64_t *eoff, struct count *C, bool need_vec,
		     const char *vptr, int64_t bound, struct lay_error *err);
/* The response members of one count. */
json_t *acc_count_json(const struct acc *A, const struct count *C);
/* The user's coordinates of compacted point (g, l, r2) of the threads
 * layout, and the register index of compacted register r2. */
json_t *acc_point_json(const struct acc *A, int64_t g, int64_t l, int64_t r2);
int64_t acc_expand_reg(const struct acc *A, int64_t r2);
/* access_global.c: the coalescing report of a counted access (its vector
 * and register groups), or NULL with err set. */
json_t *acc_global_json(const struct acc *A, const struct count *C, struct lay_error *err);
/* access.c: an element_bits member (a power of two from 1 to 128) into
 * *bits, or a located error. */
int acc_parse_bits(json_t *val, const char *q, int *bits, struct lay_error *err);
/* access_read.c: true when a and b cover different logical tiles, their
 * shapes then written "4, 8" into ta and tb (n bytes each). */
bool acc_tiles_differ(const struct lay_def *a, const struct lay_def *b, char *ta, char *tb,
		      size_t n);
/* Element e as its logical coordinates. */
json_t *acc_elem_json(const struct lay_def *def, int64_t e);
bool acc_is_pow2(int64_t x);
/* The physical offset of linear offset o (o itself unless padded). */
static inline int64_t acc_phys(const struct acc *A, int64_t o)
{
	return o >= 0 && A->pad ? lay_padding_apply(A->pad, o) : o;
}
int acc_log2i(int64_t x);
/* num / den as an integer when exact, else a real. */
json_t *acc_number(int64_t num, int64_t den);
/* access_count.c, for the report: one wavefront's distinct words, sorted
 * (words has room for 4 a lane), and its cost with its most loaded bank. */
size_t acc_wavefront_words(const struct acc *A, const struct count *C, int64_t g, int64_t ig,
			   int64_t wf, int64_t *words);
int64_t acc_wavefront_cost(const struct acc *A, const int64_t *words, size_t n, int64_t *bank_out);
int acc_cmp_i64(const void *a, const void *b);
/* The compacted register of vector slot s in register group ig. */
int64_t acc_reg_of(const struct acc *A, const struct count *C, int64_t ig, int64_t s);
/* access_table.c: the rows of def (lay_table's, or straight from a GF(2)
 * definition's bases, without logical coordinates). */
int acc_table(const struct lay_def *def, lay_row_fn fn, void *ctx, struct lay_error *err);
/* The axis extents (declared, else the largest coordinate + 1) acc_table's
 * rows will have, when its closed form knows them beforehand. */
bool acc_table_extents(const struct lay_def *def, int64_t *ext);
/* A GF(2) definition acc_table reads from its bases: its in-dims (axis,
 * bits), in the order of its hardware bits, low first. */
bool acc_gf2_dims(const struct lay_def *def, int *nin, int *in_axis, int *in_bits);
/* pelem[p(h)] = the element of hardware point h for every h, p the XOR of
 * pbit[b] over the set bits b of h: 0, or LAY_ESCHEMA when a point gets
 * two elements (*clash the first, *elem the second). */
int acc_gf2_fill(const struct lay_def *def, const int64_t *pbit, int32_t *pelem, int64_t *clash,
		 int64_t *elem);
/* The threads side of A->thr: lane, warp groups, registers, the point ->
 * element table and the kept (non-broadcast) register bits. */
int acc_read_threads(struct acc *A, const char *tptr, struct lay_error *err);
/* An access reads every element: each one held by a thread on its axes. */
int acc_threads_cover(const struct acc *A, const char *tptr, struct lay_error *err);
/* The memory side: the offset axis and element -> lowest offset. */
int acc_read_memory(struct acc *A, const char *lptr, struct lay_error *err);
/* access_part.c: an access of a layout over several CTAs is CTA 0's, each
 * CTA reading its own shared memory at the offsets CTA 0 reads (Triton's
 * local load and store lower only a map trivial over block): A->G cut to
 * CTA 0's warps, or a located error naming the element or offset that
 * breaks it. */
int acc_cta_split(struct acc *A, const char *tptr, struct lay_error *err);
/* access_part.c: with access.origin, the memory side's offsets re-indexed
 * by the threads' elements, each at origin + its coordinates in the
 * layout's tile (after acc_read_memory); a located error at optr when the
 * tile does not fit. */
int acc_view_origin(struct acc *A, const char *optr, struct lay_error *err);
/* The swizzle search (access_suggest.c): the "suggest" member, or NULL
 * with err set. */
json_t *acc_suggest(struct acc *A, const struct count *orig, json_t *layout_json,
		    const struct lay_options *opt, struct lay_error *err);

#endif
