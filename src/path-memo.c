/* path-memo.c - the memo of path_resolve() and of folder lstat(2)s
 * (path-memo.h, path.h path_resolve_memo()). */
#include "config.h"

#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "path.h"
#include "path-absent.h"
#include "path-memo.h"
#include "util.h"

/* An open-addressing table (cap a power of two) of (key, answer): a resolved
 * path or a folder's lstat (its own allocation: in every slot, 1 MB of page
 * faults at 1,000 rules); hash and length are compared before the bytes. */
struct slot {
	char *key; /* NULL: empty */
	size_t hash, len;
	bool live; /* resolved: path_memo_keep()'s flag */
	union {
		char *val;
		struct stat *st;
	} u;
};

struct table {
	struct slot *s;
	size_t n, cap;
};

static bool memo_on;
static struct table resolved, folders;

/* path_hash_n() (path-absent.h) of the string s, its length into *len. */
static size_t memo_hash(const char *s, size_t *len)
{
	*len = strlen(s);
	return path_hash_n(s, *len);
}

/* The slot of key (hash h, length len) in t (cap > 0): where it is, or
 * the empty one where it goes. */
static struct slot *slot(const struct table *t, const char *key, size_t h, size_t len)
{
	size_t i = h & (t->cap - 1);

	while (t->s[i].key &&
	       (t->s[i].hash != h || t->s[i].len != len || memcmp(t->s[i].key, key, len) != 0))
		i = (i + 1) & (t->cap - 1);
	return &t->s[i];
}

/* The slot for key (hash h, length len) in t, grown to stay at most half
 * full; a new one gets a copy of key, its hash and length, and no answer. */
static struct slot *slot_new(struct table *t, const char *key, size_t h, size_t len)
{
	struct slot *sl;

	if (2 * (t->n + 1) > t->cap) {
		struct table old = *t;

		t->cap = old.cap ? 2 * old.cap : 256;
		t->s = xcalloc(t->cap, sizeof(*t->s));
		for (size_t k = 0; k < old.cap; k++)
			if (old.s[k].key)
				*slot(t, old.s[k].key, old.s[k].hash, old.s[k].len) = old.s[k];
		free(old.s);
	}
	sl = slot(t, key, h, len);
	if (!sl->key) {
		t->n++;
		*sl = (struct slot){ xstrndup(key, len), h, len, false, { NULL } };
	}
	return sl;
}

/* The kept lstat of folder dir (dlen bytes) into *st: path-absent.h. */
static bool folder_kept(const char *dir, size_t dlen, struct stat *st)
{
	struct slot *sl = folders.cap ? slot(&folders, dir, path_hash_n(dir, dlen), dlen) : NULL;

	if (sl && sl->key)
		*st = *sl->u.st;
	return sl && sl->key;
}

static void table_free(struct table *t)
{
	for (size_t i = 0; i < t->cap; i++) {
		free(t->s[i].key);
		free(t->s[i].u.val); /* or st: both malloc'd */
	}
	free(t->s);
	memset(t, 0, sizeof(*t));
}

void path_resolve_memo(enum path_memo mode)
{
	if (mode == PATH_MEMO_OFF) {
		table_free(&resolved);
		table_free(&folders);
	}
	if (mode != PATH_MEMO_PAUSE)
		path_absent_span(mode == PATH_MEMO_ON);
	memo_on = mode == PATH_MEMO_ON;
}

char *path_memo_resolved(const char *abs)
{
	size_t len, h;
	struct slot *sl;

	if (!memo_on || !resolved.cap)
		return NULL;
	h = memo_hash(abs, &len);
	sl = slot(&resolved, abs, h, len);
	return sl->key ? xstrdup(sl->u.val) : NULL;
}

void path_memo_keep(const char *abs, const char *r, bool live)
{
	size_t len, h;
	struct slot *sl;

	if (!memo_on)
		return;
	h = memo_hash(abs, &len);
	sl = slot_new(&resolved, abs, h, len);
	free(sl->u.val);
	sl->u.val = xstrdup(r);
	sl->live = live;
}

bool path_memo_active(void)
{
	return memo_on;
}

const char *path_memo_prefix(const char *abs, size_t len, bool *live)
{
	struct slot *sl;

	if (!memo_on || !resolved.cap)
		return NULL;
	sl = slot(&resolved, abs, path_hash_n(abs, len), len);
	if (!sl->key)
		return NULL;
	*live = sl->live;
	return sl->u.val;
}

int path_memo_lstat_kept(const char *path, struct stat *st)
{
	return memo_on && folder_kept(path, strlen(path), st) ? 0 : lstat(path, st);
}

int path_memo_lstat(const char *path, struct stat *st)
{
	size_t len = memo_on ? strlen(path) : 0;
	struct slot *sl;

	if (memo_on && folder_kept(path, len, st))
		return 0;
	if (memo_on && path_absent_known(path, len, folder_kept))
		return errno = ENOENT, -1;
	if (lstat(path, st) < 0) {
		if (memo_on && errno == ENOENT)
			path_absent_note(path, len, folder_kept); /* errno kept */
		return -1;
	}
	if (memo_on && S_ISDIR(st->st_mode)) {
		sl = slot_new(&folders, path, path_hash_n(path, len), len);
		if (!sl->u.st)
			sl->u.st = xmalloc(sizeof(*st));
		*sl->u.st = *st;
	}
	return 0;
}
