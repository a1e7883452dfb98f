/*
 * print.c - human output of `layoutd check`: the verdict, the counts and the
 * first examples in the user's own coordinates; errors with a caret under
 * the offending character of the notation text.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "layout/analysis/sections.h"

/* Examples shown per finding in human output (the JSON carries more). */
#define CLI_SHOWN 3

static void collect_warnings(json_t *out, json_t *v, const char *section)
{
	const char *key;
	json_t *x;
	size_t i;
	if (json_is_array(v)) {
		json_array_foreach(v, i, x) collect_warnings(out, x, section);
		return;
	}
	if (!json_is_object(v))
		return;
	json_array_foreach(json_object_get(v, "warnings"), i, x)
	{
		const char *code = json_string_value(json_object_get(x, "code"));
		const char *msg = json_string_value(json_object_get(x, "message"));
		if (!code || !msg)
			continue;
		char rule[256];
		snprintf(rule, sizeof rule, "%s%s%s", section, *section ? "/" : "", code);
		json_array_append_new(out, json_pack("{s:s,s:s,s:s,s:s}", "section", section,
						     "code", code, "message", msg, "rule", rule));
	}
	json_object_foreach(v, key, x)
	{
		if (strcmp(key, "warnings") == 0 || !(json_is_object(x) || json_is_array(x)))
			continue;
		char sub[256];
		snprintf(sub, sizeof sub, "%s%s%s", section, *section ? "/" : "", key);
		collect_warnings(out, x, sub);
	}
}

json_t *cli_warnings(json_t *analysis)
{
	json_t *out = json_array();
	collect_warnings(out, analysis, "");
	return out;
}

void cli_print_error(FILE *f, const char *file, const struct lay_error *err)
{
	fprintf(f, "%s: error [%s]: %s\n", file, lay_code_name(err->code), err->message);
	if (err->pointer[0])
		fprintf(f, "  at %s\n", err->pointer);
	if (err->position < 0 || !err->source[0])
		return;
	/* The line holding the position (a character offset), and a caret
	 * under its column: one space per character, tabs kept. */
	const char *s = err->source;
	long len = (long)strlen(s), pos = 0;
	for (long chars = 0; pos < len && chars < err->position; pos++)
		if (((unsigned char)s[pos + 1] & 0xC0) != 0x80)
			chars++;
	long start = pos, end = pos, line = 1;
	while (start > 0 && s[start - 1] != '\n')
		start--;
	while (end < len && s[end] != '\n')
		end++;
	for (long k = 0; k < start; k++)
		line += s[k] == '\n';
	if (line > 1 || end < len)
		fprintf(f, "  line %ld of the text:\n", line);
	fprintf(f, "    %.*s\n    ", (int)(end - start), s + start);
	for (long k = start; k < pos; k++)
		if (((unsigned char)s[k] & 0xC0) != 0x80)
			fputc(s[k] == '\t' ? '\t' : ' ', f);
	fputs("^\n", f);
}

static void put_elem(FILE *f, json_t *names, json_t *coord)
{
	if (!json_is_array(coord)) {
		fputs("(outside the tile)", f);
		return;
	}
	fputc('(', f);
	for (size_t d = 0; d < json_array_size(coord); d++)
		fprintf(f, "%s%s=%lld", d ? ", " : "", json_string_value(json_array_get(names, d)),
			(long long)json_integer_value(json_array_get(coord, d)));
	fputc(')', f);
}

static void put_point(FILE *f, json_t *point)
{
	const char *key;
	json_t *v;
	bool first = true;
	json_object_foreach(point, key, v)
	{
		fprintf(f, "%s%s=%lld", first ? "" : " ", key, (long long)json_integer_value(v));
		first = false;
	}
}

static void put_examples(FILE *f, json_t *a, const char *field, const char *title, json_t *names)
{
	json_t *sec = json_object_get(a, field);
	long long n = (long long)json_integer_value(json_object_get(sec, "count"));
	if (!n)
		return;
	json_t *ex = json_object_get(sec, "examples"), *e;
	size_t i;
	fprintf(f, "  %-12s %lld:", title, n);
	json_array_foreach(ex, i, e)
	{
		if (i >= CLI_SHOWN) {
			fputs(" ...", f);
			break;
		}
		fputs(i ? ";  " : " ", f);
		json_t *phys = json_object_get(e, "physical"), *log = json_object_get(e, "logical");
		if (strcmp(field, "collisions") == 0) {
			put_point(f, phys);
			fputs(" holds", f);
			size_t k;
			json_t *x;
			json_array_foreach(log, k, x)
			{
				fputc(' ', f);
				put_elem(f, names, x);
			}
		} else if (strcmp(field, "holes") == 0) {
			put_point(f, phys);
		} else if (strcmp(field, "unplaced") == 0) {
			put_elem(f, names, log);
		} else if (strcmp(field, "duplicates") == 0) {
			put_elem(f, names, log);
			fputs(" at ", f);
			put_point(f, phys);
			fprintf(f, " x%lld",
				(long long)json_integer_value(json_object_get(e, "count")));
		} else if (strcmp(field, "out_of_bounds") == 0) {
			put_elem(f, names, log);
			fputs(" at ", f);
			put_point(f, phys);
			json_t *idx = json_object_get(e, "index");
			if (idx)
				fprintf(f, " (index %lld)", (long long)json_integer_value(idx));
		}
	}
	fputc('\n', f);
}

/* A global access: sectors and lines against the ideal, the worst one. */
static void put_global(FILE *f, json_t *acc)
{
	json_t *vec = json_object_get(acc, "vector"), *w = json_object_get(acc, "worst");
	fprintf(f,
		"  %-12s global %s of %lld-bit vectors: %lld instructions, %lld sectors (ideal "
		"%lld), %lld lines, efficiency %.3g, at worst %lld sectors in instruction %lld\n",
		lay_section_access.key, json_string_value(json_object_get(acc, "op")),
		(long long)json_integer_value(json_object_get(vec, "bits")),
		(long long)json_integer_value(json_object_get(acc, "instructions")),
		(long long)json_integer_value(json_object_get(acc, "sectors")),
		(long long)json_integer_value(json_object_get(acc, "ideal_sectors")),
		(long long)json_integer_value(json_object_get(acc, "lines")),
		json_number_value(json_object_get(acc, "efficiency")),
		(long long)json_integer_value(json_object_get(acc, "sectors_per_request")),
		(long long)json_integer_value(json_object_get(w, "instruction")));
}

/* A conversion: its class, and the scratch counts through shared memory. */
static void put_convert(FILE *f, json_t *cv, json_t *a)
{
	(void)a;
	json_t *el = json_object_get(cv, "elements"), *st = json_object_get(cv, "store"),
	       *ld = json_object_get(cv, "load");
	fprintf(f, "  %-12s %s: %lld elements change lane, %lld change warp",
		lay_section_convert.key, json_string_value(json_object_get(cv, "kind")),
		(long long)json_integer_value(json_object_get(el, "change_lane")),
		(long long)json_integer_value(json_object_get(el, "change_warp")));
	json_t *mx = json_object_get(cv, "mixed_transpositions");
	if (mx)
		fprintf(f, ", %lld register-lane transposition%s",
			(long long)json_integer_value(mx), json_integer_value(mx) == 1 ? "" : "s");
	const char *sw =
		json_string_value(json_object_get(json_object_get(cv, "swizzle"), "swizzle"));
	if (st && ld)
		fprintf(f, "; scratch %s: store %g, load %g bank conflicts",
			sw ? sw : "swizzle (linear bases)",
			json_number_value(json_object_get(st, "bank_conflicts")),
			json_number_value(json_object_get(ld, "bank_conflicts")));
	fputc('\n', f);
}

/* The access analysis: vector, wavefronts, conflicts, the worst bank. */
static void put_access(FILE *f, json_t *acc, json_t *a)
{
	json_t *names = json_object_get(json_object_get(a, "logical"), "names");
	if (json_object_get(acc, "sectors")) {
		put_global(f, acc);
		return;
	}
	json_t *vec = json_object_get(acc, "vector"), *bc = json_object_get(acc, "bank_conflicts");
	fprintf(f, "  %-12s %s of %lld-bit vectors (%lld x %lld bits): %lld instructions, ",
		lay_section_access.key, json_string_value(json_object_get(acc, "op")),
		(long long)json_integer_value(json_object_get(vec, "bits")),
		(long long)json_integer_value(json_object_get(vec, "elements")),
		(long long)json_integer_value(json_object_get(acc, "element_bits")),
		(long long)json_integer_value(json_object_get(acc, "instructions")));
	fprintf(f, "%lld wavefronts (ideal %lld), ",
		(long long)json_integer_value(json_object_get(acc, "wavefronts")),
		(long long)json_integer_value(json_object_get(acc, "ideal_wavefronts")));
	if (json_is_integer(bc))
		fprintf(f, "%lld bank conflicts", (long long)json_integer_value(bc));
	else
		fprintf(f, "%.3f bank conflicts", json_number_value(bc));
	fprintf(f, ", at worst %lld-way\n",
		(long long)json_integer_value(json_object_get(acc, "max_ways")));
	json_t *ex = json_array_get(json_object_get(acc, "examples"), 0);
	if (ex) {
		size_t i;
		json_t *w;
		fprintf(f, "  %-12s instruction %lld, wavefront %lld: bank %lld holds", "",
			(long long)json_integer_value(json_object_get(ex, "instruction")),
			(long long)json_integer_value(json_object_get(ex, "wavefront")),
			(long long)json_integer_value(json_object_get(ex, "bank")));
		json_array_foreach(json_object_get(ex, "words"), i, w)
		{
			if (i >= CLI_SHOWN) {
				fputs(" ...", f);
				break;
			}
			json_t *a0 = json_array_get(json_object_get(w, "accesses"), 0);
			fprintf(f, "%s word %lld (lane %lld, ", i ? ";" : "",
				(long long)json_integer_value(json_object_get(w, "word")),
				(long long)json_integer_value(json_object_get(a0, "lane")));
			put_elem(f, names, json_object_get(a0, "logical"));
			fputc(')', f);
		}
		fputc('\n', f);
	}
	json_t *sg = json_object_get(acc, "suggestion");
	if (sg) {
		json_t *bytes = json_object_get(sg, "bytes");
		fprintf(f, "  %-12s %s on element offsets", "suggestion",
			json_string_value(json_object_get(sg, "swizzle")));
		if (bytes)
			fprintf(f, " (%s on byte addresses)", json_string_value(bytes));
		fprintf(f, ": %s\n",
			json_is_true(json_object_get(sg, "conflict_free")) ? "conflict-free"
									   : "least conflicting");
	}
}

/* Why a layout fails: failed expectations ("expect bijective") and the
 * required verdicts that are false ("not collision_free"), comma-separated. */
void cli_reasons(json_t *a, char *buf, size_t n)
{
	json_t *fails = json_object_get(json_object_get(a, lay_section_expect.key), "failures"), *x;
	json_t *verdict = json_object_get(a, "verdict");
	size_t i, len = 0;
	buf[0] = '\0';
	json_array_foreach(fails, i, x)
	{
		len += (size_t)snprintf(buf + len, len < n ? n - len : 0, "%sexpect %s",
					len ? ", " : "",
					json_string_value(json_object_get(x, "field")));
		if (len >= n)
			return;
	}
	static const char *req[] = { "complete", "collision_free", "replicas_distinct",
				     "in_bounds" };
	for (size_t k = 0; k < 4; k++) {
		bool named = false;
		json_array_foreach(fails, i, x) named =
			named ||
			strcmp(json_string_value(json_object_get(x, "field")), req[k]) == 0;
		if (!named && json_is_false(json_object_get(verdict, req[k]))) {
			len += (size_t)snprintf(buf + len, len < n ? n - len : 0, "%snot %s",
						len ? ", " : "", req[k]);
			if (len >= n)
				return;
		}
	}
	char cr[512];
	if (cli_copy_reason(a, cr, sizeof cr)) {
		len += (size_t)snprintf(buf + len, len < n ? n - len : 0, "%s%s: %s",
					len ? ", " : "", lay_section_copy.key, cr);
		if (len >= n)
			return;
	}
	json_array_foreach(json_object_get(json_object_get(a, lay_section_tmem.key), "reasons"), i,
			   x)
	{
		len += (size_t)snprintf(buf + len, len < n ? n - len : 0, "%s%s: %s",
					len ? ", " : "", lay_section_tmem.key,
					json_string_value(x));
		if (len >= n)
			return;
	}
}

/* The logical and physical spaces, the counts, the verdicts and the
 * owners: the lines every analysis prints. */
static void put_summary(FILE *f, json_t *a)
{
	json_t *logical = json_object_get(a, "logical"), *physical = json_object_get(a, "physical");
	json_t *names = json_object_get(logical, "names"), *verdict = json_object_get(a, "verdict");
	json_t *v, *x;
	const char *key;
	size_t i;

	fprintf(f, "  %-12s [", "logical");
	json_array_foreach(json_object_get(logical, "shape"), i, x)
		fprintf(f, "%s%lld", i ? ", " : "", (long long)json_integer_value(x));
	fputs("] (", f);
	json_array_foreach(names, i, x) fprintf(f, "%s%s", i ? ", " : "", json_string_value(x));
	fprintf(f, "), %lld elements\n",
		(long long)json_integer_value(json_object_get(logical, "size")));
	fprintf(f, "  %-12s", "physical");
	json_array_foreach(json_object_get(physical, "axes"), i, x) fprintf(
		f, "%s%s %lld%s", i ? ", " : " ", json_string_value(json_object_get(x, "name")),
		(long long)json_integer_value(json_object_get(x, "extent")),
		json_is_true(json_object_get(x, "declared")) ? "" : " (inferred)");
	fprintf(f, ": %lld points",
		(long long)json_integer_value(json_object_get(physical, "size")));
	json_t *cod = json_object_get(physical, "codomain");
	if (json_array_size(cod)) { /* tmem_judge.c: the TMEM cells are the space */
		fputs(" (the TMEM cells:", f);
		json_array_foreach(cod, i, x)
			fprintf(f, "%s%s", i ? " x " : " ", json_string_value(x));
		fputc(')', f);
	}
	fputc('\n', f);
	json_t *rep = json_object_get(a, "replication");
	fprintf(f, "  %-12s %lld, replication %lld..%lld\n", "placements",
		(long long)json_integer_value(json_object_get(a, "placements")),
		(long long)json_integer_value(json_object_get(rep, "min")),
		(long long)json_integer_value(json_object_get(rep, "max")));
	fprintf(f, "  %-12s", "verdict");
	json_object_foreach(verdict, key, v)
		fprintf(f, " %s=%s", key, json_is_true(v) ? "yes" : "no");
	fputc('\n', f);
	json_t *own = json_object_get(a, "owners");
	if (json_array_size(json_object_get(own, "axes"))) {
		json_t *slots = json_object_get(own, "slots");
		fprintf(f, "  %-12s %lld (", "owners",
			(long long)json_integer_value(json_object_get(own, "count")));
		json_array_foreach(json_object_get(own, "axes"), i, x)
			fprintf(f, "%s%s", i ? ", " : "", json_string_value(x));
		fprintf(f, "), slots %lld..%lld each\n",
			(long long)json_integer_value(json_object_get(slots, "min")),
			(long long)json_integer_value(json_object_get(slots, "max")));
	}
}

static void put_tmem(FILE *f, json_t *tm, json_t *a)
{
	(void)a;
	json_t *sp = json_object_get(tm, "subpartitions");
	json_t *al = json_object_get(tm, "allocation");
	char alloc[48] = "does not fit";
	if (json_is_integer(al))
		snprintf(alloc, sizeof alloc, "allocation %lld", (long long)json_integer_value(al));
	fprintf(f, "  %-12s %lld columns (%s), %lld lanes, %lld-bit, packing %lld",
		lay_section_tmem.key, (long long)json_integer_value(json_object_get(tm, "columns")),
		alloc, (long long)json_integer_value(json_object_get(tm, "lanes")),
		(long long)json_integer_value(json_object_get(tm, "element_bits")),
		(long long)json_integer_value(json_object_get(tm, "packing")));
	if (json_is_object(sp))
		fprintf(f, ", sub-partitions %s (%lld violations)",
			json_is_true(json_object_get(sp, "ok")) ? "ok" : "violated",
			(long long)json_integer_value(json_object_get(sp, "violations")));
	fputc('\n', f);
}

static void put_round_trip(FILE *f, json_t *a, json_t *names)
{
	json_t *x;
	size_t i;
	json_t *rt = json_object_get(a, "round_trip");
	long long mm = (long long)json_integer_value(json_object_get(rt, "mismatches"));
	if (mm) {
		fprintf(f, "  %-12s %lld mismatches:", "round trip", mm);
		json_array_foreach(json_object_get(rt, "examples"), i, x)
		{
			if (i >= CLI_SHOWN) {
				fputs(" ...", f);
				break;
			}
			fputs(i ? ";  " : " ", f);
			put_elem(f, names, json_object_get(x, "logical"));
			fputs(" at ", f);
			put_point(f, json_object_get(x, "physical"));
			fputs(" reads back as ", f);
			put_elem(f, names, json_object_get(x, "inverse"));
		}
		fputc('\n', f);
	}
}

/* The elements a comparison found placed differently, CLI_SHOWN of them. */
static void put_differences(FILE *f, json_t *diffs, json_t *names)
{
	json_t *d;
	size_t k;
	json_array_foreach(diffs, k, d)
	{
		if (k >= CLI_SHOWN) {
			fputs("               ...\n", f);
			break;
		}
		size_t m;
		json_t *p;
		fputs("               ", f);
		put_elem(f, names, json_object_get(d, "logical"));
		fputs(" here", f);
		json_array_foreach(json_object_get(d, "a"), m, p)
		{
			fputc(' ', f);
			put_point(f, p);
		}
		fputs(", registered", f);
		json_array_foreach(json_object_get(d, "b"), m, p)
		{
			fputc(' ', f);
			put_point(f, p);
		}
		fputc('\n', f);
	}
}

void cli_equals_ref(json_t *failure, char *buf, size_t n)
{
	const char *ref = json_string_value(json_object_get(failure, "ref"));
	json_t *v = json_object_get(failure, "version");
	const char *at = ref ? strrchr(ref, '@') : NULL;
	int nl = ref ? (int)(at ? at - ref : (long)strlen(ref)) : 1;
	if (json_is_integer(v))
		snprintf(buf, n, "%.*s@%lld", nl, ref ? ref : "?",
			 (long long)json_integer_value(v));
	else
		snprintf(buf, n, "%s", ref ? ref : "?");
}

static void put_expect_failures(FILE *f, json_t *a, json_t *names)
{
	json_t *x;
	size_t i;
	json_array_foreach(json_object_get(json_object_get(a, lay_section_expect.key), "failures"),
			   i, x)
	{
		char *e =
			json_dumps(json_object_get(x, "expected"), JSON_ENCODE_ANY | JSON_COMPACT);
		char *g = json_dumps(json_object_get(x, "actual"), JSON_ENCODE_ANY | JSON_COMPACT);
		fprintf(f, "  expect       %s: expected %s, got %s\n",
			json_string_value(json_object_get(x, "field")), e ? e : "?", g ? g : "?");
		free(e);
		free(g);
		json_t *diffs = json_object_get(x, "differences");
		char ref[300];
		cli_equals_ref(x, ref, sizeof ref);
		if (json_object_get(x, "differing"))
			fprintf(f,
				"               %lld elements placed differently from "
				"%s%s%s\n",
				(long long)json_integer_value(json_object_get(x, "differing")), ref,
				json_object_get(x, "reason") ? ": " : "",
				json_object_get(x, "reason")
					? json_string_value(json_object_get(x, "reason"))
					: "");
		put_differences(f, diffs, names);
	}
}

static void put_probes(FILE *f, json_t *a, json_t *names)
{
	json_t *x;
	size_t i;
	json_array_foreach(json_object_get(a, lay_section_probe.key), i, x)
	{
		fprintf(f, "  %-12s ", lay_section_probe.key);
		put_elem(f, names, json_object_get(x, "logical"));
		fputs(" ->", f);
		size_t k;
		json_t *p;
		if (!json_array_size(json_object_get(x, "places")))
			fputs(" (no place)", f);
		json_array_foreach(json_object_get(x, "places"), k, p)
		{
			fputs(k ? ";  " : " ", f);
			put_point(f, p);
		}
		fputc('\n', f);
	}
}

static void put_copy(FILE *f, json_t *c, json_t *a)
{
	(void)a;
	cli_put_copy(f, c);
}

/* The text printers of the sections (the section table's rows, in the
 * order the report prints them): each gets analysis[key] and the
 * analysis.  A section without one prints nothing here; its warnings are
 * listed with the others. */
static const struct {
	const struct lay_section *section;
	void (*put)(FILE *f, json_t *section, json_t *analysis);
} printers[] = {
	{ &lay_section_access, put_access },
	{ &lay_section_convert, put_convert },
	{ &lay_section_tmem, put_tmem },
	{ &lay_section_copy, put_copy },
};

void cli_print_analysis(FILE *f, const char *file, json_t *a)
{
	json_t *names = json_object_get(json_object_get(a, "logical"), "names");
	json_t *x;
	size_t i;
	bool ok = json_is_true(json_object_get(a, "ok"));

	fprintf(f, "%s: %s", file, ok ? "PASS" : "FAIL");
	if (!ok) {
		char why[1024];
		cli_reasons(a, why, sizeof why);
		fprintf(f, " - %s", why);
	}
	fputc('\n', f);
	put_summary(f, a);
	put_examples(f, a, "collisions", "collisions", names);
	put_examples(f, a, "duplicates", "duplicates", names);
	put_examples(f, a, "unplaced", "unplaced", names);
	put_examples(f, a, "out_of_bounds", "out of bounds", names);
	put_examples(f, a, "holes", "holes", names);
	for (size_t k = 0; k < sizeof printers / sizeof printers[0]; k++) {
		json_t *v = json_object_get(a, printers[k].section->key);
		if (v)
			printers[k].put(f, v, a);
	}
	put_round_trip(f, a, names);
	put_expect_failures(f, a, names);
	json_t *warnings = cli_warnings(a);
	json_array_foreach(warnings, i, x)
	{
		const char *sec = json_string_value(json_object_get(x, "section"));
		fprintf(f, "  warning      %s%s%s\n", sec, *sec ? ": " : "",
			json_string_value(json_object_get(x, "message")));
	}
	json_decref(warnings);
	put_probes(f, a, names);
	const char *fp = json_string_value(json_object_get(a, "fingerprint"));
	fprintf(f, "  %-12s %s\n", "fingerprint", fp ? fp : "none (decided structurally)");
	if (json_is_string(json_object_get(a, "method")))
		fprintf(f, "  %-12s %s\n", "method",
			json_string_value(json_object_get(a, "method")));
}
