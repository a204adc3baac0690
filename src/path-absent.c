/* path-absent.c - the missing names of the path memo (path-absent.h). */
#include "config.h"

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "path-absent.h"
#include "util.h"

/* A set of paths (missing names, or folders checked in this batch with
 * their answer), open addressing, cap a power of two, at most half full. */
struct aslot {
	char *key; /* NULL: empty */
	size_t len;
	unsigned gen; /* folders: the batch it was checked in */
	bool ok;      /* folders: unchanged */
};

struct aset {
	struct aslot *s;
	size_t n, cap;
};

static struct aset missing, checked;
static struct timespec memo_on_at;
static unsigned batch_gen;
static bool in_batch;
static unsigned long hits;
/* the last device fsj_fs_exact() was asked about, and its answer */
static dev_t exact_dev;
static int exact_ok = -1;

size_t path_hash_n(const char *s, size_t n)
{
	uint64_t h = 14695981039346656037ULL;

	for (size_t i = 0; i < n; i++) {
		h ^= (unsigned char)s[i];
		h *= 1099511628211ULL;
	}
	return (size_t)(h ^ (h >> 32));
}

static struct aslot *aslot(const struct aset *t, const char *key, size_t len)
{
	size_t i = path_hash_n(key, len) & (t->cap - 1);

	while (t->s[i].key && (t->s[i].len != len || memcmp(t->s[i].key, key, len) != 0))
		i = (i + 1) & (t->cap - 1);
	return &t->s[i];
}

static struct aslot *aslot_new(struct aset *t, const char *key, size_t len)
{
	struct aslot *sl;

	if (2 * (t->n + 1) > t->cap) {
		struct aset old = *t;

		t->cap = old.cap ? 2 * old.cap : 128;
		t->s = xcalloc(t->cap, sizeof(*t->s));
		for (size_t k = 0; k < old.cap; k++)
			if (old.s[k].key)
				*aslot(t, old.s[k].key, old.s[k].len) = old.s[k];
		free(old.s);
	}
	sl = aslot(t, key, len);
	if (!sl->key) {
		t->n++;
		*sl = (struct aslot){ xstrndup(key, len), len, 0, false };
	}
	return sl;
}

static void aset_free(struct aset *t)
{
	for (size_t i = 0; i < t->cap; i++)
		free(t->s[i].key);
	free(t->s);
	memset(t, 0, sizeof(*t));
}

void path_absent_span(bool on)
{
	if (on) {
		if (!memo_on_at.tv_sec) /* from the first lstat the memo keeps */
			(void)clock_gettime(CLOCK_REALTIME, &memo_on_at);
		return;
	}
	aset_free(&missing);
	aset_free(&checked);
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
	struct aslot *sl = aslot_new(&checked, dir, dlen);
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
	return aslot(&missing, path, len)->key && folder_unchanged(path, dlen, folder_then);
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
	    (folder_then(path, dlen, &st) || (missing.cap && aslot(&missing, path, dlen)->key)))
		(void)aslot_new(&missing, path, len);
	errno = saved;
}
