/* backup.c - ModifyBackup (DESIGN.md section 9; see backup.h for the
 * store's layout, manifest.h for its records). Keyed by file identity
 * (backup_index.h); copies by backup_copy.h; links follow linkat(2). This
 * file sits below the listener and the broker: it includes neither (the
 * run glue that wires a cycle into them is backup_run.c). */
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

#include "backup-int.h"
#include "backup_large.h"
#include "backup_open.h"
#include "backup_other.h"
#include "devshm.h"
#include "escape.h"
#include "toolcache.h"
#include "hostlock.h"
#include "tmpdir.h"
#include "runevent.h"
#include "manifest.h"
#include "path.h"
#include "util.h"

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

/* A temporary directory as a prefix: absolute, no trailing '/', not "/". */
static char *temp_prefix(const char *dir)
{
	size_t n;

	if (!dir || dir[0] != '/')
		return NULL;
	n = strlen(dir);
	while (n > 1 && dir[n - 1] == '/')
		n--;
	return n > 1 ? xstrndup(dir, n) : NULL;
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
	bc->kind = xstrdup("run");
	bc->max_size = (unsigned long long)max_size_mb * 1024ull * 1024ull;
	bc->audit = audit;
	bc->cyclefd = bc->filesfd = bc->manfd = bc->prep_spfd = -1;
	bc->next = 1;
#ifdef CLOCK_REALTIME_COARSE
	clock_gettime(CLOCK_REALTIME_COARSE, &bc->start); /* the clock of file times */
#else
	clock_gettime(CLOCK_REALTIME, &bc->start);
#endif
	bc->idx = backup_index_new();
	bc->names = backup_index_new();
	bc->made = backup_index_new();
	bc->dirs = backup_index_new();
	return bc;
}

void backup_cycle_set_info(struct backup_cycle *bc, const char *workspace, const char *kind)
{
	if (!bc)
		return;
	free(bc->workspace);
	bc->workspace = workspace ? xstrdup(workspace) : NULL;
	/* A run knows what is temporary; a bare cycle (tests) saves all. */
	for (size_t i = 0; i < 3; i++)
		free(bc->temps[i]);
	bc->temps[0] = temp_prefix("/tmp");
	bc->temps[1] = temp_prefix("/var/tmp");
	bc->temps[2] = temp_prefix(tmpdir_get());
	if (kind) {
		free(bc->kind);
		bc->kind = xstrdup(kind);
	}
}

void backup_cycle_set_own(struct backup_cycle *bc, bool own)
{
	bc->own_session = own;
}

void backup_cycle_set_refuse_large(struct backup_cycle *bc, bool refuse)
{
	if (bc)
		bc->refuse_large = refuse;
}

bool backup_path_is_temp(const struct backup_cycle *bc, const char *path)
{
	if (bc->workspace && path_covers(bc->workspace, path))
		return false;
	/* the run's own tmpfs and tool caches, gone after it */
	if (devshm_covers(path) || toolcache_covers(path))
		return true;
	for (size_t i = 0; i < 3; i++)
		if (bc->temps[i] && path_covers(bc->temps[i], path))
			return true;
	return false;
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
	return __atomic_load_n(&bc->saved, __ATOMIC_RELAXED) +
	       __atomic_load_n(&bc->removed, __ATOMIC_RELAXED);
}

int backup_append_rec(struct backup_cycle *bc, cJSON *rec, bool inert)
{
	unsigned long long seq = hostlock_seq(); /* its place among runs: hostlock.h */
	char buf[24];
	int rc, saved;

	if (!inert)
		bc->needed = true;
	if (seq && snprintf(buf, sizeof(buf), "%llu", seq) > 0)
		cJSON_AddStringToObject(rec, "seq", buf);
	rc = manifest_append(bc->manfd, &bc->torn, rec);
	saved = errno;

	cJSON_Delete(rec);
	errno = saved;
	return rc;
}

int backup_append(struct backup_cycle *bc, cJSON *rec)
{
	return backup_append_rec(bc, rec, false);
}

/* The capability a change of kind what uses: a remove (unlink, a rename
 * over the file) is a delete, the rest writes. */
static enum fsj_cap change_cap(enum backup_change what)
{
	return what == BACKUP_CHANGE_REMOVE ? FSJ_CAP_DELETE : FSJ_CAP_WRITE;
}

void backup_audit(const struct backup_cycle *bc, const char *call, const char *path,
		  enum fsj_cap cap, const char *decision, const char *detail)
{
	struct audit_event ev;

	if (!bc->audit)
		return;
	memset(&ev, 0, sizeof(ev));
	ev.session = bc->session;
	ev.call = call ? call : "notify";
	ev.command = bc->command;
	ev.capability = fsj_cap_name(cap);
	ev.path = path;
	ev.resolved = path;
	ev.decision = decision;
	ev.source = "backup";
	ev.detail = detail;
	(void)audit_record(bc->audit, &ev);
}

/* The locked part of backup_before_change(). */
static int change_locked(struct backup_cycle *bc, int dirfd, const char *name, int fd,
			 const char *path, enum backup_change what, const char *call,
			 struct fsj_error *err)
{
	cleanup_fd int own = -1, own_in = -1;
	struct backup_ident *id;
	struct stat sb, dsb;
	char num[32], *detail;
	bool linked = false;
	cJSON *rec;
	int in, saved;

	if (fd < 0) {
		own = openat(dirfd, name,
			     O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
		if (own < 0) {
			/* Nothing there (a new file), or a symlink / something
			 * not ours to read: nothing to save. */
			if (errno == ENOENT || errno == ELOOP || errno == ENOTDIR || errno == ENXIO)
				return 0;
			saved = errno;
			goto fail;
		}
		fd = own;
	}
	if (fstat(fd, &sb) < 0) {
		saved = errno;
		goto fail;
	}
	if (backup_path_is_temp(bc, path))
		return 0;
	/* snapshot.h's dirfd is a staged copy, not the folder: no times of it */
	if (what == BACKUP_CHANGE_REMOVE && !(call && strcmp(call, "snapshot") == 0) &&
	    backup_dir_times_locked(bc, dirfd, path) < 0) {
		saved = errno;
		goto fail;
	}
	if (what == BACKUP_CHANGE_META || !S_ISREG(sb.st_mode))
		return what == BACKUP_CHANGE_CONTENT ? 0
						     : backup_other_locked(bc, fd, path, &sb, what);
	id = backup_index_ident(bc->idx, sb.st_dev, sb.st_ino, false, NULL);
	if (id && id->state != BACKUP_IDENT_META &&
	    (id->state != BACKUP_IDENT_LINKED || what == BACKUP_CHANGE_REMOVE)) {
		/* Saved (or created) already: record another name once. */
		if (id->state != BACKUP_IDENT_CREATED && id->path && strcmp(id->path, path) != 0 &&
		    bc->manfd >= 0 && backup_index_path_add(bc->names, path))
			(void)backup_append(bc, manifest_record("name", path, &sb));
		return 0;
	}
	if (backup_open_cycle(bc) < 0) {
		saved = errno;
		goto fail;
	}
	rec = manifest_record(what == BACKUP_CHANGE_REMOVE ? "remove" : "content", path, &sb);
	if (dirfd >= 0 && fstat(dirfd, &dsb) == 0)
		manifest_add_int(rec, "dir_mode", (long long)(dsb.st_mode & 07777));
	manifest_add_int(rec, "time", (long long)time(NULL));
	cJSON_AddStringToObject(rec, "call", call ? call : "notify");
	/* A removed file is kept by a link whatever its size (no copy), when
	 * the name removed is its last: with another name left (perl -i.bak
	 * links f to f.bak, then renames its new f over f), a write through
	 * that name after the run would change the copy kept (user6). */
	if (what == BACKUP_CHANGE_REMOVE && sb.st_nlink == 1 &&
	    backup_copy_link(bc->filesfd, &bc->next, fd, dirfd, name, &sb, num, sizeof(num)) == 0) {
		linked = true;
	} else if (bc->max_size && (unsigned long long)sb.st_size > bc->max_size &&
		   backup_large_clone(bc->filesfd, &bc->next, fd, dirfd, name, &sb, num,
				      sizeof(num)) == 0) {
		/* kept by a clone whatever its size: nothing copied */
	} else if (bc->max_size && (unsigned long long)sb.st_size > bc->max_size &&
		   bc->refuse_large && what == BACKUP_CHANGE_CONTENT) {
		cJSON_Delete(rec);
		saved = EFBIG; /* backup.on_too_large: refuse */
		goto fail;
	} else if (bc->max_size && (unsigned long long)sb.st_size > bc->max_size) {
		cJSON_AddNullToObject(rec, "backup");
		cJSON_AddStringToObject(rec, "skipped", "too large");
		if (backup_append(bc, rec) < 0) {
			saved = errno;
			goto fail;
		}
		backup_index_ident(bc->idx, sb.st_dev, sb.st_ino, true, path)->state =
			BACKUP_IDENT_SKIPPED;
		if (what == BACKUP_CHANGE_REMOVE) /* the trash may keep it */
			backup_audit(bc, call, path, FSJ_CAP_DELETE, "backup-skipped",
				     "larger than backup.max_size_mb");
		else
			backup_large_skipped(bc, call, path, &sb, FSJ_CAP_WRITE);
		return 0;
	} else {
		cleanup_free char *lost = NULL;

		in = backup_copy_readable(fd, dirfd, name, &sb, &own_in);
		if (in < 0 ||
		    backup_copy_new(bc->filesfd, &bc->next, in, &sb, num, sizeof(num), &lost) < 0) {
			saved = errno ? errno : EIO;
			cJSON_Delete(rec);
			goto fail;
		}
		/* a write, truncate or chown drops the file's capabilities:
		 * with no copy of them, the change could not be undone */
		if (what == BACKUP_CHANGE_CONTENT && backup_copy_caps_lost(in, bc->filesfd, num)) {
			(void)unlinkat(bc->filesfd, num, 0);
			cJSON_Delete(rec);
			saved = EPERM;
			goto fail;
		}
		if (lost) /* said by the restore that makes the file again from it */
			cJSON_AddStringToObject(rec, "xattrs_lost", lost);
	}
	cJSON_AddStringToObject(rec, "backup", num);
	if (what == BACKUP_CHANGE_REMOVE)
		cJSON_AddStringToObject(rec, "method", linked ? "link" : "copy");
	if (backup_append(bc, rec) < 0) {
		saved = errno;
		(void)unlinkat(bc->filesfd, num, 0);
		goto fail;
	}
	id = backup_index_ident(bc->idx, sb.st_dev, sb.st_ino, true, path);
	id->state = linked ? BACKUP_IDENT_LINKED : BACKUP_IDENT_COPIED;
	if (linked) /* a later copy keeps the link too */
		id->num = strtoul(num, NULL, 10);
	__atomic_fetch_add(what == BACKUP_CHANGE_REMOVE ? &bc->removed : &bc->saved, 1,
			   __ATOMIC_RELAXED);
	bc->bytes += (unsigned long long)sb.st_size;
	bc->disk += ((unsigned long long)sb.st_size + 4095u) & ~4095ull;
	detail = xasprintf("files/%s in cycle %s%s", num, bc->name, linked ? " (link)" : "");
	backup_audit(bc, call, path, change_cap(what), "backup", detail);
	run_event("backup", path, detail);
	free(detail);
	return 0;

fail:
	detail = xasprintf("backup failed, modification refused: %s", strerror(saved));
	backup_audit(bc, call, path, change_cap(what), "deny", detail);
	free(detail);
	fsj_error_set(err, NULL, 0, 0, "cannot back up '%s': %s", path, strerror(saved));
	errno = saved;
	return -1;
}

int backup_before_change(struct backup_cycle *bc, int dirfd, const char *name, int fd,
			 const char *path, enum backup_change what, const char *call,
			 struct fsj_error *err)
{
	int rc, saved;

	if (!bc)
		return 0;
	pthread_mutex_lock(&bc->lock);
	rc = change_locked(bc, dirfd, name, fd, path, what, call, err);
	saved = errno;
	pthread_mutex_unlock(&bc->lock);
	errno = saved;
	return rc;
}

int backup_before_modify(struct backup_cycle *bc, int dirfd, const char *name, const char *path,
			 const char *call, struct fsj_error *err)
{
	bool fresh;

	if (!bc)
		return 0;
	pthread_mutex_lock(&bc->lock);
	fresh = backup_index_path_has(bc->idx, path);
	pthread_mutex_unlock(&bc->lock);
	/* A name noted new may since hold an older file (linked or renamed
	 * there after a refused create, issue 14): that one is saved. */
	if (fresh && backup_born_after(dirfd, name, &bc->start))
		return 0;
	return backup_before_change(bc, dirfd, name, -1, path, BACKUP_CHANGE_CONTENT, call, err);
}

void backup_note_removed(struct backup_cycle *bc, const char *path, const struct stat *sb,
			 const char *trashed_as)
{
	struct backup_ident *id;
	cJSON *rec;

	if (!bc || !path || !S_ISREG(sb->st_mode))
		return;
	pthread_mutex_lock(&bc->lock);
	id = backup_index_ident(bc->idx, sb->st_dev, sb->st_ino, false, NULL);
	if (id && id->state == BACKUP_IDENT_SKIPPED && bc->manfd >= 0) {
		rec = trashed_as ? manifest_record("trashed", path, sb) : NULL;
		if (rec)
			cJSON_AddStringToObject(rec, "trash", trashed_as);
		if (!rec || backup_append(bc, rec) < 0)
			backup_large_skipped(bc, "notify", path, sb, FSJ_CAP_DELETE);
	}
	pthread_mutex_unlock(&bc->lock);
}

int backup_note_renamed(struct backup_cycle *bc, const char *from, const char *to, dev_t dev,
			ino_t ino, bool exchange)
{
	struct backup_ident *id;
	char buf[24];
	cJSON *rec;
	bool made;
	int rc, saved;

	if (!bc || !from || !to || (backup_path_is_temp(bc, from) && backup_path_is_temp(bc, to)))
		return 0;
	pthread_mutex_lock(&bc->lock);
	/* a file the run made, moved: restore moves it back only while it
	 * is at "to" (then trashes it) */
	id = backup_index_ident(bc->idx, dev, ino, false, NULL);
	made = id && id->state == BACKUP_IDENT_CREATED;
	if ((rc = backup_open_cycle(bc)) == 0) {
		rec = cJSON_CreateObject();
		cJSON_AddStringToObject(rec, "op", "renamed");
		cJSON_AddStringToObject(rec, "from", from);
		cJSON_AddStringToObject(rec, "to", to);
		snprintf(buf, sizeof(buf), "%llu", (unsigned long long)dev);
		cJSON_AddStringToObject(rec, "dev", buf);
		snprintf(buf, sizeof(buf), "%llu", (unsigned long long)ino);
		cJSON_AddStringToObject(rec, "ino", buf);
		if (exchange)
			cJSON_AddTrueToObject(rec, "exchange");
		if (made) {
			struct stat sb = { .st_dev = dev, .st_ino = ino };

			backup_inert_add(bc, to, &sb);
		}
		if ((rc = backup_append_rec(bc, rec, made)) == 0)
			bc->renamed++;
	}
	saved = errno;
	pthread_mutex_unlock(&bc->lock);
	errno = saved;
	return rc;
}

void backup_cycle_free(struct backup_cycle *bc)
{
	if (!bc)
		return;
	/* the run's summary: what it changed that no backup keeps */
	backup_large_said(stderr);
	if (bc->cyclefd >= 0)
		close(bc->cyclefd);
	if (bc->filesfd >= 0)
		close(bc->filesfd);
	if (bc->manfd >= 0)
		close(bc->manfd);
	backup_index_free(bc->idx);
	backup_index_free(bc->names);
	backup_index_free(bc->made);
	backup_index_free(bc->dirs);
	backup_trash_release(bc);
	backup_prepare_release(bc);
	backup_inert_release(bc);
	for (size_t i = 0; i < 3; i++)
		free(bc->temps[i]);
	free(bc->state_dir);
	free(bc->session);
	free(bc->name);
	free(bc->command);
	free(bc->workspace);
	free(bc->kind);
	pthread_mutex_destroy(&bc->lock);
	free(bc);
}
