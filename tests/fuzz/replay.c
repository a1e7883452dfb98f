/*
 * replay.c - runs a libFuzzer harness without libFuzzer: every file named
 * on the command line, or else every golden request, every saved crash
 * reproducer and every HTTP message of tests/fuzz/framing, goes through
 * LLVMFuzzerTestOneInput once.  Built into `make
 * check` (and so under the sanitizers), it keeps the fuzzers' findings
 * fixed.  A finding is an abort or a sanitizer report: the exit status.
 */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int replay(const char *path)
{
	FILE *f = fopen(path, "rb");
	if (!f) {
		perror(path);
		return 1;
	}
	uint8_t *buf = NULL;
	size_t len = 0, cap = 0, n;
	do {
		if (len == cap) {
			cap = cap ? 2 * cap : 65536;
			uint8_t *nb = realloc(buf, cap);
			if (!nb) {
				fclose(f);
				free(buf);
				return 1;
			}
			buf = nb;
		}
		n = fread(buf + len, 1, cap - len, f);
		len += n;
	} while (n > 0);
	fclose(f);
	LLVMFuzzerTestOneInput(buf, len);
	free(buf);
	return 0;
}

/* Every entry of dir (one level), or dir/<entry>/leaf when leaf is set. */
static int replay_dir(const char *dir, const char *leaf, int *count)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	int rc = 0;
	if (!d)
		return 0;
	while ((e = readdir(d))) {
		char path[4096];
		if (e->d_name[0] == '.')
			continue;
		snprintf(path, sizeof path, "%s/%s%s%s", dir, e->d_name, leaf ? "/" : "",
			 leaf ? leaf : "");
		if (leaf) {
			FILE *f = fopen(path, "rb");
			if (!f)
				continue;
			fclose(f);
		}
		rc |= replay(path);
		(*count)++;
	}
	closedir(d);
	return rc;
}

int main(int argc, char **argv)
{
	int rc = 0, count = 0;
	if (argc > 1) {
		for (int i = 1; i < argc; i++, count++)
			rc |= replay(argv[i]);
	} else {
		const char *golden = getenv("GOLDEN_DIR"), *srcdir = getenv("srcdir");
		char crashes[4096];
		snprintf(crashes, sizeof crashes, "%s/tests/fuzz/crashes", srcdir ? srcdir : ".");
		if (golden)
			rc |= replay_dir(golden, "request.json", &count);
		rc |= replay_dir(crashes, NULL, &count);
		/* HTTP messages, the framing harness's seeds */
		snprintf(crashes, sizeof crashes, "%s/tests/fuzz/framing", srcdir ? srcdir : ".");
		rc |= replay_dir(crashes, NULL, &count);
	}
	printf("replayed %d inputs\n", count);
	return rc || count == 0;
}
