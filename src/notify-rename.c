/* notify-rename.c - rename and link: a new name for an existing object,
 * decided and performed by the supervisor (notify.h states the guarantee;
 * rename(2), link(2); the other trapped calls are in notify-ops.c, the trust
 * boundary notify_handle() there). Both paths are read once and looked up in
 * the caller's view (notify-path.c); the new name may grant no more than the
 * old one (Landlock's REFER rule) nor leave the backups' reach (both in
 * notify-refer.c), and a folder or symlink given a new name is checked
 * against the guarded names (notify-guard.c). */
#ifdef __linux__
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "backup.h"
#include "backup_rename.h"
#include "notify-gitlink.h"
#include "notify-linkto.h"
#include "notify-int.h"
#include "notify-names.h"
#include "notify-refer.h"
#include "notify-rename.h"

/* Record the rename a -> b before it is done (backup_before_rename():
 * restore moves it back); one not recorded is refused. false then. */
static bool note_rename(struct job *j, const struct loc *a, const struct loc *b, unsigned fl)
{
	struct fsj_error err = { { 0 } };

	if (!j->nt->bc ||
	    (b->obj >= 0 && a->st.st_dev == b->st.st_dev && a->st.st_ino == b->st.st_ino))
		return true; /* rename(2) of two names of one file does nothing */
	if (backup_before_rename(j->nt->bc, a->parent, a->path, &a->st, b->parent, b->name, b->path,
				 b->obj >= 0 ? &b->st : NULL, fl & RENAME_EXCHANGE, "notify",
				 &err) == 0)
		return true;
	nj_refuse(j, FSJ_CAP_CREATE, b->path, "the rename cannot be recorded for undo",
		  errno ? errno : EACCES, NULL);
	return false;
}

int notify_op_rename(struct job *j)
{
	unsigned fl = (unsigned)j->c->flags, del = FSJ_CAPBIT(FSJ_CAP_DELETE);
	unsigned wr = FSJ_CAPBIT(FSJ_CAP_WRITE), crw = FSJ_CAPBIT(FSJ_CAP_CREATE) | wr;
	struct loc a, b;
	int e = -1;

	if (fl & RENAME_WHITEOUT)
		return nj_refuse(j, FSJ_CAP_CREATE, NULL, "RENAME_WHITEOUT", EPERM, NULL);
	if ((fl & ~(unsigned)(RENAME_NOREPLACE | RENAME_EXCHANGE)) ||
	    (fl & RENAME_NOREPLACE && fl & RENAME_EXCHANGE))
		return nj_answer(j, EINVAL);
	if (!nj_find_two(j, 0, false, FSJ_CAP_DELETE, &a, &b))
		return 0;
	if (a.obj < 0 || ((fl & RENAME_EXCHANGE) && b.obj < 0))
		e = ENOENT;
	else if (a.magic || b.magic)
		nj_refuse(j, FSJ_CAP_CREATE, b.path, "magic link", EACCES, NULL);
	else if (a.parent < 0 || b.parent < 0)
		e = EBUSY;
	else if ((fl & RENAME_NOREPLACE) && b.obj >= 0)
		e = EEXIST;
	else if (!nj_socket_kept(j, &a, FSJ_CAP_DELETE) ||
		 !nj_socket_kept(j, &b, (fl & RENAME_EXCHANGE) ? FSJ_CAP_DELETE : FSJ_CAP_CREATE))
		;
	else if (notify_gitcfg_rename(j, &a, &b, fl) || notify_newrepo_rename(j, &a, &b, fl))
		;
	/* a name given another object is written (DESIGN.md section 2): an
	 * exchange writes both, a rename over b writes b */
	else if (!nj_need(j, a.path, del | ((fl & RENAME_EXCHANGE) ? crw : 0u)) ||
		 !nj_need(j, b.path, FSJ_CAPBIT(FSJ_CAP_CREATE) | (b.obj >= 0 ? del | wr : 0u)) ||
		 !nj_rendezvous_ok(j, &b, a.st.st_mode & S_IFMT) ||
		 ((fl & RENAME_EXCHANGE) && !nj_rendezvous_ok(j, &a, b.st.st_mode & S_IFMT)) ||
		 !nj_repo_ok(j, &a, del | ((fl & RENAME_EXCHANGE) ? FSJ_CAPBIT(FSJ_CAP_CREATE) : 0u),
			     b.obj >= 0 ? b.st.st_mode & S_IFMT : 0) ||
		 !nj_repo_ok(j, &b, FSJ_CAPBIT(FSJ_CAP_CREATE) | (b.obj >= 0 ? del : 0u),
			     a.st.st_mode & S_IFMT) ||
		 !nj_gitlink_ok(j, &b, a.st.st_mode & S_IFMT, S_ISDIR(a.st.st_mode) ? a.obj : -1) ||
		 ((fl & RENAME_EXCHANGE) &&
		  !nj_gitlink_ok(j, &a, b.st.st_mode & S_IFMT, S_ISDIR(b.st.st_mode) ? b.obj : -1)))
		;
	else if (!nj_refer_ok(j, &a, b.path) ||
		 ((fl & RENAME_EXCHANGE) && !nj_refer_ok(j, &b, a.path)) ||
		 !nj_temp_cross_ok(j, &a, &b, (fl & RENAME_EXCHANGE) != 0))
		;
	/* a folder, or a symbolic link, could bring a denied name into being;
	 * a link's relative text leads elsewhere from another folder */
	else if (!nj_guard_rename(j, &a, &b, fl) ||
		 (S_ISLNK(a.st.st_mode) && !nj_linkto_moved_ok(j, &b, a.obj)) ||
		 ((fl & RENAME_EXCHANGE) && S_ISLNK(b.st.st_mode) &&
		  !nj_linkto_moved_ok(j, &a, b.obj)))
		;
	/* after the policy's refusals, which name their rules */
	else if (nj_mount_root(j, &a, FSJ_CAP_DELETE) || nj_mount_root(j, &b, FSJ_CAP_DELETE))
		e = EBUSY;
	else if (nj_name_changed(&a))
		nj_refuse(j, FSJ_CAP_DELETE, a.path, "the file changed during the call", EACCES, NULL);
	/* The file renamed over leaves the workspace: saved (a link). The
	 * moved file keeps its content under the new name, the renamed
	 * record takes it back; a link of it would be a second name that
	 * makes every later write of it a hard-link write (nj_hardlink_ok).
	 * An exchange keeps both files: recorded only. */
	else if (b.obj >= 0 && !(fl & RENAME_EXCHANGE) && !nj_save(j, &b, BACKUP_CHANGE_REMOVE))
		;
	else if (!note_rename(j, &a, &b, fl))
		;
	else {
		e = syscall(SYS_renameat2, a.parent, a.name, b.parent, b.name, fl) < 0 ? errno : 0;
		/* a moved link, or a folder holding relative ones, is judged
		 * again when the command has ended (linkkeep.h) */
		if (e == 0 && (S_ISLNK(a.st.st_mode) || S_ISDIR(a.st.st_mode)))
			(void)nj_linkto_keep_or_say(j, b.parent, b.name, b.path);
		if (e == 0 && (fl & RENAME_EXCHANGE) && (S_ISLNK(b.st.st_mode) || S_ISDIR(b.st.st_mode)))
			(void)nj_linkto_keep_or_say(j, a.parent, a.name, a.path);
		if (e == 0 && !(fl & RENAME_EXCHANGE) && S_ISDIR(a.st.st_mode))
			nj_gitfile_moved(a.path, b.path, b.parent, b.name);
		if (e == 0 && b.obj >= 0 && !(fl & RENAME_EXCHANGE))
			backup_note_removed(j->nt->bc, b.path, &b.st, NULL);
		if (e && !(b.obj >= 0 && a.st.st_dev == b.st.st_dev && a.st.st_ino == b.st.st_ino)) {
			backup_note_rename_failed(j->nt->bc, a.path, b.path);
			if (fl & RENAME_EXCHANGE)
				backup_note_rename_failed(j->nt->bc, b.path, a.path);
		}
	}
	return nj_done_two(j, e, &a, &b);
}

int notify_op_link(struct job *j)
{
	char link[64];
	unsigned fl = (unsigned)j->c->flags;
	struct loc a, b;
	int e = -1;

	if (fl & ~(unsigned)(AT_SYMLINK_FOLLOW | AT_EMPTY_PATH))
		return nj_answer(j, EINVAL);
	if (!nj_find_two(j, (fl & AT_SYMLINK_FOLLOW) ? LK_FOLLOW : 0, (fl & AT_EMPTY_PATH) != 0,
			 FSJ_CAP_CREATE, &a, &b))
		return 0;
	if (a.obj < 0)
		e = ENOENT;
	else if (S_ISDIR(a.st.st_mode))
		e = EPERM;
	else if (!a.path)
		nj_refuse(j, FSJ_CAP_CREATE, b.path, "a file without a name cannot be linked", EACCES,
			  NULL);
	else if (b.obj >= 0 || b.parent < 0)
		e = EEXIST;
	else if (b.trailing_slash)
		e = ENOENT;
	else if (!nj_need(j, b.path, FSJ_CAPBIT(FSJ_CAP_CREATE)) || !nj_refer_ok(j, &a, b.path) ||
		 !nj_temp_cross_ok(j, &a, &b, false) ||
		 !nj_repo_ok(j, &b, FSJ_CAPBIT(FSJ_CAP_CREATE), a.st.st_mode & S_IFMT) ||
		 !nj_rendezvous_ok(j, &b, a.st.st_mode & S_IFMT) ||
		 !nj_gitlink_ok(j, &b, a.st.st_mode & S_IFMT, -1))
		;
	else if (S_ISLNK(a.st.st_mode) &&
		 (!nj_guard_redirect(j, b.path) || !nj_linkto_moved_ok(j, &b, a.obj)))
		;
	else if (nj_creating(j, &b, &a.st)) {
		snprintf(link, sizeof(link), "/proc/self/fd/%d", a.obj);
		e = (S_ISLNK(a.st.st_mode) && a.parent >= 0
			     ? linkat(a.parent, a.name, b.parent, b.name, 0)
			     : linkat(AT_FDCWD, link, b.parent, b.name, AT_SYMLINK_FOLLOW)) < 0
			    ? errno
			    : 0;
		if (e == 0 && S_ISLNK(a.st.st_mode))
			(void)nj_linkto_keep_or_say(j, b.parent, b.name, b.path);
		nj_made(j, &b, &a.st, e); /* a name of an older file: that one is still saved */
	}
	return nj_done_two(j, e, &a, &b);
}

#else
/* ISO C wants at least one declaration in a translation unit. */
typedef int notify_rename_not_this_system;
#endif /* __linux__ */
