/*
 * token.c - `layoutd token add|list|revoke [--db PATH]`: the API tokens that
 * guard registry writes (see store.h).  Exit 0 done, 1 not found or the
 * database failed, 2 bad usage or input (a bad name, a live token of that
 * name already exists).
 */
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"
#include "store/store.h"

static void token_usage(FILE *f)
{
	fprintf(f,
		"usage: layoutd token add NAME [--read-only] [--db PATH|URL]\n"
		"       layoutd token list [--db PATH|URL]\n"
		"       layoutd token revoke NAME [--db PATH|URL]\n"
		"NAME matches [A-Za-z0-9][A-Za-z0-9._-]{0,127}; the database is an SQLite\n"
		"PATH or a postgresql:// URL, by default $LAYOUTD_DB, else %s.\n"
		"add prints the new token once, as the last word of its output; only\n"
		"its SHA-256 is stored.  A --read-only token may read (see serve's\n"
		"--require-token-for-reads) but a write with it is refused (403).\n",
		STORE_DEFAULT_PATH);
}

static int exit_code(int store_code)
{
	switch (store_code) {
	case STORE_OK:
		return CLI_PASS;
	case STORE_BADNAME:
	case STORE_CONFLICT:
	case STORE_INVAL:
		return CLI_BAD;
	default:
		return CLI_FAIL;
	}
}

static int token_list(struct store *st, struct store_error *err)
{
	json_t *arr = NULL, *e;
	size_t i;
	int code = store_token_list(st, &arr, err);
	if (code)
		return code;
	printf("%-24s %-6s %-20s %s\n", "NAME", "SCOPE", "CREATED", "REVOKED");
	json_array_foreach(arr, i, e)
	{
		const char *revoked = json_string_value(json_object_get(e, "revoked"));
		printf("%-24s %-6s %-20s %s\n", json_string_value(json_object_get(e, "name")),
		       json_string_value(json_object_get(e, "scope")),
		       json_string_value(json_object_get(e, "created")), revoked ? revoked : "-");
	}
	json_decref(arr);
	return STORE_OK;
}

int cli_token(int argc, char **argv)
{
	const char *db = NULL, *action = NULL, *name = NULL;
	struct store_error err = { 0 };
	struct store *st = NULL;
	char token[STORE_TOKEN_LEN + 1];
	int code, nargs = 0;
	bool read_only = false;

	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--db") == 0) {
			if (++i == argc) {
				fprintf(stderr, "layoutd token: --db needs a PATH\n");
				return CLI_BAD;
			}
			db = argv[i];
		} else if (strncmp(argv[i], "--db=", 5) == 0) {
			db = argv[i] + 5;
		} else if (strcmp(argv[i], "--read-only") == 0) {
			read_only = true;
		} else if (strcmp(argv[i], "-h") == 0 || strcmp(argv[i], "--help") == 0) {
			token_usage(stdout);
			return CLI_PASS;
		} else if (argv[i][0] == '-' && argv[i][1] != '\0') {
			fprintf(stderr, "layoutd token: unknown option %s\n", argv[i]);
			token_usage(stderr);
			return CLI_BAD;
		} else if (nargs == 0) {
			action = argv[i];
			nargs++;
		} else if (nargs == 1) {
			name = argv[i];
			nargs++;
		} else {
			fprintf(stderr, "layoutd token: unexpected argument %s\n", argv[i]);
			token_usage(stderr);
			return CLI_BAD;
		}
	}
	bool needs_name = action && (strcmp(action, "add") == 0 || strcmp(action, "revoke") == 0);
	if (!action || (!needs_name && strcmp(action, "list") != 0) ||
	    needs_name != (name != NULL)) {
		token_usage(stderr);
		return CLI_BAD;
	}
	if (name && !store_name_valid(name)) {
		fprintf(stderr,
			"layoutd token: invalid name \"%s\": names match "
			"[A-Za-z0-9][A-Za-z0-9._-]{0,127}\n",
			name);
		return CLI_BAD;
	}

	st = store_open(db, NULL, &err);
	if (!st) {
		fprintf(stderr, "layoutd token: %s\n", err.message);
		return exit_code(err.code == STORE_OK ? STORE_IO : err.code);
	}
	if (strcmp(action, "add") == 0) {
		code = store_token_add_scoped(st, name, read_only ? "read" : "write", token, &err);
		if (!code) {
			printf("%sToken for %s (shown only this once; send it as "
			       "\"Authorization: Bearer TOKEN\"):\n%s\n",
			       read_only ? "Read-only " : "", name, token);
			explicit_bzero(token, sizeof token);
		}
	} else if (strcmp(action, "revoke") == 0) {
		code = store_token_revoke(st, name, &err);
		if (!code)
			printf("revoked %s\n", name);
	} else {
		code = token_list(st, &err);
	}
	if (code)
		fprintf(stderr, "layoutd token %s: %s\n", action, err.message);
	store_close(st);
	return exit_code(code);
}

/* `layoutd db check [--db PATH]`: open (creating and migrating) the
 * database and run PRAGMA integrity_check; exit 0 when it says ok. */
int cli_db(int argc, char **argv)
{
	const char *db = store_default_db();
	struct store_error err = { 0 };
	if (argc < 2 || strcmp(argv[1], "check") != 0) {
		fprintf(stderr, "usage: layoutd db check [--db PATH]\n");
		return CLI_BAD;
	}
	for (int i = 2; i < argc; i++) {
		if (strcmp(argv[i], "--db") == 0 && i + 1 < argc) {
			db = argv[++i];
		} else {
			fprintf(stderr, "usage: layoutd db check [--db PATH]\n");
			return CLI_BAD;
		}
	}
	struct store *st = store_open(db, NULL, &err);
	if (!st) {
		fprintf(stderr, "layoutd db check: %s: %s\n", db, err.message);
		return CLI_FAIL;
	}
	int code = store_integrity_check(st, &err);
	if (code)
		fprintf(stderr, "layoutd db check: %s: %s\n", db, err.message);
	else
		printf("%s: ok (schema version %zu)\n", db,
		       store_is_url(db) ? store_pg_schema_version() : store_schema_version());
	store_close(st);
	return code ? CLI_FAIL : CLI_PASS;
}
