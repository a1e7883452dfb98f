/*
 * cute_expr.h - internal to the engine: the values and the reader state
 * shared by cute_expr.c (reading an algebra expression) and cute_calls.c
 * (applying its functions).
 */
#ifndef LAYOUTD_CUTE_EXPR_H
#define LAYOUTD_CUTE_EXPR_H

#include "algebra/cute_algebra.h"
#include "notation/scan.h"

#define EX_MAX_DEPTH 48
#define EX_MAX_ARGS  16
#define EX_MAX_VALUE ((int64_t)1 << 40) /* an extent, stride or factor */
#define EX_TEXT	     1024

enum v_kind { V_LAYOUT, V_SHAPE, V_TILE, V_INT, V_UNDER, V_SWIZZLE, V_TYPE, V_NONE };

struct val {
	int kind;
	struct ca *l;  /* V_LAYOUT */
	struct ct *t;  /* V_SHAPE, V_TILE */
	int64_t v;     /* V_INT; V_TYPE: 0 LayoutLeft/GenColMajor, 1 LayoutRight/GenRowMajor */
	bool sw;       /* V_LAYOUT: Sw<B,M,S> o off o l */
	int B, M, S;   /* V_LAYOUT with sw, V_SWIZZLE */
	int64_t off;   /* offset of a swizzled layout */
	bool explicit; /* V_SHAPE written with ':'-less parentheses or a builder */
};

struct ex {
	struct lay_scan sc; /* cute:: qualifiers skipped as white space */
	struct ca_ctx c;
	json_t *steps;
	int depth;
};

struct args {
	struct val v[EX_MAX_ARGS];
	int pos[EX_MAX_ARGS], end[EX_MAX_ARGS];
	int n;
	int64_t targ[2];
	int ntarg;
};

const char *ex_kind_name(int kind);
/* A value as a tiler, shape or profile operand (NULL with the error set). */
struct ct *ex_as_tiler(struct ex *e, const struct val *v, int pos);
int ex_check_shape(struct ex *e, const struct ca *sh, int pos);
/* Shape and stride trees into one congruent layout. */
int ex_zip_layout(struct ex *e, const struct ca *sh, const struct ca *st, int pos, struct ca **out);
/* make_layout: a builder (*step false) or a concatenation (a step). */
int ex_make_layout(struct ex *e, const struct args *a, int at, struct val *r, bool *step);
/* Every other function on its arguments: r has the result. */
int ex_apply(struct ex *e, const char *name, int at, const struct args *a, struct val *r);

/* The cute notation's algebra expressions (cute_expr.c), evaluated with
 * the layout algebra (algebra/cute_algebra.h). */
/* The cute notation's algebra: when `text` is an expression (its head a
 * function name or a builder), evaluate it.  Returns 0 and *result NULL
 * for any other text; 0 with *result the printed result layout (malloc'd,
 * for the cute parser) and *algebra the response's "algebra" object
 * (*result "1:0" for an integer-valued expression, whose value is in
 * algebra.value); else a located error. */
int lay_cute_algebra(const char *text, const char *ptr, char **result, json_t **algebra,
		     struct lay_error *err);
/* The same within a request's bounds: the checks' scans take their
 * memory from ctx and stop at its deadline (NULL: unbounded). */
int lay_cute_algebra_in(struct lay_ctx *ctx, const char *text, const char *ptr, char **result,
			json_t **algebra, struct lay_error *err);
/* The text is an algebra expression lay_cute_algebra evaluates. */
bool lay_cute_is_expression(const char *text);
/* expect.layout: 1 when the layout text `want` equals the layout `got`
 * (same shape and stride), 0 when not, -1 when `want` does not parse (err
 * filled).  *same_function: 1 when the two are the same function of the
 * same logical shape, 0 when not, -1 when that is not decided (past the
 * check limit, with a swizzle or no common refinement of the shapes). */
int lay_cute_layout_equal(const char *want, const char *got, int *same_function, const char *ptr,
			  struct lay_error *err);
/* A plain layout text written as the algebra writes its results (malloc'd),
 * or NULL when the text is not one layout the algebra reads. */
char *lay_cute_layout_text(const char *text);

#endif
