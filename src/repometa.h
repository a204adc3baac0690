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

struct fsj_policy;

/* Bounds of the workspace walk: folders deeper than this below the
 * workspace are not looked at, and the walk stops after this many
 * directory entries (a checkout with node_modules holds 10^5). */
#define REPOMETA_MAX_DEPTH 8
#define REPOMETA_MAX_ENTRIES 50000u
/* The folder of earlier walks in fsjail's state directory (protected:
 * profiles/baseline-linux.yaml). */
#define REPOMETA_CACHE_DIR "scan"

/* One protected path: write, create and delete refused. */
struct repometa_path {
	char *path;     /* normalised, absolute */
	bool recursive; /* a folder (hooks/, the hooksPath folder) */
	char *repo;     /* the work tree (or gitdir) it belongs to */
};

/* One folder the workspace walk looked at (repometa-walk.c): what shows
 * whether its entries changed since (identity and change time), and
 * where its subfolders are in repometa.dirs. */
struct repometa_dir {
	char *path;
	unsigned depth;
	unsigned long long dev, ino;
	long long ctime_sec, ctime_nsec; /* -1 when it could not be read */
	size_t first_child, n_children; /* indices into repometa.dirs */
	size_t entries;                 /* entries counted in it */
	bool dotgit;                    /* it has a .git entry */
	bool deep;                      /* a subfolder was past REPOMETA_MAX_DEPTH */
};

struct repometa {
	struct repometa_path *v;
	size_t n, cap;
	char **gitdirs; /* every gitdir seen, resolved (duplicates skipped) */
	size_t n_gitdirs, cap_gitdirs;
	size_t entries;   /* directory entries looked at */
	bool budget_hit;  /* the walk stopped early (REPOMETA_MAX_ENTRIES) */
	bool depth_hit;   /* some folder was deeper than REPOMETA_MAX_DEPTH */
	struct repometa_dir *dirs; /* the walk's folders, breadth first */
	size_t n_dirs, cap_dirs;
	long long walk_sec, walk_nsec; /* CLOCK_REALTIME when the walk began */
};

/* Find the repositories whose work tree is workspace (absolute, resolved)
 * or lies below it, the repository whose work tree holds workspace, the
 * gitdirs of their linked worktrees and submodules (.git files, modules/,
 * worktrees/, commondir) and the core.hooksPath folders named by their
 * config, ~/.gitconfig, ~/.config/git/config ($XDG_CONFIG_HOME) and
 * /etc/gitconfig. home may be NULL (no ~ expansion, no global config).
 * Fills *out (caller releases with repometa_release()); never fails:
 * what cannot be read is skipped, and out->budget_hit says whether the
 * walk was cut short. cache_dir (may be NULL): fsjail's folder of earlier
 * walks ($STATE/scan, repometa-cache.c); a folder unchanged since the
 * workspace's last walk there is not read again. */
void repometa_scan(const char *workspace, const char *home, const char *cache_dir,
		   struct repometa *out);

/* Keep m's walk in cache_dir (made 0700 if missing) for the next command,
 * replacing the workspace's earlier one; nothing when the walk stopped
 * early or its filesystem is not trusted. Best effort: a failure only
 * costs the next command a full walk. */
void repometa_save(const struct repometa *m, const char *cache_dir);
void repometa_release(struct repometa *m);

/* Add one protected rule per path of m to pol: deny write, create and
 * delete, id "repository-metadata", origin "repository metadata of
 * <repo>". */
void repometa_add_rules(const struct repometa *m, struct fsj_policy *pol);

/* After a run: scan workspace again (reading only the folders changed
 * since before) and print to out, one line each, the gitdirs that were
 * not in before (a repository the command made or moved in: its hooks and
 * config are the command's, not protected during the run, and run code
 * at the next git there); keep that walk in cache_dir (may be NULL).
 * Returns how many. */
size_t repometa_warn_new(const struct repometa *before, const char *workspace, const char *home,
			 const char *cache_dir, FILE *out);

/* The top of the git work tree holding dir (absolute, normalised): the
 * nearest ancestor-or-self with a .git entry, looking no higher than a
 * filesystem boundary or the parent of home (home may be NULL). Returns a
 * new string (caller frees), or NULL when there is none. */
char *repometa_find_top(const char *dir, const char *home);

#endif
