/*
 * scan.h - the one text scanner of the notation readers: white space,
 * C/C++ comments, identifiers and words, decimal integers with overflow
 * checks, accept/expect of punctuation, and located errors of one shape:
 *
 *     <message> at character N[ of <what>]
 *
 * with the code, the JSON pointer of the text and the character (not
 * byte) position N on the error, and the text kept as its source.
 * Not installed.
 */
#ifndef LAYOUTD_SCAN_H
#define LAYOUTD_SCAN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "layout.h"

/* What lay_scan_skip passes over besides white space. */
enum {
	LAY_SCAN_LINE = 1,  /* // to the end of the line */
	LAY_SCAN_BLOCK = 2, /* block comments; unterminated is an error */
	LAY_SCAN_CXX = LAY_SCAN_LINE | LAY_SCAN_BLOCK,
};

struct lay_scan {
	const char *s;	       /* the text, NUL-terminated */
	int pos;	       /* byte offset of the next character */
	const char *ptr;       /* JSON pointer of the text, for errors */
	struct lay_error *err; /* where errors go */
	const char *of;	       /* NULL, or what the text is: "... at character N of <of>" */
	int comments;	       /* LAY_SCAN_* flags */
};

void lay_scan_init(struct lay_scan *sc, const char *s, const char *ptr, struct lay_error *err,
		   int comments);

/* A located error at byte `at` (-1: none, then the message is plain). */
int lay_scan_error(const struct lay_scan *sc, int code, long at, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
int lay_scan_verror(const struct lay_scan *sc, int code, long at, const char *fmt, va_list ap)
	__attribute__((format(printf, 4, 0)));

/* White space only. */
void lay_scan_ws(struct lay_scan *sc);
/* White space and the comments sc->comments allows; 0, or a located error
 * for a block comment without its end (at its opening). */
int lay_scan_skip(struct lay_scan *sc);
/* Skip, then consume c if it is next: true when consumed.  A skip error is
 * dropped: use lay_scan_accept where block comments are allowed. */
bool lay_scan_eat(struct lay_scan *sc, char c);
/* Skip, then consume c if it is next (*got); 0 or the skip's error. */
int lay_scan_accept(struct lay_scan *sc, char c, bool *got);
/* Skip, then consume c or fail with "expected <what>, found <token>". */
int lay_scan_expect(struct lay_scan *sc, char c, const char *what);
/* "expected <what>, found <token at sc->pos>" (LAY_ESYNTAX). */
int lay_scan_expected(const struct lay_scan *sc, const char *what);
/* A short description of the token at byte `at`: 'name', '123', ',',
 * "the end of the text" or "a non-ASCII character". */
void lay_scan_found(const struct lay_scan *sc, int at, char *out, size_t n);

static inline bool lay_scan_name_start(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}
static inline bool lay_scan_name_char(char c)
{
	return lay_scan_name_start(c) || (c >= '0' && c <= '9');
}
/* An identifier [A-Za-z_][A-Za-z0-9_]* at sc->pos (no skip), copied into
 * out (cut to n - 1 bytes); returns its length, 0 if none. */
int lay_scan_name(struct lay_scan *sc, char *out, size_t n);
/* A qualified name A::B::NAME at sc->pos (no skip before it; white space
 * and comments allowed around "::"): its last segment into last (cut to
 * n - 1 bytes), the whole name into full (segments joined by "::"; NULL
 * for none), *seg where the last segment starts.  `ns`, when not NULL, is
 * the one qualifier accepted ("unknown namespace" otherwise).  A segment
 * that is not a name is "expected a name" (after the first, "a name after
 * 'Q::'"). */
int lay_scan_qname(struct lay_scan *sc, char *last, size_t n, char *full, size_t fn, int *seg,
		   const char *ns);
/* The literal lit at sc->pos (no skip, no word boundary): consumed. */
bool lay_scan_lit(struct lay_scan *sc, const char *lit);
/* The word w at sc->pos, not followed by a name character: consumed. */
bool lay_scan_word(struct lay_scan *sc, const char *w);

/* The bounded integer reader: decimal digits at sc->pos (no skip),
 * negated when neg, into *v, which must lie in [min, max].  `what` names
 * the value ("integer" when NULL).  Errors: "expected an integer, found
 * ..." (LAY_ESYNTAX, at sc->pos) when there are no digits; otherwise, at
 * `start` and with `code`, "<what> is over the limit <max>" (or "under
 * the limit <min>"), or "<what> overflows 64 bits" when [min, max] is the
 * whole 64-bit range.  Digits past a limit are not read. */
int lay_scan_int(struct lay_scan *sc, int start, bool neg, int64_t min, int64_t max,
		 const char *what, int code, int64_t *v);
/* Decimal digits at sc->pos (no skip) into *v, negated when neg; an
 * error `ovf` (LAY_EOVERFLOW, or the reader's code) at `start` when they
 * overflow 64 bits ("<what> overflows 64 bits", what defaulting to
 * "integer"), "expected an integer, found ..." when there are none. */
int lay_scan_digits(struct lay_scan *sc, int start, bool neg, int64_t *v, const char *what,
		    int ovf);
/* Digits at byte range [b, e) of the text; any other character there is
 * "expected an integer" at it (LAY_ESYNTAX), an overflow `ovf` at b. */
int lay_scan_digits_range(const struct lay_scan *sc, int b, int e, int64_t *v, int ovf);

#endif
