/*
 * cute_tree.c - the cute notation's reader, its tree handed out as written
 * (cute_tree.h): the composed-layout front end (cute_atoms.c) finds the
 * swizzle and offset, the text reader (cute_text.c) the shape and stride
 * trees with each integer's static flag.  Nothing is computed here.
 */
#include <stdlib.h>
#include <string.h>

#include "notation/cute_atoms.h"
#include "notation/cute_text.h"
#include "notation/cute_tree.h"
#include "layout.h"

/* A composed form that is not a swizzle over a layout written out. */
static int refuse_composed(const struct lay_cute_compose *cc, const char *text, const char *ptr,
			   struct lay_error *err)
{
	if (cc->is_synth)
		return lay_text_error(err, LAY_ESYNTAX, ptr, text, cc->atom_pos,
				      "a named atom is not a layout written out");
	if (cc->tile)
		return lay_text_error(err, LAY_ESYNTAX, ptr, text, cc->tile_pos,
				      "tile_to_shape(...) is not a layout written out");
	if (cc->flag_bits)
		return lay_text_error(err, LAY_ESYNTAX, ptr, text, cc->flag_pos,
				      "an smem_ptr flag is not an offset written out");
	if (!cc->has_swizzle)
		return lay_text_error(err, LAY_ESYNTAX, ptr, text, 0,
				      "a composed layout without a swizzle");
	return 0;
}

/* The shape and stride as written: a stride, no axis names, congruent. */
static int check_tree(struct cute_parser *p, int shape, int stride, const char *text,
		      const char *ptr, struct lay_error *err)
{
	if (stride < 0)
		return lay_text_error(err, LAY_ESYNTAX, ptr, text, p->nodes[shape].pos,
				      "expected SHAPE:STRIDE: the layout's stride is not written");
	for (int k = 0; k < p->nnodes; k++)
		if (p->nodes[k].leaf && p->nodes[k].axis[0])
			return lay_text_error(err, LAY_ESYNTAX, ptr, text, p->nodes[k].pos,
					      "a stride @%s names an axis: not a layout of "
					      "integers",
					      p->nodes[k].axis);
	return cute_congruent(p, shape, stride);
}

/* The parser's tree into t (nodes copied, the axis names left behind). */
static int copy_tree(const struct cute_parser *p, int shape, int stride, struct lay_cute_tree *t,
		     const char *ptr, struct lay_error *err)
{
	t->n = calloc((size_t)(p->nnodes ? p->nnodes : 1), sizeof *t->n);
	if (!t->n)
		return lay_error_set(err, LAY_ENOMEM, ptr, -1, "out of memory");
	for (int k = 0; k < p->nnodes; k++) {
		const struct node *x = &p->nodes[k];
		t->n[k] = (struct lay_cute_node){ .leaf = x->leaf,
						  .is_static = x->is_static,
						  .val = x->val,
						  .pos = x->pos,
						  .nkids = x->nkids,
						  .kid = x->kid,
						  .next = x->next };
	}
	t->nn = p->nnodes;
	t->shape = shape;
	t->stride = stride;
	return 0;
}

int lay_cute_tree_read(const char *text, const char *ptr, struct lay_cute_tree *t,
		       struct lay_error *err)
{
	struct cute_parser p = { 0 };
	struct lay_cute_compose cc;
	char *inner = NULL;
	int shape = -1, stride = -1, rc;
	memset(t, 0, sizeof *t);
	t->shape = t->stride = -1;
	if ((rc = lay_cute_compose_parse(text, ptr, &cc, err)))
		return rc;
	if (cc.composed && (rc = refuse_composed(&cc, text, ptr, err)))
		return rc;
	lay_scan_init(&p.sc, text, ptr, err, LAY_SCAN_CXX);
	if (!(p.nodes = calloc(CUTE_MAX_NODES, sizeof *p.nodes)))
		return lay_error_set(err, LAY_ENOMEM, ptr, -1, "out of memory");
	if (cc.composed) {
		/* the inner layout: the text up to its end, read from its start,
		 * so positions stay those of the whole text */
		if (!(inner = strndup(text, (size_t)cc.inner_hi))) {
			rc = lay_error_set(err, LAY_ENOMEM, ptr, -1, "out of memory");
			goto out;
		}
		p.sc.s = inner;
		p.sc.pos = cc.inner_lo;
	}
	rc = cute_parse_text(&p, &shape, &stride);
	if (rc && cc.composed)
		lay_error_source(err, text);
	p.sc.s = text;
	if (!rc)
		rc = check_tree(&p, shape, stride, text, ptr, err);
	if (!rc)
		rc = copy_tree(&p, shape, stride, t, ptr, err);
	if (!rc && cc.composed) {
		t->swizzled = true;
		t->B = cc.B;
		t->M = cc.M;
		t->S = cc.S;
		t->offset = cc.offset;
		t->offset_static = !cc.offset_dynamic;
	}
out:
	free(p.nodes);
	free(inner);
	return rc;
}

void lay_cute_tree_free(struct lay_cute_tree *t)
{
	free(t->n);
	t->n = NULL;
	t->nn = 0;
}
