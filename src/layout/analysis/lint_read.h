/*
 * lint_read.h - how lint reads a TTGIR text (lint_read.c), shared by the
 * files of lint: the text's lines, a module's aliases and locations, the op
 * a line holds.  Internal to lint; lint.h is its interface.
 */
#ifndef LAYOUTD_LINT_READ_H
#define LAYOUTD_LINT_READ_H

#include <stdbool.h>

#include "analysis/lint.h"

struct line {
	const char *s; /* start, in the text */
	int n;	       /* length, without the newline */
	long no;       /* 1-based line number in the whole text */
};

/* Ops of one module that share their types share their answer (a kernel
 * repeats its loads and stores per pipeline stage): the analysed fields are
 * kept per distinct op kind and type text. */
#define LINT_CACHE 256

struct alias_line {
	const char *name; /* after the '#' */
	int nlen;
	const struct line *line;
};

struct module {
	const struct line *l;
	int nl;
	struct alias_line *al; /* the layout aliases, owned */
	int nal;
	struct alias_line *locs; /* the "#locN = loc(...)" aliases, owned */
	int nlocs;
	/* al and locs in name order (then text order): their indices, owned */
	int *al_ix, *loc_ix;
	const struct line *modline; /* "module attributes {...}", or NULL */
	int ncache;
	char *key[LINT_CACHE];	    /* owned */
	json_t *fields[LINT_CACHE]; /* owned: the finding's analysed members */
};

/* Where an op is: its loc(...) resolved through the module's aliases. */
struct loc {
	char file[512];
	long line, column;
	bool found;
};

/* s (n bytes) is blank, or the text `what` after white space. */
bool lint_blank_or(const char *s, int n, const char *what);
/* A "#name = ..." line: the name's length (0: not an alias), and where its
 * value starts. */
int lint_alias_name(const struct line *l, int *value_at);
/* A "// ..." line. */
bool lint_comment(const struct line *l);
/* Alias names ordered by length, then bytes; the first of v (in ix order)
 * not below name. */
int lint_name_cmp(const struct alias_line *a, const char *name, int n);
int lint_alias_lower(const struct alias_line *v, const int *ix, int nv, const char *name, int n);
/* The op's location, from its loc(...) through the module's aliases. */
void lint_op_loc(const struct module *m, const struct line *l, struct loc *out);
/* The op a line holds, and its 0-based byte column; NULL: none. */
const char *lint_line_op(const struct line *l, int *col);
/* A module's aliases and module line read (0, or -1 out of memory), and
 * what that owns given back. */
int lint_module_header(struct module *m);
void lint_module_free(struct module *m);
/* Line k with the lines that continue its op joined (owned by the caller,
 * in out); NULL when the op is on one line. */
char *lint_continuation(const struct module *m, int k, struct line *out);
/* A piece between "// -----" lines is a module (or MLIR at the top). */
bool lint_is_module(const struct line *l, long n);

/* lint.c: {"ttgir": the aliases type[0..len) reaches, the module line,
 * "%v = x : TYPE"}, owned by the caller (NULL: no memory). */
json_t *lint_side(const struct module *m, const char *type, int len);

/*
 * lint_async.c: the finding of a cp.async (ttg.async_copy_global_to_local)
 * or an AMD buffer load into LDS (amdg.buffer_load_to_local) on line l of
 * m, op at byte column col: appended to findings (kind "bank_conflicts":
 * the shared store's counts, with "copy": the instruction, vector bytes,
 * count per thread, the limits each side sets, what was assumed, and for
 * cp.async the global side's coalescing), or kind skipped / error when it
 * cannot be analysed.  Nonzero only when the request's bounds stop it.
 */
int lint_async_op(struct module *m, const struct line *l, int col, const char *op, int module_no,
		  json_t *findings, const struct lay_options *opt, struct lay_error *err);
int lay_lint_async(json_t *f, const struct module *m, const char *md, int ml, const char *tn,
		   int tl, bool amd, const struct lay_options *opt, struct lay_error *err);

#endif
