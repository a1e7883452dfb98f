/*
 * print.c - which picture a format names, and the string buffer the
 * printers write into.
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "notation/cute_print.h"
#include "notation/notation.h"
#include "print/print.h"

static bool grow(struct lay_buf *b, size_t more)
{
	if (b->failed)
		return false;
	if (b->len + more + 1 <= b->cap)
		return true;
	size_t cap = b->cap ? b->cap : 256;
	while (cap < b->len + more + 1)
		cap *= 2;
	if (lay_ctx_reserve(b->ctx, (int64_t)(cap - b->cap), NULL)) {
		b->failed = true;
		return false;
	}
	char *d = realloc(b->data, cap);
	if (!d) {
		lay_ctx_release(b->ctx, (int64_t)(cap - b->cap));
		b->failed = true;
		return false;
	}
	b->data = d;
	b->cap = cap;
	return true;
}

void lay_buf_free(struct lay_buf *b)
{
	lay_ctx_release(b->ctx, (int64_t)b->cap);
	free(b->data);
	b->data = NULL;
	b->len = b->cap = 0;
}

void lay_buf_puts(struct lay_buf *b, const char *s)
{
	size_t n = strlen(s);
	if (!grow(b, n))
		return;
	memcpy(b->data + b->len, s, n + 1);
	b->len += n;
}

void lay_buf_printf(struct lay_buf *b, const char *fmt, ...)
{
	char small[256];
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(small, sizeof small, fmt, ap);
	va_end(ap);
	if (n < 0) {
		b->failed = true;
		return;
	}
	if ((size_t)n < sizeof small) {
		lay_buf_puts(b, small);
		return;
	}
	if (!grow(b, (size_t)n))
		return;
	va_start(ap, fmt);
	vsnprintf(b->data + b->len, (size_t)n + 1, fmt, ap);
	va_end(ap);
	b->len += (size_t)n;
}

/* The first notation of def_json that the print format `prints` takes. */
static const struct lay_notation *printed_by(json_t *def_json, unsigned prints)
{
	for (int i = 0; i < lay_nnotations; i++)
		if ((lay_notations[i]->prints & prints) &&
		    json_object_get(def_json, lay_notations[i]->key))
			return lay_notations[i];
	return NULL;
}

/* The layout text the engine reads out of a cute definition it could not
 * print as written: an algebra expression's result (its C++ type, static
 * as CuTe computes it), or the layout of a print(tiled_copy) /
 * print(tiled_mma) / print(tensor) text.  *tv is set for a tiled copy.
 * Returns a new string, or NULL (err set only on an error). */
static char *engine_text(struct lay_def *def, const char *text, const char *p, bool *tv,
			 struct lay_error *err)
{
	const char *cpp = json_string_value(json_object_get(def->algebra, "cpp"));
	const char *result = json_string_value(json_object_get(def->algebra, "result"));
	if (def->algebra && (!cpp || !result)) {
		lay_error_set(err, LAY_ESCHEMA, p, -1,
			      "this algebra expression has no layout to print (its value is %s)",
			      json_object_get(def->algebra, "value") ? "an integer" : "none");
		return NULL;
	}
	/* the result as CuTe prints it for the expression as written: static
	 * (its C++ type) when an operand is static (_N, Int<N>, a C++ type, a
	 * builder), plain integers when every operand is */
	if (cpp) {
		static const char *const marks[] = { "Int<",	    "C<",	"Shape<",
						     "Stride<",	    "Layout<",	"make_shape",
						     "make_stride", "make_tile" };
		bool st = false;
		for (const char *q = text; *q && !st; q++)
			st = *q == '_' && q[1] >= '0' && q[1] <= '9' &&
			     (q == text || !(isalnum((unsigned char)q[-1]) || q[-1] == '_'));
		for (size_t k = 0; k < sizeof marks / sizeof marks[0] && !st; k++)
			st = strstr(text, marks[k]) != NULL;
		return strdup(st ? cpp : result);
	}
	char *picked = NULL;
	if (lay_cute_print_pick(def, tv, text, p, &picked, err))
		return NULL;
	return picked;
}

/* A picture the request answers with: its bytes are the request's,
 * counted against its budget until it ends (NULL, err set, over it). */
static char *answer(char *s, const struct lay_options *opt, struct lay_error *err)
{
	if (s && opt && lay_ctx_reserve(opt->ctx, (int64_t)strlen(s) + 1, err)) {
		free(s);
		return NULL;
	}
	return s;
}

static char *print_cute_def(json_t *def_json, const char *ptr, bool latex,
			    const struct lay_options *opt, struct lay_error *err)
{
	const struct lay_notation *n = printed_by(def_json, LAY_PRINTS_CUTE);
	json_t *cute = n ? json_object_get(def_json, n->key) : NULL;
	char p[LAY_ERR_PTR];
	if (!json_is_string(cute)) {
		lay_error_set(err, LAY_ESCHEMA, ptr, -1,
			      "print --format %s draws CuTe layouts: the definition needs a "
			      "\"cute\" Shape:Stride text",
			      latex ? "latex" : "cute");
		return NULL;
	}
	lay_ptr_join(p, sizeof p, ptr, n->key);
	const char *text = json_string_value(cute);
	const char *role = json_string_value(json_object_get(def_json, "cute_role"));
	bool tv = role && strcmp(role, "tv") == 0;
	char *s = NULL;
	/* a layout as written: CuTe's print_layout / print_latex of it (a TV
	 * layout's LaTeX picture is print_latex_tv's, below) */
	if (!(tv && latex)) {
		s = answer(lay_print_cute(text, p, latex, err), opt, err);
		if (s || err->code != LAY_ESYNTAX)
			return s;
	}
	/* what the engine reads beyond a plain layout: an algebra expression,
	 * CuTe's print texts, an atom, a TV layout over its tile */
	struct lay_error e2;
	lay_error_clear(&e2);
	struct lay_def *def = lay_def_new(def_json, ptr, opt, &e2);
	if (!def) {
		/* the engine's reason when it is more than the same syntax error */
		if ((tv && latex) || e2.code != LAY_ESYNTAX)
			*err = e2;
		return NULL;
	}
	char *layout = engine_text(def, text, p, &tv, &e2);
	if (!layout && !e2.code && !(tv && latex)) {
		s = lay_print_cute_atom(def, latex, &e2);
		if (s || e2.code)
			*err = e2;
	} else if (!layout && e2.code) {
		*err = e2;
	} else if (tv && latex && def->rank != 2) {
		lay_error_set(err, LAY_ESHAPE, ptr, -1,
			      "print_latex_tv draws a thread-value layout over a 2-D tile; the "
			      "logical shape has rank %d",
			      def->rank);
	} else {
		lay_error_clear(err);
		s = answer(tv && latex
				   ? lay_print_cute_tv(layout ? layout : text, p, def->shape[0],
						       def->shape[1], opt ? opt->ctx : NULL, err)
				   : lay_print_cute(layout ? layout : text, p, latex, err),
			   opt, err);
		if (!s && def->algebra) {
			/* a position in the result, not in the expression */
			err->position = -1;
			err->source[0] = '\0';
		}
	}
	free(layout);
	lay_def_free(def);
	return s;
}

/* The Triton pictures: the tensor view, or with hw the hardware view. */
static char *print_triton_def(json_t *def_json, const char *ptr, const char *format, bool hw,
			      const struct lay_options *opt, struct lay_error *err)
{
	if (!printed_by(def_json, LAY_PRINTS_TRITON)) {
		lay_error_set(err, LAY_ESCHEMA, ptr, -1,
			      "print --format %s draws Triton layouts: the definition needs "
			      "a \"ttgir\" encoding and its tensor shape, or a \"linear\" "
			      "layout",
			      format);
		return NULL;
	}
	struct lay_def *def = lay_def_new(def_json, ptr, opt, err);
	if (!def)
		return NULL;
	char *s = lay_print_triton(def, hw, err);
	lay_def_free(def);
	return s;
}

static char *print_layout(json_t *d, const char *ptr, const struct lay_options *opt,
			  struct lay_error *err)
{
	return print_cute_def(d, ptr, false, opt, err);
}

static char *print_latex(json_t *d, const char *ptr, const struct lay_options *opt,
			 struct lay_error *err)
{
	return print_cute_def(d, ptr, true, opt, err);
}

static char *print_triton(json_t *d, const char *ptr, const struct lay_options *opt,
			  struct lay_error *err)
{
	return print_triton_def(d, ptr, "triton", false, opt, err);
}

static char *print_triton_hw(json_t *d, const char *ptr, const struct lay_options *opt,
			     struct lay_error *err)
{
	return print_triton_def(d, ptr, "triton-hw", true, opt, err);
}

/* The printers of formats written in files of their own (lay_print_fn,
 * print.h) are declared here beside their rows. */

/* The print formats: one row each (print.h), in the order help and
 * messages list them. */
const struct lay_print_format lay_print_formats[] = {
	{ "cute", "text/plain; charset=utf-8", "CuTe's print_layout table (rank-2 layouts)",
	  print_layout },
	{ "latex", "text/plain; charset=utf-8",
	  "print_latex's TikZ (rank 1 or 2); with --role tv print_latex_tv's\n"
	  "thread-value picture over the --logical tile",
	  print_latex },
	{ "triton", "text/plain; charset=utf-8",
	  "Triton's tensor view (triton-tensor-layout without its header)", print_triton },
	{ "triton-hw", "text/plain; charset=utf-8", "Triton's hardware view", print_triton_hw },
};
const int lay_nprint_formats = (int)(sizeof lay_print_formats / sizeof lay_print_formats[0]);

const struct lay_print_format *lay_print_format_find(const char *name)
{
	for (int i = 0; name && i < lay_nprint_formats; i++)
		if (strcmp(lay_print_formats[i].name, name) == 0)
			return &lay_print_formats[i];
	return NULL;
}

void lay_print_format_list(char *buf, size_t n, const char *sep, const char *last)
{
	if (n)
		buf[0] = '\0';
	for (int i = 0; i < lay_nprint_formats; i++)
		lay_list_add(buf, n, i == lay_nprint_formats - 1 ? last : sep,
			     lay_print_formats[i].name);
}

char *lay_print(json_t *def_json, const char *ptr, const char *format,
		const struct lay_options *opt, struct lay_error *err)
{
	if (json_is_string(def_json) || json_object_get(def_json, "text")) {
		/* pasted text: printed as the notation it is detected as */
		json_t *d = lay_detect_definition(def_json, ptr, err);
		if (!d)
			return NULL;
		char *s = lay_print(d, ptr, format, opt, err);
		json_decref(d);
		return s;
	}
	if (!json_is_object(def_json)) {
		lay_error_set(err, LAY_ESCHEMA, ptr, -1, "the layout must be a definition object");
		return NULL;
	}
	const struct lay_print_format *f = lay_print_format_find(format);
	if (f)
		return f->print(def_json, ptr, opt, err);
	char list[128];
	lay_print_format_list(list, sizeof list, ", ", " or ");
	lay_error_set(err, LAY_ESCHEMA, "", -1, "unknown print format \"%.40s\": %s", format, list);
	return NULL;
}
