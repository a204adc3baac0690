/* broker-refused.c - a host operation the broker refused, as a refusal
 * record of the run (broker-refused.h). */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "broker-refused.h"
#include "refusal.h"
#include "util.h"

/* The capability each operation needs most of its path: what the line
 * names when no rule refused it. */
static const enum fsj_cap op_cap[HOSTOP_TOUCH + 1] = {
	[HOSTOP_DELETE] = FSJ_CAP_DELETE, [HOSTOP_MKDIR] = FSJ_CAP_CREATE,
	[HOSTOP_RENAME] = FSJ_CAP_DELETE, [HOSTOP_COPY] = FSJ_CAP_CREATE,
	[HOSTOP_CHMOD] = FSJ_CAP_WRITE,	  [HOSTOP_LINK] = FSJ_CAP_CREATE,
	[HOSTOP_TOUCH] = FSJ_CAP_CREATE,
};

/* /proc/PID/NAME of the sender into buf (size bytes): its comm (one
 * line) or exe (a link), or NULL. Only to name it: any program sets its
 * comm, and a pid may be reused once its sender is gone. */
static const char *proc_text(pid_t pid, const char *name, char *buf, size_t size)
{
	char at[64];
	ssize_t n;
	int fd;

	snprintf(at, sizeof(at), "/proc/%ld/%s", (long)pid, name);
	if (strcmp(name, "exe") == 0) {
		n = readlink(at, buf, size - 1);
	} else {
		fd = open(at, O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
		n = fd >= 0 ? read(fd, buf, size - 1) : -1;
		if (fd >= 0)
			close(fd);
	}
	if (n <= 0)
		return NULL;
	/* comm's '\n' is the kernel's; a name and a path may hold more */
	buf[n - (strcmp(name, "comm") == 0 && buf[n - 1] == '\n')] = '\0';
	return buf;
}

void broker_refused_note(const struct broker *b, const struct client *c, const struct op *o,
			 const struct verdict *v, const char *why)
{
	/* the path refused: the target a rule refused, a symbolic link
	 * (its "from" is the link's text), else the source */
	bool to = (o->miss_path && o->miss_path == o->to.resolved) ||
		  (o->kind == HOSTOP_LINK && json_bool(o->req, "symbolic", false));
	const struct target *t = to ? &o->to : &o->from;
	const struct broker_sender *s = &c->line;
	char comm[64], exe[PATH_MAX], call[32];
	struct fsj_decision d = { 0 };
	struct refusal r = { 0 };

	if (!t->path)
		return;
	snprintf(call, sizeof(call), "broker:%s", hostop_names[o->kind]);
	r.cap = op_cap[o->kind];
	r.path = t->resolved ? t->resolved : t->path;
	r.reason = why ? why : "refused by the broker";
	r.syscall = call;
	r.error = EACCES; /* the reply's "ok": false, as a refused call's */
	r.audited = true;
	if (v && v->by_policy) {
		r.cap = v->cap;
		policy_decide(b->pol, t->path, t->resolved, v->cap, &d);
		/* create allowed, refused all the same: the name is kept
		 * absent by its read deny (broker-resolve.c), which decides */
		if (d.allowed && v->cap == FSJ_CAP_CREATE)
			policy_decide(b->pol, t->path, t->resolved, FSJ_CAP_READ, &d);
		if (!d.allowed)
			r.decision = &d;
	}
	if (s->named && !s->mixed && s->pid > 0) {
		r.pid = s->pid;
		r.comm = proc_text(s->pid, "comm", comm, sizeof(comm));
		r.exe = proc_text(s->pid, "exe", exe, sizeof(exe));
	}
	refusal_record(&r);
}
