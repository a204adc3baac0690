/* launch-spawn.c - fsjail-init starts the command without copying its own
 * address space (Linux; issue 18). */
#include "config.h"

#ifdef __linux__
#include <errno.h>
#include <sched.h>
#include <signal.h>
#include <sys/mman.h>
#include <unistd.h>

#include "launch-int.h"
#include "timing.h"

/* What the new process may use of its own stack before exec: the hello
 * (launch_ns_hello), execvp()'s PATH buffer, a failure report. */
#define SPAWN_STACK (256 * 1024)

/*
 * Start fn(arg) in a new process that shares the caller's memory and runs
 * on a stack of its own, the caller suspended until that process has
 * exec'd or ended (clone(2) CLONE_VM | CLONE_VFORK, as glibc's
 * posix_spawn does: sysdeps/unix/sysv/linux/spawni.c). A fork would copy
 * fsjail-init's page tables only for the exec to throw them away, and
 * fault in copies of every page either side wrote meanwhile.
 *
 * What fn may do, as in a vfork child: change its own descriptors, signal
 * dispositions, mask, process group and rlimits (none of these is shared:
 * no CLONE_FILES, CLONE_SIGHAND or CLONE_THREAD), make system calls, write
 * only to its stack and to memory the caller no longer needs; it must not
 * return, and must not malloc() (it ends in exec or _exit()). Every signal
 * is blocked in the new process until fn sets its mask: no handler of the
 * caller's can run on the shared memory. The caller's sandbox (Landlock,
 * seccomp) is inherited as by fork().
 *
 * Returns the new process's pid (a SIGCHLD child of the caller), or -1
 * with errno set; the caller's signal mask is as it was on return.
 */
static pid_t spawn_vm(int (*fn)(void *), void *arg)
{
	sigset_t all, old;
	void *stack;
	pid_t pid;
	int saved;

	stack = mmap(NULL, SPAWN_STACK, PROT_READ | PROT_WRITE,
		     MAP_PRIVATE | MAP_ANONYMOUS | MAP_STACK, -1, 0);
	if (stack == MAP_FAILED)
		return -1;
	sigfillset(&all);
	(void)sigprocmask(SIG_SETMASK, &all, &old);
#ifdef __SANITIZE_ADDRESS__
	/* ASan cannot follow the switch to this stack and says so on the
	 * command's stderr (t0010): a sanitizer build forks */
	if ((pid = fork()) == 0)
		_exit(fn(arg));
#else
	/* the stack grows down on every architecture Linux fsjail runs on */
	pid = clone(fn, (char *)stack + SPAWN_STACK, CLONE_VM | CLONE_VFORK | SIGCHLD, arg);
#endif
	saved = errno;
	(void)sigprocmask(SIG_SETMASK, &old, NULL);
	(void)munmap(stack, SPAWN_STACK);
	errno = saved;
	return pid;
}

/* What I hands the command's process (command_start). */
struct command_start {
	const struct supervisor *s;
	char **args, **cmd;
	int report_fd, status_wr;
};

/* The command's process: it shares I's memory until exec, so it only
 * closes, sets signals, says hello and execs (or reports and _exit()s). */
static int command_start(void *arg)
{
	const struct command_start *cs = arg;

	close(cs->status_wr);
	launch_child_reset_signals(cs->s);
	launch_ns_hello(cs->s->hello[1]);
	timing_mark("command: fork, hello");
	launch_child_exec(cs->report_fd, cs->args, cs->cmd);
}

/* In I (launch.c child_run()), with the sandbox applied: start the
 * command's process (s, args, cmd and report_fd as for launch_child_exec();
 * status_wr, I's report to C, closed there) with spawn_vm(). Returns its
 * pid, or -1 with errno set. */
pid_t launch_spawn_command(const struct supervisor *s, char **args, char **cmd, int report_fd,
			   int status_wr)
{
	struct command_start cs = { s, args, cmd, report_fd, status_wr };

	return spawn_vm(command_start, &cs);
}
#else
/* ISO C wants a declaration in every translation unit. */
typedef int launch_spawn_linux_only;
#endif /* __linux__ */
