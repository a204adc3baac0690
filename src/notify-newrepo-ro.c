/* notify-newrepo-ro.c - the write a made repository's empty config
 * refused without a word, said (notify-int.h nj_newrepo_ro_note(),
 * notify_newrepo_ro_said(); issue 12 item 4, att7).
 *
 * A creating open of config or config.worktree in a repository the run
 * made gets a READ-ONLY descriptor of an empty file the supervisor made
 * (notify-newrepo.c nj_newrepo_empty_config(): libgit2's order), so a
 * write through it fails EBADF in the kernel, where the supervisor does
 * not see it. libgit2 then fills config through config.lock, which lands
 * a new file under the name; a command that meant to write through the
 * descriptor (`echo >> .git/config`) leaves the empty file there. So
 * each such open that asked to write is noted, and once the run has ended
 * (the supervisor thread joined, the sinks still set) a note whose name
 * still holds that empty file becomes a refusal of write on it, naming the
 * rule and the open's call and program, tried write or not (att26: mv
 * copying an empty config). The supervisor's own copy of that empty file,
 * landed when the folder becomes a gitdir (git worktree add writes HEAD
 * after copying config.worktree), is that file still (user28). Past the
 * notes kept, an open is said at once. */
#ifdef __linux__
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "notify-int.h"
#include "refusal.h"
#include "util.h"

#define RO_KEEP 32

static const char ro_why[] =
	"repository-metadata: config was handed in read-only to an open that asked to write, "
	"so any write through it fails (EBADF); it is written only by git's config.lock rename "
	"with inert keys, in a repository made by this run";

struct ro_note {
	int parent; /* O_PATH, ours */
	char *name, *path, *comm, *exe;
	const char *syscall; /* static text (notify-decode.c) */
	pid_t pid;
	dev_t dev;
	ino_t ino;
};

static pthread_mutex_t ro_lock = PTHREAD_MUTEX_INITIALIZER;
static struct ro_note ro_notes[RO_KEEP];
static size_t n_ro;

static void say(const struct ro_note *n)
{
	struct fsj_decision d = { false, FSJ_LEVEL_PROTECTED, &repometa_rule, false };
	struct refusal r = { .cap = FSJ_CAP_WRITE, .path = n->path, .reason = ro_why,
			     .pid = n->pid, .comm = n->comm, .exe = n->exe,
			     .syscall = n->syscall, .error = EBADF, .decision = &d };

	refusal_record(&r);
}

static void release(struct ro_note *n)
{
	if (n->parent >= 0)
		close(n->parent);
	free(n->name);
	free(n->path);
	free(n->comm);
	free(n->exe);
}

void nj_newrepo_ro_note(struct job *j, const struct loc *l, int fd, uint64_t flags)
{
	char exe[PATH_MAX];
	const char *comm = notify_tracee_comm(j->tr);
	struct ro_note n = { -1, xstrdup(l->name), xstrdup(l->path), comm ? xstrdup(comm) : NULL,
			     NULL, j->c->name, j->tr->pid, 0, 0 };
	struct stat st;

	if ((flags & O_ACCMODE) == O_RDONLY && !(flags & O_TRUNC)) {
		release(&n);
		return;
	}
	n.exe = notify_tracee_exe(j->tr, exe) ? xstrdup(exe) : NULL;
	n.parent = fcntl(l->parent, F_DUPFD_CLOEXEC, 3);
	pthread_mutex_lock(&ro_lock);
	if (n.parent < 0 || fstat(fd, &st) < 0 || n_ro == RO_KEEP) {
		say(&n); /* cannot be looked at later: said now */
		release(&n);
	} else {
		n.dev = st.st_dev;
		n.ino = st.st_ino;
		ro_notes[n_ro++] = n;
	}
	pthread_mutex_unlock(&ro_lock);
}

void nj_newrepo_ro_relanded(int dir, const char *name, const struct stat *old)
{
	struct stat st;

	if (fstatat(dir, name, &st, AT_SYMLINK_NOFOLLOW) < 0)
		return;
	pthread_mutex_lock(&ro_lock);
	for (size_t i = 0; i < n_ro; i++)
		if (ro_notes[i].dev == old->st_dev && ro_notes[i].ino == old->st_ino) {
			ro_notes[i].dev = st.st_dev;
			ro_notes[i].ino = st.st_ino;
		}
	pthread_mutex_unlock(&ro_lock);
}

void notify_newrepo_ro_said(void)
{
	struct stat st;

	pthread_mutex_lock(&ro_lock);
	for (size_t i = 0; i < n_ro; i++) {
		struct ro_note *n = &ro_notes[i];

		if (fstatat(n->parent, n->name, &st, AT_SYMLINK_NOFOLLOW) == 0 &&
		    st.st_dev == n->dev && st.st_ino == n->ino && st.st_size == 0)
			say(n);
		release(n);
	}
	n_ro = 0;
	pthread_mutex_unlock(&ro_lock);
}

#else
/* ISO C wants at least one declaration in a translation unit. */
typedef int notify_newrepo_ro_not_this_system;
#endif /* __linux__ */
