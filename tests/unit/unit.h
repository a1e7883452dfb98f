/*
 * unit.h - shared helpers for the CUnit suites: analyse a JSON text, read
 * fields by path, and a main() that fails when any test fails.
 */
#ifndef LAYOUTD_UNIT_H
#define LAYOUTD_UNIT_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <CUnit/Basic.h>
#include <CUnit/CUnit.h>

#include "layout.h"

/* Analyse a request given as JSON text; NULL with err filled on bad input. */
static inline json_t *analyze_text(const char *text, struct lay_error *err)
{
	lay_error_clear(err);
	json_t *req = lay_json_load(text, strlen(text), err);
	if (!req)
		return NULL;
	json_t *out = lay_analyze(req, NULL, err);
	json_decref(req);
	return out;
}

/* Analyse text; the analysis must exist: a refusal fails the test and
 * prints why.  Returns a new reference or NULL. */
static inline json_t *analyze_ok(const char *text)
{
	struct lay_error err;
	json_t *r = analyze_text(text, &err);
	CU_ASSERT_PTR_NOT_NULL(r);
	if (!r)
		fprintf(stderr, "\n  unexpected error %s at %s pos %ld: %s\n",
			lay_code_name(err.code), err.pointer, err.position, err.message);
	return r;
}

/* The text of $GOLDEN_DIR/<name>/request.json (caller frees), NULL with a
 * failed assertion when it cannot be read. */
static inline char *golden_request(const char *name)
{
	const char *dir = getenv("GOLDEN_DIR");
	char path[1024];
	char *text = NULL;
	long n;
	snprintf(path, sizeof path, "%s/%s/request.json", dir ? dir : "tests/golden", name);
	FILE *f = fopen(path, "rb");
	CU_ASSERT_PTR_NOT_NULL(f);
	if (!f) {
		fprintf(stderr, "\n  cannot open %s (set GOLDEN_DIR)\n", path);
		return NULL;
	}
	if (fseek(f, 0, SEEK_END) == 0 && (n = ftell(f)) >= 0 && fseek(f, 0, SEEK_SET) == 0 &&
	    (text = malloc((size_t)n + 1)) && fread(text, 1, (size_t)n, f) == (size_t)n)
		text[n] = '\0';
	else {
		free(text);
		text = NULL;
	}
	fclose(f);
	return text;
}

/* analyze_ok on a golden request. */
static inline json_t *analyze_golden(const char *name)
{
	char *text = golden_request(name);
	json_t *r = text ? analyze_ok(text) : NULL;
	free(text);
	return r;
}

/* The value at a slash-separated path ("verdict/complete", "probe/0/places"). */
static inline json_t *at(json_t *v, const char *path)
{
	char buf[256];
	snprintf(buf, sizeof buf, "%s", path);
	for (char *tok = strtok(buf, "/"); tok && v; tok = strtok(NULL, "/")) {
		if (json_is_array(v))
			v = json_array_get(v, strtoul(tok, NULL, 10));
		else
			v = json_object_get(v, tok);
	}
	return v;
}

static inline long long at_int(json_t *v, const char *path)
{
	json_t *x = at(v, path);
	return json_is_integer(x) ? (long long)json_integer_value(x) : -999999;
}

static inline int at_bool(json_t *v, const char *path)
{
	json_t *x = at(v, path);
	return json_is_boolean(x) ? json_is_true(x) : -1;
}

/* Assert every field of an error. */
#define ASSERT_ERROR(text, want_code, want_ptr, want_pos)                                     \
	do {                                                                                  \
		struct lay_error e_;                                                          \
		json_t *r_ = analyze_text((text), &e_);                                       \
		CU_ASSERT_PTR_NULL(r_);                                                       \
		json_decref(r_);                                                              \
		CU_ASSERT_EQUAL(e_.code, (want_code));                                        \
		CU_ASSERT_STRING_EQUAL(e_.pointer, (want_ptr));                               \
		CU_ASSERT_EQUAL(e_.position, (want_pos));                                     \
		CU_ASSERT(e_.message[0] != '\0');                                             \
		if (e_.code != (want_code) || strcmp(e_.pointer, (want_ptr)) ||               \
		    e_.position != (want_pos))                                                \
			fprintf(stderr, "\n  error was %s at %s pos %ld: %s\n",               \
				lay_code_name(e_.code), e_.pointer, e_.position, e_.message); \
	} while (0)

struct unit_test {
	const char *name;
	void (*fn)(void);
};

static inline int unit_main(const char *suite_name, const struct unit_test *tests)
{
	if (CU_initialize_registry() != CUE_SUCCESS)
		return 2;
	CU_pSuite s = CU_add_suite(suite_name, NULL, NULL);
	for (const struct unit_test *t = tests; t->name; t++)
		CU_add_test(s, t->name, t->fn);
	CU_basic_set_mode(CU_BRM_VERBOSE);
	CU_basic_run_tests();
	unsigned failed = CU_get_number_of_failures() + CU_get_number_of_tests_failed();
	CU_cleanup_registry();
	return failed ? 1 : 0;
}

#endif
