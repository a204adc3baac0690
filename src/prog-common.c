/* prog-common.c - what the program handlers share (effects-int.h, "prog.c:
 * dispatch"): the span of a command's words, an operand's place in argv,
 * execute on the program's binary, one mode on every operand. */
#include "effects-int.h"
#include "prog-notfound.h"

/* The words from argv[from] on, as one span (for effects about them). */
void prog_span(const struct inv *iv, size_t from, uint32_t *s, uint32_t *e)
{
	*s = iv->argv[from < iv->argc ? from : 0]->start;
	*e = iv->argv[iv->argc - 1]->end;
}

/* Index in argv of operand k of p (operands are argv pointers). */
size_t prog_argv_index(const struct inv *iv, const struct word *w)
{
	for (size_t i = 0; i < iv->argc; i++)
		if (iv->argv[i] == w)
			return i;
	return iv->argc;
}

/* execute on the program's binary: its slash spelling, else PATH. */
void prog_exec_effect(struct an *a, const struct inv *iv)
{
	const struct word *w0 = iv->argv[0];
	bool unknown;
	const char *p;

	if (iv->binpath) {
		effects_emit_at(a, &iv->c, M_EXECUTE, iv->binpath, NULL, w0->start, w0->end);
		return;
	}
	p = shword_lookup(a, iv->sh, iv->c.cwd ? iv->c.cwd : iv->sh->cwd, w0->lit, &unknown);
	if (p)
		effects_emit_at(a, &iv->c, M_EXECUTE, p, NULL, w0->start, w0->end);
	else
		prog_exec_not_found(a, iv, unknown);
}

void prog_all_ops(struct an *a, const struct inv *iv, const struct parsed *p, enum mode m)
{
	for (size_t i = 0; i < p->nops; i++)
		if (!w_is(p->ops[i], "-"))
			effects_emit(a, &iv->c, m, p->ops[i]);
}
