/*
 * expr.c - the expr notation: TileLang-style index maps, one integer
 * expression per physical axis over the logical dimension names and the
 * replicate variables.  Expressions compile to postfix code evaluated with
 * 64-bit overflow checks and Python floor semantics for //, / and %.
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "layout.h"
#include "notation/expr.h"
#include "notation/scan.h"

/* ------------------------------------------------------------------ */
/* Compiler: recursive descent with Python's precedence.               */

/* Bytes of an expression quoted in an error message: the message has room
 * for the expression and the explanation around it. */
#define EXPR_QUOTE_MAX 200

struct compiler {
	struct lay_scan sc; /* errors: "... at character N of <axis> = \"<text>\"" */
	const struct lay_def *def;
	const struct expr_state *st;
	struct prog *prog;
	int cap;
	int depth, max_depth;
	int nest;
	char of[LAYOUTD_MAX_NAME + EXPR_QUOTE_MAX + 16];
};

/* The length of the longest prefix of s of at most max bytes that ends on
 * a UTF-8 character boundary. */
static int quote_len(const char *s, int max)
{
	int n = (int)strnlen(s, (size_t)max + 1);
	if (n <= max)
		return n;
	n = max;
	while (n > 0 && ((unsigned char)s[n] & 0xC0) == 0x80)
		n--;
	return n;
}

static int emit(struct compiler *c, int op, int pos, int64_t val, int push)
{
	if (c->prog->n >= c->cap)
		return lay_scan_error(&c->sc, LAY_ELIMIT, pos,
				      "expression has more than %d operations",
				      LAYOUTD_MAX_EXPR_NODES);
	c->prog->code[c->prog->n++] = (struct insn){ op, pos, val };
	c->depth += push;
	if (c->depth > c->max_depth)
		c->max_depth = c->depth;
	return 0;
}

static int parse_or(struct compiler *c);

/* Functions by name: the binary ones, and the integer casts TVM prints
 * around constants (op -1: one argument, its value). */
struct func {
	const char *name;
	int op;
};

static const struct func funcs[] = {
	{ "min", OP_MIN },	   { "max", OP_MAX },	      { "floordiv", OP_FDIV },
	{ "floormod", OP_FMOD },   { "FloorDiv", OP_FDIV },   { "FloorMod", OP_FMOD },
	{ "truncdiv", OP_TDIV },   { "truncmod", OP_TMOD },   { "Div", OP_TDIV },
	{ "bitwise_and", OP_AND }, { "bitwise_or", OP_OR },   { "bitwise_xor", OP_XOR },
	{ "shift_left", OP_SHL },  { "shift_right", OP_SHR }, { "int32", -1 },
	{ "int64", -1 },	   { "int16", -1 },	      { "int8", -1 },
	{ "uint32", -1 },	   { "uint64", -1 },
};

static const struct func *find_func(const char *name)
{
	for (size_t k = 0; k < sizeof funcs / sizeof funcs[0]; k++)
		if (strcmp(funcs[k].name, name) == 0)
			return &funcs[k];
	return NULL;
}

/* The module prefixes TVM's printers put before a function: T (TVMScript),
 * tir, tirx, I (the IR module printer). */
static bool is_tvm_prefix(const char *name)
{
	return strcmp(name, "T") == 0 || strcmp(name, "tir") == 0 || strcmp(name, "tirx") == 0 ||
	       strcmp(name, "I") == 0;
}

/* A name [A-Za-z_][A-Za-z0-9_]* at c->sc.pos into name (LAY_ENAME past
 * the limit, located at start). */
static int read_name(struct compiler *c, char *name, int start)
{
	int n = lay_scan_name(&c->sc, name, LAYOUTD_MAX_NAME);
	if (n >= LAYOUTD_MAX_NAME)
		return lay_scan_error(&c->sc, LAY_ENAME, start, "name longer than %d characters",
				      LAYOUTD_MAX_NAME - 1);
	return 0;
}

/* A call name(args) at '(': the functions of find_func. */
static int parse_call(struct compiler *c, const char *name, int start)
{
	const struct func *f = find_func(name);
	if (!f)
		return lay_scan_error(&c->sc, LAY_EUNKNOWN, start,
				      "unknown function \"%s\" (known: min, max, floordiv, "
				      "floormod, truncdiv, truncmod, bitwise_and, bitwise_or, "
				      "bitwise_xor, shift_left, shift_right, int32, int64, "
				      "optionally written T.name as TVM prints them)",
				      name);
	if (++c->nest > LAYOUTD_MAX_JSON_DEPTH)
		return lay_scan_error(&c->sc, LAY_ELIMIT, start, "calls nested too deeply");
	c->sc.pos++;
	int rc = parse_or(c);
	if (rc)
		return rc;
	lay_scan_ws(&c->sc);
	if (f->op >= 0) {
		if (c->sc.s[c->sc.pos] != ',')
			return lay_scan_error(&c->sc, LAY_ESYNTAX, c->sc.pos,
					      "expected ',' (%s takes two arguments)", name);
		c->sc.pos++;
		if ((rc = parse_or(c)))
			return rc;
		lay_scan_ws(&c->sc);
	}
	if (c->sc.s[c->sc.pos] != ')')
		return lay_scan_error(&c->sc, LAY_ESYNTAX, c->sc.pos, "expected ')' (%s takes %s)",
				      name, f->op >= 0 ? "two arguments" : "one argument");
	c->sc.pos++;
	c->nest--;
	return f->op >= 0 ? emit(c, f->op, start, 0, -1) : 0;
}

/* A variable: a logical dimension, a placeholder _i, _j, ... of a
 * printed layout, or a replicate variable. */
static int parse_name(struct compiler *c, const char *name, int start)
{
	for (int d = 0; d < c->def->rank; d++)
		if (strcmp(c->def->names[d], name) == 0)
			return emit(c, OP_VAR, start, d, 1);
	/* TileLang's placeholders in a printed layout: _i, _j, ... */
	if (c->st->placeholders && name[0] == '_' && name[1] >= 'i' && !name[2] &&
	    name[1] - 'i' < c->def->rank)
		return emit(c, OP_VAR, start, name[1] - 'i', 1);
	for (int r = 0; r < c->st->nrep; r++)
		if (strcmp(c->st->rep_names[r], name) == 0)
			return emit(c, OP_VAR, start, c->def->rank + r, 1);
	char known[LAY_ERR_MSG / 2] = "";
	for (int d = 0; d < c->def->rank + c->st->nrep; d++) {
		char ph[4] = { '_', (char)('i' + d), 0, 0 };
		const char *nm = d >= c->def->rank     ? c->st->rep_names[d - c->def->rank]
				 : c->st->placeholders ? ph
						       : c->def->names[d];
		size_t len = strlen(known);
		snprintf(known + len, sizeof known - len, "%s%s", d ? ", " : "", nm);
	}
	char msg[LAY_ERR_MSG];
	snprintf(msg, sizeof msg, "unknown name \"%s\" (known: %s)", name, known);
	return lay_scan_error(&c->sc, LAY_EUNKNOWN, start, "%s", msg);
}

static int parse_atom(struct compiler *c)
{
	lay_scan_ws(&c->sc);
	int start = c->sc.pos;
	char ch = c->sc.s[c->sc.pos];
	if (ch == '(') {
		if (++c->nest > LAYOUTD_MAX_JSON_DEPTH)
			return lay_scan_error(&c->sc, LAY_ELIMIT, start,
					      "parentheses nested too deeply");
		c->sc.pos++;
		int rc = parse_or(c);
		if (rc)
			return rc;
		lay_scan_ws(&c->sc);
		if (c->sc.s[c->sc.pos] != ')')
			return lay_scan_error(&c->sc, LAY_ESYNTAX, c->sc.pos, "expected ')'");
		c->sc.pos++;
		c->nest--;
		return 0;
	}
	if (isdigit((unsigned char)ch)) {
		int64_t v = 0;
		int rc =
			lay_scan_digits(&c->sc, start, false, &v, "integer literal", LAY_EOVERFLOW);
		if (rc)
			return rc;
		if (isalpha((unsigned char)c->sc.s[c->sc.pos]) || c->sc.s[c->sc.pos] == '_' ||
		    c->sc.s[c->sc.pos] == '.')
			return lay_scan_error(&c->sc, LAY_ESYNTAX, c->sc.pos, "%s",
					      c->sc.s[c->sc.pos] == '.'
						      ? "only integers are allowed"
						      : "unexpected character after a number");
		return emit(c, OP_CONST, start, v, 1);
	}
	if (isalpha((unsigned char)ch) || ch == '_') {
		char name[LAYOUTD_MAX_NAME];
		int rc = read_name(c, name, start);
		if (rc)
			return rc;
		lay_scan_ws(&c->sc);
		/* TVM's script printer qualifies its functions: T.min(a, b),
		 * T.truncmod(a, b), T.bitwise_xor(a, b), T.int64(8) */
		if (c->sc.s[c->sc.pos] == '.' && is_tvm_prefix(name)) {
			c->sc.pos++;
			lay_scan_ws(&c->sc);
			if ((rc = read_name(c, name, start)))
				return rc;
			lay_scan_ws(&c->sc);
			if (c->sc.s[c->sc.pos] != '(')
				return lay_scan_error(&c->sc, LAY_ESYNTAX, c->sc.pos,
						      "expected '(' after the function name \"%s\"",
						      name);
		}
		if (c->sc.s[c->sc.pos] == '(')
			return parse_call(c, name, start);
		return parse_name(c, name, start);
	}
	if (ch == '\0')
		return lay_scan_error(&c->sc, LAY_ESYNTAX, start, "unexpected end of expression");
	char tok[2] = { ch, 0 };
	return lay_scan_error(&c->sc, LAY_ESYNTAX, start, "unexpected '%s'", tok);
}

static int parse_unary(struct compiler *c)
{
	lay_scan_ws(&c->sc);
	char ch = c->sc.s[c->sc.pos];
	if (ch == '-' || ch == '~' || ch == '+') {
		int pos = c->sc.pos++;
		if (++c->nest > LAYOUTD_MAX_EXPR_NODES)
			return lay_scan_error(&c->sc, LAY_ELIMIT, pos, "too many unary operators");
		int rc = parse_unary(c);
		c->nest--;
		if (rc || ch == '+')
			return rc;
		return emit(c, ch == '-' ? OP_NEG : OP_NOT, pos, 0, 0);
	}
	return parse_atom(c);
}

/* Binary levels, lowest first; each entry lists its operators. */
static const struct {
	const char *tok[4];
	int op[4];
} levels[] = {
	{ { "|" }, { OP_OR } },
	{ { "^" }, { OP_XOR } },
	{ { "&" }, { OP_AND } },
	{ { "<<", ">>" }, { OP_SHL, OP_SHR } },
	{ { "+", "-" }, { OP_ADD, OP_SUB } },
	{ { "//", "*", "/", "%" }, { OP_FDIV, OP_MUL, OP_FDIV, OP_FMOD } },
};
#define NLEVELS ((int)(sizeof levels / sizeof levels[0]))

static int parse_level(struct compiler *c, int level)
{
	if (level == NLEVELS)
		return parse_unary(c);
	int rc = parse_level(c, level + 1);
	while (!rc) {
		lay_scan_ws(&c->sc);
		int found = -1;
		for (int k = 0; k < 4 && levels[level].tok[k]; k++) {
			size_t n = strlen(levels[level].tok[k]);
			if (strncmp(c->sc.s + c->sc.pos, levels[level].tok[k], n) == 0) {
				/* '<' alone or '<=' is not an operator here. */
				found = k;
				break;
			}
		}
		if (found < 0)
			return 0;
		int pos = c->sc.pos;
		c->sc.pos += (int)strlen(levels[level].tok[found]);
		if ((rc = parse_level(c, level + 1)))
			return rc;
		rc = emit(c, levels[level].op[found], pos, 0, -1);
	}
	return rc;
}

static int parse_or(struct compiler *c)
{
	return parse_level(c, 0);
}

static int compile(struct prog *prog, const char *text, const struct lay_def *def,
		   const struct expr_state *st, const char *ptr, struct lay_error *err)
{
	struct compiler c = { .def = def, .st = st, .prog = prog, .cap = LAYOUTD_MAX_EXPR_NODES };
	lay_scan_init(&c.sc, text, ptr, err, 0);
	/* the expression itself is quoted, cut on a character boundary */
	int quoted = quote_len(text, EXPR_QUOTE_MAX);
	snprintf(c.of, sizeof c.of, "%s = \"%.*s%s\"", prog->axis, quoted, text,
		 text[quoted] ? "..." : "");
	c.sc.of = c.of;
	int rc = parse_or(&c);
	if (rc)
		return rc;
	lay_scan_ws(&c.sc);
	if (text[c.sc.pos] != '\0') {
		char tok[2] = { text[c.sc.pos], 0 };
		if (text[c.sc.pos] == '<' || text[c.sc.pos] == '>' || text[c.sc.pos] == '=' ||
		    text[c.sc.pos] == '!')
			return lay_scan_error(
				&c.sc, LAY_ESYNTAX, c.sc.pos,
				"comparison operators are not index arithmetic ('%s')", tok);
		return lay_scan_error(&c.sc, LAY_ESYNTAX, c.sc.pos,
				      "unexpected '%s' after a complete expression", tok);
	}
	prog->depth = c.max_depth;
	return 0;
}

/* ------------------------------------------------------------------ */
/* Evaluation                                                          */

int64_t expr_floordiv(int64_t a, int64_t b)
{
	int64_t q = a / b;
	if ((a % b != 0) && ((a < 0) != (b < 0)))
		q--;
	return q;
}

int64_t expr_floormod(int64_t a, int64_t b)
{
	int64_t r = a % b;
	if (r != 0 && ((r < 0) != (b < 0)))
		r += b;
	return r;
}

static const char *op_text(const char *s, int pos)
{
	static const char *names[] = { "//", "<<", ">>" };
	for (size_t i = 0; i < 3; i++)
		if (strncmp(s + pos, names[i], 2) == 0)
			return names[i];
	return NULL;
}

/* Describe the element for error messages: "(1, 0) [i=1, j=0, rep=1]". */
static void describe_element(const struct lay_def *def, const struct expr_state *st,
			     const int64_t *vars, char *out, size_t n)
{
	size_t len = 0;
	len += (size_t)snprintf(out + len, n - len, "(");
	for (int d = 0; d < def->rank && len < n; d++)
		len += (size_t)snprintf(out + len, n - len, "%s%lld", d ? ", " : "",
					(long long)vars[d]);
	if (len < n)
		len += (size_t)snprintf(out + len, n - len, ") [");
	for (int d = 0; d < def->rank + st->nrep && len < n; d++)
		len += (size_t)snprintf(out + len, n - len, "%s%s=%lld", d ? ", " : "",
					d < def->rank ? def->names[d]
						      : st->rep_names[d - def->rank],
					(long long)vars[d]);
	if (len < n)
		snprintf(out + len, n - len, "]");
}

static int eval_fail(const struct prog *p, const struct insn *in, const struct lay_def *def,
		     const struct expr_state *st, const int64_t *vars, int code, const char *what,
		     struct lay_error *err)
{
	char elem[256];
	describe_element(def, st, vars, elem, sizeof elem);
	const char *tok = op_text(p->text, in->pos);
	char optext[4] = { p->text[in->pos], 0, 0, 0 };
	if (tok)
		snprintf(optext, sizeof optext, "%s", tok);
	long at = lay_utf8_offset(p->text, in->pos);
	lay_error_set(err, code, p->ptr, at,
		      "%s at '%s' (character %ld) in %s = \"%s\" for element %s", what, optext, at,
		      p->axis, p->text, elem);
	lay_error_source(err, p->text);
	return code;
}

/* How a binary operator fails: 64-bit overflow, a division by zero or a
 * negative shift count (each with its error code and message, bin_fails[]). */
enum { BIN_OK, BIN_OVERFLOW, BIN_DIVZERO, BIN_SHIFT };

static const struct {
	int code;
	const char *what;
} bin_fails[] = {
	[BIN_OVERFLOW] = { LAY_EOVERFLOW, "64-bit overflow" },
	[BIN_DIVZERO] = { LAY_EDIVZERO, "division by zero" },
	[BIN_SHIFT] = { LAY_ERANGE, "negative shift count" },
};

/* a (op) b into *out, Python's floor division and modulo and TVM's
 * truncating ones, every result checked to fit 64 bits. */
static int binop(const struct insn *in, int64_t a, int64_t b, int64_t *out)
{
	int64_t r = 0;
	switch (in->op) {
	case OP_ADD:
		if (__builtin_add_overflow(a, b, &r))
			return BIN_OVERFLOW;
		break;
	case OP_SUB:
		if (__builtin_sub_overflow(a, b, &r))
			return BIN_OVERFLOW;
		break;
	case OP_MUL:
		if (__builtin_mul_overflow(a, b, &r))
			return BIN_OVERFLOW;
		break;
	case OP_FDIV:
	case OP_FMOD:
		if (b == 0)
			return BIN_DIVZERO;
		if (a == INT64_MIN && b == -1) {
			if (in->op == OP_FDIV)
				return BIN_OVERFLOW;
			r = 0;
			break;
		}
		r = in->op == OP_FDIV ? expr_floordiv(a, b) : expr_floormod(a, b);
		break;
	case OP_XOR:
		r = a ^ b;
		break;
	case OP_AND:
		r = a & b;
		break;
	case OP_OR:
		r = a | b;
		break;
	case OP_SHL:
		if (b < 0)
			return BIN_SHIFT;
		/* overflow unless a << b fits int64 (-1 << 63 does); checked without UB */
		if (a != 0 &&
		    (b >= 64 || (a > 0 && a > (INT64_MAX >> b)) || (a < 0 && a < (INT64_MIN >> b))))
			return BIN_OVERFLOW;
		r = a == 0 ? 0 : (int64_t)((uint64_t)a << b);
		break;
	case OP_SHR:
		if (b < 0)
			return BIN_SHIFT;
		r = b >= 63 ? (a < 0 ? -1 : 0) : a >> b;
		break;
	case OP_MIN:
		r = a < b ? a : b;
		break;
	case OP_MAX:
		r = a > b ? a : b;
		break;
	case OP_TDIV:
	case OP_TMOD:
		/* C's truncating division, TVM's truncdiv and truncmod */
		if (b == 0)
			return BIN_DIVZERO;
		if (a == INT64_MIN && b == -1) {
			if (in->op == OP_TDIV)
				return BIN_OVERFLOW;
			r = 0;
			break;
		}
		r = in->op == OP_TDIV ? a / b : a % b;
		break;
	}
	*out = r;
	return BIN_OK;
}

/* Run the program on one element's variables: *out its value, or the
 * failure located at the operator. */
static int eval(const struct prog *p, const struct lay_def *def, const struct expr_state *st,
		const int64_t *vars, int64_t *stack, int64_t *out, struct lay_error *err)
{
	int sp = 0;
	for (int k = 0; k < p->n; k++) {
		const struct insn *in = &p->code[k];
		int64_t b, r;
		int f;
		switch (in->op) {
		case OP_CONST:
			stack[sp++] = in->val;
			continue;
		case OP_VAR:
			stack[sp++] = vars[in->val];
			continue;
		case OP_NEG:
			if (stack[sp - 1] == INT64_MIN)
				return eval_fail(p, in, def, st, vars, LAY_EOVERFLOW,
						 "64-bit overflow", err);
			stack[sp - 1] = -stack[sp - 1];
			continue;
		case OP_NOT:
			stack[sp - 1] = ~stack[sp - 1];
			continue;
		default:
			break;
		}
		b = stack[--sp];
		if ((f = binop(in, stack[sp - 1], b, &r)))
			return eval_fail(p, in, def, st, vars, bin_fails[f].code, bin_fails[f].what,
					 err);
		stack[sp - 1] = r;
	}
	*out = stack[0];
	return 0;
}

static int expr_walk(const struct lay_def *def, lay_emit_fn fn, void *ctx, struct lay_error *err)
{
	const struct expr_state *st = def->state;
	int64_t vars[2 * LAYOUTD_MAX_RANK] = { 0 };
	int64_t coord[LAYOUTD_MAX_AXES] = { 0 };
	int64_t *stack = malloc(sizeof(int64_t) * (size_t)(st->max_depth + 1));
	int rc = 0;
	if (!stack)
		return lay_error_set(err, LAY_ENOMEM, def->ptr, -1, "out of memory");
	for (int64_t e = 0; e < def->size; e++) {
		/* vars[0..rank) = coordinates of e (row-major), maintained by increment. */
		for (int r = 0; r < st->nrep; r++)
			vars[def->rank + r] = 0;
		for (;;) {
			for (int k = 0; k < st->nprog; k++) {
				rc = eval(st->progs[k], def, st, vars, stack,
					  &coord[st->progs[k]->axis_index], err);
				if (rc)
					goto out;
			}
			if ((rc = fn(ctx, e, coord, 0)))
				goto out;
			int r = st->nrep - 1;
			while (r >= 0 && ++vars[def->rank + r] == st->rep_ext[r])
				vars[def->rank + r--] = 0;
			if (r < 0)
				break;
		}
		for (int d = def->rank - 1; d >= 0; d--) {
			if (++vars[d] < def->shape[d])
				break;
			vars[d] = 0;
		}
	}
out:
	free(stack);
	return rc;
}

static void expr_free(void *state)
{
	struct expr_state *st = state;
	if (!st)
		return;
	for (int k = 0; k < st->nprog; k++) {
		if (st->progs[k])
			free(st->progs[k]->text);
		free(st->progs[k]);
	}
	free(st);
}

static const struct lay_notation_ops expr_ops = {
	.walk = expr_walk,
	.free = expr_free,
	.ordered = true,
	.form = expr_form,
};

/* Bounds of the enumeration, once every program is compiled. */
int expr_finish(struct lay_def *def, struct expr_state *st)
{
	int64_t bound = def->size;
	for (int r = 0; r < st->nrep; r++)
		if (__builtin_mul_overflow(bound, st->rep_ext[r], &bound))
			bound = INT64_MAX;
	def->placements_bound = bound;
	/* work: every placement evaluates every program */
	int64_t ops = 0, work;
	for (int k = 0; k < st->nprog; k++)
		ops += st->progs[k]->n;
	def->work_bound = __builtin_mul_overflow(bound, ops, &work) ? INT64_MAX : work;
	return 0;
}

/* Compile the expression text[0..len) for axis `name`.  For a
 * sub-expression of a printed layout, `full` is the whole text and `off`
 * the byte offset of text in it: errors are located in the whole text. */
int expr_add_prog(struct lay_def *def, struct expr_state *st, const char *name, const char *text,
		  size_t len, const char *q, const char *full, size_t off, struct lay_error *err)
{
	int ax = lay_def_axis(def, name, q, err);
	if (ax < 0)
		return err ? err->code : LAY_ENAME;
	if (len > (size_t)def->max_expr_len)
		return lay_error_set(err, LAY_ELIMIT, q, -1,
				     "expression of %zu characters is over the limit %d", len,
				     def->max_expr_len);
	if (st->nprog >= LAYOUTD_MAX_AXES)
		return lay_error_set(err, LAY_ELIMIT, q, -1, "more than %d axes", LAYOUTD_MAX_AXES);
	struct prog *p = calloc(1, sizeof *p + sizeof(struct insn) * LAYOUTD_MAX_EXPR_NODES);
	if (!p)
		return lay_error_set(err, LAY_ENOMEM, q, -1, "out of memory");
	st->progs[st->nprog++] = p;
	p->text = strndup(text, len);
	if (!p->text)
		return lay_error_set(err, LAY_ENOMEM, q, -1, "out of memory");
	snprintf(p->ptr, sizeof p->ptr, "%s", q);
	snprintf(p->axis, sizeof p->axis, "%s", name);
	p->axis_index = ax;
	int rc = compile(p, p->text, def, st, q, err);
	if (rc) {
		if (full && err && err->position >= 0) {
			err->position += lay_utf8_offset(full, (long)off);
			lay_error_source(err, full);
		}
		return rc;
	}
	if (p->depth > st->max_depth)
		st->max_depth = p->depth;
	return 0;
}

static int parse_replicate(struct lay_def *def, struct expr_state *st, json_t *rep,
			   struct lay_error *err)
{
	char ptr[LAY_ERR_PTR], q[LAY_ERR_PTR];
	lay_ptr_join(ptr, sizeof ptr, def->ptr, "replicate");
	if (!json_is_object(rep))
		return lay_error_set(
			err, LAY_ESCHEMA, ptr, -1,
			"replicate must be an object of variable extents, e.g. {\"rep\": 2}");
	const char *key;
	json_t *val;
	json_object_foreach(rep, key, val)
	{
		lay_ptr_join(q, sizeof q, ptr, key);
		if (st->nrep >= LAYOUTD_MAX_RANK)
			return lay_error_set(err, LAY_ELIMIT, q, -1,
					     "more than %d replicate variables", LAYOUTD_MAX_RANK);
		if (!lay_is_ident(key))
			return lay_error_set(err, LAY_ENAME, q, -1,
					     "replicate variable \"%.64s\" is not an identifier",
					     key);
		for (int d = 0; d < def->rank; d++)
			if (strcmp(def->names[d], key) == 0)
				return lay_error_set(
					err, LAY_ENAME, q, -1,
					"replicate variable \"%s\" shadows a logical dimension",
					key);
		int64_t ext;
		if (lay_json_int(val, q, &ext, err))
			return err ? err->code : LAY_ESCHEMA;
		if (ext <= 0)
			return lay_error_set(err, LAY_EEXTENT, q, -1,
					     "replicate extent %lld is not positive",
					     (long long)ext);
		snprintf(st->rep_names[st->nrep], LAYOUTD_MAX_NAME, "%s", key);
		st->rep_ext[st->nrep++] = ext;
	}
	return 0;
}

int lay_expr_parse(struct lay_def *def, json_t *v, json_t *whole, struct lay_error *err)
{
	char ptr[LAY_ERR_PTR], q[LAY_ERR_PTR];
	struct expr_state *st = NULL;
	lay_ptr_join(ptr, sizeof ptr, def->ptr, "expr");
	if (json_is_string(v)) {
		if (json_object_get(whole, "replicate"))
			return lay_error_set(err, LAY_ESCHEMA, ptr, -1,
					     "a printed layout gives its own replicate");
		st = calloc(1, sizeof *st);
		if (!st)
			return lay_error_set(err, LAY_ENOMEM, ptr, -1, "out of memory");
		def->ops = &expr_ops;
		def->state = st;
		return expr_parse_print(def, st, json_string_value(v), ptr, err);
	}
	if (!json_is_object(v) || json_object_size(v) == 0)
		return lay_error_set(err, LAY_ESCHEMA, ptr, -1,
				     "expr must be an object of axis expressions, e.g. "
				     "{\"thread\": \"j // 2 + 4 * i\"}");
	if (!def->logical_given)
		return lay_error_set(
			err, LAY_ESCHEMA, def->ptr, -1,
			"the expr notation needs \"logical\" (the shape its names range over)");
	st = calloc(1, sizeof *st);
	if (!st)
		return lay_error_set(err, LAY_ENOMEM, ptr, -1, "out of memory");
	def->ops = &expr_ops;
	def->state = st;
	json_t *rep = json_object_get(whole, "replicate");
	if (rep && parse_replicate(def, st, rep, err))
		return err ? err->code : LAY_ESCHEMA;
	st->nvars = def->rank + st->nrep;

	const char *key;
	json_t *val;
	json_object_foreach(v, key, val)
	{
		lay_ptr_join(q, sizeof q, ptr, key);
		char buf[32];
		const char *text = json_string_value(val);
		if (json_is_integer(val)) {
			snprintf(buf, sizeof buf, "%lld", (long long)json_integer_value(val));
			text = buf;
		} else if (!text) {
			return lay_error_set(err, LAY_ESCHEMA, q, -1,
					     "the expression for axis %s must be a string", key);
		}
		int rc = expr_add_prog(def, st, key, text, strlen(text), q, NULL, 0, err);
		if (rc)
			return rc;
	}
	return expr_finish(def, st);
}
