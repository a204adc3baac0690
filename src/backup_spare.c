/* backup_spare.c - an empty cycle folder kept for the next run (see
 * backup_spare.h). */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "backup_spare.h"
#include "backup_spare-int.h"
#include "backup_store.h"
#include "dirstream.h"
#include "platform.h"
#include "util.h"

int backup_dir_holds_only(int dirfd, const char *name, const char *const *names, size_t n)
{
	int fd = name ? openat(dirfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
		      : dup(dirfd);
	struct dirent *e;
	int ok = 1;
	DIR *d = dir_stream(fd);

	if (!d)
		return -1;
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

const char *backup_spare_slot_name(char buf[16], int k)
{
	snprintf(buf, 16, ".spare-%u", (unsigned)(unsigned char)k); /* k < BACKUP_SPARE_SLOTS */
	return buf;
}

/* 1 when files/ in the folder fd is empty or absent, else 0. */
static int files_empty(int fd)
{
	int e = backup_dir_holds_only(fd, "files", NULL, 0);

	return e == 1 || (e < 0 && errno == ENOENT);
}

int backup_spare_sub(int dirfd, const char *name)
{
	return openat(dirfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
}

int backup_spare_open_locked(int dirfd, const char *name)
{
	int fd = backup_spare_sub(dirfd, name), saved;

	if (fd >= 0 && flock(fd, LOCK_EX | LOCK_NB) < 0) {
		saved = errno == EAGAIN ? EWOULDBLOCK : errno;
		close(fd);
		errno = saved;
		return -1;
	}
	return fd;
}

int backup_spare_slot(int sesroot, const char *slot, bool *whole)
{
	static const char *const mine[] = { "files", "spare.ndjson" };
	static const char *const mb[] = { "modify_backup" };
	static const char *const sp[] = { ".spare" };
	cleanup_fd int sfd = backup_spare_sub(sesroot, slot), mfd = -1;
	struct stat sb;
	int fd;

	*whole = false;
	if (sfd < 0 || (mfd = backup_spare_sub(sfd, "modify_backup")) < 0 ||
	    (fd = backup_spare_open_locked(mfd, ".spare")) < 0)
		return -1;
	*whole = fstat(fd, &sb) == 0 && sb.st_uid == geteuid() &&
		 backup_dir_holds_only(sfd, NULL, mb, 1) == 1 &&
		 backup_dir_holds_only(mfd, NULL, sp, 1) == 1 &&
		 backup_dir_holds_only(fd, NULL, mine, 2) == 1 && files_empty(fd);
	return fd;
}

int backup_spare_hold(int sesroot, int *k)
{
	char buf[16];
	bool whole;
	int fd;

	for (; *k < BACKUP_SPARE_SLOTS; (*k)++) {
		/* locked before it moves: no other run takes it, no sweep
		 * (backup_spare_sweep()) removes it before it is a cycle */
		if ((fd = backup_spare_slot(sesroot, backup_spare_slot_name(buf, *k), &whole)) < 0)
			continue;
		if (whole)
			return fd;
		close(fd);
	}
	return -1;
}

int backup_spare_move(int sesroot, int k, int spfd, const char *session)
{
	char buf[16], mb[48], sp[48];
	struct stat a, b, c;

	/* still the folders held: no link at either level (a spare held
	 * since before the command ran, backup_open.h) */
	backup_spare_slot_name(buf, k);
	snprintf(mb, sizeof(mb), "%s/modify_backup", buf);
	snprintf(sp, sizeof(sp), "%s/modify_backup/.spare", buf);
	if (fstatat(sesroot, buf, &a, AT_SYMLINK_NOFOLLOW) < 0 || !S_ISDIR(a.st_mode) ||
	    fstatat(sesroot, mb, &a, AT_SYMLINK_NOFOLLOW) < 0 || !S_ISDIR(a.st_mode) ||
	    fstatat(sesroot, sp, &b, AT_SYMLINK_NOFOLLOW) < 0 || fstat(spfd, &c) < 0 ||
	    b.st_dev != c.st_dev || b.st_ino != c.st_ino) {
		errno = ENOENT;
		return -1;
	}
	return platform_rename_noreplace(sesroot, buf, sesroot, session);
}

int backup_spare_take(int sesroot, const char *session)
{
	int fd, saved;

	if (faccessat(sesroot, session, F_OK, AT_SYMLINK_NOFOLLOW) == 0)
		return -1; /* the session has its folder already */
	for (int k = 0; (fd = backup_spare_hold(sesroot, &k)) >= 0; k++) {
		if (backup_spare_move(sesroot, k, fd, session) == 0)
			return fd;
		saved = errno;
		close(fd);
		if (saved != ENOENT)
			return -1; /* EEXIST: the session has its folder now */
	}
	return -1;
}

bool backup_spare_cycle(int mfd, int spfd, const char *name)
{
	struct stat a, b;

	if (fstatat(mfd, ".spare", &a, AT_SYMLINK_NOFOLLOW) < 0 || fstat(spfd, &b) < 0 ||
	    a.st_dev != b.st_dev || a.st_ino != b.st_ino)
		return false;
	if (platform_rename_noreplace(mfd, ".spare", mfd, name) < 0) {
		/* ours and locked: not left behind in the session */
		(void)backup_store_remove_tree(mfd, ".spare", 4);
		return false;
	}
	/* absent: backup_open_cycle() makes a new manifest */
	(void)platform_rename_noreplace(spfd, "spare.ndjson", spfd, "manifest.ndjson");
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
	/* locked while it has a dot name: a sweep (backup_spare_sweep())
	 * leaves it to us; let go once it is parked or gone */
	if (flock(bc->cyclefd, LOCK_EX | LOCK_NB) < 0 ||
	    platform_rename_noreplace(mfd, bc->name, mfd, ".spare") < 0)
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
						      backup_spare_slot_name(buf, k)) == 0) {
				(void)flock(bc->cyclefd, LOCK_UN);
				return 0;
			}
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
