/* backup_open.c - a cycle's folder made, or a spare moved into place, at
 * its first record; the spare looked for and held before the command
 * runs (backup_open.h). */
#include <cjson/cJSON.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "backup-int.h"
#include "backup_open.h"
#include "backup_spare.h"
#include "manifest.h"
#include "util.h"

/* Open (making it 0700 when missing) the folder name under dirfd, never
 * following a symlink; it must be ours. Returns a descriptor or -1 with
 * errno set. */
static int subdir(int dirfd, const char *name)
{
	struct stat sb;
	int fd = -1;

	/* again when it went between the two calls: a run of the same session
	 * removing its empty folders (backup_commit.c) */
	for (int tries = 0; fd < 0 && tries < 3; tries++) {
		if (mkdirat(dirfd, name, 0700) < 0 && errno != EEXIST)
			return -1;
		fd = openat(dirfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
		if (fd < 0 && errno != ENOENT)
			return -1;
	}
	if (fd < 0)
		return -1;
	if (fstat(fd, &sb) < 0 || sb.st_uid != geteuid()) {
		close(fd);
		errno = EPERM;
		return -1;
	}
	return fd;
}

void backup_cycle_prepare(struct backup_cycle *bc)
{
	cleanup_fd int sfd = -1, sesroot = -1;
	int k = 0;

	if (!bc)
		return;
	pthread_mutex_lock(&bc->lock);
	/* the checks backup_spare_take() makes, without the move: nothing
	 * on disk changes until the first record */
	if (bc->manfd < 0 && bc->prep_spfd < 0)
		sfd = open(bc->state_dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (sfd >= 0)
		sesroot = openat(sfd, "sessions", O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (sesroot >= 0 && faccessat(sesroot, bc->session, F_OK, AT_SYMLINK_NOFOLLOW) < 0 &&
	    errno == ENOENT && (bc->prep_spfd = backup_spare_hold(sesroot, &k)) >= 0)
		bc->prep_slot = k;
	pthread_mutex_unlock(&bc->lock);
}

void backup_prepare_release(struct backup_cycle *bc)
{
	if (bc->prep_spfd >= 0)
		close(bc->prep_spfd);
	bc->prep_spfd = -1;
}

/* The spare that becomes the session's folder (sesroot: the sessions
 * folder, checked ours): the one held since before the command ran, when
 * the session has no folder yet and its slot still moves, else one taken
 * now (backup_spare_take()). Its cycle folder, locked, or -1. */
static int take_spare(struct backup_cycle *bc, int sesroot)
{
	int fd = bc->prep_spfd;

	bc->prep_spfd = -1;
	if (fd >= 0 && faccessat(sesroot, bc->session, F_OK, AT_SYMLINK_NOFOLLOW) < 0 &&
	    errno == ENOENT && backup_spare_move(sesroot, bc->prep_slot, fd, bc->session) == 0)
		return fd;
	if (fd >= 0)
		close(fd); /* its lock let go: backup_spare_take() may try it again */
	return backup_spare_take(sesroot, bc->session);
}

/* Make the cycle folder (state/sessions/S/modify_backup/C/files), open
 * the manifest and write its first record. A spare (backup_spare.h)
 * becomes the session's folder when it has none yet, and its cycle folder
 * this cycle's: then no folder is made. Locked callers. */
int backup_open_cycle(struct backup_cycle *bc)
{
	const char *chain[] = { "sessions", bc->session, "modify_backup", bc->name };
	bool spare = false;
	struct stat sb;
	cJSON *o;
	int fd, next, spfd = -1;
	size_t i;

	if (bc->manfd >= 0)
		return 0;
	fd = open(bc->state_dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	for (i = 0; fd >= 0 && i < sizeof(chain) / sizeof(chain[0]); i++) {
		if (i == 1)
			spfd = take_spare(bc, fd);
		else if (i == 3 && spfd >= 0)
			spare = backup_spare_cycle(fd, spfd, bc->name);
		next = subdir(fd, chain[i]);
		close(fd);
		fd = next;
	}
	if (spfd >= 0)
		close(spfd); /* a cycle now, or gone: its lock let go */
	if (fd < 0)
		return -1;
	if (bc->filesfd < 0 && (bc->filesfd = subdir(fd, "files")) < 0) {
		close(fd);
		return -1;
	}
	if (bc->cyclefd < 0)
		bc->cyclefd = fd;
	else
		close(fd);
	/* O_NONBLOCK|O_NOFOLLOW and a type check: a FIFO or a link planted
	 * in the store never hangs nor redirects the manifest. */
	fd = openat(bc->cyclefd, "manifest.ndjson",
		    O_RDWR | O_APPEND | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0600);
	if (fd < 0)
		return -1;
	if (fstat(fd, &sb) < 0 || !S_ISREG(sb.st_mode) ||
	    (spare && sb.st_size && ftruncate(fd, 0) < 0)) {
		close(fd);
		errno = EINVAL;
		return -1;
	}
	bc->manfd = fd;
	bc->torn = !manifest_ends_clean(fd);
	o = cJSON_CreateObject();
	cJSON_AddStringToObject(o, "op", "cycle");
	cJSON_AddNumberToObject(o, "v", 2);
	cJSON_AddStringToObject(o, "session", bc->session);
	cJSON_AddStringToObject(o, "cycle", bc->name);
	cJSON_AddStringToObject(o, "kind", bc->kind);
	if (bc->workspace)
		cJSON_AddStringToObject(o, "workspace", bc->workspace);
	cJSON_AddStringToObject(o, "command", bc->command);
	cJSON_AddNumberToObject(o, "time", (double)time(NULL));
	cJSON_AddNumberToObject(o, "pid", (double)getpid());
	if (backup_append_rec(bc, o, true) < 0) {
		int saved = errno;

		close(bc->manfd);
		bc->manfd = -1;
		errno = saved;
		return -1;
	}
	return 0;
}
