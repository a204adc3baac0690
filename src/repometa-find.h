/* repometa-find.h - where git finds a repository (repometa-find.c; part
 * of repometa.h, which includes it). */
#ifndef FSJAIL_REPOMETA_FIND_H
#define FSJAIL_REPOMETA_FIND_H

#include <stdbool.h>

/* Whether dir (absolute) is a gitdir as git takes one (setup.c
 * is_git_directory()): HEAD, objects/ and refs/ in it, whatever its
 * name (a bare repository, or a .git folder). */
bool repometa_is_gitdir(const char *dir);

/* The top of the git work tree holding dir (absolute, normalised): the
 * nearest ancestor-or-self with a .git entry, looking no higher than a
 * filesystem boundary or the parent of home (home may be NULL). Returns a
 * new string (caller frees), or NULL when there is none. */
char *repometa_find_top(const char *dir, const char *home);

#endif
