/* prog-outputs.c - programs of the leaf list (prog-class.c: they run no
 * code but their own) that write files their options or operands name:
 * as leaves they yielded only execute, so `sort -o .git/config x`, `uniq
 * x .git/info/exclude`, `xxd -r x .git/hooks/pre-commit` and `mktemp
 * .git/hooks/XXXXXX` were "allow" while the run refused each (att34).
 * Each handler gives the files it reads and the ones it creates or
 * writes; an option that runs a program makes it opaque. */
#include <string.h>

#include "effects-int.h"

/* Every operand read, except "-" (standard input). */
static void read_ops(struct an *a, const struct inv *iv, const struct parsed *p, size_t from)
{
	for (size_t i = from; i < p->nops; i++)
		if (!w_is(p->ops[i], "-"))
			effects_emit(a, &iv->c, M_READ, p->ops[i]);
}

/* sort FILE... [-o OUT] [-T DIR] [--compress-program=PROG] */
void prog_sort(struct an *a, struct inv *iv)
{
	static const char *const larg[] = { "key", "field-separator", "output", "buffer-size",
					    "temporary-directory", "parallel", "batch-size",
					    "compress-program", "files0-from", "random-source",
					    "sort", NULL };
	static const struct ospec sp = { .sarg = "ktoST", .larg = larg };
	const struct word *w;
	struct parsed p;

	progopt_parse(a, &sp, iv->argv + 1, iv->argc - 1, &p);
	read_ops(a, iv, &p, 0);
	if ((w = progopt_val(&p, 'o', "output")) != NULL && !w_is(w, "-"))
		effects_emit(a, &iv->c, M_CW, w);
	if ((w = progopt_val(&p, 'T', "temporary-directory")) != NULL) {
		effects_emit_at(a, &iv->c, M_CREATE, NULL, shword_path(a, iv->c.cwd, w->lit, w->len),
				w->start, w->end);
		effects_emit_at(a, &iv->c, M_DELETE, NULL, shword_path(a, iv->c.cwd, w->lit, w->len),
				w->start, w->end);
	}
	if (progopt_has(&p, 0, "compress-program"))
		prog_runs_unseen(a, iv);
}

/* shuf [-e ARG... | -i LO-HI | FILE] [-o OUT] */
void prog_shuf(struct an *a, struct inv *iv)
{
	static const char *const larg[] = { "input-range", "head-count", "output",
					    "random-source", NULL };
	static const struct ospec sp = { .sarg = "inor", .larg = larg };
	const struct word *w;
	struct parsed p;

	progopt_parse(a, &sp, iv->argv + 1, iv->argc - 1, &p);
	if (!progopt_has(&p, 'e', "echo") && !progopt_has(&p, 'i', "input-range"))
		read_ops(a, iv, &p, 0);
	if ((w = progopt_val(&p, 'o', "output")) != NULL && !w_is(w, "-"))
		effects_emit(a, &iv->c, M_CW, w);
}

/* uniq [INPUT [OUTPUT]] */
void prog_uniq(struct an *a, struct inv *iv)
{
	static const char *const larg[] = { "skip-fields", "skip-chars", "check-chars", NULL };
	static const struct ospec sp = { .sarg = "fsw", .larg = larg, .numeric = true };
	struct parsed p;

	progopt_parse(a, &sp, iv->argv + 1, iv->argc - 1, &p);
	if (p.nops > 0 && !w_is(p.ops[0], "-"))
		effects_emit(a, &iv->c, M_READ, p.ops[0]);
	if (p.nops > 1 && !w_is(p.ops[1], "-"))
		effects_emit(a, &iv->c, M_CW, p.ops[1]);
}

/* xxd [-r] [INFILE [OUTFILE]] (its options take their value attached or
 * next; -r -p writes a binary OUTFILE, without -r a dump) */
void prog_xxd(struct an *a, struct inv *iv)
{
	static const struct ospec sp = { .sarg = "cglosnC", .numeric = true };
	struct parsed p;

	progopt_parse(a, &sp, iv->argv + 1, iv->argc - 1, &p);
	if (p.nops > 0 && !w_is(p.ops[0], "-"))
		effects_emit(a, &iv->c, M_READ, p.ops[0]);
	for (size_t i = 1; i < p.nops; i++)
		if (!w_is(p.ops[i], "-"))
			effects_emit(a, &iv->c, M_CW, p.ops[i]);
}

/* mktemp [-d] [-u] [-p DIR | --tmpdir[=DIR] | -t] [TEMPLATE]: a new name
 * in TEMPLATE's folder (under DIR when given; in the temporary folder,
 * $TMPDIR or /tmp, without a TEMPLATE or with -t or a bare --tmpdir). */
void prog_mktemp(struct an *a, struct inv *iv)
{
	static const char *const larg[] = { "suffix", NULL };
	static const struct ospec sp = { .sarg = "p", .larg = larg };
	const struct word *dir = NULL, *tmpl = NULL;
	const char *base = iv->c.cwd;
	struct parsed p;

	progopt_parse(a, &sp, iv->argv + 1, iv->argc - 1, &p);
	if (progopt_has(&p, 'u', "dry-run"))
		return;
	if (p.nops > 0)
		tmpl = p.ops[p.nops - 1];
	dir = progopt_val(&p, 'p', NULL);
	for (size_t i = 0; i < p.no; i++)
		if (progopt_is(&p.o[i], 0, "tmpdir"))
			dir = p.o[i].val;
	if (!dir && (!tmpl || progopt_has(&p, 't', NULL) || progopt_has(&p, 0, "tmpdir"))) {
		/* $TMPDIR, else /tmp (mktemp(1)); a template's folder part under it */
		const char *tmp = a->o->tmpdir;
		uint32_t s = tmpl ? tmpl->start : iv->argv[0]->start;
		uint32_t e = tmpl ? tmpl->end : iv->argv[0]->end;

		effects_emit_at(a, &iv->c, M_CREATE, NULL, tmp && tmp[0] == '/' ? tmp : "/tmp", s, e);
		return;
	}
	if (dir) {
		if (!w_path_known(dir)) {
			effects_emit_at(a, &iv->c, M_CREATE, NULL, NULL, dir->start, dir->end);
			return;
		}
		base = shword_path(a, iv->c.cwd, dir->lit, dir->len);
	}
	if (!tmpl) {
		effects_emit_at(a, &iv->c, M_CREATE, NULL, base, dir->start, dir->end);
		return;
	}
	{
		size_t n = effects_parent_len(tmpl->lit, tmpl->len);
		const char *in = base;

		if (n > 0 && w_literal(tmpl) && base)
			in = tmpl->lit[0] == '/' ? shword_path(a, NULL, tmpl->lit, n)
						: shword_path(a, base, tmpl->lit, n);
		else if (n > 0)
			in = NULL; /* a run-time folder */
		effects_emit_at(a, &iv->c, M_CREATE, NULL, in, tmpl->start, tmpl->end);
	}
}

/* tree [-o FILE] DIR... */
void prog_tree(struct an *a, struct inv *iv)
{
	static const char *const larg[] = { "filelimit", "timefmt", "charset", "sort",
					    "fromfile", "infile", NULL };
	static const struct ospec sp = { .sarg = "LPIHTo", .larg = larg };
	const struct word *w;
	struct parsed p;

	progopt_parse(a, &sp, iv->argv + 1, iv->argc - 1, &p);
	read_ops(a, iv, &p, 0);
	if ((w = progopt_val(&p, 'o', NULL)) != NULL)
		effects_emit(a, &iv->c, M_CW, w);
}

/* file [-C] FILE...: -C compiles a magic file into FILE.mgc */
void prog_file(struct an *a, struct inv *iv)
{
	static const char *const larg[] = { "magic-file", "files-from", "separator",
					    "exclude", "exclude-quiet", "parameter", NULL };
	static const struct ospec sp = { .sarg = "mfFeP", .larg = larg };
	struct parsed p;

	progopt_parse(a, &sp, iv->argv + 1, iv->argc - 1, &p);
	read_ops(a, iv, &p, 0);
	if (progopt_has(&p, 'C', "compile"))
		prog_runs_unseen(a, iv);
}
