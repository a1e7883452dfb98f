/*
 * report.c - `layoutd check` output over one file or many: text for
 * people, JSON (JSON Lines with "file" over many files), JUnit XML (one
 * testcase per file), SARIF 2.1.0 (one result per reason a file fails)
 * and GitHub workflow commands (::error file=…,line=…::…).  A summary
 * line "N passed, M failed, K errors" closes a run over many files: on
 * standard output for text and github, on standard error for the
 * machine formats so their output stays one document.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli/report.h"
#include "layout/analysis/sections.h"
#include "config.h"

void cli_result_clear(struct cli_result *r)
{
	free(r->text);
	json_decref(r->analysis);
	json_decref(r->error);
	json_decref(r->findings);
	r->text = NULL;
	r->analysis = r->error = r->findings = NULL;
}

/* The reasons a file fails, each {"rule", "message"}: failed
 * expectations, required verdicts that are false, or the input error. */
static json_t *findings(const struct cli_result *r)
{
	json_t *out = json_array(), *x;
	size_t i;
	char msg[2048], rule[128];
	if (r->findings) {
		json_decref(out);
		return json_incref(r->findings);
	}
	if (r->rc == CLI_BAD) {
		const char *code = json_string_value(json_object_get(r->error, "code"));
		const char *detail = json_string_value(json_object_get(r->error, "detail"));
		const char *ptr = json_string_value(json_object_get(r->error, "pointer"));
		snprintf(rule, sizeof rule, "input/%s", code ? code : "error");
		snprintf(msg, sizeof msg, "%s%s%s", detail ? detail : "bad input",
			 ptr && *ptr ? " at " : "", ptr && *ptr ? ptr : "");
		json_array_append_new(out, json_pack("{s:s,s:s}", "rule", rule, "message", msg));
		return out;
	}
	json_t *a = r->analysis;
	json_t *fails = json_object_get(json_object_get(a, lay_section_expect.key), "failures");
	json_array_foreach(fails, i, x)
	{
		const char *field = json_string_value(json_object_get(x, "field"));
		char *e =
			json_dumps(json_object_get(x, "expected"), JSON_ENCODE_ANY | JSON_COMPACT);
		char *g = json_dumps(json_object_get(x, "actual"), JSON_ENCODE_ANY | JSON_COMPACT);
		snprintf(rule, sizeof rule, "expect/%s", field ? field : "?");
		char ref[300];
		cli_equals_ref(x, ref, sizeof ref);
		if (json_object_get(x, "differing"))
			snprintf(msg, sizeof msg,
				 "expect %s: expected %s, got %s: %lld elements placed "
				 "differently from %s",
				 field ? field : "?", e ? e : "?", g ? g : "?",
				 (long long)json_integer_value(json_object_get(x, "differing")),
				 ref);
		else
			snprintf(msg, sizeof msg, "expect %s: expected %s, got %s",
				 field ? field : "?", e ? e : "?", g ? g : "?");
		free(e);
		free(g);
		json_array_append_new(out, json_pack("{s:s,s:s}", "rule", rule, "message", msg));
	}
	if (cli_copy_reason(a, msg, sizeof msg))
		json_array_append_new(
			out, json_pack("{s:s,s:s}", "rule", lay_section_copy.key, "message", msg));
	static const struct {
		const char *field, *count, *what;
	} req[] = { { "complete", "unplaced", "elements have no place" },
		    { "collision_free", "collisions", "collisions (two elements on one place)" },
		    { "replicas_distinct", "duplicates", "duplicate placements" },
		    { "in_bounds", "out_of_bounds", "placements out of bounds" } };
	for (size_t k = 0; k < sizeof req / sizeof req[0]; k++) {
		bool named = false;
		json_array_foreach(fails, i, x) named =
			named ||
			strcmp(json_string_value(json_object_get(x, "field")), req[k].field) == 0;
		if (named ||
		    !json_is_false(json_object_get(json_object_get(a, "verdict"), req[k].field)))
			continue;
		snprintf(rule, sizeof rule, "%s", req[k].field);
		snprintf(msg, sizeof msg, "not %s: %lld %s", req[k].field,
			 (long long)json_integer_value(
				 json_object_get(json_object_get(a, req[k].count), "count")),
			 req[k].what);
		json_array_append_new(out, json_pack("{s:s,s:s}", "rule", rule, "message", msg));
	}
	return out;
}

/* The human report of one file, as text output prints it. */
static char *human(const struct cli_result *r)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	if (!f)
		return NULL;
	json_t *x;
	size_t i;
	if (r->findings)
		json_array_foreach(r->findings, i, x)
			fprintf(f, "%s\n", json_string_value(json_object_get(x, "message")));
	else if (r->analysis)
		cli_print_analysis(f, r->file, r->analysis);
	else if (r->local)
		cli_print_error(f, r->file, &r->lerr);
	else
		fprintf(f, "%s: error [%s]: %s\n", r->file,
			json_string_value(json_object_get(r->error, "code")),
			json_string_value(json_object_get(r->error, "detail")));
	fclose(f);
	return buf;
}

static void xml_text(FILE *f, const char *s, bool attr)
{
	for (const unsigned char *p = (const unsigned char *)s; p && *p; p++) {
		switch (*p) {
		case '<':
			fputs("&lt;", f);
			break;
		case '>':
			fputs("&gt;", f);
			break;
		case '&':
			fputs("&amp;", f);
			break;
		case '"':
			fputs(attr ? "&quot;" : "\"", f);
			break;
		case '\n':
			fputs(attr ? "&#10;" : "\n", f);
			break;
		case '\t':
			fputs(attr ? "&#9;" : "\t", f);
			break;
		case '\r':
			fputs("&#13;", f);
			break;
		default:
			/* XML 1.0 forbids the other control characters */
			if (*p >= 0x20)
				fputc(*p, f);
		}
	}
}

/* A file name as a SARIF uri-reference: unreserved bytes and '/' kept,
 * everything else percent-encoded; standard input is "stdin". */
static char *uri_ref(const char *file)
{
	if (strcmp(file, "-") == 0)
		return strdup("stdin");
	size_t n = strlen(file);
	char *out = malloc(3 * n + 1), *w = out;
	if (!out)
		return NULL;
	for (const unsigned char *p = (const unsigned char *)file; *p; p++) {
		if ((*p >= 'A' && *p <= 'Z') || (*p >= 'a' && *p <= 'z') ||
		    (*p >= '0' && *p <= '9') || strchr("-._~/", *p))
			*w++ = (char)*p;
		else
			w += sprintf(w, "%%%02X", *p);
	}
	*w = '\0';
	return out;
}

/* GitHub workflow command escaping: data escapes % CR LF, property
 * values also : and ,. */
static void gh_escape(FILE *f, const char *s, bool property)
{
	for (const char *p = s; p && *p; p++) {
		if (*p == '%')
			fputs("%25", f);
		else if (*p == '\r')
			fputs("%0D", f);
		else if (*p == '\n')
			fputs("%0A", f);
		else if (property && *p == ':')
			fputs("%3A", f);
		else if (property && *p == ',')
			fputs("%2C", f);
		else
			fputc(*p, f);
	}
}

/* One workflow command (::error or ::warning) per {"rule", "message"}. */
static void gh_commands(FILE *f, const char *level, const struct cli_result *r, json_t *items)
{
	json_t *x;
	size_t i;
	json_array_foreach(items, i, x)
	{
		fprintf(f, "::%s file=", level);
		gh_escape(f, r->file, true);
		fprintf(f, ",line=%ld,col=%ld,title=", r->line, r->col);
		gh_escape(f, "layoutd ", true);
		gh_escape(f, json_string_value(json_object_get(x, "rule")), true);
		fputs("::", f);
		gh_escape(f, json_string_value(json_object_get(x, "message")), false);
		fputc('\n', f);
	}
}

void cli_report_begin(struct cli_report *rep)
{
	(void)rep;
}

void cli_report_one(struct cli_report *rep, const struct cli_result *r)
{
	FILE *f = rep->out;
	if (r->rc == CLI_PASS)
		rep->passed++;
	else if (r->rc == CLI_FAIL)
		rep->failed++;
	else
		rep->errors++;
	switch (rep->format) {
	case CLI_FMT_TEXT:
		if (r->analysis) {
			cli_print_analysis(f, r->file, r->analysis);
		} else if (r->local) {
			cli_print_error(f, r->file, &r->lerr);
		} else {
			const char *ptr = json_string_value(json_object_get(r->error, "pointer"));
			fprintf(f, "%s: error [%s]: %s", r->file,
				json_string_value(json_object_get(r->error, "code")),
				json_string_value(json_object_get(r->error, "detail")));
			if (r->remote_status)
				fprintf(f, " (HTTP %ld)", r->remote_status);
			fputc('\n', f);
			if (ptr && *ptr)
				fprintf(f, "  at %s\n", ptr);
		}
		break;
	case CLI_FMT_JSON: {
		json_t *v = r->analysis ? json_copy(r->analysis)
					: json_pack("{s:O}", "error", r->error);
		if (rep->many)
			json_object_set_new(v, "file", json_string(r->file));
		char *s = json_dumps(v, rep->many ? JSON_COMPACT : JSON_INDENT(2));
		if (s)
			fprintf(f, "%s\n", s);
		free(s);
		json_decref(v);
		break;
	}
	case CLI_FMT_GITHUB: {
		json_t *fs = findings(r);
		gh_commands(f, "error", r, fs);
		json_decref(fs);
		fs = cli_warnings(r->analysis);
		gh_commands(f, "warning", r, fs);
		json_decref(fs);
		if (r->rc == CLI_PASS)
			fprintf(f, "%s: PASS\n", r->file);
		break;
	}
	default:
		break; /* junit and sarif are written at the end */
	}
}

/* The results not analysed (layoutd lint's skipped findings) */
static int skipped(const struct cli_result *res, int n)
{
	int k = 0;
	for (int i = 0; i < n; i++)
		k += res[i].skipped && res[i].rc == CLI_PASS;
	return k;
}

static void junit(struct cli_report *rep, const struct cli_result *res, int n)
{
	FILE *f = rep->out;
	const char *suite = rep->suite ? rep->suite : "layoutd check";
	double total = 0;
	for (int k = 0; k < n; k++)
		total += res[k].seconds;
	char stamp[32];
	time_t now = time(NULL);
	strftime(stamp, sizeof stamp, "%Y-%m-%dT%H:%M:%S", gmtime(&now));
	fprintf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
	fprintf(f,
		"<testsuites name=\"%s\" tests=\"%d\" failures=\"%d\" errors=\"%d\" "
		"time=\"%.3f\">\n",
		suite, n, rep->failed, rep->errors, total);
	fprintf(f,
		"  <testsuite name=\"%s\" tests=\"%d\" failures=\"%d\" errors=\"%d\" "
		"skipped=\"%d\" time=\"%.3f\" timestamp=\"%s\">\n",
		suite, n, rep->failed, rep->errors, skipped(res, n), total, stamp);
	for (int k = 0; k < n; k++) {
		const struct cli_result *r = &res[k];
		fprintf(f, "    <testcase classname=\"%s\" name=\"",
			rep->suite ? "layoutd.lint" : "layoutd.check");
		xml_text(f, r->file, true);
		if (r->findings)
			fprintf(f, ":%ld:%ld", r->line, r->col);
		fprintf(f, "\" time=\"%.3f\"", r->seconds);
		json_t *ws = cli_warnings(r->analysis);
		if (r->rc == CLI_PASS && r->skipped) {
			json_t *fs = findings(r);
			fputs(">\n      <skipped message=\"", f);
			xml_text(f,
				 json_string_value(
					 json_object_get(json_array_get(fs, 0), "message")),
				 true);
			fputs("\"/>\n    </testcase>\n", f);
			json_decref(fs);
			json_decref(ws);
			continue;
		}
		if (r->rc == CLI_PASS && !json_array_size(ws)) {
			fputs("/>\n", f);
			json_decref(ws);
			continue;
		}
		fputs(">\n", f);
		json_t *fs = findings(r), *x;
		size_t i;
		char *body = human(r);
		const char *tag = r->rc == CLI_FAIL ? "failure" : "error";
		json_array_foreach(fs, i, x)
		{
			fprintf(f, "      <%s type=\"", tag);
			xml_text(f, json_string_value(json_object_get(x, "rule")), true);
			fputs("\" message=\"", f);
			xml_text(f, json_string_value(json_object_get(x, "message")), true);
			fputs("\">", f);
			if (i == 0) {
				xml_text(f, r->file, false);
				fprintf(f, ":%ld:%ld\n", r->line, r->col);
				xml_text(f, body, false);
			}
			fprintf(f, "</%s>\n", tag);
		}
		free(body);
		json_decref(fs);
		if (json_array_size(ws)) {
			fputs("      <system-out>", f);
			json_array_foreach(ws, i, x)
			{
				fputs("warning ", f);
				xml_text(f, json_string_value(json_object_get(x, "rule")), false);
				fputs(": ", f);
				xml_text(f, json_string_value(json_object_get(x, "message")),
					 false);
				fputc('\n', f);
			}
			fputs("</system-out>\n", f);
		}
		json_decref(ws);
		fputs("    </testcase>\n", f);
	}
	fputs("  </testsuite>\n</testsuites>\n", f);
}

/* One SARIF result (and its rule, the first time it is seen). */
static void sarif_result(json_t *rules, json_t *results, json_t *seen, const char *rule,
			 const char *level, const char *msg, const char *uri,
			 const struct cli_result *r)
{
	if (!json_object_get(seen, rule)) {
		json_object_set_new(seen, rule, json_integer((json_int_t)json_array_size(rules)));
		char desc[256];
		if (strncmp(rule, "expect/", 7) == 0)
			snprintf(desc, sizeof desc, "The layout meets its expectation \"%s\"",
				 rule + 7);
		else if (strncmp(rule, "input/", 6) == 0)
			snprintf(desc, sizeof desc, "The input is a valid layout request (%s)",
				 rule + 6);
		else if (strcmp(rule, "lint/skipped") == 0)
			snprintf(desc, sizeof desc,
				 "The kernel's op is one lint can analyse (skipped: it cannot)");
		else if (strncmp(rule, "lint/", 5) == 0)
			snprintf(desc, sizeof desc,
				 "The kernel's op meets the lint thresholds (%s)", rule + 5);
		else if (strncmp(rule, "warning/", 8) == 0)
			snprintf(desc, sizeof desc, "A legal but suspicious fact (%s)", rule + 8);
		else
			snprintf(desc, sizeof desc, "The layout is %s", rule);
		json_array_append_new(rules, json_pack("{s:s,s:{s:s}}", "id", rule,
						       "shortDescription", "text", desc));
	}
	json_t *loc = json_pack("{s:{s:{s:s},s:{s:I,s:I}}}", "physicalLocation", "artifactLocation",
				"uri", uri ? uri : "stdin", "region", "startLine",
				(json_int_t)r->line, "startColumn", (json_int_t)r->col);
	json_t *one = json_pack("{s:s,s:I,s:s,s:{s:s},s:[o]}", "ruleId", rule, "ruleIndex",
				json_integer_value(json_object_get(seen, rule)), "level", level,
				"message", "text", msg, "locations", loc);
	const char *fp = json_string_value(json_object_get(r->analysis, "fingerprint"));
	if (fp)
		json_object_set_new(one, "properties", json_pack("{s:s}", "fingerprint", fp));
	json_array_append_new(results, one);
}

static void sarif(struct cli_report *rep, const struct cli_result *res, int n)
{
	json_t *rules = json_array(), *results = json_array(), *seen = json_object();
	for (int k = 0; k < n; k++) {
		const struct cli_result *r = &res[k];
		json_t *fs = findings(r), *ws = cli_warnings(r->analysis), *x;
		size_t i;
		char *uri = uri_ref(r->file), rule[300];
		json_array_foreach(fs, i, x)
		{
			const char *level = json_string_value(json_object_get(x, "level"));
			sarif_result(rules, results, seen,
				     json_string_value(json_object_get(x, "rule")),
				     level ? level : "error",
				     json_string_value(json_object_get(x, "message")), uri, r);
		}
		json_array_foreach(ws, i, x)
		{
			snprintf(rule, sizeof rule, "warning/%s",
				 json_string_value(json_object_get(x, "rule")));
			sarif_result(rules, results, seen, rule, "warning",
				     json_string_value(json_object_get(x, "message")), uri, r);
		}
		free(uri);
		json_decref(fs);
		json_decref(ws);
	}
	json_t *log = json_pack("{s:s,s:s,s:[{s:{s:{s:s,s:s,s:o}},s:[{s:b,s:i}],s:o}]}", "$schema",
				"https://json.schemastore.org/sarif-2.1.0.json", "version", "2.1.0",
				"runs", "tool", "driver", "name", "layoutd", "version",
				PACKAGE_VERSION, "rules", rules, "invocations",
				"executionSuccessful", rep->errors == 0, "exitCode",
				rep->errors   ? CLI_BAD
				: rep->failed ? CLI_FAIL
					      : CLI_PASS,
				"results", results);
	char *s = json_dumps(log, JSON_INDENT(2));
	if (s)
		fprintf(rep->out, "%s\n", s);
	free(s);
	json_decref(log);
	json_decref(seen);
}

void cli_report_end(struct cli_report *rep, const struct cli_result *res, int n)
{
	if (rep->format == CLI_FMT_JUNIT)
		junit(rep, res, n);
	else if (rep->format == CLI_FMT_SARIF)
		sarif(rep, res, n);
	if (!rep->many)
		return;
	bool side = rep->format == CLI_FMT_JSON || rep->format == CLI_FMT_JUNIT ||
		    rep->format == CLI_FMT_SARIF;
	fflush(rep->out);
	fprintf(side ? stderr : rep->out, "%d passed, %d failed, %d errors\n", rep->passed,
		rep->failed, rep->errors);
}
