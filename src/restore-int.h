/* restore-int.h - what the parts of `fsjail backups restore` share
 * (restore.c: the records undone one by one; restore-names.c: the names
 * of one file, and files taken back from the trash); not for other
 * callers, who use restore.h. One struct rctx lives for one restore of
 * one cycle; nothing here is thread-safe. */
#ifndef FSJAIL_RESTORE_INT_H
#define FSJAIL_RESTORE_INT_H

#include <stdbool.h>
#include <stddef.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>

#include "backup_index.h"
#include "manifest.h"
#include "restore.h"
#include "restore-sim.h"

struct rctx {
	const int *filesfd; /* by record part: each cycle's files/ (-1: none) */
	size_t nparts;
	const char *const *names; /* by part: the cycles' names; NULL: one cycle */
	const struct manifest *m;
	const struct restore_opts *o;
	cJSON *actions;
	struct restore_counts *c;
	struct sim *sim; /* dry run: what the actions so far would have done */
	size_t nsim;
	size_t cur;        /* the record being undone */
	struct made *made; /* files this restore made again, by the identity they had */
	size_t nmade;
	struct backup_index *files; /* the files with more than one record (restore-names.c) */
	bool *answered; /* by record: a "creating" or "renamed" a later record answers */
	bool *want;     /* by record: undone by this restore (rs_want_begin()) */
	struct rs_when *when;   /* when the runs ended, what was seen before (restore-when.h) */
	struct rs_gone *gone;   /* the "renamed" records, indexed (restore-gone-ix.c) */
};

/* A file made again by this restore (a copy from the cycle; fd owned). */
struct made {
	dev_t dev;
	ino_t ino;
	int fd;
	bool anon; /* made for no record (a parent folder): dev, ino unused */
};

/* The last component of path (absolute, normalised: it has a '/'). */
static inline const char *rs_base_name(const char *path)
{
	return strrchr(path, '/') + 1;
}

/* The files/ folder of r's cycle: a descriptor, or -1. */
static inline int rs_files(const struct rctx *x, const struct manifest_rec *r)
{
	return r->part < x->nparts ? x->filesfd[r->part] : -1;
}

/* true when sb is the file r recorded (r without dev/ino: any). */
static inline bool rs_same_ident(const struct stat *sb, const struct manifest_rec *r)
{
	return !r->has_ident || (sb->st_dev == r->dev && sb->st_ino == r->ino);
}

/* A remove record of method "move" was done: its file (by identity) is
 * the cycle's files/<backup> (restore-names.c). */
bool rs_move_done(const struct rctx *x, const struct manifest_rec *r);

/* ---- restore.c (rs_want_begin(): restore-want.c) ---- */
/* Before rs_made_begin(): x->want (owned by x) says, by record, whether
 * this restore undoes it: restore_wanted() of the restore's paths, every
 * later record of the new name of a wanted rename (vim's save: f to f~),
 * following chains of renames, and the "created" of a wanted rename's
 * old name when the run made it (sed -i: no temporary name comes back). */
void rs_want_begin(struct rctx *x);

/* One action of the restore (action: "recreate", "refuse", ...; to: a
 * second path or NULL; detail may be NULL): added to x->actions and
 * counted as changed (ok) or failed. rs_act_errno(): a "refuse" saying
 * what failed with errno e. */
void rs_act(struct rctx *x, const char *action, const char *path, const char *to, bool ok,
	    const char *detail);
void rs_act_errno(struct rctx *x, const char *path, const char *what, int e);

/* Open the folder holding path's last component, from "/" with one
 * O_NOFOLLOW open per component; create: make missing folders (not in a
 * dry run; modes from the cycle's records, r's dir_mode). Returns a
 * descriptor (caller closes), or -1 with errno set: ENOENT (missing),
 * ELOOP/ENOTDIR (a symlink or a non-folder on the way). */
int rs_open_parent(struct rctx *x, const char *path, bool create, const struct manifest_rec *r);

/* Owner (as root), mode and times of r on the open file fd. 0, or -1
 * with errno set. */
int rs_set_meta(int fd, const struct manifest_rec *r);

/* true when r's path is missing because a folder above it, renamed in
 * the cycle before r, went back to its old name already. */
bool rs_gone_with_folder(struct rctx *x, const struct manifest_rec *r);

/* rs_gone_begin(): after x->m is read, index its "renamed" records and,
 * for each, whether an "rmdir" of its "to" follows it, so that a record's
 * look at the folders renamed before it reads those records only, not
 * every record (the restore stays linear, not quadratic, in the records
 * of a cycle without renames); without it (x->gone NULL) the scans are
 * made. rs_gone_end(): frees it. */
void rs_gone_begin(struct rctx *x);
void rs_gone_end(struct rctx *x);

/* ---- restore-names.c ---- */

/* Before the first record: which files (dev, ino) more than one content,
 * remove, name or rename record names (only those are looked for under other
 * names: a restore stays linear in the records). rs_names_end(): after
 * the last, frees what rs_names_begin() and rs_made_add() kept. */
void rs_names_begin(struct rctx *x);
void rs_names_end(struct rctx *x);

/* restore-first-ix.c: rs_first_begin(), after x->files is made, notes in
 * it the first record of each file that rs_first_rec() would take (any
 * part); rs_first_from(): where rs_first_rec()'s scan for r may start
 * (that record's number, or 0 when not noted). */
void rs_first_begin(struct rctx *x);
size_t rs_first_from(const struct rctx *x, const struct manifest_rec *r);

/* The record whose saved file holds the content r's file had before the
 * cycle (of all records of that file: the earliest copy, else the
 * earliest link); r when there is none. Points into x->m. */
const struct manifest_rec *rs_content_source(const struct rctx *x, const struct manifest_rec *r);

/* r's path (name in the folder pfd) is missing: make it one more name of
 * the file it named where that file is still about. true when it was
 * linked; false (errno not meaningful) when a new file must be made. */
bool rs_link_back(struct rctx *x, const struct manifest_rec *r, int pfd, const char *name);

/* true when the files open on a and b have the same size and bytes
 * (the same inode: true at once). */
bool rs_same_bytes(int a, int b);

/* true when r's file came to r's path by a rename recorded before r,
 * and a restore moved it back already (a second restore; cycles restored
 * together): the old name holds r's file again (by identity, or the bytes
 * of src, r's saved file), and no record between the two names the old
 * name. r's content then goes nowhere: an older record of the path puts
 * back what was there before. */
bool rs_went_back(struct rctx *x, const struct manifest_rec *r, int src);

/* Remember fd (duplicated; x owns the copy) as the file made again for
 * r's file: rs_link_back() links its other names to it. */
void rs_made_add(struct rctx *x, const struct manifest_rec *r, int fd);

/* true when sb is the file this restore made again for r's file (a
 * rename record's file removed later under its new name: it moves back). */
bool rs_made_is(const struct rctx *x, const struct manifest_rec *r, const struct stat *sb);

/* true when sb is a folder this restore made for no record (a parent on
 * the way to a path it put back, struct made's anon): a "created" record
 * at its name takes it as the run's, once empty (att37, t0621). */
bool rs_made_anon(const struct rctx *x, const struct stat *sb);

/* r's file, not kept by the cycle, went to the trash (a "trashed"
 * record): take it back from there. false when the cycle has no such
 * record for r; true when it was dealt with (and the action recorded). */
bool rs_from_trash(struct rctx *x, const struct manifest_rec *r);

/* ---- restore-made.c ---- */

/* Before the first record: which "creating" records a later "created" or
 * "cancel" of their path answers, and which "renamed" records a "cancel"
 * with their path and "to" does (x->answered, freed by the caller).
 * rs_undo_created(): a "created" record, its object (by identity) to the
 * trash. rs_undo_creating(): an unanswered "creating" record, its object
 * to the trash when proven the run's (see the file), else left and said
 * (a "leave" action, counted neither done nor failed). */
void rs_made_begin(struct rctx *x);

/* ---- restore-trip.c ---- */
/* After rs_made_begin(): a wanted plain "renamed" record (not an
 * exchange, identity known) whose file the wanted rename just before it
 * had moved from this record's new name to its old one, with no record
 * between naming either (or a folder above or below them), is marked
 * answered with that one (x->answered): the pair moves nothing, so a
 * restore does not move the file away and back (a second restore has
 * nothing to do). */
void rs_trips_begin(struct rctx *x);

/* true when r, a content or remove record (of another run, cycles
 * restored together), saved a file the run of an older "created" record
 * made at r's path, that record the newest naming the path: src (r's
 * saved file, the inode itself) was born at or after that create's
 * "creating" record and no later than the "created" one (its seq; a
 * later file on a freed inode number is someone else's). What r saved
 * then goes nowhere: that "created" record takes whatever is at the path
 * to the trash. */
bool rs_made_by_run(struct rctx *x, const struct manifest_rec *r, int src);

/* true when the object at name in dirfd (not followed) was born after r
 * was written (r's seq is at least CLOCK_REALTIME then, hostlock.h): an
 * inode number the filesystem gave again to a file made after the run
 * (ext4 reuses a freed one at once), not the object r names by identity.
 * false when either time is not known (statx(2) STATX_BTIME). */
bool rs_born_after(int dirfd, const char *name, const struct manifest_rec *r);
void rs_undo_created(struct rctx *x, const struct manifest_rec *r);

/* true when a "leave" of path is among x's actions already. */
bool rs_left_said(const struct rctx *x, const char *path);
void rs_undo_creating(struct rctx *x, const struct manifest_rec *r);

#endif
