/* restore-dirattrs.c - see restore-dirattrs.h. */
#include <stdlib.h>
#include <sys/stat.h>

#include "backup_dirattrs.h"
#include "restore-dirattrs.h"
#include "util.h"

void rs_put_dir_xattrs(struct rctx *x, int fd, const struct manifest_rec *r)
{
	cleanup_free char *lost = NULL, *d = NULL;

	backup_acls_drop(fd); /* inherited from its folder: not the record's */
	if (r->attrs)
		(void)backup_dir_xattrs_put(fd, r->attrs, &lost);
	(void)fchmod(fd, r->mode);
	if (!lost)
		return;
	d = xasprintf("extended attributes not kept: %s", lost);
	rs_attrs_lost(x, r, d);
}

void rs_attrs_lost(struct rctx *x, const struct manifest_rec *r, const char *detail)
{
	cJSON *a = cJSON_CreateObject();

	cJSON_AddStringToObject(a, "action", "attrs-lost");
	cJSON_AddStringToObject(a, "path", r->path);
	cJSON_AddBoolToObject(a, "ok", true);
	cJSON_AddStringToObject(a, "detail", detail);
	if (x->names && x->m->v[x->cur].part < x->nparts)
		cJSON_AddStringToObject(a, "cycle", x->names[x->m->v[x->cur].part]);
	cJSON_AddItemToArray(x->actions, a);
}
