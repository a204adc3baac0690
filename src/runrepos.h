/* runrepos.h - `fsjail run` and the start-of-run repository scan
 * (runrepos.c). */
#ifndef FSJAIL_RUNREPOS_H
#define FSJAIL_RUNREPOS_H

#include <stdbool.h>

#include "config.h"

struct broker;
struct repometa;

/* The .git files the scan protects as pointers (write and create refused,
 * delete allowed: a submodule's or linked worktree's) keep their
 * start-of-run bytes for the listener (notify_keep_gitfile()); repos
 * may be NULL (nothing kept). */
void runrepos_keep_gitfiles(const struct repometa *repos);

/* Whether the walk after the run (repometa_warn_new(): the note naming
 * the repositories the command made) would find what the walk at its start
 * found, so that it can be skipped (issue 18): the start walk searched
 * every folder; the listener trapped every call that makes, moves or links
 * a name and every write-capable open (backups on), and none could have
 * changed where a repository is (launch_last_left_repos(): a folder is a
 * gitdir by the entries it holds, so only a rename, a create of anything
 * but a regular file, or a create or write of .git, HEAD, commondir,
 * gitdir, objects, refs, modules or worktrees can make one; a trapped
 * socket call counts too: a daemon could act for the command); no
 * inherited descriptor writes such a file; and no process connected to
 * the broker, which acts on the host outside the listener (shared: a
 * session or an enclosing run's broker could). */
bool runrepos_unchanged(const struct fsj_ctx *ctx, const struct broker *broker, bool shared);

#endif
