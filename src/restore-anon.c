/* restore-anon.c - see restore-anon.h. */
#include <string.h>

#include "restore-anon.h"

static bool names(const char *p, const char *path)
{
	return p && strcmp(p, path) == 0;
}

bool rs_anon_was_moved(const struct rctx *x, const struct manifest_rec *r, const struct stat *sb)
{
	if (r->op != MANIFEST_RENAMED || !r->to || !r->has_ident || !S_ISDIR(sb->st_mode) ||
	    !rs_made_anon(x, sb))
		return false;
	for (size_t i = x->cur + 1; i < x->m->n; i++) {
		const struct manifest_rec *o = &x->m->v[i];

		/* r's own object moved on, or its metadata kept: still r's */
		if ((names(o->path, r->to) || names(o->to, r->to)) &&
		    !((o->op == MANIFEST_RENAMED || o->op == MANIFEST_META) && o->has_ident &&
		      o->dev == r->dev && o->ino == r->ino))
			return false;
	}
	return true;
}
