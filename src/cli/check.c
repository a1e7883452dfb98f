/*
 * check.c - `layoutd check FILE...`: the engine offline, or a daemon with
 * --server / --equals, over one file or many, with output for people
 * (text), programs (--json, JSON Lines over many files) and CI systems
 * (--format junit | sarif | github).  Exit 0 all pass, 1 a verdict failed,
 * 2 bad input: the worst over the files.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli/cli.h"
#include "cli/report.h"
#include "layout/notation/notation.h"
#include "layout/analysis/lint.h"
#include "layout/analysis/sections.h"

long long cli_parse_count(const char *opt, const char *value)
{
	char *end = NULL;
	errno = 0;
	long long v = value ? strtoll(value, &end, 10) : 0;
	if (!value || errno || !end || *end || v <= 0) {
		fprintf(stderr, "layoutd: %s needs a positive integer, got \"%s\"\n", opt,
			value ? value : "");
		exit(CLI_BAD);
	}
	return v;
}

/* The pointer of the notation member of a request (for locating a
 * failed verdict in the file): "/layout/axe", or "/axe" for a bare one. */
static void notation_pointer(json_t *req, char *buf, size_t n)
{
	json_t *layout = json_object_get(req, "layout");
	const char *prefix = layout ? "/layout" : "";
	json_t *def = layout ? layout : req;
	snprintf(buf, n, "%s", layout ? "/layout" : "");
	const struct lay_notation *nt = lay_notation_of(def);
	if (nt)
		snprintf(buf, n, "%s/%s", prefix, nt->key);
}

/* A daemon's answer to one file: an analysis (200 or 422) or a problem. */
static void check_remote(const struct cli_conn *conn, const char *equals, json_t *req,
			 struct cli_result *r)
{
	json_t *body = json_object_get(req, "layout") ? json_incref(req)
						      : json_pack("{s:O}", "layout", req);
	if (equals) {
		json_t *expect = json_object_get(body, lay_section_expect.key);
		if (!json_is_object(expect)) {
			expect = json_object();
			json_object_set_new(body, lay_section_expect.key, expect);
		}
		json_object_set_new(expect, "equals", json_string(equals));
	}
	char *text = lay_json_dumps(body, JSON_COMPACT);
	struct cli_response resp = { 0 };
	long status = text ? cli_http(conn, "POST", "/v1/check", text, &resp) : -1;
	r->rc = CLI_BAD;
	if (status < 0) {
		/* the cause goes into every report: a CI log may show only the
		 * JUnit or SARIF file, not stderr */
		char detail[600];
		snprintf(detail, sizeof detail, "no answer from the server: %s",
			 resp.error[0] ? resp.error : "see the message above");
		r->error = json_pack("{s:s,s:s,s:i}", "code", "unreachable", "detail", detail,
				     "status", 0);
	} else if ((status == 200 || status == 422) && json_object_get(resp.json, "verdict")) {
		r->analysis = json_incref(resp.json);
		r->rc = status == 200 ? CLI_PASS : CLI_FAIL;
	} else if (json_is_object(resp.json) && json_object_get(resp.json, "code")) {
		r->error = json_incref(resp.json);
		r->remote_status = status;
	} else {
		r->error = json_pack("{s:s,s:s,s:I}", "code", "bad_response", "detail",
				     "the server's answer is not a layoutd document", "status",
				     (json_int_t)status);
		r->remote_status = status;
	}
	if (status >= 0)
		cli_response_clear(&resp);
	free(text);
	json_decref(body);
}

static void check_file(const char *path, const struct lay_options *opt,
		       const struct cli_text_opts *topts, const struct cli_conn *conn,
		       const char *equals, struct cli_result *r)
{
	struct lay_error err;
	lay_error_clear(&err);
	struct timespec t0, t1;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	memset(r, 0, sizeof *r);
	r->file = path;
	json_t *req = cli_read(path, topts, &r->text, &err);
	lay_lint_expand(req); /* {"layout": {"ttgir": <a pasted op line>}} */
	/* --target over the file's */
	lay_sections_target(req, topts->target);
	if (r->text) {
		const char *p = r->text + strspn(r->text, " \t\r\n");
		r->is_text = *p != '{' && *p != '[';
		r->lead = (long)(p - r->text);
	}
	if (req && conn) {
		check_remote(conn, equals, req, r);
	} else if (req) {
		r->analysis = lay_analyze(req, opt, &err);
		if (r->analysis)
			r->rc = json_is_true(json_object_get(r->analysis, "ok")) ? CLI_PASS
										 : CLI_FAIL;
	}
	if (!r->analysis && !r->error) {
		r->rc = CLI_BAD;
		r->error = lay_error_to_json(&err);
		r->lerr = err;
		r->local = true;
	}
	/* where in the file: the error's member or character, or the notation */
	char ptr[LAY_ERR_PTR] = "";
	long position = -1;
	if (r->error) {
		snprintf(ptr, sizeof ptr, "%s",
			 json_string_value(json_object_get(r->error, "pointer"))
				 ? json_string_value(json_object_get(r->error, "pointer"))
				 : "");
		json_t *pos = json_object_get(r->error, "position");
		position = json_is_integer(pos) ? (long)json_integer_value(pos) : -1;
	} else if (req) {
		notation_pointer(req, ptr, sizeof ptr);
		json_t *f0 = json_array_get(
			json_object_get(json_object_get(r->analysis, lay_section_expect.key),
					"failures"),
			0);
		const char *field = json_string_value(json_object_get(f0, "field"));
		if (field && json_object_get(json_object_get(req, lay_section_expect.key), field))
			snprintf(ptr, sizeof ptr, "/expect/%s", field);
	}
	if (r->local && err.line > 0) {
		r->line = err.line;
		r->col = err.column > 0 ? err.column : 1;
	} else if (r->is_text) {
		cli_locate(r->text, "", position >= 0 ? position + r->lead : r->lead, &r->line,
			   &r->col);
	} else {
		cli_locate(r->text, ptr, position, &r->line, &r->col);
	}
	json_decref(req);
	clock_gettime(CLOCK_MONOTONIC, &t1);
	r->seconds = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
}

static void usage(FILE *f)
{
	char keys[128];
	lay_notation_list(keys, sizeof keys, " or ");
	fprintf(f, CLI_CHECK_USAGE, keys);
}

static int cli_check_files(const char **files, int n, const char *format, const char *equals,
			   const struct lay_options *opt, const struct cli_text_opts *topts,
			   struct cli_conn *connp, bool remote, const char *env_server);

int cli_check(int argc, char **argv)
{
	struct lay_options lay = { 0 };
	struct cli_text_opts topts = { 0 };
	struct cli_conn conn;
	const char *equals = NULL, *format = "text";
	bool remote = false;
	cli_conn_defaults(&conn);
	const char *env_server = conn.server;
	conn.server = NULL;
	/* options may come before, between or after the files; "--" ends
	 * them.  The files are gathered in order into files[0..n). */
	const char *files[argc > 0 ? argc : 1];
	int n = 0;
	bool operands_only = false;
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		if (operands_only || a[0] != '-' || strcmp(a, "-") == 0) {
			files[n++] = a;
			continue;
		}
		if (strcmp(a, "--") == 0) {
			operands_only = true;
			continue;
		}
		if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
			usage(stdout);
			return CLI_PASS;
		}
		if (strcmp(a, "--json") == 0) {
			format = "json";
			continue;
		}
		if (cli_conn_option(&conn, argc, argv, &i)) {
			remote = remote || conn.server != NULL;
			continue;
		}
		if (cli_text_option(&topts, argc, argv, &i))
			continue;
		const char *eq = strchr(a, '=');
		char name[32];
		snprintf(name, sizeof name, "%.*s", eq ? (int)(eq - a) : (int)strlen(a), a);
		static const char *const valued[] = { "--max-points", "--examples", "--equals",
						      "--format" };
		size_t k = 0;
		for (; k < sizeof valued / sizeof valued[0]; k++)
			if (strcmp(name, valued[k]) == 0)
				break;
		if (k == sizeof valued / sizeof valued[0]) {
			fprintf(stderr, "layoutd check: unknown option %s (layoutd check --help)\n",
				a);
			return CLI_BAD;
		}
		const char *val = eq ? eq + 1 : (i + 1 < argc ? argv[++i] : NULL);
		if (!val) {
			fprintf(stderr, "layoutd check: %s needs a value\n", name);
			return CLI_BAD;
		}
		switch (k) {
		case 0:
			lay.max_points = cli_parse_count(name, val);
			break;
		case 1:
			lay.examples = (int)cli_parse_count(name, val);
			break;
		case 2:
			equals = val;
			break;
		case 3:
			format = val;
			break;
		}
	}
	return cli_check_files(files, n, format, equals, &lay, &topts, &conn, remote, env_server);
}

static int cli_check_files(const char **files, int n, const char *format, const char *equals,
			   const struct lay_options *opt, const struct cli_text_opts *topts,
			   struct cli_conn *connp, bool remote, const char *env_server)
{
	struct cli_conn conn = *connp;
	if (n == 0) {
		usage(stderr);
		return CLI_BAD;
	}
	static const char *const formats[] = { "text", "json", "junit", "sarif", "github" };
	enum cli_format fmt = CLI_FMT_TEXT;
	for (; fmt <= CLI_FMT_GITHUB; fmt++)
		if (strcmp(format, formats[fmt]) == 0)
			break;
	if (fmt > CLI_FMT_GITHUB) {
		fprintf(stderr,
			"layoutd check: --format is text, json, junit, sarif or github, "
			"not \"%s\"\n",
			format);
		return CLI_BAD;
	}
	if (equals && !remote) {
		/* a registry reference needs a registry: LAYOUTD_SERVER names it */
		conn.server = env_server;
		remote = conn.server != NULL;
		if (!remote) {
			fprintf(stderr, "layoutd check: --equals compares with a registry: give "
					"--server URL or set LAYOUTD_SERVER\n");
			return CLI_BAD;
		}
	}
	struct cli_result *res = calloc((size_t)n, sizeof *res);
	if (!res) {
		fprintf(stderr, "layoutd check: out of memory\n");
		return CLI_BAD;
	}
	struct cli_report rep = { .format = fmt, .many = n > 1, .out = stdout };
	cli_report_begin(&rep);
	int worst = CLI_PASS;
	for (int k = 0; k < n; k++) {
		check_file(files[k], opt, topts, remote ? &conn : NULL, equals, &res[k]);
		cli_report_one(&rep, &res[k]);
		if (res[k].rc > worst)
			worst = res[k].rc;
		/* text, json and github print as they go: keep only what the
		 * end of the report needs */
		if (fmt != CLI_FMT_JUNIT && fmt != CLI_FMT_SARIF)
			cli_result_clear(&res[k]);
	}
	cli_report_end(&rep, res, n);
	for (int k = 0; k < n; k++)
		cli_result_clear(&res[k]);
	free(res);
	fflush(stdout);
	return worst;
}
