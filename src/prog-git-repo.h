/* prog-git-repo.h - git's subcommands that name a repository or a config
 * file (prog-git-repo.c): clone and init, config, remote, submodule, and
 * the transports (fetch, pull, push, ls-remote). A repository named by a
 * local path or file:// URL is read (push: written) there, like any other
 * path, with the capability the run needs; the rest of git's handler is
 * prog-git.h's. Each takes the subcommand's parsed words (argv[0] the
 * subcommand, prog-git-sub.c's spec); nothing here fails. */
#ifndef FSJAIL_PROG_GIT_REPO_H
#define FSJAIL_PROG_GIT_REPO_H

#include "prog-git.h"

/* git config: the file it reads or writes (its lock too), --edit opaque */
void prog_git_config(struct git *g, struct parsed *p);
/* git init [DIR], git clone URL [DIR]: the folder made, a local URL read */
void prog_git_create_repo(struct git *g, struct parsed *p);
/* git remote add|set-url|...: the config written; add -f reads the URL */
void prog_git_remote(struct git *g, struct parsed *p);
/* git submodule add URL [PATH]: the URL read (a relative one from the
 * work tree's top), PATH made, .gitmodules and <gitdir> written; every
 * submodule subcommand stays opaque (update runs what .gitmodules says) */
void prog_git_submodule(struct git *g, struct parsed *p);
/* git fetch|pull|ls-remote|push [REPO]: a REPO that is a local path is
 * read (push: made and written inside) */
void prog_git_transport(struct git *g, struct parsed *p);

#endif
