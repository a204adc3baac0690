/* effects.c - command effects (DESIGN.md section 11): the entry points, and the
 * list of effects one analysis fills (add, emit on an operand, the two
 * filesystem questions).
 *
 * The analyser is split by part: shword.c evaluates words, progopt.c
 * reads program options, prog*.c hold the program table and its
 * handlers, shwalk.c walks the tree, effects-decide.c decides the
 * effects against a policy; effects-int.h is what they share. */
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "effects-glob.h"
#include "effects-int.h"

/* ---- effects ------------------------------------------------------------- */

void effects_add(struct an *a, enum fsj_effect_status st, int cap, const char *path,
		       uint32_t start, uint32_t end, const char *program)
{
	struct fsj_effects *fx = a->out;
	struct fsj_effect *e;

	if (a->fixed) {
		start = a->fs;
		end = a->fe;
	}
	start = effects_line_offset(a, start);
	end = effects_line_offset(a, end);
	if (end < start) { /* a span of words out of line order (xargs' input word) */
		uint32_t t = start;

		start = end;
		end = t;
	}
	if (fx->n == fx->cap) {
		fx->cap = fx->cap ? fx->cap * 2 : 16;
		fx->v = xreallocarray(fx->v, fx->cap, sizeof(*fx->v));
	}
	e = &fx->v[fx->n++];
	e->status = st;
	e->cap = cap;
	e->path = path ? xstrdup(path) : NULL;
	e->guard = NULL;
	e->guard_maybe = false;
	e->pattern = st == FSJ_EFFECT_UNRESOLVED && a->pat ? xstrdup(a->pat) : NULL;
	e->pattern_any = a->pat_any;
	e->pattern_deep = e->pattern && a->pat_deep;
	e->link_kind = cap == FSJ_CAP_CREATE ? a->lnk_kind : FSJ_LINK_NONE;
	e->link = e->link_kind != FSJ_LINK_NONE && a->lnk ? xstrdup(a->lnk) : NULL;
	{
		size_t n = end - start;

		if (n > FSJ_EFFECT_TEXT_MAX) {
			n = FSJ_EFFECT_TEXT_MAX;
			while (n > 0 && ((unsigned char)a->line[start + n] & 0xc0) == 0x80)
				n--;
		}
		e->text = xstrndup(a->line + start, n);
	}
	e->program = program ? xstrdup(program) : NULL;
	e->start = start;
	e->end = end;
	e->recursive = false;
	if (st == FSJ_EFFECT_UNRESOLVED && cap == FSJ_CAP_DELETE) {
		if (arena_full(a->nud)) {
			size_t *nv = arena_alloc(&a->ar, arena_grown(a->nud) * sizeof(*nv));

			if (a->nud)
				memcpy(nv, a->ud, a->nud * sizeof(*nv));
			a->ud = nv;
		}
		a->ud[a->nud++] = fx->n - 1;
	}
	if (st == FSJ_EFFECT_RESOLVED && e->path && (cap == FSJ_CAP_DELETE || cap == FSJ_CAP_CREATE)) {
		size_t prev;

		keyset_add(&a->made[cap == FSJ_CAP_CREATE], e->path, strlen(e->path), 0, &prev);
	}
}

void effects_mark_recursive(struct an *a, size_t from)
{
	for (size_t i = from; i < a->out->n; i++)
		a->out->v[i].recursive = true;
}

void effects_opaque(struct an *a, const struct sh *sh, uint32_t start, uint32_t end,
		   const char *program)
{
	effects_add(a, FSJ_EFFECT_OPAQUE, FSJ_EFFECT_ANY, sh ? sh->cwd : a->o->cwd, start, end,
		   program);
}

/* /dev/null and the standard streams carry no filesystem effect for a
 * read or a write (DESIGN.md section 11). */
static bool std_stream(const char *p)
{
	static const char *const names[] = { "/dev/null", "/dev/stdin", "/dev/stdout",
					     "/dev/stderr", "/dev/tty" };

	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (strcmp(p, names[i]) == 0)
			return true;
	return strncmp(p, "/dev/fd/", 8) == 0 || strncmp(p, "/proc/self/fd/", 14) == 0;
}

int effects_kind(struct an *a, const char *p)
{
	struct stat st;

	if (a->o->fs.kind)
		return a->o->fs.kind(p, a->o->fs.data);
	if (stat(p, &st) < 0)
		return 0;
	return S_ISDIR(st.st_mode) ? 2 : 1;
}

bool effects_executable(struct an *a, const char *p)
{
	struct stat st;

	if (a->o->fs.executable)
		return a->o->fs.executable(p, a->o->fs.data);
	if (stat(p, &st) < 0 || !S_ISREG(st.st_mode))
		return false;
	return faccessat(AT_FDCWD, p, X_OK, AT_EACCESS) == 0;
}

bool effects_earlier(struct an *a, int cap, const char *p, bool above)
{
	if (cap == FSJ_CAP_DELETE || cap == FSJ_CAP_CREATE) {
		const struct keyset *ks = &a->made[cap == FSJ_CAP_CREATE];
		size_t n = strlen(p);

		if (keyset_has(ks, p, n, NULL))
			return true;
		/* p's folders, "/" included: what path_covers() would find */
		while (above && n > 1) {
			while (n > 0 && p[n - 1] != '/')
				n--;
			if (keyset_has(ks, p, n > 1 ? n - 1 : 1, NULL))
				return true;
			n = n > 1 ? n - 1 : 0;
		}
		return false;
	}
	for (size_t i = 0; i < a->out->n; i++) {
		const struct fsj_effect *e = &a->out->v[i];
		if (e->status == FSJ_EFFECT_RESOLVED && e->cap == cap && e->path &&
		    (above ? path_covers(e->path, p) : strcmp(e->path, p) == 0))
			return true;
	}
	return false;
}

/* true when p may be gone: deleted earlier in the line, or one of the
 * run-time names of an unresolved delete of another word (`xargs rm < l;
 * echo x >> a`: found by tests/oracle) in a folder above p. */
static bool may_be_deleted(struct an *a, const char *p, uint32_t start)
{
	if (effects_earlier(a, FSJ_CAP_DELETE, p, true))
		return true;
	for (size_t k = 0; k < a->nud; k++) {
		const struct fsj_effect *e = &a->out->v[a->ud[k]];

		if (a->ud[k] < a->out->n && e->status == FSJ_EFFECT_UNRESOLVED &&
		    e->cap == FSJ_CAP_DELETE &&
		    e->start != start && (!e->path || path_covers(e->path, p)))
			return true;
	}
	return false;
}

/* Effects of mode m on a known path p, or on an operand that lies in
 * directory anchor when p is NULL (unresolved); kind -1: p was deleted
 * earlier in the line, so it may or may not exist (both effects). */
void effects_emit_at(struct an *a, const struct cmd *c, enum mode m, const char *p,
		    const char *anchor, uint32_t start, uint32_t end)
{
	enum fsj_effect_status st = p ? FSJ_EFFECT_RESOLVED : FSJ_EFFECT_UNRESOLVED;
	const char *where = p ? p : anchor;
	int kind = 0;

	if (p && (m == M_READ || m == M_WRITE || m == M_CW || m == M_WIFEX) && std_stream(p))
		return;
	if (p && (m == M_CW || m == M_WIFEX || m == M_MV || m == M_LNF))
		kind = may_be_deleted(a, p, start) ? -1 : effects_kind(a, p);
	switch (m) {
	case M_READ:
	case M_WRITE:
	case M_CREATE:
	case M_DELETE:
	case M_EXECUTE:
	case M_CONNECT:
		effects_add(a, st, (int)m, where, start, end, c->prog);
		break;
	case M_CW:
		if (!p || kind <= 0)
			effects_add(a, st, FSJ_CAP_CREATE, where, start, end, c->prog);
		if (!p || kind != 0)
			effects_add(a, st, FSJ_CAP_WRITE, where, start, end, c->prog);
		if (p && kind > 0) {
			if (arena_full(a->ncw)) {
				size_t *nv = arena_alloc(&a->ar, arena_grown(a->ncw) * sizeof(*nv));
				if (a->ncw)
					memcpy(nv, a->cw, a->ncw * sizeof(*nv));
				a->cw = nv;
			}
			a->cw[a->ncw++] = a->out->n - 1;
		}
		break;
	case M_WIFEX:
		if (!p || kind != 0)
			effects_add(a, st, FSJ_CAP_WRITE, where, start, end, c->prog);
		break;
	case M_MV:
		effects_add(a, st, FSJ_CAP_CREATE, where, start, end, c->prog);
		if (p && kind != 0) { /* -1: may exist */
			effects_add(a, st, FSJ_CAP_WRITE, where, start, end, c->prog);
			/* the name renamed over leaves: the run asks delete too
			 * (notify-rename.c; chk38: a deny: [delete] refused it) */
			effects_add(a, st, FSJ_CAP_DELETE, where, start, end, c->prog);
		}
		break;
	case M_LNF:
		if (p && kind != 0)
			effects_add(a, st, FSJ_CAP_DELETE, where, start, end, c->prog);
		effects_add(a, st, FSJ_CAP_CREATE, where, start, end, c->prog);
		break;
	}
}

/* Effects of mode m on operand w. */
void effects_emit(struct an *a, const struct cmd *c, enum mode m, const struct word *w)
{
	const char *p = NULL;

	if (w->pipe)
		return;
	if (w_path_known(w)) {
		if (w->len == 0)
			return; /* `rm ''`: the program fails, nothing happens */
		p = shword_path(a, c->cwd, w->lit, w->len);
	}
	if (p) {
		effects_emit_at(a, c, m, p, NULL, w->start, w->end);
	} else {
		const char *anchor = shword_anchor(a, c->cwd, w);
		char *pat = effects_glob_pattern(anchor, w, a->glob_opts, &a->pat_any);

		a->pat = pat;
		effects_emit_at(a, c, m, NULL, anchor, w->start, w->end);
		a->pat = NULL;
		a->pat_any = false;
		free(pat);
	}
}

/* The length of lit[0..n) without its last component (and the slashes
 * around it); 0 when nothing is left. */
size_t effects_parent_len(const char *lit, size_t n)
{
	while (n > 0 && lit[n - 1] == '/')
		n--;
	while (n > 0 && lit[n - 1] != '/')
		n--;
	while (n > 0 && lit[n - 1] == '/')
		n--;
	return n;
}

/* A create on every missing folder above the relative or absolute path
 * w->lit[0..n) (against base), nearest the root first: mkdir -p, cp
 * --parents. Stops at the first folder that exists. */
void effects_emit_parents(struct an *a, const struct cmd *c, const char *base,
			  const struct word *w, size_t n)
{
	const char *anc[64];
	size_t k = 0;

	while (k < 64 && (n = effects_parent_len(w->lit, n)) > 0) {
		const char *q = shword_path(a, base, w->lit, n);
		if (!q || effects_kind(a, q) != 0)
			break;
		anc[k++] = q;
	}
	while (k > 0)
		effects_emit_at(a, c, M_CREATE, anc[--k], NULL, w->start, w->end);
}

/* Effects of mode m on DIR/basename(SRC): cp, mv and ln into a directory. */
void effects_emit_into(struct an *a, const struct cmd *c, enum mode m, const struct word *dir,
		      const struct word *src, bool keep_parents)
{
	const char *d = NULL, *s = NULL;

	if (src->pipe)
		return;
	if (w_path_known(dir))
		d = shword_path(a, c->cwd, dir->lit, dir->len);
	if (!d) {
		effects_emit_at(a, c, m, NULL, shword_anchor(a, c->cwd, dir), dir->start, dir->end);
		return;
	}
	if (w_path_known(src))
		s = shword_path(a, c->cwd, src->lit, src->len);
	if (!s) {
		effects_emit_at(a, c, m, NULL, d, dir->start, dir->end);
		return;
	}
	if (keep_parents && src->lit[0] != '/') {
		effects_emit_parents(a, c, d, src, src->len);
		effects_emit_at(a, c, m, shword_path(a, d, src->lit, src->len), NULL, dir->start, dir->end);
		return;
	}
	const char *base = strrchr(s, '/') + 1;
	if (!*base) { /* the source is "/" */
		effects_emit_at(a, c, m, d, NULL, dir->start, dir->end);
	} else if (effects_glob_dot_tail(src->lit, src->len)) {
		/* `cp -r X/. D`: X's names land in D itself, any name beneath
		 * it (effects-glob.h: asks where one may be protected; att34:
		 * `cp -a other/.git/. .git/` wrote the hooks, and was allowed) */
		a->pat = "";
		a->pat_any = true;
		effects_emit_at(a, c, m, NULL, d, dir->start, dir->end);
		a->pat = NULL;
		a->pat_any = false;
	} else {
		effects_emit_at(a, c, m, arena_own(&a->ar, path_join(d, base)), NULL, dir->start,
				dir->end);
	}
}

/* true when w names an existing directory (a known path only). A
 * trailing slash on a missing path does not make it one: `cp -r a/ b/`
 * creates b when b does not exist (GNU coreutils). */
bool effects_is_dir(struct an *a, const struct cmd *c, const struct word *w)
{
	const char *p;

	if (!w_path_known(w))
		return false;
	p = shword_path(a, c->cwd, w->lit, w->len);
	return p && effects_kind(a, p) == 2;
}

/* A write that creates the file when it is missing (`>`, touch, tee) on a
 * file the line deletes anywhere - before it, or in a job running beside
 * it (`a >> f & rm f`) - may create it: add the create. */
static void effects_recreate(struct an *a)
{
	for (size_t k = 0; k < a->ncw; k++) {
		struct fsj_effect w = a->out->v[a->cw[k]];

		if (may_be_deleted(a, w.path, w.start) &&
		    !effects_earlier(a, FSJ_CAP_CREATE, w.path, false))
			effects_add(a, FSJ_EFFECT_RESOLVED, FSJ_CAP_CREATE, w.path, w.start, w.end,
				    w.program);
	}
}

/* ---- entry points -------------------------------------------------------- */

static int effect_cmp(const void *x, const void *y)
{
	const struct fsj_effect *e = x, *f = y;

	if (e->start != f->start)
		return e->start < f->start ? -1 : 1;
	return 0;
}

int effects_analyze(const char *line, size_t len, const struct effects_opts *opts,
		    struct fsj_effects *out, struct fsj_error *err)
{
	struct an a = { .o = opts, .out = out, .line = line, .src = line };
	struct sh sh = { .cwd = opts->cwd,
			 .path = opts->path_env ? opts->path_env : "/usr/bin:/bin" };
	TSTree *tree;

	memset(out, 0, sizeof(*out));
	out->complete = true;
	if (len > FSJ_EFFECTS_MAX_LINE)
		return fsj_error_set(err, NULL, 0, 0,
				     "command line too long (%zu bytes, at most %u)", len,
				     FSJ_EFFECTS_MAX_LINE);
	if (!opts->cwd || opts->cwd[0] != '/')
		return fsj_error_set(err, NULL, 0, 0, "the working directory must be absolute");
	if (memchr(line, '\0', len))
		return fsj_error_set(err, NULL, 0, 0, "command line contains a NUL byte");
	a.glob_opts = effects_glob_opts(line, len);
	a.cdpath = memmem(line, len, "CDPATH", 6) != NULL;
	a.parser = ts_parser_new();
	if (!ts_parser_set_language(a.parser, tree_sitter_bash())) {
		ts_parser_delete(a.parser);
		return fsj_error_set(err, NULL, 0, 0,
				     "the tree-sitter-bash grammar (ABI %u) is not accepted by the "
				     "tree-sitter library",
				     ts_language_version(tree_sitter_bash()));
	}
	ts_parser_set_timeout_micros(a.parser, PARSE_TIMEOUT_US);
	tree = effects_parse(&a, line, len, true);
	if (!tree) {
		effects_opaque(&a, &sh, 0, (uint32_t)len, NULL);
		out->complete = false;
	} else {
		shwalk_errors(&a, ts_tree_root_node(tree), &sh);
		shwalk(&a, ts_tree_root_node(tree), &sh);
		ts_tree_delete(tree);
	}
	/* the walk is over: spans from here on are the line's already */
	a.fixed = false;
	a.nins = 0;
	effects_recreate(&a);
	ts_parser_delete(a.parser);
	keyset_release(&a.made[0]);
	keyset_release(&a.made[1]);
	arena_release(&a.ar);

	/* source order, keeping the order of discovery inside one span */
	for (size_t i = 0; i < out->n; i++) {
		/* insertion sort: lists are short, and it is stable */
		struct fsj_effect e = out->v[i];
		size_t j = i;
		while (j > 0 && effect_cmp(&out->v[j - 1], &e) > 0) {
			out->v[j] = out->v[j - 1];
			j--;
		}
		out->v[j] = e;
	}
	return 0;
}

void effects_release(struct fsj_effects *fx)
{
	for (size_t i = 0; i < fx->n; i++) {
		free(fx->v[i].path);
		free(fx->v[i].text);
		free(fx->v[i].program);
		free(fx->v[i].guard);
		free(fx->v[i].pattern);
		free(fx->v[i].link);
	}
	free(fx->v);
	memset(fx, 0, sizeof(*fx));
}
