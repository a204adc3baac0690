/* sandbox-int.h - the sandbox object shared by sandbox.c (the interface
 * and the Landlock backend) and sandbox-seatbelt.c (the Seatbelt backend's
 * profile file and dump). Not for other files: sandbox.h is the interface. */
#ifndef FSJAIL_SANDBOX_INT_H
#define FSJAIL_SANDBOX_INT_H

#include <stdbool.h>
#include <stdio.h>
#include <sys/types.h>

#include "landlock.h"
#include "sandbox-linux.h"
#include "sandbox.h"
#include "sbpl.h"

struct sandbox {
	enum fsj_backend backend;
	pid_t owner;             /* the process that may remove profile_file */

	/* FSJ_BACKEND_LANDLOCK */
	struct ll_plan plan;
	struct sandbox_linux lx; /* network deny, noexec layer (sandbox-linux.h) */
	bool have_plan;
	const struct fsj_policy *pol; /* borrowed, for the create hook (notify.c) */

	/* FSJ_BACKEND_SEATBELT */
	struct sbpl_profile profile;
	bool have_profile;
	char *tmpdir;            /* where the profile file goes */
	char *sandbox_exec;      /* $FSJAIL_SANDBOX_EXEC or /usr/bin/sandbox-exec */
	char *profile_file;      /* written by sandbox_stage(); owned, unlinked on free */
};

/* The Seatbelt backend (sandbox-seatbelt.c): compile pol into sb's
 * profile (0, or -1 with err set); write the profile file before fork;
 * print the profile and its parameters. */
int sandbox_seatbelt_prepare(struct sandbox *sb, const struct fsj_policy *pol,
			     const struct fsj_ctx *ctx, const char *broker_socket,
			     struct fsj_error *err);
int sandbox_seatbelt_stage(struct sandbox *sb, struct fsj_error *err);

/* sandbox-exec's own exit statuses (SBPL-NOTES.md sections 7 and 11). */
#define SANDBOX_EXEC_EXIT_COMPILE 65 /* the profile does not compile */
#define SANDBOX_EXEC_EXIT_APPLY 71   /* sandbox_apply or execvp refused */

/* sandbox-exec (or the command) exited code, 65 or 71. Tell apart, without
 * running the command again: sandbox-exec is run once more with the same
 * profile and parameters on /usr/bin/true, its stderr captured (the
 * command's own stderr is never captured: it stays the terminal or file
 * the user gave). That run exits 65 with "FILE:LINE: ..." when the profile
 * does not compile, 71 with "sandbox_apply: ..." when it cannot be applied
 * (inside another sandbox): 125 with err set naming sandbox-exec's first
 * line. When it runs (0), a 71 is the refusal of execute when the policy
 * refuses execute at cmd or cmd is setuid or setgid (Seatbelt never runs
 * those): printed as a refusal, 126. Anything else is the command's own
 * status: -1. */
int sandbox_seatbelt_diagnose(const struct sandbox *sb, const char *cmd, int code,
			      struct fsj_error *err);
void sandbox_seatbelt_dump(const struct sandbox *sb, FILE *out);

#endif
