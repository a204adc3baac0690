/* backup_trash.c - trash entries made from the cycle's links when the run
 * ends (backup.h "Deletes whose trash entry waits"; trash.h
 * trash_batch_put()). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "backup-int.h"
#include "trash.h"
#include "util.h"

bool backup_kept_by_link(struct backup_cycle *bc, const struct stat *sb)
{
	struct backup_ident *id;
	bool r;

	if (!bc || !S_ISREG(sb->st_mode))
		return false;
	pthread_mutex_lock(&bc->lock);
	id = backup_index_ident(bc->idx, sb->st_dev, sb->st_ino, false, NULL);
	r = id && id->num && bc->filesfd >= 0 &&
	    (id->state == BACKUP_IDENT_LINKED || id->state == BACKUP_IDENT_COPIED);
	pthread_mutex_unlock(&bc->lock);
	return r;
}

void backup_trash_later(struct backup_cycle *bc, const char *path, const struct stat *sb)
{
	struct backup_ident *id;
	struct backup_pending *p;

	if (!bc || !path)
		return;
	pthread_mutex_lock(&bc->lock);
	id = backup_index_ident(bc->idx, sb->st_dev, sb->st_ino, false, NULL);
	if (id && id->num) {
		if (bc->n_pending == bc->cap_pending) {
			bc->cap_pending = bc->cap_pending ? bc->cap_pending * 2 : 64;
			bc->pending = xreallocarray(bc->pending, bc->cap_pending, sizeof(*p));
		}
		p = &bc->pending[bc->n_pending++];
		p->path = xstrdup(path);
		p->num = id->num;
		p->when = time(NULL);
	}
	pthread_mutex_unlock(&bc->lock);
}

static int by_path(const void *a, const void *b)
{
	return strcmp(((const struct trash_item *)a)->path, ((const struct trash_item *)b)->path);
}

size_t backup_cycle_trash(struct backup_cycle *bc, const char *home)
{
	struct trash_item *v;
	char (*names)[24];
	size_t i, n, lost = 0;

	if (!bc || !home)
		return 0;
	pthread_mutex_lock(&bc->lock);
	n = bc->n_pending;
	if (n) {
		v = xcalloc(n, sizeof(*v));
		names = xcalloc(n, sizeof(*names));
		for (i = 0; i < n; i++) {
			snprintf(names[i], sizeof(names[i]), "%lu", bc->pending[i].num);
			v[i].path = bc->pending[i].path;
			v[i].src = names[i];
			v[i].when = bc->pending[i].when;
		}
		qsort(v, n, sizeof(*v), by_path);
		lost = trash_batch_put(home, bc->filesfd, v, n);
		if (lost)
			fprintf(stderr,
				"fsjail: %zu deleted file%s not put in the trash (kept in backup "
				"cycle %s: fsjail backups restore)\n",
				lost, lost == 1 ? "" : "s", bc->name);
		free(names);
		free(v);
	}
	pthread_mutex_unlock(&bc->lock);
	return lost;
}

void backup_trash_release(struct backup_cycle *bc)
{
	for (size_t i = 0; i < bc->n_pending; i++)
		free(bc->pending[i].path);
	free(bc->pending);
	bc->pending = NULL;
	bc->n_pending = bc->cap_pending = 0;
}
