/*
 * main.c - `layoutd COMMAND ...`: dispatch to the subcommands.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "config.h"
#include "http/http.h"

static void usage(FILE *f)
{
	fprintf(f,
		"usage: layoutd COMMAND [OPTIONS]\n"
		"\n"
		"  check [--json] [--max-points N] [--examples N] FILE...\n"
		"  check --server URL [--token T] [--equals NAME[@VERSION]] [--json] FILE...\n"
		"        analyse layout definitions; exit 0 pass, 1 verdict failed, 2 bad input\n"
		"  table [--format csv|json] [--view placement|inverse] FILE\n"
		"        print the placement table (element -> places) or its inverse\n"
		"  compare [--json] A B\n"
		"        do two definitions place every element identically?\n"
		"  serve [--listen ADDR:PORT] [--db PATH] ...\n"
		"        run the HTTP API (see docs/api.md)\n"
		"  token add|list|revoke [--db PATH] ...\n"
		"        manage the API tokens that guard registry writes\n"
		"  db check [--db PATH]\n"
		"        open (migrating) the database and run SQLite's integrity check\n"
		"  version\n"
		"\n"
		"FILE is a request {\"layout\": ..., \"expect\": ..., \"probe\": ...} or a bare\n"
		"definition; \"-\" reads standard input.  See README.md and DESIGN.md.\n");
}

int main(int argc, char **argv)
{
	if (argc < 2) {
		usage(stderr);
		return CLI_BAD;
	}
	/* seed jansson's hash function once, before any thread starts */
	json_object_seed(0);
	const char *cmd = argv[1];
	if (strcmp(cmd, "check") == 0)
		return cli_check(argc - 1, argv + 1);
	if (strcmp(cmd, "table") == 0)
		return cli_table(argc - 1, argv + 1);
	if (strcmp(cmd, "compare") == 0)
		return cli_compare(argc - 1, argv + 1);
	if (strcmp(cmd, "serve") == 0)
		return http_serve_main(argc - 1, argv + 1);
	if (strcmp(cmd, "token") == 0)
		return cli_token(argc - 1, argv + 1);
	if (strcmp(cmd, "db") == 0)
		return cli_db(argc - 1, argv + 1);
	if (strcmp(cmd, "version") == 0 || strcmp(cmd, "--version") == 0) {
		printf("layoutd %s (engine %s)\n", PACKAGE_VERSION, LAY_ENGINE_VERSION);
		return 0;
	}
	if (strcmp(cmd, "help") == 0 || strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0) {
		usage(stdout);
		return 0;
	}
	fprintf(stderr, "layoutd: unknown command \"%s\"\n", cmd);
	usage(stderr);
	return CLI_BAD;
}
