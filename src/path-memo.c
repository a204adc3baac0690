/* path-memo.c - the memo of path_resolve() and of folder lstat(2)s
 * (path-memo.h, path.h path_resolve_memo()). */
#include "config.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "path.h"
#include "path-memo.h"
#include "util.h"

/* An open-addressing table of (key, answer): a resolved path (val) or a
 * folder's lstat (st); cap a power of two. Each slot keeps its key's hash
 * and length, compared before the bytes: the keys share long prefixes
 * (1,000 rule folders of one workspace), so a probe must rarely reach
 * memcmp. */
struct table {
	char **key, **val;
	size_t *hash, *len;
	struct stat *st;
	size_t n, cap;
};

static bool memo_on;
static struct table resolved, folders;

/* FNV-1a over s (its length into *len), its high half folded into the
 * low bits the table indexes by. */
static size_t memo_hash(const char *s, size_t *len)
{
	uint64_t h = 14695981039346656037ULL;
	const char *p = s;

	for (; *p; p++) {
		h ^= (unsigned char)*p;
		h *= 1099511628211ULL;
	}
	*len = (size_t)(p - s);
	return (size_t)(h ^ (h >> 32));
}

/* The slot of key (hash h, length len) in t (cap > 0): where it is, or
 * the empty one where it goes. */
static size_t slot(const struct table *t, const char *key, size_t h, size_t len)
{
	size_t i = h & (t->cap - 1);

	while (t->key[i] &&
	       (t->hash[i] != h || t->len[i] != len || memcmp(t->key[i], key, len) != 0))
		i = (i + 1) & (t->cap - 1);
	return i;
}

/* The slot for a new key (hash h, length len) in t, grown to stay at most
 * half full; its key, hash and length are set (key copied). */
static size_t slot_new(struct table *t, const char *key, size_t h, size_t len)
{
	size_t i;

	if (2 * (t->n + 1) > t->cap) {
		struct table old = *t;

		t->cap = old.cap ? 2 * old.cap : 256;
		t->key = xcalloc(t->cap, sizeof(*t->key));
		t->val = xcalloc(t->cap, sizeof(*t->val));
		t->hash = xcalloc(t->cap, sizeof(*t->hash));
		t->len = xcalloc(t->cap, sizeof(*t->len));
		t->st = xcalloc(t->cap, sizeof(*t->st));
		for (size_t k = 0; k < old.cap; k++) {
			if (!old.key[k])
				continue;
			i = slot(t, old.key[k], old.hash[k], old.len[k]);
			t->key[i] = old.key[k];
			t->val[i] = old.val[k];
			t->hash[i] = old.hash[k];
			t->len[i] = old.len[k];
			t->st[i] = old.st[k];
		}
		free(old.key);
		free(old.val);
		free(old.hash);
		free(old.len);
		free(old.st);
	}
	i = slot(t, key, h, len);
	if (!t->key[i]) {
		t->n++;
		t->key[i] = xstrdup(key);
		t->hash[i] = h;
		t->len[i] = len;
	}
	return i;
}

static void table_free(struct table *t)
{
	for (size_t i = 0; i < t->cap; i++) {
		free(t->key[i]);
		free(t->val[i]);
	}
	free(t->key);
	free(t->val);
	free(t->hash);
	free(t->len);
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
	size_t i, len, h;

	if (!memo_on || !resolved.cap)
		return NULL;
	h = memo_hash(abs, &len);
	i = slot(&resolved, abs, h, len);
	return resolved.key[i] ? xstrdup(resolved.val[i]) : NULL;
}

void path_memo_keep(const char *abs, const char *r)
{
	size_t i, len, h;

	if (!memo_on)
		return;
	h = memo_hash(abs, &len);
	i = slot_new(&resolved, abs, h, len);
	free(resolved.val[i]);
	resolved.val[i] = xstrdup(r);
}

int path_memo_lstat(const char *path, struct stat *st)
{
	size_t i, len = 0, h = 0;

	if (memo_on) {
		h = memo_hash(path, &len);
		if (folders.cap) {
			i = slot(&folders, path, h, len);
			if (folders.key[i]) {
				*st = folders.st[i];
				return 0;
			}
		}
	}
	if (lstat(path, st) < 0)
		return -1;
	if (memo_on && S_ISDIR(st->st_mode)) {
		i = slot_new(&folders, path, h, len);
		folders.st[i] = *st;
	}
	return 0;
}
