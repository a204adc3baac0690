/* backup_autoprune.c - see backup_autoprune.h. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "backup.h"
#include "backup_autoprune.h"
#include "backup_spare_sweep.h"
#include "backup_store.h"
#include "util.h"

#define STAMP "backup-prune.stamp"
#define STAMP_MAX 160 /* the longest valid line is under 100 bytes */

/* One decimal number (digits only) at *p, then a separator sep. */
static bool number(const char **p, const char *end, char sep, unsigned long long max,
		   unsigned long long *out)
{
	unsigned long long v = 0;
	const char *q = *p;

	if (q >= end || *q < '0' || *q > '9')
		return false;
	for (; q < end && *q >= '0' && *q <= '9'; q++) {
		if (v > (max - (unsigned long long)(*q - '0')) / 10)
			return false;
		v = v * 10 + (unsigned long long)(*q - '0');
	}
	if (q >= end || *q != sep)
		return false;
	*p = q + 1;
	*out = v;
	return true;
}

int backup_autoprune_parse(const char *text, size_t n, struct backup_autoprune_stamp *s)
{
	static const char head[] = "fsjail-prune 1 ";
	const char *p = text, *end = text + n;
	unsigned long long last, runs;

	if (n < sizeof(head) - 1 || memcmp(text, head, sizeof(head) - 1) != 0)
		return -1;
	p += sizeof(head) - 1;
	if (!number(&p, end, ' ', 1ull << 40, &last) || !number(&p, end, ' ', 1ull << 31, &runs) ||
	    !number(&p, end, ' ', ~0ull >> 1, &s->bytes) ||
	    !number(&p, end, '\n', ~0ull >> 1, &s->store) || p != end)
		return -1;
	s->last = (double)last;
	s->runs = (unsigned long)runs;
	return 0;
}

bool backup_autoprune_due(const struct backup_autoprune_stamp *s, double now,
			  unsigned long keep_days, unsigned long max_mb)
{
	unsigned long long cap = (unsigned long long)max_mb * 1024ull * 1024ull;

	if (!s || now < s->last || now - s->last >= BACKUP_AUTOPRUNE_SECONDS)
		return true;
	if (s->runs >= BACKUP_AUTOPRUNE_RUNS || (keep_days == 0 && s->runs > 0))
		return true;
	return s->store > cap || s->bytes > cap - s->store;
}

/* The stamp, open and locked (flock(2) LOCK_EX, held only while it is
 * read and written), or -1: not a regular file of ours (a symlink is
 * never followed), or no state folder. */
static int stamp_open(const char *state_dir)
{
	cleanup_fd int dfd = open(state_dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	struct stat sb;
	int fd;

	if (dfd < 0)
		return -1;
	fd = openat(dfd, STAMP, O_RDWR | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0600);
	if (fd < 0)
		return -1;
	if (fstat(fd, &sb) < 0 || !S_ISREG(sb.st_mode) || sb.st_uid != geteuid() ||
	    flock(fd, LOCK_EX) < 0) {
		close(fd);
		return -1;
	}
	return fd;
}

/* Read the stamp of fd into *s; false when it does not read. */
static bool stamp_read(int fd, struct backup_autoprune_stamp *s)
{
	char buf[STAMP_MAX];
	ssize_t n = pread(fd, buf, sizeof(buf), 0);

	return n > 0 && (size_t)n < sizeof(buf) && backup_autoprune_parse(buf, (size_t)n, s) == 0;
}

static void stamp_write(int fd, const struct backup_autoprune_stamp *s)
{
	char buf[STAMP_MAX];
	int n = snprintf(buf, sizeof(buf), "fsjail-prune 1 %llu %lu %llu %llu\n",
			 (unsigned long long)s->last, s->runs, s->bytes, s->store);

	if (n > 0 && (size_t)n < sizeof(buf) && pwrite(fd, buf, (size_t)n, 0) == n &&
	    ftruncate(fd, n) < 0)
		return; /* a longer old line left behind reads as invalid: a prune */
}

/* Count the run's cycle (stored: one is in the store, holding about
 * bytes) and say whether to prune now; when so, the stamp already says a
 * prune started now (stamp_done() after it). An unusable stamp (not a
 * regular file of ours, no state folder) makes it due, as it was after
 * every run before the stamp. */
static bool stamp_begin(const char *state_dir, bool stored, unsigned long long bytes,
			unsigned long keep_days, unsigned long max_mb)
{
	struct backup_autoprune_stamp s;
	double now = (double)time(NULL);
	bool valid, due;
	int fd = stamp_open(state_dir);

	if (fd < 0)
		return true;
	valid = stamp_read(fd, &s);
	if (!valid)
		memset(&s, 0, sizeof(s));
	if (stored) {
		s.runs++;
		s.bytes = bytes > (~0ull >> 1) - s.bytes ? ~0ull >> 1 : s.bytes + bytes;
	}
	due = backup_autoprune_due(valid ? &s : NULL, now, keep_days, max_mb);
	if (due) {
		/* this run prunes: the others need not until the next trigger;
		 * what they commit meanwhile counts on top of the old size */
		s.store = s.bytes > (~0ull >> 1) - s.store ? ~0ull >> 1 : s.store + s.bytes;
		s.last = now;
		s.runs = 0;
		s.bytes = 0;
	}
	if (due || stored)
		stamp_write(fd, &s);
	close(fd);
	return due;
}

/* After the prune stamp_begin() asked for: the bytes the store holds. */
static void stamp_done(const char *state_dir, unsigned long long store_left)
{
	struct backup_autoprune_stamp s;
	int fd = stamp_open(state_dir);

	if (fd < 0)
		return;
	if (stamp_read(fd, &s)) {
		s.store = store_left;
		stamp_write(fd, &s);
	}
	close(fd);
}

/* true when c has its commit.json (a run that ended, not one killed). */
static bool committed(const struct backup_store_cycle *c)
{
	cleanup_fd int fd = backup_store_open(c);

	return fd >= 0 && faccessat(fd, "commit.json", F_OK, AT_SYMLINK_NOFOLLOW) == 0;
}

void backup_autoprune_after(const char *state_dir, const struct backup_cycle *bc,
			    unsigned long keep_days, unsigned long max_mb)
{
	size_t n, m = 0, keep;
	unsigned long long bytes, left = 0;
	bool stored = backup_cycle_stored(bc, &bytes);
	struct backup_store_cycle *v;

	if (!stamp_begin(state_dir, stored, bytes, keep_days, max_mb))
		return;
	backup_spare_sweep(state_dir); /* what a killed run left hidden */
	v = backup_store_list(state_dir, NULL, &n);
	for (size_t i = 0; i < n; i++) /* the committed ones first, in order */
		if (committed(&v[i])) {
			struct backup_store_cycle t = v[i];

			memmove(&v[m + 1], &v[m], (i - m) * sizeof(*v));
			v[m++] = t;
		}
	for (keep = 0; keep < m; keep++)
		if (strcmp(v[keep].name, backup_cycle_name(bc)) == 0 &&
		    strcmp(v[keep].session, backup_cycle_session(bc)) == 0)
			break;
	(void)backup_store_prune(v, m, keep_days, max_mb, keep, false, NULL, &left);
	backup_store_free(v, n);
	stamp_done(state_dir, left);
}
