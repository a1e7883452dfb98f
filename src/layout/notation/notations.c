/*
 * notations.c - the notation table: one row per notation (notation.h).
 *
 * Each notation's file defines its descriptor: its key, the definition
 * members it owns, its reader and its hooks; nothing outside notation/
 * names a notation.
 */
#include <stdio.h>
#include <string.h>

#include "notation/notation.h"

/* One row per notation: its descriptor, lay_notation_NAME, is defined in
 * the notation's own file.  The order is the one messages list them in;
 * within a detection pass the first row wins. */
#define LAY_NOTATION_ROWS(X) \
	X(axe)               \
	X(cute)              \
	X(expr)              \
	X(linear)            \
	X(table)             \
	X(ttgir)             \
	/* a new notation's row goes above this line: X(name) */

#define DECLARE(name) extern const struct lay_notation lay_notation_##name;
#define POINTER(name) &lay_notation_##name,
LAY_NOTATION_ROWS(DECLARE)
const struct lay_notation *const lay_notations[] = { LAY_NOTATION_ROWS(POINTER) };

const int lay_nnotations = (int)(sizeof lay_notations / sizeof lay_notations[0]);

const struct lay_notation *lay_notation_find(const char *key)
{
	for (int i = 0; key && i < lay_nnotations; i++)
		if (strcmp(lay_notations[i]->key, key) == 0)
			return lay_notations[i];
	return NULL;
}

const struct lay_notation *lay_notation_of(json_t *def)
{
	for (int i = 0; json_is_object(def) && i < lay_nnotations; i++)
		if (json_object_get(def, lay_notations[i]->key))
			return lay_notations[i];
	return NULL;
}

const struct lay_notation *lay_notation_owner(const char *member)
{
	for (int i = 0; i < lay_nnotations; i++)
		for (const char *const *m = lay_notations[i]->members; m && *m; m++)
			if (strcmp(*m, member) == 0)
				return lay_notations[i];
	return NULL;
}

void lay_notation_list(char *buf, size_t n, const char *last)
{
	if (n)
		buf[0] = '\0';
	for (int i = 0; i < lay_nnotations; i++)
		lay_list_add(buf, n, i == lay_nnotations - 1 ? last : ", ", lay_notations[i]->key);
}

void lay_notation_hints(char *buf, size_t n)
{
	if (n)
		buf[0] = '\0';
	for (int i = 0; i < lay_nnotations; i++)
		if (lay_notations[i]->text_hint)
			lay_list_add(buf, n, ", ", lay_notations[i]->text_hint);
}
