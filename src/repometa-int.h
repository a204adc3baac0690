/* repometa-int.h - shared by repometa.c (the walk and the rules),
 * repometa-gitfile.c (reading git's own files as git does), -grant.c (the
 * linked-worktree grants), -walk.c and -warn.c. Not for other files. */
#ifndef FSJAIL_REPOMETA_INT_H
#define FSJAIL_REPOMETA_INT_H

#include <stdbool.h>

#include "repometa.h"

/* Largest .git file, commondir, gitdir or git config file read (bytes). */
#define REPOMETA_FILE_MAX (256u * 1024u)
/* Deepest chain of config includes followed (config.c MAX_INCLUDE_DEPTH). */
#define REPOMETA_INCLUDE_DEPTH 10

/* The value in the small file at path as git reads a .git file
 * (setup.c read_gitfile_gently()) or a commondir file
 * (get_common_dir_noenv()): the whole file, trailing '\n' and '\r' cut
 * (nothing else: a trailing blank stays part of the path), then prefix
 * (may be "") cut off the front; the value ends at a NUL byte as git's C
 * string does. Returns a new string (caller frees), or NULL when the file
 * is absent, unreadable, larger than REPOMETA_FILE_MAX, lacks the prefix
 * or the value is empty. */
char *repometa_git_file(const char *path, const char *prefix);

/* The path a linked worktree's gitdir file names (worktree.c
 * get_linked_worktree(): the whole file, trailing white space trimmed
 * with strbuf_rtrim()). New string or NULL as repometa_git_file(). */
char *repometa_gitdir_file(const char *path);

/* rel against base (absolute; rel may be absolute), "~" with home (may
 * be NULL), normalised and resolved; a new string, or NULL. */
char *repometa_abs(const char *rel, const char *base, const char *home);

/* Read the git config file at path: returns the last core.hooksPath
 * value (new string, or NULL) in git's order, following include.path
 * and includeIf.<cond>.path (every condition counted as true: fail
 * closed) as config.c handle_path_include() does: "~" expanded, a
 * relative path against the folder of the including file, at most
 * REPOMETA_INCLUDE_DEPTH deep. When m is not NULL every included file
 * (existing or not) is added to m as protected metadata of repo. */
char *repometa_config_read(const char *path, const char *home, struct repometa *m,
			   const char *repo);
/* The same reading for any key without a subsection: the last value of
 * sec.key (both lowercase) in path and what it includes; NULL when unset. */
char *repometa_config_value(const char *path, const char *home, const char *sec, const char *key);

/* Add path (normalised, absolute) to m: deny is the FSJ_CAPBIT() mask
 * refused (FSJ_CAPS_MODIFY for a file). Duplicates are merged. */
void repometa_add_path(struct repometa *m, const char *path, bool recursive, unsigned deny,
		       const char *repo);

/* A work tree top dir (absolute) whose .git file names gitdir (resolved)
 * outside the workspace: record the grants git needs there when gitdir
 * looks like a linked worktree's (repometa_add_grants() decides). */
void repometa_grant_outside(struct repometa *m, const char *dir, const char *gitdir);

/* dir (absolute) as the walk finds it: its .git (folder or file) and,
 * when dir is shaped as a gitdir, dir itself, visited with everything
 * they name (hooks, config, linked worktrees, submodules). */
void repometa_visit_folder(struct repometa *m, const char *dir, const char *home);

/* The walk of workspace (repometa-walk.c): every folder at or under it
 * visited with repometa_visit_folder(), up to REPOMETA_MAX_DEPTH and
 * REPOMETA_MAX_ENTRIES (what is left is added to m as unsearched). old
 * (linked, may be NULL) is the previous walk's record, used for folders
 * that did not change since; new (from repometa_cache_new()) receives
 * this walk's. */
struct repometa_cache;
void repometa_walk(struct repometa *m, const char *workspace, const char *home,
		   const struct repometa_cache *old, struct repometa_cache *new);

#endif
