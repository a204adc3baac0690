/* backup_commit.c - the end of a cycle (backup.h backup_cycle_commit()):
 * committed, or, with nothing to restore, not kept (issue 12: `git
 * status` takes and removes .git/index.lock, so every run made a cycle
 * and committed it, syncfs(2) and two fsync(2), for a manifest restore
 * reads as "nothing to do").
 *
 * What restore does with each record (restore.c restore_cycle()): only
 * "created" (trash what is at its path, if it is the file the run made)
 * and "renamed" of a file the run made (move it back, then trash it) are
 * about names the run made itself; every other record (content, remove,
 * name, meta, special, rmdir, trashed, a rename of an older file) gives
 * something back, and keeps the cycle (bc->needed). So a cycle of only
 * those two kinds is dropped when none of their names holds its file at
 * the end: there restore finds nothing and does nothing. A run killed
 * before its end never gets here: its records stay, as before. */
#include <cjson/cJSON.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "backup-int.h"
#include "backup_spare.h"
#include "util.h"

void backup_inert_add(struct backup_cycle *bc, const char *path, const struct stat *sb)
{
	struct backup_inert *e;

	if (bc->needed)
		return;
	if (!path || path[0] != '/' || bc->n_inert >= BACKUP_INERT_MAX) {
		bc->needed = true; /* checking would cost more than the commit saves */
		return;
	}
	if (bc->n_inert == bc->cap_inert) {
		bc->cap_inert = bc->cap_inert ? bc->cap_inert * 2 : 8;
		bc->inert = xreallocarray(bc->inert, bc->cap_inert, sizeof(*e));
	}
	e = &bc->inert[bc->n_inert++];
	e->path = xstrdup(path);
	e->ident = sb != NULL;
	e->dev = sb ? sb->st_dev : 0;
	e->ino = sb ? sb->st_ino : 0;
}

/* true when e's path holds no object restore would act on. */
static bool entry_gone(const struct backup_inert *e, char **lastdir, int *lastfd)
{
	const char *slash = strrchr(e->path, '/');
	size_t n = (size_t)(slash - e->path);
	struct stat sb;

	if (!*lastdir || strlen(*lastdir) != n || strncmp(*lastdir, e->path, n) != 0) {
		free(*lastdir);
		*lastdir = xstrndup(e->path, n ? n : 1);
		if (*lastfd >= 0)
			close(*lastfd);
		*lastfd = open_dir_nosymlinks(*lastdir);
		if (*lastfd < 0 && errno != ENOENT)
			*lastfd = -2; /* cannot tell: present */
	}
	if (*lastfd == -1)
		return true; /* its folder is gone */
	if (*lastfd < 0)
		return false;
	if (fstatat(*lastfd, slash + 1, &sb, AT_SYMLINK_NOFOLLOW) < 0)
		return errno == ENOENT;
	return e->ident && (sb.st_dev != e->dev || sb.st_ino != e->ino);
}

static bool inert_gone(const struct backup_cycle *bc)
{
	char *lastdir = NULL;
	int lastfd = -1;
	bool gone = !bc->needed;

	for (size_t i = 0; gone && i < bc->n_inert; i++)
		gone = entry_gone(&bc->inert[i], &lastdir, &lastfd);
	if (lastfd >= 0)
		close(lastfd);
	free(lastdir);
	return gone;
}

/* The folder name under dirfd, not following a symlink; -1 with errno. */
static int sub(int dirfd, const char *name)
{
	return openat(dirfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
}

static int inert_drop(struct backup_cycle *bc)
{
	cleanup_fd int sfd = -1, sesfd = -1, mfd = -1;
	static const char *const ours[] = { "files", "manifest.ndjson" };
	cleanup_free char *hidden = NULL;
	struct stat a, b;
	int r;

	sfd = open(bc->state_dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (sfd < 0 || (sesfd = sub(sfd, "sessions")) < 0)
		return -1;
	close(sfd);
	sfd = sesfd;
	if ((sesfd = sub(sfd, bc->session)) < 0 || (mfd = sub(sesfd, "modify_backup")) < 0)
		return -1;
	/* the very folder the cycle wrote, holding nothing but its own */
	if (fstatat(mfd, bc->name, &a, AT_SYMLINK_NOFOLLOW) < 0 || fstat(bc->cyclefd, &b) < 0 ||
	    a.st_dev != b.st_dev || a.st_ino != b.st_ino ||
	    backup_dir_holds_only(bc->cyclefd, NULL, ours, 2) != 1) {
		errno = EEXIST;
		return -1;
	}
	/* kept, empty, for the next run: no folder freed nor made */
	if (bc->own_session && (r = backup_spare_park(bc, sfd, sesfd, mfd)) <= 0)
		return r;
	if (unlinkat(bc->cyclefd, "files", AT_REMOVEDIR) < 0 && errno != ENOENT)
		return -1; /* not empty: something was saved after all */
	/* Out of sight first (backup_store_list() skips dot names), so no
	 * reader, and no kill -9 here, ever sees a half-removed cycle. */
	hidden = xasprintf(".drop-%s", bc->name);
	/* locked until it is gone (the lock goes with the descriptor):
	 * backup_spare_sweep() removes it only after a kill -9 */
	if (flock(bc->cyclefd, LOCK_EX | LOCK_NB) < 0 || renameat(mfd, bc->name, mfd, hidden) < 0)
		return -1;
	(void)unlinkat(bc->cyclefd, "manifest.ndjson", 0);
	(void)unlinkat(mfd, hidden, AT_REMOVEDIR);
	/* the run's own session folders, when nothing else is in them */
	(void)unlinkat(sesfd, "modify_backup", AT_REMOVEDIR);
	(void)unlinkat(sfd, bc->session, AT_REMOVEDIR);
	return 0;
}

void backup_inert_release(struct backup_cycle *bc)
{
	for (size_t i = 0; i < bc->n_inert; i++)
		free(bc->inert[i].path);
	free(bc->inert);
	bc->inert = NULL;
	bc->n_inert = bc->cap_inert = 0;
}

int backup_cycle_commit(struct backup_cycle *bc, int status, struct fsj_error *err)
{
	char *text;
	cJSON *o;
	int fd, rc = 0;

	if (!bc)
		return 0;
	pthread_mutex_lock(&bc->lock);
	if (bc->cyclefd < 0) {
		pthread_mutex_unlock(&bc->lock);
		return 0;
	}
	/* Nothing restore would do: no commit, no cycle (above). */
	if (!bc->needed && inert_gone(bc) && inert_drop(bc) == 0) {
		bc->dropped = true;
		pthread_mutex_unlock(&bc->lock);
		return 0;
	}
	o = cJSON_CreateObject();
	cJSON_AddStringToObject(o, "message", bc->command);
	cJSON_AddStringToObject(o, "session", bc->session);
	cJSON_AddStringToObject(o, "cycle", bc->name);
	cJSON_AddStringToObject(o, "kind", bc->kind);
	cJSON_AddNumberToObject(o, "time", (double)time(NULL));
	cJSON_AddNumberToObject(o, "status", status);
	cJSON_AddNumberToObject(o, "saved", (double)bc->saved);
	cJSON_AddNumberToObject(o, "removed", (double)bc->removed);
	cJSON_AddNumberToObject(o, "created", (double)bc->created);
	cJSON_AddNumberToObject(o, "renamed", (double)bc->renamed);
	cJSON_AddNumberToObject(o, "bytes", (double)bc->bytes);
	text = cJSON_PrintUnformatted(o);
	cJSON_Delete(o);
	if (bc->next == 1) /* no file saved: the manifest is all */
		(void)fsync(bc->manfd);
	else
#ifdef __linux__
		(void)syncfs(bc->cyclefd); /* every saved file and manifest line */
#else
		sync();
#endif
	(void)unlinkat(bc->cyclefd, "commit.json.tmp", 0);
	fd = openat(bc->cyclefd, "commit.json.tmp",
		    O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
	if (fd < 0 || !text || write_all(fd, text, strlen(text)) < 0 ||
	    write_all(fd, "\n", 1) < 0 || fsync(fd) < 0 ||
	    renameat(bc->cyclefd, "commit.json.tmp", bc->cyclefd, "commit.json") < 0 ||
	    fsync(bc->cyclefd) < 0) {
		fsj_error_set(err, NULL, 0, 0, "cannot commit backup cycle '%s': %s", bc->name,
			      strerror(errno));
		rc = -1;
	}
	if (fd >= 0)
		close(fd);
	cJSON_free(text);
	pthread_mutex_unlock(&bc->lock);
	return rc;
}

bool backup_cycle_stored(const struct backup_cycle *bc, unsigned long long *bytes)
{
	struct stat sb;

	*bytes = 0;
	if (!bc || bc->cyclefd < 0 || bc->dropped)
		return false;
	*bytes = bc->disk + 8192u; /* the folders */
	if (bc->manfd >= 0 && fstat(bc->manfd, &sb) == 0)
		*bytes += (unsigned long long)sb.st_blocks * 512u;
	return true;
}
