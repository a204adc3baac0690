/* prog-xargs.c - xargs(1) for the command-effects analyser: the command
 * it runs, with the names it reads from standard input as operands that
 * may be any path (moved out of prog-wrap.c). */
#include <stdlib.h>
#include <string.h>

#include "effects-int.h"

/* xargs(1): the command gets operands read from standard input - one more
 * run-time operand, or the -I/-i replacement string inside its words. */
void prog_xargs(struct an *a, struct inv *iv)
{
	static const char *const larg[] = { "arg-file", "delimiter", "max-lines", "max-args",
					    "max-procs", "max-chars", "process-slot-var", NULL };
	static const struct ospec sp = { .sarg = "adEILnPs", .sopt = "eil", .larg = larg,
					 .posix = true };
	struct parsed p;
	const char *repl = NULL;
	struct inv sub = *iv;
	size_t from, n;

	progopt_parse(a, &sp, iv->argv + 1, iv->argc - 1, &p);
	for (size_t i = 0; i < p.no; i++) {
		const struct opt *o = &p.o[i];

		if (progopt_is(o, 'a', "arg-file") && o->val && !w_is(o->val, "-"))
			effects_emit(a, &iv->c, M_READ, o->val);
		if (progopt_is(o, 'I', NULL) && o->val)
			repl = o->val->lit;
		if (progopt_is(o, 'i', "replace"))
			repl = o->val && o->val->len ? o->val->lit : "{}";
	}
	if (p.nops == 0)
		return; /* echo */
	from = prog_argv_index(iv, p.ops[0]);
	n = iv->argc - from;
	sub.argv = arena_alloc(&a->ar, (n + 1) * sizeof(*sub.argv));
	for (size_t i = 0; i < n; i++) {
		struct word *w = iv->argv[from + i];
		const char *at = repl && *repl ? strstr(w->lit, repl) : NULL;

		if (at && i > 0) {
			struct word *d = arena_alloc(&a->ar, sizeof(*d));
			*d = *w;
			d->dynamic = true;
			if ((size_t)(at - w->lit) < d->prefix_len)
				d->prefix_len = (size_t)(at - w->lit);
			d->anywhere |= at == w->lit; /* -I{} rm {}: any name */
			w = d;
		}
		sub.argv[i] = w;
	}
	sub.argc = n;
	if (!repl) { /* the names read: any path */
		sub.argv[sub.argc] = shword_unknown(a, "(standard input)", iv->argv[0]->start,
						    iv->argv[0]->end);
		sub.argv[sub.argc++]->anywhere = true;
	}
	sub.in_shell = false;
	sub.wrap = iv->wrap + 1;
	sub.binpath = NULL;
	if (sub.wrap >= MAX_WRAP)
		return;
	prog_run_flags(a, &sub, 0);
}
