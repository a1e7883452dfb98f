/* test_scan.c - the text scanner the notation readers share: white space,
 * comments, names, integers, accept/expect and the one error shape. */
#include "notation/scan.h"
#include "unit.h"

static void test_skip(void)
{
	struct lay_error err;
	struct lay_scan sc;
	lay_error_clear(&err);
	lay_scan_init(&sc, "  // line\n /* block */ x", "/t", &err, LAY_SCAN_CXX);
	CU_ASSERT_EQUAL(lay_scan_skip(&sc), 0);
	CU_ASSERT_EQUAL(sc.s[sc.pos], 'x');
	/* comments not allowed: white space only */
	lay_scan_init(&sc, "  // x", "/t", &err, 0);
	CU_ASSERT_EQUAL(lay_scan_skip(&sc), 0);
	CU_ASSERT_EQUAL(sc.pos, 2);
	/* line comments only: a block comment is text */
	lay_scan_init(&sc, " /* x", "/t", &err, LAY_SCAN_LINE);
	CU_ASSERT_EQUAL(lay_scan_skip(&sc), 0);
	CU_ASSERT_EQUAL(sc.pos, 1);
	/* unterminated: located at its opening */
	lay_scan_init(&sc, "ab /* open", "/t", &err, LAY_SCAN_CXX);
	sc.pos = 2;
	CU_ASSERT_EQUAL(lay_scan_skip(&sc), LAY_ESYNTAX);
	CU_ASSERT_EQUAL(err.position, 3);
	CU_ASSERT_STRING_EQUAL(err.message,
			       "unterminated comment: '/*' without '*/' at character 3");
	CU_ASSERT_STRING_EQUAL(err.pointer, "/t");
	int pos = 0;
	CU_ASSERT_EQUAL(lay_cxx_skip(" /* a */ b", &pos), 0);
	CU_ASSERT_EQUAL(pos, 9);
	pos = 0;
	CU_ASSERT_EQUAL(lay_cxx_skip("  /* a", &pos), -1);
	CU_ASSERT_EQUAL(pos, 2);
}

static void test_expect(void)
{
	struct lay_error err;
	struct lay_scan sc;
	bool got;
	lay_error_clear(&err);
	lay_scan_init(&sc, " ( x", "/p", &err, 0);
	CU_ASSERT_TRUE(lay_scan_eat(&sc, '('));
	CU_ASSERT_FALSE(lay_scan_eat(&sc, ')'));
	CU_ASSERT_EQUAL(lay_scan_accept(&sc, 'y', &got), 0);
	CU_ASSERT_FALSE(got);
	CU_ASSERT_EQUAL(lay_scan_expect(&sc, ')', "')'"), LAY_ESYNTAX);
	CU_ASSERT_STRING_EQUAL(err.message, "expected ')', found 'x' at character 3");
	CU_ASSERT_EQUAL(err.position, 3);
	sc.pos = 4;
	lay_scan_expected(&sc, "more");
	CU_ASSERT_STRING_EQUAL(err.message,
			       "expected more, found the end of the text at character 4");
	/* positions count characters, not bytes */
	lay_scan_init(&sc, "\xc3\xa9\xc3\xa9 ?", "/p", &err, 0);
	sc.pos = 5;
	lay_scan_expected(&sc, "a digit");
	CU_ASSERT_EQUAL(err.position, 3);
	CU_ASSERT_STRING_EQUAL(err.message, "expected a digit, found '?' at character 3");
	/* "of" names the text */
	lay_scan_init(&sc, "x", "/p", &err, 0);
	sc.of = "the printed layout";
	lay_scan_error(&sc, LAY_ESYNTAX, 0, "bad");
	CU_ASSERT_STRING_EQUAL(err.message, "bad at character 0 of the printed layout");
	/* no position: a plain message */
	lay_scan_error(&sc, LAY_ESCHEMA, -1, "plain");
	CU_ASSERT_STRING_EQUAL(err.message, "plain");
	CU_ASSERT_EQUAL(err.position, -1);
}

static void test_names(void)
{
	struct lay_error err;
	struct lay_scan sc;
	char last[8], full[32];
	int seg;
	lay_error_clear(&err);
	lay_scan_init(&sc, "abc_1+", "/n", &err, 0);
	CU_ASSERT_EQUAL(lay_scan_name(&sc, last, sizeof last), 5);
	CU_ASSERT_STRING_EQUAL(last, "abc_1");
	lay_scan_init(&sc, "Layoutx Layout<", "/n", &err, 0);
	CU_ASSERT_FALSE(lay_scan_word(&sc, "Layout"));
	CU_ASSERT_TRUE(lay_scan_lit(&sc, "Layout"));
	lay_scan_init(&sc, "cute :: /* c */ Int<", "/n", &err, LAY_SCAN_CXX);
	CU_ASSERT_EQUAL(lay_scan_qname(&sc, last, sizeof last, full, sizeof full, &seg, "cute"), 0);
	CU_ASSERT_STRING_EQUAL(last, "Int");
	CU_ASSERT_STRING_EQUAL(full, "cute::Int");
	CU_ASSERT_EQUAL(seg, 16);
	lay_scan_init(&sc, "std::Int", "/n", &err, 0);
	CU_ASSERT_EQUAL(lay_scan_qname(&sc, last, sizeof last, NULL, 0, &seg, "cute"), LAY_ESYNTAX);
	CU_ASSERT_STRING_EQUAL(err.message,
			       "unknown namespace 'std' (only cute:: is accepted) at character 0");
	lay_scan_init(&sc, "a::1", "/n", &err, 0);
	CU_ASSERT_EQUAL(lay_scan_qname(&sc, last, sizeof last, NULL, 0, &seg, NULL), LAY_ESYNTAX);
	CU_ASSERT_STRING_EQUAL(err.message,
			       "expected a name after 'a::', found '1' at character 3");
}

static void test_integers(void)
{
	struct lay_error err;
	struct lay_scan sc;
	int64_t v = 0;
	lay_error_clear(&err);
	lay_scan_init(&sc, "9223372036854775807,", "/i", &err, 0);
	CU_ASSERT_EQUAL(lay_scan_digits(&sc, 0, false, &v, NULL, LAY_EOVERFLOW), 0);
	CU_ASSERT_EQUAL(v, INT64_MAX);
	CU_ASSERT_EQUAL(sc.s[sc.pos], ',');
	lay_scan_init(&sc, "-9223372036854775808", "/i", &err, 0);
	sc.pos = 1;
	CU_ASSERT_EQUAL(lay_scan_digits(&sc, 0, true, &v, NULL, LAY_EOVERFLOW), 0);
	CU_ASSERT_EQUAL(v, INT64_MIN);
	lay_scan_init(&sc, "  9223372036854775808", "/i", &err, 0);
	sc.pos = 2;
	CU_ASSERT_EQUAL(lay_scan_digits(&sc, 2, false, &v, "stride", LAY_EOVERFLOW), LAY_EOVERFLOW);
	CU_ASSERT_STRING_EQUAL(err.message, "stride overflows 64 bits at character 2");
	lay_scan_init(&sc, "x", "/i", &err, 0);
	CU_ASSERT_EQUAL(lay_scan_digits(&sc, 0, false, &v, NULL, LAY_EOVERFLOW), LAY_ESYNTAX);
	lay_scan_init(&sc, "12a4", "/i", &err, 0);
	CU_ASSERT_EQUAL(lay_scan_digits_range(&sc, 0, 2, &v, LAY_ESYNTAX), 0);
	CU_ASSERT_EQUAL(v, 12);
	CU_ASSERT_EQUAL(lay_scan_digits_range(&sc, 0, 4, &v, LAY_ESYNTAX), LAY_ESYNTAX);
	CU_ASSERT_EQUAL(err.position, 2);
	lay_scan_init(&sc, "99999999999999999999", "/i", &err, 0);
	CU_ASSERT_EQUAL(lay_scan_digits_range(&sc, 0, 20, &v, LAY_ESYNTAX), LAY_ESYNTAX);
	CU_ASSERT_STRING_EQUAL(err.message, "integer overflows 64 bits at character 0");
	/* an empty range holds no integer (not 0), located at its start; one
	 * digit is one; the largest value fits and one more overflows */
	lay_scan_init(&sc, "12a4", "/i", &err, 0);
	v = 77;
	CU_ASSERT_EQUAL(lay_scan_digits_range(&sc, 1, 1, &v, LAY_EOVERFLOW), LAY_ESYNTAX);
	CU_ASSERT_EQUAL(err.position, 1);
	CU_ASSERT_EQUAL(v, 77);
	CU_ASSERT_EQUAL(lay_scan_digits_range(&sc, 3, 2, &v, LAY_EOVERFLOW), LAY_ESYNTAX);
	CU_ASSERT_EQUAL(lay_scan_digits_range(&sc, 1, 2, &v, LAY_EOVERFLOW), 0);
	CU_ASSERT_EQUAL(v, 2);
	CU_ASSERT_EQUAL(lay_scan_digits_range(&sc, 3, 4, &v, LAY_EOVERFLOW), 0);
	CU_ASSERT_EQUAL(v, 4);
	lay_scan_init(&sc, "x9223372036854775807", "/i", &err, 0);
	CU_ASSERT_EQUAL(lay_scan_digits_range(&sc, 1, 20, &v, LAY_EOVERFLOW), 0);
	CU_ASSERT_EQUAL(v, INT64_MAX);
	lay_scan_init(&sc, "x9223372036854775808", "/i", &err, 0);
	CU_ASSERT_EQUAL(lay_scan_digits_range(&sc, 1, 20, &v, LAY_EOVERFLOW), LAY_EOVERFLOW);
	CU_ASSERT_EQUAL(err.position, 1);
	/* lay_scan_digits: at the end of the text there are none */
	lay_scan_init(&sc, "7", "/i", &err, 0);
	sc.pos = 1;
	CU_ASSERT_EQUAL(lay_scan_digits(&sc, 1, false, &v, NULL, LAY_EOVERFLOW), LAY_ESYNTAX);
}

/* Every text notation says where: ttgir and the LinearLayout text too. */
static void test_readers_say_where(void)
{
	struct lay_error err;
	json_t *r = analyze_text("{\"ttgir\":\"#ttg.blocked<{sizePerThread = [1, 1], "
				 "sizePerThread = [1, 1]}>\",\"shape\":[4,4]}",
				 &err);
	CU_ASSERT_PTR_NULL(r);
	CU_ASSERT_EQUAL(err.position, 38);
	CU_ASSERT_PTR_NOT_NULL(strstr(err.message, "at character 38"));
	json_decref(r);
	r = analyze_text("{\"linear\":\" - register=1 -> (1, 0)\\n - lane=2 -> (0, 1)\"}", &err);
	CU_ASSERT_PTR_NULL(r);
	CU_ASSERT_EQUAL(err.code, LAY_ESYNTAX);
	CU_ASSERT_PTR_NOT_NULL(strstr(err.message, "LinearLayout text: "));
	char want[32];
	snprintf(want, sizeof want, "at character %ld", err.position);
	CU_ASSERT_PTR_NOT_NULL(strstr(err.message, want));
	json_decref(r);
}

/* lay_utf8_copy: valid UTF-8 out of any bytes, cut at a whole character */
static void test_utf8_copy(void)
{
	char out[8];
	static const struct {
		const char *in, *want;
	} cases[] = {
		{ "ab", "ab" },
		{ "\xC3\xA9", "\xC3\xA9" },		    /* é */
		{ "\xFF", "\xEF\xBF\xBD" },		    /* never a lead byte */
		{ "\xC0\x80", "\xEF\xBF\xBD\xEF\xBF\xBD" }, /* overlong NUL */
		{ "\xE9\x80x", "\xEF\xBF\xBD\xEF\xBF\xBD"
			       "x" }, /* a lead, one continuation: each byte U+FFFD */
		{ "\xED\xA0\x80", "\xEF\xBF\xBD\xEF\xBF\xBD" },	    /* a surrogate, cut to fit */
		{ "\xF4\x90\x80\x80", "\xEF\xBF\xBD\xEF\xBF\xBD" }, /* past U+10FFFF */
		{ "\xE0\x9F\xBF", "\xEF\xBF\xBD\xEF\xBF\xBD" },	    /* overlong, 3 bytes */
		{ "\xF0\x9F\x98\x80", "\xF0\x9F\x98\x80" },	    /* U+1F600 */
		{ "abcdef\xC3\xA9", "abcdef" },	      /* 7 bytes + NUL fit, not the é */
		{ "abcde\xC3\xA9", "abcde\xC3\xA9" }, /* exactly 7 bytes */
	};
	for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
		size_t n = lay_utf8_copy(out, sizeof out, cases[k].in, strlen(cases[k].in));
		CU_ASSERT_STRING_EQUAL(out, cases[k].want);
		CU_ASSERT_EQUAL(n, strlen(cases[k].want));
	}
	CU_ASSERT_EQUAL(lay_utf8_copy(out, 1, "a", 1), 0);
	CU_ASSERT_STRING_EQUAL(out, "");
}

/* lay_scan_int: the bounds are inclusive, the error is at `start` with the
 * caller's code, and digits past a limit are not read. */
static void test_bounded(void)
{
	struct lay_error err;
	struct lay_scan sc;
	int64_t v = 0;
	lay_error_clear(&err);
	lay_scan_init(&sc, "x 1000,", "/b", &err, 0);
	sc.pos = 2;
	CU_ASSERT_EQUAL(lay_scan_int(&sc, 2, false, 0, 1000, "dim", LAY_ELIMIT, &v), 0);
	CU_ASSERT_EQUAL(v, 1000);
	CU_ASSERT_EQUAL(sc.pos, 6);
	lay_scan_init(&sc, "x 1001,", "/b", &err, 0);
	sc.pos = 2;
	CU_ASSERT_EQUAL(lay_scan_int(&sc, 2, false, 0, 1000, "dim", LAY_ELIMIT, &v), LAY_ELIMIT);
	CU_ASSERT_STRING_EQUAL(err.message, "dim is over the limit 1000 at character 2");
	CU_ASSERT_EQUAL(err.position, 2);
	CU_ASSERT_STRING_EQUAL(err.pointer, "/b");
	/* a long run of digits stops at the limit: no 64-bit overflow */
	lay_scan_init(&sc, "99999999999999999999999999", "/b", &err, 0);
	CU_ASSERT_EQUAL(lay_scan_int(&sc, 0, false, 0, 1000, NULL, LAY_ERANGE, &v), LAY_ERANGE);
	CU_ASSERT_STRING_EQUAL(err.message, "integer is over the limit 1000 at character 0");
	lay_scan_init(&sc, "-24", "/b", &err, 0);
	sc.pos = 1;
	CU_ASSERT_EQUAL(lay_scan_int(&sc, 0, true, -24, 24, "S", LAY_ERANGE, &v), 0);
	CU_ASSERT_EQUAL(v, -24);
	lay_scan_init(&sc, "-25", "/b", &err, 0);
	sc.pos = 1;
	CU_ASSERT_EQUAL(lay_scan_int(&sc, 0, true, -24, 24, "S", LAY_ERANGE, &v), LAY_ERANGE);
	CU_ASSERT_STRING_EQUAL(err.message, "S is under the limit -24 at character 0");
	lay_scan_init(&sc, "-99999999999999999999", "/b", &err, 0);
	sc.pos = 1;
	CU_ASSERT_EQUAL(lay_scan_int(&sc, 0, true, -24, 24, "S", LAY_ERANGE, &v), LAY_ERANGE);
	CU_ASSERT_STRING_EQUAL(err.message, "S is under the limit -24 at character 0");
	/* a lower bound above zero */
	lay_scan_init(&sc, "0", "/b", &err, 0);
	CU_ASSERT_EQUAL(lay_scan_int(&sc, 0, false, 1, 8, "bits", LAY_ERANGE, &v), LAY_ERANGE);
	CU_ASSERT_STRING_EQUAL(err.message, "bits is under the limit 1 at character 0");
	lay_scan_init(&sc, "b", "/b", &err, 0);
	CU_ASSERT_EQUAL(lay_scan_int(&sc, 0, false, 1, 8, "bits", LAY_ERANGE, &v), LAY_ESYNTAX);
	CU_ASSERT_STRING_EQUAL(err.message, "expected an integer, found 'b' at character 0");
}

int main(void)
{
	static const struct unit_test tests[] = {
		{ "white space and comments", test_skip },
		{ "accept, expect and the error shape", test_expect },
		{ "names, words and qualified names", test_names },
		{ "integers with overflow checks", test_integers },
		{ "integers within bounds", test_bounded },
		{ "the readers' errors say where", test_readers_say_where },
		{ "UTF-8 copies", test_utf8_copy },
		{ NULL, NULL },
	};
	return unit_main("scan", tests);
}
