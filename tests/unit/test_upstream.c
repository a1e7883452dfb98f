/*
 * test_upstream.c - the pictures (print.c, print_cute.c, print_triton.c) and
 * the whole-module lint (lint.c): exact bytes of small pictures, every field
 * of their errors, loc resolution, module splitting, thresholds.
 */
#include "analysis/lint.h"
#include "notation/ttgir_lines.h"
#include "print/print.h"
#include "unit.h"

static void expect_error(const struct lay_error *err, int code, const char *ptr, long pos,
			 const char *needle)
{
	CU_ASSERT_EQUAL(err->code, code);
	CU_ASSERT_STRING_EQUAL(err->pointer, ptr);
	CU_ASSERT_EQUAL(err->position, pos);
	CU_ASSERT_PTR_NOT_NULL(strstr(err->message, needle));
	if (err->code != code || !strstr(err->message, needle))
		fprintf(stderr, "\n  got %s at %s pos %ld: %s\n", lay_code_name(err->code),
			err->pointer, err->position, err->message);
}

static void test_cute_small_table(void)
{
	struct lay_error err;
	lay_error_clear(&err);
	/* idx_width = digits(cosize 6) + 2 = 3 */
	char *s = lay_print_cute("(2,_3):(_3,1)", "/layout/cute", false, &err);
	CU_ASSERT_PTR_NOT_NULL(s);
	CU_ASSERT_STRING_EQUAL(s ? s : "", "(2,_3):(_3,1)\n"
					   "      0   1   2 \n"
					   "    +---+---+---+\n"
					   " 0  | 0 | 1 | 2 |\n"
					   "    +---+---+---+\n"
					   " 1  | 3 | 4 | 5 |\n"
					   "    +---+---+---+\n");
	free(s);
}

static void test_cute_static_forms(void)
{
	struct lay_error err;
	lay_error_clear(&err);
	/* every integer of a C++ type is static; Int<N> and C<N> too */
	char *a = lay_print_cute("cute::Layout<Shape<Int<2>, _2>, Stride<C<1>, _2>>", "", false,
				 &err);
	char *b = lay_print_cute("(_2,_2):(_1,_2)", "", false, &err);
	CU_ASSERT_PTR_NOT_NULL(a);
	CU_ASSERT_PTR_NOT_NULL(b);
	CU_ASSERT_STRING_EQUAL(a ? a : "", b ? b : "-");
	CU_ASSERT_EQUAL(strncmp(a ? a : "", "(_2,_2):(_1,_2)\n", 16), 0);
	free(a);
	free(b);
	/* a swizzle with a dynamic offset keeps it dynamic */
	char *c = lay_print_cute("Sw<1,0,1> o 0 o (2,2):(2,1)", "", false, &err);
	CU_ASSERT_PTR_NOT_NULL(c);
	CU_ASSERT_EQUAL(strncmp(c ? c : "", "Sw<1,0,1> o 0 o (2,2):(2,1)\n", 28), 0);
	/* Swizzle<1,0,1>: offsets 2 and 3 swap their low bit */
	CU_ASSERT_PTR_NOT_NULL(c ? strstr(c, " 1  | 3 | 2 |") : NULL);
	free(c);
}

static void test_cute_errors(void)
{
	struct lay_error err;
	lay_error_clear(&err);
	CU_ASSERT_PTR_NULL(lay_print_cute("(2,2,2):(1,2,4)", "/layout/cute", false, &err));
	expect_error(&err, LAY_ESHAPE, "/layout/cute", 0, "print_layout draws rank-2 layouts");
	lay_error_clear(&err);
	CU_ASSERT_PTR_NULL(lay_print_cute("8:1", "/layout/cute", false, &err));
	expect_error(&err, LAY_ESHAPE, "/layout/cute", 0, "this one has rank 1");
	lay_error_clear(&err);
	CU_ASSERT_PTR_NULL(lay_print_cute("(2,2,2):(1,2,4)", "/c", true, &err));
	expect_error(&err, LAY_ESHAPE, "/c", 0, "print_latex draws rank-1 and rank-2");
	lay_error_clear(&err);
	CU_ASSERT_PTR_NULL(lay_print_cute("(4,8):(8,1", "/c", false, &err));
	expect_error(&err, LAY_ESYNTAX, "/c", 10, "expected ',' or ')'");
	lay_error_clear(&err);
	CU_ASSERT_PTR_NULL(lay_print_cute("(4,(2,2)):(8,1)", "/c", false, &err));
	/* located at the stride's mode that differs from the shape's */
	expect_error(&err, LAY_ESYNTAX, "/c", 13, "not congruent");
	lay_error_clear(&err);
	CU_ASSERT_PTR_NULL(lay_print_cute("(4,8):(8,1) x", "/c", false, &err));
	expect_error(&err, LAY_ESYNTAX, "/c", 12, "expected the end of the layout");
	lay_error_clear(&err);
	CU_ASSERT_PTR_NULL(lay_print_cute("(2048,1024):(1,2048)", "/c", false, &err));
	CU_ASSERT_EQUAL(err.code, LAY_ELIMIT);
}

static void test_print_formats(void)
{
	struct lay_error err;
	lay_error_clear(&err);
	json_t *d = json_pack("{s:s}", "cute", "(2,2):(1,2)");
	CU_ASSERT_PTR_NULL(lay_print(d, "/layout", "svg", NULL, &err));
	expect_error(&err, LAY_ESCHEMA, "", -1, "cute, latex, triton or triton-hw");
	lay_error_clear(&err);
	CU_ASSERT_PTR_NULL(lay_print(d, "/layout", "triton", NULL, &err));
	expect_error(&err, LAY_ESCHEMA, "/layout", -1, "draws Triton layouts");
	json_decref(d);
	d = json_pack("{s:s,s:[i]}", "ttgir",
		      "#ttg.blocked<{sizePerThread = [1], threadsPerWarp = [2], warpsPerCTA = [1], "
		      "order = [0]}>",
		      "shape", 2);
	lay_error_clear(&err);
	CU_ASSERT_PTR_NULL(lay_print(d, "/layout", "cute", NULL, &err));
	expect_error(&err, LAY_ESCHEMA, "/layout", -1, "draws CuTe layouts");
	lay_error_clear(&err);
	char *s = lay_print(d, "/layout", "triton", NULL, &err);
	CU_ASSERT_STRING_EQUAL(s ? s : "", "[T0:0, T1:0]\n");
	free(s);
	s = lay_print(d, "/layout", "triton-hw", NULL, &err);
	CU_ASSERT_STRING_EQUAL(s ? s : "", "Warp0:\n(0), (1)\n");
	free(s);
	json_decref(d);
	/* the same layout as a linear one: the same picture */
	d = json_loads("{\"linear\": {\"bases\": {\"register\": [], \"lane\": [[1]]}, "
		       "\"out\": [[\"dim0\", 2]]}}",
		       0, NULL);
	s = lay_print(d, "/layout", "triton", NULL, &err);
	CU_ASSERT_STRING_EQUAL(s ? s : "", "[T0:0, T1:0]\n");
	free(s);
	json_decref(d);
}

static void test_print_atom(void)
{
	struct lay_error err;
	lay_error_clear(&err);
	json_t *d = json_pack("{s:s}", "cute", "GMMA::Layout_K_SW32_Atom<half_t>");
	char *s = lay_print(d, "/layout", "cute", NULL, &err);
	CU_ASSERT_PTR_NOT_NULL(s);
	CU_ASSERT_EQUAL(strncmp(s ? s : "", "Sw<1,3,3> o _0 o (_8,_16):(_16,_1)\n", 35), 0);
	/* rows 4-7 of the 32-byte swizzle: their two chunks of 8 halves swapped */
	CU_ASSERT_PTR_NOT_NULL(s ? strstr(s, " 4  |  72 |  73 |") : NULL);
	free(s);
	json_decref(d);
	/* a text that is neither Shape:Stride nor an atom keeps its syntax error */
	d = json_pack("{s:s}", "cute", "hello");
	lay_error_clear(&err);
	CU_ASSERT_PTR_NULL(lay_print(d, "/layout", "cute", NULL, &err));
	expect_error(&err, LAY_ESYNTAX, "/layout/cute", 0, "expected an extent");
	json_decref(d);
}

static const char *const kernel =
	"#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], "
	"order = [0]}>\n"
	"#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>\n"
	"#smem = #ttg.shared_memory\n"
	"module attributes {\"ttg.num-warps\" = 1 : i32} {\n"
	"  %a = ttg.local_alloc %x : (tensor<32xf32, #blocked>) -> !ttg.memdesc<32xf32, #shared, "
	"#smem> loc(#loc1)\n"
	"  %b = ttg.local_load %a : !ttg.memdesc<32xf32, #shared, #smem> -> tensor<32xf32, "
	"#blocked> loc(fused[#loc3, \"x.py\":1:1])\n"
	"  %c = ttg.local_alloc : () -> !ttg.memdesc<32xf32, #shared, #smem>\n"
	"}\n"
	"#loc1 = loc(callsite(#loc2 at \"k.py\":9:1))\n"
	"#loc2 = loc(\"lib.py\":4:7)\n"
	"#loc3 = loc(\"main\"(\"k.py\":12:3))\n"
	"// -----\n"
	"#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], "
	"order = [0]}>\n"
	"  %d = ttg.convert_layout %y : tensor<64xf32, #blocked> -> tensor<64xf32, #nope>\n";

static void test_lint_findings(void)
{
	struct lay_error err;
	lay_error_clear(&err);
	json_t *r = lay_lint(kernel, "k.mlir", NULL, &err);
	CU_ASSERT_PTR_NOT_NULL(r);
	if (!r)
		return;
	json_t *f = json_object_get(r, "findings");
	CU_ASSERT_EQUAL(json_integer_value(json_object_get(r, "modules")), 2);
	CU_ASSERT_EQUAL(json_array_size(f), 3); /* the alloc without a value is skipped */
	json_t *a = json_array_get(f, 0), *b = json_array_get(f, 1), *c = json_array_get(f, 2);
	/* 32 lanes, one f32 each, consecutive words: no conflict */
	CU_ASSERT_STRING_EQUAL(json_string_value(json_object_get(a, "kind")), "bank_conflicts");
	CU_ASSERT_EQUAL(json_integer_value(json_object_get(a, "bank_conflicts")), 0);
	CU_ASSERT_EQUAL(json_integer_value(json_object_get(a, "vector_bits")), 32);
	CU_ASSERT_EQUAL(json_integer_value(json_object_get(a, "line")), 5);
	CU_ASSERT_EQUAL(json_integer_value(json_object_get(a, "column")), 8);
	/* callsite: the callee, through an alias */
	json_t *la = json_object_get(a, "loc"), *lb = json_object_get(b, "loc");
	CU_ASSERT_STRING_EQUAL(json_string_value(json_object_get(la, "file")), "lib.py");
	CU_ASSERT_EQUAL(json_integer_value(json_object_get(la, "line")), 4);
	CU_ASSERT_EQUAL(json_integer_value(json_object_get(la, "column")), 7);
	/* fused: the first; a named loc: its inner location */
	CU_ASSERT_STRING_EQUAL(json_string_value(json_object_get(lb, "file")), "k.py");
	CU_ASSERT_EQUAL(json_integer_value(json_object_get(lb, "line")), 12);
	CU_ASSERT_STRING_EQUAL(json_string_value(json_object_get(b, "op")), "ttg.local_load");
	/* an alias the module does not define (another split module's): a
	 * skipped finding, no loc */
	CU_ASSERT_STRING_EQUAL(json_string_value(json_object_get(c, "kind")), "skipped");
	CU_ASSERT_EQUAL(json_integer_value(json_object_get(c, "module")), 1);
	CU_ASSERT_EQUAL(json_integer_value(json_object_get(c, "line")), 14);
	CU_ASSERT_TRUE(json_is_null(json_object_get(c, "loc")));
	CU_ASSERT_STRING_EQUAL(
		json_string_value(json_object_get(json_object_get(c, "skipped"), "side")), "to");
	/* judged: one skipped, no error, nothing over a threshold: ok */
	CU_ASSERT_EQUAL(lay_lint_judge(r, 0, NULL, false, "", &err), 0);
	CU_ASSERT_EQUAL(json_integer_value(json_object_get(r, "errors")), 0);
	CU_ASSERT_EQUAL(json_integer_value(json_object_get(r, "skipped")), 1);
	CU_ASSERT_TRUE(json_is_true(json_object_get(r, "ok")));
	CU_ASSERT_TRUE(json_is_false(json_object_get(c, "fails")));
	/* strict: the skipped op fails */
	CU_ASSERT_EQUAL(lay_lint_judge(r, 0, NULL, true, "", &err), 0);
	CU_ASSERT_EQUAL(json_integer_value(json_object_get(r, "failed")), 1);
	CU_ASSERT_TRUE(json_is_true(json_object_get(c, "fails")));
	CU_ASSERT_TRUE(json_is_false(json_object_get(r, "ok")));
	json_decref(r);
}

static void test_lint_judge_and_limits(void)
{
	struct lay_error err;
	lay_error_clear(&err);
	/* a text with no TTGIR module (nothing, or split markers only) is no
	 * pass: a located refusal */
	CU_ASSERT_PTR_NULL(lay_lint("", "-", NULL, &err));
	expect_error(&err, LAY_ESCHEMA, "", -1, "no TTGIR module in -");
	lay_error_clear(&err);
	CU_ASSERT_PTR_NULL(lay_lint("// -----\n\n// -----\n", "k.mlir", NULL, &err));
	expect_error(&err, LAY_ESCHEMA, "", -1, "no TTGIR module in k.mlir");
	lay_error_clear(&err);
	json_t *r = lay_lint("module {\n}\n// -----\n", "-", NULL, &err);
	CU_ASSERT_PTR_NOT_NULL(r);
	CU_ASSERT_EQUAL(json_integer_value(json_object_get(r, "modules")), 1);
	CU_ASSERT_EQUAL(json_array_size(json_object_get(r, "findings")), 0);
	json_t *deny = json_pack("[s,s]", "bank_conflicts", "nothing");
	CU_ASSERT_EQUAL(lay_lint_judge(r, -1, deny, false, "/deny", &err), LAY_ESCHEMA);
	expect_error(&err, LAY_ESCHEMA, "/deny/1", -1, "not \"nothing\"");
	json_decref(deny);
	lay_error_clear(&err);
	CU_ASSERT_EQUAL(lay_lint_judge(r, -1, NULL, false, "", &err), 0);
	CU_ASSERT_TRUE(json_is_true(json_object_get(r, "ok")));
	json_decref(r);
	size_t n = (size_t)LAYOUTD_MAX_LINT_TEXT + 2;
	char *big = malloc(n);
	if (!big)
		return;
	memset(big, '\n', n - 1);
	big[n - 1] = '\0';
	lay_error_clear(&err);
	CU_ASSERT_PTR_NULL(lay_lint(big, "-", NULL, &err));
	CU_ASSERT_EQUAL(err.code, LAY_ELIMIT);
	free(big);
}

static void test_lint_multiline_and_unreadable(void)
{
	const char *text =
		"#b = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], "
		"order = [0]}>\n"
		"#s = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>\n"
		"  ttg.local_store %t, %m {async_task_id = array<i32: 1>}\n"
		"      : tensor<32xf16, #b> -> !ttg.memdesc<32xf16, #s>\n"
		"      loc(\"k.py\":3:4)\n"
		"  %x = ttg.local_load %m : !ttg.memdesc<32xf16, #s -> tensor<32xf16, #b\n";
	struct lay_error err;
	lay_error_clear(&err);
	json_t *r = lay_lint(text, "m.mlir", NULL, &err);
	CU_ASSERT_PTR_NOT_NULL(r);
	json_t *f = json_object_get(r, "findings");
	CU_ASSERT_EQUAL(json_array_size(f), 2);
	json_t *a = json_array_get(f, 0), *b = json_array_get(f, 1);
	CU_ASSERT_EQUAL(json_integer_value(json_object_get(a, "line")), 3);
	CU_ASSERT_EQUAL(json_integer_value(json_object_get(a, "bank_conflicts")), 0);
	CU_ASSERT_EQUAL(json_integer_value(json_object_get(a, "vector_bits")), 16);
	CU_ASSERT_EQUAL(json_integer_value(json_object_get(json_object_get(a, "loc"), "line")), 3);
	CU_ASSERT_STRING_EQUAL(json_string_value(json_object_get(b, "kind")), "skipped");
	CU_ASSERT_STRING_EQUAL(
		json_string_value(json_object_get(json_object_get(b, "skipped"), "side")), "types");
	json_decref(r);
}

static void test_lint_request(void)
{
	/* one op: a request; two ops: a module, no request */
	const char *one =
		"#b = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA "
		"= [1], order = [0]}>\n"
		"#s = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = "
		"[0]}>\n"
		"ttg.local_store %v, %a : tensor<32xf16, #b> -> !ttg.memdesc<32xf16, #s>\n";
	json_t *q = lay_ttgir_request(one);
	CU_ASSERT_PTR_NOT_NULL(q);
	CU_ASSERT_STRING_EQUAL(
		json_string_value(json_object_get(json_object_get(q, "access"), "op")), "store");
	CU_ASSERT_PTR_NOT_NULL(
		strstr(json_string_value(json_object_get(json_object_get(q, "layout"), "ttgir")),
		       "%v = x : !ttg.memdesc<32xf16, #s>"));
	json_decref(q);
	CU_ASSERT_PTR_NULL(lay_ttgir_request(kernel));
	CU_ASSERT_PTR_NULL(lay_ttgir_request("#ttg.blocked<{sizePerThread = [1]}>"));
}

/* The verdict applied to findings built by hand: each threshold at its
 * boundary, deny's two names, and a TMEM op that is not valid. */
static void test_lint_judge_verdicts(void)
{
	struct lay_error err;
	lay_error_clear(&err);
	json_t *r = json_pack("{s:[{s:s,s:i},{s:s,s:i},{s:s,s:s},{s:s,s:s},{s:s,s:{s:b,s:[s]}},"
			      "{s:s,s:{s:b}},{s:s,s:{s:b}}]}",
			      "findings", "kind", "bank_conflicts", "bank_conflicts", 2, "kind",
			      "bank_conflicts", "bank_conflicts", 3, "kind", "conversion",
			      "conversion", "shared_memory", "kind", "conversion", "conversion",
			      "warp_shuffle", "kind", "tmem", "tmem", "ok", 0, "reasons",
			      "lanes past the sub-partition", "kind", "tmem", "tmem", "ok", 0,
			      "kind", "tmem", "tmem", "ok", 1);
	CU_ASSERT_PTR_NOT_NULL_FATAL(r);
	/* at most 2 conflicts: 2 passes, 3 fails; no conversion is denied */
	CU_ASSERT_EQUAL(lay_lint_judge(r, 2, NULL, false, "", &err), 0);
	CU_ASSERT_EQUAL(at_bool(r, "findings/0/fails"), 0);
	CU_ASSERT_EQUAL(at_bool(r, "findings/1/fails"), 1);
	CU_ASSERT_STRING_EQUAL(json_string_value(at(r, "findings/1/reason")),
			       "more than the 2 allowed");
	CU_ASSERT_EQUAL(at_bool(r, "findings/2/fails"), 0);
	CU_ASSERT_EQUAL(at_bool(r, "findings/3/fails"), 0);
	/* an invalid TMEM op always fails, with its first reason or a default */
	CU_ASSERT_EQUAL(at_bool(r, "findings/4/fails"), 1);
	CU_ASSERT_STRING_EQUAL(json_string_value(at(r, "findings/4/reason")),
			       "lanes past the sub-partition");
	CU_ASSERT_EQUAL(at_bool(r, "findings/5/fails"), 1);
	CU_ASSERT_STRING_EQUAL(json_string_value(at(r, "findings/5/reason")),
			       "the tensor memory layout is not valid");
	CU_ASSERT_EQUAL(at_bool(r, "findings/6/fails"), 0);
	CU_ASSERT_EQUAL(at_int(r, "failed"), 3);
	CU_ASSERT_EQUAL(at_int(r, "errors"), 0);
	CU_ASSERT_EQUAL(at_bool(r, "ok"), 0);
	/* deny bank_conflicts lowers a larger limit to none; deny
	 * shared_memory_conversion fails only the shared-memory conversion */
	json_t *deny = json_pack("[s,s]", "bank_conflicts", "shared_memory_conversion");
	CU_ASSERT_EQUAL(lay_lint_judge(r, 5, deny, false, "/deny", &err), 0);
	CU_ASSERT_EQUAL(at_bool(r, "findings/0/fails"), 1);
	CU_ASSERT_STRING_EQUAL(json_string_value(at(r, "findings/0/reason")),
			       "more than the 0 allowed");
	CU_ASSERT_EQUAL(at_bool(r, "findings/1/fails"), 1);
	CU_ASSERT_EQUAL(at_bool(r, "findings/2/fails"), 1);
	CU_ASSERT_EQUAL(at_bool(r, "findings/3/fails"), 0);
	CU_ASSERT_EQUAL(at_int(r, "failed"), 5);
	json_decref(deny);
	/* no limit: conflicts pass; only the TMEM ops fail */
	CU_ASSERT_EQUAL(lay_lint_judge(r, -1, NULL, false, "", &err), 0);
	CU_ASSERT_EQUAL(at_bool(r, "findings/1/fails"), 0);
	CU_ASSERT_PTR_NULL(at(r, "findings/1/reason")); /* judged again: no stale reason */
	CU_ASSERT_EQUAL(at_int(r, "failed"), 2);
	json_decref(r);
}

int main(void)
{
	static const struct unit_test tests[] = {
		{ "cute: a small table", test_cute_small_table },
		{ "cute: static and dynamic integers", test_cute_static_forms },
		{ "cute: errors", test_cute_errors },
		{ "print formats", test_print_formats },
		{ "print a shared-memory atom", test_print_atom },
		{ "lint: findings and locations", test_lint_findings },
		{ "lint: thresholds and limits", test_lint_judge_and_limits },
		{ "lint: verdicts at the thresholds", test_lint_judge_verdicts },
		{ "lint: an op over several lines, an unreadable one",
		  test_lint_multiline_and_unreadable },
		{ "lint: a pasted op", test_lint_request },
		{ NULL, NULL },
	};
	return unit_main("upstream", tests);
}
