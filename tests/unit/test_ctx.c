/*
 * test_ctx.c - one context bounds every analysis: the context's own
 * accounting at, one below and one past its budget, its deadline and its
 * cancel flag; then each analysis (enumeration, access, global access,
 * suggest, convert, lint, print) with a tiny budget, with a deadline
 * already passed and cancelled, each refusing with the enumeration's codes
 * and giving back every byte it held.
 */
#include "unit.h"

#include "layout/analysis/lint.h"
#include "layout/print/print.h"

/* ---- the context itself ------------------------------------------ */

static void test_reserve_limits(void)
{
	struct lay_ctx c;
	struct lay_error err;
	lay_ctx_init(&c);
	c.budget = 1000;
	CU_ASSERT_EQUAL(lay_ctx_reserve(&c, 999, &err), 0);
	CU_ASSERT_EQUAL(lay_ctx_reserve(&c, 1, &err), 0); /* exactly the budget */
	CU_ASSERT_EQUAL(c.held, 1000);
	lay_error_clear(&err);
	CU_ASSERT_EQUAL(lay_ctx_reserve(&c, 1, &err), LAY_EMEMORY); /* one past */
	CU_ASSERT_EQUAL(err.code, LAY_EMEMORY);
	CU_ASSERT_PTR_NOT_NULL(strstr(err.message, "over the memory budget"));
	CU_ASSERT_EQUAL(c.held, 1000);
	CU_ASSERT_EQUAL(lay_ctx_reserve(&c, -1, &err), LAY_EMEMORY);
	CU_ASSERT_EQUAL(lay_ctx_reserve(&c, 0, &err), 0);
	lay_ctx_release(&c, 400);
	CU_ASSERT_EQUAL(c.held, 600);
	lay_ctx_release(&c, 5000); /* never below zero */
	CU_ASSERT_EQUAL(c.held, 0);
	CU_ASSERT_EQUAL(c.peak, 1000);
	/* no context: nothing counted, nothing refused */
	CU_ASSERT_EQUAL(lay_ctx_reserve(NULL, INT64_MAX, &err), 0);
	lay_ctx_release(NULL, 5);
	CU_ASSERT_EQUAL(lay_ctx_check(NULL, &err), 0);
	CU_ASSERT_EQUAL(lay_ctx_tick(NULL, 1u << 30, &err), 0);
}

static void test_alloc_counts(void)
{
	struct lay_ctx c;
	struct lay_error err;
	lay_ctx_init(&c);
	c.budget = 4096;
	char *p = lay_ctx_malloc(&c, 1000);
	CU_ASSERT_PTR_NOT_NULL(p);
	CU_ASSERT(c.held >= 1000 && c.held <= 1100);
	int64_t one = c.held;
	/* a block past what is left: refused, nothing more held */
	CU_ASSERT_PTR_NULL(lay_ctx_malloc(&c, 4096));
	CU_ASSERT_EQUAL(c.held, one);
	lay_error_clear(&err);
	CU_ASSERT_EQUAL(lay_ctx_error(&c, &err, "/x"), LAY_EMEMORY);
	CU_ASSERT_STRING_EQUAL(err.pointer, "/x");
	/* calloc zeroes and counts; an overflowing count is refused */
	int *z = lay_ctx_calloc(&c, 10, sizeof *z);
	CU_ASSERT_PTR_NOT_NULL(z);
	CU_ASSERT(z && z[0] == 0 && z[9] == 0);
	CU_ASSERT_PTR_NULL(lay_ctx_calloc(&c, SIZE_MAX / 2, 4));
	CU_ASSERT_EQUAL(lay_ctx_error(&c, &err, NULL), LAY_ENOMEM);
	/* realloc: growth counted, shrinking gives back, the content kept */
	memset(p, 7, 1000);
	p = lay_ctx_realloc(&c, p, 2000);
	CU_ASSERT_PTR_NOT_NULL(p);
	CU_ASSERT(p && p[999] == 7);
	int64_t grown = c.held;
	CU_ASSERT_PTR_NULL(lay_ctx_realloc(&c, p, 5000)); /* over: p stays */
	CU_ASSERT_EQUAL(c.held, grown);
	p = lay_ctx_realloc(&c, p, 10);
	CU_ASSERT(c.held < grown - 1900);
	lay_ctx_free(p);
	lay_ctx_free(z);
	lay_ctx_free(NULL);
	CU_ASSERT_EQUAL(c.held, 0);
	/* a block taken without a context frees without one */
	void *q = lay_ctx_malloc(NULL, 64);
	CU_ASSERT_PTR_NOT_NULL(q);
	lay_ctx_free(q);
}

/* A service's budget behind the context: what it is asked for and given back. */
struct svc {
	int64_t held, cap;
	int reserves, releases, polls;
	bool stop;
};

static int svc_reserve(void *hook, int64_t bytes, struct lay_error *err)
{
	struct svc *s = hook;
	s->reserves++;
	if (s->held + bytes > s->cap)
		return lay_error_set(err, LAY_EUNAVAILABLE, "", -1, "held by others");
	s->held += bytes;
	return 0;
}

static void svc_release(void *hook, int64_t bytes)
{
	struct svc *s = hook;
	s->releases++;
	s->held -= bytes;
}

static int svc_interrupt(void *hook, struct lay_error *err)
{
	struct svc *s = hook;
	s->polls++;
	return s->stop ? lay_error_set(err, LAY_ECANCELED, "", -1, "stopping") : 0;
}

static void svc_ctx(struct lay_ctx *c, struct svc *s)
{
	lay_ctx_init(c);
	c->reserve = svc_reserve;
	c->release = svc_release;
	c->interrupt = svc_interrupt;
	c->hook = s;
}

static void test_service_hooks(void)
{
	struct lay_ctx c;
	struct svc s = { .cap = 100 };
	struct lay_error err;
	svc_ctx(&c, &s);
	CU_ASSERT_EQUAL(lay_ctx_reserve(&c, 100, &err), 0);
	CU_ASSERT_EQUAL(lay_ctx_reserve(&c, 1, &err), LAY_EUNAVAILABLE);
	CU_ASSERT_EQUAL(c.held, 100); /* the refused byte is not counted here */
	CU_ASSERT_EQUAL(lay_ctx_malloc(&c, 8), NULL);
	CU_ASSERT_EQUAL(lay_ctx_error(&c, &err, ""), LAY_EUNAVAILABLE);
	lay_ctx_release(&c, 100);
	CU_ASSERT_EQUAL(s.held, 0);
	CU_ASSERT_EQUAL(c.held, 0);
	/* the interrupt: polled on the first tick, then every LAY_CTX_TICKS */
	CU_ASSERT_EQUAL(lay_ctx_tick(&c, 1, &err), 0);
	CU_ASSERT_EQUAL(s.polls, 1);
	CU_ASSERT_EQUAL(lay_ctx_tick(&c, LAY_CTX_TICKS - 1, &err), 0);
	CU_ASSERT_EQUAL(s.polls, 1);
	CU_ASSERT_EQUAL(lay_ctx_tick(&c, 1, &err), 0);
	CU_ASSERT_EQUAL(s.polls, 2);
	s.stop = true;
	CU_ASSERT_EQUAL(lay_ctx_check(&c, &err), LAY_ECANCELED);
}

static void test_deadline_cancel(void)
{
	struct lay_ctx c;
	struct lay_error err;
	lay_ctx_init(&c);
	CU_ASSERT_EQUAL(lay_ctx_check(&c, &err), 0);
	c.deadline_ns = 1; /* long past */
	c.deadline_s = 2;
	lay_error_clear(&err);
	CU_ASSERT_EQUAL(lay_ctx_check(&c, &err), LAY_EDEADLINE);
	CU_ASSERT_STRING_EQUAL(err.message, "the analysis did not finish within 2 s (--deadline)");
	c.deadline_ns = INT64_MAX;
	CU_ASSERT_EQUAL(lay_ctx_check(&c, &err), 0);
	atomic_store(&c.cancel, true);
	CU_ASSERT_EQUAL(lay_ctx_check(&c, &err), LAY_ECANCELED);
	CU_ASSERT_EQUAL(lay_code_status(LAY_ECANCELED), 503);
}

/* ---- each analysis ----------------------------------------------- */

enum bound { B_BUDGET, B_DEADLINE, B_CANCEL, B_NONE };

static void bound_ctx(struct lay_ctx *c, enum bound b, int64_t budget)
{
	lay_ctx_init(c);
	if (b == B_BUDGET)
		c->budget = budget;
	if (b == B_DEADLINE)
		c->deadline_ns = 1;
	if (b == B_CANCEL)
		atomic_store(&c->cancel, true);
}

/* The whole analysis of a request text (layout, access, suggest, convert). */
static int analyze_in(struct lay_ctx *c, const char *text, struct lay_error *err)
{
	struct lay_options o = { .ctx = c };
	lay_error_clear(err);
	json_t *req = lay_json_load(text, strlen(text), err);
	CU_ASSERT_PTR_NOT_NULL_FATAL(req);
	json_t *out = lay_analyze(req, &o, err);
	json_decref(req);
	json_decref(out);
	return out ? 0 : err->code;
}

/* The access or convert section alone, on a layout parsed without bounds:
 * whatever stops it is the section's own work. */
static int section_in(struct lay_ctx *c, const char *text, struct lay_error *err)
{
	struct lay_options free_opt = { 0 }, o = { .ctx = c };
	lay_error_clear(err);
	json_t *req = lay_json_load(text, strlen(text), err), *an = json_object();
	CU_ASSERT_PTR_NOT_NULL_FATAL(req);
	json_t *layout = json_object_get(req, "layout");
	struct lay_def *def = lay_def_new(layout, "/layout", &free_opt, err);
	CU_ASSERT_PTR_NOT_NULL_FATAL(def);
	def->ctx = c;
	json_t *conv = json_object_get(req, "convert");
	int rc = conv ? lay_convert_attach(an, def, conv, &o, err)
		      : lay_access_attach(an, def, layout, json_object_get(req, "access"),
					  json_object_get(req, "suggest"), "/suggest", &o, err);
	lay_def_free(def);
	json_decref(an);
	json_decref(req);
	return rc;
}

#define BLOCKED(spt, tpw, ord)                                                       \
	"{\"ttgir\": \"#ttg.blocked<{sizePerThread = " spt ", threadsPerWarp = " tpw \
	", warpsPerCTA = [4, 1], order = " ord "}>\", \"shape\": [1024, 1024]}"

static const char *const access_req =
	"{\"layout\": {\"logical\": [1024, 1024], \"expr\": {\"offset\": \"i * 1024 + j\"}},"
	" \"access\": {\"threads\": " BLOCKED("[1, 8]", "[4, 8]",
					      "[1, 0]") ", \"element_bits\": 16}}";
static const char *const global_req =
	"{\"layout\": {\"logical\": [1024, 1024], \"expr\": {\"offset\": \"i * 1024 + j\"}},"
	" \"access\": {\"threads\": " BLOCKED("[1, 8]", "[4, 8]",
					      "[1, 0]") ", \"element_bits\": "
							"16, \"space\": \"global\"}}";
static const char *const suggest_req =
	"{\"layout\": {\"logical\": [256, 256], \"expr\": {\"offset\": \"i * 256 + j\"}},"
	" \"access\": {\"threads\": {\"logical\": [256, 256], \"expr\": {\"lane\": \"i % 32\","
	" \"warp\": \"i // 32\", \"register\": \"j\"}}, \"element_bits\": 32, \"vector\": 1},"
	" \"suggest\": \"swizzle\"}";
static const char *const convert_req =
	"{\"layout\": " BLOCKED("[1, 8]", "[4, 8]", "[1, 0]") ", \"convert\": {\"to\": " BLOCKED(
		"[8, 1]", "[8, 4]", "[0, 1]") ", \"element_bits\": 16}}";

/* Each section: a budget it needs more than refused (413), a deadline
 * already passed and a cancel stop it (503); every byte given back; with
 * room enough it answers and its arrays were counted. */
static void sections(int (*run)(struct lay_ctx *, const char *, struct lay_error *),
		     const char *text, int64_t tiny, int64_t counted)
{
	struct lay_ctx c;
	struct lay_error err;
	bound_ctx(&c, B_BUDGET, tiny);
	CU_ASSERT_EQUAL(run(&c, text, &err), LAY_EMEMORY);
	CU_ASSERT_EQUAL(lay_code_status(err.code), 413);
	CU_ASSERT_PTR_NOT_NULL(strstr(err.message, "memory budget"));
	CU_ASSERT(c.peak <= tiny);
	CU_ASSERT_EQUAL(c.held, 0);
	bound_ctx(&c, B_DEADLINE, 0);
	CU_ASSERT_EQUAL(run(&c, text, &err), LAY_EDEADLINE);
	CU_ASSERT_EQUAL(lay_code_status(err.code), 503);
	CU_ASSERT_EQUAL(c.held, 0);
	bound_ctx(&c, B_CANCEL, 0);
	CU_ASSERT_EQUAL(run(&c, text, &err), LAY_ECANCELED);
	CU_ASSERT_EQUAL(c.held, 0);
	bound_ctx(&c, B_NONE, 0);
	int rc = run(&c, text, &err);
	CU_ASSERT_EQUAL(rc, 0);
	if (rc)
		fprintf(stderr, "\n  %s: %s\n", lay_code_name(rc), err.message);
	CU_ASSERT(c.peak >= counted);
	CU_ASSERT_EQUAL(c.held, 0);
}

/* 2^20 elements: 8 bytes of offset each, 4 of element each thread holds */
static void test_access(void)
{
	sections(section_in, access_req, 4 << 20, 12 << 20);
	sections(analyze_in, access_req, 4 << 20, 12 << 20);
}

static void test_global(void)
{
	sections(section_in, global_req, 4 << 20, 12 << 20);
}

static void test_suggest(void)
{
	/* the candidates' offsets: one more copy of every point's */
	sections(section_in, suggest_req, 1 << 20, 3 * 8 * 65536);
}

static void test_convert(void)
{
	/* two sides of 2^20 elements each */
	sections(section_in, convert_req, 8 << 20, 24 << 20);
}

static char *lint_text(void)
{
	static const char mod[] =
		"#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], "
		"warpsPerCTA = [4, 1], order = [1, 0]}>\n"
		"#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, "
		"0]}>\n"
		"#smem = #ttg.shared_memory\n"
		"module attributes {\"ttg.num-warps\" = 4 : i32} {\n"
		"  %a = ttg.local_load %buf : !ttg.memdesc<1024x1024xf16, #shared, #smem> -> "
		"tensor<1024x1024xf16, #blocked>\n"
		"}\n";
	return strdup(mod);
}

static int lint_in(struct lay_ctx *c, const char *text, struct lay_error *err)
{
	struct lay_options o = { .ctx = c };
	lay_error_clear(err);
	json_t *out = lay_lint(text, "k.mlir", &o, err);
	/* the op analysed, not reported as an error finding */
	json_t *f = json_array_get(json_object_get(out, "findings"), 0);
	if (out)
		CU_ASSERT_STRING_EQUAL(json_string_value(json_object_get(f, "kind")),
				       "bank_conflicts");
	json_decref(out);
	return out ? 0 : err->code;
}

static void test_lint(void)
{
	char *t = lint_text();
	sections(lint_in, t, 4 << 20, 12 << 20);
	free(t);
	/* ops the engine never sees (their types cut short): the deadline
	 * between ops stops the lint all the same */
	struct lay_ctx c;
	struct lay_error err;
	struct lay_options o = { .ctx = &c };
	bound_ctx(&c, B_DEADLINE, 0);
	lay_error_clear(&err);
	CU_ASSERT_PTR_NULL(
		lay_lint("%a = ttg.local_load %b\n%c = ttg.local_load %d\n", "k.mlir", &o, &err));
	CU_ASSERT_EQUAL(err.code, LAY_EDEADLINE);
	bound_ctx(&c, B_NONE, 0);
	json_t *out = lay_lint("%a = ttg.local_load %b\n", "k.mlir", &o, &err);
	CU_ASSERT_PTR_NOT_NULL(out);
	CU_ASSERT_STRING_EQUAL(
		json_string_value(json_object_get(
			json_array_get(json_object_get(out, "findings"), 0), "kind")),
		"skipped"); /* an op lint cannot read is skipped, not stopped */
	json_decref(out);
}

static int print_in(struct lay_ctx *c, const char *text, struct lay_error *err)
{
	struct lay_options o = { .ctx = c };
	lay_error_clear(err);
	json_t *def = lay_json_load(text, strlen(text), err);
	char *s = lay_print(def, "/layout", "triton", &o, err);
	json_decref(def);
	if (s) {
		/* the answer stays counted: the caller's until the request ends */
		CU_ASSERT(c->held >= (int64_t)strlen(s));
		lay_ctx_release(c, c->held);
	}
	free(s);
	return s ? 0 : err->code;
}

static void test_print(void)
{
	/* a 64 x 64 picture: one text of each element, and the answer */
	sections(print_in,
		 "{\"ttgir\": \"#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], "
		 "warpsPerCTA = [4, 1], order = [1, 0]}>\", \"shape\": [64, 64]}",
		 64 << 10, 256 << 10);
	/* a CuTe picture: the answer itself counted */
	struct lay_ctx c;
	struct lay_error err;
	struct lay_options o = { .ctx = &c };
	bound_ctx(&c, B_BUDGET, 1024);
	json_t *def = json_pack("{s:s}", "cute", "(32,32):(32,1)");
	lay_error_clear(&err);
	CU_ASSERT_PTR_NULL(lay_print(def, "/layout", "cute", &o, &err));
	CU_ASSERT_EQUAL(err.code, LAY_EMEMORY);
	CU_ASSERT_EQUAL(c.held, 0);
	json_decref(def);
}

static void test_enumeration(void)
{
	struct lay_ctx c;
	struct lay_error err;
	/* collisions: the general enumeration, its working set in the budget */
	const char *big = "{\"layout\": {\"logical\": [1024, 1024], \"expr\": {\"offset\": \"(i * "
			  "1024 + j) // 2\"}}}";
	bound_ctx(&c, B_BUDGET, 16 << 10);
	CU_ASSERT_EQUAL(analyze_in(&c, big, &err), LAY_EMEMORY);
	CU_ASSERT_EQUAL(c.held, 0);
	bound_ctx(&c, B_DEADLINE, 0);
	CU_ASSERT_EQUAL(analyze_in(&c, big, &err), LAY_EDEADLINE);
	bound_ctx(&c, B_NONE, 0);
	CU_ASSERT_EQUAL(analyze_in(&c, big, &err), 0);
	CU_ASSERT(c.peak >= 64 << 10); /* its occupancy, a bit a point */
	CU_ASSERT_EQUAL(c.held, 0);
}

/* A TMEM copy atom judged on its cells: the cell pairs and the inverse
 * are taken in the context (32 x 128 elements: 8 bytes a pair, 4 a cell). */
static void test_tmem_judge(void)
{
	const char *atom = "{\"layout\": {\"cute\": \"SM100_TMEM_LOAD_32dp32b128x\"}}";
	sections(analyze_in, atom, 16 << 10, 4096 * 8 + 4096 * 4);
}

/* Aliases found by name among many: the right one of names that share a
 * prefix, the first of two of one name, a layout alias through another. */
static void test_lint_aliases(void)
{
	char *t = malloc(1 << 20), *w = t;
	w += sprintf(w, "#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, "
			"order = [1, 0]}>\n#smem = #ttg.shared_memory\n"
			"#inner = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], "
			"warpsPerCTA = [4, 1], order = [1, 0]}>\n#outer = #inner\n");
	w += sprintf(w, "%%a = ttg.local_load %%b : !ttg.memdesc<32x32xf16, #shared, #smem> -> "
			"tensor<32x32xf16, #outer> loc(#loc1)\n");
	w += sprintf(w, "%%c = ttg.local_load %%b : !ttg.memdesc<32x32xf16, #shared, #smem> -> "
			"tensor<32x32xf16, #outer> loc(#loc10)\n");
	for (int k = 2000; k >= 0; k--)
		w += sprintf(w, "#loc%d = loc(\"k.py\":%d:%d)\n", k, k + 1, k % 7);
	w += sprintf(w, "#loc10 = loc(\"other.py\":1:1)\n"); /* a second #loc10: the first wins */
	struct lay_error err;
	json_t *out = lay_lint(t, "k.mlir", NULL, &err);
	CU_ASSERT_PTR_NOT_NULL_FATAL(out);
	json_t *f = json_object_get(out, "findings");
	CU_ASSERT_EQUAL(json_array_size(f), 2);
	json_t *l0 = json_object_get(json_array_get(f, 0), "loc");
	json_t *l1 = json_object_get(json_array_get(f, 1), "loc");
	CU_ASSERT_EQUAL(json_integer_value(json_object_get(l0, "line")), 2);
	CU_ASSERT_EQUAL(json_integer_value(json_object_get(l0, "column")), 1);
	CU_ASSERT_STRING_EQUAL(json_string_value(json_object_get(l1, "file")), "k.py");
	CU_ASSERT_EQUAL(json_integer_value(json_object_get(l1, "line")), 11);
	CU_ASSERT_STRING_EQUAL(json_string_value(json_object_get(json_array_get(f, 0), "kind")),
			       "bank_conflicts");
	json_decref(out);
	free(t);
}

int main(void)
{
	static const struct unit_test tests[] = {
		{ "reserve at, below and past the budget", test_reserve_limits },
		{ "allocations counted until freed", test_alloc_counts },
		{ "a service's budget and interrupt", test_service_hooks },
		{ "deadline and cancel", test_deadline_cancel },
		{ "enumeration in the context", test_enumeration },
		{ "access in the context", test_access },
		{ "global access in the context", test_global },
		{ "suggest in the context", test_suggest },
		{ "convert in the context", test_convert },
		{ "lint in the context", test_lint },
		{ "print in the context", test_print },
		{ "the TMEM judge in the context", test_tmem_judge },
		{ "lint finds its aliases by name", test_lint_aliases },
		{ NULL, NULL },
	};
	return unit_main("ctx", tests);
}
