/* absentid.c - rule folders by identity (see absentid.h). */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#ifdef __linux__
#include <sys/sysmacros.h> /* makedev(); <sys/types.h> has it on macOS */
#endif
#include <unistd.h>

#include "absentid.h"
#include "path.h"
#include "util.h"

#ifndef O_PATH
#define O_PATH O_RDONLY /* macOS: no listener there; the table is unused */
#endif

struct absentid_key {
	uint64_t dev, ino;
	char *path; /* the host spelling (resolved) */
};

struct absentid {
	struct absentid_key *keys; /* sorted by (dev, ino, path) */
	size_t n, cap;
	bool may_alias; /* see may_alias() */
};

static const struct absentid *run_table;

void absentid_set_run(const struct absentid *t)
{
	run_table = t;
}

const struct absentid *absentid_run(void)
{
	return run_table;
}

/* Whether a key folder may be in view through a second mount: some
 * key's filesystem (st_dev) is not mounted exactly once in this mount
 * namespace's table (/proc/self/mountinfo's major:minor: a bind mount, a
 * second mount of the disk, or a device the table names otherwise, as
 * btrfs's subvolumes), or the table cannot be read. When none is, every
 * folder has one path, and absentid_spell() has nothing to find: the
 * command cannot mount (Landlock refuses mount(2) and its kin to a
 * sandboxed process), and its mount namespace is made private
 * (MS_REC|MS_PRIVATE), so no mount the host makes later reaches it; run
 * without one (no mount masks), a bind mount the host's own user makes
 * during the run is not seen. */
static bool may_alias(const struct absentid *t)
{
#ifndef __linux__
	return t != NULL; /* no mount table to read: walk (the table is unused there) */
#else
	FILE *f = fopen("/proc/self/mountinfo", "re");
	char *line = NULL;
	size_t cap = 0, n_devs = 0;
	dev_t *devs = NULL;
	bool alias = f == NULL;

	while (f && getline(&line, &cap, f) > 0) {
		unsigned maj, min;

		if (sscanf(line, "%*u %*u %u:%u", &maj, &min) != 2) {
			alias = true;
			break;
		}
		devs = xreallocarray(devs, n_devs + 1, sizeof(*devs));
		devs[n_devs++] = makedev(maj, min);
	}
	if (f)
		fclose(f);
	free(line);
	for (size_t i = 0; !alias && i < t->n; i++) {
		size_t seen = 0;

		if (i && t->keys[i].dev == t->keys[i - 1].dev)
			continue; /* sorted: each filesystem once */
		for (size_t j = 0; j < n_devs; j++)
			seen += (uint64_t)devs[j] == t->keys[i].dev;
		alias = seen != 1;
	}
	free(devs);
	return alias;
#endif
}

void absentid_assume_aliases(struct absentid *t)
{
	t->may_alias = true;
}

static int key_cmp(const void *a, const void *b)
{
	const struct absentid_key *x = a, *y = b;

	if (x->dev != y->dev)
		return x->dev < y->dev ? -1 : 1;
	if (x->ino != y->ino)
		return x->ino < y->ino ? -1 : 1;
	return strcmp(x->path, y->path);
}

/* The folders looked at so far (sorted, owned): each is looked at once,
 * and so are its ancestors, however many rules lie below it. */
struct seen {
	char **v;
	size_t n;
};

/* Whether dir was looked at already; else it is added (copied). */
static bool seen_before(struct seen *s, const char *dir)
{
	size_t lo = 0, hi = s->n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int c = strcmp(s->v[mid], dir);

		if (c == 0)
			return true;
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	s->v = xreallocarray(s->v, s->n + 1, sizeof(*s->v));
	memmove(s->v + lo + 1, s->v + lo, (s->n - lo) * sizeof(*s->v));
	s->v[lo] = xstrdup(dir);
	s->n++;
	return false;
}

/* Key each existing proper ancestor of the rule path p that is a
 * folder: the folder a name of p would be made in, whatever folders the
 * run makes or replaces below it (the walk of absentid_spell() goes up
 * to the first key whose spelling still names it). A folder in seen is
 * not looked at again, nor are the ones above it. */
static void key_rule_path(struct absentid *t, struct seen *seen, const char *p)
{
	cleanup_free char *dir = NULL;
	struct stat st;

	if (!p || p[0] != '/' || strcmp(p, "/") == 0)
		return;
	dir = path_dirname(p);
	for (;;) {
		char *next;

		if (seen_before(seen, dir))
			return;
		/* stat, not lstat: the resolved spelling has no symbolic link
		 * but the last name's, which is not looked at */
		if (stat(dir, &st) == 0 && S_ISDIR(st.st_mode)) {
			if (t->n == t->cap) {
				t->cap = t->cap ? 2 * t->cap : 64;
				t->keys = xreallocarray(t->keys, t->cap, sizeof(*t->keys));
			}
			t->keys[t->n++] = (struct absentid_key){ (uint64_t)st.st_dev,
								 (uint64_t)st.st_ino, xstrdup(dir) };
		}
		if (strcmp(dir, "/") == 0)
			return;
		next = path_dirname(dir);
		free(dir);
		dir = next;
	}
}

struct absentid *absentid_new(const struct fsj_policy *pol)
{
	struct absentid *t = xcalloc(1, sizeof(*t));
	struct seen seen = { NULL, 0 };
	size_t w = 0;

	for (size_t i = 0; pol && i < pol->n_rules; i++) {
		const struct fsj_rule *r = &pol->rules[i];

		key_rule_path(t, &seen, r->resolved ? r->resolved : r->path);
	}
	for (size_t i = 0; i < seen.n; i++)
		free(seen.v[i]);
	free(seen.v);
	if (t->n)
		qsort(t->keys, t->n, sizeof(*t->keys), key_cmp);
	for (size_t i = 0; i < t->n; i++) { /* one key per (identity, spelling) */
		if (w && key_cmp(&t->keys[w - 1], &t->keys[i]) == 0)
			free(t->keys[i].path);
		else
			t->keys[w++] = t->keys[i];
	}
	t->n = w;
	t->may_alias = t->n && may_alias(t);
	return t;
}

void absentid_free(struct absentid *t)
{
	if (!t)
		return;
	for (size_t i = 0; i < t->n; i++)
		free(t->keys[i].path);
	free(t->keys);
	free(t);
}

/* The first key of identity st, or NULL. */
static const struct absentid_key *find(const struct absentid *t, const struct stat *st)
{
	size_t lo = 0, hi = t->n;
	uint64_t dev = (uint64_t)st->st_dev, ino = (uint64_t)st->st_ino;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		const struct absentid_key *k = &t->keys[mid];

		if (k->dev < dev || (k->dev == dev && k->ino < ino))
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo < t->n && t->keys[lo].dev == dev && t->keys[lo].ino == ino)
		return &t->keys[lo];
	return NULL;
}

/* Each spelling of the keys from k on (all of one identity) that still
 * names that folder, plus rest (the names walked: "" or "/a/b"), when it
 * differs from at, into out; *valid: one still names it. */
static int spellings(const struct absentid *t, const struct absentid_key *k, const char *rest,
		     const char *at, char **out, size_t max, bool *valid)
{
	const struct absentid_key *end = t->keys + t->n, *first = k;
	size_t n = 0;

	*valid = false;
	for (; k < end && k->dev == first->dev && k->ino == first->ino; k++) {
		struct stat st;
		char *s;

		/* a spelling that no longer names the folder (it was renamed
		 * or removed during the run) is not one: the rule is a path */
		if (stat(k->path, &st) < 0 || (uint64_t)st.st_dev != k->dev ||
		    (uint64_t)st.st_ino != k->ino)
			continue;
		*valid = true;
		s = !*rest		       ? xstrdup(k->path)
		    : strcmp(k->path, "/") == 0 ? xstrdup(rest)
						 : xasprintf("%s%s", k->path, rest);
		if (strcmp(s, at) == 0) {
			free(s);
			continue;
		}
		if (n == max) {
			free(s);
			while (n)
				free(out[--n]);
			errno = E2BIG;
			return -1;
		}
		out[n++] = s;
	}
	return (int)n;
}

int absentid_spell(const struct absentid *t, int dir, const char *dir_path, char **out,
		   size_t max)
{
	const struct absentid_key *k;
	const char *p = dir_path ? dir_path + strlen(dir_path) : NULL, *s;
	struct stat st, held;
	cleanup_fd int cur = -1;
	bool valid;
	int n;

	if (!t || !t->n || !t->may_alias || !dir_path || dir_path[0] != '/')
		return 0;
	if (fstat(dir, &st) < 0)
		return -1;
	cur = fcntl(dir, F_DUPFD_CLOEXEC, 3);
	if (cur < 0)
		return -1;
	/* up through "..", each step checked to hold the folder below by
	 * the name the kernel's path gives it, to the first key that still
	 * names its folder; dir_path[0..p) is cur's path ("" for "/") */
	for (;;) {
		char name[NAME_MAX + 1];
		int next;

		k = find(t, &st);
		if (k) {
			n = spellings(t, k, p, dir_path, out, max, &valid);
			if (n != 0 || valid)
				return n;
		}
		if (p == dir_path || (p == dir_path + 1 && dir_path[0] == '/'))
			return 0; /* at the root: no key on the way */
		for (s = p; s > dir_path && s[-1] != '/'; s--)
			;
		if ((size_t)(p - s) > NAME_MAX || p == s) {
			errno = ESTALE;
			return -1;
		}
		memcpy(name, s, (size_t)(p - s));
		name[p - s] = '\0';
		next = openat(cur, "..", O_PATH | O_DIRECTORY | O_CLOEXEC);
		if (next < 0)
			return -1;
		close(cur);
		cur = next;
		if (fstatat(cur, name, &held, AT_SYMLINK_NOFOLLOW) < 0 || held.st_dev != st.st_dev ||
		    held.st_ino != st.st_ino || fstat(cur, &st) < 0) {
			errno = ESTALE;
			return -1;
		}
		p = s - 1; /* the '/' before name */
	}
}
