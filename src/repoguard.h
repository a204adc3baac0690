/* repoguard.h - which names under a git directory the listener's
 * repository rules guard: the one decision that the seccomp listener
 * (notify-repo.c rule "repository-metadata", notify-gitcfg.c rules
 * "repository-discovery" and the config/HEAD lockfile exception) enforces
 * on the descriptors it holds, and that explain and status
 * (repoexplain.c) predict from paths. Both call these functions, so what
 * fsjail says is what the run does (issue 12 items 2 and 6).
 *
 * Pure string work on an absolute normalised path: no system call, no
 * allocation. Whether a candidate folder really is a gitdir, and whether
 * the command made it in this run, are facts each caller learns its own
 * way (fstatat on held descriptors; lstat on paths) and feeds to
 * repoguard_gitdir(). The rule itself is described in notify-repo.c. */
#ifndef FSJAIL_REPOGUARD_H
#define FSJAIL_REPOGUARD_H

#include <stdbool.h>
#include <stddef.h>

/* The most folders above a name that are looked at for hooks or info. */
#define REPOGUARD_MAX_UP 64

/* One component of a path: name[0..len), pointing into the path. */
struct repoguard_comp {
	const char *name;
	size_t len;
};

/* What a change of the last name N of a path, in its folder D, may touch. */
struct repoguard {
	const char *base;        /* N (points into the path) */
	size_t dlen;             /* D is path[0..dlen) ("/" when 1) */
	/* D's components, nearest first: up[0] is D's own name, up[1] its
	 * parent's... (at most REPOGUARD_MAX_UP; the root has none) */
	struct repoguard_comp up[REPOGUARD_MAX_UP];
	size_t n_up;
	/* candidate gitdirs G whose metadata N is, as levels above D
	 * (0: G is D, N is repoguard_meta_name(); k > 0:
	 * up[k-1] is hooks, or info by way of one of its four files, and G
	 * is the folder above it), nearest first. G's path is
	 * path[0..up[k].name + up[k].len - path); its name is up[k]. */
	size_t g[REPOGUARD_MAX_UP];
	size_t n_g;
	bool dotgit;             /* N is ".git" (a gitdir, or a worktree's pointer file) */
	/* N is commondir or gitdir: guarded (g[0] == 0) against create and
	 * write only, as a linked worktree's .git file is (repometa.c
	 * LINKED_DENY): git worktree remove and prune delete them */
	bool pointer;
	bool named_git;          /* N is NAME.git, NAME not empty (a bare repository's name) */
};

/* Split path (absolute, normalised, not "/") into *out. Returns true when
 * N or D can touch repository metadata at all (a meta name, .git,
 * NAME.git, or hooks/info among D's components), false when no gitdir
 * test is needed (the common case: no system call follows). */
bool repoguard_scan(const char *path, struct repoguard *out);

/* config, config.worktree, hooks or info: metadata in the gitdir itself;
 * commondir and gitdir: the files that tell git where a linked worktree's
 * gitdir takes its config and hooks from, and which worktree it is. */
bool repoguard_meta_name(const char *n, size_t len);

/* The files of info/ that steer git: attributes (filter and diff
 * drivers), exclude, sparse-checkout and grafts (not refs, which every
 * repack rewrites). n[0..len) is one name. */
bool repoguard_info_file(const char *n, size_t len);

/* git's own test for a gitdir (git's setup.c is_git_directory()): a
 * folder named .git, or one whose HEAD is a regular file or symbolic
 * link with a commondir regular file, or objects/ and refs/ folders.
 * name[0..len) is the folder's name; the other inputs are what the caller
 * found inside it (without following HEAD or commondir). */
bool repoguard_gitdir(const char *name, size_t len, bool head_file_or_link,
		      bool commondir_file, bool objects_dir, bool refs_dir);

/* The gitdir facts of the folder the descriptor dir names (fstatat(2),
 * O_PATH descriptors accepted), combined by repoguard_gitdir(). The one
 * function here that makes system calls; name[0..len) as above. */
bool repoguard_gitdir_at(int dir, const char *name, size_t len);

/* Creating path would plant a HEAD where git's discovery takes its folder
 * for a gitdir (notify-gitcfg.c nj_discovery_ok()): path is .../HEAD,
 * strictly under workspace (absolute; NULL: never), and no component
 * between the workspace and HEAD is .git or NAME.git. The listener still
 * lets it through in a folder the command made in this run that holds
 * refs/; explain assumes the command made nothing yet. */
bool repoguard_discovery(const char *workspace, const char *path);

/* from -> to is git's lockfile rewrite of a guarded file (lockfile.c):
 * config.lock over config, or HEAD.lock over HEAD, in one folder (names
 * only). The listener lets it through when the content is branch-only or
 * a valid HEAD (gitcfg.c); explain says so in its reason. */
bool repoguard_lock_rename(const char *from_name, const char *to_name);

#endif
