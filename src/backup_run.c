/* backup_run.c - the run glue of ModifyBackup (backup.h, "the run
 * glue"): one cycle per `fsjail run`, handed to the interception hook
 * (notify.h) and the broker's hooks (broker.h). It sits above all three,
 * so backup.c includes neither notify.h nor broker.h (STYLE.md 24). */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "backup.h"
#include "backup_autoprune.h"
#include "backup_inherited.h"
#include "backup_rename.h"
#include "backup_store.h"
#include "broker.h"
#include "hostlock.h"
#include "notify.h"
#include "snapshot-run.h"
#include "trash.h"
#include "util.h"

static struct {
	struct backup_cycle *bc;
	struct audit_log audit;
	bool audit_open;
	char *home;
	char *state_dir;
	unsigned long keep_days, store_max_mb;
} run;

/* The broker's hooks (broker.h): host operations back up and trash
 * through the run's cycle too. */
static int broker_backup(struct broker *b, int dirfd, const char *name, const char *path,
			 struct fsj_error *err)
{
	(void)b;
	return backup_before_modify(run.bc, dirfd, name, path, getenv("FSJAIL_CALL_ID"), err);
}

/* A read-write token: the very file handed out, keyed by its identity. */
static int broker_backup_fd(struct broker *b, int dirfd, const char *name, int fd,
			    const char *path, const char *call, struct fsj_error *err)
{
	(void)b;
	return backup_before_change(run.bc, dirfd, name, fd, path, BACKUP_CHANGE_CONTENT, call, err);
}

/* A host rename (broker.h): as the listener's (notify_op_rename()), the
 * file renamed over is kept by link, a folder renamed over, folder times
 * and rename recorded before (backup_before_rename()); the removal after. */
static int broker_rename(struct broker *b, int fdir, const char *fname, const char *from,
			 const struct stat *st, int tdir, const char *tname, const char *to,
			 const struct stat *over, bool done, struct fsj_error *err)
{
	cleanup_fd int fd = -1;

	(void)b, (void)fname;
	if (done) { /* st NULL: the rename failed */
		if (!st)
			backup_note_rename_failed(run.bc, from, to);
		else if (over)
			backup_note_removed(run.bc, to, over, NULL);
		return 0;
	}
	if (over && S_ISREG(over->st_mode)) {
#ifdef O_PATH
		fd = openat(tdir, tname, O_PATH | O_NOFOLLOW | O_CLOEXEC);
#else
		fd = openat(tdir, tname, O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC);
#endif
		if (fd < 0)
			return fsj_error_set(err, NULL, 0, 0, "cannot open '%s': %s", to,
					     strerror(errno));
		if (backup_before_change(run.bc, tdir, tname, fd, to, BACKUP_CHANGE_REMOVE,
					 getenv("FSJAIL_CALL_ID"), err) < 0)
			return -1;
	}
	return backup_before_rename(run.bc, fdir, from, st, tdir, tname, to, over, false,
				    getenv("FSJAIL_CALL_ID"), err);
}

/* A name a host operation made (broker.h): restore trashes it; a new
 * file or folder also needs no backup. */
static void broker_made(struct broker *b, enum broker_made what, int dirfd, const char *name,
			const char *path)
{
	struct stat sb;

	(void)b;
	if (fstatat(dirfd, name, &sb, AT_SYMLINK_NOFOLLOW) < 0)
		return; /* gone again */
	if (what == BROKER_MADE_NAME)
		backup_note_new(run.bc, path, &sb); /* a link: the file linked */
	else
		backup_note_created(run.bc, path, sb.st_dev, sb.st_ino);
}

/* Before (failed false) and after a failed create (broker.h). */
static int broker_creating(struct broker *b, int dirfd, const char *path, const struct stat *of,
			   bool failed, struct fsj_error *err)
{
	(void)b;
	if (failed)
		backup_note_cancel(run.bc, path);
	else if (backup_note_creating(run.bc, dirfd, path, of) < 0)
		return fsj_error_set(err, NULL, 0, 0, "the create cannot be recorded for undo: %s",
				     strerror(errno));
	return 0;
}

/* backup_before_change() WHAT of the object name in dirfd, not followed:
 * 0 with nothing saved where it cannot be opened (the call itself fails,
 * or a link is left alone). */
static int before_change(int dirfd, const char *name, const char *path, enum backup_change what,
			 struct fsj_error *err)
{
#ifdef O_PATH
	cleanup_fd int fd = openat(dirfd, name, O_PATH | O_NOFOLLOW | O_CLOEXEC);
#else
	cleanup_fd int fd = openat(dirfd, name, O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC);
#endif

	if (fd < 0)
		return 0;
	return backup_before_change(run.bc, dirfd, name, fd, path, what, getenv("FSJAIL_CALL_ID"),
				    err);
}

/* Before a host chmod or touch of an existing object (broker.h): its old
 * mode, owner and times (none for one the run made, nor twice). */
static int broker_meta(struct broker *b, int dirfd, const char *name, const char *path,
		       struct fsj_error *err)
{
	(void)b;
	return before_change(dirfd, name, path, BACKUP_CHANGE_META, err);
}

/* Before a host delete removes the name in dirfd (broker.h): kept as the
 * listener's unlink or rmdir keeps it (notify-ops.c), a regular file by
 * link whatever its size, a symlink, FIFO or (empty) folder recorded;
 * nothing for one the run made or under a temporary directory. The
 * broker acts under the host lock (hostlock.h), so the name holds this
 * object until the delete. */
static int broker_remove(struct broker *b, int dirfd, const char *name, const char *path,
			 struct fsj_error *err)
{
	struct stat sb;

	(void)b;
	if (fstatat(dirfd, name, &sb, AT_SYMLINK_NOFOLLOW) == 0 && S_ISDIR(sb.st_mode))
		return backup_before_rmdir(run.bc, dirfd, name, path, getenv("FSJAIL_CALL_ID"), err);
	return before_change(dirfd, name, path, BACKUP_CHANGE_REMOVE, err);
}

/* A delete in trash mode: the trash only where it saves something. A
 * file the run created, or one under a temporary directory, is unlinked
 * plainly (its content is in no danger the user cares about); anything
 * else goes to the trash. With the intercept hooks on, a regular file is
 * kept by the cycle first and recorded, as the listener's unlink does
 * (att6: a broker delete was in no cycle, so restore never brought it
 * back): kept by link, it is unlinked and its trash entry made from the
 * link when the run ends; else moved to the trash and the entry noted. */
static int broker_trash(struct broker *b, int dirfd, const char *name, const char *path,
			struct fsj_error *err)
{
	struct stat sb;
	char *as = NULL;

	if (!run.home)
		return fsj_error_set(err, NULL, 0, 0, "trash not available: no home");
	if (fstatat(dirfd, name, &sb, AT_SYMLINK_NOFOLLOW) < 0)
		return fsj_error_set(err, NULL, 0, 0, "cannot delete '%s': %s", path,
				     strerror(errno));
	if (S_ISREG(sb.st_mode) && (backup_path_is_temp(run.bc, path) ||
				    backup_created_in_cycle(run.bc, sb.st_dev, sb.st_ino))) {
		if (unlinkat(dirfd, name, 0) == 0)
			return 0;
		return fsj_error_set(err, NULL, 0, 0, "cannot delete '%s': %s", path,
				     strerror(errno));
	}
	if (broker_remove_hook != broker_remove || S_ISDIR(sb.st_mode))
		return trash_move_at(run.home, dirfd, name, path, NULL, err);
	if (broker_remove(b, dirfd, name, path, err) < 0)
		return -1;
	/* a symlink or FIFO: recorded and unlinked, as the listener does; a
	 * file kept by link: its trash entry made from that link at the end */
	if (!S_ISREG(sb.st_mode) || backup_kept_by_link(run.bc, &sb)) {
		if (unlinkat(dirfd, name, 0) < 0)
			return fsj_error_set(err, NULL, 0, 0, "cannot delete '%s': %s", path,
					     strerror(errno));
		if (S_ISREG(sb.st_mode))
			backup_trash_later(run.bc, path, &sb);
		return 0;
	}
	if (trash_move_at(run.home, dirfd, name, path, &as, err) < 0)
		return -1;
	backup_note_removed(run.bc, path, &sb, as);
	free(as);
	return 0;
}

int backup_run_begin(const struct fsj_ctx *ctx, char *const argv[], struct fsj_error *err)
{
	struct strbuf cmd = { 0 };
	size_t i;

	if (!ctx->config.backup_enabled || run.bc)
		return 0;
	for (i = 0; argv[i]; i++) {
		if (i)
			sb_addc(&cmd, ' ');
		sb_adds(&cmd, argv[i]);
	}
	if (audit_open(&run.audit, ctx, err) < 0) {
		sb_release(&cmd);
		return -1;
	}
	run.audit_open = true;
	run.bc = backup_cycle_new(ctx->env.state_dir, NULL, cmd.buf ? cmd.buf : "",
				  ctx->config.backup_max_size_mb, &run.audit, err);
	sb_release(&cmd);
	if (!run.bc) {
		audit_close(&run.audit);
		run.audit_open = false;
		return -1;
	}
	backup_cycle_set_info(run.bc, ctx->workspace, "run");
	backup_cycle_set_refuse_large(run.bc, ctx->config.backup_refuse_large);
	run.state_dir = xstrdup(ctx->env.state_dir);
	backup_store_limits(&ctx->config, &run.keep_days, &run.store_max_mb);
	run.home = ctx->config.delete_mode == FSJ_DELETE_TRASH && ctx->env.home
			   ? xstrdup(ctx->env.home)
			   : NULL;
	if (run.home) /* the broker's deletes in trash mode, either method */
		broker_trash_hook = broker_trash;
	if (ctx->config.backup_method == FSJ_BACKUP_SNAPSHOT) {
		/* no hook: the snapshot is compared after the run (snapshot.h) */
		if (snapshot_run_begin(ctx, run.bc, err) == 0)
			return 0;
		backup_run_end(-1);
		return -1;
	}
#ifdef __linux__
	/* `3<>file`, `>> log`: writes through these pass no trapped open */
	if (backup_inherited_fds(run.bc, ctx->workspace, err) < 0) {
		backup_run_end(-1);
		return -1;
	}
#endif
	/* two runs on the workspace at once: one order of acts and records */
	if (hostlock_open(ctx->env.state_dir, ctx->workspace) < 0) {
		fsj_error_set(err, NULL, 0, 0, "cannot open the workspace lock in '%s/hostlock': %s",
			      ctx->env.state_dir, strerror(errno));
		backup_run_end(-1);
		return -1;
	}
	notify_set_backup(run.bc, run.home);
	notify_set_allow_hardlink_writes(!ctx->config.protect_hard_links);
	broker_backup_hook = broker_backup;
	broker_backup_fd_hook = broker_backup_fd;
	broker_rename_hook = broker_rename;
	broker_made_hook = broker_made;
	broker_creating_hook = broker_creating;
	broker_meta_hook = broker_meta;
	broker_remove_hook = broker_remove;
	return 0;
}

void backup_run_set_own(bool own)
{
	if (run.bc)
		backup_cycle_set_own(run.bc, own);
}

const char *backup_run_cycle(void)
{
	return run.bc ? backup_cycle_name(run.bc) : NULL;
}

void backup_run_end(int status)
{
	struct fsj_error err = { { 0 } };

	notify_set_backup(NULL, NULL);
	if (broker_backup_hook == broker_backup)
		broker_backup_hook = NULL;
	if (broker_backup_fd_hook == broker_backup_fd)
		broker_backup_fd_hook = NULL;
	if (broker_rename_hook == broker_rename)
		broker_rename_hook = NULL;
	if (broker_made_hook == broker_made)
		broker_made_hook = NULL;
	if (broker_creating_hook == broker_creating)
		broker_creating_hook = NULL;
	if (broker_meta_hook == broker_meta)
		broker_meta_hook = NULL;
	if (broker_trash_hook == broker_trash)
		broker_trash_hook = NULL;
	if (broker_remove_hook == broker_remove)
		broker_remove_hook = NULL;
	hostlock_close();
	snapshot_run_end(run.bc);
	if (run.bc && run.home)
		(void)backup_cycle_trash(run.bc, run.home);
	if (run.bc && backup_cycle_commit(run.bc, status, &err) < 0)
		warn("%s", err.text);
	else if (run.bc)
		backup_autoprune_after(run.state_dir, run.bc, run.keep_days, run.store_max_mb);
	backup_cycle_free(run.bc);
	run.bc = NULL;
	if (run.audit_open)
		audit_close(&run.audit);
	run.audit_open = false;
	free(run.home);
	run.home = NULL;
	free(run.state_dir);
	run.state_dir = NULL;
}
