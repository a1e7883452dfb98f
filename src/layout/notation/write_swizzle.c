/*
 * write_swizzle.c - what the notations' write_swizzle hooks share (each
 * notation's writer is in its own file): the access analysis suggests
 * Swizzle<B,M,S> and shows the layout with it composed, in the notation
 * the user wrote it in.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "notation/notation.h"

/* The text under key unless it holds a swizzle already; NULL otherwise. */
const char *lay_swizzle_plain_text(json_t *def, const char *key)
{
	const char *t = json_string_value(json_object_get(def, key));
	if (!t || strstr(t, "Sw<") || strstr(t, "Swizzle") || strstr(t, "S<") ||
	    strstr(t, "Compose") || strstr(t, "SW_"))
		return NULL;
	return t;
}

/* def with its key's text replaced by buf (owned, freed); NULL when buf is. */
json_t *lay_swizzle_replaced(json_t *def, const char *key, char *buf)
{
	if (!buf)
		return NULL;
	json_t *out = json_deep_copy(def);
	json_object_set_new(out, key, json_string(buf));
	free(buf);
	return out;
}
