/* prog-install.c - install(1) for the command-effects analyser: -d makes
 * folders; otherwise it copies like cp(1), its own options (-m MODE, -o
 * OWNER, -g GROUP...) read so that their values are not taken for files.
 * Before this, install was a program of unknown effects: `install a
 * ../b` was allowed at a tier that holds opaque code and then refused. */
#include <stdlib.h>
#include <string.h>

#include "effects-int.h"

/* A literal word of text at the span of w (an option cp reads). */
static struct word *lit_word(struct an *a, const char *text, const struct word *w)
{
	struct word *o = shword_unknown(a, text, w->start, w->end);

	o->dynamic = false;
	o->prefix_len = o->len;
	return o;
}

/* install [-m MODE] [-o O] [-g G] [-D] SRC... DEST | -t DIR SRC... | -d
 * DIR... (GNU coreutils install(1)): the copy is analysed as cp with the
 * same sources, target and -t/-T; -d and -D create the folders they name
 * (-D: the target's missing ancestors, when its path is known). */
void prog_install(struct an *a, struct inv *iv)
{
	static const char *const larg[] = { "group", "mode", "owner", "suffix",
					    "target-directory", "strip-program", NULL };
	static const struct ospec sp = { .sarg = "gmoSt", .larg = larg };
	struct parsed p;
	const struct word *dir;
	struct inv sub = *iv;

	progopt_parse(a, &sp, iv->argv + 1, iv->argc - 1, &p);
	if (progopt_has(&p, 'd', "directory")) {
		for (size_t i = 0; i < p.nops; i++) {
			if (w_path_known(p.ops[i]))
				effects_emit_parents(a, &iv->c, iv->c.cwd, p.ops[i], p.ops[i]->len);
			effects_emit(a, &iv->c, M_CREATE, p.ops[i]);
		}
		return;
	}
	dir = progopt_val(&p, 't', "target-directory");
	if (progopt_has(&p, 'D', NULL) && !dir && p.nops >= 2 && w_path_known(p.ops[p.nops - 1]))
		effects_emit_parents(a, &iv->c, iv->c.cwd, p.ops[p.nops - 1], p.ops[p.nops - 1]->len);
	sub.argv = arena_alloc(&a->ar, (p.nops + 6) * sizeof(*sub.argv));
	sub.argc = 0;
	sub.argv[sub.argc++] = iv->argv[0];
	/* install unlinks an existing target, then copies (coreutils) */
	sub.argv[sub.argc++] = lit_word(a, "--remove-destination", iv->argv[0]);
	if (dir) {
		sub.argv[sub.argc++] = lit_word(a, "-t", dir);
		sub.argv[sub.argc] = arena_alloc(&a->ar, sizeof(*dir));
		*sub.argv[sub.argc++] = *dir;
	}
	if (progopt_has(&p, 'T', "no-target-directory"))
		sub.argv[sub.argc++] = lit_word(a, "-T", iv->argv[0]);
	sub.argv[sub.argc++] = lit_word(a, "--", iv->argv[0]);
	for (size_t i = 0; i < p.nops; i++)
		sub.argv[sub.argc++] = p.ops[i];
	prog_cp(a, &sub);
}
