/* path-memo.c - the memo of path_resolve() and of folder lstat(2)s
 * (path-memo.h, path.h path_resolve_memo()). */
#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "path.h"
#include "path-absent.h"
#include "path-table.h"
#include "path-memo.h"
#include "util.h"

#define MIN_CAP 256

static _Thread_local bool memo_on; /* per thread: ctx-scan.c's is off */
/* resolved spellings (u.val); kept lstat of folders (u.st) */
static struct pt_table resolved, folders;

/* path_hash_n() (path-table.h) of the string s, its length into *len. */
static size_t memo_hash(const char *s, size_t *len)
{
	*len = strlen(s);
	return path_hash_n(s, *len);
}

/* The kept lstat of folder dir (dlen bytes) into *st: path-absent.h. */
static bool folder_kept(const char *dir, size_t dlen, struct stat *st)
{
	struct pt_slot *sl = pt_find(&folders, dir, path_hash_n(dir, dlen), dlen);

	if (sl)
		*st = *sl->u.st;
	return sl != NULL;
}

void path_resolve_memo(enum path_memo mode)
{
	if (mode == PATH_MEMO_OFF) {
		pt_free(&resolved);
		pt_free(&folders);
	}
	if (mode != PATH_MEMO_PAUSE)
		path_absent_span(mode == PATH_MEMO_ON);
	memo_on = mode == PATH_MEMO_ON;
}

char *path_memo_resolved(const char *abs)
{
	size_t len, h;
	struct pt_slot *sl;

	if (!memo_on)
		return NULL;
	h = memo_hash(abs, &len);
	sl = pt_find(&resolved, abs, h, len);
	return sl ? xstrdup(sl->u.val) : NULL;
}

void path_memo_keep(const char *abs, const char *r, bool live)
{
	size_t len, h;
	struct pt_slot *sl;

	if (!memo_on)
		return;
	h = memo_hash(abs, &len);
	sl = pt_get(&resolved, abs, h, len, MIN_CAP);
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
	struct pt_slot *sl;

	if (!memo_on || !(sl = pt_find(&resolved, abs, path_hash_n(abs, len), len)))
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
	struct pt_slot *sl;

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
		sl = pt_get(&folders, path, path_hash_n(path, len), len, MIN_CAP);
		if (!sl->u.st)
			sl->u.st = xmalloc(sizeof(*st));
		*sl->u.st = *st;
	}
	return 0;
}
