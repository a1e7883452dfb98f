/*
 * bench_access.c - what the access analysis costs next to the plain
 * analysis, on a 128x128 f16 shared-memory tile read by 4 warps with
 * 128-bit (ldmatrix-style) loads, unswizzled and with the 128-byte swizzle.
 * Three figures per layout: the plain analysis, the analysis with the
 * access (bank conflicts), and with the swizzle search on top.  Prints
 * figures; asserts nothing.
 * usage: bench_access [REPEAT]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "layout.h"

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Best time of `repeat` analyses of the request text. */
static double run(const char *text, int repeat, json_t **last)
{
	double best = 1e30;
	for (int k = 0; k < repeat; k++) {
		struct lay_error err;
		json_t *req = lay_json_load(text, strlen(text), &err);
		double t0 = now();
		json_t *a = req ? lay_analyze(req, NULL, &err) : NULL;
		double t = now() - t0;
		if (!a) {
			fprintf(stderr, "analysis failed: %s\n", err.message);
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

int main(int argc, char **argv)
{
	int repeat = argc > 1 ? atoi(argv[1]) : 5;
	static const char *const mems[][2] = {
		{ "unswizzled", "i * 128 + j" },
		{ "Sw<3,3,4>", "(i * 128 + j) ^ ((((i * 128 + j) >> 7) & 7) << 3)" },
	};
	/* 128 threads; thread t reads rows of 16-byte chunks, 8 halves per load */
	static const char *threads =
		"{\"logical\":[128,128],\"expr\":{\"thread\":\"i % 8 + 8 * ((j // 8) % 16)\","
		"\"register\":\"j % 8 + 8 * (i // 8)\"}}";
	printf("access benchmark: 128x128 f16 tile, 4 warps, 128-bit loads, best of %d\n", repeat);
	for (size_t m = 0; m < 2; m++) {
		char layout[512], thr[512], text[2048];
		json_t *last = NULL;
		snprintf(layout, sizeof layout,
			 "{\"logical\":[128,128],\"expr\":{\"offset\":\"%s\"}}", mems[m][1]);
		snprintf(thr, sizeof thr, "%s", threads);
		snprintf(text, sizeof text, "{\"layout\":%s}", layout);
		double plain = run(text, repeat, &last);
		snprintf(text, sizeof text,
			 "{\"layout\":%s,\"access\":{\"threads\":%s,\"element_bits\":16}}", layout,
			 thr);
		double acc = run(text, repeat, &last);
		json_t *a = json_object_get(last, "access");
		double bc = json_number_value(json_object_get(a, "bank_conflicts"));
		long long wf = (long long)json_integer_value(json_object_get(a, "wavefronts"));
		snprintf(text, sizeof text,
			 "{\"layout\":%s,\"access\":{\"threads\":%s,\"element_bits\":16},"
			 "\"suggest\":\"swizzle\"}",
			 layout, thr);
		double sug = run(text, repeat, &last);
		const char *sw = json_string_value(json_object_get(
			json_object_get(json_object_get(last, "access"), "suggestion"), "swizzle"));
		printf("  %-10s plain %.2f ms, with access %.2f ms (+%.2f ms, %.2fx), with "
		       "suggest %.2f ms; %lld wavefronts, %g conflicts, suggests %s\n",
		       mems[m][0], plain * 1e3, acc * 1e3, (acc - plain) * 1e3, acc / plain,
		       sug * 1e3, wf, bc, sw ? sw : "?");
		json_decref(last);
	}
	return 0;
}
