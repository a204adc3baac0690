/* session.h - session-level rules (DESIGN.md section 3, "one-shot session
 * grants (allow once)"): rules that live in ctx->session for one command
 * only, at the explicit level (protected paths still win), and are never
 * written to a file. They come from an --ask answer of "once" (ask.h) or
 * from the command line: --grant CAPS:PATH and --deny CAPS:PATH. */
#ifndef FSJAIL_SESSION_H
#define FSJAIL_SESSION_H

#include <stdbool.h>

#include "config.h"
#include "policy.h"
#include "util.h"

/* Parse a capability list "read,write" (commas or spaces), or "all" (the
 * five file capabilities, not connect). Returns the FSJ_CAPBIT mask (not
 * 0), or -1 with *bad pointing into s at the unknown word (*bad NULL:
 * the list was empty). */
int fsj_caps_parse_list(const char *s, const char **bad);

/* Append a session rule to rs: path (absolute, normalised; copied),
 * recursive, allow and deny masks, origin (copied, may be NULL), source
 * FSJ_SRC_SESSION. The resolved spelling is computed (path_resolve). */
void session_rule_add(struct fsj_ruleset *rs, const char *path, bool recursive,
		      unsigned allow, unsigned deny, const char *origin);

/* Add one command-line session rule "CAPS:PATH" to ctx->session: allow
 * (deny false, option --grant) or deny (option --deny) CAPS at PATH. A
 * relative PATH (or "~") resolves against ctx->env.cwd (ctx->env.home);
 * the rule is recursive when PATH is an existing directory or does not
 * exist yet (a folder the command may make: what it makes inside is
 * covered), not for an existing file. Returns 0, or -1 with err set
 * (no colon, an unknown capability, a bad path). */
int session_rule_parse(struct fsj_ctx *ctx, const char *spec, bool deny, struct fsj_error *err);

/* True when spec looks like a CAPS:PATH rule: a valid capability list
 * before the first colon and a non-empty path after it. */
bool session_rule_like(const char *spec);

#endif
