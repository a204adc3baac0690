/* linkkeep.c - the run's symbolic links judged again once the command has
 * ended (linkkeep.h). Trust boundary: runs in the supervisor, after the
 * command's last process has gone; the tree then changes no more, so
 * what is looked at is what host tools will follow. */
#ifdef __linux__
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "escape.h"
#include "gitlink.h"
#include "linkkeep-journal.h"
#include "linkkeep.h"
#include "linkto.h"
#include "path.h"
#include "util.h"

static struct {
	pthread_mutex_t mu;
	/* owned: O_PATH descriptors of the links; made: by this run (else
	 * an older link in a folder the run moved) */
	struct kept_link {
		int fd;
		bool made;
	} *l;
	size_t n, cap;
	int nsfd; /* owned, or -1: the command's mount namespace */
} kept = { PTHREAD_MUTEX_INITIALIZER, NULL, 0, 0, -1 };

/* linkkeep_note(), made: the run made the link (not only moved it). */
static bool note(int dir, const char *name, int nsfd, bool made)
{
	struct stat st;
	int fd = openat(dir, name, O_PATH | O_NOFOLLOW | O_CLOEXEC);

	if (fd < 0)
		return false;
	if (fstat(fd, &st) < 0 || !S_ISLNK(st.st_mode)) {
		close(fd);
		errno = EINVAL;
		return false;
	}
	pthread_mutex_lock(&kept.mu);
	if (kept.nsfd < 0 && nsfd >= 0)
		kept.nsfd = fcntl(nsfd, F_DUPFD_CLOEXEC, 3);
	if (kept.n == kept.cap) {
		kept.cap = kept.cap ? kept.cap * 2 : 64;
		kept.l = xreallocarray(kept.l, kept.cap, sizeof(*kept.l));
	}
	kept.l[kept.n].fd = fd;
	kept.l[kept.n++].made = made;
	if (made) /* judged by the next run if this one is killed */
		linkkeep_journal_add(fd);
	pthread_mutex_unlock(&kept.mu);
	return true;
}

bool linkkeep_note(int dir, const char *name, int nsfd)
{
	return note(dir, name, nsfd, true);
}

/* linkkeep_note_tree() below dir, depth levels down; *left counts down
 * the entries still allowed. */
static int note_tree(int dir, int nsfd, int depth, size_t *left)
{
	int fd = openat(dir, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC), r = 0;
	DIR *d = fd >= 0 ? fdopendir(fd) : NULL;
	struct dirent *e;

	if (!d) {
		if (fd >= 0)
			close(fd);
		return -1;
	}
	while ((e = readdir(d))) {
		char text[2];
		int sub;

		if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
			continue;
		if ((*left)-- == 0) {
			r = -1;
			break;
		}
		if (e->d_type == DT_LNK || e->d_type == DT_UNKNOWN) {
			/* an absolute text leads where it did */
			if (readlinkat(dirfd(d), e->d_name, text, 1) == 1 && text[0] != '/' &&
			    !note(dirfd(d), e->d_name, nsfd, false))
				r = -1;
		}
		if (e->d_type != DT_DIR && e->d_type != DT_UNKNOWN)
			continue;
		sub = openat(dirfd(d), e->d_name, O_PATH | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
		if (sub < 0)
			continue; /* not a folder (DT_UNKNOWN), or gone */
		if (depth >= 32 || note_tree(sub, nsfd, depth + 1, left) < 0)
			r = -1;
		close(sub);
		if (r < 0)
			break;
	}
	closedir(d);
	return r;
}

int linkkeep_note_tree(int dir, int nsfd, size_t max)
{
	return note_tree(dir, nsfd, 0, &max);
}

/* The path of descriptor fd as the kernel names it (caller frees), or
 * NULL. */
static char *fd_path(int fd)
{
	char self[64], buf[PATH_MAX];
	ssize_t n;

	snprintf(self, sizeof(self), "/proc/self/fd/%d", fd);
	n = readlink(self, buf, sizeof(buf) - 1);
	if (n <= 0 || buf[0] != '/')
		return NULL;
	buf[n] = '\0';
	return xstrdup(buf);
}

/* Where text leads from folder dir now: the longest part that exists is
 * followed by the kernel, the missing rest applied lexically (as a host
 * tool making the folders would get). *target: a new absolute path;
 * *exists: the whole text exists; *deepest: the path of the deepest
 * folder that exists on the way (caller frees both). Returns 0, 1 when
 * nobody can follow the text (a loop, too long: harmless), -1 when it
 * cannot be told. */
static int lead(int dir, const char *text, char **target, bool *exists, char **deepest)
{
	char buf[PATH_MAX], rest[PATH_MAX] = "";
	cleanup_free char *at = NULL, *joined = NULL;
	struct stat st;
	size_t k;
	int fd;

	if (strlen(text) >= sizeof(buf))
		return 1;
	strcpy(buf, text);
	for (;;) {
		fd = openat(dir, buf[0] ? buf : ".", O_PATH | O_CLOEXEC);
		if (fd >= 0)
			break;
		if (errno == ELOOP || errno == ENAMETOOLONG)
			return 1;
		if ((errno != ENOENT && errno != ENOTDIR) || !buf[0] || strcmp(buf, "/") == 0)
			return -1;
		for (k = strlen(buf); k > 1 && buf[k - 1] == '/'; k--)
			buf[k - 1] = '\0';
		char *slash = strrchr(buf, '/');
		const char *comp = slash ? slash + 1 : buf;
		if (strlen(comp) + 1 + strlen(rest) >= sizeof(rest))
			return -1;
		memmove(rest + strlen(comp) + (rest[0] ? 1 : 0), rest, strlen(rest) + 1);
		memcpy(rest, comp, strlen(comp));
		if (rest[strlen(comp)] != '\0')
			rest[strlen(comp)] = '/';
		if (!slash)
			buf[0] = '\0';
		else
			slash[slash == buf ? 1 : 0] = '\0';
	}
	at = fd_path(fd);
	if (!at || fstat(fd, &st) < 0) {
		close(fd);
		return -1;
	}
	close(fd);
	*exists = rest[0] == '\0';
	*deepest = S_ISDIR(st.st_mode) || !*exists ? xstrdup(at) : path_dirname(at);
	joined = xasprintf("%s/%s", at, rest);
	if (path_normalize(joined, strlen(joined), NULL, NULL, target) != PATH_OK) {
		free(*deepest);
		*deepest = NULL;
		return -1;
	}
	return 0;
}

/* Whether folder path is, or lies in, a gitdir (gitlink.h): 1, 0, -1. */
static int in_gitdir(const char *path)
{
	int fd = open(path, O_PATH | O_DIRECTORY | O_CLOEXEC), r;

	if (fd < 0)
		return -1;
	r = gitlink_in_gitdir(fd, path);
	close(fd);
	return r;
}

/* Why the link fd (at lpath, in folder dir as base) may not stay, or NULL.
 * *d gets the deciding rule, if any; *text its text. */
static const char *judge(const struct fsj_policy *pol, int fd, int dir, char text[PATH_MAX],
			 struct fsj_decision *d)
{
	cleanup_free char *target = NULL, *deepest = NULL;
	bool exists = false;
	const char *why;
	ssize_t n = readlinkat(fd, "", text, PATH_MAX - 1);
	int r;

	if (n <= 0)
		return "a symbolic link that cannot be read";
	text[n] = '\0';
	r = lead(dir, text, &target, &exists, &deepest);
	if (r == 1)
		return NULL;
	if (r < 0)
		return "a symbolic link whose target cannot be resolved";
	why = linkto_refused(pol, target, exists, d);
	if (why)
		return why;
	memset(d, 0, sizeof(*d)); /* the allowing decision names no rule */
	/* a repository the run made has metadata no rule names (git init
	 * after the link, or the link into it: its hooks/ run on the host) */
	if (in_gitdir(deepest) != 0)
		return "a symbolic link into a gitdir (git runs what its hooks and config say, "
		       "outside any sandbox)";
	return NULL;
}

/* Judge the kept link fd; remove it when refused. true when removed. */
static bool sweep_one(const struct fsj_policy *pol, int fd, bool made, FILE *out)
{
	cleanup_free char *lpath = fd_path(fd), *dirpath = NULL, *ep = NULL, *et = NULL;
	char text[PATH_MAX] = "";
	struct fsj_decision d;
	struct stat st, at;
	const char *why, *base;
	bool removed = false;
	int dir;

	memset(&d, 0, sizeof(d));
	if (fstat(fd, &st) < 0 || st.st_nlink == 0)
		return false; /* removed by the run */
	if (!lpath || !(dirpath = path_dirname(lpath))) {
		fprintf(out, "fsjail: warning: a symbolic link the run made or moved cannot be "
			"found again\n");
		return false;
	}
	ep = fsj_escape_term(lpath);
	base = strrchr(lpath, '/') + 1;
	dir = open(dirpath, O_PATH | O_DIRECTORY | O_CLOEXEC);
	if (dir < 0 || fstatat(dir, base, &at, AT_SYMLINK_NOFOLLOW) < 0 || at.st_dev != st.st_dev ||
	    at.st_ino != st.st_ino) {
		fprintf(out, "fsjail: warning: the symbolic link %s the run made or moved cannot "
			"be judged\n", ep);
		if (dir >= 0)
			close(dir);
		return false;
	}
	why = judge(pol, fd, dir, text, &d);
	/* an older link only moved by the run is the user's: said, kept */
	if (why && made)
		removed = unlinkat(dir, base, 0) == 0;
	close(dir);
	if (!why)
		return false;
	et = fsj_escape_term(text);
	if (removed)
		fprintf(out, "fsjail: removed the symbolic link %s the run made: it leads, now, "
			"where no link may: %s: %s", ep, why, et);
	else if (made)
		fprintf(out, "fsjail: warning: cannot remove %s (-> %s): %s", ep, et, why);
	else
		fprintf(out, "fsjail: warning: the symbolic link %s, older than the run, leads "
			"where no link may since the run moved its folder (remove it, or undo the "
			"run with 'fsjail backups restore'): %s: %s", ep, why, et);
	if (d.rule)
		fprintf(out, " (%s rule%s%s%s at %s)", fsj_level_name(d.level),
			d.rule->id ? " '" : "", d.rule->id ? d.rule->id : "", d.rule->id ? "'" : "",
			d.rule->origin ? d.rule->origin : "?");
	fputc('\n', out);
	return removed;
}

struct dead {
	const struct fsj_policy *pol;
	FILE *out;
	size_t removed;
};

/* A link of a run killed before its own look (linkkeep-journal.h). */
static void sweep_dead(int fd, void *arg)
{
	struct dead *d = arg;

	if (!sweep_one(d->pol, fd, true, d->out))
		return;
	d->removed++;
	fprintf(d->out, "fsjail: (made by an earlier run, killed before its end)\n");
}

size_t linkkeep_sweep(const struct fsj_policy *pol, FILE *out)
{
	struct dead dead = { pol, out, 0 };
	size_t i, removed = 0;

	pthread_mutex_lock(&kept.mu);
	for (i = 0; i < kept.n; i++) {
		if (pol && sweep_one(pol, kept.l[i].fd, kept.l[i].made, out))
			removed++;
		close(kept.l[i].fd);
	}
	free(kept.l);
	kept.l = NULL;
	kept.n = kept.cap = 0;
	if (kept.nsfd >= 0)
		close(kept.nsfd);
	kept.nsfd = -1;
	if (pol)
		(void)linkkeep_journal_end(sweep_dead, &dead);
	pthread_mutex_unlock(&kept.mu);
	return removed + dead.removed;
}

#else
#include "linkkeep.h"

bool linkkeep_note(int dir, const char *name, int nsfd)
{
	(void)dir;
	(void)name;
	(void)nsfd;
	return true;
}

int linkkeep_note_tree(int dir, int nsfd, size_t max)
{
	(void)dir;
	(void)nsfd;
	(void)max;
	return 0;
}

size_t linkkeep_sweep(const struct fsj_policy *pol, FILE *out)
{
	(void)pol;
	(void)out;
	return 0;
}
#endif /* __linux__ */
