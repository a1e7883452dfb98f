/*
 * bench_engine.c - engine speed and memory on a 4096x4096 tile (2^24
 * points).  The baseline is the notation's own walk with an empty emit,
 * run in the same process: the ratio says what the analysis (extents,
 * linearization, collisions, holes, owners, fingerprint) costs on top of
 * merely producing the placements.  Prints figures; asserts nothing.
 * usage: bench_engine [SIDE] [REPEAT]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#include "layout.h"

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static int noop(void *ctx, int64_t elem, const int64_t *coord, int64_t outside)
{
	(void)elem;
	(void)outside;
	*(int64_t *)ctx += coord[0];
	return 0;
}

static double best_of(int repeat, double (*fn)(struct lay_def *), struct lay_def *def)
{
	double best = 1e30;
	for (int k = 0; k < repeat; k++) {
		double t = fn(def);
		if (t < best)
			best = t;
	}
	return best;
}

static double walk_only(struct lay_def *def)
{
	int64_t sink = 0;
	struct lay_error err;
	double t0 = now();
	def->ops->walk(def, noop, &sink, &err);
	double t = now() - t0;
	if (sink == 42)
		puts("");
	return t;
}

static double analysis(struct lay_def *def)
{
	struct lay_error err;
	double t0 = now();
	json_t *a = lay_analyze_def(def, NULL, "/expect", NULL, "/probe", NULL, &err);
	double t = now() - t0;
	if (!a) {
		fprintf(stderr, "analysis failed: %s\n", err.message);
		exit(1);
	}
	json_decref(a);
	return t;
}

int main(int argc, char **argv)
{
	int side = argc > 1 ? atoi(argv[1]) : 4096, repeat = argc > 2 ? atoi(argv[2]) : 3;
	char text[512];
	struct lay_error err;
	static const char *const names[] = { "expr", "axe" };
	printf("engine benchmark: %dx%d tile (%lld points), best of %d\n", side, side,
	       (long long)side * side, repeat);
	for (size_t n = 0; n < 2; n++) {
		if (n == 0)
			snprintf(text, sizeof text,
				 "{\"logical\":[%d,%d],\"expr\":{\"thread\":\"(i %% 16) * 8 + j %% "
				 "8\","
				 "\"slot\":\"(i // 16) * (%d // 8) + j // 8\"}}",
				 side, side, side);
		else
			snprintf(text, sizeof text,
				 "{\"logical\":[%d,%d],\"axe\":\"S[(%d,%d):(%d@m,1@m)]\"}", side,
				 side, side, side, side);
		json_t *v = lay_json_load(text, strlen(text), &err);
		struct lay_def *def = v ? lay_def_new(v, "", NULL, &err) : NULL;
		if (!def) {
			fprintf(stderr, "%s: %s\n", names[n], err.message);
			return 1;
		}
		double w = best_of(repeat, walk_only, def), a = best_of(repeat, analysis, def);
		printf("  %-5s walk %.3f s, analysis %.3f s, ratio analysis/walk %.2f, %.1f ns per "
		       "point\n",
		       names[n], w, a, a / w, a * 1e9 / ((double)side * side));
		lay_def_free(def);
		json_decref(v);
	}
	struct rusage ru;
	getrusage(RUSAGE_SELF, &ru);
	printf("  peak resident memory %.1f MiB (%.1f bytes per point)\n", ru.ru_maxrss / 1024.0,
	       ru.ru_maxrss * 1024.0 / ((double)side * side));
	return 0;
}
