/*
 * sections.c - the section table: one row per analysis section of a
 * request (sections.h).
 *
 * A row names the request member, what it applies to, the function that
 * adds analysis[key], how the daemon's cache and the registry treat it and
 * the expect keys that read it.  Nothing outside this table spells a
 * section's key to wire it: the others read row->key.  The sections older
 * than the table keep their own entry points (lint calls them too); the
 * adapters below give them the table's signature.  A new section defines
 * a lay_section_fn in its own file, declared here beside its row.
 */
#include <string.h>

#include "analysis/analyze.h"
#include "analysis/sections.h"

/* ------------------------------------------------------------------ */
/* The sections older than the table, adapted                          */

static const struct lay_section lay_section_suggest;

/* expect keys that need an access, and suggest, refused without one
 * before any analysis */
static int access_check(json_t *req, const struct lay_options *opt, struct lay_error *err)
{
	struct expect x;
	if (json_object_get(req, lay_section_access.key))
		return 0;
	if (json_object_get(req, lay_section_suggest.key))
		return lay_error_set(err, LAY_ESCHEMA, "/suggest", -1,
				     "suggest needs an \"access\": the threads that read the "
				     "layout");
	int rc = ana_parse_expect(json_object_get(req, lay_section_expect.key), "/expect", opt, &x,
				  err);
	if (rc)
		return rc;
	const char *need = x.bank_conflicts >= 0	? "bank_conflicts"
			   : x.vector_bits >= 0		? "vector_bits"
			   : x.efficiency >= 0		? "efficiency"
			   : x.sectors_per_request >= 0 ? "sectors_per_request"
							: NULL;
	if (!need)
		return 0;
	char q[LAY_ERR_PTR];
	lay_ptr_join(q, sizeof q, "/expect", need);
	return lay_error_set(err, LAY_ESCHEMA, q, -1,
			     "expect.%s needs an \"access\" in the request: the threads that "
			     "read the layout and the element width",
			     need);
}

/* the access analysis, then the expectations again (they may name its
 * bank conflicts and vector width) */
static int access_attach(json_t *analysis, struct lay_def *def, json_t *access,
			 const struct lay_section_call *c, struct lay_error *err)
{
	struct expect x;
	if (!access)
		return 0;
	json_t *expect = json_object_get(c->request, lay_section_expect.key);
	int rc = ana_parse_expect(expect, "/expect", c->opt, &x, err);
	if (rc)
		return rc;
	x.self = def->cute_text;
	json_t *suggest = json_object_get(c->request, lay_section_suggest.key);
	rc = lay_access_attach(analysis, def, c->layout, access, suggest, "/suggest", c->opt, err);
	if (rc)
		return rc;
	ana_eval_expect(analysis, &x);
	return 0;
}

static int convert_attach(json_t *analysis, struct lay_def *def, json_t *convert,
			  const struct lay_section_call *c, struct lay_error *err)
{
	return convert ? lay_convert_attach(analysis, def, convert, c->opt, err) : 0;
}

static int tmem_attach(json_t *analysis, struct lay_def *def, json_t *tmem,
		       const struct lay_section_call *c, struct lay_error *err)
{
	return lay_tmem_request(analysis, def, tmem, c->ptr, err);
}

static int copy_attach(json_t *analysis, struct lay_def *def, json_t *copy,
		       const struct lay_section_call *c, struct lay_error *err)
{
	return lay_copy_request(analysis, def, copy,
				json_object_get(c->request, lay_section_expect.key), c->opt, err);
}

/* ------------------------------------------------------------------ */
/* The table                                                           */

/* expect.layout compares a plain cute layout's text, which the cached
 * analysis does not hold. */
static const char *const expect_keys[] = { "layout", NULL };
const struct lay_section lay_section_expect = {
	.key = "expect",
	.applies = "every layout: evaluated on its analysis and on the sections",
	.flags = LAY_SECTION_STORED,
	.expect_keys = expect_keys,
};

const struct lay_section lay_section_probe = {
	.key = "probe",
	.applies = "every layout: the places of the elements named, from the walk",
	.flags = LAY_SECTION_FRESH | LAY_SECTION_STRIP | LAY_SECTION_STORED,
};

static const char *const access_expect[] = { "bank_conflicts", "vector_bits", "efficiency",
					     "sectors_per_request", NULL };
static const char *const access_summary[] = { "examples", "view", NULL };
const struct lay_section lay_section_access = {
	.key = "access",
	.applies = "a shared or global memory layout read by a distributed layout (any "
		   "notation)",
	.check = access_check,
	.attach = access_attach,
	.flags = LAY_SECTION_FRESH | LAY_SECTION_STRIP | LAY_SECTION_STORED | LAY_SECTION_TARGET,
	.expect_keys = access_expect,
	.summary_omits = access_summary,
};

static const struct lay_section lay_section_suggest = {
	.key = "suggest",
	.applies = "with an access: the swizzle search, into access.suggestion",
	.flags = LAY_SECTION_FRESH | LAY_SECTION_STORED,
};

const struct lay_section lay_section_convert = {
	.key = "convert",
	.applies = "a distributed layout moved into another (Triton's layout conversion)",
	.attach = convert_attach,
	.flags = LAY_SECTION_FRESH | LAY_SECTION_STRIP | LAY_SECTION_STORED,
};

const struct lay_section lay_section_tmem = {
	.key = "tmem",
	.applies = "a tensor-memory layout (lane, column axes): the section is the layout's "
		   "own; the member adds tmem.match",
	.attach = tmem_attach,
	.flags = LAY_SECTION_FRESH | LAY_SECTION_STORED,
	.strip = "match",
};

static const char *const copy_expect[] = { "copy_legal", "copy_matches_layout", NULL };
const struct lay_section lay_section_copy = {
	.key = "copy",
	.applies = "a shared layout moved by ldmatrix / stmatrix (with copy.threads) or TMA",
	.attach = copy_attach,
	.flags = LAY_SECTION_FRESH | LAY_SECTION_STRIP | LAY_SECTION_STORED,
	.expect_keys = copy_expect,
};

/* The attach functions defined in a section's own file (docs/hacking.md:
 * "How to add an analysis section"), declared here beside their rows. */

/* The order sections are attached in and listed in messages.  A row no
 * other file names may be written in place: &(const struct lay_section){
 * .key = ..., ... }. */
const struct lay_section *const lay_sections[] = {
	&lay_section_expect,  /* the layout's own analysis */
	&lay_section_probe,   /* from the walk */
	&lay_section_access,  /* before the expectations on it */
	&lay_section_suggest, /* read by access */
	&lay_section_convert, /* on the layout as a distributed one */
	&lay_section_tmem,    /* tmem.match; the section is the layout's own */
	&lay_section_copy,    /* DESIGN §16 */
};

const int lay_nsections = (int)(sizeof lay_sections / sizeof lay_sections[0]);

/* ------------------------------------------------------------------ */
/* Reading the table                                                   */

const struct lay_section *lay_section_find(const char *key)
{
	for (int i = 0; key && i < lay_nsections; i++)
		if (strcmp(lay_sections[i]->key, key) == 0)
			return lay_sections[i];
	return NULL;
}

bool lay_sections_fresh(json_t *request)
{
	json_t *expect = json_object_get(request, lay_section_expect.key);
	for (int i = 0; i < lay_nsections; i++) {
		const struct lay_section *s = lay_sections[i];
		if ((s->flags & LAY_SECTION_FRESH) && json_object_get(request, s->key))
			return true;
		for (const char *const *k = s->expect_keys; json_is_object(expect) && k && *k; k++)
			if (json_object_get(expect, *k))
				return true;
	}
	return false;
}

void lay_sections_strip(json_t *analysis)
{
	for (int i = 0; i < lay_nsections; i++) {
		const struct lay_section *s = lay_sections[i];
		if (s->flags & LAY_SECTION_STRIP)
			json_object_del(analysis, s->key);
		else if (s->strip)
			json_object_del(json_object_get(analysis, s->key), s->strip);
	}
}

void lay_sections_target(json_t *request, const char *target)
{
	for (int i = 0; target && i < lay_nsections; i++) {
		json_t *m = json_object_get(request, lay_sections[i]->key);
		if ((lay_sections[i]->flags & LAY_SECTION_TARGET) && json_is_object(m))
			json_object_set_new(m, "target", json_string(target));
	}
}

int lay_sections_check(json_t *request, const struct lay_options *opt, struct lay_error *err)
{
	for (int i = 0; i < lay_nsections; i++) {
		int rc = lay_sections[i]->check ? lay_sections[i]->check(request, opt, err) : 0;
		if (rc)
			return rc;
	}
	return 0;
}

int lay_sections_attach(json_t *analysis, struct lay_def *def, json_t *request,
			const struct lay_options *opt, struct lay_error *err)
{
	for (int i = 0; request && i < lay_nsections; i++) {
		const struct lay_section *s = lay_sections[i];
		char ptr[LAY_ERR_PTR];
		if (!s->attach)
			continue;
		lay_ptr_join(ptr, sizeof ptr, "", s->key);
		struct lay_section_call c = { .section = s,
					      .request = request,
					      .layout = json_object_get(request, "layout"),
					      .ptr = ptr,
					      .opt = opt };
		int rc = s->attach(analysis, def, json_object_get(request, s->key), &c, err);
		if (rc)
			return rc;
	}
	return 0;
}
