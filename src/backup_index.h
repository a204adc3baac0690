/* backup_index.h - the backup cycle's bookkeeping (issue 19 item 2):
 * hash sets keyed by file identity (st_dev, st_ino) and by path, so that
 * "already saved in this cycle?" costs O(1) under the lock the listener
 * and the broker share, not a scan of every path saved so far. Not
 * thread-safe: the cycle's lock covers it. */
#ifndef FSJAIL_BACKUP_INDEX_H
#define FSJAIL_BACKUP_INDEX_H

#include <stdbool.h>
#include <sys/types.h>

/* What the cycle knows of one file. */
enum backup_ident_state {
	BACKUP_IDENT_NONE = 0, /* a fresh entry */
	BACKUP_IDENT_COPIED,   /* content saved as a copy (or clone) */
	BACKUP_IDENT_LINKED,   /* inode kept by a hard link in the store */
	BACKUP_IDENT_SKIPPED,  /* recorded, not saved (larger than the cap) */
	BACKUP_IDENT_CREATED,  /* made by the run: nothing to save */
	BACKUP_IDENT_META,     /* only its mode, owner and times recorded */
};

struct backup_ident {
	dev_t dev;
	ino_t ino;
	enum backup_ident_state state;
	char *path; /* the first path that reached it (owned by the index) */
	unsigned long num; /* LINKED: the link is files/<num>; META: 1 = not times only */
	bool used;
};

struct backup_index;

/* A new, empty index (caller frees with backup_index_free()). */
struct backup_index *backup_index_new(void);
void backup_index_free(struct backup_index *ix);

/* The entry of (dev, ino): NULL when absent and !insert; with insert, a
 * new entry in state BACKUP_IDENT_NONE with path copied. The pointer is
 * valid until the next insertion. */
struct backup_ident *backup_index_ident(struct backup_index *ix, dev_t dev, ino_t ino, bool insert,
					const char *path);

/* Add path to the path set; true when it was not there before. */
bool backup_index_path_add(struct backup_index *ix, const char *path);

/* true when path is in the path set. */
bool backup_index_path_has(const struct backup_index *ix, const char *path);

#endif
