/*
 * cute_print.h - the text CuTe prints around a layout (cute_print.c).
 */
#ifndef LAYOUTD_CUTE_PRINT_H
#define LAYOUTD_CUTE_PRINT_H

#include <stdbool.h>

#include "layout.h"

/* When text is a print of an MMA atom or tiled MMA (C++ or CuTe DSL), of a
 * tiled copy, or of a tensor (its pointer, then its layout), *out is a
 * copy of it holding only the layout to read (positions kept); otherwise
 * *out stays NULL.  *tv is the request's tv role on entry, and is set for
 * a tiled copy (whose tile becomes the logical shape when none is given).
 * A tensor's pointer sets the element width and adds a warning with its
 * alignment.  Returns 0 or a located error. */
int lay_cute_print_pick(struct lay_def *def, bool *tv, const char *text, const char *ptr,
			char **out, struct lay_error *err);

#endif
