/*
 * cute_tmem.c - the CUTLASS SM100 TMEM copy atoms by name in the cute
 * notation: SM100_TMEM_{LOAD,STORE}_{32dp32b,16dp32b,16dp64b,16dp128b,
 * 16dp256b}{N}x[_16b], the tcgen05.ld/st shapes of copy_traits_sm100.hpp.
 *
 * An atom is one warp's copy: thread t (of 32) moves V values (32-bit
 * registers, or 16-bit halves for _16b), value v of thread t sitting at
 * one TMEM lane and 32-bit column (base address 0).  CUTLASS writes that
 * as ValID(RegLayout(t, v * W)) in bit addresses (lane = address >> 21,
 * column = (address >> 5) & 0xffff); the closed forms below give the same
 * cells for every atom and repetition (docs/tmem.md; the golden cases
 * check all of them against a dump of the CUTLASS headers).
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "notation/cute_tmem.h"
#include "notation/scan.h"

static const struct {
	const char *name; /* as written in the atom name */
	int dp, bits;
	int per_rep; /* 32-bit registers per thread per repetition */
	int max_reps;
} fam[TMEM_NFAMILY] = {
	[TMEM_32DP32B] = { "32dp32b", 32, 32, 1, 128 },
	[TMEM_16DP32B] = { "16dp32b", 16, 32, 1, 128 },
	[TMEM_16DP64B] = { "16dp64b", 16, 64, 1, 128 },
	[TMEM_16DP128B] = { "16dp128b", 16, 128, 2, 64 },
	[TMEM_16DP256B] = { "16dp256b", 16, 256, 4, 32 },
};

int tmem_atom_values(const struct tmem_atom *a)
{
	return fam[a->family].per_rep * a->reps * (a->b16 ? 2 : 1);
}

/* Register r (32-bit) of thread t of the plain atom: PTX's fragments for
 * the shapes .32x32b, .16x32bx2 (the second half at column + N, CuTe's
 * immHalfSplitoff), .16x64b, .16x128b and .16x256b, repeated along the
 * columns. */
static void place32(const struct tmem_atom *a, int t, int r, int *lane, int *col)
{
	switch (a->family) {
	case TMEM_32DP32B:
		*lane = t;
		*col = r;
		break;
	case TMEM_16DP32B:
		*lane = t % 16;
		*col = r + a->reps * (t / 16);
		break;
	case TMEM_16DP64B:
		*lane = t / 4 + 8 * (t % 2);
		*col = t / 2 % 2 + 2 * r;
		break;
	case TMEM_16DP128B:
		*lane = t / 4 + 8 * (r % 2);
		*col = t % 4 + 4 * (r / 2);
		break;
	default: /* TMEM_16DP256B */
		*lane = t / 4 + 8 * (r / 2 % 2);
		*col = r % 2 + 2 * (t % 4) + 8 * (r / 4);
		break;
	}
}

void tmem_atom_place(const struct tmem_atom *a, int t, int v, int *lane, int *col)
{
	if (!a->b16) {
		place32(a, t, v, lane, col);
		return;
	}
	/* _16b: the halves of register v/2 are unpacked into two columns,
	 * each 16-bit value in the low half of its own column */
	place32(a, t, v / 2, lane, col);
	*col = 2 * *col + v % 2;
}

void tmem_atom_name(const struct tmem_atom *a, char *buf, size_t n)
{
	snprintf(buf, n, "SM100_TMEM_%s_%s%dx%s", a->load ? "LOAD" : "STORE", fam[a->family].name,
		 a->reps, a->b16 ? "_16b" : "");
}

static int reps_count(int f)
{
	int k = 0;
	for (int r = 1; r <= fam[f].max_reps; r *= 2)
		k++;
	return k;
}

int tmem_atom_count(void)
{
	int n = 0;
	for (int f = 0; f < TMEM_NFAMILY; f++)
		n += 4 * reps_count(f);
	return n;
}

/* In name order of the families, then LOAD before STORE, repetitions
 * ascending, plain before _16b. */
void tmem_atom_at(int k, struct tmem_atom *a)
{
	memset(a, 0, sizeof *a);
	for (int f = 0; f < TMEM_NFAMILY; f++) {
		int n = 4 * reps_count(f);
		if (k >= n) {
			k -= n;
			continue;
		}
		a->family = f;
		a->load = k < n / 2;
		k %= n / 2;
		a->reps = 1 << (k / 2);
		a->b16 = k % 2;
		return;
	}
}

/* ------------------------------------------------------------------ */
/* Reading the name                                                    */

struct tp {
	struct lay_scan sc; /* C++ comments allowed */
};

/* cute:: and SM100::TMEM::LOAD:: / STORE:: in front of a name. */
static void qualifiers(struct tp *p)
{
	static const char *const q[] = { "::", "cute::", "SM100::", "TMEM::", "LOAD::", "STORE::" };
	for (bool more = true; more;) {
		more = false;
		lay_scan_skip(&p->sc);
		for (size_t k = 0; k < sizeof q / sizeof q[0]; k++)
			if (lay_scan_lit(&p->sc, q[k]))
				more = true;
	}
}

static int number(struct tp *p, int64_t *v, const char *what)
{
	int at = p->sc.pos;
	*v = 0;
	if (p->sc.s[at] < '0' || p->sc.s[at] > '9')
		return lay_scan_error(&p->sc, LAY_ESYNTAX, at, "expected %s (a number)", what);
	return lay_scan_int(&p->sc, at, false, 0, 1000000000, what, LAY_ERANGE, v);
}

static int shape(struct tp *p, struct tmem_atom *a)
{
	int at = p->sc.pos, rc;
	int64_t dp, bits, n;
	if ((rc = number(p, &dp, "the datapaths of the shape (16dp or 32dp)")))
		return rc;
	if (!lay_scan_lit(&p->sc, "dp"))
		return lay_scan_error(&p->sc, LAY_ESYNTAX, p->sc.pos,
				      "expected \"dp\" after the datapath count");
	if ((rc = number(p, &bits, "the bits of the shape (32b, 64b, 128b or 256b)")))
		return rc;
	if (!lay_scan_lit(&p->sc, "b"))
		return lay_scan_error(&p->sc, LAY_ESYNTAX, p->sc.pos,
				      "expected \"b\" after the bit count");
	int f = -1;
	for (int k = 0; k < TMEM_NFAMILY; k++)
		if (fam[k].dp == dp && fam[k].bits == bits)
			f = k;
	if (f < 0)
		return lay_scan_error(
			&p->sc, LAY_ERANGE, at,
			"no TMEM atom has the shape %llddp%lldb: the shapes are 32dp32b, "
			"16dp32b, 16dp64b, 16dp128b and 16dp256b (only 32b is 32-datapath)",
			(long long)dp, (long long)bits);
	int rat = p->sc.pos;
	if ((rc = number(p, &n, "the repetition (1x, 2x, ...)")))
		return rc;
	if (!lay_scan_lit(&p->sc, "x"))
		return lay_scan_error(&p->sc, LAY_ESYNTAX, p->sc.pos,
				      "expected \"x\" after the repetition %lld", (long long)n);
	if (n < 1 || (n & (n - 1)) || n > fam[f].max_reps)
		return lay_scan_error(
			&p->sc, LAY_ERANGE, rat,
			"repetition %lldx is not one of %s's: 1x, 2x, 4x, ... %dx (powers "
			"of two, tcgen05 .num)",
			(long long)n, fam[f].name, fam[f].max_reps);
	a->family = f;
	a->reps = (int)n;
	if (p->sc.s[p->sc.pos] == '_') {
		int sat = p->sc.pos;
		if (!lay_scan_lit(&p->sc, "_16b"))
			return lay_scan_error(
				&p->sc, LAY_ESYNTAX, sat,
				"expected \"_16b\" (the pack::16b form) or the end of the "
				"name");
		a->b16 = true;
	}
	return 0;
}

static int name(struct tp *p, struct tmem_atom *a, int *at)
{
	qualifiers(p);
	*at = p->sc.pos;
	if (!lay_scan_lit(&p->sc, "SM100_TMEM_"))
		return lay_scan_error(&p->sc, LAY_ESYNTAX, p->sc.pos,
				      "expected a TMEM atom name SM100_TMEM_...");
	int op = p->sc.pos;
	if (lay_scan_lit(&p->sc, "LOAD_STAT"))
		return lay_scan_error(
			&p->sc, LAY_EUNKNOWN, op,
			"SM100_TMEM_LOAD_STAT (tcgen05.ld.red) is a reduction, not a copy "
			"with a placement; the TMEM atoms read here are LOAD and STORE");
	if (lay_scan_lit(&p->sc, "LOAD_"))
		a->load = true;
	else if (lay_scan_lit(&p->sc, "STORE_"))
		a->load = false;
	else
		return lay_scan_error(
			&p->sc, LAY_EUNKNOWN, op,
			"unknown TMEM atom: expected SM100_TMEM_LOAD_ or SM100_TMEM_STORE_");
	return shape(p, a);
}

/* NAME, Copy_Traits<NAME> or Copy_Atom<NAME[, T]>, qualified or not. */
static int parse_text(struct tp *p, struct tmem_atom *a, int *at)
{
	int rc, wrap = 0;
	qualifiers(p);
	if (lay_scan_lit(&p->sc, "Copy_Traits"))
		wrap = 1;
	else if (lay_scan_lit(&p->sc, "Copy_Atom"))
		wrap = 2;
	if (wrap) {
		lay_scan_skip(&p->sc);
		if (!lay_scan_lit(&p->sc, "<"))
			return lay_scan_error(&p->sc, LAY_ESYNTAX, p->sc.pos,
					      "expected '<' after %s",
					      wrap == 1 ? "Copy_Traits" : "Copy_Atom");
	}
	if ((rc = name(p, a, at)))
		return rc;
	lay_scan_skip(&p->sc);
	if (wrap == 2 && lay_scan_lit(&p->sc, ",")) {
		lay_scan_skip(&p->sc);
		int tat = p->sc.pos;
		while (p->sc.s[p->sc.pos] && p->sc.s[p->sc.pos] != '>')
			p->sc.pos++;
		if (p->sc.pos == tat)
			return lay_scan_error(&p->sc, LAY_ESYNTAX, tat,
					      "expected the element type");
		lay_scan_skip(&p->sc);
	}
	if (wrap && !lay_scan_lit(&p->sc, ">"))
		return lay_scan_error(&p->sc, LAY_ESYNTAX, p->sc.pos, "expected '>' to close %s",
				      wrap == 1 ? "Copy_Traits" : "Copy_Atom");
	lay_scan_skip(&p->sc);
	if (p->sc.s[p->sc.pos])
		return lay_scan_error(&p->sc, LAY_ESYNTAX, p->sc.pos,
				      "unexpected text after the TMEM atom name");
	return 0;
}

bool lay_cute_tmem_text(const char *text)
{
	return strstr(text, "SM100_TMEM_") != NULL;
}

/* ------------------------------------------------------------------ */
/* The notation                                                        */

struct tmem_state {
	struct tmem_atom a;
	int V;
	int ax[4]; /* thread, value, TLane, TCol */
};

static int tmem_walk(const struct lay_def *def, lay_emit_fn emit, void *ctx, struct lay_error *err)
{
	(void)err;
	const struct tmem_state *st = def->state;
	int64_t coord[LAYOUTD_MAX_AXES] = { 0 };
	for (int t = 0; t < 32; t++)
		for (int v = 0; v < st->V; v++) {
			int lane, col, rc;
			tmem_atom_place(&st->a, t, v, &lane, &col);
			coord[st->ax[0]] = t;
			coord[st->ax[1]] = v;
			coord[st->ax[2]] = lane;
			coord[st->ax[3]] = col;
			if ((rc = emit(ctx, (int64_t)t * st->V + v, coord, 0)))
				return rc;
		}
	return 0;
}

static const struct lay_notation_ops tmem_ops = {
	.walk = tmem_walk,
	.free = free,
	.ordered = true,
};

int lay_cute_tmem_parse(struct lay_def *def, const char *text, const char *ptr, json_t *whole,
			struct lay_error *err)
{
	struct tp p;
	lay_scan_init(&p.sc, text, ptr, err, LAY_SCAN_CXX);
	struct tmem_state *st;
	char q[LAY_ERR_PTR];
	int at, rc;
	struct tmem_atom a = { 0 };
	if ((rc = parse_text(&p, &a, &at)))
		return rc;
	int V = tmem_atom_values(&a), W = a.b16 ? 16 : 32;
	if (def->element_bits && def->element_bits != W) {
		lay_ptr_join(q, sizeof q, def->ptr, "element_bits");
		return lay_error_set(err, LAY_ERANGE, q, -1,
				     "element_bits %d differs from the atom's %d-bit values",
				     def->element_bits, W);
	}
	json_t *r = json_object_get(whole, "cute_role");
	const char *role = json_string_value(r);
	if (r && (!role || (strcmp(role, "tv") && strcmp(role, "memory")))) {
		lay_ptr_join(q, sizeof q, def->ptr, "cute_role");
		return lay_error_set(err, LAY_ESCHEMA, q, -1,
				     "cute_role must be \"memory\" (the default) or \"tv\"");
	}
	if (def->logical_given && (def->rank != 2 || def->shape[0] != 32 || def->shape[1] != V)) {
		lay_ptr_join(q, sizeof q, def->ptr, "logical");
		return lay_error_set(err, LAY_ESHAPE, q, -1,
				     "the atom's logical tile is [32, %d] (thread, value): one "
				     "warp, %d %d-bit values each",
				     V, V, W);
	}
	if (!(st = calloc(1, sizeof *st)))
		return lay_error_set(err, LAY_ENOMEM, ptr, -1, "out of memory");
	st->a = a;
	st->V = V;
	if (!def->logical_given) {
		int64_t shp[2] = { 32, V };
		if ((rc = lay_def_set_shape(def, 2, shp, ptr, err))) {
			free(st);
			return rc;
		}
	}
	static const char *const names[4] = { "thread", "value", "TLane", "TCol" };
	for (int k = 0; k < 4; k++) {
		if ((st->ax[k] = lay_def_axis(def, names[k], ptr, err)) < 0) {
			free(st);
			return err ? err->code : LAY_ELIMIT;
		}
		struct lay_axis *ax = &def->axes[st->ax[k]];
		if (k < 2 && !ax->declared) {
			ax->declared = true;
			ax->extent = k == 0 ? 32 : V;
		}
	}
	def->element_bits = W;
	def->placements_bound = 32 * (int64_t)V;
	def->ops = &tmem_ops;
	def->state = st;
	(void)at;
	return 0;
}

/* ------------------------------------------------------------------ */
/* TMEM-addressed layouts: tmem_[32b](0x0000.0000) o L, TMEM::DP_b,    */
/* TMEM::DP<T>                                                         */

static int type_bits(const char *s, int n)
{
	static const struct {
		const char *name;
		int bits;
	} t[] = { { "float", 32 },	 { "uint32_t", 32 },	{ "int32_t", 32 },
		  { "tfloat32_t", 32 },	 { "half_t", 16 },	{ "bfloat16_t", 16 },
		  { "uint16_t", 16 },	 { "int16_t", 16 },	{ "half", 16 },
		  { "uint8_t", 8 },	 { "int8_t", 8 },	{ "float_e4m3_t", 8 },
		  { "float_e5m2_t", 8 }, { "float_ue8m0_t", 8 } };
	while (n > 7 && strncmp(s, "cutlass::", 9) == 0)
		s += 9, n -= 9;
	while (n > 5 && strncmp(s, "cute::", 6) == 0)
		s += 6, n -= 6;
	for (size_t k = 0; k < sizeof t / sizeof t[0]; k++)
		if ((int)strlen(t[k].name) == n && strncmp(s, t[k].name, (size_t)n) == 0)
			return t[k].bits;
	return 0;
}

bool lay_cute_tmem_addressed(const char *text)
{
	const char *s = text;
	while (*s == ' ' || *s == '\t' || *s == '\n')
		s++;
	return strncmp(s, "tmem_[", 6) == 0 || strstr(text, "TMEM::DP") != NULL;
}

struct taddr {
	int shift;	   /* log2 of elements per 32-bit word; 5 for bits */
	int64_t base;	   /* the pointer's word address */
	int a_lane, a_col; /* a_lane is the layout's m, renamed */
	int a_sub;	   /* -1 without sub-word elements */
	const struct lay_notation_ops *inner_ops;
	void *inner;
};

/* Blank text[at, at + n) and write the number right-aligned in it. */
static void put_number(char *text, int at, int n, int64_t v)
{
	char num[32];
	int len = snprintf(num, sizeof num, "%lld", (long long)v);
	memset(text + at, ' ', (size_t)n);
	if (len <= n)
		memcpy(text + at + n - len, num, (size_t)len);
}

/* The text with the TMEM parts replaced by blanks and numbers of the same
 * length, so positions in it are positions in the original. */
static int tmem_rewrite(char *t, const char *ptr, struct taddr *ta, struct lay_error *err)
{
	int unit = 0; /* element bits: from the pointer, DP<T>, or 1 for DP_b */
	char *s = t;
	while (*s == ' ' || *s == '\t' || *s == '\n')
		s++;
	if (strncmp(s, "tmem_[", 6) == 0) {
		unsigned bits, lane, col;
		int used = 0;
		if (sscanf(s, "tmem_[%ub](0x%4x.%4x)%n", &bits, &lane, &col, &used) != 3 || !used)
			return lay_text_error(err, LAY_ESYNTAX, ptr, t, s - t,
					      "expected a TMEM pointer as CuTe prints it: "
					      "tmem_[32b](0x0000.0000)");
		char *o = s + used;
		while (*o == ' ')
			o++;
		if (*o != 'o' || (o[1] != ' ' && o[1] != '('))
			return lay_text_error(err, LAY_ESYNTAX, ptr, t, o - t,
					      "expected 'o' and the layout after the TMEM pointer");
		if (bits != 32 && bits != 16 && bits != 8)
			return lay_text_error(err, LAY_ERANGE, ptr, t, s - t + 6,
					      "a TMEM pointer to %u-bit elements: tensor memory "
					      "words hold 32-, 16- or 8-bit elements",
					      bits);
		unit = (int)bits;
		ta->base = (int64_t)lane << 16 | col;
		memset(s, ' ', (size_t)(o + 1 - s));
	}
	for (char *d = strstr(t, "TMEM::DP"); d; d = strstr(d + 1, "TMEM::DP")) {
		char *b = d;
		if (b - t >= 6 && strncmp(b - 6, "cute::", 6) == 0)
			b -= 6;
		int this_unit, n;
		char *e = d + 8;
		if (strncmp(e, "_b", 2) == 0 && !(isalnum((unsigned char)e[2]) || e[2] == '_')) {
			this_unit = 1;
			e += 2;
		} else if (*e == '<') {
			char *close = strchr(e, '>');
			if (!close)
				return lay_text_error(err, LAY_ESYNTAX, ptr, t, e - t,
						      "expected '>' closing TMEM::DP<T>");
			char *ts = e + 1, *te = close;
			while (ts < te && *ts == ' ')
				ts++;
			while (te > ts && te[-1] == ' ')
				te--;
			this_unit = ts == te ? 32 : type_bits(ts, (int)(te - ts));
			if (!this_unit)
				return lay_text_error(err, LAY_EUNKNOWN, ptr, t, ts - t,
						      "unknown element type in TMEM::DP<%.*s> "
						      "(float, half_t, bfloat16_t, uint8_t, ...)",
						      (int)(te - ts), ts);
			e = close + 1;
		} else {
			return lay_text_error(err, LAY_ESYNTAX, ptr, t, d - t,
					      "expected TMEM::DP_b or TMEM::DP<T>");
		}
		if (unit && this_unit != unit)
			return lay_text_error(
				err, LAY_ESHAPE, ptr, t, b - t,
				"this TMEM lane stride is in %d-bit units, the layout's "
				"addresses in %d-bit units",
				this_unit, unit);
		unit = this_unit;
		n = (int)(e - b);
		int sh = 0;
		while ((32 >> sh) > unit)
			sh++;
		put_number(t, (int)(b - t), n, (int64_t)1 << (16 + sh));
	}
	ta->shift = 0;
	while ((32 >> ta->shift) > (unit ? unit : 32))
		ta->shift++;
	return 0;
}

static int taddr_walk(const struct lay_def *def, lay_emit_fn emit, void *ctx,
		      struct lay_error *err);

struct taddr_ctx {
	const struct taddr *ta;
	lay_emit_fn emit;
	void *ctx;
};

static int taddr_emit(void *c, int64_t elem, const int64_t *coord, int64_t outside)
{
	struct taddr_ctx *tc = c;
	const struct taddr *ta = tc->ta;
	int64_t x[LAYOUTD_MAX_AXES];
	memcpy(x, coord, sizeof x);
	int64_t off = coord[ta->a_lane], mask = ((int64_t)1 << ta->shift) - 1;
	int64_t word = ta->base + (off >> ta->shift); /* arithmetic: negatives stay below 0 */
	x[ta->a_lane] = word >= 0 ? word >> 16 : -1;
	x[ta->a_col] = word >= 0 ? word & 0xffff : -1;
	if (ta->a_sub >= 0)
		x[ta->a_sub] = off & mask;
	return tc->emit(tc->ctx, elem, x, outside);
}

static void taddr_free(void *state)
{
	struct taddr *ta = state;
	if (ta && ta->inner_ops->free)
		ta->inner_ops->free(ta->inner);
	free(ta);
}

static const struct lay_notation_ops taddr_ops = {
	.walk = taddr_walk,
	.free = taddr_free,
	.ordered = true,
};

static int taddr_walk(const struct lay_def *def, lay_emit_fn emit, void *ctx, struct lay_error *err)
{
	const struct taddr *ta = def->state;
	struct lay_def *inner = malloc(sizeof *inner);
	if (!inner)
		return lay_error_set(err, LAY_ENOMEM, def->ptr, -1, "out of memory");
	*inner = *def;
	inner->state = ta->inner;
	inner->ops = ta->inner_ops;
	struct taddr_ctx tc = { ta, emit, ctx };
	int rc = ta->inner_ops->walk(inner, taddr_emit, &tc, err);
	free(inner);
	return rc;
}

int lay_cute_tmem_addr_parse(struct lay_def *def, json_t *v, json_t *whole, struct lay_error *err)
{
	char ptr[LAY_ERR_PTR];
	const char *text = json_string_value(v);
	struct taddr *ta = calloc(1, sizeof *ta);
	char *t = strdup(text);
	json_t *v2 = NULL;
	int rc;
	lay_ptr_join(ptr, sizeof ptr, def->ptr, "cute");
	if (!ta || !t) {
		rc = lay_error_set(err, LAY_ENOMEM, ptr, -1, "out of memory");
		goto fail;
	}
	if ((rc = tmem_rewrite(t, ptr, ta, err)))
		goto fail;
	if (!(v2 = json_string(t))) {
		rc = lay_error_set(err, LAY_ENOMEM, ptr, -1, "out of memory");
		goto fail;
	}
	if ((rc = lay_cute_parse(def, v2, whole, err))) {
		lay_error_source(err, text);
		goto fail;
	}
	json_t *role = json_object_get(whole, "cute_role");
	int m = -1;
	for (int a = 0; a < def->naxes; a++)
		if (strcmp(def->axes[a].name, "m") == 0)
			m = a;
	if ((role && json_is_string(role) && strcmp(json_string_value(role), "tv") == 0) || m < 0 ||
	    def->swizzle.present) {
		def->ops->free(def->state);
		def->state = NULL;
		rc = lay_error_set(err, LAY_ESCHEMA, ptr, -1,
				   "a TMEM-addressed layout maps coordinates to TMEM addresses: "
				   "a memory layout with plain strides, no swizzle and no "
				   "cute_role \"tv\"");
		goto fail;
	}
	ta->inner_ops = def->ops;
	ta->inner = def->state;
	ta->a_lane = m;
	snprintf(def->axes[m].name, sizeof def->axes[m].name, "TLane");
	lay_axis_known("TLane", &def->axes[m].kind, &def->axes[m].hw_limit);
	def->axes[m].declared = false;
	ta->a_col = lay_def_axis(def, "TCol", ptr, err);
	ta->a_sub = ta->shift ? lay_def_axis(def, "TSub", ptr, err) : -1;
	def->ops = &taddr_ops;
	def->state = ta;
	if (ta->a_col < 0 || (ta->shift && ta->a_sub < 0)) {
		json_decref(v2);
		free(t);
		return err ? err->code : LAY_ELIMIT;
	}
	if (!def->element_bits)
		def->element_bits = 32 >> ta->shift;
	json_decref(v2);
	free(t);
	return 0;
fail:
	json_decref(v2);
	free(t);
	free(ta);
	return rc;
}
