/* repometa-cache.h - the record of one walk of a workspace for nested git
 * repositories (repometa-walk.c), kept in fsjail's state folder so that
 * the next walk reads again only the folders that changed. Internal to
 * repometa*.c.
 *
 * Why a folder's record may stand in for reading it: adding, removing or
 * renaming an entry sets the folder's mtime and ctime, and no program can
 * set a ctime back (utimensat(2) sets it to now). A record is used only
 * when the folder's (st_dev, st_ino, mtime, ctime) are the recorded ones,
 * its ctime is more than REPOMETA_CACHE_RACY_S older than the start of
 * the walk that recorded it (a change in the same clock tick as the read
 * would leave both unchanged: git's "racy clean", read-cache.c), and it
 * lies on the workspace's device on a filesystem that keeps exact
 * timestamps (ext2/3/4, XFS, Btrfs, tmpfs; not NFS, FUSE or overlayfs,
 * which cache or merge attributes). The record only says which
 * subfolders a folder had, how many entries, and whether .git or HEAD
 * was among them (a folder that had either is still looked at for .git
 * and a gitdir's shape, whose contents may change without its own
 * entries changing), and a stale record is never used (a subfolder made, moved in or replaced changed its
 * parent's ctime). Only the user can write the state folder (a run
 * cannot: baseline STATE_DIR); the file is hostile input all the same:
 * owner,
 * type, size and every field are checked, and any doubt discards it whole
 * (the walk then reads everything, as without a cache). */
#ifndef FSJAIL_REPOMETA_CACHE_H
#define FSJAIL_REPOMETA_CACHE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/stat.h>
#include <time.h>

/* A folder changed less than this many seconds before a walk started is
 * read again by the next walk (timestamps of ext3 and small ext4 inodes
 * keep whole seconds). */
#define REPOMETA_CACHE_RACY_S 2
/* Largest cache file read (bytes): 10^6 folders of short names. */
#define REPOMETA_CACHE_MAX (64u * 1024u * 1024u)
#define REPOMETA_CACHE_NONE SIZE_MAX
/* A folder's entries named .git and HEAD, as read: a folder with neither
 * whose record stands in need not be looked at for them (its entries are
 * the recorded ones). */
#define REPOMETA_CACHE_HAS_DOTGIT 1u
#define REPOMETA_CACHE_HAS_HEAD 2u

/* One folder the walk read (or took from an earlier walk). */
struct repometa_cache_rec {
	size_t parent; /* index of the parent folder's record; NONE for the workspace */
	char *name;    /* entry name in the parent ("" for the workspace) */
	uint64_t dev, ino;
	struct timespec mtime, ctime;
	size_t entries;                   /* entries counted against the walk's budget */
	unsigned flags;                   /* REPOMETA_CACHE_HAS_* */
	size_t first_child, next_sibling; /* after repometa_cache_link() */
};

struct repometa_cache {
	char *workspace;      /* absolute, as walked */
	struct timespec time; /* when the walk started (CLOCK_REALTIME) */
	struct repometa_cache_rec *v;
	size_t n, cap;
	bool complete; /* the walk ended without hitting its budget */
	bool changed;  /* a folder read again, or no record (to be kept) */
	/* after repometa_cache_link(): (parent, name) -> index */
	size_t *hash;
	size_t hash_size;
	/* the workspace's device and whether its filesystem keeps exact
	 * timestamps (set by repometa_cache_new()) */
	uint64_t dev;
	bool fs_exact;
};

/* A new, empty record for a walk of workspace (absolute) starting now.
 * Never NULL; free with repometa_cache_free(). */
struct repometa_cache *repometa_cache_new(const char *workspace);
void repometa_cache_free(struct repometa_cache *c);

/* Append a folder read by the walk: parent (index or NONE), name (copied),
 * its lstat(2) st, how many entries it held and its REPOMETA_CACHE_HAS_*
 * flags. Returns its index. */
size_t repometa_cache_add(struct repometa_cache *c, size_t parent, const char *name,
			  const struct stat *st, size_t entries, unsigned flags);

/* Build the child lists and the name index of a finished record. */
void repometa_cache_link(struct repometa_cache *c);

/* The child named name of record i of c (linked), or NONE. */
size_t repometa_cache_child(const struct repometa_cache *c, size_t i, const char *name);

/* Whether record i of old (linked) may stand in for reading the folder
 * whose lstat(2) is st, for a walk of new (see the top of this file). */
bool repometa_cache_usable(const struct repometa_cache *old, size_t i, const struct stat *st,
			   const struct repometa_cache *new);

/* The record kept in state_dir/scan/ for workspace, linked, or NULL when
 * there is none or it is refused (wrong owner, type, mode, size, format,
 * workspace or device: then it is as if there were none). */
struct repometa_cache *repometa_cache_load(const char *state_dir, const char *workspace);

/* Keep c (complete) as state_dir/scan/<key> (state_dir must exist; scan/
 * is made 0700), written to a temporary file and renamed over. Returns 0,
 * or -1 with errno (nothing is kept; the next walk reads everything). */
int repometa_cache_save(const struct repometa_cache *c, const char *state_dir);

#endif
