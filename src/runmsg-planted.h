/* runmsg-planted.h - what `fsjail run` says after the command ends of
 * what it planted (planted.h): the warners' notes on stderr, each also a
 * record on the run's streams (fsjail-json(7)). */
#ifndef FSJAIL_RUNMSG_PLANTED_H
#define FSJAIL_RUNMSG_PLANTED_H

#include <stdbool.h>

#include "planted.h"

struct autorun;
struct fsj_ctx;

/* A planted_fn (planted.h) for the warners after the command ends: p
 * as one fsjail-planted/1 line on the report, a "planted" record on the
 * status descriptor and an audit line (call and decision "planted",
 * capability the change, detail "KIND: RUNS"), while runmsg_attach()'s
 * sinks are set (not after runmsg_end()). At most 10,000 a run, the rest
 * counted in the "exited" record's "dropped". Never fails. */
void runmsg_planted(const struct planted *p);

/* After the command ended (not when fsjail failed): the notes, with
 * --quiet too, each also handed to runmsg_planted(). ctx's repositories
 * are scanned again when there are any and changed (runrepos_changes())
 * holds RUNREPOS_REPOS: the repositories and .git files the command made
 * (repometa-warn.h); then the files editors and agents run that changed
 * since before, in the work trees the rescan found new and, with
 * RUNREPOS_AUTORUN, anywhere (autorun-nested.h). Never fails. */
void runmsg_planted_notes(const struct fsj_ctx *ctx, unsigned changed, const struct autorun *before);

/* Forget the counts below (runmsg_open(): a new run). */
void runmsg_planted_reset(void);

/* How many were handed to runmsg_planted() while sinks were set (the
 * "exited" record's "planted"), and of them how many the cap dropped
 * (part of its "dropped"). */
unsigned long runmsg_planted_count(void);
unsigned long runmsg_planted_dropped(void);

#endif
