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
 * Arguments, if any, select the cases whose name contains one of them;
 * --shard K/N (first) keeps every Nth of those, from the Kth, so N runners
 * share the cases (Makefile.am runs two).
 *
 * The cases run in batches, one `layoutd check --json FILE...` per
 * GOLDEN_BATCH (default 200) cases, its JSON Lines matched to the cases by
 * their "file".  The exit codes are checked over the batch: its exit is the
 * worst the outputs call for, and its summary ("P passed, F failed, E
 * errors") counts each kind of output exactly.  A batch that disagrees
 * (or crashes, or loses an output) runs again one case per process, where
 * each exit code is checked alone, to name the case.
 */
#include <dirent.h>
#include <errno.h>
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

/* The exit code `layoutd check` owes an output: 2 error, 0 ok, 1 not. */
static int owed_code(json_t *got)
{
	return json_object_get(got, "error") ? 2 : json_is_true(json_object_get(got, "ok")) ? 0 : 1;
}

static json_t *load_expected(const char *root, const char *name, json_t **message)
{
	char exp[4096];
	json_error_t jerr;
	snprintf(exp, sizeof exp, "%s/%s/expected.json", root, name);
	json_t *want = json_load_file(exp, 0, &jerr);
	if (!want) {
		printf("FAIL %s: cannot read expected.json: %s\n", name, jerr.text);
		return NULL;
	}
	*message = json_incref(json_object_get(want, "message"));
	json_object_del(want, "message");
	return want;
}

/* Whether the case's output (its exit code already judged) is what
 * expected.json asks; why not on stdout. */
static int judge(const char *root, const char *name, json_t *got)
{
	char path[1024] = "";
	json_t *message = NULL, *want = load_expected(root, name, &message);
	int pass = 0;
	if (!want) {
		return 0;
	} else if (!subset(want, got, path, sizeof path)) {
		char *w = json_dumps(want, JSON_COMPACT | JSON_SORT_KEYS);
		printf("FAIL %s: differs at %s\n  expected %s\n", name, path, w);
		char *g = json_dumps(got, JSON_COMPACT);
		printf("  got %.2000s\n", g ? g : "");
		free(w);
		free(g);
	} else if (message) {
		const char *detail =
			json_string_value(json_object_get(json_object_get(got, "error"), "detail"));
		const char *missing = NULL;
		pass = message_ok(message, detail, &missing);
		if (!pass)
			printf("FAIL %s: error.detail lacks \"%s\"\n  got \"%s\"\n", name, missing,
			       detail ? detail : "(no error.detail)");
	} else {
		pass = 1;
	}
	json_decref(message);
	json_decref(want);
	return pass;
}

/* One case in its own process: its exit code is checked alone. */
static int run_case(const char *root, const char *name, const char *layoutd, const char *wrapper)
{
	char req[4096], cmd[12288];
	json_error_t jerr;
	snprintf(req, sizeof req, "%s/%s/request.json", root, name);
	snprintf(cmd, sizeof cmd, "%s%s'%s' check --json '%s'", wrapper, *wrapper ? " " : "",
		 layoutd, req);
	FILE *p = popen(cmd, "r");
	if (!p) {
		printf("FAIL %s: cannot run %s\n", name, cmd);
		return 0;
	}
	json_t *got = json_loadf(p, 0, &jerr);
	int status = pclose(p);
	int code = WIFEXITED(status) ? WEXITSTATUS(status) : -1, pass = 0;
	if (!got)
		printf("FAIL %s: output is not JSON (%s), exit %d\n", name, jerr.text, code);
	else if (code != owed_code(got))
		printf("FAIL %s: exit %d, expected %d for this output\n", name, code,
		       owed_code(got));
	else
		pass = judge(root, name, got);
	json_decref(got);
	return pass;
}

/* The outputs of one batch, by case; why the batch is not to be trusted
 * (into why), if it is not. */
static void read_batch(FILE *p, char **reqs, size_t n, json_t **outs, char *why, size_t wn)
{
	char *line = NULL;
	size_t cap = 0, k = 0;
	while (getline(&line, &cap, p) > 0) {
		json_t *got = json_loads(line, 0, NULL);
		const char *file = json_string_value(json_object_get(got, "file"));
		size_t at = k < n && file && strcmp(file, reqs[k]) == 0 ? k : n;
		for (size_t j = 0; at == n && file && j < n; j++)
			if (strcmp(file, reqs[j]) == 0)
				at = j;
		if (at == n || outs[at]) {
			snprintf(why, wn, "an output of no case or a second one: %.200s", line);
			json_decref(got);
			continue;
		}
		json_object_del(got, "file");
		outs[at] = got;
		k = at + 1;
	}
	free(line);
	for (size_t j = 0; j < n && !*why; j++)
		if (!outs[j])
			snprintf(why, wn, "no output for %s", reqs[j]);
}

/* The last "P passed, F failed, E errors" line of the batch's stderr. */
static int read_summary(FILE *err, int counts[3])
{
	char line[4096];
	int found = 0;
	rewind(err);
	while (fgets(line, sizeof line, err))
		if (sscanf(line, "%d passed, %d failed, %d errors", &counts[0], &counts[1],
			   &counts[2]) == 3)
			found = 1;
	return found;
}

/* n cases in one `layoutd check --json`: the number that pass. */
static size_t run_batch(const char *root, char **names, size_t n, const char *layoutd,
			const char *wrapper)
{
	char **reqs = calloc(n, sizeof *reqs), why[512] = "";
	json_t **outs = calloc(n, sizeof *outs);
	size_t len = strlen(wrapper) + strlen(layoutd) + 64, passed = 0;
	for (size_t i = 0; i < n; i++) {
		reqs[i] = malloc(strlen(root) + strlen(names[i]) + 16);
		sprintf(reqs[i], "%s/%s/request.json", root, names[i]);
		len += strlen(reqs[i]) + 3;
	}
	char *cmd = malloc(len), *c = cmd;
	c += sprintf(c, "%s%s'%s' check --json", wrapper, *wrapper ? " " : "", layoutd);
	for (size_t i = 0; i < n; i++)
		c += sprintf(c, " '%s'", reqs[i]);
	FILE *err = tmpfile(), *p = NULL;
	int saved = dup(STDERR_FILENO), code = -1, counts[3] = { -1, -1, -1 }, owed[3] = { 0 };
	if (err && saved >= 0 && dup2(fileno(err), STDERR_FILENO) >= 0) {
		p = popen(cmd, "r");
		dup2(saved, STDERR_FILENO);
	}
	if (!p) {
		snprintf(why, sizeof why, "cannot run it: %s", strerror(errno));
	} else {
		read_batch(p, reqs, n, outs, why, sizeof why);
		int status = pclose(p);
		code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
	}
	int worst = 0;
	for (size_t i = 0; i < n && !*why; i++) {
		int o = owed_code(outs[i]);
		owed[o]++;
		worst = o > worst ? o : worst;
	}
	if (!*why && code != worst)
		snprintf(why, sizeof why, "exit %d, expected %d for these outputs", code, worst);
	else if (!*why && !read_summary(err, counts))
		snprintf(why, sizeof why, "no \"P passed, F failed, E errors\" on stderr");
	else if (!*why && (counts[0] != owed[0] || counts[1] != owed[1] || counts[2] != owed[2]))
		snprintf(why, sizeof why,
			 "it counts %d passed, %d failed, %d errors; the outputs are %d, %d, %d",
			 counts[0], counts[1], counts[2], owed[0], owed[1], owed[2]);
	if (*why)
		printf("golden: the batch of %zu cases from %s: %s; one process per case\n", n,
		       names[0], why);
	for (size_t i = 0; i < n; i++) {
		passed += (size_t)(*why ? run_case(root, names[i], layoutd, wrapper)
					: judge(root, names[i], outs[i]));
		json_decref(outs[i]);
		free(reqs[i]);
	}
	if (saved >= 0)
		close(saved);
	if (err)
		fclose(err);
	free(cmd);
	free(outs);
	free(reqs);
	return passed;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* --shard K/N as the first arguments: sets *k (from 0) and *n. */
static int shard_of(int *argc, char ***argv, size_t *k, size_t *n)
{
	*k = 0;
	*n = 1;
	if (*argc < 3 || strcmp((*argv)[1], "--shard") != 0)
		return 1;
	unsigned long a, b;
	char end;
	if (sscanf((*argv)[2], "%lu/%lu%c", &a, &b, &end) != 2 || a < 1 || a > b) {
		fprintf(stderr, "run_golden: --shard K/N with 1 <= K <= N, not %s\n", (*argv)[2]);
		return 0;
	}
	*k = a - 1;
	*n = b;
	*argc -= 2;
	*argv += 2;
	return 1;
}

int main(int argc, char **argv)
{
	const char *root = getenv("GOLDEN_DIR"), *layoutd = getenv("LAYOUTD");
	const char *wrapper = getenv("LAYOUTD_WRAPPER"), *bs = getenv("GOLDEN_BATCH");
	size_t shard, shards, batch = bs && atoi(bs) > 0 ? (size_t)atoi(bs) : 200;
	if (!root || !layoutd) {
		fprintf(stderr, "run_golden: set GOLDEN_DIR and LAYOUTD\n");
		return 99;
	}
	if (!shard_of(&argc, &argv, &shard, &shards))
		return 99;
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
	size_t kept = 0; /* this shard's cases, in order, at the front */
	for (size_t i = 0; i < n; i++) {
		if (i % shards == shard)
			names[kept++] = names[i];
		else
			free(names[i]);
	}
	size_t passed = 0;
	for (size_t i = 0; i < kept; i += batch) {
		size_t m = kept - i < batch ? kept - i : batch;
		passed += m == 1 ? (size_t)run_case(root, names[i], layoutd, wrapper)
				 : run_batch(root, names + i, m, layoutd, wrapper);
	}
	for (size_t i = 0; i < kept; i++)
		free(names[i]);
	free(names);
	if (shards > 1)
		printf("golden: %zu of %zu cases pass (shard %zu of %zu)\n", passed, kept,
		       shard + 1, shards);
	else
		printf("golden: %zu of %zu cases pass\n", passed, kept);
	return kept > 0 && passed == kept ? 0 : 1;
}
