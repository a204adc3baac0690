/* prog-eval.c - the builtins whose argument is shell code: eval and
 * trap (moved out of prog-shell.c). A literal string is analysed as a
 * line; anything else is opaque code. */
#include <stdlib.h>
#include <string.h>

#include "effects-int.h"

/* eval ARG...: bash joins the arguments and runs them in the current
 * shell. One literal argument (`eval 'echo x > ../out.txt'`) is analysed
 * as a line, and the eval stays opaque too: what it does to the shell
 * itself (cd, a function, a variable) is not carried to the statements
 * after it. Before, only the opaque effect was said, which a tier holds:
 * check said allow where run refused the create (chk34). */
void prog_eval(struct an *a, struct inv *iv)
{
	uint32_t s, e;

	if (iv->argc < 2)
		return;
	if (iv->argc == 2 && w_path_known(iv->argv[1]))
		shwalk_string(a, iv->sh, iv->argv[1], iv->c.prog);
	prog_span(iv, 1, &s, &e);
	effects_opaque(a, iv->sh, s, e, iv->c.prog);
}

/* trap [-lp] [[ACTION] SIGNAL...]: a literal ACTION is shell code. */
void prog_trap(struct an *a, struct inv *iv)
{
	size_t i = 1;
	const struct word *w;

	if (i < iv->argc && (w_is(iv->argv[i], "-p") || w_is(iv->argv[i], "-l") ||
			     w_is(iv->argv[i], "-P")))
		return;
	if (i < iv->argc && w_is(iv->argv[i], "--"))
		i++;
	if (i + 1 >= iv->argc)
		return;
	w = iv->argv[i];
	if (w_is(w, "-") || w_is(w, ""))
		return;
	if (w_path_known(w))
		shwalk_string(a, iv->sh, w, iv->c.prog);
	else
		effects_opaque(a, iv->sh, w->start, w->end, iv->c.prog);
}
