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

/* s (after white space) starts with w. */
bool lay_text_starts(const char *s, const char *w)
{
	while (isspace((unsigned char)*s))
		s++;
	return strncmp(s, w, strlen(w)) == 0;
}

static const struct lay_notation *detect(const char *text)
{
	char *s = blank_comments(text ? text : "");
	if (!s)
		return NULL;
	const struct lay_notation *best = NULL;
	int best_pass = 0;
	for (int i = 0; i < lay_nnotations; i++) {
		const struct lay_notation *n = lay_notations[i];
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
