/*
 * ttgir_lines.h - internal to the engine: how a TTGIR text is read line by
 * line (ttgir_lines.c), shared by lint (analysis/lint.c) and the pasted op
 * line (ttgir_request.c): the text's lines, a module's aliases and
 * locations, the op a line holds and its types.  Its functions are tl_
 * (TTGIR lines).
 */
#ifndef LAYOUTD_TTGIR_LINES_H
#define LAYOUTD_TTGIR_LINES_H

#include <stdbool.h>

#include "layout.h"

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
	/* aliases that share a line ("#a = #ttg...<...>#b = #ttg..."), each its
	 * own line pointing into the text, owned */
	struct line *split;
	/* an alias written over several lines ("#a = #ttg.linear<{register =
	 * [...],\n lane = [...]}>"), joined: joined[k] the whole of the alias
	 * starting on line k (s owned; NULL s: line k is not one), owned */
	struct line *joined;
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
bool tl_blank_or(const char *s, int n, const char *what);
/* A "#name = ..." line: the name's length (0: not an alias), and where its
 * value starts. */
int tl_alias_name(const struct line *l, int *value_at);
/* A "// ..." line. */
bool tl_comment(const struct line *l);
/* Alias names ordered by length, then bytes; the first of v (in ix order)
 * not below name. */
int tl_name_cmp(const struct alias_line *a, const char *name, int n);
int tl_alias_lower(const struct alias_line *v, const int *ix, int nv, const char *name, int n);
/* The op's location, from its loc(...) through the module's aliases. */
void tl_op_loc(const struct module *m, const struct line *l, struct loc *out);
/* The op a line holds, and its 0-based byte column; NULL: none. */
const char *tl_line_op(const struct line *l, int *col);
/* A module's aliases and module line read (0, or -1 out of memory), and
 * what that owns given back. */
int tl_module_header(struct module *m);
void tl_module_free(struct module *m);
/* Line k with the lines that continue its op joined (owned by the caller,
 * in out); NULL when the op is on one line. */
char *tl_continuation(const struct module *m, int k, struct line *out);
/* A piece between "// -----" lines is a module (or MLIR at the top). */
bool tl_is_module(const struct line *l, long n);

/* The types of an op, in order: each "!ttg.memdesc<...>" (or the older
 * "!triton_gpu.memdesc<...>", "!tt.memdesc<...>") and "tensor<...>"
 * (balanced angle brackets) on its line before loc(...). */
struct optypes {
	int n;
	struct {
		const char *s;
		int len;
		bool memdesc;
	} t[8];
};
/* The types of line l from byte `from` on. */
void tl_op_types(const struct line *l, int from, struct optypes *ty);
/* The nth memdesc (or tensor) type of ty, and its length; NULL: none. */
const char *tl_type_of(const struct optypes *ty, bool memdesc, int nth, int *len);
/* Mark in use[] (one per m->al) the layout aliases text[0..n) reaches. */
void tl_mark(const struct module *m, const char *text, int n, bool *use, int depth);
/* {"ttgir": <the aliases the type(s) reach, the module line> "%v = x :
 * TYPE [-> TYPE2]"}: one side of an op as the ttgir notation reads it. */
json_t *tl_side2(const struct module *m, const char *type, int len, const char *type2, int len2);
json_t *tl_side(const struct module *m, const char *type, int len);

/*
 * A pasted op line -- one ttg.local_load, local_store or local_alloc with a
 * value, or one ttg.convert_layout, with the alias lines it uses -- as an
 * analysis request (ttgir_request.c): the memdesc's layout and {"access":
 * {"threads": <the tensor's layout>, "op"}}, or the source tensor's layout
 * and {"convert": {"to": <the result's layout>}}.  NULL when the text holds
 * no such op or more than one (a whole module: lint it).  The caller owns
 * the request.  The ttgir notation's text_request.
 */
json_t *lay_ttgir_request(const char *text);

#endif
