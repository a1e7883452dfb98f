/*
 * fuzz_table.c - libFuzzer harness: the streaming table reader against
 * jansson.
 *
 * The input is a whole document (bytes).  It is read twice, once with the
 * rows of plain tables streamed (lay_rows_stream = true, as the service
 * reads) and once with every table left to jansson; the two must agree:
 * both fail with the same located error, or both succeed with the same
 * canonical text (JSON_COMPACT | JSON_SORT_KEYS | JSON_ENSURE_ASCII), the
 * same compact text, the same canonical id (which must also be the sha256
 * of jansson's canonical dump of the definition without its "name") and
 * the same definition
 * (or the same error building it).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "layout.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void same_error(const struct lay_error *a, const struct lay_error *b)
{
	if (a->code != b->code || strcmp(a->pointer, b->pointer) != 0 ||
	    a->position != b->position || a->line != b->line || a->column != b->column ||
	    strcmp(a->message, b->message) != 0) {
		fprintf(stderr, "streamed: %d %s %ld %ld:%ld %s\njansson:  %d %s %ld %ld:%ld %s\n",
			a->code, a->pointer, (long)a->position, (long)a->line, (long)a->column,
			a->message, b->code, b->pointer, (long)b->position, (long)b->line,
			(long)b->column, b->message);
		abort();
	}
}

static void same_text(char *a, char *b, const char *what)
{
	if (!a || !b || strcmp(a, b) != 0) {
		fprintf(stderr, "%s differs\nstreamed: %s\njansson:  %s\n", what, a ? a : "(null)",
			b ? b : "(null)");
		abort();
	}
	free(a);
	free(b);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *text = (const char *)data;
	struct lay_error ea, eb;
	lay_error_clear(&ea);
	lay_error_clear(&eb);
	lay_rows_stream = true;
	json_t *a = lay_json_load(text, size, &ea);
	lay_rows_stream = false;
	json_t *b = lay_json_load(text, size, &eb);
	lay_rows_stream = true;
	if (!a != !b) {
		fprintf(stderr, "streamed %s, jansson %s\n", a ? "read" : "failed",
			b ? "read" : "failed");
		abort();
	}
	if (!a) {
		same_error(&ea, &eb);
		return 0;
	}
	const size_t canon = JSON_COMPACT | JSON_SORT_KEYS | JSON_ENSURE_ASCII;
	same_text(lay_json_dumps(a, canon), json_dumps(b, canon), "canonical text");
	same_text(lay_json_dumps(a, JSON_COMPACT), json_dumps(b, JSON_COMPACT), "compact text");
	json_t *la = json_object_get(a, "layout"), *lb = json_object_get(b, "layout");
	const char *ptr = la ? "/layout" : "";
	if (!la) {
		la = a;
		lb = b;
	}
	if (json_is_object(la) && json_is_object(lb)) {
		char ia[72] = "", ib[72] = "", ic[72];
		int ra = lay_canonical_id(la, ia, &ea), rb = lay_canonical_id(lb, ib, &eb);
		if (ra != rb || strcmp(ia, ib) != 0)
			abort();
		json_t *named = json_deep_copy(lb); /* the id leaves out "name" */
		json_object_del(named, "name");
		char *c = json_dumps(named, canon);
		json_decref(named);
		if (ra == 0 && c) {
			lay_sha256_hex(c, strlen(c), ic);
			if (strcmp(ia, ic) != 0) {
				fprintf(stderr, "id %s, sha256 of jansson's dump %s\n", ia, ic);
				abort();
			}
		}
		free(c);
		struct lay_options opt = { .max_points = 1 << 16 };
		lay_error_clear(&ea);
		lay_error_clear(&eb);
		struct lay_def *da = lay_def_new(la, ptr, &opt, &ea);
		struct lay_def *db = lay_def_new(lb, ptr, &opt, &eb);
		if (!da != !db)
			abort();
		if (da && (strcmp(da->id, db->id) != 0 || da->rank != db->rank ||
			   da->size != db->size || da->naxes != db->naxes))
			abort();
		if (!da)
			same_error(&ea, &eb);
		lay_def_free(da);
		lay_def_free(db);
	}
	json_decref(a);
	json_decref(b);
	return 0;
}
