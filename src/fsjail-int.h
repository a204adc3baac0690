/* fsjail-int.h - the inside of libfsjail (fsjail.h): the handle, and the
 * pieces the fsjail command shares with the library so that both load,
 * explain, check and compile with the same code. Not installed; its
 * symbols are local in the installed library (src/fsjail.sym). */
#ifndef FSJAIL_FSJAIL_INT_H
#define FSJAIL_FSJAIL_INT_H

#include <stdbool.h>
#include <stdio.h>

#include "config.h"
#include "effects-decide.h"
#include "fsjail.h"
#include "policy.h"
#include "sandbox.h"
#include "util.h"

struct cJSON;

/* Longest note fsjail_effective_tier() writes, with its NUL. */
#define FSJAIL_NOTE_MAX 512

struct fsjail_policy {
	struct fsj_ctx_opts opts;   /* strings point into owned[] */
	char *owned[FSJ_SESSION_RULES_MAX + 8];
	size_t n_owned;
	char *tier_arg, *network_arg;
	bool loaded;
	struct fsj_ctx ctx;
	int tier;
	struct fsj_policy *pol;
	char note[FSJAIL_NOTE_MAX]; /* "" when none */
};

struct fsjail_error {
	char *message;
	char *file;
	unsigned long line, col;
	int code;
};

/* The tier explain, compile and check work at (the rules of
 * cmd_effective_tier() in cmd.h): tier_arg when given, else the tier the
 * cached probe proved, else the demanded one. note (FSJAIL_NOTE_MAX
 * bytes) gets a line for the user, without "fsjail: note: ", or "".
 * Returns the tier, or -1 when tier_arg is not a tier name. */
int fsjail_effective_tier(const struct fsj_ctx *ctx, const char *tier_arg, char *note);

/* Load ctx (fsj_ctx_load), require a workspace, apply network_arg
 * ("allow"/"deny" or NULL), settle the tier and build its policy. Returns
 * 0 with *tier, *pol set and note as fsjail_effective_tier() leaves it
 * (caller frees pol with policy_free() and ctx with fsj_ctx_release());
 * else a negative errno with err set and nothing to release: -ENOENT
 * when there is no workspace (err: "no workspace here: WHY"), -EINVAL
 * otherwise. */
int fsjail_load_ctx(const struct fsj_ctx_opts *opts, const char *tier_arg,
		    const char *network_arg, struct fsj_ctx *ctx, int *tier,
		    struct fsj_policy **pol, char *note, struct fsj_error *err);

/* A rule as a JSON object {source, id?, path, resolved, recursive,
 * origin?}, the form explain, check and status share; the capabilities
 * of mask (FSJ_CAPBIT) as an array of names. Caller owns them. */
struct cJSON *fsjail_json_rule(const struct fsj_rule *r);
struct cJSON *fsjail_json_caps(unsigned mask);

/* The head of "fsjail-explain/1" (schema, tier, mode, workspace, and an
 * empty "paths" array). Caller owns it. */
struct cJSON *fsjail_json_explain(const struct fsj_ctx *ctx, int tier);
/* Decide every capability of one path (arg as given, norm normalised,
 * resolved its resolved spelling) under ctx's policy pol, the seccomp
 * listener's repository rules included (fsjail_explain_decide()), and
 * append its object to root's "paths". Returns the FSJ_CAPBIT mask of
 * the allowed capabilities. */
unsigned fsjail_json_explain_path(struct cJSON *root, const struct fsj_ctx *ctx,
				  const struct fsj_policy *pol, const char *arg,
				  const char *norm, const char *resolved);

struct repoexplain;
/* Whether a run under ctx's policy pol would have the seccomp listener
 * apply the repository rules (Linux, protect_repository, a listener). */
bool fsjail_explain_listener(const struct fsj_ctx *ctx, const struct fsj_policy *pol);
/* What a run does with cap on a path (norm normalised, resolved its
 * resolved spelling): policy_decide(), then, when listener
 * (fsjail_explain_listener()), the listener's repository rules, which
 * turn an allow into a protected deny and fill *rx (rx->reason is the
 * caller's to free). *off: why an allow is not in force (new string,
 * caller frees) or left NULL. */
void fsjail_explain_decide(const struct fsj_ctx *ctx, const struct fsj_policy *pol,
			   bool listener, const char *norm, const char *resolved,
			   enum fsj_cap cap, struct fsj_decision *d, struct repoexplain *rx,
			   char **off);

/* The "fsjail-check/1" object of line (fsjail-json(7)). Caller owns it. */
struct cJSON *fsjail_json_check(const char *line, const char *cwd, enum fsj_tier tier,
				const struct fsj_ctx *ctx, const struct fsj_effects *fx,
				const struct fsj_check *chk);

/* Write what `fsjail compile` prints for backend (FSJ_BACKEND_SEATBELT
 * or FSJ_BACKEND_LANDLOCK) to out; a note for the user (no Landlock here:
 * compiled for the newest ABI) into note (FSJAIL_NOTE_MAX bytes) or "".
 * Returns 0, or -1 with err set (nothing written then). */
int fsjail_compile_write(const struct fsj_ctx *ctx, const struct fsj_policy *pol, int tier,
			 enum fsj_backend backend, FILE *out, char *note, struct fsj_error *err);

#endif
