/* repometa-cache.c - the last walk of each workspace, kept in fsjail's
 * state ($STATE/scan/, unreadable and unwritable from inside a run: the
 * baseline's protected level) so that the next command reads only the
 * folders whose entries changed since (repometa-walk.c says when a folder
 * counts as unchanged). The file is only a hint: every folder it names is
 * checked against the filesystem before its entries are taken from it,
 * and a file that is not exactly what repometa_cache_save() writes, for
 * this workspace and these walk bounds, is ignored (a full walk). A lost
 * or torn write costs a full walk, never a repository, so it is renamed
 * into place without fsync.
 *
 * Format: a header line
 *   fsjail-repo-scan/1 MAX_DEPTH MAX_ENTRIES WALK_SEC WALK_NSEC N_DIRS\n
 * the workspace and a NUL, then N_DIRS records in walk order (breadth
 * first, so the subfolders of each folder follow those of the one before)
 *   DEV INO CTIME_SEC CTIME_NSEC N_CHILDREN ENTRIES FLAGS NAME\0
 * where NAME is the folder's name in its parent ("" for the workspace)
 * and FLAGS is 1 (.git entry) + 2 (a subfolder past MAX_DEPTH) + 4 (never
 * stat()ed: always read again). */

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "path.h"
#include "repometa-int.h"
#include "util.h"

#define CACHE_SCHEMA "fsjail-repo-scan/1"
/* Largest cache file read: REPOMETA_MAX_ENTRIES folders of ~300 bytes. */
#define CACHE_FILE_MAX (16u * 1024u * 1024u)

/* $STATE/scan/<FNV-1a 64 of the workspace>: one file per workspace; the
 * file names its workspace, so a collision is only a miss. */
static char *cache_path(const char *dir, const char *workspace)
{
	uint64_t h = 1469598103934665603ull;

	for (const unsigned char *p = (const unsigned char *)workspace; *p; p++)
		h = (h ^ *p) * 1099511628211ull;
	return xasprintf("%s/%016" PRIx64, dir, h);
}

/* The next space-terminated unsigned number at *p, or -1. */
static int next_num(char **p, const char *end, unsigned long long *out)
{
	char *e;

	if (*p >= end || **p < '0' || **p > '9')
		return -1;
	errno = 0;
	*out = strtoull(*p, &e, 10);
	if (errno || e >= end || *e != ' ')
		return -1;
	*p = e + 1;
	return 0;
}

static bool good_name(const char *name)
{
	return *name && !strchr(name, '/') && strcmp(name, ".") != 0 && strcmp(name, "..") != 0 &&
	       strcmp(name, ".git") != 0;
}

/* Parse buf (len bytes, NUL-terminated) into out; false when it is not a
 * cache of workspace. */
static bool parse(char *buf, size_t len, const char *workspace, struct repometa *out)
{
	char *p = buf, *end = buf + len, *nl = memchr(buf, '\n', len);
	unsigned long long depth, entries, sec, nsec, n, next = 1;
	char head[64];

	snprintf(head, sizeof(head), "%s ", CACHE_SCHEMA);
	if (!nl || strncmp(p, head, strlen(head)) != 0)
		return false;
	p += strlen(head);
	*nl = ' ';
	if (next_num(&p, nl + 1, &depth) < 0 || next_num(&p, nl + 1, &entries) < 0 ||
	    next_num(&p, nl + 1, &sec) < 0 || next_num(&p, nl + 1, &nsec) < 0 ||
	    next_num(&p, nl + 1, &n) < 0 || p != nl + 1 || depth != REPOMETA_MAX_DEPTH ||
	    entries != REPOMETA_MAX_ENTRIES || n == 0 || n > REPOMETA_MAX_ENTRIES + 1)
		return false;
	if (strnlen(p, (size_t)(end - p)) == (size_t)(end - p) || strcmp(p, workspace) != 0)
		return false;
	p += strlen(p) + 1;
	out->walk_sec = (long long)sec;
	out->walk_nsec = (long long)nsec;
	out->dirs = xcalloc((size_t)n, sizeof(*out->dirs));
	out->cap_dirs = (size_t)n;
	for (size_t i = 0, parent = 0; i < n; i++) {
		struct repometa_dir *d = &out->dirs[i];
		unsigned long long v[7];

		for (int k = 0; k < 7; k++)
			if (next_num(&p, end, &v[k]) < 0)
				return false;
		if (strnlen(p, (size_t)(end - p)) == (size_t)(end - p))
			return false;
		d->dev = v[0];
		d->ino = v[1];
		d->ctime_sec = (long long)v[2];
		d->ctime_nsec = (long long)v[3];
		d->n_children = (size_t)v[4];
		d->entries = (size_t)v[5];
		d->dotgit = v[6] & 1;
		d->deep = v[6] & 2;
		if (v[6] & 4)
			d->ctime_sec = d->ctime_nsec = -1;
		/* breadth first: the subfolders of i follow those of i - 1 */
		if (v[4] > n - next || v[6] > 7)
			return false;
		d->first_child = (size_t)next;
		next += v[4];
		if (i == 0) {
			if (*p)
				return false;
			d->path = xstrdup(workspace);
		} else {
			/* the parent: the folder whose subfolders hold i */
			while (parent < i && !(out->dirs[parent].first_child <= i &&
					       i < out->dirs[parent].first_child +
							   out->dirs[parent].n_children))
				parent++;
			if (parent >= i || !good_name(p) ||
			    out->dirs[parent].depth + 1 > REPOMETA_MAX_DEPTH)
				return false;
			d->depth = out->dirs[parent].depth + 1;
			d->path = path_join(out->dirs[parent].path, p);
		}
		out->n_dirs = i + 1;
		p += strlen(p) + 1;
	}
	return next == n && p == end;
}

bool repometa_cache_load(const char *dir, const char *workspace, struct repometa *out)
{
	cleanup_free char *path = NULL, *buf = NULL;
	size_t len = 0;

	memset(out, 0, sizeof(*out));
	if (!dir || !workspace)
		return false;
	path = cache_path(dir, workspace);
	if (read_file(path, CACHE_FILE_MAX, &buf, &len) < 0)
		return false;
	if (parse(buf, len, workspace, out))
		return true;
	repometa_release(out);
	return false;
}

void repometa_save(const struct repometa *m, const char *dir)
{
	cleanup_free char *path = NULL, *tmp = NULL;
	struct strbuf sb = STRBUF_INIT;
	int fd;

	if (!dir || m->budget_hit || m->n_dirs == 0 || !repometa_walk_trusted(m->dirs[0].path))
		return;
	if (mkdir(dir, 0700) < 0 && errno != EEXIST)
		return;
	sb_addf(&sb, "%s %u %u %lld %lld %zu\n", CACHE_SCHEMA, (unsigned)REPOMETA_MAX_DEPTH,
		REPOMETA_MAX_ENTRIES, m->walk_sec, m->walk_nsec, m->n_dirs);
	sb_adds(&sb, m->dirs[0].path);
	sb_addc(&sb, '\0');
	for (size_t i = 0; i < m->n_dirs; i++) {
		const struct repometa_dir *d = &m->dirs[i];
		const char *name = i == 0 ? "" : strrchr(d->path, '/') + 1;

		bool unknown = d->ctime_sec < 0 || d->ctime_nsec < 0;

		sb_addf(&sb, "%llu %llu %lld %lld %zu %zu %u %s", d->dev, d->ino,
			unknown ? 0 : d->ctime_sec, unknown ? 0 : d->ctime_nsec, d->n_children,
			d->entries, (unsigned)(d->dotgit | (d->deep << 1) | (unknown << 2)), name);
		sb_addc(&sb, '\0');
	}
	path = cache_path(dir, m->dirs[0].path);
	tmp = xasprintf("%s.%ld.tmp", path, (long)getpid());
	fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
	if (fd >= 0) {
		bool ok = write_all(fd, sb.buf, sb.len) == 0;

		if (close(fd) < 0 || !ok || rename(tmp, path) < 0)
			(void)unlink(tmp);
	}
	sb_release(&sb);
}
