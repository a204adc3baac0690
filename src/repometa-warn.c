/* repometa-warn.c - after a run: the repositories and .git files the
 * command made, said and recorded (repometa-warn.h). */

#include "repometa-int.h"

#include <stdio.h>
#include <string.h>

#include "escape.h"
#include "path.h"
#include "repometa-warn.h"
#include "util.h"

/* Whether gitdir (resolved) lies where git puts a submodule's or a
 * linked worktree's own gitdir for the .git file in dir (resolved): in
 * the worktrees/ folder of a gitdir named .git, or in the modules/
 * folder of a gitdir named .git whose work tree holds dir. Any folder of
 * gitdir shape will not do (att10): a checkout's fixture may hold
 * modules/NAME with a hostile config, and git would run it; a checkout
 * cannot hold a folder named .git (git refuses the name), and one the
 * run made is named in the note of the repositories it made. */
static bool git_layout(const char *gitdir, const char *dir)
{
	cleanup_free char *cur = xstrdup(gitdir);
	char *slash;

	while ((slash = strrchr(cur, '/')) != NULL && slash != cur) {
		const char *base;
		bool wt;

		*slash = '\0';
		base = strrchr(cur, '/');
		base = base ? base + 1 : cur;
		wt = strcmp(base, "worktrees") == 0;
		if (wt || strcmp(base, "modules") == 0) {
			cleanup_free char *up = path_dirname(cur);
			cleanup_free char *top = up ? path_dirname(up) : NULL;
			const char *ub = up ? strrchr(up, '/') : NULL;

			if (ub && strcmp(ub + 1, ".git") == 0 && repometa_is_gitdir(up) &&
			    (wt || (top && path_covers(top, dir))))
				return true;
		}
	}
	return false;
}

/* A .git file in after that before did not have and that points git
 * elsewhere than git's own layouts (git_layout()): said on out (att9: a
 * command pointed a folder's git at a checkout's fixture gitdir, whose
 * config ran at the user's next git status there). */
static void warn_pointers(const struct repometa *before, const struct repometa *after, FILE *out,
			  planted_fn *rec)
{
	for (size_t i = 0; i < after->n; i++) {
		const char *p = after->v[i].path, *b = strrchr(p, '/');
		bool old = false;

		if (!b || strcmp(b + 1, ".git") != 0)
			continue;
		for (size_t k = 0; k < before->n && !old; k++)
			old = strcmp(before->v[k].path, p) == 0;
		if (old)
			continue;
		cleanup_free char *dir = path_dirname(p);
		cleanup_free char *target = repometa_git_file(p, "gitdir: ");
		cleanup_free char *gd = target && dir ? repometa_abs(target, dir, NULL) : NULL;
		cleanup_free char *res = gd ? path_resolve(gd) : NULL;
		cleanup_free char *dres = dir ? path_resolve(dir) : NULL;

		if (res && dres && git_layout(res, dres))
			continue;
		cleanup_free char *sp = fsj_escape_term(p), *sd = fsj_escape_term(dir);
		cleanup_free char *sg = fsj_escape_term(res ? res : "(unreadable)");
		fprintf(out, "fsjail: warning: the command made %s, which points git in %s at %s: "
			     "git there runs that folder's hooks and config; remove the file "
			     "unless you know that repository\n", sp, sd, sg);
		if (rec)
			rec(&(struct planted){ .kind = "git-pointer", .change = "made", .path = p,
					       .work_tree = dir, .target = res, .tool = "git",
					       .runs = "git there runs the hooks and config of the "
						       "folder it points at" });
	}
}

size_t repometa_warn_new(const struct repometa *before, const struct repometa *after, FILE *out,
			 planted_fn *rec)
{
	size_t n = 0;

	for (size_t i = 0; i < after->n_gitdirs; i++) {
		bool old = false;

		cleanup_free char *cdfile = path_join(after->gitdirs[i], "commondir");
		cleanup_free char *cd = repometa_git_file(cdfile, "");
		cleanup_free char *common = cd ? repometa_abs(cd, after->gitdirs[i], NULL) : NULL;

		/* old, or a linked worktree's gitdir of an old repository */
		for (size_t k = 0; k < before->n_gitdirs && !old; k++)
			old = strcmp(before->gitdirs[k], after->gitdirs[i]) == 0 ||
			      (common && strcmp(before->gitdirs[k], common) == 0);
		if (old)
			continue;
		if (n++ == 0)
			fprintf(out, "fsjail: note: the command made git repositories (the listener let "
				     "their config hold inert keys, hooks/ .sample files or the template's hooks):\n");
		cleanup_free char *shown = fsj_escape_term(after->gitdirs[i]);
		fprintf(out, "  %s\n", shown);
		if (rec) {
			const char *b = strrchr(after->gitdirs[i], '/');
			cleanup_free char *wt = b && strcmp(b + 1, ".git") == 0 ?
							path_dirname(after->gitdirs[i]) : NULL;

			rec(&(struct planted){ .kind = "repository", .change = "made",
					       .path = after->gitdirs[i], .work_tree = wt,
					       .new_work_tree = wt != NULL, .tool = "git",
					       .runs = "git runs its hooks and the programs its "
						       "config names" });
		}
	}
	warn_pointers(before, after, out, rec);
	return n;
}
