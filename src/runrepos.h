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

/* What the walks after the run may find changed, as a mask: RUNREPOS_REPOS
 * unless repometa_warn_new()'s walk (the repositories the command made)
 * would find what the walk at its start found (issue 18), RUNREPOS_AUTORUN
 * unless no file tools run by themselves can have been made or changed in
 * any folder (autorun-nested.h). Neither when the start walk searched every
 * folder (REPOS); the listener trapped every call that makes, moves or
 * links a name and every write-capable open (backups on) and saw none that
 * could (launch_last_left_repos(); notify-shape.c); no inherited descriptor
 * writes such a file; no process connected to the broker, which acts on
 * the host outside the listener (shared: a session or an enclosing run's
 * broker could). */
#define RUNREPOS_REPOS 1u
#define RUNREPOS_AUTORUN 2u
unsigned runrepos_changes(const struct fsj_ctx *ctx, const struct broker *broker, bool shared);

#endif
