/*
 * registry.c - the registry from the command line: push a request file
 * as a new immutable version, pull a version back as a request file that
 * `layoutd check` runs, list names and versions.  Every request goes
 * through cli_http() (remote.c).  Exit status: 0 done, 1 the daemon
 * refused to register a layout that fails its own checks, 2 anything else
 * (bad usage, unknown name, network or TLS failure).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "layout/analysis/lint.h"
#include "layout/analysis/sections.h"

struct reg_opts {
	struct cli_conn conn;
	bool json;
	const char *description;
	struct cli_text_opts topts; /* push: how a text file is read, as check reads it */
	const char *operands[3];
	int noperands;
};

/* Names as the registry spells them: [A-Za-z0-9][A-Za-z0-9._-]{0,127}. */
static bool name_ok(const char *s, size_t n)
{
	if (n == 0 || n > 128)
		return false;
	for (size_t k = 0; k < n; k++) {
		char c = s[k];
		bool alnum =
			(c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9');
		if (!alnum && (k == 0 || (c != '.' && c != '_' && c != '-')))
			return false;
	}
	return true;
}

static void usage(FILE *f, const char *cmd)
{
	static const struct {
		const char *cmd, *text;
	} u[] = {
		{ "push",
		  "usage: layoutd push NAME FILE [--description TEXT] [--json] [--notation N]\n"
		  "                    [--logical L] [--role memory|tv] [--shape S] [--target T]\n"
		  "                    [CONNECTION]\n"
		  "  register FILE (a request, a bare definition or the text of one notation,\n"
		  "  read as `layoutd check` reads it with the same --notation, --logical,\n"
		  "  --role, --shape and --target) as the next version of NAME; the same "
		  "definition\n"
		  "  with the same checks (expect, access, probe, suggest) keeps its version.\n"
		  "  The checks run at registration and are kept with the version.\n" },
		{ "pull",
		  "usage: layoutd pull NAME[@VERSION] [--json] [CONNECTION]\n"
		  "  print a registered version as the request file it was pushed from\n"
		  "  ({\"layout\"} and its checks) that `layoutd check` runs the same way;\n"
		  "  --json prints the whole version.\n" },
		{ "ls",
		  "usage: layoutd ls [PREFIX] [--json] [CONNECTION]\n"
		  "  list registered names (latest version, count, verdict, fingerprint).\n" },
		{ "versions", "usage: layoutd versions NAME [--json] [CONNECTION]\n"
			      "  list the live versions of NAME.\n" },
	};
	for (size_t k = 0; k < sizeof u / sizeof u[0]; k++)
		if (strcmp(cmd, u[k].cmd) == 0)
			fputs(u[k].text, f);
	fputs("CONNECTION:\n"
	      "  --server URL        http:// or https:// (default $LAYOUTD_SERVER)\n"
	      "  --token T           bearer token (default $LAYOUTD_TOKEN)\n"
	      "  --cacert FILE       trust these CAs instead of the system store\n"
	      "  --timeout S         seconds per request (default 300)\n"
	      "  --retries N         retries after a 503, honouring Retry-After (default 3)\n"
	      "  --verbose           print the HTTP exchange on stderr\n"
	      "Proxies come from http_proxy, https_proxy and no_proxy.\n"
	      "Exit status: 0 done, 1 registration refused (the layout fails its checks),\n"
	      "2 bad usage, unknown name or version, network or TLS failure.\n",
	      f);
}

/* Returns -1 to go on, else an exit status. */
static int parse(int argc, char **argv, struct reg_opts *o, int min, int max)
{
	memset(o, 0, sizeof *o);
	cli_conn_defaults(&o->conn);
	bool rest = false;
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		if (!rest && strcmp(a, "--") == 0) {
			rest = true;
		} else if (!rest && (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0)) {
			usage(stdout, argv[0]);
			return CLI_PASS;
		} else if (!rest && strcmp(a, "--json") == 0) {
			o->json = true;
		} else if (!rest && strcmp(argv[0], "push") == 0 &&
			   (strcmp(a, "--description") == 0 ||
			    strncmp(a, "--description=", 14) == 0)) {
			if (a[13] == '=') {
				o->description = a + 14;
			} else if (i + 1 < argc) {
				o->description = argv[++i];
			} else {
				fprintf(stderr, "layoutd push: --description needs a value\n");
				return CLI_BAD;
			}
		} else if (!rest && strcmp(argv[0], "push") == 0 &&
			   cli_text_option(&o->topts, argc, argv, &i)) {
			continue;
		} else if (!rest && a[0] == '-' && a[1]) {
			if (!cli_conn_option(&o->conn, argc, argv, &i)) {
				fprintf(stderr, "layoutd %s: unknown option %s\n", argv[0], a);
				usage(stderr, argv[0]);
				return CLI_BAD;
			}
		} else if (o->noperands < max) {
			o->operands[o->noperands++] = a;
		} else {
			fprintf(stderr, "layoutd %s: unexpected argument %s\n", argv[0], a);
			usage(stderr, argv[0]);
			return CLI_BAD;
		}
	}
	if (o->noperands < min) {
		usage(stderr, argv[0]);
		return CLI_BAD;
	}
	if (!o->conn.server) {
		fprintf(stderr, "layoutd %s: no server: give --server URL or set LAYOUTD_SERVER\n",
			argv[0]);
		return CLI_BAD;
	}
	return -1;
}

static void print_pretty(json_t *v)
{
	char *s = json_dumps(v, JSON_INDENT(2));
	if (s)
		puts(s);
	free(s);
}

/* The status of a failed request: the problem printed, exit 2. */
static int problem(const char *what, struct cli_response *r, const struct cli_conn *c, bool as_json)
{
	if (as_json && r->json)
		print_pretty(r->json);
	else
		cli_print_problem(stderr, what, r, c);
	return CLI_BAD;
}

/* A new version that changes the logical shape or the placement of a
 * name breaks every `check --equals NAME` that compared with the old one:
 * say so on stderr (the version is registered all the same). */
static void warn_changes(const char *name, json_t *prev, json_t *now)
{
	json_t *was = json_object_get(json_object_get(json_object_get(prev, "analysis"), "logical"),
				      "shape");
	json_t *is = json_object_get(json_object_get(json_object_get(now, "analysis"), "logical"),
				     "shape");
	const char *f0 = json_string_value(json_object_get(prev, "fingerprint"));
	const char *f1 = json_string_value(json_object_get(now, "fingerprint"));
	long long v0 = (long long)json_integer_value(json_object_get(prev, "version"));
	long long v1 = (long long)json_integer_value(json_object_get(now, "version"));
	if (was && is && !json_equal(was, is)) {
		char *a = json_dumps(was, JSON_COMPACT), *b = json_dumps(is, JSON_COMPACT);
		fprintf(stderr,
			"layoutd push: warning: %s@%lld changes the logical shape from %s to %s\n",
			name, v1, a ? a : "?", b ? b : "?");
		free(a);
		free(b);
	}
	if (f0 && f1 && strcmp(f0, f1) != 0)
		fprintf(stderr,
			"layoutd push: warning: %s@%lld places differently from %s@%lld "
			"(fingerprint "
			"%.19s... -> %.19s...): check --equals %s now compares with the new "
			"version\n",
			name, v1, name, v0, f0, f1, name);
}

int cli_push(int argc, char **argv)
{
	struct reg_opts o;
	int rc = parse(argc, argv, &o, 2, 2);
	if (rc >= 0)
		return rc;
	const char *name = o.operands[0], *file = o.operands[1];
	if (!name_ok(name, strlen(name))) {
		fprintf(stderr,
			"layoutd push: \"%s\" is not a layout name: names match "
			"[A-Za-z0-9][A-Za-z0-9._-]{0,127}\n",
			name);
		return CLI_BAD;
	}
	struct lay_error err;
	lay_error_clear(&err);
	json_t *req = cli_read(file, &o.topts, NULL, &err), *body = NULL;
	char *text = NULL, path[256];
	struct cli_response r;
	rc = CLI_BAD;
	if (!req) {
		cli_print_error(stderr, file, &err);
		return CLI_BAD;
	}
	/* what check sends: a pasted op line as its request, --target over
	 * the file's access target */
	lay_lint_expand(req);
	lay_sections_target(req, o.topts.target);
	body = json_object_get(req, "layout") ? json_copy(req) : json_pack("{s:O}", "layout", req);
	if (o.description)
		json_object_set_new(body, "description", json_string(o.description));
	text = lay_json_dumps(body, JSON_COMPACT);
	snprintf(path, sizeof path, "/v1/layouts/%s", name);
	/* the latest version before, to warn when the new one moves the
	 * placement or the shape that CI jobs compare with */
	struct cli_response before;
	json_t *prev = NULL;
	if (cli_http(&o.conn, "GET", path, NULL, &before) == 200 && json_is_object(before.json))
		prev = json_incref(before.json);
	if (before.body || before.json)
		cli_response_clear(&before);
	long status = text ? cli_http(&o.conn, "PUT", path, text, &r) : -1;
	if (status < 0)
		goto out;
	if (status == 200 || status == 201) {
		rc = CLI_PASS;
		if (o.json) {
			print_pretty(r.json);
		} else {
			printf("%s@%lld: %s\n  fingerprint  %s\n", name,
			       (long long)json_integer_value(json_object_get(r.json, "version")),
			       status == 201 ? "registered, a new version"
					     : "unchanged, the latest version already has this "
					       "definition",
			       json_string_value(json_object_get(r.json, "fingerprint")));
		}
		if (status == 201 && prev)
			warn_changes(name, prev, r.json);
	} else if (status == 422 && json_object_get(r.json, "analysis")) {
		rc = CLI_FAIL;
		if (o.json) {
			print_pretty(r.json);
		} else {
			cli_print_analysis(stdout, file, json_object_get(r.json, "analysis"));
			fprintf(stderr,
				"layoutd push: %s was not registered: it fails its own checks\n",
				name);
		}
	} else {
		rc = problem(file, &r, &o.conn, o.json);
	}
	cli_response_clear(&r);
out:
	json_decref(prev);
	free(text);
	json_decref(body);
	json_decref(req);
	return rc;
}

int cli_pull(int argc, char **argv)
{
	struct reg_opts o;
	int rc = parse(argc, argv, &o, 1, 1);
	if (rc >= 0)
		return rc;
	const char *ref = o.operands[0], *at = strchr(ref, '@');
	size_t nl = at ? (size_t)(at - ref) : strlen(ref);
	char *end = NULL;
	long long version = at ? strtoll(at + 1, &end, 10) : 0;
	if (!name_ok(ref, nl) || (at && (!at[1] || *end || version < 1))) {
		fprintf(stderr,
			"layoutd pull: give NAME or NAME@VERSION (a version is 1, 2, ...), "
			"not \"%s\"\n",
			ref);
		return CLI_BAD;
	}
	char path[256];
	if (at)
		snprintf(path, sizeof path, "/v1/layouts/%.*s/versions/%lld", (int)nl, ref,
			 version);
	else
		snprintf(path, sizeof path, "/v1/layouts/%.*s", (int)nl, ref);
	struct cli_response r;
	long status = cli_http(&o.conn, "GET", path, NULL, &r);
	if (status < 0)
		return CLI_BAD;
	if (status != 200) {
		rc = problem(ref, &r, &o.conn, o.json);
	} else if (o.json) {
		print_pretty(r.json);
		rc = CLI_PASS;
	} else {
		/* a request file: the definition and the checks it was
		 * registered with, so `layoutd check` reruns the same checks
		 * (a daemon without "checks" kept the expect in the summary) */
		json_t *checks = json_object_get(r.json, "checks");
		json_t *expect = json_object_get(json_object_get(r.json, "analysis"),
						 lay_section_expect.key);
		json_t *desc = json_object_get(r.json, "description");
		json_t *out = json_pack("{s:O}", "layout", json_object_get(r.json, "layout"));
		if (json_is_object(checks))
			json_object_update(out, checks);
		else if (json_object_size(expect))
			json_object_set(out, lay_section_expect.key, expect);
		if (json_is_string(desc))
			json_object_set(out, "description", desc);
		print_pretty(out);
		json_decref(out);
		rc = CLI_PASS;
	}
	cli_response_clear(&r);
	return rc;
}

static void put_query(char *buf, size_t n, const char *s)
{
	size_t w = strlen(buf);
	for (const unsigned char *p = (const unsigned char *)s; *p && w + 4 < n; p++) {
		if ((*p >= 'A' && *p <= 'Z') || (*p >= 'a' && *p <= 'z') ||
		    (*p >= '0' && *p <= '9') || strchr("-._~", *p))
			buf[w++] = (char)*p;
		else
			w += (size_t)snprintf(buf + w, n - w, "%%%02X", *p);
	}
	buf[w] = '\0';
}

/* GET a paged list (member `key`, cursor `next`) whole into one array. */
static int get_all(const struct cli_conn *c, const char *what, const char *base, const char *key,
		   bool as_json, json_t **items)
{
	*items = json_array();
	char path[1024], after[600] = "";
	for (;;) {
		snprintf(path, sizeof path, "%s%slimit=1000%s", base, strchr(base, '?') ? "&" : "?",
			 after);
		struct cli_response r;
		long status = cli_http(c, "GET", path, NULL, &r);
		if (status < 0)
			return CLI_BAD;
		if (status != 200) {
			int rc = problem(what, &r, c, as_json);
			cli_response_clear(&r);
			return rc;
		}
		json_array_extend(*items, json_object_get(r.json, key));
		json_t *next = json_object_get(r.json, "next");
		if (json_is_string(next)) {
			snprintf(after, sizeof after, "&after=");
			put_query(after, sizeof after, json_string_value(next));
		} else if (json_is_integer(next)) {
			snprintf(after, sizeof after, "&after=%lld",
				 (long long)json_integer_value(next));
		} else {
			cli_response_clear(&r);
			return CLI_PASS;
		}
		cli_response_clear(&r);
	}
}

int cli_ls(int argc, char **argv)
{
	struct reg_opts o;
	int rc = parse(argc, argv, &o, 0, 1);
	if (rc >= 0)
		return rc;
	char base[512] = "/v1/layouts";
	if (o.noperands) {
		strcat(base, "?prefix=");
		put_query(base, sizeof base, o.operands[0]);
	}
	json_t *items = NULL, *x;
	size_t i;
	rc = get_all(&o.conn, "ls", base, "layouts", o.json, &items);
	if (rc == CLI_PASS && o.json) {
		print_pretty(items);
	} else if (rc == CLI_PASS) {
		json_array_foreach(items, i, x)
		{
			const char *d = json_string_value(json_object_get(x, "description"));
			printf("%-32s v%-4lld %3lld version%s  %-4s  %s%s%s\n",
			       json_string_value(json_object_get(x, "name")),
			       (long long)json_integer_value(json_object_get(x, "version")),
			       (long long)json_integer_value(json_object_get(x, "versions")),
			       json_integer_value(json_object_get(x, "versions")) == 1 ? " " : "s",
			       json_is_false(json_object_get(x, "ok")) ? "FAIL" : "ok",
			       json_string_value(json_object_get(x, "fingerprint")), d ? "  " : "",
			       d ? d : "");
		}
	}
	json_decref(items);
	return rc;
}

int cli_versions(int argc, char **argv)
{
	struct reg_opts o;
	int rc = parse(argc, argv, &o, 1, 1);
	if (rc >= 0)
		return rc;
	const char *name = o.operands[0];
	if (!name_ok(name, strlen(name))) {
		fprintf(stderr, "layoutd versions: \"%s\" is not a layout name\n", name);
		return CLI_BAD;
	}
	char base[256];
	snprintf(base, sizeof base, "/v1/layouts/%s/versions", name);
	json_t *items = NULL, *x;
	size_t i;
	rc = get_all(&o.conn, name, base, "versions", o.json, &items);
	if (rc == CLI_PASS && o.json) {
		print_pretty(items);
	} else if (rc == CLI_PASS) {
		json_array_foreach(items, i, x)
		{
			const char *d = json_string_value(json_object_get(x, "description"));
			const char *by = json_string_value(json_object_get(x, "created_by"));
			printf("%s@%lld  %s  %s%s  %s%s%s\n", name,
			       (long long)json_integer_value(json_object_get(x, "version")),
			       json_string_value(json_object_get(x, "created")), by ? "by " : "",
			       by ? by : "-", json_string_value(json_object_get(x, "fingerprint")),
			       d ? "  " : "", d ? d : "");
		}
	}
	json_decref(items);
	return rc;
}
