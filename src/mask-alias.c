/* mask-alias.c - see mask-alias.h; proc(5) /proc/PID/mountinfo. */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "mask-alias.h"

#ifdef __linux__
/* One line of mountinfo: the filesystem's device, the folder of it that
 * is the mount's root, and where it is mounted. */
struct mnt {
	char *dev;
	char *root;
	char *at;
};

/* s with mountinfo's \ooo escapes (space, tab, newline, backslash)
 * undone, in place. */
static void unescape(char *s)
{
	char *w = s;

	for (char *r = s; *r; r++, w++) {
		if (r[0] == '\\' && r[1] >= '0' && r[1] <= '3' && r[2] >= '0' && r[2] <= '7' &&
		    r[3] >= '0' && r[3] <= '7') {
			*w = (char)((r[1] - '0') * 64 + (r[2] - '0') * 8 + (r[3] - '0'));
			r += 3;
		} else {
			*w = *r;
		}
	}
	*w = '\0';
}

/* true when path is dir or lies beneath it (both absolute, no "//"). */
static bool under(const char *path, const char *dir)
{
	size_t n = strlen(dir);

	if (strcmp(dir, "/") == 0)
		return true;
	return strncmp(path, dir, n) == 0 && (path[n] == '/' || path[n] == '\0');
}

/* dir joined with rest ("" or "/..."): a new string. */
static char *join(const char *dir, const char *rest)
{
	if (!*rest)
		return xstrdup(dir);
	return strcmp(dir, "/") == 0 ? xstrdup(rest) : xasprintf("%s%s", dir, rest);
}

/* The mounts of /proc/self/mountinfo into *list (*n). -1 with errno set
 * when it cannot be read or a line has fewer than five fields. */
static int read_mounts(struct mnt **list, size_t *n)
{
	FILE *f = fopen("/proc/self/mountinfo", "re");
	char *line = NULL, *save, *fld[5];
	size_t cap = 0;
	int rc = 0;

	*list = NULL;
	*n = 0;
	if (!f)
		return -1;
	while (rc == 0 && getline(&line, &cap, f) > 0) {
		char *p = line;
		int i;

		for (i = 0; i < 5 && (fld[i] = strtok_r(p, " \n", &save)); i++)
			p = NULL;
		if (i < 5) {
			errno = EINVAL;
			rc = -1;
			break;
		}
		unescape(fld[3]);
		unescape(fld[4]);
		*list = xreallocarray(*list, *n + 1, sizeof(**list));
		(*list)[*n] = (struct mnt){ xstrdup(fld[2]), xstrdup(fld[3]), xstrdup(fld[4]) };
		(*n)++;
	}
	if (rc == 0 && ferror(f))
		rc = -1, errno = EIO;
	free(line);
	fclose(f);
	return rc;
}

/* Append to *out (*n) mask m at path, with identity id, unless a mask is
 * there already. */
static void add(struct ll_mask **out, size_t *n, const struct ll_mask *m, const char *path,
		const struct stat *id)
{
	for (size_t i = 0; i < *n; i++)
		if (strcmp((*out)[i].path, path) == 0)
			return;
	*out = xreallocarray(*out, *n + 1, sizeof(**out));
	(*out)[*n] = *m;
	(*out)[*n].path = xstrdup(path);
	if (id) {
		(*out)[*n].dev = (uint64_t)id->st_dev;
		(*out)[*n].ino = (uint64_t)id->st_ino;
		(*out)[*n].is_dir = S_ISDIR(id->st_mode);
	}
	(*n)++;
}

/* Add m's aliases (mask_alias_list()) among the k mounts mt. */
static void aliases(const struct ll_mask *m, const struct mnt *mt, size_t k, struct ll_mask **out,
		    size_t *n)
{
	size_t best = k, i;
	cleanup_free char *rel = NULL;
	struct stat st;

	/* the mount m->path is in: the deepest mount point above it, the
	 * last listed of equals (mounted on top) */
	for (i = 0; i < k; i++)
		if (under(m->path, mt[i].at) &&
		    (best == k || strlen(mt[i].at) >= strlen(mt[best].at)))
			best = i;
	if (best == k)
		return;
	rel = join(mt[best].root, m->path + (strcmp(mt[best].at, "/") == 0 ? 0 : strlen(mt[best].at)));
	for (i = 0; i < k; i++) {
		cleanup_free char *at = NULL;

		if (i == best || strcmp(mt[i].dev, mt[best].dev) != 0)
			continue;
		if (under(rel, mt[i].root)) {
			at = join(mt[i].at, rel + (strcmp(mt[i].root, "/") == 0 ? 0 : strlen(mt[i].root)));
			if (strcmp(at, m->path) != 0 && lstat(at, &st) == 0 &&
			    (uint64_t)st.st_dev == m->dev && (uint64_t)st.st_ino == m->ino)
				add(out, n, m, at, NULL);
		} else if (m->is_dir && m->kind != LL_MASK_PIN && under(mt[i].root, rel) &&
			   lstat(mt[i].at, &st) == 0) {
			add(out, n, m, mt[i].at, &st); /* a part of the masked folder */
		}
	}
}

int mask_alias_list(const struct ll_mask *masks, size_t n, struct ll_mask **out, size_t *n_out,
		    struct fsj_error *err)
{
	struct mnt *mt = NULL;
	size_t k = 0;

	*out = NULL;
	*n_out = 0;
	if (read_mounts(&mt, &k) < 0) {
		int e = errno;

		for (size_t i = 0; i < k; i++)
			free(mt[i].dev), free(mt[i].root), free(mt[i].at);
		free(mt);
		fsj_error_set(err, NULL, 0, 0,
			      "mount masks: cannot read /proc/self/mountinfo for the other mounts "
			      "of the masked paths: %s", strerror(e));
		errno = e;
		return -1;
	}
	for (size_t i = 0; i < n; i++) {
		add(out, n_out, &masks[i], masks[i].path, NULL);
		aliases(&masks[i], mt, k, out, n_out);
	}
	for (size_t i = 0; i < k; i++)
		free(mt[i].dev), free(mt[i].root), free(mt[i].at);
	free(mt);
	return 0;
}

void mask_alias_free(struct ll_mask *list, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(list[i].path);
	free(list);
}

#else
/* ISO C wants at least one declaration in a translation unit. */
typedef int mask_alias_not_this_system;
#endif /* __linux__ */
