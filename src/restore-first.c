/* restore-first.c - see restore-first.h. */
#include <sys/stat.h>

#include "restore-first.h"

const struct manifest_rec *rs_first_rec(const struct rctx *x, const struct manifest_rec *r)
{
	if (!r->has_ident)
		return r;
	for (size_t i = rs_first_from(x, r); i < x->m->n && &x->m->v[i] != r; i++) {
		const struct manifest_rec *o = &x->m->v[i];

		if ((o->op == MANIFEST_CONTENT || o->op == MANIFEST_REMOVE ||
		     o->op == MANIFEST_NAME || o->op == MANIFEST_META) &&
		    (o->op != MANIFEST_META || o->type == S_IFREG) && o->has_ident &&
		    o->dev == r->dev && o->ino == r->ino && o->part == r->part)
			return o;
	}
	return r;
}
