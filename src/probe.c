/* probe.c - find by experiment which fence tier the kernel enforces, and
 * cache the answer (DESIGN.md section 5; see probe.h for the checks).
 *
 * The experiment runs in a forked helper: it makes the scratch folders,
 * compiles each tier's real profile, runs each check through the real
 * launcher (sandbox_prepare + launch_run) with /bin/sh -c and a fixed
 * script whose only inputs are positional arguments, looks at the files
 * afterwards, removes the scratch folders and writes its report as JSON to
 * a pipe. The parent reads that report with the same strict reader as the
 * cache, so a helper that died half-way gives an error, never a tier. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#ifdef __APPLE__
#include <sys/sysctl.h>
#endif

#include "landlock.h"
#include "launch.h"
#include "path.h"
#include "probe-int.h"
#include "probe-made.h"
#include "probe.h"

/* Seconds the helper may take before it is killed (SIGALRM, default
 * action): a probe takes well under one; a check that hangs (a folder on a
 * dead network mount under /) must not hang fsjail. The report is then an
 * error, never a tier. */
#define PROBE_TIMEOUT_SEC 60

/* ------------------------------------------------------------------------
 * The key
 */

char *probe_os_release(void)
{
	const char *o = getenv("FSJAIL_KERNEL_RELEASE");

	/* Test-only: lets the suite show that a kernel update invalidates the
	 * cache without updating the kernel. */
	if (o && *o)
		return xstrdup(o);
#ifdef __APPLE__
	{
		char buf[64];
		size_t len = sizeof(buf);

		if (sysctlbyname("kern.osproductversion", buf, &len, NULL, 0) == 0 && len > 0 &&
		    len <= sizeof(buf)) {
			buf[len - 1] = '\0';
			return xasprintf("macOS %s", buf);
		}
	}
#endif
	{
		struct utsname u;

		if (uname(&u) == 0)
			return xstrdup(u.release);
	}
	return xstrdup("unknown");
}

static void file_stamp(struct probe_file *f, const char *path)
{
	struct stat st;

	f->path = xstrdup(path ? path : "");
	f->mtime_sec = f->mtime_nsec = f->size = -1;
	if (path && stat(path, &st) == 0) {
		f->mtime_sec = (long long)st.st_mtime;
#ifdef __APPLE__
		f->mtime_nsec = (long long)st.st_mtimespec.tv_nsec;
#else
		f->mtime_nsec = (long long)st.st_mtim.tv_nsec;
#endif
		f->size = (long long)st.st_size;
	}
}

bool probe_key_masks(const struct probe_key *key)
{
	return key->backend == FSJ_BACKEND_LANDLOCK && key->abi > 0 && ll_masks_available();
}

void probe_key_init(struct probe_key *key, const struct fsj_ctx *ctx, enum fsj_backend b)
{
	probe_key_init_lazy(key, ctx, b);
	key->masks = probe_key_masks(key);
}

void probe_key_init_lazy(struct probe_key *key, const struct fsj_ctx *ctx, enum fsj_backend b)
{
	const char *fail = getenv("FSJAIL_PROBE_FAIL");

	memset(key, 0, sizeof(*key));
	key->backend = b;
	key->os_release = probe_os_release();
	key->abi = ll_abi();
	key->mode = ctx->mode;
	key->workspace = xstrdup(ctx->workspace ? ctx->workspace : "");
	key->home = xstrdup(ctx->env.home ? ctx->env.home : "");
	key->fail = xstrdup(fail ? fail : "");
	file_stamp(&key->baseline, ctx->env.baseline_file);
	file_stamp(&key->rules, ctx->env.rules_file);
	file_stamp(&key->config, ctx->env.config_file);
}

static void file_release(struct probe_file *f)
{
	free(f->path);
	f->path = NULL;
}

void probe_key_release(struct probe_key *key)
{
	free(key->os_release);
	free(key->workspace);
	free(key->home);
	free(key->fail);
	file_release(&key->baseline);
	file_release(&key->rules);
	file_release(&key->config);
	memset(key, 0, sizeof(*key));
}

static bool file_equal(const struct probe_file *a, const struct probe_file *b)
{
	return strcmp(a->path, b->path) == 0 && a->mtime_sec == b->mtime_sec &&
	       a->mtime_nsec == b->mtime_nsec && a->size == b->size;
}

bool probe_key_equal(const struct probe_key *a, const struct probe_key *b)
{
	return a->backend == b->backend && strcmp(a->os_release, b->os_release) == 0 &&
	       a->abi == b->abi && a->mode == b->mode && strcmp(a->workspace, b->workspace) == 0 &&
	       strcmp(a->home, b->home) == 0 && a->masks == b->masks &&
	       strcmp(a->fail, b->fail) == 0 && file_equal(&a->baseline, &b->baseline) &&
	       file_equal(&a->rules, &b->rules) && file_equal(&a->config, &b->config);
}

void probe_report_release(struct probe_report *r)
{
	probe_key_release(&r->key);
	free(r->fsjail_version);
	free(r->time);
	for (int t = 0; t < FSJ_TIER_COUNT; t++) {
		struct probe_tier *pt = &r->tiers[t];

		free(pt->error);
		for (size_t i = 0; i < pt->n_checks; i++) {
			free(pt->checks[i].reason);
			free(pt->checks[i].path);
		}
	}
	memset(r, 0, sizeof(*r));
	r->proven = -1;
}


/* The checks of tier t, in id order. */
size_t probe_tier_checks(enum fsj_tier t, enum probe_check_id ids[PROBE_CHECK_COUNT])
{
	size_t n = 0;

	for (int i = 0; i < PROBE_CHECK_COUNT; i++)
		if (probe_check_min_tier((enum probe_check_id)i) <= t)
			ids[n++] = (enum probe_check_id)i;
	return n;
}

bool probe_tier_passes(const struct probe_tier *pt)
{
	if (!pt->compiled || pt->n_checks == 0)
		return false;
	for (size_t i = 0; i < pt->n_checks; i++)
		if (pt->checks[i].result == PROBE_RESULT_FAILED && probe_check_gates(pt->checks[i].id))
			return false;
	return true;
}

static char *iso_time_now(void)
{
	time_t t = time(NULL);
	struct tm tm;
	char buf[32];

	if (!gmtime_r(&t, &tm) || strftime(buf, sizeof(buf), "%Y-%m-%dT%H:%M:%SZ", &tm) == 0)
		return xstrdup("1970-01-01T00:00:00Z");
	return xstrdup(buf);
}

/*
 * ====================== the probe helper (forked child) ======================
 * Runs with all of fsjail's rights: it makes and removes the scratch folders
 * and starts every check through launch_run(), whose own child applies the
 * sandbox. Its standard streams are /dev/null and it is in a session of its
 * own, so the checks can neither print to fsjail's streams nor touch its
 * terminal. It never returns: the report goes to report_fd, then _exit().
 * =============================================================================
 */
FSJ_NORETURN static void helper(const struct fsj_ctx *ctx, enum fsj_backend b, bool every,
				struct probe_report *r, int report_fd)
{
	int null = open("/dev/null", O_RDWR | O_CLOEXEC);
	char *text;
	cJSON *j;

	(void)setsid();
	(void)alarm(PROBE_TIMEOUT_SEC);
	if (null < 0 || dup2(null, 0) < 0 || dup2(null, 1) < 0 || dup2(null, 2) < 0)
		_exit(1);
	probe_experiment(ctx, b, ctx->enforce, every, r);
	j = probe_report_json(r);
	text = cJSON_PrintUnformatted(j);
	if (!text || write_all(report_fd, text, strlen(text)) < 0)
		_exit(1);
	_exit(0);
}

/* probe_run() with the key already made (moved into the report). */
static int run_keyed(const struct fsj_ctx *ctx, enum fsj_backend b, bool every,
		     struct probe_key *key, struct probe_report *out, struct fsj_error *err)
{
	struct probe_report r;
	struct strbuf sb = STRBUF_INIT;
	char chunk[8192];
	int fds[2], status = 0, saved;
	pid_t pid;
	cJSON *j;

	memset(&r, 0, sizeof(r));
	r.proven = -1;
	r.key = *key;
	memset(key, 0, sizeof(*key));
	r.fsjail_version = xstrdup(PACKAGE_VERSION);
	r.time = iso_time_now();

	if (pipe(fds) < 0 || fcntl(fds[0], F_SETFD, FD_CLOEXEC) < 0 ||
	    fcntl(fds[1], F_SETFD, FD_CLOEXEC) < 0) {
		saved = errno;
		probe_report_release(&r);
		return fsj_error_set(err, NULL, 0, 0, "probe: cannot create a pipe: %s",
				     strerror(saved));
	}
	fflush(NULL); /* the helper must not inherit unwritten stdio buffers */
	pid = fork();
	if (pid < 0) {
		saved = errno;
		close(fds[0]);
		close(fds[1]);
		probe_report_release(&r);
		return fsj_error_set(err, NULL, 0, 0, "probe: cannot fork: %s", strerror(saved));
	}
	if (pid == 0) {
		close(fds[0]);
		helper(ctx, b, every, &r, fds[1]);
	}
	close(fds[1]);
	probe_report_release(&r);
	for (;;) {
		ssize_t n = read(fds[0], chunk, sizeof(chunk));

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		if (sb.len + (size_t)n > PROBE_JSON_MAX)
			break;
		sb_add(&sb, chunk, (size_t)n);
	}
	close(fds[0]);
	while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	j = sb.len ? cJSON_ParseWithLength(sb.buf, sb.len) : NULL;
	sb_release(&sb);
	if (!WIFEXITED(status) || WEXITSTATUS(status) != 0 || !j ||
	    probe_report_from_json(j, out) < 0) {
		cJSON_Delete(j);
		if (WIFSIGNALED(status))
			return fsj_error_set(err, NULL, 0, 0,
					     "probe: the helper was killed by signal %d",
					     WTERMSIG(status));
		return fsj_error_set(err, NULL, 0, 0,
				     "probe: the helper did not report (exit status %d)",
				     WIFEXITED(status) ? WEXITSTATUS(status) : -1);
	}
	cJSON_Delete(j);
	out->cached = false;
	return 0;
}

int probe_run(const struct fsj_ctx *ctx, enum fsj_backend b, struct probe_report *out,
	      struct fsj_error *err)
{
	struct probe_key key;

	probe_key_init(&key, ctx, b);
	return run_keyed(ctx, b, true, &key, out, err);
}

/* ------------------------------------------------------------------------
 * Cache + probe (the choice of a tier: probe-choose.c)
 */

int probe_get(const struct fsj_ctx *ctx, enum fsj_backend b, unsigned flags,
	      struct probe_report *out, struct strbuf *warnings, struct fsj_error *err)
{
	const char *cache = ctx->env.state_dir;
	struct probe_key key;
	struct fsj_error werr = { { 0 } };
	bool every = flags & PROBE_EVERY_TIER;
	int found;

	if (mkdir_p(ctx->env.state_dir, 0700) < 0) {
		int saved = errno;

		return fsj_error_set(err, NULL, 0, 0, "cannot create state directory '%s': %s",
				     ctx->env.state_dir, strerror(saved));
	}
	probe_made_sweep(ctx->env.state_dir, ctx->env.home); /* what a killed probe left */
	probe_key_init(&key, ctx, b);
	/* Without a workspace (refused here) every such context shares the
	 * key "": its report is not cached, nor read back for another. */
	found = (flags & PROBE_FORCE) || !ctx->workspace ? 0 : probe_cache_load(cache, &key, out);
	if (found && probe_report_decides(out, ctx->enforce, every)) {
		probe_key_release(&key);
		return 0;
	}
	if (found)
		probe_report_release(out);
	if (run_keyed(ctx, b, every, &key, out, err) < 0)
		return -1;
	if (ctx->workspace && probe_cache_store(cache, out, &werr) < 0 && warnings)
		sb_addf(warnings, "%s\n", werr.text);
	return 0;
}
