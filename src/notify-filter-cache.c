/* notify-filter-cache.c - the create hook's BPF program kept in the state
 * folder (issue 12 item 1, issue 18): libseccomp's build of the filter
 * costs 0.3-0.5 ms of CPU per run (bench/RESULTS-git, "git status, fifth
 * pass"), and what it builds depends only on the settings below.
 *
 * The entry: $STATE/policy/seccomp-w<wide>t<trace> (the compiled-policy
 * cache's folder: owned by us, writable by nobody else, protected from the
 * command by the baseline; FSJAIL_NO_POLICY_CACHE=1 turns both off). Its
 * text is MAGIC, the key (policy_cache_key_common(): version, executable's
 * identity, kernel, ABI, uid, gid; then libseccomp's run-time version, the
 * native architecture, wide and trace, "tree" (notify-filter.c's shape),
 * the program's length), then the instructions, then the FNV-1a 64 of all
 * before (a torn or damaged file, not a defence: whoever can write the
 * state folder can write the policy cache too). Read as hostile input, like
 * policy-cache.c's entries, and then checked by running it
 * (notify_filter_check()): an entry that does not trap every call it must is
 * ignored and the filter built anew. Written atomically, no fsync. */
#ifdef __linux__
#include <errno.h>
#include <fcntl.h>
#include <seccomp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <linux/filter.h>

#include "notify-bpf.h"
#include "notify-filter-cache.h"
#include "notify-int.h"
#include "policy-cache.h"
#include "state-rec.h"
#include "util.h"

#define MAGIC "fsjail-seccomp-cache 1\n"
/* the header (key) and a full program, with room to spare */
#define ENTRY_MAX (8192 + BPF_MAXINSNS * sizeof(struct sock_filter) + 8)

static char *entry_name(bool wide, bool trace)
{
	return xasprintf("seccomp-w%dt%d", wide, trace);
}

/* MAGIC and the key for these settings, up to the program's length
 * (caller frees); the header is that, the length in decimal and '\n'. */
static char *key_prefix(bool wide, bool trace)
{
	const struct scmp_version *v = seccomp_version();

	return xasprintf("%s%slibseccomp=%u.%u.%u arch=%u wide=%d trace=%d tree insns=", MAGIC,
			 policy_cache_key_common(), v ? v->major : 0, v ? v->minor : 0,
			 v ? v->micro : 0, seccomp_arch_native(), wide, trace);
}

int notify_filter_cache_parse(const unsigned char *buf, size_t n, bool wide, bool trace,
			      struct sock_filter **prog, unsigned short *len)
{
	cleanup_free char *want = key_prefix(wide, trace);
	size_t plen = strlen(want), hlen, insns = 0, body;
	uint64_t sum;
	const char *why;

	if (n < plen || memcmp(buf, want, plen) != 0)
		return -1;
	for (hlen = plen; hlen < n && hlen < plen + 6 && buf[hlen] >= '0' && buf[hlen] <= '9'; hlen++)
		insns = insns * 10 + (size_t)(buf[hlen] - '0');
	if (hlen == plen || hlen >= n || buf[hlen] != '\n' || buf[plen] == '0' || insns > BPF_MAXINSNS)
		return -1;
	hlen++;
	body = insns * sizeof(struct sock_filter);
	if (n != hlen + body + sizeof(sum))
		return -1;
	memcpy(&sum, buf + hlen + body, sizeof(sum));
	if (sum != srec_fnv1a(SREC_FNV_START, buf, hlen + body))
		return -1;
	*prog = xmalloc(body);
	memcpy(*prog, buf + hlen, body);
	/* what it answers, not only what it says it is */
	if (!notify_filter_check(*prog, insns, wide, trace, &why)) {
		free(*prog);
		*prog = NULL;
		return -1;
	}
	*len = (unsigned short)insns;
	return 0;
}

unsigned char *notify_filter_cache_format(const struct sock_filter *prog, unsigned short len,
					  bool wide, bool trace, size_t *n)
{
	cleanup_free char *k = key_prefix(wide, trace);
	cleanup_free char *h = xasprintf("%s%u\n", k, (unsigned)len);
	size_t hlen = strlen(h), body = (size_t)len * sizeof(*prog);
	unsigned char *buf = xmalloc(hlen + body + sizeof(uint64_t));
	uint64_t sum;

	memcpy(buf, h, hlen);
	memcpy(buf + hlen, prog, body);
	sum = srec_fnv1a(SREC_FNV_START, buf, hlen + body);
	memcpy(buf + hlen + body, &sum, sizeof(sum));
	*n = hlen + body + sizeof(sum);
	return buf;
}

int notify_filter_cache_load(struct notify *nt)
{
	cleanup_fd int dfd = policy_cache_dir(false), fd = -1;
	cleanup_free char *name = entry_name(nt->bc != NULL, nt->trace);
	cleanup_free unsigned char *buf = NULL;
	struct stat st;
	ssize_t got;

	if (dfd < 0)
		return -1;
	/* O_NONBLOCK: a FIFO planted there must not hang the run */
	fd = openat(dfd, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
	if (fd < 0 || fstat(fd, &st) < 0 || !S_ISREG(st.st_mode) || st.st_uid != geteuid() ||
	    (st.st_mode & 022) || st.st_nlink != 1 || st.st_size <= 0 ||
	    (unsigned long long)st.st_size > ENTRY_MAX)
		return -1;
	buf = xmalloc((size_t)st.st_size);
	do
		got = pread(fd, buf, (size_t)st.st_size, 0);
	while (got < 0 && errno == EINTR);
	if (got != (ssize_t)st.st_size)
		return -1;
	return notify_filter_cache_parse(buf, (size_t)got, nt->bc != NULL, nt->trace, &nt->prog,
					 &nt->prog_len);
}

void notify_filter_cache_store(const struct notify *nt)
{
	cleanup_fd int dfd = policy_cache_dir(true);
	cleanup_free char *name = entry_name(nt->bc != NULL, nt->trace);
	cleanup_free char *rnd = NULL, *tmp = NULL;
	cleanup_free unsigned char *buf = NULL;
	size_t n;
	int fd;

	if (dfd < 0 || !nt->prog)
		return;
	rnd = random_hex(8);
	tmp = xasprintf(".%s.%s", name, rnd);
	buf = notify_filter_cache_format(nt->prog, nt->prog_len, nt->bc != NULL, nt->trace, &n);
	fd = openat(dfd, tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
	if (fd < 0)
		return;
	/* no fsync: a torn file fails its sum and costs one build */
	if (write_all(fd, buf, n) == 0 && close(fd) == 0) {
		if (renameat(dfd, tmp, dfd, name) == 0)
			return;
	} else {
		close(fd);
	}
	(void)unlinkat(dfd, tmp, 0);
}

#else
/* ISO C wants at least one declaration in a translation unit. */
typedef int notify_filter_cache_not_this_system;
#endif /* __linux__ */
