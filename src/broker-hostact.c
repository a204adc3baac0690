/* broker-hostact.c - a broker host operation's action (see
 * broker-hostop-int.h): backup first, then the *at() calls on the folder
 * descriptors broker-hostop.c resolved and checked. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "broker-hostop-int.h"
#include "devshm.h"
#include "json-in.h"
#include "linkkeep.h"
#include "metaopen.h"
#include "toolcache.h"
#include "path.h"
#include "platform.h"

/* Call the ModifyBackup hook for name in dirfd when it is an existing
 * regular file. Returns 0 or -1 (op->err set). */
static int backup(struct op *o, int dirfd, const char *name, const char *path)
{
	struct stat st;

	if (!broker_backup_hook || fstatat(dirfd, name, &st, AT_SYMLINK_NOFOLLOW) < 0 ||
	    !S_ISREG(st.st_mode))
		return 0;
	return broker_backup_hook(o->b, dirfd, name, path, &o->err);
}

/* Before a delete removes the non-folder name in dirfd: kept as a
 * removed file (broker_remove_hook), not as a change in place (a content
 * copy, capped by backup.max_size_mb: a larger file was unlinked unkept). */
static int backup_removed(struct op *o, int dirfd, const char *name, const char *path)
{
	if (!broker_remove_hook)
		return backup(o, dirfd, name, path);
	return broker_remove_hook(o->b, dirfd, name, path, &o->err);
}

static int fail_errno(struct op *o, const char *what, const char *path)
{
	return fsj_error_set(&o->err, NULL, 0, 0, "cannot %s '%s': %s", what, path,
			     strerror(errno));
}

/* rmdir name in parent_fd, its record (mode, owner, times) first. 0/-1. */
static int rmdir_kept(struct op *o, int parent_fd, const char *name, const char *path)
{
	if (broker_remove_hook && broker_remove_hook(o->b, parent_fd, name, path, &o->err) < 0)
		return -1;
	return unlinkat(parent_fd, name, AT_REMOVEDIR) < 0 ? fail_errno(o, "delete", path) : 0;
}

/* Remove the tree name in parent_fd (path: resolved), checking delete on
 * every entry, each folder by rmdir_kept(). host_fd: the same folder from
 * the host's view (broker_host_dirfd()), or -1, where each removed file is
 * linked into the cycle from. trash: each file a trash-mode delete of its
 * own (broker_trash_hook: kept and recorded by the cycle, att6). */
static int remove_tree(struct op *o, int parent_fd, int host_fd, const char *name, const char *path,
		       int depth, bool trash)
{
	struct stat st, hst;
	struct dirent *de;
	DIR *d;
	int fd, rc = 0;
	cleanup_fd int sub_host = -1;

	if (depth > 256) {
		errno = ELOOP;
		return fail_errno(o, "delete", path);
	}
	if (fstatat(parent_fd, name, &st, AT_SYMLINK_NOFOLLOW) < 0)
		return fail_errno(o, "delete", path);
	if (!S_ISDIR(st.st_mode) && trash)
		return host_fd >= 0 ? broker_trash_hook(o->b, host_fd, name, path, &o->err)
				    : fsj_error_set(&o->err, NULL, 0, 0, "cannot reach '%s'", path);
	if (!S_ISDIR(st.st_mode)) {
		/* linked into the store from the host's view of the folder
		 * (EXDEV from the command's mount; -1: the command's) */
		if (backup_removed(o, host_fd >= 0 ? host_fd : parent_fd, name, path) < 0)
			return -1;
		if (unlinkat(parent_fd, name, 0) < 0)
			return fail_errno(o, "delete", path);
		return 0;
	}
	fd = openat(parent_fd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0)
		return fail_errno(o, "open", path);
	/* the same folder from the host's view, for the entries' backups */
	if (host_fd >= 0) {
		sub_host = openat(host_fd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
		if (sub_host >= 0 && (fstat(sub_host, &hst) < 0 || fstat(fd, &st) < 0 ||
				      hst.st_dev != st.st_dev || hst.st_ino != st.st_ino)) {
			close(sub_host);
			sub_host = -1;
		}
	}
	d = fdopendir(fd);
	if (!d) {
		close(fd);
		return fail_errno(o, "open", path);
	}
	while ((de = readdir(d)) != NULL) {
		struct target t = { .dirfd = -1 };
		struct verdict v;

		if (strcmp(de->d_name, ".") == 0 || strcmp(de->d_name, "..") == 0)
			continue;
		t.path = path_join(path, de->d_name);
		t.resolved = xstrdup(t.path);
		if (!broker_check(o->b, &t, FSJ_CAPBIT(FSJ_CAP_DELETE), &v) ||
		    !broker_fence_allows(o->b->fence, path,
					 de->d_type == DT_UNKNOWN
						 ? need_remove(S_IFDIR) | need_remove(S_IFREG)
						 : need_remove(DTTOIF(de->d_type)))) {
			v.why = v.why ? v.why : "the command's own fence refuses it";
			fsj_error_set(&o->err, NULL, 0, 0, "delete of '%s' refused: %s", t.path,
				      v.why);
			broker_target_release(&t);
			closedir(d);
			return -1;
		}
		rc = remove_tree(o, dirfd(d), sub_host, de->d_name, t.path, depth + 1, trash);
		broker_target_release(&t);
		if (rc < 0) {
			closedir(d);
			return -1;
		}
	}
	closedir(d);
	return rmdir_kept(o, parent_fd, name, path);
}

/* Copy the regular file sfd to dfd (copy_file_range(2), read/write where
 * the kernel cannot). Returns 0 or -1 with errno set. */
static int copy_fd(int sfd, int dfd)
{
	char buf[65536];
	ssize_t n;

#ifdef __linux__
	for (;;) {
		n = copy_file_range(sfd, NULL, dfd, NULL, 1 << 30, 0);
		if (n == 0)
			return 0;
		if (n < 0) {
			if (errno == EINTR)
				continue;
			if (errno == EXDEV || errno == EINVAL || errno == ENOSYS ||
			    errno == EOPNOTSUPP)
				break;
			return -1;
		}
	}
#endif
	for (;;) {
		n = read(sfd, buf, sizeof(buf));
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return (int)n; /* 0: the end; -1: errno set */
		if (write_all(dfd, buf, (size_t)n) < 0)
			return -1;
	}
}

/* "mode": a JSON number (420) or an octal string ("0644"). -1 if bad. */
static long json_mode(const cJSON *req, long dflt)
{
	const cJSON *x = cJSON_GetObjectItemCaseSensitive(req, "mode");
	char *end;
	long long n;
	long m;

	if (!x)
		return dflt;
	if (cJSON_IsNumber(x))
		m = fsj_json_int(x, 0, 07777, &n) ? (long)n : -1;
	else if (cJSON_IsString(x) && x->valuestring[0])
		m = strtol(x->valuestring, &end, 8), m = *end ? -1 : m;
	else
		return -1;
	return m >= 0 && m <= 07777 ? m : -1;
}

/* The target o makes a new name at (to_exists: its "to" is taken), or
 * NULL when o makes none. */
static const struct target *made_target(const struct op *o, bool to_exists)
{
	if (o->kind == HOSTOP_LINK || (o->kind == HOSTOP_COPY && !to_exists))
		return &o->to;
	return o->kind == HOSTOP_MKDIR || (o->kind == HOSTOP_TOUCH && !to_exists) ? &o->from : NULL;
}

/* Tell the undo hooks of the name o made (done) or failed to make. */
static void made(struct op *o, const struct target *t, bool done)
{
	bool hard = o->kind == HOSTOP_LINK && !json_bool(o->req, "symbolic", false);

	if (!done && broker_creating_hook)
		(void)broker_creating_hook(o->b, t->dirfd, t->resolved, NULL, true, &o->err);
	else if (done && broker_made_hook)
		broker_made_hook(o->b, hard ? BROKER_MADE_NAME : BROKER_MADE_FILE, t->dirfd,
				 t->name, t->resolved);
}

/* Perform o once every check passed: on the folders resolved in the
 * command's view (owned by o's targets), with *at() calls on the last
 * component. Returns 0, or -1 with o->err set. */
int hostop_act(struct op *o, bool to_exists)
{
	const cJSON *req = o->req;
	bool symbolic = o->kind == HOSTOP_LINK && json_bool(req, "symbolic", false);
	int fdir = o->from.dirfd, tdir = o->to.dirfd, sfd = -1, dfd = -1, rc = -1;
	const struct target *made_to = NULL;
	struct stat st, tst;
	long mode;

	if (!symbolic && fdir < 0) {
		errno = ENOENT;
		fail_errno(o, "open the folder of", o->from.path);
		goto out;
	}
	if (!symbolic && !o->from.name[0]) {
		fsj_error_set(&o->err, NULL, 0, 0, "cannot %s '/'", hostop_names[o->kind]);
		goto out;
	}
	/* the folders must still be where they were judged */
	if ((!symbolic && !broker_target_still(&o->from, o->root_fd)) ||
	    (o->has_to && !broker_target_still(&o->to, o->root_fd))) {
		fsj_error_set(&o->err, NULL, 0, 0, "a folder of '%s' moved during the request",
			      o->from.path);
		goto out;
	}
	if (o->has_to) {
		if (tdir < 0) {
			errno = ENOENT;
			fail_errno(o, "open the folder of", o->to.path);
			goto out;
		}
		if (!o->to.name[0]) {
			fsj_error_set(&o->err, NULL, 0, 0, "cannot %s onto '/'",
				      hostop_names[o->kind]);
			goto out;
		}
	}
	/* the create recorded before it is made (issue 14) */
	made_to = made_target(o, to_exists);
	if (made_to && o->kind == HOSTOP_LINK && !symbolic &&
	    fstatat(fdir, o->from.name, &st, AT_SYMLINK_NOFOLLOW) < 0) {
		made_to = NULL;
		fail_errno(o, "link", o->from.path);
		goto out;
	}
	if (made_to && broker_creating_hook &&
	    broker_creating_hook(o->b, made_to->dirfd, made_to->resolved,
				 o->kind == HOSTOP_LINK && !symbolic ? &st : NULL, false,
				 &o->err) < 0) {
		made_to = NULL; /* nothing announced, nothing to cancel */
		goto out;
	}
	switch (o->kind) {
	case HOSTOP_DELETE: {
		const char *m = json_str(req, "deleteMode");
		bool trash = m ? strcmp(m, "trash") == 0
			       : o->b->ctx->config.delete_mode == FSJ_DELETE_TRASH;

		if (m && !trash && strcmp(m, "unlink") != 0) {
			fsj_error_set(&o->err, NULL, 0, 0, "unknown deleteMode '%s'", m);
			goto out;
		}
		if (fstatat(fdir, o->from.name, &st, AT_SYMLINK_NOFOLLOW) < 0) {
			fail_errno(o, "delete", o->from.path);
			goto out;
		}
		/* the run's own /dev/shm is not the host's: no trash there */
		if (trash && !devshm_covers(o->from.resolved) &&
		    !toolcache_covers(o->from.resolved)) {
			if (!broker_trash_hook) {
				fsj_error_set(&o->err, NULL, 0, 0, "trash not available");
				goto out;
			}
			/* the trash lies outside the command's view: the same
			 * folder, reached from the host's */
			dfd = broker_host_dirfd(&o->from);
			if (dfd < 0) {
				fail_errno(o, "reach the folder of", o->from.path);
				goto out;
			}
			/* a folder file by file, so that the cycle keeps each
			 * (moved whole, it was in no cycle: att6) */
			rc = S_ISDIR(st.st_mode) && broker_remove_hook
				     ? remove_tree(o, fdir, dfd, o->from.name, o->from.resolved, 0,
						   true)
				     : broker_trash_hook(o->b, dfd, o->from.name, o->from.resolved,
							 &o->err);
			goto out;
		}
		if (S_ISDIR(st.st_mode) && !json_bool(req, "recursive", false)) {
			rc = rmdir_kept(o, fdir, o->from.name, o->from.resolved);
			goto out;
		}
		dfd = broker_remove_hook ? broker_host_dirfd(&o->from) : -1;
		rc = remove_tree(o, fdir, dfd, o->from.name, o->from.resolved, 0, false);
		goto out;
	}
	case HOSTOP_MKDIR:
		mode = json_mode(req, 0777);
		if (mode < 0) {
			fsj_error_set(&o->err, NULL, 0, 0, "bad mode");
			goto out;
		}
		if (mkdirat(fdir, o->from.name, (mode_t)mode) < 0)
			fail_errno(o, "create folder", o->from.path);
		else
			rc = 0;
		goto out;
	case HOSTOP_RENAME: /* recorded as the listener records one (restore moves it back) */
		if (fstatat(fdir, o->from.name, &st, AT_SYMLINK_NOFOLLOW) < 0 ||
		    (to_exists && fstatat(tdir, o->to.name, &tst, AT_SYMLINK_NOFOLLOW) < 0)) {
			fail_errno(o, "rename", o->from.path);
			goto out;
		}
		/* the store links the file renamed over from the host's view
		 * of its folder (EXDEV from the command's mount) */
		dfd = to_exists && broker_rename_hook ? broker_host_dirfd(&o->to) : -1;
		if (broker_rename_hook
			    ? broker_rename_hook(o->b, fdir, o->from.name, o->from.resolved, &st,
						 dfd >= 0 ? dfd : tdir, o->to.name, o->to.resolved,
						 to_exists ? &tst : NULL, false, &o->err) < 0
			    : to_exists && backup(o, tdir, o->to.name, o->to.resolved) < 0)
			goto out;
		/* without to_exists, checked as a create: it must still be one */
		rc = to_exists ? renameat(fdir, o->from.name, tdir, o->to.name)
			       : platform_rename_noreplace(fdir, o->from.name, tdir, o->to.name);
		if (rc < 0)
			fail_errno(o, "rename", o->from.path);
		else if (S_ISLNK(st.st_mode))
			(void)linkkeep_note(tdir, o->to.name, -1); /* linkkeep.h */
		if (broker_rename_hook) /* done, or failed (st NULL) */
			(void)broker_rename_hook(o->b, fdir, o->from.name, o->from.resolved,
						 rc < 0 ? NULL : &st, dfd >= 0 ? dfd : tdir,
						 o->to.name, o->to.resolved,
						 to_exists ? &tst : NULL, true, &o->err);
		goto out;
	case HOSTOP_COPY:
		sfd = openat(fdir, o->from.name,
			     O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);
		if (sfd < 0 || fstat(sfd, &st) < 0) {
			fail_errno(o, "open", o->from.path);
			goto out;
		}
		if (!S_ISREG(st.st_mode)) {
			fsj_error_set(&o->err, NULL, 0, 0, "'%s' is not a regular file",
				      o->from.path);
			goto out;
		}
		if (to_exists) {
			struct stat dst;

			if (backup(o, tdir, o->to.name, o->to.resolved) < 0)
				goto out;
			dfd = openat(tdir, o->to.name,
				     O_WRONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);
			/* in place, so never through a second name (a hard
			 * link carries the write to another path) */
			if (dfd >= 0 &&
			    (fstat(dfd, &dst) < 0 || !S_ISREG(dst.st_mode) || dst.st_nlink > 1)) {
				close(dfd);
				dfd = -1;
				errno = EMLINK;
			}
			if (dfd >= 0 && ftruncate(dfd, 0) < 0) {
				close(dfd);
				dfd = -1;
			}
		} else {
			dfd = openat(tdir, o->to.name,
				     O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC,
				     st.st_mode & 0777);
		}
		if (dfd < 0) {
			fail_errno(o, "write", o->to.path);
			goto out;
		}
		if (copy_fd(sfd, dfd) < 0)
			fail_errno(o, "copy to", o->to.path);
		else
			rc = 0;
		goto out;
	case HOSTOP_CHMOD:
		mode = json_mode(req, -1);
		if (mode < 0) {
			fsj_error_set(&o->err, NULL, 0, 0, "chmod needs a mode (0 to 07777)");
			goto out;
		}
		/* As the listener refuses it (notify-meta.c setid_refused()):
		 * the bit would outlive the run as a program any local user
		 * runs as fsjail's user (t0228). A folder's set-group-ID stays. */
		if ((mode & (S_ISUID | S_ISGID)) &&
		    (fstatat(fdir, o->from.name, &st, AT_SYMLINK_NOFOLLOW) < 0 ||
		     !S_ISDIR(st.st_mode))) {
			fsj_error_set(&o->err, NULL, 0, 0,
				      "a set-user-ID or set-group-ID bit (not a rule)");
			goto out;
		}
		/* nor opened to other local users (metaopen.h): the broker has
		 * no record of what the run made, so whatever it is */
		if (fstatat(fdir, o->from.name, &st, AT_SYMLINK_NOFOLLOW) < 0 ||
		    metaopen_why(st.st_mode, (st.st_mode & S_IFMT) | (mode_t)mode, st.st_uid,
				 (uid_t)-1, st.st_gid, (gid_t)-1)) {
			fsj_error_set(&o->err, NULL, 0, 0,
				      "write for group or others, or the sticky bit taken away "
				      "(any local user could change it)");
			goto out;
		}
		if (broker_meta_hook &&
		    broker_meta_hook(o->b, fdir, o->from.name, o->from.resolved, &o->err) < 0)
			goto out;
		if (fchmodat(fdir, o->from.name, (mode_t)mode, AT_SYMLINK_NOFOLLOW) < 0)
			fail_errno(o, "chmod", o->from.path);
		else
			rc = 0;
		goto out;
	case HOSTOP_LINK:
		if (json_bool(req, "symbolic", false)) {
			const char *text = json_str(req, "from");

			rc = symlinkat(text ? text : json_str(req, "path"), tdir, o->to.name);
			/* judged again when the command has ended (linkkeep.h) */
			if (rc == 0 && !linkkeep_note(tdir, o->to.name, -1)) {
				int e = errno;

				(void)unlinkat(tdir, o->to.name, 0);
				errno = e;
				rc = -1;
			}
		} else {
			rc = linkat(fdir, o->from.name, tdir, o->to.name, 0);
			if (rc == 0)
				(void)linkkeep_note(tdir, o->to.name, -1); /* kept if a link */
		}
		if (rc < 0)
			fail_errno(o, "link", o->to.path);
		goto out;
	case HOSTOP_TOUCH:
		if (!to_exists) {
			dfd = openat(fdir, o->from.name,
				     O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
			if (dfd < 0)
				fail_errno(o, "create", o->from.path);
			else
				rc = 0;
		} else if (broker_meta_hook && broker_meta_hook(o->b, fdir, o->from.name,
								o->from.resolved, &o->err) < 0) {
			goto out;
		} else if (utimensat(fdir, o->from.name, NULL, AT_SYMLINK_NOFOLLOW) < 0) {
			fail_errno(o, "touch", o->from.path);
		} else {
			rc = 0;
		}
		goto out;
	}
out:
	if (made_to) /* a copy that failed midway made its file */
		made(o, made_to, rc == 0 || dfd >= 0);
	if (sfd >= 0)
		close(sfd);
	if (dfd >= 0)
		close(dfd);
	return rc;
}
