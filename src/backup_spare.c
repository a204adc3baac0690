/* backup_spare.c - an empty cycle folder kept for the next run (see
 * backup_spare.h). */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "backup_spare.h"
#include "platform.h"
#include "util.h"

int backup_dir_holds_only(int dirfd, const char *name, const char *const *names, size_t n)
{
	int fd = name ? openat(dirfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
		      : dup(dirfd);
	struct dirent *e;
	int ok = 1;
	DIR *d;

	if (fd < 0 || !(d = fdopendir(fd))) {
		if (fd >= 0)
			close(fd);
		return -1;
	}
	while (ok == 1 && (e = readdir(d)) != NULL) {
		if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
			continue;
		ok = 0;
		for (size_t i = 0; i < n && !ok; i++)
			ok = strcmp(e->d_name, names[i]) == 0;
	}
	closedir(d);
	return ok;
}

/* The name of spare slot k, in buf. */
static const char *slot_name(char buf[16], int k)
{
	snprintf(buf, 16, ".spare-%d", k);
	return buf;
}

bool backup_spare_take(int sesroot, const char *session)
{
	char buf[16];

	for (int k = 0; k < BACKUP_SPARE_SLOTS; k++) {
		if (platform_rename_noreplace(sesroot, slot_name(buf, k), sesroot, session) == 0)
			return true;
		if (errno != ENOENT)
			return false; /* EEXIST: the session has its folder already */
	}
	return false;
}

/* 1 when files/ in the folder fd is empty or absent, else 0. */
static int files_empty(int fd)
{
	int e = backup_dir_holds_only(fd, "files", NULL, 0);

	return e == 1 || (e < 0 && errno == ENOENT);
}

bool backup_spare_cycle(int mfd, const char *name)
{
	static const char *const mine[] = { "files", "spare.ndjson" };
	cleanup_fd int fd = openat(mfd, ".spare", O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	struct stat sb;

	if (fd < 0 || fstat(fd, &sb) < 0 || sb.st_uid != geteuid() ||
	    backup_dir_holds_only(fd, NULL, mine, 2) != 1 || !files_empty(fd) ||
	    platform_rename_noreplace(mfd, ".spare", mfd, name) < 0)
		return false;
	/* absent: backup_open_cycle() makes a new manifest */
	(void)platform_rename_noreplace(fd, "spare.ndjson", fd, "manifest.ndjson");
	return true;
}

int backup_spare_park(struct backup_cycle *bc, int sesroot, int sesfd, int mfd)
{
	static const char *const ses_only[] = { "modify_backup" };
	static const char *const mb_only[] = { ".spare" };
	char buf[16];

	if (!files_empty(bc->cyclefd)) {
		errno = ENOTEMPTY; /* something was saved after all */
		return -1;
	}
	if (platform_rename_noreplace(mfd, bc->name, mfd, ".spare") < 0)
		return 1; /* a .spare there already: the usual way */
	/* Out of sight from here on (a dot name): no reader, and no kill -9,
	 * ever sees a half-removed cycle. The records go before the folder
	 * is parked: a spare never holds one. */
	if (ftruncate(bc->manfd, 0) == 0 &&
	    renameat(bc->cyclefd, "manifest.ndjson", bc->cyclefd, "spare.ndjson") == 0 &&
	    backup_dir_holds_only(sesfd, NULL, ses_only, 1) == 1 &&
	    backup_dir_holds_only(mfd, NULL, mb_only, 1) == 1) {
		for (int k = 0; k < BACKUP_SPARE_SLOTS; k++) {
			if (platform_rename_noreplace(sesroot, bc->session, sesroot,
						      slot_name(buf, k)) == 0)
				return 0;
			if (errno != EEXIST && errno != ENOTEMPTY)
				break;
		}
	}
	/* not parked (the slots are taken, or the session holds more):
	 * removed, as an empty cycle always was */
	(void)unlinkat(bc->cyclefd, "spare.ndjson", 0);
	(void)unlinkat(bc->cyclefd, "manifest.ndjson", 0);
	(void)unlinkat(bc->cyclefd, "files", AT_REMOVEDIR);
	(void)unlinkat(mfd, ".spare", AT_REMOVEDIR);
	(void)unlinkat(sesfd, "modify_backup", AT_REMOVEDIR);
	(void)unlinkat(sesroot, bc->session, AT_REMOVEDIR);
	return 0;
}
