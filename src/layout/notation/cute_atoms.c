/*
 * cute_atoms.c - the composed layouts of the cute notation: a swizzle, an
 * offset and an inner layout, in every spelling CUTLASS prints or people
 * paste (docs/swizzle.md):
 *
 *   Sw<3,4,3> o _0 o (_8,_64):(_64,_1)          CuTe print / std::cout
 *   Sw<3,4,3> o smem_ptr[16b](unset) o ...      print() of a flagged atom
 *   S<3,4,3> o 0 o (8,64):(64,1)                CuTe DSL
 *   SW_3_3_3 o 0 o (8, 64):(64, 1)              pycute
 *   composition(Swizzle<3,3,3>{}, [OFFSET,] Layout<...>{})
 *   ComposedLayout<Swizzle<3,4,3>, smem_ptr_flag_bits<16>, Layout<...>>
 *   GMMA::Layout_K_SW128_Atom<half_t>, UMMA::Layout_MN_SW128_32B_Atom<float>
 *   tile_to_shape(ATOM, Shape<...>{} [, Step<...>{}])
 *
 * It only finds the parts and checks them; cute.c parses the inner layout.
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "notation/cute_atoms.h"
#include "notation/scan.h"

/* ------------------------------------------------------------------ */
/* Tokens                                                              */

struct cp {
	struct lay_scan sc; /* C++ comments allowed */
	struct lay_cute_compose *cc;
	int depth;
};

/* Optional "{}" (a C++ value of the type just read). */
static int braces(struct cp *p)
{
	bool got;
	int rc = lay_scan_accept(&p->sc, '{', &got);
	if (rc || !got)
		return rc;
	return lay_scan_expect(&p->sc, '}', "'}' closing '{}'");
}

/* A name with optional `A::B::` qualifiers (and a leading `::`): *last is
 * its last segment, *full the whole, *start where the whole name begins. */
static int qname(struct cp *p, char *last, size_t n, char *full, size_t fn, int *start)
{
	int rc = lay_scan_skip(&p->sc), seg;
	if (rc)
		return rc;
	*start = p->sc.pos;
	if (p->sc.s[p->sc.pos] == ':' && p->sc.s[p->sc.pos + 1] == ':')
		p->sc.pos += 2;
	return lay_scan_qname(&p->sc, last, n, full, fn, &seg, NULL);
}

static int digits(struct lay_scan *sc, int start, bool neg, int64_t *v)
{
	int64_t x = 0;
	int rc = lay_scan_digits(sc, start, neg, &x, NULL, LAY_EOVERFLOW);
	if (rc)
		return rc;
	if (sc->s[sc->pos] == '.' || lay_scan_name_start(sc->s[sc->pos]))
		return lay_scan_error(sc, LAY_ENOTINT, start, "expected an integer");
	*v = x;
	return 0;
}

/* The value of Int<N> or C<N> after the name: '<', [-]N, '>' with white
 * space and comments between; `read` reads N the caller's way. */
int lay_cute_int_arg(struct lay_scan *sc, int64_t *v,
		     int (*read)(struct lay_scan *sc, int start, bool neg, int64_t *v))
{
	int rc;
	if ((rc = lay_scan_expect(sc, '<', "'<' after Int")) || (rc = lay_scan_skip(sc)))
		return rc;
	int vs = sc->pos;
	bool neg = sc->s[sc->pos] == '-';
	if (neg) {
		sc->pos++;
		if ((rc = lay_scan_skip(sc)))
			return rc;
	}
	if ((rc = read(sc, vs, neg, v)))
		return rc;
	return lay_scan_expect(sc, '>', "'>' closing Int<N>");
}

/* An integer in the spellings CuTe text uses: [-]N, _N, _mN, Int<N>, C<N>,
 * each optionally followed by {}. */
static int cint(struct cp *p, int64_t *v, int *start, const char *what)
{
	int rc = lay_scan_skip(&p->sc);
	if (rc)
		return rc;
	*start = p->sc.pos;
	char c = p->sc.s[p->sc.pos];
	if (c == '-' || c == '+') {
		p->sc.pos++;
		if ((rc = lay_scan_skip(&p->sc)))
			return rc;
		if (!isdigit((unsigned char)p->sc.s[p->sc.pos]))
			return lay_scan_expected(&p->sc, what);
		return digits(&p->sc, *start, c == '-', v);
	}
	if (isdigit((unsigned char)c))
		return digits(&p->sc, *start, false, v);
	if (c == '_' &&
	    (isdigit((unsigned char)p->sc.s[p->sc.pos + 1]) ||
	     (p->sc.s[p->sc.pos + 1] == 'm' && isdigit((unsigned char)p->sc.s[p->sc.pos + 2])))) {
		bool neg = p->sc.s[p->sc.pos + 1] == 'm';
		p->sc.pos += neg ? 2 : 1;
		if ((rc = digits(&p->sc, *start, neg, v)))
			return rc;
		return braces(p);
	}
	if (lay_scan_name_start(c)) {
		char last[64], full[128];
		int at;
		if ((rc = qname(p, last, sizeof last, full, sizeof full, &at)))
			return rc;
		if (strcmp(last, "Int") == 0 || strcmp(last, "C") == 0) {
			if ((rc = lay_cute_int_arg(&p->sc, v, digits)))
				return rc;
			return braces(p);
		}
		p->sc.pos = at;
	}
	return lay_scan_expected(&p->sc, what);
}

/* Skip a balanced stretch up to a depth-0 character of `stop` (or the end);
 * [*lo, *hi) is the text, trimmed, without a trailing "{}". */
static int span(struct cp *p, const char *stop, int *lo, int *hi)
{
	int rc = lay_scan_skip(&p->sc), depth = 0;
	if (rc)
		return rc;
	*lo = p->sc.pos;
	int open[LAYOUTD_MAX_JSON_DEPTH];
	for (;;) {
		char c = p->sc.s[p->sc.pos];
		if (!c)
			break;
		if (c == '/' && (p->sc.s[p->sc.pos + 1] == '/' || p->sc.s[p->sc.pos + 1] == '*')) {
			if ((rc = lay_scan_skip(&p->sc)))
				return rc;
			continue;
		}
		if (depth == 0 && strchr(stop, c))
			break;
		if (c == '(' || c == '<' || c == '[' || c == '{') {
			if (depth >= LAYOUTD_MAX_JSON_DEPTH)
				return lay_scan_error(&p->sc, LAY_ELIMIT, p->sc.pos,
						      "brackets nested deeper than %d",
						      LAYOUTD_MAX_JSON_DEPTH);
			open[depth++] = p->sc.pos;
		} else if (c == ')' || c == '>' || c == ']' || c == '}') {
			if (depth == 0)
				break;
			char o = p->sc.s[open[depth - 1]];
			char want = o == '(' ? ')' : o == '<' ? '>' : o == '[' ? ']' : '}';
			if (c != want)
				return lay_scan_error(
					&p->sc, LAY_ESYNTAX, p->sc.pos,
					"'%c' cannot close the '%c' opened at character %ld", c, o,
					lay_utf8_offset(p->sc.s, open[depth - 1]));
			depth--;
		}
		p->sc.pos++;
	}
	if (depth > 0)
		return lay_scan_error(&p->sc, LAY_ESYNTAX, open[depth - 1], "'%c' is never closed",
				      p->sc.s[open[depth - 1]]);
	int h = p->sc.pos;
	for (;;) {
		while (h > *lo && isspace((unsigned char)p->sc.s[h - 1]))
			h--;
		if (h - *lo >= 2 && p->sc.s[h - 1] == '}') {
			int k = h - 2;
			while (k > *lo && isspace((unsigned char)p->sc.s[k]))
				k--;
			if (p->sc.s[k] == '{') {
				h = k;
				continue;
			}
		}
		break;
	}
	*hi = h;
	return 0;
}

/* ------------------------------------------------------------------ */
/* Swizzles and offsets                                                */

static bool swizzle_name(const char *last)
{
	return strcmp(last, "Sw") == 0 || strcmp(last, "S") == 0 || strcmp(last, "Swizzle") == 0 ||
	       strcmp(last, "make_swizzle") == 0 ||
	       (strncmp(last, "SW_", 3) == 0 && isdigit((unsigned char)last[3]));
}

static int set_swizzle(struct cp *p, int at, int64_t B, int64_t M, int64_t S)
{
	struct lay_cute_compose *cc = p->cc;
	if (B < -1000 || B > 1000 || M < -1000 || M > 1000 || S < -1000 || S > 1000)
		return lay_scan_error(&p->sc, LAY_ERANGE, at,
				      "Swizzle<%lld,%lld,%lld> is out of range", (long long)B,
				      (long long)M, (long long)S);
	const char *why = lay_swizzle_invalid((int)B, (int)M, (int)S);
	if (why)
		return lay_scan_error(&p->sc, LAY_ERANGE, at, "Swizzle<%lld,%lld,%lld>: %s",
				      (long long)B, (long long)M, (long long)S, why);
	cc->has_swizzle = true;
	cc->B = (int)B;
	cc->M = (int)M;
	cc->S = (int)S;
	cc->sw_pos = at;
	cc->composed = true;
	return 0;
}

/* pycute's SW_B_M_S, the name starting at `at` and read (with the white
 * space after it) up to sc.pos; S may be -N, which ends the name at the
 * '-'. */
static int pycute_swizzle(struct cp *p, int at)
{
	static const char form[] = "pycute swizzles print as SW_B_M_S, e.g. SW_3_3_3";
	int64_t v[3];
	const char *s = p->sc.s;
	int end = p->sc.pos, b, rc;
	while (end > at && isspace((unsigned char)s[end - 1]))
		end--;
	for (b = end; b > at && lay_scan_name_char(s[b - 1]);)
		b--;
	if (strncmp(s + b, "SW_", 3) != 0)
		return lay_scan_error(&p->sc, LAY_ESYNTAX, at, "%s", form);
	p->sc.pos = b + 3;
	for (int n = 0; n < 3; n++) {
		bool neg = n == 2 && p->sc.pos == end && p->sc.s[end] == '-';
		p->sc.pos += neg;
		if (!isdigit((unsigned char)p->sc.s[p->sc.pos]))
			return lay_scan_error(&p->sc, LAY_ESYNTAX, at, "%s", form);
		if ((rc = lay_scan_int(&p->sc, at, neg, -1000, 1000, "swizzle field", LAY_ERANGE,
				       &v[n])))
			return rc;
		if (n < 2 && p->sc.s[p->sc.pos++] != '_')
			return lay_scan_error(&p->sc, LAY_ESYNTAX, at, "%s", form);
	}
	if (p->sc.pos < end || lay_scan_name_char(p->sc.s[p->sc.pos]))
		return lay_scan_error(&p->sc, LAY_ESYNTAX, at, "%s", form);
	return set_swizzle(p, at, v[0], v[1], v[2]);
}

/* The swizzle, its name `last` (starting at `at`) already read. */
static int swizzle(struct cp *p, const char *last, int at)
{
	int64_t v[3];
	int n = 0, rc, pos;
	if (strncmp(last, "SW_", 3) == 0)
		return pycute_swizzle(p, at);
	bool got;
	char open = '<', close = '>';
	if ((rc = lay_scan_skip(&p->sc)))
		return rc;
	if (p->sc.s[p->sc.pos] == '(' && strcmp(last, "Sw") != 0 && strcmp(last, "S") != 0) {
		open = '(';
		close = ')';
	}
	char what[48];
	snprintf(what, sizeof what, "'%c' after %s", open, last);
	if ((rc = lay_scan_expect(&p->sc, open, what)))
		return rc;
	for (;;) {
		if (n == 3)
			return lay_scan_expected(
				&p->sc, close == '>' ? "'>' after three swizzle parameters"
						     : "')' after three swizzle parameters");
		if ((rc = cint(p, &v[n], &pos, "a swizzle parameter (an integer)")))
			return rc;
		n++;
		if ((rc = lay_scan_accept(&p->sc, ',', &got)))
			return rc;
		if (got)
			continue;
		snprintf(what, sizeof what, "',' or '%c'", close);
		if ((rc = lay_scan_expect(&p->sc, close, what)))
			return rc;
		break;
	}
	if (n == 2 && strcmp(last, "Swizzle") == 0)
		v[n++] = v[0]; /* Swizzle<B,M>: SShift defaults to BBits */
	if (n != 3)
		return lay_scan_error(&p->sc, LAY_ESYNTAX, at,
				      "%s takes three parameters <B,M,S>, found %d", last, n);
	if ((rc = braces(p)))
		return rc;
	return set_swizzle(p, at, v[0], v[1], v[2]);
}

static int set_flag(struct cp *p, int at, int64_t bits)
{
	if (bits <= 0 || bits > 1024)
		return lay_scan_error(
			&p->sc, LAY_ERANGE, at,
			"an smem_ptr flag of %lld bits (element widths are 1 to 1024 bits)",
			(long long)bits);
	p->cc->flag_bits = (int)bits;
	p->cc->flag_pos = at;
	return 0;
}

/* The middle term: an integer offset or an smem_ptr flag (as printed,
 * as a C++ value or as a type in ComposedLayout<...>). */
static int offset(struct cp *p)
{
	int rc = lay_scan_skip(&p->sc), at = p->sc.pos;
	int64_t v;
	if (rc)
		return rc;
	if (lay_scan_name_start(p->sc.s[p->sc.pos]) &&
	    !(p->sc.s[p->sc.pos] == '_' &&
	      (isdigit((unsigned char)p->sc.s[p->sc.pos + 1]) || p->sc.s[p->sc.pos + 1] == 'm'))) {
		char last[64], full[128];
		if ((rc = qname(p, last, sizeof last, full, sizeof full, &at)))
			return rc;
		if (strcmp(last, "smem_ptr") == 0) {
			/* print(): smem_ptr[16b](unset) */
			int vs;
			if ((rc = lay_scan_expect(&p->sc, '[', "'[' after smem_ptr")))
				return rc;
			if ((rc = lay_scan_skip(&p->sc)))
				return rc;
			vs = p->sc.pos;
			v = 0;
			if (!isdigit((unsigned char)p->sc.s[p->sc.pos]))
				return lay_scan_expected(&p->sc, "the bit width (smem_ptr[16b])");
			if ((rc = lay_scan_int(&p->sc, vs, false, 0, 100000, "the bit width",
					       LAY_ERANGE, &v)))
				return rc;
			if (p->sc.s[p->sc.pos] != 'b')
				return lay_scan_expected(&p->sc,
							 "'b' after the bit width (smem_ptr[16b])");
			p->sc.pos++;
			if ((rc = lay_scan_expect(&p->sc, ']', "']'")))
				return rc;
			if ((rc = lay_scan_expect(&p->sc, '(', "'(unset)'")))
				return rc;
			char w[64], f[128];
			int wat;
			if ((rc = lay_scan_skip(&p->sc)))
				return rc;
			if (!lay_scan_name_start(p->sc.s[p->sc.pos]))
				return lay_scan_error(
					&p->sc, LAY_ESYNTAX, p->sc.pos,
					"expected 'unset' (a placeholder pointer); a set "
					"pointer's address is not a layout");
			if ((rc = qname(p, w, sizeof w, f, sizeof f, &wat)))
				return rc;
			if (strcmp(w, "unset") != 0)
				return lay_scan_error(
					&p->sc, LAY_ESYNTAX, wat,
					"expected 'unset' (a placeholder pointer); a set "
					"pointer's address is not a layout");
			if ((rc = lay_scan_expect(&p->sc, ')', "')'")))
				return rc;
			return set_flag(p, vs, v);
		}
		if (strcmp(last, "smem_ptr_flag_bits") == 0) {
			int vs;
			if ((rc = lay_scan_expect(&p->sc, '<', "'<' after smem_ptr_flag_bits")))
				return rc;
			if ((rc = cint(p, &v, &vs, "the element width in bits")))
				return rc;
			if ((rc = lay_scan_expect(&p->sc, '>', "'>'")))
				return rc;
			if ((rc = braces(p)))
				return rc;
			return set_flag(p, vs, v);
		}
		if (strcmp(last, "smem_ptr_flag") == 0) {
			if ((rc = braces(p)))
				return rc;
			return set_flag(p, at, 1);
		}
		p->sc.pos = at;
	}
	if ((rc = cint(p, &v, &at, "an offset (an integer, _N, Int<N> or smem_ptr[Nb](unset))")))
		return rc;
	if (v > ((int64_t)1 << 62) || v < -((int64_t)1 << 62))
		return lay_scan_error(&p->sc, LAY_EOVERFLOW, at, "offset %lld is too large",
				      (long long)v);
	p->cc->offset = v;
	p->cc->offset_dynamic = p->sc.s[at] && strchr("+-0123456789", p->sc.s[at]);
	return 0;
}

/* ------------------------------------------------------------------ */
/* Atoms                                                               */

/* GMMA/UMMA shared-memory atoms, in bits (mma_traits_sm90_gmma.hpp,
 * mma_traits_sm100.hpp): W bits per row, `rows` rows of the other mode. */
static int atom_kind(const char *name, bool *mn, bool *major_arg, int *B, int *M, int *S, int *W,
		     int *rows, bool *bits_only, bool *umma_only)
{
	static const char *modes[] = { "INTER", "SW32", "SW64", "SW128" };
	char buf[64];
	size_t len = strlen(name);
	*bits_only = len > 5 && strcmp(name + len - 5, "_Bits") == 0;
	if (*bits_only) {
		if (len - 5 >= sizeof buf)
			return -1;
		memcpy(buf, name, len - 5);
		buf[len - 5] = '\0';
	} else {
		snprintf(buf, sizeof buf, "%s", name);
	}
	*umma_only = false;
	*major_arg = false;
	*M = 4;
	*S = 3;
	*rows = 8;
	if (strcmp(buf, "Layout_MN_SW128_32B_Atom") == 0) {
		*mn = true;
		*B = 2;
		*M = 5;
		*S = 2;
		*W = 1024;
		*rows = 4;
		*umma_only = true;
		return 0;
	}
	for (int b = 0; b < 4; b++) {
		char want[64];
		for (int k = 0; k < 3; k++) {
			const char *maj = k == 0 ? "K_" : k == 1 ? "MN_" : "";
			snprintf(want, sizeof want, "Layout_%s%s_Atom", maj, modes[b]);
			if (strcmp(buf, want) == 0) {
				*mn = k == 1;
				*major_arg = k == 2;
				*B = b;
				*W = 128 << b;
				return 0;
			}
		}
	}
	return -1;
}

static int atom(struct cp *p, const char *last, const char *full, int at)
{
	struct lay_cute_compose *cc = p->cc;
	bool mn, major_arg, bits_only, umma_only;
	int B, M, S, W, rows, bits = 1, tat = at, rc;
	if (atom_kind(last, &mn, &major_arg, &B, &M, &S, &W, &rows, &bits_only, &umma_only))
		return lay_scan_error(&p->sc, LAY_EUNKNOWN, at,
				      "unknown atom '%s' (GMMA/UMMA shared-memory atoms are "
				      "Layout_{K,MN}_{INTER,SW32,SW64,SW128}_Atom<T> and "
				      "UMMA::Layout_MN_SW128_32B_Atom<T>)",
				      full);
	if (umma_only && strstr(full, "GMMA"))
		return lay_scan_error(
			&p->sc, LAY_EUNKNOWN, at,
			"%s is an UMMA (SM100) atom: write UMMA::%s, GMMA has no such atom", full,
			last);
	if (!bits_only) {
		if ((rc = lay_scan_expect(&p->sc, '<', "'<' and the element type")))
			return rc;
		if ((rc = lay_cute_type_read(&p->sc, &bits, &tat)))
			return rc;
		if (major_arg) {
			char l[64], f[128];
			int mat;
			if ((rc = lay_scan_expect(&p->sc, ',',
						  "',' and the major (GMMA::Major::K or MN)")))
				return rc;
			if ((rc = qname(p, l, sizeof l, f, sizeof f, &mat)))
				return rc;
			if (strcmp(l, "K") == 0)
				mn = false;
			else if (strcmp(l, "MN") == 0)
				mn = true;
			else
				return lay_scan_error(&p->sc, LAY_EUNKNOWN, mat,
						      "unknown major '%s' (GMMA::Major::K or "
						      "GMMA::Major::MN)",
						      f);
		}
		if ((rc = lay_scan_expect(&p->sc, '>',
					  major_arg ? "'>'" : "'>' (one element type)")))
			return rc;
	}
	if ((rc = braces(p)))
		return rc;
	/* upcast<bits>: the contiguous mode shrinks by bits, so does the
	 * other mode's stride; CuTe needs W % bits == 0 or bits % W == 0 */
	if (W % bits != 0 && bits % W != 0)
		return lay_scan_error(
			&p->sc, LAY_ERANGE, tat,
			"%s has no atom for %d-bit elements: a row of %d bits is no whole "
			"number of them (CuTe's upcast fails)",
			last, bits, W);
	int64_t w = W >= bits ? W / bits : 1;
	if (mn)
		snprintf(cc->synth, sizeof cc->synth, "(%lld,%d):(1,%lld)", (long long)w, rows,
			 (long long)w);
	else
		snprintf(cc->synth, sizeof cc->synth, "(%d,%lld):(%lld,1)", rows, (long long)w,
			 (long long)w);
	cc->is_synth = true;
	cc->atom_pos = at;
	if ((rc = set_swizzle(p, at, B, M, S)))
		return rc;
	cc->flag_bits = bits;
	cc->flag_pos = tat;
	return 0;
}

/* ------------------------------------------------------------------ */
/* tile_to_shape                                                       */

/* A flat tuple of integers: Shape<...>{}, make_shape(...), Step<...>{},
 * make_step(...), (...), or GenColMajor/GenRowMajor/LayoutLeft/Right
 * (order only; *gen is 1 for column-, 2 for row-major). */
static int int_tuple(struct cp *p, bool order, int64_t *v, int *vpos, int *n, int *gen)
{
	char last[64], full[128];
	int rc = lay_scan_skip(&p->sc), at = p->sc.pos;
	char close = ')';
	bool got;
	*n = 0;
	*gen = 0;
	if (rc)
		return rc;
	if (lay_scan_name_start(p->sc.s[p->sc.pos])) {
		if ((rc = qname(p, last, sizeof last, full, sizeof full, &at)))
			return rc;
		if (order &&
		    (strcmp(last, "GenColMajor") == 0 || strcmp(last, "LayoutLeft") == 0)) {
			*gen = 1;
			return braces(p);
		}
		if (order &&
		    (strcmp(last, "GenRowMajor") == 0 || strcmp(last, "LayoutRight") == 0)) {
			*gen = 2;
			return braces(p);
		}
		if (strcmp(last, order ? "Step" : "Shape") == 0) {
			if ((rc = lay_scan_expect(&p->sc, '<', "'<'")))
				return rc;
			close = '>';
		} else if (strcmp(last, order ? "make_step" : "make_shape") == 0) {
			if ((rc = lay_scan_expect(&p->sc, '(', "'('")))
				return rc;
		} else {
			p->sc.pos = at;
			return lay_scan_expected(
				&p->sc,
				order ? "the order (Step<...>{}, make_step(...), "
					"GenColMajor{} or GenRowMajor{})"
				      : "the target shape (Shape<...>{} or make_shape(...))");
		}
	} else if (p->sc.s[p->sc.pos] == '(') {
		p->sc.pos++;
	} else {
		return lay_scan_expected(&p->sc, order ? "the order (Step<...>{})"
						       : "the target shape (Shape<...>{})");
	}
	for (;;) {
		if ((rc = lay_scan_skip(&p->sc)))
			return rc;
		if (p->sc.s[p->sc.pos] == '(' || strncmp(p->sc.s + p->sc.pos, "Shape", 5) == 0)
			return lay_scan_error(
				&p->sc, LAY_ESYNTAX, p->sc.pos,
				"tile_to_shape takes a flat target shape here (one extent per "
				"mode)");
		if (*n >= LAYOUTD_MAX_RANK)
			return lay_scan_error(&p->sc, LAY_ELIMIT, p->sc.pos, "more than %d modes",
					      LAYOUTD_MAX_RANK);
		if ((rc = cint(p, &v[*n], &vpos[*n],
			       order ? "an order (an integer, _N or Int<N>)"
				     : "an extent (an integer, _N or Int<N>)")))
			return rc;
		if (!order && v[*n] <= 0)
			return lay_scan_error(&p->sc, LAY_EEXTENT, vpos[*n],
					      "target extent %lld is not positive",
					      (long long)v[*n]);
		(*n)++;
		if ((rc = lay_scan_accept(&p->sc, ',', &got)))
			return rc;
		if (got)
			continue;
		if ((rc = lay_scan_expect(&p->sc, close,
					  close == '>' ? "',' or '>'" : "',' or ')'")))
			return rc;
		break;
	}
	return close == '>' ? braces(p) : 0;
}

int lay_cute_tile_block(int R, const int64_t *t, const int64_t *a, const int64_t *order, int64_t *n,
			int64_t *d)
{
	for (int i = 0; i < R; i++) {
		if (a[i] <= 0 || t[i] % a[i] != 0)
			return i;
		n[i] = t[i] / a[i];
	}
	for (int i = 0; i < R; i++) {
		d[i] = 1;
		for (int j = 0; j < R; j++)
			if (order[j] < order[i] && __builtin_mul_overflow(d[i], n[j], &d[i]))
				return i;
	}
	return -1;
}

/* ------------------------------------------------------------------ */
/* Expressions                                                         */

static int expr(struct cp *p, const char *stop);

/* The inner layout: the rest up to `stop` at depth 0. */
static int inner(struct cp *p, const char *stop)
{
	int lo, hi, rc = span(p, stop, &lo, &hi);
	if (rc)
		return rc;
	if (hi <= lo)
		return lay_scan_expected(&p->sc, "the layout");
	p->cc->inner_lo = lo;
	p->cc->inner_hi = hi;
	p->cc->is_synth = false;
	return 0;
}

static int word(struct cp *p, const char *w, const char *what)
{
	char last[64], full[128];
	int at, rc = lay_scan_skip(&p->sc);
	if (rc)
		return rc;
	if (!lay_scan_name_start(p->sc.s[p->sc.pos]))
		return lay_scan_expected(&p->sc, what);
	if ((rc = qname(p, last, sizeof last, full, sizeof full, &at)))
		return rc;
	if (strcmp(full, w) != 0) {
		p->sc.pos = at;
		return lay_scan_expected(&p->sc, what);
	}
	return 0;
}

static int tile(struct cp *p, int at)
{
	struct lay_cute_compose *cc = p->cc;
	int64_t ord[LAYOUTD_MAX_RANK];
	int opos[LAYOUTD_MAX_RANK], no = 0, gen = 0, rc;
	bool got;
	if (cc->tile)
		return lay_scan_error(&p->sc, LAY_ESYNTAX, at,
				      "tile_to_shape of a tiled layout is not read");
	if ((rc = lay_scan_expect(&p->sc, '(', "'(' after tile_to_shape")))
		return rc;
	if ((rc = expr(p, ",")))
		return rc;
	if (cc->tile)
		return lay_scan_error(&p->sc, LAY_ESYNTAX, at,
				      "tile_to_shape of a tiled layout is not read");
	if ((rc = lay_scan_expect(&p->sc, ',', "',' and the target shape")))
		return rc;
	if ((rc = int_tuple(p, false, cc->target, cc->target_pos, &cc->tile_rank, &gen)))
		return rc;
	if ((rc = lay_scan_accept(&p->sc, ',', &got)))
		return rc;
	if (got) {
		int ostart;
		if ((rc = lay_scan_skip(&p->sc)))
			return rc;
		ostart = p->sc.pos;
		if ((rc = int_tuple(p, true, ord, opos, &no, &gen)))
			return rc;
		if (!gen && no != cc->tile_rank)
			return lay_scan_error(&p->sc, LAY_ESHAPE, ostart,
					      "the order has %d modes, the target shape %d", no,
					      cc->tile_rank);
	}
	for (int i = 0; i < cc->tile_rank; i++)
		cc->order[i] = no ? ord[i] : gen == 2 ? cc->tile_rank - i : i + 1;
	if ((rc = lay_scan_expect(&p->sc, ')', "')' closing tile_to_shape(...)")))
		return rc;
	cc->tile = true;
	cc->tile_pos = at;
	cc->composed = true;
	return 0;
}

/* One expression, ending before a depth-0 character of `stop` or the end. */
/* composition(Swizzle, [offset,] layout) or make_composed_layout(...). */
static int composition(struct cp *p, const char *last)
{
	struct lay_cute_compose *cc = p->cc;
	int rc;
	char l2[64], f2[128];
	int sat, lo, hi;
	cc->composed = true;
	if ((rc = lay_scan_expect(&p->sc, '(', "'('")))
		return rc;
	if ((rc = qname(p, l2, sizeof l2, f2, sizeof f2, &sat)))
		return rc;
	if (!swizzle_name(l2))
		return lay_scan_error(&p->sc, LAY_ESYNTAX, sat,
				      "%s(...) is read with a swizzle first (Swizzle<B,M,S>{}), "
				      "found '%s'",
				      last, f2);
	if ((rc = swizzle(p, l2, sat)))
		return rc;
	if ((rc = lay_scan_expect(&p->sc, ',', "',' and the layout")))
		return rc;
	int save = p->sc.pos;
	if ((rc = span(p, ",)", &lo, &hi)))
		return rc;
	if (p->sc.s[p->sc.pos] == ',') {
		/* three arguments: swizzle, offset, layout */
		p->sc.pos = save;
		if ((rc = offset(p)))
			return rc;
		if ((rc = lay_scan_skip(&p->sc)))
			return rc;
		if (p->sc.pos != hi && p->sc.s[p->sc.pos] != ',')
			return lay_scan_expected(&p->sc, "',' after the offset");
		if ((rc = lay_scan_expect(&p->sc, ',', "',' after the offset")))
			return rc;
		if ((rc = inner(p, ",)")))
			return rc;
	} else {
		cc->inner_lo = lo;
		cc->inner_hi = hi;
		if (hi <= lo)
			return lay_scan_expected(&p->sc, "the layout");
	}
	if ((rc = lay_scan_expect(&p->sc, ')', "')' closing composition(...)")))
		return rc;
	return braces(p);
}

/* ComposedLayout<Swizzle, offset, layout> or pycute's
 * ComposedLayout(Swizzle(B,M,S), offset, Layout(...)). */
static int composed_layout(struct cp *p)
{
	struct lay_cute_compose *cc = p->cc;
	int rc;
	char l2[64], f2[128];
	int sat;
	cc->composed = true;
	if ((rc = lay_scan_skip(&p->sc)))
		return rc;
	if (p->sc.s[p->sc.pos] == '(') {
		/* pycute's repr: ComposedLayout(Swizzle(2,0,2),0,Layout(...)) */
		p->sc.pos++;
		if ((rc = qname(p, l2, sizeof l2, f2, sizeof f2, &sat)))
			return rc;
		if (!swizzle_name(l2))
			return lay_scan_error(&p->sc, LAY_ESYNTAX, sat,
					      "ComposedLayout(...) is read with a Swizzle(B,M,S) "
					      "first, found '%s'",
					      f2);
		if ((rc = swizzle(p, l2, sat)) ||
		    (rc = lay_scan_expect(&p->sc, ',', "',' and the offset")) || (rc = offset(p)) ||
		    (rc = lay_scan_expect(&p->sc, ',', "',' and the layout")) ||
		    (rc = inner(p, ")")))
			return rc;
		return lay_scan_expect(&p->sc, ')', "')' closing ComposedLayout(...)");
	}
	if ((rc = lay_scan_expect(&p->sc, '<', "'<' after ComposedLayout")))
		return rc;
	if ((rc = qname(p, l2, sizeof l2, f2, sizeof f2, &sat)))
		return rc;
	if (!swizzle_name(l2))
		return lay_scan_error(&p->sc, LAY_ESYNTAX, sat,
				      "ComposedLayout<...> is read with a Swizzle<B,M,S> first, "
				      "found '%s'",
				      f2);
	if ((rc = swizzle(p, l2, sat)))
		return rc;
	if ((rc = lay_scan_expect(&p->sc, ',',
				  "',' and the offset (smem_ptr_flag_bits<N> or Int<N>)")))
		return rc;
	if ((rc = offset(p)))
		return rc;
	if ((rc = lay_scan_expect(&p->sc, ',', "',' and the layout")))
		return rc;
	if ((rc = inner(p, ">,")))
		return rc;
	if ((rc = lay_scan_expect(&p->sc, '>', "'>' closing ComposedLayout<...>")))
		return rc;
	return braces(p);
}

static int expr(struct cp *p, const char *stop)
{
	struct lay_cute_compose *cc = p->cc;
	char last[64], full[160];
	int rc = lay_scan_skip(&p->sc), at;
	if (rc)
		return rc;
	if (++p->depth > 8)
		return lay_scan_error(&p->sc, LAY_ELIMIT, p->sc.pos,
				      "composed layouts nested deeper than 8");
	if (!lay_scan_name_start(p->sc.s[p->sc.pos]) ||
	    (p->sc.s[p->sc.pos] == '_' && isdigit((unsigned char)p->sc.s[p->sc.pos + 1])))
		return inner(p, stop);
	at = p->sc.pos;
	if ((rc = qname(p, last, sizeof last, full, sizeof full, &at)))
		return rc;
	if (strcmp(last, "decltype") == 0) {
		if ((rc = lay_scan_expect(&p->sc, '(', "'(' after decltype")))
			return rc;
		if ((rc = expr(p, ")")))
			return rc;
		return lay_scan_expect(&p->sc, ')', "')' closing decltype(...)");
	}
	if (strcmp(last, "tile_to_shape") == 0) {
		cc->composed = true;
		return tile(p, at);
	}
	if (strcmp(last, "composition") == 0 || strcmp(last, "make_composed_layout") == 0)
		return composition(p, last);
	if (strcmp(last, "ComposedLayout") == 0)
		return composed_layout(p);
	if (strncmp(last, "Layout_", 7) == 0 &&
	    (strstr(last, "_Atom") || strstr(last, "_SpAtom"))) {
		cc->composed = true;
		return atom(p, last, full, at);
	}
	if (swizzle_name(last)) {
		if ((rc = lay_scan_skip(&p->sc)))
			return rc;
		/* a swizzle starts a printed composition; otherwise a name */
		if (strncmp(last, "SW_", 3) == 0 || p->sc.s[p->sc.pos] == '<' ||
		    p->sc.s[p->sc.pos] == '(') {
			cc->composed = true;
			if ((rc = swizzle(p, last, at)))
				return rc;
			if ((rc = word(p, "o", "' o ' between the swizzle and the offset")))
				return rc;
			if ((rc = offset(p)))
				return rc;
			if ((rc = word(p, "o", "' o ' between the offset and the layout")))
				return rc;
			return inner(p, stop);
		}
	}
	p->sc.pos = at;
	return inner(p, stop);
}

int lay_cute_compose_parse(const char *text, const char *ptr, struct lay_cute_compose *cc,
			   struct lay_error *err)
{
	struct cp p = { .cc = cc };
	lay_scan_init(&p.sc, text, ptr, err, LAY_SCAN_CXX);
	char last[64], full[128];
	int rc, at;
	bool got;
	memset(cc, 0, sizeof *cc);
	if ((rc = lay_scan_skip(&p.sc)))
		return 0; /* the layout parser reports it */
	p.sc.pos = lay_cute_label(text, p.sc.pos);
	int start = p.sc.pos;
	if (lay_scan_name_start(text[p.sc.pos])) {
		if ((rc = qname(&p, last, sizeof last, full, sizeof full, &at)))
			return 0;
		if (strcmp(last, "using") == 0) {
			if (qname(&p, last, sizeof last, full, sizeof full, &at) ||
			    lay_scan_accept(&p.sc, '=', &got) || !got)
				return 0; /* not composed: the layout parser reports it */
			start = p.sc.pos;
		} else {
			p.sc.pos = start;
		}
	}
	bool mlir = false;
	if (strncmp(text + p.sc.pos, "!cute.composed_layout", 21) == 0) {
		/* the CuTe DSL's MLIR type: !cute.composed_layout<"S<3,4,3> o 0 o L"> */
		p.sc.pos += 21;
		if ((rc = lay_scan_expect(&p.sc, '<', "'<'")) ||
		    (rc = lay_scan_expect(&p.sc, '"', "'\"'")))
			return rc;
		mlir = true;
	}
	rc = expr(&p, mlir ? "\"" : ";");
	if (mlir && !rc && !cc->composed)
		return lay_scan_error(&p.sc, LAY_ESYNTAX, start,
				      "a composed layout of two layouts has no swizzle: write the "
				      "composition out as one layout");
	if (mlir && !rc &&
	    ((rc = lay_scan_expect(&p.sc, '"', "'\"' closing the layout")) ||
	     (rc = lay_scan_expect(&p.sc, '>', "'>'"))))
		return rc;
	if (!cc->composed) {
		/* a plain layout: the layout parser reads (and judges) it all */
		memset(cc, 0, sizeof *cc);
		lay_error_clear(err);
		return 0;
	}
	if (rc)
		return rc;
	if ((rc = lay_scan_accept(&p.sc, ';', &got)))
		return rc;
	if ((rc = lay_scan_skip(&p.sc)))
		return rc;
	if (text[p.sc.pos] && !lay_cute_grid(text, p.sc.pos))
		return lay_scan_expected(&p.sc, "the end of the layout");
	return 0;
}
