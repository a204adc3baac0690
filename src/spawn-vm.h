/* spawn-vm.h - start a process that shares the caller's memory until it
 * execs or ends, the caller suspended meanwhile (Linux; issue 18). */
#ifndef FSJAIL_SPAWN_VM_H
#define FSJAIL_SPAWN_VM_H

#include <stddef.h>
#include <sys/types.h>

/*
 * Start fn(arg) in a new process that shares the caller's memory and runs
 * on a stack of its own of stack_size bytes, the caller suspended until
 * that process has exec'd or ended (clone(2) CLONE_VM | CLONE_VFORK, as
 * glibc's posix_spawn does: sysdeps/unix/sysv/linux/spawni.c). A fork
 * would copy the caller's page tables only for the child to drop them, and
 * fault in copies of every page either side wrote meanwhile.
 *
 * What fn may do, as in a vfork child: change its own descriptors, signal
 * dispositions, mask, process group, rlimits and namespaces (none of these
 * is shared: no CLONE_FILES, CLONE_FS, CLONE_SIGHAND or CLONE_THREAD), make
 * system calls, write only to its stack and to memory the caller no longer
 * needs (errno is the caller's thread's); it must not return, and must not
 * malloc() (it ends in exec or _exit()). Every signal is blocked in the new
 * process until fn sets its mask: no handler of the caller's can run on the
 * shared memory. The caller's sandbox (Landlock, seccomp) is inherited as
 * by fork(). A sanitizer build forks instead.
 *
 * Returns the new process's pid (a SIGCHLD child of the caller, to be
 * waited for), or -1 with errno set; the caller's signal mask is as it was.
 */
pid_t spawn_vm(int (*fn)(void *), void *arg, size_t stack_size);

#endif
