/*
 * cute_print.c - the text CuTe prints around a layout, read down to the
 * layout a user means:
 *
 *   print(mma_atom), print(tiled_mma) (C++)      MMA_Atom / TiledMMA
 *     ... Shape_MNK: (_16,_8,_16)  LayoutA_TV: ... LayoutB_TV: ... LayoutC_TV: ...
 *   print(mma_atom), print(tiled_mma) (CuTe DSL) MMA Atom / Tiled MMA
 *     ... Shape MNK: (16,8,16)     TV Layout A: ... TV Layout B: ... TV Layout C: ...
 *       one of three thread-value layouts: the one whose tile (A M x K,
 *       B N x K, C M x N) is the logical shape; cute_role "tv" required.
 *   print(tiled_copy) (C++)                      TiledCopy
 *     Tiler_MN: (_16,_8)  TiledLayout_TV: ...  Copy_Atom ...
 *   print(tiled_copy) (CuTe DSL)                 Tiled Copy
 *     Tiler MN: (16,8)    TV Layout tiled: ... Copy Atom ...
 *       the tiled thread-value layout over the Tiler_MN tile: read as tv,
 *       the logical shape the tiler's (or the one given, which must agree).
 *   print(tensor)  gmem_ptr[16b](0x7f0012345600) o (_8,_64):(_64,_1)
 *                  smem_ptr[16b](0x...) o ..., rmem_ptr / ptr[32b](0x...) o ...
 *                  Sw<3,4,3>_smem_ptr[16b](0x...) o L   (a swizzled pointer)
 *       the layout after the pointer; the pointer's width becomes the
 *       element width and its address's alignment a warning when it is
 *       below the swizzle's period (placements assume an aligned base).
 *
 * Each rewrites the text into a copy in which everything but the layout is
 * blanked (positions kept, so errors point into the user's text); NULL
 * when the text is none of these.  No I/O.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "notation/cute_print.h"

static const char *skip_ws(const char *t)
{
	while (isspace((unsigned char)*t))
		t++;
	return t;
}

/* t starts with the word w (not the head of a longer identifier). */
static bool head_is(const char *t, const char *w)
{
	size_t n = strlen(w);
	return strncmp(t, w, n) == 0 && !isalnum((unsigned char)t[n]) && t[n] != '_';
}

/* A copy of text with everything outside [lo, hi) blanked (newlines kept). */
static char *keep_only(const char *text, size_t lo, size_t hi, const char *ptr,
		       struct lay_error *err)
{
	char *copy = strdup(text);
	if (!copy) {
		lay_error_set(err, LAY_ENOMEM, ptr, -1, "out of memory");
		return NULL;
	}
	for (size_t k = 0; copy[k]; k++)
		if ((k < lo || k >= hi) && copy[k] != '\n')
			copy[k] = ' ';
	return copy;
}

/* The value of the line labelled by one of labels: [*lo, *hi) of text. */
static bool labelled(const char *text, const char *const *labels, size_t *lo, size_t *hi)
{
	for (const char *const *l = labels; *l; l++) {
		const char *line = strstr(text, *l);
		if (!line)
			continue;
		*lo = (size_t)(line - text) + strlen(*l);
		*hi = *lo;
		while (text[*hi] && text[*hi] != '\n')
			(*hi)++;
		return true;
	}
	return false;
}

/* The integers of a printed tuple after label (up to its ')' or the end of
 * the line): "(_16,_8,_16)", "(16,8,16)". */
static int tuple_after(const char *t, const char *const *labels, int64_t *d, int max)
{
	const char *c = NULL;
	for (const char *const *l = labels; *l && !c; l++)
		if ((c = strstr(t, *l)))
			c += strlen(*l);
	int n = 0;
	while (c && *c && *c != '\n' && *c != ')' && n < max) {
		if (isdigit((unsigned char)*c)) {
			d[n++] = strtoll(c, (char **)&c, 10);
			continue;
		}
		c++;
	}
	return n;
}

static int mma_print(const struct lay_def *def, bool tv, const char *text, const char *t,
		     const char *ptr, char **out, struct lay_error *err)
{
	long at = (long)(t - text); /* byte offset */
	if (!tv || !def->logical_given || def->rank != 2)
		return lay_text_error(err, LAY_ESCHEMA, ptr, text, at,
				      "a print of an MMA atom holds three thread-value layouts "
				      "(LayoutA_TV, LayoutB_TV, LayoutC_TV): set cute_role \"tv\" "
				      "and logical to the tile of the one to read ([M, K] for A, "
				      "[N, K] for B, [M, N] for C)");
	static const char *const mnk[] = { "Shape_MNK:", "Shape MNK:", NULL };
	int64_t d[3];
	if (tuple_after(t, mnk, d, 3) != 3)
		return lay_text_error(err, LAY_ESYNTAX, ptr, text, at,
				      "the MMA atom's print has no \"Shape_MNK: (M,N,K)\" line");
	const int64_t tile[3][2] = { { d[0], d[2] }, { d[1], d[2] }, { d[0], d[1] } };
	static const char *const labels[3][3] = { { "LayoutA_TV:", "TV Layout A:", NULL },
						  { "LayoutB_TV:", "TV Layout B:", NULL },
						  { "LayoutC_TV:", "TV Layout C:", NULL } };
	int pick = -1, matches = 0;
	for (int k = 0; k < 3; k++)
		if (tile[k][0] == def->shape[0] && tile[k][1] == def->shape[1]) {
			matches++;
			if (pick < 0)
				pick = k;
		}
	if (matches != 1)
		return lay_text_error(
			err, LAY_ESHAPE, ptr, text, at,
			"logical [%lld, %lld] is %s of the atom's tiles: A %lldx%lld, "
			"B %lldx%lld, C %lldx%lld; paste the one LayoutX_TV line",
			(long long)def->shape[0], (long long)def->shape[1],
			matches ? "more than one" : "none", (long long)d[0], (long long)d[2],
			(long long)d[1], (long long)d[2], (long long)d[0], (long long)d[1]);
	size_t lo, hi;
	if (!labelled(text, labels[pick], &lo, &hi))
		return lay_text_error(err, LAY_ESYNTAX, ptr, text, at,
				      "the MMA atom's print has no %s line", labels[pick][0]);
	*out = keep_only(text, lo, hi, ptr, err);
	return *out ? 0 : LAY_ENOMEM;
}

static int copy_print(struct lay_def *def, bool *tv, const char *text, const char *t,
		      const char *ptr, char **out, struct lay_error *err)
{
	long at = (long)(t - text); /* byte offset */
	static const char *const tiler[] = { "Tiler_MN:", "Tiler MN:", NULL };
	static const char *const layout[] = { "TiledLayout_TV:", "TV Layout tiled:", NULL };
	int64_t d[LAYOUTD_MAX_RANK];
	int n = tuple_after(t, tiler, d, LAYOUTD_MAX_RANK);
	if (n < 1)
		return lay_text_error(err, LAY_ESYNTAX, ptr, text, at,
				      "the TiledCopy's print has no \"Tiler_MN: (M,N)\" line");
	if (def->logical_given) {
		bool same = def->rank == n;
		for (int k = 0; k < n && same; k++)
			same = def->shape[k] == d[k];
		if (!same)
			return lay_text_error(
				err, LAY_ESHAPE, ptr, text, at,
				"logical is not the TiledCopy's tile: its Tiler_MN is "
				"%lld x %lld; leave logical out to read that tile",
				(long long)d[0], n > 1 ? (long long)d[1] : 1LL);
	} else {
		int rc = lay_def_set_shape(def, n, d, ptr, err);
		if (rc)
			return rc;
		def->logical_given = true;
	}
	*tv = true;
	size_t lo, hi;
	if (!labelled(text, layout, &lo, &hi))
		return lay_text_error(err, LAY_ESYNTAX, ptr, text, at,
				      "the TiledCopy's print has no TiledLayout_TV line");
	*out = keep_only(text, lo, hi, ptr, err);
	return *out ? 0 : LAY_ENOMEM;
}

/* "Sw<B,M,S>_" before a pointer: its length, 0 if none. */
static size_t swizzle_prefix(const char *t)
{
	if (strncmp(t, "Sw<", 3) != 0)
		return 0;
	const char *c = strchr(t, '>');
	return c && c[1] == '_' ? (size_t)(c + 2 - t) : 0;
}

/* A tensor's pointer, "[Sw<..>_][g|s|r]mem_ptr[Nb](ADDR) o ": its element
 * bits, address (or 0 for nil) and the end of " o "; false if t is not one. */
static bool pointer(const char *t, size_t *sw, bool *smem, int *bits, unsigned long long *addr,
		    size_t *end)
{
	*sw = swizzle_prefix(t);
	const char *c = t + *sw;
	*smem = strncmp(c, "smem_", 5) == 0;
	if (strncmp(c, "gmem_", 5) == 0 || *smem || strncmp(c, "rmem_", 5) == 0)
		c += 5;
	if (strncmp(c, "ptr[", 4) != 0)
		return false;
	char *e;
	long b = strtol(c + 4, &e, 10);
	if (e == c + 4 || b < 1 || b > 1024 || strncmp(e, "b](", 3) != 0)
		return false;
	c = e + 3;
	*addr = 0;
	if (strncmp(c, "(nil))", 6) == 0 || strncmp(c, "nil)", 4) == 0) {
		c += c[0] == '(' ? 6 : 4;
	} else if (strncmp(c, "0x", 2) == 0) {
		*addr = strtoull(c, &e, 16);
		if (*e != ')')
			return false;
		c = e + 1;
	} else {
		return false; /* "(unset)" and the like: an smem_ptr flag */
	}
	const char *o = skip_ws(c);
	if (*o != 'o' || !isspace((unsigned char)o[1]))
		return false;
	*bits = (int)b;
	*end = (size_t)(o + 1 - t);
	return true;
}

static int tensor_print(struct lay_def *def, const char *text, const char *t, const char *ptr,
			char **out, struct lay_error *err)
{
	size_t sw, end;
	bool smem;
	int bits;
	unsigned long long addr;
	if (!pointer(t, &sw, &smem, &bits, &addr, &end))
		return 0;
	size_t at = (size_t)(t - text);
	if (def->element_bits && def->element_bits != bits) {
		char q[LAY_ERR_PTR];
		lay_ptr_join(q, sizeof q, def->ptr, "element_bits");
		return lay_error_set(err, LAY_ESHAPE, q, -1,
				     "element_bits %d differs from the %d-bit elements of the "
				     "tensor's pointer",
				     def->element_bits, bits);
	}
	def->element_bits = bits;
	char *copy = strdup(text);
	if (!copy)
		return lay_error_set(err, LAY_ENOMEM, ptr, -1, "out of memory");
	if (sw) {
		/* the swizzle acts on the pointer's byte addresses: the composed
		 * form Sw<B,M,S> o smem_ptr[Nb](unset) o L, in the pointer's room */
		char repl[96];
		int rn = snprintf(repl, sizeof repl, "%.*s o smem_ptr[%db](unset) o", (int)(sw - 1),
				  t, bits);
		if (rn < 0 || (size_t)rn > end) {
			free(copy);
			return lay_text_error(
				err, LAY_ESYNTAX, ptr, text, (long)at,
				"a swizzled pointer printed without an address: paste "
				"it as Sw<B,M,S> o smem_ptr[%db](unset) o LAYOUT",
				bits);
		}
		memset(copy + at, ' ', end);
		memcpy(copy + at + end - (size_t)rn, repl, (size_t)rn);
	} else {
		memset(copy + at, ' ', end);
	}
	*out = copy;
	/* the address's alignment: the placement assumes an aligned base */
	unsigned long long align = addr ? addr & (~addr + 1) : 0;
	char msg[256];
	snprintf(msg, sizeof msg,
		 "the tensor's %spointer %#llx is aligned to %llu bytes; offsets are "
		 "element offsets from it%s",
		 smem ? "shared-memory " : "", addr, align,
		 sw ? " (a swizzled pointer's period needs the base aligned to it: see "
		      "structure.swizzle.base_alignment_bytes)"
		    : "");
	json_array_append_new(def->warnings,
			      json_pack("{s:s,s:s,s:I,s:I}", "code", "tensor_pointer", "message",
					msg, "address", (json_int_t)addr, "alignment_bytes",
					(json_int_t)align));
	return 0;
}

int lay_cute_print_pick(struct lay_def *def, bool *tv, const char *text, const char *ptr,
			char **out, struct lay_error *err)
{
	const char *t = skip_ws(text);
	*out = NULL;
	if (head_is(t, "MMA_Atom") || head_is(t, "TiledMMA") || head_is(t, "MMA Atom") ||
	    head_is(t, "Tiled MMA"))
		return mma_print(def, *tv, text, t, ptr, out, err);
	if (head_is(t, "TiledCopy") || head_is(t, "Tiled Copy"))
		return copy_print(def, tv, text, t, ptr, out, err);
	return tensor_print(def, text, t, ptr, out, err);
}
