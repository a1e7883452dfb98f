/*
 * rows.h - internal to the engine: the stream a plain table's rows are
 * read into (rows.c), as the table notation reads it back: a placeholder
 * object with the chunks under LAY_ROWS_KEY and a struct rows_meta.  Per
 * row: the logical coordinates as unsigned LEB128 varints, then the axis
 * coordinates zigzag-encoded, in the key order every row shares.
 */
#ifndef LAYOUTD_ROWS_H
#define LAYOUTD_ROWS_H

#include <stdint.h>

#include "layout.h"

#define LAY_ROWS_KEY "\xffrows" /* array of chunk strings */

struct rows_meta {
	int64_t nrows;
	int rank, nax;
	int64_t max[LAYOUTD_MAX_RANK]; /* per logical dimension */
	uint8_t namelen[LAYOUTD_MAX_AXES];
	char names[LAYOUTD_MAX_AXES][LAYOUTD_MAX_NAME]; /* row 0's key order */
};

/* The rows of a placeholder, or NULL when v is anything else. */
const struct rows_meta *lay_rows_meta(json_t *v);

/* One varint of the stream at *p, *p moved past it. */
static inline uint64_t lay_rows_get_u(const uint8_t **p)
{
	uint64_t u = 0;
	for (int sh = 0;; sh += 7) {
		uint8_t b = *(*p)++;
		u |= (uint64_t)(b & 0x7f) << sh;
		if (!(b & 0x80))
			return u;
	}
}

/* A zigzag-encoded axis coordinate. */
static inline int64_t lay_rows_unzig(uint64_t u)
{
	return (int64_t)(u >> 1) ^ -(int64_t)(u & 1);
}

#endif
