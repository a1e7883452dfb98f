/*
 * cache.c - the in-memory analysis cache: a hash table on the id with a
 * least-recently-used list, bounded in entries, behind one mutex.  Values
 * are JSON texts; readers get copies, so nothing borrowed outlives the lock.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "http/http.h"

struct entry {
	char id[72];
	char *analysis, *layout;
	struct entry *hnext;          /* hash chain */
	struct entry *prev, *next;    /* LRU list, head = most recent */
};

struct http_cache {
	pthread_mutex_t lock;
	size_t capacity, count, nbuckets;
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
	free(e->analysis);
	free(e->layout);
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

bool http_cache_get(struct http_cache *c, const char *id, char **analysis, char **layout)
{
	bool hit = false;
	*analysis = *layout = NULL;
	pthread_mutex_lock(&c->lock);
	struct entry *e = *find(c, id);
	if (e) {
		unlink_lru(c, e);
		push_front(c, e);
		*analysis = strdup(e->analysis);
		*layout = strdup(e->layout);
		hit = *analysis && *layout;
		if (!hit) {
			free(*analysis);
			free(*layout);
			*analysis = *layout = NULL;
		}
	}
	pthread_mutex_unlock(&c->lock);
	return hit;
}

void http_cache_put(struct http_cache *c, const char *id, const char *analysis,
		    const char *layout)
{
	struct entry *n = calloc(1, sizeof *n);
	if (!n)
		return;
	snprintf(n->id, sizeof n->id, "%s", id);
	n->analysis = strdup(analysis);
	n->layout = strdup(layout);
	if (!n->analysis || !n->layout) {
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
		entry_free(old);
		c->count--;
	}
	n->hnext = c->buckets[hash_id(id, c->nbuckets)];
	c->buckets[hash_id(id, c->nbuckets)] = n;
	push_front(c, n);
	c->count++;
	while (c->count > c->capacity) {
		struct entry *victim = c->tail;
		struct entry **vp = find(c, victim->id);
		*vp = victim->hnext;
		unlink_lru(c, victim);
		entry_free(victim);
		c->count--;
	}
	pthread_mutex_unlock(&c->lock);
}
