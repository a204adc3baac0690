/* backup.c - ModifyBackup (DESIGN.md section 9; see backup.h for the
 * store's layout). Copies follow ioctl_ficlone(2) and copy_file_range(2). */
#include <cjson/cJSON.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <time.h>
#include <unistd.h>

#ifdef __linux__
#include <linux/fs.h>
#include <sys/ioctl.h>
#endif

#include "backup.h"
#include "broker.h"
#include "notify.h"
#include "platform.h"
#include "trash.h"
#include "util.h"

struct backup_cycle {
	pthread_mutex_t lock;
	char *state_dir;
	char *session;
	char *name;    /* the cycle folder */
	char *command;
	unsigned long long max_size; /* bytes; 0: no limit */
	const struct audit_log *audit;
	int cyclefd;   /* -1 until the first backup */
	int filesfd;
	unsigned long next; /* next backup file number */
	unsigned long saved;
	char **paths;  /* backed up, skipped or new: no backup again */
	size_t n_paths, cap_paths;
	char **backed; /* backed up: their state goes into commit.json */
	size_t n_backed, cap_backed;
};

static bool safe_id(const char *s)
{
	if (!s || !*s || strlen(s) > 128 || s[0] == '.')
		return false;
	for (; *s; s++)
		if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') ||
		      (*s >= '0' && *s <= '9') || *s == '.' || *s == '_' || *s == '-'))
			return false;
	return true;
}

static char *time_id(void)
{
	char buf[32];
	struct timespec ts;
	struct tm tm;

	clock_gettime(CLOCK_REALTIME, &ts);
	gmtime_r(&ts.tv_sec, &tm);
	strftime(buf, sizeof(buf), "%Y%m%dT%H%M%S", &tm);
	return xasprintf("%s.%06ld-%ld", buf, ts.tv_nsec / 1000, (long)getpid());
}

struct backup_cycle *backup_cycle_new(const char *state_dir, const char *session,
				      const char *command, unsigned long max_size_mb,
				      const struct audit_log *audit, struct fsj_error *err)
{
	struct backup_cycle *bc;

	if (!session)
		session = getenv("FSJAIL_SESSION_ID");
	if (session && !safe_id(session)) {
		fsj_error_set(err, NULL, 0, 0, "session id '%s' is not [A-Za-z0-9._-]", session);
		return NULL;
	}
	if (!state_dir || state_dir[0] != '/') {
		fsj_error_set(err, NULL, 0, 0, "backup: no absolute state directory");
		return NULL;
	}
	bc = xcalloc(1, sizeof(*bc));
	pthread_mutex_init(&bc->lock, NULL);
	bc->state_dir = xstrdup(state_dir);
	bc->name = time_id();
	bc->session = session ? xstrdup(session) : xstrdup(bc->name);
	bc->command = xstrdup(command ? command : "");
	bc->max_size = (unsigned long long)max_size_mb * 1024ull * 1024ull;
	bc->audit = audit;
	bc->cyclefd = bc->filesfd = -1;
	bc->next = 1;
	return bc;
}

const char *backup_cycle_name(const struct backup_cycle *bc)
{
	return bc->name;
}

const char *backup_cycle_session(const struct backup_cycle *bc)
{
	return bc->session;
}

unsigned long backup_cycle_count(const struct backup_cycle *bc)
{
	return __atomic_load_n(&bc->saved, __ATOMIC_RELAXED);
}

/* Open (making it 0700 when missing) the folder name under dirfd, never
 * following a symlink. Returns a descriptor or -1 with errno set. */
static int subdir(int dirfd, const char *name)
{
	struct stat sb;
	int fd;

	if (mkdirat(dirfd, name, 0700) < 0 && errno != EEXIST)
		return -1;
	fd = openat(dirfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0)
		return -1;
	if (fstat(fd, &sb) < 0 || sb.st_uid != geteuid()) {
		close(fd);
		errno = EPERM;
		return -1;
	}
	return fd;
}

/* Make the cycle folder (state/sessions/S/modify_backup/C/files). */
static int open_cycle(struct backup_cycle *bc)
{
	const char *chain[] = { "sessions", bc->session, "modify_backup", bc->name };
	int fd, next;
	size_t i;

	if (bc->filesfd >= 0)
		return 0;
	fd = open(bc->state_dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	for (i = 0; i < sizeof(chain) / sizeof(chain[0]); i++) {
		next = subdir(fd, chain[i]);
		close(fd);
		if (next < 0)
			return -1;
		fd = next;
	}
	bc->filesfd = subdir(fd, "files");
	if (bc->filesfd < 0) {
		close(fd);
		return -1;
	}
	bc->cyclefd = fd;
	return 0;
}

static bool seen(const struct backup_cycle *bc, const char *path)
{
	size_t i;

	for (i = 0; i < bc->n_paths; i++)
		if (strcmp(bc->paths[i], path) == 0)
			return true;
	return false;
}

static void push(char ***v, size_t *n, size_t *cap, const char *s)
{
	if (*n == *cap) {
		*cap = *cap ? *cap * 2 : 16;
		*v = xreallocarray(*v, *cap, sizeof(**v));
	}
	(*v)[(*n)++] = xstrdup(s);
}

void backup_note_new(struct backup_cycle *bc, const char *path)
{
	if (!bc || !path)
		return;
	pthread_mutex_lock(&bc->lock);
	if (!seen(bc, path))
		push(&bc->paths, &bc->n_paths, &bc->cap_paths, path);
	pthread_mutex_unlock(&bc->lock);
}

int backup_copy_fd(int in, int out, off_t size)
{
	char buf[65536];
	ssize_t n;

#ifdef __linux__
	if (ioctl(out, FICLONE, in) == 0)
		return 0;
	{
		loff_t ioff = 0, ooff = 0;
		off_t done = 0;

		while (done < size) {
			n = copy_file_range(in, &ioff, out, &ooff, (size_t)(size - done), 0);
			if (n < 0 && errno == EINTR)
				continue;
			if (n < 0) {
				if (errno == EXDEV || errno == EINVAL || errno == EOPNOTSUPP ||
				    errno == ENOSYS)
					break;
				return -1;
			}
			if (n == 0)
				break;
			done += n;
		}
		if (done >= size) {
			/* The file may have grown: copy the rest below. */
			if (lseek(in, done, SEEK_SET) < 0 || lseek(out, done, SEEK_SET) < 0)
				return -1;
		} else if (done > 0) {
			if (lseek(in, done, SEEK_SET) < 0 || lseek(out, done, SEEK_SET) < 0)
				return -1;
		}
	}
#else
	(void)size;
#endif
	for (;;) {
		n = read(in, buf, sizeof(buf));
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return -1;
		if (n == 0)
			return 0;
		if (write_all(out, buf, (size_t)n) < 0)
			return -1;
	}
}

static void audit_backup(const struct backup_cycle *bc, const char *call, const char *path,
			 const char *decision, const char *detail)
{
	struct audit_event ev;

	if (!bc->audit)
		return;
	memset(&ev, 0, sizeof(ev));
	ev.session = bc->session;
	ev.call = call ? call : "notify";
	ev.command = bc->command;
	ev.capability = "write";
	ev.path = path;
	ev.resolved = path;
	ev.decision = decision;
	ev.source = "backup";
	ev.detail = detail;
	(void)audit_record(bc->audit, &ev);
}

static int manifest_add(struct backup_cycle *bc, const char *path, const char *backup,
			const struct stat *sb, const char *call, const char *skipped)
{
	cJSON *o = cJSON_CreateObject();
	char *text, *line;
	int fd, rc, saved;

	cJSON_AddStringToObject(o, "path", path);
	if (backup)
		cJSON_AddStringToObject(o, "backup", backup);
	else
		cJSON_AddNullToObject(o, "backup");
	cJSON_AddNumberToObject(o, "size", (double)sb->st_size);
	cJSON_AddNumberToObject(o, "mode", (double)(sb->st_mode & 07777));
	cJSON_AddNumberToObject(o, "mtime", (double)BACKUP_MTIM(sb).tv_sec);
	cJSON_AddNumberToObject(o, "mtime_ns", (double)BACKUP_MTIM(sb).tv_nsec);
	cJSON_AddNumberToObject(o, "time", (double)time(NULL));
	cJSON_AddStringToObject(o, "call", call ? call : "notify");
	cJSON_AddStringToObject(o, "command", bc->command);
	if (skipped)
		cJSON_AddStringToObject(o, "skipped", skipped);
	text = cJSON_PrintUnformatted(o);
	cJSON_Delete(o);
	if (!text) {
		errno = ENOMEM;
		return -1;
	}
	line = xasprintf("%s\n", text);
	cJSON_free(text);
	fd = openat(bc->cyclefd, "manifest.ndjson",
		    O_WRONLY | O_APPEND | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0600);
	if (fd < 0) {
		free(line);
		return -1;
	}
	/* No sync per line (nor per saved file): a sync per backup made small
	 * writes 5 to 15 times slower on a busy disk (bench/run-backup.sh).
	 * The content is in the page cache before the change is allowed, and
	 * errors (ENOSPC, EIO, EROFS) surface at write() time; the store is
	 * synced as a whole when the cycle is committed. */
	rc = write_all(fd, line, strlen(line));
	saved = errno;
	close(fd);
	free(line);
	errno = saved;
	return rc;
}

/* The locked part of backup_before_modify(). */
static int backup_locked(struct backup_cycle *bc, int dirfd, const char *name, const char *path,
			 const char *call, struct fsj_error *err)
{
	cleanup_fd int in = -1, out = -1;
	char num[32], *detail;
	struct stat sb, after;
	int saved, i;

	if (seen(bc, path))
		return 0;
	in = openat(dirfd, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
	if (in < 0) {
		/* Nothing there (a new file), or a symlink / something not
		 * ours to read: nothing to save. */
		if (errno == ENOENT || errno == ELOOP || errno == ENOTDIR || errno == ENXIO)
			return 0;
		saved = errno;
		goto fail_errno;
	}
	if (fstat(in, &sb) < 0) {
		saved = errno;
		goto fail_errno;
	}
	if (!S_ISREG(sb.st_mode))
		return 0;
	if (open_cycle(bc) < 0) {
		saved = errno;
		goto fail_errno;
	}
	if (bc->max_size && (unsigned long long)sb.st_size > bc->max_size) {
		if (manifest_add(bc, path, NULL, &sb, call, "too large") < 0) {
			saved = errno;
			goto fail_errno;
		}
		push(&bc->paths, &bc->n_paths, &bc->cap_paths, path);
		audit_backup(bc, call, path, "backup-skipped", "larger than backup.max_size_mb");
		return 0;
	}
	/* O_EXCL|O_NOFOLLOW: an entry already there (even a symlink) is
	 * never opened; take the next number. */
	for (i = 0; i < 1000; i++) {
		snprintf(num, sizeof(num), "%lu", bc->next++);
		out = openat(bc->filesfd, num, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC,
			     0600);
		if (out >= 0 || errno != EEXIST)
			break;
	}
	if (out < 0) {
		saved = errno;
		goto fail_errno;
	}
	if (backup_copy_fd(in, out, sb.st_size) < 0 || fstat(out, &after) < 0 ||
	    after.st_size < sb.st_size) {
		saved = errno ? errno : EIO;
		(void)unlinkat(bc->filesfd, num, 0);
		goto fail_errno;
	}
	if (manifest_add(bc, path, num, &sb, call, NULL) < 0) {
		saved = errno;
		(void)unlinkat(bc->filesfd, num, 0);
		goto fail_errno;
	}
	push(&bc->paths, &bc->n_paths, &bc->cap_paths, path);
	push(&bc->backed, &bc->n_backed, &bc->cap_backed, path);
	__atomic_fetch_add(&bc->saved, 1, __ATOMIC_RELAXED);
	detail = xasprintf("files/%s in cycle %s", num, bc->name);
	audit_backup(bc, call, path, "backup", detail);
	free(detail);
	return 0;

fail_errno:
	detail = xasprintf("backup failed, modification refused: %s", strerror(saved));
	audit_backup(bc, call, path, "deny", detail);
	free(detail);
	fsj_error_set(err, NULL, 0, 0, "cannot back up '%s': %s", path, strerror(saved));
	errno = saved;
	return -1;
}

int backup_before_modify(struct backup_cycle *bc, int dirfd, const char *name, const char *path,
			 const char *call, struct fsj_error *err)
{
	int rc, saved;

	if (!bc)
		return 0;
	pthread_mutex_lock(&bc->lock);
	rc = backup_locked(bc, dirfd, name, path, call, err);
	saved = errno;
	pthread_mutex_unlock(&bc->lock);
	errno = saved;
	return rc;
}

/* First cut of the identity-keyed interface over the path-keyed store:
 * the undo work replaces these bodies. */
int backup_before_change(struct backup_cycle *bc, int dirfd, const char *name, int fd,
			 const char *path, enum backup_change what, const char *call,
			 struct fsj_error *err)
{
	struct stat sb;

	(void)what;
	if (!bc)
		return 0;
	if (fd >= 0 && fstat(fd, &sb) == 0 && backup_created_in_cycle(bc, sb.st_dev, sb.st_ino))
		return 0;
	return backup_before_modify(bc, dirfd, name, path, call, err);
}

void backup_note_created(struct backup_cycle *bc, const char *path, dev_t dev, ino_t ino)
{
	(void)dev;
	(void)ino;
	backup_note_new(bc, path);
}

bool backup_created_in_cycle(struct backup_cycle *bc, dev_t dev, ino_t ino)
{
	(void)bc;
	(void)dev;
	(void)ino;
	return false;
}

void backup_note_renamed(struct backup_cycle *bc, const char *from, const char *to, dev_t dev,
			 ino_t ino)
{
	(void)bc;
	(void)from;
	(void)to;
	(void)dev;
	(void)ino;
}

int backup_cycle_commit(struct backup_cycle *bc, int status, struct fsj_error *err)
{
	cJSON *o, *arr, *e;
	struct stat sb;
	char *text;
	size_t i;
	int fd, rc = 0;

	if (!bc)
		return 0;
	pthread_mutex_lock(&bc->lock);
	if (bc->cyclefd < 0) {
		pthread_mutex_unlock(&bc->lock);
		return 0;
	}
	o = cJSON_CreateObject();
	cJSON_AddStringToObject(o, "message", bc->command);
	cJSON_AddStringToObject(o, "session", bc->session);
	cJSON_AddStringToObject(o, "cycle", bc->name);
	cJSON_AddNumberToObject(o, "time", (double)time(NULL));
	cJSON_AddNumberToObject(o, "status", status);
	arr = cJSON_AddArrayToObject(o, "after");
	for (i = 0; i < bc->n_backed; i++) {
		e = cJSON_CreateObject();
		cJSON_AddStringToObject(e, "path", bc->backed[i]);
		if (lstat(bc->backed[i], &sb) == 0) {
			cJSON_AddBoolToObject(e, "exists", 1);
			cJSON_AddNumberToObject(e, "size", (double)sb.st_size);
			cJSON_AddNumberToObject(e, "mtime", (double)BACKUP_MTIM(&sb).tv_sec);
			cJSON_AddNumberToObject(e, "mtime_ns", (double)BACKUP_MTIM(&sb).tv_nsec);
			cJSON_AddNumberToObject(e, "ino", (double)sb.st_ino);
		} else {
			cJSON_AddBoolToObject(e, "exists", 0);
		}
		cJSON_AddItemToArray(arr, e);
	}
	text = cJSON_PrintUnformatted(o);
	cJSON_Delete(o);
#ifdef __linux__
	(void)syncfs(bc->cyclefd); /* every saved file and manifest line */
#else
	sync();
#endif
	(void)unlinkat(bc->cyclefd, "commit.json.tmp", 0);
	fd = openat(bc->cyclefd, "commit.json.tmp",
		    O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
	if (fd < 0 || !text || write_all(fd, text, strlen(text)) < 0 || write_all(fd, "\n", 1) < 0 ||
	    fsync(fd) < 0 || renameat(bc->cyclefd, "commit.json.tmp", bc->cyclefd, "commit.json") < 0 ||
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

void backup_cycle_free(struct backup_cycle *bc)
{
	size_t i;

	if (!bc)
		return;
	if (bc->cyclefd >= 0)
		close(bc->cyclefd);
	if (bc->filesfd >= 0)
		close(bc->filesfd);
	for (i = 0; i < bc->n_paths; i++)
		free(bc->paths[i]);
	for (i = 0; i < bc->n_backed; i++)
		free(bc->backed[i]);
	free(bc->paths);
	free(bc->backed);
	free(bc->state_dir);
	free(bc->session);
	free(bc->name);
	free(bc->command);
	pthread_mutex_destroy(&bc->lock);
	free(bc);
}

/* ---- the run glue ---- */

static struct {
	struct backup_cycle *bc;
	struct audit_log audit;
	bool audit_open;
	char *home;
} run;

/* The broker's hooks (broker.h): host operations back up and trash
 * through the run's cycle too. */
static int broker_backup(struct broker *b, int dirfd, const char *name, const char *path,
			 struct fsj_error *err)
{
	(void)b;
	return backup_before_modify(run.bc, dirfd, name, path, getenv("FSJAIL_CALL_ID"), err);
}

static int broker_trash(struct broker *b, int dirfd, const char *name, const char *path,
			struct fsj_error *err)
{
	(void)b;
	if (!run.home)
		return fsj_error_set(err, NULL, 0, 0, "trash not available: no home");
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
	run.home = ctx->config.delete_mode == FSJ_DELETE_TRASH && ctx->env.home
			   ? xstrdup(ctx->env.home)
			   : NULL;
	notify_set_backup(run.bc, run.home);
	broker_backup_hook = broker_backup;
	if (run.home)
		broker_trash_hook = broker_trash;
	return 0;
}

void backup_run_end(int status)
{
	struct fsj_error err = { { 0 } };

	notify_set_backup(NULL, NULL);
	if (broker_backup_hook == broker_backup)
		broker_backup_hook = NULL;
	if (broker_trash_hook == broker_trash)
		broker_trash_hook = NULL;
	if (run.bc && backup_cycle_commit(run.bc, status, &err) < 0)
		warn("%s", err.text);
	backup_cycle_free(run.bc);
	run.bc = NULL;
	if (run.audit_open)
		audit_close(&run.audit);
	run.audit_open = false;
	free(run.home);
	run.home = NULL;
}
