/* restore-first-ix.c - where rs_first_rec() (restore-first.c) starts its
 * scan for the oldest record of a file: it scanned the cycle from its
 * first record for each content put back, quadratic in the records of a
 * large cycle (tidy23); the first record of each file is now noted once,
 * in the file's entry of x->files (its "num", unused there otherwise). */
#include <sys/stat.h>

#include "restore-int.h"

/* The records rs_first_rec() takes (restore-first.h). */
static bool first_kind(const struct manifest_rec *o)
{
	return o->has_ident &&
	       (o->op == MANIFEST_CONTENT || o->op == MANIFEST_REMOVE || o->op == MANIFEST_NAME ||
		(o->op == MANIFEST_META && o->type == S_IFREG));
}

void rs_first_begin(struct rctx *x)
{
	for (size_t i = 0; x->files && i < x->m->n; i++) {
		const struct manifest_rec *o = &x->m->v[i];
		struct backup_ident *id;

		if (first_kind(o) &&
		    (id = backup_index_ident(x->files, o->dev, o->ino, false, NULL)) && !id->num)
			id->num = i + 1; /* 0: not noted */
	}
}

size_t rs_first_from(const struct rctx *x, const struct manifest_rec *r)
{
	const struct backup_ident *id =
		x->files && r->has_ident ? backup_index_ident(x->files, r->dev, r->ino, false, NULL)
					 : NULL;

	return id && id->num ? id->num - 1 : 0;
}
