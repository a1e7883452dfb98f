/*
 * slowsync.c - an LD_PRELOAD shim for tests/store_http.sh: fsync(2) and
 * fdatasync(2) sleep SLOWSYNC_MS milliseconds before doing their work, as
 * a slow disk would.  A request that waits on any fsync then takes that
 * long; one that does not stays fast.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

static void slow(void)
{
	const char *v = getenv("SLOWSYNC_MS");
	long ms = v ? atol(v) : 300;
	struct timespec ts = { ms / 1000, (ms % 1000) * 1000000L };
	nanosleep(&ts, NULL);
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
