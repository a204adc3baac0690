/* backup-int.h - what backup.c and backup_trash.c share: the cycle
 * itself (backup.h is the interface). Not for use elsewhere. */
#ifndef FSJAIL_BACKUP_INT_H
#define FSJAIL_BACKUP_INT_H

#include <pthread.h>
#include <stdbool.h>
#include <time.h>

#include <cjson/cJSON.h>

#include "audit.h"
#include "backup.h"
#include "backup_index.h"

/* A removed file kept by a link in the store, whose trash entry is made
 * when the run ends (backup_trash_later()). */
struct backup_pending {
	char *path;        /* where it was removed from (absolute) */
	unsigned long num; /* files/<num> in the cycle: the link */
	time_t when;       /* when it was removed */
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
	int cyclefd; /* -1 until the first record */
	int filesfd;
	int manfd;          /* manifest.ndjson, O_APPEND */
	bool torn;          /* the manifest may end in a cut line */
	unsigned long next; /* next backup file number */
	unsigned long saved, removed, created, renamed;
	unsigned long long bytes;
	struct timespec start;      /* when the cycle was made (CLOCK_REALTIME) */
	struct backup_index *idx;   /* identities; paths noted new */
	struct backup_index *names; /* extra names recorded for saved files */
	struct backup_index *made;  /* names made (backup_note_new()) */
	bool no_move;               /* a move into the store failed: links only */
	bool store_dev_known;       /* store_dev: the st_dev of files/ */
	dev_t store_dev;
	struct backup_pending *pending; /* removed files whose trash entry waits (backup_trash.c) */
	size_t n_pending, cap_pending;
};

/* backup.c, locked: one manifest record, a single write (rec freed);
 * the cycle folder, store and manifest made on first use; an audit line
 * of the backup subsystem. 0, or -1 with errno set. */
int backup_append(struct backup_cycle *bc, cJSON *rec);
int backup_open_cycle(struct backup_cycle *bc);
void backup_audit(const struct backup_cycle *bc, const char *call, const char *path,
		  const char *decision, const char *detail);

/* backup_trash.c: free the pending list. */
void backup_trash_release(struct backup_cycle *bc);

#endif
