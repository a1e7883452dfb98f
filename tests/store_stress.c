/*
 * store_stress.c - crash safety of the registry: a write burst killed with
 * SIGKILL, then every acknowledged write must be there.
 *
 *   store_stress
 *       The test (what `make check` runs): three rounds of starting a
 *       `burst` child on one database, letting it acknowledge writes,
 *       SIGKILLing it mid-burst and running `verify`.  Exit 0 or 1.
 *   store_stress burst DB ACKS [THREADS]
 *       THREADS (default 4) threads PUT new definitions to names n0..n3
 *       forever and soft-delete some; each write is appended to ACKS as
 *       "put NAME VERSION ID" / "del NAME VERSION" only after it committed.
 *       Runs until killed.
 *   store_stress verify DB ACKS
 *       integrity_check is ok, every acknowledged version is there with its
 *       id (deleted ones are GONE), every name's versions are 1..k without a
 *       gap, and the next PUT gets k + 1 (numbers never come back).
 */
#include "config.h"

#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "store/store.h"

#define N_NAMES 4

static struct store *st;
static int ack_fd = -1;

/* One write(2) per line on an O_APPEND file: lines never interleave, and a
 * line written before SIGKILL is in the file (the kernel has it). */
static void ack(const char *line)
{
	size_t n = strlen(line);
	if (write(ack_fd, line, n) != (ssize_t)n) {
		perror("ack");
		_exit(1);
	}
}

static void *burst_main(void *p)
{
	int t = (int)(intptr_t)p;
	char name[16], id[96], line[256];
	struct store_error err;
	for (long i = 0;; i++) {
		struct store_version v = { 0 };
		bool created = false;
		snprintf(name, sizeof name, "n%ld", (t + i) % N_NAMES);
		snprintf(id, sizeof id, "sha256:%d-%d-%ld", (int)getpid(), t, i);
		if (store_layout_put(st, name, id, "sha256:fp", "{\"expr\":{\"m\":\"i\"}}",
				     "{\"ok\":true}", NULL, "stress", "stress", &v, &created,
				     &err)) {
			fprintf(stderr, "put %s: %s\n", name, err.message);
			_exit(1);
		}
		snprintf(line, sizeof line, "put %s %lld %s\n", name, (long long)v.version, id);
		ack(line);
		if (i % 7 == 6) {
			if (store_layout_delete(st, name, v.version, NULL, &err)) {
				fprintf(stderr, "delete %s: %s\n", name, err.message);
				_exit(1);
			}
			snprintf(line, sizeof line, "del %s %lld\n", name, (long long)v.version);
			ack(line);
		}
		if (i % 5 == 0)
			store_cache_put(st, id, "1", "{\"cached\":true}", NULL);
		store_version_clear(&v);
	}
	return NULL;
}

static int burst(const char *db, const char *acks, int threads)
{
	struct store_error err = { 0 };
	pthread_t th;
	st = store_open(db, NULL, &err);
	if (!st) {
		fprintf(stderr, "open: %s\n", err.message);
		return 1;
	}
	ack_fd = open(acks, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0600);
	if (ack_fd < 0) {
		perror(acks);
		return 1;
	}
	for (int t = 0; t < threads; t++)
		if (pthread_create(&th, NULL, burst_main, (void *)(intptr_t)t)) {
			fprintf(stderr, "pthread_create failed\n");
			return 1;
		}
	for (;;)
		pause();
}

static int verify(const char *db, const char *acks)
{
	struct store_error err = { 0 };
	char line[512], op[8], name[STORE_NAME_MAX + 1], id[128];
	long long version;
	long puts = 0, dels = 0, bad = 0;
	int64_t last[N_NAMES] = { 0 };
	FILE *f;
	st = store_open(db, NULL, &err);
	if (!st) {
		fprintf(stderr, "open: %s\n", err.message);
		return 1;
	}
	if (store_integrity_check(st, &err)) {
		fprintf(stderr, "integrity_check: %s\n", err.message);
		store_close(st);
		return 1;
	}
	if (!(f = fopen(acks, "r"))) {
		perror(acks);
		store_close(st);
		return 1;
	}
	while (fgets(line, sizeof line, f)) {
		struct store_version v = { 0 };
		int n = sscanf(line, "%7s %128s %lld %127s", op, name, &version, id);
		int code = n >= 3 ? store_layout_get(st, name, version, &v, &err) : -1;
		if (n == 4 && strcmp(op, "put") == 0) {
			puts++;
			/* present, with its id; GONE if a later line deleted it */
			if ((code != STORE_OK && code != STORE_GONE) ||
			    strcmp(v.id ? v.id : "", id)) {
				fprintf(stderr, "LOST: %s", line);
				bad++;
			}
		} else if (n == 3 && strcmp(op, "del") == 0) {
			dels++;
			if (code != STORE_GONE) {
				fprintf(stderr, "NOT DELETED: %s", line);
				bad++;
			}
		} else if (!strchr(line, '\n')) {
			/* impossible with one write per line, but say so */
			fprintf(stderr, "torn ack line: %s\n", line);
			bad++;
		}
		store_version_clear(&v);
	}
	fclose(f);
	/* No gaps: 1..k all exist (live or deleted), k+1 does not. */
	for (int i = 0; i < N_NAMES; i++) {
		struct store_version v = { 0 };
		snprintf(name, sizeof name, "n%d", i);
		int code;
		while ((code = store_layout_get(st, name, last[i] + 1, &v, &err)) == STORE_OK ||
		       code == STORE_GONE) {
			last[i]++;
			store_version_clear(&v);
		}
		store_version_clear(&v);
		for (int k = 2; k < 10; k++)
			if (store_layout_get(st, name, last[i] + k, NULL, NULL) != STORE_NOTFOUND) {
				fprintf(stderr, "GAP: %s has version %lld but not %lld\n", name,
					(long long)(last[i] + k), (long long)(last[i] + 1));
				bad++;
			}
		/* The next number is k + 1, never a reused one. */
		bool created = false;
		snprintf(id, sizeof id, "sha256:verify-%d-%d", (int)getpid(), i);
		if (last[i] > 0) {
			if (store_layout_put(st, name, id, "sha256:fp", "{}", "{}", NULL, NULL,
					     NULL, &v, &created, &err) ||
			    !created || v.version != last[i] + 1) {
				fprintf(stderr, "NEXT: %s got version %lld, expected %lld (%s)\n",
					name, (long long)v.version, (long long)(last[i] + 1),
					err.message);
				bad++;
			}
			store_version_clear(&v);
		}
	}
	if (store_integrity_check(st, &err)) {
		fprintf(stderr, "integrity_check after: %s\n", err.message);
		bad++;
	}
	printf("verified %ld acknowledged puts, %ld deletes; versions n0..n3: %lld %lld %lld "
	       "%lld; %ld problems\n",
	       puts, dels, (long long)last[0], (long long)last[1], (long long)last[2],
	       (long long)last[3], bad);
	store_close(st);
	return bad ? 1 : 0;
}

static long count_lines(const char *path)
{
	FILE *f = fopen(path, "r");
	long n = 0;
	int ch;
	if (!f)
		return 0;
	while ((ch = getc(f)) != EOF)
		n += ch == '\n';
	fclose(f);
	return n;
}

static void sleep_ms(long ms)
{
	struct timespec ts = { ms / 1000, (ms % 1000) * 1000000L };
	nanosleep(&ts, NULL);
}

/* The whole test: burst, SIGKILL, verify; three rounds on one database. */
static int crash_test(const char *self)
{
	const char *base = getenv("TMPDIR");
	char dir[4096], db[4200], acks[4200];
	int failed = 0;
	snprintf(dir, sizeof dir, "%s/layoutd-stress-XXXXXX", base && *base ? base : "/tmp");
	if (!mkdtemp(dir)) {
		perror("mkdtemp");
		return 99;
	}
	snprintf(db, sizeof db, "%s/burst.db", dir);
	snprintf(acks, sizeof acks, "%s/acks", dir);
	srand((unsigned)time(NULL) ^ (unsigned)getpid());
	for (int round = 1; round <= 3 && !failed; round++) {
		long want = count_lines(acks) + 100;
		int status = 0;
		pid_t pid = fork();
		if (pid < 0) {
			perror("fork");
			return 99;
		}
		if (pid == 0) {
			execl(self, self, "burst", db, acks, "4", (char *)NULL);
			perror(self);
			_exit(127);
		}
		/* Let it acknowledge some writes, then kill it at a random moment. */
		for (int i = 0; i < 1000 && count_lines(acks) < want; i++)
			sleep_ms(10);
		sleep_ms(rand() % 50);
		kill(pid, SIGKILL);
		waitpid(pid, &status, 0);
		if (!WIFSIGNALED(status) || WTERMSIG(status) != SIGKILL) {
			fprintf(stderr, "round %d: the burst ended by itself (status %d)\n", round,
				status);
			failed = 1;
			break;
		}
		printf("round %d: killed with SIGKILL after %ld acknowledged writes\n", round,
		       count_lines(acks));
		fflush(stdout);
		if (verify(db, acks))
			failed = 1;
		fflush(stdout);
	}
	if (!failed) {
		unlink(acks);
		unlink(db);
		snprintf(acks, sizeof acks, "%s/burst.db-wal", dir);
		unlink(acks);
		snprintf(acks, sizeof acks, "%s/burst.db-shm", dir);
		unlink(acks);
		rmdir(dir);
	} else {
		fprintf(stderr, "kept %s\n", dir);
	}
	return failed;
}

int main(int argc, char **argv)
{
	if (argc == 1)
		/* argv[0], not /proc/self/exe: under valgrind that is valgrind. */
		return crash_test(strchr(argv[0], '/') ? argv[0] : "/proc/self/exe");
	if (argc >= 4 && strcmp(argv[1], "burst") == 0)
		return burst(argv[2], argv[3], argc > 4 ? atoi(argv[4]) : 4);
	if (argc == 4 && strcmp(argv[1], "verify") == 0)
		return verify(argv[2], argv[3]);
	fprintf(stderr, "usage: store_stress [burst DB ACKS [THREADS] | verify DB ACKS]\n");
	return 2;
}
