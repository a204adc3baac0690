/* repometa.h - the git repositories at or under the workspace and the
 * metadata of theirs that is protected (DESIGN.md section 3, level 1;
 * issue 12 item 2), and the work tree that holds a folder (issue 12
 * item 5). Git is never run: .git folders and files, commondir, gitdir
 * and the core.hooksPath key of the config files are read directly. */
#ifndef FSJAIL_REPOMETA_H
#define FSJAIL_REPOMETA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include "repometa-find.h"

struct fsj_policy;
struct repometa_cache;

/* Bounds of the workspace walk: folders deeper than this below the
 * workspace are not looked at, and the walk stops after this many
 * directory entries (a checkout with node_modules holds 10^5; a warm
 * walk reads about 10^6 entries a second). What is not searched fails
 * closed: the folders left are protected whole (write, create and
 * delete refused, rule "repository-unsearched"), at most
 * REPOMETA_MAX_UNSEARCHED of them (deeper ones are merged into their
 * ancestors). Tests lower the entry budget with FSJAIL_TEST_REPO_ENTRIES
 * (never raise it). */
#define REPOMETA_MAX_DEPTH 64
#define REPOMETA_MAX_ENTRIES 1000000u
#define REPOMETA_MAX_UNSEARCHED 64u

/* One protected path: write, create and delete refused. */
struct repometa_path {
	char *path;     /* normalised, absolute */
	bool recursive; /* a folder (hooks/, the hooksPath folder) */
	char *repo;     /* the work tree (or gitdir) it belongs to */
	bool unsearched; /* a folder the walk did not search (fail closed) */
	unsigned deny;   /* FSJ_CAPBIT() mask refused (write, create, delete;
			  * create and delete only for objects/ and refs/) */
	bool head;       /* a gitdir's HEAD: changed only through the Linux
			  * listener's checked HEAD.lock rename */
};

/* One grant git needs outside the workspace: the common gitdir of a
 * linked worktree (or a worktree's own gitdir) that lies outside it. */
struct repometa_grant {
	char *path;     /* normalised, absolute */
	bool recursive;
	unsigned allow; /* FSJ_CAPBIT() mask */
	char *repo;     /* the work tree it is for */
	char *gitdir;   /* the linked worktree's own gitdir (resolved) */
	const char *refused; /* set by repometa_add_grants(): why not granted */
};

struct repometa {
	struct repometa_path *v;
	size_t n, cap;
	struct repometa_grant *grants; /* baseline-level grants (linked worktrees) */
	size_t n_grants, cap_grants;
	char *workspace; /* as scanned */
	char **gitdirs; /* every gitdir seen, resolved (duplicates skipped) */
	size_t n_gitdirs, cap_gitdirs;
	size_t entries;   /* directory entries looked at */
	bool budget_hit;  /* the walk stopped early (REPOMETA_MAX_ENTRIES) */
	bool depth_hit;   /* some folder was deeper than REPOMETA_MAX_DEPTH */
	struct repometa_cache *cache; /* this scan's walk (repometa-cache.h) */
	char *state_dir;  /* where the walk is kept, or NULL */
	bool no_listener; /* set by the caller for macOS: no listener checks
			   * git's HEAD.lock rename, so HEAD is not protected
			   * (git checkout could not move it) */
};

/* Find the repositories whose work tree is workspace (absolute, resolved)
 * or lies below it, the repository whose work tree holds workspace, the
 * gitdirs of their linked worktrees and submodules (.git files, modules/,
 * worktrees/, commondir, read as git reads them), the files their config
 * and config.worktree include (include.path, includeIf.*.path), and the
 * core.hooksPath folders named by their config, ~/.gitconfig, ~/.config/git/config ($XDG_CONFIG_HOME) and
 * /etc/gitconfig. home may be NULL (no ~ expansion, no global config).
 * Fills *out (caller releases with repometa_release()); never fails:
 * what cannot be read is skipped, and out->budget_hit says whether the
 * walk was cut short. */
void repometa_scan(const char *workspace, const char *home, struct repometa *out);
/* The same, reading the walk's record in state_dir/scan/ (absolute, or
 * NULL) and reading again only the folders that changed (repometa-cache.h
 * says why that is safe); writes nothing and touches no global state (no
 * path memo on this thread): may run on a second thread. Then
 * repometa_scan_keep(out) keeps the new record there when it changed. */
void repometa_scan_read(const char *workspace, const char *home, const char *state_dir,
			struct repometa *out);
void repometa_scan_keep(const struct repometa *m);
void repometa_release(struct repometa *m);

/* repometa-rule.c: one protected rule per path of m in pol (not HEAD when
 * m->no_listener): deny write, create and delete, id "repository-metadata", origin "repository metadata of
 * <repo>" (an unsearched folder: id "repository-unsearched", origin "not
 * searched for git repositories"). */
void repometa_add_rules(const struct repometa *m, struct fsj_policy *pol);

/* Add m's grants to pol at the baseline level, id "git-linked-worktree",
 * origin "what git needs for the linked worktree <repo>": for a work tree
 * at or under the workspace whose .git file names a linked worktree's
 * gitdir outside it that names this .git file back (its gitdir file), is
 * <common>/worktrees/<name> by its real path, with common a gitdir:
 * read on that gitdir and its common dir; write, create and delete on the
 * worktree's own gitdir and on the common dir's objects/, refs/, logs/,
 * packed-refs (.lock, .new), HEAD, shallow, gc.pid, gc.log, config.lock
 * (and their .lock). Only when pol as it is (call it last, before
 * policy_finalize()), without the repository rules, refuses the command
 * write, create and delete on that gitdir's gitdir and commondir files
 * and create and delete on the gitdir and on worktrees/: else the
 * command could have forged the worktree in an earlier run (issue 12
 * item 2, a06); then no grant, grants[i].refused says why and a note on
 * stderr names the gitdir. The metadata rules (protected level) still
 * refuse hooks, config, info and the rest there. */
void repometa_add_grants(struct repometa *m, struct fsj_policy *pol);

/* Whether the walk of m searched every folder under its workspace: no
 * budget or depth stop, no folder left unsearched (unreadable). */
bool repometa_searched_all(const struct repometa *m);

/* After a run: scan workspace again into *after (released by the caller
 * with repometa_release()), with before's walk record and state folder
 * standing in for the folders that did not change. */
void repometa_rescan(const struct repometa *before, const char *workspace, const char *home,
		     struct repometa *after);

/* The template folder `git init` and `git clone` would copy into a new
 * repository for this user (git-init(1) TEMPLATE DIRECTORY): the
 * environment's GIT_TEMPLATE_DIR, else the last init.templateDir of the
 * system and global config files (GIT_CONFIG_NOSYSTEM, GIT_CONFIG_SYSTEM
 * and GIT_CONFIG_GLOBAL honoured; includes followed; "~" expanded),
 * else /usr/share/git-core/templates. Resolved (a new string, caller
 * frees), or NULL when there is none (unset, relative, or absent). What
 * the command passes with --template is not asked: the folder is the
 * user's choice, not the command's. */
char *repometa_template_dir(const char *home);

#endif
