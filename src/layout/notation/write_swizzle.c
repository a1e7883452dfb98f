/*
 * write_swizzle.c - a swizzle written back into the notation a user wrote
 * a memory layout in: the access analysis suggests Swizzle<B,M,S> and
 * shows the layout with it composed, in the same notation (the
 * write_swizzle hook of notation.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "notation/notation.h"

/* expr: the offset expression wrapped in the XOR, printed form only. */
json_t *lay_swizzle_write_expr(json_t *def, const struct lay_def *d, int axis, int B, int M, int S,
			       int form)
{
	json_t *v = json_object_get(def, "expr");
	const char *t = json_string_value(json_object_get(v, d->axes[axis].name));
	if (!t || form)
		return NULL;
	size_t need = 2 * strlen(t) + 96;
	char *buf = malloc(need);
	if (!buf)
		return NULL;
	snprintf(buf, need, "(%s) ^ ((((%s) >> %d) & %d) << %d)", t, t, M + S, (1 << B) - 1, M);
	json_t *out = json_deep_copy(def);
	json_object_set_new(json_object_get(out, "expr"), d->axes[axis].name, json_string(buf));
	free(buf);
	return out;
}

/* The text under key unless it holds a swizzle already; NULL otherwise. */
static const char *plain_text(json_t *def, const char *key)
{
	const char *t = json_string_value(json_object_get(def, key));
	if (!t || strstr(t, "Sw<") || strstr(t, "Swizzle") || strstr(t, "S<") ||
	    strstr(t, "Compose") || strstr(t, "SW_"))
		return NULL;
	return t;
}

/* def with its key's text replaced by buf (owned, freed); NULL when buf is. */
static json_t *replaced(json_t *def, const char *key, char *buf)
{
	if (!buf)
		return NULL;
	json_t *out = json_deep_copy(def);
	json_object_set_new(out, key, json_string(buf));
	free(buf);
	return out;
}

/* cute: composed with Sw<B,M,S> as CuTe prints it, or in C++. */
json_t *lay_swizzle_write_cute(json_t *def, const struct lay_def *d, int axis, int B, int M, int S,
			       int form)
{
	(void)d;
	(void)axis;
	const char *t = plain_text(def, "cute");
	if (!t || form < 0 || form > 1)
		return NULL;
	size_t need = strlen(t) + 96;
	char *buf = malloc(need);
	if (buf && form == 0)
		snprintf(buf, need, "Sw<%d,%d,%d> o 0 o %s", B, M, S, t);
	else if (buf)
		snprintf(buf, need, "composition(Swizzle<%d,%d,%d>{}, %s{})", B, M, S, t);
	return replaced(def, "cute", buf);
}

/* axe: inside TVM's ComposeLayout (M, B, S as TVM orders them). */
json_t *lay_swizzle_write_axe(json_t *def, const struct lay_def *d, int axis, int B, int M, int S,
			      int form)
{
	(void)d;
	(void)axis;
	const char *t = plain_text(def, "axe");
	if (!t || form != 0)
		return NULL;
	size_t need = strlen(t) + 96;
	char *buf = malloc(need);
	if (buf)
		snprintf(buf, need, "ComposeLayout(%d, %d, %d, TileLayout(%s))", M, B, S, t);
	return replaced(def, "axe", buf);
}
