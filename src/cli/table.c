/*
 * table.c - `layoutd table` and `layoutd compare`.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"

static void print_json(json_t *v, bool compact)
{
	char *s = json_dumps(v, compact ? JSON_COMPACT : JSON_INDENT(2));
	if (s) {
		puts(s);
		free(s);
	}
}

/* Options shared by the subcommands; returns the index of the first operand. */
struct cli_opts {
	bool json;
	const char *server, *token, *equals;
	const char *format;
	const char *view;
	struct lay_options lay;
	struct cli_text_opts text; /* notation text instead of JSON, as for check */
};

/* The options that describe notation text (see cli_read), as check takes them. */
#define TEXT_OPTS "--notation --logical --role --shape"

static int parse_opts(int argc, char **argv, struct cli_opts *o, const char *allowed)
{
	int i = 1;
	for (; i < argc; i++) {
		const char *a = argv[i];
		if (strcmp(a, "--") == 0)
			return i + 1;
		if (a[0] != '-' || strcmp(a, "-") == 0)
			break;
		const char *val = strchr(a, '=');
		char name[64];
		snprintf(name, sizeof name, "%.*s", val ? (int)(val - a) : (int)strlen(a), a);
		/* exact names only: "--j" must not pass for "--json" */
		bool known = false;
		size_t nl = strlen(name);
		for (const char *p = allowed; (p = strstr(p, name)); p += nl)
			known = known ||
				((p == allowed || p[-1] == ' ') && (p[nl] == ' ' || !p[nl]));
		if (!known) {
			fprintf(stderr, "layoutd %s: unknown option %s\n", argv[0], a);
			exit(CLI_BAD);
		}
		if (strcmp(name, "--json") == 0) {
			o->json = true;
			continue;
		}
		if (!val) {
			if (i + 1 >= argc) {
				fprintf(stderr, "layoutd %s: %s needs a value\n", argv[0], name);
				exit(CLI_BAD);
			}
			val = argv[++i];
		} else {
			val++;
		}
		if (strcmp(name, "--max-points") == 0)
			o->lay.max_points = cli_parse_count(name, val);
		else if (strcmp(name, "--examples") == 0)
			o->lay.examples = (int)cli_parse_count(name, val);
		else if (strcmp(name, "--format") == 0)
			o->format = val;
		else if (strcmp(name, "--view") == 0)
			o->view = val;
		else if (strcmp(name, "--server") == 0)
			o->server = val;
		else if (strcmp(name, "--token") == 0)
			o->token = val;
		else if (strcmp(name, "--equals") == 0)
			o->equals = val;
		else if (strcmp(name, "--notation") == 0)
			o->text.notation = val;
		else if (strcmp(name, "--logical") == 0)
			o->text.logical = val;
		else if (strcmp(name, "--role") == 0)
			o->text.role = val;
		else if (strcmp(name, "--shape") == 0)
			o->text.shape = val;
	}
	return i;
}

struct table_out {
	const struct lay_def *def;
	bool csv, inverse, first;
};

static void put_cells(const struct table_out *t, const struct lay_table_row *row)
{
	const struct lay_def *def = t->def;
	bool sep = false;
	for (int pass = 0; pass < 2; pass++) {
		bool logical = (pass == 0) != t->inverse;
		int n = logical ? def->rank : def->naxes;
		for (int k = 0; k < n; k++) {
			if (sep)
				fputc(',', stdout);
			sep = true;
			if (logical && row->elem < 0)
				fputs(t->csv ? "" : "null", stdout);
			else
				printf("%lld",
				       (long long)(logical ? row->logical[k] : row->coord[k]));
		}
	}
}

static int table_row(void *ctx, const struct lay_table_row *row)
{
	struct table_out *t = ctx;
	if (t->csv) {
		put_cells(t, row);
		fputc('\n', stdout);
	} else {
		fputs(t->first ? "\n  [" : ",\n  [", stdout);
		put_cells(t, row);
		fputc(']', stdout);
	}
	t->first = false;
	return ferror(stdout) ? LAY_EIO : 0;
}

int cli_table(int argc, char **argv)
{
	struct cli_opts o = { .format = "csv", .view = "placement" };
	int i = parse_opts(argc, argv, &o, "--format --view --max-points " TEXT_OPTS);
	if (i != argc - 1) {
		fprintf(stderr, "usage: layoutd table [--format csv|json] [--view "
				"placement|inverse] [text options] FILE\n");
		return CLI_BAD;
	}
	bool csv = strcmp(o.format, "csv") == 0, inverse = strcmp(o.view, "inverse") == 0;
	if ((!csv && strcmp(o.format, "json") != 0) ||
	    (!inverse && strcmp(o.view, "placement") != 0)) {
		fprintf(stderr,
			"layoutd table: --format is csv or json, --view placement or inverse\n");
		return CLI_BAD;
	}
	struct lay_error err;
	lay_error_clear(&err);
	struct lay_def *def = NULL;
	json_t *req = cli_read(argv[i], &o.text, NULL, &err);
	int rc = CLI_BAD;
	if (req) {
		json_t *layout = json_object_get(req, "layout");
		def = lay_def_new(layout ? layout : req, layout ? "/layout" : "", &o.lay, &err);
	}
	if (!def) {
		cli_print_error(stderr, argv[i], &err);
		goto out;
	}
	struct table_out t = { .def = def, .csv = csv, .inverse = inverse, .first = true };
	/* header: the columns in output order */
	if (!csv)
		fputs("{\"columns\": [", stdout);
	for (int pass = 0; pass < 2; pass++) {
		bool logical = (pass == 0) != inverse;
		int n = logical ? def->rank : def->naxes;
		for (int k = 0; k < n; k++) {
			const char *nm = logical ? def->names[k] : def->axes[k].name;
			bool firstcol = pass == 0 && k == 0;
			printf(csv ? "%s%s" : "%s\"%s\"", firstcol ? "" : (csv ? "," : ", "), nm);
		}
	}
	fputs(csv ? "\n" : "], \"rows\": [", stdout);
	if (lay_table(def, inverse, table_row, &t, &err)) {
		fflush(stdout);
		cli_print_error(stderr, argv[i], &err);
		goto out;
	}
	if (!csv)
		fputs(t.first ? "]}\n" : "\n]}\n", stdout);
	rc = CLI_PASS;
out:
	lay_def_free(def);
	json_decref(req);
	return rc;
}

int cli_compare(int argc, char **argv)
{
	struct cli_opts o = { 0 };
	int i = parse_opts(argc, argv, &o, "--json --max-points --examples " TEXT_OPTS);
	if (i != argc - 2) {
		fprintf(stderr, "usage: layoutd compare [--json] [text options] A B\n");
		return CLI_BAD;
	}
	struct lay_error err;
	lay_error_clear(&err);
	struct lay_def *def[2] = { NULL, NULL };
	json_t *req[2] = { NULL, NULL }, *out = NULL;
	int rc = CLI_BAD;
	for (int k = 0; k < 2; k++) {
		req[k] = cli_read(argv[i + k], &o.text, NULL, &err);
		if (!req[k])
			goto bad;
		json_t *layout = json_object_get(req[k], "layout");
		def[k] = lay_def_new(layout ? layout : req[k], layout ? "/layout" : "", &o.lay,
				     &err);
		if (!def[k])
			goto bad;
	}
	out = lay_compare(def[0], def[1], o.lay.examples, &err);
	if (!out) {
		i = i + 1; /* attribute engine errors to the second file at worst */
		goto bad;
	}
	rc = json_is_true(json_object_get(out, "equal")) ? CLI_PASS : CLI_FAIL;
	if (o.json) {
		print_json(out, false);
	} else {
		printf("%s\n", rc == CLI_PASS ? "equal placement" : "placements differ");
		json_t *d;
		size_t k;
		const char *reason = json_string_value(json_object_get(out, "reason"));
		if (reason)
			printf("  %s\n", reason);
		json_array_foreach(json_object_get(out, "differences"), k, d)
		{
			char *s = json_dumps(d, JSON_COMPACT);
			printf("  %s\n", s ? s : "");
			free(s);
		}
	}
	goto out;
bad:
	if (o.json) {
		json_t *e = json_pack("{s:o}", "error", lay_error_to_json(&err));
		print_json(e, false);
		json_decref(e);
	} else {
		cli_print_error(stdout, argv[i < argc ? i : argc - 1], &err);
	}
out:
	json_decref(out);
	for (int k = 0; k < 2; k++) {
		lay_def_free(def[k]);
		json_decref(req[k]);
	}
	return rc;
}
