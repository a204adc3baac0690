/* backup_trash.h - deletes whose trash entry waits for the end of the
 * run (backup.h; backup_trash.c). For backup-int.h: not for use elsewhere. */
#ifndef FSJAIL_BACKUP_TRASH_H
#define FSJAIL_BACKUP_TRASH_H

#include <time.h>

struct backup_cycle;

/* A removed file kept by a link in the store, whose trash entry is made
 * when the run ends (backup_trash_later()). */
struct backup_pending {
	char *path;        /* where it was removed from (absolute) */
	unsigned long num; /* files/<num> in the cycle: the link */
	time_t when;       /* when it was removed */
};

/* backup_trash.c: free the pending list of bc (which keeps its place). */
void backup_trash_release(struct backup_cycle *bc);

#endif
