/* gitlink.h - no symbolic link, FIFO or socket in a gitdir: the test the
 * seccomp listener (notify-gitlink.c) and the broker (broker-repo.c) apply
 * before a call makes one appear there.
 *
 * Why. git writes many files of a gitdir through its lock-file code,
 * which follows a symbolic link at the name and writes next to its target
 * (lockfile.c resolve_symlink(): packed-refs, index, shallow,
 * commit-graph, ...), and appends reflogs with a plain open(O_APPEND)
 * (logs/HEAD, logs/refs/...). A symbolic link .git/logs/HEAD to
 * ~/.bashrc made the user's next `git checkout` append a line naming a
 * branch the command chose ("x;touch${IFS}FILE;") to ~/.bashrc, and the
 * next shell ran it outside any sandbox (att31, t0590). A FIFO there
 * hangs the host's git. git itself never makes any of these in a gitdir.
 *
 * "In a gitdir": the folder, or one of the folders above it up to /, may
 * be a gitdir: named .git, or holding HEAD or commondir (not a folder:
 * git reads both as files), or objects and refs (git's setup.c test,
 * loosened as notify-newrepo.c's gitdir_able(): a folder on its way to
 * being one counts). A work tree in a folder called
 * NAME.git is not one by its name (a bare NAME.git holds HEAD). */
#ifndef FSJAIL_GITLINK_H
#define FSJAIL_GITLINK_H

#include <stdbool.h>
#include <sys/types.h>

/* Whether an object of type (S_IFMT bits) is one that may not appear in
 * a gitdir: a symbolic link, FIFO or socket. */
bool gitlink_type(mode_t type);

/* Whether name is git init's test of symbolic links: "t" and six of
 * mkstemp's letters or digits, made and removed at the top of the new
 * gitdir (git's setup.c, create_default_files()). */
bool gitlink_probe_name(const char *name);

/* Whether dir (a directory descriptor, O_PATH accepted; not closed here)
 * whose absolute normalised path is dirpath, or a folder above it, may be
 * a gitdir. Each step up goes through ".." and is checked to be the
 * folder the path names (fstatat identity). Returns 1 (yes), 0 (no), or
 * -1 when it cannot be told (a step does not match, an error): callers
 * refuse then. No allocation. */
int gitlink_in_gitdir(int dir, const char *dirpath);

/* Whether folder dir (a directory descriptor, O_PATH accepted; not closed
 * here) may be a gitdir by its own name (name[0..len)) or content. */
bool gitlink_gitdir_able(int dir, const char *name, size_t len);

/* Whether the tree below folder dir (a directory descriptor, O_PATH
 * accepted; not closed here) holds a symbolic link, FIFO or socket at
 * any depth. Returns 1 (found), 0 (none), or -1 when the walk cannot tell
 * (deeper than 64, more than 100,000 entries, an error): callers refuse
 * then. */
int gitlink_tree_special(int dir);

#endif
