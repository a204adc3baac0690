/* backup_run.c - the run glue of ModifyBackup (backup.h, "the run
 * glue"): one cycle per `fsjail run`, handed to the interception hook
 * (notify.h) and the broker's hooks (broker.h). It sits above all three,
 * so that backup.c includes neither notify.h nor broker.h (STYLE.md point
 * 24). */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "backup.h"
#include "backup_store.h"
#include "broker.h"
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

/* true when c has its commit.json (a run that ended, not one killed). */
static bool committed(const struct backup_store_cycle *c)
{
	cleanup_fd int fd = backup_store_open(c);

	return fd >= 0 && faccessat(fd, "commit.json", F_OK, AT_SYMLINK_NOFOLLOW) == 0;
}

/* After the run's cycle is committed: the store back within
 * backup.keep_days and backup.store_max_mb (backup_store_prune()), never
 * the cycle just made, nor an uncommitted one: a run killed before its
 * end made no trash entry for its deletes, its cycle is their only copy
 * (`fsjail backups prune` still removes it). Quiet; what cannot be
 * removed is said on stderr. */
static void prune_store(void)
{
	size_t n, m = 0, keep;
	struct backup_store_cycle *v = backup_store_list(run.state_dir, NULL, &n);

	for (size_t i = 0; i < n; i++) /* the committed ones first, in order */
		if (committed(&v[i])) {
			struct backup_store_cycle t = v[i];

			memmove(&v[m + 1], &v[m], (i - m) * sizeof(*v));
			v[m++] = t;
		}
	for (keep = 0; keep < m; keep++)
		if (strcmp(v[keep].name, backup_cycle_name(run.bc)) == 0 &&
		    strcmp(v[keep].session, backup_cycle_session(run.bc)) == 0)
			break;
	(void)backup_store_prune(v, m, run.keep_days, run.store_max_mb, keep, false, NULL);
	backup_store_free(v, n);
}

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

/* A name a host operation made (restore trashes it; a new file or folder
 * also needs no backup), or a rename about to be done (restore moves it
 * back; refused when it cannot be recorded). */
static int broker_made(struct broker *b, enum broker_made what, int dirfd, const char *name,
		       const char *from, const char *path, struct fsj_error *err)
{
	struct stat sb;

	(void)b;
	if (fstatat(dirfd, name, &sb, AT_SYMLINK_NOFOLLOW) < 0)
		return 0; /* gone, or the rename fails on its own */
	if (what == BROKER_MADE_NAME)
		backup_note_new(run.bc, path);
	else if (what == BROKER_MADE_FILE)
		backup_note_created(run.bc, path, sb.st_dev, sb.st_ino);
	else if (backup_note_renamed(run.bc, from, path, sb.st_dev, sb.st_ino, false) < 0)
		return fsj_error_set(err, NULL, 0, 0, "cannot record the rename of '%s' for undo: %s",
				     from, strerror(errno));
	return 0;
}

/* A delete in trash mode: the trash only where it saves something. A
 * file the run created, or one under a temporary directory, is unlinked
 * plainly (its content is in no danger the user cares about); anything
 * else goes to the trash. */
static int broker_trash(struct broker *b, int dirfd, const char *name, const char *path,
			struct fsj_error *err)
{
	struct stat sb;

	(void)b;
	if (!run.home)
		return fsj_error_set(err, NULL, 0, 0, "trash not available: no home");
	if (fstatat(dirfd, name, &sb, AT_SYMLINK_NOFOLLOW) == 0 && S_ISREG(sb.st_mode) &&
	    (backup_path_is_temp(run.bc, path) ||
	     backup_created_in_cycle(run.bc, sb.st_dev, sb.st_ino))) {
		if (unlinkat(dirfd, name, 0) == 0)
			return 0;
		return fsj_error_set(err, NULL, 0, 0, "cannot delete '%s': %s", path,
				     strerror(errno));
	}
	return trash_move_at(run.home, dirfd, name, path, NULL, err);
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
	notify_set_backup(run.bc, run.home);
	notify_set_allow_hardlink_writes(!ctx->config.protect_hard_links);
	broker_backup_hook = broker_backup;
	broker_backup_fd_hook = broker_backup_fd;
	broker_made_hook = broker_made;
	return 0;
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
	if (broker_made_hook == broker_made)
		broker_made_hook = NULL;
	if (broker_trash_hook == broker_trash)
		broker_trash_hook = NULL;
	snapshot_run_end(run.bc);
	if (run.bc && run.home)
		(void)backup_cycle_trash(run.bc, run.home);
	if (run.bc && backup_cycle_commit(run.bc, status, &err) < 0)
		warn("%s", err.text);
	else if (run.bc)
		prune_store();
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
