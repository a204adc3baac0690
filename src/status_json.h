/* status_json.h - parts of `fsjail status`'s JSON report. */
#ifndef FSJAIL_STATUS_JSON_H
#define FSJAIL_STATUS_JSON_H

#include <stdbool.h>
#include <stdio.h>

#include <cjson/cJSON.h>

#include "config.h"
#include "landlock.h"
#include "sandbox.h"
#include "util.h"

/* Add name: s to o, or name: null when s is NULL or empty. */
void status_str_or_null(cJSON *o, const char *name, const char *s);

/* Per capability, what the kernel enforces at tier (-1: none) with
 * backend (plan given for Landlock; none_reason: why nothing is). Adds
 * "capabilities" to root; returns true when any capability the tier
 * enforces is enforced only in part. */
bool status_capabilities_json(cJSON *root, int tier, enum fsj_backend backend,
			      const struct ll_plan *plan, const char *none_reason);

/* Add "repository_metadata" to root: whether it is protected and how far
 * the scan of the workspace went; a line on warnings (newline-ended) when
 * the scan stopped early. */
void status_repos_json(cJSON *root, const struct fsj_ctx *ctx, struct strbuf *warnings);

/* A line on warnings (newline-ended) for each allow of the rules file,
 * config grants and session grants whose path does not exist: Landlock
 * cannot open it, so the grant is not in force (Linux only). */
/* Add to root's "repository_metadata" what the seccomp listener guards
 * beyond the scan's rules (listener: whether the run will have it):
 * "outside_by_listener" (rule 'repository-metadata', notify-repo.c) and
 * "discovery_by_listener" (rule 'repository-discovery', notify-gitcfg.c). */
void status_repos_listener_json(cJSON *root, bool listener);

/* Add "listener_carried" to root: each denied path that does not exist
 * and that plan (may be NULL) leaves to the seccomp listener, with its
 * guarded missing folder ("guarded", null when its folder exists);
 * status_listener_print() prints that array (may be NULL) to out. */
void status_listener_json(cJSON *root, const struct ll_plan *plan);
void status_listener_print(FILE *out, const cJSON *a);

/* Print the repository part of status's text report from its JSON object
 * o ("repository_metadata", may be NULL) to out: the folders left
 * unsearched, the linked-worktree grants, the listener's rules. */
void status_repos_print(FILE *out, const cJSON *o);

/* A line on warnings when the folder of fsjail's own executable lets the
 * command create files under pol (NULL: nothing to say). */
void status_exe_warn(const struct fsj_policy *pol, struct strbuf *warnings);

/* Add the baseline's "user_data_roots" and "secrets" arrays (pol may be
 * NULL: empty) to b, status's "baseline" object; status_lists_print()
 * prints them from b to out: "user-data roots: ...)" ending the baseline
 * line, then a "secrets:" line (status-lists.c). */
void status_lists_json(cJSON *b, const struct fsj_policy *pol);
void status_lists_print(FILE *out, const cJSON *b);

#endif
