/*
 * linear_text.c - the text Triton prints for a linear layout
 * (LinearLayout::toString(), seen in its error messages and debug output),
 * read back into the linear notation's {"bases", "out"} object:
 *
 *    - register=1 -> (1, 0)
 *      register=2 -> (2, 0)
 *    - lane=1 -> (0, 4)
 *    - warp is a size 1 dimension
 *   where out dims are: [dim0 (size 32), dim1 (size 32)]
 *
 * Each bullet starts an in-dim; its lines give the image of inputs 1, 2, 4,
 * ... in that order, one value per out dim.  Text before the first bullet
 * (the message Triton wrapped around the layout) is skipped; whitespace is
 * free.  Errors carry the character position of the offending token.
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "layout.h"
#include "notation/scan.h"

struct lt {
	struct lay_scan sc; /* errors: "LinearLayout text: ... at character N" */
};

#define lt_fail(p, at, fmt, ...) \
	lay_scan_error(&(p)->sc, LAY_ESYNTAX, (long)(at), "LinearLayout text: " fmt, __VA_ARGS__)
#define lt_ws(p) lay_scan_ws(&(p)->sc)

static bool lt_lit(struct lt *p, const char *lit)
{
	lt_ws(p);
	return lay_scan_lit(&p->sc, lit);
}

/* An identifier into out (NUL-terminated, < LAYOUTD_MAX_NAME). */
static int lt_name(struct lt *p, char *out, const char *what)
{
	lt_ws(p);
	int b = p->sc.pos;
	while (isalnum((unsigned char)p->sc.s[p->sc.pos]) || p->sc.s[p->sc.pos] == '_')
		p->sc.pos++;
	if (p->sc.pos == b || isdigit((unsigned char)p->sc.s[b]))
		return lt_fail(p, b, "expected %s", what);
	if (p->sc.pos - b >= LAYOUTD_MAX_NAME)
		return lt_fail(p, b, "%s is too long", what);
	memcpy(out, p->sc.s + b, p->sc.pos - b);
	out[p->sc.pos - b] = '\0';
	return 0;
}

static int lt_int(struct lt *p, int64_t *v, const char *what)
{
	lt_ws(p);
	int b = p->sc.pos;
	int64_t x = 0;
	if (!isdigit((unsigned char)p->sc.s[p->sc.pos]))
		return lt_fail(p, b, "expected %s (a non-negative integer)", what);
	int rc = lay_scan_digits(&p->sc, b, false, &x, what, LAY_ESYNTAX);
	if (rc)
		return rc;
	*v = x;
	return 0;
}

/* Skip to the first line whose first non-blank character is '-'. */
static bool lt_first_bullet(struct lt *p)
{
	int i = 0;
	for (;;) {
		int j = i;
		while (p->sc.s[j] == ' ' || p->sc.s[j] == '\t')
			j++;
		if (p->sc.s[j] == '-' && (p->sc.s[j + 1] == ' ' || p->sc.s[j + 1] == '\t')) {
			p->sc.pos = j;
			return true;
		}
		const char *nl = strchr(p->sc.s + i, '\n');
		if (!nl)
			return false;
		i = (int)(nl - p->sc.s) + 1;
	}
}

/* The in-dims: " - NAME=1 -> (v, ...)" bullets and their lines, into
 * bases; *rank gets the length of the images. */
static int lt_in_dims(struct lt *p, json_t *bases, int *rank)
{
	json_t *cur = NULL;
	char name[LAYOUTD_MAX_NAME], curname[LAYOUTD_MAX_NAME] = "";
	for (;;) {
		lt_ws(p);
		int at = p->sc.pos;
		if (strncmp(p->sc.s + p->sc.pos, "where", 5) == 0)
			break;
		bool bullet = p->sc.s[p->sc.pos] == '-';
		if (bullet)
			p->sc.pos++;
		if (lt_name(p, name, "an in-dim name, or \"where out dims are: [...]\""))
			return LAY_ESYNTAX;
		if (!bullet && (!cur || strcmp(name, curname) != 0)) {
			return lt_fail(p, at, "a new in-dim (\"%s\") starts with \" - \"", name);
		}
		if (bullet) {
			if (json_object_get(bases, name)) {
				return lt_fail(p, at + 1, "in-dim %s appears twice", name);
			}
			if (json_object_size(bases) >= LAYOUTD_MAX_AXES) {
				return lt_fail(p, at, "more in-dims than the axis limit at %s",
					       name);
			}
			cur = json_array();
			json_object_set_new(bases, name, cur);
			snprintf(curname, sizeof curname, "%s", name);
			if (lt_lit(p, "is a size 1 dimension")) {
				cur = NULL; /* no lines may follow */
				continue;
			}
		}
		lt_ws(p);
		int eq = p->sc.pos;
		int64_t input, v;
		if (!lt_lit(p, "=")) {
			return lt_fail(p, eq,
				       "expected \"=\" or \"is a size 1 dimension\" after %s",
				       name);
		}
		if (lt_int(p, &input, "the input value"))
			return LAY_ESYNTAX;
		size_t k = json_array_size(cur);
		if (k >= 62 || input != (int64_t)1 << k) {
			char want[96];
			snprintf(want, sizeof want, "%s=%lld", name,
				 k < 62 ? (long long)1 << k : -1LL);
			lt_fail(p, eq + 1, "expected %s next: inputs go 1, 2, 4, ...", want);
			return LAY_ESYNTAX;
		}
		if (!lt_lit(p, "->") || !lt_lit(p, "(")) {
			return lt_fail(p, p->sc.pos, "%s", "expected \"-> (\" and the image");
		}
		json_t *basis = json_array();
		json_array_append_new(cur, basis);
		int n = 0;
		do {
			if (lt_int(p, &v, "a basis value"))
				return LAY_ESYNTAX;
			json_array_append_new(basis, json_integer((json_int_t)v));
			n++;
		} while (lt_lit(p, ","));
		if (!lt_lit(p, ")")) {
			return lt_fail(p, p->sc.pos, "%s", "expected \",\" or \")\" in the image");
		}
		if (*rank < 0)
			*rank = n;
		else if (n != *rank) {
			return lt_fail(p, at, "this image has a different number of values (%s)",
				       n < *rank ? "fewer" : "more");
		}
	}
	return 0;
}

/* "where out dims are: [NAME (size N), ...]" into out. */
static int lt_out_dims(struct lt *p, json_t *out)
{
	char name[LAYOUTD_MAX_NAME];
	if (!lt_lit(p, "where") || !lt_lit(p, "out") || !lt_lit(p, "dims") || !lt_lit(p, "are") ||
	    !lt_lit(p, ":") || !lt_lit(p, "[")) {
		return lt_fail(p, p->sc.pos, "%s", "expected \"where out dims are: [\"");
	}
	do {
		int64_t size;
		int at = (lt_ws(p), p->sc.pos);
		if (lt_name(p, name, "an out dim name"))
			return LAY_ESYNTAX;
		if (!lt_lit(p, "(") || !lt_lit(p, "size")) {
			return lt_fail(p, p->sc.pos, "expected \"(size N)\" after %s", name);
		}
		if (lt_int(p, &size, "the out dim size"))
			return LAY_ESYNTAX;
		if (!lt_lit(p, ")")) {
			return lt_fail(p, p->sc.pos, "%s", "expected \")\"");
		}
		(void)at;
		json_array_append_new(out, json_pack("[s,I]", name, (json_int_t)size));
	} while (lt_lit(p, ","));
	if (!lt_lit(p, "]")) {
		return lt_fail(p, p->sc.pos, "%s", "expected \",\" or \"]\" after the out dims");
	}
	return 0;
}

json_t *lay_linear_text(const char *text, const char *ptr, int max_len, struct lay_error *err)
{
	struct lt p;
	lay_scan_init(&p.sc, text, ptr, err, 0);
	json_t *bases = json_object(), *out = json_array();
	int rank = -1;

	if (max_len > 0 && strlen(text) > (size_t)max_len * 4) {
		lay_error_set(err, LAY_ELIMIT, ptr, -1,
			      "LinearLayout text is %zu bytes, over the limit of %d", strlen(text),
			      max_len * 4);
		goto fail;
	}
	if (!lt_first_bullet(&p)) {
		const char *e = strstr(text, "(empty layout");
		if (e)
			lt_fail(&p, (size_t)(e - text), "%s",
				"an empty layout places nothing; give at least one in-dim");
		else
			lt_fail(&p, 0, "%s",
				"expected LinearLayout::toString() text: \" - register=1 -> (0, "
				"1)\" lines and \"where out dims are: [dim0 (size 16), ...]\"");
		goto fail;
	}
	if (lt_in_dims(&p, bases, &rank) || lt_out_dims(&p, out))
		goto fail;
	lt_ws(&p);
	if (text[p.sc.pos]) {
		lt_fail(&p, p.sc.pos, "%s", "unexpected text after the out dims");
		goto fail;
	}
	if (rank >= 0 && (size_t)rank != json_array_size(out)) {
		lt_fail(&p, 0, "%s", "the images have a different length than the out dims");
		goto fail;
	}
	return json_pack("{s:o,s:o}", "bases", bases, "out", out);
fail:
	json_decref(bases);
	json_decref(out);
	return NULL;
}
