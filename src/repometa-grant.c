/* repometa-grant.c - what git needs outside the workspace for a linked
 * worktree whose gitdir lies outside it (see repometa.h), and the checks
 * that keep a command from forging one (issue 12 item 2, a06): the .git
 * file lies in the workspace and a gitdir, its gitdir and commondir
 * files can be made by the command in an earlier run wherever it may
 * write (/tmp), so none of them is trusted unless the command could not
 * have written them. */

#include "repometa-int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "escape.h"
#include "path.h"
#include "policy.h"
#include "util.h"

static void add_grant(struct repometa *m, const char *dir, const char *name, bool recursive,
		      unsigned allow, const char *repo, const char *gitdir)
{
	cleanup_free char *p = name ? path_join(dir, name) : xstrdup(dir);

	if (m->n_grants == m->cap_grants) {
		m->cap_grants = m->cap_grants ? 2 * m->cap_grants : 8;
		m->grants = xreallocarray(m->grants, m->cap_grants, sizeof(*m->grants));
	}
	m->grants[m->n_grants++] = (struct repometa_grant){
		steal_pointer(&p), recursive, allow, xstrdup(repo), xstrdup(gitdir), NULL
	};
}

void repometa_grant_outside(struct repometa *m, const char *dir, const char *gitdir)
{
	const unsigned rd = FSJ_CAPBIT(FSJ_CAP_READ), rw = rd | FSJ_CAPS_MODIFY;
	static const char *const common_rw[] = { "objects", "refs", "logs" };
	/* the files git writes there by lock file: config.lock only becomes
	 * config, HEAD.lock HEAD, through notify-gitcfg.c's check */
	static const char *const common_files[] = {
		"packed-refs", "packed-refs.lock", "packed-refs.new", "config.lock",
		"shallow", "shallow.lock", "HEAD", "HEAD.lock",
		"gc.pid", "gc.pid.lock", "gc.log", "gc.log.lock",
	};
	cleanup_free char *cdfile = NULL, *cd = NULL, *common = NULL, *wts = NULL, *up = NULL;
	cleanup_free char *backfile = NULL, *back = NULL, *backres = NULL, *dotgit = NULL;
	cleanup_free char *dotres = NULL;
	cleanup_free char *head = path_join(gitdir, "HEAD");
	struct stat st;

	/* git takes a folder for a gitdir only when it holds HEAD */
	if (!m->workspace || path_covers(m->workspace, gitdir) || lstat(head, &st) < 0)
		return;
	cdfile = path_join(gitdir, "commondir");
	cd = repometa_git_file(cdfile, "");
	common = cd ? repometa_abs(cd, gitdir, NULL) : NULL;
	/* git's own check (worktree.c): the gitdir names this .git file back */
	backfile = path_join(gitdir, "gitdir");
	back = repometa_gitdir_file(backfile);
	backres = back ? repometa_abs(back, gitdir, NULL) : NULL;
	dotgit = path_join(dir, ".git");
	dotres = path_resolve(dotgit);
	if (!common || !backres || !dotres || strcmp(backres, dotres) != 0)
		return;
	/* where git worktree add puts it: <common>/worktrees/<name>, with
	 * common a gitdir (repometa_add_grants() then checks that the
	 * command could not have written any of it) */
	wts = path_join(common, "worktrees");
	up = path_dirname(gitdir);
	if (strcmp(up, wts) != 0 || !repometa_is_gitdir(common)) {
		/* no grant; said when the policy is made */
		add_grant(m, gitdir, NULL, false, 0, dir, gitdir);
		m->grants[m->n_grants - 1].refused =
			"it is not COMMON/worktrees/NAME of a gitdir COMMON (its commondir), "
			"as git worktree add makes it";
		return;
	}
	add_grant(m, gitdir, NULL, true, rw, dir, gitdir);
	if (path_covers(m->workspace, common))
		return;
	add_grant(m, common, NULL, true, rd, dir, gitdir);
	for (size_t i = 0; i < 3; i++)
		add_grant(m, common, common_rw[i], true, rw, dir, gitdir);
	for (size_t i = 0; i < sizeof(common_files) / sizeof(common_files[0]); i++)
		add_grant(m, common, common_files[i], false, rw, dir, gitdir);
}

/* pol without the repository rules (they protect the very files checked,
 * so would hide that the command could write them otherwise). */
static struct fsj_policy *without_repo_rules(const struct fsj_policy *pol)
{
	struct fsj_policy *p = policy_new(pol->mode, pol->tier);

	free(p->workspace);
	p->workspace = pol->workspace ? xstrdup(pol->workspace) : NULL;
	p->darwin = pol->darwin;
	for (size_t i = 0; i < pol->n_rules; i++) {
		const char *id = pol->rules[i].id;

		if (!id || (strcmp(id, "repository-metadata") != 0 &&
			    strcmp(id, "repository-unsearched") != 0))
			policy_add_rule(p, &pol->rules[i]);
	}
	return p;
}

/* Why the gitdir (resolved) cannot be trusted under pol: a static
 * sentence, or NULL when the command could neither write, create nor
 * delete its gitdir and commondir files, the gitdir itself or the
 * worktrees folder holding it. */
static const char *forgeable(const struct fsj_policy *pol, const char *gitdir)
{
	static const struct {
		const char *name; /* NULL: gitdir itself; "..": worktrees/ */
		unsigned caps;
	} need[] = {
		{ "gitdir", FSJ_CAPS_MODIFY },
		{ "commondir", FSJ_CAPS_MODIFY },
		{ NULL, FSJ_CAPBIT(FSJ_CAP_CREATE) | FSJ_CAPBIT(FSJ_CAP_DELETE) },
		{ "..", FSJ_CAPBIT(FSJ_CAP_CREATE) | FSJ_CAPBIT(FSJ_CAP_DELETE) },
	};

	for (size_t i = 0; i < sizeof(need) / sizeof(need[0]); i++) {
		cleanup_free char *p = !need[i].name		     ? xstrdup(gitdir)
				       : strcmp(need[i].name, "..") == 0 ? path_dirname(gitdir)
									 : path_join(gitdir, need[i].name);

		/* p is resolved (gitdir is) */
		if (policy_allowed_mask(pol, p, NULL) & need[i].caps)
			return "the command may write its gitdir or commondir file or the "
			       "worktree folder, so could have forged it";
	}
	return NULL;
}

void repometa_add_grants(struct repometa *m, struct fsj_policy *pol)
{
	struct fsj_policy *bare = m->n_grants ? without_repo_rules(pol) : NULL;

	for (size_t i = 0; i < m->n_grants; i++) {
		const char *why = m->grants[i].refused ? m->grants[i].refused
						       : forgeable(bare, m->grants[i].gitdir);
		cleanup_free char *origin =
			xasprintf("what git needs for the linked worktree %s", m->grants[i].repo);
		struct fsj_rule r = {
			.id = (char *)"git-linked-worktree",
			.path = m->grants[i].path,
			.recursive = m->grants[i].recursive,
			.allow = m->grants[i].allow,
			.source = FSJ_SRC_BASELINE,
			.origin = origin,
		};

		m->grants[i].refused = why;
		if (why) {
			/* said once per worktree: its grants are consecutive */
			if (i == 0 || strcmp(m->grants[i - 1].gitdir, m->grants[i].gitdir) != 0) {
				cleanup_free char *shown = fsj_escape_term(m->grants[i].gitdir);

				fprintf(stderr, "fsjail: note: no git-linked-worktree grant for %s: %s\n",
					shown, why);
			}
			continue;
		}
		policy_add_rule(pol, &r);
	}
	if (bare)
		policy_free(bare);
}
