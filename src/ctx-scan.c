/* ctx-scan.c - the repository scan on a second thread (ctx-scan.h). */
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#ifdef __linux__
#include <sys/syscall.h>
#include <unistd.h>
#endif

#include "ctx-scan.h"
#include "util.h"

struct ctx_scan {
	pthread_t tid;
	char *workspace, *home, *state_dir; /* the inputs, copied */
	struct repometa out;
	bool cpus_set; /* the thread's CPUs were narrowed (narrow_cpus()) */
#ifdef __linux__
	cpu_set_t cpus; /* the process's */
#endif
};

/* Linux places a new thread on its creator's CPU, where it waits until
 * the creator sleeps (measured: 1.3-3 ms of 3 while the other CPU idles):
 * the thread is made on the other CPUs (attr) and given all of the
 * process's back before the join (narrow_cpus(), widen_cpus()). Only a
 * placement: the work and its result do not depend on it. */
static void narrow_cpus(struct ctx_scan *s, pthread_attr_t *attr)
{
#ifdef __linux__
	cpu_set_t other;
	int me = sched_getcpu();

	if (me < 0 || sched_getaffinity(0, sizeof(s->cpus), &s->cpus) < 0 ||
	    !CPU_ISSET(me, &s->cpus) || CPU_COUNT(&s->cpus) < 2)
		return;
	other = s->cpus;
	CPU_CLR(me, &other);
	s->cpus_set = pthread_attr_setaffinity_np(attr, sizeof(other), &other) == 0;
#else
	(void)s;
	(void)attr;
#endif
}

static void widen_cpus(struct ctx_scan *s)
{
#ifdef __linux__
	/* ended: glibc then asks for tid 0, the caller, whose CPUs these are */
	if (s->cpus_set)
		(void)pthread_setaffinity_np(s->tid, sizeof(s->cpus), &s->cpus);
#else
	(void)s;
#endif
}

/* Whether libc's own signals 32 and 33 (glibc's SIGCANCEL, SIGSETXID)
 * are ignored: the first pthread_create() gives SIGSETXID a handler, so
 * the command, forked later, would no longer inherit it ignored as a
 * plain exec does (launch-signals.c; t0010). glibc's sigaction() refuses
 * to report them: the kernel is asked, whose struct sigaction begins with
 * the handler everywhere but on MIPS (there: taken as ignored). */
static bool libc_signals_ignored(void)
{
#if defined(__linux__) && defined(SYS_rt_sigaction) && !defined(__mips__)
	for (int sig = 32; sig <= 33; sig++) {
		unsigned long ka[8] = { 0 }; /* handler, flags, restorer, mask */

		if (syscall(SYS_rt_sigaction, sig, NULL, ka, (size_t)8) != 0 ||
		    ka[0] == (unsigned long)SIG_IGN)
			return true;
	}
	return false;
#elif defined(__linux__)
	return true;
#else
	return false;
#endif
}

static void *scan_thread(void *arg)
{
	struct ctx_scan *s = arg;

	repometa_scan_read(s->workspace, s->home, s->state_dir, &s->out);
	return NULL;
}

static char *dup_or_null(const char *s)
{
	return s ? xstrdup(s) : NULL;
}

static bool same(const char *a, const char *b)
{
	return a && b ? strcmp(a, b) == 0 : a == b;
}

struct ctx_scan *ctx_scan_start(const char *workspace, const char *home,
				const char *state_dir)
{
	struct ctx_scan *s;
	pthread_attr_t attr;
	sigset_t all, old;
	int e;

	if (libc_signals_ignored())
		return NULL; /* ctx_scan_join() scans, as before */
	s = xcalloc(1, sizeof(*s));
	s->workspace = dup_or_null(workspace);
	s->home = dup_or_null(home);
	s->state_dir = dup_or_null(state_dir);
	/* signals stay the main thread's (launch-signals.c) */
	sigfillset(&all);
	if (pthread_attr_init(&attr) != 0)
		goto fail;
	narrow_cpus(s, &attr);
	e = pthread_sigmask(SIG_SETMASK, &all, &old);
	if (e == 0) {
		e = pthread_create(&s->tid, &attr, scan_thread, s);
		if (e != 0 && s->cpus_set) { /* a CPU gone meanwhile: anywhere */
			s->cpus_set = false;
			e = pthread_create(&s->tid, NULL, scan_thread, s);
		}
		(void)pthread_sigmask(SIG_SETMASK, &old, NULL);
	}
	(void)pthread_attr_destroy(&attr);
	if (e == 0)
		return s;
fail:
	free(s->workspace);
	free(s->home);
	free(s->state_dir);
	free(s);
	return NULL;
}

struct repometa *ctx_scan_join(struct ctx_scan *s, bool want, const char *workspace,
			       const char *home, const char *state_dir)
{
	struct repometa *out = want ? xcalloc(1, sizeof(*out)) : NULL;
	bool taken = false;

	if (s) {
		widen_cpus(s);
		(void)pthread_join(s->tid, NULL);
		if (out && same(s->workspace, workspace) && same(s->home, home) &&
		    same(s->state_dir, state_dir)) {
			*out = s->out;
			taken = true;
		} else {
			repometa_release(&s->out);
		}
		free(s->workspace);
		free(s->home);
		free(s->state_dir);
		free(s);
	}
	if (!out)
		return NULL;
	if (!taken) /* not the thread's: scanned here */
		repometa_scan_read(workspace, home, state_dir, out);
	repometa_scan_keep(out);
	return out;
}
