/* notify-sockname.c - what the command bound: the abstract Unix names it
 * may reach, and the address a pathname socket bound for it reports
 * (notify-sockname.h; getsockname(2), unix(7), SO_COOKIE in
 * asm-generic/socket.h, seccomp_unotify(2), proc_pid_mem(5)).
 *
 * Why getsockname is trapped: op_bind() (notify-sock.c) binds a pathname
 * socket in the folder the supervisor holds, by the last component only,
 * so that no path is looked up twice; the kernel keeps the bytes given to
 * bind(2) as the socket's address, and getsockname would give that bare
 * name. A program that hands the name it reads back to a client
 * (Python's multiprocessing Listener and Manager, Go's net.Listen
 * Addr()) then connects to the bare name from its own folder: ENOENT.
 * So the address the command asked for is recorded here, and a
 * getsockname on that socket is answered with it, written as the kernel
 * writes it (net/socket.c move_addr_to_user()).
 *
 * The record is keyed on the socket's cookie (SO_COOKIE): a 64-bit number
 * the kernel gives each socket from one counter per boot and never gives
 * again, so a record left for a socket the command closed can match no
 * later socket (an inode number could: sockfs numbers wrap). No socket
 * is held open to keep its number: a held listener would take clients
 * after the command closed it. At most SOCKNAME_MAX records; past that
 * the oldest is dropped, and its socket reports the bare name again. The
 * answer is information the command could have kept itself (the name it
 * passed to bind): no grant rides on it.
 *
 * Not covered: a socket accept(2) returns (its getsockname is the
 * listener's stored address, the bare name), getpeername(2) and the
 * addresses accept(2) and recvfrom(2) give of a peer, i386 callers (let
 * through to the kernel), and sockets passed in from outside. */
#ifdef __linux__
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>
#include <linux/seccomp.h>

#include "notify-int.h"
#include "notify-sockname.h"
#include "util.h"

#ifndef SO_COOKIE
#define SO_COOKIE 57 /* asm-generic; older than pidfd_getfd (Linux 5.6), which this needs */
#endif

#define SOCK_ABSTRACT_MAX 4096 /* abstract names remembered: past it, unreachable */
#define SOCKNAME_MAX 1024      /* bound pathname sockets remembered */

struct sockname {
	uint64_t cookie;              /* 0: unused */
	socklen_t len;                /* as unix_mkname_bsd() makes it */
	struct sockaddr_storage addr; /* family, path, NUL */
};

/* Written by bind (under the host lock), read by getsockname (not): its
 * own lock. Allocated on the first record. */
struct sockname_tab {
	size_t next; /* the slot the next record takes (a ring) */
	struct sockname e[SOCKNAME_MAX];
};

static pthread_mutex_t names_mu = PTHREAD_MUTEX_INITIALIZER;

bool notify_abstract_known(const struct notify *nt, const char *name, size_t n)
{
	for (size_t i = nt->n_abstract; i-- > 0;)
		if (nt->abstract[i][0] == n && memcmp(nt->abstract[i] + 1, name, n) == 0)
			return true;
	return false;
}

void notify_abstract_note(struct notify *nt, const char *name, size_t n)
{
	if (n > 255 || nt->n_abstract >= SOCK_ABSTRACT_MAX || notify_abstract_known(nt, name, n))
		return;
	if (nt->n_abstract == nt->cap_abstract) {
		nt->cap_abstract = nt->cap_abstract ? 2 * nt->cap_abstract : 16;
		nt->abstract = xreallocarray(nt->abstract, nt->cap_abstract, sizeof(*nt->abstract));
	}
	nt->abstract[nt->n_abstract] = xmalloc(n + 1);
	nt->abstract[nt->n_abstract][0] = (unsigned char)n;
	memcpy(nt->abstract[nt->n_abstract] + 1, name, n);
	nt->n_abstract++;
}

/* notify-int.h */
void notify_sock_release(struct notify *nt)
{
	for (size_t i = 0; i < nt->n_abstract; i++)
		free(nt->abstract[i]);
	free(nt->abstract);
	nt->abstract = NULL;
	nt->n_abstract = nt->cap_abstract = 0;
	free(nt->names);
	nt->names = NULL;
}

void notify_sockname_note(struct notify *nt, int s, const char *path)
{
	struct sockaddr_un *a;
	struct sockname *e;
	uint64_t cookie = 0;
	socklen_t cl = sizeof(cookie);
	size_t n = strlen(path);

	if (n >= sizeof(a->sun_path) + 1 ||
	    getsockopt(s, SOL_SOCKET, SO_COOKIE, &cookie, &cl) < 0 || cookie == 0)
		return;
	pthread_mutex_lock(&names_mu);
	if (!nt->names)
		__atomic_store_n(&nt->names, xcalloc(1, sizeof(*nt->names)), __ATOMIC_RELEASE);
	e = &nt->names->e[nt->names->next];
	nt->names->next = (nt->names->next + 1) % SOCKNAME_MAX;
	memset(e, 0, sizeof(*e));
	e->cookie = cookie;
	a = (struct sockaddr_un *)&e->addr;
	a->sun_family = AF_UNIX;
	memcpy(a->sun_path, path, n); /* n may be 108: the NUL is past sun_path, as the kernel's */
	e->len = (socklen_t)(offsetof(struct sockaddr_un, sun_path) + n + 1);
	pthread_mutex_unlock(&names_mu);
}

/* The recorded address of the socket with this cookie into *out; false
 * when there is none. */
static bool sockname_find(const struct notify *nt, uint64_t cookie, struct sockname *out)
{
	bool found = false;

	pthread_mutex_lock(&names_mu);
	for (size_t i = 0; nt->names && !found && i < SOCKNAME_MAX; i++)
		if (nt->names->e[i].cookie == cookie) {
			*out = nt->names->e[i];
			found = true;
		}
	pthread_mutex_unlock(&names_mu);
	return found;
}

/* Write e to the caller as move_addr_to_user() does: read the int at
 * ulen, copy min(it, e->len) bytes to uaddr, write e->len to ulen.
 * Returns 0 or the errno to answer. mem is the caller's memory, the
 * notification checked valid after it was opened. */
static int write_name(int mem, uint64_t uaddr, uint64_t ulen, const struct sockname *e)
{
	int len;

	if (pread(mem, &len, sizeof(len), (off_t)ulen) != (ssize_t)sizeof(len))
		return EFAULT;
	if (len > (int)e->len)
		len = (int)e->len;
	if (len < 0)
		return EINVAL;
	if (len && pwrite(mem, &e->addr, (size_t)len, (off_t)uaddr) != (ssize_t)len)
		return EFAULT;
	len = (int)e->len;
	return pwrite(mem, &len, sizeof(len), (off_t)ulen) == (ssize_t)sizeof(len) ? 0 : EFAULT;
}

void notify_op_sockname(struct job *j)
{
	const uint64_t *a = j->c->args;
	struct sockname e;
	uint64_t cookie = 0;
	socklen_t cl = sizeof(cookie);
	char mem_path[64];
	int s, mem, r;
	bool found;

	/* Nothing bound for the command (the common case, and every TCP
	 * program's): the kernel answers, with no descriptor taken. */
	if (j->c->compat || !__atomic_load_n(&j->nt->names, __ATOMIC_ACQUIRE)) {
		nj_continue(j);
		return;
	}
	s = nj_caller_fd(j, (int)(uint32_t)a[0]);
	if (s < 0) { /* EBADF, or the call is gone: the kernel says which */
		nj_continue(j);
		return;
	}
	found = getsockopt(s, SOL_SOCKET, SO_COOKIE, &cookie, &cl) == 0 &&
		sockname_find(j->nt, cookie, &e);
	close(s);
	if (!found) {
		nj_continue(j);
		return;
	}
	/* The caller's memory by /proc/TID/mem, then ID_VALID: a
	 * notification still waiting means the file opened is the caller's
	 * (seccomp_unotify(2) NOTES). It writes where the kernel's
	 * copy_to_user() would fault on a read-only page (FOLL_FORCE): a
	 * caller that passes one gets its own page changed, not EFAULT. */
	snprintf(mem_path, sizeof(mem_path), "/proc/%d/mem", (int)j->tr->pid);
	mem = open(mem_path, O_RDWR | O_CLOEXEC);
	if (mem < 0 || ioctl(j->nt->listener, SECCOMP_IOCTL_NOTIF_ID_VALID, &j->tr->id) < 0) {
		if (mem >= 0)
			close(mem);
		nj_continue(j); /* gone (the answer fails too), or closed to us: as before */
		return;
	}
	r = write_name(mem, a[1], a[2], &e);
	close(mem);
	nj_answer(j, r);
}

#else
/* ISO C wants at least one declaration in a translation unit. */
typedef int notify_sockname_not_this_system;
#endif /* __linux__ */
