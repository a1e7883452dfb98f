/*
 * layout.h - the layoutd engine: layout definition -> placement relation ->
 * analysis.  The engine does no I/O: it reads jansson values and returns
 * jansson values; the CLI, the HTTP server and the store are shells around it.
 *
 * Ownership: functions named *_new return objects the caller frees with the
 * matching *_free; json_t results are new references unless said otherwise.
 */
#ifndef LAYOUTD_LAYOUT_H
#define LAYOUTD_LAYOUT_H

#include <stdarg.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <jansson.h>

#define LAY_ENGINE_VERSION "1"

/* Limits.  Each has a reason; requests beyond them get a located error. */
#define LAYOUTD_MAX_RANK	 16	    /* no GPU tile has more logical modes */
#define LAYOUTD_MAX_AXES	 16	    /* lane, warp, block, register, ... fit many times */
#define LAYOUTD_MAX_NAME	 64	    /* axis and dimension names are identifiers */
#define LAYOUTD_MAX_EXPR_LEN	 4096	    /* index expressions are one line of source */
#define LAYOUTD_MAX_EXPR_NODES	 1024	    /* bounds evaluation work per element */
#define LAYOUTD_MAX_ITERS	 64	    /* Axe shard / replica iters, CuTe leaf modes */
#define LAYOUTD_MAX_JSON_DEPTH	 64	    /* CuTe nesting is < 8; anything deeper is abuse */
#define LAYOUTD_MAX_EXAMPLES	 64	    /* examples per finding, upper bound of the knob */
#define LAYOUTD_MAX_PROBES	 4096	    /* probe coordinates per request: a 64x64 tile */
#define LAYOUTD_MAX_PROBE_PLACES 1024	    /* places listed per probed element */
#define LAYOUTD_MAX_TABLE_ROWS	 (1L << 22) /* explicit tables come from JSON bodies */
/* Default cap on enumerated points (placements, logical or physical size):
 * 2^26 keeps the working set of one analysis under ~1 GiB. */
#define LAYOUTD_DEFAULT_MAX_POINTS (1LL << 26)
#define LAYOUTD_DEFAULT_EXAMPLES   8
/* Point indices are 32-bit in the enumeration's flat arrays. */
#define LAYOUTD_MAX_POINTS_CAP ((int64_t)INT32_MAX)
/* Points one algebra post-condition check enumerates where no proof on the
 * layout's generators applies: 2^26 evaluations (about a second).  A check
 * that needs more looks for a counter-example that far and is then refused
 * (LAY_ELIMIT), never reported as holding after a partial enumeration. */
#define LAYOUTD_MAX_CHECK_POINTS (1LL << 26)
/* Expression operations per enumerated point: with the point limit this
 * bounds one request's work (2^26 x 64, about 4e9 operations: seconds). */
#define LAYOUTD_WORK_PER_POINT 64

/* Error codes: 0 is success, negative values are failures. */
enum lay_code {
	LAY_OK = 0,
	LAY_EJSON = -1,		/* malformed JSON text */
	LAY_EDUPKEY = -2,	/* duplicate object key */
	LAY_EDEPTH = -3,	/* JSON nested too deeply */
	LAY_ESCHEMA = -4,	/* wrong type, missing or unknown member */
	LAY_ENOTATION = -5,	/* zero or several notation keys */
	LAY_ENOTINT = -6,	/* a real number where integers are required */
	LAY_EEXTENT = -7,	/* zero or negative extent */
	LAY_ESHAPE = -8,	/* sizes that must agree do not */
	LAY_EOVERFLOW = -9,	/* 64-bit overflow */
	LAY_ESYNTAX = -10,	/* syntax error in a text notation */
	LAY_EUNKNOWN = -11,	/* unknown name in an expression */
	LAY_EDIVZERO = -12,	/* division or modulo by zero */
	LAY_ELIMIT = -13,	/* enumeration or input over a limit */
	LAY_ECONGRUENT = -14,	/* CuTe shape and stride not congruent */
	LAY_ERANGE = -15,	/* a value outside its allowed range */
	LAY_ENAME = -16,	/* an invalid or duplicate name */
	LAY_EOFFLINE = -17,	/* needs the registry (expect.equals offline) */
	LAY_ENOMEM = -18,	/* allocation failed */
	LAY_EIO = -19,		/* reading a file failed (CLI only) */
	LAY_EREF = -20,		/* expect.equals names no registered layout */
	LAY_EUNAVAILABLE = -21, /* a service the request needs is down or busy */
	LAY_EMEMORY = -22,	/* the enumeration needs more than its memory budget */
	LAY_EDEADLINE = -23,	/* the enumeration ran past its deadline */
	LAY_ECANCELED = -24,	/* the caller stopped the enumeration (client gone) */
	LAY_EALGEBRA = -25,	/* a CuTe algebra precondition or post-condition fails */
};

#define LAY_ERR_MSG 512
#define LAY_ERR_PTR 256
#define LAY_ERR_SRC 8192

/* A located error.  `pointer` is a JSON pointer into the request document;
 * `position` a 0-based character offset into the text at that pointer (or
 * into the whole document for JSON syntax errors), -1 when not applicable;
 * `source` a copy of that text (truncated) so a front end can draw a caret. */
struct lay_error {
	int code;
	char pointer[LAY_ERR_PTR];
	long position;
	long line, column; /* JSON syntax errors only, 1-based; else 0 */
	char message[LAY_ERR_MSG];
	char source[LAY_ERR_SRC];
};

void lay_error_clear(struct lay_error *err);
/* Fill err (if non-NULL) and return code.  pointer may be NULL. */
int lay_error_set(struct lay_error *err, int code, const char *pointer, long position,
		  const char *fmt, ...) __attribute__((format(printf, 5, 6)));
/* Character (UTF-8 code point) offset of byte offset `byte` in text:
 * positions in errors count characters, as docs/api.md says. */
long lay_utf8_offset(const char *text, long byte);
/* Copy len bytes of in to out (size bytes, NUL-terminated) as valid UTF-8:
 * a byte that starts no valid sequence becomes U+FFFD, and the copy ends
 * at a whole character.  Returns the bytes written. */
size_t lay_utf8_copy(char *out, size_t size, const char *in, size_t len);
/* Attach the text the position refers to (copied, truncated). */
void lay_error_source(struct lay_error *err, const char *text);
/* A located error in a notation's text: "<message> at character N" where N
 * is the character (code point) offset of byte `byte` of `text`, with the
 * text kept as the error's source.  Returns code. */
int lay_text_error(struct lay_error *err, int code, const char *pointer, const char *text,
		   long byte, const char *fmt, ...) __attribute__((format(printf, 6, 7)));
int lay_text_verror(struct lay_error *err, int code, const char *pointer, const char *text,
		    long byte, const char *fmt, va_list ap);
/* Stable machine name of a code ("syntax", "div_by_zero", ...). */
const char *lay_code_name(int code);
/* The HTTP status a code maps to (400, 413, 422, 500). */
int lay_code_status(int code);
/* The error as a JSON object with the problem+json fields. */
json_t *lay_error_to_json(const struct lay_error *err);

/* ------------------------------------------------------------------ */
/* The bounds of one request (ctx.c)                                   */

/*
 * One context per request, shared by every analysis of it: enumeration,
 * access, convert, tmem, lint, print and the algebra's scans.  Memory:
 * every working array is taken with lay_ctx_malloc / lay_ctx_calloc (or
 * reserved with lay_ctx_reserve before it is built) and counted until it
 * is freed; over `budget` (or what the service's reserve refuses) the
 * allocation fails with LAY_EMEMORY (413) or LAY_EUNAVAILABLE (503, held
 * by others).  Time: long loops call lay_ctx_tick; past `deadline_ns`
 * (CLOCK_MONOTONIC), when `cancel` is set or the service's interrupt says
 * so, the work stops with LAY_EDEADLINE or LAY_ECANCELED (503).  The
 * engine does no I/O: the service (the daemon, a test) fills the fields
 * and the hooks.  Used by one thread at a time; `cancel` may be set from
 * any thread.
 */
struct lay_ctx {
	int64_t budget;	     /* bytes the request may hold at once; 0: no engine limit */
	int64_t held, peak;  /* bytes held now and at most */
	int64_t deadline_ns; /* CLOCK_MONOTONIC instant; 0: none */
	unsigned deadline_s; /* the --deadline the message names (0: not named) */
	atomic_bool cancel;
	/* The service's seams (NULL when unused): reserve bytes against a
	 * budget shared with other requests (0, or a code with err filled),
	 * give them back, and an interrupt polled with the deadline. */
	int (*reserve)(void *hook, int64_t bytes, struct lay_error *err);
	void (*release)(void *hook, int64_t bytes);
	int (*interrupt)(void *hook, struct lay_error *err);
	void *hook;
	uint64_t ticks; /* work since the last check */
	/* the last refusal of an allocation (0: none) */
	int fail_code;
	char fail_msg[LAY_ERR_MSG];
};
/* Work units between two checks of the deadline and the cancel flag. */
#define LAY_CTX_TICKS 65536u
void lay_ctx_init(struct lay_ctx *c);
/* Counts bytes against the budget (and the service's); 0 or a code with
 * err filled.  lay_ctx_release gives them back.  NULL c: always 0. */
int lay_ctx_reserve(struct lay_ctx *c, int64_t bytes, struct lay_error *err);
void lay_ctx_release(struct lay_ctx *c, int64_t bytes);
/* malloc / calloc / realloc counted in c until lay_ctx_free (which finds
 * its context in the block).  NULL when over the budget or out of memory:
 * then lay_ctx_error says which.  Never mix with free(). */
void *lay_ctx_malloc(struct lay_ctx *c, size_t bytes);
void *lay_ctx_calloc(struct lay_ctx *c, size_t n, size_t size);
void *lay_ctx_realloc(struct lay_ctx *c, void *p, size_t bytes);
void lay_ctx_free(void *p);
/* After a NULL from lay_ctx_*alloc: the refusal into err (the budget's, or
 * LAY_ENOMEM "out of memory" at ptr); returns its code. */
int lay_ctx_error(struct lay_ctx *c, struct lay_error *err, const char *ptr);
/* Now: 0, or LAY_ECANCELED / LAY_EDEADLINE (or the interrupt's code) with
 * err filled. */
int lay_ctx_check(struct lay_ctx *c, struct lay_error *err);
/* `work` more units done: lay_ctx_check once LAY_CTX_TICKS have passed. */
static inline int lay_ctx_tick(struct lay_ctx *c, uint64_t work, struct lay_error *err)
{
	if (!c || (c->ticks += work) < LAY_CTX_TICKS)
		return 0;
	return lay_ctx_check(c, err);
}

/* ------------------------------------------------------------------ */
/* Axes                                                                */

enum lay_kind { LAY_KIND_MEMORY = 0, LAY_KIND_THREAD = 1, LAY_KIND_DEVICE = 2 };

struct lay_axis {
	char name[LAYOUTD_MAX_NAME];
	int kind;	/* enum lay_kind */
	int64_t extent; /* declared, else inferred after enumeration */
	bool declared;
	int64_t hw_limit; /* hardware fact (laneid < 32), 0 if none */
};

/* Kind and hardware limit of a known axis name; unknown -> memory, 0. */
void lay_axis_known(const char *name, int *kind, int64_t *hw_limit);
const char *lay_kind_name(int kind);

/* ------------------------------------------------------------------ */
/* Definitions                                                         */

/* A notation's descriptor: its key, members, reader and hooks
 * (notation/notation.h, one table row per notation). */
struct lay_notation;
struct lay_def;

/*
 * A notation turns its parsed state into placements through `walk`, which
 * calls emit() once per placement.  `elem` is the row-major flat index of the
 * logical element, or -1 when the notation produced a logical index outside
 * the tile (CuTe tv); then `outside` carries that index.  `coord` holds one
 * coordinate per axis of the definition, in axis order.  Forward notations
 * (expr, axe, cute memory) emit in ascending element order and say so with
 * `ordered`.  emit returns 0 or a negative code that walk must return.
 */
typedef int (*lay_emit_fn)(void *ctx, int64_t elem, const int64_t *coord, int64_t outside);

/*
 * The closed form of a placement relation, from which structural.c decides
 * the verdicts without enumerating (docs/analysis.md, "Structural
 * verdicts").  A notation fills it only when its relation is exactly one of
 * these forms; a layout with anything more (a per-point transform such as a
 * swizzle) answers LAY_FORM_NONE and is enumerated.
 *
 * FORWARD (axe, cute memory): the shard iters (replica = false) are in a
 * bijection with the logical elements; every combination of the replica
 * iters adds a placement.  Axis a's coordinate is offset[a] plus the sum of
 * coordinate * stride over the iters on axis a.
 * TV (cute tv): iters [0, split) are the thread mode, the rest the value
 * mode, each mode's coordinate colex in its iters; the hardware point
 * (thread, value) is placed at tile index sum(coordinate * stride), out of
 * bounds outside [0, tile).
 * GF2 (linear): in-dim i is axis in_axis[i] with in_bits[i] bits; rows[] are
 * the packed images of the in bits, in-dim by in-dim, low bit first.
 */
enum lay_form_kind { LAY_FORM_NONE = 0, LAY_FORM_FORWARD, LAY_FORM_TV, LAY_FORM_GF2 };
struct lay_form_iter {
	int64_t extent, stride;
	int axis; /* FORWARD: the axis it adds to */
	bool replica;
};
struct lay_form {
	int kind; /* enum lay_form_kind */
	/* Used only to enumerate faster, never to answer past the limits
	 * (expr: its refusals stay as they are). */
	bool fast_only;
	int n;
	struct lay_form_iter it[2 * LAYOUTD_MAX_ITERS];
	int64_t offset[LAYOUTD_MAX_AXES];
	/* FORWARD: the shard iters from fastest to slowest as the elements go
	 * in row-major order (an odometer); nord = 0 when that order is not
	 * an odometer over the iters. */
	int nord;
	int ord[LAYOUTD_MAX_ITERS];
	int split, a_thread, a_value; /* TV */
	int64_t tile;		      /* TV */
	int nin, nrows, out_bits;     /* GF2 */
	int in_axis[LAYOUTD_MAX_AXES], in_bits[LAYOUTD_MAX_AXES];
	const uint64_t *rows;
};

struct lay_notation_ops {
	int (*walk)(const struct lay_def *def, lay_emit_fn emit, void *ctx, struct lay_error *err);
	void (*free)(void *state);
	bool ordered;
	/* Optional structural facts, filled into the analysis (linear rank). */
	json_t *(*structure)(const struct lay_def *def);
	/* Optional closed form (above): fills *f, or sets f->kind to
	 * LAY_FORM_NONE when this definition has none. */
	void (*form)(const struct lay_def *def, struct lay_form *f);
};

/*
 * A swizzle on the memory coordinate (CuTe `Swizzle<B,M,S>` in a composed
 * layout, TVM `ComposeLayout`).  The notation's affine map gives x; the
 * memory axis `axis` then holds Sw(offset + x), where
 *   Sw(y) = y ^ shiftr(y & yyy, eS),  shiftr(v, s) = s >= 0 ? v >> s : v << -s,
 *   yyy = ((1 << eB) - 1) << (eM + max(0, eS)).
 * B, M, S are the swizzle as written; with `on_bytes` (an smem_ptr flag, a
 * GMMA/UMMA atom) it acts on byte addresses and eB, eM, eS is its form on
 * element offsets for a base aligned to base_alignment_bytes (CuTe's
 * recast_layout<uint8_t, uint_bit_t<element_bits>>); otherwise eB/eM/eS
 * equal B/M/S.  Swizzled layouts are not affine: structural methods that
 * rely on (extent, stride) iterators must not decide them.
 * Readers: the walks (lay_swizzle_apply per point), the access analysis
 * (element_bits, the element-level swizzle), the report (structure.swizzle).
 */
struct lay_swizzle {
	bool present;
	int B, M, S;
	bool on_bytes;
	int element_bits;	      /* 0: unknown */
	int eB, eM, eS;		      /* applied to element offsets */
	int64_t yyy;		      /* source mask of the element-level swizzle */
	int64_t offset;		      /* added before the swizzle (CuTe's middle term) */
	int axis;		      /* index of the swizzled axis in def->axes */
	int64_t base_alignment_bytes; /* 0: none (element swizzles) */
};

static inline int64_t lay_swizzle_apply(const struct lay_swizzle *sw, int64_t x)
{
	int64_t y;
	x += sw->offset; /* range checked by the parser */
	y = x & sw->yyy;
	return x ^ (sw->eS >= 0 ? y >> sw->eS : (int64_t)((uint64_t)y << -sw->eS));
}

/*
 * Padding of a memory axis (Triton's #ttg.padded_shared): the notation's
 * walk gives the linear offset o, the axis `axis` holds
 *   P(o) = o + sum over the pairs k of (o >> shift[k]) << pad[k],
 * with interval 2^shift[k] and padding 2^pad[k] elements (Triton's
 * applyPadding).  P is strictly increasing.  Readers: the walk (per
 * point), the access analysis (vectors on o, banks on P(o)).
 */
#define LAY_MAX_PAD 16
struct lay_padding {
	int n; /* pairs; 0: no padding */
	int axis;
	int shift[LAY_MAX_PAD], pad[LAY_MAX_PAD];
};

static inline int64_t lay_padding_apply(const struct lay_padding *p, int64_t o)
{
	int64_t r = o;
	for (int k = 0; k < p->n; k++)
		r += (int64_t)((uint64_t)(o >> p->shift[k]) << p->pad[k]);
	return r;
}

/* The o with P(o) = x, or -1 when x is a padding slot (or below 0). */
int64_t lay_padding_invert(const struct lay_padding *p, int64_t x);

struct lay_def {
	/* Its notation: the row of the notation table and its key. */
	const struct lay_notation *notation;
	char notation_key[16];
	char ptr[LAY_ERR_PTR]; /* JSON pointer of the definition object */
	int rank;
	int64_t shape[LAYOUTD_MAX_RANK];
	char names[LAYOUTD_MAX_RANK][LAYOUTD_MAX_NAME];
	int64_t size; /* logical size, checked <= max points */
	bool logical_given;
	int naxes;
	struct lay_axis axes[LAYOUTD_MAX_AXES];
	const struct lay_notation_ops *ops;
	void *state;	  /* owned by the notation */
	json_t *warnings; /* array of warning objects, owned */
	char id[72];	  /* "sha256:" + 64 hex */
	int64_t max_points;
	int max_expr_len; /* longest notation text accepted */
	/* Upper bound on placements the walk will emit, set by the notation
	 * parser so a request is refused before any enumeration starts. */
	int64_t placements_bound;
	/* Upper bound on evaluation work (expression operations), 0 if the
	 * notation's work is linear in placements. */
	int64_t work_bound;
	/* The request's bounds (opt->ctx, borrowed; NULL: none). */
	struct lay_ctx *ctx;
	/* "element_bits" (definition member, 0 when absent): the element width,
	 * also set by the notation from an smem_ptr flag or atom type. */
	int element_bits;
	/* The swizzle of a composed layout (present false otherwise). */
	struct lay_swizzle swizzle;
	/* The padding of a padded_shared layout (n 0 otherwise). */
	struct lay_padding padding;
	/* Borrowed during parsing only: the request's "physical" and "axes". */
	json_t *physical_json, *axes_json;
	/* Set when the definition is over an enumeration limit but has a
	 * closed form: the refusal, returned by anything that would enumerate
	 * and by the analysis when no structural method decides it. */
	struct lay_error *limit;
	/* The cute notation's algebra expression: the response's "algebra"
	 * object (owned), NULL for a plain layout. */
	json_t *algebra;
	/* A plain cute layout written as an algebra result (owned, NULL
	 * otherwise): what expect.layout compares when there is no algebra. */
	char *cute_text;
};

/* Options that bound a request; zero fields take the defaults. */
struct lay_options {
	int64_t max_points;
	int examples;
	/* JSON nesting and notation text length; 0 takes LAYOUTD_MAX_JSON_DEPTH
	 * and LAYOUTD_MAX_EXPR_LEN, which are also their upper bounds. */
	int max_depth;
	int max_expr_len;
	/* Resolves expect.equals ("name@version") to a fingerprint; NULL
	 * offline, where equals is refused with LAY_EOFFLINE. */
	int (*resolve_equals)(void *ctx, const char *ref, char fingerprint[72],
			      struct lay_error *err);
	void *resolve_ctx;
	/* enum lay_method: how the analysis decides (tests and benchmarks). */
	int method;
	/* The bounds of the request (memory, deadline, cancellation),
	 * borrowed and copied into each definition: every analysis and every
	 * large allocation goes through it.  NULL: unbounded. */
	struct lay_ctx *ctx;
	/* Counts only: the access analysis leaves out its per-wavefront view
	 * and examples (lint reports the counts of many ops). */
	bool counts_only;
	/* The access target lint gives every access it checks ("nvidia",
	 * "gfx942", "gfx950"; the command line's --target, /v1/lint's
	 * "target"), over the module's ttg.target; NULL: the module's. */
	const char *target;
};

/* LAY_METHOD_AUTO enumerates within the limits and decides structurally
 * past them; LAY_METHOD_STRUCTURAL decides structurally whenever a
 * structural method applies (no fingerprint past the limits, no examples),
 * and enumerates otherwise. */
enum lay_method { LAY_METHOD_AUTO = 0, LAY_METHOD_STRUCTURAL = 1, LAY_METHOD_GENERIC = 2 };
/* LAY_METHOD_GENERIC enumerates every layout through the general path, as a
 * reference for the fast one (tests). */

/*
 * Parse a definition object (borrowed) through its notation
 * (notation/definition.c).  `ptr` is its JSON pointer in the request (""
 * for a bare definition, "/layout" inside a request).  Returns a new
 * definition or NULL with err filled.
 */
struct lay_def *lay_def_new(json_t *def, const char *ptr, const struct lay_options *opt,
			    struct lay_error *err);
void lay_def_free(struct lay_def *def);
/* The steps of lay_def_new every notation shares (def.c): is key a member
 * every definition may have (name, logical, physical, axes, ...); read
 * those members before the notation's reader; after it, check the axes it
 * never names and the enumeration limits. */
bool lay_def_shared_key(const char *key);
int lay_def_read_shared(struct lay_def *def, json_t *v, const char *ptr, struct lay_error *err);
int lay_def_finish(struct lay_def *def, const char *ptr, struct lay_error *err);

/* Helpers for notation parsers (defined in def.c). */
/* Index of axis `name`, adding it (kind from the registry, extent inferred)
 * when absent; -1 with err when there are too many axes. */
int lay_def_axis(struct lay_def *def, const char *name, const char *ptr, struct lay_error *err);
/* Set the logical shape (rank dims, default names) when the request gave none. */
int lay_def_set_shape(struct lay_def *def, int rank, const int64_t *shape, const char *ptr,
		      struct lay_error *err);
void lay_def_warn(struct lay_def *def, const char *code, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* Reads an integer member; rejects reals with LAY_ENOTINT. */
int lay_json_int(json_t *v, const char *ptr, int64_t *out, struct lay_error *err);
/* Appends "/key" (escaped) to base into out. */
void lay_ptr_join(char *out, size_t n, const char *base, const char *key);
void lay_ptr_index(char *out, size_t n, const char *base, size_t index);
/* Appends sep (unless buf is empty) and item to the string in buf (size
 * n), truncated: the lists messages give ("axe, cute or ttgir"). */
void lay_list_add(char *buf, size_t n, const char *sep, const char *item);
bool lay_is_ident(const char *s);
/* Skip white space and C++ comments of s from *pos (pasted CUTLASS text).
 * Returns 0, or -1 with *pos left at an unterminated block comment. */
int lay_cxx_skip(const char *s, int *pos);
/* CuTe's printed text around a layout: the label print(tiled_mma) puts
 * before one ("LayoutC_TV: "), skipped (the offset after it, else pos); and
 * the grid print_layout draws below one (true when the rest of s from pos
 * is only that grid). */
int lay_cute_label(const char *s, int pos);
bool lay_cute_grid(const char *s, int pos);

/* detect.c: the notation key of a pasted text, or NULL when none fits.
 * One detector for the command line, the daemon and the dashboard. */
const char *lay_detect_notation(const char *text);
/* A definition given as text -- a JSON string, or an object whose "text"
 * member stands for its notation key -- as a new definition under the
 * detected key (a ttgir text's "logical" becomes its "shape" when no type
 * in the text gives one); NULL with err set when no notation fits. */
json_t *lay_detect_definition(json_t *v, const char *ptr, struct lay_error *err);

/*
 * The linear notation's state from bases built elsewhere (the ttgir
 * notation): `linear` is a {"bases": {...}, "out": [[name, size], ...]}
 * object, checked exactly as the linear key is; `extra` (may be NULL) holds
 * members merged into the analysis "structure".  Steals both references.
 * `whole` is the definition (borrowed, for "logical"); errors point at ptr.
 */
int lay_linear_from_bases(struct lay_def *def, json_t *linear, json_t *whole, json_t *extra,
			  const char *ptr, struct lay_error *err);
/*
 * LinearLayout::toString() text -> a new {"bases", "out"} object, or NULL
 * with a located error (pointer ptr, character position in text).
 */
json_t *lay_linear_text(const char *text, const char *ptr, int max_len, struct lay_error *err);

/* Swizzles (swizzle.c). */
/* NULL when Swizzle<B,M,S> is well formed (B, M >= 0, |S| >= B, masks
 * within 31 bits as CuTe's int masks), else why not. */
const char *lay_swizzle_invalid(int B, int M, int S);
/* Fill def->swizzle (present) for Swizzle<B,M,S> on `axis`; on_bytes with
 * element_bits converts it to element offsets.  Returns 0 or LAY_ERANGE
 * with *why set (an element width with no element form). */
int lay_swizzle_set(struct lay_def *def, int B, int M, int S, bool on_bytes, int element_bits,
		    int64_t offset, int axis, const char **why);
/* The warnings of a swizzled layout (docs/swizzle.md): its
 * memory coordinate before the swizzle is x = base + sum_k c_k * stride[k]
 * over 0 <= c_k < ext[k]; the buffer a user allocates is max(x) + 1 (CuTe's
 * cosize, which ignores the swizzle and its offset). */
void lay_swizzle_warnings(struct lay_def *def, int n, const int64_t *ext, const int64_t *stride,
			  int64_t base);
/* structure.swizzle of a definition, or NULL. */
json_t *lay_swizzle_json(const struct lay_def *def);

/* ------------------------------------------------------------------ */
/* Analysis                                                            */

/*
 * Analyse a request: either {"layout": def, "expect"?, "probe"?} or a bare
 * definition (with optional "expect"/"probe" siblings are not allowed there).
 * Returns the §3 analysis object (new reference) or NULL with err filled.
 * The request is borrowed.
 */
json_t *lay_analyze(json_t *request, const struct lay_options *opt, struct lay_error *err);

/* The members of a request object, one table for the engine, the CLI and
 * the daemon: an analysis request (POST /v1/analyze) or a stored version
 * (PUT of a registry layout) takes those flagged for it; lay_analyze
 * takes both. */
enum lay_request_kind { LAY_REQ_ANALYZE = 1, LAY_REQ_STORE = 2 };
bool lay_request_member(const char *key, unsigned kinds);
/* "layout, expect, ..." into buf: the members of `kinds`, table order. */
void lay_request_list(char *buf, size_t n, unsigned kinds);

/* Same, on an already parsed definition (borrowed); expect and probe may be NULL. */
json_t *lay_analyze_def(struct lay_def *def, json_t *expect, const char *expect_ptr, json_t *probe,
			const char *probe_ptr, const struct lay_options *opt,
			struct lay_error *err);

/*
 * (Re)evaluate expectations (borrowed, may be NULL) on an analysis object:
 * sets its "expect" and "ok".  Used to answer a request from a cached
 * analysis.  Returns 0 or a located error for a bad expect.
 */
int lay_expect_apply(json_t *analysis, json_t *expect, const char *ptr,
		     const struct lay_options *opt, struct lay_error *err);

/* The same without touching the analysis: *ok and a new "expect" object. */
int lay_expect_eval(json_t *analysis, json_t *expect, const char *ptr,
		    const struct lay_options *opt, bool *ok, json_t **result,
		    struct lay_error *err);

/* Parse JSON text with the engine's rules (duplicate keys rejected, depth
 * capped, reals allowed here and refused where integers are needed). */
json_t *lay_json_load(const char *text, size_t len, struct lay_error *err);
/* The same with a nesting limit (0: LAYOUTD_MAX_JSON_DEPTH). */
json_t *lay_json_load_depth(const char *text, size_t len, int max_depth, struct lay_error *err);
/* 0 when every value of v is within max_depth levels (0: the default) and
 * an integer where a number is (reals too with reals_ok); else the located
 * error of the first offence, under pointer ptr. */
int lay_json_tree_check(json_t *v, const char *ptr, int max_depth, bool reals_ok,
			struct lay_error *err);

/* `id`: sha256 of the canonical definition.  out must hold 72 bytes. */
int lay_canonical_id(json_t *def, char out[72], struct lay_error *err);

/*
 * Tables without a jansson document per row (rows.c).  lay_json_load reads
 * the array of every "table" member whose rows have the plain form (every
 * row [[i, ...], {"axis": c, ...}] with one rank, integers, the same
 * identifier keys in the same order) straight into a compact stream and
 * puts a placeholder object in its place; anything else stays JSON, with
 * the errors it always had.  lay_table_parse and lay_canonical_id read the
 * placeholder; text that leaves the engine goes through lay_json_dumps,
 * which writes the rows back (json_dumps would not).
 */
/* false: every table goes through jansson, as a test's reference does. */
extern bool lay_rows_stream;
/* The rows of the array at text[start] (a '['), or NULL when they are not
 * of the plain form; *end is the offset after its ']'.  Caller owns. */
json_t *lay_rows_read(const char *text, size_t len, size_t start, size_t *end);
/* Whether v is such a placeholder. */
bool lay_rows_is(json_t *v);
/* Its rows as jansson prints the array, compact, keys sorted or not. */
int lay_rows_dump(json_t *v, bool sorted, json_dump_callback_t cb, void *data);
/* json_dump_callback / json_dumps that write placeholders back as their
 * rows.  With a placeholder inside, output is compact whatever flags ask
 * for indentation. */
int lay_json_dump_callback(json_t *v, size_t flags, json_dump_callback_t cb, void *data);
char *lay_json_dumps(json_t *v, size_t flags);

/* The placement table: calls row() for each distinct placement, in element
 * order (view placement) or point order (view inverse). */
struct lay_table_row {
	int64_t elem;		/* -1: an out-of-tile index (tv) */
	const int64_t *logical; /* rank coordinates */
	const int64_t *coord;	/* naxes coordinates, axis order */
	bool in_bounds;
};
typedef int (*lay_row_fn)(void *ctx, const struct lay_table_row *row);
int lay_table(struct lay_def *def, bool inverse, lay_row_fn row, void *ctx, struct lay_error *err);
/* Rows [first, first + count) of that table (count < 0: to the end).  A
 * clean axe or cute layout (no collision, duplicate or out-of-bounds
 * placement) finds them directly: the cost is the page, not its offset. */
int lay_table_page(struct lay_def *def, bool inverse, int64_t first, int64_t count, lay_row_fn row,
		   void *ctx, struct lay_error *err);

/* Per-element summary for drawing: the number of distinct in-bounds places,
 * whether one of them holds another element too, and the first place. */
struct lay_cell {
	int32_t nplaces;
	bool collides;
	int64_t first[LAYOUTD_MAX_AXES];
};
/* Fill cells[0..def->size) (caller-allocated); extents[] receives the axis
 * extents (declared or inferred). */
int lay_cells(struct lay_def *def, struct lay_cell *cells, int64_t *extents, struct lay_error *err);

/* Comparison of two definitions: placement equality and first differences. */
json_t *lay_compare(struct lay_def *a, struct lay_def *b, int examples, struct lay_error *err);

/* sha256 helper: hex digest with "sha256:" prefix of a buffer. */
void lay_sha256_hex(const void *data, size_t len, char out[72]);

/* ------------------------------------------------------------------ */
/* Access analysis (access.c): bank conflicts and vector width         */

/*
 * Analyse how the threads of `access` ({"threads": def, "element_bits",
 * "vector"?, "op"?, "show"?, "suggest"?}, borrowed, at JSON pointer
 * "/access") read or write the memory layout `layout` and set
 * analysis["access"].  suggest (borrowed, may be NULL) is a request-level
 * "suggest" at suggest_ptr.  Returns 0 or a located error.
 */
/* A request's "tmem" member (pointer ptr): {"match": true} adds
 * tmem.match, the TMEM atoms with the layout's thread -> (lane, column)
 * relation (tmem.c). */
int lay_tmem_request(json_t *analysis, const struct lay_def *def, json_t *tmem, const char *ptr,
		     struct lay_error *err);
/* A request's "copy" member (NULL: none; then expect must not name
 * copy_legal / copy_matches_layout): which ldmatrix / stmatrix variant or
 * TMA descriptor moves the tile of def (the shared layout), into
 * analysis["copy"], then expect is evaluated again (copy.c). */
int lay_copy_request(json_t *analysis, struct lay_def *def, json_t *copy, json_t *expect,
		     const struct lay_options *opt, struct lay_error *err);
int lay_access_attach(json_t *analysis, struct lay_def *layout, json_t *layout_json, json_t *access,
		      json_t *suggest, const char *suggest_ptr, const struct lay_options *opt,
		      struct lay_error *err);
/* 0 when `name` is an access target ("nvidia", "gfx942", "gfx950"), else
 * a located error (at ptr) naming them. */
int lay_access_target(const char *name, const char *ptr, struct lay_error *err);

/*
 * Classify moving the tile from `layout` (a distributed layout) to
 * convert.to as Triton's layout conversion would (convert.c) and set
 * analysis["convert"]; a located error under "/convert" otherwise.
 */
int lay_convert_attach(json_t *analysis, struct lay_def *layout, json_t *convert,
		       const struct lay_options *opt, struct lay_error *err);

/*
 * The whole analysis of a request (borrowed; NULL: none, a bare
 * definition) whose definition is def: the checks of the section table,
 * lay_analyze_def with its expect and probe, then each section the
 * request names, in table order (analysis/sections.h).
 */
json_t *lay_analyze_request(struct lay_def *def, json_t *request, const struct lay_options *opt,
			    struct lay_error *err);

#endif
