/*
 * test_budget.c - the daemon's memory budget at, one below and one past
 * its limits, the cost charged for a parsed JSON body, and the analysis
 * cache's shared text: hits, eviction, bytes and entries back where they
 * were.
 */
#include "unit.h"

#include "http/http.h"

static struct http_server srv; /* large (its metrics); only cfg and mem_used are used */

static void test_hold_limits(void)
{
	struct http_budget a, b;
	struct lay_error err;
	srv.cfg.memory_budget = 1000;
	atomic_store(&srv.mem_used, 0);
	http_budget_init(&a, &srv, false);
	http_budget_init(&b, &srv, false);
	/* one request: exactly the budget fits, one byte more does not */
	CU_ASSERT_EQUAL(http_budget_hold(&a, 999, "x", &err), 0);
	CU_ASSERT_EQUAL(http_budget_hold(&a, 1, "x", &err), 0);
	CU_ASSERT_EQUAL(atomic_load(&srv.mem_used), 1000);
	CU_ASSERT_EQUAL(http_budget_hold(&a, 1, "the request body", &err), LAY_EMEMORY);
	CU_ASSERT_PTR_NOT_NULL(strstr(err.message, "the request body"));
	CU_ASSERT_EQUAL(atomic_load(&a.reserved), 1000);
	CU_ASSERT_EQUAL(http_budget_hold(&a, -1, "x", &err), LAY_EMEMORY);
	http_budget_drop(&a, 1000);
	CU_ASSERT_EQUAL(atomic_load(&a.reserved), 0);
	CU_ASSERT_EQUAL(atomic_load(&srv.mem_used), 0);
	/* two requests: together exactly the budget, then one byte more is busy */
	CU_ASSERT_EQUAL(http_budget_hold(&a, 600, "x", &err), 0);
	CU_ASSERT_EQUAL(http_budget_hold(&b, 400, "x", &err), 0);
	CU_ASSERT_EQUAL(http_budget_hold(&b, 1, "x", &err), LAY_EUNAVAILABLE);
	CU_ASSERT_EQUAL(atomic_load(&b.reserved), 400);
	CU_ASSERT_EQUAL(atomic_load(&srv.mem_used), 1000);
	http_budget_drop(&a, 0); /* nothing */
	http_budget_drop(&a, -5);
	CU_ASSERT_EQUAL(atomic_load(&srv.mem_used), 1000);
	/* the end of a request returns all it held, whatever it was */
	http_budget_release(&a);
	CU_ASSERT_EQUAL(atomic_load(&srv.mem_used), 400);
	CU_ASSERT_EQUAL(http_budget_hold(&b, 600, "x", &err), 0);
	http_budget_release(&b);
	http_budget_release(&b);
	CU_ASSERT_EQUAL(atomic_load(&a.reserved), 0);
	CU_ASSERT_EQUAL(atomic_load(&b.reserved), 0);
	CU_ASSERT_EQUAL(atomic_load(&srv.mem_used), 0);
}

static int64_t cost(const char *s)
{
	return http_json_cost(s, strlen(s));
}

static void test_json_cost(void)
{
	const int64_t slot = HTTP_COST_SLOT;
	CU_ASSERT_EQUAL(cost(""), 0);
	CU_ASSERT_EQUAL(cost("{}"), HTTP_COST_OBJECT + slot);
	CU_ASSERT_EQUAL(cost(" { } "), HTTP_COST_OBJECT + slot);
	CU_ASSERT_EQUAL(cost("[]"), HTTP_COST_ARRAY + slot);
	CU_ASSERT_EQUAL(cost("[1]"), HTTP_COST_ARRAY + HTTP_COST_NUMBER + 2 * slot);
	/* a number is one value, whatever its digits, sign and exponent */
	CU_ASSERT_EQUAL(cost("-12.5e+3"), HTTP_COST_NUMBER + slot);
	CU_ASSERT_EQUAL(cost("0"), HTTP_COST_NUMBER + slot);
	CU_ASSERT_EQUAL(cost("[1,22,333]"), HTTP_COST_ARRAY + 3 * HTTP_COST_NUMBER + 4 * slot);
	/* a string: its bytes and both quotes' span; an escaped quote is inside */
	CU_ASSERT_EQUAL(cost("\"ab\""), HTTP_COST_STRING + 3 + slot);
	CU_ASSERT_EQUAL(cost("\"a\\\"b\""), HTTP_COST_STRING + 5 + slot);
	CU_ASSERT_EQUAL(cost("\"\\\\\""), HTTP_COST_STRING + 3 + slot);
	/* true, false and null are shared values: a slot each */
	CU_ASSERT_EQUAL(cost("[true,false,null]"), HTTP_COST_ARRAY + 4 * slot);
	CU_ASSERT_EQUAL(cost("{\"k\":1}"),
			HTTP_COST_OBJECT + HTTP_COST_STRING + 2 + HTTP_COST_NUMBER + 3 * slot);
	/* an unterminated string costs its bytes to the end */
	CU_ASSERT_EQUAL(cost("\"abc"), HTTP_COST_STRING + 4 + slot);
	/* over what jansson takes: about 96 bytes per byte of "{}," */
	size_t n = 3 * 10000;
	char *many = malloc(n + 2);
	CU_ASSERT_PTR_NOT_NULL_FATAL(many);
	many[0] = '[';
	for (size_t i = 0; i < 10000; i++)
		memcpy(many + 1 + 3 * i, "{},", 3);
	many[n] = ']';
	many[n + 1] = '\0';
	CU_ASSERT(http_json_cost(many, n + 1) >= (int64_t)(250 * 10000));
	free(many);
}

static void test_blob(void)
{
	struct http_blob *b = http_blob_new("abc", 3);
	CU_ASSERT_PTR_NOT_NULL_FATAL(b);
	CU_ASSERT_EQUAL(b->len, 3);
	CU_ASSERT_STRING_EQUAL(b->text, "abc");
	CU_ASSERT_PTR_EQUAL(http_blob_ref(b), b);
	CU_ASSERT_EQUAL(atomic_load(&b->refs), 2);
	http_blob_unref(b);
	CU_ASSERT_EQUAL(atomic_load(&b->refs), 1);
	http_blob_unref(b);
	http_blob_unref(NULL);
	CU_ASSERT_PTR_NULL(http_blob_ref(NULL));
}

static const char *const ids[] = {
	"sha256:0000000000000000000000000000000000000000000000000000000000000001",
	"sha256:0000000000000000000000000000000000000000000000000000000000000002",
	"sha256:0000000000000000000000000000000000000000000000000000000000000003",
};

static void test_cache(void)
{
	/* one passing analysis and one failing (two elements in one place) */
	json_t *good = analyze_ok("{\"layout\":{\"logical\":[4],\"expr\":{\"m\":\"i\"}}}");
	json_t *bad = analyze_ok("{\"layout\":{\"logical\":[4],\"expr\":{\"m\":\"i // 2\"}}}");
	CU_ASSERT_PTR_NOT_NULL_FATAL(good);
	CU_ASSERT_PTR_NOT_NULL_FATAL(bad);
	struct http_cache *c = http_cache_new(2);
	CU_ASSERT_PTR_NOT_NULL_FATAL(c);
	size_t entries = 9, bytes = 9;
	http_cache_stats(c, &entries, &bytes);
	CU_ASSERT_EQUAL(entries, 0);
	CU_ASSERT_EQUAL(bytes, 0);
	http_cache_put(c, ids[0], good, strdup("{\"a\":1}"));
	http_cache_put(c, ids[1], bad, strdup("{\"b\":1}"));
	struct http_blob *text = NULL;
	char *layout = NULL;
	struct http_template t = { 0 };
	CU_ASSERT_TRUE_FATAL(http_cache_get(c, ids[0], &text, &layout, &t));
	CU_ASSERT_STRING_EQUAL(layout, "{\"a\":1}");
	free(layout);
	/* the text is the analysis; the template's default is the verdicts' ok */
	json_t *back = lay_json_load(text->text, text->len, NULL);
	CU_ASSERT_TRUE(json_equal(back, good));
	json_decref(back);
	CU_ASSERT_TRUE(t.default_ok);
	CU_ASSERT_STRING_EQUAL(t.default_expect, "{\"passed\":true,\"failures\":[]}");
	CU_ASSERT_EQUAL(strncmp(t.text + t.ok_at, "\"\\u0001ok\\u0001\"", t.ok_len), 0);
	struct http_template u = { 0 };
	CU_ASSERT_TRUE_FATAL(http_cache_get(c, ids[1], NULL, NULL, &u));
	CU_ASSERT_FALSE(u.default_ok);
	http_blob_unref(u.blob);
	http_cache_stats(c, &entries, &bytes);
	CU_ASSERT_EQUAL(entries, 2);
	size_t two = bytes;
	CU_ASSERT(two > 0);
	/* a third evicts the least recently used (ids[0]); what a reader holds
	 * stays readable after the eviction */
	http_cache_put(c, ids[2], bad, strdup("{\"b\":1}"));
	CU_ASSERT_FALSE(http_cache_get(c, ids[0], NULL, NULL, NULL));
	CU_ASSERT_TRUE(http_cache_get(c, ids[1], NULL, NULL, NULL));
	CU_ASSERT_TRUE(http_cache_get(c, ids[2], NULL, NULL, NULL));
	CU_ASSERT_EQUAL(atomic_load(&text->refs), 1);
	CU_ASSERT_EQUAL(t.blob->text[0], '{');
	http_blob_unref(text);
	http_blob_unref(t.blob);
	http_cache_stats(c, &entries, &bytes);
	CU_ASSERT_EQUAL(entries, 2);
	/* the bytes are those of the two entries left: each of the failing one */
	struct http_cache *one = http_cache_new(2);
	size_t one_entries = 0, one_bytes = 0;
	http_cache_put(one, ids[1], bad, strdup("{\"b\":1}"));
	http_cache_stats(one, &one_entries, &one_bytes);
	http_cache_free(one);
	CU_ASSERT_EQUAL(one_entries, 1);
	CU_ASSERT_EQUAL(bytes, 2 * one_bytes);
	CU_ASSERT(two != bytes);
	/* replacing an id keeps one entry and its bytes */
	size_t before = bytes;
	http_cache_put(c, ids[2], bad, strdup("{\"b\":1}"));
	http_cache_stats(c, &entries, &bytes);
	CU_ASSERT_EQUAL(entries, 2);
	CU_ASSERT_EQUAL(bytes, before);
	http_cache_free(c);
	json_decref(good);
	json_decref(bad);
}

int main(void)
{
	static const struct unit_test tests[] = {
		{ "budget at, below and past its limits", test_hold_limits },
		{ "the cost of a parsed body", test_json_cost },
		{ "shared text", test_blob },
		{ "the cache: hits, eviction, bytes", test_cache },
		{ NULL, NULL },
	};
	return unit_main("budget", tests);
}
