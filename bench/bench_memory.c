/*
 * bench_memory.c - peak memory of the enumerations, in bytes per point.
 *
 * For each notation and each mode (an analysis through the general
 * enumeration, a comparison of two such layouts, the inverse table, the
 * placement table streamed), a 2^20, 2^22 or 2^24-point layout is handled in
 * a forked worker; a second worker only parses the same layout (twice for a
 * comparison) and keeps the parsed request alive, as the service does.  Each worker runs under
 * its own small forked parent that reads the worker's peak resident size
 * (getrusage RUSAGE_CHILDREN ru_maxrss) and reports it through a pipe, so
 * the peaks of successive workers do not mix.  Prints the difference divided
 * by max(physical points, logical elements, placements).  Asserts nothing.
 * usage: bench_memory [LOG2_MAX]   (default 22: sizes 2^20 and 2^22)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "layout.h"

enum mode { M_PARSE, M_PARSE2, M_ANALYSIS, M_COMPARE, M_INVERSE, M_TABLE, NMODE };
static const char *const mode_names[NMODE] = { "parse",	  "parse twice", "analysis",
					       "compare", "inverse",	 "table" };

/* A bijective 16x16 tiling of S x S elements (bench_engine's), as JSON text;
 * the caller frees it. */
static char *layout_text(const char *notation, int64_t S)
{
	int64_t T = S / 16;
	int k = __builtin_ctzll((uint64_t)S);
	size_t cap = 1 << 16;
	if (strcmp(notation, "table") == 0)
		cap = (size_t)(S * S) * 48 + 64;
	char *out = malloc(cap), *p = out;
	if (!out)
		return NULL;
	if (strcmp(notation, "axe") == 0) {
		snprintf(out, cap,
			 "{\"logical\":[%lld,%lld],\"axe\":\"S[(%lld,16,%lld,16):(%lld@m,16@t,1@m,"
			 "1@t)]\"}",
			 (long long)S, (long long)S, (long long)T, (long long)T, (long long)T);
	} else if (strcmp(notation, "cute") == 0) {
		snprintf(out, cap, "{\"cute\":\"((16,%lld),(16,%lld)):((16@t,%lld@m),(1@t,1@m))\"}",
			 (long long)T, (long long)T, (long long)T);
	} else if (strcmp(notation, "cute-tv") == 0) {
		snprintf(out, cap,
			 "{\"cute_role\":\"tv\",\"logical\":[%lld,%lld],\"cute\":\"((16,16),(%lld,"
			 "%lld)):((%lld,1),(%lld,16))\"}",
			 (long long)S, (long long)S, (long long)T, (long long)T, (long long)S,
			 (long long)(16 * S));
	} else if (strcmp(notation, "expr") == 0) {
		snprintf(out, cap,
			 "{\"logical\":[%lld,%lld],\"expr\":{\"t\":\"(i %% 16) * 16 + j %% 16\","
			 "\"m\":\"(i // 16) * %lld + j // 16\"}}",
			 (long long)S, (long long)S, (long long)T);
	} else if (strcmp(notation, "ttgir") == 0) {
		snprintf(out, cap,
			 "{\"ttgir\":\"#ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [8, "
			 "4], warpsPerCTA = [4, 1], order = [1, 0]}>\",\"shape\":[%lld,%lld]}",
			 (long long)S, (long long)S);
	} else if (strcmp(notation, "linear") == 0) {
		p += sprintf(p, "{\"linear\":{\"bases\":{\"t\":[");
		for (int b = 0; b < 8; b++)
			p += sprintf(p, "%s[%d,%d]", b ? "," : "", b < 4 ? 0 : 1 << (b - 4),
				     b < 4 ? 1 << b : 0);
		p += sprintf(p, "],\"m\":[");
		for (int b = 0; b < 2 * k - 8; b++)
			p += sprintf(p, "%s[%lld,%lld]", b ? "," : "",
				     b < k - 4 ? 0LL : 1LL << (b - (k - 4) + 4),
				     b < k - 4 ? 1LL << (b + 4) : 0LL);
		sprintf(p, "]},\"out\":[[\"dim0\",%lld],[\"dim1\",%lld]]}}", (long long)S,
			(long long)S);
	} else { /* table: element (i, j) at t = e % 256, m = e / 256 */
		p += sprintf(p, "{\"table\":[");
		for (int64_t e = 0; e < S * S; e++)
			p += sprintf(p, "%s[[%lld,%lld],{\"t\":%lld,\"m\":%lld}]", e ? "," : "",
				     (long long)(e / S), (long long)(e % S), (long long)(e % 256),
				     (long long)(e / 256));
		sprintf(p, "]}");
	}
	return out;
}

static int count_row(void *ctx, const struct lay_table_row *row)
{
	(void)row;
	++*(int64_t *)ctx;
	return 0;
}

static struct lay_def *parse(const char *text, json_t **v, struct lay_error *err)
{
	static const struct lay_options opt = { .max_points = 1LL << 26 };
	*v = lay_json_load(text, strlen(text), err);
	return *v ? lay_def_new(*v, "", &opt, err) : NULL;
}

/* The worker: parse, run the mode, exit 0 (or 1 on a failure). */
static int work(const char *notation, int64_t S, int mode)
{
	struct lay_error err;
	json_t *v = NULL, *v2 = NULL;
	char *text = layout_text(notation, S);
	struct lay_def *def = text ? parse(text, &v, &err) : NULL;
	bool two = mode == M_COMPARE || mode == M_PARSE2;
	struct lay_def *def2 = two && def ? parse(text, &v2, &err) : NULL;
	if (!def || (two && !def2)) {
		fprintf(stderr, "%s: %s\n", notation, err.message);
		return 1;
	}
	int64_t rows = 0;
	json_t *out = NULL;
	int rc = 0;
	switch (mode) {
	case M_ANALYSIS: {
		/* a probe takes the general enumeration in every notation */
		json_t *probe = json_loads("[[0, 0]]", 0, NULL);
		out = lay_analyze_def(def, NULL, "/expect", probe, "/probe", NULL, &err);
		json_decref(probe);
		rc = !out ||
		     strcmp(json_string_value(json_object_get(out, "method")), "enumerated") != 0;
		break;
	}
	case M_COMPARE:
		out = lay_compare(def, def2, 8, &err);
		rc = !out || !json_is_true(json_object_get(out, "equal"));
		break;
	case M_INVERSE:
	case M_TABLE:
		rc = lay_table(def, mode == M_INVERSE, count_row, &rows, &err) != 0;
		break;
	}
	if (rc)
		fprintf(stderr, "%s %s: failed: %s\n", notation, mode_names[mode], err.message);
	json_decref(out);
	lay_def_free(def2);
	lay_def_free(def);
	json_decref(v2);
	json_decref(v);
	free(text);
	return rc;
}

/* Peak resident KiB of a worker, or -1; *secs its wall time. */
static long measure(const char *notation, int64_t S, int mode, double *secs)
{
	int fd[2];
	struct timespec t0, t1;
	if (pipe(fd))
		return -1;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	pid_t mid = fork();
	if (mid == 0) {
		close(fd[0]);
		long out[2] = { -1, 0 };
		pid_t w = fork();
		if (w == 0)
			_exit(work(notation, S, mode));
		int st;
		if (w > 0 && waitpid(w, &st, 0) == w && WIFEXITED(st) && WEXITSTATUS(st) == 0) {
			struct rusage ru;
			getrusage(RUSAGE_CHILDREN, &ru);
			out[0] = ru.ru_maxrss;
		}
		if (write(fd[1], out, sizeof out) != sizeof out)
			_exit(1);
		_exit(0);
	}
	close(fd[1]);
	long got[2] = { -1, 0 };
	if (mid < 0 || read(fd[0], got, sizeof got) != sizeof got)
		got[0] = -1;
	close(fd[0]);
	if (mid > 0)
		waitpid(mid, NULL, 0);
	clock_gettime(CLOCK_MONOTONIC, &t1);
	*secs = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
	return got[0];
}

int main(int argc, char **argv)
{
	int maxlog = argc > 1 ? atoi(argv[1]) : 22;
	static const char *const notations[] = { "axe",	 "cute",  "cute-tv", "linear",
						 "expr", "ttgir", "table" };
	printf("memory benchmark: peak resident memory over a parse-only worker, in bytes per "
	       "point\n(points = max(physical points, elements, placements); the 16x16 tilings "
	       "of bench_engine;\nanalysis with a probe, so the general enumeration answers)\n");
	printf("  %-8s %6s", "notation", "points");
	for (int m = M_ANALYSIS; m < NMODE; m++)
		printf(" %16s", mode_names[m]);
	printf("\n");
	for (int k = 10; 2 * k <= maxlog; k++) {
		int64_t S = (int64_t)1 << k, points = S * S;
		for (size_t n = 0; n < sizeof notations / sizeof *notations; n++) {
			/* tables are parsed from JSON rows: 2^20 only, their parse
			 * dominates (the streaming reader is measured apart) */
			if (strcmp(notations[n], "table") == 0 && k > 10)
				continue;
			double t;
			long base = measure(notations[n], S, M_PARSE, &t);
			long base2 = measure(notations[n], S, M_PARSE2, &t);
			printf("  %-8s 2^%-4d", notations[n], 2 * k);
			for (int m = M_ANALYSIS; m < NMODE; m++) {
				long kb = measure(notations[n], S, m, &t);
				long b = m == M_COMPARE ? base2 : base;
				if (kb < 0 || b < 0)
					printf(" %16s", "failed");
				else
					printf("  %5.2f B (%5.2fs)",
					       (double)(kb - b) * 1024.0 / (double)points, t);
			}
			printf("\n");
			fflush(stdout);
		}
	}
	return 0;
}
