/*
 * rawhttp.c - a raw TCP client for the daemon tests: sends bytes curl will
 * not (two Content-Lengths, no Host, a NUL in a path, a trickled header),
 * then prints what comes back and how the connection ended.
 *
 * usage: rawhttp [options] PORT [TEXT]
 *   TEXT (or stdin) is sent with C escapes decoded (\r \n \t \\ \xHH).
 *   -w MS    wait at most MS milliseconds for the answer (default 3000)
 *   -d MS    send TEXT one byte every MS milliseconds (a slow client)
 *   -c       close right after sending, without reading (an abandoned client)
 *   -F       the end of file in the same segment as TEXT (TCP_CORK), so the
 *            server finds both at its first read: with -c the client closes,
 *            without it the client shuts its sending side and reads
 *   -H       print only the status line of each response
 *   -s FILE  TEXT holds \f: send what precedes it, read until FILE exists
 *            (the test's cue, e.g. after a signal), then send the rest
 * Prints the bytes received, then a last line "[closed]" when the server
 * closed the connection or "[open]" when it was still open at the deadline;
 * "[refused]" when the connection failed.  Exit 0 unless usage is wrong.
 */
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

static size_t unescape(const char *in, size_t n, char *out)
{
	size_t o = 0;
	for (size_t i = 0; i < n; i++) {
		if (in[i] != '\\' || i + 1 >= n) {
			out[o++] = in[i];
			continue;
		}
		char e = in[++i];
		if (e == 'r')
			out[o++] = '\r';
		else if (e == 'n')
			out[o++] = '\n';
		else if (e == 't')
			out[o++] = '\t';
		else if (e == 'f')
			out[o++] = '\f';
		else if (e == 'x' && i + 2 < n) {
			char hex[3] = { in[i + 1], in[i + 2], 0 };
			out[o++] = (char)strtol(hex, NULL, 16);
			i += 2;
		} else
			out[o++] = e;
	}
	return o;
}

static long long now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* Sends text[0..n), a byte at a time delay_ms apart when delay_ms; false
 * when the daemon closed the connection meanwhile. */
static bool send_paced(int fd, const char *text, size_t n, int delay_ms)
{
	for (size_t i = 0; i < n;) {
		size_t chunk = delay_ms ? 1 : n - i;
		ssize_t w = send(fd, text + i, chunk, MSG_NOSIGNAL);
		if (w <= 0)
			return false;
		i += (size_t)w;
		if (delay_ms && i < n) {
			struct pollfd p = { .fd = fd, .events = POLLIN };
			if (poll(&p, 1, delay_ms) > 0) {
				char b;
				if (recv(fd, &b, 1, MSG_PEEK) <= 0)
					return false;
			}
		}
	}
	return true;
}

/* Reads into buf (size n, *got so far) until the file cue exists, the
 * deadline passes or the daemon closes; false when it closed. */
static bool read_until_cue(int fd, const char *cue, long long deadline, char *buf, size_t n,
			   size_t *got)
{
	while (access(cue, F_OK) != 0 && now_ms() < deadline) {
		struct pollfd p = { .fd = fd, .events = POLLIN };
		if (poll(&p, 1, 20) > 0) {
			ssize_t r = recv(fd, buf + *got, n - 1 - *got, 0);
			if (r <= 0)
				return false;
			*got += (size_t)r;
		}
	}
	return true;
}

/* Reads into buf until the deadline, a full buffer or the close; false
 * when the daemon closed. */
static bool read_rest(int fd, long long deadline, char *buf, size_t n, size_t *got)
{
	for (;;) {
		long long left = deadline - now_ms();
		if (left <= 0)
			return true;
		struct pollfd p = { .fd = fd, .events = POLLIN };
		int pr = poll(&p, 1, (int)left);
		if (pr <= 0)
			return true;
		ssize_t r = recv(fd, buf + *got, n - 1 - *got, 0);
		if (r <= 0)
			return false;
		*got += (size_t)r;
		if (*got >= n - 1)
			return true;
	}
}

/* The answer as read, or with heads only its status lines. */
static void print_answer(const char *buf, size_t got, bool heads)
{
	if (heads) {
		for (const char *line = buf; line && *line;) {
			const char *nl = strstr(line, "\r\n");
			if (strncmp(line, "HTTP/", 5) == 0)
				printf("%.*s\n", nl ? (int)(nl - line) : (int)strlen(line), line);
			line = nl ? nl + 2 : NULL;
		}
	} else {
		fwrite(buf, 1, got, stdout);
		if (got && buf[got - 1] != '\n')
			putchar('\n');
	}
}

int main(int argc, char **argv)
{
	int wait_ms = 3000, delay_ms = 0, opt;
	bool abandon = false, heads = false, cork = false;
	const char *cue = NULL;
	while ((opt = getopt(argc, argv, "w:d:cFHs:")) != -1) {
		if (opt == 'w')
			wait_ms = atoi(optarg);
		else if (opt == 'd')
			delay_ms = atoi(optarg);
		else if (opt == 'c')
			abandon = true;
		else if (opt == 'F')
			cork = true;
		else if (opt == 'H')
			heads = true;
		else if (opt == 's')
			cue = optarg;
		else
			return 2;
	}
	if (optind >= argc)
		return 2;
	int port = atoi(argv[optind]);
	static char raw[1 << 20], text[1 << 20];
	size_t rn;
	if (optind + 1 < argc) {
		rn = strlen(argv[optind + 1]);
		if (rn > sizeof raw)
			return 2;
		memcpy(raw, argv[optind + 1], rn);
	} else {
		rn = fread(raw, 1, sizeof raw, stdin);
	}
	size_t tn = unescape(raw, rn, text);

	int fd = socket(AF_INET, SOCK_STREAM, 0);
	struct sockaddr_in sa = { .sin_family = AF_INET, .sin_port = htons((uint16_t)port) };
	sa.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	if (fd < 0 || connect(fd, (struct sockaddr *)&sa, sizeof sa) != 0) {
		printf("[refused]\n");
		return 0;
	}
	int one = 1;
	setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
	if (cork)
		setsockopt(fd, IPPROTO_TCP, TCP_CORK, &one, sizeof one);
	long long deadline = now_ms() + wait_ms;
	static char buf[1 << 16];
	size_t got = 0, second = tn, total = tn;
	char *ff = cue ? memchr(text, '\f', tn) : NULL;
	if (ff) {
		second = (size_t)(ff - text);
		tn = second; /* the first part now, the rest on the cue */
	}
	bool closed = !send_paced(fd, text, tn, delay_ms);
	if (cork && !abandon && !ff)
		shutdown(fd, SHUT_WR);
	if (abandon) {
		close(fd);
		printf("[abandoned]\n");
		return 0;
	}
	if (ff) {
		/* read what comes until the cue, then send the second part */
		if (!closed)
			closed = !read_until_cue(fd, cue, deadline, buf, sizeof buf, &got);
		size_t rest = total - second - 1;
		if (!closed && send(fd, text + second + 1, rest, MSG_NOSIGNAL) <= 0)
			closed = true;
	}
	if (!closed)
		closed = !read_rest(fd, deadline, buf, sizeof buf, &got);
	buf[got] = '\0';
	print_answer(buf, got, heads);
	printf("%s\n", closed ? "[closed]" : "[open]");
	close(fd);
	return 0;
}
