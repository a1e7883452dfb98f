/*
 * table.c - the table notation: explicit placement rows
 * [[[i, j], {"laneid": 0, "m": 0}], ...], as dumped by another tool or a real
 * kernel (docs/notations.md).  Each row is one placement; a repeated row is a
 * duplicate placement, not an error.  The logical shape defaults to max+1 of
 * the coordinates per dimension; axis order is first appearance.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "layout.h"
#include "notation/notation.h"

struct table_state {
	size_t nrows;
	int nax;	/* axes named by the rows: def axes 0..nax-1 */
	int64_t *elem;	/* nrows row-major element indices */
	int64_t *coord; /* nrows * nax physical coordinates */
	/* or, for rows read by the streaming reader: its chunks (owned
	 * reference), decoded on each walk */
	json_t *chunks;
	int rank;
	int64_t shape[LAYOUTD_MAX_RANK];
};

static void table_free(void *state)
{
	struct table_state *st = state;
	if (!st)
		return;
	free(st->elem);
	free(st->coord);
	json_decref(st->chunks);
	free(st);
}

/* ------------------------------------------------------------------ */
/* Streamed rows                                                       */

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
#define ROWS_KEY   "\xffrows" /* array of chunk strings */
#define ROWS_META  "\xffmeta" /* struct rows_meta, as a binary string */
#define ROWS_CHUNK (1 << 20)
#define ROW_BYTES  ((LAYOUTD_MAX_RANK + LAYOUTD_MAX_AXES) * 10)

struct rows_meta {
	int64_t nrows;
	int rank, nax;
	int64_t max[LAYOUTD_MAX_RANK]; /* per logical dimension */
	uint8_t namelen[LAYOUTD_MAX_AXES];
	char names[LAYOUTD_MAX_AXES][LAYOUTD_MAX_NAME]; /* row 0's key order */
};

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

static inline uint64_t get_u(const uint8_t **p)
{
	uint64_t u = 0;
	for (int sh = 0;; sh += 7) {
		uint8_t b = *(*p)++;
		u |= (uint64_t)(b & 0x7f) << sh;
		if (!(b & 0x80))
			return u;
	}
}

static inline uint64_t zig(int64_t v)
{
	return ((uint64_t)v << 1) ^ (uint64_t)(v >> 63);
}

static inline int64_t unzig(uint64_t u)
{
	return (int64_t)(u >> 1) ^ -(int64_t)(u & 1);
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
	    json_object_set_nocheck(out, ROWS_KEY, rd->chunks)) {
		json_decref(out);
		out = NULL;
	}
out:
	json_decref(rd->chunks);
	free(rd);
	return out;
}

/* The rows of a placeholder, or NULL when v is anything else. */
static const struct rows_meta *rows_meta(json_t *v)
{
	json_t *m = json_is_object(v) ? json_object_get(v, ROWS_META) : NULL;
	return m && json_string_length(m) == sizeof(struct rows_meta)
		       ? (const struct rows_meta *)json_string_value(m)
		       : NULL;
}

bool lay_rows_is(json_t *v)
{
	return rows_meta(v) != NULL;
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
	const struct rows_meta *m = rows_meta(v);
	json_t *chunks = json_object_get(v, ROWS_KEY);
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
				p = put_int(p, (int64_t)get_u(&q));
			}
			memcpy(p, "],{", 3);
			p += 3;
			for (int a = 0; a < m->nax; a++)
				x[a] = unzig(get_u(&q));
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

/* Rows in row order; axes the table does not name (declared in "physical"
 * only) stay at 0. */
static int table_walk(const struct lay_def *def, lay_emit_fn fn, void *ctx, struct lay_error *err)
{
	const struct table_state *st = def->state;
	int64_t coord[LAYOUTD_MAX_AXES] = { 0 };
	(void)err;
	if (st->chunks) {
		size_t c;
		json_t *ch;
		json_array_foreach(st->chunks, c, ch)
		{
			const uint8_t *q = (const uint8_t *)json_string_value(ch);
			const uint8_t *end = q + json_string_length(ch);
			while (q < end) {
				int64_t e = 0;
				for (int d = 0; d < st->rank; d++)
					e = e * st->shape[d] + (int64_t)get_u(&q);
				for (int a = 0; a < st->nax; a++)
					coord[a] = unzig(get_u(&q));
				int rc = fn(ctx, e, coord, 0);
				if (rc)
					return rc;
			}
		}
		return 0;
	}
	for (size_t r = 0; r < st->nrows; r++) {
		memcpy(coord, st->coord + r * (size_t)st->nax, sizeof *coord * (size_t)st->nax);
		int rc = fn(ctx, st->elem[r], coord, 0);
		if (rc)
			return rc;
	}
	return 0;
}

static const struct lay_notation_ops table_ops = {
	.walk = table_walk,
	.free = table_free,
	.ordered = false,
};

/* Row r must be a [coordinates, places] pair; returns its two members.
 * JSON pointers are built only for errors: a table may have millions of
 * rows. */
static int row_parts(json_t *row, const char *ptr, size_t r, json_t **lc, json_t **pl,
		     struct lay_error *err)
{
	char rp[LAY_ERR_PTR], q[LAY_ERR_PTR];
	if (!json_is_array(row) || json_array_size(row) != 2) {
		lay_ptr_index(rp, sizeof rp, ptr, r);
		return lay_error_set(
			err, LAY_ESCHEMA, rp, -1,
			"a table row is [[logical coordinates], {\"axis\": coordinate, ...}]");
	}
	*lc = json_array_get(row, 0);
	*pl = json_array_get(row, 1);
	if (!json_is_array(*lc)) {
		lay_ptr_index(rp, sizeof rp, ptr, r);
		lay_ptr_index(q, sizeof q, rp, 0);
		return lay_error_set(err, LAY_ESCHEMA, q, -1,
				     "the logical coordinates of a row are an array of integers");
	}
	if (!json_is_object(*pl) || json_object_size(*pl) == 0) {
		lay_ptr_index(rp, sizeof rp, ptr, r);
		lay_ptr_index(q, sizeof q, rp, 1);
		return lay_error_set(err, LAY_ESCHEMA, q, -1,
				     "the place of a row is a non-empty object of axis "
				     "coordinates, e.g. {\"laneid\": 0}");
	}
	return 0;
}

/* "/table/r/part" into out. */
static void part_ptr(char *out, size_t n, const char *ptr, size_t r, int part)
{
	char rp[LAY_ERR_PTR];
	lay_ptr_index(rp, sizeof rp, ptr, r);
	lay_ptr_index(out, n, rp, (size_t)part);
}

/* "/table/r/part/d" or "/table/r/part/key" into out. */
static void cell_ptr(char *out, size_t n, const char *ptr, size_t r, int part, size_t d,
		     const char *key)
{
	char q[LAY_ERR_PTR];
	part_ptr(q, sizeof q, ptr, r, part);
	if (key)
		lay_ptr_join(out, n, q, key);
	else
		lay_ptr_index(out, n, q, d);
}

static int axis_index(const struct lay_def *def, const char *name)
{
	for (int a = 0; a < def->naxes; a++)
		if (strcmp(def->axes[a].name, name) == 0)
			return a;
	return -1;
}

/*
 * Pass 1 over the rows: schema, ranks, logical coordinates (and their
 * maxima into mx), and every axis in order of first appearance.
 */
static int scan_rows(struct lay_def *def, json_t *v, const char *ptr, int *rank, int64_t *mx,
		     struct lay_error *err)
{
	char q[LAY_ERR_PTR], q2[LAY_ERR_PTR];
	size_t r, nrows = json_array_size(v);
	json_t *lc = NULL, *pl = NULL;
	int rc;
	for (r = 0; r < nrows; r++) {
		json_t *row = json_array_get(v, r);
		if ((rc = row_parts(row, ptr, r, &lc, &pl, err)))
			return rc;
		size_t n = json_array_size(lc);
		if (r == 0) {
			if (n == 0 || n > LAYOUTD_MAX_RANK ||
			    (def->logical_given && (int)n != def->rank))
				part_ptr(q, sizeof q, ptr, r, 0);
			if (n == 0)
				return lay_error_set(err, LAY_ESCHEMA, q, -1,
						     "a row needs at least one logical coordinate");
			if (n > LAYOUTD_MAX_RANK)
				return lay_error_set(err, LAY_ELIMIT, q, -1,
						     "logical rank %zu is over the limit %d", n,
						     LAYOUTD_MAX_RANK);
			if (def->logical_given && (int)n != def->rank)
				return lay_error_set(
					err, LAY_ESHAPE, q, -1,
					"row 0 has %zu logical coordinates but logical has rank %d",
					n, def->rank);
			*rank = (int)n;
		} else if ((int)n != *rank) {
			part_ptr(q, sizeof q, ptr, r, 0);
			return lay_error_set(err, LAY_ESHAPE, q, -1,
					     "row %zu has %zu logical coordinates, row 0 has %d", r,
					     n, *rank);
		}
		for (size_t d = 0; d < n; d++) {
			json_t *xv = json_array_get(lc, d);
			int64_t x;
			if (!json_is_integer(xv)) {
				cell_ptr(q2, sizeof q2, ptr, r, 0, d, NULL);
				if (lay_json_int(xv, q2, &x, err))
					return err ? err->code : LAY_ESCHEMA;
			}
			x = json_integer_value(xv);
			if (x < 0 || (def->logical_given && x >= def->shape[d]))
				cell_ptr(q2, sizeof q2, ptr, r, 0, d, NULL);
			if (x < 0)
				return lay_error_set(err, LAY_ERANGE, q2, -1,
						     "row %zu: logical coordinate %lld of "
						     "dimension %zu is negative",
						     r, (long long)x, d);
			if (def->logical_given && x >= def->shape[d])
				return lay_error_set(err, LAY_ERANGE, q2, -1,
						     "row %zu: logical coordinate %lld is outside "
						     "dimension %s of extent %lld",
						     r, (long long)x, def->names[d],
						     (long long)def->shape[d]);
			if (x > mx[d])
				mx[d] = x;
		}
		const char *key;
		json_t *val;
		json_object_foreach(pl, key, val)
		{
			int64_t c;
			if (axis_index(def, key) < 0) {
				cell_ptr(q2, sizeof q2, ptr, r, 1, 0, key);
				if (lay_def_axis(def, key, q2, err) < 0)
					return err ? err->code : LAY_ENAME;
			}
			if (!json_is_integer(val)) {
				cell_ptr(q2, sizeof q2, ptr, r, 1, 0, key);
				if (lay_json_int(val, q2, &c, err))
					return err ? err->code : LAY_ESCHEMA;
			}
		}
	}
	return 0;
}

/* Pass 2: every row names every axis; fill the element and coordinates. */
static int fill_rows(struct lay_def *def, struct table_state *st, json_t *v, const char *ptr,
		     struct lay_error *err)
{
	char rp[LAY_ERR_PTR], q[LAY_ERR_PTR];
	size_t r, nrows = json_array_size(v);
	for (r = 0; r < nrows; r++) {
		json_t *row = json_array_get(v, r);
		json_t *lc = json_array_get(row, 0), *pl = json_array_get(row, 1);
		/* every key is one of the nax axes (pass 1), so equal counts
		 * mean none is missing */
		if ((int)json_object_size(pl) != st->nax) {
			lay_ptr_index(rp, sizeof rp, ptr, r);
			lay_ptr_index(q, sizeof q, rp, 1);
			for (int a = 0; a < st->nax; a++)
				if (!json_object_get(pl, def->axes[a].name))
					return lay_error_set(err, LAY_ESCHEMA, q, -1,
							     "row %zu has no coordinate on axis "
							     "%s, which other rows use",
							     r, def->axes[a].name);
		}
		int64_t e = 0;
		for (int d = 0; d < def->rank; d++)
			e = e * def->shape[d] + json_integer_value(json_array_get(lc, (size_t)d));
		st->elem[r] = e;
		int64_t *c = st->coord + r * (size_t)st->nax;
		if (st->nax == 1) {
			c[0] = json_integer_value(json_object_iter_value(json_object_iter(pl)));
			continue;
		}
		for (int a = 0; a < st->nax; a++)
			c[a] = json_integer_value(json_object_get(pl, def->axes[a].name));
	}
	return 0;
}

/* Without "logical", the shape is max+1 of the coordinates per dimension. */
static int infer_shape(struct lay_def *def, int rank, const int64_t *mx, const char *ptr,
		       struct lay_error *err)
{
	int64_t shape[LAYOUTD_MAX_RANK];
	int rc;
	for (int d = 0; d < rank; d++) {
		/* max+1 must stay enumerable; this also keeps +1 in range */
		if (mx[d] >= def->max_points)
			return lay_error_set(
				err, LAY_ELIMIT, ptr, -1,
				"logical coordinates up to %lld in dimension %d: the tile "
				"is over the enumeration limit of %lld",
				(long long)mx[d], d, (long long)def->max_points);
		shape[d] = mx[d] + 1;
	}
	if ((rc = lay_def_set_shape(def, rank, shape, ptr, err)))
		return rc;
	if (def->size > def->max_points)
		return lay_error_set(err, LAY_ELIMIT, ptr, -1,
				     "the logical tile implied by the rows has %lld "
				     "elements, over the enumeration limit of %lld",
				     (long long)def->size, (long long)def->max_points);
	return 0;
}

/*
 * Rows the streaming reader took: the reader has already checked what
 * does not depend on the rest of the definition (every row [[i, ...],
 * {"axis": c, ...}] with one rank, integers, coordinates >= 0, the same
 * identifier keys in every row), so only the declared shape and the
 * limits remain, with the errors pass 1 and 2 give for the same rows.
 */
static int parse_streamed(struct lay_def *def, json_t *v, const struct rows_meta *m,
			  const char *ptr, struct lay_error *err)
{
	char q[LAY_ERR_PTR];
	int rc;
	struct table_state *st = calloc(1, sizeof *st);
	if (!st)
		return lay_error_set(err, LAY_ENOMEM, ptr, -1, "out of memory");
	def->ops = &table_ops;
	def->state = st; /* owned by def from here on */
	st->chunks = json_incref(json_object_get(v, ROWS_KEY));
	if (def->logical_given && m->rank != def->rank) {
		part_ptr(q, sizeof q, ptr, 0, 0);
		return lay_error_set(err, LAY_ESHAPE, q, -1,
				     "row 0 has %zu logical coordinates but logical has rank %d",
				     (size_t)m->rank, def->rank);
	}
	bool inside = true;
	for (int d = 0; d < m->rank && def->logical_given; d++)
		inside = inside && m->max[d] < def->shape[d];
	if (!inside) { /* the first coordinate outside, in row order */
		size_t r = 0, c;
		json_t *ch;
		json_array_foreach(st->chunks, c, ch)
		{
			const uint8_t *p = (const uint8_t *)json_string_value(ch);
			const uint8_t *end = p + json_string_length(ch);
			for (; p < end; r++) {
				for (int d = 0; d < m->rank; d++) {
					int64_t x = (int64_t)get_u(&p);
					if (x < def->shape[d]) {
						continue;
					}
					cell_ptr(q, sizeof q, ptr, r, 0, (size_t)d, NULL);
					return lay_error_set(err, LAY_ERANGE, q, -1,
							     "row %zu: logical coordinate %lld is "
							     "outside dimension %s of extent %lld",
							     r, (long long)x, def->names[d],
							     (long long)def->shape[d]);
				}
				for (int a = 0; a < m->nax; a++)
					(void)get_u(&p);
			}
		}
	}
	for (int a = 0; a < m->nax; a++) {
		cell_ptr(q, sizeof q, ptr, 0, 1, 0, m->names[a]);
		if (lay_def_axis(def, m->names[a], q, err) < 0)
			return err ? err->code : LAY_ENAME;
	}
	st->nax = def->naxes;
	st->nrows = (size_t)m->nrows;
	if (!def->logical_given && (rc = infer_shape(def, m->rank, m->max, ptr, err)))
		return rc;
	st->rank = def->rank;
	memcpy(st->shape, def->shape, sizeof st->shape);
	def->placements_bound = m->nrows;
	return 0;
}

static int lay_table_parse(struct lay_def *def, json_t *v, json_t *whole, struct lay_error *err)
{
	char ptr[LAY_ERR_PTR];
	int64_t mx[LAYOUTD_MAX_RANK] = { 0 };
	int rank = 0, rc;
	(void)whole;

	lay_ptr_join(ptr, sizeof ptr, def->ptr, "table");
	const struct rows_meta *m = rows_meta(v);
	if (m)
		return parse_streamed(def, v, m, ptr, err);
	if (!json_is_array(v) || json_array_size(v) == 0)
		return lay_error_set(err, LAY_ESCHEMA, ptr, -1,
				     "table must be a non-empty array of rows [[i, j], "
				     "{\"laneid\": 0, \"m\": 0}]");
	size_t nrows = json_array_size(v);
	if (nrows > (size_t)LAYOUTD_MAX_TABLE_ROWS)
		return lay_error_set(err, LAY_ELIMIT, ptr, -1,
				     "table has %zu rows, over the limit of %ld", nrows,
				     (long)LAYOUTD_MAX_TABLE_ROWS);
	struct table_state *st = calloc(1, sizeof *st);
	if (!st)
		return lay_error_set(err, LAY_ENOMEM, ptr, -1, "out of memory");
	def->ops = &table_ops;
	def->state = st; /* owned by def from here on */

	if ((rc = scan_rows(def, v, ptr, &rank, mx, err)))
		return rc;
	st->nax = def->naxes;
	st->nrows = nrows;

	if (!def->logical_given && (rc = infer_shape(def, rank, mx, ptr, err)))
		return rc;

	st->elem = malloc(sizeof *st->elem * nrows);
	st->coord = malloc(sizeof *st->coord * nrows * (size_t)(st->nax ? st->nax : 1));
	if (!st->elem || !st->coord)
		return lay_error_set(err, LAY_ENOMEM, ptr, -1, "out of memory");
	if ((rc = fill_rows(def, st, v, ptr, err)))
		return rc;
	def->placements_bound = (int64_t)nrows;
	return 0;
}

/* The table notation: rows of places, no text to detect. */
const struct lay_notation lay_notation_table = {
	.key = "table",
	.parse = lay_table_parse,
};
