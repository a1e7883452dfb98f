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

/* Read a whole file ("-" is stdin) and parse it with the engine's rules.
 * Returns a new reference or NULL with err filled. */
json_t *cli_load(const char *path, struct lay_error *err);

/* Human output. */
void cli_print_error(FILE *f, const char *file, const struct lay_error *err);
void cli_print_analysis(FILE *f, const char *file, json_t *analysis);

/* Parse a positive integer option value; exits 2 with a message if bad. */
long long cli_parse_count(const char *opt, const char *value);

#endif
