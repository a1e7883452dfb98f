/*
 * error.c - located errors: codes, their stable names and HTTP statuses,
 * and their JSON (problem+json fields) form.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "layout.h"

static const struct {
	int code;
	const char *name;
	int status;
	const char *title;
} codes[] = {
	{ LAY_OK, "ok", 200, "OK" },
	{ LAY_EJSON, "json_syntax", 400, "Malformed JSON" },
	{ LAY_EDUPKEY, "duplicate_key", 400, "Duplicate object key" },
	{ LAY_EDEPTH, "json_depth", 400, "JSON nested too deeply" },
	{ LAY_ESCHEMA, "schema", 422, "Invalid request member" },
	{ LAY_ENOTATION, "notation", 422, "Exactly one notation key required" },
	{ LAY_ENOTINT, "not_integer", 422, "Integer required" },
	{ LAY_EEXTENT, "bad_extent", 422, "Extent must be positive" },
	{ LAY_ESHAPE, "shape_mismatch", 422, "Sizes do not agree" },
	{ LAY_EOVERFLOW, "overflow", 422, "64-bit overflow" },
	{ LAY_ESYNTAX, "syntax", 422, "Syntax error in layout notation" },
	{ LAY_EUNKNOWN, "unknown_name", 422, "Unknown name" },
	{ LAY_EDIVZERO, "div_by_zero", 422, "Division by zero" },
	{ LAY_ELIMIT, "too_large", 422, "Over a limit" },
	{ LAY_ECONGRUENT, "not_congruent", 422, "Shape and stride not congruent" },
	{ LAY_ERANGE, "out_of_range", 422, "Value out of range" },
	{ LAY_ENAME, "bad_name", 422, "Invalid name" },
	{ LAY_EOFFLINE, "needs_registry", 422, "Registry required" },
	{ LAY_ENOMEM, "no_memory", 500, "Out of memory" },
	{ LAY_EIO, "io", 500, "I/O error" },
	{ LAY_EREF, "unknown_reference", 422, "Unknown registry reference" },
	{ LAY_EUNAVAILABLE, "unavailable", 503, "Service unavailable" },
	{ LAY_EMEMORY, "memory_budget", 413, "Over the memory budget" },
	{ LAY_EDEADLINE, "deadline", 503, "Deadline passed" },
	{ LAY_ECANCELED, "cancelled", 503, "Cancelled" },
	{ LAY_EALGEBRA, "algebra_precondition", 422, "Layout algebra precondition" },
};

static int code_index(int code)
{
	for (size_t i = 0; i < sizeof codes / sizeof codes[0]; i++)
		if (codes[i].code == code)
			return (int)i;
	return -1;
}

const char *lay_code_name(int code)
{
	int i = code_index(code);
	return i < 0 ? "internal" : codes[i].name;
}

int lay_code_status(int code)
{
	int i = code_index(code);
	return i < 0 ? 500 : codes[i].status;
}

void lay_error_clear(struct lay_error *err)
{
	if (!err)
		return;
	memset(err, 0, sizeof *err);
	err->position = -1;
}

/* A message cut at its buffer's end may end inside a UTF-8 sequence: drop
 * that partial character, so the message stays a valid JSON string. */
static void utf8_trim(char *s)
{
	size_t n = strlen(s), k = n;
	while (k > 0 && ((unsigned char)s[k - 1] & 0xC0) == 0x80 && n - k < 3)
		k--;
	if (k == 0 || ((unsigned char)s[k - 1] & 0x80) == 0)
		return; /* ASCII last: nothing partial */
	unsigned char lead = (unsigned char)s[k - 1];
	size_t want = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1;
	if (n - (k - 1) < want)
		s[k - 1] = '\0';
}

int lay_error_set(struct lay_error *err, int code, const char *pointer, long position,
		  const char *fmt, ...)
{
	if (!err)
		return code;
	lay_error_clear(err);
	err->code = code;
	err->position = position;
	if (pointer)
		snprintf(err->pointer, sizeof err->pointer, "%s", pointer);
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(err->message, sizeof err->message, fmt, ap);
	va_end(ap);
	if (n >= (int)sizeof err->message)
		utf8_trim(err->message);
	return code;
}

long lay_utf8_offset(const char *text, long byte)
{
	long chars = 0;
	for (long i = 0; i < byte && text[i]; i++)
		chars += ((unsigned char)text[i] & 0xC0) != 0x80;
	return chars;
}

/* The length of the valid UTF-8 sequence at s (n bytes left), 0 if none. */
static size_t utf8_seq(const unsigned char *s, size_t n)
{
	unsigned char b = s[0];
	size_t len = b < 0x80		      ? 1
		     : b >= 0xC2 && b <= 0xDF ? 2
		     : b >= 0xE0 && b <= 0xEF ? 3
		     : b >= 0xF0 && b <= 0xF4 ? 4
					      : 0;
	if (len == 0 || len > n)
		return 0;
	/* the second byte's range excludes overlongs, surrogates and > U+10FFFF */
	unsigned char lo = b == 0xE0 ? 0xA0 : b == 0xF0 ? 0x90 : 0x80;
	unsigned char hi = b == 0xED ? 0x9F : b == 0xF4 ? 0x8F : 0xBF;
	if (len > 1 && (s[1] < lo || s[1] > hi))
		return 0;
	for (size_t k = 2; k < len; k++)
		if ((s[k] & 0xC0) != 0x80)
			return 0;
	return len;
}

size_t lay_utf8_copy(char *out, size_t size, const char *in, size_t len)
{
	const unsigned char *s = (const unsigned char *)in;
	size_t w = 0;
	if (size == 0)
		return 0;
	for (size_t i = 0; i < len;) {
		size_t n = utf8_seq(s + i, len - i);
		const char *c = n ? in + i : "\xEF\xBF\xBD"; /* U+FFFD */
		size_t cn = n ? n : 3;
		if (w + cn >= size)
			break;
		memcpy(out + w, c, cn);
		w += cn;
		i += n ? n : 1;
	}
	out[w] = '\0';
	return w;
}

void lay_error_source(struct lay_error *err, const char *text)
{
	if (err && text)
		snprintf(err->source, sizeof err->source, "%s", text);
}

int lay_text_verror(struct lay_error *err, int code, const char *pointer, const char *text,
		    long byte, const char *fmt, va_list ap)
{
	char msg[LAY_ERR_MSG];
	vsnprintf(msg, sizeof msg, fmt, ap);
	long at = lay_utf8_offset(text, byte);
	lay_error_set(err, code, pointer, at, "%s at character %ld", msg, at);
	lay_error_source(err, text);
	return code;
}

int lay_text_error(struct lay_error *err, int code, const char *pointer, const char *text,
		   long byte, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	lay_text_verror(err, code, pointer, text, byte, fmt, ap);
	va_end(ap);
	return code;
}

json_t *lay_error_to_json(const struct lay_error *err)
{
	int i = code_index(err->code);
	json_t *o = json_object();
	if (!o)
		return NULL;
	char type[128];
	snprintf(type, sizeof type, "https://layoutd.dev/problems/%s", lay_code_name(err->code));
	json_object_set_new(o, "type", json_string(type));
	json_object_set_new(o, "title", json_string(i < 0 ? "Internal error" : codes[i].title));
	json_object_set_new(o, "status", json_integer(lay_code_status(err->code)));
	json_object_set_new(o, "detail", json_string(err->message));
	json_object_set_new(o, "code", json_string(lay_code_name(err->code)));
	json_object_set_new(o, "pointer", json_string(err->pointer));
	if (err->position >= 0)
		json_object_set_new(o, "position", json_integer(err->position));
	if (err->line > 0) {
		json_object_set_new(o, "line", json_integer(err->line));
		json_object_set_new(o, "column", json_integer(err->column));
	}
	return o;
}
