/*
 * lint.c - `layoutd lint FILE.mlir...`: every ttg.local_load / local_store /
 * local_alloc and ttg.convert_layout of whole TTGIR modules, checked where
 * it stands, reported at the op's kernel source line (its loc) in text,
 * JSON, JUnit, SARIF or GitHub workflow commands; --max-conflicts and
 * --deny decide the exit status.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/report.h"
#include "layout/analysis/lint.h"

static const char *lint_usage =
	"usage: layoutd lint [--format text|json|junit|sarif|github] [--max-conflicts N]\n"
	"                    [--deny shared_memory_conversion|bank_conflicts]...\n"
	"                    [--target nvidia|gfx942|gfx950] [--strict] FILE.mlir...\n"
	"  Checks every ttg.local_load, local_store, local_alloc (with a value),\n"
	"  ttg.convert_layout, ttng.tmem_alloc, tmem_load, tmem_store, tmem_copy,\n"
	"  ttng.async_tma_copy_global_to_local / local_to_global,\n"
	"  ttg.async_copy_global_to_local (cp.async) and amdg.buffer_load_to_local of\n"
	"  the TTGIR modules in FILE (split at \"// -----\"), reported at the op's\n"
	"  loc(...) when the dump carries one.  A TMEM op past 512 columns or with a\n"
	"  warp outside its sub-partition fails, and so do a TMA copy whose shared\n"
	"  layout is not what TMA writes and a copy whose width Triton does not lower.\n"
	"  A module over its target's shared memory is a warning.\n"
	"  --max-conflicts N   an access with more than N bank conflicts fails\n"
	"  --deny NAME         shared_memory_conversion: a conversion through shared\n"
	"                      memory fails; bank_conflicts: --max-conflicts 0\n"
	"  --target T          count every access on T, over the module's ttg.target\n"
	"                      (\"hip:gfx950\" is gfx950; none: nvidia)\n"
	"  --strict            an op lint cannot analyse (skipped: an encoding it does\n"
	"                      not model, a tensor with no encoding) fails\n"
	"  Exit 0 every threshold holds, 1 one does not, 2 bad input or IR Triton's\n"
	"  verifier refuses.\n";

struct lint_opts {
	enum cli_format format;
	int64_t max_conflicts;
	json_t *deny;
	const char *target;
	bool strict;
};

/* Where a finding is reported: the kernel's source line when the op has a
 * loc, else the op's line in the .mlir file. */
static void where(json_t *f, const char *mlir, const char **file, long *line, long *col)
{
	json_t *loc = json_object_get(f, "loc");
	if (json_is_object(loc) && json_integer_value(json_object_get(loc, "line")) > 0) {
		*file = json_string_value(json_object_get(loc, "file"));
		*line = (long)json_integer_value(json_object_get(loc, "line"));
		*col = (long)json_integer_value(json_object_get(loc, "column"));
	} else {
		*file = mlir;
		*line = (long)json_integer_value(json_object_get(f, "line"));
		*col = (long)json_integer_value(json_object_get(f, "column"));
	}
	if (*col < 1)
		*col = 1;
}

/* A TMEM op: the columns it uses and its allocation, and why it fails. */
static void tmem_sentence(json_t *f, const char *op, bool fails, char *buf, size_t n)
{
	json_t *t = json_object_get(f, "tmem"), *sp = json_object_get(t, "subpartitions");
	json_t *alloc = json_object_get(t, "allocation");
	int w = snprintf(buf, n, "%s: %lld columns", op,
			 (long long)json_integer_value(json_object_get(t, "columns")));
	if (w >= 0 && (size_t)w < n && json_is_integer(alloc))
		w += snprintf(buf + w, n - (size_t)w, " (tcgen05.alloc %lld)",
			      (long long)json_integer_value(alloc));
	else if (w >= 0 && (size_t)w < n)
		w += snprintf(buf + w, n - (size_t)w, " (does not fit 512)");
	if (w >= 0 && (size_t)w < n && json_is_object(sp))
		w += snprintf(buf + w, n - (size_t)w, ", %s",
			      json_is_true(json_object_get(sp, "ok"))
				      ? "every warp within its sub-partition"
				      : "sub-partition violations");
	if (w >= 0 && (size_t)w < n && fails)
		snprintf(buf + w, n - (size_t)w, ": %s",
			 json_string_value(json_object_get(f, "reason")));
}

/* A TMA copy: its box, the bytes per box, and whether the shared layout
 * is what TMA writes. */
static void copy_sentence(json_t *f, const char *op, bool fails, char *buf, size_t n)
{
	json_t *c = json_object_get(f, "copy"), *box = json_object_get(c, "box");
	char b[64] = "";
	size_t i, w = 0;
	json_t *v;
	json_array_foreach(box, i, v)
	{
		int k = snprintf(b + w, sizeof b - w, "%s%lld", i ? "x" : "",
				 (long long)json_integer_value(v));
		if (k < 0 || (size_t)k >= sizeof b - w)
			break;
		w += (size_t)k;
	}
	json_int_t boxes = json_integer_value(json_object_get(c, "boxes"));
	json_int_t ctas = json_integer_value(json_object_get(c, "ctas"));
	int k = snprintf(buf, n, "%s: %lld TMA box%s of %s (swizzle %s), %lld bytes each%s; ", op,
			 (long long)boxes, boxes == 1 ? "" : "es", b,
			 json_string_value(json_object_get(c, "swizzle")),
			 (long long)json_integer_value(json_object_get(c, "bytes_per_box")),
			 ctas > 1 ? ", in each CTA" : "");
	if (k < 0 || (size_t)k >= n)
		return;
	json_t *ex =
		json_array_get(json_object_get(json_object_get(c, "differences"), "examples"), 0);
	json_t *lg = json_object_get(ex, "logical");
	if (json_is_true(json_object_get(c, "matches_layout")) || !json_is_object(ex)) {
		snprintf(buf + k, n - (size_t)k, "the layout is %swhat TMA writes",
			 json_is_true(json_object_get(c, "matches_layout")) ? "" : "not ");
		return;
	}
	char at[64] = "";
	for (size_t w2 = 0, d = 0; d < json_array_size(lg); d++) {
		int q = snprintf(at + w2, sizeof at - w2, "%s%lld", d ? ", " : "",
				 (long long)json_integer_value(json_array_get(lg, d)));
		if (q < 0 || (size_t)q >= sizeof at - w2)
			break;
		w2 += (size_t)q;
	}
	snprintf(buf + k, n - (size_t)k,
		 "the layout is not what TMA writes: element (%s) at offset %lld, TMA writes "
		 "it at %lld%s",
		 at, (long long)json_integer_value(json_object_get(ex, "layout")),
		 (long long)json_integer_value(json_object_get(ex, "tma")),
		 fails ? "" : " (allowed)");
}

/* The ldmatrix / stmatrix verdict of a local load or store, after w. */
static void matrix_clause(json_t *f, char *buf, size_t n, int w)
{
	json_t *c = json_object_get(f, "copy");
	const char *ins = json_string_value(json_object_get(c, "instruction"));
	if (!json_is_object(c) || w < 0 || (size_t)w >= n)
		return;
	const char *per = json_string_value(json_object_get(c, "per"));
	if (ins)
		snprintf(buf + w, n - (size_t)w, "; %lld %s per %s",
			 (long long)json_integer_value(json_object_get(c, "count")), ins,
			 per ? per : "warp");
	else if (json_object_get(c, "reason")) { /* a copy Triton refuses */
		if (!json_is_true(json_object_get(f, "fails")))
			snprintf(buf + w, n - (size_t)w, "; %s",
				 json_string_value(json_object_get(c, "reason")));
	} else
		snprintf(buf + w, n - (size_t)w, "; no %s variant moves it",
			 strstr(json_string_value(json_object_get(f, "op")), "load") ? "ldmatrix"
										     : "stmatrix");
	json_t *g = json_object_get(c, "global"); /* cp.async's global side */
	size_t at = strlen(buf);
	if (g && at < n)
		snprintf(buf + at, n - at, "; global side %.0f%% efficient, %lld sectors a request",
			 100 * json_real_value(json_object_get(g, "efficiency")),
			 (long long)json_integer_value(json_object_get(g, "sectors_per_request")));
}

/* The gfx950 transposed read of a local load, after the text so far:
 * "; ds_read_b64_tr_b16: 16 per thread, 7 bank conflicts (8-way...)". */
static void tr_clause(json_t *f, char *buf, size_t n)
{
	json_t *t = json_object_get(f, "ds_read_tr");
	size_t at = strlen(buf);
	if (!json_is_object(t) || at >= n)
		return;
	const char *ins = json_string_value(json_object_get(t, "instruction"));
	if (!json_is_true(json_object_get(t, "used"))) {
		snprintf(buf + at, n - at, "; not %s: %s", ins,
			 json_string_value(json_object_get(t, "reason")));
		return;
	}
	json_t *bc = json_object_get(t, "bank_conflicts");
	char num[32];
	if (json_is_integer(bc))
		snprintf(num, sizeof num, "%lld", (long long)json_integer_value(bc));
	else
		snprintf(num, sizeof num, "%g", json_number_value(bc));
	snprintf(buf + at, n - at, "; %s: %lld per thread, %s bank conflicts", ins,
		 (long long)json_integer_value(json_object_get(t, "instructions_per_thread")), num);
}

/* A module over its target's shared memory: a warning. */
static void budget_sentence(json_t *f, bool fails, char *buf, size_t n, const char **level,
			    const char **rule)
{
	json_t *b = json_object_get(f, "budget");
	*level = fails ? "error" : "warning";
	*rule = "lint/budget";
	const char *source = json_string_value(json_object_get(b, "source"));
	/* without Triton's own ttg.shared the sum is an upper bound */
	bool exact = source && strcmp(source, "ttg.shared") == 0;
	snprintf(buf, n,
		 "module: %s%lld bytes of shared memory (%s: allocations %lld, scratch %lld) "
		 "over the %lld bytes of %s",
		 exact ? "" : "up to ", (long long)json_integer_value(json_object_get(b, "used")),
		 source ? source : "?",
		 (long long)json_integer_value(json_object_get(b, "allocations")),
		 (long long)json_integer_value(json_object_get(b, "scratch")),
		 (long long)json_integer_value(json_object_get(b, "limit")),
		 json_string_value(json_object_get(b, "target")));
}

/* One finding as a sentence; *level is error (fails or cannot be
 * analysed), warning (conflicts within the thresholds), or NULL. */
static void sentence(json_t *f, char *buf, size_t n, const char **level, const char **rule)
{
	const char *op = json_string_value(json_object_get(f, "op"));
	const char *kind = json_string_value(json_object_get(f, "kind"));
	bool fails = json_is_true(json_object_get(f, "fails"));
	*level = fails ? "error" : NULL;
	if (kind && strcmp(kind, "error") == 0) {
		json_t *e = json_object_get(f, "error");
		*level = "error";
		*rule = "lint/error";
		snprintf(buf, n, "%s: cannot analyse its %s: %s", op,
			 json_string_value(json_object_get(e, "side")),
			 json_string_value(json_object_get(e, "message")));
		return;
	}
	if (kind && strcmp(kind, "skipped") == 0) {
		json_t *e = json_object_get(f, "skipped");
		*level = fails ? "error" : "note";
		*rule = "lint/skipped";
		snprintf(buf, n, "%s: not analysed (its %s): %s%s", op,
			 json_string_value(json_object_get(e, "side")),
			 json_string_value(json_object_get(e, "reason")),
			 fails ? " (--strict)" : "");
		return;
	}
	if (kind && strcmp(kind, "conversion") == 0) {
		const char *c = json_string_value(json_object_get(f, "conversion"));
		json_t *mx = json_object_get(f, "mixed_transpositions");
		*rule = "lint/conversion";
		if (c && strcmp(c, "none") == 0)
			snprintf(buf, n, "%s: no data movement (both layouts place alike)", op);
		else if (c && mx)
			snprintf(buf, n, "%s: a %s conversion (%lld register-lane transposition%s)",
				 op, c, (long long)json_integer_value(mx),
				 json_integer_value(mx) == 1 ? "" : "s");
		else if (c)
			snprintf(buf, n, "%s: a %s conversion", op, c);
		else
			snprintf(buf, n, "%s: the layouts differ (conversion class not decided)",
				 op);
		json_t *sb = json_object_get(f, "scratch_bytes");
		size_t at = strlen(buf);
		if (sb && at < n)
			snprintf(buf + at, n - at, ", %lld bytes of scratch",
				 (long long)json_integer_value(sb));
		return;
	}
	if (kind && strcmp(kind, "budget") == 0) {
		budget_sentence(f, fails, buf, n, level, rule);
		return;
	}
	if (kind && strcmp(kind, "copy") == 0) {
		copy_sentence(f, op, fails, buf, n);
		*rule = "lint/copy";
		return;
	}
	if (kind && strcmp(kind, "tmem") == 0) {
		tmem_sentence(f, op, fails, buf, n);
		*rule = "lint/tmem";
		return;
	}
	json_int_t bc = json_integer_value(json_object_get(f, "bank_conflicts"));
	json_int_t bits = json_integer_value(json_object_get(f, "vector_bits"));
	json_int_t ways = json_integer_value(json_object_get(f, "max_ways"));
	const char *tg = json_string_value(json_object_get(f, "target"));
	char on[32] = "";
	if (tg && strcmp(tg, "nvidia") != 0) /* an AMD wave: say which */
		snprintf(on, sizeof on, " on %s", tg);
	*rule = "lint/bank_conflicts";
	if (!*level && bc > 0)
		*level = "warning";
	int w;
	if (bc > 0)
		snprintf(buf, n, "%s: %lld bank conflicts (%lld-way), %lld-bit vectors%s", op,
			 (long long)bc, (long long)ways, (long long)bits, on);
	else
		snprintf(buf, n, "%s: no bank conflicts, %lld-bit vectors%s", op, (long long)bits,
			 on);
	matrix_clause(f, buf, n, (int)strlen(buf));
	tr_clause(f, buf, n);
	w = (int)strlen(buf);
	if (fails && (size_t)w < n)
		w += snprintf(buf + w, n - (size_t)w, ": %s",
			      json_string_value(json_object_get(f, "reason")));
	/* the access analysis's doubt (a 64-lane layout and no AMD target) */
	const char *wm = json_string_value(
		json_object_get(json_array_get(json_object_get(f, "warnings"), 0), "message"));
	if (wm && w >= 0 && (size_t)w < n) {
		snprintf(buf + w, n - (size_t)w, " (warning: %s)", wm);
		if (!*level)
			*level = "warning";
	}
}

/* A control character (a file name's ESC, say) is never written raw to a
 * terminal or a log: \xHH.  Returns whether c was one. */
static bool put_control(FILE *f, char c)
{
	if ((unsigned char)c >= 0x20 && c != 0x7F)
		return false;
	fprintf(f, "\\x%02X", (unsigned)(unsigned char)c);
	return true;
}

static void text_put(FILE *f, const char *s)
{
	for (; s && *s; s++)
		if (!put_control(f, *s))
			fputc(*s, f);
}

/* GitHub workflow command escaping: data escapes % CR LF, property values
 * also : and ,; other control characters as text_put. */
static void gh_put(FILE *f, const char *s, bool property)
{
	for (; s && *s; s++) {
		if (*s == '%')
			fputs("%25", f);
		else if (*s == '\r')
			fputs("%0D", f);
		else if (*s == '\n')
			fputs("%0A", f);
		else if (property && *s == ':')
			fputs("%3A", f);
		else if (property && *s == ',')
			fputs("%2C", f);
		else if (!put_control(f, *s))
			fputc(*s, f);
	}
}

static void text_report(FILE *out, const char *mlir, json_t *res, bool github)
{
	size_t i;
	json_t *f;
	json_array_foreach(json_object_get(res, "findings"), i, f)
	{
		const char *file, *level, *rule;
		long line, col;
		char msg[1024];
		where(f, mlir, &file, &line, &col);
		sentence(f, msg, sizeof msg, &level, &rule);
		if (github) {
			if (!level)
				continue;
			fprintf(out, "::%s file=", strcmp(level, "note") == 0 ? "notice" : level);
			gh_put(out, file, true);
			fprintf(out, ",line=%ld,col=%ld,title=", line, col);
			gh_put(out, "layoutd ", true);
			gh_put(out, rule, true);
			fputs("::", out);
			gh_put(out, msg, false);
			fputc('\n', out);
			continue;
		}
		text_put(out, file);
		fprintf(out, ":%ld:%ld: %s: ", line, col,
			!level			     ? "ok"
			: strcmp(level, "note") == 0 ? "skipped"
						     : level);
		text_put(out, msg);
		if (file != mlir)
			fprintf(out, " (%s:%lld)", mlir,
				(long long)json_integer_value(json_object_get(f, "line")));
		fputc('\n', out);
	}
	fprintf(out,
		"%s: %zu findings in %lld modules, %lld over the thresholds, %lld errors, "
		"%lld skipped\n",
		mlir, json_array_size(json_object_get(res, "findings")),
		(long long)json_integer_value(json_object_get(res, "modules")),
		(long long)json_integer_value(json_object_get(res, "failed")),
		(long long)json_integer_value(json_object_get(res, "errors")),
		(long long)json_integer_value(json_object_get(res, "skipped")));
}

/* One more result, zeroed, at the end of *rs (NULL: out of memory). */
static struct cli_result *next_result(struct cli_result **rs, int *n, int *cap)
{
	if (*n == *cap) {
		int nc = *cap ? 2 * *cap : 64;
		struct cli_result *nr = realloc(*rs, sizeof **rs * (size_t)nc);
		if (!nr)
			return NULL;
		*rs = nr;
		*cap = nc;
	}
	struct cli_result *r = &(*rs)[(*n)++];
	memset(r, 0, sizeof *r);
	return r;
}

/* JUnit and SARIF through the check report's writers: one result per
 * finding, at its source location. */
static void ci_results(json_t *res, const char *mlir, struct cli_result **rs, int *n, int *cap)
{
	size_t i;
	json_t *f;
	json_array_foreach(json_object_get(res, "findings"), i, f)
	{
		struct cli_result *r = next_result(rs, n, cap);
		if (!r)
			return;
		const char *file, *level, *rule;
		char msg[1024];
		where(f, mlir, &file, &r->line, &r->col);
		r->file = file;
		sentence(f, msg, sizeof msg, &level, &rule);
		bool err = strcmp(rule, "lint/error") == 0;
		r->rc = err					    ? CLI_BAD
			: json_is_true(json_object_get(f, "fails")) ? CLI_FAIL
								    : CLI_PASS;
		r->skipped = level && strcmp(level, "note") == 0;
		r->findings = json_array();
		if (level)
			json_array_append_new(r->findings,
					      json_pack("{s:s,s:s,s:s}", "rule", rule, "message",
							msg, "level", level));
	}
}

/* A file that cannot be linted (unreadable, not TTGIR) in a CI report: one
 * error result at its first line, beside the message on stderr. */
static void bad_file(const char *path, const struct lay_error *err, enum cli_format fmt,
		     struct cli_result **rs, int *n, int *cap)
{
	char msg[1024];
	snprintf(msg, sizeof msg, "%s", err->message);
	if (fmt == CLI_FMT_GITHUB) {
		fputs("::error file=", stdout);
		gh_put(stdout, path, true);
		fputs(",line=1,col=1,title=layoutd lint/input::", stdout);
		gh_put(stdout, msg, false);
		fputc('\n', stdout);
		return;
	}
	if (fmt != CLI_FMT_JUNIT && fmt != CLI_FMT_SARIF)
		return;
	struct cli_result *r = next_result(rs, n, cap);
	if (!r)
		return;
	r->file = path;
	r->line = r->col = 1;
	r->rc = CLI_BAD;
	r->findings = json_pack("[{s:s,s:s,s:s}]", "rule", "lint/input", "message", msg, "level",
				"error");
}

/* --max-conflicts N: an integer >= 0 (0: any conflict fails), or -1 */
static int64_t parse_threshold(const char *opt, const char *v)
{
	char *end = NULL;
	errno = 0;
	long long n = strtoll(v, &end, 10);
	if (errno || end == v || *end || n < 0) {
		fprintf(stderr, "layoutd lint: %s is an integer >= 0, got \"%s\"\n", opt, v);
		return -1;
	}
	return (int64_t)n;
}

static int parse(int argc, char **argv, struct lint_opts *o, int *first)
{
	int i = 1;
	for (; i < argc; i++) {
		const char *a = argv[i];
		if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
			fputs(lint_usage, stdout);
			exit(CLI_PASS);
		}
		if (a[0] != '-' || strcmp(a, "-") == 0)
			break;
		if (strcmp(a, "--strict") == 0) {
			o->strict = true;
			continue;
		}
		if (i + 1 >= argc) {
			fprintf(stderr, "layoutd lint: %s needs a value\n%s", a, lint_usage);
			return CLI_BAD;
		}
		const char *v = argv[++i];
		if (strcmp(a, "--format") == 0) {
			static const char *const names[] = { "text", "json", "junit", "sarif",
							     "github" };
			int k = 0;
			while (k < 5 && strcmp(v, names[k]) != 0)
				k++;
			if (k == 5) {
				fprintf(stderr, "layoutd lint: --format is text, json, junit, "
						"sarif or github\n");
				return CLI_BAD;
			}
			o->format = (enum cli_format)k;
		} else if (strcmp(a, "--max-conflicts") == 0) {
			if ((o->max_conflicts = parse_threshold(a, v)) < 0)
				return CLI_BAD;
		} else if (strcmp(a, "--deny") == 0) {
			json_array_append_new(o->deny, json_string(v));
		} else if (strcmp(a, "--target") == 0) {
			struct lay_error err;
			if (lay_access_target(v, "", &err)) {
				fprintf(stderr, "layoutd lint: --target: %s\n", err.message);
				return CLI_BAD;
			}
			o->target = v;
		} else {
			fprintf(stderr, "layoutd lint: unknown option %s\n%s", a, lint_usage);
			return CLI_BAD;
		}
	}
	if (i >= argc) {
		fputs(lint_usage, stderr);
		return CLI_BAD;
	}
	*first = i;
	return 0;
}

static char *read_text(const char *path, struct lay_error *err)
{
	FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
	char *buf = NULL;
	size_t len = 0, cap = 0, got;
	if (!f) {
		lay_error_set(err, LAY_EIO, "", -1, "cannot open %s", path);
		return NULL;
	}
	do {
		if (len + 65536 + 1 > cap) {
			cap = cap ? 2 * cap : 131072;
			char *nb = cap > (size_t)LAYOUTD_MAX_LINT_TEXT + 131072 ? NULL
										: realloc(buf, cap);
			if (!nb) {
				free(buf);
				buf = NULL;
				lay_error_set(err, LAY_ELIMIT, "", -1,
					      "%s is larger than %ld bytes", path,
					      LAYOUTD_MAX_LINT_TEXT);
				break;
			}
			buf = nb;
		}
		got = fread(buf + len, 1, 65536, f);
		len += got;
	} while (got > 0);
	if (buf)
		buf[len] = '\0';
	if (f != stdin)
		fclose(f);
	const char *nul = buf ? memchr(buf, '\0', len) : NULL;
	if (nul) { /* the text would end there: a binary file, or a damaged one */
		long line = 1;
		const char *bol = buf;
		for (const char *p = buf; p < nul; p++)
			if (*p == '\n' || (*p == '\r' && p[1] != '\n')) {
				line++;
				bol = p + 1;
			}
		lay_error_set(err, LAY_ESYNTAX, "", -1,
			      "a NUL byte at line %ld, column %ld: lint reads TTGIR text, not a "
			      "binary file",
			      line, (long)(nul - bol) + 1);
		free(buf);
		buf = NULL;
	}
	return buf;
}

int cli_lint(int argc, char **argv)
{
	struct lint_opts o = { .format = CLI_FMT_TEXT, .max_conflicts = -1, .deny = json_array() };
	struct lay_options opt = { 0 };
	struct cli_result *rs = NULL;
	int first, n = 0, cap = 0, rc = CLI_PASS;
	json_t **all = NULL;
	if (parse(argc, argv, &o, &first)) {
		json_decref(o.deny);
		return CLI_BAD;
	}
	opt.target = o.target;
	all = calloc((size_t)(argc - first), sizeof *all);
	for (int k = first; all && k < argc; k++) {
		struct lay_error err;
		lay_error_clear(&err);
		char *text = read_text(argv[k], &err);
		json_t *res = text ? lay_lint(text, argv[k], &opt, &err) : NULL;
		free(text);
		if (res && lay_lint_judge(res, o.max_conflicts, o.deny, o.strict, "", &err)) {
			json_decref(res);
			res = NULL;
		}
		if (!res) {
			if (strncmp(err.message, "deny", 4) == 0)
				fprintf(stderr, "layoutd lint: --%s\n", err.message);
			else
				cli_print_error(stderr, argv[k], &err);
			bad_file(argv[k], &err, o.format, &rs, &n, &cap);
			rc = CLI_BAD;
			continue;
		}
		all[k - first] = res;
		if (json_integer_value(json_object_get(res, "errors")))
			rc = CLI_BAD;
		else if (json_integer_value(json_object_get(res, "failed")) && rc == CLI_PASS)
			rc = CLI_FAIL;
		switch (o.format) {
		case CLI_FMT_TEXT:
		case CLI_FMT_GITHUB:
			text_report(stdout, argv[k], res, o.format == CLI_FMT_GITHUB);
			break;
		case CLI_FMT_JSON: {
			char *s = json_dumps(res, argc - first > 1 ? JSON_COMPACT : JSON_INDENT(2));
			if (s)
				puts(s);
			free(s);
			break;
		}
		default:
			ci_results(res, argv[k], &rs, &n, &cap);
		}
	}
	if (o.format == CLI_FMT_JUNIT || o.format == CLI_FMT_SARIF) {
		struct cli_report rep = { .format = o.format,
					  .out = stdout,
					  .suite = "layoutd lint" };
		for (int k = 0; k < n; k++)
			rep.passed += rs[k].rc == CLI_PASS, rep.failed += rs[k].rc == CLI_FAIL,
				rep.errors += rs[k].rc == CLI_BAD;
		cli_report_end(&rep, rs, n);
	}
	for (int k = 0; k < n; k++)
		cli_result_clear(&rs[k]);
	free(rs);
	for (int k = first; all && k < argc; k++)
		json_decref(all[k - first]);
	free(all);
	json_decref(o.deny);
	return rc;
}
