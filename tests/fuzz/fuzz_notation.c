/*
 * fuzz_notation.c - libFuzzer harness: the input is the TEXT of a notation.
 *
 * The bytes (if valid UTF-8 without NUL) are wrapped with jansson into
 *   {"axe": TEXT}
 *   {"cute": TEXT}                                   (cute_role memory)
 *   {"logical": [8,8], "cute": TEXT, "cute_role": "tv"}
 *   {"logical": [4,4], "expr": {"m": TEXT}}
 *   {"ttgir": TEXT, "shape": [16,16]}  and  {"ttgir": TEXT}
 *   {"linear": TEXT}                                 (LinearLayout::toString)
 * and each is analysed with a small max_points, so the text parsers of
 * axe.c, cute.c, expr.c, ttgir_parse.c and linear_text.c are reached
 * directly.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "layout.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void run(json_t *def)
{
	struct lay_options opt = { .max_points = 1 << 12, .examples = 2 };
	struct lay_error err;
	lay_error_clear(&err);
	if (!def)
		return;
	json_t *out = lay_analyze(def, &opt, &err);
	if (out) {
		char *s = json_dumps(out, JSON_COMPACT);
		free(s);
		json_decref(out);
	} else {
		json_decref(lay_error_to_json(&err));
	}
	json_decref(def);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (memchr(data, 0, size))
		return 0;
	/* json_stringn_nocheck would accept bad UTF-8; json_stringn refuses it */
	json_t *text = json_stringn((const char *)data, size);
	if (!text)
		return 0;
	run(json_pack("{s:O}", "axe", text));
	run(json_pack("{s:O}", "cute", text));
	run(json_pack("{s:[i,i],s:O,s:s}", "logical", 8, 8, "cute", text, "cute_role", "tv"));
	run(json_pack("{s:[i,i],s:{s:O}}", "logical", 4, 4, "expr", "m", text));
	run(json_pack("{s:O,s:[i,i]}", "ttgir", text, "shape", 16, 16));
	run(json_pack("{s:O}", "ttgir", text));
	run(json_pack("{s:O}", "linear", text));
	json_decref(text);
	return 0;
}
