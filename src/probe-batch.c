/* probe-batch.c - the probe's scratch folders and its batches: operations
 * run by a fixed /bin/sh script under a sandbox, and what the files show
 * afterwards (DESIGN.md section 5; see probe-int.h). */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#include "launch.h"
#include "path.h"
#include "probe-int.h"
#include "probe-made.h"

/* The script every batch of checks runs: fixed text, whose only inputs are
 * its arguments, pairs of (operation, path), all made by fsjail. Each
 * operation is a command of its own; its exit status is reported on
 * standard output as "N STATUS", after "started". printf and true are
 * regular built-ins: a redirection they cannot open fails the command, not
 * the shell (POSIX 2.8.1), and opening is what the kernel checks, so no
 * process is started for them. A fixed PATH, so that a PATH entry behind
 * the read fence changes nothing. The network operations (their path is
 * a port of 127.0.0.1 outside, where the probe listens) use bash's
 * /dev/tcp and /dev/udp; ldso's path is "LOADER:FILE" (a loader path has
 * no colon); iface exits 0 when an IP socket can be made and an interface
 * other than lo exists to send on. */
static const char sh_batch[] = "PATH=/usr/bin:/bin; export PATH\n"
			       "echo started\n"
			       "i=0\n"
			       "while [ $# -ge 2 ]; do\n"
			       "	i=$((i + 1))\n"
			       "	case $1 in\n"
			       "	write) printf " WRITTEN " 2>/dev/null > \"$2\" ;;\n"
			       "	delete) rm -f -- \"$2\" 2>/dev/null ;;\n"
			       "	exec) \"$2\" 2>/dev/null ;;\n"
			       "	read) true 2>/dev/null < \"$2\" ;;\n"
			       "	list) ls -a -- \"$2\" > /dev/null 2>&1 ;;\n"
			       "	ldso) \"${2%%:*}\" \"${2#*:}\" 2>/dev/null ;;\n"
			       "	tcp) bash -c 'exec 3<>\"/dev/tcp/127.0.0.1/$1\"' _ \"$2\" 2>/dev/null ;;\n"
			       "	udp) bash -c 'printf fsjail-probe > \"/dev/udp/127.0.0.1/$1\"' _ \"$2\" "
			       "2>/dev/null ;;\n"
			       "	dns) bash -c 'printf \"\\102\\102\\1\\0\\0\\1\\0\\0\\0\\0\\0\\0\\6fsjail\\4test"
			       "\\0\\0\\1\\0\\1\" > \"/dev/udp/127.0.0.1/$1\"' _ \"$2\" 2>/dev/null ;;\n"
			       "	iface) python3 -c \"import socket, sys\n"
			       "try:\n"
			       "    socket.socket(socket.AF_INET, socket.SOCK_DGRAM).close()\n"
			       "except OSError:\n"
			       "    sys.exit(1)\n"
			       "sys.exit(0 if [n for i, n in socket.if_nameindex() if n != 'lo'] else 1)\" "
			       "2>/dev/null ;;\n"
			       "	*) false ;;\n"
			       "	esac\n"
			       "	echo \"$i $?\"\n"
			       "	shift 2\n"
			       "done\n"
			       "exit 0\n";

bool probe_forced_to_fail(const struct prober *p, enum probe_check_id id)
{
	const char *s = p->fail, *name = probe_check_name(id);
	size_t len = strlen(name);

	while (s && *s) {
		const char *end = strchr(s, ',');
		size_t n = end ? (size_t)(end - s) : strlen(s);

		if (n == len && strncmp(s, name, n) == 0)
			return true;
		s = end ? end + 1 : NULL;
	}
	return false;
}

/* Write content to name in dfd (created or truncated, never through a
 * symlink). Returns 0 or -1. */
static int put_file(int dfd, const char *name, const char *content, mode_t mode)
{
	cleanup_fd int fd =
		openat(dfd, name, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, mode);

	if (fd < 0)
		return -1;
	return write_all(fd, content, strlen(content));
}

/* true when name in dfd is a regular file holding exactly content. */
static bool file_is(int dfd, const char *name, const char *content)
{
	cleanup_fd int fd = openat(dfd, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
	char buf[64];
	size_t len = 0, want = strlen(content);
	ssize_t r;

	if (fd < 0)
		return false;
	while (len < sizeof(buf) && (r = read(fd, buf + len, sizeof(buf) - len)) != 0) {
		if (r < 0) {
			if (errno == EINTR)
				continue;
			return false;
		}
		len += (size_t)r;
	}
	return len == want && memcmp(buf, content, want) == 0;
}

static bool file_exists(int dfd, const char *name)
{
	struct stat st;

	return fstatat(dfd, name, &st, AT_SYMLINK_NOFOLLOW) == 0;
}

/* Copy true(1) to name in dfd, mode 0700; a shell script when there is no
 * true binary to copy. Returns 0 or -1. */
static int put_binary(int dfd, const char *name)
{
	static const char *const sources[] = { "/bin/true", "/usr/bin/true" };
	char *data = NULL;
	size_t len = 0;
	int rc;

	for (size_t i = 0; i < sizeof(sources) / sizeof(sources[0]) && !data; i++)
		if (read_file(sources[i], PROBE_BINARY_MAX, &data, &len) < 0)
			data = NULL;
	if (!data) {
		data = xstrdup("#!/bin/sh\nexit 0\n");
		len = strlen(data);
	}
	{
		cleanup_fd int fd = openat(
			dfd, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0700);

		rc = fd < 0 || write_all(fd, data, len) < 0 || fchmod(fd, 0700) < 0 ? -1 : 0;
	}
	free(data);
	return rc;
}

/* Make a scratch folder "<base>/<prefix>XXXXXX" with its files, named in
 * the probe's record first (probe_made_mkdir()). Returns 0, or -1 with
 * nothing left behind. */
int probe_scratch_make(struct scratch *s, const char *base, const char *prefix)
{
	struct stat st;

	if (lstat(base, &st) < 0 || !S_ISDIR(st.st_mode))
		return -1;
	s->dir = probe_made_mkdir(base, prefix, &s->fd);
	if (!s->dir)
		return -1;
	s->base = st;
	if (put_file(s->fd, F_WRITE, ORIG, 0600) < 0 ||
	    put_file(s->fd, F_CWRITE, ORIG, 0600) < 0 ||
	    put_file(s->fd, F_DELETE, ORIG, 0600) < 0 ||
	    put_file(s->fd, F_CDELETE, ORIG, 0600) < 0 ||
	    put_file(s->fd, F_READ, "fsjail probe: a fenced file\n", 0600) < 0 ||
	    put_binary(s->fd, F_EXEC) < 0) {
		probe_scratch_remove(s);
		return -1;
	}
	return 0;
}

/* The policy's decision on cap at path (normalised, absolute). */
bool probe_allowed(const struct fsj_policy *pol, const char *path, enum fsj_cap cap)
{
	cleanup_free char *resolved = path_resolve(path);
	struct fsj_decision d;

	policy_decide(pol, path, resolved, cap, &d);
	return d.allowed;
}

bool probe_in_user_data_root(const struct fsj_policy *pol, const char *path)
{
	cleanup_free char *resolved = path_resolve(path);

	for (size_t i = 0; i < pol->n_user_data_roots; i++)
		if (path_covers(pol->user_data_roots[i], path) ||
		    path_covers(pol->user_data_roots[i], resolved))
			return true;
	return false;
}

/* The file a check uses in a scratch folder (control: its sibling). */
const char *probe_check_file(enum probe_check_id id, bool control)
{
	switch (id) {
	case PROBE_CHECK_WRITE_ALLOWED:
	case PROBE_CHECK_WRITE_DENIED:
		return control ? F_CWRITE : F_WRITE;
	case PROBE_CHECK_CREATE_ALLOWED:
	case PROBE_CHECK_CREATE_DENIED:
		return control ? F_CNEW : F_NEW;
	case PROBE_CHECK_DELETE_DENIED:
		return control ? F_CDELETE : F_DELETE;
	case PROBE_CHECK_EXEC_DENIED:
	case PROBE_CHECK_EXEC_MAPPED:
		return F_EXEC;
	case PROBE_CHECK_READ_FENCED:
		return F_READ;
	default:
		return NULL;
	}
}

static const char *check_verb(enum probe_check_id id, bool dir)
{
	switch (id) {
	case PROBE_CHECK_DELETE_DENIED:
		return "delete";
	case PROBE_CHECK_EXEC_DENIED:
		return "exec";
	case PROBE_CHECK_EXEC_MAPPED:
		return "ldso";
	case PROBE_CHECK_NET_TCP:
		return "tcp";
	case PROBE_CHECK_NET_UDP:
		return "udp";
	case PROBE_CHECK_NET_DNS:
		return "dns";
	case PROBE_CHECK_NET_IFACE:
		return "iface";
	case PROBE_CHECK_READ_FENCED:
	case PROBE_CHECK_READ_SYSTEM:
		return dir ? "list" : "read";
	default:
		return "write";
	}
}

/* Put a scratch file back as the checks expect it. */
static void reset_file(int dfd, enum probe_check_id id, const char *name)
{
	switch (id) {
	case PROBE_CHECK_WRITE_ALLOWED:
	case PROBE_CHECK_WRITE_DENIED:
	case PROBE_CHECK_DELETE_DENIED:
		(void)put_file(dfd, name, ORIG, 0600);
		break;
	case PROBE_CHECK_CREATE_ALLOWED:
	case PROBE_CHECK_CREATE_DENIED:
		(void)unlinkat(dfd, name, 0);
		break;
	default:
		break;
	}
}

/* Whether the listener outside got what a network operation sends (a
 * connection, a datagram, a DNS query with the id 0x4242); everything
 * pending is taken, so the next batch starts clean. */
static bool net_received(const struct op *o)
{
	char buf[512];
	bool got = false;
	ssize_t r;
	int c;

	if (o->net_fd < 0)
		return false;
	if (o->id == PROBE_CHECK_NET_TCP) {
		while ((c = accept(o->net_fd, NULL, NULL)) >= 0) {
			close(c);
			got = true;
		}
		return got;
	}
	while ((r = recv(o->net_fd, buf, sizeof(buf), 0)) > 0)
		got = got || o->id != PROBE_CHECK_NET_DNS || (r >= 2 && memcmp(buf, "BB", 2) == 0);
	return got;
}

/* Did the operation happen? Seen on the file for write, create and
 * delete; from the exit status for exec and read. */
bool probe_op_happened(const struct op *o)
{
	switch (o->id) {
	case PROBE_CHECK_WRITE_ALLOWED:
	case PROBE_CHECK_WRITE_DENIED:
	case PROBE_CHECK_CREATE_ALLOWED:
	case PROBE_CHECK_CREATE_DENIED:
		return file_is(o->s->fd, o->name, WRITTEN);
	case PROBE_CHECK_DELETE_DENIED:
		return !file_exists(o->s->fd, o->name);
	case PROBE_CHECK_NET_TCP:
	case PROBE_CHECK_NET_UDP:
	case PROBE_CHECK_NET_DNS:
		return net_received(o);
	default:
		return o->rc == 0;
	}
}

/* A denial as the shell reports it: the operation's own failure (exit 1 or
 * 2 from printf's redirection, rm, cat or ls; 126 for an exec the kernel
 * refused), not "not found" or an unreported operation. */
bool probe_denial_status(enum probe_check_id id, int rc)
{
	if (id == PROBE_CHECK_EXEC_DENIED)
		return rc == FSJ_EXIT_NOEXEC;
	/* the loader says 127 when it cannot map the file */
	if (id == PROBE_CHECK_EXEC_MAPPED)
		return rc >= 1 && rc <= FSJ_EXIT_NOTFOUND && rc != FSJ_EXIT_ERROR;
	/* what counts is that nothing arrived: a datagram sent into a
	 * namespace of its own leaves with exit 0 */
	if (probe_check_is_net(id))
		return rc >= 0 && rc < FSJ_EXIT_ERROR;
	return rc >= 1 && rc < FSJ_EXIT_ERROR;
}

/* Add an operation to a batch. */
void probe_op_add(struct op *ops, size_t *n, enum probe_check_id id, struct scratch *s,
		   bool control, const char *sys_path, bool sys_dir, struct probe_check *check)
{
	struct op *o = &ops[(*n)++];

	memset(o, 0, sizeof(*o));
	o->id = id;
	o->s = s;
	o->name = s ? probe_check_file(id, control) : NULL;
	o->path = s ? path_join(s->dir, o->name) : xstrdup(sys_path);
	o->verb = check_verb(id, !s && sys_dir);
	o->check = check;
	o->rc = -1;
	o->net_fd = -1;
	if (id == PROBE_CHECK_EXEC_MAPPED && s) {
		const char *ldso = probe_ldso();

		free(o->path);
		o->path = xasprintf("%s:%s/%s", ldso ? ldso : "/nonexistent", s->dir, o->name);
	}
}

void probe_op_add_net(struct op *ops, size_t *n, const struct prober *p, enum probe_check_id id,
		      struct probe_check *check)
{
	probe_op_add(ops, n, id, NULL, false, p->net_port[id], false, check);
	ops[*n - 1].net_fd = p->net_fd[id];
}

const char *probe_ldso(void)
{
	static const char *const loaders[] = {
		"/lib64/ld-linux-x86-64.so.2", "/lib/ld-linux-aarch64.so.1", "/lib/ld-linux-armhf.so.3",
		"/lib64/ld64.so.2",            "/lib/ld-linux.so.2",         "/lib/ld-musl-x86_64.so.1",
		"/lib/ld-musl-aarch64.so.1",
	};

	for (size_t i = 0; i < sizeof(loaders) / sizeof(loaders[0]); i++)
		if (access(loaders[i], X_OK) == 0)
			return loaders[i];
	return NULL;
}

/* One listener on 127.0.0.1 (a free port), non-blocking. */
static int listen_local(int type, char port[8])
{
	struct sockaddr_in a = { .sin_family = AF_INET, .sin_addr.s_addr = htonl(INADDR_LOOPBACK) };
	socklen_t len = sizeof(a);
	int fd = socket(AF_INET, type, 0);

	if (fd < 0)
		return -1;
	if (fcntl(fd, F_SETFD, FD_CLOEXEC) < 0 || fcntl(fd, F_SETFL, O_NONBLOCK) < 0) {
		close(fd);
		return -1;
	}
	if (bind(fd, (struct sockaddr *)&a, sizeof(a)) < 0 ||
	    (type == SOCK_STREAM && listen(fd, 16) < 0) ||
	    getsockname(fd, (struct sockaddr *)&a, &len) < 0) {
		close(fd);
		return -1;
	}
	snprintf(port, 8, "%u", (unsigned)ntohs(a.sin_port));
	return fd;
}

void probe_net_open(struct prober *p)
{
	for (int id = 0; id < PROBE_CHECK_COUNT; id++)
		p->net_fd[id] = -1;
	p->net_fd[PROBE_CHECK_NET_TCP] = listen_local(SOCK_STREAM, p->net_port[PROBE_CHECK_NET_TCP]);
	p->net_fd[PROBE_CHECK_NET_UDP] = listen_local(SOCK_DGRAM, p->net_port[PROBE_CHECK_NET_UDP]);
	p->net_fd[PROBE_CHECK_NET_DNS] = listen_local(SOCK_DGRAM, p->net_port[PROBE_CHECK_NET_DNS]);
	memcpy(p->net_port[PROBE_CHECK_NET_IFACE], "-", 2);
}

void probe_net_close(struct prober *p)
{
	for (int id = 0; id < PROBE_CHECK_COUNT; id++)
		if (p->net_fd[id] >= 0)
			close(p->net_fd[id]);
}

void probe_ops_release(struct op *ops, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		if (ops[i].s)
			reset_file(ops[i].s->fd, ops[i].id, ops[i].name);
		free(ops[i].path);
	}
}

/* Read what a batch printed: "started", then "N STATUS" per operation. */
static bool parse_batch(const char *out, struct op *ops, size_t n)
{
	const char *p = out;
	bool started = false;

	while (p && *p) {
		const char *nl = strchr(p, '\n');
		unsigned long i;
		int rc;

		if (strncmp(p, "started\n", 8) == 0)
			started = true;
		else if (sscanf(p, "%lu %d", &i, &rc) == 2 && i >= 1 && i <= n)
			ops[i - 1].rc = rc;
		p = nl ? nl + 1 : NULL;
	}
	return started;
}

/* Run a batch of operations under sb: /bin/sh -c sh_batch with the pairs
 * as arguments, its standard output on a pipe (the only change to the
 * helper's streams, undone before returning). Returns the exit status as
 * launch_run() gives it; *started tells whether the script began, *why is
 * set when nothing ran (125). */
int probe_run_batch(struct sandbox *sb, struct op *ops, size_t n, bool *started, char **why)
{
	struct fsj_error err = { { 0 } };
	struct strbuf out = STRBUF_INIT;
	char **argv = xcalloc(2 * n + 5, sizeof(*argv));
	char chunk[4096];
	int fds[2], rc;
	size_t k = 0;

	*started = false;
	argv[k++] = xstrdup("/bin/sh");
	argv[k++] = xstrdup("-c");
	argv[k++] = xstrdup(sh_batch);
	argv[k++] = xstrdup("fsjail-probe");
	for (size_t i = 0; i < n; i++) {
		argv[k++] = xstrdup(ops[i].verb);
		argv[k++] = xstrdup(ops[i].path);
		if (ops[i].s)
			reset_file(ops[i].s->fd, ops[i].id, ops[i].name);
	}
	if (pipe(fds) < 0) {
		rc = FSJ_EXIT_ERROR;
		*why = xasprintf("cannot create a pipe: %s", strerror(errno));
		goto out;
	}
	/* The batch prints a few hundred bytes: far below a pipe's buffer,
	 * so it never blocks before we read. */
	(void)fcntl(fds[0], F_SETFD, FD_CLOEXEC);
	(void)fcntl(fds[0], F_SETFL, O_NONBLOCK);
	(void)dup2(fds[1], STDOUT_FILENO);
	close(fds[1]);
	rc = launch_run(sb, argv, &err);
	{
		int null = open("/dev/null", O_WRONLY | O_CLOEXEC);

		if (null >= 0) {
			(void)dup2(null, STDOUT_FILENO);
			close(null);
		}
	}
	for (;;) {
		ssize_t r = read(fds[0], chunk, sizeof(chunk));

		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0 || out.len > 65536)
			break;
		sb_add(&out, chunk, (size_t)r);
	}
	close(fds[0]);
	*started = parse_batch(out.buf, ops, n);
	if (rc == FSJ_EXIT_ERROR && !*started)
		*why = xstrdup(err.text[0] ? err.text : "the command could not be started");
out:
	for (size_t i = 0; i < k; i++)
		free(argv[i]);
	free(argv);
	sb_release(&out);
	return rc;
}
