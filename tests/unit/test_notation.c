/*
 * test_notation.c - the notation table and the request-member table are
 * consistent with what the engine does: every key is found and detected,
 * every member belongs to exactly one notation and is refused elsewhere,
 * the messages list every key, and the swizzle write-back hooks write
 * definitions that read back with that swizzle.
 */
#include "notation/notation.h"
#include "unit.h"

/* A text in each notation that has a detect hook, from the docs' examples
 * (tests/detect/cases.jsonl): a notation with text needs one here. */
static const struct {
	const char *key, *text;
} samples[] = {
	{ "axe", "S[(8, 2, 4, 2) : (4@laneid, 1@warpid, 1@laneid, 1)]" },
	{ "cute", "(_32,_32):(_1@TCol,_1@TLane)" },
	{ "expr", "Fragment([16, 8] -> [4], replicate: 1, thread: 32, forward_thread: _i % 8 * 4 + "
		  "_j // 2, forward_index: [_i // 8 * 2 + _j % 2])" },
	{ "linear", " - register=1 -> (0, 1)\n   register=2 -> (0, 2)\n - lane=1 -> (1, 0)\nwhere "
		    "out dims are: [dim0 (size 2), dim1 (size 4)]" },
	{ "ttgir", "#ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>" },
};

static const char *sample_of(const char *key)
{
	for (size_t i = 0; i < sizeof samples / sizeof samples[0]; i++)
		if (strcmp(samples[i].key, key) == 0)
			return samples[i].text;
	return NULL;
}

static void test_keys(void)
{
	CU_ASSERT(lay_nnotations >= 6);
	for (int i = 0; i < lay_nnotations; i++) {
		const struct lay_notation *n = lay_notations[i];
		CU_ASSERT_PTR_NOT_NULL(n->parse);
		CU_ASSERT(lay_is_ident(n->key));
		CU_ASSERT(strlen(n->key) < sizeof((struct lay_def *)0)->notation_key);
		CU_ASSERT_PTR_EQUAL(lay_notation_find(n->key), n);
		for (int j = 0; j < i; j++)
			CU_ASSERT(strcmp(lay_notations[j]->key, n->key) != 0);
		/* its key alone names it */
		json_t *d = json_pack("{s:i}", n->key, 1);
		CU_ASSERT_PTR_EQUAL(lay_notation_of(d), n);
		json_decref(d);
	}
	CU_ASSERT_PTR_NULL(lay_notation_find("text"));
	CU_ASSERT_PTR_NULL(lay_notation_find("logical"));
}

static void test_detected(void)
{
	for (int i = 0; i < lay_nnotations; i++) {
		const struct lay_notation *n = lay_notations[i];
		const char *t = sample_of(n->key);
		CU_ASSERT((n->detect != NULL) == (t != NULL));
		CU_ASSERT((n->detect != NULL) == (n->text_hint != NULL));
		if (!t)
			continue;
		const char *got = lay_detect_notation(t);
		CU_ASSERT_PTR_NOT_NULL(got);
		CU_ASSERT_STRING_EQUAL(got ? got : "", n->key);
	}
	/* a sample of a notation without text would be a stale row here */
	for (size_t i = 0; i < sizeof samples / sizeof samples[0]; i++)
		CU_ASSERT_PTR_NOT_NULL(lay_notation_find(samples[i].key));
	CU_ASSERT_PTR_NULL(lay_detect_notation("hello world"));
	/* a text in no notation: the message names what each one looks like */
	struct lay_error e;
	lay_error_clear(&e);
	json_t *v = json_string("hello world");
	CU_ASSERT_PTR_NULL(lay_detect_definition(v, "/layout", &e));
	json_decref(v);
	CU_ASSERT_EQUAL(e.code, LAY_ENOTATION);
	CU_ASSERT_STRING_EQUAL(e.pointer, "/layout");
	for (int i = 0; i < lay_nnotations; i++)
		if (lay_notations[i]->text_hint)
			CU_ASSERT_PTR_NOT_NULL(strstr(e.message, lay_notations[i]->text_hint));
}

/* Every member is owned by exactly one notation, is no notation's key,
 * and is refused, located, in a definition of any other notation. */
static void test_members(void)
{
	int members = 0;
	for (int i = 0; i < lay_nnotations; i++)
		for (const char *const *m = lay_notations[i]->members; m && *m; m++) {
			members++;
			CU_ASSERT_PTR_NULL(lay_notation_find(*m));
			CU_ASSERT_PTR_EQUAL(lay_notation_owner(*m), lay_notations[i]);
			int count = 0;
			for (int j = 0; j < lay_nnotations; j++)
				for (const char *const *o = lay_notations[j]->members; o && *o; o++)
					count += strcmp(*o, *m) == 0;
			CU_ASSERT_EQUAL(count, 1);
			char text[256], ptr[80], want[160];
			/* an expr definition, or a cute one for expr's members */
			if (strcmp(lay_notations[i]->key, "expr") != 0)
				snprintf(text, sizeof text,
					 "{\"expr\": {\"m\": \"i\"}, \"logical\": [4], \"%s\": 1}",
					 *m);
			else
				snprintf(text, sizeof text, "{\"cute\": \"4:1\", \"%s\": 1}", *m);
			snprintf(ptr, sizeof ptr, "/%s", *m);
			ASSERT_ERROR(text, LAY_ESCHEMA, ptr, -1);
			struct lay_error e;
			json_decref(analyze_text(text, &e));
			snprintf(want, sizeof want, "%s belongs to the %s notation only", *m,
				 lay_notations[i]->key);
			CU_ASSERT_STRING_EQUAL(e.message, want);
		}
	CU_ASSERT(members >= 6);
	CU_ASSERT_PTR_NULL(lay_notation_owner("logical"));
	CU_ASSERT_PTR_NULL(lay_notation_owner("cute"));
	ASSERT_ERROR("{\"cute\": \"4:1\", \"colour\": 1}", LAY_ESCHEMA, "/colour", -1);
}

/* The messages that list the notations list every key. */
static void test_messages(void)
{
	struct lay_error e;
	json_decref(analyze_text("{\"logical\": [4]}", &e));
	CU_ASSERT_EQUAL(e.code, LAY_ENOTATION);
	for (int i = 0; i < lay_nnotations; i++)
		CU_ASSERT_PTR_NOT_NULL(strstr(e.message, lay_notations[i]->key));
	json_decref(analyze_text("[1]", &e));
	CU_ASSERT_EQUAL(e.code, LAY_ESCHEMA);
	for (int i = 0; i < lay_nnotations; i++)
		CU_ASSERT_PTR_NOT_NULL(strstr(e.message, lay_notations[i]->key));
	char list[128];
	lay_notation_list(list, sizeof list, " or ");
	CU_ASSERT_STRING_EQUAL(list, "axe, cute, expr, linear, table or ttgir");
	ASSERT_ERROR("{\"cute\": \"4:1\", \"axe\": \"S[4 : 1@m]\"}", LAY_ENOTATION, "/axe", -1);
}

/* A written-back swizzle reads back as the same swizzle, in its notation. */
static void test_write_swizzle(void)
{
	static const char *const defs[] = {
		"{\"cute\": \"(8,8):(8,1)\"}",
		"{\"axe\": \"S[(8, 8) : (8@m, 1@m)]\"}",
		"{\"expr\": {\"m\": \"i * 8 + j\"}, \"logical\": [8, 8]}",
	};
	int written = 0;
	for (size_t k = 0; k < sizeof defs / sizeof defs[0]; k++) {
		struct lay_error e;
		lay_error_clear(&e);
		json_t *v = lay_json_load(defs[k], strlen(defs[k]), &e);
		struct lay_def *d = v ? lay_def_new(v, "", NULL, &e) : NULL;
		CU_ASSERT_PTR_NOT_NULL(d);
		if (!d) {
			json_decref(v);
			continue;
		}
		CU_ASSERT_PTR_NOT_NULL(d->notation->write_swizzle);
		json_t *w = d->notation->write_swizzle(v, d, 0, 2, 1, 3, 0);
		CU_ASSERT_PTR_NOT_NULL(w);
		struct lay_def *s = w ? lay_def_new(w, "", NULL, &e) : NULL;
		CU_ASSERT_PTR_NOT_NULL(s);
		if (s && d->notation == lay_notation_find("expr")) {
			const char *t =
				json_string_value(json_object_get(json_object_get(w, "expr"), "m"));
			CU_ASSERT_STRING_EQUAL(t ? t : "",
					       "(i * 8 + j) ^ ((((i * 8 + j) >> 4) & 3) << 1)");
		} else if (s) {
			CU_ASSERT(s->swizzle.present);
			CU_ASSERT_EQUAL(s->swizzle.B, 2);
			CU_ASSERT_EQUAL(s->swizzle.M, 1);
			CU_ASSERT_EQUAL(s->swizzle.S, 3);
		}
		written += s != NULL;
		/* written once, a second time is refused: it has a swizzle */
		if (s && s->notation->key[0] != 'e')
			CU_ASSERT_PTR_NULL(s->notation->write_swizzle(w, s, 0, 2, 1, 3, 0));
		lay_def_free(s);
		json_decref(w);
		lay_def_free(d);
		json_decref(v);
	}
	CU_ASSERT_EQUAL(written, 3);
}

static void test_request_members(void)
{
	CU_ASSERT(lay_request_member("layout", LAY_REQ_ANALYZE));
	CU_ASSERT(lay_request_member("layout", LAY_REQ_STORE));
	CU_ASSERT(lay_request_member("convert", LAY_REQ_ANALYZE));
	CU_ASSERT(lay_request_member("convert", LAY_REQ_STORE)); /* a pasted op registers one */
	CU_ASSERT(!lay_request_member("description", LAY_REQ_ANALYZE));
	CU_ASSERT(lay_request_member("description", LAY_REQ_STORE));
	CU_ASSERT(!lay_request_member("colour", LAY_REQ_ANALYZE | LAY_REQ_STORE));
	char list[128];
	lay_request_list(list, sizeof list, LAY_REQ_ANALYZE);
	CU_ASSERT_STRING_EQUAL(list, "layout, expect, probe, access, suggest, convert, tmem, copy");
	/* the engine takes both kinds: a stored version's description too */
	json_decref(analyze_ok("{\"layout\": {\"cute\": \"4:1\"}, \"description\": \"d\"}"));
	ASSERT_ERROR("{\"layout\": {\"cute\": \"4:1\"}, \"colour\": 1}", LAY_ESCHEMA, "/colour",
		     -1);
	struct lay_error e;
	json_decref(analyze_text("{\"layout\": {\"cute\": \"4:1\"}, \"colour\": 1}", &e));
	CU_ASSERT_PTR_NOT_NULL(strstr(e.message, list));
}

int main(void)
{
	static const struct unit_test tests[] = {
		{ "keys", test_keys },
		{ "every text notation detected", test_detected },
		{ "members owned once", test_members },
		{ "messages list every key", test_messages },
		{ "swizzle written back", test_write_swizzle },
		{ "request members", test_request_members },
		{ NULL, NULL },
	};
	return unit_main("notation", tests);
}
