/*
 * svg.c - grid.svg: the logical tile as a grid of cells (rows = the first
 * dimension, columns = the rest flattened), each coloured by its owner and
 * labelled owner/slot; collisions outlined in red, unplaced cells hatched,
 * replicated cells marked with their number of places.  Every writer is
 * accounted for: a cell knows if any of its places holds another element.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "http/http.h"

struct sbuf {
	char *p;
	size_t len, cap;
	bool failed;
};

static void sput(struct sbuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void sput(struct sbuf *b, const char *fmt, ...)
{
	if (b->failed)
		return;
	for (;;) {
		va_list ap;
		va_start(ap, fmt);
		int n = vsnprintf(b->p ? b->p + b->len : NULL, b->p ? b->cap - b->len : 0, fmt, ap);
		va_end(ap);
		if (n < 0) {
			b->failed = true;
			return;
		}
		if (b->p && b->len + (size_t)n < b->cap) {
			b->len += (size_t)n;
			return;
		}
		size_t cap = b->cap ? b->cap * 2 : 65536;
		while (cap < b->len + (size_t)n + 1)
			cap *= 2;
		char *np = realloc(b->p, cap);
		if (!np) {
			b->failed = true;
			return;
		}
		b->p = np;
		b->cap = cap;
	}
}

/* "5.0/1": owner axes' coordinates, then the slot axes'. */
static void label(const struct lay_def *def, const struct lay_cell *cell, char *out, size_t n)
{
	size_t len = 0;
	out[0] = '\0';
	for (int pass = 0; pass < 2; pass++) {
		bool owner = pass == 0, any = false;
		for (int a = 0; a < def->naxes && len < n; a++) {
			if ((def->axes[a].kind != LAY_KIND_MEMORY) != owner)
				continue;
			len += (size_t)snprintf(out + len, n - len, "%s%lld", any ? "." : "",
						(long long)cell->first[a]);
			any = true;
		}
		if (pass == 0 && any && len < n)
			len += (size_t)snprintf(out + len, n - len, "/");
	}
}

char *http_grid_svg(struct lay_def *def, size_t *len, struct lay_error *err)
{
	struct lay_cell *cells = NULL;
	struct sbuf b = { 0 };
	int64_t ext[LAYOUTD_MAX_AXES];
	if (def->size > HTTP_MAX_GRID_CELLS) {
		lay_error_set(
			err, LAY_ELIMIT, "/layout/logical", -1,
			"%lld elements are too many to draw (at most %d); read the table instead",
			(long long)def->size, HTTP_MAX_GRID_CELLS);
		return NULL;
	}
	cells = calloc((size_t)def->size, sizeof *cells);
	if (!cells) {
		lay_error_set(err, LAY_ENOMEM, "", -1, "out of memory");
		return NULL;
	}
	if (lay_cells(def, cells, ext, err)) {
		free(cells);
		return NULL;
	}
	int64_t rows = def->rank >= 2 ? def->shape[0] : 1, cols = def->size / rows;
	bool labels = def->size <= HTTP_MAX_GRID_LABELS;
	int cw = labels ? 44 : 10, ch = labels ? 28 : 10, margin = 40;
	int64_t width = margin + cols * cw + 10, height = margin + rows * ch + 40;
	/* owner index over the owner axes, for the colour */
	int64_t ostride[LAYOUTD_MAX_AXES], s = 1, nown = 0;
	for (int a = def->naxes - 1; a >= 0; a--)
		if (def->axes[a].kind != LAY_KIND_MEMORY) {
			ostride[a] = s;
			s *= ext[a];
			nown++;
		}
	sput(&b,
	     "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
	     "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%lld\" height=\"%lld\" "
	     "viewBox=\"0 0 %lld %lld\" font-family=\"monospace\" font-size=\"10\">\n"
	     "<defs><pattern id=\"unplaced\" width=\"6\" height=\"6\" "
	     "patternUnits=\"userSpaceOnUse\" "
	     "patternTransform=\"rotate(45)\"><rect width=\"6\" height=\"6\" fill=\"#fff\"/>"
	     "<line x1=\"0\" y1=\"0\" x2=\"0\" y2=\"6\" stroke=\"#999\" "
	     "stroke-width=\"3\"/></pattern></defs>\n"
	     "<rect width=\"100%%\" height=\"100%%\" fill=\"#fff\"/>\n",
	     (long long)width, (long long)height, (long long)width, (long long)height);
	sput(&b, "<text x=\"%d\" y=\"14\">%s \xc3\x97 %s: %lld elements; %s</text>\n", margin,
	     def->rank >= 2 ? def->names[0] : "row", def->rank >= 2 ? def->names[1] : def->names[0],
	     (long long)def->size,
	     nown ? "colour = owner, label = owner/slot" : "colour and label = place");
	for (int64_t c = 0; c < cols && labels; c++)
		sput(&b,
		     "<text x=\"%lld\" y=\"%d\" text-anchor=\"middle\" fill=\"#666\">%lld</text>\n",
		     (long long)(margin + c * cw + cw / 2), margin - 6, (long long)c);
	for (int64_t r = 0; r < rows && labels; r++)
		sput(&b,
		     "<text x=\"%d\" y=\"%lld\" text-anchor=\"end\" fill=\"#666\">%lld</text>\n",
		     margin - 4, (long long)(margin + r * ch + ch / 2 + 4), (long long)r);
	int64_t ncoll = 0, nunplaced = 0;
	for (int64_t e = 0; e < def->size; e++) {
		const struct lay_cell *cell = &cells[e];
		int64_t r = e / cols, c = e % cols;
		long long x = margin + c * cw, y = margin + r * ch;
		char lab[96], fill[32];
		label(def, cell, lab, sizeof lab);
		if (!cell->nplaces) {
			snprintf(fill, sizeof fill, "url(#unplaced)");
			nunplaced++;
		} else {
			int64_t key = 0;
			for (int a = 0; a < def->naxes; a++)
				if (nown ? def->axes[a].kind != LAY_KIND_MEMORY : a == 0)
					key += cell->first[a] * (nown ? ostride[a] : 1);
			snprintf(fill, sizeof fill, "hsl(%lld,65%%,%d%%)",
				 (long long)((key * 137 + 17) % 360), 72 + (int)(key % 3) * 6);
		}
		ncoll += cell->collides;
		int64_t x_[LAYOUTD_MAX_RANK];
		char coord[160];
		size_t cl = 0;
		int64_t f = e;
		for (int d = def->rank - 1; d >= 0; d--) {
			x_[d] = f % def->shape[d];
			f /= def->shape[d];
		}
		for (int d = 0; d < def->rank && cl < sizeof coord; d++)
			cl += (size_t)snprintf(coord + cl, sizeof coord - cl, "%s%s=%lld",
					       d ? ", " : "", def->names[d], (long long)x_[d]);
		sput(&b,
		     "<g class=\"cell\" data-e=\"%lld\"><title>(%s) %s%s%s</title>"
		     "<rect x=\"%lld\" y=\"%lld\" width=\"%d\" height=\"%d\" fill=\"%s\" "
		     "stroke=\"%s\" stroke-width=\"%s\"/>",
		     (long long)e, coord, cell->nplaces ? "at " : "unplaced",
		     cell->nplaces ? lab : "", cell->collides ? " (collides)" : "", x, y, cw, ch,
		     fill, cell->collides ? "#d00" : "#fff", cell->collides ? "2" : "1");
		if (labels && cell->nplaces)
			sput(&b, "<text x=\"%lld\" y=\"%lld\" text-anchor=\"middle\">%s</text>",
			     x + cw / 2, y + ch / 2 + 4, lab);
		if (labels && cell->nplaces > 1)
			sput(&b,
			     "<text x=\"%lld\" y=\"%lld\" font-size=\"8\" text-anchor=\"end\" "
			     "fill=\"#333\">\xc3\x97%d</text>",
			     x + cw - 2, y + 9, cell->nplaces);
		sput(&b, "</g>\n");
	}
	sput(&b,
	     "<text x=\"%d\" y=\"%lld\">%lld cells, %lld collide (red), %lld unplaced "
	     "(hatched)</text>\n</svg>\n",
	     margin, (long long)(margin + rows * ch + 24), (long long)def->size, (long long)ncoll,
	     (long long)nunplaced);
	free(cells);
	if (b.failed) {
		free(b.p);
		lay_error_set(err, LAY_ENOMEM, "", -1, "out of memory");
		return NULL;
	}
	*len = b.len;
	return b.p;
}
