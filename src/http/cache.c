/*
 * cache.c - the in-memory analysis cache: a hash table on the id with a
 * least-recently-used list, bounded in entries, behind one mutex.  The
 * analysis is kept parsed and shared read-only between threads (jansson's
 * reference counts are atomic): a hit costs a reference, not a parse.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "http/http.h"

struct entry {
	char id[72];
	json_t *analysis;
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
	json_decref(e->analysis);
	free(e->layout);
	json_decref(e->tmpl.holder);
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

bool http_cache_get(struct http_cache *c, const char *id, json_t **analysis, char **layout,
		    struct http_template *tmpl)
{
	bool hit = false;
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
			json_incref(tmpl->holder);
		}
		if (hit)
			*analysis = json_incref(e->analysis);
	}
	pthread_mutex_unlock(&c->lock);
	return hit;
}

/*
 * The response to a hit as text with two holes, "ok" and "expect": the
 * analysis dumped once with placeholders, so a hit costs a small dump of
 * the expectations instead of the whole document.
 */
static int make_template(json_t *analysis, struct http_template *t)
{
	json_t *copy = json_copy(analysis);
	if (!copy)
		return -1;
	json_object_set_new(copy, "ok", json_string("\x01ok\x01"));
	json_object_set_new(copy, "expect",
			    json_string("\x01"
					"expect"
					"\x01"));
	json_object_set_new(copy, "cached", json_true());
	char *text = json_dumps(copy, JSON_COMPACT);
	json_decref(copy);
	if (!text)
		return -1;
	t->holder = json_string_nocheck(text);
	free(text);
	if (!t->holder)
		return -1;
	t->text = json_string_value(t->holder);
	const char *ok = strstr(t->text, "\"\\u0001ok\\u0001\""),
		   *ex = strstr(t->text, "\"\\u0001expect\\u0001\"");
	if (!ok || !ex || ex < ok) {
		json_decref(t->holder);
		t->holder = NULL;
		return -1;
	}
	t->len = strlen(t->text);
	t->ok_at = (size_t)(ok - t->text);
	t->ok_len = strlen("\"\\u0001ok\\u0001\"");
	t->expect_at = (size_t)(ex - t->text);
	t->expect_len = strlen("\"\\u0001expect\\u0001\"");
	return 0;
}

void http_cache_put(struct http_cache *c, const char *id, json_t *analysis, char *layout)
{
	struct entry *n = calloc(1, sizeof *n);
	if (!n) {
		free(layout);
		return;
	}
	snprintf(n->id, sizeof n->id, "%s", id);
	n->analysis = json_incref(analysis);
	n->layout = layout;
	if (!n->layout || make_template(analysis, &n->tmpl)) {
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
	/* the analysis is about the size of its template, held twice */
	n->size = strlen(n->layout) + 2 * n->tmpl.len + sizeof *n;
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
