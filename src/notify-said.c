/* notify-said.c - a linked worktree's or submodule's .git file the
 * command wrote, that the supervisor put back, said when the run ends
 * (notify-said.h; undo33 item 3).
 *
 * nj_gitfile_remake() (notify-gitfile.c) does a create of such a file
 * itself: it lands the bytes the file had when the run started and hands
 * the caller a memory file for what it writes. `rm .git; echo "gitdir:
 * /elsewhere" >.git` so succeeds and leaves the old pointer, and the run
 * said nothing: the user saw their change silently undone. The memory
 * file is kept; once the run has ended, what the command wrote is read
 * back from it and, unless it is the same bytes (git writing the same
 * pointer: `git submodule update --init`), said as a refusal of write
 * naming the repository-metadata rule (why the file is kept), what was
 * written (its first line) and that it was dropped. Past the notes kept,
 * a create is said at once, without what it wrote. */
#ifdef __linux__
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "notify-int.h"
#include "refusal.h"
#include "util.h"

/* Notes kept at once (a descriptor each): a command that remakes more
 * .git files than this is told at once. */
#define PUT_BACK_KEEP 32
/* What is read back of the write (git's .git files are one short line),
 * and shown of it. */
#define PUT_BACK_READ 4096
#define PUT_BACK_SHOWN 200

struct put_back {
	int sink; /* ours: a duplicate of the memory file handed in */
	char *path, *comm, *exe;
	char *kept; /* the start-of-run bytes put back */
	size_t len;
	const char *syscall; /* static text (notify-decode.c) */
	pid_t pid;
};

static pthread_mutex_t pb_lock = PTHREAD_MUTEX_INITIALIZER;
static struct put_back notes[PUT_BACK_KEEP];
static size_t n_notes;

/* Say n as a refusal of write; wrote: the first line of what the command
 * wrote ("" when nothing), NULL when it is not known. */
static void say(const struct put_back *n, const char *wrote)
{
	struct fsj_decision d = { false, FSJ_LEVEL_PROTECTED, &repometa_rule, false };
	cleanup_free char *what = !wrote ? xstrdup("made it again")
				  : !*wrote ? xstrdup("left it empty")
					    : xasprintf("wrote '%s'", wrote);
	cleanup_free char *why = xasprintf(
		"the command %s: dropped, the .git file of the start of the run put back, as it "
		"names the gitdir (so the config and hooks) git uses in this work tree",
		what);
	struct refusal r = { .cap = FSJ_CAP_WRITE, .path = n->path, .reason = why,
			     .pid = n->pid, .comm = n->comm, .exe = n->exe,
			     .syscall = n->syscall, .error = 0, .decision = &d };

	refusal_record(&r);
}

static void release(struct put_back *n)
{
	if (n->sink >= 0)
		close(n->sink);
	free(n->path);
	free(n->comm);
	free(n->exe);
	free(n->kept);
}

void nj_gitfile_put_back_note(struct job *j, const struct loc *l, int sink, const char *kept,
			      size_t len)
{
	char exe[PATH_MAX];
	const char *comm = notify_tracee_comm(j->tr), *x = notify_tracee_exe(j->tr, exe);
	struct put_back n = { fcntl(sink, F_DUPFD_CLOEXEC, 3),
			      xstrdup(l->path),
			      comm ? xstrdup(comm) : NULL,
			      x ? xstrdup(x) : NULL,
			      xstrndup(kept, len),
			      len,
			      j->c->name,
			      j->tr->pid };

	pthread_mutex_lock(&pb_lock);
	if (n.sink < 0 || n_notes == PUT_BACK_KEEP) {
		say(&n, NULL); /* cannot be read back later: said now */
		release(&n);
	} else {
		notes[n_notes++] = n;
	}
	pthread_mutex_unlock(&pb_lock);
}

/* Say n unless the command wrote exactly the bytes put back. */
static void said(const struct put_back *n)
{
	char buf[PUT_BACK_READ];
	ssize_t r = pread(n->sink, buf, sizeof(buf), 0);
	size_t line;

	if (r < 0) {
		say(n, NULL);
		return;
	}
	if ((size_t)r == n->len && memcmp(buf, n->kept, n->len) == 0)
		return;
	line = (size_t)r;
	if (memchr(buf, '\n', line))
		line = (size_t)((char *)memchr(buf, '\n', line) - buf);
	if (line > PUT_BACK_SHOWN) {
		cleanup_free char *cut = xstrndup(buf, PUT_BACK_SHOWN);
		cleanup_free char *more = xasprintf("%s...", cut);

		say(n, more);
		return;
	}
	cleanup_free char *first = xstrndup(buf, line);

	say(n, first);
}

void notify_said_at_end(void)
{
	notify_newrepo_ro_said();
	pthread_mutex_lock(&pb_lock);
	for (size_t i = 0; i < n_notes; i++) {
		said(&notes[i]);
		release(&notes[i]);
	}
	n_notes = 0;
	pthread_mutex_unlock(&pb_lock);
}

#else
/* ISO C wants at least one declaration in a translation unit. */
typedef int notify_said_not_this_system;
#endif /* __linux__ */
