/*
 * swizzle.c - swizzled memory layouts: CuTe's Swizzle<B,M,S> (and TVM's
 * ComposeLayout, the same function) on the memory coordinate after the
 * affine layout, the byte-to-element conversion of swizzles that act on
 * shared-memory byte addresses, structure.swizzle and the warnings for
 * what users get wrong (docs/swizzle.md).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "layout.h"

/* Analysing the image (for warnings) enumerates at most this many
 * coordinates; bigger layouts get the analytic checks only. */
#define SWIZZLE_SCAN_LIMIT (1LL << 22)

const char *lay_swizzle_invalid(int B, int M, int S)
{
	int as = S < 0 ? -S : S;
	if (B < 0)
		return "B (the number of bits the swizzle mixes) must be 0 or more";
	if (M < 0)
		return "M (the number of low bits kept) must be 0 or more";
	if (as < B)
		return "|S| (the shift) must be at least B, or the mixed bit fields overlap";
	if (B > 0 && M + as + B > 31)
		return "the swizzle's bits run past bit 30 (CuTe's masks are 32-bit int)";
	if (B == 0 && (M > 30 || as > 30))
		return "M and |S| must stay below 31 (CuTe's masks are 32-bit int)";
	return NULL;
}

static int log2_exact(int v)
{
	int l = 0;
	if (v <= 0 || (v & (v - 1)))
		return -1;
	while ((1 << l) < v)
		l++;
	return l;
}

int lay_swizzle_set(struct lay_def *def, int B, int M, int S, bool on_bytes, int element_bits,
		    int64_t offset, int axis, const char **why)
{
	struct lay_swizzle *sw = &def->swizzle;
	memset(sw, 0, sizeof *sw);
	sw->present = true;
	sw->B = B;
	sw->M = M;
	sw->S = S;
	sw->on_bytes = on_bytes;
	sw->element_bits = element_bits;
	sw->offset = offset;
	sw->axis = axis;
	sw->eB = B;
	sw->eM = M;
	sw->eS = S;
	int period = M + B + (S < 0 ? -S : S);
	if (on_bytes) {
		/* CuTe's recast_layout<uint8_t, uint_bit_t<bits>>: upcast by
		 * bits/8 (M shrinks, eating B below 0) or downcast by 8/bits */
		int l = log2_exact(element_bits);
		if (l < 0) {
			*why = "a byte-address swizzle has an element form only for power-of-two "
			       "element widths";
			sw->present = false;
			return LAY_ERANGE;
		}
		if (l >= 3) {
			int nm = M - (l - 3);
			if (nm >= 0) {
				sw->eM = nm;
			} else {
				sw->eB = B + nm > 0 ? B + nm : 0;
				sw->eM = 0;
			}
		} else {
			sw->eM = M + (3 - l);
		}
		sw->base_alignment_bytes = B > 0 ? (int64_t)1 << period : (int64_t)1 << M;
	}
	sw->yyy = (((int64_t)1 << sw->eB) - 1) << (sw->eM + (sw->eS > 0 ? sw->eS : 0));
	return 0;
}

static void fmt_sw(char *out, size_t n, int B, int M, int S)
{
	snprintf(out, n, "Sw<%d,%d,%d>", B, M, S);
}

/* "bits 7-9" / "bit 9" */
static void fmt_bits(char *out, size_t n, int lo, int hi)
{
	if (lo == hi)
		snprintf(out, n, "bit %d", lo);
	else
		snprintf(out, n, "bits %d-%d", lo, hi);
}

static int bit_length(int64_t v)
{
	int l = 0;
	while (l < 63 && ((int64_t)1 << l) <= v)
		l++;
	return l;
}

static void warn_json(struct lay_def *def, json_t *w)
{
	json_array_append_new(def->warnings, w);
}

/* The swizzle's modes against the hardware's: a byte swizzle GMMA cannot
 * describe, the base it needs, an element swizzle with a byte-level M. */
static void mode_warnings(struct lay_def *def, const char *name, const char *ename)
{
	const struct lay_swizzle *sw = &def->swizzle;
	char bits[32], msg[LAY_ERR_MSG];
	if (sw->on_bytes && !(sw->M == 4 && sw->S == 3 && sw->B <= 3) &&
	    !(sw->B == 2 && sw->M == 5 && sw->S == 2)) {
		snprintf(msg, sizeof msg,
			 "%s on byte addresses is no GMMA/UMMA shared-memory swizzle mode: the "
			 "descriptors take Swizzle<B,4,3> with B = 0..3 (interleave, 32B, 64B, "
			 "128B) or UMMA's Swizzle<2,5,2> (128B with 32-byte atoms)",
			 name);
		warn_json(def, json_pack("{s:s,s:s,s:i,s:i,s:i}", "code", "swizzle_not_gmma",
					 "message", msg, "B", sw->B, "M", sw->M, "S", sw->S));
	}
	if (sw->on_bytes && sw->B > 0) {
		int as = sw->S < 0 ? -sw->S : sw->S;
		fmt_bits(bits, sizeof bits, sw->M, sw->M + sw->B + as - 1);
		snprintf(msg, sizeof msg,
			 "%s acts on shared-memory byte addresses (%s): the buffer must start "
			 "at a multiple of %lld bytes, or every element moves (the offsets shown "
			 "are for such a base, as %s on %d-bit elements)",
			 name, bits, (long long)sw->base_alignment_bytes, ename, sw->element_bits);
		warn_json(def,
			  json_pack("{s:s,s:s,s:I}", "code", "swizzle_base_alignment", "message",
				    msg, "bytes", (json_int_t)sw->base_alignment_bytes));
	}
	/* An element swizzle with the byte-level M of a GMMA/TMA swizzle. */
	if (!sw->on_bytes && sw->B > 0 && sw->M == 4 && def->element_bits > 8) {
		int l = log2_exact(def->element_bits);
		char want[48] = "";
		if (l >= 3)
			fmt_sw(want, sizeof want, sw->B, 4 - (l - 3) < 0 ? 0 : 4 - (l - 3), sw->S);
		snprintf(msg, sizeof msg,
			 "%s is applied to element offsets of %d-bit elements: M=4 keeps "
			 "16-element (%d-byte) runs together, where the hardware's 16-byte unit "
			 "is %d elements%s%s. std::cout prints a GMMA atom's byte swizzle this way "
			 "(Sw<B,4,3> o _0 o ...); print() shows its smem_ptr[%db] flag",
			 name, def->element_bits, 16 * def->element_bits / 8,
			 128 / def->element_bits > 0 ? 128 / def->element_bits : 1,
			 want[0] ? ": on elements that is " : "", want, def->element_bits);
		warn_json(def,
			  json_pack("{s:s,s:s,s:i,s:i}", "code", "swizzle_m4_wide_elements",
				    "message", msg, "element_bits", def->element_bits, "M", sw->M));
	}
}

/* Offsets past the buffer (max x + 1 elements): enumerated, cnt of them. */
static void past_cosize(struct lay_def *def, int n, const int64_t *ext, const int64_t *stride,
			int64_t base, int64_t xmax, int64_t cnt)
{
	const struct lay_swizzle *sw = &def->swizzle;
	char msg[LAY_ERR_MSG];
	int64_t cosize = xmax + 1, past = 0, far = -1, c[2 * LAYOUTD_MAX_ITERS] = { 0 };
	for (int64_t i = 0; i < cnt; i++) {
		int64_t x = base;
		for (int k = 0; k < n; k++)
			x += c[k] * stride[k];
		int64_t y = lay_swizzle_apply(sw, x);
		if (y >= cosize || y < 0) {
			past++;
			if (y > far)
				far = y;
		}
		for (int k = 0; k < n && ++c[k] == ext[k]; k++)
			c[k] = 0;
	}
	if (past) {
		snprintf(msg, sizeof msg,
			 "swizzled offsets reach %lld, past the %lld elements the layout spans "
			 "before the swizzle (CuTe's cosize, the buffer size people allocate): "
			 "%lld of %lld elements land past it, the farthest %lld elements beyond "
			 "its end%s",
			 (long long)far, (long long)cosize, (long long)past, (long long)cnt,
			 (long long)(far - cosize + 1),
			 sw->offset ? " (the offset before the swizzle counts)"
				    : " (padding + swizzle)");
		warn_json(def, json_pack("{s:s,s:s,s:I,s:I,s:I,s:I}", "code", "swizzle_past_cosize",
					 "message", msg, "cosize", (json_int_t)cosize, "max_offset",
					 (json_int_t)far, "elements_past", (json_int_t)past,
					 "beyond", (json_int_t)(far - cosize + 1)));
	}
}

void lay_swizzle_warnings(struct lay_def *def, int n, const int64_t *ext, const int64_t *stride,
			  int64_t base)
{
	const struct lay_swizzle *sw = &def->swizzle;
	char name[48], ename[48], msg[LAY_ERR_MSG];
	if (!sw->present)
		return;
	fmt_sw(name, sizeof name, sw->B, sw->M, sw->S);
	fmt_sw(ename, sizeof ename, sw->eB, sw->eM, sw->eS);

	mode_warnings(def, name, ename);
	if (sw->eB == 0 || n > 2 * LAYOUTD_MAX_ITERS)
		return;

	/* The image before the swizzle: its range, analytically. */
	int64_t lo = base + sw->offset, hi = base + sw->offset, xmax = base, cnt = 1;
	bool big = false;
	for (int k = 0; k < n; k++) {
		int64_t t;
		if (__builtin_mul_overflow(ext[k] - 1, stride[k], &t))
			return;
		if (t > 0) {
			if (__builtin_add_overflow(hi, t, &hi) ||
			    __builtin_add_overflow(xmax, t, &xmax))
				return;
		} else if (__builtin_add_overflow(lo, t, &lo)) {
			return;
		}
		if (__builtin_mul_overflow(cnt, ext[k], &cnt) || cnt > SWIZZLE_SCAN_LIMIT)
			big = true;
	}
	if (lo < 0)
		return; /* negative offsets: the bit picture does not apply */
	int as = sw->eS < 0 ? -sw->eS : sw->eS;
	int src_lo = sw->eM + (sw->eS > 0 ? sw->eS : 0), src_hi = src_lo + sw->eB - 1;
	int dst_lo = sw->eM + (sw->eS < 0 ? as : 0), dst_hi = dst_lo + sw->eB - 1;
	int len = bit_length(hi); /* offsets stay below 2^len */
	if (src_hi >= len) {
		int dead_lo = src_lo > len ? src_lo : len;
		char dead[32], src[32];
		fmt_bits(dead, sizeof dead, dead_lo, src_hi);
		fmt_bits(src, sizeof src, src_lo, src_hi);
		bool none = dead_lo == src_lo;
		char hint[200] = "";
		if (!sw->on_bytes && sw->M == 4 && def->element_bits == 0)
			snprintf(hint, sizeof hint,
				 "; if this is a GMMA atom printed by std::cout, its swizzle acts "
				 "on bytes: for 16-bit elements write smem_ptr[16b](unset) or "
				 "Sw<%d,3,%d>",
				 sw->B, sw->S);
		snprintf(msg, sizeof msg,
			 "%s takes the XOR from element offset %s, but the offsets here stay "
			 "below %lld (bits 0-%d): %s %s never set, so %s%s",
			 ename, src, (long long)hi + 1, len - 1, dead,
			 dead_lo == src_hi ? "is" : "are",
			 none ? "the swizzle does nothing inside this layout"
			      : "part of the swizzle does nothing inside this layout",
			 hint);
		json_t *list = json_array();
		for (int b = dead_lo; b <= src_hi; b++)
			json_array_append_new(list, json_integer(b));
		warn_json(def, json_pack("{s:s,s:s,s:o,s:I,s:b}", "code", "swizzle_above_image",
					 "message", msg, "bits", list, "image_max", (json_int_t)hi,
					 "identity", none));
	}
	(void)dst_hi;

	/* Offsets past the buffer (max x + 1 elements): enumerate. */
	if (!big)
		past_cosize(def, n, ext, stride, base, xmax, cnt);
}

json_t *lay_swizzle_json(const struct lay_def *def)
{
	const struct lay_swizzle *sw = &def->swizzle;
	if (!sw->present)
		return NULL;
	int bits = sw->element_bits ? sw->element_bits : def->element_bits;
	json_t *o = json_pack("{s:i,s:i,s:i,s:s}", "B", sw->B, "M", sw->M, "S", sw->S, "on",
			      sw->on_bytes ? "bytes" : "elements");
	json_object_set_new(o, "element_bits", bits ? json_integer(bits) : json_null());
	json_object_set_new(o, "base_alignment_bytes",
			    sw->base_alignment_bytes ? json_integer(sw->base_alignment_bytes)
						     : json_null());
	json_object_set_new(o, "offset", json_integer(sw->offset));
	json_object_set_new(o, "axis",
			    sw->axis >= 0 ? json_string(def->axes[sw->axis].name) : json_null());
	json_object_set_new(o, "elements",
			    json_pack("{s:i,s:i,s:i}", "B", sw->eB, "M", sw->eM, "S", sw->eS));
	json_object_set_new(
		o, "period",
		json_integer((int64_t)1 << (sw->eM + sw->eB + (sw->eS < 0 ? -sw->eS : sw->eS))));
	return o;
}
