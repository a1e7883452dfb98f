/*
 * def.c - layout definitions: the members every notation shares (logical,
 * physical, axes), the known-axis registry, and the helpers the notations
 * share (JSON pointers, C++ comments, CuTe print labels).  The definition
 * is read through its notation in notation/definition.c; JSON reading and
 * writing and the definition's identity are in json.c.
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <nettle/sha2.h>

#include "layout.h"

/* ------------------------------------------------------------------ */
/* Known axes: kind and hardware limit (a fact that warns, not an extent). */

static const struct {
	const char *name;
	int kind;
	int64_t hw_limit;
} known_axes[] = {
	{ "laneid", LAY_KIND_THREAD, 32 },     { "warpid", LAY_KIND_THREAD, 0 },
	{ "tid_in_wg", LAY_KIND_THREAD, 128 }, { "wid_in_wg", LAY_KIND_THREAD, 4 },
	{ "wgid", LAY_KIND_THREAD, 0 },	       { "tx", LAY_KIND_THREAD, 0 },
	{ "thread", LAY_KIND_THREAD, 0 },      { "tid", LAY_KIND_THREAD, 0 },
	{ "lane", LAY_KIND_THREAD, 32 },       { "warp", LAY_KIND_THREAD, 0 },
	{ "block", LAY_KIND_THREAD, 0 },       { "bx", LAY_KIND_THREAD, 0 },
	{ "by", LAY_KIND_THREAD, 0 },	       { "bz", LAY_KIND_THREAD, 0 },
	{ "cbx", LAY_KIND_THREAD, 0 },	       { "cby", LAY_KIND_THREAD, 0 },
	{ "cbz", LAY_KIND_THREAD, 0 },	       { "gpuid", LAY_KIND_DEVICE, 0 },
	{ "pid", LAY_KIND_DEVICE, 0 },	       { "m", LAY_KIND_MEMORY, 0 },
	{ "slot", LAY_KIND_MEMORY, 0 },	       { "value", LAY_KIND_MEMORY, 0 },
	{ "register", LAY_KIND_MEMORY, 0 },    { "index", LAY_KIND_MEMORY, 0 },
	{ "offset", LAY_KIND_MEMORY, 0 },      { "TLane", LAY_KIND_MEMORY, 128 },
	{ "TCol", LAY_KIND_MEMORY, 512 },      { "P", LAY_KIND_MEMORY, 128 },
	{ "F", LAY_KIND_MEMORY, 0 },	       { "Bank", LAY_KIND_MEMORY, 0 },
};

void lay_axis_known(const char *name, int *kind, int64_t *hw_limit)
{
	*kind = LAY_KIND_MEMORY;
	*hw_limit = 0;
	for (size_t i = 0; i < sizeof known_axes / sizeof known_axes[0]; i++)
		if (strcmp(known_axes[i].name, name) == 0) {
			*kind = known_axes[i].kind;
			*hw_limit = known_axes[i].hw_limit;
			return;
		}
}

const char *lay_kind_name(int kind)
{
	return kind == LAY_KIND_THREAD ? "thread" : kind == LAY_KIND_DEVICE ? "device" : "memory";
}

static int kind_from_name(const char *s)
{
	if (strcmp(s, "thread") == 0)
		return LAY_KIND_THREAD;
	if (strcmp(s, "device") == 0)
		return LAY_KIND_DEVICE;
	if (strcmp(s, "memory") == 0)
		return LAY_KIND_MEMORY;
	return -1;
}

/* ------------------------------------------------------------------ */
/* JSON helpers                                                        */

void lay_ptr_join(char *out, size_t n, const char *base, const char *key)
{
	size_t len = strlen(base);
	if (out != base)
		snprintf(out, n, "%s", base);
	len = strlen(out);
	if (len + 1 < n)
		out[len++] = '/';
	for (const char *k = key; *k && len + 2 < n; k++) {
		if (*k == '~' || *k == '/') {
			out[len++] = '~';
			out[len++] = *k == '~' ? '0' : '1';
		} else {
			out[len++] = *k;
		}
	}
	out[len < n ? len : n - 1] = '\0';
}

void lay_ptr_index(char *out, size_t n, const char *base, size_t index)
{
	char key[32];
	snprintf(key, sizeof key, "%zu", index);
	lay_ptr_join(out, n, base, key);
}

void lay_list_add(char *buf, size_t n, const char *sep, const char *item)
{
	size_t len = strnlen(buf, n);
	if (len + 1 < n)
		snprintf(buf + len, n - len, "%s%s", len ? sep : "", item);
}

int lay_cute_label(const char *s, int pos)
{
	int k = pos;
	if (!isalpha((unsigned char)s[k]))
		return pos;
	while (isalnum((unsigned char)s[k]) || s[k] == '_')
		k++;
	while (s[k] == ' ' || s[k] == '\t')
		k++;
	if (s[k] != ':' || s[k + 1] == ':' || (s[k + 1] != ' ' && s[k + 1] != '\t'))
		return pos;
	k++;
	while (s[k] == ' ' || s[k] == '\t')
		k++;
	return k;
}

bool lay_cute_grid(const char *s, int pos)
{
	const char *t = s + pos;
	while (isspace((unsigned char)*t))
		t++;
	if (!*t)
		return false;
	for (const char *c = t; *c; c++)
		if (!strchr(" \t\r\n0123456789+-|", *c))
			return false;
	return strstr(t, "+-") != NULL && strchr(t, '|') != NULL;
}

bool lay_is_ident(const char *s)
{
	size_t n = strlen(s);
	if (n == 0 || n >= LAYOUTD_MAX_NAME)
		return false;
	if (!(isalpha((unsigned char)s[0]) || s[0] == '_'))
		return false;
	for (size_t i = 1; i < n; i++)
		if (!(isalnum((unsigned char)s[i]) || s[i] == '_'))
			return false;
	return true;
}

/* ------------------------------------------------------------------ */
/* Definition                                                          */

void lay_def_warn(struct lay_def *def, const char *code, const char *fmt, ...)
{
	char msg[LAY_ERR_MSG];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	json_array_append_new(def->warnings, json_pack("{s:s,s:s}", "code", code, "message", msg));
}

int lay_def_axis(struct lay_def *def, const char *name, const char *ptr, struct lay_error *err)
{
	for (int i = 0; i < def->naxes; i++)
		if (strcmp(def->axes[i].name, name) == 0)
			return i;
	if (!lay_is_ident(name))
		return lay_error_set(err, LAY_ENAME, ptr, -1,
				     "axis name \"%.64s\" is not an identifier "
				     "([A-Za-z_][A-Za-z0-9_]*, < %d chars)",
				     name, LAYOUTD_MAX_NAME),
		       -1;
	if (def->naxes >= LAYOUTD_MAX_AXES)
		return lay_error_set(err, LAY_ELIMIT, ptr, -1, "more than %d physical axes",
				     LAYOUTD_MAX_AXES),
		       -1;
	struct lay_axis *ax = &def->axes[def->naxes];
	memset(ax, 0, sizeof *ax);
	snprintf(ax->name, sizeof ax->name, "%s", name);
	lay_axis_known(name, &ax->kind, &ax->hw_limit);
	json_t *k = def->axes_json ? json_object_get(def->axes_json, name) : NULL;
	if (k)
		ax->kind = kind_from_name(json_string_value(k));
	json_t *e = def->physical_json ? json_object_get(def->physical_json, name) : NULL;
	if (e) {
		ax->extent = json_integer_value(e);
		ax->declared = true;
	}
	return def->naxes++;
}

static void default_name(int d, char *out, size_t n)
{
	static const char *first[] = { "i", "j", "k", "l" };
	if (d < 4)
		snprintf(out, n, "%s", first[d]);
	else
		snprintf(out, n, "d%d", d);
}

/* Multiply with overflow check. */
static bool mul_ok(int64_t a, int64_t b, int64_t *out)
{
	return !__builtin_mul_overflow(a, b, out);
}

int lay_def_set_shape(struct lay_def *def, int rank, const int64_t *shape, const char *ptr,
		      struct lay_error *err)
{
	if (rank < 1 || rank > LAYOUTD_MAX_RANK)
		return lay_error_set(err, LAY_ELIMIT, ptr, -1, "logical rank %d outside 1..%d",
				     rank, LAYOUTD_MAX_RANK);
	int64_t size = 1;
	for (int d = 0; d < rank; d++) {
		if (shape[d] <= 0)
			return lay_error_set(err, LAY_EEXTENT, ptr, -1,
					     "logical extent %lld of dimension %d is not positive",
					     (long long)shape[d], d);
		if (!mul_ok(size, shape[d], &size))
			return lay_error_set(err, LAY_EOVERFLOW, ptr, -1,
					     "the logical size overflows 64 bits");
	}
	def->rank = rank;
	def->size = size;
	for (int d = 0; d < rank; d++) {
		def->shape[d] = shape[d];
		default_name(d, def->names[d], sizeof def->names[d]);
	}
	return 0;
}

/* "logical": [8, 16] or {"shape": [8, 16], "names": ["row", "col"]}. */
static int parse_logical(struct lay_def *def, json_t *v, const char *ptr, struct lay_error *err)
{
	char p[LAY_ERR_PTR], q[LAY_ERR_PTR];
	json_t *shape = v, *names = NULL;
	snprintf(p, sizeof p, "%s", ptr);
	if (json_is_object(v)) {
		const char *key;
		json_t *val;
		json_object_foreach(v, key, val)
		{
			if (strcmp(key, "shape") != 0 && strcmp(key, "names") != 0) {
				lay_ptr_join(q, sizeof q, ptr, key);
				return lay_error_set(
					err, LAY_ESCHEMA, q, -1,
					"unknown member \"%s\" in logical (expected shape, names)",
					key);
			}
		}
		shape = json_object_get(v, "shape");
		names = json_object_get(v, "names");
		lay_ptr_join(p, sizeof p, ptr, "shape");
		if (!shape)
			return lay_error_set(err, LAY_ESCHEMA, p, -1, "logical.shape is required");
	}
	if (!json_is_array(shape))
		return lay_error_set(err, LAY_ESCHEMA, p, -1,
				     "logical must be an array of extents or {\"shape\": [...], "
				     "\"names\": [...]}");
	size_t rank = json_array_size(shape);
	if (rank == 0)
		return lay_error_set(err, LAY_ESCHEMA, p, -1, "logical shape has no dimensions");
	if (rank > LAYOUTD_MAX_RANK)
		return lay_error_set(err, LAY_ELIMIT, p, -1,
				     "logical rank %zu is over the limit %d", rank,
				     LAYOUTD_MAX_RANK);
	int64_t ext[LAYOUTD_MAX_RANK];
	for (size_t d = 0; d < rank; d++) {
		lay_ptr_index(q, sizeof q, p, d);
		if (lay_json_int(json_array_get(shape, d), q, &ext[d], err))
			return err ? err->code : LAY_ESCHEMA;
		if (ext[d] <= 0)
			return lay_error_set(err, LAY_EEXTENT, q, -1,
					     "logical extent %lld is not positive",
					     (long long)ext[d]);
	}
	int rc = lay_def_set_shape(def, (int)rank, ext, p, err);
	if (rc)
		return rc;
	if (names) {
		lay_ptr_join(p, sizeof p, ptr, "names");
		if (!json_is_array(names) || json_array_size(names) != rank)
			return lay_error_set(
				err, LAY_ESCHEMA, p, -1,
				"logical.names must be an array of %zu names, one per dimension",
				rank);
		for (size_t d = 0; d < rank; d++) {
			lay_ptr_index(q, sizeof q, p, d);
			const char *s = json_string_value(json_array_get(names, d));
			if (!s || !lay_is_ident(s))
				return lay_error_set(err, LAY_ENAME, q, -1,
						     "dimension name must be an identifier");
			for (size_t e = 0; e < d; e++)
				if (strcmp(def->names[e], s) == 0)
					return lay_error_set(err, LAY_ENAME, q, -1,
							     "dimension name \"%s\" repeats", s);
			snprintf(def->names[d], sizeof def->names[d], "%s", s);
		}
	}
	def->logical_given = true;
	return 0;
}

static int check_physical(json_t *v, const char *ptr, struct lay_error *err)
{
	char q[LAY_ERR_PTR];
	if (!json_is_object(v))
		return lay_error_set(
			err, LAY_ESCHEMA, ptr, -1,
			"physical must be an object of axis extents, e.g. {\"laneid\": 32}");
	const char *key;
	json_t *val;
	json_object_foreach(v, key, val)
	{
		lay_ptr_join(q, sizeof q, ptr, key);
		if (!lay_is_ident(key))
			return lay_error_set(err, LAY_ENAME, q, -1,
					     "axis name \"%.64s\" is not an identifier", key);
		int64_t e;
		if (lay_json_int(val, q, &e, err))
			return err ? err->code : LAY_ESCHEMA;
		if (e <= 0)
			return lay_error_set(err, LAY_EEXTENT, q, -1,
					     "declared extent %lld of axis %s is not positive",
					     (long long)e, key);
	}
	return 0;
}

static int check_axes(json_t *v, const char *ptr, struct lay_error *err)
{
	char q[LAY_ERR_PTR];
	if (!json_is_object(v))
		return lay_error_set(
			err, LAY_ESCHEMA, ptr, -1,
			"axes must be an object of axis kinds, e.g. {\"q\": \"thread\"}");
	const char *key;
	json_t *val;
	json_object_foreach(v, key, val)
	{
		lay_ptr_join(q, sizeof q, ptr, key);
		if (!lay_is_ident(key))
			return lay_error_set(err, LAY_ENAME, q, -1,
					     "axis name \"%.64s\" is not an identifier", key);
		const char *s = json_string_value(val);
		if (!s || kind_from_name(s) < 0)
			return lay_error_set(
				err, LAY_ESCHEMA, q, -1,
				"axis kind must be \"thread\", \"device\" or \"memory\"");
	}
	return 0;
}

/* The members every notation shares; the rest belong to one notation each
 * (its key and its members, notation/notations.c). */
static const char *const shared_keys[] = { "name", "logical",	   "physical",
					   "axes", "element_bits", NULL };

bool lay_def_shared_key(const char *key)
{
	for (const char *const *s = shared_keys; *s; s++)
		if (strcmp(*s, key) == 0)
			return true;
	return false;
}

void lay_def_free(struct lay_def *def)
{
	if (!def)
		return;
	if (def->ops && def->ops->free)
		def->ops->free(def->state);
	json_decref(def->warnings);
	json_decref(def->algebra);
	free(def->cute_text);
	free(def->limit);
	free(def);
}

/* The enumeration limits, checked before any walk. */
static int over_limit(const struct lay_def *def, const char *ptr, struct lay_error *err)
{
	char p[LAY_ERR_PTR];
	if (def->size > def->max_points) {
		lay_ptr_join(p, sizeof p, ptr, "logical");
		lay_error_set(
			err, LAY_ELIMIT, p, -1,
			"the logical space has %lld elements, over the enumeration limit of %lld",
			(long long)def->size, (long long)def->max_points);
		return LAY_ELIMIT;
	}
	if (def->placements_bound == INT64_MAX) { /* a saturated count */
		lay_ptr_join(p, sizeof p, ptr, def->notation_key);
		lay_error_set(err, LAY_ELIMIT, p, -1,
			      "enumerating this layout produces over 2^63 placements, over the "
			      "limit of %lld",
			      (long long)def->max_points);
		return LAY_ELIMIT;
	}
	if (def->placements_bound > def->max_points) {
		lay_ptr_join(p, sizeof p, ptr, def->notation_key);
		lay_error_set(
			err, LAY_ELIMIT, p, -1,
			"enumerating this layout produces %lld placements, over the limit of %lld",
			(long long)def->placements_bound, (long long)def->max_points);
		return LAY_ELIMIT;
	}
	if (def->work_bound / LAYOUTD_WORK_PER_POINT > def->max_points) {
		lay_ptr_join(p, sizeof p, ptr, def->notation_key);
		lay_error_set(err, LAY_ELIMIT, p, -1,
			      "evaluating this layout takes about %lld operations, over the limit "
			      "of %lld (%d per point)",
			      (long long)def->work_bound,
			      (long long)def->max_points * LAYOUTD_WORK_PER_POINT,
			      LAYOUTD_WORK_PER_POINT);
		return LAY_ELIMIT;
	}
	return 0;
}

/* The shared members: element_bits, logical, physical, axes. */
int lay_def_read_shared(struct lay_def *def, json_t *v, const char *ptr, struct lay_error *err)
{
	char p[LAY_ERR_PTR];
	json_t *val;
	if ((val = json_object_get(v, "element_bits"))) {
		int64_t bits;
		lay_ptr_join(p, sizeof p, ptr, "element_bits");
		if (lay_json_int(val, p, &bits, err))
			return err ? err->code : LAY_ESCHEMA;
		if (bits < 1 || bits > 1024)
			return lay_error_set(err, LAY_ERANGE, p, -1,
					     "element_bits %lld is outside 1..1024 (the element "
					     "width in bits: 16 for half_t)",
					     (long long)bits);
		def->element_bits = (int)bits;
	}
	if ((val = json_object_get(v, "logical"))) {
		lay_ptr_join(p, sizeof p, ptr, "logical");
		if (parse_logical(def, val, p, err))
			return err ? err->code : LAY_ESCHEMA;
	}
	if ((val = json_object_get(v, "physical"))) {
		lay_ptr_join(p, sizeof p, ptr, "physical");
		if (check_physical(val, p, err))
			return err ? err->code : LAY_ESCHEMA;
		def->physical_json = val;
	}
	if ((val = json_object_get(v, "axes"))) {
		lay_ptr_join(p, sizeof p, ptr, "axes");
		if (check_axes(val, p, err))
			return err ? err->code : LAY_ESCHEMA;
		def->axes_json = val;
	}
	return 0;
}

/* After the notation: declared axes it never names, kinds of unused axes,
 * and the enumeration limits. */
int lay_def_finish(struct lay_def *def, const char *ptr, struct lay_error *err)
{
	char p[LAY_ERR_PTR];
	const char *key;
	json_t *val;
	/* Declared axes the notation never names still span the space (at 0). */
	if (def->physical_json) {
		json_object_foreach(def->physical_json, key, val)
		{
			lay_ptr_join(p, sizeof p, ptr, "physical");
			lay_ptr_join(p, sizeof p, p, key);
			int n = def->naxes;
			if (lay_def_axis(def, key, p, err) < 0)
				return err ? err->code : LAY_ELIMIT;
			if (def->naxes > n) /* new: the notation never named it */
				lay_def_warn(def, "unused_axis",
					     "physical declares \"%s\", which the layout does not "
					     "use: it spans the space at coordinate 0",
					     key);
		}
	}
	if (def->axes_json) {
		json_object_foreach(def->axes_json, key, val)
		{
			bool used = false;
			for (int i = 0; i < def->naxes; i++)
				used = used || strcmp(def->axes[i].name, key) == 0;
			if (!used)
				lay_def_warn(def, "unused_axis",
					     "axes gives a kind for \"%s\", which the layout does "
					     "not use",
					     key);
		}
	}
	struct lay_error *lim = malloc(sizeof *lim);
	if (!lim)
		return lay_error_set(err, LAY_ENOMEM, ptr, -1, "out of memory");
	lay_error_clear(lim);
	if (!over_limit(def, ptr, lim)) {
		free(lim);
		return 0;
	}
	/* Past the enumeration limits, a closed form may still decide it. */
	struct lay_form *f = calloc(1, sizeof *f);
	if (f && def->ops->form)
		def->ops->form(def, f);
	bool closed = f && f->kind != LAY_FORM_NONE && !f->fast_only;
	free(f);
	if (!closed) {
		int code = lim->code;
		if (err)
			*err = *lim;
		free(lim);
		return code;
	}
	def->limit = lim;
	return 0;
}
