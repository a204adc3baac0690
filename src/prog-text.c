/* prog-text.c - handlers of the text tools: sed (with -i), grep, rg,
 * cat, head, tail, wc, less, ls. */
#include <stdlib.h>
#include <string.h>

#include "effects-int.h"

/* Past the delimited part of an s or y command that starts at s[i] (the
 * character after the delimiter): the index after the closing delimiter,
 * or n when the script ends first. A backslash escapes the next byte. */
static size_t sed_skip_delim(const char *s, size_t i, size_t n, char delim)
{
	while (i < n && s[i] != delim) {
		if (s[i] == '\\' && i + 1 < n)
			i++;
		i++;
	}
	return i < n ? i + 1 : n;
}

/* Whether a sed script can act beyond reading its input and writing
 * standard output: the commands w, W, r, R and e, the s flags w and e, and
 * any command this scanner does not know (GNU sed manual, "sed scripts").
 * s: the script text, n bytes. Conservative: a script it cannot follow
 * counts as acting. */
static bool sed_script_acts(const char *s, size_t n)
{
	size_t i = 0;

	while (i < n) {
		char c = s[i];

		if (c == ' ' || c == '\t' || c == '\n' || c == ';' || c == '!' || c == '{' ||
		    c == '}' || c == ',' || c == '$' || c == '+' || c == '~' ||
		    (c >= '0' && c <= '9')) {
			i++;
			continue;
		}
		if (c == '/' || c == '\\') {
			/* an address: /RE/ or \cREc, then the I and M modifiers */
			char d = c == '/' ? '/' : (i + 1 < n ? s[i + 1] : '\0');
			if (d == '\0' || d == '\n' || d == '\\')
				return true;
			i = sed_skip_delim(s, i + (c == '/' ? 1 : 2), n, d);
			while (i < n && (s[i] == 'I' || s[i] == 'M'))
				i++;
			continue;
		}
		if (c == '#' || c == ':' || c == 'b' || c == 't' || c == 'T' || c == 'v') {
			/* a comment runs to the end of the line; a label or a
			 * branch also ends at ';' (GNU: `:a;N;ba`) */
			while (i < n && s[i] != '\n' && (c == '#' || s[i] != ';'))
				i++;
			continue;
		}
		if (c == 'a' || c == 'i' || c == 'c') {
			/* text to the end of the line; a backslash-newline continues it */
			for (i++; i < n && s[i] != '\n'; i++)
				if (s[i] == '\\' && i + 1 < n)
					i++;
			continue;
		}
		if (c == 's' || c == 'y') {
			char d = i + 1 < n ? s[i + 1] : '\0';
			if (d == '\0' || d == '\n' || d == '\\')
				return true;
			i = sed_skip_delim(s, i + 2, n, d);
			i = sed_skip_delim(s, i, n, d);
			if (c == 'y')
				continue;
			for (; i < n && s[i] != ';' && s[i] != '\n' && s[i] != '}'; i++) {
				if (s[i] == 'w' || s[i] == 'e')
					return true;
				if (!strchr("gpiImM0123456789 \t", s[i]))
					return true;
			}
			continue;
		}
		if (strchr("=dDgGhHlnNpPqQxzF", c)) {
			i++;
			continue;
		}
		return true; /* w W r R e, or a command not known here */
	}
	return false;
}

/* A sed script word w that can write, read or run files (or is not known
 * until run time) is opaque, unless --sandbox makes sed refuse those. */
static void sed_check_script(struct an *a, struct inv *iv, const struct word *w, bool sandboxed)
{
	if (sandboxed)
		return;
	if (!w_literal(w) || sed_script_acts(w->lit, w->len))
		effects_opaque(a, iv->sh, w->start, w->end, iv->c.prog);
}

/* An in-place edit of file operand f (sed -i, perl -i): the file is read,
 * and the program writes a temporary file in the file's folder (GNU sed:
 * sedXXXXXX; perl: a name of its own) that it renames over the file:
 * create and delete in that folder, write on the file. A suffix that is
 * not empty also names a backup: SUFFIX appended, or with '*' the file's
 * name in its place (GNU sed manual, "-i"). c: the command. */
void prog_inplace(struct an *a, const struct cmd *c, const struct word *f,
		  const struct word *suffix)
{
	const char *p, *dir;

	if (f->pipe || (w_path_known(f) && f->len == 0))
		return; /* no file: the program fails */
	p = w_path_known(f) ? shword_path(a, c->cwd, f->lit, f->len) : NULL;
	dir = p ? arena_own(&a->ar, path_dirname(p)) : shword_anchor(a, c->cwd, f);
	effects_emit(a, c, M_READ, f);
	effects_emit(a, c, M_WRITE, f);
	effects_emit_at(a, c, M_CREATE, NULL, dir, f->start, f->end);
	effects_emit_at(a, c, M_DELETE, NULL, dir, f->start, f->end);
	if (!suffix || suffix->len == 0)
		return;
	if (!w_path_known(f) || !w_literal(suffix)) {
		effects_emit_at(a, c, M_CW, NULL, shword_anchor(a, c->cwd, f), f->start,
			f->end);
		return;
	}
	struct strbuf b = STRBUF_INIT;
	const char *star = strchr(suffix->lit, '*');
	if (star) {
		const char *base = strrchr(f->lit, '/');
		base = base ? base + 1 : f->lit;
		for (const char *q = suffix->lit; *q; q++) {
			if (*q == '*')
				sb_adds(&b, base);
			else
				sb_addc(&b, *q);
		}
		if (!strchr(suffix->lit, '/')) {
			/* the backup stays next to the file */
			const char *slash = strrchr(f->lit, '/');
			struct strbuf full = STRBUF_INIT;
			if (slash)
				sb_add(&full, f->lit, (size_t)(slash - f->lit) + 1);
			sb_adds(&full, b.buf);
			sb_release(&b);
			b = full;
		}
	} else {
		sb_add(&b, f->lit, f->len);
		sb_adds(&b, suffix->lit);
	}
	char *bk = sb_detach(&b);
	effects_emit_at(a, c, M_CW, shword_path(a, c->cwd, bk, strlen(bk)), c->cwd,
		f->start, f->end);
	free(bk);
}

/* sed: -i[SUFFIX] edits in place (GNU: the suffix is attached; BSD: `-i ''`
 * is in place without a backup); the script is the first operand unless
 * -e or -f gave one. */
void prog_sed(struct an *a, struct inv *iv)
{
	static const char *const larg[] = { "expression", "file", "line-length", NULL };
	static const struct ospec sp = { .sarg = "efl", .sopt = "i", .larg = larg,
					 .bsd_empty = true };
	struct parsed p;
	bool inplace = false, script = false, sandboxed;
	const struct word *suffix = NULL;

	progopt_parse(a, &sp, iv->argv + 1, iv->argc - 1, &p);
	sandboxed = progopt_has(&p, 0, "sandbox");
	for (size_t i = 0; i < p.no; i++) {
		const struct opt *o = &p.o[i];

		if (progopt_is(o, 'i', "in-place")) {
			inplace = true;
			suffix = o->val;
		} else if (progopt_is(o, 'e', "expression")) {
			script = true;
			if (o->val)
				sed_check_script(a, iv, o->val, sandboxed);
		} else if (progopt_is(o, 'f', "file")) {
			script = true;
			if (o->val && !w_is(o->val, "-"))
				effects_emit(a, &iv->c, M_READ, o->val);
			/* the file's commands are not known until it runs */
			if (o->val && !sandboxed)
				effects_opaque(a, iv->sh, o->val->start, o->val->end, iv->c.prog);
		}
	}
	if (!script && p.nops > 0)
		sed_check_script(a, iv, p.ops[0], sandboxed);
	for (size_t i = script ? 0 : 1; i < p.nops; i++) {
		const struct word *f = p.ops[i];

		if (w_is(f, "-"))
			continue;
		if (inplace)
			prog_inplace(a, &iv->c, f, suffix);
		else
			effects_emit(a, &iv->c, M_READ, f);
	}
}

/* grep, egrep, fgrep, rg: the pattern is never a path; -f FILE is read;
 * with no file operand grep -r and rg search the working directory. */
void prog_grep(struct an *a, struct inv *iv)
{
	static const char *const larg[] = {
		"regexp", "file", "max-count", "after-context", "before-context", "context",
		"devices", "directories", "include", "exclude", "exclude-from", "exclude-dir",
		"label", "binary-files", "group-separator", NULL };
	static const struct ospec sp = { .sarg = "efmABCdD", .larg = larg, .numeric = true };
	struct parsed p;
	bool pattern = false, recursive;
	size_t n0;

	progopt_parse(a, &sp, iv->argv + 1, iv->argc - 1, &p);
	for (size_t i = 0; i < p.no; i++) {
		const struct opt *o = &p.o[i];

		if (progopt_is(o, 'e', "regexp"))
			pattern = true;
		else if ((progopt_is(o, 'f', "file") || progopt_is(o, 0, "exclude-from")) && o->val) {
			if (progopt_is(o, 'f', "file"))
				pattern = true;
			if (!w_is(o->val, "-"))
				effects_emit(a, &iv->c, M_READ, o->val);
		}
	}
	recursive = progopt_has(&p, 'r', "recursive") || progopt_has(&p, 'R', "dereference-recursive");
	n0 = a->out->n;
	if (p.nops <= (pattern ? 0u : 1u)) {
		if (recursive && iv->c.cwd)
			effects_emit_at(a, &iv->c, M_READ, iv->c.cwd, NULL, iv->argv[0]->start,
				iv->argv[0]->end);
	} else {
		for (size_t i = pattern ? 0 : 1; i < p.nops; i++)
			if (!w_is(p.ops[i], "-"))
				effects_emit(a, &iv->c, M_READ, p.ops[i]);
	}
	/* -r reads every file beneath, hidden ones too: a read deny there
	 * refuses (chk38: `grep -r KEY .` over a denied .env was allowed) */
	if (recursive)
		effects_mark_recursive(a, n0);
}

void prog_rg(struct an *a, struct inv *iv)
{
	static const char *const larg[] = {
		"regexp", "file", "glob", "iglob", "type", "type-not", "type-add", "type-clear",
		"after-context", "before-context", "context", "max-count", "threads",
		"max-columns", "max-depth", "maxdepth", "max-filesize", "encoding", "color",
		"colors", "sort", "sortr", "path-separator", "pre", "pre-glob", "replace",
		"ignore-file", "context-separator", "field-match-separator",
		"field-context-separator", "dfa-size-limit", "regex-size-limit", "engine",
		"hostname-bin", "hyperlink-format", "generate", NULL };
	static const struct ospec sp = { .sarg = "ABCdEefgjMmrtT", .larg = larg };
	struct parsed p;
	bool pattern = false;
	bool list_only = false;

	progopt_parse(a, &sp, iv->argv + 1, iv->argc - 1, &p);
	for (size_t i = 0; i < p.no; i++) {
		const struct opt *o = &p.o[i];

		if (progopt_is(o, 'e', "regexp")) {
			pattern = true;
		} else if ((progopt_is(o, 'f', "file") || progopt_is(o, 0, "ignore-file")) && o->val) {
			if (progopt_is(o, 'f', "file"))
				pattern = true;
			if (!w_is(o->val, "-"))
				effects_emit(a, &iv->c, M_READ, o->val);
		} else if (progopt_is(o, 0, "files") || progopt_is(o, 0, "type-list")) {
			/* rg --files lists paths: no pattern operand */
			list_only = true;
		}
	}
	if (list_only)
		pattern = true;
	if (p.nops <= (pattern ? 0u : 1u)) {
		if (iv->c.cwd)
			effects_emit_at(a, &iv->c, M_READ, iv->c.cwd, NULL, iv->argv[0]->start,
				iv->argv[0]->end);
		return;
	}
	for (size_t i = pattern ? 0 : 1; i < p.nops; i++)
		if (!w_is(p.ops[i], "-"))
			effects_emit(a, &iv->c, M_READ, p.ops[i]);
}

void prog_tail(struct an *a, struct inv *iv)
{
	static const char *const larg[] = { "lines", "bytes", "sleep-interval", "pid",
					    "max-unchanged-stats", NULL };
	static const struct ospec sp = { .sarg = "ncs", .larg = larg, .numeric = true };
	struct parsed p;

	progopt_parse(a, &sp, iv->argv + 1, iv->argc - 1, &p);
	for (size_t i = 0; i < p.nops; i++) {
		const struct word *w = p.ops[i];
		/* obsolete `tail +5 FILE` */
		if (i == 0 && w_literal(w) && w->len > 1 && w->lit[0] == '+' &&
		    strspn(w->lit + 1, "0123456789") == w->len - 1)
			continue;
		if (!w_is(w, "-"))
			effects_emit(a, &iv->c, M_READ, w);
	}
}

void prog_wc(struct an *a, struct inv *iv)
{
	static const char *const larg[] = { "files0-from", NULL };
	static const struct ospec sp = { .larg = larg };
	struct parsed p;
	const struct word *f;

	progopt_parse(a, &sp, iv->argv + 1, iv->argc - 1, &p);
	f = progopt_val(&p, 0, "files0-from");
	if (f && !w_is(f, "-")) {
		effects_emit(a, &iv->c, M_READ, f);
		effects_emit_at(a, &iv->c, M_READ, NULL, iv->c.cwd, f->start, f->end);
	}
	prog_all_ops(a, iv, &p, M_READ);
}

void prog_less(struct an *a, struct inv *iv)
{
	static const char *const larg[] = { "pattern", "tag", "log-file", "LOG-FILE",
					    "tabs", "window", "shift", "lesskey-file",
					    "prompt", "jump-target", "buffers",
					    "max-back-scroll", "max-forw-scroll", NULL };
	static const struct ospec sp = { .sarg = "bhjkoOpPtTxyz#", .larg = larg, .numeric = true };
	struct parsed p;

	progopt_parse(a, &sp, iv->argv + 1, iv->argc - 1, &p);
	for (size_t i = 0; i < p.no; i++) {
		const struct opt *o = &p.o[i];

		if (!o->val)
			continue;
		if (progopt_is(o, 'o', "log-file") || progopt_is(o, 'O', "LOG-FILE"))
			effects_emit(a, &iv->c, M_CW, o->val);
		else if (progopt_is(o, 'k', "lesskey-file"))
			effects_emit(a, &iv->c, M_READ, o->val);
	}
	for (size_t i = 0; i < p.nops; i++) {
		const struct word *w = p.ops[i];
		if (w_literal(w) && w->lit[0] == '+')
			continue; /* +COMMAND */
		if (!w_is(w, "-"))
			effects_emit(a, &iv->c, M_READ, w);
	}
}

/* ls [OPTION]... [FILE]...: each operand read (a folder is listed; a file
 * is only looked at, which no capability governs, so read is the cautious
 * answer), the current folder without one; -d lists no folder, -R lists
 * each subtree (GNU coreutils ls(1)). */
void prog_ls(struct an *a, struct inv *iv)
{
	static const char *const larg[] = { "block-size", "format", "hide", "ignore",
					    "indicator-style", "quoting-style", "sort", "tabsize",
					    "time", "time-style", "width", NULL };
	static const struct ospec sp = { .sarg = "ITw", .larg = larg };
	struct parsed p;
	size_t n0 = a->out->n;

	progopt_parse(a, &sp, iv->argv + 1, iv->argc - 1, &p);
	if (progopt_has(&p, 'd', "directory"))
		return;
	if (p.nops == 0 && iv->c.cwd)
		effects_emit_at(a, &iv->c, M_READ, iv->c.cwd, NULL, iv->argv[0]->start,
				iv->argv[0]->end);
	prog_all_ops(a, iv, &p, M_READ);
	if (progopt_has(&p, 'R', "recursive"))
		effects_mark_recursive(a, n0);
}
