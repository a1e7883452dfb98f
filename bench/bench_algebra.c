/*
 * bench_algebra.c - the layout algebra of the cute notation: microseconds
 * per evaluation of typical expressions (rank <= 4, size <= 2^16), with and
 * without their post-condition checks, and a 2^20-point composition whose
 * checks are set beside the analysis of its result.  Prints figures;
 * asserts nothing.  Times are the process CPU time.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "algebra/cute_algebra.h"
#include "layout.h"

static double now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t); /* a shared machine: CPU time */
	return (double)t.tv_sec * 1e6 + (double)t.tv_nsec / 1e3;
}

static double per_call(const char *text, int n)
{
	double t0 = now();
	for (int i = 0; i < n; i++) {
		char *res = NULL;
		json_t *alg = NULL;
		struct lay_error err;
		if (lay_cute_algebra(text, "/cute", &res, &alg, &err)) {
			fprintf(stderr, "%s: %s\n", text, err.message);
			exit(1);
		}
		free(res);
		json_decref(alg);
	}
	return (now() - t0) / n;
}

static double analysis(const char *cute, int n)
{
	char req[1024];
	snprintf(req, sizeof req, "{\"layout\":{\"cute\":\"%s\"}}", cute);
	double t0 = now();
	for (int i = 0; i < n; i++) {
		struct lay_error err;
		json_t *r = lay_json_load(req, strlen(req), &err);
		json_t *out = r ? lay_analyze(r, NULL, &err) : NULL;
		if (!out) {
			fprintf(stderr, "%s: %s\n", cute, err.message);
			exit(1);
		}
		json_decref(out);
		json_decref(r);
	}
	return (now() - t0) / n;
}

int main(void)
{
	static const char *const typical[] = {
		"logical_divide((4,2,3):(2,1,8), 4:2)",
		"zipped_divide((128,256):(256,1), <(16,2):(1,64), 32:1>)",
		"blocked_product((8,8):(8,1), (4,8):(1,4))",
		"composition((16,(8,32)):(256,(32,1)), (8,16):(16,1))",
		"tile_to_shape((8,8):(8,1), (64,128), Step<1,0>)",
		"right_inverse(((4,8),(2,4,2)):((64,1),(8,32,256)))",
		"max_common_vector((64,32):(32,1), (64,32):(32,1))",
		"zipped_divide(composition((256,256):(256,1), (256,256):(1,256)), <16:1, 16:1>)",
		"right_inverse(Sw<3,3,3> o 0 o (8,64):(64,1))",
		"max_common_layout(Sw<3,3,3> o 0 o (64,64):(64,1), (64,64):(64,1))",
		"right_inverse(Sw<3,4,3> o 0 o (64,1024):(1024,1))",
	};
	printf("algebra: microseconds per evaluation (checks on)\n");
	for (size_t i = 0; i < sizeof typical / sizeof typical[0]; i++)
		printf("  %8.2f  %s\n", per_call(typical[i], 2000), typical[i]);
	const char *big = "composition((1024,1024):(1024,1), (1024,1024):(1,1024))";
	double t_alg = per_call(big, 5);
	double t_ana = analysis("(1024,1024):(1,1024)", 5);
	printf("2^20-point composition: %.0f us with its checks; the analysis of its result "
	       "%.0f us (ratio %.2f)\n",
	       t_alg, t_ana, t_alg / t_ana);
	return 0;
}
