/*
 * ttgir_request.c - a pasted TTGIR op line as an analysis request
 * (lay_ttgir_request, ttgir_lines.h): the ttgir notation's text_request.
 * The line is read with the TTGIR line reader lint uses (ttgir_lines.c).
 */
#include <stdlib.h>
#include <string.h>

#include "notation/ttgir_lines.h"

/* Lines of a pasted text: no more than lint's ops per text
 * (LAYOUTD_MAX_LINT_OPS, analysis/lint.h). */
#define TTGIR_REQUEST_LINES 4096

json_t *lay_ttgir_request(const char *text)
{
	struct line *lines = NULL;
	long n = 1;
	for (const char *p = text; *p; p++)
		n += *p == '\n';
	if (n > TTGIR_REQUEST_LINES || !(lines = calloc((size_t)n, sizeof *lines)))
		return NULL;
	long k = 0;
	for (const char *p = text;; k++) {
		const char *e = strchr(p, '\n');
		lines[k] = (struct line){ p, (int)(e ? e - p : (long)strlen(p)), k + 1 };
		if (!e) {
			k++;
			break;
		}
		p = e + 1;
	}
	struct module m = { .l = lines, .nl = (int)k };
	json_t *req = NULL;
	int found = -1, col = 0, v;
	const char *op = NULL;
	for (int i = 0; i < m.nl; i++) {
		int c = 0;
		const char *o = tl_line_op(&lines[i], &c);
		/* a tmem_load / tmem_store line is the ttgir notation's own */
		if (!o || tl_alias_name(&lines[i], &v) || tl_comment(&lines[i]) ||
		    strncmp(o, "ttng.", 5) == 0)
			continue;
		if (found >= 0)
			goto out; /* several ops: a module, for lint */
		found = i;
		op = o;
		col = c;
	}
	if (found < 0 || tl_module_header(&m))
		goto out;
	struct optypes ty;
	tl_op_types(&lines[found], col, &ty);
	int ml = 0, tl = 0;
	bool conv = strstr(op, "convert_layout") != NULL;
	/* a convert_layout's source and result; a local op's memdesc and tensor */
	const char *md = tl_type_of(&ty, !conv, conv ? 1 : 0, &ml),
		   *tn = tl_type_of(&ty, false, 0, &tl);
	if (!md || !tn)
		goto out;
	json_t *mem = tl_side(&m, md, ml), *thr = tl_side(&m, tn, tl);
	if (mem && thr && conv)
		req = json_pack("{s:o,s:{s:o}}", "layout", thr, "convert", "to", mem);
	else if (mem && thr)
		req = json_pack("{s:o,s:{s:o,s:s}}", "layout", mem, "access", "threads", thr, "op",
				strstr(op, "local_load") ? "load" : "store");
	else {
		json_decref(mem);
		json_decref(thr);
	}
out:
	tl_module_free(&m);
	free(lines);
	return req;
}
