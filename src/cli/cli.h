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
int cli_print_picture(int argc, char **argv);
int cli_lint(int argc, char **argv);
int cli_token(int argc, char **argv);
int cli_db(int argc, char **argv);
/* The registry from the command line (registry.c). */
int cli_push(int argc, char **argv);
int cli_pull(int argc, char **argv);
int cli_ls(int argc, char **argv);
int cli_versions(int argc, char **argv);

/* ------------------------------------------------------------------ */
/* Input (input.c)                                                     */

/* How a text notation file becomes a definition: --notation, --logical,
 * --role, --shape.  All borrowed from argv. */
struct cli_text_opts {
	const char *notation; /* axe, cute, ttgir, linear; NULL: guess */
	const char *logical;  /* "8,16" */
	const char *role;     /* cute_role */
	const char *shape;    /* ttgir tensor shape "128,64" */
	const char *target;   /* access.target over the file's (check --target) */
};

/* Consume a reading option at argv[*i] (--notation, --logical, --role,
 * --shape, --target; "--opt VALUE" or "--opt=VALUE") into o: true if it
 * was one.
 * The one table every command that reads a file takes (check, push,
 * print).  Exits 2 on a missing value, an unknown notation or target. */
bool cli_text_option(struct cli_text_opts *o, int argc, char **argv, int *i);
/* argv[*i] as one of n option names (`--name` or `--name=VALUE`): its
 * index, or -1 */
int cli_option_find(const char *const *names, int n, const char *arg);
/* The value of option argv[*i] (after `=`, or the next argument: *i moves
 * past it); a missing value exits 2 naming the option. */
const char *cli_option_value(int argc, char **argv, int *i, const char *name);

/* Read a whole file ("-" is stdin).  A file whose first non-blank
 * character is '{' or '[' is JSON (a request or a bare definition);
 * anything else is the text of one notation, wrapped into {"layout": …}
 * with topts.  Returns a new reference or NULL with err filled; *text
 * (if non-NULL) receives the file's bytes (malloc'd, the caller frees)
 * even on error, for locating errors by line. */
json_t *cli_read(const char *path, const struct cli_text_opts *topts, char **text,
		 struct lay_error *err);

/* The 1-based line and column in `text` (a request file) of the member
 * a JSON pointer names, or of a character position when the pointer is
 * empty; line 1 when nothing better is known. */
void cli_locate(const char *text, const char *pointer, long position, long *line, long *col);

/* ------------------------------------------------------------------ */
/* The HTTP client (remote.c, libcurl)                                 */

/* Where and how to reach a daemon.  Strings are borrowed. */
struct cli_conn {
	const char *server; /* http[s]://host[:port][/prefix] */
	const char *token;  /* bearer token or NULL */
	const char *cacert; /* PEM file of CAs, NULL: the system store */
	long timeout, connect_timeout;
	int retries; /* after a 503 */
	bool verbose;
};

struct cli_response {
	long status;
	char *body; /* NUL-terminated, owned */
	size_t len;
	json_t *json; /* the body parsed, or NULL; owned */
	char etag[256];
	char error[512]; /* why there is no answer (status -1): the message printed */
};

/* Defaults, then LAYOUTD_SERVER, LAYOUTD_TOKEN and LAYOUTD_CACERT. */
void cli_conn_defaults(struct cli_conn *c);
/* Consume a connection option at argv[*i] (--server, --token, --cacert,
 * --timeout, --retries, --verbose); true if it was one. Exits 2 on a
 * missing or bad value. */
bool cli_conn_option(struct cli_conn *c, int argc, char **argv, int *i);
/* Send METHOD server+path (body: JSON text or NULL).  Returns the final
 * HTTP status (after redirects and 503 retries) or -1 after printing why
 * to stderr (and into resp->error); resp is filled when >= 0 and must be
 * cleared. */
long cli_http(const struct cli_conn *c, const char *method, const char *path, const char *body,
	      struct cli_response *resp);
void cli_response_clear(struct cli_response *r);
/* A problem document as one located line ("what: error [code]: detail"). */
void cli_print_problem(FILE *f, const char *what, const struct cli_response *r,
		       const struct cli_conn *c);

/* ------------------------------------------------------------------ */
/* Output                                                              */

void cli_print_error(FILE *f, const char *file, const struct lay_error *err);
void cli_print_analysis(FILE *f, const char *file, json_t *analysis);
/* Every warning of an analysis, its own and its sections' (access,
 * convert, tmem, ...): a new array of {"section" ("" at the top),
 * "code", "message", "rule" ("code" or "section/code")}, in document
 * order, for every output format to report. */
json_t *cli_warnings(json_t *analysis);
/* The registry version an expect.equals failure compared with, named
 * once: "NAME@VERSION" (its "ref" may be "NAME" or "NAME@VERSION"). */
void cli_equals_ref(json_t *failure, char *buf, size_t n);
/* Why an analysis fails ("not collision_free, expect bijective"). */
void cli_reasons(json_t *analysis, char *buf, size_t n);
/* print_copy.c: the copy section in human output; the reason a named copy
 * instruction fails the check (false when it does not). */
void cli_put_copy(FILE *f, json_t *copy);
bool cli_copy_reason(json_t *analysis, char *buf, size_t n);

/* Parse a positive integer option value; exits 2 with a message if bad. */
long long cli_parse_count(const char *opt, const char *value);

#endif
