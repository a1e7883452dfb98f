/*
 * report.h - the output of `layoutd check` over many files: text, JSON
 * (Lines), JUnit XML, SARIF 2.1.0 and GitHub workflow commands.
 */
#ifndef LAYOUTD_CLI_REPORT_H
#define LAYOUTD_CLI_REPORT_H

#include "cli/cli.h"

enum cli_format { CLI_FMT_TEXT, CLI_FMT_JSON, CLI_FMT_JUNIT, CLI_FMT_SARIF, CLI_FMT_GITHUB };

/* One file's outcome.  Owned members are freed by cli_result_clear. */
struct cli_result {
	const char *file; /* borrowed from argv */
	char *text;	  /* the file's bytes, owned (NULL if unreadable) */
	bool is_text;	  /* a notation text rather than JSON */
	long lead;	  /* bytes of blank space before the text */
	int rc;		  /* CLI_PASS, CLI_FAIL, CLI_BAD */
	json_t *analysis; /* owned: the analysis, when there is one */
	json_t *error;	  /* owned: the problem fields, when rc == CLI_BAD */
	bool local;	  /* the error came from this process (lerr is valid) */
	struct lay_error lerr;
	long remote_status; /* HTTP status of a remote problem */
	long line, col;	    /* where in the file (1-based) */
	bool skipped;	    /* not analysed (lint's skipped): a JUnit <skipped/> */
	json_t *findings;   /* owned, optional: the findings to report, each
			     * {"rule", "message", "level"?}, instead of those
			     * read from the analysis (layoutd lint) */
	double seconds;
};

struct cli_report {
	enum cli_format format;
	bool many;	   /* more than one file: JSON Lines, a summary line */
	const char *suite; /* JUnit suite name; NULL: "layoutd check" */
	FILE *out;
	int passed, failed, errors;
};

void cli_result_clear(struct cli_result *r);
void cli_report_begin(struct cli_report *rep);
void cli_report_one(struct cli_report *rep, const struct cli_result *r);
void cli_report_end(struct cli_report *rep, const struct cli_result *res, int n);

/* A printf format: %s is the notation keys (lay_notation_list). */
#define CLI_CHECK_USAGE                                                                            \
	"usage: layoutd check [OPTIONS] FILE...\n"                                                 \
	"\n"                                                                                       \
	"Analyse layout definitions.  FILE is a JSON request {\"layout\": ..., \"expect\": ...,\n" \
	"\"probe\": ...}, a bare JSON definition, or the text of one notation (its\n"              \
	"notation detected, or named by --notation); \"-\" reads standard input.\n"                \
	"Exit status: 0 every file passes, 1 a verdict failed, 2 bad input.\n"                     \
	"\n"                                                                                       \
	"  --json                  the analysis as JSON (JSON Lines with \"file\" over many)\n"    \
	"  --format FMT            text (default), json, junit, sarif or github\n"                 \
	"  --max-points N          refuse layouts enumerating more than N points\n"                \
	"  --examples N            examples kept per finding (default 8)\n"                        \
	"  --target T              access.target: nvidia, gfx942 or gfx950, over the\n"            \
	"                          request's and the module's ttg.target\n"                        \
	"text notation input:\n"                                                                   \
	"  --notation NAME         %s (default: detected)\n"                                       \
	"  --logical 8,16          the logical shape\n"                                            \
	"  --role memory|tv        how a CuTe layout is read (cute_role)\n"                        \
	"  --shape 128,64          the tensor shape of a TTGIR attribute\n"                        \
	"against a daemon (its registry for --equals):\n"                                          \
	"  --server URL            http:// or https:// (default $LAYOUTD_SERVER, used\n"           \
	"                          only with --server or --equals)\n"                              \
	"  --equals NAME[@VER]     the layout must place like that registered version\n"           \
	"  --token T               bearer token (default $LAYOUTD_TOKEN)\n"                        \
	"  --cacert FILE           trust these CAs instead of the system store\n"                  \
	"                          (default $LAYOUTD_CACERT)\n"                                    \
	"  --timeout S             seconds per request (default 300)\n"                            \
	"  --retries N             retries after a 503, honouring Retry-After (default 3)\n"       \
	"  --verbose               print the HTTP exchange on stderr\n"

#endif
