/* probe-made.c - the probe's scratch folders, made under a record in the
 * state folder, and the sweep of what a killed probe left (probe-made.h).
 *
 * The record is <state>/probe-made/HEX: NUL-terminated entries "I PATH"
 * (about to be made) and "M DEV INO PATH" (made, with that identity). It
 * is made as .HEX, locked (flock, LOCK_EX) and only then renamed to HEX,
 * so a sweep never sees a record whose probe has not locked it yet; the
 * lock goes with the probe's process, so a record the sweep can lock is
 * one whose probe is gone. Entries are written before mkdir(2) and are
 * not fsynced: a killed process loses nothing written, a machine that
 * stops may leave a folder no record names. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "dirstream.h"
#include "path.h"
#include "probe-made.h"
#include "trash.h"
#include "util.h"

#define MADE_DIR "probe-made"
/* Names tried per folder before giving up (EEXIST each time). */
#define MAKE_TRIES 16
/* Largest record read: SCR_COUNT folders x MAKE_TRIES names x two
 * entries of a path; a larger file is not one of ours. */
#define RECORD_MAX (256u * 1024u)

static const char *const prefixes[] = { ".fsjail-probe.", "fsjail-probe.", "probe-scratch.", NULL };

/* The record of this process's probe (the forked helper). */
static int made_fd = -1;
static int made_dir = -1;
static char *made_name;

/* Open <state>/probe-made (made 0700 when absent), never following a
 * symlink. */
static int open_made_dir(const char *state_dir)
{
	cleanup_free char *dir = state_dir ? path_join(state_dir, MADE_DIR) : NULL;

	if (!dir)
		return -1;
	if (mkdirat(AT_FDCWD, dir, 0700) < 0 && errno != EEXIST)
		return -1;
	return open_dir_nosymlinks(dir);
}

/* Make the record, locked, under its final name. 0, or -1. */
static int made_begin(const char *state_dir)
{
	cleanup_free char *hex = random_hex(8);
	cleanup_free char *tmp = xasprintf(".%s", hex);

	made_dir = open_made_dir(state_dir);
	if (made_dir < 0)
		return -1;
	made_fd = openat(made_dir, tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
	if (made_fd >= 0 && flock(made_fd, LOCK_EX) == 0 &&
	    renameat(made_dir, tmp, made_dir, hex) == 0) {
		made_name = xstrdup(hex);
		return 0;
	}
	if (made_fd >= 0) {
		(void)unlinkat(made_dir, tmp, 0);
		close(made_fd);
	}
	close(made_dir);
	made_fd = made_dir = -1;
	return -1;
}

static int made_add(const char *entry)
{
	return write_all(made_fd, entry, strlen(entry) + 1);
}

char *probe_made_mkdir(const char *base, const char *prefix, int *fd)
{
	struct stat st;

	*fd = -1;
	if (made_fd < 0) {
		errno = EBADF;
		return NULL;
	}
	for (int i = 0; i < MAKE_TRIES; i++) {
		cleanup_free char *hex = random_hex(3);
		char *path = xasprintf("%s/%s%s", strcmp(base, "/") == 0 ? "" : base, prefix, hex);
		cleanup_free char *intent = xasprintf("I %s", path);
		cleanup_free char *made = NULL;

		if (made_add(intent) < 0) {
			free(path);
			return NULL;
		}
		if (mkdir(path, 0700) < 0) {
			int saved = errno;

			free(path);
			if (saved != EEXIST) {
				errno = saved;
				return NULL;
			}
			continue;
		}
		*fd = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
		made = *fd >= 0 && fstat(*fd, &st) == 0
			       ? xasprintf("M %ju %ju %s", (uintmax_t)st.st_dev,
					   (uintmax_t)st.st_ino, path)
			       : NULL;
		if (made && made_add(made) == 0)
			return path;
		/* not recorded with its identity: not used */
		if (*fd >= 0)
			close(*fd);
		*fd = -1;
		(void)rmdir(path);
		free(path);
		errno = EIO;
		return NULL;
	}
	errno = EEXIST;
	return NULL;
}

/* test-only: FSJAIL_TEST_PROBE_STOP=FILE (probe-made.h) */
static void test_stop(void)
{
	const char *file = getenv("FSJAIL_TEST_PROBE_STOP");
	char pid[32];
	int fd;

	if (!file || !*file)
		return;
	fd = open(file, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0600);
	if (fd < 0)
		return;
	snprintf(pid, sizeof(pid), "%ld\n", (long)getpid());
	(void)write_all(fd, pid, strlen(pid));
	close(fd);
	(void)raise(SIGSTOP);
}

void probe_made_scratch(struct prober *p)
{
	const struct fsj_ctx *ctx = p->ctx;

	for (int i = 0; i < SCR_COUNT; i++)
		p->s[i].fd = -1;
	if (made_begin(ctx->env.state_dir) < 0)
		return; /* no record, no folder: every check then fails */
	if (ctx->mode == FSJ_MODE_WORKSPACE_WRITE && ctx->workspace)
		(void)probe_scratch_make(&p->s[SCR_WORKSPACE], ctx->workspace, ".fsjail-probe.");
	if (!ctx->env.tmpdir ||
	    probe_scratch_make(&p->s[SCR_TMP], ctx->env.tmpdir, "fsjail-probe.") < 0)
		(void)probe_scratch_make(&p->s[SCR_TMP], "/tmp", "fsjail-probe.");
	if (ctx->env.home) {
		cleanup_free char *cache = path_join(ctx->env.home, ".cache");
		struct stat st;
		const char *base =
			lstat(cache, &st) == 0 && S_ISDIR(st.st_mode) ? cache : ctx->env.home;

		(void)probe_scratch_make(&p->s[SCR_HOME], base, ".fsjail-probe.");
	}
	if (ctx->env.state_dir)
		(void)probe_scratch_make(&p->s[SCR_STATE], ctx->env.state_dir, "probe-scratch.");
	if (ctx->env.config_dir)
		(void)probe_scratch_make(&p->s[SCR_CONFIG], ctx->env.config_dir, "probe-scratch.");
	test_stop();
}

void probe_made_end(void)
{
	if (made_fd < 0)
		return;
	(void)unlinkat(made_dir, made_name, 0);
	close(made_fd);
	close(made_dir);
	free(made_name);
	made_name = NULL;
	made_fd = made_dir = -1;
}

/* ---- the sweep ----------------------------------------------------------- */

/* name is one of prefixes followed by exactly 6 lowercase hex digits */
static bool probe_name(const char *name)
{
	for (size_t i = 0; prefixes[i]; i++) {
		size_t n = strlen(prefixes[i]);

		if (strncmp(name, prefixes[i], n) == 0 && strlen(name + n) == 6 &&
		    strspn(name + n, "0123456789abcdef") == 6)
			return true;
	}
	return false;
}

/* The probe's own files in a folder that has the identity recorded
 * (probe-int.h F_*), then the folder when that left it empty. */
static void remove_own(int pfd, const char *name)
{
	static const char *const own[] = { F_WRITE,   F_CWRITE, F_NEW,  F_CNEW, F_DELETE,
					   F_CDELETE, F_EXEC,   F_READ, NULL };
	int fd = openat(pfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);

	if (fd < 0)
		return;
	for (size_t i = 0; own[i]; i++)
		(void)unlinkat(fd, own[i], 0);
	close(fd);
	(void)unlinkat(pfd, name, AT_REMOVEDIR);
}

/* Whether buf[0..len) holds an entry "M DEV INO path". */
static bool made_with_identity(const char *buf, size_t len, const char *path)
{
	for (size_t i = 0; i < len; i += strnlen(buf + i, len - i) + 1) {
		const char *sp = buf[i] == 'M' ? strchr(buf + i + 2, ' ') : NULL;

		if (sp && (sp = strchr(sp + 1, ' ')) && strcmp(sp + 1, path) == 0)
			return true;
	}
	return false;
}

/* One entry of a record: "I PATH" or "M DEV INO PATH"; an "I" one only
 * when no "M" one names its path (the probe was stopped between the
 * mkdir and the entry: the folder then goes to the trash, never away). */
static void sweep_entry(const char *buf, size_t len, const char *e, const char *home)
{
	uintmax_t dev = 0, ino = 0;
	bool known = e[0] == 'M';
	const char *path = e + 2;
	cleanup_free char *dir = NULL;
	cleanup_fd int pfd = -1;
	struct fsj_error err = { { 0 } };
	struct stat st;
	char *end;

	if (known) {
		dev = strtoumax(e + 2, &end, 10);
		if (*end != ' ')
			return;
		ino = strtoumax(end + 1, &end, 10);
		if (*end != ' ')
			return;
		path = end + 1;
	} else if (e[0] != 'I' || e[1] != ' ' || made_with_identity(buf, len, path)) {
		return;
	}
	if (path[0] != '/' || !probe_name(strrchr(path, '/') + 1))
		return;
	dir = path_dirname(path);
	pfd = open_dir_nosymlinks(dir);
	/* a folder with the identity recorded is the probe's wherever the
	 * path leads (macOS: /tmp and /var are links) */
	if (pfd < 0 && errno == ELOOP && known)
		pfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (pfd < 0 || fstatat(pfd, strrchr(path, '/') + 1, &st, AT_SYMLINK_NOFOLLOW) < 0 ||
	    !S_ISDIR(st.st_mode) || st.st_uid != geteuid())
		return;
	if (known && ((uintmax_t)st.st_dev != dev || (uintmax_t)st.st_ino != ino))
		return; /* not the folder the probe made */
	if (trash_move_at(home, pfd, strrchr(path, '/') + 1, path, NULL, &err) < 0 && known)
		remove_own(pfd, strrchr(path, '/') + 1);
}

/* Sweep the record name in dfd when no live probe holds it. */
static void sweep_record(int dfd, const char *name, const char *home)
{
	cleanup_fd int fd = openat(dfd, name, O_RDWR | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
	cleanup_free char *buf = NULL;
	struct stat st;
	size_t len = 0;

	if (fd < 0 || fstat(fd, &st) < 0 || !S_ISREG(st.st_mode) ||
	    st.st_size > (off_t)RECORD_MAX || flock(fd, LOCK_EX | LOCK_NB) < 0)
		return;
	buf = xmalloc((size_t)st.st_size + 1);
	while (len < (size_t)st.st_size) {
		ssize_t n = read(fd, buf + len, (size_t)st.st_size - len);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		len += (size_t)n;
	}
	buf[len] = '\0';
	/* a whole entry ends in NUL; a cut last one is left out */
	for (size_t i = 0; i < len;) {
		size_t n = strnlen(buf + i, len - i);

		if (i + n < len)
			sweep_entry(buf, len, buf + i, home);
		i += n + 1;
	}
	(void)unlinkat(dfd, name, 0);
}

void probe_made_sweep(const char *state_dir, const char *home)
{
	cleanup_free char *dir = state_dir ? path_join(state_dir, MADE_DIR) : NULL;
	DIR *d = dir_stream(dir ? open_dir_nosymlinks(dir) : -1);
	struct dirent *de;

	if (!d)
		return;
	while ((de = readdir(d)) != NULL)
		if (de->d_name[0] != '.')
			sweep_record(dirfd(d), de->d_name, home);
	closedir(d);
}
