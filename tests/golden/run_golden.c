/*
 * run_golden.c - data-driven tests: every directory under $GOLDEN_DIR holds
 * request.json and expected.json.  The runner runs `$LAYOUTD check --json`
 * on the request and checks that expected.json is a subset of the output
 * (objects recursively, arrays and scalars exactly) and that the exit code
 * agrees: 2 with {"error"}, else 0 when ok, 1 when not.
 *
 * An error case may pin its message: a top-level "message" in expected.json
 * (a string, or an array of strings) is not part of the subset match; each
 * string must occur in the output's error.detail.  It names the essential
 * part of the message (the fact and its numbers), not its whole wording.
 * Arguments, if any, select the cases whose name contains one of them.
 */
#include <dirent.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <jansson.h>

static int subset(json_t *want, json_t *got, char *path, size_t n)
{
	if (json_is_object(want)) {
		if (!json_is_object(got))
			return 0;
		const char *key;
		json_t *v;
		size_t len = strlen(path);
		json_object_foreach(want, key, v)
		{
			snprintf(path + len, n - len, "/%s", key);
			if (!subset(v, json_object_get(got, key), path, n))
				return 0;
			path[len] = '\0';
		}
		return 1;
	}
	return json_equal(want, got);
}

/* Every string of want ("s" or ["s", ...]) occurs in detail; the first
 * that does not is returned in *missing. */
static int message_ok(json_t *want, const char *detail, const char **missing)
{
	size_t n = json_is_array(want) ? json_array_size(want) : 1;
	for (size_t i = 0; i < n; i++) {
		json_t *w = json_is_array(want) ? json_array_get(want, i) : want;
		const char *s = json_string_value(w);
		if (!s || !detail || !strstr(detail, s)) {
			*missing = s ? s : "(expected.json: message must be strings)";
			return 0;
		}
	}
	return 1;
}

static int run_case(const char *root, const char *name, const char *layoutd, const char *wrapper)
{
	char req[4096], exp[4096], cmd[12288], path[1024] = "";
	snprintf(req, sizeof req, "%s/%s/request.json", root, name);
	snprintf(exp, sizeof exp, "%s/%s/expected.json", root, name);
	json_error_t jerr;
	json_t *want = json_load_file(exp, 0, &jerr);
	if (!want) {
		printf("FAIL %s: cannot read expected.json: %s\n", name, jerr.text);
		return 0;
	}
	json_t *message = json_incref(json_object_get(want, "message"));
	json_object_del(want, "message");
	snprintf(cmd, sizeof cmd, "%s%s'%s' check --json '%s'", wrapper, *wrapper ? " " : "",
		 layoutd, req);
	FILE *p = popen(cmd, "r");
	if (!p) {
		printf("FAIL %s: cannot run %s\n", name, cmd);
		json_decref(want);
		return 0;
	}
	json_t *got = json_loadf(p, 0, &jerr);
	int status = pclose(p);
	int code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
	int pass = 0;
	if (!got) {
		printf("FAIL %s: output is not JSON (%s), exit %d\n", name, jerr.text, code);
	} else {
		int want_code = json_object_get(got, "error")		   ? 2
				: json_is_true(json_object_get(got, "ok")) ? 0
									   : 1;
		if (code != want_code) {
			printf("FAIL %s: exit %d, expected %d for this output\n", name, code,
			       want_code);
		} else if (!subset(want, got, path, sizeof path)) {
			char *w = json_dumps(want, JSON_COMPACT | JSON_SORT_KEYS);
			printf("FAIL %s: differs at %s\n  expected %s\n", name, path, w);
			char *g = json_dumps(got, JSON_COMPACT);
			printf("  got %.2000s\n", g ? g : "");
			free(w);
			free(g);
		} else if (message) {
			const char *detail = json_string_value(
				json_object_get(json_object_get(got, "error"), "detail"));
			const char *missing = NULL;
			pass = message_ok(message, detail, &missing);
			if (!pass)
				printf("FAIL %s: error.detail lacks \"%s\"\n  got \"%s\"\n", name,
				       missing, detail ? detail : "(no error.detail)");
		} else {
			pass = 1;
		}
	}
	json_decref(message);
	json_decref(got);
	json_decref(want);
	return pass;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

int main(int argc, char **argv)
{
	const char *root = getenv("GOLDEN_DIR"), *layoutd = getenv("LAYOUTD");
	const char *wrapper = getenv("LAYOUTD_WRAPPER");
	if (!root || !layoutd) {
		fprintf(stderr, "run_golden: set GOLDEN_DIR and LAYOUTD\n");
		return 99;
	}
	if (!wrapper)
		wrapper = "";
	DIR *d = opendir(root);
	if (!d) {
		perror(root);
		return 99;
	}
	char **names = NULL;
	size_t n = 0;
	struct dirent *ent;
	while ((ent = readdir(d))) {
		char probe[4096];
		snprintf(probe, sizeof probe, "%s/%s/request.json", root, ent->d_name);
		if (ent->d_name[0] == '.' || access(probe, R_OK) != 0)
			continue;
		bool wanted = argc < 2;
		for (int a = 1; a < argc && !wanted; a++)
			wanted = strstr(ent->d_name, argv[a]) != NULL;
		if (!wanted)
			continue;
		names = realloc(names, (n + 1) * sizeof *names);
		names[n++] = strdup(ent->d_name);
	}
	closedir(d);
	qsort(names, n, sizeof *names, cmp_str);
	size_t passed = 0;
	for (size_t i = 0; i < n; i++) {
		passed += (size_t)run_case(root, names[i], layoutd, wrapper);
		free(names[i]);
	}
	free(names);
	printf("golden: %zu of %zu cases pass\n", passed, n);
	return n > 0 && passed == n ? 0 : 1;
}
