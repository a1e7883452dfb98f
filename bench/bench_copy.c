/*
 * bench_copy.c - the budget of the copy section: "auto" over every
 * ldmatrix variant (.x1/.x2/.x4, with and without .trans) of a 128x128 f16
 * tile (a Hopper mma v3 accumulator of 4 warps against nvmma_shared 128B)
 * in at most 1 ms.  Prints the copy step's best CPU time over the budget
 * (below 1.00 is within it) and over a baseline measured in the same
 * process: the plain analysis of the same shared layout (lay_analyze
 * without copy), the work every request does anyway.  Asserts nothing.
 * usage: bench_copy [REPEAT]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "layout.h"

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

#define SHARED                                                                           \
	"{\"ttgir\":\"#ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, " \
	"elementBitWidth = 16}>\",\"shape\":[128,128]}"
#define THREADS                                                                                \
	"{\"ttgir\":\"#ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, " \
	"1], instrShape = [16, 128, 16]}>\",\"shape\":[128,128]}"

int main(int argc, char **argv)
{
	int repeat = argc > 1 ? atoi(argv[1]) : 50;
	const char *text = "{\"layout\":" SHARED ",\"copy\":{\"instruction\":\"auto\","
			   "\"element_bits\":16,\"threads\":" THREADS "}}";
	struct lay_error err;
	json_t *req = lay_json_load(text, strlen(text), &err);
	struct lay_def *def =
		req ? lay_def_new(json_object_get(req, "layout"), "/layout", NULL, &err) : NULL;
	if (!def) {
		fprintf(stderr, "bad request: %s\n", err.message);
		return 1;
	}
	double best = 1e30, base = 1e30;
	json_t *last = NULL;
	for (int k = 0; k < repeat; k++) {
		json_t *plain = json_object_get(req, "layout");
		double t0 = now();
		json_t *a = lay_analyze(plain, NULL, &err);
		double t1 = now();
		if (!a) {
			fprintf(stderr, "analysis failed: %s\n", err.message);
			return 1;
		}
		int rc = lay_copy_request(a, def, json_object_get(req, "copy"), NULL, NULL, &err);
		double t2 = now();
		if (rc) {
			fprintf(stderr, "copy failed: %s (%s)\n", err.message, err.pointer);
			return 1;
		}
		if (t1 - t0 < base)
			base = t1 - t0;
		if (t2 - t1 < best)
			best = t2 - t1;
		json_decref(last);
		last = a;
	}
	json_t *c = json_object_get(last, "copy");
	printf("copy auto, 128x128 f16 mma v3 / nvmma_shared 128B, %zu variants (%s, %lld per "
	       "warp): copy %.3f ms; budget 1 ms: ratio %.2f; baseline (the layout's own "
	       "analysis) %.3f ms: ratio %.2f\n",
	       json_array_size(json_object_get(c, "candidates")),
	       json_string_value(json_object_get(c, "instruction")),
	       (long long)json_integer_value(json_object_get(c, "count")), best * 1e3, best / 1e-3,
	       base * 1e3, best / base);
	json_decref(last);
	lay_def_free(def);
	json_decref(req);
	return 0;
}
