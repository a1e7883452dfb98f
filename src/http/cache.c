/*
 * cache.c - the in-memory analysis cache: a hash table on the id with a
 * least-recently-used list, bounded in entries and bytes, behind one mutex.
 * It holds text only, never a jansson value: the analysis and its response
 * template are immutable blobs whose reference counts are safe across
 * threads, so an HTTP thread and a pool thread may hold the same entry
 * while a third evicts it.  A hit costs a reference (and a parse only when
 * the request's expectations must be evaluated on the tree).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "http/http.h"

struct http_blob *http_blob_new(const char *text, size_t len)
{
	struct http_blob *b = malloc(sizeof *b + len + 1);
	if (!b)
		return NULL;
	atomic_init(&b->refs, 1);
	b->len = len;
	if (text)
		memcpy(b->text, text, len);
	b->text[len] = '\0';
	return b;
}

struct http_blob *http_blob_ref(struct http_blob *b)
{
	if (b)
		atomic_fetch_add_explicit(&b->refs, 1, memory_order_relaxed);
	return b;
}

void http_blob_unref(struct http_blob *b)
{
	/* acquire and release: the last holder sees every other's reads done */
	if (b && atomic_fetch_sub_explicit(&b->refs, 1, memory_order_acq_rel) == 1)
		free(b);
}

struct entry {
	char id[72];
	struct http_blob *analysis;
	char *layout;
	struct http_template tmpl;
	size_t size;
	struct entry *hnext;	   /* hash chain */
	struct entry *prev, *next; /* LRU list, head = most recent */
};

struct http_cache {
	pthread_mutex_t lock;
	size_t capacity, count, nbuckets;
	size_t bytes; /* layout texts and templates held, against HTTP_CACHE_BYTES */
	struct entry **buckets;
	struct entry *head, *tail;
};

static size_t hash_id(const char *id, size_t n)
{
	/* ids are sha256 hex: their first hex digits are already uniform */
	uint64_t h = 1469598103934665603ULL;
	for (const char *p = id; *p; p++)
		h = (h ^ (unsigned char)*p) * 1099511628211ULL;
	return (size_t)(h % n);
}

struct http_cache *http_cache_new(size_t capacity)
{
	struct http_cache *c = calloc(1, sizeof *c);
	if (!c)
		return NULL;
	c->capacity = capacity ? capacity : 1;
	c->nbuckets = c->capacity * 2 + 1;
	c->buckets = calloc(c->nbuckets, sizeof *c->buckets);
	if (!c->buckets) {
		free(c);
		return NULL;
	}
	pthread_mutex_init(&c->lock, NULL);
	return c;
}

static void entry_free(struct entry *e)
{
	http_blob_unref(e->analysis);
	free(e->layout);
	http_blob_unref(e->tmpl.blob);
	free(e);
}

void http_cache_free(struct http_cache *c)
{
	if (!c)
		return;
	for (struct entry *e = c->head, *n; e; e = n) {
		n = e->next;
		entry_free(e);
	}
	free(c->buckets);
	pthread_mutex_destroy(&c->lock);
	free(c);
}

static void unlink_lru(struct http_cache *c, struct entry *e)
{
	if (e->prev)
		e->prev->next = e->next;
	else
		c->head = e->next;
	if (e->next)
		e->next->prev = e->prev;
	else
		c->tail = e->prev;
	e->prev = e->next = NULL;
}

static void push_front(struct http_cache *c, struct entry *e)
{
	e->next = c->head;
	e->prev = NULL;
	if (c->head)
		c->head->prev = e;
	c->head = e;
	if (!c->tail)
		c->tail = e;
}

static struct entry **find(struct http_cache *c, const char *id)
{
	struct entry **pp = &c->buckets[hash_id(id, c->nbuckets)];
	while (*pp && strcmp((*pp)->id, id) != 0)
		pp = &(*pp)->hnext;
	return pp;
}

bool http_cache_get(struct http_cache *c, const char *id, struct http_blob **analysis,
		    char **layout, struct http_template *tmpl)
{
	bool hit = false;
	if (analysis)
		*analysis = NULL;
	if (layout)
		*layout = NULL;
	pthread_mutex_lock(&c->lock);
	struct entry *e = *find(c, id);
	if (e) {
		unlink_lru(c, e);
		push_front(c, e);
		hit = !layout || (*layout = strdup(e->layout)) != NULL;
		if (hit && tmpl) {
			*tmpl = e->tmpl;
			http_blob_ref(tmpl->blob);
		}
		if (hit && analysis)
			*analysis = http_blob_ref(e->analysis);
	}
	pthread_mutex_unlock(&c->lock);
	return hit;
}

void http_cache_stats(struct http_cache *c, size_t *entries, size_t *bytes)
{
	pthread_mutex_lock(&c->lock);
	*entries = c->count;
	*bytes = c->bytes;
	pthread_mutex_unlock(&c->lock);
}

/*
 * The response to a hit as text with two holes, "ok" and "expect": the
 * analysis dumped once with placeholders, so a hit costs a small dump of
 * the expectations instead of the whole document.
 */
static int make_template(json_t *analysis, struct http_template *t)
{
	json_t *copy = json_copy(analysis), *dflt = NULL;
	if (!copy)
		return -1;
	/* a request without expectations: ok from the verdicts alone */
	if (lay_expect_eval(analysis, NULL, "/expect", NULL, &t->default_ok, &dflt, NULL)) {
		json_decref(copy);
		return -1;
	}
	json_object_set_new(copy, "ok", json_string("\x01ok\x01"));
	json_object_set_new(copy, "expect",
			    json_string("\x01"
					"expect"
					"\x01"));
	json_object_set_new(copy, "cached", json_true());
	char *text = json_dumps(copy, JSON_COMPACT), *dtext = json_dumps(dflt, JSON_COMPACT);
	json_decref(copy);
	json_decref(dflt);
	const char *ok = text ? strstr(text, "\"\\u0001ok\\u0001\"") : NULL,
		   *ex = text ? strstr(text, "\"\\u0001expect\\u0001\"") : NULL;
	if (!text || !dtext || !ok || !ex || ex < ok) {
		free(text);
		free(dtext);
		return -1;
	}
	size_t len = strlen(text), dlen = strlen(dtext);
	t->blob = http_blob_new(NULL, len + 1 + dlen);
	if (t->blob) {
		memcpy(t->blob->text, text, len + 1);
		memcpy(t->blob->text + len + 1, dtext, dlen + 1);
		t->text = t->blob->text;
		t->default_expect = t->blob->text + len + 1;
		t->len = len;
		t->ok_at = (size_t)(ok - text);
		t->ok_len = strlen("\"\\u0001ok\\u0001\"");
		t->expect_at = (size_t)(ex - text);
		t->expect_len = strlen("\"\\u0001expect\\u0001\"");
	}
	free(text);
	free(dtext);
	return t->blob ? 0 : -1;
}

void http_cache_put(struct http_cache *c, const char *id, json_t *analysis, char *layout)
{
	struct entry *n = calloc(1, sizeof *n);
	if (!n) {
		free(layout);
		return;
	}
	snprintf(n->id, sizeof n->id, "%s", id);
	char *atext = json_dumps(analysis, JSON_COMPACT);
	n->analysis = atext ? http_blob_new(atext, strlen(atext)) : NULL;
	free(atext);
	n->layout = layout;
	if (!n->layout || !n->analysis || make_template(analysis, &n->tmpl)) {
		entry_free(n);
		return;
	}
	pthread_mutex_lock(&c->lock);
	struct entry **pp = find(c, id);
	if (*pp) {
		/* replace: same id, same definition; keep the newer text */
		struct entry *old = *pp;
		*pp = old->hnext;
		unlink_lru(c, old);
		c->bytes -= old->size;
		entry_free(old);
		c->count--;
	}
	n->size = strlen(n->layout) + n->analysis->len + n->tmpl.blob->len + sizeof *n;
	n->hnext = c->buckets[hash_id(id, c->nbuckets)];
	c->buckets[hash_id(id, c->nbuckets)] = n;
	push_front(c, n);
	c->count++;
	c->bytes += n->size;
	while (c->count > c->capacity || (c->bytes > HTTP_CACHE_BYTES && c->count > 1)) {
		struct entry *victim = c->tail;
		struct entry **vp = find(c, victim->id);
		*vp = victim->hnext;
		unlink_lru(c, victim);
		c->bytes -= victim->size;
		entry_free(victim);
		c->count--;
	}
	pthread_mutex_unlock(&c->lock);
}
