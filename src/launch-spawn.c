/* launch-spawn.c - fsjail-init starts the command without copying its own
 * address space (Linux; issue 18). */
#ifdef __linux__
#include <unistd.h>

#include "launch-int.h"
#include "spawn-vm.h"
#include "timing.h"

/* What the new process may use of its own stack before exec: the hello
 * (launch_ns_hello), execvp()'s PATH buffer, a failure report. */
#define SPAWN_STACK (256 * 1024)

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
 * status_wr, I's report to C, closed there) with spawn_vm() (spawn-vm.h):
 * no copy of I's page tables for the exec to drop. Returns its
 * pid, or -1 with errno set. */
pid_t launch_spawn_command(const struct supervisor *s, char **args, char **cmd, int report_fd,
			   int status_wr)
{
	struct command_start cs = { s, args, cmd, report_fd, status_wr };

	return spawn_vm(command_start, &cs, SPAWN_STACK);
}
#else
/* ISO C wants a declaration in every translation unit. */
typedef int launch_spawn_linux_only;
#endif /* __linux__ */
