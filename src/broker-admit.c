/* broker-admit.c - see broker-admit.h.
 *
 * Trust boundary: runs in the supervisor's broker thread, with the
 * supervisor's rights, on a connection from any process that could reach
 * the socket (0600 in a 0700 folder: this uid). Nothing the peer says is
 * read here; only what the kernel tells about it (SO_PEERCRED, its
 * process tree, its view). */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "broker-admit.h"
#include "peerq.h"
#include "platform.h"
#include "util.h"

void broker_admit_refuse(struct broker *b, int fd, const char *detail)
{
	broker_audit(b, NULL, "connect", NULL, NULL, "deny", NULL, detail);
	(void)write_all(fd, "DENY\n", 5);
	close(fd);
}

/* The view of a client the supervisor connected for a command process
 * (peerq.h): the first queued caller still alive in this run's tree, else
 * the view of the last such client (every process of the run shares one
 * view: the queue only says which). -1 when there is none: the client is
 * then the supervisor's own. Caller owns the descriptor. */
static int supervised_view(struct broker *b, int fd)
{
	pid_t pid;
	int root;

	while (peerq_pop(&pid)) {
		if (!broker_caller_in_tree(pid) || pid == getpid())
			continue;
		root = broker_view_open(fd, pid);
		if (root < 0)
			continue;
		if (b->last_root >= 0)
			close(b->last_root);
		b->last_root = fcntl(root, F_DUPFD_CLOEXEC, 0);
		return root;
	}
	return b->last_root >= 0 ? fcntl(b->last_root, F_DUPFD_CLOEXEC, 0) : -1;
}

int broker_admit(struct broker *b, int fd)
{
	struct platform_peer peer;
	char detail[160];
	int root_fd;

	/* Without credentials on every chunk the broker cannot tell who sent
	 * a request (broker-caller.h): not served, and said. */
	if (broker_caller_passcred(fd) < 0) {
		snprintf(detail, sizeof(detail),
			 "cannot ask the kernel for the sender's credentials (SO_PASSCRED): %s",
			 strerror(errno));
		broker_admit_refuse(b, fd, detail);
		return -1;
	}
	if (platform_peer_cred(fd, &peer) < 0 || peer.uid != geteuid()) {
		snprintf(detail, sizeof(detail), "peer uid %ld is not the session's",
			 platform_peer_cred(fd, &peer) < 0 ? -1L : (long)peer.uid);
		broker_admit_refuse(b, fd, detail);
		return -1;
	}
	/* The supervisor connected for the command (notify-sock.c): a caller
	 * it queued is the peer, and its view the client's. */
	root_fd = peer.pid == getpid() ? supervised_view(b, fd) : -1;
	if (root_fd < 0 && !broker_caller_in_tree(peer.pid)) {
		snprintf(detail, sizeof(detail), "peer pid %ld is not in this run's process tree",
			 (long)peer.pid);
		broker_admit_refuse(b, fd, detail);
		return -1;
	}
	if (b->n_clients >= BROKER_MAX_CLIENTS) {
		if (root_fd >= 0)
			close(root_fd);
		broker_admit_refuse(b, fd, "too many clients");
		return -1;
	}
	/* Every path of this client is resolved in its view: its root, held
	 * from now on (broker-resolve.c). No view, no service. */
	if (root_fd < 0)
		root_fd = broker_view_open(fd, peer.pid);
	if (root_fd == -1) {
		snprintf(detail, sizeof(detail), "cannot open the view of peer pid %ld: %s",
			 (long)peer.pid, strerror(errno));
		broker_admit_refuse(b, fd, detail);
		return -1;
	}
	return root_fd;
}
