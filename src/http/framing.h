/*
 * framing.h - the request framing of HTTP/1.1 (RFC 9112) as a pure state
 * machine: bytes in, and out how many whole requests they complete, where
 * the current one began, or the refusal of a malformed one with its
 * status.  No I/O, no clock, no allocation: guard.c runs it on every
 * socket's reads, tests/fuzz/fuzz_framing.c on arbitrary bytes.
 */
#ifndef LAYOUTD_FRAMING_H
#define LAYOUTD_FRAMING_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum gstate {
	G_LINE,	      /* the request line (after any empty lines) */
	G_FIELD,      /* a header field line, or the empty line ending the head */
	G_BODY,	      /* Content-Length bytes */
	G_CHUNK_SIZE, /* a chunk-size line */
	G_CHUNK_DATA, /* a chunk's bytes */
	G_CHUNK_END,  /* the CRLF after a chunk */
	G_TRAILER,    /* a trailer field line, or the empty line ending it */
	G_PASS,	      /* the daemon refuses this request and closes: not read further */
};

/* which field the line being read is, for the body's framing */
enum gfield { F_OTHER, F_CONTENT_LENGTH, F_TRANSFER_ENCODING, F_COOKIE };

struct http_frame {
	enum gstate state;
	/* the request being read */
	size_t head;	  /* bytes of its head (or trailer section) so far */
	size_t line;	  /* bytes of the current line */
	unsigned fields;  /* header and trailer fields */
	unsigned params;  /* query parameters in the target */
	unsigned cookies; /* cookie pairs in Cookie fields */
	int part;	  /* request line: 0 method, 1 target, 2 version; field: 0 name, 1 value */
	bool cr;	  /* the previous byte was a CR */
	bool query;	  /* in the target's query */
	char method[16];
	size_t mlen;
	unsigned char bad_method; /* the method's first byte that is not a token's */
	char version[10];
	size_t vlen;
	char name[24]; /* the current field's name, up to 23 bytes */
	size_t nlen;
	enum gfield field;
	char te[16]; /* the Transfer-Encoding value, trimmed (up to 15 bytes) */
	size_t tlen;
	bool has_cl, has_te, cl_ok;
	bool ws_end;  /* the value so far ends in white space */
	size_t tglen; /* bytes of the request target */
	uint64_t cl, left;
	uint64_t body; /* bytes of a chunked body so far */
	bool chunk_digits, chunk_ext;
	uint64_t max_body; /* a chunked body over it is refused (413) */
	uint64_t whole;	   /* requests completed so far */
	/* the refusal, once a byte breaks the framing: nothing more is read */
	bool refused;
	unsigned status;
	const char *code;
	char detail[200];
};

/* A machine at the start of a connection. */
void http_frame_init(struct http_frame *f, uint64_t max_body);

/*
 * Runs n bytes through the machine.  Returns true when they are all good:
 * then *begun is where the request being read began in this buffer
 * (SIZE_MAX when it began before, or none is under way).  On a violation
 * returns false with f->refused, f->status, f->code and f->detail set,
 * *keep the bytes before the bad request that the caller may pass on (the
 * whole requests before it in this buffer; 0 when it started before), and
 * *start_in whether the bad request began in this buffer.  f->whole counts
 * the requests completed.  After G_PASS (a framing the daemon refuses
 * before the body), nothing further is scanned.
 */
bool http_frame_scan(struct http_frame *f, const unsigned char *p, size_t n, size_t *keep,
		     bool *start_in, size_t *begun);

#endif
