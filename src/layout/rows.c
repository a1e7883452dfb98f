/*
 * rows.c - tables without a jansson document per row (rows.h, layout.h):
 * the plain rows of a "table" member read straight from the text into a
 * compact stream, and written back as jansson prints them.  JSON loading
 * (json.c) calls it; the table notation (notation/table.c) reads the
 * stream.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "layout.h"
#include "rows.h"

/*
 * A table's rows read straight from the text into a compact stream, in
 * place of a JSON array of arrays and objects (about 800 bytes a row in
 * jansson).  The stream lives in a placeholder object the loader puts
 * where the array was: its keys are not valid UTF-8, so no parsed text can
 * forge one, and it is owned by the document like any other value.
 * Per row: the logical coordinates as unsigned LEB128 varints, then the
 * axis coordinates zigzag-encoded, in the key order every row shares.
 * The stream is cut into chunks of at most ROWS_CHUNK bytes at row
 * boundaries, so building it never holds a second copy.
 */
#define ROWS_META  "\xffmeta" /* struct rows_meta, as a binary string */
#define ROWS_CHUNK (1 << 20)
#define ROW_BYTES  ((LAYOUTD_MAX_RANK + LAYOUTD_MAX_AXES) * 10)

struct rows_reader {
	const char *s;
	size_t len, i;
	struct rows_meta m;
	json_t *chunks;
	uint8_t buf[ROWS_CHUNK];
	size_t n;
};

static inline char peek(const struct rows_reader *rd)
{
	return rd->i < rd->len ? rd->s[rd->i] : '\0';
}

static inline void skip_ws(struct rows_reader *rd)
{
	while (rd->i < rd->len) {
		char c = rd->s[rd->i];
		if (c != ' ' && c != '\n' && c != '\t' && c != '\r')
			return;
		rd->i++;
	}
}

/* The token c after optional white space. */
static inline bool expect(struct rows_reader *rd, char c)
{
	skip_ws(rd);
	if (peek(rd) != c)
		return false;
	rd->i++;
	return true;
}

/* An integer exactly as jansson reads one (-?(0|[1-9][0-9]*), within
 * int64); false for anything jansson would read otherwise (a real, a
 * malformed or too big number), which the caller leaves to jansson. */
static bool read_int(struct rows_reader *rd, int64_t *out)
{
	const char *s = rd->s;
	size_t i = rd->i, len = rd->len;
	bool neg = false;
	uint64_t u = 0;
	if (i < len && s[i] == '-') {
		neg = true;
		i++;
	}
	if (i >= len || s[i] < '0' || s[i] > '9')
		return false;
	if (s[i] == '0') {
		i++;
	} else {
		while (i < len && s[i] >= '0' && s[i] <= '9') {
			unsigned d = (unsigned)(s[i] - '0');
			if (u > (UINT64_MAX - d) / 10)
				return false;
			u = u * 10 + d;
			i++;
		}
	}
	if (i < len && ((s[i] >= '0' && s[i] <= '9') || s[i] == '.' || s[i] == 'e' || s[i] == 'E'))
		return false;
	if (u > (uint64_t)INT64_MAX + (neg ? 1 : 0))
		return false;
	*out = neg ? (int64_t)(0 - u) : (int64_t)u;
	rd->i = i;
	return true;
}

/* A key that is an identifier written without escapes; its bytes. */
static bool read_key(struct rows_reader *rd, const char **key, size_t *n)
{
	skip_ws(rd);
	if (peek(rd) != '"')
		return false;
	size_t start = ++rd->i;
	while (rd->i < rd->len && rd->s[rd->i] != '"') {
		char c = rd->s[rd->i];
		if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' ||
		      (c >= '0' && c <= '9' && rd->i > start)))
			return false;
		rd->i++;
	}
	if (rd->i >= rd->len || rd->i == start || rd->i - start >= LAYOUTD_MAX_NAME)
		return false;
	*key = rd->s + start;
	*n = rd->i - start;
	rd->i++;
	return true;
}

static inline void put_u(struct rows_reader *rd, uint64_t u)
{
	while (u >= 0x80) {
		rd->buf[rd->n++] = (uint8_t)(u | 0x80);
		u >>= 7;
	}
	rd->buf[rd->n++] = (uint8_t)u;
}

static inline uint64_t zig(int64_t v)
{
	return ((uint64_t)v << 1) ^ (uint64_t)(v >> 63);
}

static bool flush_chunk(struct rows_reader *rd)
{
	if (rd->n &&
	    json_array_append_new(rd->chunks, json_stringn_nocheck((char *)rd->buf, rd->n)))
		return false;
	rd->n = 0;
	return true;
}

/* One row [[i, ...], {"axis": c, ...}]: row 0 fixes the rank and the keys,
 * every later row has the same rank and the same keys in the same order. */
static bool read_row(struct rows_reader *rd)
{
	struct rows_meta *m = &rd->m;
	int64_t x[LAYOUTD_MAX_RANK + LAYOUTD_MAX_AXES];
	int d = 0, a = 0;
	if (!expect(rd, '[') || !expect(rd, '['))
		return false;
	do {
		skip_ws(rd);
		if (d == LAYOUTD_MAX_RANK || !read_int(rd, &x[d]) || x[d] < 0)
			return false;
		d++;
	} while (expect(rd, ','));
	if (peek(rd) != ']' || (m->nrows && d != m->rank))
		return false;
	rd->i++;
	if (!expect(rd, ',') || !expect(rd, '{'))
		return false;
	do {
		const char *key;
		size_t n;
		if (a == LAYOUTD_MAX_AXES || !read_key(rd, &key, &n))
			return false;
		if (m->nrows == 0) {
			for (int b = 0; b < a; b++)
				if (m->namelen[b] == n && memcmp(m->names[b], key, n) == 0)
					return false; /* a duplicate key: jansson's error */
			memcpy(m->names[a], key, n);
			m->names[a][n] = '\0';
			m->namelen[a] = (uint8_t)n;
		} else if (a >= m->nax || m->namelen[a] != n || memcmp(m->names[a], key, n) != 0) {
			return false;
		}
		if (!expect(rd, ':'))
			return false;
		skip_ws(rd);
		if (!read_int(rd, &x[d + a]))
			return false;
		a++;
	} while (expect(rd, ','));
	if (peek(rd) != '}' || (m->nrows && a != m->nax))
		return false;
	rd->i++;
	if (!expect(rd, ']'))
		return false;
	if (m->nrows == 0) {
		m->rank = d;
		m->nax = a;
	}
	if (rd->n > sizeof rd->buf - ROW_BYTES && !flush_chunk(rd))
		return false;
	for (int k = 0; k < d; k++) {
		put_u(rd, (uint64_t)x[k]);
		if (x[k] > m->max[k])
			m->max[k] = x[k];
	}
	for (int k = 0; k < a; k++)
		put_u(rd, zig(x[d + k]));
	m->nrows++;
	return true;
}

json_t *lay_rows_read(const char *text, size_t len, size_t start, size_t *end)
{
	struct rows_reader *rd = calloc(1, sizeof *rd);
	json_t *out = NULL;
	if (!rd)
		return NULL;
	rd->s = text;
	rd->len = len;
	rd->i = start;
	if (!(rd->chunks = json_array()) || !expect(rd, '['))
		goto out;
	do {
		if (rd->m.nrows == LAYOUTD_MAX_TABLE_ROWS || !read_row(rd))
			goto out;
	} while (expect(rd, ','));
	if (peek(rd) != ']' || !flush_chunk(rd))
		goto out;
	*end = rd->i + 1;
	out = json_object();
	if (!out ||
	    json_object_set_new_nocheck(out, ROWS_META,
					json_stringn_nocheck((char *)&rd->m, sizeof rd->m)) ||
	    json_object_set_nocheck(out, LAY_ROWS_KEY, rd->chunks)) {
		json_decref(out);
		out = NULL;
	}
out:
	json_decref(rd->chunks);
	free(rd);
	return out;
}

/* The rows of a placeholder, or NULL when v is anything else. */
const struct rows_meta *lay_rows_meta(json_t *v)
{
	json_t *m = json_is_object(v) ? json_object_get(v, ROWS_META) : NULL;
	return m && json_string_length(m) == sizeof(struct rows_meta)
		       ? (const struct rows_meta *)json_string_value(m)
		       : NULL;
}

bool lay_rows_is(json_t *v)
{
	return lay_rows_meta(v) != NULL;
}

static char *put_int(char *p, int64_t v)
{
	char tmp[24];
	int n = 0;
	uint64_t u = v < 0 ? 0 - (uint64_t)v : (uint64_t)v;
	do {
		tmp[n++] = (char)('0' + u % 10);
		u /= 10;
	} while (u);
	if (v < 0)
		*p++ = '-';
	while (n)
		*p++ = tmp[--n];
	return p;
}

/*
 * The rows as jansson would print the array they came from with
 * JSON_COMPACT (keys in their order) or JSON_COMPACT | JSON_SORT_KEYS
 * (keys sorted bytewise); names are identifiers, so JSON_ENSURE_ASCII
 * changes nothing.  Integers print as "%lld".
 */
int lay_rows_dump(json_t *v, bool sorted, json_dump_callback_t cb, void *data)
{
	const struct rows_meta *m = lay_rows_meta(v);
	json_t *chunks = json_object_get(v, LAY_ROWS_KEY);
	int perm[LAYOUTD_MAX_AXES];
	enum {
		OUT = 1 << 16,
		ROW_TEXT = LAYOUTD_MAX_RANK * 22 + LAYOUTD_MAX_AXES * (LAYOUTD_MAX_NAME + 26) + 16
	};
	if (!m || !chunks)
		return -1;
	for (int a = 0; a < m->nax; a++) {
		int b = a;
		while (sorted && b > 0 && strcmp(m->names[perm[b - 1]], m->names[a]) > 0) {
			perm[b] = perm[b - 1];
			b--;
		}
		perm[b] = a;
	}
	char *out = malloc(OUT), *p = out;
	if (!out)
		return -1;
	*p++ = '[';
	bool first = true;
	size_t c;
	json_t *ch;
	json_array_foreach(chunks, c, ch)
	{
		const uint8_t *q = (const uint8_t *)json_string_value(ch);
		const uint8_t *end = q + json_string_length(ch);
		while (q < end) {
			int64_t x[LAYOUTD_MAX_AXES];
			if (p - out > OUT - ROW_TEXT) {
				if (cb(out, (size_t)(p - out), data)) {
					free(out);
					return -1;
				}
				p = out;
			}
			if (!first)
				*p++ = ',';
			first = false;
			*p++ = '[';
			*p++ = '[';
			for (int d = 0; d < m->rank; d++) {
				if (d)
					*p++ = ',';
				p = put_int(p, (int64_t)lay_rows_get_u(&q));
			}
			memcpy(p, "],{", 3);
			p += 3;
			for (int a = 0; a < m->nax; a++)
				x[a] = lay_rows_unzig(lay_rows_get_u(&q));
			for (int k = 0; k < m->nax; k++) {
				int a = perm[k];
				if (k)
					*p++ = ',';
				*p++ = '"';
				memcpy(p, m->names[a], m->namelen[a]);
				p += m->namelen[a];
				*p++ = '"';
				*p++ = ':';
				p = put_int(p, x[a]);
			}
			*p++ = '}';
			*p++ = ']';
		}
	}
	*p++ = ']';
	int rc = cb(out, (size_t)(p - out), data) ? -1 : 0;
	free(out);
	return rc;
}
