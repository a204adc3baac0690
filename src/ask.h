/* ask.h - asking before running (issue 5): the command's effects are
 * decided against the policy first (effects.h); what the rules do not
 * grant is put to a person on /dev/tty - deny, allow once, always allow -
 * or answered by a scripted choice. Allow once becomes session grants in
 * ctx->session (FSJ_SRC_SESSION), gone when the run ends; always allow
 * writes the narrowest rules to the rules file (rulesfile.h) and reloads
 * it. Every answer is an audit line (DESIGN.md section 10). */
#ifndef FSJAIL_ASK_H
#define FSJAIL_ASK_H

#include "config.h"
#include "policy.h"
#include "util.h"

enum ask_mode {
	ASK_TTY = 0,   /* a card on /dev/tty; without a terminal nothing runs */
	ASK_YES_ONCE,  /* scripted: allow once */
	ASK_DENY,      /* scripted: deny */
	ASK_FD,        /* a harness: request on ask_fd, answer from answer_fd */
};

/* How to ask. The descriptors are used in mode ASK_FD only. */
struct ask_how {
	enum ask_mode mode;
	int ask_fd;    /* the request, one JSON line ("fsjail-ask/1") */
	int answer_fd; /* the answer, one line: deny, once, always (or folder) */
};

/* Decide argv (a command about to run in ctx->env.cwd at tier) and ask
 * what is missing, as how says. A missing pair that is only the folder an
 * unresolved path lies in (`rm "$f"`) is granted by no answer but
 * "folder" (allow once on that folder), offered only then; answers are
 * whole words or single letters (anything else asks again on the card,
 * is deny on --answer-fd). Audit source "human" on the card, "harness"
 * otherwise. Returns 0 when the command may run (ctx->session and
 * ctx->rules then hold the answer), or an exit status for nothing to run:
 * 3 (CMD_EXIT_PROMPT) when a person must answer but there is no terminal
 * - the JSON of `fsjail check` is printed on stderr -, 4 (CMD_EXIT_REFUSE)
 * when the policy refuses or the answer was deny, 125 on an error (err
 * set). */
int ask_before_run(struct fsj_ctx *ctx, enum fsj_tier tier, const char *backend,
		   char *const *argv, const struct ask_how *how, struct fsj_error *err);

#endif
