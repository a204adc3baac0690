/* restore-folder.c - see restore-folder.h. */
#include <errno.h>
#include <string.h>
#include <sys/stat.h>

#include "path.h"
#include "restore-folder.h"
#include "restore-sim.h"
#include "util.h"

/* true when record o moved an object onto or away from dir (a rename, an
 * exchange): the folder at dir before o is not the one after it. */
static bool moves_dir(const struct manifest_rec *o, const char *dir)
{
	return o->op == MANIFEST_RENAMED &&
	       (strcmp(o->path, dir) == 0 || (o->to && strcmp(o->to, dir) == 0));
}

const struct manifest_rec *rs_folder_rec(const struct rctx *x, const char *dir)
{
	size_t cur = x->cur < x->m->n ? x->cur : x->m->n;

	/* the folder at dir when the record being undone was made: its
	 * removal after that record, with no move over dir between (att37:
	 * an rmdir before it, or after a rename onto dir, was another
	 * folder's, and a parent made again for it took a run's folder for
	 * the user's); else none */
	for (size_t i = cur + 1; i < x->m->n && !moves_dir(&x->m->v[i], dir); i++)
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

void rs_folder_sim_made(struct rctx *x, const char *path)
{
	cleanup_free char *copy = xstrdup(path);
	const struct manifest_rec *r;
	struct stat sb;
	int saved = errno;

	for (char *p = strchr(copy + 1, '/'); p; p = strchr(p + 1, '/')) {
		*p = '\0';
		r = rs_folder_rec(x, copy);
		if (r && r->op == MANIFEST_CREATED && rs_sim_state(x, copy) < 0 &&
		    lstat(copy, &sb) < 0 && errno == ENOENT)
			rs_sim_add(x, r->path, SIM_MADE); /* r outlives x->sim */
		*p = '/';
	}
	errno = saved;
}

void rs_folder_sim_take(struct rctx *x, const char *path)
{
	int st = rs_sim_state(x, path);

	if (st == SIM_THERE)
		rs_act(x, "trash", path, NULL, true, NULL);
	else if (st == SIM_MADE)
		rs_act(x, "remove-folder", path, NULL, true, NULL);
}
