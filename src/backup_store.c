/* backup_store.c - see backup_store.h. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "backup.h"
#include "backup_store.h"
#include "manifest.h"
#include "util.h"

static int cycle_cmp(const void *a, const void *b)
{
	const struct backup_store_cycle *x = a, *y = b;
	int c = strcmp(x->name, y->name);

	return c ? c : strcmp(x->session, y->session);
}

/* Open dir/name as a folder without following a symlink, as a DIR. */
static DIR *open_sub(int dirfd, const char *name, int *fdout)
{
	int fd = openat(dirfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	DIR *d;

	if (fd < 0)
		return NULL;
	if (fdout)
		*fdout = dup(fd);
	d = fdopendir(fd);
	if (!d)
		close(fd);
	return d;
}

struct backup_store_cycle *backup_store_list(const char *state_dir, const char *session, size_t *n)
{
	cleanup_fd int sfd = -1;
	struct backup_store_cycle *v = NULL;
	struct dirent *s, *c;
	size_t cap = 0;
	DIR *sd, *md;
	int sesfd, mfd;

	*n = 0;
	sfd = open_dir_nosymlinks(state_dir);
	sd = sfd >= 0 ? open_sub(sfd, "sessions", NULL) : NULL;
	if (!sd)
		return NULL;
	while ((s = readdir(sd))) {
		if (s->d_name[0] == '.' || (session && strcmp(session, s->d_name) != 0))
			continue;
		sesfd = openat(dirfd(sd), s->d_name,
			       O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
		if (sesfd < 0)
			continue;
		mfd = -1;
		md = open_sub(sesfd, "modify_backup", &mfd);
		close(sesfd);
		if (!md)
			continue;
		while ((c = readdir(md))) {
			struct stat sb;

			if (c->d_name[0] == '.' ||
			    fstatat(mfd, c->d_name, &sb, AT_SYMLINK_NOFOLLOW) < 0 ||
			    !S_ISDIR(sb.st_mode))
				continue;
			if (*n == cap) {
				cap = cap ? cap * 2 : 16;
				v = xreallocarray(v, cap, sizeof(*v));
			}
			v[*n].session = xstrdup(s->d_name);
			v[*n].name = xstrdup(c->d_name);
			v[*n].dir = xasprintf("%s/sessions/%s/modify_backup/%s", state_dir,
					      s->d_name, c->d_name);
			(*n)++;
		}
		closedir(md);
		if (mfd >= 0)
			close(mfd);
	}
	closedir(sd);
	if (*n)
		qsort(v, *n, sizeof(*v), cycle_cmp);
	return v;
}

void backup_store_free(struct backup_store_cycle *v, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		free(v[i].session);
		free(v[i].name);
		free(v[i].dir);
	}
	free(v);
}

int backup_store_open(const struct backup_store_cycle *c)
{
	return open_dir_nosymlinks(c->dir);
}

/* Blocks of the regular files in the folder dirfd (not following links). */
static unsigned long long dir_bytes(int dirfd, bool shared_too)
{
	unsigned long long total = 0;
	struct dirent *e;
	struct stat sb;
	DIR *d;
	int fd = dup(dirfd);

	if (fd < 0 || !(d = fdopendir(fd))) {
		if (fd >= 0)
			close(fd);
		return 0;
	}
	while ((e = readdir(d)))
		if (fstatat(dirfd, e->d_name, &sb, AT_SYMLINK_NOFOLLOW) == 0 &&
		    S_ISREG(sb.st_mode) && (shared_too || sb.st_nlink == 1))
			total += (unsigned long long)sb.st_blocks * 512ull;
	closedir(d);
	return total;
}

unsigned long long backup_store_cycle_bytes(const struct backup_store_cycle *c)
{
	cleanup_fd int cfd = backup_store_open(c), ffd = -1;
	unsigned long long total;

	if (cfd < 0)
		return 0;
	total = dir_bytes(cfd, true);
	ffd = openat(cfd, "files", O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (ffd >= 0)
		total += dir_bytes(ffd, false);
	return total;
}

int backup_store_size(const char *state_dir, unsigned long long *bytes, size_t *cycles)
{
	struct backup_store_cycle *v = backup_store_list(state_dir, NULL, cycles);

	*bytes = 0;
	for (size_t i = 0; i < *cycles; i++)
		*bytes += backup_store_cycle_bytes(&v[i]);
	backup_store_free(v, *cycles);
	return 0;
}

void backup_store_limits(const struct fsj_config *cfg, unsigned long *days, unsigned long *max_mb)
{
	*days = cfg->backup_keep_days;
	*max_mb = cfg->backup_store_max_mb;
}

size_t backup_store_prune(const struct backup_store_cycle *v, size_t n, unsigned long days,
			  unsigned long max_mb, size_t keep, bool dry, FILE *report,
			  unsigned long long *left)
{
	unsigned long long total = 0, *size = xcalloc(n + 1, sizeof(*size));
	struct fsj_error err = { { 0 } };
	double when, now = (double)time(NULL);
	size_t failed = 0;

	for (size_t i = 0; i < n; i++)
		total += size[i] = backup_store_cycle_bytes(&v[i]);
	for (size_t i = 0; i < n; i++) {
		if (i == keep || backup_store_in_use(&v[i], &when))
			continue;
		if (now - when < (double)days * 86400.0 &&
		    total <= (unsigned long long)max_mb * 1024ull * 1024ull)
			continue;
		if (!dry && backup_store_remove(&v[i], &err) < 0) {
			fprintf(stderr, "fsjail: %s\n", err.text);
			failed++;
			continue;
		}
		if (report)
			fprintf(report, "%s %s %s (%llu bytes)\n", dry ? "would prune" : "pruned",
				v[i].session, v[i].name, size[i]);
		total -= size[i];
	}
	if (left)
		*left = total;
	free(size);
	return failed;
}

/* See backup_store.h; also a restore's folders (restore-take.c). An unreadable
 * folder is made 0700, never through a symlink swapped in at its name (att16). */
int backup_store_remove_tree(int dirfd, const char *name, int depth)
{
	int fd = openat(dirfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC), rc = 0;
	int saved = 0;
	struct dirent *e;
	struct stat sb;
	DIR *d;

	if (fd < 0 && errno == EACCES && fchmodat(dirfd, name, 0700, AT_SYMLINK_NOFOLLOW) == 0)
		fd = openat(dirfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0)
		return errno == ENOENT ? 0 : -1;
	if (fstat(fd, &sb) == 0 && (sb.st_mode & 0700) != 0700)
		(void)fchmod(fd, 0700);
	d = fdopendir(fd);
	if (!d) {
		close(fd);
		return -1;
	}
	while ((e = readdir(d))) {
		if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
			continue;
		if (unlinkat(fd, e->d_name, 0) == 0 || errno == ENOENT)
			continue;
		if (errno != EISDIR && errno != EPERM) {
			saved = saved ? saved : errno;
			continue;
		}
		if (depth <= 0) {
			saved = saved ? saved : ELOOP;
			continue;
		}
		if (backup_store_remove_tree(fd, e->d_name, depth - 1) < 0)
			saved = saved ? saved : errno;
	}
	closedir(d);
	if (saved)
		rc = -1;
	else if (unlinkat(dirfd, name, AT_REMOVEDIR) < 0 && errno != ENOENT)
		return -1;
	errno = saved;
	return rc;
}

int backup_store_remove(const struct backup_store_cycle *c, struct fsj_error *err)
{
	cleanup_free char *mdir = xstrndup(c->dir, strlen(c->dir) - strlen(c->name) - 1);
	cleanup_fd int cfd = backup_store_open(c), mfd = -1;

	if (cfd < 0 || backup_store_remove_tree(cfd, "files", 256) < 0)
		goto fail;
	close(cfd);
	cfd = -1;
	mfd = open_dir_nosymlinks(mdir);
	if (mfd < 0 || backup_store_remove_tree(mfd, c->name, 256) < 0)
		goto fail;
	return 0;
fail:
	return fsj_error_set(err, NULL, 0, 0, "cannot remove cycle '%s': %s", c->name,
			     strerror(errno));
}

bool backup_store_in_use(const struct backup_store_cycle *c, double *when)
{
	struct fsj_error err = { { 0 } };
	struct manifest m;
	struct stat sb;
	bool busy = false;
	int fd = backup_store_open(c);

	*when = 0;
	if (fd < 0 || manifest_read(fd, c->dir, &m, &err) < 0)
		return fd >= 0 ? (close(fd), true) : true;
	*when = m.time;
	if (!*when && fstat(fd, &sb) == 0)
		*when = (double)FSJ_STAT_MTIM(&sb).tv_sec;
	busy = faccessat(fd, "commit.json", F_OK, AT_SYMLINK_NOFOLLOW) < 0 && m.pid > 0 &&
	       (kill((pid_t)m.pid, 0) == 0 || errno == EPERM);
	manifest_release(&m);
	close(fd);
	return busy;
}
