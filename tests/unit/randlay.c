/*
 * randlay.c - random layout definitions for the randomized tests
 * (test_structural, test_memory): a xorshift generator each test seeds
 * itself, and one generator per notation that writes a definition as JSON
 * text within a budget of points.
 */
#include <stdio.h>
#include <string.h>

#include "randlay.h"

static uint64_t rng = 0x9e3779b97f4a7c15ULL;

void rl_seed(uint64_t seed)
{
	rng = seed;
}

uint64_t rl_next(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return rng;
}

int64_t rl_pick(int64_t n)
{
	return (int64_t)(rl_next() % (uint64_t)n);
}

const char *const rl_axis_names[4] = { "m", "laneid", "warpid", "q" };

/* Strides that nest with the iters already made, or overlap, or are 0. */
static int64_t stride_for(int64_t *reach)
{
	int64_t s;
	switch (rl_pick(6)) {
	case 0:
		s = 0;
		break;
	case 1:
		s = 1 + rl_pick(5); /* small: may overlap */
		break;
	default:
		s = *reach + 1 + (rl_pick(3) == 0 ? rl_pick(4) : 0); /* nested, maybe gapped */
		break;
	}
	return s;
}

static int64_t extent_for(int64_t *budget)
{
	static const int64_t ex[] = { 1, 2, 2, 3, 4, 4, 5, 8, 16 };
	int64_t e = ex[rl_pick(9)];
	while (e > 1 && e > *budget)
		e /= 2;
	if (e < 1)
		e = 1;
	*budget /= e;
	return e;
}

/* Declared extents for some of the axes: exact, larger, or too small. */
static void physical(char *p, const char *const *names, int n, const int64_t *mx)
{
	int printed = 0;
	p += sprintf(p, ", \"physical\": {");
	for (int a = 0; a < n; a++) {
		if (rl_pick(4))
			continue;
		int64_t e = mx[a] + 1 + (rl_pick(3) == 0 ? rl_pick(3) - 1 : 0);
		if (e < 1)
			e = 1;
		p += sprintf(p, "%s\"%s\": %lld", printed++ ? ", " : "", names[a], (long long)e);
	}
	sprintf(p, "}");
}

void rl_gen_axe(char *out, int64_t budget)
{
	int64_t reach[4] = { 0 }, mx[4] = { 0 }, mn[4] = { 0 };
	int nshard = 1 + (int)rl_pick(4), nrep = (int)rl_pick(3);
	char *p = out;
	p += sprintf(p, "{\"axe\": {\"shard\": [");
	for (int pass = 0; pass < 2; pass++) {
		int n = pass ? nrep : nshard;
		if (pass)
			p += sprintf(p, "], \"replica\": [");
		for (int k = 0; k < n; k++) {
			int a = (int)rl_pick(4);
			int64_t e = extent_for(&budget), s = stride_for(&reach[a]);
			if (rl_pick(10) == 0)
				s = -s;
			reach[a] += (e - 1) * (s < 0 ? -s : s);
			if (s < 0)
				mn[a] += (e - 1) * s;
			else
				mx[a] += (e - 1) * s;
			p += sprintf(p, "%s[%lld, %lld, \"%s\"]", k ? ", " : "", (long long)e,
				     (long long)s, rl_axis_names[a]);
		}
	}
	p += sprintf(p, "], \"offset\": {");
	int printed = 0;
	for (int a = 0; a < 4; a++)
		if (mn[a] < 0 || rl_pick(5) == 0) {
			int64_t o = -mn[a] + (rl_pick(4) == 0 ? rl_pick(3) - 1 : 0);
			mx[a] += o;
			p += sprintf(p, "%s\"%s\": %lld", printed++ ? ", " : "", rl_axis_names[a],
				     (long long)o);
		}
	p += sprintf(p, "}}");
	if (rl_pick(3) == 0)
		physical(p, rl_axis_names, 4, mx), p += strlen(p);
	sprintf(p, "}");
}

void rl_gen_cute_memory(char *out, int64_t budget)
{
	int64_t reach[2] = { 0 }, mx[4] = { 0 };
	int n = 1 + (int)rl_pick(5);
	char shape[512] = "(", stride[512] = "(";
	const char *names[2] = { "m", "laneid" };
	for (int k = 0; k < n; k++) {
		int a = rl_pick(4) == 0;
		int64_t e = extent_for(&budget), s = stride_for(&reach[a]);
		reach[a] += (e - 1) * s;
		mx[a] += (e - 1) * s;
		sprintf(shape + strlen(shape), "%s%lld", k ? "," : "", (long long)e);
		sprintf(stride + strlen(stride), "%s%lld%s", k ? "," : "", (long long)s,
			a ? "@laneid" : "");
	}
	char *p = out;
	p += sprintf(p, "{\"cute\": \"%s):%s)\"", shape, stride);
	if (rl_pick(3) == 0)
		physical(p, names, 2, mx), p += strlen(p);
	sprintf(p, "}");
}

void rl_gen_cute_tv(char *out, int64_t budget)
{
	int64_t reach = 0, mx = 0, threads = 1, values = 1;
	int nt = 1 + (int)rl_pick(3), nv = 1 + (int)rl_pick(3);
	char shape[512] = "((", stride[512] = "((";
	for (int k = 0; k < nt + nv; k++) {
		int64_t e = extent_for(&budget), s = stride_for(&reach);
		reach += (e - 1) * s;
		mx += (e - 1) * s;
		if (k < nt)
			threads *= e;
		else
			values *= e;
		const char *sep = k == 0 ? "" : k == nt ? "),(" : ",";
		sprintf(shape + strlen(shape), "%s%lld", sep, (long long)e);
		sprintf(stride + strlen(stride), "%s%lld", sep, (long long)s);
	}
	/* a tile that holds the indices, or is a little too small */
	int64_t tile = mx + 1 + (rl_pick(4) == 0 ? rl_pick(3) - 1 : 0), M = 1 + rl_pick(4), N;
	if (tile < 1)
		tile = 1;
	N = (tile + M - 1) / M;
	char *p = out;
	p += sprintf(p,
		     "{\"cute_role\": \"tv\", \"logical\": [%lld, %lld], \"cute\": \"%s)):%s))\"",
		     (long long)M, (long long)N, shape, stride);
	if (rl_pick(4) == 0)
		p += sprintf(p, ", \"physical\": {\"thread\": %lld}",
			     (long long)(threads + rl_pick(3) - (threads > 1)));
	(void)values;
	sprintf(p, "}");
}

void rl_gen_linear(char *out, int64_t budget)
{
	int bits = 0;
	while (((int64_t)1 << (bits + 1)) <= budget)
		bits++;
	int rank = 1 + (int)rl_pick(2), width[2];
	int outbits = 0;
	for (int d = 0; d < rank; d++) {
		width[d] = (int)rl_pick(6);
		outbits += width[d];
	}
	static const char *ins[] = { "register", "lane", "warp" };
	int left = (int)rl_pick(bits + 1);
	char *p = out;
	p += sprintf(p, "{\"linear\": {\"bases\": {");
	for (int i = 0; i < 3; i++) {
		int nb = i == 2 ? left : (int)rl_pick(left + 1);
		left -= nb;
		p += sprintf(p, "%s\"%s\": [", i ? ", " : "", ins[i]);
		for (int b = 0; b < nb; b++) {
			p += sprintf(p, "%s[", b ? "," : "");
			for (int d = 0; d < rank; d++) {
				int64_t v = width[d] ? rl_pick((int64_t)1 << width[d]) : 0;
				if (width[d] && rl_pick(2)) /* often a single bit: near bijective */
					v = (int64_t)1 << rl_pick(width[d]);
				p += sprintf(p, "%s%lld", d ? "," : "", (long long)v);
			}
			p += sprintf(p, "]");
		}
		p += sprintf(p, "]");
	}
	p += sprintf(p, "}, \"out\": [");
	for (int d = 0; d < rank; d++)
		p += sprintf(p, "%s[\"dim%d\", %lld]", d ? ", " : "", d, (long long)1 << width[d]);
	p += sprintf(p, "]}");
	if (rl_pick(6) == 0)
		p += sprintf(p, ", \"physical\": {\"block\": %lld}", (long long)1 + rl_pick(3));
	sprintf(p, "}");
	(void)outbits;
}

/* expr: sums of digits of i, j (and a replica variable), written in the
 * forms index maps use; sometimes an operator no closed form covers. */
void rl_gen_expr(char *out, int64_t budget)
{
	static const char *axes[] = { "m", "laneid", "warpid" };
	int64_t shape[2], reach[3] = { 0 };
	char text[3][1024] = { "", "", "" };
	const char *names[3] = { "i", "j", "r" };
	int64_t rep = rl_pick(4) == 0 ? 2 + rl_pick(2) : 0;
	for (int d = 0; d < 2; d++)
		shape[d] = extent_for(&budget) * extent_for(&budget);
	for (int d = 0; d < 3; d++) {
		int64_t D = d < 2 ? shape[d] : rep;
		if (D == 0)
			continue;
		/* cut D into two digits when it splits evenly */
		int64_t lo_ext = D % 2 == 0 && rl_pick(2) ? 2 : D;
		int64_t cuts[3] = { 1, lo_ext, D };
		int nc = lo_ext == D ? 2 : 3;
		for (int c = 0; c + 1 < nc; c++) {
			int a = (int)rl_pick(3);
			int64_t lo = cuts[c], span = cuts[c + 1] / cuts[c];
			int64_t st = stride_for(&reach[a]);
			reach[a] += (span - 1) * st;
			char term[128];
			if (lo == 1 && span == D)
				snprintf(term, sizeof term, "%s", names[d]);
			else if (lo == 1)
				snprintf(term, sizeof term,
					 rl_pick(2) ? "%s %% %lld" : "(%s & %lld)", names[d],
					 (long long)(rl_pick(2) ? span : span - 1));
			else
				snprintf(term, sizeof term, "%s // %lld", names[d], (long long)lo);
			/* "& (span-1)" is only a digit for powers of two: else a fallback */
			char *t = text[a] + strlen(text[a]);
			sprintf(t, "%s%lld * (%s)", text[a][0] ? " + " : "", (long long)st, term);
		}
	}
	char *p = out;
	p += sprintf(p, "{\"logical\": [%lld, %lld], \"expr\": {", (long long)shape[0],
		     (long long)shape[1]);
	int printed = 0;
	for (int a = 0; a < 3; a++) {
		if (!text[a][0])
			continue;
		const char *wrap = rl_pick(12) == 0 ? " ^ 1" : rl_pick(12) == 0 ? " + 3" : "";
		p += sprintf(p, "%s\"%s\": \"%s%s\"", printed++ ? ", " : "", axes[a], text[a],
			     wrap);
	}
	if (!printed)
		p += sprintf(p, "\"m\": \"0\"");
	p += sprintf(p, "}");
	if (rep)
		p += sprintf(p, ", \"replicate\": {\"r\": %lld}", (long long)rep);
	sprintf(p, "}");
}
