/*
 * access_amd.c - the hardware an access runs on: NVIDIA warps (32 lanes,
 * 32 banks) and AMD CDNA waves (64 lanes; 32 banks on gfx942, 64 on
 * gfx950), and which lanes the shared memory serves together.
 *
 * NVIDIA serves 128 bytes per wavefront: 32 / words lanes in a row.  An
 * AMD LDS serves a wave in phases; only lanes of one phase can conflict.
 * Up to 64-bit accesses a phase is banks / words consecutive lanes.
 * 128-bit reads (ds_read_b128) group lanes in fours that are not
 * consecutive: on gfx942 eight phases of eight lanes, phase index
 * t5 | (t2 ^ t4) << 1 | t3 << 2 of the lane bits t; on gfx950 four phases
 * of sixteen, t5 | (t2 ^ t3 ^ t4) << 1.  128-bit writes (ds_write_b128)
 * take eight consecutive lanes per phase.  So on AMD a load and a store
 * of the same layouts can count differently.
 */
#include <stdio.h>
#include <string.h>

#include "analysis/access.h"

static const struct {
	const char *name;
	int lanes, banks;
	const char *what;
} targets[] = {
	[ACC_NVIDIA] = { "nvidia", 32, 32, "NVIDIA warp" },
	[ACC_GFX942] = { "gfx942", 64, 32, "CDNA3 wave" },
	[ACC_GFX950] = { "gfx950", 64, 64, "CDNA4 wave" },
};

#define NTARGETS ((int)(sizeof targets / sizeof targets[0]))

const char *acc_target_name(int target)
{
	return target >= 0 && target < NTARGETS ? targets[target].name : "?";
}

int acc_parse_target(struct acc *A, json_t *val, const char *ptr, struct lay_error *err)
{
	const char *s = json_string_value(val);
	if (!s)
		return lay_error_set(err, LAY_ESCHEMA, ptr, -1,
				     "target is a string: \"nvidia\", \"gfx942\" or \"gfx950\"");
	for (int t = 0; t < NTARGETS; t++)
		if (strcmp(s, targets[t].name) == 0) {
			A->target = t;
			A->lanes = targets[t].lanes;
			A->banks = targets[t].banks;
			return 0;
		}
	return lay_error_set(err, LAY_ESCHEMA, ptr, -1,
			     "unknown target \"%.64s\": the access model knows \"nvidia\" (32-lane "
			     "warps, 32 banks), \"gfx942\" (MI300, 64-lane waves, 32 banks) and "
			     "\"gfx950\" (MI350, 64-lane waves, 64 banks)",
			     s);
}

int lay_access_target(const char *name, const char *ptr, struct lay_error *err)
{
	struct acc A;
	json_t *v = json_string(name ? name : "");
	int rc = acc_parse_target(&A, v, ptr, err);
	json_decref(v);
	return rc;
}

/* "hip:gfx950" and "cuda:90" (Triton's ttg.target): the access model's
 * name, or NULL for a target it does not model. */
static const char *model_of(const char *v, size_t n)
{
	if (n >= 5 && strncmp(v, "cuda:", 5) == 0)
		return "nvidia";
	for (int t = ACC_GFX942; t < NTARGETS; t++) {
		size_t k = strlen(targets[t].name);
		if (n >= 4 + k && strncmp(v, "hip:", 4) == 0 &&
		    strncmp(v + 4, targets[t].name, k) == 0 && (n == 4 + k || v[4 + k] == ':'))
			return targets[t].name;
	}
	return NULL;
}

/* What Triton's AMD backend says of an AMD target the access model does
 * not count on, and what it leaves out (TargetInfo.cpp getWarpSize /
 * getSharedMemorySize, TargetUtils.cpp deduceISAFamily, Dialect.cpp's 32
 * banks of every MFMA target but gfx950). */
static const char *unmodelled(const char *v, size_t n)
{
	if (n >= 10 && (strncmp(v, "hip:gfx90a", 10) == 0 || strncmp(v, "hip:gfx908", 10) == 0))
		return "CDNA2 / CDNA1: 64-lane waves, 64 KiB of LDS in 32 banks of 4 bytes, but "
		       "which lanes a ds_read_b128 phase serves is documented for gfx942 and "
		       "gfx950 only";
	if (n >= 11 && strncmp(v, "hip:gfx1250", 11) == 0)
		return "gfx1250: 32-lane waves and 320 KiB of LDS, but Triton documents no LDS "
		       "bank "
		       "model for it";
	if (n >= 9 && (strncmp(v, "hip:gfx11", 9) == 0 || strncmp(v, "hip:gfx12", 9) == 0))
		return "RDNA3 / RDNA4: Triton documents no LDS bank model for it";
	return "no LDS bank model for it";
}

int acc_text_target(const char *text, const char *ptr, const char **name, struct lay_error *err)
{
	static const char *const keys[] = { "ttg.target", "triton_gpu.target" };
	*name = NULL;
	for (const char *p = text; p && *p; p++) {
		size_t n = 0;
		for (size_t k = 0; k < 2 && !n; k++)
			if (strncmp(p, keys[k], strlen(keys[k])) == 0 &&
			    (p == text || p[-1] == ' ' || p[-1] == '"' || p[-1] == '{' ||
			     p[-1] == ','))
				n = strlen(keys[k]);
		if (!n)
			continue;
		const char *q = p + n;
		if (*q == '"')
			q++;
		q += strspn(q, " \t");
		if (*q != '=')
			continue;
		q++;
		q += strspn(q, " \t");
		if (*q != '"')
			continue;
		const char *v = q + 1, *e = strchr(v, '"');
		if (!e)
			continue;
		if ((*name = model_of(v, (size_t)(e - v))))
			return 0;
		return lay_error_set(
			err, LAY_ERANGE, ptr, -1,
			"the module's ttg.target \"%.*s\" is not a target the access "
			"model knows (cuda:*, hip:gfx942, hip:gfx950; %s): give the target "
			"(access.target, --target) as \"nvidia\", \"gfx942\" or "
			"\"gfx950\"",
			(int)(e - v > 64 ? 64 : e - v), v, unmodelled(v, (size_t)(e - v)));
	}
	return 0;
}

/* 128-bit accesses on an AMD wave use the phase table (loads) or groups
 * of eight consecutive lanes (stores). */
static bool wide_amd(const struct acc *A, int64_t vw)
{
	return A->target != ACC_NVIDIA && vw >= 4;
}

static bool table_phases(const struct acc *A, int64_t vw)
{
	return wide_amd(A, vw) && strcmp(A->op, "store") != 0;
}

bool acc_phase_consecutive(const struct acc *A, const struct count *C)
{
	return !table_phases(A, C->vw);
}

void acc_phase_shape(const struct acc *A, int64_t vw, int64_t *lanes_per_wf, int64_t *nwf)
{
	int64_t lpw;
	if (table_phases(A, vw))
		lpw = A->banks == 64 ? 16 : 8;
	else if (wide_amd(A, vw))
		lpw = 8;
	else
		lpw = A->banks / vw;
	if (lpw < 1)
		lpw = 1;
	*lanes_per_wf = lpw;
	if (table_phases(A, vw))
		*nwf = A->lanes / lpw;
	else
		*nwf = (A->L + lpw - 1) / lpw;
}

/* The phase of lane t for a 128-bit read. */
static int64_t read_phase(const struct acc *A, int64_t t)
{
	int64_t t2 = t >> 2 & 1, t3 = t >> 3 & 1, t4 = t >> 4 & 1, t5 = t >> 5 & 1;
	if (A->banks == 64)
		return t5 | (t2 ^ t3 ^ t4) << 1;
	return t5 | (t2 ^ t4) << 1 | t3 << 2;
}

int64_t acc_phase_lanes(const struct acc *A, const struct count *C, int64_t wf, int64_t *lanes)
{
	int64_t n = 0;
	if (table_phases(A, C->vw)) {
		for (int64_t t = 0; t < A->lanes && t < A->L; t++)
			if (read_phase(A, t) == wf)
				lanes[n++] = t;
		return n;
	}
	for (int64_t t = wf * C->lanes_per_wf; t < (wf + 1) * C->lanes_per_wf && t < A->L; t++)
		lanes[n++] = t;
	return n;
}

int acc_check_lanes(const struct acc *A, json_t *warnings, struct lay_error *err)
{
	if (A->lane_axis < 0)
		return 0; /* a thread index is split at the target's width */
	int64_t L = A->L;
	const char *name = A->thr->axes[A->lane_axis].name;
	if (A->target != ACC_NVIDIA && L > A->lanes)
		return lay_error_set(err, LAY_ERANGE, "/access/threads", -1,
				     "the threads layout's %s axis reaches %lld lanes, but a %s "
				     "(%s) has %d: the layout does not fit the wave",
				     name, (long long)L, targets[A->target].what,
				     targets[A->target].name, A->lanes);
	if (A->target == ACC_NVIDIA && L > ACC_LANES) {
		char m[320];
		snprintf(m, sizeof m,
			 "the threads layout has %lld lanes but an NVIDIA warp has 32: a "
			 "64-lane layout is an AMD CDNA wave; give the target \"gfx942\" "
			 "(MI300) or \"gfx950\" (MI350) to count it under that wave's banks",
			 (long long)L);
		json_array_append_new(
			warnings, json_pack("{s:s,s:s,s:s}", "code", "lanes_exceed_warp", "message",
					    m, "likely_target", L == 64 ? "gfx942" : "?"));
	} else if (A->target != ACC_NVIDIA && L < A->lanes) {
		char m[256];
		snprintf(m, sizeof m,
			 "the threads layout has %lld lanes but a %s (%s) has %d: the other "
			 "lanes take no part",
			 (long long)L, targets[A->target].what, targets[A->target].name, A->lanes);
		json_array_append_new(
			warnings, json_pack("{s:s,s:s}", "code", "lanes_below_wave", "message", m));
	}
	return 0;
}
