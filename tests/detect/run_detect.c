/*
 * run_detect.c - the notation detector against texts whose notation is
 * known: tests/detect/cases.jsonl (one {"text", "notation", "source"} per
 * line, "notation" null for a text no notation should claim: the example
 * texts of the docs, the issue reports) and every golden request that
 * gives a notation's text as a string under its key.  Prints each
 * disagreement; exit 1 if there is one.
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "layout.h"

static int one(const char *text, const char *want, const char *source, int *bad)
{
	const char *got = lay_detect_notation(text);
	if ((want == NULL) != (got == NULL) || (want && strcmp(want, got) != 0)) {
		(*bad)++;
		printf("FAIL %s: detected %s, expected %s\n", source, got ? got : "nothing",
		       want ? want : "nothing");
	}
	return 1;
}

int main(void)
{
	const char *golden = getenv("GOLDEN_DIR");
	if (!golden) {
		fprintf(stderr, "GOLDEN_DIR is not set\n");
		return 2;
	}
	char path[4096];
	int n = 0, bad = 0;
	snprintf(path, sizeof path, "%s/../detect/cases.jsonl", golden);
	FILE *f = fopen(path, "r");
	if (!f) {
		perror(path);
		return 2;
	}
	static char line[1 << 20];
	while (fgets(line, sizeof line, f)) {
		json_error_t je;
		json_t *c = json_loads(line, 0, &je);
		if (!c) {
			fprintf(stderr, "%s: bad case line: %s\n", path, je.text);
			return 2;
		}
		const char *text = json_string_value(json_object_get(c, "text"));
		n += one(text ? text : "", json_string_value(json_object_get(c, "notation")),
			 json_string_value(json_object_get(c, "source")), &bad);
		json_decref(c);
	}
	fclose(f);
	static const char *const keys[] = { "axe", "cute", "expr", "linear", "ttgir" };
	DIR *d = opendir(golden);
	struct dirent *e;
	while (d && (e = readdir(d))) {
		if (e->d_name[0] == '.')
			continue;
		snprintf(path, sizeof path, "%s/%s/request.json", golden, e->d_name);
		json_t *r = json_load_file(path, 0, NULL), *def = json_object_get(r, "layout");
		for (size_t k = 0; k < sizeof keys / sizeof keys[0]; k++) {
			const char *text = json_string_value(json_object_get(def, keys[k]));
			if (text)
				n += one(text, keys[k], e->d_name, &bad);
		}
		json_decref(r);
	}
	if (d)
		closedir(d);
	printf("%d texts, %d detected wrongly\n", n, bad);
	printf("%d passed, %d failed\n", n - bad, bad);
	return bad ? 1 : 0;
}
