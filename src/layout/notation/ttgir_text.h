/*
 * ttgir_text.h - internal to the ttgir notation: the values read from MLIR
 * attribute text (ttgir_read.c), the decoders of Triton's encoding families
 * (ttgir_decode.c) and the state they share with the dump scanner
 * (ttgir_parse.c).  Not installed.
 */
#ifndef LAYOUTD_TTGIR_TEXT_H
#define LAYOUTD_TTGIR_TEXT_H

#include "notation/scan.h"
#include "notation/ttgir.h"

/* A pasted dump is longer than an expression: 256 KiB of TTGIR text (a
 * whole kernel's alias header and a few ops; bodies are capped at 1 MiB). */
#define TT_MAX_TEXT  (256 * 1024)
#define TT_MAX_DEPTH 32	 /* nesting of arrays, dicts and parents */
#define TT_MAX_ALIAS 256 /* alias lines in one fragment */
#define TT_MAX_TYPES 64	 /* tensor / memdesc types considered */
#define TT_MAX_DIM   ((int64_t)1 << 30)

/* ------------------------------------------------------------------ */
/* Values                                                              */

enum tv_kind { TV_INT, TV_BOOL, TV_ARR, TV_DICT, TV_ATTR, TV_REF, TV_STR, TV_WORD, TV_PAIRS };

struct tv {
	int kind;
	long pos, end; /* byte range in the text */
	int64_t i;
	const char *s; /* ATTR: dialect.name; REF: alias name; STR, WORD */
	int n;
	struct tv *kid, *last, *next; /* ARR elements; DICT and ATTR members */
	const char *key;	      /* as a member */
	int klen;
	long kpos;
};

#define TV_BLOCK 256
struct tv_block {
	struct tv v[TV_BLOCK];
	int used;
	struct tv_block *next;
};

struct alias {
	const char *name;
	int n;
	long pos;
	struct tv *v;
	bool used;
};

struct ttype {
	long pos;
	bool memdesc;
	int rank;
	int64_t shape[TT_MAXR];
	int alloc_rank;
	int64_t alloc[TT_MAXR];
	int bits;
	struct tv *enc;
};

struct tp {
	struct lay_scan sc; /* the text; // comments are white space */
	struct lay_def *def;
	struct tv_block *blocks;
	int depth;
	struct alias alias[TT_MAX_ALIAS];
	int nalias;
	struct ttype types[TT_MAX_TYPES];
	int ntypes;
	struct tv *bare[4];
	int nbare;
	struct tv *module;
	struct ttype plain; /* a type without encoding (its shape only) */
	bool plain_many;
	/* decoded encodings, owned */
	struct tt_enc *encs[TT_MAX_DEPTH];
	int nencs;
	bool legacy;
};

/* A warning on the definition, located at byte `at`. */
void tt_warn(struct tp *p, const char *code, long at, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

/* Reading (ttgir_read.c) */
bool tv_key_is(const struct tv *m, const char *k);
struct tv *tv_get(const struct tv *o, const char *k);
int tv_len(const struct tv *a);
bool tt_ident_char(char c);
struct tv *tt_value(struct tp *p);

/* Typed members (ttgir_values.c): each 0, or a located error naming what. */
const char *tt_kind_name(int k);
int tt_want_uint(struct tp *p, const struct tv *v, unsigned *out, const char *what);
int tt_want_bool(struct tp *p, const struct tv *v, bool *out, const char *what);
int tt_want_uarr(struct tp *p, const struct tv *v, unsigned *out, int *n, const char *what);
int tt_want_pow2_arr(struct tp *p, const struct tv *v, const unsigned *a, int n, const char *what);
int tt_want_perm(struct tp *p, const struct tv *v, const unsigned *order, int n, const char *what);
int tt_want_bases(struct tp *p, const struct tv *v, struct tll *l, int in, int *rank,
		  const char *what);
void tt_std_outs(struct tll *l, int rank);
bool tt_surjective(const struct tll *l);
int tt_decode_cga(struct tp *p, const struct tv *a, int rank, struct tll *cga);

/* Decoding (ttgir_decode.c): the encoding `v` (element width `bits`, 0 if
 * unknown), owned by p->encs; NULL with p->err set on an error. */
struct tt_enc *tt_decode_bits(struct tp *p, struct tv *v, int depth, int bits);
/* Member `key` of attribute `a`, or a located error naming the family. */
struct tv *tt_need(struct tp *p, const struct tv *a, const char *key, const char *family);

/* Tensor memory (ttgir_tmem.c): 1 for #ttng.tensor_memory_encoding, 2 for
 * #ttng.tensor_memory_scales_encoding (through aliases), else 0; and the
 * layout of one on the definition (its linear bases, TLane/TCol/TSub). */
int tt_tmem_kind(struct tp *p, const struct tv *encv);
int tt_tmem_layout(struct tp *p, const struct tv *encv, const struct ttype *ty, int64_t *shape,
		   int rank, int bits, json_t *whole, const char *ptr);
/* A tmem_load / tmem_store line: a TMEM memdesc (types[*mi]) and a tensor
 * (types[*ti]); their layouts joined on the elements, each element placed
 * at its thread's {lane, warp, block} and its TMEM cells. */
int tt_tmem_pair(struct tp *p, int *mi, int *ti);
int tt_tmem_join(struct tp *p, int mi, int ti, json_t *whole, const char *ptr);

#endif
