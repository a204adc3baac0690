/* toolcache.c - private tool caches for the run (toolcache.h).
 *
 * Trust boundary: toolcache_decide() runs in the supervisor and only
 * looks (openat2 RESOLVE_NO_SYMLINKS, fstat); nothing is made on the
 * host. The mounts, in the forked child, are toolcache-mount.c's. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "escape.h"
#include "mask-probe.h"
#include "mask.h"
#include "path.h"
#include "toolcache.h"
#include "vars.h"

/* Folders tools fill on their own. ~/.npm/_npx is one although npx runs
 * the packages it keeps there: the run's copy is its own, so what the
 * command installs there runs in the run only, never at the host's next
 * npx. Not ~/.cargo/bin or ~/go/pkg/mod: what a user installs there on
 * purpose (cargo install, go install) is meant to outlive the run, and a
 * private copy would lose it silently. cargo's lock files and last-use
 * database are files the run sees read-only (toolcache.h). */
const struct toolcache_def toolcache_defs[TOOLCACHE_N] = {
	{ .rel = ".cache/go-build", .var = "PRIVATE_GO_BUILD", .tool = "go" },
	{ .rel = ".cache/pip", .var = "PRIVATE_PIP_CACHE", .tool = "pip" },
	{ .rel = ".cargo/.global-cache", .var = "PRIVATE_CARGO_LAST_USE", .tool = "cargo",
	  .file = true },
	{ .rel = ".cargo/.package-cache", .var = "PRIVATE_CARGO_LOCK", .tool = "cargo", .file = true },
	{ .rel = ".cargo/.package-cache-mutate", .var = "PRIVATE_CARGO_LOCK_MUTATE", .tool = "cargo",
	  .file = true },
	{ .rel = ".cargo/git", .var = "PRIVATE_CARGO_GIT", .tool = "cargo" },
	{ .rel = ".cargo/registry", .var = "PRIVATE_CARGO_REGISTRY", .tool = "cargo" },
	{ .rel = ".npm/_cacache", .var = "PRIVATE_NPM_CACHE", .tool = "npm" },
	{ .rel = ".npm/_logs", .var = "PRIVATE_NPM_LOGS", .tool = "npm" },
	{ .rel = ".npm/_npx", .var = "PRIVATE_NPM_NPX", .tool = "npm", .runs = true },
};

_Static_assert(TOOLCACHE_N == FSJ_PRIVATE_CACHES, "config.h and toolcache.h disagree");

static char *eligible[TOOLCACHE_N];
static char *claimed[TOOLCACHE_N]; /* dropped by toolcache_drop() */
static char *absent[TOOLCACHE_N];  /* absent on the host, when mounts were possible */
static char *decided_home;         /* home of the last toolcache_decide() */

/* path is a directory (a regular file when file is set), reached without
 * a symlink. */
static bool kind_exact(const char *path, bool file)
{
	cleanup_fd int fd = mask_open_exact(path);
	struct stat st;

	return fd >= 0 && fstat(fd, &st) == 0 && (file ? S_ISREG(st.st_mode) : S_ISDIR(st.st_mode));
}

size_t toolcache_decide(const char *home, const char *const *keep, size_t n_keep,
			bool mount_ok, char *out[TOOLCACHE_N])
{
	size_t n = 0;

	free(decided_home);
	decided_home = home && home[0] == '/' ? xstrdup(home) : NULL;
	for (size_t i = 0; i < TOOLCACHE_N; i++) {
		char *p = NULL;
		bool ok = mount_ok && home && home[0] == '/';

		if (ok)
			p = path_join(home, toolcache_defs[i].rel);
		for (size_t k = 0; ok && k < n_keep; k++)
			if (keep[k] && (path_covers(p, keep[k]) || path_covers(keep[k], p)))
				ok = false;
		free(absent[i]);
		absent[i] = NULL;
		if (ok && !kind_exact(p, toolcache_defs[i].file)) {
			struct stat st;

			/* a file is never suggested for making (mkdir -p) */
			if (!toolcache_defs[i].file && lstat(p, &st) < 0 && errno == ENOENT)
				absent[i] = xstrdup(p);
			ok = false;
		}
		if (!ok) {
			free(p);
			p = NULL;
		}
		out[i] = p;
		free(eligible[i]);
		eligible[i] = p ? xstrdup(p) : NULL;
		free(claimed[i]);
		claimed[i] = NULL;
		n += p != NULL;
	}
	return n;
}

char *toolcache_absent_mkdir(const char *path, const char **tool)
{
	struct strbuf mk = STRBUF_INIT;

	*tool = NULL;
	if (!path || !decided_home || !path_covers(decided_home, path) ||
	    strcmp(decided_home, path) == 0)
		return NULL;
	for (size_t i = 0; i < TOOLCACHE_N; i++) {
		const char *p = absent[i] ? absent[i] : eligible[i] ? eligible[i] : claimed[i];

		if (!p || !(path_covers(path, p) || path_covers(p, path)))
			continue;
		if (!absent[i] || (*tool && strcmp(*tool, toolcache_defs[i].tool) != 0)) {
			sb_release(&mk);
			*tool = NULL;
			return NULL;
		}
		*tool = toolcache_defs[i].tool;
		sb_adds(&mk, mk.len ? " " : "mkdir -p ");
		fsj_quote_shell_sb(&mk, absent[i]);
	}
	if (mk.len == 0) {
		sb_release(&mk);
		return NULL;
	}
	return sb_detach(&mk);
}

void toolcache_drop(size_t i)
{
	if (i < TOOLCACHE_N) {
		free(claimed[i]);
		claimed[i] = eligible[i];
		eligible[i] = NULL;
	}
}

const char *toolcache_path(size_t i)
{
	return i < TOOLCACHE_N ? eligible[i] : NULL;
}

bool toolcache_covers(const char *path)
{
	for (size_t i = 0; path && i < TOOLCACHE_N; i++)
		if (eligible[i] && path_covers(eligible[i], path))
			return true;
	return false;
}

bool toolcache_user_claimed(const char *path)
{
	for (size_t i = 0; i < TOOLCACHE_N; i++)
		if (claimed[i] && strcmp(claimed[i], path) == 0)
			return true;
	return false;
}

const char *toolcache_why_refused(const char *path, bool chosen)
{
	cleanup_fd int fd = -1;
	struct stat st;

	if (chosen)
		return "the mount failed here";
	if (toolcache_user_claimed(path))
		return "a rule of yours grants changes there";
	if (!ll_masks_available())
		return "no mount namespace for the sandbox here";
	if (lstat(path, &st) < 0)
		return "absent on the host (never made there: mkdir -p it and each run gets its own copy)";
	fd = mask_open_exact(path);
	if ((fd < 0 && errno == ELOOP) || S_ISLNK(st.st_mode))
		return "a symlink in its path";
	if (fd < 0 || (!S_ISDIR(st.st_mode) && !S_ISREG(st.st_mode)))
		return "neither a folder nor a file";
	return "it would hide the workspace, the temporary folder or fsjail's own files";
}

const char *toolcache_how_name(enum toolcache_how how)
{
	switch (how) {
	case TOOLCACHE_OVERLAY:
		return "overlay";
	case TOOLCACHE_TMPFS:
		return "tmpfs";
	case TOOLCACHE_READONLY:
		return "read-only";
	case TOOLCACHE_NONE:
		break;
	}
	return "refused";
}
