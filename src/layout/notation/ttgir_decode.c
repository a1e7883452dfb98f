/*
 * ttgir_decode.c - one decoder per Triton layout family: the members each
 * family takes, Triton's parser and verifier rules as located errors, and
 * the decoded encoding (struct tt_enc) that ttgir_ll.c converts.
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "notation/ttgir_text.h"
static struct tt_enc *decode(struct tp *p, struct tv *v, int depth);

/* Keys a family reads; others are errors (strict) or warnings. */
static int check_keys(struct tp *p, const struct tv *a, const char *const *keys, bool strict,
		      const char *family)
{
	for (struct tv *m = a->kid; m; m = m->next) {
		bool ok = false;
		for (const char *const *k = keys; *k && !ok; k++)
			ok = tv_key_is(m, *k);
		if (ok)
			continue;
		if (strict)
			return lay_scan_error(&p->sc, LAY_ESCHEMA, m->kpos,
					      "unknown key %.*s in %s (Triton: "
					      "\"unexpected key\")",
					      m->klen, m->key, family);
		tt_warn(p, "ttgir_ignored_key", m->kpos,
			"%s ignores the key %.*s (Triton's parser skips it)", family, m->klen,
			m->key);
	}
	return 0;
}

struct tv *tt_need(struct tp *p, const struct tv *a, const char *key, const char *family)
{
	struct tv *v = tv_get(a, key);
	if (!v)
		lay_scan_error(&p->sc, LAY_ESCHEMA, a->pos, "%s needs %s", family, key);
	return v;
}

static int dec_blocked(struct tp *p, const struct tv *a, struct tt_enc *e)
{
	static const char *const keys[] = { "sizePerThread", "threadsPerWarp", "warpsPerCTA",
					    "order",	     "CGALayout",      "CTAsPerCGA",
					    "CTASplitNum",   "CTAOrder",       NULL };
	struct tv *spt, *tpw, *wpc, *ord;
	int n1, n2, n3, n4;
	if (check_keys(p, a, keys, true, "blocked"))
		return -1;
	if (!(spt = tt_need(p, a, "sizePerThread", "blocked")) ||
	    !(tpw = tt_need(p, a, "threadsPerWarp", "blocked")) ||
	    !(wpc = tt_need(p, a, "warpsPerCTA", "blocked")) ||
	    !(ord = tt_need(p, a, "order", "blocked")))
		return -1;
	if (tt_want_uarr(p, spt, e->spt, &n1, "sizePerThread") ||
	    tt_want_uarr(p, tpw, e->tpw, &n2, "threadsPerWarp") ||
	    tt_want_uarr(p, wpc, e->wpc, &n3, "warpsPerCTA") ||
	    tt_want_uarr(p, ord, e->order, &n4, "order"))
		return -1;
	if (n1 != n2 || n1 != n3 || n1 != n4 || n1 == 0)
		return lay_scan_error(
			&p->sc, LAY_ESHAPE, a->pos,
			"sizePerThread, threadsPerWarp, warpsPerCTA and order must all have the "
			"same rank (%d, %d, %d, %d)",
			n1, n2, n3, n4);
	e->rank = n1;
	if (tt_want_pow2_arr(p, spt, e->spt, n1, "sizePerThread") ||
	    tt_want_pow2_arr(p, tpw, e->tpw, n1, "threadsPerWarp") ||
	    tt_want_pow2_arr(p, wpc, e->wpc, n1, "warpsPerCTA") ||
	    tt_want_perm(p, ord, e->order, n1, "order"))
		return -1;
	return tt_decode_cga(p, a, e->rank, &e->cga) ? -1 : 0;
}

static int dec_nvidia_mma(struct tp *p, const struct tv *a, struct tt_enc *e)
{
	static const char *const keys[] = { "versionMajor", "versionMinor", "warpsPerCTA",
					    "CGALayout",    "instrShape",   "CTAsPerCGA",
					    "CTASplitNum",  "CTAOrder",	    NULL };
	struct tv *vm, *wpc, *ins, *vn;
	int n;
	unsigned ishape[TT_MAXR];
	check_keys(p, a, keys, false, "nvidia_mma");
	if (!(vm = tt_need(p, a, "versionMajor", "nvidia_mma")) ||
	    !(wpc = tt_need(p, a, "warpsPerCTA", "nvidia_mma")))
		return -1;
	if (tt_want_uint(p, vm, &e->version, "versionMajor") ||
	    tt_want_uarr(p, wpc, e->wpc, &e->rank, "warpsPerCTA"))
		return -1;
	if ((vn = tv_get(a, "versionMinor")) &&
	    tt_want_uint(p, vn, &e->version_minor, "versionMinor"))
		return -1;
	if (e->rank < 2)
		return lay_scan_error(&p->sc, LAY_ESHAPE, wpc->pos, "nvidia_mma needs rank >= 2");
	if (tt_want_pow2_arr(p, wpc, e->wpc, e->rank, "warpsPerCTA"))
		return -1;
	if (e->version != 2 && e->version != 3)
		return lay_scan_error(
			&p->sc, LAY_ERANGE, vm->pos,
			"versionMajor = %u: Triton has linear layouts for nvidia_mma v2 (Ampere) "
			"and v3 (Hopper) only",
			e->version);
	ins = tv_get(a, "instrShape");
	if (!ins) {
		/* before instrShape was printed: Ampere's was always [16, 8] */
		if (e->version != 2)
			return lay_scan_error(&p->sc, LAY_ESCHEMA, a->pos,
					      "nvidia_mma v3 needs instrShape");
		e->ninstr = e->rank;
		for (int d = 0; d < e->rank; d++)
			e->instr[d] = d == e->rank - 2 ? 16 : d == e->rank - 1 ? 8 : 1;
		tt_warn(p, "ttgir_default", a->pos, "no instrShape: taking [.., 16, 8]");
	} else {
		if (tt_want_uarr(p, ins, ishape, &n, "instrShape"))
			return -1;
		if (n > 3)
			return lay_scan_error(&p->sc, LAY_ESHAPE, ins->pos,
					      "instrShape has at most 3 entries");
		e->ninstr = n;
		for (int d = 0; d < n; d++)
			e->instr[d] = ishape[d];
		if (e->version == 3 && n != 3)
			return lay_scan_error(&p->sc, LAY_ESHAPE, ins->pos,
					      "nvidia_mma v3 instrShape is [M, N, K]");
		if (e->version == 2 && n != e->rank)
			return lay_scan_error(
				&p->sc, LAY_ESHAPE, ins->pos,
				"nvidia_mma v2 instrShape has one entry per dim ([16, 8])");
		for (int d = 0; d < n; d++)
			if (ishape[d] == 0 || (ishape[d] & (ishape[d] - 1)))
				return lay_scan_error(&p->sc, LAY_ERANGE, ins->pos,
						      "instrShape entries are powers of two");
	}
	return tt_decode_cga(p, a, e->rank, &e->cga) ? -1 : 0;
}

static int dec_mfma(struct tp *p, const struct tv *a, struct tt_enc *e)
{
	static const char *const keys[] = { "version",	   "versionMajor", "versionMinor",
					    "warpsPerCTA", "instrShape",   "isTransposed",
					    "CGALayout",   "tilesPerWarp", "elementBitWidth",
					    "CTAsPerCGA",  "CTASplitNum",  "CTAOrder",
					    NULL };
	struct tv *ver, *wpc, *ins, *tr, *tpw, *ebw;
	unsigned ishape[TT_MAXR];
	int n;
	check_keys(p, a, keys, false, "amd_mfma");
	ver = tv_get(a, "version");
	if (!ver && (ver = tv_get(a, "versionMajor")))
		p->legacy = true;
	e->version = 0; /* Triton's parser leaves 0 when the key is absent */
	if (ver && tt_want_uint(p, ver, &e->version, "version"))
		return -1;
	if (e->version > 4)
		return lay_scan_error(&p->sc, LAY_ERANGE, ver ? ver->pos : a->pos,
				      "version must be in the [0, 4] range");
	if (!(wpc = tt_need(p, a, "warpsPerCTA", "amd_mfma")) ||
	    tt_want_uarr(p, wpc, e->wpc, &e->rank, "warpsPerCTA"))
		return -1;
	if (e->rank != 2 && e->rank != 3)
		return lay_scan_error(&p->sc, LAY_ESHAPE, wpc->pos, "amd_mfma has rank 2 or 3");
	if (tt_want_pow2_arr(p, wpc, e->wpc, e->rank, "warpsPerCTA"))
		return -1;
	if (!(ins = tv_get(a, "instrShape")))
		return lay_scan_error(
			&p->sc, LAY_ESCHEMA, a->pos,
			"amd_mfma needs instrShape = [M, N, K] (printers before March 2024 "
			"left it out; the layout cannot be known without it)");
	if (tt_want_uarr(p, ins, ishape, &n, "instrShape"))
		return -1;
	if (n < 2 || n > 3)
		return lay_scan_error(&p->sc, LAY_ESHAPE, ins->pos,
				      "instrShape is [M, N, K] (or [M, N])");
	e->ninstr = n;
	for (int d = 0; d < n; d++)
		e->instr[d] = ishape[d];
	if (!((ishape[0] == 32 && ishape[1] == 32) || (ishape[0] == 16 && ishape[1] == 16) ||
	      (ishape[0] == 64 && ishape[1] == 4) || (ishape[0] == 4 && ishape[1] == 64)))
		return lay_scan_error(&p->sc, LAY_ERANGE, ins->pos,
				      "invalid (mDim, nDim) combination: (%u, %u)", ishape[0],
				      ishape[1]);
	if ((tr = tv_get(a, "isTransposed"))) {
		if (tt_want_bool(p, tr, &e->transposed, "isTransposed"))
			return -1;
	} else {
		tt_warn(p, "ttgir_default", a->pos,
			"amd_mfma without isTransposed: taking false (Triton leaves it unset)");
	}
	if (ishape[0] == 64 && ishape[1] == 4 && !e->transposed)
		return lay_scan_error(&p->sc, LAY_ERANGE, a->pos, "a 64x4 mfma must be transposed");
	for (int d = 0; d < e->rank; d++)
		e->tiles[d] = 1;
	if ((tpw = tv_get(a, "tilesPerWarp"))) {
		if (tt_want_uarr(p, tpw, e->tiles, &n, "tilesPerWarp"))
			return -1;
		if (n != e->rank)
			return lay_scan_error(&p->sc, LAY_ESHAPE, tpw->pos,
					      "tilesPerWarp needs %d entries", e->rank);
		if (tt_want_pow2_arr(p, tpw, e->tiles, n, "tilesPerWarp"))
			return -1;
	}
	e->ebw = 32;
	if ((ebw = tv_get(a, "elementBitWidth")) &&
	    (tt_want_uint(p, ebw, &e->ebw, "elementBitWidth") ||
	     ((e->ebw != 32 && e->ebw != 64) &&
	      lay_scan_error(&p->sc, LAY_ERANGE, ebw->pos, "elementBitWidth must be 32 or 64"))))
		return -1;
	return tt_decode_cga(p, a, e->rank, &e->cga) ? -1 : 0;
}

/* amd_wmma's ctaLayout = {register = [...], warp = [...]}. */
static int wmma_cta_layout(struct tp *p, const struct tv *cta, struct tt_enc *e, int *rankp)
{
	int rank = *rankp;
	if (cta->kind != TV_DICT)
		return lay_scan_error(&p->sc, LAY_ESCHEMA, cta->pos,
				      "expected dictionary value for 'ctaLayout'");
	for (struct tv *m = cta->kid; m; m = m->next)
		if (!tv_key_is(m, "register") && !tv_key_is(m, "warp"))
			return lay_scan_error(
				&p->sc, LAY_ESCHEMA, m->kpos,
				"ctaLayout holds register and warp bases only, not %.*s", m->klen,
				m->key);
	struct tv *reg = tv_get(cta, "register"), *warp = tv_get(cta, "warp");
	struct tll w;
	tll_empty(&w);
	if (reg && tt_want_bases(p, reg, &e->ll, TT_REG, &rank, "ctaLayout.register"))
		return -1;
	if (warp && tt_want_bases(p, warp, &w, TT_WARP, &rank, "ctaLayout.warp"))
		return -1;
	if (!warp)
		w.nin = 1, w.in[0] = TT_WARP, w.nb[0] = 0;
	if (rank < 0)
		rank = 2;
	if (!reg)
		e->ll.nin = 1, e->ll.in[0] = TT_REG, e->ll.nb[0] = 0;
	e->ll.nin = 2;
	e->ll.in[1] = TT_WARP;
	e->ll.nb[1] = w.nb[0];
	memcpy(e->ll.b[1], w.b[0], sizeof w.b[0]);
	tt_std_outs(&e->ll, rank);
	*rankp = rank;
	return 0;
}

/* amd_wmma before the ctaLayout form: warpsPerCTA (and tilesPerWarp),
 * chooseWmmaCTALinearLayout. */
static int wmma_warps(struct tp *p, const struct tv *a, const struct tv *wpc, struct tt_enc *e,
		      int *rankp)
{
	int rank = *rankp;
	unsigned w[TT_MAXR], t[TT_MAXR];
	int nw, nt;
	p->legacy = true;
	if (tt_want_uarr(p, wpc, w, &nw, "warpsPerCTA") ||
	    tt_want_pow2_arr(p, wpc, w, nw, "warpsPerCTA"))
		return -1;
	if (rank >= 0 && nw != rank)
		return lay_scan_error(&p->sc, LAY_ESHAPE, wpc->pos, "warpsPerCTA needs %d entries",
				      rank);
	rank = nw;
	if (rank != 2 && rank != 3)
		return lay_scan_error(&p->sc, LAY_ESHAPE, wpc->pos, "amd_wmma has rank 2 or 3");
	for (int d = 0; d < rank; d++)
		t[d] = 1;
	struct tv *tp = tv_get(a, "tilesPerWarp");
	if (tp && (tt_want_uarr(p, tp, t, &nt, "tilesPerWarp") ||
		   (nt != rank && lay_scan_error(&p->sc, LAY_ESHAPE, tp->pos,
						 "tilesPerWarp needs %d entries", rank)) ||
		   tt_want_pow2_arr(p, tp, t, nt, "tilesPerWarp")))
		return -1;
	struct tll f;
	for (int k = 0; k < rank; k++) {
		int d = rank - 1 - k;
		tll_identity1d(&f, t[d], TT_REG, d);
		tll_mul_eq(&e->ll, &f);
		tll_identity1d(&f, w[d], TT_WARP, d);
		tll_mul_eq(&e->ll, &f);
	}
	int std[TT_MAXR];
	struct tll s = e->ll;
	for (int d = 0; d < rank; d++)
		std[d] = d;
	for (int o = 0; o < rank; o++) {
		int from = tll_out_index(&e->ll, std[o]);
		s.out[o] = o;
		s.osz[o] = e->ll.osz[from];
		for (int i = 0; i < e->ll.nin; i++)
			for (int j = 0; j < e->ll.nb[i]; j++)
				s.b[i][j][o] = e->ll.b[i][j][from];
	}
	e->ll = s;
	*rankp = rank;
	return 0;
}

static int dec_wmma(struct tp *p, const struct tv *a, struct tt_enc *e)
{
	static const char *const keys[] = { "version",	   "rank",	   "ctaLayout",
					    "isTranspose", "isTransposed", "CGALayout",
					    "instrShape",  "warpsPerCTA",  "tilesPerWarp",
					    "CTAsPerCGA",  "CTASplitNum",  "CTAOrder",
					    NULL };
	struct tv *ver, *rk, *cta, *tr, *ins, *wpc;
	unsigned ishape[TT_MAXR];
	int n, rank = -1;
	check_keys(p, a, keys, false, "amd_wmma");
	if (!(ver = tt_need(p, a, "version", "amd_wmma")) ||
	    tt_want_uint(p, ver, &e->version, "version"))
		return -1;
	if (e->version < 1 || e->version > 3)
		return lay_scan_error(&p->sc, LAY_ERANGE, ver->pos,
				      "WMMA version must be in the [1, 3] range");
	if ((rk = tv_get(a, "rank"))) {
		unsigned r;
		if (tt_want_uint(p, rk, &r, "rank"))
			return -1;
		if (r != 2 && r != 3)
			return lay_scan_error(&p->sc, LAY_ERANGE, rk->pos,
					      "amd_wmma has rank 2 or 3");
		rank = (int)r;
	}
	if ((tr = tv_get(a, "isTranspose")) || (tr = tv_get(a, "isTransposed")))
		if (tt_want_bool(p, tr, &e->transposed, "isTranspose"))
			return -1;
	tll_empty(&e->ll);
	cta = tv_get(a, "ctaLayout");
	wpc = tv_get(a, "warpsPerCTA");
	if (cta) {
		if (wmma_cta_layout(p, cta, e, &rank))
			return -1;
	} else if (wpc) {
		if (wmma_warps(p, a, wpc, e, &rank))
			return -1;
	} else {
		return lay_scan_error(&p->sc, LAY_ESCHEMA, a->pos,
				      "amd_wmma needs ctaLayout = {warp = [...]}");
	}
	e->rank = rank;
	if (rank != 2 && rank != 3)
		return lay_scan_error(&p->sc, LAY_ESHAPE, a->pos, "amd_wmma has rank 2 or 3");
	e->ninstr = 3;
	e->instr[0] = e->instr[1] = e->instr[2] = 16;
	if ((ins = tv_get(a, "instrShape"))) {
		if (tt_want_uarr(p, ins, ishape, &n, "instrShape"))
			return -1;
		if (n != 3)
			return lay_scan_error(&p->sc, LAY_ESHAPE, ins->pos,
					      "instrShape is [M, N, K]");
		memcpy(e->instr, ishape, sizeof e->instr);
	}
	bool ok = e->instr[0] == 16 && e->instr[1] == 16;
	unsigned k = e->instr[2];
	if (e->version == 1)
		ok = ok && k == 16;
	else if (e->version == 2)
		ok = ok && (k == 16 || k == 32);
	else
		ok = ok && (k == 4 || k == 32 || k == 64 || k == 128);
	if (!ok)
		return lay_scan_error(&p->sc, LAY_ERANGE, ins ? ins->pos : a->pos,
				      "invalid WMMA v%u instruction shape", e->version);
	return tt_decode_cga(p, a, e->rank, &e->cga) ? -1 : 0;
}

static int dec_linear(struct tp *p, const struct tv *a, struct tt_enc *e)
{
	static const char *const names[] = { "register", "lane", "warp", "block" };
	static const char *const keys[] = { "register", "lane", "warp", "block", NULL };
	int rank = -1;
	check_keys(p, a, keys, false, "linear");
	tll_empty(&e->ll);
	for (int k = 0; k < 4; k++) {
		struct tv *v = tv_get(a, names[k]);
		if (!v)
			return lay_scan_error(&p->sc, LAY_ESCHEMA, a->pos,
					      "Expected basis of '%s' not found", names[k]);
		if (tt_want_bases(p, v, &e->ll, k, &rank, names[k]))
			return -1;
	}
	if (rank < 0)
		return lay_scan_error(&p->sc, LAY_ESCHEMA, a->pos, "Empty Layout not supported");
	e->rank = rank;
	tt_std_outs(&e->ll, rank);
	for (int k = 0; k < 4; k++)
		if (!tll_is_permutation(&e->ll, k))
			return lay_scan_error(
				&p->sc, LAY_ERANGE, tv_get(a, names[k])->pos,
				"After removing the zero bases the layout must be a "
				"permutation matrix (Triton's verifier): the %s bases are not "
				"distinct single powers of two",
				names[k]);
	if (!tt_surjective(&e->ll))
		return lay_scan_error(
			&p->sc, LAY_ERANGE, a->pos,
			"the layout is not surjective: some coordinate below the inferred out "
			"sizes is never reached (Triton aborts)");
	/* the permutation rule across in-dims: invertible once flattened */
	struct tll all = e->ll;
	all.nin = 1;
	all.nb[0] = 0;
	for (int i = 0; i < e->ll.nin; i++)
		for (int j = 0; j < e->ll.nb[i]; j++)
			memcpy(all.b[0][all.nb[0]++], e->ll.b[i][j], sizeof all.b[0][0]);
	if (!tll_is_permutation(&all, all.in[0]))
		return lay_scan_error(
			&p->sc, LAY_ERANGE, a->pos,
			"After removing the zero bases the layout must be a permutation matrix "
			"(Triton's verifier): two in-dims share a basis");
	return 0;
}

static int dec_swizzled(struct tp *p, const struct tv *a, struct tt_enc *e, const char *family,
			bool legacy_shared)
{
	static const char *const keys[] = { "vec",	   "perPhase",	"maxPhase",
					    "order",	   "CGALayout", "CTAsPerCGA",
					    "CTASplitNum", "CTAOrder",	"hasLeadingOffset",
					    NULL };
	struct tv *v;
	const char *const *kk = keys;
	static const char *const keys_nolead[] = { "vec",	  "perPhase",  "maxPhase",
						   "order",	  "CGALayout", "CTAsPerCGA",
						   "CTASplitNum", "CTAOrder",  NULL };
	if (!legacy_shared)
		kk = keys_nolead;
	if (check_keys(p, a, kk, true, family))
		return -1;
	unsigned *fields[3] = { &e->vec, &e->per_phase, &e->max_phase };
	const char *names[3] = { "vec", "perPhase", "maxPhase" };
	for (int k = 0; k < 3; k++) {
		if (!(v = tt_need(p, a, names[k], family)) ||
		    tt_want_uint(p, v, fields[k], names[k]))
			return -1;
		if (*fields[k] == 0)
			return lay_scan_error(
				&p->sc, LAY_ERANGE, v->pos,
				"%s = 0: Triton divides by it (perPhase, maxPhase) or places "
				"nothing; use 1 for no swizzling",
				names[k]);
	}
	if (!(v = tt_need(p, a, "order", family)) ||
	    tt_want_uarr(p, v, e->order, &e->rank, "order") ||
	    tt_want_perm(p, v, e->order, e->rank, "order"))
		return -1;
	if (e->rank == 0)
		return lay_scan_error(&p->sc, LAY_ESHAPE, v->pos, "order is empty");
	return tt_decode_cga(p, a, e->rank, &e->cga) ? -1 : 0;
}

static int dec_nvmma_shared(struct tp *p, const struct tv *a, struct tt_enc *e)
{
	static const char *const keys[] = { "swizzlingByteWidth", "transposed",
					    "elementBitWidth",	  "fp4Padded",
					    "CGALayout",	  "rank",
					    "CTAsPerCGA",	  "CTASplitNum",
					    "CTAOrder",		  NULL };
	struct tv *v;
	if (check_keys(p, a, keys, true, "nvmma_shared"))
		return -1;
	if (!(v = tt_need(p, a, "swizzlingByteWidth", "nvmma_shared")) ||
	    tt_want_uint(p, v, &e->swizzle, "swizzlingByteWidth"))
		return -1;
	if (e->swizzle != 0 && e->swizzle != 32 && e->swizzle != 64 && e->swizzle != 128)
		return lay_scan_error(&p->sc, LAY_ERANGE, v->pos,
				      "swizzlingByteWidth must be 0, 32, 64, or 128");
	if (!(v = tt_need(p, a, "elementBitWidth", "nvmma_shared")) ||
	    tt_want_uint(p, v, &e->ebw, "elementBitWidth"))
		return -1;
	if (e->ebw == 0)
		return lay_scan_error(&p->sc, LAY_ERANGE, v->pos,
				      "elementBitWidth must be non-zero");
	if (e->ebw > 128 || (e->ebw & (e->ebw - 1)))
		return lay_scan_error(
			&p->sc, LAY_ERANGE, v->pos,
			"elementBitWidth = %u: the swizzle pattern (128 / elementBitWidth "
			"elements per vector) needs a power of two up to 128",
			e->ebw);
	if ((v = tv_get(a, "transposed")) && tt_want_bool(p, v, &e->transposed, "transposed"))
		return -1;
	if ((v = tv_get(a, "fp4Padded")) && tt_want_bool(p, v, &e->fp4, "fp4Padded"))
		return -1;
	e->rank = 2;
	struct tv *g = tv_get(a, "CGALayout"), *r = tv_get(a, "rank"), *ord = tv_get(a, "CTAOrder");
	if (r) {
		unsigned rk;
		if (tt_want_uint(p, r, &rk, "rank"))
			return -1;
		if (rk < 1 || rk > TT_MAXR)
			return lay_scan_error(&p->sc, LAY_ERANGE, r->pos, "rank must be 1..%d",
					      TT_MAXR);
		e->rank = (int)rk;
	} else if (g && g->kind == TV_ARR && g->kid && g->kid->kind == TV_ARR) {
		e->rank = tv_len(g->kid);
	} else if (ord && ord->kind == TV_ARR) {
		e->rank = tv_len(ord);
	}
	if (e->rank < 1 || e->rank > TT_MAXR)
		return lay_scan_error(&p->sc, LAY_ERANGE, a->pos, "nvmma_shared rank must be 1..%d",
				      TT_MAXR);
	return tt_decode_cga(p, a, e->rank, &e->cga) ? -1 : 0;
}

/* #ttg.shared<{vec, perPhase, maxPhase, order, hasLeadingOffset}> (before
 * February 2025): false -> swizzled_shared; true -> nvmma_shared, with the
 * swizzle and element width the old parameters imply. */
static int dec_legacy_shared(struct tp *p, const struct tv *a, struct tt_enc *e, int bits)
{
	struct tv *lead = tv_get(a, "hasLeadingOffset");
	bool has = false;
	p->legacy = true;
	if (lead && tt_want_bool(p, lead, &has, "hasLeadingOffset"))
		return -1;
	if (dec_swizzled(p, a, e, "shared", true))
		return -1;
	if (!has) {
		e->family = TT_SWIZZLED_SHARED;
		return 0;
	}
	e->family = TT_NVMMA_SHARED;
	e->transposed = e->rank >= 2 && e->order[0] == 0;
	e->ebw = bits ? (unsigned)bits : 128 / e->vec;
	e->swizzle = e->max_phase > 1 ? 16 * e->max_phase : 0;
	if (e->ebw == 0 || e->ebw > 128 || (e->ebw & (e->ebw - 1)))
		return lay_scan_error(
			&p->sc, LAY_ERANGE, a->pos,
			"cannot infer the element width of this hasLeadingOffset layout");
	tt_warn(p, "ttgir_legacy_shared", a->pos,
		"#shared with hasLeadingOffset = true read as nvmma_shared<{swizzlingByteWidth = "
		"%u, "
		"transposed = %s, elementBitWidth = %u}>%s",
		e->swizzle, e->transposed ? "true" : "false", e->ebw,
		bits ? "" : " (element width taken as 128 / vec)");
	return 0;
}

/* padded_shared's linear component: offset and block bases, Triton's
 * verifier rules on them. */
static int padded_linear(struct tp *p, const struct tv *a, struct tv *off, struct tv *blk,
			 struct tt_enc *e)
{
	static const char *const keys[] = { "offset", "block", "[intervals]", NULL };
	int rank = -1;
	if (check_keys(p, a, keys, true, "padded_shared"))
		return -1;
	if (!off || !blk)
		return lay_scan_error(&p->sc, LAY_ESCHEMA, a->pos,
				      "Expected basis of '%s' not found", off ? "block" : "offset");
	if (tt_want_bases(p, off, &e->ll, TT_OFFSET, &rank, "offset") ||
	    tt_want_bases(p, blk, &e->ll, TT_BLOCK, &rank, "block"))
		return -1;
	if (rank < 0)
		return lay_scan_error(&p->sc, LAY_ESCHEMA, a->pos, "Empty Layout not supported");
	e->rank = rank;
	tt_std_outs(&e->ll, rank);
	if (!tt_surjective(&e->ll))
		return lay_scan_error(&p->sc, LAY_ERANGE, a->pos,
				      "the linear component is not surjective (Triton aborts)");
	for (int i = 0; i < e->ll.nin; i++)
		for (int j = 0; j < e->ll.nb[i]; j++) {
			int nz = 0;
			for (int o = 0; o < rank; o++) {
				int64_t x = e->ll.b[i][j][o];
				if (x && (x & (x - 1)))
					return lay_scan_error(
						&p->sc, LAY_ERANGE, a->pos,
						"Each offset basis must be 0 or a power of "
						"two.");
				nz += x != 0;
			}
			if (nz > 1)
				return lay_scan_error(&p->sc, LAY_ERANGE, a->pos,
						      "Each offset basis must move in at most one "
						      "dimension.");
		}
	struct tll o1 = e->ll;
	o1.nin = 1;
	if (!tll_is_permutation(&o1, TT_OFFSET))
		return lay_scan_error(&p->sc, LAY_ERANGE, off->pos,
				      "Broadcasting in offset dimension is not supported.");
	for (int j = 0; j < o1.nb[0]; j++) {
		bool z = true;
		for (int o = 0; o < rank; o++)
			z = z && o1.b[0][j][o] == 0;
		if (z)
			return lay_scan_error(&p->sc, LAY_ERANGE, off->pos,
					      "Broadcasting in offset dimension is not supported.");
	}
	return 0;
}

static int dec_padded(struct tp *p, const struct tv *a, struct tt_enc *e)
{
	struct tv *pairs = NULL;
	for (struct tv *m = a->kid; m; m = m->next)
		if (m->kind == TV_PAIRS)
			pairs = m;
	if (!pairs)
		return lay_scan_error(
			&p->sc, LAY_ESCHEMA, a->pos,
			"padded_shared needs [interval:+padding, ...] before its {...}");
	for (struct tv *pr = pairs->kid; pr; pr = pr->next) {
		if (e->npad >= TT_MAXPAD)
			return lay_scan_error(&p->sc, LAY_ELIMIT, pr->pos,
					      "more than %d interval:padding pairs", TT_MAXPAD);
		int64_t iv = pr->kid->i, pd = pr->kid->next->i;
		if (iv <= 0 || (iv & (iv - 1)))
			return lay_scan_error(&p->sc, LAY_ERANGE, pr->pos,
					      "interval values must all be power of two");
		if (pd <= 0 || (pd & (pd - 1)))
			return lay_scan_error(&p->sc, LAY_ERANGE, pr->kid->next->pos,
					      "padding values must all be power of two");
		if (iv > (INT64_C(1) << 30) || pd > (INT64_C(1) << 30))
			return lay_scan_error(
				&p->sc, LAY_ERANGE,
				iv > (INT64_C(1) << 30) ? pr->pos : pr->kid->next->pos,
				"interval and padding must be at most 2^30 elements "
				"(Triton pads 32-bit offsets: shift amount must be < 32)");
		for (int k = 0; k < e->npad; k++)
			if (e->intervals[k] == (unsigned)iv)
				return lay_scan_error(&p->sc, LAY_ERANGE, pr->pos,
						      "interval values cannot have duplicates");
		e->intervals[e->npad] = (unsigned)iv;
		e->paddings[e->npad++] = (unsigned)pd;
	}
	if (e->npad == 0)
		return lay_scan_error(&p->sc, LAY_ERANGE, pairs->pos,
				      "must have at least one interval-padding pair");
	e->shared = true;
	tll_empty(&e->ll);
	struct tv *off = tv_get(a, "offset"), *blk = tv_get(a, "block");
	if (off || blk)
		return padded_linear(p, a, off, blk, e);
	static const char *const keys[] = { "order", "shape", "[intervals]", NULL };
	unsigned ord[TT_MAXR], shp[TT_MAXR];
	int no, ns;
	struct tv *ov, *sv;
	if (check_keys(p, a, keys, true, "padded_shared"))
		return -1;
	if (!(ov = tt_need(p, a, "order", "padded_shared")) ||
	    !(sv = tt_need(p, a, "shape", "padded_shared")) ||
	    tt_want_uarr(p, ov, ord, &no, "order") || tt_want_uarr(p, sv, shp, &ns, "shape"))
		return -1;
	if (no != ns || no == 0)
		return lay_scan_error(&p->sc, LAY_ESHAPE, sv->pos,
				      "Mismatch of shape and order ranks in padded layout");
	if (tt_want_perm(p, ov, ord, no, "order") || tt_want_pow2_arr(p, sv, shp, ns, "shape"))
		return -1;
	e->rank = no;
	struct tll f;
	for (int k = 0; k < no; k++) {
		tll_identity1d(&f, shp[ord[k]], TT_OFFSET, (int)ord[k]);
		tll_mul_eq(&e->ll, &f);
	}
	/* to dim0.. order, with an empty block dim */
	struct tll s = e->ll;
	for (int o = 0; o < no; o++) {
		int from = tll_out_index(&e->ll, o);
		s.out[o] = o;
		s.osz[o] = e->ll.osz[from];
		for (int j = 0; j < e->ll.nb[0]; j++)
			s.b[0][j][o] = e->ll.b[0][j][from];
	}
	s.nin = 2;
	s.in[1] = TT_BLOCK;
	s.nb[1] = 0;
	e->ll = s;
	return 0;
}

static int dec_shared_linear(struct tp *p, const struct tv *a, struct tt_enc *e)
{
	static const char *const keys[] = { "offset", "block", "alignment", NULL };
	int rank = -1;
	if (check_keys(p, a, keys, true, "shared_linear"))
		return -1;
	struct tv *off = tt_need(p, a, "offset", "shared_linear"), *blk = tv_get(a, "block");
	if (!off)
		return -1;
	tll_empty(&e->ll);
	if (tt_want_bases(p, off, &e->ll, TT_OFFSET, &rank, "offset"))
		return -1;
	if (blk) {
		if (tt_want_bases(p, blk, &e->ll, TT_BLOCK, &rank, "block"))
			return -1;
	} else {
		e->ll.in[e->ll.nin] = TT_BLOCK;
		e->ll.nb[e->ll.nin++] = 0;
	}
	if (rank < 0)
		return lay_scan_error(&p->sc, LAY_ESCHEMA, a->pos, "Empty Layout not supported");
	e->rank = rank;
	e->shared = true;
	tt_std_outs(&e->ll, rank);
	if (!tt_surjective(&e->ll))
		return lay_scan_error(&p->sc, LAY_ERANGE, a->pos,
				      "the layout is not surjective (Triton aborts)");
	return 0;
}

static int dec_dot(struct tp *p, const struct tv *a, struct tt_enc *e, int depth)
{
	static const char *const keys[] = { "opIdx", "parent", "kWidth", NULL };
	struct tv *op, *par, *kw;
	if (check_keys(p, a, keys, true, "dot_op"))
		return -1;
	if (!(op = tt_need(p, a, "opIdx", "dot_op")) || tt_want_uint(p, op, &e->opidx, "opIdx"))
		return -1;
	if (e->opidx > 1)
		return lay_scan_error(&p->sc, LAY_ERANGE, op->pos,
				      "ttg.dot_op opIdx parameter can be 0 or 1, got: %u",
				      e->opidx);
	if (!(par = tt_need(p, a, "parent", "dot_op")))
		return -1;
	e->kwidth = 0;
	if ((kw = tv_get(a, "kWidth")) && tt_want_uint(p, kw, &e->kwidth, "kWidth"))
		return -1;
	long kpos = kw ? kw->pos : a->pos;
	if (!(e->parent = decode(p, par, depth + 1)))
		return -1;
	const struct tt_enc *pr = e->parent;
	e->rank = pr->rank;
	if (e->kwidth & (e->kwidth - 1))
		return lay_scan_error(&p->sc, LAY_ERANGE, kpos, "kWidth = %u is not a power of two",
				      e->kwidth);
	switch (pr->family) {
	case TT_NVIDIA_MMA:
		if (e->kwidth == 0)
			return lay_scan_error(
				&p->sc, LAY_ERANGE, kpos,
				"ttg.dot_op kWidth parameter is mandatory for Ampere or Hopper "
				"MMA parent");
		if (e->opidx != 0 && pr->version == 3)
			return lay_scan_error(
				&p->sc, LAY_ERANGE, op->pos,
				"ttg.dot_op opIdx parameter must be 0 for Hopper MMA parent, "
				"since Hopper WGMMA only allows first operand to be in registers");
		break;
	case TT_AMD_WMMA:
		if (pr->version == 1 && e->kwidth != 8 && e->kwidth != 16)
			return lay_scan_error(
				&p->sc, LAY_ERANGE, kpos,
				"ttg.dot_op kWidth parameter must be 8/16 for WMMA v1");
		if (pr->version == 2 && e->kwidth != 4 && e->kwidth != 8 && e->kwidth != 16)
			return lay_scan_error(
				&p->sc, LAY_ERANGE, kpos,
				"ttg.dot_op kWidth parameter must be 4/8/16 for WMMA v2");
		if (pr->version == 3 && e->kwidth == 0)
			return lay_scan_error(
				&p->sc, LAY_ERANGE, kpos,
				"ttg.dot_op kWidth parameter is mandatory for WMMA v3");
		break;
	case TT_AMD_MFMA:
		if (e->kwidth == 0)
			return lay_scan_error(
				&p->sc, LAY_ERANGE, kpos,
				"ttg.dot_op kWidth parameter is mandatory for MFMA parent");
		break;
	case TT_BLOCKED:
		if (e->kwidth != 0)
			return lay_scan_error(
				&p->sc, LAY_ERANGE, kpos,
				"ttg.dot_op kWidth parameter is not supported when the parent "
				"is a blocked layout");
		break;
	default:
		return lay_scan_error(
			&p->sc, LAY_ESCHEMA, par->pos,
			"ttg.dot_op unexpected parent layout: %s (blocked, nvidia_mma, "
			"amd_mfma or amd_wmma)",
			tt_family_name(pr->family));
	}
	if (e->rank < 2)
		return lay_scan_error(&p->sc, LAY_ESHAPE, par->pos,
				      "a dot operand needs a parent of rank >= 2");
	return 0;
}

static int dec_partitioned(struct tp *p, const struct tv *a, struct tt_enc *e, int depth)
{
	static const char *const keys[] = { "numPartitions", "numGroups", "partitionDim",
					    "partitionLayout", NULL };
	struct tv *np, *ng, *pd, *pl;
	if (check_keys(p, a, keys, true, "partitioned_shared"))
		return -1;
	if (!(np = tt_need(p, a, "numPartitions", "partitioned_shared")) ||
	    !(ng = tt_need(p, a, "numGroups", "partitioned_shared")) ||
	    !(pl = tt_need(p, a, "partitionLayout", "partitioned_shared")) ||
	    tt_want_uint(p, np, &e->partitions, "numPartitions") ||
	    tt_want_uint(p, ng, &e->groups, "numGroups"))
		return -1;
	e->dim = 0;
	if ((pd = tv_get(a, "partitionDim")) && tt_want_uint(p, pd, &e->dim, "partitionDim"))
		return -1;
	if (e->partitions < 2 || (e->partitions & (e->partitions - 1)))
		return lay_scan_error(&p->sc, LAY_ERANGE, np->pos,
				      "numPartitions must be a power of 2 and at least 2");
	if (e->groups == 0 || (e->groups & (e->groups - 1)))
		return lay_scan_error(&p->sc, LAY_ERANGE, ng->pos,
				      "numGroups must be a power of 2 and greater than 0");
	if (!(e->parent = decode(p, pl, depth + 1)))
		return -1;
	if (!e->parent->shared || e->parent->family == TT_PARTITIONED_SHARED)
		return lay_scan_error(&p->sc, LAY_ESCHEMA, pl->pos,
				      "partitionLayout must be a shared layout");
	e->rank = e->parent->rank;
	e->shared = true;
	if (e->dim >= (unsigned)e->rank)
		return lay_scan_error(&p->sc, LAY_ERANGE, pd ? pd->pos : a->pos,
				      "partitionDim (%u) must be less than the layout rank (%d)",
				      e->dim, e->rank);
	return 0;
}

static int dec_slice(struct tp *p, const struct tv *a, struct tt_enc *e, int depth)
{
	static const char *const keys[] = { "dim", "parent", NULL };
	struct tv *dv, *par;
	check_keys(p, a, keys, false, "slice");
	if (!(dv = tt_need(p, a, "dim", "slice")) || tt_want_uint(p, dv, &e->dim, "dim"))
		return -1;
	if (!(par = tt_need(p, a, "parent", "slice")))
		return -1;
	if (!(e->parent = decode(p, par, depth + 1)))
		return -1;
	if (e->parent->shared)
		return lay_scan_error(&p->sc, LAY_ESCHEMA, par->pos,
				      "expected a distributed encoding trait");
	if (e->parent->rank <= 1)
		return lay_scan_error(&p->sc, LAY_ESHAPE, par->pos,
				      "parent layout must have at least rank >= 2");
	if (e->dim >= (unsigned)e->parent->rank)
		return lay_scan_error(&p->sc, LAY_ERANGE, dv->pos,
				      "slice dim=%u must be less than the parent rank=%d", e->dim,
				      e->parent->rank);
	e->rank = e->parent->rank - 1;
	return 0;
}

/* The family of a layout attribute #ttg.<family><...> (or the legacy
 * #triton_gpu.<family>): *fam and *fl, its name and length. */
static int attr_family(struct tp *p, const struct tv *v, const char **fam, int *fl)
{
	const char *dot = memchr(v->s, '.', (size_t)v->n);
	int dl = (int)(dot - v->s);
	*fam = dot + 1;
	*fl = v->n - dl - 1;
	if (!((dl == 3 && strncmp(v->s, "ttg", 3) == 0) ||
	      (dl == 10 && strncmp(v->s, "triton_gpu", 10) == 0)))
		return lay_scan_error(&p->sc, LAY_ESCHEMA, v->pos,
				      "#%.*s is not a TritonGPU layout (#ttg.* or #triton_gpu.*)",
				      v->n, v->s);
	if (dl == 10)
		p->legacy = true;
	return 0;
}

/* The attribute's parameters read by its family's decoder into e. */
static int dec_family(struct tp *p, struct tv *v, struct tt_enc *e, const char *fam, int fl,
		      int depth, int bits)
{
#define FAM(x) (fl == (int)strlen(x) && strncmp(fam, x, (size_t)fl) == 0)
	if (FAM("blocked"))
		return e->family = TT_BLOCKED, dec_blocked(p, v, e);
	if (FAM("nvidia_mma") || FAM("mma"))
		return e->family = TT_NVIDIA_MMA, dec_nvidia_mma(p, v, e);
	if (FAM("dot_op"))
		return e->family = TT_DOT_OP, dec_dot(p, v, e, depth);
	if (FAM("slice"))
		return e->family = TT_SLICE, dec_slice(p, v, e, depth);
	if (FAM("linear"))
		return e->family = TT_LINEAR, dec_linear(p, v, e);
	if (FAM("swizzled_shared"))
		return e->family = TT_SWIZZLED_SHARED, e->shared = true,
		       dec_swizzled(p, v, e, "swizzled_shared", false);
	if (FAM("amd_rotating_shared"))
		return e->family = TT_AMD_ROTATING_SHARED, e->shared = true,
		       dec_swizzled(p, v, e, "amd_rotating_shared", false);
	if (FAM("shared"))
		return e->shared = true, dec_legacy_shared(p, v, e, bits);
	if (FAM("nvmma_shared"))
		return e->family = TT_NVMMA_SHARED, e->shared = true, dec_nvmma_shared(p, v, e);
	if (FAM("padded_shared"))
		return e->family = TT_PADDED_SHARED, dec_padded(p, v, e);
	if (FAM("partitioned_shared"))
		return e->family = TT_PARTITIONED_SHARED, dec_partitioned(p, v, e, depth);
	if (FAM("shared_linear"))
		return e->family = TT_SHARED_LINEAR, dec_shared_linear(p, v, e);
	if (FAM("amd_mfma") || FAM("mfma"))
		return e->family = TT_AMD_MFMA, dec_mfma(p, v, e);
	if (FAM("amd_wmma") || FAM("wmma"))
		return e->family = TT_AMD_WMMA, dec_wmma(p, v, e);
	if (FAM("shared_memory"))
		return lay_scan_error(
			&p->sc, LAY_ESCHEMA, v->pos,
			"#%.*s is a memory space, not a layout: the layout is the attribute before "
			"it "
			"in the memdesc",
			v->n, v->s);
#undef FAM
	return lay_scan_error(
		&p->sc, LAY_ESCHEMA, v->pos,
		"unknown TritonGPU layout family #%.*s (blocked, nvidia_mma, dot_op, "
		"slice, "
		"linear, swizzled_shared, nvmma_shared, padded_shared, amd_mfma, amd_wmma, "
		"amd_rotating_shared, shared_linear, partitioned_shared)",
		v->n, v->s);
}

/* An encoding value (inline attribute or alias) -> a decoded encoding. */
struct tt_enc *tt_decode_bits(struct tp *p, struct tv *v, int depth, int bits)
{
	if (depth > 8) {
		lay_scan_error(&p->sc, LAY_EDEPTH, v->pos,
			       "encodings nested (or aliased) more than 8 deep");
		return NULL;
	}
	if (v->kind == TV_REF) {
		for (int k = 0; k < p->nalias; k++)
			if (p->alias[k].n == v->n &&
			    strncmp(p->alias[k].name, v->s, (size_t)v->n) == 0) {
				p->alias[k].used = true;
				return tt_decode_bits(p, p->alias[k].v, depth + 1, bits);
			}
		lay_scan_error(&p->sc, LAY_EUNKNOWN, v->pos,
			       "#%.*s is not defined: paste its alias line (#%.*s = #ttg...) too",
			       v->n, v->s, v->n, v->s);
		return NULL;
	}
	if (v->kind != TV_ATTR) {
		lay_scan_error(&p->sc, LAY_ESCHEMA, v->pos,
			       "expected a layout attribute (#ttg.blocked<...>), not %s",
			       tt_kind_name(v->kind));
		return NULL;
	}
	const char *fam;
	int fl;
	if (attr_family(p, v, &fam, &fl))
		return NULL;
	if (p->nencs >= TT_MAX_DEPTH) {
		lay_scan_error(&p->sc, LAY_ELIMIT, v->pos, "too many encodings");
		return NULL;
	}
	struct tt_enc *e = calloc(1, sizeof *e);
	if (!e) {
		lay_scan_error(&p->sc, LAY_ENOMEM, -1, "out of memory");
		return NULL;
	}
	p->encs[p->nencs++] = e;
	e->pos = v->pos;
	return dec_family(p, v, e, fam, fl, depth, bits) ? NULL : e;
}

static struct tt_enc *decode(struct tp *p, struct tv *v, int depth)
{
	return tt_decode_bits(p, v, depth, 0);
}
