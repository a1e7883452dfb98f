/*
 * analyze.h - what the analysis files share (not an interface of the
 * engine): the verdicts, the expectations, the per-element counts of an
 * enumeration and the examples a report lists.
 *
 * analyze.c         the analysis of a request and its JSON report
 * analyze_step.c    the per-element step, its counts and the fingerprint
 * analyze_expect.c  expectations and probes: read before any enumeration,
 *                   evaluated on the report
 */
#ifndef LAYOUTD_ANALYZE_H
#define LAYOUTD_ANALYZE_H

#include <nettle/sha2.h>

#include "layout.h"
#include "run.h"

enum {
	V_COMPLETE,
	V_COLLISION_FREE,
	V_REPLICAS_DISTINCT,
	V_IN_BOUNDS,
	V_HOLE_FREE,
	V_BIJECTIVE,
	V_ROUND_TRIP,
	NVERDICT
};
extern const char *const ana_verdict_names[NVERDICT];

struct coll_example {
	int64_t point;
	int n;
	int64_t elems[LAYOUTD_DEFAULT_EXAMPLES];
};

struct expect {
	int verdict[NVERDICT]; /* -1 unset, else 0/1 */
	int64_t owners, slots, replication;
	int64_t bank_conflicts, vector_bits; /* need an access analysis */
	double efficiency;		     /* global access: a minimum, < 0 none */
	int64_t sectors_per_request;	     /* global access: a maximum */
	const char *fingerprint;
	const char *layout; /* expect.layout: the algebra result must be this */
	const char *self;   /* a plain cute layout's own text (def->cute_text) */
	const char *equals;
	char equals_fp[72];
};

struct ana {
	int64_t unplaced, collisions, duplicates, mismatches, occupied;
	int64_t rep_min, rep_max;
	json_t *ex_unplaced, *ex_dup;
	struct coll_example *coll; /* elems[0] resolved after the walk */
	int ncoll;
	/* round-trip examples: element and point; the point's first element
	 * is resolved after the walk */
	int64_t *rt_elem, *rt_point;
	int nrt;
	int examples;
	/* fingerprint: points re-linearized over the axes sorted by name */
	struct sha256_ctx sha;
	bool resort;
	int order[LAYOUTD_MAX_AXES];
	int64_t nstride[LAYOUTD_MAX_AXES];
	int64_t *tmp;
	size_t ntmp;
	unsigned char fbuf[1 << 16];
	size_t flen;
};

struct probe_req {
	size_t n;
	int64_t *elems; /* per requested probe, its element */
};

/* The examples a report lists; NULL members are empty. */
struct report_ex {
	json_t *coll, *dup, *holes, *unplaced, *oob, *rt;
};

/* analyze_step.c */
/* qsort order of int64_t. */
int ana_cmp_i64(const void *a, const void *b);
struct ana *ana_new(const struct lay_def *def, const struct lay_options *opt,
		    struct lay_error *err);
void ana_free(struct ana *A);
/* The enumeration's callbacks (run.h): the axis extents once known, and
 * the places of one element. */
int ana_extents(struct run *r);
int ana_step(struct run *r, int64_t e, int32_t *pts, size_t n);
/* After the walk: the first holders of the example points; *ex_rt the
 * round-trip examples (new). */
int ana_resolve_firsts(struct run *r, struct ana *A, json_t **ex_rt);
void ana_fingerprint_final(const struct lay_def *def, struct ana *A, const int64_t *ext,
			   char fingerprint[72]);
int ana_struct_fingerprint(const struct lay_def *def, struct ana *A, const struct facts *F,
			   char fingerprint[72], struct lay_error *err);
/* The facts and examples of a finished enumeration (ex_rt stolen). */
void ana_facts(const struct lay_def *def, struct run *r, struct ana *A, json_t *ex_rt,
	       struct facts *F, struct report_ex *ex);

/* analyze_expect.c */
int ana_parse_expect(json_t *v, const char *ptr, const struct lay_options *opt, struct expect *x,
		     struct lay_error *err);
int ana_parse_probe(json_t *v, const char *ptr, const struct lay_def *def, struct run *r,
		    struct probe_req *pq, struct lay_error *err);
json_t *ana_probe_json(const struct lay_def *def, struct run *r, const struct probe_req *pq);
void ana_expect_layout(json_t *out, const char *want, const char *self, json_t *fails);
void ana_eval_expect(json_t *out, const struct expect *x);

#endif
