/* prog-import.c - the programs that bring files in from a path they name
 * (an archive, a package, a patch, a tree to sync) or put what they make
 * where an option says (prog-import.h). The file they name outside the
 * workspace is what `fsjail run` refuses (`tar xf ../t.tar` reads
 * ../t.tar): it is an effect decided like any other path, with the
 * capability the run needs. What these programs run besides (tar -I,
 * npm's scripts) stays opaque, as for every program that is not a leaf
 * (prog-class.c). */
#include <string.h>

#include "prog-import.h"

/* execute on the binary and the opaque code of a program that is not a
 * leaf: what prog_run() says of a program the table does not know */
static void not_leaf(struct an *a, struct inv *iv)
{
	prog_exec_effect(a, iv);
	prog_runs_unseen(a, iv);
}

/* Names known only at run time made and written in folder dir (NULL:
 * the working directory); the span is the whole command. */
static void made_in(struct an *a, const struct inv *iv, const struct word *dir)
{
	const char *p = NULL;
	uint32_t s, e;

	prog_span(iv, 0, &s, &e);
	if (dir && w_path_known(dir))
		p = shword_path(a, iv->c.cwd, dir->lit, dir->len);
	else if (dir)
		p = shword_anchor(a, iv->c.cwd, dir);
	else
		p = iv->c.cwd;
	effects_emit_at(a, &iv->c, M_CREATE, NULL, p, s, e);
	effects_emit_at(a, &iv->c, M_WRITE, NULL, p, s, e);
}

/* A literal word of its own made from text (a letter of tar's bundle). */
static struct word *lit_word(struct an *a, const char *text, const struct word *from)
{
	struct word *w = shword_unknown(a, text, from->start, from->end);

	w->dynamic = false;
	w->prefix_len = w->len;
	return w;
}

/* GNU tar's options that take an argument (tar(1)); the short ones also
 * take the next word in the old-style bundle (`tar xf A`). */
#define TAR_SARG "bCfFgHIKLNTVX"

void prog_tar(struct an *a, struct inv *iv)
{
	static const char *const larg[] = {
		"file", "directory", "files-from", "exclude-from", "listed-incremental",
		"use-compress-program", "to-command", "info-script", "new-volume-script",
		"blocking-factor", "format", "label", "newer", "after-date", "newer-mtime",
		"tape-length", "starting-file", "owner", "group", "mode", "mtime", "transform",
		"xform", "exclude", "checkpoint-action", "suffix", "record-size", "index-file",
		"volno-file", "rsh-command", "occurrence", "strip-components", "sort",
		"quoting-style", "exclude-tag", "exclude-tag-all", "exclude-tag-under", NULL };
	static const struct ospec sp = { .sarg = TAR_SARG, .larg = larg };
	struct word **argv = iv->argv + 1;
	size_t argc = iv->argc - 1;
	const struct word *f, *dir;
	struct cmd in_dir = iv->c;
	struct parsed p;
	bool create, extract, read;

	not_leaf(a, iv);
	if (argc > 0 && w_literal(argv[0]) && argv[0]->len > 0 && argv[0]->lit[0] != '-') {
		/* the old-style bundle: each letter an option, its argument
		 * the next word in turn (tar(1), "Old options") */
		const struct word *b = argv[0];
		struct word **v = arena_alloc(&a->ar, (b->len + argc) * sizeof(*v));
		char opt[3] = "-";

		for (size_t i = 0; i < b->len; i++) {
			opt[1] = b->lit[i];
			v[i] = lit_word(a, opt, b);
		}
		memcpy(v + b->len, argv + 1, (argc - 1) * sizeof(*v));
		argv = v;
		argc = b->len + argc - 1;
	}
	progopt_parse(a, &sp, argv, argc, &p);
	create = progopt_has(&p, 'c', "create");
	extract = progopt_has(&p, 'x', "extract") || progopt_has(&p, 0, "get");
	read = extract || progopt_has(&p, 't', "list") || progopt_has(&p, 'd', "diff") ||
	       progopt_has(&p, 0, "compare");
	f = progopt_val(&p, 'f', "file");
	dir = progopt_val(&p, 'C', "directory");
	if (f && !w_is(f, "-"))
		effects_emit(a, &iv->c, read ? M_READ : M_CW, f);
	for (size_t i = 0; i < p.no; i++)
		if (p.o[i].val && (progopt_is(&p.o[i], 'T', "files-from") ||
				   progopt_is(&p.o[i], 'X', "exclude-from")) &&
		    !w_is(p.o[i].val, "-"))
			effects_emit(a, &iv->c, M_READ, p.o[i].val);
	if (extract) {
		made_in(a, iv, dir);
	} else if (create || progopt_has(&p, 'r', "append") || progopt_has(&p, 'u', "update")) {
		if (dir && w_path_known(dir))
			in_dir.cwd = shword_path(a, iv->c.cwd, dir->lit, dir->len);
		else if (dir)
			in_dir.cwd = NULL;
		for (size_t i = 0; i < p.nops; i++)
			effects_emit(a, &in_dir, M_READ, p.ops[i]);
	}
}

void prog_unzip(struct an *a, struct inv *iv)
{
	const struct word *zip = NULL, *dir = NULL;
	bool extract = true, excl = false;

	not_leaf(a, iv);
	for (size_t i = 1; i < iv->argc; i++) {
		const struct word *w = iv->argv[i];

		if (w_is(w, "-d") && i + 1 < iv->argc) {
			dir = iv->argv[++i];
		} else if (w_is(w, "-P") && i + 1 < iv->argc) {
			i++;
		} else if (w_is(w, "-x")) {
			excl = true;
		} else if (w_literal(w) && w->lit[0] == '-' && !zip) {
			/* list, test, pipe, comment, zipinfo: nothing is made */
			if (strpbrk(w->lit + 1, "lvtpczZ"))
				extract = false;
		} else if (!zip && !excl) {
			zip = w;
		}
	}
	if (zip)
		effects_emit(a, &iv->c, M_READ, zip);
	if (zip && extract)
		made_in(a, iv, dir);
}

/* HOST:PATH, USER@HOST:PATH, rsync://...: not a local file (rsync(1),
 * a colon before any slash). */
static bool rsync_remote(const struct word *w)
{
	const char *c = w_literal(w) ? strchr(w->lit, ':') : NULL;
	const char *s = w_literal(w) ? strchr(w->lit, '/') : NULL;

	return c && (!s || c < s);
}

void prog_rsync(struct an *a, struct inv *iv)
{
	static const char *const larg[] = {
		"rsh", "rsync-path", "filter", "exclude", "include", "exclude-from",
		"include-from", "files-from", "temp-dir", "compare-dest", "copy-dest",
		"link-dest", "backup-dir", "suffix", "chmod", "chown", "usermap", "groupmap",
		"password-file", "log-file", "log-file-format", "out-format", "block-size",
		"max-size", "min-size", "bwlimit", "timeout", "contimeout", "port", "sockopts",
		"partial-dir", "iconv", "write-batch", "only-write-batch", "read-batch", NULL };
	static const struct ospec sp = { .sarg = "eBfT", .larg = larg };
	struct parsed p;
	const struct word *dst;

	not_leaf(a, iv);
	progopt_parse(a, &sp, iv->argv + 1, iv->argc - 1, &p);
	for (size_t i = 0; i < p.no; i++)
		if (p.o[i].val && (progopt_is(&p.o[i], 0, "files-from") ||
				   progopt_is(&p.o[i], 0, "exclude-from") ||
				   progopt_is(&p.o[i], 0, "include-from") ||
				   progopt_is(&p.o[i], 0, "password-file")) &&
		    !w_is(p.o[i].val, "-"))
			effects_emit(a, &iv->c, M_READ, p.o[i].val);
	if (p.nops < 2)
		return; /* one operand: rsync lists it */
	for (size_t i = 0; i + 1 < p.nops; i++)
		if (!rsync_remote(p.ops[i]))
			effects_emit(a, &iv->c, M_READ, p.ops[i]);
	dst = p.ops[p.nops - 1];
	if (rsync_remote(dst))
		return;
	effects_emit(a, &iv->c, M_CW, dst);
	made_in(a, iv, dst);
}

void prog_patch(struct an *a, struct inv *iv)
{
	static const char *const larg[] = {
		"input", "directory", "output", "strip", "reject-file", "prefix", "ifdef",
		"fuzz", "version-control", "basename-prefix", "suffix", "get", "quoting-style",
		"read-only", "reject-format", NULL };
	static const struct ospec sp = { .sarg = "BDdFgiopVrYz", .larg = larg };
	struct parsed p;
	const struct word *in, *out, *rej;
	struct cmd at = iv->c;

	progopt_parse(a, &sp, iv->argv + 1, iv->argc - 1, &p);
	in = progopt_val(&p, 'i', "input");
	out = progopt_val(&p, 'o', "output");
	rej = progopt_val(&p, 'r', "reject-file");
	if (!in && p.nops > 1)
		in = p.ops[1];
	if (in && !w_is(in, "-"))
		effects_emit(a, &iv->c, M_READ, in);
	if (rej && !w_is(rej, "-"))
		effects_emit(a, &iv->c, M_CW, rej);
	/* -d DIR: patch works from DIR, the files' names with it */
	if (progopt_val(&p, 'd', "directory")) {
		const struct word *d = progopt_val(&p, 'd', "directory");
		at.cwd = w_path_known(d) ? shword_path(a, iv->c.cwd, d->lit, d->len) : NULL;
	}
	if (out && !w_is(out, "-"))
		effects_emit(a, &at, M_CW, out);
	else if (p.nops > 0)
		effects_emit(a, &at, M_CW, p.ops[0]);
	if (!out && p.nops == 0) {
		/* the files the patch names: made, written, deleted */
		struct inv there = *iv;
		uint32_t s, e;

		there.c = at;
		made_in(a, &there, NULL);
		prog_span(iv, 0, &s, &e);
		effects_emit_at(a, &at, M_DELETE, NULL, at.cwd, s, e);
	}
}

/* A package spec that names a local file or folder (npm-install(1):
 * a folder, a tarball file, file:PATH); a name, name@version, a git or
 * http URL is fetched, not read from a path. Returns the path's offset
 * in w->lit (5 for file:), or -1. */
static int npm_local(const struct word *w)
{
	const char *s = w->lit;
	size_t n = w->len;

	if (!w_path_known(w) || n == 0)
		return -1;
	if (strncmp(s, "file:", 5) == 0)
		return 5;
	if (s[0] == '.' || s[0] == '/' || s[0] == '~')
		return 0;
	if ((n > 4 && strcmp(s + n - 4, ".tgz") == 0) ||
	    (n > 7 && strcmp(s + n - 7, ".tar.gz") == 0) || (n > 4 && strcmp(s + n - 4, ".tar") == 0))
		return strchr(s, ':') ? -1 : 0;
	return -1;
}

void prog_npm(struct an *a, struct inv *iv)
{
	static const char *const reads[] = {
		"install", "i", "in", "ins", "inst", "insta", "instal", "isnt", "isntall", "add",
		"link", "ln", "pack", "update", "up", "upgrade", "install-test", "it", "publish",
		NULL };
	static const char *const larg[] = { "prefix", "registry", "cache", "userconfig",
					    "workspace", "tag", "loglevel", NULL };
	static const struct ospec sp = { .sarg = "w", .larg = larg };
	struct parsed p;

	not_leaf(a, iv);
	progopt_parse(a, &sp, iv->argv + 1, iv->argc - 1, &p);
	if (p.nops < 2 || !w_literal(p.ops[0]) ||
	    !progopt_in_list(reads, p.ops[0]->lit, p.ops[0]->len))
		return;
	for (size_t i = 1; i < p.nops; i++) {
		int off = npm_local(p.ops[i]);

		if (off >= 0)
			effects_emit(a, &iv->c, M_READ,
				     off ? shword_tail(a, p.ops[i], (size_t)off) : p.ops[i]);
	}
}
