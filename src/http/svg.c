/*
 * svg.c - grid.svg: the logical tile as a grid of cells (rows = the first
 * dimension, columns = the rest flattened), each coloured by its owner and
 * labelled owner/slot; collisions outlined in red, unplaced cells hatched,
 * replicated cells marked with their number of places.  Every writer is
 * accounted for: a cell knows if any of its places holds another element.
 *
 * A window of the grid (row0, col0, rows, cols) draws part of a tile too
 * large to draw whole.  A shared-memory layout (one memory axis, no owner
 * but a single one) is coloured by the bank of its offset, the way the
 * dashboard colours it.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "http/http.h"
#include "http/util.h"
#include "layout/analysis/sections.h"

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

/* The window asked for: -1 where a parameter is absent. */
struct window {
	int64_t row0, col0, rows, cols;
};

/* The memory axis of a shared-memory layout (one memory axis, the owner
 * axes of extent 1), or -1. */
static int bank_axis(const struct lay_def *def, const int64_t *ext)
{
	int mem = -1;
	for (int a = 0; a < def->naxes; a++) {
		if (def->axes[a].kind == LAY_KIND_MEMORY) {
			if (mem >= 0)
				return -1;
			mem = a;
		} else if (ext[a] != 1) {
			return -1;
		}
	}
	return mem;
}

struct grid {
	const struct lay_def *def;
	const struct lay_cell *cells;
	int64_t nrows, ncols; /* the whole tile */
	struct window w;      /* the window drawn, inside the tile */
	int64_t ostride[LAYOUTD_MAX_AXES], nown;
	int bank_ax, bits;
	int cw, ch, margin;
	bool labels;
};

static void draw_cell(struct sbuf *b, const struct grid *g, int64_t e, int64_t *ncoll,
		      int64_t *nunplaced)
{
	const struct lay_def *def = g->def;
	const struct lay_cell *cell = &g->cells[e];
	int64_t r = e / g->ncols - g->w.row0, c = e % g->ncols - g->w.col0;
	long long x = g->margin + c * g->cw, y = g->margin + r * g->ch;
	char lab[96], fill[32];
	if (g->bank_ax >= 0) /* one place per element: its offset */
		snprintf(lab, sizeof lab, "%lld", (long long)cell->first[g->bank_ax]);
	else
		label(def, cell, lab, sizeof lab);
	if (!cell->nplaces) {
		snprintf(fill, sizeof fill, "url(#unplaced)");
		(*nunplaced)++;
	} else {
		int64_t key = 0;
		if (g->bank_ax >= 0)
			key = (cell->first[g->bank_ax] * g->bits / 32) % 32;
		else
			for (int a = 0; a < def->naxes; a++)
				if (g->nown ? def->axes[a].kind != LAY_KIND_MEMORY : a == 0)
					key += cell->first[a] * (g->nown ? g->ostride[a] : 1);
		if (key < 0)
			key = -key;
		snprintf(fill, sizeof fill, "hsl(%lld,65%%,%d%%)",
			 (long long)((key * 137 + 17) % 360), 72 + (int)(key % 3) * 6);
	}
	*ncoll += cell->collides;
	char coord[160], bank[32] = "";
	size_t cl = 0;
	int64_t x_[LAYOUTD_MAX_RANK], f = e;
	for (int d = def->rank - 1; d >= 0; d--) {
		x_[d] = f % def->shape[d];
		f /= def->shape[d];
	}
	for (int d = 0; d < def->rank && cl < sizeof coord; d++)
		cl += (size_t)snprintf(coord + cl, sizeof coord - cl, "%s%s=%lld", d ? ", " : "",
				       def->names[d], (long long)x_[d]);
	if (g->bank_ax >= 0 && cell->nplaces)
		snprintf(bank, sizeof bank, ", bank %lld",
			 (long long)((cell->first[g->bank_ax] * g->bits / 32) % 32));
	sput(b,
	     "<g class=\"cell\" data-e=\"%lld\"><title>(%s) %s%s%s%s</title>"
	     "<rect x=\"%lld\" y=\"%lld\" width=\"%d\" height=\"%d\" fill=\"%s\" "
	     "stroke=\"%s\" stroke-width=\"%s\"/>",
	     (long long)e, coord, cell->nplaces ? "at " : "unplaced", cell->nplaces ? lab : "",
	     bank, cell->collides ? " (collides)" : "", x, y, g->cw, g->ch, fill,
	     cell->collides ? "#d00" : "#fff", cell->collides ? "2" : "1");
	if (g->labels && cell->nplaces)
		sput(b, "<text x=\"%lld\" y=\"%lld\" text-anchor=\"middle\">%s</text>",
		     x + g->cw / 2, y + g->ch / 2 + 4, lab);
	if (g->labels && cell->nplaces > 1)
		sput(b,
		     "<text x=\"%lld\" y=\"%lld\" font-size=\"8\" text-anchor=\"end\" "
		     "fill=\"#333\">\xc3\x97%d</text>",
		     x + g->cw - 2, y + 9, cell->nplaces);
	sput(b, "</g>\n");
}

static void draw(struct sbuf *b, const struct grid *g)
{
	const struct lay_def *def = g->def;
	const struct window *w = &g->w;
	int64_t width = g->margin + w->cols * g->cw + 10, height = g->margin + w->rows * g->ch + 40;
	bool whole = w->rows == g->nrows && w->cols == g->ncols;
	char what[96], where[160] = "";
	if (g->bank_ax >= 0)
		snprintf(what, sizeof what, "colour = bank (%s \xc3\x97 %d bits / 32 mod 32)",
			 def->axes[g->bank_ax].name, g->bits);
	else
		snprintf(what, sizeof what, "%s",
			 g->nown ? "colour = owner, label = owner/slot"
				 : "colour and label = place");
	if (!whole)
		snprintf(where, sizeof where,
			 "; rows %lld-%lld, columns %lld-%lld of %lld\xc3\x97%lld",
			 (long long)w->row0, (long long)(w->row0 + w->rows - 1), (long long)w->col0,
			 (long long)(w->col0 + w->cols - 1), (long long)g->nrows,
			 (long long)g->ncols);
	sput(b,
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
	sput(b, "<text x=\"%d\" y=\"14\">%s \xc3\x97 %s: %lld elements%s; %s</text>\n", g->margin,
	     def->rank >= 2 ? def->names[0] : "row", def->rank >= 2 ? def->names[1] : def->names[0],
	     (long long)def->size, where, what);
	for (int64_t c = 0; c < w->cols && g->labels; c++)
		sput(b,
		     "<text x=\"%lld\" y=\"%d\" text-anchor=\"middle\" fill=\"#666\">%lld</text>\n",
		     (long long)(g->margin + c * g->cw + g->cw / 2), g->margin - 6,
		     (long long)(w->col0 + c));
	for (int64_t r = 0; r < w->rows && g->labels; r++)
		sput(b, "<text x=\"%d\" y=\"%lld\" text-anchor=\"end\" fill=\"#666\">%lld</text>\n",
		     g->margin - 4, (long long)(g->margin + r * g->ch + g->ch / 2 + 4),
		     (long long)(w->row0 + r));
	int64_t ncoll = 0, nunplaced = 0;
	for (int64_t r = w->row0; r < w->row0 + w->rows; r++)
		for (int64_t c = w->col0; c < w->col0 + w->cols; c++)
			draw_cell(b, g, r * g->ncols + c, &ncoll, &nunplaced);
	sput(b,
	     "<text x=\"%d\" y=\"%lld\">%lld cells, %lld collide (red), %lld unplaced "
	     "(hatched)</text>\n</svg>\n",
	     g->margin, (long long)(g->margin + w->rows * g->ch + 24),
	     (long long)(w->rows * w->cols), (long long)ncoll, (long long)nunplaced);
}

static const char *arg(struct MHD_Connection *c, const char *name)
{
	return MHD_lookup_connection_value(c, MHD_GET_ARGUMENT_KIND, name);
}

/* The window's parameters: located 400s for what is not a count. */
static bool parse_window(struct MHD_Connection *c, struct http_req *r, struct window *w,
			 enum MHD_Result *ret)
{
	static const char *const names[] = { "row0", "col0", "rows", "cols" };
	int64_t *vals[] = { &w->row0, &w->col0, &w->rows, &w->cols };
	for (int k = 0; k < 4; k++) {
		const char *s = arg(c, names[k]);
		*vals[k] = -1;
		if (s && !http_parse_count(s, k < 2 ? 0 : 1, INT64_MAX, vals[k])) {
			char detail[160], ptr[32];
			snprintf(detail, sizeof detail,
				 "%s is an integer >= %d (decimal digits only)", names[k],
				 k < 2 ? 0 : 1);
			snprintf(ptr, sizeof ptr, "/query/%s", names[k]);
			*ret = http_send_problem(c, r, 400, "bad_query", detail, ptr);
			return false;
		}
	}
	return true;
}

/* The element width for bank colours: the definition's, else what its
 * notation read (structure.swizzle / .ttgir), else the access's, else 32. */
static int element_bits(const struct lay_def *def, json_t *analysis)
{
	if (def->element_bits > 0)
		return def->element_bits;
	json_t *st = json_object_get(analysis, "structure");
	json_t *v[] = { json_object_get(json_object_get(st, "swizzle"), "element_bits"),
			json_object_get(json_object_get(st, "ttgir"), "element_bits"),
			json_object_get(json_object_get(analysis, lay_section_access.key),
					"element_bits") };
	for (size_t k = 0; k < sizeof v / sizeof v[0]; k++)
		if (json_is_integer(v[k]) && json_integer_value(v[k]) > 0 &&
		    json_integer_value(v[k]) <= 1024)
			return (int)json_integer_value(v[k]);
	return 32;
}

/* Checks the window against the tile: a start past the tile is a located
 * 400, an extent past it is clipped, a window over the limit a 422. */
static bool fit_window(struct MHD_Connection *c, struct http_req *r, struct grid *g,
		       const struct window *q, enum MHD_Result *ret)
{
	char detail[256];
	const char *ptr = NULL;
	if (q->row0 >= g->nrows) {
		snprintf(detail, sizeof detail,
			 "row0 is past the tile: it has %lld rows (0 to %lld)", (long long)g->nrows,
			 (long long)g->nrows - 1);
		ptr = "/query/row0";
	} else if (q->col0 >= g->ncols) {
		snprintf(detail, sizeof detail,
			 "col0 is past the tile: it has %lld columns (0 to %lld)",
			 (long long)g->ncols, (long long)g->ncols - 1);
		ptr = "/query/col0";
	}
	if (ptr) {
		*ret = http_send_problem(c, r, 400, "bad_query", detail, ptr);
		return false;
	}
	g->w.row0 = q->row0 < 0 ? 0 : q->row0;
	g->w.col0 = q->col0 < 0 ? 0 : q->col0;
	g->w.rows = g->nrows - g->w.row0;
	g->w.cols = g->ncols - g->w.col0;
	if (q->rows > 0 && q->rows < g->w.rows)
		g->w.rows = q->rows;
	if (q->cols > 0 && q->cols < g->w.cols)
		g->w.cols = q->cols;
	if (g->w.rows > HTTP_MAX_GRID_CELLS / g->w.cols) {
		snprintf(detail, sizeof detail,
			 "a window of %lld\xc3\x97%lld cells is too many to draw (at most %d): ask "
			 "for fewer with rows and cols (and row0, col0 for where it starts)",
			 (long long)g->w.rows, (long long)g->w.cols, HTTP_MAX_GRID_CELLS);
		*ret = http_send_problem(c, r, 422, "too_large", detail,
					 q->rows > 0   ? "/query/rows"
					 : q->cols > 0 ? "/query/cols"
						       : "/layout/logical");
		return false;
	}
	return true;
}

enum MHD_Result http_send_grid(struct MHD_Connection *c, struct http_req *r, struct lay_def *def,
			       json_t *analysis)
{
	struct window q;
	enum MHD_Result ret;
	struct lay_error err;
	lay_error_clear(&err);
	if (!parse_window(c, r, &q, &ret))
		return ret;
	if (def->size > HTTP_MAX_GRID_TILE) {
		lay_error_set(&err, LAY_ELIMIT, "/layout/logical", -1,
			      "%lld elements are too many to draw from (at most %d, in windows of "
			      "%d cells); read the table instead",
			      (long long)def->size, HTTP_MAX_GRID_TILE, HTTP_MAX_GRID_CELLS);
		return http_send_error(c, r, &err);
	}
	struct grid g = { .def = def, .margin = 40 };
	g.nrows = def->rank >= 2 ? def->shape[0] : 1;
	g.ncols = def->size / g.nrows;
	if (!fit_window(c, r, &g, &q, &ret))
		return ret;
	struct lay_cell *cells = calloc((size_t)def->size, sizeof *cells);
	int64_t ext[LAYOUTD_MAX_AXES];
	if (!cells)
		lay_error_set(&err, LAY_ENOMEM, "", -1, "out of memory");
	if (!cells || lay_cells(def, cells, ext, &err)) {
		free(cells);
		return http_send_error(c, r, &err);
	}
	g.cells = cells;
	g.labels = g.w.rows * g.w.cols <= HTTP_MAX_GRID_LABELS;
	g.cw = g.labels ? 44 : 10;
	g.ch = g.labels ? 28 : 10;
	int64_t s = 1;
	for (int a = def->naxes - 1; a >= 0; a--)
		if (def->axes[a].kind != LAY_KIND_MEMORY) {
			g.ostride[a] = s;
			s *= ext[a];
			g.nown++;
		}
	g.bank_ax = bank_axis(def, ext);
	g.bits = element_bits(def, analysis);
	struct sbuf b = { 0 };
	draw(&b, &g);
	free(cells);
	if (b.failed) {
		free(b.p);
		lay_error_set(&err, LAY_ENOMEM, "", -1, "out of memory");
		return http_send_error(c, r, &err);
	}
	return http_send_owned(c, r, 200, "image/svg+xml", b.p, b.len, NULL);
}
