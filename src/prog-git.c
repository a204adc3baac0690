/* prog-git.c - git(1) in the program table (issue 12 item 7): the global
 * options lead to a subcommand; the repository is found from the working
 * directory (after -C) the way git's setup does, or from --git-dir; each
 * subcommand predicts its effects on the repository metadata (<gitdir>)
 * and on the work tree (the subcommands: prog-git-sub.c).
 *
 * What git writes inside <gitdir> (index.lock renamed over index, loose
 * objects, refs/..., logs/..., ORIG_HEAD) has names known only at run time:
 * those are unresolved create, write and delete in <gitdir>. `git config`
 * names its file, so that one is resolved. What git runs that is not
 * git - a hook present in <gitdir>/hooks, an editor, an alias, `-c` or
 * --exec-path, submodule, bisect run, rebase --exec - is opaque.
 *
 * Not known here, so unresolved with no known folder: the repository
 * after a GIT_* variable is assigned in the line (GIT_DIR, GIT_WORK_TREE,
 * GIT_INDEX_FILE, GIT_CONFIG_GLOBAL...; the caller's own environment is
 * not seen). The gitdir a .git file names (linked work tree, submodule)
 * is read from the file as git reads it, with a linked worktree's
 * commondir, when the file system is the real one. Not followed:
 * core.hooksPath and the other settings of the configuration files,
 * which are not read. */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "prog-git.h"
#include "path.h"
#include "util.h"

/* ---- repository ---------------------------------------------------------- */

const char *prog_git_join(struct git *g, const char *dir, const char *name)
{
	return arena_own(&g->a->ar, path_join(dir, name));
}

/* The small file at path (a .git file, commondir) as git reads it
 * (setup.c read_gitfile_gently()): trailing '\n' and '\r' cut, prefix
 * cut off the front, the value resolved against base; NULL when it is
 * not the real file system, the file is absent or larger than 4 KiB, or
 * the value is not a folder. */
static const char *git_small_file(struct git *g, const char *path, const char *prefix,
				  const char *base)
{
	cleanup_free char *buf = NULL, *norm = NULL, *res = NULL;
	size_t len = 0, n = strlen(prefix);

	if (g->a->o->fs.kind || read_file(path, 4096, &buf, &len) < 0)
		return NULL;
	len = strlen(buf);
	while (len > 0 && (buf[len - 1] == '\n' || buf[len - 1] == '\r'))
		buf[--len] = '\0';
	if (strncmp(buf, prefix, n) != 0 || buf[n] == '\0' ||
	    path_normalize(buf + n, strlen(buf + n), NULL, base, &norm) != PATH_OK ||
	    !(res = path_resolve(norm)) || effects_kind(g->a, res) != 2)
		return NULL;
	return arena_strdup(&g->a->ar, res);
}

/* git's discovery (setup.c setup_git_directory_gently): from the working
 * directory up, the first DIR/.git (a folder: the gitdir; a file: the
 * gitdir it names, with a linked worktree's commondir) or a folder that
 * is itself a bare repository (HEAD, objects/, refs/). */
static void git_discover(struct git *g)
{
	struct an *a = g->a;
	char *d;

	if (!g->c.cwd)
		return;
	d = xstrdup(g->c.cwd);
	for (;;) {
		const char *dotgit = prog_git_join(g, d, ".git");
		int k = effects_kind(a, dotgit);

		if (k == 0 && keyset_has(&a->made[1], dotgit, strlen(dotgit), NULL)) {
			/* git init DIR earlier in the line: DIR/.git is its gitdir */
			g->found = g->made = true;
			g->gitdir = dotgit;
			g->worktree = arena_strdup(&a->ar, d);
			break;
		}
		if (k != 0) {
			g->found = true;
			g->gitdir = k == 2 ? dotgit : git_small_file(g, dotgit, "gitdir: ", d);
			if (k == 1 && g->gitdir)
				g->common = git_small_file(
					g, prog_git_join(g, g->gitdir, "commondir"), "", g->gitdir);
			g->worktree = arena_strdup(&a->ar, d);
			break;
		}
		if (effects_kind(a, prog_git_join(g, d, "HEAD")) == 1 &&
		    effects_kind(a, prog_git_join(g, d, "objects")) == 2 &&
		    effects_kind(a, prog_git_join(g, d, "refs")) == 2) {
			g->found = true;
			g->gitdir = arena_strdup(&a->ar, d);
			break;
		}
		if (strcmp(d, "/") == 0)
			break;
		char *up = path_dirname(d);
		free(d);
		d = up;
	}
	free(d);
}

const char *prog_git_common(const struct git *g)
{
	return g->common ? g->common : g->gitdir;
}

/* The folder metadata effects are decided on: <gitdir>, else where git
 * would look for it (the working directory), else unknown (NULL). */
const char *prog_git_meta_dir(const struct git *g)
{
	if (g->gitdir)
		return g->gitdir;
	return g->found ? NULL : g->c.cwd;
}

const char *prog_git_tree_dir(const struct git *g)
{
	if (g->worktree)
		return g->worktree;
	return g->found ? NULL : g->c.cwd;
}

void prog_git_at(struct git *g, enum mode m, const char *p, const char *anchor)
{
	effects_emit_at(g->a, &g->c, m, p, anchor, g->s, g->e);
}

void prog_git_read_repo(struct git *g)
{
	if (g->gitdir)
		prog_git_at(g, M_READ, g->gitdir, NULL);
	else
		prog_git_at(g, M_READ, NULL, prog_git_meta_dir(g));
}

void prog_git_read_tree(struct git *g)
{
	if (g->worktree)
		prog_git_at(g, M_READ, g->worktree, NULL);
	else
		prog_git_at(g, M_READ, NULL, prog_git_tree_dir(g));
}

/* create, write and delete of names known at run time inside dir; for
 * a linked worktree's gitdir also in the objects, refs and logs of its
 * commondir, shared by every worktree */
void prog_git_churn(struct git *g, const char *dir)
{
	prog_git_at(g, M_CREATE, NULL, dir);
	prog_git_at(g, M_WRITE, NULL, dir);
	prog_git_at(g, M_DELETE, NULL, dir);
	if (dir && g->common && dir == g->gitdir) {
		static const char *const shared[] = { "objects", "refs", "logs" };
		for (size_t i = 0; i < sizeof(shared) / sizeof(shared[0]); i++) {
			const char *c = prog_git_join(g, g->common, shared[i]);
			prog_git_at(g, M_CREATE, NULL, c);
			prog_git_at(g, M_WRITE, NULL, c);
			prog_git_at(g, M_DELETE, NULL, c);
		}
	}
}

/* Hooks present and executable in <gitdir>/hooks run (githooks(5)):
 * execute on each, and its code is opaque. */
void prog_git_hooks(struct git *g, const char *names)
{
	char name[64];

	if (!names || !prog_git_common(g))
		return;
	while (*names) {
		size_t n = strcspn(names, " ");

		if (n > 0 && n < sizeof(name)) {
			memcpy(name, names, n);
			name[n] = '\0';
			const char *h = prog_git_join(g, prog_git_join(g, prog_git_common(g), "hooks"),
						      name);
			if (effects_executable(g->a, h)) {
				prog_git_at(g, M_EXECUTE, h, NULL);
				effects_opaque(g->a, g->iv->sh, g->s, g->e, g->c.prog);
			}
		}
		names += n;
		while (*names == ' ')
			names++;
	}
}

void prog_git_opaque(struct git *g)
{
	effects_opaque(g->a, g->iv->sh, g->s, g->e, g->c.prog);
}

/* A -c NAME=VALUE that only changes what git prints or records, never a
 * program or file it uses: colours, the author, advice, quoting. Any
 * other setting can name one (core.fsmonitor, core.pager, core.hooksPath,
 * alias.*, *.textconv, credential.helper...). Section and key names are
 * case-insensitive (git-config(1), "Syntax"). */
static bool git_harmless_setting(const struct word *w)
{
	static const char *const ok[] = { "color.", "user.name=", "user.email=", "advice.",
					  "core.quotepath=", "init.defaultbranch=", NULL };

	if (!w_literal(w))
		return false;
	for (size_t i = 0; ok[i]; i++)
		if (strncasecmp(w->lit, ok[i], strlen(ok[i])) == 0)
			return true;
	return false;
}

/* git [global options] SUBCOMMAND [ARGS] (git(1), OPTIONS). -c (but
 * for the settings git_harmless_setting() names) and --config-env set
 * configuration that can name programs git runs (core.fsmonitor,
 * core.pager, core.sshCommand, alias.*): opaque, as is --exec-path=DIR.
 * A global option not known here: opaque. */
void prog_git(struct an *a, struct inv *iv)
{
	static const char *const flags[] = {
		"no-pager", "paginate", "no-replace-objects", "literal-pathspecs",
		"glob-pathspecs", "noglob-pathspecs", "icase-pathspecs", "no-optional-locks",
		"no-lazy-fetch", "no-advice", "bare", NULL };
	struct git g = { .a = a, .iv = iv, .c = iv->c };
	const struct word *gitdir = NULL, *worktree = NULL;
	bool bare = false, opaque = false;
	size_t i = 1;

	prog_span(iv, 0, &g.s, &g.e);
	for (; i < iv->argc; i++) {
		struct word *w = iv->argv[i];
		const char *t = w->lit;

		if (!w_literal(w) || t[0] != '-')
			break;
		if (strcmp(t, "-C") == 0 && i + 1 < iv->argc) {
			const struct word *d = iv->argv[++i];
			/* git -C '' is the same directory */
			if (!w_is(d, ""))
				g.c.cwd = w_path_known(d) ? shword_path(a, g.c.cwd, d->lit, d->len) :
					NULL;
		} else if (strcmp(t, "-c") == 0 && i + 1 < iv->argc) {
			opaque = opaque || !git_harmless_setting(iv->argv[++i]);
		} else if (strcmp(t, "--config-env") == 0 && i + 1 < iv->argc) {
			i++;
			opaque = true;
		} else if (strncmp(t, "--config-env=", 13) == 0 ||
			   strncmp(t, "--exec-path=", 12) == 0) {
			opaque = true;
		} else if (strcmp(t, "--git-dir") == 0 && i + 1 < iv->argc) {
			gitdir = iv->argv[++i];
		} else if (strncmp(t, "--git-dir=", 10) == 0) {
			gitdir = shword_tail(a, w, 10);
		} else if (strcmp(t, "--work-tree") == 0 && i + 1 < iv->argc) {
			worktree = iv->argv[++i];
		} else if (strncmp(t, "--work-tree=", 12) == 0) {
			worktree = shword_tail(a, w, 12);
		} else if (strcmp(t, "--namespace") == 0 && i + 1 < iv->argc) {
			i++;
		} else if (strncmp(t, "--namespace=", 12) == 0) {
			continue;
		} else if (strcmp(t, "-p") == 0 || strcmp(t, "-P") == 0) {
			continue;
		} else if (t[1] == '-' && progopt_in_list(flags, t + 2, strlen(t + 2))) {
			bare = bare || strcmp(t, "--bare") == 0;
			g.no_locks = g.no_locks || strcmp(t, "--no-optional-locks") == 0;
		} else if (strcmp(t, "--version") == 0 || strcmp(t, "--help") == 0 ||
			   strcmp(t, "-h") == 0 || strcmp(t, "-v") == 0 ||
			   strcmp(t, "--exec-path") == 0 || strcmp(t, "--html-path") == 0 ||
			   strcmp(t, "--man-path") == 0 || strcmp(t, "--info-path") == 0) {
			return; /* prints and exits */
		} else {
			opaque = true;
		}
	}
	if (iv->sh->git_env) {
		/* GIT_DIR, GIT_WORK_TREE, GIT_INDEX_FILE, GIT_CONFIG...: the
		 * folders are not known */
		g.found = true;
	} else if (gitdir || bare) {
		g.found = true;
		if (gitdir && w_path_known(gitdir))
			g.gitdir = shword_path(a, g.c.cwd, gitdir->lit, gitdir->len);
		else if (!gitdir && g.c.cwd)
			g.gitdir = g.c.cwd;
		g.worktree = bare ? NULL : g.c.cwd;
	} else {
		git_discover(&g);
	}
	if (worktree)
		g.worktree = w_path_known(worktree) ?
			shword_path(a, g.c.cwd, worktree->lit, worktree->len) : NULL;
	if (opaque)
		prog_git_opaque(&g);
	if (i >= iv->argc)
		return; /* usage */
	g.argv = iv->argv + i;
	g.argc = iv->argc - i;
	prog_git_sub(&g);
}
