/*
 * util.c - the leaf helpers of the HTTP shell: the clock, counts from a
 * query or path, and client bytes made printable.  They call nothing else
 * in src/http/ (util.h), so every other file may use them.
 */
#include <stdbool.h>
#include <stdint.h>
#include <string.h>
#include <time.h>

#include "http/util.h"

int64_t http_now_us(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000000 + ts.tv_nsec / 1000;
}

bool http_parse_count(const char *s, int64_t min, int64_t max, int64_t *out)
{
	int64_t n = 0;
	if (!s || !*s)
		return false;
	for (const char *p = s; *p; p++) {
		if (*p < '0' || *p > '9' || __builtin_mul_overflow(n, 10, &n) ||
		    __builtin_add_overflow(n, *p - '0', &n))
			return false;
	}
	if (n < min || n > max)
		return false;
	*out = n;
	return true;
}

/* Length of the valid UTF-8 sequence at s (1-4), or 0 if none starts there. */
static size_t utf8_seq(const unsigned char *s)
{
	unsigned char c = s[0];
	size_t n;
	unsigned cp;
	if (c < 0x80)
		return 1;
	if (c >= 0xC2 && c <= 0xDF) {
		n = 2;
		cp = c & 0x1F;
	} else if (c >= 0xE0 && c <= 0xEF) {
		n = 3;
		cp = c & 0x0F;
	} else if (c >= 0xF0 && c <= 0xF4) {
		n = 4;
		cp = c & 0x07;
	} else {
		return 0;
	}
	for (size_t k = 1; k < n; k++) {
		if ((s[k] & 0xC0) != 0x80)
			return 0;
		cp = (cp << 6) | (s[k] & 0x3F);
	}
	if ((n == 3 && (cp < 0x800 || (cp >= 0xD800 && cp <= 0xDFFF))) ||
	    (n == 4 && (cp < 0x10000 || cp > 0x10FFFF)))
		return 0;
	return n;
}

size_t http_clean_text(char *out, size_t size, const char *in, size_t len)
{
	static const char hex[] = "0123456789ABCDEF";
	const unsigned char *s = (const unsigned char *)in;
	size_t o = 0;
	if (size == 0)
		return 0;
	for (size_t i = 0; i < len;) {
		size_t n = utf8_seq(s + i);
		if (n > len - i)
			n = 0;
		if (n == 0 || s[i] < 0x20 || s[i] == 0x7F) {
			/* a byte that is not text: shown as its URL escape */
			if (o + 3 >= size)
				break;
			out[o++] = '%';
			out[o++] = hex[s[i] >> 4];
			out[o++] = hex[s[i] & 15];
			i++;
			continue;
		}
		if (o + n >= size)
			break;
		memcpy(out + o, s + i, n);
		o += n;
		i += n;
	}
	out[o] = '\0';
	return o;
}
