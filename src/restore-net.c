/* restore-net.c - see restore-net.h. */
#include <string.h>

#include "restore-line.h"
#include "restore-net.h"
#include "restore-taken.h"
#include "util.h"

struct rs_net *rs_net_find(struct rs_net *v, size_t n, const char *path)
{
	for (size_t i = 0; i < n; i++)
		if (strcmp(v[i].path, path) == 0)
			return &v[i];
	return NULL;
}

void rs_net_say_trash(struct rs_net *e, bool dry)
{
	cleanup_free char *tail = NULL;

	if (e->said)
		return;
	tail = restore_taken_tail(e->path, e->took, dry, false);
	restore_line_put("trash", dry, e->path, NULL, NULL, NULL, tail);
	e->said = true;
}
