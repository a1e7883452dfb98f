/*
 * lint_scope.c - the warps an op runs with (lint_scope.h).
 *
 * Triton's verifier checks a tensor's layout against lookupNumWarps(op)
 * (lib/Dialect/TritonGPU/IR/Dialect.cpp): the nearest enclosing
 * warp_specialize partition's num_warps(N), else the nearest function or
 * module carrying "ttg.num-warps".  A lit test's piece may hold several
 * modules, each with its own.  Lint follows the braces line by line (outside
 * strings and comments) to know which regions enclose an op, and gives the
 * ttgir notation the module line with the number of warps that op sees.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/lint_scope.h"

void lint_scope_init(struct lint_scope *sc, const struct line *first)
{
	memset(sc, 0, sizeof *sc);
	sc->first = first;
}

void lint_scope_free(struct lint_scope *sc)
{
	free(sc->buf);
	sc->buf = NULL;
}

static const char *find(const struct line *l, const char *w)
{
	size_t n = strlen(w);
	for (const char *p = l->s; p + n <= l->s + l->n; p++)
		if (memcmp(p, w, n) == 0)
			return p;
	return NULL;
}

/* The number after `what` on the line (num_warps(N), "ttg.num-warps" = N). */
static long long number_after(const struct line *l, const char *what)
{
	const char *p = find(l, what);
	if (!p)
		return 0;
	p += strlen(what);
	while (p < l->s + l->n && *p == ' ')
		p++;
	long long v = 0;
	for (; p < l->s + l->n && isdigit((unsigned char)*p) && v < 1 << 20; p++)
		v = v * 10 + (*p - '0');
	return v;
}

/* The braces of l, outside strings and a trailing comment: closing ones
 * end the scopes they close; the depth after the line, and whether its
 * last brace opens a region (its text ends with "{"). */
static bool braces(struct lint_scope *sc, const struct line *l)
{
	bool str = false, opens = false;
	for (int i = 0; i < l->n; i++) {
		char c = l->s[i];
		if (str) {
			if (c == '\\')
				i++;
			else if (c == '"')
				str = false;
			continue;
		}
		if (c == '"')
			str = true;
		else if (c == '/' && i + 1 < l->n && l->s[i + 1] == '/')
			break;
		else if (c == '{')
			sc->depth++, opens = true;
		else if (c == '}') {
			sc->depth--, opens = false;
			while (sc->n > 0 && sc->st[sc->n - 1].depth >= sc->depth)
				sc->n--;
		} else if (!isspace((unsigned char)c))
			opens = false;
	}
	return opens;
}

static void push(struct lint_scope *sc, const struct line *l)
{
	int i = 0;
	while (i < l->n && isspace((unsigned char)l->s[i]))
		i++;
	bool mod = l->n - i >= 6 && strncmp(l->s + i, "module", 6) == 0 &&
		   (l->n - i == 6 || strchr(" {@", l->s[i + 6]));
	long long w = 0;
	if (!mod && !(w = number_after(l, "num_warps(")) &&
	    !(w = number_after(l, "\"ttg.num-warps\" =")))
		return;
	if (sc->n == LINT_SCOPES)
		return;
	sc->st[sc->n].depth = sc->depth - 1;
	sc->st[sc->n].mod = mod ? l : NULL;
	sc->st[sc->n].warps = w;
	sc->n++;
}

/* mod's text with its ttg.num-warps set to w (added when it has none). */
static const struct line *rewrite(struct lint_scope *sc, const struct line *mod, long long w)
{
	static const char *const keys[] = { "\"ttg.num-warps\" =", "\"triton_gpu.num-warps\" =" };
	const char *at = NULL, *end = NULL, *brace = NULL;
	for (int k = 0; k < 2 && !at; k++)
		if ((at = mod ? find(mod, keys[k]) : NULL))
			at += strlen(keys[k]);
	if (at) {
		for (end = at;
		     end < mod->s + mod->n && (*end == ' ' || isdigit((unsigned char)*end)); end++)
			;
	} else if (mod) {
		brace = memchr(mod->s, '{', (size_t)mod->n);
	}
	size_t n = (mod ? (size_t)mod->n : 0) + 64;
	char *t = realloc(sc->buf, n);
	if (!t)
		return mod;
	sc->buf = t;
	int len;
	if (at)
		len = snprintf(t, n, "%.*s %lld%.*s", (int)(at - mod->s), mod->s, w,
			       (int)(mod->s + mod->n - end), end);
	else if (brace)
		len = snprintf(t, n, "%.*s\"ttg.num-warps\" = %lld : i32, %.*s",
			       (int)(brace + 1 - mod->s), mod->s, w,
			       (int)(mod->s + mod->n - brace - 1), brace + 1);
	else
		len = snprintf(t, n, "module attributes {\"ttg.num-warps\" = %lld : i32} {", w);
	sc->mod = (struct line){ t, len, mod ? mod->no : 0 };
	return &sc->mod;
}

const struct line *lint_scope_line(struct lint_scope *sc, const struct line *l)
{
	if (braces(sc, l))
		push(sc, l);
	const struct line *mod = NULL;
	long long w = 0;
	for (int k = sc->n - 1; k >= 0 && !mod; k--) {
		if (sc->st[k].mod)
			mod = sc->st[k].mod;
		else if (!w)
			w = sc->st[k].warps;
	}
	if (!mod)
		mod = sc->first;
	if (w && mod && number_after(mod, "num-warps\" =") == w)
		w = 0; /* the module's own number */
	sc->warps = w;
	if (!w)
		return mod;
	if (sc->buf && sc->rw_of == mod && sc->rw_warps == w)
		return &sc->mod;
	sc->rw_of = mod;
	sc->rw_warps = w;
	return rewrite(sc, mod, w);
}
