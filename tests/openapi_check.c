/*
 * openapi_check.c - validate a JSON instance against one schema of an
 * OpenAPI 3.1 document, so tests/openapi.sh can hold the daemon's real
 * responses to schema/openapi.json.
 *
 *   openapi_check OPENAPI.json '#/components/schemas/Analysis' INSTANCE.json
 *
 * The second argument is any JSON pointer into the document, e.g.
 * '#/paths/~1v1~1analyze/post/responses/200/content/application~1json/schema'.
 * Exit 0 valid, 1 invalid (the instance pointer of the first violation and
 * why, on stdout), 2 usage or a schema this checker cannot judge.
 *
 *   openapi_check --batch OPENAPI.json < CASES.jsonl
 *
 * Many checks in one process, one JSON object a line, each answered on
 * stdout with "ok NAME ..." or "FAIL NAME: why":
 *   {"name": N, "schema": "#/...", "instance": FILE}   the instance matches
 *   {"name": N, "method": "post", "path": "/v1/analyze", "status": "200",
 *    "headers": FILE, "body": FILE}   a response (curl -D and -o files) is
 *   documented: its status for that path and method, the API's own headers
 *   in it, its media type, and a JSON body matches that media type's schema
 *   (what tests/openapi.sh's conform does for one response).
 * Exit 0 all pass, 1 some fail, 2 a bad line or a schema beyond the checker.
 *
 *   openapi_check --response OPENAPI.json METHOD PATH STATUS HEADERS BODY
 *
 * One response of a request to PATH (no query) held to the document the
 * way tests/lib.sh's req() holds every response: see response() below.
 *
 * The subset of JSON Schema 2020-12 the document uses: local $ref, type (a
 * name or an array of names), required, properties, additionalProperties
 * (boolean or schema), items, enum, const, oneOf, anyOf, allOf, minimum,
 * maximum, minItems, maxItems.  Annotations are ignored; any other keyword
 * is refused (exit 2) rather than passed, so the document cannot come to
 * rely on a keyword nobody checks.
 */
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <jansson.h>

#define CHECK_MAX_DEPTH 256  /* nesting plus $ref hops: stops a $ref loop */
#define CHECK_PTR	1024 /* instance pointers: responses are not deeper */

struct check {
	json_t *doc;	       /* borrowed: the whole OpenAPI document */
	char where[CHECK_PTR]; /* instance pointer of the violation */
	char why[512];
	bool unsupported; /* the schema, not the instance, is at fault */
};

static const char *const keywords[] = {
	"$ref", "type", "required", "properties", "additionalProperties", "items", "enum", "const",
	"oneOf", "anyOf", "allOf", "minimum", "maximum", "minItems", "maxItems",
	/* annotations */
	"description", "title", "summary", "examples", "example", "default", "format", "deprecated",
	"readOnly", "writeOnly", "$comment", NULL
};

static bool validate(struct check *ck, json_t *schema, json_t *inst, char *ptr, int depth);

/* The value at a JSON pointer ("#/a/b~1c") of the document: borrowed or NULL. */
static json_t *resolve(json_t *doc, const char *ref)
{
	char tok[256];
	json_t *v = doc;
	if (!ref || ref[0] != '#')
		return NULL;
	for (const char *p = ref + 1; *p && v;) {
		if (*p++ != '/')
			return NULL;
		size_t n = 0;
		for (; *p && *p != '/' && n + 1 < sizeof tok; p++)
			if (p[0] == '~' && (p[1] == '0' || p[1] == '1'))
				tok[n++] = *++p == '0' ? '~' : '/';
			else
				tok[n++] = *p;
		tok[n] = '\0';
		v = json_is_array(v) ? json_array_get(v, strtoul(tok, NULL, 10))
				     : json_object_get(v, tok);
	}
	return v;
}

static bool fail(struct check *ck, const char *ptr, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
static bool fail(struct check *ck, const char *ptr, const char *fmt, ...)
{
	va_list ap;
	snprintf(ck->where, sizeof ck->where, "%s", ptr);
	va_start(ap, fmt);
	vsnprintf(ck->why, sizeof ck->why, fmt, ap);
	va_end(ap);
	return false;
}

/* Append one reference token to ptr, escaped; returns the old length. */
static size_t push(char *ptr, const char *key)
{
	size_t len = strlen(ptr), n = len;
	if (n + 1 < CHECK_PTR)
		ptr[n++] = '/';
	for (const char *k = key; *k && n + 2 < CHECK_PTR; k++) {
		if (*k == '~' || *k == '/') {
			ptr[n++] = '~';
			ptr[n++] = *k == '~' ? '0' : '1';
		} else {
			ptr[n++] = *k;
		}
	}
	ptr[n] = '\0';
	return len;
}

static bool is_type(json_t *inst, const char *t)
{
	if (!t)
		return false;
	return strcmp(t, "object") == 0	   ? json_is_object(inst)
	       : strcmp(t, "array") == 0   ? json_is_array(inst)
	       : strcmp(t, "string") == 0  ? json_is_string(inst)
	       : strcmp(t, "integer") == 0 ? json_is_integer(inst)
	       : strcmp(t, "number") == 0  ? json_is_number(inst)
	       : strcmp(t, "boolean") == 0 ? json_is_boolean(inst)
	       : strcmp(t, "null") == 0	   ? json_is_null(inst)
					   : false;
}

static const char *type_name(json_t *v)
{
	static const char *const names[] = { "an object", "an array", "a string", "an integer",
					     "a real",	  "true",     "false",	  "null" };
	return names[json_typeof(v)];
}

/* Compact text of v, at most 60 characters, into buf. */
static const char *text(json_t *v, char *buf, size_t n)
{
	char *s = json_dumps(v, JSON_ENCODE_ANY | JSON_COMPACT);
	snprintf(buf, n, "%.60s", s ? s : "?");
	free(s);
	return buf;
}

/*
 * oneOf / anyOf: the number of matching branches, -1 if a branch is beyond
 * this checker.  When none matches, the reason kept is the one found deepest
 * in the instance: in a union of object shapes, the branch the author meant.
 */
static int count_matches(struct check *ck, json_t *branches, json_t *inst, char *ptr, int depth)
{
	struct check best = *ck, trial;
	bool have = false;
	int matches = 0;
	size_t i;
	json_t *b;
	json_array_foreach(branches, i, b)
	{
		trial = *ck;
		if (validate(&trial, b, inst, ptr, depth + 1)) {
			matches++;
		} else if (trial.unsupported || !have || strlen(trial.where) > strlen(best.where)) {
			best = trial;
			have = true;
			if (trial.unsupported)
				break;
		}
	}
	if (matches == 0 || best.unsupported)
		*ck = best;
	return best.unsupported ? -1 : matches;
}

static bool validate_object(struct check *ck, json_t *schema, json_t *inst, char *ptr, int depth)
{
	json_t *props = json_object_get(schema, "properties");
	json_t *extra = json_object_get(schema, "additionalProperties"), *v;
	const char *key;
	size_t i;
	json_array_foreach(
		json_object_get(schema, "required"), i,
		v) if (!json_object_get(inst,
					json_string_value(v))) return fail(ck, ptr,
									   "the required member "
									   "\"%s\" is missing",
									   json_string_value(v));
	json_object_foreach(inst, key, v)
	{
		json_t *sub = json_object_get(props, key);
		if (!sub && json_is_false(extra))
			return fail(ck, ptr, "the member \"%s\" is not allowed here", key);
		if (!sub && !json_is_object(extra))
			continue;
		size_t len = push(ptr, key);
		bool ok = validate(ck, sub ? sub : extra, v, ptr, depth + 1);
		ptr[len] = '\0';
		if (!ok)
			return false;
	}
	return true;
}

static bool validate_array(struct check *ck, json_t *schema, json_t *inst, char *ptr, int depth)
{
	json_t *items = json_object_get(schema, "items"), *kw, *v;
	size_t n = json_array_size(inst), i;
	char index[32];
	if ((kw = json_object_get(schema, "minItems")) && (json_int_t)n < json_integer_value(kw))
		return fail(ck, ptr, "%zu items, fewer than minItems %lld", n,
			    (long long)json_integer_value(kw));
	if ((kw = json_object_get(schema, "maxItems")) && (json_int_t)n > json_integer_value(kw))
		return fail(ck, ptr, "%zu items, more than maxItems %lld", n,
			    (long long)json_integer_value(kw));
	json_array_foreach(inst, i, v)
	{
		if (!items)
			break;
		snprintf(index, sizeof index, "%zu", i);
		size_t len = push(ptr, index);
		bool ok = validate(ck, items, v, ptr, depth + 1);
		ptr[len] = '\0';
		if (!ok)
			return false;
	}
	return true;
}

static bool validate(struct check *ck, json_t *schema, json_t *inst, char *ptr, int depth)
{
	const char *key;
	json_t *kw, *e;
	char a[64], b[64];
	size_t i;
	if (depth > CHECK_MAX_DEPTH || !(json_is_object(schema) || json_is_boolean(schema))) {
		ck->unsupported = true;
		return fail(ck, ptr,
			    "a schema that is not an object, or nested past %d (a $ref loop?)",
			    CHECK_MAX_DEPTH);
	}
	if (json_is_boolean(schema))
		return json_is_true(schema) || fail(ck, ptr, "the schema is false");
	json_object_foreach(schema, key, kw)
	{
		bool known = strncmp(key, "x-", 2) == 0;
		for (const char *const *k = keywords; *k && !known; k++)
			known = strcmp(*k, key) == 0;
		if (!known) {
			ck->unsupported = true;
			return fail(ck, ptr,
				    "the schema uses \"%s\", which this checker does not support",
				    key);
		}
	}
	if ((kw = json_object_get(schema, "$ref"))) {
		json_t *target = resolve(ck->doc, json_string_value(kw));
		if (!target) {
			ck->unsupported = true;
			return fail(ck, ptr, "unresolvable $ref %s", text(kw, a, sizeof a));
		}
		if (!validate(ck, target, inst, ptr, depth + 1))
			return false;
	}
	if ((kw = json_object_get(schema, "type"))) {
		bool ok = is_type(inst, json_string_value(kw));
		json_array_foreach(kw, i, e) ok = ok || is_type(inst, json_string_value(e));
		if (!ok)
			return fail(ck, ptr, "%s, expected type %s", type_name(inst),
				    text(kw, a, sizeof a));
	}
	if ((kw = json_object_get(schema, "const")) && !json_equal(kw, inst))
		return fail(ck, ptr, "%s is not the const %s", text(inst, a, sizeof a),
			    text(kw, b, sizeof b));
	if ((kw = json_object_get(schema, "enum"))) {
		bool ok = false;
		json_array_foreach(kw, i, e) ok = ok || json_equal(e, inst);
		if (!ok)
			return fail(ck, ptr, "%s is not one of %s", text(inst, a, sizeof a),
				    text(kw, b, sizeof b));
	}
	if (json_is_number(inst)) {
		double x = json_number_value(inst);
		if ((kw = json_object_get(schema, "minimum")) && x < json_number_value(kw))
			return fail(ck, ptr, "%g is below the minimum %g", x,
				    json_number_value(kw));
		if ((kw = json_object_get(schema, "maximum")) && x > json_number_value(kw))
			return fail(ck, ptr, "%g is above the maximum %g", x,
				    json_number_value(kw));
	}
	if (json_is_object(inst) && !validate_object(ck, schema, inst, ptr, depth))
		return false;
	if (json_is_array(inst) && !validate_array(ck, schema, inst, ptr, depth))
		return false;
	json_array_foreach(json_object_get(schema, "allOf"), i,
			   e) if (!validate(ck, e, inst, ptr, depth + 1)) return false;
	if ((kw = json_object_get(schema, "anyOf")) && count_matches(ck, kw, inst, ptr, depth) <= 0)
		return false;
	if ((kw = json_object_get(schema, "oneOf"))) {
		int m = count_matches(ck, kw, inst, ptr, depth);
		if (m > 1)
			return fail(ck, ptr, "matches %d branches of a oneOf, not exactly one", m);
		if (m == 0) { /* the deepest branch's reason, marked as such */
			size_t len = strlen(ck->why);
			snprintf(ck->why + len, sizeof ck->why - len, " (no oneOf branch matches)");
		}
		if (m != 1)
			return false;
	}
	return true;
}

/* The instance file of c against the schema at c's pointer: 0 valid, 1
 * not, 2 unjudgeable; the ok or FAIL line on stdout (st and ct, if given,
 * are the status and media type the ok line names). */
static int check_one(json_t *doc, json_t *c, const char *name, const char *st, const char *ct)
{
	const char *sp = json_string_value(json_object_get(c, "schema"));
	const char *file = json_string_value(json_object_get(c, "instance"));
	json_error_t jerr;
	struct check ck = { .doc = doc };
	char ptr[CHECK_PTR] = "";
	json_t *schema = resolve(doc, sp);
	if (!schema || !file) {
		fprintf(stderr, "openapi_check: %s: no schema at %s\n", name, sp ? sp : "(none)");
		return 2;
	}
	json_t *inst = json_load_file(file, JSON_DECODE_ANY, &jerr);
	if (!inst) {
		printf("FAIL %s: %s: line %d: %s\n", name, file, jerr.line, jerr.text);
		return 1;
	}
	int rc = validate(&ck, schema, inst, ptr, 0) ? 0 : ck.unsupported ? 2 : 1;
	json_decref(inst);
	if (rc == 2)
		fprintf(stderr, "openapi_check: %s: %s\n", sp, ck.why);
	else if (rc == 1)
		printf("FAIL %s: %s: %s: %s\n", name, file, ck.where[0] ? ck.where : "(root)",
		       ck.why);
	else if (st)
		printf("ok %s (%s %s)\n", name, st, ct);
	else
		printf("ok %s\n", name);
	return rc;
}

/* RFC 6901 escaping of one reference token into out. */
static void escape_token(const char *tok, char *out, size_t n)
{
	size_t k = 0;
	for (; *tok && k + 3 < n; tok++) {
		if (*tok == '~' || *tok == '/') {
			out[k++] = '~';
			out[k++] = *tok == '~' ? '0' : '1';
		} else {
			out[k++] = *tok;
		}
	}
	out[k] = '\0';
}

static void lower(char *s)
{
	for (; *s; s++)
		*s = (char)(*s >= 'A' && *s <= 'Z' ? *s - 'A' + 'a' : *s);
}

/* The headers of a curl -D file: the first Content-Type's value into ct,
 * and the API's own headers present, lowercased and each followed by a
 * space, into api. */
static bool read_headers(const char *file, char *ct, size_t cn, char *api, size_t an)
{
	static const char *const own[] = { "etag",
					   "location",
					   "link",
					   "x-cache",
					   "x-total-count",
					   "content-location",
					   "www-authenticate",
					   NULL };
	FILE *f = fopen(file, "r");
	char line[8192];
	ct[0] = api[0] = '\0';
	if (!f)
		return false;
	while (fgets(line, sizeof line, f)) {
		line[strcspn(line, "\r\n")] = '\0';
		char *colon = strchr(line, ':');
		if (!colon)
			continue;
		*colon = '\0';
		lower(line);
		const char *v = colon + 1 + strspn(colon + 1, " ");
		if (strcmp(line, "content-type") == 0 && !ct[0])
			snprintf(ct, cn, "%s", v);
		for (const char *const *o = own; *o; o++)
			if (strcmp(line, *o) == 0 && strlen(api) + strlen(line) + 2 < an)
				strcat(strcat(api, line), " ");
	}
	fclose(f);
	return true;
}

/* Whether every API header of the response (api, space-separated) is
 * documented for it; the first that is not into *missing. */
static bool headers_documented(json_t *resp, char *api, const char **missing)
{
	json_t *doc = json_object_get(resp, "headers"), *v;
	const char *key;
	for (char *h = strtok(api, " "); h; h = strtok(NULL, " ")) {
		bool found = false;
		json_object_foreach(doc, key, v)
		{
			found = found || strcasecmp(key, h) == 0;
		}
		if (!found) {
			*missing = h;
			return false;
		}
	}
	return true;
}

static bool file_empty(const char *file)
{
	FILE *f = fopen(file, "r");
	bool empty = !f || fgetc(f) == EOF;
	if (f)
		fclose(f);
	return empty;
}

/* One response held to the document (what tests/openapi.sh's conform does
 * for one): 0 ok, 1 not, 2 unjudgeable; the ok or FAIL line on stdout. */
static int conform(json_t *doc, json_t *c, const char *name)
{
	const char *m = json_string_value(json_object_get(c, "method"));
	const char *p = json_string_value(json_object_get(c, "path"));
	const char *hf = json_string_value(json_object_get(c, "headers"));
	const char *bf = json_string_value(json_object_get(c, "body"));
	json_t *sv = json_object_get(c, "status");
	char st[16], ct[256], api[512], ptr[1024], ep[512], ec[256], up[16];
	const char *missing = NULL;
	if (!m || !p || !hf || !bf || !(json_is_string(sv) || json_is_integer(sv))) {
		fprintf(stderr, "openapi_check: %s: give method, path, status, headers, body\n",
			name);
		return 2;
	}
	if (json_is_integer(sv))
		snprintf(st, sizeof st, "%lld", (long long)json_integer_value(sv));
	else
		snprintf(st, sizeof st, "%s", json_string_value(sv));
	snprintf(up, sizeof up, "%s", m);
	for (char *u = up; *u; u++)
		*u = (char)(*u >= 'a' && *u <= 'z' ? *u - 'a' + 'A' : *u);
	json_t *op = json_object_get(json_object_get(json_object_get(doc, "paths"), p), m);
	json_t *resp = json_object_get(json_object_get(op, "responses"), st);
	if (!resp) {
		printf("FAIL %s: %s is not a documented response of %s %s\n", name, st, up, p);
		return 1;
	}
	if (!read_headers(hf, ct, sizeof ct, api, sizeof api)) {
		printf("FAIL %s: no headers file %s\n", name, hf);
		return 1;
	}
	if (file_empty(bf))
		ct[0] = '\0';
	if (!headers_documented(resp, api, &missing)) {
		printf("FAIL %s: %s: header %s is not documented\n", name, st, missing);
		return 1;
	}
	if (ct[0] && !json_object_get(json_object_get(resp, "content"), ct)) {
		printf("FAIL %s: %s: media type %s is not documented\n", name, st, ct);
		return 1;
	}
	if (!ct[0] ||
	    (strcmp(ct, "application/json") != 0 && strcmp(ct, "application/problem+json") != 0)) {
		printf(ct[0] ? "ok %s (%s %s)\n" : "ok %s (%s, empty body)\n", name, st, ct);
		return 0;
	}
	escape_token(p, ep, sizeof ep);
	escape_token(ct, ec, sizeof ec);
	snprintf(ptr, sizeof ptr, "#/paths/%s/%s/responses/%s/content/%s/schema", ep, m, st, ec);
	json_t *cc = json_pack("{s:s, s:s}", "schema", ptr, "instance", bf);
	int rc = check_one(doc, cc, name, st, ct);
	json_decref(cc);
	return rc;
}

/* Whether path matches the template tmpl, a {name} standing for one or
 * more characters other than '/'. */
static bool path_matches(const char *tmpl, const char *path)
{
	if (*tmpl == '\0')
		return *path == '\0';
	if (*tmpl != '{')
		return *tmpl == *path && path_matches(tmpl + 1, path + 1);
	const char *close = strchr(tmpl, '}');
	if (!close)
		return false;
	for (const char *p = path; *p && *p != '/'; p++)
		if (path_matches(close + 1, p + 1))
			return true;
	return false;
}

static int cmp_key(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* The document's path template for a request path: the one with the
 * fewest parameters, the first in byte order among those; NULL if none. */
static const char *template_of(json_t *doc, const char *path)
{
	json_t *paths = json_object_get(doc, "paths"), *v;
	size_t n = json_object_size(paths), k = 0, fewest = (size_t)-1;
	const char **keys = calloc(n ? n : 1, sizeof *keys), *key, *best = NULL;
	json_object_foreach(paths, key, v)
	{
		keys[k++] = key;
	}
	qsort(keys, n, sizeof *keys, cmp_key);
	for (k = 0; k < n; k++) {
		size_t params = 0;
		for (const char *c = keys[k]; *c; c++)
			params += *c == '{';
		if (params < fewest && path_matches(keys[k], path)) {
			best = keys[k];
			fewest = params;
		}
	}
	free(keys);
	return best;
}

/* --response METHOD PATH STATUS HEADERS BODY: what tests/lib.sh holds every
 * response of req() to.  Quiet and 0 for what is not an operation of the
 * document (no such path or method) and for a body that is empty or not
 * JSON; else the status must be documented, the media type (parameters
 * dropped) too, and the body must match its schema.  Why not on stdout. */
static int response(json_t *doc, char **a)
{
	const char *m = a[0], *tmpl = template_of(doc, a[1]), *st = a[2];
	char ct[256], api[512], ptr[1024], ep[512], ec[256], up[16];
	if (!tmpl)
		return 0;
	json_t *op = json_object_get(json_object_get(json_object_get(doc, "paths"), tmpl), m);
	if (!op)
		return 0;
	snprintf(up, sizeof up, "%s", m);
	for (char *u = up; *u; u++)
		*u = (char)(*u >= 'a' && *u <= 'z' ? *u - 'a' + 'A' : *u);
	json_t *resp = json_object_get(json_object_get(op, "responses"), st);
	if (!resp) {
		printf("%s is not a documented response of %s %s\n", st, up, tmpl);
		return 1;
	}
	if (file_empty(a[4]) || !read_headers(a[3], ct, sizeof ct, api, sizeof api))
		return 0;
	ct[strcspn(ct, ";")] = '\0';
	if (strcmp(ct, "application/json") != 0 && strcmp(ct, "application/problem+json") != 0)
		return 0;
	if (!json_object_get(json_object_get(resp, "content"), ct)) {
		printf("%s %s is not a documented media type of %s %s\n", st, ct, up, tmpl);
		return 1;
	}
	escape_token(tmpl, ep, sizeof ep);
	escape_token(ct, ec, sizeof ec);
	snprintf(ptr, sizeof ptr, "#/paths/%s/%s/responses/%s/content/%s/schema", ep, m, st, ec);
	json_error_t jerr;
	struct check ck = { .doc = doc };
	char where[CHECK_PTR] = "";
	json_t *inst = json_load_file(a[4], JSON_DECODE_ANY, &jerr), *schema = resolve(doc, ptr);
	if (!inst || !schema) {
		printf("the %s body does not match the API document: %s: %s\n", st, a[4],
		       inst ? "no schema" : jerr.text);
		json_decref(inst);
		return 1;
	}
	int rc = validate(&ck, schema, inst, where, 0) ? 0 : ck.unsupported ? 2 : 1;
	json_decref(inst);
	if (rc)
		printf("the %s body does not match the API document: %s: %s: %s\n", st, a[4],
		       ck.where[0] ? ck.where : "(root)", ck.why);
	return rc;
}

/* --batch: one check a line of stdin; the worst result. */
static int batch(json_t *doc)
{
	char *line = NULL;
	size_t cap = 0;
	int worst = 0, no = 0;
	while (getline(&line, &cap, stdin) > 0) {
		json_error_t jerr;
		no++;
		if (line[strspn(line, " \t\r\n")] == '\0')
			continue;
		json_t *c = json_loads(line, 0, &jerr);
		const char *name = json_string_value(json_object_get(c, "name"));
		int rc = 2;
		if (!name)
			fprintf(stderr, "openapi_check: line %d: not a check: %s\n", no,
				c ? "no \"name\"" : jerr.text);
		else if (json_object_get(c, "schema"))
			rc = check_one(doc, c, name, NULL, NULL);
		else
			rc = conform(doc, c, name);
		worst = rc > worst ? rc : worst;
		json_decref(c);
	}
	free(line);
	fflush(stdout);
	return worst;
}

int main(int argc, char **argv)
{
	json_error_t jerr;
	json_t *doc = NULL, *inst = NULL, *schema;
	struct check ck = { 0 };
	char ptr[CHECK_PTR] = "";
	int rc = 2;
	if (argc == 8 && strcmp(argv[1], "--response") == 0) {
		if (!(doc = json_load_file(argv[2], 0, &jerr))) {
			fprintf(stderr, "openapi_check: %s: line %d: %s\n", argv[2], jerr.line,
				jerr.text);
			return 2;
		}
		rc = response(doc, argv + 3);
		json_decref(doc);
		return rc;
	}
	if (argc == 3 && strcmp(argv[1], "--batch") == 0) {
		if (!(doc = json_load_file(argv[2], 0, &jerr))) {
			fprintf(stderr, "openapi_check: %s: line %d: %s\n", argv[2], jerr.line,
				jerr.text);
			return 2;
		}
		rc = batch(doc);
		json_decref(doc);
		return rc;
	}
	if (argc != 4) {
		fprintf(stderr, "usage: openapi_check OPENAPI.json '#/components/schemas/NAME' "
				"INSTANCE.json\n       openapi_check --batch OPENAPI.json < "
				"CHECKS.jsonl\n");
		return 2;
	}
	if (!(doc = json_load_file(argv[1], 0, &jerr))) {
		fprintf(stderr, "openapi_check: %s: line %d: %s\n", argv[1], jerr.line, jerr.text);
		goto out;
	}
	if (!(schema = resolve(doc, argv[2]))) {
		fprintf(stderr, "openapi_check: no schema at %s in %s\n", argv[2], argv[1]);
		goto out;
	}
	if (!(inst = json_load_file(argv[3], JSON_DECODE_ANY, &jerr))) {
		fprintf(stderr, "openapi_check: %s: line %d: %s\n", argv[3], jerr.line, jerr.text);
		goto out;
	}
	ck.doc = doc;
	if (validate(&ck, schema, inst, ptr, 0)) {
		rc = 0;
	} else if (ck.unsupported) {
		fprintf(stderr, "openapi_check: %s: %s\n", argv[2], ck.why);
	} else {
		printf("%s: %s: %s\n", argv[3], ck.where[0] ? ck.where : "(root)", ck.why);
		rc = 1;
	}
out:
	json_decref(inst);
	json_decref(doc);
	return rc;
}
