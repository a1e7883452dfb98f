/*
 * store.c - the store's front: picks the backend from the --db value and
 * holds every rule of the registry, the tokens and the cache once for both
 * backends (backend.h): argument checks, idempotent PUT, not found and
 * gone, pages and cursors, soft delete, token generation, hashing and
 * checking, the JSON of a version, errors, the per-thread connection set
 * and the fault injection seam.  sqlite.c and postgres.c only run the
 * statements.
 */
#include "config.h"

#include <errno.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <time.h>

#include <nettle/memops.h>
#include <nettle/sha2.h>

#include "store/backend.h"

/* ---- Errors --------------------------------------------------------------- */

int store_fail(struct store_error *err, int code, const char *fmt, ...)
{
	if (err) {
		va_list ap;
		va_start(ap, fmt);
		err->code = code;
		vsnprintf(err->message, sizeof err->message, fmt, ap);
		va_end(ap);
	}
	return code;
}

int store_ok(struct store_error *err)
{
	if (err) {
		err->code = STORE_OK;
		err->message[0] = '\0';
	}
	return STORE_OK;
}

const char *store_code_name(int code)
{
	static const char *const names[] = {
		[STORE_OK] = "STORE_OK",       [STORE_NOTFOUND] = "STORE_NOTFOUND",
		[STORE_GONE] = "STORE_GONE",   [STORE_CONFLICT] = "STORE_CONFLICT",
		[STORE_BUSY] = "STORE_BUSY",   [STORE_IO] = "STORE_IO",
		[STORE_AUTH] = "STORE_AUTH",   [STORE_BADNAME] = "STORE_BADNAME",
		[STORE_NOMEM] = "STORE_NOMEM", [STORE_SCHEMA] = "STORE_SCHEMA",
		[STORE_INVAL] = "STORE_INVAL", [STORE_UNAVAILABLE] = "STORE_UNAVAILABLE",
	};
	if (code < 0 || (size_t)code >= sizeof names / sizeof names[0] || !names[code])
		return "STORE_?";
	return names[code];
}

/* ---- Fault injection seam -------------------------------------------------- */

static atomic_long fail_countdown;

void store_test_fail_step(long n)
{
	atomic_store(&fail_countdown, n > 0 ? n : 0);
}

bool store_fail_injected(void)
{
	return atomic_load(&fail_countdown) > 0 && atomic_fetch_sub(&fail_countdown, 1) == 1;
}

/* ---- Options and connections ----------------------------------------------- */

void store_options_apply(struct store *st, const struct store_options *opt)
{
	st->cache_max = opt && opt->cache_max_entries > 0 ? opt->cache_max_entries
							  : STORE_DEFAULT_CACHE_MAX;
	st->cache_bytes =
		opt && opt->cache_max_bytes > 0 ? opt->cache_max_bytes : STORE_DEFAULT_CACHE_BYTES;
	st->busy_ms =
		opt && opt->busy_timeout_ms > 0 ? opt->busy_timeout_ms : STORE_DEFAULT_BUSY_MS;
}

static void conn_unlink(struct store_conn *c)
{
	struct store_conns *set = c->set;
	if (c->prev)
		c->prev->next = c->next;
	else
		set->head = c->next;
	if (c->next)
		c->next->prev = c->prev;
	c->prev = c->next = NULL;
}

/* pthread key destructor: the thread is exiting, close its connection. */
static void conn_thread_exit(void *p)
{
	struct store_conn *c = p;
	struct store_conns *set = c->set;
	pthread_mutex_lock(&set->lock);
	conn_unlink(c);
	pthread_mutex_unlock(&set->lock);
	set->close(c);
}

int store_conns_init(struct store_conns *set, void (*close)(struct store_conn *c),
		     struct store_error *err)
{
	memset(set, 0, sizeof *set);
	set->close = close;
	if (pthread_mutex_init(&set->lock, NULL))
		return store_fail(err, STORE_NOMEM, "cannot create a mutex");
	if (pthread_key_create(&set->key, conn_thread_exit)) {
		pthread_mutex_destroy(&set->lock);
		return store_fail(err, STORE_NOMEM, "cannot create a thread key");
	}
	set->ready = true;
	return STORE_OK;
}

void *store_conn_mine(struct store_conns *set)
{
	return set->ready ? pthread_getspecific(set->key) : NULL;
}

void store_conn_add(struct store_conns *set, struct store_conn *c)
{
	c->set = set;
	c->prev = NULL;
	pthread_mutex_lock(&set->lock);
	c->next = set->head;
	if (set->head)
		set->head->prev = c;
	set->head = c;
	pthread_mutex_unlock(&set->lock);
	pthread_setspecific(set->key, c);
}

void store_conns_close(struct store_conns *set)
{
	if (!set->ready)
		return;
	/* After this no thread-exit destructor starts for this set. */
	pthread_setspecific(set->key, NULL);
	pthread_key_delete(set->key);
	pthread_mutex_lock(&set->lock);
	while (set->head) {
		struct store_conn *c = set->head;
		conn_unlink(c);
		set->close(c);
	}
	pthread_mutex_unlock(&set->lock);
	pthread_mutex_destroy(&set->lock);
	set->ready = false;
}

/* ---- Small shared helpers -------------------------------------------------- */

void store_now(char out[32])
{
	struct tm tm;
	time_t t = time(NULL);
	gmtime_r(&t, &tm);
	strftime(out, 32, "%Y-%m-%dT%H:%M:%SZ", &tm);
}

static json_t *string_or_null(const char *s)
{
	return s ? json_string(s) : json_null();
}

bool store_json_put(json_t *obj, const char *key, json_t *v)
{
	return v && json_object_set_new(obj, key, v) == 0;
}

bool store_name_valid(const char *name)
{
	size_t n = 0;
	if (!name)
		return false;
	for (const char *p = name; *p; p++, n++) {
		char ch = *p;
		bool alnum = (ch >= 'A' && ch <= 'Z') || (ch >= 'a' && ch <= 'z') ||
			     (ch >= '0' && ch <= '9');
		if (n >= STORE_NAME_MAX ||
		    !(alnum || (n > 0 && (ch == '.' || ch == '_' || ch == '-'))))
			return false;
	}
	return n > 0;
}

bool store_prefix_valid(const char *p)
{
	return !p || !*p || store_name_valid(p);
}

int store_check_name(const char *name, struct store_error *err)
{
	if (store_name_valid(name))
		return STORE_OK;
	return store_fail(err, STORE_BADNAME,
			  "invalid name \"%.*s\": names match [A-Za-z0-9][A-Za-z0-9._-]{0,127}",
			  name ? 64 : 0, name ? name : "");
}

int store_check_key(const char *what, const char *v, struct store_error *err)
{
	if (!v || !*v || strlen(v) > STORE_KEY_MAX)
		return store_fail(err, STORE_INVAL, "%s must be 1 to %d characters", what,
				  STORE_KEY_MAX);
	return STORE_OK;
}

long store_page_limit(long limit)
{
	if (limit <= 0)
		return STORE_PAGE_DEFAULT;
	return limit > STORE_PAGE_MAX ? STORE_PAGE_MAX : limit;
}

bool store_hash_eq(const void *a, const void *b)
{
	return memeql_sec(a, b, STORE_HASH_LEN) != 0;
}

/* ---- Lifecycle ------------------------------------------------------------ */

static bool has_prefix(const char *s, const char *p)
{
	return strncmp(s, p, strlen(p)) == 0;
}

bool store_is_url(const char *db)
{
	return db && (has_prefix(db, "postgresql://") || has_prefix(db, "postgres://"));
}

const char *store_default_db(void)
{
	const char *e = getenv("LAYOUTD_DB");
	return e && *e ? e : STORE_DEFAULT_PATH;
}

struct store *store_open(const char *db, const struct store_options *opt, struct store_error *err)
{
	if (!db || !*db)
		db = store_default_db();
	if (store_is_url(db)) {
#ifdef HAVE_LIBPQ
		return store_pg_open(db, opt, err);
#else
		store_fail(err, STORE_INVAL, "this layoutd was built without PostgreSQL (libpq)");
		return NULL;
#endif
	}
	if (db && has_prefix(db, "sqlite://"))
		db += strlen("sqlite://");
	return store_sqlite_open(db, opt, err);
}

const char *store_backend(const struct store *st)
{
	return st ? st->ops->scheme : NULL;
}

void store_close(struct store *st)
{
	if (st)
		st->ops->close(st);
}

int store_ready(struct store *st, struct store_error *err)
{
	if (!st)
		return store_fail(err, STORE_INVAL, "no store");
	return st->ops->ready(st, err);
}

const char *store_degraded(struct store *st)
{
	return st ? st->ops->degraded(st) : NULL;
}

int store_integrity_check(struct store *st, struct store_error *err)
{
	if (!st)
		return store_fail(err, STORE_INVAL, "no store");
	return st->ops->integrity_check(st, err);
}

/* ---- Analysis cache ------------------------------------------------------- */

int store_cache_get(struct store *st, const char *id, const char *engine_version, char **json_out,
		    struct store_error *err)
{
	int code;
	*json_out = NULL;
	if ((code = store_check_key("id", id, err)) ||
	    (code = store_check_key("engine_version", engine_version, err)))
		return code;
	if (!st)
		return store_fail(err, STORE_INVAL, "no store");
	code = st->ops->cache_get(st, id, engine_version, json_out, err);
	if (code == STORE_NOTFOUND)
		return store_fail(err, code, "no cached analysis of %s", id);
	if (code == STORE_NOMEM)
		return store_fail(err, code, "out of memory reading the cache");
	return code ? code : store_ok(err);
}

int store_cache_put(struct store *st, const char *id, const char *engine_version,
		    const char *json_text, struct store_error *err)
{
	int code;
	if ((code = store_check_key("id", id, err)) ||
	    (code = store_check_key("engine_version", engine_version, err)))
		return code;
	if (!json_text)
		return store_fail(err, STORE_INVAL, "no analysis to cache");
	if (!st)
		return store_fail(err, STORE_INVAL, "no store");
	/* what an entry costs on disk, near enough: its texts and a row */
	int64_t size = (int64_t)(strlen(json_text) + strlen(id) + strlen(engine_version) + 64);
	if (size > st->cache_bytes)
		return store_ok(err); /* would evict everything, itself included */
	code = st->ops->cache_put(st, id, engine_version, json_text, size, err);
	return code ? code : store_ok(err);
}

int store_cache_count(struct store *st, long *count, struct store_error *err)
{
	*count = 0;
	if (!st)
		return store_fail(err, STORE_INVAL, "no store");
	int code = st->ops->cache_count(st, count, err);
	return code ? code : store_ok(err);
}

/* ---- Registry ------------------------------------------------------------- */

/* Whether two versions' checks (JSON object texts, NULL = {}) are equal
 * JSON: an idempotent PUT repeats the id and the checks. */
static bool checks_equal(const char *a, const char *b)
{
	json_t *x = json_loads(a ? a : "{}", 0, NULL), *y = json_loads(b ? b : "{}", 0, NULL);
	bool same = x && y && json_equal(x, y);
	json_decref(x);
	json_decref(y);
	return same;
}

static bool dup_or_null(const char *s, char **out)
{
	*out = s ? strdup(s) : NULL;
	return !s || *out;
}

/* version_select visitor: the row copied into ctx (a struct store_version,
 * cleared first), or nothing when ctx is NULL. */
static int version_copy(void *ctx, const struct store_version_row *r)
{
	struct store_version *v = ctx;
	if (!v)
		return STORE_OK;
	store_version_clear(v);
	/* NOT NULL columns read as NULL: the database ran out of memory */
	if (!r->name || !r->id || !r->fingerprint || !r->layout || !r->analysis || !r->created)
		return STORE_NOMEM;
	v->version = r->version;
	v->deleted = r->deleted;
	if (!dup_or_null(r->name, &v->name) || !dup_or_null(r->id, &v->id) ||
	    !dup_or_null(r->fingerprint, &v->fingerprint) ||
	    !dup_or_null(r->layout, &v->layout_json) ||
	    !dup_or_null(r->analysis, &v->analysis_json) ||
	    !dup_or_null(r->checks, &v->checks_json) ||
	    !dup_or_null(r->description, &v->description) ||
	    !dup_or_null(r->created, &v->created) || !dup_or_null(r->created_by, &v->created_by)) {
		store_version_clear(v);
		return STORE_NOMEM;
	}
	return STORE_OK;
}

static int select_version(struct store *st, const char *name, int64_t version,
			  struct store_version *out, struct store_error *err)
{
	int code = st->ops->version_select(st, name, version, version_copy, out, err);
	if (code == STORE_NOMEM)
		store_fail(err, code, "out of memory reading a layout version");
	return code;
}

int store_layout_put(struct store *st, const char *name, const char *id, const char *fingerprint,
		     const char *layout_json, const char *analysis_json, const char *checks_json,
		     const char *description, const char *created_by, struct store_version *out,
		     bool *created, struct store_error *err)
{
	struct store_version latest = { 0 }, mine = { 0 };
	json_t *checks = NULL;
	int64_t version = 0;
	char now[32];
	int code;
	if (out)
		memset(out, 0, sizeof *out);
	if (created)
		*created = false;
	if ((code = store_check_name(name, err)) || (code = store_check_key("id", id, err)) ||
	    (code = store_check_key("fingerprint", fingerprint, err)))
		return code;
	if (!layout_json || !analysis_json)
		return store_fail(err, STORE_INVAL,
				  "a layout version needs its layout and analysis");
	if (!checks_json)
		checks_json = "{}";
	if (!(checks = json_loads(checks_json, 0, NULL)) || !json_is_object(checks)) {
		json_decref(checks);
		return store_fail(err, STORE_INVAL, "a version's checks are a JSON object");
	}
	json_decref(checks);
	if (!st)
		return store_fail(err, STORE_INVAL, "no store");
	store_now(now);
	if ((code = st->ops->begin(st, true, err)) ||
	    (code = st->ops->name_lock(st, name, now, err)))
		goto out;

	/* Same definition and checks as the latest live version: idempotent,
	 * write nothing. */
	code = select_version(st, name, 0, &latest, err);
	if (code == STORE_OK && strcmp(latest.id, id) == 0 &&
	    checks_equal(latest.checks_json, checks_json)) {
		if (!(code = st->ops->commit(st, err)) && out) {
			*out = latest;
			memset(&latest, 0, sizeof latest);
		}
		goto out;
	}
	if (code != STORE_OK && code != STORE_NOTFOUND)
		goto out;

	/* A new version: one past the name's counter, which never goes back. */
	struct store_version_row row = {
		.name = name,
		.id = id,
		.fingerprint = fingerprint,
		.layout = layout_json,
		.analysis = analysis_json,
		.checks = checks_json,
		.description = description,
		.created = now,
		.created_by = created_by,
	};
	if ((code = st->ops->version_insert(st, &row, &version, err)))
		goto out;
	row.version = version;
	if (out && (code = version_copy(&mine, &row))) {
		store_fail(err, code, "out of memory reading a layout version");
		goto out;
	}
	if ((code = st->ops->commit(st, err)))
		goto out;
	if (created)
		*created = true;
	if (out) {
		*out = mine;
		memset(&mine, 0, sizeof mine);
	}
out:
	st->ops->rollback(st);
	store_version_clear(&latest);
	store_version_clear(&mine);
	return code ? code : store_ok(err);
}

/* A name without a live version: gone when it had some, else not found. */
static int name_missing(const char *name, int64_t total, struct store_error *err)
{
	return total ? store_fail(err, STORE_GONE, "every version of %s was deleted", name)
		     : store_fail(err, STORE_NOTFOUND, "no layout named %s", name);
}

int store_layout_get(struct store *st, const char *name, int64_t version, struct store_version *out,
		     struct store_error *err)
{
	int code;
	if (out)
		memset(out, 0, sizeof *out);
	if ((code = store_check_name(name, err)))
		return code;
	if (version < 0)
		return store_fail(err, STORE_INVAL, "version must be 1 or more (0 for the latest)");
	if (!st)
		return store_fail(err, STORE_INVAL, "no store");
	if ((code = st->ops->begin(st, false, err)))
		return code;
	if (version > 0) {
		struct store_version tmp = { 0 };
		struct store_version *v = out ? out : &tmp;
		code = select_version(st, name, version, v, err);
		if (code == STORE_NOTFOUND)
			store_fail(err, code, "%s has no version %lld", name, (long long)version);
		else if (code == STORE_OK && v->deleted)
			code = store_fail(err, STORE_GONE, "version %lld of %s is deleted",
					  (long long)version, name);
		store_version_clear(&tmp);
	} else if ((code = select_version(st, name, 0, out, err)) == STORE_NOTFOUND) {
		int64_t total = 0, live = 0;
		if (!(code = st->ops->name_state(st, name, &total, &live, err)))
			code = name_missing(name, total, err);
	}
	st->ops->rollback(st); /* read-only: ending it is all a rollback does */
	if (code != STORE_OK && code != STORE_GONE && out)
		store_version_clear(out);
	return code ? code : store_ok(err);
}

/* A page being built from visited rows: rows past `limit` only say that
 * there is a next page. */
struct page {
	json_t *arr;
	long limit, n;
	bool names; /* the list of names, not a name's versions */
	bool more;
	json_t *last; /* the cursor of the last row kept (borrowed from arr) */
};

/* A row of a versions page ({"version", "id", "fingerprint", "description",
 * "created", "created_by"}) or, with pg->names, of the list ({"name",
 * "version", "versions", "id", "fingerprint", "description", "created",
 * "ok"}); its cursor is the version or the name. */
static int page_row(void *ctx, const struct store_version_row *r)
{
	struct page *pg = ctx;
	bool names = pg->names;
	if (pg->n == pg->limit) {
		pg->more = true; /* one more row exists: there is a next page */
		return STORE_OK;
	}
	json_t *e = json_object();
	if (!e || json_array_append_new(pg->arr, e) ||
	    (names && !store_json_put(e, "name", string_or_null(r->name))) ||
	    !store_json_put(e, "version", json_integer(r->version)) ||
	    (names && !store_json_put(e, "versions", json_integer(r->live))) ||
	    !store_json_put(e, "id", string_or_null(r->id)) ||
	    !store_json_put(e, "fingerprint", string_or_null(r->fingerprint)) ||
	    !store_json_put(e, "description", string_or_null(r->description)) ||
	    !store_json_put(e, "created", string_or_null(r->created)) ||
	    (names ? !store_json_put(e, "ok", json_boolean(r->ok))
		   : !store_json_put(e, "created_by", string_or_null(r->created_by))))
		return STORE_NOMEM;
	pg->last = json_object_get(e, names ? "name" : "version");
	pg->n++;
	return STORE_OK;
}

/* {key: [rows...], "next": cursor | null} into *out, consuming pg->arr. */
static int page_finish(struct page *pg, json_t *res, const char *key, json_t **out,
		       struct store_error *err)
{
	if (!res || json_object_set(res, key, pg->arr) ||
	    !store_json_put(res, "next",
			    pg->more && pg->last ? json_incref(pg->last) : json_null())) {
		json_decref(res);
		return store_fail(err, STORE_NOMEM, "out of memory listing %s", key);
	}
	*out = res;
	return STORE_OK;
}

int store_layout_versions(struct store *st, const char *name, int64_t after, long limit,
			  json_t **out, struct store_error *err)
{
	struct page pg = { .limit = store_page_limit(limit) };
	json_t *res = NULL;
	int code;
	*out = NULL;
	if ((code = store_check_name(name, err)))
		return code;
	if (!st)
		return store_fail(err, STORE_INVAL, "no store");
	if (after < 0)
		after = 0;
	if ((code = st->ops->begin(st, false, err)))
		return code;
	int64_t total = 0, live = 0;
	if ((code = st->ops->name_state(st, name, &total, &live, err)))
		goto out;
	if (!live) {
		code = name_missing(name, total, err);
		goto out;
	}
	if (!(pg.arr = json_array()) || !(res = json_object()) ||
	    !store_json_put(res, "name", json_string(name))) {
		code = store_fail(err, STORE_NOMEM, "out of memory listing versions");
		goto out;
	}
	code = st->ops->versions_page(st, name, after, pg.limit + 1, page_row, &pg, err);
	if (code == STORE_NOMEM)
		store_fail(err, code, "out of memory listing versions");
	if (!code) {
		code = page_finish(&pg, res, "versions", out, err);
		res = NULL;
	}
out:
	st->ops->rollback(st);
	json_decref(pg.arr);
	json_decref(res);
	return code ? code : store_ok(err);
}

int store_layout_list(struct store *st, const char *prefix, const char *after_name, long limit,
		      json_t **out, struct store_error *err)
{
	struct page pg = { .limit = store_page_limit(limit), .names = true };
	char upper[STORE_NAME_MAX + 2];
	*out = NULL;
	if (!prefix)
		prefix = "";
	if (!after_name)
		after_name = "";
	if (!store_prefix_valid(prefix) || !store_prefix_valid(after_name))
		return store_fail(err, STORE_BADNAME, "invalid %s \"%.64s\"",
				  store_prefix_valid(prefix) ? "cursor" : "prefix",
				  store_prefix_valid(prefix) ? after_name : prefix);
	if (!st)
		return store_fail(err, STORE_INVAL, "no store");
	/* prefix <= name < upper is the prefix range: '~' sorts after every
	 * name byte (byte order in both backends) */
	snprintf(upper, sizeof upper, "%s~", prefix);
	if (!(pg.arr = json_array()))
		return store_fail(err, STORE_NOMEM, "out of memory listing layouts");
	int code = st->ops->names_page(st, after_name, prefix, upper, pg.limit + 1, page_row, &pg,
				       err);
	if (code == STORE_NOMEM)
		store_fail(err, code, "out of memory listing layouts");
	if (!code)
		code = page_finish(&pg, json_object(), "layouts", out, err);
	json_decref(pg.arr);
	return code ? code : store_ok(err);
}

int store_layout_delete(struct store *st, const char *name, int64_t version, bool *deleted_now,
			struct store_error *err)
{
	bool changed = false;
	char now[32];
	int code;
	if (deleted_now)
		*deleted_now = false;
	if ((code = store_check_name(name, err)))
		return code;
	if (version < 1)
		return store_fail(err, STORE_INVAL, "version must be 1 or more");
	if (!st)
		return store_fail(err, STORE_INVAL, "no store");
	store_now(now);
	if ((code = st->ops->begin(st, true, err)) ||
	    (code = st->ops->version_delete(st, name, version, now, &changed, err)))
		goto out;
	/* idempotent: an already deleted version is fine, a missing one not */
	if (!changed && (code = select_version(st, name, version, NULL, err))) {
		if (code == STORE_NOTFOUND)
			store_fail(err, code, "%s has no version %lld", name, (long long)version);
		goto out;
	}
	if ((code = st->ops->commit(st, err)))
		goto out;
	if (deleted_now)
		*deleted_now = changed;
out:
	st->ops->rollback(st);
	return code ? code : store_ok(err);
}

void store_version_clear(struct store_version *v)
{
	if (!v)
		return;
	free(v->name);
	free(v->id);
	free(v->fingerprint);
	free(v->layout_json);
	free(v->analysis_json);
	free(v->checks_json);
	free(v->description);
	free(v->created);
	free(v->created_by);
	memset(v, 0, sizeof *v);
}

/* Parse stored JSON text back; null when absent or unparsable (it was
 * written by us from valid JSON, so that would be a bug, not input). */
static json_t *parse_or_null(const char *text)
{
	json_t *v = text ? json_loads(text, JSON_DECODE_ANY, NULL) : NULL;
	return v ? v : json_null();
}

json_t *store_version_to_json(const struct store_version *v)
{
	json_t *o = json_object();
	if (!o || !v || !store_json_put(o, "name", string_or_null(v->name)) ||
	    !store_json_put(o, "version", json_integer(v->version)) ||
	    !store_json_put(o, "id", string_or_null(v->id)) ||
	    !store_json_put(o, "fingerprint", string_or_null(v->fingerprint)) ||
	    !store_json_put(o, "layout", parse_or_null(v->layout_json)) ||
	    !store_json_put(o, "analysis", parse_or_null(v->analysis_json)) ||
	    !store_json_put(o, "checks",
			    v->checks_json ? parse_or_null(v->checks_json) : json_object()) ||
	    !store_json_put(o, "description", string_or_null(v->description)) ||
	    !store_json_put(o, "created", string_or_null(v->created)) ||
	    !store_json_put(o, "created_by", string_or_null(v->created_by)) ||
	    !store_json_put(o, "deleted", json_boolean(v->deleted))) {
		json_decref(o);
		return NULL;
	}
	return o;
}

/* ---- API tokens ----------------------------------------------------------- */

static void sha256(const void *data, size_t len, uint8_t out[STORE_HASH_LEN])
{
	struct sha256_ctx ctx;
	sha256_init(&ctx);
	sha256_update(&ctx, len, data);
	sha256_digest(&ctx, SHA256_DIGEST_SIZE, out);
}

static int random_bytes(uint8_t *buf, size_t n, struct store_error *err)
{
	size_t got = 0;
	while (got < n) {
		ssize_t r = getrandom(buf + got, n - got, 0);
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			return store_fail(err, STORE_IO, "getrandom: %s", strerror(errno));
		got += (size_t)r;
	}
	return STORE_OK;
}

int store_token_add(struct store *st, const char *name, char token_out[STORE_TOKEN_LEN + 1],
		    struct store_error *err)
{
	return store_token_add_scoped(st, name, "write", token_out, err);
}

int store_token_add_scoped(struct store *st, const char *name, const char *scope,
			   char token_out[STORE_TOKEN_LEN + 1], struct store_error *err)
{
	static const char hex[] = "0123456789abcdef";
	uint8_t raw[32], hash[STORE_HASH_LEN];
	char token[STORE_TOKEN_LEN + 1];
	size_t plen = strlen(STORE_TOKEN_PREFIX);
	int code;
	token_out[0] = '\0';
	if (!scope || (strcmp(scope, "read") != 0 && strcmp(scope, "write") != 0))
		return store_fail(err, STORE_INVAL, "a token scope is \"read\" or \"write\"");
	if ((code = store_check_name(name, err)) || (code = random_bytes(raw, sizeof raw, err)))
		return code;
	if (!st)
		return store_fail(err, STORE_INVAL, "no store");
	memcpy(token, STORE_TOKEN_PREFIX, plen);
	for (size_t i = 0; i < sizeof raw; i++) {
		token[plen + 2 * i] = hex[raw[i] >> 4];
		token[plen + 2 * i + 1] = hex[raw[i] & 15];
	}
	token[STORE_TOKEN_LEN] = '\0';
	sha256(token, STORE_TOKEN_LEN, hash);
	char now[32];
	store_now(now);
	if (!(code = st->ops->begin(st, true, err)) &&
	    (code = st->ops->token_insert(st, name, hash, scope, now, err)) == STORE_CONFLICT)
		store_fail(err, code, "a live token named %s already exists", name);
	if (!code)
		code = st->ops->commit(st, err);
	st->ops->rollback(st);
	if (!code)
		memcpy(token_out, token, sizeof token);
	explicit_bzero(raw, sizeof raw);
	explicit_bzero(token, sizeof token);
	return code ? code : store_ok(err);
}

/* token_rows visitor of store_token_list: one {"name", "created",
 * "revoked", "scope"} per row. */
static int token_row_json(void *ctx, const struct store_token_row *row)
{
	json_t *e = json_object();
	if (!e || json_array_append_new(ctx, e) ||
	    !store_json_put(e, "name", string_or_null(row->name)) ||
	    !store_json_put(e, "created", string_or_null(row->created)) ||
	    !store_json_put(e, "revoked", string_or_null(row->revoked)) ||
	    !store_json_put(e, "scope", string_or_null(row->scope)))
		return STORE_NOMEM;
	return STORE_OK;
}

int store_token_list(struct store *st, json_t **out, struct store_error *err)
{
	*out = NULL;
	if (!st)
		return store_fail(err, STORE_INVAL, "no store");
	json_t *arr = json_array();
	int code = arr ? st->ops->token_rows(st, false, token_row_json, arr, err) : STORE_NOMEM;
	if (code) {
		json_decref(arr);
		return code == STORE_NOMEM ? store_fail(err, code, "out of memory listing tokens")
					   : code;
	}
	*out = arr;
	return store_ok(err);
}

int store_token_revoke(struct store *st, const char *name, struct store_error *err)
{
	int code;
	bool changed = false;
	char now[32];
	if ((code = store_check_name(name, err)))
		return code;
	if (!st)
		return store_fail(err, STORE_INVAL, "no store");
	store_now(now);
	if (!(code = st->ops->begin(st, true, err)) &&
	    !(code = st->ops->token_revoke(st, name, now, &changed, err)))
		code = changed ? st->ops->commit(st, err)
			       : store_fail(err, STORE_NOTFOUND, "no live token named %s", name);
	st->ops->rollback(st);
	return code ? code : store_ok(err);
}

int store_tokens_exist(struct store *st, bool *exist, struct store_error *err)
{
	*exist = false;
	if (!st)
		return store_fail(err, STORE_INVAL, "no store");
	return st->ops->tokens_exist(st, exist, err);
}

/* The live token whose hash is m->hash: every live row is compared, all of
 * them and all 32 bytes each (store_hash_eq), so the time taken does not
 * depend on which one matches or how much of it. */
struct token_match {
	const uint8_t *hash;
	char *name, *scope;
	bool found;
};

static int token_compare(void *ctx, const struct store_token_row *row)
{
	struct token_match *m = ctx;
	bool eq = row->hash && store_hash_eq(row->hash, m->hash);
	if (eq && !m->found) {
		m->found = true;
		snprintf(m->name, STORE_NAME_MAX + 1, "%s", row->name ? row->name : "");
		snprintf(m->scope, 8, "%s", row->scope ? row->scope : "");
	}
	return STORE_OK;
}

/* Longest bearer value worth hashing: ours are STORE_TOKEN_LEN. */
#define TOKEN_INPUT_MAX 512

int store_token_check(struct store *st, const char *token, char name_out[STORE_NAME_MAX + 1],
		      struct store_error *err)
{
	return store_token_scope(st, token, name_out, NULL, err);
}

int store_token_scope(struct store *st, const char *token, char name_out[STORE_NAME_MAX + 1],
		      char scope_out[8], struct store_error *err)
{
	uint8_t hash[STORE_HASH_LEN];
	char name[STORE_NAME_MAX + 1] = "", scope[8] = "";
	size_t len = token ? strnlen(token, TOKEN_INPUT_MAX + 1) : 0;
	if (name_out)
		name_out[0] = '\0';
	if (len == 0 || len > TOKEN_INPUT_MAX)
		return store_fail(err, STORE_AUTH, "missing or malformed token");
	if (!st)
		return store_fail(err, STORE_INVAL, "no store");
	sha256(token, len, hash);
	struct token_match m = { .hash = hash, .name = name, .scope = scope };
	int code = st->ops->token_rows(st, true, token_compare, &m, err);
	if (code)
		return code;
	if (!m.found)
		return store_fail(err, STORE_AUTH, "unknown or revoked token");
	if (name_out)
		snprintf(name_out, STORE_NAME_MAX + 1, "%s", name);
	if (scope_out)
		snprintf(scope_out, 8, "%s", scope);
	return STORE_OK;
}
