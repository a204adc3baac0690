/* repometa-cache.c - the record of a workspace walk and its file in
 * fsjail's state folder (see repometa-cache.h).
 *
 * File format (version 2), every number decimal, names length-prefixed
 * (a name may hold any byte but '/' and NUL, a newline included):
 *   fsjail-scan 1\n
 *   <len>:<workspace>\n
 *   <time_s> <time_ns> <n>\n
 *   n lines: <parent|-> <dev> <ino> <mtime_s> <mtime_ns> <ctime_s> <ctime_ns>
 *            <entries> <flags> <len>:<name>\n   (the workspace first, parent "-")
 *   end\n */

#include "repometa-cache.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "path.h"
#include "repometa.h"
#include "state-rec.h"
#include "util.h"

#define CACHE_MAGIC "fsjail-scan 2\n"
/* At most one record per folder the budget lets the walk read. */
#define CACHE_MAX_RECS ((size_t)REPOMETA_MAX_ENTRIES + 1)

struct repometa_cache *repometa_cache_new(const char *workspace)
{
	struct repometa_cache *c = xcalloc(1, sizeof(*c));
	struct stat st;

	c->workspace = xstrdup(workspace);
	(void)clock_gettime(CLOCK_REALTIME, &c->time);
	c->complete = true;
	if (lstat(workspace, &st) == 0) {
		c->dev = (uint64_t)st.st_dev;
		c->fs_exact = fsj_fs_exact(workspace);
	}
	return c;
}

void repometa_cache_free(struct repometa_cache *c)
{
	if (!c)
		return;
	for (size_t i = 0; i < c->n; i++)
		free(c->v[i].name);
	free(c->v);
	free(c->hash);
	free(c->workspace);
	free(c);
}

size_t repometa_cache_add(struct repometa_cache *c, size_t parent, const char *name,
			  const struct stat *st, size_t entries, unsigned flags)
{
	if (c->n == c->cap) {
		c->cap = c->cap ? 2 * c->cap : 64;
		c->v = xreallocarray(c->v, c->cap, sizeof(*c->v));
	}
	c->v[c->n] = (struct repometa_cache_rec){
		.parent = parent,
		.name = xstrdup(name),
		.dev = (uint64_t)st->st_dev,
		.ino = (uint64_t)st->st_ino,
		.mtime = FSJ_STAT_MTIM(st),
		.ctime = FSJ_STAT_CTIM(st),
		.entries = entries,
		.flags = flags,
		.first_child = REPOMETA_CACHE_NONE,
		.next_sibling = REPOMETA_CACHE_NONE,
	};
	return c->n++;
}

static size_t slot_of(const struct repometa_cache *c, size_t parent, const char *name)
{
	uint64_t h = srec_fnv1a(SREC_FNV_START, &parent, sizeof(parent));

	h = srec_fnv1a(h, name, strlen(name));
	return (size_t)(h & (c->hash_size - 1));
}

/* Child lists and the (parent, name) index; false when a name repeats
 * under one parent (a forged file). */
static bool link_records(struct repometa_cache *c)
{
	free(c->hash);
	c->hash_size = 16;
	while (c->hash_size < 2 * c->n)
		c->hash_size *= 2;
	c->hash = xreallocarray(NULL, c->hash_size, sizeof(*c->hash));
	for (size_t i = 0; i < c->hash_size; i++)
		c->hash[i] = REPOMETA_CACHE_NONE;
	for (size_t i = c->n; i-- > 1;) {
		struct repometa_cache_rec *r = &c->v[i];
		size_t s = slot_of(c, r->parent, r->name);

		for (; c->hash[s] != REPOMETA_CACHE_NONE; s = (s + 1) & (c->hash_size - 1)) {
			const struct repometa_cache_rec *o = &c->v[c->hash[s]];

			if (o->parent == r->parent && strcmp(o->name, r->name) == 0)
				return false;
		}
		c->hash[s] = i;
		r->next_sibling = c->v[r->parent].first_child;
		c->v[r->parent].first_child = i;
	}
	return true;
}

void repometa_cache_link(struct repometa_cache *c)
{
	/* records the walk made: names are unique per folder */
	(void)link_records(c);
}

size_t repometa_cache_child(const struct repometa_cache *c, size_t i, const char *name)
{
	if (!c->hash || i >= c->n)
		return REPOMETA_CACHE_NONE;
	for (size_t s = slot_of(c, i, name); c->hash[s] != REPOMETA_CACHE_NONE;
	     s = (s + 1) & (c->hash_size - 1)) {
		const struct repometa_cache_rec *o = &c->v[c->hash[s]];

		if (o->parent == i && strcmp(o->name, name) == 0)
			return c->hash[s];
	}
	return REPOMETA_CACHE_NONE;
}

static bool ts_eq(struct timespec a, struct timespec b)
{
	return a.tv_sec == b.tv_sec && a.tv_nsec == b.tv_nsec;
}

bool repometa_cache_usable(const struct repometa_cache *old, size_t i, const struct stat *st,
			   const struct repometa_cache *new)
{
	const struct repometa_cache_rec *r;

	if (!old || i >= old->n || !new->fs_exact || !S_ISDIR(st->st_mode))
		return false;
	r = &old->v[i];
	if ((uint64_t)st->st_dev != new->dev || r->dev != (uint64_t)st->st_dev ||
	    r->ino != (uint64_t)st->st_ino || !ts_eq(r->mtime, FSJ_STAT_MTIM(st)) ||
	    !ts_eq(r->ctime, FSJ_STAT_CTIM(st)))
		return false;
	/* racy: changed within REPOMETA_CACHE_RACY_S of the recording walk */
	return r->ctime.tv_sec < old->time.tv_sec - REPOMETA_CACHE_RACY_S;
}

/* ---- the file ---- */

static char *cache_name(const char *workspace)
{
	uint64_t h = srec_fnv1a(SREC_FNV_START, workspace, strlen(workspace));

	return xasprintf("ws-%016llx", (unsigned long long)h);
}

static bool name_ok(const char *name)
{
	return name[0] && !strchr(name, '/') && strcmp(name, ".") != 0 && strcmp(name, "..") != 0 &&
	       strcmp(name, ".git") != 0;
}

static struct repometa_cache *parse(const char *buf, size_t len, const char *workspace)
{
	struct srec_cursor c = { buf, buf + len };
	struct repometa_cache *out = xcalloc(1, sizeof(*out));
	unsigned long long ts, tns, n;
	cleanup_free char *ws = NULL;
	bool sok;

	if (len < sizeof(CACHE_MAGIC) - 1 || memcmp(buf, CACHE_MAGIC, sizeof(CACHE_MAGIC) - 1) != 0)
		goto refuse;
	c.p += sizeof(CACHE_MAGIC) - 1;
	ws = srec_str(&c, PATH_MAX, false, '\n', &sok);
	if (!ws || strcmp(ws, workspace) != 0)
		goto refuse;
	if (!srec_num(&c, &ts, ' ') || !srec_num(&c, &tns, ' ') || !srec_num(&c, &n, '\n') ||
	    tns >= 1000000000ULL || ts > (unsigned long long)INT64_MAX || n == 0 ||
	    n > CACHE_MAX_RECS)
		goto refuse;
	out->workspace = xstrdup(workspace);
	out->time.tv_sec = (time_t)ts;
	out->time.tv_nsec = (long)tns;
	out->complete = true;
	for (unsigned long long i = 0; i < n; i++) {
		unsigned long long parent = 0, dev, ino, ms, mns, cs, cns, entries, flags;
		struct repometa_cache_rec r = { 0 };

		if (i == 0) {
			if (c.end - c.p < 2 || memcmp(c.p, "- ", 2) != 0)
				goto refuse;
			c.p += 2;
		} else if (!srec_num(&c, &parent, ' ') || parent >= i) {
			goto refuse;
		}
		if (!srec_num(&c, &dev, ' ') || !srec_num(&c, &ino, ' ') || !srec_num(&c, &ms, ' ') ||
		    !srec_num(&c, &mns, ' ') || !srec_num(&c, &cs, ' ') || !srec_num(&c, &cns, ' ') ||
		    !srec_num(&c, &entries, ' ') || !srec_num(&c, &flags, ' ') ||
		    mns >= 1000000000ULL || cns >= 1000000000ULL ||
		    ms > (unsigned long long)INT64_MAX || cs > (unsigned long long)INT64_MAX ||
		    entries > REPOMETA_MAX_ENTRIES ||
		    (flags &
		     ~(unsigned long long)(REPOMETA_CACHE_HAS_DOTGIT | REPOMETA_CACHE_HAS_HEAD)))
			goto refuse;
		r.name = srec_str(&c, 255, false, '\n', &sok);
		if (!r.name || (i == 0 ? r.name[0] != '\0' : !name_ok(r.name))) {
			free(r.name);
			goto refuse;
		}
		r.parent = i == 0 ? REPOMETA_CACHE_NONE : (size_t)parent;
		r.dev = dev;
		r.ino = ino;
		r.mtime = (struct timespec){ (time_t)ms, (long)mns };
		r.ctime = (struct timespec){ (time_t)cs, (long)cns };
		r.entries = (size_t)entries;
		r.flags = (unsigned)flags;
		r.first_child = r.next_sibling = REPOMETA_CACHE_NONE;
		if (out->n == out->cap) {
			out->cap = out->cap ? 2 * out->cap : 64;
			out->v = xreallocarray(out->v, out->cap, sizeof(*out->v));
		}
		out->v[out->n++] = r;
	}
	if (c.end - c.p != 4 || memcmp(c.p, "end\n", 4) != 0 || !link_records(out))
		goto refuse;
	return out;

refuse:
	repometa_cache_free(out);
	return NULL;
}

struct repometa_cache *repometa_cache_load(const char *state_dir, const char *workspace)
{
	cleanup_fd int dfd = fsj_state_subdir(state_dir, "scan", false);
	cleanup_fd int fd = -1;
	cleanup_free char *name = NULL, *buf = NULL;
	struct stat st;
	size_t got = 0;

	if (dfd < 0 || !workspace)
		return NULL;
	name = cache_name(workspace);
	/* O_NONBLOCK: a FIFO planted there must not hang the run */
	fd = openat(dfd, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
	if (fd < 0 || fstat(fd, &st) < 0 || !S_ISREG(st.st_mode) || st.st_uid != geteuid() ||
	    (st.st_mode & 022) || st.st_nlink != 1 || st.st_size <= 0 ||
	    (unsigned long long)st.st_size > REPOMETA_CACHE_MAX)
		return NULL;
	buf = xmalloc((size_t)st.st_size + 1);
	while (got < (size_t)st.st_size) {
		ssize_t r = read(fd, buf + got, (size_t)st.st_size - got);

		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			return NULL; /* shorter than fstat said: changing under us */
		got += (size_t)r;
	}
	buf[got] = '\0';
	if (memchr(buf, '\0', got))
		return NULL;
	return parse(buf, got, workspace);
}

int repometa_cache_save(const struct repometa_cache *c, const char *state_dir)
{
	cleanup_fd int dfd = -1;
	cleanup_free char *name = NULL, *rnd = NULL, *tmp = NULL;
	struct strbuf sb = STRBUF_INIT;
	int fd, rc = -1, e = 0;

	if (!c->complete || c->n == 0 || !c->fs_exact) {
		errno = EINVAL;
		return -1;
	}
	dfd = fsj_state_subdir(state_dir, "scan", true);
	if (dfd < 0)
		return -1;
	name = cache_name(c->workspace);
	rnd = random_hex(8);
	tmp = xasprintf(".%s.%s", name, rnd);
	sb_adds(&sb, CACHE_MAGIC);
	{
		char *line = xasprintf("%zu:", strlen(c->workspace));

		sb_adds(&sb, line);
		free(line);
	}
	sb_adds(&sb, c->workspace);
	{
		char *line = xasprintf("\n%lld %ld %zu\n", (long long)c->time.tv_sec,
				       (long)c->time.tv_nsec, c->n);

		sb_adds(&sb, line);
		free(line);
	}
	for (size_t i = 0; i < c->n; i++) {
		const struct repometa_cache_rec *r = &c->v[i];
		char *line;

		if (i == 0)
			sb_adds(&sb, "- ");
		else {
			line = xasprintf("%zu ", r->parent);
			sb_adds(&sb, line);
			free(line);
		}
		line = xasprintf(
			"%llu %llu %lld %ld %lld %ld %zu %u %zu:", (unsigned long long)r->dev,
			(unsigned long long)r->ino, (long long)r->mtime.tv_sec,
			(long)r->mtime.tv_nsec, (long long)r->ctime.tv_sec, (long)r->ctime.tv_nsec,
			r->entries, r->flags, strlen(r->name));
		sb_adds(&sb, line);
		free(line);
		sb_adds(&sb, r->name);
		sb_addc(&sb, '\n');
	}
	sb_adds(&sb, "end\n");
	fd = openat(dfd, tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
	if (fd >= 0) {
		/* no fsync: a torn file fails the "end" check and costs one walk */
		int wr = write_all(fd, sb.buf, sb.len);

		e = errno;
		if (close(fd) < 0 && wr == 0) {
			wr = -1;
			e = errno;
		}
		if (wr == 0 && renameat(dfd, tmp, dfd, name) == 0)
			rc = 0;
		else if (wr == 0)
			e = errno;
		if (rc < 0)
			(void)unlinkat(dfd, tmp, 0);
	} else {
		e = errno;
	}
	sb_release(&sb);
	if (rc < 0)
		errno = e;
	return rc;
}
