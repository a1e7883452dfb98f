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
