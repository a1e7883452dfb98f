/*
 * expr_form.c - the closed form of an expr layout: index maps that are
 * sums of digits of the variables compile to forward iterations, so the
 * enumeration runs at odometer speed without the interpreter (expr.c).
 */
#include <stdlib.h>
#include <string.h>

#include "notation/expr.h"

/* ------------------------------------------------------------------ */
/* Closed form: expressions that are sums of digits of the variables.  */

/*
 * A symbolic value: c + sum coeff * ((var // lo) % span), every digit
 * (lo, span) with lo * span dividing the variable's extent or equal to it.
 * Index maps written with + - * // % << >> and & (2^k - 1) by constants
 * are such sums; they compile to FORWARD iters (the enumeration then runs
 * at odometer speed).  Every intermediate value is bounded by 2^62, so the
 * general evaluation could not have overflowed either: the form changes
 * no answer, it only skips the interpreter.
 */
#define SYM_TERMS 32
#define SYM_BOUND ((int64_t)1 << 62)

struct sym {
	int64_t c;
	int n;
	struct {
		int64_t coeff, lo, span;
		int var;
	} t[SYM_TERMS];
};

static int64_t sym_bound(const struct sym *v)
{
	int64_t b = v->c < 0 ? -v->c : v->c;
	for (int k = 0; k < v->n; k++) {
		int64_t m, a = v->t[k].coeff < 0 ? -v->t[k].coeff : v->t[k].coeff;
		if (__builtin_mul_overflow(a, v->t[k].span - 1, &m) ||
		    __builtin_add_overflow(b, m, &b))
			return INT64_MAX;
	}
	return b;
}

static bool sym_scale(struct sym *v, int64_t f)
{
	if (__builtin_mul_overflow(v->c, f, &v->c))
		return false;
	for (int k = 0; k < v->n; k++)
		if (__builtin_mul_overflow(v->t[k].coeff, f, &v->t[k].coeff))
			return false;
	return true;
}

/* v // d for d > 0: exact when every coefficient and the constant are
 * multiples of d, or for one digit whose span d divides (or d reaches). */
static bool sym_div(struct sym *v, int64_t d)
{
	bool multiple = v->c % d == 0;
	for (int k = 0; k < v->n; k++)
		multiple = multiple && v->t[k].coeff % d == 0;
	if (multiple) {
		v->c /= d;
		for (int k = 0; k < v->n; k++)
			v->t[k].coeff /= d;
		return true;
	}
	if (v->n != 1 || v->c != 0 || v->t[0].coeff != 1)
		return false;
	if (d >= v->t[0].span) { /* the digit is below d */
		v->n = 0;
		return true;
	}
	if (v->t[0].span % d)
		return false;
	v->t[0].lo *= d;
	v->t[0].span /= d;
	return true;
}

static bool sym_mod(struct sym *v, int64_t d)
{
	if (v->n != 1 || v->c != 0 || v->t[0].coeff != 1)
		return false;
	if (d >= v->t[0].span)
		return true;
	if (v->t[0].span % d)
		return false;
	v->t[0].span = d;
	return true;
}

static bool sym_const_op(int op, int64_t a, int64_t b, int64_t *r)
{
	switch (op) {
	case OP_ADD:
		return !__builtin_add_overflow(a, b, r);
	case OP_SUB:
		return !__builtin_sub_overflow(a, b, r);
	case OP_MUL:
		return !__builtin_mul_overflow(a, b, r);
	case OP_FDIV:
		if (b == 0 || (a == INT64_MIN && b == -1))
			return false;
		*r = expr_floordiv(a, b);
		return true;
	case OP_FMOD:
		if (b == 0 || (a == INT64_MIN && b == -1))
			return false;
		*r = expr_floormod(a, b);
		return true;
	case OP_XOR:
		*r = a ^ b;
		return true;
	case OP_AND:
		*r = a & b;
		return true;
	case OP_OR:
		*r = a | b;
		return true;
	case OP_MIN:
		*r = a < b ? a : b;
		return true;
	case OP_MAX:
		*r = a > b ? a : b;
		return true;
	default:
		return false; /* shifts: left to the general rules below */
	}
}

/* One program as a symbolic value; false when it is not such a sum. */
static bool sym_eval(const struct prog *p, const int64_t *ext, struct sym *stack, struct sym *out)
{
	int sp = 0;
	for (int k = 0; k < p->n; k++) {
		const struct insn *in = &p->code[k];
		if (in->op == OP_CONST || in->op == OP_VAR) {
			struct sym *v = &stack[sp++];
			memset(v, 0, sizeof *v);
			if (in->op == OP_CONST) {
				v->c = in->val;
			} else {
				v->n = 1;
				v->t[0].coeff = 1;
				v->t[0].lo = 1;
				v->t[0].span = ext[in->val];
				v->t[0].var = (int)in->val;
			}
		} else if (in->op == OP_NEG) {
			if (!sym_scale(&stack[sp - 1], -1))
				return false;
		} else if (in->op == OP_NOT) {
			if (stack[sp - 1].n)
				return false;
			stack[sp - 1].c = ~stack[sp - 1].c;
		} else {
			struct sym *a = &stack[sp - 2], *b = &stack[sp - 1];
			sp--;
			int64_t r;
			if (!a->n && !b->n && sym_const_op(in->op, a->c, b->c, &r)) {
				a->c = r;
			} else if (in->op == OP_ADD || in->op == OP_SUB) {
				if (a->n + b->n > SYM_TERMS ||
				    (in->op == OP_SUB && !sym_scale(b, -1)) ||
				    __builtin_add_overflow(a->c, b->c, &a->c))
					return false;
				memcpy(&a->t[a->n], b->t, sizeof b->t[0] * (size_t)b->n);
				a->n += b->n;
			} else if (in->op == OP_MUL) {
				if (b->n && a->n)
					return false;
				if (!b->n) {
					if (!sym_scale(a, b->c))
						return false;
				} else {
					int64_t f = a->c;
					*a = *b;
					if (!sym_scale(a, f))
						return false;
				}
			} else if (b->n || b->c <= 0) {
				return false; /* by a variable, or floor by a non-positive */
			} else if (in->op == OP_FDIV) {
				if (!sym_div(a, b->c))
					return false;
			} else if (in->op == OP_FMOD) {
				if (!sym_mod(a, b->c))
					return false;
			} else if (in->op == OP_SHL || in->op == OP_SHR) {
				if (b->c >= 62)
					return false;
				if (in->op == OP_SHL ? !sym_scale(a, (int64_t)1 << b->c)
						     : !sym_div(a, (int64_t)1 << b->c))
					return false;
			} else if (in->op == OP_AND && (b->c & (b->c + 1)) == 0) {
				if (!sym_mod(a, b->c + 1)) /* & (2^k - 1) of a digit */
					return false;
			} else {
				return false;
			}
		}
		if (sym_bound(&stack[sp - 1]) > SYM_BOUND)
			return false;
	}
	*out = stack[0];
	return true;
}

static int cmp_i64(const void *a, const void *b)
{
	int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
	return (x > y) - (x < y);
}

void expr_form(const struct lay_def *def, struct lay_form *f)
{
	const struct expr_state *st = def->state;
	int64_t ext[2 * LAYOUTD_MAX_RANK];
	struct sym *stack = malloc(sizeof *stack * (size_t)(st->max_depth + 1));
	struct sym *val = calloc((size_t)st->nprog, sizeof *val);
	f->kind = LAY_FORM_NONE;
	if (!stack || !val)
		goto out;
	for (int d = 0; d < def->rank; d++)
		ext[d] = def->shape[d];
	for (int r = 0; r < st->nrep; r++)
		ext[def->rank + r] = st->rep_ext[r];
	for (int k = 0; k < st->nprog; k++)
		if (!sym_eval(st->progs[k], ext, stack, &val[k]))
			goto out;
	/* Each variable cut into digits at every boundary a term uses; the
	 * boundaries must divide one another. */
	f->n = 0;
	f->nord = 0;
	memset(f->offset, 0, sizeof f->offset);
	for (int k = 0; k < st->nprog; k++)
		f->offset[st->progs[k]->axis_index] = val[k].c;
	for (int d = def->rank - 1; d >= -st->nrep; d--) {
		/* dims last to first (the element order), then the replicas */
		int var = d >= 0 ? d : def->rank + (-d - 1);
		int64_t cut[2 * SYM_TERMS * LAYOUTD_MAX_AXES + 2];
		int nc = 0;
		cut[nc++] = 1;
		cut[nc++] = ext[var];
		for (int k = 0; k < st->nprog; k++)
			for (int t = 0; t < val[k].n; t++)
				if (val[k].t[t].var == var) {
					cut[nc++] = val[k].t[t].lo;
					cut[nc++] = val[k].t[t].lo * val[k].t[t].span;
				}
		qsort(cut, (size_t)nc, sizeof *cut, cmp_i64);
		int u = 0;
		for (int i = 0; i < nc; i++)
			if (!u || cut[i] != cut[u - 1])
				cut[u++] = cut[i];
		for (int i = 0; i + 1 < u; i++) {
			if (cut[i + 1] % cut[i])
				goto out;
			int axis = -1;
			int64_t stride = 0;
			for (int k = 0; k < st->nprog; k++) {
				int64_t sk = 0;
				for (int t = 0; t < val[k].n; t++) {
					const int64_t lo = val[k].t[t].lo,
						      hi = lo * val[k].t[t].span;
					if (val[k].t[t].var == var && lo <= cut[i] &&
					    cut[i + 1] <= hi)
						sk += val[k].t[t].coeff * (cut[i] / lo);
				}
				if (!sk)
					continue;
				if (axis >= 0) /* one digit on two axes: not this form */
					goto out;
				axis = st->progs[k]->axis_index;
				stride = sk;
			}
			if (f->n >= 2 * LAYOUTD_MAX_ITERS ||
			    (d >= 0 && f->nord >= LAYOUTD_MAX_ITERS))
				goto out;
			if (d >= 0)
				f->ord[f->nord++] = f->n;
			f->it[f->n++] = (struct lay_form_iter){ cut[i + 1] / cut[i], stride,
								axis < 0 ? 0 : axis, d < 0 };
		}
	}
	f->kind = LAY_FORM_FORWARD;
	f->fast_only = true;
out:
	free(stack);
	free(val);
}
