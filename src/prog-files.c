/* prog-files.c - handlers of the programs that change files by name:
 * rm, rmdir, mkdir, touch, truncate, unlink, cp, mv, ln, chmod, chown,
 * tee, dd, find. */
#include <stdlib.h>
#include <string.h>

#include "effects-find.h"
#include "effects-int.h"

/* rm [-rRf...] FILE...: each operand deleted; with -r/-R/--recursive the
 * delete reaches the operand's subtree (GNU coreutils rm(1)). */
void prog_rm(struct an *a, struct inv *iv)
{
	static const struct ospec sp = { 0 };
	struct parsed p;
	size_t n0 = a->out->n;

	progopt_parse(a, &sp, iv->argv + 1, iv->argc - 1, &p);
	for (size_t i = 0; i < p.nops; i++)
		effects_emit(a, &iv->c, M_DELETE, p.ops[i]);
	if (progopt_has(&p, 'r', "recursive") || progopt_has(&p, 'R', NULL))
		effects_mark_recursive(a, n0);
}

/* mkdir [-p] [-m MODE] DIR...: each operand created; with -p every
 * missing ancestor too (GNU coreutils mkdir(1)), nearest the root first. */
void prog_mkdir(struct an *a, struct inv *iv)
{
	static const char *const larg[] = { "mode", NULL };
	static const struct ospec sp = { .sarg = "m", .larg = larg };
	struct parsed p;
	bool parents;

	progopt_parse(a, &sp, iv->argv + 1, iv->argc - 1, &p);
	parents = progopt_has(&p, 'p', "parents");
	for (size_t i = 0; i < p.nops; i++) {
		struct word *w = p.ops[i];
		if (parents && w_path_known(w))
			effects_emit_parents(a, &iv->c, iv->c.cwd, w, w->len);
		effects_emit(a, &iv->c, M_CREATE, w);
	}
}

void prog_rmdir(struct an *a, struct inv *iv)
{
	static const struct ospec sp = { 0 };
	struct parsed p;

	progopt_parse(a, &sp, iv->argv + 1, iv->argc - 1, &p);
	bool parents = progopt_has(&p, 'p', "parents");
	for (size_t i = 0; i < p.nops; i++) {
		struct word *w = p.ops[i];
		size_t n = w->len;

		effects_emit(a, &iv->c, M_DELETE, w);
		if (!parents || !w_path_known(w))
			continue;
		/* rmdir -p a/b/c also removes a/b and a */
		while ((n = effects_parent_len(w->lit, n)) > 0) {
			effects_emit_at(a, &iv->c, M_DELETE, shword_path(a, iv->c.cwd, w->lit, n), NULL,
				w->start, w->end);
		}
	}
}

void prog_touch(struct an *a, struct inv *iv)
{
	static const char *const larg[] = { "date", "reference", "time", NULL };
	static const struct ospec sp = { .sarg = "drt", .larg = larg };
	struct parsed p;

	progopt_parse(a, &sp, iv->argv + 1, iv->argc - 1, &p);
	prog_all_ops(a, iv, &p, progopt_has(&p, 'c', "no-create") ? M_WIFEX : M_CW);
}

void prog_truncate(struct an *a, struct inv *iv)
{
	static const char *const larg[] = { "reference", "size", NULL };
	static const struct ospec sp = { .sarg = "rs", .larg = larg };
	struct parsed p;

	progopt_parse(a, &sp, iv->argv + 1, iv->argc - 1, &p);
	prog_all_ops(a, iv, &p, progopt_has(&p, 'c', "no-create") ? M_WIFEX : M_CW);
}

/* cp, mv, ln: sources and a target (GNU coreutils: -t DIR, -T, a last
 * operand that is an existing directory, more than two operands). cp and
 * a hard link read the source (Landlock's REFER rule: see notify-refer.h). */
enum copy_kind { COPY_CP, COPY_MV, COPY_LN };

/* What the creates of one ln operand src make (fsj_effect.link_kind,
 * .link; effects-decide-link.h): a symbolic link's text, or a hard
 * link's old name; NULL when known only at run time (a glob, a
 * variable). */
static void link_of(struct an *a, const struct inv *iv, const struct word *src, bool symbolic)
{
	a->lnk_kind = symbolic ? FSJ_LINK_SYMBOLIC : FSJ_LINK_HARD;
	a->lnk = NULL;
	if (!w_path_known(src))
		return;
	a->lnk = symbolic ? src->lit : shword_path(a, iv->c.cwd, src->lit, src->len);
}

static void copy_like(struct an *a, struct inv *iv, enum copy_kind k)
{
	static const char *const larg[] = { "suffix", "target-directory", "sparse",
					    "no-preserve", NULL };
	static const struct ospec sp = { .sarg = "St", .larg = larg };
	struct parsed p;
	const struct word *dir, *dst = NULL;
	size_t nsrc;
	enum mode tm;
	bool parents, force;

	progopt_parse(a, &sp, iv->argv + 1, iv->argc - 1, &p);
	dir = progopt_val(&p, 't', "target-directory");
	parents = k == COPY_CP && progopt_has(&p, 0, "parents");
	force = progopt_has(&p, 'f', "force");
	tm = k == COPY_CP ? M_CW : k == COPY_MV ? M_MV : (force ? M_LNF : M_CREATE);
	if (k == COPY_CP && progopt_has(&p, 0, "remove-destination"))
		tm = M_LNF; /* unlinks an existing target first (install does) */
	nsrc = p.nops;
	if (!dir) {
		if (k == COPY_LN && p.nops == 1) {
			/* ln TARGET: a link of the same name in the working directory */
			struct word *here = shword_unknown(a, ".", p.ops[0]->start, p.ops[0]->end);
			here->dynamic = false;
			here->prefix_len = here->len;
			dir = here;
		} else if (p.nops < 2) {
			return; /* the program refuses: missing operand */
		} else {
			nsrc = p.nops - 1;
			if (progopt_has(&p, 'T', "no-target-directory") ||
			    (p.nops == 2 && !effects_is_dir(a, &iv->c, p.ops[1])))
				dst = p.ops[1];
			else
				dir = p.ops[p.nops - 1];
		}
	}
	for (size_t i = 0; i < nsrc; i++) {
		const struct word *src = p.ops[i];

		if (k == COPY_CP || (k == COPY_LN && !progopt_has(&p, 's', "symbolic"))) {
			effects_emit(a, &iv->c, M_READ, src);
		} else if (k == COPY_MV) {
			/* the name moves with all beneath it: the run refuses a
			 * folder that holds a protected or denied name (att34) */
			size_t from = a->out->n;

			effects_emit(a, &iv->c, M_DELETE, src);
			effects_mark_recursive(a, from);
		}
		if (k == COPY_LN)
			link_of(a, iv, src, progopt_has(&p, 's', "symbolic"));
		else if (k == COPY_CP && progopt_has(&p, 's', "symbolic-link"))
			link_of(a, iv, src, true);
		else if (k == COPY_CP && progopt_has(&p, 'l', "link"))
			link_of(a, iv, src, false);
		if (dst)
			effects_emit(a, &iv->c, tm, dst);
		else
			effects_emit_into(a, &iv->c, tm, dir, src, parents);
		a->lnk_kind = FSJ_LINK_NONE;
		a->lnk = NULL;
	}
}

void prog_cp(struct an *a, struct inv *iv)
{
	copy_like(a, iv, COPY_CP);
}

void prog_mv(struct an *a, struct inv *iv)
{
	copy_like(a, iv, COPY_MV);
}

void prog_ln(struct an *a, struct inv *iv)
{
	copy_like(a, iv, COPY_LN);
}

/* chmod MODE FILE..., chown OWNER FILE..., chgrp GROUP FILE...; with
 * --reference=RFILE every operand is a file. chmod's modes may look like
 * options (-w, -rwx): a dash word that is not made of chmod's own option
 * letters (c f v R) is the mode (GNU chmod does the same). */
static void h_chmod_like(struct an *a, struct inv *iv, bool is_chmod)
{
	bool have_first = false, opts_done = false;

	for (size_t i = 0; i < iv->argc - 1; i++) {
		struct word *w = iv->argv[i + 1];
		const char *s = w->lit;

		if (!opts_done && w_is(w, "--")) {
			opts_done = true;
			continue;
		}
		if (!opts_done && w_literal(w) && strncmp(s, "--", 2) == 0) {
			if (strcmp(s, "--reference") == 0 || strcmp(s, "--from") == 0) {
				if (strcmp(s, "--reference") == 0)
					have_first = true;
				i++;
			} else if (strncmp(s, "--reference=", 12) == 0) {
				have_first = true;
			}
			continue;
		}
		if (!opts_done && w_literal(w) && s[0] == '-' && s[1]) {
			if (!is_chmod || strspn(s + 1, "cfvRhHLP") == strlen(s + 1))
				continue;
			if (!have_first) {
				have_first = true; /* a mode such as -w */
				continue;
			}
		}
		if (!have_first) {
			have_first = true;
			continue;
		}
		effects_emit(a, &iv->c, M_WRITE, w);
	}
}

void prog_chmod(struct an *a, struct inv *iv)
{
	h_chmod_like(a, iv, true);
}

void prog_chown(struct an *a, struct inv *iv)
{
	h_chmod_like(a, iv, false);
}

/* dd: operands KEY=VALUE; if= is read, of= created or written. */
void prog_dd(struct an *a, struct inv *iv)
{
	for (size_t i = 1; i < iv->argc; i++) {
		struct word *w = iv->argv[i];

		if (w->prefix_len >= 3 && strncmp(w->lit, "if=", 3) == 0)
			effects_emit(a, &iv->c, M_READ, shword_tail(a, w, 3));
		else if (w->prefix_len >= 3 && strncmp(w->lit, "of=", 3) == 0)
			effects_emit(a, &iv->c, M_CW, shword_tail(a, w, 3));
	}
}

/* find's action at argv[act] acting with caps on the names beneath each
 * known start that the tests argv[tests..act) select (effects-find.h) */
static void find_beneath(struct an *a, struct inv *iv, struct word **starts, size_t ns,
			 size_t tests, size_t act, unsigned caps)
{
	bool any;
	char *pats = effects_find_names(iv->argv, tests, act, &any);

	for (size_t k = 0; k < ns; k++) {
		const char *p = w_path_known(starts[k]) && starts[k]->len
			? shword_path(a, iv->c.cwd, starts[k]->lit, starts[k]->len) : NULL;

		if (p)
			effects_find_emit(a, &iv->c, p, caps, pats, any, iv->argv[act]->start,
					  iv->argv[act]->end);
	}
	free(pats);
}

/* find [-H|-L|-P] [-D x] [-Olevel] [START...] [EXPRESSION]: every start is
 * read; -delete deletes beneath each start; -exec and friends run code the
 * table does not follow (opaque); -fprint* write their file. */
void prog_find(struct an *a, struct inv *iv)
{
	static const char *const targ[] = {
		"-name", "-iname", "-path", "-ipath", "-wholename", "-iwholename", "-regex",
		"-iregex", "-lname", "-ilname", "-type", "-xtype", "-size", "-mtime", "-mmin",
		"-atime", "-amin", "-ctime", "-cmin", "-newer", "-anewer", "-cnewer", "-perm",
		"-user", "-group", "-uid", "-gid", "-maxdepth", "-mindepth", "-links", "-inum",
		"-samefile", "-printf", "-fstype", "-used", "-context", "-regextype", NULL };
	struct word **starts = arena_alloc(&a->ar, iv->argc * sizeof(*starts));
	size_t ns = 0, i = 1, tests;

	while (i < iv->argc && w_literal(iv->argv[i])) {
		const char *s = iv->argv[i]->lit;
		if (strcmp(s, "-H") == 0 || strcmp(s, "-L") == 0 || strcmp(s, "-P") == 0 ||
		    strncmp(s, "-O", 2) == 0) {
			i++;
		} else if (strcmp(s, "-D") == 0) {
			i += 2;
		} else if (strcmp(s, "--") == 0) {
			i++;
			break;
		} else {
			break;
		}
	}
	for (; i < iv->argc; i++) {
		const struct word *w = iv->argv[i];
		if (w->len > 0 && (w->lit[0] == '-' || w_is(w, "(") || w_is(w, "!") ||
				   w_is(w, ")") || w_is(w, ",")) && w->prefix_len > 0)
			break;
		starts[ns++] = iv->argv[i];
	}
	if (ns == 0) {
		struct word *dot = shword_unknown(a, ".", iv->argv[0]->start, iv->argv[0]->end);
		dot->dynamic = false;
		dot->prefix_len = dot->len;
		starts[ns++] = dot;
	}
	for (size_t k = 0; k < ns; k++)
		effects_emit(a, &iv->c, M_READ, starts[k]);
	tests = i;
	for (; i < iv->argc; i++) {
		const struct word *w = iv->argv[i];
		const char *s = w->lit;

		if (!w_literal(w))
			continue;
		if (strcmp(s, "-delete") == 0) {
			for (size_t k = 0; k < ns; k++)
				effects_emit(a, &iv->c, M_DELETE, starts[k]);
			find_beneath(a, iv, starts, ns, tests, i, FSJ_CAPBIT(FSJ_CAP_DELETE));
		} else if (strcmp(s, "-exec") == 0 || strcmp(s, "-execdir") == 0 ||
			   strcmp(s, "-ok") == 0 || strcmp(s, "-okdir") == 0) {
			size_t j = i + 1;
			while (j < iv->argc && !w_is(iv->argv[j], ";") &&
			       !(w_is(iv->argv[j], "+") && w_is(iv->argv[j - 1], "{}")))
				j++;
			find_beneath(a, iv, starts, ns, tests, i,
				     effects_find_exec_caps(i + 1 < iv->argc ? iv->argv[i + 1] : NULL));
			effects_opaque(a, iv->sh, w->start, iv->argv[j < iv->argc ? j : iv->argc - 1]->end,
			       iv->c.prog);
			i = j;
		} else if ((strcmp(s, "-fprint") == 0 || strcmp(s, "-fprint0") == 0 ||
			    strcmp(s, "-fls") == 0 || strcmp(s, "-fprintf") == 0) &&
			   i + 1 < iv->argc) {
			effects_emit(a, &iv->c, M_CW, iv->argv[i + 1]);
			i += strcmp(s, "-fprintf") == 0 ? 2 : 1;
		} else if (strcmp(s, "-files0-from") == 0 && i + 1 < iv->argc) {
			effects_emit(a, &iv->c, M_READ, iv->argv[i + 1]);
			i++;
		} else if (progopt_in_list(targ, s, w->len) ||
			   (strncmp(s, "-newer", 6) == 0 && w->len == 8)) {
			i++;
		}
	}
}
