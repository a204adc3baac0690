/* notify-gitcfg-check.c - which bytes git may land over a protected
 * <gitdir>/HEAD or <gitdir>/config (notify-gitcfg.c performs the rename):
 * for HEAD gitcfg_head_ok(), for config gitcfg_change_ok(), which in a
 * submodule's gitdir also takes a removed core.worktree (git submodule
 * deinit) or one naming a folder of the superproject's work tree
 * (submodule_worktree_ok(), git23). */
#ifdef __linux__
#include <ctype.h>
#include <string.h>
#include <strings.h>

#include "gitcfg.h"
#include "notify-gitcfg-check.h"
#include "notify-int.h"
#include "notify-worktree.h"
#include "path.h"
#include "util.h"

/* The config a core.worktree value is checked for: a submodule's gitdir
 * (<top>/.git/modules/...) and the policy. */
struct wt_check {
	const struct fsj_policy *pol;
	const char *gitdir; /* resolved */
};

/* rel ("/a/b", the part of a path below a folder) has a component
 * ".git", any case. */
static bool has_dotgit(const char *rel)
{
	for (const char *c = rel; (c = strchr(c, '/')); c++)
		if (strncasecmp(c + 1, ".git", 4) == 0 && (c[5] == '/' || c[5] == '\0'))
			return true;
	return false;
}

/* A rule on a folder git could write to through a work tree at dir
 * (resolved): a protected or denying rule at dir, above it, or below it
 * other than on a name inside a .git (git checks nothing out there,
 * read-tree.c verify_path()). */
static bool rule_near(const struct fsj_policy *pol, const char *dir)
{
	for (size_t i = 0; i < pol->n_rules; i++) {
		const struct fsj_rule *r = &pol->rules[i];
		const char *paths[2] = { r->path, r->resolved };

		if (r->source != FSJ_SRC_PROTECTED && !(r->deny & FSJ_CAPS_MODIFY))
			continue;
		for (size_t k = 0; k < 2; k++) {
			const char *p = paths[k];

			if (!p || !(path_covers(p, dir) || path_covers(dir, p)))
				continue;
			if (path_covers(dir, p) && strcmp(p, dir) != 0 &&
			    has_dotgit(p + strlen(dir)))
				continue;
			return true;
		}
	}
	return false;
}

/* v (n bytes) has the shape git's relative_path() gives a folder below
 * the gitdir's ancestors: "../" one or more times, then names, none
 * empty, "." or "..". A "." or ".." after a name would be taken
 * lexically here but by the kernel when a host git chdir()s to the
 * value (setup.c setup_explicit_git_dir()): after a symbolic link the
 * command made, ".." is its target's parent (att16). */
static bool worktree_shape(const char *v, size_t n)
{
	size_t i = 0, len;

	while (i + 3 <= n && memcmp(v + i, "../", 3) == 0)
		i += 3;
	if (i == 0 || i == n)
		return false;
	for (; i <= n; i += len + 1) {
		const char *c = v + i, *s = memchr(c, '/', n - i);

		len = s ? (size_t)(s - c) : n - i;
		if (len == 0 || (len == 1 && c[0] == '.') || (len == 2 && c[0] == '.' && c[1] == '.'))
			return false;
	}
	return true;
}

/* gitcfg_worktree's value_ok for a submodule's gitdir: the value git
 * writes (relative_path() of the submodule's folder from the gitdir,
 * worktree_shape()), accepted when it names a folder strictly inside the
 * superproject's work tree <top> with no symbolic link on the way (its
 * resolved path is the lexical one), with no .git component, and no
 * protected or denying rule at, above or below it (rule_near()). So a
 * host git that checks the submodule out writes only where the command
 * could write itself, never into a gitdir, a hooks folder or out of the
 * workspace; and no symbolic link may arrive there later
 * (nj_worktree_note(), notify-guard.c). */
static bool submodule_worktree_ok(const char *v, size_t n, void *arg)
{
	const struct wt_check *w = arg;
	const char *m = strstr(w->gitdir, "/.git/modules/");
	cleanup_free char *top = NULL, *lex = NULL, *res = NULL;

	if (!m || n == 0 || v[0] == '/' || v[0] == '~' || !worktree_shape(v, n))
		return false;
	for (size_t i = 0; i < n; i++)
		if (!isalnum((unsigned char)v[i]) && !strchr("._/+@-", v[i]))
			return false;
	top = xstrndup(w->gitdir, (size_t)(m - w->gitdir));
	if (path_normalize(v, n, NULL, w->gitdir, &lex) != PATH_OK || !path_covers(top, lex) ||
	    strcmp(top, lex) == 0 || has_dotgit(lex + strlen(top)) || rule_near(w->pol, lex))
		return false;
	/* guarded first, then resolved: a link made meanwhile is seen */
	nj_worktree_note(lex);
	res = path_resolve(lex);
	return res && strcmp(lex, res) == 0;
}

bool nj_gitcfg_bytes_ok(const struct job *j, const struct loc *b, const char *old,
			size_t old_len, const char *new, size_t new_len, const char **why)
{
	cleanup_free char *gitdir = path_dirname(b->path);
	struct wt_check wc = { .pol = j->nt->pol, .gitdir = gitdir };
	const struct gitcfg_worktree wt = { submodule_worktree_ok, &wc };

	if (strcmp(b->name, "HEAD") == 0)
		return gitcfg_head_ok(new, new_len, why);
	return gitcfg_change_ok(old, old_len, new, new_len,
				gitdir && strstr(gitdir, "/.git/modules/") ? &wt : NULL, why);
}

#else
typedef int notify_gitcfg_check_not_this_system;
#endif /* __linux__ */
