/*
 * detect.c - which notation a pasted text is in.
 *
 * The one detector the command line, the daemon ("text" in a definition)
 * and the dashboard (which sends "text") share.  It looks at what each
 * notation's text always holds, on the text with its C/C++ and MLIR
 * comments blanked out (a CUTLASS header's "// (T32,V4) -> (M16,N8)" says
 * nothing about the layout below it), in this order:
 *
 *   ttgir   an MLIR dialect attribute or type: #ttg. #ttng. #triton_gpu.
 *           #triton_nvidia_gpu. !ttg. !tt. or a tensor<...> type
 *   expr    a layout as TileLang prints it: Fragment(...), Layout([...] ->
 *           ...), "<buffer> inferred layout:"
 *   linear  LinearLayout::toString(): "in=1 -> (a, b)" lines
 *   axe     S[...] / R[...] / O[...] terms, TVM's ComposeLayout(...),
 *           TileLayout(...), SwizzleLayout(...) and T./Tx. prefixes
 *   cute    everything CuTe prints or a CUTLASS author pastes: Shape:Stride
 *           (strides may be k@axis), a bare (shape), Layout<...>, Sw<...> / Swizzle<...>,
 *           smem_ptr, composition(...), the algebra's functions, the GMMA /
 *           UMMA / TMEM atoms, pycute's Layout(shape, stride) repr
 *   axe     what is left with a k@axis term and no Shape:Stride
 *
 * Each notation's test is its descriptor's detect hook (notations.c); the
 * order above is the pass each test claims.  The answer is a notation key
 * or NULL.  No I/O.
 */
#include <ctype.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "algebra/cute_algebra.h"
#include "layout.h"
#include "notation/notation.h"

/* The text with comments replaced by spaces (positions kept); strings are
 * kept whole, so a "//" inside one is not a comment. */
static char *blank_comments(const char *t)
{
	size_t n = strlen(t);
	char *s = malloc(n + 1);
	if (!s)
		return NULL;
	memcpy(s, t, n + 1);
	for (size_t i = 0; i < n; i++) {
		if (s[i] == '"') {
			for (i++; i < n && s[i] != '"' && s[i] != '\n'; i++)
				if (s[i] == '\\' && i + 1 < n)
					i++;
		} else if (s[i] == '/' && s[i + 1] == '/') {
			while (i < n && s[i] != '\n')
				s[i++] = ' ';
		} else if (s[i] == '/' && s[i + 1] == '*') {
			size_t j = i;
			while (j < n && !(s[j] == '*' && s[j + 1] == '/'))
				j++;
			j = j < n ? j + 2 : n;
			for (; i < j; i++)
				if (s[i] != '\n')
					s[i] = ' ';
			i--;
		}
	}
	return s;
}

static bool has(const char *s, const char *w)
{
	return strstr(s, w) != NULL;
}

/* s (after white space) starts with w. */
static bool starts(const char *s, const char *w)
{
	while (isspace((unsigned char)*s))
		s++;
	return strncmp(s, w, strlen(w)) == 0;
}

/* A word w that is not the tail of a longer identifier. */
static bool has_word(const char *s, const char *w)
{
	for (const char *p = strstr(s, w); p; p = strstr(p + 1, w))
		if (p == s || !(isalnum((unsigned char)p[-1]) || p[-1] == '_'))
			return true;
	return false;
}

static bool is_ttgir(const char *s)
{
	static const char *const marks[] = { "#ttg.",	     "#ttng.",
					     "#triton_gpu.", "#triton_nvidia_gpu.",
					     "!ttg.",	     "!tt.",
					     "!triton_gpu." };
	for (size_t k = 0; k < sizeof marks / sizeof marks[0]; k++)
		if (has(s, marks[k]))
			return true;
	return has_word(s, "tensor<");
}

/* TileLang's prints; its Layout(...) opens with the input shape "[", where
 * pycute's Layout(shape, stride) repr opens with a shape or an integer. */
static bool is_tilelang_print(const char *s)
{
	while (isspace((unsigned char)*s))
		s++;
	if (strncmp(s, "Layout(", 7) == 0) {
		const char *p = s + 7;
		while (isspace((unsigned char)*p))
			p++;
		return *p == '[';
	}
	return lay_expr_is_print(s);
}

/* A LinearLayout::toString() line: "name=digits -> (". */
static bool is_linear_text(const char *s)
{
	for (const char *p = strstr(s, "->"); p; p = strstr(p + 2, "->")) {
		const char *q = p;
		while (q > s && (q[-1] == ' ' || q[-1] == '\t'))
			q--;
		const char *d = q;
		while (d > s && isdigit((unsigned char)d[-1]))
			d--;
		if (d == q || d == s || d[-1] != '=')
			continue;
		const char *r = p + 2;
		while (*r == ' ' || *r == '\t')
			r++;
		if (*r == '(')
			return true;
	}
	return false;
}

static bool is_axe_form(const char *s)
{
	while (isspace((unsigned char)*s))
		s++;
	if (strncmp(s, "T.", 2) == 0 || strncmp(s, "Tx.", 3) == 0)
		return true;
	if ((s[0] == 'S' || s[0] == 'R' || s[0] == 'O') && s[1 + strspn(s + 1, " \t")] == '[')
		return true;
	return starts(s, "ComposeLayout") || starts(s, "TileLayout") || starts(s, "SwizzleLayout");
}

static bool is_cute(const char *s)
{
	static const char *const words[] = {
		"Layout<",
		"Layout (",
		"Sw<",
		"Swizzle<",
		"Swizzle(",
		"SW_",
		"smem_ptr",
		"gmem_ptr",
		"composition(",
		"complement(",
		"coalesce(",
		"filter(",
		"left_inverse(",
		"right_inverse(",
		"logical_divide(",
		"zipped_divide(",
		"tiled_divide(",
		"flat_divide(",
		"logical_product(",
		"zipped_product(",
		"tiled_product(",
		"flat_product(",
		"blocked_product(",
		"raked_product(",
		"make_layout(",
		"tile_to_shape",
		"upcast<",
		"downcast<",
		"recast_layout<",
		"max_common_vector(",
		"max_common_layout(",
		"GMMA::",
		"UMMA::",
		"SM100_TMEM_",
		"tmem_[",
		"TiledCopy",
		"TiledMMA",
		"Tiled MMA",
		"MMA_Atom",
		"Copy_Atom",
	};
	for (size_t k = 0; k < sizeof words / sizeof words[0]; k++)
		if (has(s, words[k]))
			return true;
	/* pycute's repr, Layout(shape, stride); a bare shape (an algebra
	 * operand, or a layout missing its stride: cute says which) */
	if (starts(s, "Layout(") || starts(s, "ComposedLayout(") || starts(s, "("))
		return true;
	/* Shape:Stride, the stride a tuple, an integer or a k@axis */
	for (const char *p = strchr(s, ':'); p; p = strchr(p + 1, ':')) {
		if (p[1] == ':') { /* a C++ scope, GMMA:: and the like */
			p++;
			continue;
		}
		const char *q = p + 1;
		while (*q == ' ' || *q == '\t')
			q++;
		if (*q == '(' || *q == '_' || *q == '-' || isdigit((unsigned char)*q))
			return true;
	}
	return false;
}

/* The passes, in the order the header lists them: the lowest pass any
 * notation claims wins. */
enum { PASS_TTGIR = 1, PASS_ALGEBRA, PASS_TILELANG, PASS_LINEAR, PASS_AXE, PASS_CUTE, PASS_AT };

int lay_detect_ttgir(const char *s)
{
	return is_ttgir(s) ? PASS_TTGIR : 0;
}

int lay_detect_cute(const char *s)
{
	if (lay_cute_is_expression(s))
		return PASS_ALGEBRA; /* CuTe's layout algebra, docs/algebra.md */
	return is_cute(s) ? PASS_CUTE : 0;
}

int lay_detect_expr(const char *s)
{
	return is_tilelang_print(s) ? PASS_TILELANG : 0;
}

int lay_detect_linear(const char *s)
{
	return is_linear_text(s) ? PASS_LINEAR : 0;
}

int lay_detect_axe(const char *s)
{
	if (is_axe_form(s))
		return PASS_AXE;
	return strchr(s, '@') ? PASS_AT : 0;
}

static const struct lay_notation *detect(const char *text)
{
	char *s = blank_comments(text ? text : "");
	if (!s)
		return NULL;
	const struct lay_notation *best = NULL;
	int best_pass = 0;
	for (int i = 0; i < lay_nnotations; i++) {
		const struct lay_notation *n = &lay_notations[i];
		int pass = n->detect ? n->detect(s) : 0;
		if (pass > 0 && (!best || pass < best_pass)) {
			best = n;
			best_pass = pass;
		}
	}
	free(s);
	return best;
}

const char *lay_detect_notation(const char *text)
{
	const struct lay_notation *n = detect(text);
	return n ? n->key : NULL;
}

/* A TTGIR attribute's tile: "logical" stands for its "shape" when no type
 * in the text gives one. */
void lay_detected_ttgir(json_t *out, const char *t)
{
	json_t *lg = json_object_get(out, "logical");
	if (!lg)
		return;
	if (!json_object_get(out, "shape") && !strstr(t, "tensor<") && !strstr(t, "memdesc<") &&
	    !strstr(t, "tensordesc<"))
		json_object_set(out, "shape",
				json_is_object(lg) ? json_object_get(lg, "shape") : lg);
	json_object_del(out, "logical");
}

json_t *lay_detect_definition(json_t *v, const char *ptr, struct lay_error *err)
{
	char p[LAY_ERR_PTR];
	json_t *text = json_is_string(v) ? v : json_object_get(v, "text");
	lay_ptr_join(p, sizeof p, ptr, "text");
	if (!json_is_string(text)) {
		lay_error_set(err, LAY_ESCHEMA, json_is_string(v) ? ptr : p, -1,
			      "\"text\" is a notation's text, a string");
		return NULL;
	}
	const struct lay_notation *n = detect(json_string_value(text));
	if (!n) {
		char hints[256];
		lay_notation_hints(hints, sizeof hints);
		lay_error_set(err, LAY_ENOTATION, json_is_string(v) ? ptr : p, 0,
			      "the text is in no notation layoutd recognises (%s): give it under "
			      "its notation's key instead of \"text\"",
			      hints);
		return NULL;
	}
	json_t *out = json_is_string(v) ? json_object() : json_copy(v);
	if (!out) {
		lay_error_set(err, LAY_ENOMEM, ptr, -1, "out of memory");
		return NULL;
	}
	json_object_del(out, "text");
	const struct lay_notation *other = lay_notation_of(out);
	if (other) {
		lay_ptr_join(p, sizeof p, ptr, other->key);
		lay_error_set(err, LAY_ENOTATION, p, -1,
			      "\"text\" and \"%s\": a definition has one notation", other->key);
		json_decref(out);
		return NULL;
	}
	json_object_set(out, n->key, text);
	if (n->detected)
		n->detected(out, json_string_value(text));
	return out;
}
