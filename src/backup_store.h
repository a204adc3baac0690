/* backup_store.h - the ModifyBackup store as a whole (backup.h for one
 * cycle's layout): its cycles, their size, and pruning (issue 14 item 3,
 * "store bounded"). The store is read as hostile state: every folder is
 * opened with O_NOFOLLOW, every name checked. */
#ifndef FSJAIL_BACKUP_STORE_H
#define FSJAIL_BACKUP_STORE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "config.h"
#include "util.h"

/* One cycle folder: STATE/sessions/<session>/modify_backup/<name>. */
struct backup_store_cycle {
	char *session;
	char *name;
	char *dir; /* absolute */
};

/* Every cycle under state_dir (of session only, when not NULL), oldest
 * first (cycle names start with their UTC time). Names starting with '.'
 * and entries that are not folders are left out. *n gets the count;
 * returns the array (NULL when none; free with backup_store_free()). */
struct backup_store_cycle *backup_store_list(const char *state_dir, const char *session, size_t *n);
void backup_store_free(struct backup_store_cycle *v, size_t n);

/* Open the cycle folder c->dir without following a symlink on the way.
 * Returns a descriptor (caller closes) or -1 with errno set. */
int backup_store_open(const struct backup_store_cycle *c);

/* Disk space one cycle holds, in bytes: its files' blocks (st_blocks *
 * 512), not counting a saved file that still has another name (a link
 * whose removal never happened shares its blocks with that name). */
unsigned long long backup_store_cycle_bytes(const struct backup_store_cycle *c);

/* The whole store: *bytes (as above, summed) and *cycles. For `fsjail
 * status` ("backups: N cycles, X MiB"). Returns 0 (an absent store is
 * empty). */
int backup_store_size(const char *state_dir, unsigned long long *bytes, size_t *cycles);

/* The prune limits of cfg (backup.keep_days, backup.store_max_mb;
 * fsjail.yaml(5)): cycles older than *days days go, and the oldest go
 * while the store is over *max_mb MiB. */
void backup_store_limits(const struct fsj_config *cfg, unsigned long *days, unsigned long *max_mb);

/* Prune the cycles v[0..n) (oldest first, as backup_store_list()): each
 * one older than days days, then the oldest while the store is over
 * max_mb MiB. Never a cycle still being written (backup_store_in_use()),
 * nor v[keep] (keep >= n: none; the cycle a run just made). report: one
 * line per cycle ("pruned S C (N bytes)", "would prune" when dry), NULL:
 * silent. Errors go to stderr. *left (when not NULL): the bytes v's
 * cycles hold after the prune. Returns the number of cycles that could
 * not be removed. */
size_t backup_store_prune(const struct backup_store_cycle *v, size_t n, unsigned long days,
			  unsigned long max_mb, size_t keep, bool dry, FILE *report,
			  unsigned long long *left);

/* Remove the cycle c (its files, manifest, commit record and folder)
 * with *at() calls only, never following a symlink.
 * Returns 0, or -1 with err set. */
int backup_store_remove(const struct backup_store_cycle *c, struct fsj_error *err);

/* Empty the folder name in dirfd and remove it, never following a
 * symlink (O_NOFOLLOW), a folder left mode 000 made searchable first,
 * nothing deeper than depth levels touched (ELOOP). Returns 0 (also when
 * name is absent), or -1 with errno set (the first failure; the rest is
 * still removed where it can be). */
int backup_store_remove_tree(int dirfd, const char *name, int depth);

/* true when cycle c is still being written: no commit.json, and the run
 * that writes it (its manifest's pid) is alive; also when it cannot be
 * read (never prune or restore what cannot be checked). *when gets the
 * cycle's start (seconds since the epoch; its folder's mtime when the
 * manifest has none). */
bool backup_store_in_use(const struct backup_store_cycle *c, double *when);

#endif
