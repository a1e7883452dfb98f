/*
 * bench_engine.c - engine speed against hand-written loops, in one run.
 *
 * For each notation, a bijective 16x16-tiled S x S layout (S = 1024 and
 * 4096: 2^20 and 2^24 points) is analysed by layoutd and by a hand-written
 * C loop over the same tiling that computes each point from the formula
 * and tests-and-sets a bitset (collisions, holes).  Both are timed in CPU
 * time (best of REPEAT), so other load on the machine does not skew the
 * ratio.  A second reference adds what any checker that reports the
 * fingerprint must also do: SHA-256 over the canonical body (12 bytes per
 * point, docs/identity.md).  Then structural decisions of 2^30 and 2^40
 * points, and table parsing rates.  Prints figures; asserts nothing.
 * usage: bench_engine [REPEAT [table]]  ("table": the table figures only)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>
#include <time.h>

#include <nettle/sha2.h>

#include "layout.h"

static double cpu(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static volatile int64_t sink;

/* ------------------------------------------------------------------ */
/* Reference loops: the tiling written by hand.                        */

/* The body a hand-written checker hashes for the fingerprint. */
struct refhash {
	struct sha256_ctx sha;
	size_t n;
	uint8_t b[1 << 16];
};

static inline void ref_put(struct refhash *h, uint64_t q)
{
	if (h->n > sizeof h->b - 12) {
		sha256_update(&h->sha, h->n, h->b);
		h->n = 0;
	}
	uint32_t one = 1;
	memcpy(h->b + h->n, &one, 4);
	memcpy(h->b + h->n + 4, &q, 8);
	h->n += 12;
}

static int64_t finish(uint64_t *bits, int64_t n, int64_t coll)
{
	int64_t used = 0;
	for (int64_t w = 0; w < n / 64; w++)
		used += __builtin_popcountll(bits[w]);
	free(bits);
	return coll * 1000003 + (n - used); /* collisions and holes */
}

/* element (i, j) -> t = (i%16)*16 + j%16, m = (i/16)*(S/16) + j/16; point m*256 + t
 * (for the fingerprint variant, the name order m, t is the same index). */
static int64_t ref_tiles(int64_t S, struct refhash *h)
{
	int64_t n = S * S, T = S / 16, coll = 0;
	uint64_t *bits = calloc((size_t)n / 64, sizeof *bits);
	for (int64_t i = 0; i < S; i++)
		for (int64_t j = 0; j < S; j++) {
			int64_t t = (i % 16) * 16 + j % 16, m = (i / 16) * T + j / 16;
			int64_t p = m * 256 + t;
			uint64_t bit = (uint64_t)1 << (p & 63);
			coll += (bits[p >> 6] & bit) != 0;
			bits[p >> 6] |= bit;
			if (h)
				ref_put(h, (uint64_t)p);
		}
	return finish(bits, n, coll);
}

/* cute tv: thread (t0, t1) value (v0, v1) -> tile index
 * t0*S + t1 + v0*16*S + v1*16 (colex, i + j*S); bitset over the tile. */
static int64_t ref_tv(int64_t S, struct refhash *h)
{
	int64_t n = S * S, T = S / 16, coll = 0;
	uint64_t *bits = calloc((size_t)n / 64, sizeof *bits);
	for (int64_t v = 0; v < n / 256; v++)
		for (int64_t t = 0; t < 256; t++) {
			int64_t idx = (t % 16) * S + t / 16 + (v % T) * 16 * S + (v / T) * 16;
			uint64_t bit = (uint64_t)1 << (idx & 63);
			coll += (bits[idx >> 6] & bit) != 0;
			bits[idx >> 6] |= bit;
			if (h)
				ref_put(h, (uint64_t)(t * (n / 256) + v));
		}
	return finish(bits, n, coll);
}

/* linear: hardware (t: 8 bits, m: 2k-8 bits) -> element by bit fields. */
static int64_t ref_linear(int64_t S, struct refhash *h)
{
	int k = __builtin_ctzll((uint64_t)S);
	int64_t n = S * S, coll = 0;
	uint64_t *bits = calloc((size_t)n / 64, sizeof *bits);
	for (int64_t t = 0; t < 256; t++)
		for (int64_t m = 0; m < n / 256; m++) {
			int64_t j = (t & 15) | (m & ((1 << (k - 4)) - 1)) << 4;
			int64_t i = (t >> 4) | (m >> (k - 4)) << 4;
			int64_t e = i * S + j;
			uint64_t bit = (uint64_t)1 << (e & 63);
			coll += (bits[e >> 6] & bit) != 0;
			bits[e >> 6] |= bit;
			if (h)
				ref_put(h, (uint64_t)(m * 256 + t));
		}
	return finish(bits, n, coll);
}

/* ------------------------------------------------------------------ */

static void layout_text(const char *notation, int64_t S, char *out, size_t n)
{
	int64_t T = S / 16;
	int k = __builtin_ctzll((uint64_t)S);
	if (strcmp(notation, "axe") == 0) {
		snprintf(out, n,
			 "{\"logical\":[%lld,%lld],\"axe\":\"S[(%lld,16,%lld,16):(%lld@m,16@t,1@m,"
			 "1@t)]\"}",
			 (long long)S, (long long)S, (long long)T, (long long)T, (long long)T);
	} else if (strcmp(notation, "cute") == 0) {
		snprintf(out, n, "{\"cute\":\"((16,%lld),(16,%lld)):((16@t,%lld@m),(1@t,1@m))\"}",
			 (long long)T, (long long)T, (long long)T);
	} else if (strcmp(notation, "cute-tv") == 0) {
		snprintf(out, n,
			 "{\"cute_role\":\"tv\",\"logical\":[%lld,%lld],\"cute\":\"((16,16),(%lld,"
			 "%lld)):((%lld,1),(%lld,16))\"}",
			 (long long)S, (long long)S, (long long)T, (long long)T, (long long)S,
			 (long long)(16 * S));
	} else if (strcmp(notation, "expr") == 0) {
		snprintf(out, n,
			 "{\"logical\":[%lld,%lld],\"expr\":{\"t\":\"(i %% 16) * 16 + j %% 16\","
			 "\"m\":\"(i // 16) * %lld + j // 16\"}}",
			 (long long)S, (long long)S, (long long)T);
	} else { /* linear: t bits -> j0..3, i0..3; m bits -> j4.., i4.. */
		char *p = out;
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
	}
}

static double time_analysis(const char *text, int repeat, const char **method)
{
	struct lay_error err;
	double best = 1e30;
	json_t *v = lay_json_load(text, strlen(text), &err);
	for (int r = 0; r < repeat && v; r++) {
		double t0 = cpu();
		json_t *a = lay_analyze(v, NULL, &err);
		double t = cpu() - t0;
		if (!a) {
			fprintf(stderr, "analysis failed: %s\n", err.message);
			exit(1);
		}
		if (!json_is_true(json_object_get(json_object_get(a, "verdict"), "bijective"))) {
			fprintf(stderr, "benchmark layout is not bijective: %s\n", text);
			exit(1);
		}
		static char m[32];
		snprintf(m, sizeof m, "%s", json_string_value(json_object_get(a, "method")));
		*method = m;
		json_decref(a);
		if (t < best)
			best = t;
	}
	json_decref(v);
	return best;
}

static double time_ref(int64_t (*fn)(int64_t, struct refhash *), int64_t S, bool hash, int repeat)
{
	double best = 1e30;
	static struct refhash h;
	for (int r = 0; r < repeat; r++) {
		double t0 = cpu();
		if (hash) {
			sha256_init(&h.sha);
			h.n = 0;
		}
		sink += fn(S, hash ? &h : NULL);
		if (hash) {
			uint8_t d[32];
			sha256_update(&h.sha, h.n, h.b);
			sha256_digest(&h.sha, sizeof d, d);
			sink += d[0];
		}
		double t = cpu() - t0;
		if (t < best)
			best = t;
	}
	return best;
}

static int count_row(void *ctx, const struct lay_table_row *row)
{
	(void)row;
	++*(int64_t *)ctx;
	return 0;
}

/* 1000-row pages of the 2^24-point axe tiling at the start and the end. */
static void bench_pages(int repeat)
{
	char text[512];
	struct lay_error err;
	layout_text("axe", 4096, text, sizeof text);
	json_t *v = lay_json_load(text, strlen(text), &err);
	struct lay_def *def = v ? lay_def_new(v, "", NULL, &err) : NULL;
	if (!def) {
		fprintf(stderr, "pages: %s\n", err.message);
		exit(1);
	}
	for (int inverse = 0; inverse < 2; inverse++) {
		double t[2] = { 1e30, 1e30 };
		int64_t firsts[2] = { 0, ((int64_t)1 << 24) - 1000 }, rows = 0;
		for (int k = 0; k < 2; k++)
			for (int r = 0; r < repeat; r++) {
				double t0 = cpu();
				lay_table_page(def, inverse, firsts[k], 1000, count_row, &rows,
					       &err);
				double dt = cpu() - t0;
				t[k] = dt < t[k] ? dt : t[k];
			}
		printf("  %-9s view, 1000 rows at row 0: %7.1f us; at row 2^24 - 1000: %7.1f us\n",
		       inverse ? "inverse" : "placement", t[0] * 1e6, t[1] * 1e6);
		sink += rows;
	}
	lay_def_free(def);
	json_decref(v);
}

/* A table request's text: n rows of a bijective side x side tile over two
 * axes.  Owned by the caller. */
static char *table_text(long n, size_t *len)
{
	long side = 1;
	while (side * side < n)
		side *= 2;
	size_t cap = (size_t)n * 48 + 64;
	char *text = malloc(cap), *p = text;
	if (!text)
		exit(1);
	p += sprintf(p, "{\"table\":[");
	for (long e = 0; e < n; e++)
		p += sprintf(p, "%s[[%ld,%ld],{\"t\":%ld,\"m\":%ld}]", e ? "," : "", e / side,
			     e % side, e % 256, e / 256);
	p += sprintf(p, "]}");
	*len = (size_t)(p - text);
	return text;
}

enum { TABLE_TEXT, TABLE_JANSSON, TABLE_LAYOUTD };

/* One measurement in a forked child, so that its peak resident memory is
 * its own: the child builds the text, then does what is asked (nothing,
 * jansson's parse, or layoutd's load and definition) and reports the CPU
 * time of that step through a pipe.  Returns the CPU seconds; *peak gets
 * the child's ru_maxrss in bytes. */
static double table_child(long n, int what, double *peak)
{
	int fd[2];
	double t = -1;
	if (pipe(fd))
		exit(1);
	fflush(stdout);
	pid_t pid = fork();
	if (pid == 0) {
		close(fd[0]);
		size_t len;
		char *text = table_text(n, &len);
		struct lay_error err;
		json_error_t je;
		double t0 = cpu();
		if (what == TABLE_JANSSON) {
			json_t *raw = json_loadb(text, len, JSON_REJECT_DUPLICATES, &je);
			if (!raw)
				_exit(1);
			sink += (int64_t)json_array_size(json_object_get(raw, "table"));
		} else if (what == TABLE_LAYOUTD) {
			json_t *v = lay_json_load(text, len, &err);
			struct lay_options opt = { .max_points = 1L << 26 };
			struct lay_def *def = v ? lay_def_new(v, "", &opt, &err) : NULL;
			if (!def) {
				fprintf(stderr, "table: %s\n", err.message);
				_exit(1);
			}
			sink += def->placements_bound;
		}
		double dt = cpu() - t0;
		if (write(fd[1], &dt, sizeof dt) != sizeof dt)
			_exit(1);
		_exit(0); /* the measured objects are still alive at the peak */
	}
	close(fd[1]);
	if (pid < 0 || read(fd[0], &t, sizeof t) != sizeof t)
		t = -1;
	close(fd[0]);
	struct rusage ru;
	int status;
	if (wait4(pid, &status, 0, &ru) != pid || !WIFEXITED(status) || WEXITSTATUS(status) ||
	    t < 0) {
		fprintf(stderr, "table benchmark child failed\n");
		exit(1);
	}
	*peak = ru.ru_maxrss * 1024.0;
	return t;
}

/*
 * Table parsing: jansson's own parse of the text against layoutd's load
 * and definition (what a request does before the analysis), in CPU time
 * (best of REPEAT) and peak resident memory, each in a forked child.  The
 * memory beyond the text is the peak minus that of a child that only
 * builds the text, per row.
 */
static void bench_table(int repeat)
{
	static const long sizes[] = { 1L << 16, 1L << 20, 1L << 22 };
	for (size_t s = 0; s < 3; s++) {
		long n = sizes[s];
		size_t len;
		free(table_text(n, &len));
		double tj = 1e30, tl = 1e30, mt = 0, mj = 0, ml = 0;
		table_child(n, TABLE_TEXT, &mt);
		for (int r = 0; r < repeat; r++) {
			double t = table_child(n, TABLE_JANSSON, &mj);
			tj = t < tj ? t : tj;
			t = table_child(n, TABLE_LAYOUTD, &ml);
			tl = t < tl ? t : tl;
		}
		printf("  table %8ld rows (%5.1f MB): jansson parse %.3f s, peak %6.1f MB; "
		       "layoutd load+definition %.3f s = %.2fx jansson, %.1f M rows/s, "
		       "peak %6.1f MB\n",
		       n, len / 1e6, tj, mj / 1e6, tl, tl / tj, n / tl / 1e6, ml / 1e6);
		printf("  %8s beyond the text (peak of a child that only builds it, %.1f MB): "
		       "jansson %.0f bytes/row, layoutd %.1f bytes/row\n",
		       "", mt / 1e6, (mj - mt) / n, (ml - mt) / n);
	}
}

int main(int argc, char **argv)
{
	int repeat = argc > 1 ? atoi(argv[1]) : 3;
	static const char *const notations[] = { "axe", "cute", "cute-tv", "linear", "expr" };
	int64_t (*refs[])(int64_t, struct refhash *) = { ref_tiles, ref_tiles, ref_tv, ref_linear,
							 ref_tiles };
	static const double target[] = { 3, 3, 3, 3, 10 };
	char *text = malloc(1 << 16);
	if (argc > 2 && strcmp(argv[2], "table") == 0) {
		printf("table parsing, CPU time, best of %d:\n", repeat);
		bench_table(repeat);
		free(text);
		return 0;
	}
	printf("engine benchmark: bijective 16x16 tilings, CPU time, best of %d\n", repeat);
	printf("  %-8s %6s %10s %10s %7s %12s %7s  %s\n", "notation", "points", "layoutd",
	       "reference", "ratio", "ref+sha256", "ratio", "target");
	for (int k = 10; k <= 12; k += 2) {
		int64_t S = (int64_t)1 << k;
		for (size_t n = 0; n < sizeof notations / sizeof *notations; n++) {
			const char *method = "";
			layout_text(notations[n], S, text, 1 << 16);
			double a = time_analysis(text, repeat, &method);
			double r = time_ref(refs[n], S, false, repeat);
			double rh = time_ref(refs[n], S, true, repeat);
			printf("  %-8s 2^%-4d %8.4f s %8.4f s %6.2fx %10.4f s %6.2fx  <= %gx "
			       "(%s)\n",
			       notations[n], 2 * k, a, r, a / r, rh, a / rh, target[n], method);
		}
	}

	printf("structural decisions (past the 2^26 enumeration limit):\n");
	for (int k = 15; k <= 20; k += 5) {
		int64_t S = (int64_t)1 << k;
		const char *forms[] = { "axe", "cute", "cute-tv", "linear" };
		for (size_t n = 0; n < 4; n++) {
			const char *method = "";
			layout_text(forms[n], S, text, 1 << 16);
			double a = time_analysis(text, repeat, &method);
			printf("  %-8s 2^%-4d %8.1f us (%s)\n", forms[n], 2 * k, a * 1e6, method);
		}
	}

	printf("table pages (2^24-point axe tiling):\n");
	bench_pages(repeat);
	printf("table parsing:\n");
	bench_table(repeat);
	struct rusage ru;
	getrusage(RUSAGE_SELF, &ru);
	printf("peak resident memory %.1f MiB\n", ru.ru_maxrss / 1024.0);
	free(text);
	return 0;
}
