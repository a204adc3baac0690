/* spawn-vm.c - spawn_vm() (spawn-vm.h). */
#ifdef __linux__
#include <errno.h>
#include <sched.h>
#include <signal.h>
#include <sys/mman.h>
#include <unistd.h>

#include "spawn-vm.h"

pid_t spawn_vm(int (*fn)(void *), void *arg, size_t stack_size)
{
	sigset_t all, old;
	void *stack;
	pid_t pid;
	int saved;

	stack = mmap(NULL, stack_size, PROT_READ | PROT_WRITE,
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
	pid = clone(fn, (char *)stack + stack_size, CLONE_VM | CLONE_VFORK | SIGCHLD, arg);
#endif
	saved = errno;
	(void)sigprocmask(SIG_SETMASK, &old, NULL);
	(void)munmap(stack, stack_size);
	errno = saved;
	return pid;
}
#else
/* ISO C wants a declaration in every translation unit. */
typedef int spawn_vm_linux_only;
#endif /* __linux__ */
