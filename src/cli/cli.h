/*
 * cli.h - the layoutd command line: thin shells around the engine.
 */
#ifndef LAYOUTD_CLI_H
#define LAYOUTD_CLI_H

#include <stdio.h>

#include "layout.h"

/* Exit codes of check: pass, verdict failed, bad input. */
enum { CLI_PASS = 0, CLI_FAIL = 1, CLI_BAD = 2 };

int cli_check(int argc, char **argv);
int cli_table(int argc, char **argv);
int cli_compare(int argc, char **argv);
int cli_token(int argc, char **argv);
int cli_db(int argc, char **argv);

/* `check --server URL`: POST the request to URL/v1/check, with
 * expect.equals set when equals is non-NULL; the same exit codes. */
int cli_check_remote(const char *server, const char *token, const char *equals, const char *path,
		     bool as_json);

/* Read a whole file ("-" is stdin) and parse it with the engine's rules.
 * Returns a new reference or NULL with err filled. */
json_t *cli_load(const char *path, struct lay_error *err);

/* Human output. */
void cli_print_error(FILE *f, const char *file, const struct lay_error *err);
void cli_print_analysis(FILE *f, const char *file, json_t *analysis);

/* Parse a positive integer option value; exits 2 with a message if bad. */
long long cli_parse_count(const char *opt, const char *value);

#endif
