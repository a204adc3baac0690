/* repometa-warn-tree.c - after a run: the work trees whose git the
 * command pointed at hooks of its own, said and recorded
 * (repometa-warn-tree.h), for repometa-warn.c. */

#include "repometa-int.h"

#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "dirstream.h"
#include "escape.h"
#include "path.h"
#include "repometa-warn-tree.h"
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

void repometa_warn_pointers(const struct repometa *before, const struct repometa *after, FILE *out,
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

/* dir (absolute) is a folder, not a symbolic link, that holds an entry. */
static bool holds_entries(const char *dir)
{
	DIR *d = dir_stream(open(dir, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
	struct dirent *e;
	bool any = false;

	if (!d) {
		return false;
	}
	while (!any && (e = readdir(d)))
		any = strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0;
	closedir(d);
	return any;
}

/* p is a protected folder of before (as scanned at the start). */
static bool known(const struct repometa *before, const char *p)
{
	for (size_t k = 0; k < before->n; k++)
		if (before->v[k].recursive && strcmp(before->v[k].path, p) == 0)
			return true;
	return false;
}

void repometa_warn_hookspath(const struct repometa *before, const struct repometa *after, FILE *out,
			     planted_fn *rec)
{
	for (size_t i = 0; i < after->n; i++) {
		const struct repometa_path *e = &after->v[i];
		bool skip = !e->recursive || e->unsearched || !e->repo || known(before, e->path);

		/* a hooks/ of a gitdir (notify-newrepo.c keeps code out of one
		 * the run made), or husky's folder above its hooks folder */
		for (size_t g = 0; !skip && g < after->n_gitdirs; g++)
			skip = path_covers(after->gitdirs[g], e->path);
		for (size_t k = 0; !skip && k < after->n; k++) {
			const char *below = after->v[k].path;

			skip = k != i && after->v[k].recursive && path_covers(e->path, below) &&
			       strcmp(e->path, below) != 0;
		}
		if (skip || !holds_entries(e->path))
			continue;
		cleanup_free char *sp = fsj_escape_term(e->path), *sw = fsj_escape_term(e->repo);
		fprintf(out,
			"fsjail: warning: the command made the hooks folder %s of the work tree %s "
			"(core.hooksPath names it relative to each work tree): git there runs "
			"them at the next commit or checkout; remove it unless you know them\n",
			sp, sw);
		if (rec)
			rec(&(struct planted){ .kind = "hooks-folder",
					       .change = "made",
					       .path = e->path,
					       .work_tree = e->repo,
					       .tool = "git",
					       .runs = "git there runs the hooks in this folder "
						       "(core.hooksPath)" });
	}
}
