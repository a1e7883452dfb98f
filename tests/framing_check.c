/*
 * framing_check.c - the request framing machine (src/http/framing.c) as a
 * filter for tests/framing_h11.py: reads records "LENGTH\n" then LENGTH
 * bytes from stdin, runs each through a new machine, and prints one line
 * per record: "ok WHOLE" (every byte good, WHOLE requests complete),
 * "pass WHOLE" (a framing the daemon refuses before the body: several
 * codings, HTTP/1.0 with a coding, Content-Length with Transfer-Encoding)
 * or "refused STATUS WHOLE CODE".
 */
#include <stdio.h>
#include <stdlib.h>

#include "http/framing.h"

int main(void)
{
	size_t len;
	while (scanf("%zu", &len) == 1 && getchar() == '\n') {
		unsigned char *buf = malloc(len ? len : 1);
		if (!buf || fread(buf, 1, len, stdin) != len)
			return 2;
		struct http_frame f;
		http_frame_init(&f, 1 << 20);
		size_t keep = 0, begun = 0;
		bool start_in = false;
		if (!http_frame_scan(&f, buf, len, &keep, &start_in, &begun))
			printf("refused %u %llu %s\n", f.status, (unsigned long long)f.whole,
			       f.code);
		else
			printf("%s %llu\n", f.state == G_PASS ? "pass" : "ok",
			       (unsigned long long)f.whole);
		free(buf);
	}
	return 0;
}
