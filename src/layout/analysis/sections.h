/*
 * sections.h - the sections of an analysis: one row per request member
 * that adds a section, analysis[key] (sections.c), the twin of the
 * notation table (notation/notation.h).
 *
 * The engine checks and attaches the sections a request names in table
 * order; the daemon reads which of them bypass its cache and what it
 * strips from the analysis it caches; the registry which members it keeps
 * with a version and what its summary shows; the CLI finds its text
 * printer of a section by the row (cli/print.c).  Adding a section is its
 * file, which defines the attach function, and one row of the table.
 */
#ifndef LAYOUTD_SECTIONS_H
#define LAYOUTD_SECTIONS_H

#include <stdbool.h>

#include <jansson.h>

#include "layout.h"

struct lay_section;

/* What an attach function gets besides the analysis and the member. */
struct lay_section_call {
	const struct lay_section *section; /* its row: section->key names it */
	json_t *request;		   /* the whole request (borrowed) */
	json_t *layout;			   /* its "layout" member (borrowed) */
	const char *ptr;		   /* the member's JSON pointer: "/" key */
	const struct lay_options *opt;
};

/*
 * Adds analysis[key] for the request member `member` (borrowed; NULL when
 * the request does not name it: then return 0, or refuse the expect keys
 * that need the member) to the analysis of def.  Called after the
 * layout's own analysis and the rows before it.  Returns 0 or a located
 * error (the analysis is then dropped).
 */
typedef int lay_section_fn(json_t *analysis, struct lay_def *def, json_t *member,
			   const struct lay_section_call *c, struct lay_error *err);
/* A check of the request before any analysis (NULL: none).  0 or a
 * located error. */
typedef int lay_section_check_fn(json_t *request, const struct lay_options *opt,
				 struct lay_error *err);

enum lay_section_flags {
	/* A request that names it is never answered from the cache. */
	LAY_SECTION_FRESH = 1,
	/* analysis[key] is not kept in the cached analysis. */
	LAY_SECTION_STRIP = 2,
	/* The registry keeps the member with a version (PUT /v1/layouts). */
	LAY_SECTION_STORED = 4,
	/* The member is an object whose "target" the CLI's --target sets. */
	LAY_SECTION_TARGET = 8,
};

struct lay_section {
	/* The request member, and the analysis member it adds. */
	const char *key;
	/* What it applies to: which notations and kinds of layout. */
	const char *applies;
	/* Adds analysis[key]; NULL when the layout's own analysis fills it
	 * (expect, probe) or another row reads the member (suggest). */
	lay_section_fn *attach;
	lay_section_check_fn *check;
	unsigned flags; /* enum lay_section_flags */
	/* Without LAY_SECTION_STRIP: a member of analysis[key] that is not
	 * kept in the cached analysis (NULL: none). */
	const char *strip;
	/* The expect members that read this section, NULL-terminated (NULL:
	 * none): a request whose expect names one is never answered from the
	 * cache. */
	const char *const *expect_keys;
	/* Non-NULL: the registry's summary of a version keeps analysis[key]
	 * without these members (NULL-terminated). */
	const char *const *summary_omits;
};

/* The table, in the order the sections are attached.  The rows the CLI
 * prints are named (the CLI's printers are found by row). */
extern const struct lay_section *const lay_sections[];
extern const int lay_nsections;
extern const struct lay_section lay_section_expect, lay_section_probe, lay_section_access,
	lay_section_convert, lay_section_tmem, lay_section_copy;

/* The row whose key is `key`, or NULL. */
const struct lay_section *lay_section_find(const char *key);
/* Whether a request (borrowed) must be analysed afresh rather than from
 * the cache: it names a LAY_SECTION_FRESH member or an expect key of a
 * row. */
bool lay_sections_fresh(json_t *request);
/* Removes from an analysis what the cache does not keep. */
void lay_sections_strip(json_t *analysis);
/* Sets "target" in every LAY_SECTION_TARGET member of the request that
 * is an object. */
void lay_sections_target(json_t *request, const char *target);
/* The checks (lay_section_check_fn) of every row, in table order. */
int lay_sections_check(json_t *request, const struct lay_options *opt, struct lay_error *err);
/* The attach functions of every row, in table order, on the analysis of
 * def for the request (borrowed; NULL: a bare definition, no section). */
int lay_sections_attach(json_t *analysis, struct lay_def *def, json_t *request,
			const struct lay_options *opt, struct lay_error *err);

#endif
