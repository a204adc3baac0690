/* refusal-hint-guard.c - grants a refusal hint must never offer
 * (refusal-hint-guard.h). */
#include <stdlib.h>
#include <string.h>

#include "path.h"
#include "policy-secret.h"
#include "refusal-hint-guard.h"
#include "util.h"

/* r covers p: r's path or resolved spelling is p, or, recursive, above it. */
static bool rule_covers(const struct fsj_rule *r, const char *p)
{
	const char *sp[2] = { r->path, r->resolved };

	for (int i = 0; i < 2; i++)
		if (sp[i] && (r->recursive ? path_covers(sp[i], p) : strcmp(sp[i], p) == 0))
			return true;
	return false;
}

/* A grant on path (folder: recursive) reaches r's path. */
static bool grant_covers(const char *path, bool folder, const struct fsj_rule *r)
{
	const char *sp[2] = { r->path, r->resolved };

	for (int i = 0; i < 2; i++)
		if (sp[i] && (folder ? path_covers(path, sp[i]) : strcmp(path, sp[i]) == 0))
			return true;
	return false;
}

static bool user_source(enum fsj_source s)
{
	return s == FSJ_SRC_RULES || s == FSJ_SRC_GRANT || s == FSJ_SRC_SESSION;
}

static const char *shown_origin(const struct fsj_rule *r)
{
	return r->origin ? r->origin : fsj_source_name(r->source);
}

/* The linked worktree's own gitdir of a 'git-linked-worktree' grant
 * (COMMON/worktrees/NAME, repometa-grant.c), else NULL. Its gitdir and
 * commondir files, the folder itself and worktrees/ must stay out of the
 * command's reach, or fsjail cannot trust the worktree and grants git
 * nothing there (repometa-grant.c forgeable()). */
static bool linked_gitdir(const struct fsj_rule *r)
{
	cleanup_free char *up = NULL;
	const char *base;

	if (!r->id || strcmp(r->id, "git-linked-worktree") != 0 || !r->recursive || !r->path)
		return false;
	up = path_dirname(r->path);
	base = strrchr(up, '/');
	return base && strcmp(base + 1, "worktrees") == 0;
}

static char *worktree_guard(const struct fsj_rule *r, const char *path, unsigned caps,
			    bool folder)
{
	const unsigned cd = FSJ_CAPBIT(FSJ_CAP_CREATE) | FSJ_CAPBIT(FSJ_CAP_DELETE);
	cleanup_free char *wts = path_dirname(r->path);
	cleanup_free char *f1 = path_join(r->path, "gitdir"), *f2 = path_join(r->path, "commondir");
	const struct {
		const char *p;
		unsigned caps;
	} anchor[] = { { f1, FSJ_CAPS_MODIFY }, { f2, FSJ_CAPS_MODIFY }, { r->path, cd }, { wts, cd } };

	for (size_t i = 0; i < sizeof(anchor) / sizeof(anchor[0]); i++) {
		bool hit = folder ? path_covers(path, anchor[i].p) : strcmp(path, anchor[i].p) == 0;

		if (hit && (caps & anchor[i].caps))
			return xasprintf("it would reach %s, which lets fsjail trust the linked "
					 "worktree's gitdir (rule 'git-linked-worktree'): git's "
					 "grants there would be dropped and git would fail",
					 anchor[i].p);
	}
	return NULL;
}

/* The protected exception ("pass:", /usr/local) below protected rule r that
 * holds path and lifts every one of caps, or NULL. Borrowed from pol. */
static const struct fsj_rule *pass_below(const struct fsj_policy *pol,
					 const struct fsj_rule *r, const char *path,
					 unsigned caps)
{
	for (size_t i = 0; i < pol->n_rules; i++) {
		const struct fsj_rule *q = &pol->rules[i];

		if (q->source == FSJ_SRC_PROTECTED && q->path && (q->pass & caps) == caps &&
		    strcmp(q->path, r->path) != 0 && path_covers(r->path, q->path) &&
		    rule_covers(q, path))
			return q;
	}
	return NULL;
}

/* Why r keeps a grant of caps on path (folder: recursive) from being
 * offered, or NULL. pol: the whole policy, for the protected exceptions. */
static char *rule_guard(const struct fsj_policy *pol, const struct fsj_rule *r,
			const char *path, unsigned caps, bool folder)
{
	const struct fsj_rule *q;

	if (user_source(r->source) && r->deny && rule_covers(r, path))
		return xasprintf("under your deny rule%s%s%s on %s (%s): change the rule by hand "
				 "if you mean it", r->id ? " '" : "", r->id ? r->id : "",
				 r->id ? "'" : "", r->path, shown_origin(r));
	/* conservative: a protected tree's "pass:" exception (/usr/local)
	 * still keeps the hint away, but is named as open to a rule */
	if ((r->deny & caps) && (user_source(r->source) || r->source == FSJ_SRC_PROTECTED) &&
	    (grant_covers(path, folder, r) || rule_covers(r, path))) {
		if (r->source == FSJ_SRC_PROTECTED && rule_covers(r, path) &&
		    (q = pass_below(pol, r, path, caps)))
			return xasprintf("the protected path %s leaves %s to your rules (%s), "
					 "but it is system-wide: grant it by hand (--grant, "
					 "fsjail allow add) if you mean it",
					 r->path, q->path, shown_origin(q));
		return xasprintf("it would reach the %s %s%s%s%s (%s)",
				 r->source == FSJ_SRC_PROTECTED ? "protected path"
								 : "path your rule denies",
				 r->path, r->id ? " (rule '" : "", r->id ? r->id : "",
				 r->id ? "')" : "", shown_origin(r));
	}
	return linked_gitdir(r) ? worktree_guard(r, path, caps, folder) : NULL;
}

char *refusal_hint_guard(const struct fsj_policy *pol, const char *path, unsigned caps,
			 bool folder, bool *secret)
{
	const char *s;

	if (secret)
		*secret = false;
	if (!pol || !path)
		return NULL;
	if ((s = policy_secret_at(pol, path)) || (folder && (s = policy_secret_under(pol, path)))) {
		if (secret)
			*secret = true;
		return xasprintf("%s %s (baseline 'secrets:'): grant it by hand if you mean it",
				 path_covers(s, path) ? "a secret:" : "it holds the secret", s);
	}
	for (size_t i = 0; i < pol->n_rules; i++) {
		char *why = rule_guard(pol, &pol->rules[i], path, caps, folder);

		if (why)
			return why;
	}
	return NULL;
}
