/* path-absent.c - the missing names of the path memo (path-absent.h). */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "path-absent.h"
#include "path-table.h"
#include "util.h"

/* missing names; folders checked in this batch, with their answer */
static struct pt_table missing, checked;
static struct timespec memo_on_at;
static unsigned batch_gen;
static bool in_batch;
static unsigned long hits;
/* the last device fsj_fs_exact() was asked about, and its answer */
static dev_t exact_dev;
static int exact_ok = -1;

#define MIN_CAP 128

static struct pt_slot *aslot_new(struct pt_table *t, const char *key, size_t len)
{
	return pt_get(t, key, path_hash_n(key, len), len, MIN_CAP);
}

static bool has(const struct pt_table *t, const char *key, size_t len)
{
	return pt_find(t, key, path_hash_n(key, len), len) != NULL;
}

void path_absent_span(bool on)
{
	if (on) {
		if (!memo_on_at.tv_sec) /* from the first lstat the memo keeps */
			(void)clock_gettime(CLOCK_REALTIME, &memo_on_at);
		return;
	}
	pt_free(&missing);
	pt_free(&checked);
	memset(&memo_on_at, 0, sizeof(memo_on_at));
	in_batch = false;
	hits = 0;
	exact_ok = -1;
}

void path_absent_batch(bool on)
{
	in_batch = on;
	batch_gen++;
}

unsigned long path_absent_hits(void)
{
	return hits;
}

static bool ts_eq(struct timespec a, struct timespec b)
{
	return a.tv_sec == b.tv_sec && a.tv_nsec == b.tv_nsec;
}

/* Whether folder dir (dlen bytes) is as the memo kept it before, checked
 * once per batch; see path-absent.h. */
static bool folder_unchanged(const char *dir, size_t dlen,
			     bool (*folder_then)(const char *, size_t, struct stat *))
{
	struct pt_slot *sl = aslot_new(&checked, dir, dlen);
	struct stat then, now;

	if (sl->gen == batch_gen)
		return sl->ok;
	sl->gen = batch_gen;
	sl->ok = false;
	if (!folder_then(dir, dlen, &then) || !S_ISDIR(then.st_mode) ||
	    FSJ_STAT_CTIM(&then).tv_sec >= memo_on_at.tv_sec - PATH_ABSENT_RACY_S ||
	    lstat(sl->key, &now) < 0 || !S_ISDIR(now.st_mode) || now.st_dev != then.st_dev ||
	    now.st_ino != then.st_ino || !ts_eq(FSJ_STAT_MTIM(&now), FSJ_STAT_MTIM(&then)) ||
	    !ts_eq(FSJ_STAT_CTIM(&now), FSJ_STAT_CTIM(&then)))
		return false;
	if (exact_ok < 0 || exact_dev != now.st_dev) {
		exact_dev = now.st_dev;
		exact_ok = fsj_fs_exact(sl->key);
	}
	sl->ok = exact_ok == 1;
	return sl->ok;
}

/* Whether path (len bytes) is missing now without a lookup: its folder is
 * (a name under a missing folder is missing), or it was noted missing and
 * its folder is unchanged since. */
static bool known(const char *path, size_t len,
		  bool (*folder_then)(const char *, size_t, struct stat *))
{
	size_t dlen = len;

	while (dlen > 0 && path[dlen - 1] != '/')
		dlen--;
	if (dlen > 1)
		dlen--; /* "/a/b" -> "/a"; "/b" -> "/" */
	if (dlen == 0 || dlen >= len)
		return false;
	if (known(path, dlen, folder_then))
		return true;
	return has(&missing, path, len) && folder_unchanged(path, dlen, folder_then);
}

bool path_absent_known(const char *path, size_t len,
		       bool (*folder_then)(const char *, size_t, struct stat *))
{
	if (!in_batch || !missing.cap || !known(path, len, folder_then))
		return false;
	hits++;
	return true;
}

void path_absent_note(const char *path, size_t len,
		      bool (*folder_then)(const char *, size_t, struct stat *))
{
	struct stat st;
	size_t dlen = len;
	int saved = errno;

	while (dlen > 0 && path[dlen - 1] != '/')
		dlen--;
	if (dlen > 1)
		dlen--;
	/* only after its folder's kept lstat (or its folder's own absence):
	 * a folder first looked at later could hold the name by then */
	if (dlen > 0 && dlen < len &&
	    (folder_then(path, dlen, &st) || has(&missing, path, dlen)))
		(void)aslot_new(&missing, path, len);
	errno = saved;
}
