/* policy-cache.c - the compiled-policy cache (policy-cache.h), and the
 * loaders of the baseline and the rules file that go through it. */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

#include "landlock.h"
#include "path-absent.h"
#include "path.h"
#include "policy-cache.h"
#include "state-rec.h"
#include "util.h"


static char *state;

void policy_cache_set_state(const char *state_dir)
{
	free(state);
	state = state_dir && state_dir[0] == '/' ? xstrdup(state_dir) : NULL;
}

/* ---- the file ---- */

int policy_cache_read(int dir_fd, const char *name, const char *key, const char *kind,
		      struct fsj_ruleset *rs, char ***roots, size_t *n_roots)
{
	cleanup_fd int fd = -1;
	cleanup_free char *buf = NULL;
	struct stat st;
	size_t got = 0;
	int r;

	/* O_NONBLOCK: a FIFO planted there must not hang the command */
	fd = openat(dir_fd, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
	if (fd < 0 || fstat(fd, &st) < 0 || !S_ISREG(st.st_mode) || st.st_uid != geteuid() ||
	    (st.st_mode & 022) || st.st_nlink != 1 || st.st_size <= 0 ||
	    (unsigned long long)st.st_size > POLICY_CACHE_MAX)
		return -1;
	buf = xmalloc((size_t)st.st_size + 1);
	while (got < (size_t)st.st_size) {
		ssize_t n = read(fd, buf + got, (size_t)st.st_size - got);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return -1; /* shorter than fstat said: changing under us */
		got += (size_t)n;
	}
	buf[got] = '\0';
	/* The parse resolves every rule path, fsjail making nothing
	 * meanwhile: a batch (path-absent.h), so that the many names under
	 * one missing folder ($HOME's toolchains) cost one lookup, not one
	 * each. Answers only while the path memo is on (fsjail run). */
	path_absent_batch(true);
	r = policy_cache_parse(buf, got, key, kind, rs, roots, n_roots);
	path_absent_batch(false);
	return r;
}

int policy_cache_write(int dir_fd, const char *name, const char *key,
		       const struct fsj_ruleset *rs, char *const *roots, size_t n_roots)
{
	cleanup_free char *rnd = random_hex(8), *tmp = NULL, *buf = NULL;
	size_t len;
	int fd, rc = -1;

	tmp = xasprintf(".%s.%s", name, rnd);
	buf = policy_cache_format(key, rs, roots, n_roots, &len);
	if (len > POLICY_CACHE_MAX)
		return -1;
	fd = openat(dir_fd, tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
	if (fd < 0)
		return -1;
	/* no fsync: a torn file fails the "end" check and costs one parse */
	if (write_all(fd, buf, len) == 0 && close(fd) == 0) {
		if (renameat(dir_fd, tmp, dir_fd, name) == 0)
			rc = 0;
	} else {
		close(fd);
	}
	if (rc < 0)
		(void)unlinkat(dir_fd, tmp, 0);
	return rc;
}

/* The state folder's policy/ as a descriptor (made when make): a folder,
 * not a symlink, owned by us, writable by nobody else; -1 when there is
 * no state folder or the cache is off. */
int policy_cache_dir(bool make)
{
	if (!state || env_flag("FSJAIL_NO_POLICY_CACHE"))
		return -1;
	/* explain and check make it too, as run does (0700) */
	if (make && mkdir_p(state, 0700) < 0)
		return -1;
	return fsj_state_subdir(state, "policy", make);
}

/* ---- the key ---- */

static void add_kv(struct strbuf *sb, const char *k, const char *v)
{
	sb_adds(sb, k);
	sb_addc(sb, '=');
	policy_cache_add_str(sb, v);
	sb_addc(sb, '\n');
}

static void add_ident(struct strbuf *sb, const char *k, const struct stat *st)
{
	char *s = xasprintf("%s=%llu %llu %lld %lld.%09ld %lld.%09ld\n", k,
			    (unsigned long long)st->st_dev, (unsigned long long)st->st_ino,
			    (long long)st->st_size, (long long)FSJ_STAT_MTIM(st).tv_sec,
			    (long)FSJ_STAT_MTIM(st).tv_nsec, (long long)FSJ_STAT_CTIM(st).tv_sec,
			    (long)FSJ_STAT_CTIM(st).tv_nsec);

	sb_adds(sb, s);
	free(s);
}

/* What every entry of this process shares: version, executable, kernel,
 * ABI, uid and gid. Computed once. */
const char *policy_cache_key_common(void)
{
	static char *common;

	if (!common) {
		struct strbuf sb = STRBUF_INIT;
		struct utsname u;
		struct stat st;
		char *s;

		sb_adds(&sb, "format=" POLICY_CACHE_FORMAT " version=" PACKAGE_VERSION "\n");
		if (stat("/proc/self/exe", &st) == 0)
			add_ident(&sb, "exe", &st);
		else
			sb_adds(&sb, "exe=?\n");
		add_kv(&sb, "kernel", uname(&u) == 0 ? u.release : "?");
		s = xasprintf("abi=%d uid=%lu gid=%lu\n", ll_abi(), (unsigned long)geteuid(),
			      (unsigned long)getegid());
		sb_adds(&sb, s);
		free(s);
		common = sb_detach(&sb);
	}
	return common;
}


/* The key of input file path (its stat *st) for kind and tier, and in
 * *name the entry's file name: a hash of what names the input (kind,
 * tier, file, HOME, workspace, variables) without its identity or
 * fsjail's, so that an edited file or a new fsjail replaces its entry
 * rather than adding one. */
static char *make_key(const char *kind, int tier, const char *path, const struct stat *st,
		      const char *home, const char *base, const struct fsj_vars *vars,
		      char **name)
{
	struct strbuf slot = STRBUF_INIT, sb = STRBUF_INIT;
	char t[32];

	add_kv(&slot, "kind", kind);
	snprintf(t, sizeof(t), "tier=%d\n", tier);
	sb_adds(&slot, t);
	add_kv(&slot, "file", path);
	add_kv(&slot, "home", home);
	add_kv(&slot, "base", base);
	if (vars) {
		add_kv(&slot, "v.home", vars->home);
		add_kv(&slot, "v.workspace", vars->workspace);
		add_kv(&slot, "v.tmpdir", vars->tmpdir);
		add_kv(&slot, "v.config_dir", vars->config_dir);
		add_kv(&slot, "v.state_dir", vars->state_dir);
		add_kv(&slot, "v.config_file", vars->config_file);
		add_kv(&slot, "v.rules_file", vars->rules_file);
		add_kv(&slot, "v.baseline_file", vars->baseline_file);
		add_kv(&slot, "v.private_shm", vars->private_shm);
		for (size_t i = 0; i < FSJ_PRIVATE_CACHES; i++)
			add_kv(&slot, "v.private_cache", vars->private_cache[i]);
		add_kv(&slot, "v.host_npm_npx", vars->host_npm_npx);
		add_kv(&slot, "v.krb5cc", vars->krb5cc);
		add_kv(&slot, "v.krb5cc_default", vars->krb5cc_default);
	}
	*name = xasprintf("pc-%016llx", (unsigned long long)srec_fnv1a(SREC_FNV_START, slot.buf, strlen(slot.buf)));
	sb_adds(&sb, policy_cache_key_common());
	add_ident(&sb, "ident", st);
	sb_add(&sb, slot.buf, slot.len);
	sb_release(&slot);
	return sb_detach(&sb);
}

static bool same_ident(const struct stat *a, const struct stat *b)
{
	return a->st_dev == b->st_dev && a->st_ino == b->st_ino && a->st_size == b->st_size &&
	       FSJ_STAT_MTIM(a).tv_sec == FSJ_STAT_MTIM(b).tv_sec &&
	       FSJ_STAT_MTIM(a).tv_nsec == FSJ_STAT_MTIM(b).tv_nsec &&
	       FSJ_STAT_CTIM(a).tv_sec == FSJ_STAT_CTIM(b).tv_sec &&
	       FSJ_STAT_CTIM(a).tv_nsec == FSJ_STAT_CTIM(b).tv_nsec;
}

/* One load through the cache. */
struct lookup {
	const char *kind, *path;
	char *key, *name;
	struct stat before;
};

/* Look kind's entry for path up: 1 with the result, 0 (parse it; l is
 * set for store()), -1 no cache for this file. */
static int lookup(struct lookup *l, int tier, const char *home, const char *base,
		  const struct fsj_vars *vars, struct fsj_ruleset *rs, char ***roots,
		  size_t *n_roots)
{
	cleanup_fd int dfd = -1;

	l->key = l->name = NULL;
	if (!state || env_flag("FSJAIL_NO_POLICY_CACHE") || !l->path || l->path[0] != '/' ||
	    stat(l->path, &l->before) < 0 || !S_ISREG(l->before.st_mode))
		return -1;
	l->key = make_key(l->kind, tier, l->path, &l->before, home, base, vars, &l->name);
	dfd = policy_cache_dir(false);
	if (dfd >= 0 &&
	    policy_cache_read(dfd, l->name, l->key, l->kind, rs, roots, n_roots) == 0)
		return 1;
	return 0;
}

/* Keep what the parse of l's file gave, when the file is still the one
 * the key names and old enough not to be racy. */
static void store(struct lookup *l, const struct fsj_ruleset *rs, char *const *roots,
		  size_t n_roots)
{
	struct stat after;
	struct timespec now;
	cleanup_fd int dfd = -1;

	if (stat(l->path, &after) == 0 && same_ident(&l->before, &after) &&
	    fsj_fs_exact(l->path) &&
	    clock_gettime(CLOCK_REALTIME, &now) == 0 &&
	    FSJ_STAT_CTIM(&after).tv_sec + POLICY_CACHE_RACY_S < now.tv_sec &&
	    (dfd = policy_cache_dir(true)) >= 0)
		(void)policy_cache_write(dfd, l->name, l->key, rs, roots, n_roots);
}

static void lookup_release(struct lookup *l)
{
	free(l->key);
	free(l->name);
}

int fsj_rules_load(const char *path, const char *home, const char *workspace,
		   struct fsj_ruleset *out, struct fsj_error *err)
{
	struct lookup l = { .kind = "rules", .path = path };
	int r = lookup(&l, 0, home, workspace, NULL, out, NULL, NULL);

	if (r == 1) {
		lookup_release(&l);
		return 0;
	}
	if (fsj_rules_parse(path, home, workspace, out, err) < 0) {
		lookup_release(&l);
		return -1;
	}
	if (r == 0)
		store(&l, out, NULL, 0);
	lookup_release(&l);
	return 0;
}

int fsj_baseline_load(const char *path, const struct fsj_vars *vars,
		      enum fsj_tier tier, struct fsj_ruleset *out,
		      char ***user_data_roots, size_t *n_roots,
		      struct fsj_error *err)
{
	struct lookup l = { .kind = "baseline", .path = path };
	char **roots = NULL;
	size_t n = 0;
	int r;

	if (user_data_roots)
		*user_data_roots = NULL;
	if (n_roots)
		*n_roots = 0;
	r = lookup(&l, (int)tier, vars->home, NULL, vars, out, &roots, &n);
	if (r != 1) {
		if (fsj_baseline_parse(path, vars, tier, out, &roots, &n, err) < 0) {
			lookup_release(&l);
			return -1;
		}
		if (r == 0)
			store(&l, out, roots, n);
	}
	lookup_release(&l);
	if (user_data_roots) {
		*user_data_roots = roots;
		if (n_roots)
			*n_roots = n;
	} else {
		for (size_t i = 0; i < n; i++)
			free(roots[i]);
		free(roots);
	}
	return 0;
}
