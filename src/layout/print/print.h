/*
 * print.h - the pictures upstream tools print of a layout (CuTe's
 * print_layout and print_latex, Triton's getLayoutStr), as strings: the
 * engine returns the text, the CLI and the daemon write it.
 */
#ifndef LAYOUTD_PRINT_H
#define LAYOUTD_PRINT_H

#include <stdbool.h>
#include <stddef.h>

#include "layout.h"

/* A growing NUL-terminated string; failed is set (and stays set) when an
 * allocation fails, so writers need not check every call.  data is owned
 * by the buffer's user: free() it. */
/* A growing text.  With a ctx its bytes are reserved there as it grows:
 * lay_buf_free gives them back; a text handed to the caller keeps them
 * (the answer counts until the request ends). */
struct lay_buf {
	char *data;
	size_t len, cap;
	bool failed;
	struct lay_ctx *ctx;
};
void lay_buf_free(struct lay_buf *b);
void lay_buf_puts(struct lay_buf *b, const char *s);
void lay_buf_printf(struct lay_buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* CuTe's print_layout table (latex false) or print_latex TikZ document of
 * the cute text `text` (a CuTe Shape:Stride, Layout<Shape<..>, Stride<..>>
 * type, or a swizzled Sw<B,M,S> o OFF o LAYOUT).  Returns a new string the
 * caller frees, or NULL with err set: a located syntax error in the text
 * (pointer ptr), or, for a layout of another rank than the printer draws
 * (print_layout: rank 2; print_latex: rank 1 or 2), an error saying so. */
char *lay_print_cute(const char *text, const char *ptr, bool latex, struct lay_error *err);

/* CuTe's picture of a thread-value layout over an M x N tile, byte for
 * byte: print_latex_tv(composition(make_identity_tensor(tile), tv), tile),
 * the way CuTe's print_latex(TiledMMA) draws its TV layouts; the tile is
 * static, the layout's integers static or dynamic as written.  text is the
 * TV layout's cute text ((thread, value) modes, indices m + n*M into the
 * tile).  NULL with err set: a syntax error, a layout that is not two
 * modes, a stride CuTe cannot compose with the tile (or only inexactly,
 * where its picture would misplace elements), an index outside it; its
 * working array is taken in ctx (NULL: unbounded). */
char *lay_print_cute_tv(const char *text, const char *ptr, int64_t M, int64_t N,
			struct lay_ctx *ctx, struct lay_error *err);

/* The same pictures of a CuTe shared-memory atom (GMMA::Layout_K_SW32_Atom
 * and kin, read by the cute notation into def): CuTe draws the atom's
 * position-independent form, Sw<B,M,S> in element units o _0 o its
 * layout.  NULL without err set when def is no such atom. */
char *lay_print_cute_atom(struct lay_def *def, bool latex, struct lay_error *err);

/* Triton's getLayoutStr of a ttgir definition (tensor view, or with hw the
 * hardware view), as triton-tensor-layout prints it without its header.
 * Returns a new string, or NULL with err set. */
char *lay_print_triton(struct lay_def *def, bool hw, struct lay_error *err);

/* The text of `format` ("cute", "latex", "triton", "triton-hw") for the
 * definition json (borrowed; its pointer is ptr).  A cute definition is
 * drawn as the engine reads it: an algebra expression's result, the layout
 * of a print(tiled_copy) / print(tiled_mma) / print(tensor) text, an atom;
 * "latex" of a cute_role "tv" layout (or a tiled copy) is lay_print_cute_tv
 * over its logical tile.  NULL with err set: an unknown format, a
 * definition the format has no picture of, or the printer's own error. */
char *lay_print(json_t *def_json, const char *ptr, const char *format,
		const struct lay_options *opt, struct lay_error *err);

/*
 * The print formats, one row each (print.c): the name ?format= and
 * --format take, the media type the daemon answers with, what it draws
 * (the CLI's help), and its printer (the text of the format for the
 * definition json, borrowed, at pointer ptr; NULL with err set).  The CLI,
 * the daemon and the OpenAPI test (layoutd print --list-formats) read it.
 */
typedef char *lay_print_fn(json_t *def_json, const char *ptr, const struct lay_options *opt,
			   struct lay_error *err);
struct lay_print_format {
	const char *name;
	const char *media_type;
	const char *summary;
	lay_print_fn *print;
};
extern const struct lay_print_format lay_print_formats[];
extern const int lay_nprint_formats;
/* The format named `name`, or NULL. */
const struct lay_print_format *lay_print_format_find(const char *name);
/* The names in table order into buf, sep between them and last before the
 * final one ("cute, latex, triton or triton-hw"; "cute|latex|..."). */
void lay_print_format_list(char *buf, size_t n, const char *sep, const char *last);

#endif
