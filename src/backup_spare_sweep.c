/* backup_spare_sweep.c - what a killed run left hidden under
 * $STATE/sessions removed (backup_spare_sweep.h; the spares themselves:
 * backup_spare.h). */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "backup_spare.h"
#include "backup_spare-int.h"
#include "backup_spare_sweep.h"
#include "backup_store.h"
#include "util.h"

/* The slot in sesroot: kept when it is a whole spare a run may take,
 * left when a live run holds it, else removed (a kill -9 left it, or it
 * is not ours to take: a slot number past BACKUP_SPARE_SLOTS). */
static void sweep_slot(int sesroot, const char *slot)
{
	char *end;
	long k = strtol(slot + 7, &end, 10);
	bool whole;
	int fd = backup_spare_slot(sesroot, slot, &whole), saved = errno;

	if (fd < 0 && saved == EWOULDBLOCK)
		return;
	/* locked (or nothing in it to lock, then no run takes nor parks it
	 * and the name stays bound to it): ours to judge */
	if (fd < 0 || !whole || *end || k < 0 || k >= BACKUP_SPARE_SLOTS)
		(void)backup_store_remove_tree(sesroot, slot, 8);
	if (fd >= 0)
		close(fd);
}

/* The hidden cycle folders (.spare, .drop-*) of the session folder name
 * in sesroot that no live run holds: removed, then the session's
 * folders when that left them empty. */
static void sweep_session(int sesroot, const char *name)
{
	cleanup_fd int sesfd = backup_spare_sub(sesroot, name), mfd = -1;
	bool removed = false;
	struct dirent *e;
	DIR *d;
	int fd;

	if (sesfd < 0 || (mfd = backup_spare_sub(sesfd, "modify_backup")) < 0 ||
	    (fd = dup(mfd)) < 0)
		return;
	if (!(d = fdopendir(fd))) {
		close(fd);
		return;
	}
	while ((e = readdir(d)) != NULL) {
		if (strcmp(e->d_name, ".spare") != 0 && strncmp(e->d_name, ".drop-", 6) != 0)
			continue;
		/* a run holds it from before it took the dot name until it is
		 * gone (backup_spare_park(), backup_commit.c inert_drop()) */
		if ((fd = backup_spare_open_locked(mfd, e->d_name)) < 0)
			continue;
		removed = backup_store_remove_tree(mfd, e->d_name, 256) == 0 || removed;
		close(fd);
	}
	closedir(d);
	if (removed && unlinkat(sesfd, "modify_backup", AT_REMOVEDIR) == 0)
		(void)unlinkat(sesroot, name, AT_REMOVEDIR);
}

void backup_spare_sweep(const char *state_dir)
{
	cleanup_fd int sfd = open(state_dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC), sesroot = -1;
	struct dirent *e;
	struct stat sb;
	DIR *d;
	int fd;

	if (sfd < 0 || (sesroot = backup_spare_sub(sfd, "sessions")) < 0 ||
	    fstat(sesroot, &sb) < 0 || sb.st_uid != geteuid() || (fd = dup(sesroot)) < 0)
		return;
	if (!(d = fdopendir(fd))) {
		close(fd);
		return;
	}
	while ((e = readdir(d)) != NULL) {
		if (strncmp(e->d_name, ".spare-", 7) == 0)
			sweep_slot(sesroot, e->d_name);
		else if (e->d_name[0] != '.')
			sweep_session(sesroot, e->d_name);
	}
	closedir(d);
}
