/*
 * notations.c - the notation table: one row per notation (notation.h).
 *
 * The row names the notation's key, the definition members it owns, its
 * reader and its hooks; nothing outside notation/ names a notation.
 */
#include <stdio.h>
#include <string.h>

#include "notation/ttgir_lines.h"
#include "notation/notation.h"

/* Members only the expr notation reads: how many times each element is
 * placed. */
static const char *const expr_members[] = { "replicate", NULL };
/* The role of a CuTe layout in an MMA (A, B, C). */
static const char *const cute_members[] = { "cute_role", NULL };
/* The tensor shape and the module's numbers when the text has no tensor
 * type or module line. */
static const char *const ttgir_members[] = { "shape", "threads_per_warp", "num_warps", "num_ctas",
					     NULL };

const struct lay_notation lay_notations[] = {
	{
		.key = "axe",
		.text_hint = "Axe S[...]",
		.parse = lay_axe_parse,
		.detect = lay_detect_axe,
		.write_swizzle = lay_swizzle_write_axe,
	},
	{
		.key = "cute",
		.text_hint = "CuTe Shape:Stride or Layout<...>",
		.members = cute_members,
		.parse = lay_cute_parse,
		.detect = lay_detect_cute,
		.write_swizzle = lay_swizzle_write_cute,
		.prints = LAY_PRINTS_CUTE,
	},
	{
		.key = "expr",
		.text_hint = "TileLang's Fragment(...)",
		.members = expr_members,
		.parse = lay_expr_parse,
		.detect = lay_detect_expr,
		.write_swizzle = lay_swizzle_write_expr,
	},
	{
		.key = "linear",
		.text_hint = "a linear layout's \"register=1 -> (0, 1)\" lines",
		.parse = lay_linear_parse,
		.detect = lay_detect_linear,
		.prints = LAY_PRINTS_TRITON,
	},
	{
		.key = "table",
		.parse = lay_table_parse,
	},
	{
		.key = "ttgir",
		.text_hint = "TTGIR #ttg...",
		.members = ttgir_members,
		.parse = lay_ttgir_parse,
		.detect = lay_detect_ttgir,
		.detected = lay_detected_ttgir,
		.text_request = lay_ttgir_request,
		.prints = LAY_PRINTS_TRITON,
	},
};

const int lay_nnotations = (int)(sizeof lay_notations / sizeof lay_notations[0]);

const struct lay_notation *lay_notation_find(const char *key)
{
	for (int i = 0; key && i < lay_nnotations; i++)
		if (strcmp(lay_notations[i].key, key) == 0)
			return &lay_notations[i];
	return NULL;
}

const struct lay_notation *lay_notation_of(json_t *def)
{
	for (int i = 0; json_is_object(def) && i < lay_nnotations; i++)
		if (json_object_get(def, lay_notations[i].key))
			return &lay_notations[i];
	return NULL;
}

const struct lay_notation *lay_notation_owner(const char *member)
{
	for (int i = 0; i < lay_nnotations; i++)
		for (const char *const *m = lay_notations[i].members; m && *m; m++)
			if (strcmp(*m, member) == 0)
				return &lay_notations[i];
	return NULL;
}

void lay_notation_list(char *buf, size_t n, const char *last)
{
	if (n)
		buf[0] = '\0';
	for (int i = 0; i < lay_nnotations; i++)
		lay_list_add(buf, n, i == lay_nnotations - 1 ? last : ", ", lay_notations[i].key);
}

void lay_notation_hints(char *buf, size_t n)
{
	if (n)
		buf[0] = '\0';
	for (int i = 0; i < lay_nnotations; i++)
		if (lay_notations[i].text_hint)
			lay_list_add(buf, n, ", ", lay_notations[i].text_hint);
}
