/* gitindex.h - the entries of a git index file below one path
 * (gitindex.c). Git is never run: the file is read as git's
 * Documentation/gitformat-index.txt describes it (versions 2, 3 and 4). */
#ifndef FSJAIL_GITINDEX_H
#define FSJAIL_GITINDEX_H

#include <stdbool.h>
#include <stddef.h>

/* The largest index file read: git's index of a 10^6-file checkout is
 * about 100 MB; a larger file is not looked at (said as unreadable). */
#define GITINDEX_MAX_BYTES (256u << 20)
/* The most entries kept below one path (the rest are counted, not kept):
 * what is said of them is a count and a few names. */
#define GITINDEX_MAX_KEPT 100000u
/* The longest object id: SHA-256. */
#define GITINDEX_OID_MAX 32u

struct gitindex_entry {
	char *name;                          /* relative to the work tree */
	unsigned char oid[GITINDEX_OID_MAX]; /* oid_len bytes used */
};

struct gitindex {
	struct gitindex_entry *v; /* stage-0 entries, in the index's order (sorted by name) */
	size_t n, cap;
	size_t oid_len; /* 20 (SHA-1) or 32 (SHA-256) */
	size_t more;    /* matching entries past GITINDEX_MAX_KEPT */
};

/* Read the index file "index" of the gitdir at the absolute path gitdir
 * (no symlink followed on the way, nor at "index"), with object ids of
 * oid_len bytes (20 or 32), and keep into *out each stage-0 entry whose
 * name is prefix (relative to the work tree, no trailing slash) or lies
 * below it ("": every entry). *out is filled (caller releases with gitindex_release())
 * also on error, possibly empty. Returns 0; -ENOENT when there is no
 * index (no entries, not an error for the caller); another -errno when
 * it cannot be read; -EINVAL when it is not an index this code reads
 * (an unknown version, a split index, a truncated or malformed entry),
 * -EFBIG past GITINDEX_MAX_BYTES. */
int gitindex_read(const char *gitdir, size_t oid_len, const char *prefix, struct gitindex *out);

/* The object id length of the repository whose gitdir (or common gitdir)
 * is gitdir: 32 when its config names extensions.objectFormat sha256,
 * else 20. Never fails. */
size_t gitindex_oid_len(const char *gitdir);

/* The entry of idx named name, or NULL (a binary search: the index is
 * sorted by name). */
const struct gitindex_entry *gitindex_find(const struct gitindex *idx, const char *name);

void gitindex_release(struct gitindex *idx);

#endif
