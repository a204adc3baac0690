/* notify-trace.c - reads and executes traced for the refusal report
 * (DESIGN.md section 10: "reads and executes when asked"; notify-int.h;
 * seccomp_unotify(2) SECCOMP_USER_NOTIF_FLAG_CONTINUE).
 *
 * With tracing on (notify_set_trace(): `run --report FILE` or config
 * `report: reads`) the filter also traps every open/openat and execve,
 * execveat. Those the hook would not have trapped anyway are handled
 * here: the supervisor resolves the path in the caller's view
 * (notify_lookup()), asks the policy for read (write where the open
 * writes and no backup traps it) or execute, records a refusal when the
 * policy refuses, and answers CONTINUE: the kernel performs the call.
 *
 * WHY CONTINUE IS SAFE HERE, and only here. seccomp_unotify(2) warns that
 * CONTINUE lets the caller change the path memory between the
 * supervisor's read and the kernel's: the supervisor's check decides
 * nothing then. For these calls it decides nothing anyway: they are
 * exactly the calls the filter lets through untrapped without tracing
 * (the predicate below reads only the flags register, which the filter
 * saw too and the caller cannot change after the trap), so Landlock and
 * the mount masks remain the fence and the kernel gives the real answer.
 * A read-only open or an exec changes no file, so the backup promise
 * (notify.h, DESIGN.md section 9) is untouched; a writing open reaches
 * here only when backups are off, when it is not trapped at all without
 * tracing. The price of the race is a report that can be wrong (a
 * refusal named for a path the kernel did not open, or one missed):
 * acceptable for a report, never for a decision, and no decision is
 * taken from it. Anything that cannot be resolved is not reported and
 * continues. */
#ifdef __linux__
#include <errno.h>
#include <fcntl.h>
#include <limits.h>

#include "notify-int.h"
#include "notify-names.h"

bool notify_trace_only(const struct notify *nt, const struct notify_call *c)
{
	/* What the filter traps without tracing (notify-filter.c), each group
	 * whole: glibc's __O_TMPFILE holds O_DIRECTORY, which alone is opendir */
	static const uint64_t bits[] = { O_CREAT, __O_TMPFILE, O_WRONLY, O_RDWR, O_TRUNC };

	if (!nt->trace || c->op == NOTIFY_OP_EXEC)
		return nt->trace;
	if (c->op != NOTIFY_OP_OPEN || c->openat2) /* creat: O_CREAT */
		return false;
	for (size_t i = 0; i < (nt->bc ? 5u : 2u); i++)
		if ((c->flags & bits[i]) == bits[i])
			return false;
	return true;
}

/* The capabilities the traced call needs, in nj_need()'s order (the
 * change first); 0: nothing to report (O_PATH needs no right). */
static unsigned trace_caps(const struct notify_call *c, unsigned *lk)
{
	int acc = (int)(c->flags & O_ACCMODE);

	if (c->op == NOTIFY_OP_EXEC) {
		*lk = (c->flags & AT_SYMLINK_NOFOLLOW) ? 0 : LK_FOLLOW;
		return FSJ_CAPBIT(FSJ_CAP_EXECUTE);
	}
	*lk = (c->flags & O_NOFOLLOW) ? 0 : LK_FOLLOW;
	if (c->flags & O_PATH)
		return 0;
	return (acc != O_RDONLY ? FSJ_CAPBIT(FSJ_CAP_WRITE) : 0u) |
	       (acc != O_WRONLY ? FSJ_CAPBIT(FSJ_CAP_READ) : 0u);
}

/* Where a read deny hides the path with a mount mask (mask.c: an empty
 * read-only file or folder laid over it), the kernel opens the mask: the
 * call succeeds and reads nothing. The record says so, and the errno the
 * command got: none (0; "errno": null), not the EACCES of a path Landlock
 * refuses. l has its object; d is the read's refusing decision. */
static bool trace_masked(const struct loc *l, enum fsj_cap cap, const struct fsj_decision *d)
{
	return cap == FSJ_CAP_READ &&
	       (d->level == FSJ_LEVEL_EXPLICIT || d->level == FSJ_LEVEL_PROTECTED) &&
	       nj_mounted_here(l);
}

void notify_trace(struct job *j)
{
	static const enum fsj_cap order[] = { FSJ_CAP_WRITE, FSJ_CAP_EXECUTE, FSJ_CAP_READ };
	struct tracee *tr = j->tr;
	struct fsj_decision d;
	char raw[PATH_MAX];
	const char *why;
	unsigned lk, caps = trace_caps(j->c, &lk);
	struct loc l;

	if (!caps || tr->procfd < 0 || tr->memfd < 0 || tr->rootfd < 0 ||
	    notify_read_path(tr, j->nt->page_size, j->c->path, raw) < 0 || !raw[0] ||
	    notify_lookup(tr, j->c->dirfd, raw, lk, &l, &why) != 0) {
		nj_continue(j);
		return;
	}
	/* A name that does not exist gets ENOENT from the kernel: nothing to say. */
	for (size_t i = 0; l.obj >= 0 && l.path && i < sizeof(order) / sizeof(order[0]); i++)
		if ((caps & FSJ_CAPBIT(order[i])) && !nj_may(j, l.path, order[i], &d)) {
			if (trace_masked(&l, order[i], &d))
				nj_record(j, order[i], l.path,
					  S_ISDIR(l.st.st_mode) ?
						  "its read deny hides it with a mount mask: the "
						  "call did not fail, it saw an empty folder" :
						  "its read deny hides it with a mount mask: the "
						  "call did not fail, it saw an empty file",
					  0, &d);
			else
				nj_record(j, order[i], l.path, "policy", EACCES, &d);
			break;
		}
	notify_loc_release(&l);
	nj_continue(j);
}

#else
/* ISO C wants at least one declaration in a translation unit. */
typedef int notify_trace_not_this_system;
#endif /* __linux__ */
