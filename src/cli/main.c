/*
 * main.c - `layoutd COMMAND ...`: dispatch to the subcommands.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "config.h"
#include "http/http.h"
#include "layout/print/print.h"

static void usage(FILE *f)
{
	char formats[128];
	lay_print_format_list(formats, sizeof formats, "|", "|");
	fprintf(f,
		"usage: layoutd COMMAND [OPTIONS]   (layoutd COMMAND --help for its options)\n"
		"\n"
		"  check [--json | --format junit|sarif|github] FILE...\n"
		"        analyse layout definitions; exit 0 pass, 1 verdict failed, 2 bad input\n"
		"  check --server URL [--equals NAME[@VERSION]] FILE...\n"
		"        the same check done by a daemon, against its registry\n"
		"  table [--format csv|json] [--view placement|inverse] FILE\n"
		"        print the placement table (element -> places) or its inverse\n"
		"  compare [--json] A B\n"
		"        do two definitions place every element identically?\n"
		"  print --format %s FILE\n"
		"        the picture CuTe's print_layout/print_latex or Triton's getLayoutStr "
		"draws\n"
		"  lint [--format text|json|junit|sarif|github] [--max-conflicts N] FILE.mlir...\n"
		"        check every shared-memory access and conversion of TTGIR modules\n"
		"  push NAME FILE [--description TEXT]    register a version with a daemon\n"
		"  pull NAME[@VERSION]                    print a registered version\n"
		"  ls [PREFIX]                            list registered names\n"
		"  versions NAME                          list the versions of a name\n"
		"  serve [--listen ADDR:PORT] [--db PATH] ...\n"
		"        run the HTTP API and the dashboard\n"
		"  token add|list|revoke [--db PATH] ...\n"
		"        manage the API tokens that guard registry writes\n"
		"  db check [--db PATH]\n"
		"        open (migrating) the database and run SQLite's integrity check\n"
		"  version\n"
		"\n"
		"FILE is a request {\"layout\": ..., \"expect\": ..., \"probe\": ...}, a bare\n"
		"definition, or the text of one notation; \"-\" reads standard input.\n"
		"The daemon commands read LAYOUTD_SERVER, LAYOUTD_TOKEN and LAYOUTD_CACERT.\n",
		formats);
}

/* `layoutd CMD --help` for the commands whose parsers do not answer it. */
static bool command_help(const char *cmd)
{
	static const struct {
		const char *cmd, *text;
	} help[] = {
		{ "table",
		  "usage: layoutd table [--format csv|json] [--view placement|inverse] "
		  "[--max-points N] FILE\n"
		  "  one row per distinct (element, place) pair in element order, or with\n"
		  "  --view inverse one row per physical point, empty points included.\n"
		  "  FILE may be notation text, read with --notation, --logical, --role\n"
		  "  and --shape as check reads it.  Exit 0, or 2 on bad input.\n" },
		{ "compare",
		  "usage: layoutd compare [--json] [--max-points N] [--examples N] A B\n"
		  "  do A and B place every element on the same points (axes matched\n"
		  "  by position)?  A and B may be notation text (--notation, --logical,\n"
		  "  --role, --shape as for check).  Exit 0 equal, 1 different, 2 bad input.\n" },
		{ "db", "usage: layoutd db check [--db PATH]\n"
			"  open (creating and migrating) the database and run SQLite's\n"
			"  integrity check.  Exit 0 ok, 1 damaged or unreadable.\n" },
		{ "version", "usage: layoutd version\n  print the program and engine versions.\n" },
	};
	for (size_t k = 0; k < sizeof help / sizeof help[0]; k++)
		if (strcmp(cmd, help[k].cmd) == 0) {
			fputs(help[k].text, stdout);
			return true;
		}
	return false;
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
	if (argc > 2 && (strcmp(argv[2], "--help") == 0 || strcmp(argv[2], "-h") == 0) &&
	    command_help(cmd))
		return 0;
	if (strcmp(cmd, "check") == 0)
		return cli_check(argc - 1, argv + 1);
	if (strcmp(cmd, "table") == 0)
		return cli_table(argc - 1, argv + 1);
	if (strcmp(cmd, "compare") == 0)
		return cli_compare(argc - 1, argv + 1);
	if (strcmp(cmd, "lint") == 0)
		return cli_lint(argc - 1, argv + 1);
	if (strcmp(cmd, "print") == 0)
		return cli_print_picture(argc - 1, argv + 1);
	if (strcmp(cmd, "push") == 0)
		return cli_push(argc - 1, argv + 1);
	if (strcmp(cmd, "pull") == 0)
		return cli_pull(argc - 1, argv + 1);
	if (strcmp(cmd, "ls") == 0)
		return cli_ls(argc - 1, argv + 1);
	if (strcmp(cmd, "versions") == 0)
		return cli_versions(argc - 1, argv + 1);
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
