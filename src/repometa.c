/* repometa.c - the repository metadata fsjail protects (see repometa.h):
 * the walk and the rules. Git's own files are read in repometa-gitfile.c,
 * the linked-worktree grants are made in repometa-grant.c, what a run
 * made is said in repometa-warn.c.
 *
 * What is protected, for every gitdir found: hooks/ (existing or not: a
 * hook planted there is code the next git runs), config (it names hook
 * paths, fsmonitor, filters, aliases, pagers) and every file it includes
 * (include.path, includeIf.*.path, existing or not), config.worktree when
 * it exists or not (extensions.worktreeConfig may already be on), the
 * files of info/ that steer git, existing or not (attributes, exclude,
 * sparse-checkout, grafts; not info/refs, rewritten by every repack), or
 * info/ whole when it does not exist (a name under an absent folder cannot
 * be left to the listener, landlock-plan.c), the .git file of a linked
 * worktree or submodule (it says which gitdir, so which hooks and config,
 * git uses), commondir and gitdir in every gitdir (likewise, existing or
 * not; a linked worktree's .git file and administrative folder refuse
 * write and create but not delete, LINKED_DENY), the core.hooksPath folder (existing or not), and what makes git's
 * discovery take the gitdir for one (setup.c is_git_directory()): HEAD
 * (changed only through git's checked HEAD.lock rename, notify-gitcfg.c)
 * and the objects/ and refs/ folders themselves (not what they hold).
 * Everything else (objects and refs inside, index, logs, packed-refs,
 * ORIG_HEAD) stays as the workspace grants it.
 * A gitdir is any folder git takes for one (a valid HEAD, objects and refs
 * it may enter, through commondir), not only one named .git: git finds a
 * bare repository by that shape. */

#include "repometa-int.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "dirstream.h"
#include "path.h"
#include "policy.h"
#include "repometa-cache.h"
#include "util.h"

/* The files of info/ protected: attributes (picks filter and diff
 * drivers), exclude and sparse-checkout (what git shows and checks out),
 * grafts (history). */
static const char *const info_files[] = { "info/attributes", "info/exclude",
					  "info/sparse-checkout", "info/grafts" };

/* Deepest modules/ nesting followed (submodules of submodules). */
#define REPOMETA_MODULES_DEPTH 6

void repometa_add_path(struct repometa *m, const char *path, bool recursive, unsigned deny,
		       const char *repo)
{
	for (size_t i = 0; i < m->n; i++)
		if (strcmp(m->v[i].path, path) == 0) {
			m->v[i].deny |= deny;
			m->v[i].recursive |= recursive;
			return;
		}
	if (m->n == m->cap) {
		m->cap = m->cap ? 2 * m->cap : 16;
		m->v = xreallocarray(m->v, m->cap, sizeof(*m->v));
	}
	m->v[m->n++] = (struct repometa_path){ xstrdup(path), recursive, xstrdup(repo), false, deny, false };
}

static void add_child(struct repometa *m, const char *dir, const char *name, bool recursive,
		      bool only_existing, const char *repo, unsigned deny)
{
	cleanup_free char *p = path_join(dir, name);
	struct stat st;

	if (!only_existing || lstat(p, &st) == 0)
		repometa_add_path(m, p, recursive, deny, repo);
}

/* What a linked worktree's .git file and its administrative folder
 * (<common>/worktrees/<id>/) refuse: write and create, not delete. A
 * delete only unmakes a worktree (git worktree remove and prune delete
 * them all), and what it leaves cannot be made again pointing elsewhere
 * (create stays refused; a .git file the listener makes again with its
 * start-of-run bytes, notify-gitfile.c), so no name can come to point git
 * at other config or hooks. */
#define LINKED_DENY (FSJ_CAPBIT(FSJ_CAP_WRITE) | FSJ_CAPBIT(FSJ_CAP_CREATE))

/* Mark gitdir (resolved) seen; false when it already was. */
static bool first_visit(struct repometa *m, const char *gitdir)
{
	for (size_t i = 0; i < m->n_gitdirs; i++)
		if (strcmp(m->gitdirs[i], gitdir) == 0)
			return false;
	if (m->n_gitdirs == m->cap_gitdirs) {
		m->cap_gitdirs = m->cap_gitdirs ? 2 * m->cap_gitdirs : 8;
		m->gitdirs = xreallocarray(m->gitdirs, m->cap_gitdirs, sizeof(*m->gitdirs));
	}
	m->gitdirs[m->n_gitdirs++] = xstrdup(gitdir);
	return true;
}

/* dir (absolute) is husky's (v9) hook folder: named "_", holding the
 * script h that each of its hooks sources and that runs the hook of the
 * same name from the folder above (`sh -e DIR/../NAME`). */
static bool husky_hooks(const char *dir)
{
	cleanup_free char *h = NULL;
	const char *b = strrchr(dir, '/');
	struct stat st;

	if (!b || strcmp(b, "/_") != 0)
		return false;
	h = path_join(dir, "h");
	return lstat(h, &st) == 0 && S_ISREG(st.st_mode);
}

/* Protect the folder a core.hooksPath value names, relative to the work
 * tree (git runs hooks there), and for husky's (.husky/_) the folder
 * above it too, where the hooks' bodies are (.husky/pre-commit; att13). */
static void add_hookspath(struct repometa *m, const char *value, const char *worktree,
			  const char *home, const char *repo)
{
	cleanup_free char *dir = NULL, *up = NULL;

	if (!value || (value[0] != '/' && value[0] != '~' && !worktree))
		return;
	dir = repometa_abs(value, worktree ? worktree : "/", home);
	if (!dir)
		return;
	repometa_add_path(m, dir, true, FSJ_CAPS_MODIFY, repo);
	if (husky_hooks(dir) && (up = path_dirname(dir)) && strcmp(up, "/") != 0)
		repometa_add_path(m, up, true, FSJ_CAPS_MODIFY, repo);
}

static void visit_gitdir(struct repometa *m, const char *gitdir, const char *worktree,
			 const char *home, unsigned depth);

/* modules/ of a gitdir: every folder holding HEAD is a submodule's
 * gitdir; names may hold slashes, so other folders are searched on. */
static void visit_modules(struct repometa *m, const char *dir, const char *home, unsigned depth)
{
	DIR *d;
	struct dirent *e;

	if (depth > REPOMETA_MODULES_DEPTH)
		return;
	d = dir_stream(open(dir, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
	if (!d)
		return;
	while ((e = readdir(d))) {
		cleanup_free char *sub = NULL, *head = NULL;
		struct stat st;

		if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
			continue;
		sub = path_join(dir, e->d_name);
		if (lstat(sub, &st) < 0 || !S_ISDIR(st.st_mode))
			continue;
		head = path_join(sub, "HEAD");
		if (lstat(head, &st) == 0)
			visit_gitdir(m, sub, NULL, home, depth + 1);
		else
			visit_modules(m, sub, home, depth + 1);
	}
	closedir(d);
}

/* Whether gitdir is <common>/worktrees/<id> (both resolved): a linked
 * worktree's administrative folder. */
static bool linked_admin(const char *gitdir, const char *common)
{
	cleanup_free char *parent = path_dirname(gitdir);
	cleanup_free char *wts = path_join(common, "worktrees");

	return parent && strcmp(parent, wts) == 0;
}

/* worktrees/<id>/ of a common gitdir: each names, in its gitdir file, the
 * .git file of a linked worktree (wherever that lies). */
static void visit_worktrees(struct repometa *m, const char *common, const char *home,
			    unsigned depth)
{
	cleanup_free char *dir = path_join(common, "worktrees");
	DIR *d;
	struct dirent *e;
	int fd = open(dir, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);

	if (fd < 0 || !(d = fdopendir(fd))) {
		if (fd >= 0)
			close(fd);
		return;
	}
	while ((e = readdir(d))) {
		cleanup_free char *wt = NULL, *gfile = NULL, *dotgit = NULL, *top = NULL;

		if (e->d_name[0] == '.')
			continue;
		wt = path_join(dir, e->d_name);
		gfile = path_join(wt, "gitdir");
		dotgit = repometa_gitdir_file(gfile);
		if (dotgit && dotgit[0] == '/') {
			top = path_dirname(dotgit);
			repometa_add_path(m, dotgit, false, LINKED_DENY, top);
		}
		visit_gitdir(m, wt, top, home, depth + 1);
	}
	closedir(d);
}

/* One gitdir (resolved): its metadata, its commondir, its submodules and
 * linked worktrees. worktree may be NULL (a submodule's gitdir reached
 * through modules/). */
static void visit_gitdir(struct repometa *m, const char *gitdir, const char *worktree,
			 const char *home, unsigned depth)
{
	const char *repo = worktree ? worktree : gitdir;
	cleanup_free char *cfg = NULL, *cfgwt = NULL, *hp = NULL, *hpwt = NULL;
	cleanup_free char *cdfile = NULL, *cd = NULL, *common = NULL, *modules = NULL;
	cleanup_free char *hooks = NULL, *info = NULL;
	struct stat st;
	unsigned deny;

	cleanup_free char *head = path_join(gitdir, "HEAD");

	/* git takes a folder for a gitdir only when it holds HEAD */
	if (depth > REPOMETA_MODULES_DEPTH + 2 || lstat(head, &st) < 0 || !first_visit(m, gitdir))
		return;
	cdfile = path_join(gitdir, "commondir");
	cd = repometa_git_file(cdfile, "");
	common = cd ? repometa_abs(cd, gitdir, NULL) : NULL;
	deny = common && linked_admin(gitdir, common) ? LINKED_DENY : FSJ_CAPS_MODIFY;
	/* A linked worktree's own gitdir: git reads hooks and info from the
	 * common dir, config.worktree from here. */
	hooks = path_join(gitdir, "hooks");
	if (!common || lstat(hooks, &st) == 0)
		repometa_add_path(m, hooks, true, deny, repo);
	add_child(m, gitdir, "config", false, common != NULL, repo, deny);
	/* commondir and gitdir name the folder whose config and hooks git
	 * reads (a linked worktree's own gitdir has both): existing or not */
	add_child(m, gitdir, "commondir", false, false, repo, deny);
	add_child(m, gitdir, "gitdir", false, false, repo, deny);
	add_child(m, gitdir, "config.worktree", false, false, repo, deny);
	/* what makes git take this folder for a gitdir (setup.c
	 * is_git_directory()): a HEAD git rejects, and git's discovery
	 * walks on to the parent, where a gitdir shape planted by the
	 * command (a03) would supply config and hooks. HEAD is only changed
	 * by git's HEAD.lock rename, which notify-gitcfg.c checks; a HEAD
	 * outside a gitdir cannot be made (nj_discovery_ok()). objects/ and
	 * refs/ are not protected as folders: a deny on a folder but not
	 * its entries has no mount mask and would expand the workspace and
	 * every folder above it (new entries unreachable); without them
	 * git also walks on, to folders where HEAD cannot be made. */
	add_child(m, gitdir, "HEAD", false, false, repo, deny);
	for (size_t i = m->n; i-- > 0;)
		if (strcmp(m->v[i].path, head) == 0 && !m->v[i].recursive)
			m->v[i].head = true;
	/* info/: what it holds that steers git, not info/refs, which every
	 * repack rewrites (repack.updateServerInfo); git reads a linked
	 * worktree's from the common dir */
	info = path_join(gitdir, "info");
	if (lstat(info, &st) == 0 && S_ISDIR(st.st_mode)) {
		for (size_t i = 0; i < sizeof(info_files) / sizeof(info_files[0]); i++)
			add_child(m, gitdir, info_files[i], false, common != NULL, repo, deny);
	} else if (!common || lstat(info, &st) == 0) {
		repometa_add_path(m, info, true, deny, repo);
	}
	cfg = path_join(gitdir, "config");
	cfgwt = path_join(gitdir, "config.worktree");
	hp = repometa_config_read(cfg, home, m, repo);
	hpwt = repometa_config_read(cfgwt, home, m, repo);
	add_hookspath(m, hp, worktree, home, repo);
	add_hookspath(m, hpwt, worktree, home, repo);
	if (common) {
		cleanup_free char *chp = NULL, *ccfg = path_join(common, "config");

		chp = repometa_config_read(ccfg, home, m, repo);
		add_hookspath(m, chp, worktree, home, repo);
		visit_gitdir(m, common, NULL, home, depth + 1);
	}
	modules = path_join(gitdir, "modules");
	visit_modules(m, modules, home, depth);
	visit_worktrees(m, gitdir, home, depth);
}

/* dir/.git (dir is a work tree top): a folder is the gitdir; a file says
 * "gitdir: X" (a linked worktree or an absorbed submodule). */
static void visit_dotgit(struct repometa *m, const char *dir, const char *home)
{
	cleanup_free char *dotgit = path_join(dir, ".git"), *target = NULL, *gitdir = NULL;
	struct stat st;

	if (lstat(dotgit, &st) < 0)
		return;
	if (S_ISDIR(st.st_mode)) {
		gitdir = path_resolve(dotgit);
	} else if (S_ISREG(st.st_mode)) {
		/* a linked worktree's or absorbed submodule's: see LINKED_DENY */
		repometa_add_path(m, dotgit, false, LINKED_DENY, dir);
		target = repometa_git_file(dotgit, "gitdir: ");
		gitdir = target ? repometa_abs(target, dir, NULL) : NULL;
		if (gitdir)
			repometa_grant_outside(m, dir, gitdir);
	}
	if (gitdir)
		visit_gitdir(m, gitdir, dir, home, 0);
}

void repometa_visit_folder(struct repometa *m, const char *dir, const char *home)
{
	visit_dotgit(m, dir, home);
	/* a folder shaped as a gitdir is one, whatever its name */
	if (repometa_is_gitdir(dir)) {
		cleanup_free char *gd = path_resolve(dir);

		if (gd)
			visit_gitdir(m, gd, NULL, home, 0);
	}
}

/* The scan of repometa_scan_read() with old (linked, may be NULL) as
 * the previous walk's record; keep: repometa_scan_keep() at the end. */
static void scan(const char *workspace, const char *home, const char *state_dir,
		 const struct repometa_cache *old, bool keep, struct repometa *out)
{
	static const char *const global[] = { "/etc/gitconfig" };
	cleanup_free char *top = NULL;
	size_t n_repos;

	memset(out, 0, sizeof(*out));
	if (!workspace || workspace[0] != '/')
		return;
	out->workspace = xstrdup(workspace);
	out->state_dir = state_dir ? xstrdup(state_dir) : NULL;
	/* the repository whose work tree holds the workspace */
	top = repometa_find_top(workspace, home);
	if (top && strcmp(top, workspace) != 0)
		visit_dotgit(out, top, home);
	out->cache = repometa_cache_new(workspace);
	/* a walk cut short by its budget holds a folder half read */
	if (old && !old->complete)
		old = NULL;
	repometa_walk(out, workspace, home, old, out->cache);
	repometa_cache_link(out->cache);
	out->cache->changed = out->cache->changed || !old || old->n != out->cache->n;
	if (keep)
		repometa_scan_keep(out);
	/* core.hooksPath from the global and system config, for every
	 * repository found (a relative one is relative to each work tree) */
	n_repos = out->n;
	for (int g = 0; g < 3; g++) {
		cleanup_free char *file = NULL, *val = NULL;
		const char *xdg = getenv("XDG_CONFIG_HOME");

		if (g == 0 && home)
			file = path_join(home, ".gitconfig");
		else if (g == 1 && xdg && xdg[0] == '/')
			file = xasprintf("%s/git/config", xdg);
		else if (g == 1 && home)
			file = path_join(home, ".config/git/config");
		else if (g == 2)
			file = xstrdup(global[0]);
		if (!file || !(val = repometa_config_read(file, home, out, file)))
			continue;
		for (size_t i = 0; i < n_repos; i++) {
			cleanup_free char *repo = NULL;

			if (out->v[i].unsearched)
				continue;
			repo = xstrdup(out->v[i].repo);

			if (val[0] == '/' || val[0] == '~')
				add_hookspath(out, val, NULL, home, file);
			else
				add_hookspath(out, val, repo, home, repo);
		}
	}
	/* git's global config where the environment moves it, out of the
	 * baseline's ~/.config/git and ~/.gitconfig (att7): a file or folder,
	 * or nothing yet (GIT_CONFIG_GLOBAL=/dev/null, as tests set, is none) */
	for (int g = 0; g < 2; g++) {
		const char *v = getenv(g ? "GIT_CONFIG_GLOBAL" : "XDG_CONFIG_HOME");
		cleanup_free char *p =
			v && v[0] == '/' ? xasprintf("%s%s", v, g ? "" : "/git") : NULL;
		cleanup_free char *abs = p ? repometa_abs(p, "/", home) : NULL;
		struct stat st;

		if (abs && (stat(abs, &st) < 0 ? errno == ENOENT
					       : (g ? S_ISREG(st.st_mode) : S_ISDIR(st.st_mode))))
			repometa_add_path(out, abs, g == 0, FSJ_CAPS_MODIFY, abs);
	}
}

void repometa_scan(const char *workspace, const char *home, struct repometa *out)
{
	scan(workspace, home, NULL, NULL, false, out);
}

void repometa_scan_read(const char *workspace, const char *home, const char *state_dir,
			struct repometa *out)
{
	struct repometa_cache *old = NULL;

	if (state_dir && workspace && workspace[0] == '/')
		old = repometa_cache_load(state_dir, workspace);
	scan(workspace, home, state_dir, old, false, out);
	repometa_cache_free(old);
}

void repometa_scan_keep(const struct repometa *m)
{
	if (m->state_dir && m->cache && m->cache->complete && m->cache->changed)
		(void)repometa_cache_save(m->cache, m->state_dir);
}

void repometa_release(struct repometa *m)
{
	repometa_cache_free(m->cache);
	free(m->state_dir);
	for (size_t i = 0; i < m->n; i++) {
		free(m->v[i].path);
		free(m->v[i].repo);
	}
	for (size_t i = 0; i < m->n_gitdirs; i++)
		free(m->gitdirs[i]);
	for (size_t i = 0; i < m->n_grants; i++) {
		free(m->grants[i].path);
		free(m->grants[i].repo);
		free(m->grants[i].gitdir);
	}
	free(m->grants);
	free(m->workspace);
	free(m->v);
	free(m->gitdirs);
	memset(m, 0, sizeof(*m));
}

bool repometa_searched_all(const struct repometa *m)
{
	if (!m || m->budget_hit || m->depth_hit)
		return false;
	for (size_t i = 0; i < m->n; i++)
		if (m->v[i].unsearched)
			return false;
	return true;
}

void repometa_rescan(const struct repometa *before, const char *workspace, const char *home,
		     struct repometa *after)
{
	/* the walk of the run's start stands in for the folders the
	 * command did not change */
	scan(workspace, home, before->state_dir,
	     before->workspace && strcmp(before->workspace, workspace) == 0 ? before->cache : NULL,
	     true, after);
}
