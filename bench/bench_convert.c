/*
 * bench_convert.c - the two budgets of the conversion and global-memory
 * analyses, printed as time over budget (below 1.00 is within it):
 *   a 128x128 f16 conversion (a transpose through shared memory, Triton's
 *   scratch swizzle counted for the store and the load) classified in at
 *   most 1 ms, and a warp-by-warp global access of a 256x256 f32 tile
 *   (16-byte vectors, 4 warps) analysed in at most 5 ms, written as
 *   expressions and as linear bases.
 * Each figure is the best CPU time of REPEAT runs of the whole request
 * (analysis and report), and of the conversion step alone.  Asserts
 * nothing.
 * usage: bench_convert [REPEAT]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "layout.h"

/* CPU time of this process: on a shared machine the wall clock also
 * counts other programs' turns. */
static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static json_t *load(const char *text)
{
	struct lay_error err;
	json_t *req = lay_json_load(text, strlen(text), &err);
	if (!req) {
		fprintf(stderr, "bad request text: %s\n", err.message);
		exit(1);
	}
	return req;
}

/* Best time of `repeat` whole analyses; the last answer in *last. */
static double run(const char *text, int repeat, json_t **last)
{
	double best = 1e30;
	for (int k = 0; k < repeat; k++) {
		struct lay_error err;
		json_t *req = load(text);
		double t0 = now();
		json_t *a = lay_analyze(req, NULL, &err);
		double t = now() - t0;
		if (!a) {
			fprintf(stderr, "analysis failed: %s (%s)\n", err.message, err.pointer);
			exit(1);
		}
		if (t < best)
			best = t;
		json_decref(*last);
		*last = a;
		json_decref(req);
	}
	return best;
}

/* Best time of the conversion step alone (the source already read). */
static double run_convert(const char *text, int repeat)
{
	json_t *req = load(text);
	struct lay_error err;
	struct lay_def *def = lay_def_new(json_object_get(req, "layout"), "/layout", NULL, &err);
	if (!def) {
		fprintf(stderr, "bad layout: %s\n", err.message);
		exit(1);
	}
	double best = 1e30;
	for (int k = 0; k < repeat; k++) {
		json_t *out = json_object();
		double t0 = now();
		int rc = lay_convert_attach(out, def, json_object_get(req, "convert"), NULL, &err);
		double t = now() - t0;
		if (rc) {
			fprintf(stderr, "conversion failed: %s\n", err.message);
			exit(1);
		}
		if (t < best)
			best = t;
		json_decref(out);
	}
	lay_def_free(def);
	json_decref(req);
	return best;
}

#define SRC128                                                                              \
	"{\"linear\":{\"bases\":{\"register\":[[1,0],[2,0],[4,0],[0,32],[0,64]],"           \
	"\"lane\":[[8,0],[16,0],[32,0],[64,0],[0,1]],\"warp\":[[0,2],[0,4],[0,8],[0,16]]}," \
	"\"out\":[[\"dim0\",128],[\"dim1\",128]]}}"
#define DST128                                                                              \
	"{\"linear\":{\"bases\":{\"register\":[[0,1],[0,2],[0,4],[32,0],[64,0]],"           \
	"\"lane\":[[0,8],[0,16],[0,32],[0,64],[1,0]],\"warp\":[[2,0],[4,0],[8,0],[16,0]]}," \
	"\"out\":[[\"dim0\",128],[\"dim1\",128]]}}"

int main(int argc, char **argv)
{
	int repeat = argc > 1 ? atoi(argv[1]) : 20;
	json_t *last = NULL;
	const char *cvt =
		"{\"layout\":" SRC128 ",\"convert\":{\"to\":" DST128 ",\"element_bits\":16}}";
	double whole = run(cvt, repeat, &last);
	double step = run_convert(cvt, repeat);
	json_t *c = json_object_get(last, "convert");
	printf("conversion 128x128 f16 transpose (%s, store %g / load %g conflicts): whole "
	       "request %.3f ms, conversion %.3f ms; budget 1 ms: ratio %.2f\n",
	       json_string_value(json_object_get(c, "kind")),
	       json_number_value(json_object_get(json_object_get(c, "store"), "bank_conflicts")),
	       json_number_value(json_object_get(json_object_get(c, "load"), "bank_conflicts")),
	       whole * 1e3, step * 1e3, step / 1e-3);
	const char *glob =
		"{\"layout\":{\"logical\":[256,256],\"expr\":{\"offset\":\"i * 256 + j\"}},"
		"\"access\":{\"threads\":{\"logical\":[256,256],\"expr\":{\"thread\":\"(j // 4) % "
		"64 "
		"+ 64 * (i % 2)\",\"register\":\"j % 4 + 4 * (j // 256) + 4 * (i // 2)\"}},"
		"\"element_bits\":32,\"space\":\"global\"}}";
	/* the same two layouts as linear bases (row-major offsets; 4 f32 per
	 * lane, 32 lanes across a row, rows over warps and registers) */
	const char *glin =
		"{\"layout\":{\"linear\":{\"bases\":{\"offset\":[[0,1],[0,2],[0,4],[0,8],[0,16],"
		"[0,32],[0,64],[0,128],[1,0],[2,0],[4,0],[8,0],[16,0],[32,0],[64,0],[128,0]]},"
		"\"out\":[[\"dim0\",256],[\"dim1\",256]]}},\"access\":{\"threads\":{\"linear\":{"
		"\"bases\":{\"register\":[[0,1],[0,2],[2,0],[4,0],[8,0],[16,0],[32,0],[64,0],"
		"[128,0]],\"lane\":[[0,4],[0,8],[0,16],[0,32],[0,64]],\"warp\":[[0,128],[1,0]]},"
		"\"out\":[[\"dim0\",256],[\"dim1\",256]]}},\"element_bits\":32,"
		"\"space\":\"global\"}}";
	for (int form = 0; form < 2; form++) {
		double g = run(form ? glin : glob, repeat, &last);
		json_t *a = json_object_get(last, "access");
		printf("global access 256x256 f32 (%s), 128 threads, %lld-bit vectors (%lld "
		       "sectors, efficiency %g): whole request %.3f ms; budget 5 ms: ratio %.2f\n",
		       form ? "linear" : "expr",
		       (long long)json_integer_value(
			       json_object_get(json_object_get(a, "vector"), "bits")),
		       (long long)json_integer_value(json_object_get(a, "sectors")),
		       json_number_value(json_object_get(a, "efficiency")), g * 1e3, g / 5e-3);
	}
	json_decref(last);
	return 0;
}
