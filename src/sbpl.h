/* sbpl.h - the Seatbelt (SBPL) compiler (DESIGN.md section 6,
 * SBPL-NOTES.md sections 1-6).
 *
 * The profile is deny-by-default, imports bsd.sb (both in its preamble,
 * profiles/sbpl-preamble.sb), and re-opens paths in increasing depth;
 * every file rule names specific operations (never a wildcard such as
 * file-write*), and protected denies come after every grant. Paths never
 * enter the text: each is a parameter "P<n>" used as (subpath (param
 * "P<n>")) and passed as sandbox-exec -D P<n>=PATH. */
#ifndef FSJAIL_SBPL_H
#define FSJAIL_SBPL_H

#include <stddef.h>

#include "config.h"
#include "policy.h"
#include "util.h"

struct sbpl_opts {
	enum fsj_network network;
	const char *broker_socket; /* NULL: no broker rule */
	bool with_messages;        /* tag rules with (with message "<id>") */
	/* This run's tag (the session id), or NULL: with it every deny rule
	 * and (deny default) carry (with message "<tag>:<rule id>") ("<tag>"
	 * alone for the default, "<tag>:<level>" for a rule without an id),
	 * so that a log collector can attribute a denial to the run and the
	 * rule (issue 15 item 5; sbpl-log.h). Ignored unless it matches
	 * [A-Za-z0-9._-]{1,64}. */
	const char *run_tag;
};

struct sbpl_profile {
	char *text;          /* the profile, NUL-terminated; owned */
	char **param_names;  /* "P0", "P1", ... ; owned */
	char **param_values; /* the paths; owned */
	size_t n_params;
};

/* Compile pol (its tier and mode) into *out. The profile starts with the
 * data file sbpl-preamble.sb, read at each call from the first place that
 * holds it: $FSJAIL_DATADIR, the installed data directory, the source tree
 * (fsj_data_read()). Returns 0, or -1 with err set and nothing in *out:
 * the preamble cannot be found (the message names the places searched),
 * read, or does not start with (version 1); a path holding a byte Seatbelt
 * cannot take as a parameter value (NUL cannot occur in a C string; a path
 * longer than FSJ_PATH_MAX is refused). The caller releases *out with
 * sbpl_profile_release(). */
int sbpl_compile(const struct fsj_policy *pol, const struct sbpl_opts *opts,
		 struct sbpl_profile *out, struct fsj_error *err);
void sbpl_profile_release(struct sbpl_profile *p);

/* Build the argv for /usr/bin/sandbox-exec (or $FSJAIL_SANDBOX_EXEC):
 * { exec, "-f", profile_file, "-D", "P0=...", ..., "--", cmd... , NULL }.
 * Returns a NULL-terminated array; the caller frees each string and the
 * array. */
char **sbpl_exec_argv(const struct sbpl_profile *p, const char *sandbox_exec,
		      const char *profile_file, char *const cmd[]);

#endif
