/* prog-git-sub.c - git's subcommands (see prog-git.c): a table of what
 * each does to the repository metadata and the work tree, with the hooks it
 * may run, and the functions that read a subcommand's operands. */
#include <stdlib.h>
#include <string.h>

#include "prog-git-clean.h"
#include "prog-git-editor.h"
#include "prog-git-guard.h"
#include "prog-git-repo.h"

/* Where a subcommand acts. */
enum git_kind {
	GIT_K_NONE = 0, /* no filesystem effect (help, version) */
	GIT_K_READ,     /* reads the repository and the work tree */
	GIT_K_REFRESH,  /* reads; may refresh the index (status, diff) */
	GIT_K_META,     /* writes inside <gitdir>: objects, refs, index */
	GIT_K_TREE,     /* writes inside <gitdir> and rewrites the work tree */
	GIT_K_OPAQUE,   /* runs code fsjail cannot read */
	GIT_K_OWN,      /* the subcommand's function decides */
};

struct git_sub {
	const char *name;
	enum git_kind kind;
	void (*fn)(struct git *g, struct parsed *p);  /* operands, after kind's effects */
	const char *hooks;     /* hooks it may run, separated by spaces */
};


/* ---- operands ------------------------------------------------------------ */

/* The folder operand w names (what git creates goes inside it): its path,
 * or the folder it is known to lie in. */
static const char *git_word_dir(struct git *g, const struct word *w)
{
	const char *p = w_path_known(w) ? shword_path(g->a, g->c.cwd, w->lit, w->len) : NULL;

	return p ? p : shword_anchor(g->a, g->c.cwd, w);
}

/* A pathspec with magic (":/x", ":(glob)x") or a wildcard git expands
 * itself: the path is known only at run time. */
static bool git_pathspec_magic(const struct word *w)
{
	return w->lit[0] == ':' || strpbrk(w->lit, "*?[") != NULL;
}

/* Mode m on each operand from k on, read as a pathspec. */
static void git_paths(struct git *g, const struct parsed *p, size_t k, enum mode m)
{
	for (size_t i = k; i < p->nops; i++) {
		const struct word *w = p->ops[i];

		if (w_literal(w) && git_pathspec_magic(w))
			prog_git_at(g, m, NULL, prog_git_tree_dir(g));
		else
			effects_emit(g->a, &g->c, m, w);
	}
}

/* Index of the first operand after a literal "--" in the subcommand's
 * words, or p->nops when there is none. */
static size_t git_after_dashdash(const struct git *g, const struct parsed *p)
{
	size_t dd = g->argc;

	for (size_t i = 1; i < g->argc; i++)
		if (w_is(g->argv[i], "--")) {
			dd = i;
			break;
		}
	for (size_t k = 0; k < p->nops; k++)
		for (size_t i = dd + 1; i < g->argc; i++)
			if (g->argv[i] == p->ops[k])
				return k;
	return p->nops;
}

static void git_add(struct git *g, struct parsed *p)
{
	git_paths(g, p, 0, M_READ);
}

static void git_commit(struct git *g, struct parsed *p)
{
	const struct word *f = progopt_val(p, 'F', "file");

	if (f && !w_is(f, "-"))
		effects_emit(g->a, &g->c, M_READ, f);
	if (progopt_has(p, 'a', "all") || p->nops > 0)
		git_paths(g, p, 0, M_READ);
	/* without a message, or with -e, the editor runs (GIT_EDITOR, core.editor) */
	if (progopt_has(p, 'e', "edit") ||
	    (!progopt_has(p, 'm', "message") && !f && !progopt_has(p, 'C', "reuse-message") &&
	     !progopt_has(p, 0, "no-edit") && !progopt_has(p, 0, "fixup")))
		prog_git_editor(g, GIT_ED_GIT);
}

/* checkout and restore: paths after "--" (restore: every operand) are
 * written from the index or a tree; a branch switch rewrites the tree. */
static void git_checkout(struct git *g, struct parsed *p)
{
	bool restore = strcmp(g->argv[0]->lit, "restore") == 0;
	size_t k = restore ? 0 : git_after_dashdash(g, p);

	if (restore && progopt_has(p, 'S', "staged") && !progopt_has(p, 'W', "worktree"))
		return;
	if (k < p->nops) {
		git_paths(g, p, k, M_CW);
		return;
	}
	prog_git_churn(g, prog_git_tree_dir(g));
}

static void git_rm(struct git *g, struct parsed *p)
{
	if (progopt_has(p, 0, "cached") || progopt_has(p, 'n', "dry-run"))
		return;
	git_paths(g, p, 0, M_DELETE);
}

static void git_mv(struct git *g, struct parsed *p)
{
	const struct word *dst;

	if (p->nops < 2 || progopt_has(p, 'n', "dry-run"))
		return;
	dst = p->ops[p->nops - 1];
	for (size_t i = 0; i + 1 < p->nops; i++) {
		effects_emit(g->a, &g->c, M_DELETE, p->ops[i]);
		if (p->nops == 2 && !effects_is_dir(g->a, &g->c, dst))
			effects_emit(g->a, &g->c, M_MV, dst);
		else
			effects_emit_into(g->a, &g->c, M_MV, dst, p->ops[i], false);
	}
}

static void git_reset(struct git *g, struct parsed *p)
{
	if (progopt_has(p, 0, "hard") || progopt_has(p, 0, "merge") || progopt_has(p, 0, "keep"))
		prog_git_churn(g, prog_git_tree_dir(g));
}

static void git_clean(struct git *g, struct parsed *p)
{
	int force = 0;

	if (progopt_has(p, 'n', "dry-run") || progopt_has(p, 'i', "interactive"))
		return;
	if (p->nops == 0)
		prog_git_at(g, M_DELETE, NULL, prog_git_tree_dir(g));
	else
		git_paths(g, p, 0, M_DELETE);
	for (size_t i = 0; i < p->no; i++)
		force += progopt_is(&p->o[i], 'f', "force");
	/* -ff: nested repositories too, whole (without a pathspec: those
	 * beneath the working directory, as git cleans) */
	if (force >= 2 && p->nops == 0)
		prog_git_clean_nested(g, g->c.cwd);
}

/* stash list/show only read; anything else rewrites the work tree */
static void git_stash(struct git *g, struct parsed *p)
{
	if (p->nops > 0 && (w_is(p->ops[0], "list") || w_is(p->ops[0], "show")))
		return;
	prog_git_churn(g, prog_git_meta_dir(g));
	prog_git_churn(g, prog_git_tree_dir(g));
}

static void git_apply(struct git *g, struct parsed *p)
{
	bool index = progopt_has(p, 0, "index"), cached = progopt_has(p, 0, "cached");

	git_paths(g, p, 0, M_READ);
	if (progopt_has(p, 0, "check") || progopt_has(p, 0, "stat") ||
	    progopt_has(p, 0, "numstat") || progopt_has(p, 0, "summary"))
		return;
	if (index || cached)
		prog_git_churn(g, prog_git_meta_dir(g));
	if (!cached)
		prog_git_churn(g, prog_git_tree_dir(g));
}

static void git_am(struct git *g, struct parsed *p)
{
	git_paths(g, p, 0, M_READ);
	prog_git_churn(g, prog_git_tree_dir(g));
}

static void git_bisect(struct git *g, struct parsed *p)
{
	if (p->nops > 0 && w_is(p->ops[0], "run"))
		prog_git_opaque(g);
}

/* branch and tag with no name only list */
static void git_refs(struct git *g, struct parsed *p)
{
	if (p->nops == 0 && !progopt_has(p, 'd', "delete") && !progopt_has(p, 'D', NULL))
		return;
	if (progopt_has(p, 'l', "list") || progopt_has(p, 0, "contains") ||
	    progopt_has(p, 0, "show-current") || progopt_has(p, 'v', "verify"))
		return;
	prog_git_churn(g, prog_git_meta_dir(g));
	if (strcmp(g->argv[0]->lit, "tag") == 0 &&
	    (progopt_has(p, 'a', "annotate") || progopt_has(p, 's', "sign")) &&
	    !progopt_has(p, 'm', "message") && !progopt_has(p, 'F', "file"))
		prog_git_editor(g, GIT_ED_GIT);
}

/* worktree add PATH creates PATH, PATH/.git and writes <gitdir>/worktrees; remove
 * deletes PATH; move A B; list and prune only touch <gitdir>. */
static void git_worktree(struct git *g, struct parsed *p)
{
	const struct word *w0 = p->nops > 0 ? p->ops[0] : NULL;

	if (!w0 || w_is(w0, "list"))
		return;
	prog_git_churn(g, prog_git_meta_dir(g));
	if (w_is(w0, "add") && p->nops > 1) {
		const struct word *w = p->ops[1];

		effects_emit(g->a, &g->c, M_CREATE, w);
		/* the worktree's .git file, which the listener's repository
		 * rules decide (check asks them: repoexplain.h) */
		if (w_path_known(w))
			prog_git_at(g, M_CREATE,
				    prog_git_join(g, shword_path(g->a, g->c.cwd, w->lit, w->len),
						  ".git"),
				    NULL);
		prog_git_at(g, M_CREATE, NULL, git_word_dir(g, w));
		prog_git_hooks(g, "post-checkout");
	} else if (w_is(w0, "remove") && p->nops > 1) {
		effects_emit(g->a, &g->c, M_DELETE, p->ops[1]);
	} else if (w_is(w0, "move") && p->nops > 2) {
		effects_emit(g->a, &g->c, M_DELETE, p->ops[1]);
		effects_emit(g->a, &g->c, M_CREATE, p->ops[2]);
	} else if (!w_is(w0, "prune") && !w_is(w0, "lock") && !w_is(w0, "unlock") &&
		   !w_is(w0, "repair")) {
		prog_git_opaque(g);
	}
}

/* format-patch writes its patches into -o DIR, else the working directory */
static void git_format_patch(struct git *g, struct parsed *p)
{
	const struct word *o = progopt_val(p, 'o', "output-directory");

	if (progopt_has(p, 0, "stdout"))
		return;
	if (o)
		effects_emit(g->a, &g->c, M_CW, o);
	prog_git_at(g, M_CREATE, NULL, o ? git_word_dir(g, o) : g->c.cwd);
}

/* git sparse-checkout (git-sparse-checkout(1)): set, add, init and
 * disable write <gitdir>/info/sparse-checkout through its lock (set, init
 * and disable also core.sparseCheckout in the config) and then, as reapply
 * does, the index and the work tree; list and check-rules only read. A
 * linked worktree has its own gitdir, so g->gitdir is the one written. */
static void git_sparse(struct git *g, struct parsed *p)
{
	const struct word *w0 = p->nops > 0 ? p->ops[0] : NULL;
	const char *info = g->gitdir ? prog_git_join(g, g->gitdir, "info") : NULL;
	bool rules;

	if (!w0 || w_is(w0, "list") || w_is(w0, "check-rules"))
		return;
	rules = w_is(w0, "set") || w_is(w0, "add") || w_is(w0, "init") || w_is(w0, "disable");
	if (!rules && !w_is(w0, "reapply")) {
		prog_git_opaque(g);
		return;
	}
	prog_git_churn(g, prog_git_meta_dir(g));
	prog_git_churn(g, prog_git_tree_dir(g));
	if (!rules)
		return;
	prog_git_at(g, M_WRITE, info ? prog_git_join(g, info, "sparse-checkout") : NULL,
		    info ? NULL : prog_git_meta_dir(g));
	if (!w_is(w0, "add"))
		prog_git_at(g, M_WRITE, g->gitdir ? prog_git_join(g, prog_git_common(g), "config") : NULL,
			    g->gitdir ? NULL : prog_git_meta_dir(g));
}

/* The user's global config git writes (git-config(1) FILES: ~/.gitconfig),
 * or NULL when HOME is not known. */
static const char *global_config(struct git *g)
{
	return g->a->o->home ? prog_git_join(g, g->a->o->home, ".gitconfig") : NULL;
}

/* git maintenance (git-maintenance(1)): register and unregister write
 * maintenance.repo into the global config, start and stop also the
 * scheduler's files; run only works in the repository. */
static void git_maintenance(struct git *g, struct parsed *p)
{
	const struct word *w0 = p->nops > 0 ? p->ops[0] : NULL;

	prog_git_churn(g, prog_git_meta_dir(g));
	if (!w0 || w_is(w0, "run"))
		return;
	if (w_is(w0, "register") || w_is(w0, "unregister") || w_is(w0, "start") ||
	    w_is(w0, "stop"))
		prog_git_at(g, M_WRITE, global_config(g), global_config(g) ? NULL : g->c.cwd);
	else
		prog_git_opaque(g);
}

/* git lfs (git-lfs(1), an external subcommand): install, uninstall and
 * update write the hooks pre-push, post-checkout, post-commit and
 * post-merge, and install and uninstall the filter.lfs settings of the
 * global config (--local: the repository's, --system: /etc/gitconfig);
 * track and untrack write .gitattributes; the rest moves objects and the
 * work tree, and runs the filter. */
static void git_lfs(struct git *g, struct parsed *p)
{
	static const char *const hooks[] = { "pre-push", "post-checkout", "post-commit",
					     "post-merge" };
	const struct word *w0 = p->nops > 0 ? p->ops[0] : NULL;
	const char *hdir = g->gitdir ? prog_git_join(g, prog_git_common(g), "hooks") : NULL;
	bool setup = w0 && (w_is(w0, "install") || w_is(w0, "uninstall"));

	if (!w0 || !(setup || w_is(w0, "update"))) {
		prog_git_opaque(g); /* the lfs filter runs */
		return;
	}
	for (size_t i = 0; i < sizeof(hooks) / sizeof(hooks[0]); i++)
		prog_git_at(g, M_WRITE, hdir ? prog_git_join(g, hdir, hooks[i]) : NULL,
			    hdir ? NULL : prog_git_meta_dir(g));
	if (!setup)
		return;
	if (progopt_has(p, 0, "local"))
		prog_git_at(g, M_WRITE, g->gitdir ? prog_git_join(g, prog_git_common(g), "config") : NULL,
			    g->gitdir ? NULL : prog_git_meta_dir(g));
	else if (progopt_has(p, 0, "system"))
		prog_git_at(g, M_WRITE, "/etc/gitconfig", NULL);
	else
		prog_git_at(g, M_WRITE, global_config(g), global_config(g) ? NULL : g->c.cwd);
}

/* ---- the subcommand table ------------------------------------------------- */

#define GIT_COMMIT_HOOKS "pre-commit prepare-commit-msg commit-msg post-commit"
#define GIT_REF_HOOKS "reference-transaction post-index-change"

/* Sorted by name (bsearch). */
static const struct git_sub git_subs[] = {
	{ "add", GIT_K_META, git_add, GIT_REF_HOOKS },
	{ "am", GIT_K_META, git_am, "applypatch-msg pre-applypatch post-applypatch " GIT_REF_HOOKS },
	{ "annotate", GIT_K_READ, NULL, NULL },
	{ "apply", GIT_K_OWN, git_apply, NULL },
	{ "archive", GIT_K_OPAQUE, NULL, NULL },
	{ "bisect", GIT_K_TREE, git_bisect, GIT_REF_HOOKS },
	{ "blame", GIT_K_READ, NULL, NULL },
	{ "branch", GIT_K_READ, git_refs, GIT_REF_HOOKS },
	{ "cat-file", GIT_K_READ, NULL, NULL },
	{ "check-attr", GIT_K_READ, NULL, NULL },
	{ "check-ignore", GIT_K_READ, NULL, NULL },
	{ "checkout", GIT_K_META, git_checkout, "post-checkout " GIT_REF_HOOKS },
	{ "cherry", GIT_K_READ, NULL, NULL },
	{ "cherry-pick", GIT_K_TREE, prog_git_guard_pick, GIT_COMMIT_HOOKS " " GIT_REF_HOOKS },
	{ "clean", GIT_K_READ, git_clean, NULL },
	{ "clone", GIT_K_OWN, prog_git_create_repo, NULL },
	{ "commit", GIT_K_META, git_commit, GIT_COMMIT_HOOKS " " GIT_REF_HOOKS },
	{ "commit-tree", GIT_K_META, NULL, NULL },
	{ "config", GIT_K_OWN, prog_git_config, NULL },
	{ "count-objects", GIT_K_READ, NULL, NULL },
	{ "describe", GIT_K_REFRESH, NULL, NULL },
	{ "diff", GIT_K_REFRESH, NULL, NULL },
	{ "diff-files", GIT_K_READ, NULL, NULL },
	{ "diff-index", GIT_K_READ, NULL, NULL },
	{ "diff-tree", GIT_K_READ, NULL, NULL },
	{ "difftool", GIT_K_OPAQUE, NULL, NULL },
	{ "fetch", GIT_K_META, prog_git_transport, GIT_REF_HOOKS },
	{ "filter-branch", GIT_K_OPAQUE, NULL, NULL },
	{ "for-each-ref", GIT_K_READ, NULL, NULL },
	{ "format-patch", GIT_K_READ, git_format_patch, NULL },
	{ "fsck", GIT_K_READ, NULL, NULL },
	{ "gc", GIT_K_META, NULL, "pre-auto-gc " GIT_REF_HOOKS },
	{ "grep", GIT_K_READ, NULL, NULL },
	{ "hash-object", GIT_K_META, NULL, NULL },
	{ "help", GIT_K_NONE, NULL, NULL },
	{ "hook", GIT_K_OPAQUE, NULL, NULL },
	{ "init", GIT_K_OWN, prog_git_create_repo, NULL },
	{ "lfs", GIT_K_OWN, git_lfs, NULL },
	{ "log", GIT_K_READ, NULL, NULL },
	{ "ls-files", GIT_K_READ, NULL, NULL },
	{ "ls-remote", GIT_K_READ, prog_git_transport, NULL },
	{ "ls-tree", GIT_K_READ, NULL, NULL },
	{ "maintenance", GIT_K_OWN, git_maintenance, GIT_REF_HOOKS },
	{ "merge", GIT_K_TREE, prog_git_merge, "pre-merge-commit prepare-commit-msg commit-msg post-merge "
	  GIT_REF_HOOKS },
	{ "merge-base", GIT_K_READ, NULL, NULL },
	{ "mergetool", GIT_K_OPAQUE, NULL, NULL },
	{ "mktag", GIT_K_META, NULL, NULL },
	{ "mktree", GIT_K_META, NULL, NULL },
	{ "mv", GIT_K_META, git_mv, GIT_REF_HOOKS },
	{ "name-rev", GIT_K_READ, NULL, NULL },
	{ "notes", GIT_K_META, NULL, GIT_REF_HOOKS },
	{ "pack-refs", GIT_K_META, NULL, NULL },
	{ "prune", GIT_K_META, NULL, NULL },
	{ "pull", GIT_K_TREE, prog_git_transport, "post-merge " GIT_REF_HOOKS },
	{ "push", GIT_K_META, prog_git_transport, "pre-push " GIT_REF_HOOKS },
	{ "range-diff", GIT_K_READ, NULL, NULL },
	{ "rebase", GIT_K_TREE, prog_git_rebase, "pre-rebase post-rewrite post-checkout "
	  GIT_REF_HOOKS },
	{ "reflog", GIT_K_META, NULL, GIT_REF_HOOKS },
	{ "remote", GIT_K_READ, prog_git_remote, NULL },
	{ "repack", GIT_K_META, NULL, NULL },
	{ "reset", GIT_K_META, git_reset, GIT_REF_HOOKS },
	{ "restore", GIT_K_META, git_checkout, GIT_REF_HOOKS },
	{ "rev-list", GIT_K_READ, NULL, NULL },
	{ "rev-parse", GIT_K_READ, NULL, NULL },
	{ "revert", GIT_K_TREE, prog_git_guard_pick, GIT_COMMIT_HOOKS " " GIT_REF_HOOKS },
	{ "rm", GIT_K_META, git_rm, GIT_REF_HOOKS },
	{ "shortlog", GIT_K_READ, NULL, NULL },
	{ "show", GIT_K_READ, NULL, NULL },
	{ "show-branch", GIT_K_READ, NULL, NULL },
	{ "show-ref", GIT_K_READ, NULL, NULL },
	{ "sparse-checkout", GIT_K_READ, git_sparse, GIT_REF_HOOKS },
	{ "stash", GIT_K_READ, git_stash, GIT_REF_HOOKS },
	{ "status", GIT_K_REFRESH, NULL, NULL },
	{ "submodule", GIT_K_OWN, prog_git_submodule, NULL },
	{ "switch", GIT_K_TREE, NULL, "post-checkout " GIT_REF_HOOKS },
	{ "symbolic-ref", GIT_K_META, NULL, GIT_REF_HOOKS },
	{ "tag", GIT_K_READ, git_refs, GIT_REF_HOOKS },
	{ "update-index", GIT_K_META, NULL, GIT_REF_HOOKS },
	{ "update-ref", GIT_K_META, NULL, GIT_REF_HOOKS },
	{ "var", GIT_K_READ, NULL, NULL },
	{ "verify-commit", GIT_K_READ, NULL, NULL },
	{ "verify-tag", GIT_K_READ, NULL, NULL },
	{ "version", GIT_K_NONE, NULL, NULL },
	{ "whatchanged", GIT_K_READ, NULL, NULL },
	{ "worktree", GIT_K_READ, git_worktree, NULL },
	{ "write-tree", GIT_K_META, NULL, NULL },
};

static int git_sub_cmp(const void *k, const void *e)
{
	return strcmp(k, ((const struct git_sub *)e)->name);
}

/* Options of the subcommands that take a separate argument (the union:
 * a subcommand's operands are what none of these claims). */
static const char *const git_larg[] = {
	"message", "file", "reuse-message", "reedit-message", "fixup", "squash", "author",
	"date", "cleanup", "template", "source", "branch", "origin", "upload-pack", "reference",
	"reference-if-able", "separate-git-dir", "depth", "shallow-since", "shallow-exclude",
	"config", "jobs", "filter", "server-option", "bundle-uri", "ref-format", "object-format",
	"shared", "initial-branch", "onto", "strategy", "strategy-option", "exec", "chmod",
	"pathspec-from-file", "conflict", "orphan", "track", "contains", "no-contains", "merged",
	"no-merged", "points-at", "sort", "format", "set-upstream-to", "directory", "exclude",
	"unified", "output-directory", "type", "default", "comment", "blob", "value", "include", "name",
	NULL
};
static const struct ospec git_sub_opts = { .sarg = "mFCcbBojXxe", .larg = git_larg };
/* git config's -e is --edit, -f FILE its file: its own spec */
static const char *const git_config_larg[] = { "file", "blob", "default", "type", "comment",
					       "value", NULL };
static const struct ospec git_config_opts = { .sarg = "f", .larg = git_config_larg };

void prog_git_sub(struct git *g)
{
	const struct word *w0 = g->argv[0];
	const struct git_sub *sub = NULL;
	struct parsed p;

	if (w_path_known(w0))
		sub = bsearch(w0->lit, git_subs, sizeof(git_subs) / sizeof(git_subs[0]),
			      sizeof(git_subs[0]), git_sub_cmp);
	if (!sub) {
		/* an alias, a git-NAME program on PATH, or a subcommand not
		 * in the table: what it does is not known */
		prog_git_read_repo(g);
		prog_git_opaque(g);
		return;
	}
	progopt_parse(g->a, strcmp(sub->name, "config") == 0 ? &git_config_opts : &git_sub_opts,
		      g->argv + 1, g->argc - 1, &p);
	switch (sub->kind) {
	case GIT_K_NONE:
		return;
	case GIT_K_OPAQUE:
		prog_git_read_repo(g);
		prog_git_opaque(g);
		return;
	case GIT_K_READ:
	case GIT_K_REFRESH:
	case GIT_K_META:
	case GIT_K_TREE:
		prog_git_read_repo(g);
		prog_git_read_tree(g);
		break;
	case GIT_K_OWN:
		break;
	}
	if (sub->kind == GIT_K_REFRESH && !g->no_locks)
		prog_git_churn(g, prog_git_meta_dir(g));
	if (sub->kind == GIT_K_META || sub->kind == GIT_K_TREE)
		prog_git_churn(g, prog_git_meta_dir(g));
	if (sub->kind == GIT_K_TREE)
		prog_git_churn(g, prog_git_tree_dir(g));
	if (sub->fn)
		sub->fn(g, &p);
	prog_git_hooks(g, sub->hooks);
}
