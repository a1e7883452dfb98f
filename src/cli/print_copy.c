/*
 * print_copy.c - the "copy" section in human output and in the reasons a
 * file fails (every CI format): the instruction that moves the tile, the
 * variants that cannot and why, or the TMA box and what it writes.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"

static const char *str(json_t *o, const char *k)
{
	const char *s = json_string_value(json_object_get(o, k));
	return s ? s : "";
}

/* "lane 4 (lane 4, register 0) element [0,1]" for a why. */
static void where(json_t *why, char *buf, size_t n)
{
	char *slot = json_dumps(json_object_get(why, "slot"), JSON_COMPACT | JSON_SORT_KEYS);
	char *el = json_dumps(json_object_get(why, "element"), JSON_COMPACT);
	snprintf(buf, n, "warp %lld lane %lld%s%s%s%s",
		 (long long)json_integer_value(json_object_get(why, "warp")),
		 (long long)json_integer_value(json_object_get(why, "lane")), slot ? " slot " : "",
		 slot ? slot : "", el ? " element " : "", el ? el : "");
	free(slot);
	free(el);
}

static void put_tma(FILE *f, json_t *c)
{
	json_int_t ctas = json_integer_value(json_object_get(c, "ctas"));
	fprintf(f, "  %-12s %s: %lld box%s of %lld bytes%s, swizzle %s\n", "copy",
		str(c, "instruction"), (long long)json_integer_value(json_object_get(c, "boxes")),
		json_integer_value(json_object_get(c, "boxes")) == 1 ? "" : "es",
		(long long)json_integer_value(json_object_get(c, "bytes_per_box")),
		ctas > 1 ? " in each CTA" : "", str(c, "swizzle"));
	fprintf(f, "  %-12s %s\n", "tma writes", str(c, "writes"));
	json_t *d = json_object_get(c, "differences");
	if (json_is_true(json_object_get(c, "matches_layout"))) {
		fprintf(f, "  %-12s the layout is exactly what TMA writes\n", "");
		return;
	}
	fprintf(f, "  %-12s the layout differs at %lld elements:", "",
		(long long)json_integer_value(json_object_get(d, "count")));
	json_t *x;
	size_t i;
	json_array_foreach(json_object_get(d, "examples"), i, x)
	{
		if (i >= 3)
			break;
		char *el = json_dumps(json_object_get(x, "logical"), JSON_COMPACT);
		fprintf(f, "%s %s at %lld, TMA writes %lld", i ? ";" : "", el ? el : "?",
			(long long)json_integer_value(json_object_get(x, "layout")),
			(long long)json_integer_value(json_object_get(x, "tma")));
		free(el);
	}
	fputc('\n', f);
}

void cli_put_copy(FILE *f, json_t *c)
{
	if (!c)
		return;
	if (json_object_get(c, "writes")) {
		put_tma(f, c);
		return;
	}
	json_t *inst = json_object_get(c, "instruction");
	if (json_is_string(inst)) {
		char *bc = json_dumps(json_object_get(c, "bank_conflicts"), JSON_ENCODE_ANY);
		fprintf(f, "  %-12s %s, %lld per warp, row bank conflicts %s\n", "copy",
			json_string_value(inst),
			(long long)json_integer_value(json_object_get(c, "count")), bc ? bc : "?");
		free(bc);
	} else {
		fprintf(f, "  %-12s no %s variant moves this tile\n", "copy", str(c, "requested"));
	}
	json_t *x;
	size_t i;
	json_array_foreach(json_object_get(c, "candidates"), i, x)
	{
		json_t *why = json_object_get(x, "why");
		if (!why)
			continue;
		char at[256];
		where(why, at, sizeof at);
		fprintf(f, "  %-12s %s: %s (%s)\n", "", str(x, "instruction"), str(why, "message"),
			at);
	}
}

bool cli_copy_reason(json_t *a, char *buf, size_t n)
{
	json_t *c = json_object_get(a, "copy");
	if (!json_is_false(json_object_get(c, "ok")))
		return false;
	json_t *cands = json_object_get(c, "candidates");
	json_t *last = json_array_get(cands, json_array_size(cands) - 1);
	json_t *why = json_object_get(last, "why");
	char at[256] = "";
	if (why)
		where(why, at, sizeof at);
	snprintf(buf, n, "%s cannot move the tile%s%s%s",
		 str(why ? last : c, why ? "instruction" : "requested"), why ? ": " : "",
		 str(why, "message"), *at ? " at " : "");
	size_t len = strlen(buf);
	snprintf(buf + len, len < n ? n - len : 0, "%s", at);
	return true;
}
