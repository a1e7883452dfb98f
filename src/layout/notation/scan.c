/*
 * scan.c - the text scanner shared by the notation readers (scan.h).
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "notation/scan.h"

void lay_scan_init(struct lay_scan *sc, const char *s, const char *ptr, struct lay_error *err,
		   int comments)
{
	memset(sc, 0, sizeof *sc);
	sc->s = s;
	sc->ptr = ptr;
	sc->err = err;
	sc->comments = comments;
}

int lay_scan_verror(const struct lay_scan *sc, int code, long at, const char *fmt, va_list ap)
{
	char msg[LAY_ERR_MSG];
	vsnprintf(msg, sizeof msg, fmt, ap);
	if (at < 0)
		return lay_error_set(sc->err, code, sc->ptr, -1, "%s", msg);
	long n = lay_utf8_offset(sc->s, at);
	lay_error_set(sc->err, code, sc->ptr, n, "%s at character %ld%s%s", msg, n,
		      sc->of ? " of " : "", sc->of ? sc->of : "");
	lay_error_source(sc->err, sc->s);
	return code;
}

int lay_scan_error(const struct lay_scan *sc, int code, long at, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	lay_scan_verror(sc, code, at, fmt, ap);
	va_end(ap);
	return code;
}

void lay_scan_ws(struct lay_scan *sc)
{
	while (isspace((unsigned char)sc->s[sc->pos]))
		sc->pos++;
}

int lay_scan_skip(struct lay_scan *sc)
{
	const char *s = sc->s;
	for (;;) {
		lay_scan_ws(sc);
		if (s[sc->pos] != '/')
			return 0;
		if ((sc->comments & LAY_SCAN_LINE) && s[sc->pos + 1] == '/') {
			while (s[sc->pos] && s[sc->pos] != '\n')
				sc->pos++;
		} else if ((sc->comments & LAY_SCAN_BLOCK) && s[sc->pos + 1] == '*') {
			const char *end = strstr(s + sc->pos + 2, "*/");
			if (!end)
				return lay_scan_error(sc, LAY_ESYNTAX, sc->pos,
						      "unterminated comment: '/*' without '*/'");
			sc->pos = (int)(end - s) + 2;
		} else {
			return 0;
		}
	}
}

bool lay_scan_eat(struct lay_scan *sc, char c)
{
	lay_scan_skip(sc);
	if (sc->s[sc->pos] != c)
		return false;
	sc->pos++;
	return true;
}

int lay_scan_accept(struct lay_scan *sc, char c, bool *got)
{
	*got = false;
	int rc = lay_scan_skip(sc);
	if (rc)
		return rc;
	if (sc->s[sc->pos] == c) {
		sc->pos++;
		*got = true;
	}
	return 0;
}

int lay_scan_expect(struct lay_scan *sc, char c, const char *what)
{
	bool got;
	int rc = lay_scan_accept(sc, c, &got);
	if (rc || got)
		return rc;
	return lay_scan_expected(sc, what);
}

void lay_scan_found(const struct lay_scan *sc, int at, char *out, size_t n)
{
	const char *c = sc->s + at;
	int len = 0;
	if (!*c) {
		snprintf(out, n, "the end of the text");
		return;
	}
	if (lay_scan_name_start(*c)) {
		while (lay_scan_name_char(c[len]))
			len++;
	} else if (isdigit((unsigned char)*c)) {
		while (isdigit((unsigned char)c[len]))
			len++;
	} else if ((unsigned char)*c >= 0x80) {
		snprintf(out, n, "a non-ASCII character");
		return;
	} else {
		len = 1;
	}
	snprintf(out, n, "'%.*s'", len > 40 ? 40 : len, c);
}

int lay_scan_expected(const struct lay_scan *sc, const char *what)
{
	char tok[64];
	lay_scan_found(sc, sc->pos, tok, sizeof tok);
	return lay_scan_error(sc, LAY_ESYNTAX, sc->pos, "expected %s, found %s", what, tok);
}

int lay_scan_name(struct lay_scan *sc, char *out, size_t n)
{
	int b = sc->pos;
	size_t len = 0;
	if (!lay_scan_name_start(sc->s[b])) {
		if (n)
			out[0] = '\0';
		return 0;
	}
	while (lay_scan_name_char(sc->s[sc->pos])) {
		if (len + 1 < n)
			out[len++] = sc->s[sc->pos];
		sc->pos++;
	}
	if (n)
		out[len] = '\0';
	return sc->pos - b;
}

int lay_scan_qname(struct lay_scan *sc, char *last, size_t n, char *full, size_t fn, int *seg,
		   const char *ns)
{
	size_t flen = 0;
	char what[LAYOUTD_MAX_NAME + 24] = "a name";
	if (full && fn)
		full[0] = '\0';
	for (;;) {
		*seg = sc->pos;
		if (!lay_scan_name_start(sc->s[sc->pos]))
			return lay_scan_expected(sc, what);
		int len = lay_scan_name(sc, last, n);
		for (int k = 0; full && k < len && flen + 1 < fn; k++)
			full[flen++] = sc->s[*seg + k];
		if (full && fn)
			full[flen] = '\0';
		int save = sc->pos, rc = lay_scan_skip(sc);
		if (rc)
			return rc;
		if (sc->s[sc->pos] != ':' || sc->s[sc->pos + 1] != ':') {
			sc->pos = save;
			return 0;
		}
		if (ns && strcmp(last, ns) != 0)
			return lay_scan_error(sc, LAY_ESYNTAX, *seg,
					      "unknown namespace '%s' (only %s:: is accepted)",
					      last, ns);
		snprintf(what, sizeof what, "a name after '%s::'", last);
		sc->pos += 2;
		if ((rc = lay_scan_skip(sc)))
			return rc;
		if (full && flen + 2 < fn) {
			full[flen++] = ':';
			full[flen++] = ':';
			full[flen] = '\0';
		}
	}
}

bool lay_scan_lit(struct lay_scan *sc, const char *lit)
{
	size_t n = strlen(lit);
	if (strncmp(sc->s + sc->pos, lit, n) != 0)
		return false;
	sc->pos += (int)n;
	return true;
}

bool lay_scan_word(struct lay_scan *sc, const char *w)
{
	size_t n = strlen(w);
	if (strncmp(sc->s + sc->pos, w, n) != 0 || lay_scan_name_char(sc->s[sc->pos + n]))
		return false;
	sc->pos += (int)n;
	return true;
}

/* The limit error of lay_scan_int: over when the value is above max or a
 * positive run overflowed, under otherwise. */
static int int_limit(const struct lay_scan *sc, int start, int64_t min, int64_t max, bool under,
		     const char *w, int code)
{
	if (min == INT64_MIN && max == INT64_MAX)
		return lay_scan_error(sc, code, start, "%s overflows 64 bits", w);
	return lay_scan_error(sc, code, start, "%s is %s the limit %lld", w,
			      under ? "under" : "over", (long long)(under ? min : max));
}

int lay_scan_int(struct lay_scan *sc, int start, bool neg, int64_t min, int64_t max,
		 const char *what, int code, int64_t *v)
{
	int64_t x = 0;
	const char *w = what ? what : "integer";
	if (!isdigit((unsigned char)sc->s[sc->pos]))
		return lay_scan_expected(sc, "an integer");
	/* the magnitude only grows: the far limit is checked per digit */
	while (isdigit((unsigned char)sc->s[sc->pos])) {
		int d = sc->s[sc->pos] - '0';
		if (__builtin_mul_overflow(x, 10, &x) ||
		    __builtin_add_overflow(x, neg ? -d : d, &x) || (neg ? x < min : x > max))
			return int_limit(sc, start, min, max, neg, w, code);
		sc->pos++;
	}
	if (x < min || x > max)
		return int_limit(sc, start, min, max, x < min, w, code);
	*v = x;
	return 0;
}

int lay_scan_digits(struct lay_scan *sc, int start, bool neg, int64_t *v, const char *what, int ovf)
{
	return lay_scan_int(sc, start, neg, INT64_MIN, INT64_MAX, what, ovf, v);
}

int lay_scan_digits_range(const struct lay_scan *sc, int b, int e, int64_t *v, int ovf)
{
	int64_t x = 0;
	if (b >= e)
		return lay_scan_error(sc, LAY_ESYNTAX, b, "expected an integer");
	for (int k = b; k < e; k++) {
		if (!isdigit((unsigned char)sc->s[k]))
			return lay_scan_error(sc, LAY_ESYNTAX, k, "expected an integer");
		if (__builtin_mul_overflow(x, 10, &x) ||
		    __builtin_add_overflow(x, sc->s[k] - '0', &x))
			return lay_scan_error(sc, ovf, b, "integer overflows 64 bits");
	}
	*v = x;
	return 0;
}

int lay_cxx_skip(const char *s, int *pos)
{
	struct lay_scan sc;
	lay_scan_init(&sc, s, NULL, NULL, LAY_SCAN_CXX);
	sc.pos = *pos;
	int rc = lay_scan_skip(&sc);
	*pos = sc.pos;
	return rc ? -1 : 0;
}
