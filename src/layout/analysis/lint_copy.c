/*
 * lint_copy.c - the copy verdict of a lint finding (lint.h): a local_load
 * or local_store between a shared memdesc and a distributed tensor is what
 * Triton lowers to ldmatrix / stmatrix when a variant can move it.  The
 * copy section (copy.c) answers "auto" for the op's direction; the finding
 * gets "copy": {"instruction", "count"} (instruction null when none can).
 * Element widths the matrix instructions do not move, AMD targets and
 * 64-lane layouts add nothing.
 */
#include <stdlib.h>
#include <string.h>

#include "analysis/copy.h"
#include "analysis/lint.h"

void lay_lint_copy(json_t *f, struct lay_def *mem, json_t *threads, bool store,
		   const struct lay_options *opt)
{
	json_int_t bits = json_integer_value(json_object_get(f, "element_bits"));
	const char *tg = json_string_value(json_object_get(f, "target"));
	if (bits != 8 && bits != 16 && bits != 32)
		return;
	/* the matrix instructions are NVIDIA's, warp-wide over 32 lanes: an
	 * AMD wave, or a 64-lane layout counted on nvidia, has none */
	if ((tg && strcmp(tg, "nvidia") != 0) || json_array_size(json_object_get(f, "warnings")))
		return;
	json_t *req = json_pack("{s:s,s:s,s:I,s:O}", "instruction", "auto", "op",
				store ? "store" : "load", "element_bits", bits, "threads", threads);
	json_t *a = json_object();
	struct lay_error err;
	lay_error_clear(&err);
	if (req && a && lay_copy_request(a, mem, req, NULL, opt, &err) == 0) {
		json_t *c = json_object_get(a, "copy");
		json_object_set_new(f, "copy",
				    json_pack("{s:O,s:O}", "instruction",
					      json_object_get(c, "instruction"), "count",
					      json_object_get(c, "count")));
	}
	json_decref(a);
	json_decref(req);
}

/*
 * A TMA copy (ttng.async_tma_copy_global_to_local / local_to_global): the
 * box as Triton derives it from the block shape (getTMABlockShapeTiled):
 * the memdesc's shape innermost first, each extent at most 256, and with a
 * swizzle the contiguous one exactly 8 * swizzle bytes / element bits.
 * The swizzle is the nvmma_shared layout's swizzlingByteWidth (0: none).
 * The global tensor is unknown to lint: it is the tile itself, its rows
 * padded to 16 bytes, so only the box and the layout are judged.  With
 * several CTAs the tile is one CTA's (Triton's getShapePerCTA, which its
 * TMA block shape is cut from): each CTA copies its own part.
 */

/* "...<128x64xf16, ..." -> dims (outermost first) and element bits. */
static int memdesc_dims(const char *md, int ml, int64_t *dim, int *bits)
{
	const char *p = memchr(md, '<', (size_t)ml), *end = md + ml;
	int n = 0;
	*bits = 0;
	for (p = p ? p + 1 : end; p < end && *p >= '0' && *p <= '9' && n < LAYOUTD_MAX_RANK;) {
		char *e;
		dim[n++] = strtoll(p, &e, 10);
		if (e >= end || *e != 'x')
			return 0;
		p = e + 1;
	}
	while (p < end && ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z')))
		p++;
	if (p < end && *p >= '0' && *p <= '9')
		*bits = (int)strtol(p, NULL, 10);
	return n;
}

/* The swizzle bytes of the memdesc's nvmma_shared layout (ttgir: the alias
 * lines the type reaches), 0 for none; -1 when transposed (its contiguous
 * dimension is the first: not the box this check models). */
static int nvmma_swizzle(const char *ttgir)
{
	const char *s = strstr(ttgir, "swizzlingByteWidth");
	if (!s || !strstr(ttgir, "nvmma_shared"))
		return 0;
	if (strstr(ttgir, "transposed = true"))
		return -1;
	s += strlen("swizzlingByteWidth");
	while (*s == ' ' || *s == '=')
		s++;
	return atoi(s);
}

static json_t *tma_request(const int64_t *dim, int n, int bits, int swz)
{
	json_t *shape = json_array(), *strides = json_array(), *box = json_array();
	int64_t eb = bits / 8, st = 1;
	for (int i = n - 1; i >= 0; i--) {
		int64_t b = dim[i] > 256 ? 256 : dim[i];
		if (i == n - 1 && swz)
			b = 8 * swz / bits;
		json_array_append_new(shape, json_integer(dim[i]));
		json_array_append_new(box, json_integer(b));
		json_array_append_new(strides, json_integer(st));
		st *= dim[i];
		if (i == n - 1 && eb && (st * eb) % 16)
			st = (st * eb + 15) / 16 * 16 / eb;
	}
	static const char *const names[] = { "none", "32B", "64B", "128B" };
	int k = swz == 32 ? 1 : swz == 64 ? 2 : swz == 128 ? 3 : 0;
	return json_pack("{s:s,s:i,s:{s:o,s:o},s:o,s:s}", "instruction", "tma", "element_bits",
			 bits, "global", "shape", shape, "strides", strides, "box", box, "swizzle",
			 names[k]);
}

int lay_lint_tma(json_t *f, json_t *mem, const char *md, int ml, bool im2col, bool store,
		 const struct lay_options *opt, struct lay_error *err)
{
	int64_t dim[LAYOUTD_MAX_RANK];
	int bits, n = memdesc_dims(md, ml, dim, &bits);
	int swz = nvmma_swizzle(json_string_value(json_object_get(mem, "ttgir")));
	if (n < 1 || n > 5 || bits < 8)
		return lay_error_set(err, LAY_ESCHEMA, "", -1,
				     "its memdesc is not a rank 1-5 tile of 8-, 16-, 32- or 64-bit "
				     "elements: not a tiled TMA box");
	if (swz < 0)
		return lay_error_set(err, LAY_ESCHEMA, "", -1,
				     "a transposed nvmma_shared layout: its TMA box runs along "
				     "the first dimension, which this check does not model");
	if (swz && 8 * swz / bits > dim[n - 1])
		return lay_error_set(err, LAY_ESHAPE, "", -1,
				     "the tile's contiguous extent %lld is narrower than the "
				     "%d-byte swizzle's %d elements (Triton refuses it)",
				     (long long)dim[n - 1], swz, 8 * swz / bits);
	struct lay_def *def = lay_def_new(mem, "/layout", opt, err);
	if (!def)
		return err->code ? err->code : LAY_ESCHEMA;
	/* the box is cut from one CTA's tile (the def's reader refuses one
	 * narrower than its swizzle per CTA, as Triton does) */
	int rc = def->rank == n ? copy_tma_cta_tile(def, dim, err)
				: lay_error_set(err, LAY_ESHAPE, "", -1,
						"the layout is rank %d and its memdesc rank %d",
						def->rank, n);
	if (rc) {
		lay_def_free(def);
		return rc;
	}
	json_t *req = tma_request(dim, n, bits, swz), *a = json_object();
	if (req && store)
		json_object_set_new(req, "op", json_string("store"));
	rc = req && a ? lay_copy_request(a, def, req, NULL, opt, err)
		      : lay_error_set(err, LAY_ENOMEM, "", -1, "out of memory");
	json_t *c = rc ? NULL : json_object_get(a, "copy");
	if (!rc) {
		json_object_set_new(f, "kind", json_string("copy"));
		json_object_set_new(
			f, "copy",
			json_pack("{s:O,s:s,s:O,s:O,s:O,s:O,s:O,s:O,s:O}", "instruction",
				  im2col ? json_null() : json_object_get(c, "instruction"), "mode",
				  im2col ? "im2col" : "tile", "box", json_object_get(req, "box"),
				  "swizzle", json_object_get(c, "swizzle"), "writes",
				  json_object_get(c, "writes"), "matches_layout",
				  json_object_get(c, "matches_layout"), "differences",
				  json_object_get(c, "differences"), "boxes",
				  json_object_get(c, "boxes"), "bytes_per_box",
				  json_object_get(c, "bytes_per_box")));
		json_object_set_new(f, "element_bits", json_integer(bits));
		if (json_object_get(c, "ctas")) /* the boxes are each CTA's */
			json_object_set(json_object_get(f, "copy"), "ctas",
					json_object_get(c, "ctas"));
	}
	json_decref(a);
	json_decref(req);
	lay_def_free(def);
	return rc;
}
