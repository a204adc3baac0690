/* repometa.c - the repository metadata fsjail protects (see repometa.h).
 *
 * What is protected, for every gitdir found: hooks/ (existing or not: a
 * hook planted there is code the next git runs), config (it names hook
 * paths, fsmonitor, filters, aliases, pagers), config.worktree when it
 * exists (an absent config.worktree is read only when config,
 * protected, turns extensions.worktreeConfig on), the files of info/ that
 * steer git when they exist (attributes, exclude, sparse-checkout, grafts:
 * none runs code, an absent info/attributes can only pick drivers a
 * protected config defines, as the writable .gitattributes can; not
 * info/refs, rewritten by every repack), the .git file of a linked worktree or
 * submodule (it says which gitdir, so which hooks and config, git uses),
 * commondir and gitdir in every gitdir (likewise, existing or not),
 * and the core.hooksPath
 * folder (existing or not). Everything else (objects, refs, index, logs,
 * HEAD, packed-refs, ORIG_HEAD) stays as the workspace grants it. */

#include "repometa.h"
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

#include "escape.h"
#include "path.h"
#include "policy.h"
#include "util.h"

/* Largest .git file, commondir, gitdir or git config file read. */
#define REPOMETA_FILE_MAX (256u * 1024u)
/* The files of info/ protected: attributes (picks filter and diff
 * drivers), exclude and sparse-checkout (what git shows and checks out),
 * grafts (history). */
static const char *const info_files[] = { "info/attributes", "info/exclude",
					  "info/sparse-checkout", "info/grafts" };

/* Deepest modules/ nesting followed (submodules of submodules). */
#define REPOMETA_MODULES_DEPTH 6

static void add_path(struct repometa *m, const char *path, bool recursive, const char *repo)
{
	for (size_t i = 0; i < m->n; i++)
		if (strcmp(m->v[i].path, path) == 0)
			return;
	if (m->n == m->cap) {
		m->cap = m->cap ? 2 * m->cap : 16;
		m->v = xreallocarray(m->v, m->cap, sizeof(*m->v));
	}
	m->v[m->n++] = (struct repometa_path){ xstrdup(path), recursive, xstrdup(repo) };
}

static void add_child(struct repometa *m, const char *dir, const char *name, bool recursive,
		      bool only_existing, const char *repo)
{
	cleanup_free char *p = path_join(dir, name);
	struct stat st;

	if (!only_existing || lstat(p, &st) == 0)
		add_path(m, p, recursive, repo);
}

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

/* The first line of the small file at path with prefix (may be "") cut
 * off and trailing white space removed; NULL when unreadable or absent. */
static char *first_line(const char *path, const char *prefix)
{
	cleanup_free char *buf = NULL;
	size_t len = 0, n = strlen(prefix);
	char *nl;

	if (read_file(path, REPOMETA_FILE_MAX, &buf, &len) < 0 || memchr(buf, '\0', len))
		return NULL;
	nl = strchr(buf, '\n');
	if (nl)
		*nl = '\0';
	len = strlen(buf);
	while (len > 0 && isspace((unsigned char)buf[len - 1]))
		buf[--len] = '\0';
	if (strncmp(buf, prefix, n) != 0 || buf[n] == '\0')
		return NULL;
	return xstrdup(buf + n);
}

/* rel against base (both may be relative to base), normalised and
 * resolved; NULL when it cannot be. */
static char *absolute(const char *rel, const char *base, const char *home)
{
	cleanup_free char *norm = NULL;

	if (path_normalize(rel, strlen(rel), home, base, &norm) != PATH_OK)
		return NULL;
	return path_resolve(norm);
}

/* The value of core.hooksPath in the git config file at path (the last
 * one wins, as in git), or NULL. A minimal reader: section headers,
 * "key = value" lines, quotes, backslash escapes and comments; include
 * directives are not followed (say so in the report). */
static char *config_hookspath(const char *path)
{
	cleanup_free char *buf = NULL;
	size_t len = 0;
	bool in_core = false;
	char *found = NULL, *line, *save = NULL;

	if (read_file(path, REPOMETA_FILE_MAX, &buf, &len) < 0 || memchr(buf, '\0', len))
		return NULL;
	for (line = strtok_r(buf, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		struct strbuf val = STRBUF_INIT;
		bool quoted = false;
		char *p = line, *eq;

		while (isspace((unsigned char)*p))
			p++;
		if (*p == '[') {
			char *end = strchr(p, ']');
			size_t n = end ? (size_t)(end - p - 1) : 0;
			/* [core] only: [core "x"] is another section */
			in_core = end && n == 4 && strncasecmp(p + 1, "core", 4) == 0;
			p = end ? end + 1 : p + strlen(p);
			while (isspace((unsigned char)*p))
				p++;
			if (!*p || *p == '#' || *p == ';')
				continue;
		}
		if (!in_core || strncasecmp(p, "hookspath", 9) != 0)
			continue;
		eq = p + 9;
		while (*eq == ' ' || *eq == '\t')
			eq++;
		if (*eq != '=')
			continue;
		for (p = eq + 1; *p == ' ' || *p == '\t'; p++)
			;
		for (; *p; p++) {
			if (*p == '"') {
				quoted = !quoted;
			} else if (*p == '\\' && p[1]) {
				p++;
				sb_addc(&val, *p == 't' ? '\t' : *p == 'n' ? '\n' : *p);
			} else if (!quoted && (*p == '#' || *p == ';')) {
				break;
			} else {
				sb_addc(&val, *p);
			}
		}
		while (val.len > 0 && isspace((unsigned char)val.buf[val.len - 1]))
			val.buf[--val.len] = '\0';
		free(found);
		found = val.len ? sb_detach(&val) : NULL;
		sb_release(&val);
	}
	return found;
}

/* Protect the folder a core.hooksPath value names, relative to the work
 * tree (git runs hooks there). */
static void add_hookspath(struct repometa *m, const char *value, const char *worktree,
			  const char *home, const char *repo)
{
	cleanup_free char *dir = NULL;

	if (!value || (value[0] != '/' && value[0] != '~' && !worktree))
		return;
	dir = absolute(value, worktree ? worktree : "/", home);
	if (dir)
		add_path(m, dir, true, repo);
}

static void visit_gitdir(struct repometa *m, const char *gitdir, const char *worktree,
			 const char *home, unsigned depth);

/* modules/ of a gitdir: every folder holding HEAD is a submodule's
 * gitdir; names may hold slashes, so other folders are searched on. */
static void visit_modules(struct repometa *m, const char *dir, const char *home, unsigned depth)
{
	DIR *d;
	struct dirent *e;
	int fd;

	if (depth > REPOMETA_MODULES_DEPTH)
		return;
	fd = open(dir, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0 || !(d = fdopendir(fd))) {
		if (fd >= 0)
			close(fd);
		return;
	}
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
		dotgit = first_line(gfile, "");
		if (dotgit && dotgit[0] == '/') {
			top = path_dirname(dotgit);
			add_path(m, dotgit, false, top);
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
	cleanup_free char *hooks = NULL;
	struct stat st;

	cleanup_free char *head = path_join(gitdir, "HEAD");

	/* git takes a folder for a gitdir only when it holds HEAD */
	if (depth > REPOMETA_MODULES_DEPTH + 2 || lstat(head, &st) < 0 || !first_visit(m, gitdir))
		return;
	cdfile = path_join(gitdir, "commondir");
	cd = first_line(cdfile, "");
	common = cd ? absolute(cd, gitdir, NULL) : NULL;
	/* A linked worktree's own gitdir: git reads hooks and info from the
	 * common dir, config.worktree from here. */
	hooks = path_join(gitdir, "hooks");
	if (!common || lstat(hooks, &st) == 0)
		add_path(m, hooks, true, repo);
	add_child(m, gitdir, "config", false, common != NULL, repo);
	/* commondir and gitdir name the folder whose config and hooks git
	 * reads (a linked worktree's own gitdir has both): existing or not */
	add_child(m, gitdir, "commondir", false, false, repo);
	add_child(m, gitdir, "gitdir", false, false, repo);
	add_child(m, gitdir, "config.worktree", false, true, repo);
	/* info/: what it holds that steers git, not info/refs, which every
	 * repack rewrites (repack.updateServerInfo) */
	for (size_t i = 0; i < sizeof(info_files) / sizeof(info_files[0]); i++)
		add_child(m, gitdir, info_files[i], false, true, repo);
	cfg = path_join(gitdir, "config");
	cfgwt = path_join(gitdir, "config.worktree");
	hp = config_hookspath(cfg);
	hpwt = config_hookspath(cfgwt);
	add_hookspath(m, hp, worktree, home, repo);
	add_hookspath(m, hpwt, worktree, home, repo);
	if (common) {
		cleanup_free char *chp = NULL, *ccfg = path_join(common, "config");

		chp = config_hookspath(ccfg);
		add_hookspath(m, chp, worktree, home, repo);
		visit_gitdir(m, common, NULL, home, depth + 1);
	}
	modules = path_join(gitdir, "modules");
	visit_modules(m, modules, home, depth);
	visit_worktrees(m, gitdir, home, depth);
}

/* See repometa-int.h: a folder is the gitdir; a file says "gitdir: X" (a
 * linked worktree or an absorbed submodule). */
bool repometa_visit_dotgit(struct repometa *m, const char *dir, const char *home)
{
	cleanup_free char *dotgit = path_join(dir, ".git"), *target = NULL, *gitdir = NULL;
	struct stat st;

	if (lstat(dotgit, &st) < 0)
		return false;
	if (S_ISDIR(st.st_mode)) {
		gitdir = path_resolve(dotgit);
	} else if (S_ISREG(st.st_mode)) {
		add_path(m, dotgit, false, dir);
		target = first_line(dotgit, "gitdir: ");
		gitdir = target ? absolute(target, dir, NULL) : NULL;
	}
	if (gitdir)
		visit_gitdir(m, gitdir, dir, home, 0);
	return true;
}

/* repometa_scan(), the walk reusing what prev (may be NULL) read */
static void scan(const char *workspace, const char *home, struct repometa *out,
		 const struct repometa *prev)
{
	static const char *const global[] = { "/etc/gitconfig" };
	cleanup_free char *top = NULL;
	size_t n_repos;

	memset(out, 0, sizeof(*out));
	if (!workspace || workspace[0] != '/')
		return;
	/* the repository whose work tree holds the workspace */
	top = repometa_find_top(workspace, home);
	if (top && strcmp(top, workspace) != 0)
		(void)repometa_visit_dotgit(out, top, home);
	repometa_walk(out, workspace, home, prev);
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
		if (!file || !(val = config_hookspath(file)))
			continue;
		for (size_t i = 0; i < n_repos; i++) {
			cleanup_free char *repo = xstrdup(out->v[i].repo);

			if (val[0] == '/' || val[0] == '~')
				add_hookspath(out, val, NULL, home, file);
			else
				add_hookspath(out, val, repo, home, repo);
		}
	}
}

void repometa_scan(const char *workspace, const char *home, const char *cache_dir,
		   struct repometa *out)
{
	struct repometa prev;
	bool have = repometa_cache_load(cache_dir, workspace, &prev);

	scan(workspace, home, out, have ? &prev : NULL);
	if (have)
		repometa_release(&prev);
}


void repometa_release(struct repometa *m)
{
	for (size_t i = 0; i < m->n_dirs; i++)
		free(m->dirs[i].path);
	free(m->dirs);
	for (size_t i = 0; i < m->n; i++) {
		free(m->v[i].path);
		free(m->v[i].repo);
	}
	for (size_t i = 0; i < m->n_gitdirs; i++)
		free(m->gitdirs[i]);
	free(m->v);
	free(m->gitdirs);
	memset(m, 0, sizeof(*m));
}

void repometa_add_rules(const struct repometa *m, struct fsj_policy *pol)
{
	for (size_t i = 0; i < m->n; i++) {
		cleanup_free char *origin = xasprintf("repository metadata of %s", m->v[i].repo);
		struct fsj_rule r = {
			.id = (char *)"repository-metadata",
			.path = m->v[i].path,
			.recursive = m->v[i].recursive,
			.deny = FSJ_CAPS_MODIFY,
			.source = FSJ_SRC_PROTECTED,
			.origin = origin,
		};

		policy_add_rule(pol, &r);
	}
}

char *repometa_find_top(const char *dir, const char *home)
{
	cleanup_free char *cur = xstrdup(dir);
	cleanup_free char *stop = home ? path_dirname(home) : NULL;
	struct stat st;
	dev_t dev;

	if (dir[0] != '/' || stat(dir, &st) < 0)
		return NULL;
	dev = st.st_dev;
	for (;;) {
		cleanup_free char *dotgit = path_join(cur, ".git");
		char *up;

		if (stop && strcmp(cur, stop) == 0)
			return NULL;
		if (lstat(dotgit, &st) == 0 && (S_ISDIR(st.st_mode) || S_ISREG(st.st_mode)))
			return steal_pointer(&cur);
		if (strcmp(cur, "/") == 0)
			return NULL;
		up = path_dirname(cur);
		if (stat(up, &st) < 0 || st.st_dev != dev) {
			free(up);
			return NULL;
		}
		free(cur);
		cur = up;
	}
}

size_t repometa_warn_new(const struct repometa *before, const char *workspace, const char *home,
			 const char *cache_dir, FILE *out)
{
	struct repometa after = { 0 };
	size_t n = 0;

	/* only the folders whose entries changed are read again */
	scan(workspace, home, &after, before);
	repometa_save(&after, cache_dir);
	for (size_t i = 0; i < after.n_gitdirs; i++) {
		bool old = false;

		for (size_t k = 0; k < before->n_gitdirs && !old; k++)
			old = strcmp(before->gitdirs[k], after.gitdirs[i]) == 0;
		if (old)
			continue;
		if (n++ == 0)
			fprintf(out, "fsjail: note: the command made git repositories; their hooks and "
				     "config are its own, not checked: look before running git there\n");
		cleanup_free char *shown = fsj_escape_term(after.gitdirs[i]);
		fprintf(out, "  %s\n", shown);
	}
	repometa_release(&after);
	return n;
}
