/*
 * lint_budget.c - a module's shared memory against its target's (lint.h).
 *
 * What a module uses: the "ttg.shared" (or "triton_gpu.shared") module
 * attribute when Triton's allocate-shared-memory pass wrote it -- its
 * allocation, scratch buffers and liveness included; else every
 * ttg.local_alloc's bytes (its memdesc's extents times the element's bytes)
 * plus the largest scratch of the module's conversions (scratch_bytes, as
 * Triton's getNumScratchElemsSwizzledCvt sizes it).  Without liveness the
 * sum is an upper bound: allocations Triton's allocator overlaps are
 * counted apart.
 *
 * The target's shared memory per block, from the module's ttg.target:
 *   hip:gfx950  160 KiB   LLVM AMDGPU: "gfx950 supports upto 160 KB LDS"
 *   hip:gfx1250 320 KiB   LLVM AMDGPU: "GFX1250 supports upto 320 KB"
 *   hip:other    64 KiB   Triton AMD TargetInfo::getSharedMemorySize (64 *
 *                         1024 before gfx950), LLVM's gfx942 64 KiB limit
 *   cuda:NN      CUDA C++ Programming Guide, "Technical Specifications per
 *                Compute Capability", the largest shared memory per block
 *                (opt-in): 7.0 96 KB, 7.5 64 KB, 8.0 / 8.7 163 KB, 8.6 /
 *                8.9 / 12.x 99 KB, 9.0 / 10.x 227 KB (KB = 1024 bytes)
 * A module that names no target (or one not listed) is sized on the
 * lint's --target when that is an AMD one; else it has no budget.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/lint.h"
#include "analysis/lint_async.h"

/* The number after `key` (then spaces, '=' or '"') in s[0..n); -1 none. */
static long long attr_after(const char *s, int n, const char *key, const char **at)
{
	size_t kl = strlen(key);
	for (const char *p = s; p + kl < s + n; p++) {
		if (strncmp(p, key, kl) != 0 || (p > s && (isalnum((unsigned char)p[-1]))) ||
		    !strchr(" =\"", p[kl]))
			continue;
		const char *q = p + kl;
		while (q < s + n && (*q == ' ' || *q == '=' || *q == '"'))
			q++;
		if (at)
			*at = q;
		return isdigit((unsigned char)*q) ? strtoll(q, NULL, 10) : -1;
	}
	return -1;
}

/* The target's shared memory in bytes and its name; 0 when unknown. */
static long long target_limit(const struct line *ml, char *name, size_t nn)
{
	const char *t = NULL;
	if (!ml)
		return 0;
	attr_after(ml->s, ml->n, "ttg.target", &t);
	if (!t)
		attr_after(ml->s, ml->n, "triton_gpu.target", &t);
	if (!t)
		return 0;
	int len = 0;
	while (t + len < ml->s + ml->n && t[len] != '"' && len < 40)
		len++;
	snprintf(name, nn, "%.*s", len, t);
	if (strncmp(name, "hip:", 4) == 0)
		return strcmp(name + 4, "gfx950") == 0	  ? 160 << 10
		       : strcmp(name + 4, "gfx1250") == 0 ? 320 << 10
							  : 64 << 10;
	if (strncmp(name, "cuda:", 5) != 0)
		return 0;
	int cc = atoi(name + 5);
	static const struct {
		int cc, kb;
	} nv[] = { { 70, 96 },	 { 72, 96 },   { 75, 64 },  { 80, 163 },  { 86, 99 },
		   { 87, 163 },	 { 89, 99 },   { 90, 227 }, { 100, 227 }, { 101, 227 },
		   { 103, 227 }, { 110, 227 }, { 120, 99 }, { 121, 99 } };
	for (size_t k = 0; k < sizeof nv / sizeof nv[0]; k++)
		if (nv[k].cc == cc)
			return (long long)nv[k].kb << 10;
	return 0;
}

/* The bytes of a memdesc type: its extents times its element's bytes. */
static long long memdesc_bytes(const char *md, int ml)
{
	const char *p = memchr(md, '<', (size_t)ml), *end = md + ml;
	long long n = 1;
	for (p = p ? p + 1 : end; p < end && isdigit((unsigned char)*p);) {
		char *e;
		n *= strtoll(p, &e, 10);
		if (e >= end || *e != 'x')
			return 0;
		p = e + 1;
	}
	while (p < end && isalpha((unsigned char)*p))
		p++;
	int bits = p < end && isdigit((unsigned char)*p) ? atoi(p) : 0;
	return n * (bits < 8 ? 8 : bits) / 8;
}

/* Every shared-memory ttg.local_alloc of the module, in bytes. */
static long long allocations(const struct module *m)
{
	long long sum = 0;
	for (int k = 0; k < m->nl; k++) {
		int col = 0;
		const char *op = tl_line_op(&m->l[k], &col);
		if (!op || !strstr(op, ".local_alloc") || tl_comment(&m->l[k]))
			continue;
		struct optypes ty;
		tl_op_types(&m->l[k], col, &ty);
		for (int t = ty.n - 1; t >= 0; t--)
			if (ty.t[t].memdesc) { /* the result: the last memdesc */
				sum += memdesc_bytes(ty.t[t].s, ty.t[t].len);
				break;
			}
	}
	return sum;
}

json_t *lint_budget(const struct module *m, int module_no, json_t *findings, size_t first,
		    const char *target)
{
	char tg[48] = "";
	long long limit = target_limit(m->modline, tg, sizeof tg), scratch = 0;
	if (limit <= 0 && target && strncmp(target, "gfx", 3) == 0) { /* --target */
		snprintf(tg, sizeof tg, "hip:%s", target);
		limit = strcmp(target, "gfx950") == 0 ? 160 << 10 : 64 << 10;
	}
	if (limit <= 0)
		return NULL;
	for (size_t i = first; i < json_array_size(findings); i++) {
		json_t *sb = json_object_get(json_array_get(findings, i), "scratch_bytes");
		if (json_integer_value(sb) > scratch)
			scratch = json_integer_value(sb);
	}
	const struct line *ml = m->modline;
	long long shared = ml ? attr_after(ml->s, ml->n, "ttg.shared", NULL) : -1;
	if (shared < 0 && ml)
		shared = attr_after(ml->s, ml->n, "triton_gpu.shared", NULL);
	long long alloc = allocations(m);
	long long used = shared >= 0 ? shared : alloc + scratch;
	return json_pack("{s:i,s:s,s:I,s:I,s:I,s:I,s:s,s:b}", "module", module_no, "target", tg,
			 "limit", (json_int_t)limit, "used", (json_int_t)used, "allocations",
			 (json_int_t)alloc, "scratch", (json_int_t)scratch, "source",
			 shared >= 0 ? "ttg.shared" : "allocations + scratch", "fits",
			 used <= limit);
}
