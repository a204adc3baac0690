/* effects-decide.c - a command's effects decided against a policy (DESIGN.md section 11). */
#include <stdlib.h>
#include <string.h>

#include "effects-decide-missing.h"
#include "effects-decide-link.h"
#include "effects-decide-path.h"
#include "effects-glob.h"
#include "effects-literal.h"
#include "effects-newrepo.h"
#include "effects-int.h"
#include "fsjail-int.h"
#include "inforce.h"
#include "readhide.h"
#include "repoexplain.h"
#include "repometa-rule.h"

/* ---- decision ------------------------------------------------------------ */

/* A denial no answer can lift: a protected path, the user's own deny, or
 * a change in read-only mode (no rule can add write, create or delete). */
static bool refused(const struct fsj_policy *pol, const struct fsj_decision *d, enum fsj_cap cap)
{
	if (d->level == FSJ_LEVEL_PROTECTED)
		return true;
	if (d->level == FSJ_LEVEL_EXPLICIT && d->rule && (d->rule->deny & FSJ_CAPBIT(cap)))
		return true;
	return pol->mode == FSJ_MODE_READ_ONLY && (FSJ_CAPS_MODIFY & FSJ_CAPBIT(cap));
}

/* The effects before effect i, for glob_absent() */
struct glob_at {
	const struct fsj_effects *fx;
	size_t i;
};

/* effects_glob_absent_fn: path is not there now, and no effect before
 * ga->i may make it: a create of it or of a folder above it, or one in a
 * folder not known (cd "$X"; touch NAME). */
static bool glob_absent(const char *path, void *data)
{
	const struct glob_at *ga = data;

	if (!decide_absent_at_start(path, NULL))
		return false;
	for (size_t k = 0; k < ga->i; k++) {
		const struct fsj_effect *e = &ga->fx->v[k];

		if (e->cap == FSJ_CAP_CREATE && (!e->path || path_covers(e->path, path)))
			return false;
	}
	return true;
}

void effects_decide(const struct fsj_effects *fx, const struct fsj_policy *pol, const char *cwd,
		    const struct fsj_ctx *ctx, struct fsj_check *out)
{
	size_t mcap = 0;
	bool any_refused = false, all_allowed = true;
	bool listener = ctx && fsjail_explain_listener(ctx, pol);
	size_t ngitdirs;
	cleanup_free size_t *gitdirs = effects_newrepo_gitdirs(fx, &ngitdirs);

	memset(out, 0, sizeof(*out));
	out->d = xcalloc(fx->n + 1, sizeof(*out->d));
	out->n = fx->n;
	for (size_t i = 0; i < fx->n; i++) {
		const struct fsj_effect *e = &fx->v[i];
		struct fsj_effect_decision *d = &out->d[i];
		/* unresolved in a folder unknown even (after cd "$X"): anywhere */
		const char *where = e->path ? e->path : e->status == FSJ_EFFECT_UNRESOLVED ? "/" : cwd;
		struct fsj_decision dec;

		if (e->status == FSJ_EFFECT_NOT_FOUND) { /* the shell answers 127 */
			d->level = FSJ_LEVEL_DEFAULT;
			d->verdict = FSJ_VERDICT_ALLOWED;
			d->why = xstrdup("not found on PATH now: the shell answers 127 "
					 "(command not found) and runs nothing");
			continue;
		}
		d->resolved = path_resolve(where);
		if (e->guard && listener) {
			/* a refusal of the listener the line shows (prog-git-guard.h);
			 * one that only may come asks, with no grant to offer */
			d->level = FSJ_LEVEL_PROTECTED;
			d->rule = &repometa_rule;
			d->why = xstrdup(e->guard);
			d->verdict = e->guard_maybe ? FSJ_VERDICT_MISSING : FSJ_VERDICT_REFUSED;
			any_refused = any_refused || !e->guard_maybe;
			all_allowed = false;
			continue;
		}
		if (e->status == FSJ_EFFECT_OPAQUE) {
			bool all = true;

			d->level = FSJ_LEVEL_DEFAULT;
			if (effects_literal_decide(pol, e, ctx ? ctx->env.home : getenv("HOME"), d)) {
				all_allowed = false;
				continue;
			}
			if (pol->tier >= FSJ_TIER_GUARDED) {
				d->verdict = FSJ_VERDICT_ALLOWED;
				d->by_tier = true;
				continue;
			}
			for (int c = 0; c <= FSJ_CAP_EXECUTE; c++) { /* the five, not connect */
				policy_decide(pol, where, d->resolved, (enum fsj_cap)c, &dec);
				if (dec.allowed)
					continue;
				all = false;
				if (!d->rule) {
					d->level = dec.level;
					d->rule = dec.rule;
				}
				if (!refused(pol, &dec, (enum fsj_cap)c))
					decide_missing_add(out, &mcap, e, where, (enum fsj_cap)c);
			}
			d->verdict = all ? FSJ_VERDICT_ALLOWED : FSJ_VERDICT_MISSING;
			if (!all)
				all_allowed = false;
			continue;
		}
		if ((d->why = effects_newrepo_guard(fx, i, gitdirs, ngitdirs)) != NULL) {
			d->level = FSJ_LEVEL_PROTECTED;
			d->rule = &repometa_rule;
			d->verdict = FSJ_VERDICT_REFUSED;
			any_refused = true;
			all_allowed = false;
			continue;
		}
		if (ctx && e->status == FSJ_EFFECT_RESOLVED && e->path) {
			/* what explain says is what the run does: the same decision */
			struct repoexplain rx = { 0 };

			fsjail_explain_decide(ctx, pol, listener, where, d->resolved,
					      (enum fsj_cap)e->cap, &dec, &rx, &d->why);
			if (rx.rule) {
				free(d->why);
				d->why = rx.reason;
				d->level = FSJ_LEVEL_PROTECTED;
				d->rule = rx.rule;
				d->verdict = FSJ_VERDICT_REFUSED;
				any_refused = true;
				all_allowed = false;
				continue;
			}
			if (d->why) { /* an allow not in force */
				struct fsj_decision rd;
				bool all_allowed_before = all_allowed;

				d->level = dec.level;
				d->rule = dec.rule;
				all_allowed = false;
				/* execute without read (fsj_exec_without_read()):
				 * a grant of read makes it hold */
				if (e->cap == FSJ_CAP_EXECUTE && !pol->darwin) {
					policy_decide(pol, where, d->resolved, FSJ_CAP_READ, &rd);
					if (!rd.allowed && !refused(pol, &rd, FSJ_CAP_READ)) {
						d->verdict = FSJ_VERDICT_MISSING;
						decide_missing_add(out, &mcap, e, where, FSJ_CAP_READ);
						continue;
					}
				}
				/* a path absent now under a grant not in force: the
				 * command meets only ENOENT there, unless the line
				 * makes it first (then Landlock refuses it) */
				/* ... but for one kept absent for its read deny
				 * (readhide.h): making it is what is refused */
				if (decide_absent_at_start(where, d->resolved) && !decide_made_earlier(fx, i, where) &&
				    !(e->cap == FSJ_CAP_CREATE &&
				      fsj_readhide_refuses_create(pol, where, d->resolved, &rd))) {
					d->verdict = FSJ_VERDICT_ALLOWED; /* d->why says the rest */
					all_allowed = all_allowed_before;
					continue;
				}
				d->verdict = FSJ_VERDICT_REFUSED;
				any_refused = true;
				continue;
			}
		} else {
			policy_decide(pol, where, d->resolved, (enum fsj_cap)e->cap, &dec);
		}
		d->level = dec.level;
		d->rule = dec.rule;
		if (e->recursive && e->status == FSJ_EFFECT_RESOLVED) {
			const struct fsj_rule *r =
				decide_denied_beneath(pol, where, d->resolved, (enum fsj_cap)e->cap);

			if (r) {
				d->level = fsj_source_level(r->source);
				d->rule = r;
				d->verdict = FSJ_VERDICT_REFUSED;
				any_refused = true;
				all_allowed = false;
				continue;
			}
		}
		if (dec.allowed && e->status == FSJ_EFFECT_UNRESOLVED) {
			/* a glob or run-time name the folder's grant allows may
			 * still be a protected or denied path beneath it (att34) */
			const struct fsj_rule *r =
				effects_glob_reaches(pol, e, (enum fsj_cap)e->cap, glob_absent,
						     &(struct glob_at){ fx, i });

			if (r) {
				d->level = fsj_source_level(r->source);
				d->rule = r;
				d->verdict = FSJ_VERDICT_MISSING; /* may: asks, no grant lifts it */
				d->why = xasprintf("a name known only at run time may be %s, or "
						   "lie beneath or above it",
						   r->path);
				all_allowed = false;
				continue;
			}
		}
		if (dec.allowed && e->cap == FSJ_CAP_EXECUTE) {
			/* macOS never runs a setuid program (inforce.h) */
			cleanup_free char *off = fsj_exec_not_in_force(pol, d->resolved);

			if (off) {
				dec.allowed = false;
				d->verdict = FSJ_VERDICT_REFUSED;
				any_refused = true;
				all_allowed = false;
				continue;
			}
		}
		if (dec.allowed && e->link_kind != FSJ_LINK_NONE && decide_link(pol, e, d)) {
			/* a link the run refuses where it leads (linkto.h) or
			 * for what its new name grants (notify-refer.h) */
			any_refused = any_refused || d->verdict == FSJ_VERDICT_REFUSED;
			all_allowed = false;
			continue;
		}
		if (dec.allowed) {
			d->verdict = FSJ_VERDICT_ALLOWED;
		} else if (refused(pol, &dec, (enum fsj_cap)e->cap)) {
			d->verdict = FSJ_VERDICT_REFUSED;
			any_refused = true;
			all_allowed = false;
		} else {
			d->verdict = FSJ_VERDICT_MISSING;
			all_allowed = false;
			decide_missing_add(out, &mcap, e, where, (enum fsj_cap)e->cap);
		}
	}
	decide_missing_sort(out);
	if (any_refused)
		out->overall = FSJ_OVERALL_REFUSE;
	else if (all_allowed && fx->complete)
		out->overall = FSJ_OVERALL_ALLOW;
	else
		out->overall = FSJ_OVERALL_PROMPT;
}

void fsj_check_release(struct fsj_check *c)
{
	for (size_t i = 0; i < c->n; i++) {
		free(c->d[i].resolved);
		free(c->d[i].why);
	}
	for (size_t i = 0; i < c->n_missing; i++)
		free(c->missing[i].path);
	free(c->d);
	free(c->missing);
	memset(c, 0, sizeof(*c));
}
