/*
 * lint_amd_tr.c - the gfx950 transposed LDS reads of a lint finding
 * (lint.h): whether Triton lowers an AMD ttg.local_load with
 * ds_read_b64_tr_b16 (16-bit elements) or ds_read_b64_tr_b8 (8-bit), and
 * that access's bank conflicts when it does.
 *
 * The instruction (CDNA4): each lane reads 64 contiguous bits, T elements
 * (T = 64 / element bits); the T lanes of a group exchange them so that
 * lane i of the group holds the i-th element of each.  Triton's rule is
 * TransLocalLoadOpConversion (third_party/amd/lib/TritonAMDGPUToLLVM/
 * MemoryOpToLLVM.cpp, TargetInfo::queryLDSTransLoadParams): with cvt the
 * map (register, lane, warp) -> shared offset of the load (the tensor's
 * layout composed with the inverse of the shared one), the lowering
 * applies iff
 *
 *   - the elements are 16 or 8 bits and the target is CDNA4 (gfx950);
 *   - a padded_shared layout pads no more often than every T elements;
 *   - cvt has at least T registers;
 *   - divideLeft(cvt, identity1D(T, lane, offset)) exists: lanes 1, 2, ...
 *     T/2 reach offsets 1, 2, ... T/2, and every other register, lane and
 *     warp basis an offset that is a multiple of T.
 *
 * Otherwise Triton falls back to the generic local_load.  The lanes'
 * addresses follow the lowering's fullTile: with O = 4 (16-bit) or 2
 * (8-bit), lane L's address bits [0, log2 O) are the tensor lane bits
 * [log2 T, log2 T + log2 O), its next log2 T bits the register bits
 * [0, log2 T), its high bits the lane bits above; the lane bits below
 * log2 T are the transpose's own.  One instruction per T registers.
 * Bank conflicts are counted as for any 64-bit LDS read (access_amd.c): a
 * phase of banks / 2 consecutive lanes, costing the most distinct 4-byte
 * words of one bank.  instructions are summed over the warps, as the
 * access's are; instructions_per_thread is what the lowering emits.
 */
#include <stdlib.h>
#include <string.h>

#include "analysis/access.h"
#include "analysis/lint.h"

struct tr {
	struct acc A;
	int T, tb, ob; /* elements per lane, log2 T, log2 O */
	int64_t instr, wf, ideal;
};

/* The linear offset of (register r, lane l, warp g); -1: no element. */
static int64_t tr_off(const struct acc *A, int64_t g, int64_t l, int64_t r)
{
	if (g >= A->G || l >= A->L || r >= A->R)
		return -1;
	int32_t e = A->pelem[(g * A->L + l) * A->R + r];
	return e < 0 ? -1 : A->eoff[e];
}

/* NULL when cvt divides by the tile on the left; else why not. */
static const char *tr_rule(const struct tr *t)
{
	const struct acc *A = &t->A;
	if (A->L != 64)
		return "the layout does not span a 64-lane wave";
	if (A->R < t->T)
		return "fewer registers than one instruction moves";
	if (tr_off(A, 0, 0, 0) != 0)
		return "register 0 of lane 0 is not at offset 0";
	for (int i = 0; i < t->tb; i++)
		if (tr_off(A, 0, 1 << i, 0) != 1 << i)
			return "the first lanes do not reach consecutive shared offsets";
	for (int64_t b = 1; b < A->R; b <<= 1)
		if (tr_off(A, 0, 0, b) & (t->T - 1))
			return "a register lies within another lane's 64 bits";
	for (int64_t b = (int64_t)1 << t->tb; b < A->L; b <<= 1)
		if (tr_off(A, 0, b, 0) & (t->T - 1))
			return "a lane beyond the transpose group lies within its 64 bits";
	for (int64_t b = 1; b < A->G; b <<= 1)
		if (tr_off(A, b, 0, 0) & (t->T - 1))
			return "a warp lies within a lane's 64 bits";
	return NULL;
}

static int cmp_i64(const void *a, const void *b)
{
	int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
	return (x > y) - (x < y);
}

/* Lane L's tensor lane and register (within its instruction). */
static void tr_lane(const struct tr *t, int64_t L, int64_t *lane, int64_t *reg)
{
	int64_t o = L & ((1 << t->ob) - 1);
	*reg = L >> t->ob & (t->T - 1);
	*lane = o << t->tb | (L >> (t->ob + t->tb)) << (t->tb + t->ob);
}

/* The wavefronts of every instruction of every warp. */
static void tr_count(struct tr *t)
{
	const struct acc *A = &t->A;
	int64_t lpw = A->banks / 2, words[2 * ACC_MAX_LANES];
	for (int64_t g = 0; g < A->G; g++)
		for (int64_t k = 0; k < A->R / t->T; k++, t->instr++)
			for (int64_t ph = 0; ph < A->lanes / lpw; ph++) {
				size_t n = 0;
				for (int64_t L = ph * lpw; L < (ph + 1) * lpw; L++) {
					int64_t lane, reg;
					tr_lane(t, L, &lane, &reg);
					int64_t o = tr_off(A, g, lane, k * t->T + reg);
					if (o < 0)
						continue;
					int64_t w = acc_phys(A, o) * A->bits / 32;
					words[n++] = w;
					words[n++] = w + 1;
				}
				qsort(words, n, sizeof *words, cmp_i64);
				size_t u = 0;
				for (size_t i = 0; i < n; i++)
					if (!u || words[u - 1] != words[i])
						words[u++] = words[i];
				if (u) {
					t->wf += acc_wavefront_cost(A, words, u, NULL);
					t->ideal++;
				}
			}
}

static json_t *tr_json(struct tr *t, const char *why)
{
	const char *name = t->A.bits == 16 ? "ds_read_b64_tr_b16" : "ds_read_b64_tr_b8";
	if (why)
		return json_pack("{s:s,s:b,s:s}", "instruction", name, "used", 0, "reason", why);
	tr_count(t);
	return json_pack("{s:s,s:b,s:I,s:I,s:I,s:I,s:o}", "instruction", name, "used", 1,
			 "instructions", (json_int_t)t->instr, "instructions_per_thread",
			 (json_int_t)(t->A.R / t->T), "wavefronts", (json_int_t)t->wf,
			 "ideal_wavefronts", (json_int_t)t->ideal, "bank_conflicts",
			 acc_number(t->wf - t->ideal, t->ideal));
}

/* A padded layout pads at least every T elements: Triton reads plainly. */
static bool tr_pad_ok(const struct acc *A, int T)
{
	for (int k = 0; A->pad && k < A->pad->n; k++)
		if (((int64_t)1 << A->pad->shift[k]) < T)
			return false;
	return true;
}

void lay_lint_ds_read_tr(json_t *f, struct lay_def *mem, json_t *threads, bool store,
			 const struct lay_options *opt)
{
	json_int_t bits = json_integer_value(json_object_get(f, "element_bits"));
	const char *tg = json_string_value(json_object_get(f, "target"));
	if (store || (bits != 8 && bits != 16) || !tg || strcmp(tg, "gfx950") != 0)
		return;
	struct tr t = { .T = (int)(64 / bits), .tb = bits == 16 ? 2 : 3, .ob = bits == 16 ? 2 : 1 };
	struct lay_error err;
	lay_error_clear(&err);
	struct lay_def *thr = lay_def_new(threads, "/access/threads", opt, &err);
	t.A = (struct acc){ .mem = mem,
			    .thr = thr,
			    .bits = (int)bits,
			    .op = "load",
			    .examples = 1,
			    .target = ACC_GFX950,
			    .lanes = 64,
			    .banks = 64 };
	json_t *j = NULL;
	if (thr && !acc_read_memory(&t.A, mem->ptr[0] ? mem->ptr : "/layout", &err) &&
	    !acc_read_threads(&t.A, "/access/threads", &err))
		j = tr_json(&t, !tr_pad_ok(&t.A, t.T)
					? "the padding interval is shorter than one lane's 64 bits"
					: tr_rule(&t));
	if (j)
		json_object_set_new(f, "ds_read_tr", j);
	lay_ctx_free(t.A.eoff);
	lay_ctx_free(t.A.pelem);
	lay_ctx_free(t.A.f);
	lay_ctx_free(t.A.regmap);
	lay_def_free(thr);
}
