/* prog-git-repo.c - git's subcommands that name a repository or a
 * config file (prog-git-repo.h). A repository named by a path (/x, ../x,
 * x, file:///x) is read by clone, fetch, pull, ls-remote and submodule
 * add and written by push: `fsjail run` refuses that read outside the
 * workspace like any other (`git submodule add ../x` reads ../x/.git),
 * so check decides it as an effect with the capability run needs. */
#include <stdlib.h>
#include <string.h>

#include "gitcfg-inert.h"
#include "prog-git-repo.h"

/* How git tells a path from a URL (connect.c url_is_local_not_ssh()): a
 * word with no ':' before its first '/' is a path (`host:x` goes over
 * ssh, `https://h/x` over the network); file:// is a path too. named:
 * the word may name a configured remote (fetch origin), so only one with
 * a '/' (or "." or "..") is taken for a path. Returns the offset of the
 * path in w->lit, or -1 when w names no local repository. */
static int git_url_path(const struct word *w, bool named)
{
	const char *s = w->lit, *colon, *slash;

	if (w->prefix_len == 0)
		return -1;
	if (strncmp(s, "file://", 7) == 0)
		return 7;
	colon = memchr(s, ':', w->prefix_len);
	slash = memchr(s, '/', w->prefix_len);
	if (colon && (!slash || colon < slash))
		return -1;
	if (named && !slash && !w_is(w, ".") && !w_is(w, ".."))
		return -1;
	return 0;
}

/* Mode m (M_READ, or M_CW for push: made and written inside) on the
 * repository w names when it is a local path, taken from folder base. */
static void git_url_read(struct git *g, const struct word *w, const char *base, enum mode m,
			 bool named)
{
	int off = git_url_path(w, named);
	struct cmd c = g->c;
	const struct word *t;

	if (off < 0)
		return;
	t = off ? shword_tail(g->a, w, (size_t)off) : w;
	c.cwd = base;
	if (m == M_READ) {
		effects_emit(g->a, &c, M_READ, t);
		return;
	}
	if (w_path_known(t)) {
		const char *d = shword_path(g->a, base, t->lit, t->len);
		prog_git_at(g, M_CREATE, NULL, d ? d : shword_anchor(g->a, base, t));
		prog_git_at(g, M_WRITE, NULL, d ? d : shword_anchor(g->a, base, t));
	} else {
		prog_git_at(g, M_CREATE, NULL, shword_anchor(g->a, base, t));
	}
}

/* The file git config acts on (git-config(1), FILES). */
static const char *git_config_file(struct git *g, const struct parsed *p, bool *known)
{
	const struct word *f = progopt_val(p, 'f', "file");

	*known = true;
	if (f) {
		if (w_path_known(f))
			return shword_path(g->a, g->c.cwd, f->lit, f->len);
		*known = false;
		return shword_anchor(g->a, g->c.cwd, f);
	}
	if (g->iv->sh->git_env) {
		*known = false; /* GIT_CONFIG_GLOBAL, GIT_CONFIG_SYSTEM, GIT_DIR */
		return NULL;
	}
	if (progopt_has(p, 0, "global")) {
		if (g->a->o->home)
			return prog_git_join(g, g->a->o->home, ".gitconfig");
		*known = false;
		return NULL;
	}
	if (progopt_has(p, 0, "system"))
		return "/etc/gitconfig";
	if (!g->gitdir) {
		*known = false;
		return prog_git_meta_dir(g);
	}
	if (progopt_has(p, 0, "worktree"))
		return prog_git_join(g, g->gitdir, "config.worktree");
	return prog_git_join(g, prog_git_common(g), "config");
}

/* Whether git config NAME VALUE (or set NAME VALUE) puts only an inert
 * key in a config (gitcfg_inert()); false with why: the rule's sentence,
 * or, starting with '?', that the key or value is known only at run time
 * or the form is another (--unset, sections: asks). */
static bool made_config_inert(const struct parsed *p, char *why, size_t whylen)
{
	size_t at = p->nops > 0 && w_is(p->ops[0], "set") ? 1 : 0;
	const struct word *k = p->nops == at + 2 ? p->ops[at] : NULL;
	const struct word *v = k ? p->ops[at + 1] : NULL;
	cleanup_free char *buf = NULL;
	const char *dot, *last;

	if (!k || !w_literal(k) || !w_literal(v) || p->no > 0 || !(dot = strchr(k->lit, '.')) ||
	    !(last = strrchr(k->lit, '.')) || strpbrk(v->lit, "\n\"\\")) {
		snprintf(why, whylen,
			 "?repository-metadata: the config of a repository the "
			 "line makes takes inert keys only, and this change is not "
			 "known before it runs");
		return false;
	}
	if (dot == last)
		buf = xasprintf("[%.*s]\n\t%s = %s\n", (int)(dot - k->lit), k->lit, dot + 1,
				v->lit);
	else
		buf = xasprintf("[%.*s \"%.*s\"]\n\t%s = %s\n", (int)(dot - k->lit), k->lit,
				(int)(last - dot - 1), dot + 1, last + 1, v->lit);
	return gitcfg_inert(buf, strlen(buf), why, whylen);
}

/* git config: a value set (NAME VALUE, --add, --unset..., the set/unset/
 * rename-section/remove-section subcommands) writes the file through
 * FILE.lock renamed over it; --get..., --list, NAME alone only read it;
 * --edit runs the editor. */
void prog_git_config(struct git *g, struct parsed *p)
{
	static const char *const reads[] = { "get",          "get-all",   "get-regexp",
					     "get-urlmatch", "get-color", "get-colorbool",
					     "list",         NULL };
	static const char *const writes[] = {
		"add",  "unset", "unset-all", "replace-all", "rename-section", "remove-section",
		"edit", NULL
	};
	static const char *const verbs[] = { "set",  "unset", "rename-section", "remove-section",
					     "edit", "get",   "list",           NULL };
	bool write = false, read = false, known;
	const char *file;

	for (size_t i = 0; i < p->no; i++) {
		const struct opt *o = &p->o[i];

		if (o->s == 'l' || (o->l && progopt_in_list(reads, o->l, strlen(o->l))))
			read = true;
		if (o->s == 'e' || (o->l && progopt_in_list(writes, o->l, strlen(o->l))))
			write = true;
	}
	if (progopt_has(p, 0, "blob"))
		return; /* a blob: read from the object store */
	if (p->nops > 0 && w_literal(p->ops[0]) &&
	    progopt_in_list(verbs, p->ops[0]->lit, p->ops[0]->len)) {
		/* git 2.46 subcommands: a key always has a dot */
		write = !w_is(p->ops[0], "get") && !w_is(p->ops[0], "list");
		read = !write;
	} else if (!read && !write) {
		if (p->nops == 0)
			return; /* usage error */
		write = p->nops >= 2;
		read = !write;
	}
	file = git_config_file(g, p, &known);
	if (!write) {
		prog_git_at(g, M_READ, known ? file : NULL, known ? NULL : file);
		return;
	}
	if (!known) {
		prog_git_at(g, M_CREATE, NULL, file);
		prog_git_at(g, M_WRITE, NULL, file);
		prog_git_at(g, M_DELETE, NULL, file);
	} else {
		const char *lock = arena_own(&g->a->ar, xasprintf("%s.lock", file));
		size_t n0 = g->a->out->n;
		char why[512] = "";

		prog_git_at(g, M_CREATE, lock, NULL);
		prog_git_at(g, M_CW, file, NULL);
		prog_git_at(g, M_DELETE, lock, NULL);
		/* the config of a repository the line made takes inert keys only
		 * (the listener checks config.lock as renamed) */
		if (g->made && g->gitdir && strncmp(file, g->gitdir, strlen(g->gitdir)) == 0 &&
		    !made_config_inert(p, why, sizeof(why)))
			for (size_t k = n0; k < g->a->out->n; k++) {
				g->a->out->v[k].guard = xstrdup(why[0] == '?' ? why + 1 : why);
				g->a->out->v[k].guard_maybe = why[0] == '?';
			}
	}
	if (progopt_has(p, 'e', "edit") || (p->nops > 0 && w_is(p->ops[0], "edit")))
		prog_git_opaque(g);
}

/* The folder a clone or init creates: DIR, or the URL's last component
 * without ".git" (clone). NULL when not known. */
static const struct word *git_new_dir(struct git *g, const struct parsed *p, bool clone)
{
	const struct word *u;
	const char *s, *e;
	struct word *w;

	if (p->nops > (clone ? 1u : 0u))
		return p->ops[clone ? 1 : 0];
	if (!clone) {
		w = shword_unknown(g->a, ".", g->s, g->e);
		w->dynamic = false;
		w->prefix_len = w->len;
		return w;
	}
	if (p->nops == 0 || !w_path_known(p->ops[0]))
		return NULL;
	u = p->ops[0];
	s = u->lit;
	e = s + u->len;
	while (e > s && e[-1] == '/')
		e--;
	if (e - s > 4 && strncmp(e - 4, ".git", 4) == 0)
		e -= 4;
	const char *b = e;
	while (b > s && b[-1] != '/' && b[-1] != ':')
		b--;
	if (b == e)
		return NULL;
	w = shword_unknown(g->a, "", u->start, u->end);
	w->lit = arena_strndup(&g->a->ar, b, (size_t)(e - b));
	w->len = (size_t)(e - b);
	w->prefix_len = w->len;
	w->dynamic = false;
	return w;
}

/* A bare repository made in the folder dir: a HEAD made in a folder there
 * now (the listener's rule 'repository-discovery' decides it under the
 * workspace); git makes refs/ before HEAD in a folder it makes itself,
 * which the listener allows, so nothing is said for one absent now. */
static void git_bare_head(struct git *g, const char *dir)
{
	const char *head = prog_git_join(g, dir, "HEAD");

	if (effects_kind(g->a, dir) == 2 && effects_kind(g->a, head) == 0)
		prog_git_at(g, M_CREATE, head, NULL);
}

/* init [DIR] and clone URL [DIR]: DIR is created (init: written when it
 * exists), and so is what git puts inside it. */
void prog_git_create_repo(struct git *g, struct parsed *p)
{
	bool clone = strcmp(g->argv[0]->lit, "clone") == 0;
	const struct word *d = git_new_dir(g, p, clone);
	const struct word *t = progopt_val(p, 0, "template");
	const struct word *sep = progopt_val(p, 0, "separate-git-dir");
	const char *dp;

	if (t)
		effects_emit(g->a, &g->c, M_READ, t);
	if (clone) {
		const struct word *u = p->nops > 0 ? p->ops[0] : NULL;
		/* ext:: runs a command; -u/--upload-pack and -c run programs */
		if (!u || !w_literal(u) || strncmp(u->lit, "ext::", 5) == 0 ||
		    progopt_has(p, 'u', "upload-pack") || progopt_has(p, 'c', "config"))
			prog_git_opaque(g);
		else
			git_url_read(g, u, g->c.cwd, M_READ, false);
	}
	if (sep)
		effects_emit(g->a, &g->c, M_CW, sep);
	if (!d) {
		prog_git_at(g, M_CREATE, NULL, g->c.cwd);
		prog_git_at(g, M_WRITE, NULL, g->c.cwd);
		return;
	}
	if (clone || p->nops > 0)
		effects_emit(g->a, &g->c, clone ? M_CREATE : M_CW, d);
	dp = w_path_known(d) ? shword_path(g->a, g->c.cwd, d->lit, d->len) : NULL;
	if (!dp) {
		prog_git_at(g, M_CREATE, NULL, shword_anchor(g->a, g->c.cwd, d));
		prog_git_at(g, M_WRITE, NULL, shword_anchor(g->a, g->c.cwd, d));
		return;
	}
	if (!progopt_has(p, 0, "bare") && !sep && !(clone && progopt_has(p, 0, "mirror")))
		dp = prog_git_join(g, dp, ".git");
	else if (!sep)
		git_bare_head(g, dp);
	/* init again in a repository: git rewrites its config */
	if (!clone && !sep && effects_kind(g->a, prog_git_join(g, dp, "config")) == 1)
		prog_git_at(g, M_WRITE, prog_git_join(g, dp, "config"), NULL);
	prog_git_at(g, M_CREATE, NULL, dp);
	prog_git_at(g, M_WRITE, NULL, dp);
	/* a later git of the line finds this repository (git_discover()) */
	if (effects_kind(g->a, dp) == 0) {
		size_t prev;

		keyset_add(&g->a->made[1], dp, strlen(dp), 0, &prev);
	}
	if (clone && !progopt_has(p, 'n', "no-checkout") && !progopt_has(p, 0, "bare"))
		prog_git_at(g, M_CREATE, NULL, arena_own(&g->a->ar, path_dirname(dp)));
}

/* remote add|remove|rename|set-url|set-branches|set-head write the
 * repository's config file; remote, remote -v, remote show only read. */
void prog_git_remote(struct git *g, struct parsed *p)
{
	static const char *const writes[] = { "add",      "remove",  "rm",
					      "rename",   "set-url", "set-branches",
					      "set-head", "prune",   "update",
					      NULL };
	const char *cfg;

	if (p->nops == 0 || !w_literal(p->ops[0]) ||
	    !progopt_in_list(writes, p->ops[0]->lit, p->ops[0]->len))
		return;
	cfg = g->gitdir ? prog_git_join(g, prog_git_common(g), "config") : NULL;
	prog_git_at(g, M_WRITE, cfg, cfg ? NULL : prog_git_meta_dir(g));
	prog_git_churn(g, prog_git_meta_dir(g));
	/* add -f fetches from the new remote at once */
	if (w_is(p->ops[0], "add") && p->nops > 2 && progopt_has(p, 'f', "fetch"))
		git_url_read(g, p->ops[2], g->c.cwd, M_READ, true);
}

/* git submodule [--quiet] add [-b B] [-f] [--name N] [--reference R]
 * [--depth D] [--] URL [PATH] (git-submodule(1)). A URL starting with
 * ./ or ../ is relative to the superproject's default remote, else (no
 * remote) to the work tree's top: taken from the top here, which may ask
 * for a read of a folder a remote URL makes needless. Other paths are
 * taken from the top too (submodule--helper runs there). */
void prog_git_submodule(struct git *g, struct parsed *p)
{
	const struct word *url, *path;
	const char *top = prog_git_tree_dir(g);

	prog_git_read_repo(g);
	prog_git_opaque(g);
	if (p->nops < 2 || !w_is(p->ops[0], "add"))
		return;
	url = p->ops[1];
	path = p->nops > 2 ? p->ops[2] : NULL;
	if (w_literal(url) && strncmp(url->lit, "ext::", 5) != 0)
		git_url_read(g, url, top, M_READ, false);
	else
		prog_git_at(g, M_READ, NULL, top);
	if (path)
		effects_emit(g->a, &g->c, M_CREATE, path);
	else
		prog_git_at(g, M_CREATE, NULL, top);
	prog_git_at(g, M_CW, top ? prog_git_join(g, top, ".gitmodules") : NULL, top);
	prog_git_churn(g, prog_git_meta_dir(g));
}

void prog_git_transport(struct git *g, struct parsed *p)
{
	bool push = strcmp(g->argv[0]->lit, "push") == 0;

	if (p->nops == 0)
		return; /* the configured remote: a URL not known here */
	if (!w_literal(p->ops[0])) {
		prog_git_at(g, push ? M_WRITE : M_READ, NULL,
			    shword_anchor(g->a, g->c.cwd, p->ops[0]));
		return;
	}
	if (strncmp(p->ops[0]->lit, "ext::", 5) == 0)
		prog_git_opaque(g);
	else
		git_url_read(g, p->ops[0], g->c.cwd, push ? M_CW : M_READ, true);
}
