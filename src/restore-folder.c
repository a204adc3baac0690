/* restore-folder.c - see restore-folder.h. */
#include <string.h>

#include "path.h"
#include "restore-folder.h"
#include "util.h"

const struct manifest_rec *rs_folder_rec(const struct rctx *x, const char *dir)
{
	for (size_t i = x->m->n; i-- > 0;)
		if (x->m->v[i].op == MANIFEST_RMDIR && strcmp(x->m->v[i].path, dir) == 0)
			return &x->m->v[i];
	for (size_t i = x->cur < x->m->n ? x->cur : x->m->n; i-- > 0;)
		if (x->m->v[i].op == MANIFEST_CREATED && x->m->v[i].has_ident &&
		    strcmp(x->m->v[i].path, dir) == 0)
			return &x->m->v[i];
	return NULL;
}

unsigned rs_folder_mode(const struct rctx *x, const char *dir, const struct manifest_rec *r)
{
	cleanup_free char *parent = r ? path_dirname(r->path) : NULL;

	for (size_t i = 0; i < x->m->n; i++)
		if (x->m->v[i].op == MANIFEST_RMDIR && strcmp(x->m->v[i].path, dir) == 0)
			return x->m->v[i].mode;
	if (r && r->dir_mode && parent && strcmp(parent, dir) == 0)
		return r->dir_mode;
	return 0755;
}
