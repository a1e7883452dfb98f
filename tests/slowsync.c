/*
 * slowsync.c - an LD_PRELOAD shim for tests/store_http.sh: fsync(2) and
 * fdatasync(2) are held, as on a disk that does not answer, while the file
 * named by SLOWSYNC_HOLD exists; each held call first creates
 * SLOWSYNC_HOLD.held, so the test knows a commit is waiting.  Whatever
 * waits on an fsync is then still waiting when the test looks, whatever
 * the load; what does not, is answered.  Without SLOWSYNC_HOLD each call
 * sleeps SLOWSYNC_MS milliseconds (default 300), as a slow disk would.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

static void nap(long ms)
{
	struct timespec ts = { ms / 1000, (ms % 1000) * 1000000L };
	nanosleep(&ts, NULL);
}

static void slow(void)
{
	const char *hold = getenv("SLOWSYNC_HOLD"), *v = getenv("SLOWSYNC_MS");
	if (!hold) {
		nap(v ? atol(v) : 300);
		return;
	}
	if (access(hold, F_OK) != 0)
		return;
	char held[4096];
	snprintf(held, sizeof held, "%s.held", hold);
	int fd = open(held, O_WRONLY | O_CREAT, 0644);
	if (fd >= 0)
		close(fd);
	while (access(hold, F_OK) == 0)
		nap(10);
}

int fsync(int fd)
{
	int (*real)(int) = (int (*)(int))dlsym(RTLD_NEXT, "fsync");
	slow();
	return real(fd);
}

int fdatasync(int fd)
{
	int (*real)(int) = (int (*)(int))dlsym(RTLD_NEXT, "fdatasync");
	slow();
	return real(fd);
}
