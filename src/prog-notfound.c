/* prog-notfound.c - execute of a program not on PATH (prog-notfound.h):
 * `go build` where Go is not installed runs nothing (bash: "command not
 * found", 127), so check must not say it executes the working folder. */
#include <string.h>

#include "effects-int.h"
#include "prog-notfound.h"

/* Whether effect e, found earlier in the line, may have made a program
 * called name: code fsjail cannot read, a write or create whose path is
 * computed at run time, or one whose last component is name. */
static bool may_make(const struct fsj_effect *e, const char *name)
{
	const char *base;

	if (e->status == FSJ_EFFECT_OPAQUE)
		return true;
	if (e->cap != FSJ_CAP_CREATE && e->cap != FSJ_CAP_WRITE)
		return false;
	if (e->status != FSJ_EFFECT_RESOLVED || !e->path)
		return true;
	base = strrchr(e->path, '/');
	return strcmp(base ? base + 1 : e->path, name) == 0;
}

void prog_exec_not_found(struct an *a, const struct inv *iv, bool unknown)
{
	const struct word *w0 = iv->argv[0];
	const char *cwd = iv->c.cwd ? iv->c.cwd : iv->sh->cwd;
	bool made = unknown || !cwd;

	for (size_t k = 0; !made && k < a->out->n; k++)
		made = may_make(&a->out->v[k], w0->lit);
	if (made)
		effects_emit_at(a, &iv->c, M_EXECUTE, NULL, iv->c.cwd, w0->start, w0->end);
	else
		effects_add(a, FSJ_EFFECT_NOT_FOUND, FSJ_CAP_EXECUTE, NULL, w0->start, w0->end,
			    iv->c.prog);
}
