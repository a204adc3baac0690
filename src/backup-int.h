/* backup-int.h - what backup.c and backup_trash.c share: the cycle
 * itself (backup.h is the interface). Not for use elsewhere. */
#ifndef FSJAIL_BACKUP_INT_H
#define FSJAIL_BACKUP_INT_H

#include <pthread.h>
#include <stdbool.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <time.h>

#include <cjson/cJSON.h>

#include "audit.h"
#include "backup.h"
#include "backup_index.h"
#include "backup_trash.h"

/* A name the run made (or moved a file it made to), and the file it
 * holds: what restore would trash or move back there (backup_commit.c). */
struct backup_inert {
	char *path; /* absolute */
	dev_t dev;
	ino_t ino;
	bool ident; /* false: any object at path (backup_note_new() without of) */
};

struct backup_cycle {
	pthread_mutex_t lock;
	char *state_dir;
	char *session;
	char *name; /* the cycle folder */
	char *command;
	char *workspace; /* NULL: unknown */
	char *kind;
	char *temps[3];              /* temporary directories (NULL-padded) */
	unsigned long long max_size; /* bytes; 0: no limit */
	bool refuse_large;           /* a change in place over max_size is refused */
	const struct audit_log *audit;
	int cyclefd, filesfd; /* -1 until the first record */
	int manfd;          /* manifest.ndjson, O_APPEND */
	bool torn;          /* the manifest may end in a cut line */
	unsigned long next; /* next backup file number */
	unsigned long saved, removed, created, renamed;
	unsigned long long bytes;
	unsigned long long disk;    /* bytes, saved files rounded up to 4 KiB */
	struct timespec start;      /* when the cycle was made (CLOCK_REALTIME) */
	struct backup_index *idx;   /* identities; paths noted new */
	struct backup_index *names; /* extra names recorded for saved files */
	struct backup_index *made, *dirs; /* names made (backup_note_new()); folders timed */
	bool no_move;               /* a move into the store failed: links only */
	bool store_dev_known;       /* store_dev: the st_dev of files/ */
	dev_t store_dev;
	struct backup_pending *pending; /* removed files whose trash entry waits (backup_trash.c) */
	size_t n_pending, cap_pending;
	/* Whether the cycle holds anything restore needs (backup_commit.c):
	 * needed, set by any record but the cycle line, "created" and the
	 * rename of a file the run made; else the names those made. */
	bool needed;
	struct backup_inert *inert;
	size_t n_inert, cap_inert;
	bool dropped; /* nothing to restore: removed, not committed */
	/* No other run can use the session's folder (backup_cycle_set_own()):
	 * a dropped cycle may be parked as a spare (backup_spare.h). */
	bool own_session;
	/* A whole spare held (locked) for the first record, found before the
	 * command ran (backup_open.h): its cycle folder, its slot; -1: none. */
	int prep_spfd, prep_slot;
};

/* backup.c, locked: one manifest record, a single write (rec freed;
 * backup_append_rec() with inert: a record restore needs only while a
 * name it names holds the file the run made, backup_commit.c; any other
 * keeps the cycle); the cycle folder, store and manifest made on first
 * use; an audit line of the backup subsystem (backup_audit(): cap, the
 * capability of the change it is about: delete for a remove, a take or
 * an rmdir, else write). 0, or -1 with errno set. backup_folder.c:
 * backup_dir_times() with the lock held. */
int backup_append(struct backup_cycle *bc, cJSON *rec);
int backup_append_rec(struct backup_cycle *bc, cJSON *rec, bool inert);
int backup_open_cycle(struct backup_cycle *bc);
int backup_dir_times_locked(struct backup_cycle *bc, int dirfd, const char *path);
void backup_audit(const struct backup_cycle *bc, const char *call, const char *path,
		  enum fsj_cap cap, const char *decision, const char *detail);

/* backup_commit.c (issue 12: a `git status` made and removed
 * index.lock, and each run committed an empty cycle with syncfs and
 * fsyncs). Locked callers. backup_inert_add(): a record names path as
 * made by the run (sb: its identity; NULL: whatever is there), checked
 * when the cycle is committed (past BACKUP_INERT_MAX names the cycle is
 * simply kept). backup_inert_release(): free the list. */
#define BACKUP_INERT_MAX 4096
void backup_inert_add(struct backup_cycle *bc, const char *path, const struct stat *sb);
void backup_inert_release(struct backup_cycle *bc);

#endif
