/* path-memo.c - the memo of path_resolve() and of folder lstat(2)s
 * (path-memo.h, path.h path_resolve_memo()). */
#include "config.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "path.h"
#include "path-memo.h"
#include "util.h"

/* An open-addressing table of (key, answer): a resolved path (val) or a
 * folder's lstat (st); cap a power of two. */
struct table {
	char **key, **val;
	struct stat *st;
	size_t n, cap;
};

static bool memo_on;
static struct table resolved, folders;

static size_t memo_hash(const char *s)
{
	size_t h = 5381;

	while (*s)
		h = h * 33 + (unsigned char)*s++;
	return h;
}

/* The slot of key in t (cap > 0): where it is, or the empty one where it goes. */
static size_t slot(const struct table *t, const char *key)
{
	size_t i = memo_hash(key) & (t->cap - 1);

	while (t->key[i] && strcmp(t->key[i], key) != 0)
		i = (i + 1) & (t->cap - 1);
	return i;
}

/* The slot for a new key in t, grown to stay at most half full. */
static size_t slot_new(struct table *t, const char *key)
{
	if (2 * (t->n + 1) > t->cap) {
		struct table old = *t;

		t->cap = old.cap ? 2 * old.cap : 256;
		t->key = xcalloc(t->cap, sizeof(*t->key));
		t->val = xcalloc(t->cap, sizeof(*t->val));
		t->st = xcalloc(t->cap, sizeof(*t->st));
		for (size_t k = 0; k < old.cap; k++) {
			size_t i;

			if (!old.key[k])
				continue;
			i = slot(t, old.key[k]);
			t->key[i] = old.key[k];
			t->val[i] = old.val[k];
			t->st[i] = old.st[k];
		}
		free(old.key);
		free(old.val);
		free(old.st);
	}
	t->n++;
	return slot(t, key);
}

static void table_free(struct table *t)
{
	for (size_t i = 0; i < t->cap; i++) {
		free(t->key[i]);
		free(t->val[i]);
	}
	free(t->key);
	free(t->val);
	free(t->st);
	memset(t, 0, sizeof(*t));
}

void path_resolve_memo(enum path_memo mode)
{
	if (mode == PATH_MEMO_OFF) {
		table_free(&resolved);
		table_free(&folders);
	}
	memo_on = mode == PATH_MEMO_ON;
}

char *path_memo_resolved(const char *abs)
{
	size_t i;

	if (!memo_on || !resolved.cap)
		return NULL;
	i = slot(&resolved, abs);
	return resolved.key[i] ? xstrdup(resolved.val[i]) : NULL;
}

void path_memo_keep(const char *abs, const char *r)
{
	size_t i;

	if (!memo_on)
		return;
	i = slot_new(&resolved, abs);
	resolved.key[i] = xstrdup(abs);
	resolved.val[i] = xstrdup(r);
}

int path_memo_lstat(const char *path, struct stat *st)
{
	size_t i;

	if (memo_on && folders.cap) {
		i = slot(&folders, path);
		if (folders.key[i]) {
			*st = folders.st[i];
			return 0;
		}
	}
	if (lstat(path, st) < 0)
		return -1;
	if (memo_on && S_ISDIR(st->st_mode)) {
		i = slot_new(&folders, path);
		folders.key[i] = xstrdup(path);
		folders.st[i] = *st;
	}
	return 0;
}
