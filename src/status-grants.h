/* status-grants.h - the grants `fsjail status` and `fsjail run` warn
 * about, which Landlock cannot put in force: on paths absent when the run
 * starts (Landlock grants only paths that exist then), execute without
 * read. */
#ifndef FSJAIL_STATUS_GRANTS_H
#define FSJAIL_STATUS_GRANTS_H

#include <stddef.h>
#include <stdio.h>

#include "config.h"
#include "policy.h"
#include "util.h"

/* One line on warnings per rule of ctx (rules file, config grants,
 * session) that grants on a path absent now, naming the capabilities
 * not in force for it (fsj_listener_carries(): the others hold for it
 * and what is made under it). status_grants_print(): the same lines to
 * out, each after prefix, only for the rules among them that grant
 * write, create or delete (the command may make the path, then miss
 * what is not in force there): a grant only to read or execute a path
 * that is not there is skipped quietly, as bubblewrap's --ro-bind-try
 * skips (status and explain still say it is not in force). Linux only;
 * nothing elsewhere. */
void status_grants_warn(const struct fsj_ctx *ctx, struct strbuf *warnings);
void status_grants_print(const struct fsj_ctx *ctx, const char *prefix, FILE *out);

/* A rule granting on a path absent at the start of a run, and the
 * capabilities (FSJ_CAPBIT mask) it grants that are not in force there. */
struct status_absent {
	const struct fsj_rule *rule; /* ctx's, valid while ctx is */
	unsigned caps;
};

/* The rules of ctx that status_grants_warn() warns about, in its order,
 * as an array in *out (the caller frees it); returns how many (0 and
 * *out NULL: none, or not Linux). */
size_t status_grants_absent(const struct fsj_ctx *ctx, struct status_absent **out);

/* After a run: one note line to out per entry of absent (n of them, from
 * status_grants_absent() before the run) whose path exists now (the run
 * made it), naming what was not in force there and that the next run
 * has it. Nothing when n is 0. */
void status_grants_made(const struct status_absent *absent, size_t n, FILE *out);

/* One line on warnings per rule of ctx (as status_grants_warn()) that
 * grants execute where pol grants no read (fsj_exec_without_read()):
 * that execute is not in force on Landlock. Nothing when pol is NULL or
 * off Linux. */
void status_exec_read_warn(const struct fsj_ctx *ctx, const struct fsj_policy *pol,
			   struct strbuf *warnings);

#endif
