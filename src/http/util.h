/*
 * util.h - the leaf helpers of the HTTP shell (util.c): the lowest layer
 * of src/http/, including nothing of the folder.  Internal to src/http/.
 */
#ifndef LAYOUTD_HTTP_UTIL_H
#define LAYOUTD_HTTP_UTIL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Microseconds of the monotonic clock. */
int64_t http_now_us(void);

/* A count from a query or path parameter: decimal digits only (no sign, no
 * space, no "0x"), in [min, max]; false otherwise, never saturated. */
bool http_parse_count(const char *s, int64_t min, int64_t max, int64_t *out);

/* Copies len bytes of in to out (size bytes, NUL-terminated) as valid
 * UTF-8 text: bytes that are not (invalid sequences, control characters)
 * become their %XX escape.  Returns the length written. */
size_t http_clean_text(char *out, size_t size, const char *in, size_t len);

#endif
