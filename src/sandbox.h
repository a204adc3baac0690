/* sandbox.h - one small interface over the enforcement backends
 * (STYLE.md point 3): Landlock (Linux), Seatbelt (macOS, via sandbox-exec)
 * and null (enforce: off). The launcher calls prepare() in the parent and
 * apply() in the child between fork and exec. */
#ifndef FSJAIL_SANDBOX_H
#define FSJAIL_SANDBOX_H

#include <stdio.h>

#include "config.h"
#include "policy.h"
#include "util.h"

enum fsj_backend {
	FSJ_BACKEND_LANDLOCK = 0,
	FSJ_BACKEND_SEATBELT,
	FSJ_BACKEND_NULL,
};
const char *fsj_backend_name(enum fsj_backend b);
int fsj_backend_parse(const char *s);
enum fsj_backend fsj_backend_native(void); /* the platform's backend */

struct sandbox;

/* Compile pol for backend b; network comes from ctx. broker_socket is this
 * run's broker socket (broker_socket_path(), started before), or NULL: the
 * Seatbelt profile lets the command connect to it, network: deny or not,
 * passed as the -D parameter BROKER, never as text; Landlock ignores it (up
 * to ABI 7 no right governs connect(2) to a pathname socket). Returns a new
 * sandbox (caller frees: sandbox_free()), or NULL with err set. */
struct sandbox *sandbox_prepare(enum fsj_backend b, const struct fsj_policy *pol,
				const struct fsj_ctx *ctx, const char *broker_socket,
				struct fsj_error *err);

/* Print what prepare compiled: the SBPL profile and parameters, or the plan. */
void sandbox_dump(const struct sandbox *sb, FILE *out);

/* In the parent, before fork: put in place what apply() needs (the
 * Seatbelt profile file: 0600 under $TMPDIR or /tmp, removed by
 * sandbox_free()); again does nothing. Returns 0, or -1 with err set. */
int sandbox_stage(struct sandbox *sb, struct fsj_error *err);

/* In the child after fork: apply the sandbox to the calling process and
 * return the argv to exec (*argv may be replaced: sandbox-exec's). Returns
 * 0, or -1 with err set: the caller must not exec. */
int sandbox_apply(struct sandbox *sb, char ***argv, struct fsj_error *err);

/* In the parent, after the child ended with wait status wstatus: -1 when
 * the status is the command's; otherwise the exit status fsjail must
 * return because the backend's wrapper did not run the command: 125 with
 * err set when sandbox-exec could not compile or apply the profile, 126
 * (a refusal, printed here) when it was refused the execution of the
 * command, found by execvp() at cmd (NULL: not found). See
 * sandbox_seatbelt_diagnose() (sandbox-int.h) for how they are told
 * apart. */
int sandbox_check_exit(const struct sandbox *sb, const char *cmd, int wstatus,
		       struct fsj_error *err);

/* Whether sandbox_check_exit() may use its cmd for wstatus (a wrapper's
 * own early exit): when false the caller need not look the command up
 * (issue 12: a PATH search after every run). */
bool sandbox_check_exit_wants_cmd(const struct sandbox *sb, int wstatus);

/* Gaps between the policy and what the kernel enforces (ll_plan_gaps());
 * 0 for the seatbelt and null backends. */
int sandbox_gaps(const struct sandbox *sb, struct strbuf *refuse, struct strbuf *notes);

/* The policy the create hook (notify.h) decides with, or NULL when this
 * backend wants no hook (only Landlock does: DESIGN.md section 2);
 * borrowed from sandbox_prepare(): it must outlive sb. */
const struct fsj_policy *sandbox_notify_policy(const struct sandbox *sb);

/* The Landlock ruleset sb applies (borrowed, valid until sandbox_free()),
 * or NULL for another backend: broker_use_plan() fences the broker with it,
 * notify_set_landlock() the hook. */
struct ll_plan;
const struct ll_plan *sandbox_landlock_plan(const struct sandbox *sb);

/* Will the run have the seccomp listener (ll_opts.listener)? notify_wanted()
 * and not inside another run (FSJAIL_BROKER_SOCKET other than own: EBUSY).
 * And does sb's plan leave an absent denied path to it (must not run without)? */
bool sandbox_listener_expected(const char *own_broker_socket);
bool sandbox_relies_on_listener(const struct sandbox *sb);

void sandbox_free(struct sandbox *sb);

#endif
