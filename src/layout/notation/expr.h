/*
 * expr.h - internal to the expr notation: the compiled programs and the
 * notation's state, shared by the compiler and evaluator (expr.c) and the
 * reader of printed TileLang layouts (expr_print.c).  Not installed.
 */
#ifndef LAYOUTD_EXPR_H
#define LAYOUTD_EXPR_H

#include "layout.h"

enum op {
	OP_CONST,
	OP_VAR,
	OP_NEG,
	OP_NOT,
	OP_ADD,
	OP_SUB,
	OP_MUL,
	OP_FDIV,
	OP_FMOD,
	OP_XOR,
	OP_AND,
	OP_OR,
	OP_SHL,
	OP_SHR,
	OP_MIN,
	OP_MAX,
	OP_TDIV,
	OP_TMOD,
};

struct insn {
	int op;
	int pos;     /* character offset of the operator or operand */
	int64_t val; /* constant, or variable index */
};

struct prog {
	char *text; /* owned copy of the source */
	char ptr[LAY_ERR_PTR];
	char axis[LAYOUTD_MAX_NAME];
	int axis_index;
	int n;
	int depth; /* maximum stack depth */
	struct insn code[];
};

struct expr_state {
	int nprog;
	struct prog *progs[LAYOUTD_MAX_AXES];
	int nrep;
	char rep_names[LAYOUTD_MAX_RANK][LAYOUTD_MAX_NAME];
	int64_t rep_ext[LAYOUTD_MAX_RANK];
	int nvars; /* rank + nrep */
	int max_depth;
	bool placeholders; /* a TileLang print: _i, _j, ... name the dimensions */
};

/* Compile `len` bytes of text as the program of physical axis `name` and
 * add it to st; errors point at ptr (positions from `off` into `full`
 * when the text is a piece of a larger one, full NULL otherwise). */
int expr_add_prog(struct lay_def *def, struct expr_state *st, const char *name, const char *text,
		  size_t len, const char *q, const char *full, size_t off, struct lay_error *err);
/* Bounds of the enumeration, once every program is compiled. */
int expr_finish(struct lay_def *def, struct expr_state *st);
/* A printed TileLang layout (text) into st and def. */
int expr_parse_print(struct lay_def *def, struct expr_state *st, const char *text, const char *ptr,
		     struct lay_error *err);

/* Python's floor division and modulo (expr.c), b != 0. */
int64_t expr_floordiv(int64_t a, int64_t b);
int64_t expr_floormod(int64_t a, int64_t b);
/* The closed form of def's programs, when they are sums of digits of the
 * variables (expr_form.c); f->kind unchanged otherwise. */
void expr_form(const struct lay_def *def, struct lay_form *f);

/* The expr notation's reader (expr.c); its descriptor is in expr_print.c. */
int lay_expr_parse(struct lay_def *def, json_t *v, json_t *whole, struct lay_error *err);

#endif
