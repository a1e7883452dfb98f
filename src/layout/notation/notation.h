/*
 * notation.h - what the rest of layoutd knows about a notation: one
 * descriptor per notation, all of them in one table (notations.c).
 *
 * A definition names its notation by a key ("cute", "axe", ...).  The
 * definition reader, the text detector, the command line, the access
 * analysis and the printers find everything notation-specific here and
 * never name a notation themselves.  Adding a notation is one file that
 * defines its descriptor (const struct lay_notation lay_notation_NAME: its
 * reader and the hooks below) and one row of the table (docs/hacking.md).
 */
#ifndef LAYOUTD_NOTATION_H
#define LAYOUTD_NOTATION_H

#include <stdbool.h>
#include <stddef.h>

#include <jansson.h>

#include "layout.h"

/* What the print formats accept (lay_print): CuTe's print_layout draws the
 * notation's text or its atoms; Triton prints its relation, a linear layout. */
enum lay_prints { LAY_PRINTS_CUTE = 1, LAY_PRINTS_TRITON = 2 };

struct lay_notation {
	/* The definition member that holds the notation's value. */
	const char *key;
	/* Other definition members only this notation reads, NULL-terminated
	 * (NULL: none).  The members every notation shares are in def.c. */
	const char *const *members;
	/* Reads the value (v, at def->ptr + "/" + key; whole is the
	 * definition): fills the shape when none was given, the axes, and
	 * def->ops and def->state -- the lay_notation_ops it walks with (a
	 * notation may choose among several). */
	int (*parse)(struct lay_def *def, json_t *v, json_t *whole, struct lay_error *err);
	/* What its text looks like, for messages that list the notations a
	 * text may be in ("Axe S[...]"); NULL for a notation with no text. */
	const char *text_hint;
	/* Detection of a pasted text (comments blanked out): 0 when the text
	 * is not in this notation, else the pass at which it claims it.  The
	 * lowest pass over all notations wins; within a pass the first row.
	 * NULL: the notation has no text to detect. */
	int (*detect)(const char *text);
	/* After detection put the text under key: adjust the definition
	 * (ttgir: "logical" stands for the tensor "shape").  May be NULL. */
	void (*detected)(json_t *def, const char *text);
	/* A text that is a whole request rather than one definition (a
	 * ttg.local_load line: both sides), or NULL.  May be NULL. */
	json_t *(*text_request)(const char *text);
	/* The definition `def` (borrowed JSON, parsed as d) with the memory
	 * axis `axis` composed with Swizzle<B,M,S>, written in the notation
	 * itself; `form` 0 is the form the notation prints, 1 its C++ form.
	 * A new definition, or NULL when there is no such form.  May be NULL. */
	json_t *(*write_swizzle)(json_t *def, const struct lay_def *d, int axis, int B, int M,
				 int S, int form);
	/* enum lay_prints: which print formats take this notation. */
	unsigned prints;
};

/* The table (notations.c): each notation's descriptor, defined in the
 * notation's own file, in the order a definition lists them in messages. */
extern const struct lay_notation *const lay_notations[];
extern const int lay_nnotations;

/* The notation whose key is `key`, or NULL. */
const struct lay_notation *lay_notation_find(const char *key);
/* The notation of a definition object: the first row whose key is a member
 * of it, or NULL. */
const struct lay_notation *lay_notation_of(json_t *def);
/* The text hints of the notations, ", " between them, into buf. */
void lay_notation_hints(char *buf, size_t n);
/* The notation that owns definition member `member` besides its key, or NULL. */
const struct lay_notation *lay_notation_owner(const char *member);
/* "axe, cute, ..., ttgir" into buf: the keys in table order, ", " between
 * them and `last` (", ", " or ") before the final one. */
void lay_notation_list(char *buf, size_t n, const char *last);

/* The passes at which a notation's detect hook claims a text, lowest
 * first: an MLIR dialect attribute or type (ttgir), CuTe's layout algebra
 * (cute), a layout as TileLang prints it (expr), LinearLayout::toString()
 * lines (linear), Axe's S[...] terms and TVM's layouts (axe), everything
 * CuTe prints (cute), what is left with a k@axis term (axe). */
enum lay_detect_pass {
	LAY_PASS_TTGIR = 1,
	LAY_PASS_ALGEBRA,
	LAY_PASS_TILELANG,
	LAY_PASS_LINEAR,
	LAY_PASS_AXE,
	LAY_PASS_CUTE,
	LAY_PASS_AT
};
/* s, after white space, starts with w (detect.c): for detect hooks. */
bool lay_text_starts(const char *s, const char *w);

/* What the write_swizzle hooks share (write_swizzle.c): the text under key
 * unless it holds a swizzle already (else NULL); def with its key's text
 * replaced by buf (owned, freed; NULL when buf is). */
const char *lay_swizzle_plain_text(json_t *def, const char *key);
json_t *lay_swizzle_replaced(json_t *def, const char *key, char *buf);

#endif
