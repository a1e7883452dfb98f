/*
 * access_global.c - coalescing of a warp's global-memory loads and stores.
 *
 * The layout's offset (in elements) is an address from a base aligned to
 * at least 128 bytes.  One instruction is one warp moving one vector group
 * of registers (the vector chosen as for shared memory: a 16-byte access
 * per lane where the layout allows it).  The memory system moves 32-byte
 * sectors of 128-byte lines; an instruction costs the distinct sectors its
 * lanes touch.  Ideal is the distinct bytes it moves, rounded up to whole
 * sectors; efficiency is distinct bytes over bytes transferred (sectors x
 * 32).  Lanes reading the same bytes are served once (broadcast).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/access.h"

#define SECTOR 32
#define LINE   128

struct ginstr {
	int64_t sectors, lines, bytes;
};

static int cmp64(const void *a, const void *b)
{
	int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
	return (x > y) - (x < y);
}

/* Byte address of offset o (bits below a byte round down). */
static int64_t byte_of(const struct acc *A, int64_t o)
{
	return o * A->bits / 8;
}

static size_t distinct(int64_t *v, size_t n)
{
	size_t run = 1;
	while (run < n && v[run - 1] <= v[run])
		run++;
	if (run < n) /* lanes in address order (coalesced) need no sort */
		qsort(v, n, sizeof *v, cmp64);
	size_t d = 0;
	for (size_t k = 0; k < n; k++)
		if (d == 0 || v[k] != v[d - 1])
			v[d++] = v[k];
	return d;
}

/* Offsets instruction (g, ig) touches, into buf; returns their count. */
static size_t instr_offsets(const struct acc *A, const struct count *C, int64_t g, int64_t ig,
			    int64_t *buf)
{
	size_t n = 0;
	const int64_t *rm = A->regmap + ig * C->v;
	for (int64_t l = 0; l < A->L; l++) {
		const int64_t *fr = A->f + (g * A->L + l) * A->R2;
		for (int64_t s = 0; s < C->v; s++)
			if (fr[rm[s]] >= 0)
				buf[n++] = fr[rm[s]];
	}
	return n;
}

static struct ginstr measure(const struct acc *A, int64_t *offs, size_t n, int64_t *tmp)
{
	struct ginstr r = { 0, 0, 0 };
	size_t d = distinct(offs, n);
	if (A->bits >= 8) {
		r.bytes = (int64_t)d * (A->bits / 8);
	} else {
		for (size_t k = 0; k < d; k++)
			tmp[k] = byte_of(A, offs[k]);
		r.bytes = (int64_t)distinct(tmp, d);
	}
	/* an element is at most 16 bytes, aligned to its size: one sector */
	for (size_t k = 0; k < d; k++)
		tmp[k] = byte_of(A, offs[k]) / SECTOR;
	r.sectors = (int64_t)distinct(tmp, d);
	for (size_t k = 0; k < (size_t)r.sectors; k++)
		tmp[k] /= LINE / SECTOR;
	r.lines = (int64_t)distinct(tmp, (size_t)r.sectors);
	return r;
}

/* The sectors of one instruction, each with the accesses that touch it. */
static json_t *sectors_json(const struct acc *A, const struct count *C, int64_t g, int64_t ig)
{
	int64_t nbuf = A->L * C->v;
	int64_t *sec = malloc(sizeof *sec * (size_t)(nbuf ? nbuf : 1));
	json_t *out = json_array();
	if (!sec)
		return out;
	size_t n = 0;
	const int64_t *rm = A->regmap + ig * C->v;
	for (int64_t l = 0; l < A->L; l++)
		for (int64_t s = 0; s < C->v; s++) {
			int64_t o = acc_phys(A, A->f[(g * A->L + l) * A->R2 + rm[s]]);
			if (o >= 0)
				sec[n++] = byte_of(A, o) / SECTOR;
		}
	n = distinct(sec, n);
	for (size_t k = 0; k < n && (int)k < A->examples; k++) {
		json_t *acc = json_array();
		int64_t lo = -1, hi = -1, shown = 0;
		for (int64_t l = 0; l < A->L; l++)
			for (int64_t s = 0; s < C->v; s++) {
				int64_t r2 = rm[s],
					o = acc_phys(A, A->f[(g * A->L + l) * A->R2 + r2]);
				if (o < 0 || byte_of(A, o) / SECTOR != sec[k])
					continue;
				int64_t b = byte_of(A, o);
				if (lo < 0 || b < lo)
					lo = b;
				if (b > hi)
					hi = b;
				if (shown++ >= A->examples)
					continue;
				int32_t e = A->pelem[(g * A->L + l) * A->R + acc_expand_reg(A, r2)];
				json_array_append_new(
					acc, json_pack("{s:I,s:o,s:o,s:I}", "lane", (json_int_t)l,
						       "place", acc_point_json(A, g, l, r2),
						       "logical", acc_elem_json(A->mem, e),
						       "offset", (json_int_t)o));
			}
		int64_t top = A->bits >= 8 ? hi + A->bits / 8 - 1 : hi;
		json_array_append_new(
			out,
			json_pack("{s:I,s:I,s:[I,I],s:I,s:o}", "sector", (json_int_t)sec[k], "line",
				  (json_int_t)(sec[k] / (LINE / SECTOR)), "bytes", (json_int_t)lo,
				  (json_int_t)top, "accesses", (json_int_t)shown, "examples", acc));
	}
	free(sec);
	return out;
}

json_t *acc_global_json(const struct acc *A, const struct count *C, struct lay_error *err)
{
	int64_t nbuf = A->L * C->v;
	int64_t *offs = malloc(sizeof *offs * (size_t)(nbuf ? nbuf : 1));
	int64_t *tmp = malloc(sizeof *tmp * (size_t)(nbuf ? nbuf : 1));
	if (!offs || !tmp) {
		free(offs);
		free(tmp);
		lay_error_set(err, LAY_ENOMEM, "/access", -1, "out of memory");
		return NULL;
	}
	int64_t sectors = 0, lines = 0, ideal = 0, bytes = 0, requests = 0, worst_i = -1;
	struct ginstr worst = { -1, 0, 0 };
	for (int64_t g = 0; g < A->G; g++)
		for (int64_t ig = 0; ig < C->instr_regs; ig++) {
			size_t n = instr_offsets(A, C, g, ig, offs);
			if (lay_ctx_tick(acc_ctx(A), (uint64_t)nbuf, err)) {
				free(offs);
				free(tmp);
				return NULL;
			}
			if (!n)
				continue;
			struct ginstr r = measure(A, offs, n, tmp);
			requests++;
			sectors += r.sectors;
			lines += r.lines;
			bytes += r.bytes;
			ideal += (r.bytes + SECTOR - 1) / SECTOR;
			/* the worst: most sectors, then the lowest efficiency */
			if (r.sectors > worst.sectors ||
			    (r.sectors == worst.sectors && r.bytes < worst.bytes)) {
				worst = r;
				worst_i = g * C->instr_regs + ig;
			}
		}
	free(offs);
	free(tmp);
	json_t *o = json_pack(
		"{s:s,s:s,s:s,s:i,s:{s:I,s:I},s:I,s:I,s:I,s:I,s:I,s:I,s:f,s:I}", "space", "global",
		"target", acc_target_name(A->target), "op", A->op, "element_bits", A->bits,
		"vector", "elements", (json_int_t)C->v, "bits", (json_int_t)(C->v * A->bits),
		"instructions", (json_int_t)requests, "sectors", (json_int_t)sectors, "lines",
		(json_int_t)lines, "ideal_sectors", (json_int_t)ideal, "bytes", (json_int_t)bytes,
		"transferred_bytes", (json_int_t)(sectors * SECTOR), "efficiency",
		sectors ? (double)bytes / (double)(sectors * SECTOR) : 1.0, "sectors_per_request",
		(json_int_t)(worst.sectors > 0 ? worst.sectors : 0));
	if (worst_i >= 0) {
		int64_t g = worst_i / C->instr_regs, ig = worst_i % C->instr_regs;
		json_t *regs = json_array();
		for (int64_t s = 0; s < C->v; s++)
			json_array_append_new(
				regs, json_integer(acc_expand_reg(A, A->regmap[ig * C->v + s])));
		json_object_set_new(
			o, "worst",
			json_pack("{s:I,s:o,s:I,s:I,s:I,s:I,s:f,s:o}", "instruction",
				  (json_int_t)worst_i, "registers", regs, "sectors",
				  (json_int_t)worst.sectors, "lines", (json_int_t)worst.lines,
				  "ideal_sectors",
				  (json_int_t)((worst.bytes + SECTOR - 1) / SECTOR), "bytes",
				  (json_int_t)worst.bytes, "efficiency",
				  (double)worst.bytes / (double)(worst.sectors * SECTOR),
				  "examples", sectors_json(A, C, g, ig)));
	}
	return o;
}
