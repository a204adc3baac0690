/* toolcache.h - private tool caches (task cache13): npm, pip, cargo and
 * go keep download caches in the home folder, which the baseline does not
 * let a command write: granting the host's folders would let a command
 * poison them (a cached npm packument and tarball for a name the host
 * installs later runs its install scripts on the host). Instead each run
 * gets its own copy, in its private mount namespace: an overlay whose
 * lower layer is the host's folder (read through, never written) and
 * whose upper layer is a fresh tmpfs, or just an empty tmpfs where an
 * overlay cannot be mounted. The baseline grants read, write, create and
 * delete there through the ${PRIVATE_...} variables below, set only for a
 * folder that exists as a directory (no symlink in any component, nothing
 * is made on the host) and when a mount namespace can be made. Folders
 * anything is run from (~/.npm/_npx, ~/.cargo/bin) are not in the list.
 * Three entries are files, not folders (toolcache_def.file): cargo's
 * ~/.cargo/.package-cache, .package-cache-mutate (lock files) and
 * .global-cache (its last-use database). The baseline grants write there
 * too, but the run sees the host's file through a read-only bind: cargo
 * opens them read-write, gets EROFS, and goes on as in a read-only cargo
 * home (a shared lock on the host's file, no last-use record), with no
 * refusal for fsjail to list and nothing written on the host.
 *
 * Linux only; elsewhere nothing is eligible and toolcache_mount() fails
 * with ENOSYS. */
#ifndef FSJAIL_TOOLCACHE_H
#define FSJAIL_TOOLCACHE_H

#include <stdbool.h>
#include <stddef.h>

#include "toolcache-mount.h"
#include "util.h"

#define TOOLCACHE_N 10

struct toolcache_def {
	const char *rel;  /* the folder, relative to $HOME (".npm/_cacache") */
	const char *var;  /* the baseline's variable ("PRIVATE_NPM_CACHE") */
	const char *tool; /* the tool that keeps it ("npm") */
	bool runs;        /* tools run what it holds (~/.npm/_npx) */
	/* a regular file the run sees read-only (cargo's lock files and
	 * last-use database in ~/.cargo: cargo takes a read-only one for a
	 * read-only cargo home, EROFS, and goes on quietly with a shared
	 * lock and no last-use record), not a folder copy */
	bool file;
};
extern const struct toolcache_def toolcache_defs[TOOLCACHE_N];

/* Decide which caches a run gets, in the supervisor before the policy is
 * built: for each entry of toolcache_defs, $HOME/rel when it is a
 * directory reached without any symlink, neither covers nor lies in one
 * of the n_keep paths of keep (workspace, temporary and state folders:
 * the mount would hide them or their files; NULL entries skipped), and
 * mounts are possible (mount_ok). out[i] receives a new string or NULL
 * (caller frees each). The same paths are remembered for
 * toolcache_covers() (a copy, owned by this module). home may be NULL
 * (nothing is eligible). Returns the number of eligible caches. */
size_t toolcache_decide(const char *home, const char *const *keep, size_t n_keep,
			bool mount_ok, char *out[TOOLCACHE_N]);

/* The cache folders that a refusal at path (normalised, absolute) asks
 * for, when each is absent on the host, so that the run had no copy of
 * its own there: those at or under path when path lies strictly under
 * the home of the last toolcache_decide() (npm's mkdir of ~/.npm before
 * ~/.npm/_cacache), or the one path lies in. Only when that decision
 * could mount (a folder made on the host is then the run's own copy
 * next time) and all the folders found belong to one tool (~/.cache
 * holds go's and pip's: a refusal there may be any tool's). Returns the
 * command that makes them, "mkdir -p A B" with each path one shell word
 * (a new string), and sets *tool to the tool's name (static); NULL when
 * none, or when any folder found exists (a grant decides there). */
char *toolcache_absent_mkdir(const char *path, const char **tool);

/* Forget the eligible cache folder i (the user's rules claim it). */
void toolcache_drop(size_t i);

/* true when path is a cache folder toolcache_drop() forgot since the last
 * toolcache_decide(): the user's own rules decide there. */
bool toolcache_user_claimed(const char *path);

/* The eligible cache folder i (toolcache_defs order) of the last
 * toolcache_decide(), or NULL. Owned by this module. */
const char *toolcache_path(size_t i);

/* true when path lies at or beneath an eligible cache folder: the run's
 * own copy, which backups and the trash leave alone (like /dev/shm). */
bool toolcache_covers(const char *path);

/* Why the cache folder path (absolute) is not the run's own copy: a
 * static sentence. eligible: toolcache_decide() chose it (then the plan
 * left it out, or the mount failed). */
const char *toolcache_why_refused(const char *path, bool eligible);

/* "overlay", "tmpfs" or "refused" */
const char *toolcache_how_name(enum toolcache_how how);

#endif
