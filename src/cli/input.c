/*
 * input.c - what `layoutd check` reads: a JSON request, a bare JSON
 * definition, or the text of one notation (Axe, CuTe, TTGIR, a linear
 * layout's printed form) from a file or standard input; and where in that
 * file an error or a failed check sits, for CI annotations.
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "layout/notation/notation.h"

/* The CLI reads whole files; 256 MiB bounds a table dumped from a kernel. */
#define CLI_MAX_FILE (256L << 20)

static char *slurp(const char *path, size_t *lenp, struct lay_error *err)
{
	FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
	char *buf = NULL;
	size_t len = 0, cap = 0;
	if (!f) {
		lay_error_set(err, LAY_EIO, "", -1, "cannot open %s: %s", path, strerror(errno));
		return NULL;
	}
	for (;;) {
		if (len + 1 >= cap) {
			cap = cap ? 2 * cap : 65536;
			char *nb = realloc(buf, cap);
			if (!nb) {
				lay_error_set(err, LAY_ENOMEM, "", -1, "out of memory reading %s",
					      path);
				goto bad;
			}
			buf = nb;
		}
		size_t n = fread(buf + len, 1, cap - len - 1, f);
		len += n;
		if (len > (size_t)CLI_MAX_FILE) {
			lay_error_set(err, LAY_ELIMIT, "", -1, "%s is larger than %ld bytes", path,
				      CLI_MAX_FILE);
			goto bad;
		}
		if (n == 0)
			break;
	}
	if (ferror(f)) {
		lay_error_set(err, LAY_EIO, "", -1, "cannot read %s: %s", path, strerror(errno));
		goto bad;
	}
	if (f != stdin)
		fclose(f);
	buf[len] = '\0';
	*lenp = len;
	return buf;
bad:
	free(buf);
	if (f != stdin)
		fclose(f);
	return NULL;
}

/* "8,16", "[8, 16]", "8x16" -> [8, 16]; NULL if not a list of positive integers. */
static json_t *int_list(const char *s)
{
	json_t *a = json_array();
	const char *p = s;
	while (*p == ' ' || *p == '[' || *p == '(')
		p++;
	while (*p && *p != ']' && *p != ')') {
		char *end = NULL;
		errno = 0;
		long long v = strtoll(p, &end, 10);
		if (end == p || errno || v <= 0) {
			json_decref(a);
			return NULL;
		}
		json_array_append_new(a, json_integer(v));
		p = end;
		while (*p == ' ')
			p++;
		if (*p == ',' || *p == 'x' || *p == 'X')
			p++;
		while (*p == ' ')
			p++;
	}
	if (!json_array_size(a)) {
		json_decref(a);
		return NULL;
	}
	return a;
}

static json_t *wrap_text(const char *path, char *text, size_t len, const struct cli_text_opts *o,
			 struct lay_error *err)
{
	char *t = text;
	while (isspace((unsigned char)*t))
		t++;
	size_t n = len - (size_t)(t - text);
	while (n > 0 && isspace((unsigned char)t[n - 1]))
		n--;
	if (n == 0)
		return lay_error_set(err, LAY_ESCHEMA, "", -1, "%s is empty", path), NULL;
	char *body = strndup(t, n);
	if (!body)
		return lay_error_set(err, LAY_ENOMEM, "", -1, "out of memory"), NULL;
	const char *key = o && o->notation ? o->notation : lay_detect_notation(body);
	json_t *def = NULL, *v;
	if (!key) {
		char hints[256];
		lay_notation_hints(hints, sizeof hints);
		lay_error_set(err, LAY_ESCHEMA, "", 0,
			      "%s is neither JSON nor a layout text this command recognises (%s): "
			      "name it with --notation",
			      path, hints);
		goto out;
	}
	const struct lay_notation *nt = lay_notation_find(key);
	if (nt && nt->text_request && !(o && (o->logical || o->shape))) {
		/* a pasted ttg.local_load / local_store line: both sides analysed */
		json_t *req = nt->text_request(body);
		if (req) {
			free(body);
			return req;
		}
	}
	def = json_pack("{s:s}", key, body);
	if (o && o->logical) {
		if (!(v = int_list(o->logical))) {
			lay_error_set(err, LAY_ESCHEMA, "/layout/logical", -1,
				      "--logical is a list of positive integers such as 8,16, not "
				      "\"%s\"",
				      o->logical);
			goto bad;
		}
		json_object_set_new(def, "logical", v);
	}
	if (o && o->shape) {
		if (!(v = int_list(o->shape))) {
			lay_error_set(err, LAY_ESCHEMA, "/layout/shape", -1,
				      "--shape is a list of positive integers such as 128,64, not "
				      "\"%s\"",
				      o->shape);
			goto bad;
		}
		json_object_set_new(def, "shape", v);
	}
	if (o && o->role)
		json_object_set_new(def, "cute_role", json_string(o->role));
	json_t *req = json_pack("{s:o}", "layout", def);
	free(body);
	return req;
bad:
	json_decref(def);
	def = NULL;
out:
	free(body);
	return NULL;
}

int cli_option_find(const char *const *names, int n, const char *arg)
{
	const char *eq = strchr(arg, '=');
	size_t nl = eq ? (size_t)(eq - arg) : strlen(arg);
	for (int k = 0; k < n; k++)
		if (strlen(names[k]) == nl && strncmp(arg, names[k], nl) == 0)
			return k;
	return -1;
}

const char *cli_option_value(int argc, char **argv, int *i, const char *name)
{
	const char *eq = strchr(argv[*i], '=');
	if (eq)
		return eq + 1;
	if (*i + 1 >= argc) {
		fprintf(stderr, "layoutd %s: %s needs a value\n", argv[0], name);
		exit(CLI_BAD);
	}
	return argv[++*i];
}

bool cli_text_option(struct cli_text_opts *o, int argc, char **argv, int *i)
{
	/* the one table of reading options: check, push and print read a
	 * text file alike (a layout pushed is the layout checked) */
	static const char *const names[] = { "--notation", "--logical", "--role", "--shape",
					     "--target" };
	int k = cli_option_find(names, (int)(sizeof names / sizeof names[0]), argv[*i]);
	if (k < 0)
		return false;
	const char *val = cli_option_value(argc, argv, i, names[k]);
	const char **dst[] = { &o->notation, &o->logical, &o->role, &o->shape, &o->target };
	*dst[k] = val;
	if (k == 0 && !lay_notation_find(val)) {
		char list[128];
		lay_notation_list(list, sizeof list, " or ");
		fprintf(stderr, "layoutd %s: --notation is %s, not \"%s\"\n", argv[0], list, val);
		exit(CLI_BAD);
	}
	struct lay_error err;
	if (k == 4 && lay_access_target(val, "", &err)) {
		fprintf(stderr, "layoutd %s: --target: %s\n", argv[0], err.message);
		exit(CLI_BAD);
	}
	return true;
}

json_t *cli_read(const char *path, const struct cli_text_opts *topts, char **text,
		 struct lay_error *err)
{
	size_t len = 0;
	char *buf = slurp(path, &len, err);
	json_t *v = NULL;
	if (text)
		*text = NULL;
	if (!buf)
		return NULL;
	const char *p = buf + strspn(buf, " \t\r\n");
	if (*p == '{' || *p == '[' || (topts == NULL))
		v = lay_json_load(buf, len, err);
	else
		v = wrap_text(path, buf, len, topts, err);
	if (text)
		*text = buf;
	else
		free(buf);
	return v;
}

static void line_col(const char *text, long byte, long *line, long *col)
{
	*line = 1;
	*col = 1;
	for (long k = 0; k < byte && text[k]; k++) {
		if (text[k] == '\n') {
			++*line;
			*col = 1;
		} else if (((unsigned char)text[k] & 0xC0) != 0x80) {
			++*col;
		}
	}
}

void cli_locate(const char *text, const char *pointer, long position, long *line, long *col)
{
	*line = 1;
	*col = 1;
	if (!text)
		return;
	if (!pointer || !*pointer) {
		if (position > 0) {
			long byte = 0;
			for (long chars = 0; text[byte] && chars < position; byte++)
				if (((unsigned char)text[byte + 1] & 0xC0) != 0x80)
					chars++;
			line_col(text, byte, line, col);
		}
		return;
	}
	/* walk the pointer's member names in order through the text: good
	 * enough for the files people write (one member per name and level) */
	const char *at = text, *found = NULL;
	const char *p = pointer;
	while (*p == '/') {
		p++;
		size_t tl = strcspn(p, "/");
		char tok[256], quoted[260];
		size_t w = 0;
		for (size_t k = 0; k < tl && w + 1 < sizeof tok; k++) {
			if (p[k] == '~' && k + 1 < tl && (p[k + 1] == '0' || p[k + 1] == '1')) {
				tok[w++] = p[k + 1] == '0' ? '~' : '/';
				k++;
			} else {
				tok[w++] = p[k];
			}
		}
		tok[w] = '\0';
		p += tl;
		if (w == 0 || strspn(tok, "0123456789") == w)
			continue; /* an array index: stay where we are */
		snprintf(quoted, sizeof quoted, "\"%s\"", tok);
		for (const char *q = strstr(at, quoted); q; q = strstr(q + 1, quoted)) {
			const char *after = q + strlen(quoted);
			after += strspn(after, " \t\r\n");
			if (*after == ':') {
				found = q;
				at = after;
				break;
			}
		}
	}
	if (!found)
		return;
	/* a position inside a string member: the character itself (escapes
	 * count as one character, as the engine saw the decoded text) */
	const char *q = at + 1;
	q += strspn(q, " \t\r\n");
	if (position >= 0 && *q == '"') {
		q++;
		for (long chars = 0; *q && *q != '"' && chars < position; chars++) {
			q += *q == '\\' ? (q[1] == 'u' ? 6 : 2) : 1;
			while ((*(const unsigned char *)q & 0xC0) == 0x80)
				q++;
		}
		found = q;
	}
	line_col(text, (long)(found - text), line, col);
}
