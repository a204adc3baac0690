/* prog-git.h - what the two halves of git's handler share: prog-git.c
 * (the global options, the repository, the effects on it) and
 * prog-git-sub.c (the subcommand table and each subcommand's operands).
 * Works inside one analysis like effects-int.h; nothing here fails. */
#ifndef FSJAIL_PROG_GIT_H
#define FSJAIL_PROG_GIT_H

#include "effects-int.h"

struct git {
	struct an *a;
	struct inv *iv;
	struct cmd c;          /* "git", the effective working directory (-C) */
	const char *gitdir;    /* NULL: not known */
	const char *worktree;  /* NULL: none (bare) or not known */
	const char *common;    /* a linked worktree's commondir, else NULL */
	bool found;            /* a repository was found (gitdir may still be unknown) */
	bool made;             /* its gitdir is one the line made (git init DIR before) */
	bool no_locks;         /* --no-optional-locks */
	struct word **argv;    /* argv[0] is the subcommand */
	size_t argc;
	uint32_t s, e;         /* span of the whole command */
};


/* ---- prog-git.c ---------------------------------------------------------- */

/* The folder holding the repository's config and hooks: the commondir
 * of a linked worktree, else <gitdir> (NULL: not known). */
const char *prog_git_common(const struct git *g);
/* dir/name, owned by the analysis */
const char *prog_git_join(struct git *g, const char *dir, const char *name);
/* The folder metadata (work tree) effects are decided on: <gitdir>
 * (the work tree), else the working directory when no repository was
 * found, else NULL (not known). */
const char *prog_git_meta_dir(const struct git *g);
const char *prog_git_tree_dir(const struct git *g);
/* Mode m on path p, or unresolved in anchor when p is NULL; the span is
 * the whole git command. */
void prog_git_at(struct git *g, enum mode m, const char *p, const char *anchor);
void prog_git_read_repo(struct git *g);
void prog_git_read_tree(struct git *g);
/* create, write and delete of names known only at run time inside dir */
void prog_git_churn(struct git *g, const char *dir);
/* names: hooks the subcommand may run, separated by spaces */
void prog_git_hooks(struct git *g, const char *names);
void prog_git_opaque(struct git *g);

/* ---- prog-git-sub.c ------------------------------------------------------ */

/* The effects of g->argv (argv[0] the subcommand) on the repository g
 * describes. */
void prog_git_sub(struct git *g);

#endif
