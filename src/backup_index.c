/* backup_index.c - see backup_index.h: two open-addressing hash tables
 * (linear probing, grown at 1/2 load), FNV-1a over the key bytes. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "backup_index.h"
#include "util.h"

struct backup_index {
	struct backup_ident *ids;
	size_t ids_cap, ids_n; /* cap: a power of two */
	char **paths;
	size_t paths_cap, paths_n;
};

static uint64_t fnv(uint64_t h, const void *p, size_t n)
{
	const unsigned char *b = p;

	while (n--)
		h = (h ^ *b++) * 1099511628211ull;
	return h;
}

#define FNV_START 14695981039346656037ull

static uint64_t ident_hash(dev_t dev, ino_t ino)
{
	uint64_t d = (uint64_t)dev, i = (uint64_t)ino;

	return fnv(fnv(FNV_START, &d, sizeof(d)), &i, sizeof(i));
}

struct backup_index *backup_index_new(void)
{
	struct backup_index *ix = xcalloc(1, sizeof(*ix));

	ix->ids_cap = ix->paths_cap = 64;
	ix->ids = xcalloc(ix->ids_cap, sizeof(*ix->ids));
	ix->paths = xcalloc(ix->paths_cap, sizeof(*ix->paths));
	return ix;
}

void backup_index_free(struct backup_index *ix)
{
	if (!ix)
		return;
	for (size_t i = 0; i < ix->ids_cap; i++)
		free(ix->ids[i].path);
	for (size_t i = 0; i < ix->paths_cap; i++)
		free(ix->paths[i]);
	free(ix->ids);
	free(ix->paths);
	free(ix);
}

static size_t ident_slot(const struct backup_ident *v, size_t cap, dev_t dev, ino_t ino)
{
	size_t i = (size_t)ident_hash(dev, ino) & (cap - 1);

	while (v[i].used && !(v[i].dev == dev && v[i].ino == ino))
		i = (i + 1) & (cap - 1);
	return i;
}

struct backup_ident *backup_index_ident(struct backup_index *ix, dev_t dev, ino_t ino, bool insert,
					const char *path)
{
	size_t i = ident_slot(ix->ids, ix->ids_cap, dev, ino);

	if (ix->ids[i].used)
		return &ix->ids[i];
	if (!insert)
		return NULL;
	if (2 * (ix->ids_n + 1) > ix->ids_cap) {
		size_t cap = ix->ids_cap * 2;
		struct backup_ident *v = xcalloc(cap, sizeof(*v));

		for (size_t k = 0; k < ix->ids_cap; k++)
			if (ix->ids[k].used)
				v[ident_slot(v, cap, ix->ids[k].dev, ix->ids[k].ino)] = ix->ids[k];
		free(ix->ids);
		ix->ids = v;
		ix->ids_cap = cap;
		i = ident_slot(v, cap, dev, ino);
	}
	ix->ids[i].used = true;
	ix->ids[i].dev = dev;
	ix->ids[i].ino = ino;
	ix->ids[i].state = BACKUP_IDENT_NONE;
	ix->ids[i].path = path ? xstrdup(path) : NULL;
	ix->ids_n++;
	return &ix->ids[i];
}

static size_t path_slot(char *const *v, size_t cap, const char *path)
{
	size_t i = (size_t)fnv(FNV_START, path, strlen(path)) & (cap - 1);

	while (v[i] && strcmp(v[i], path) != 0)
		i = (i + 1) & (cap - 1);
	return i;
}

bool backup_index_path_has(const struct backup_index *ix, const char *path)
{
	return ix->paths[path_slot(ix->paths, ix->paths_cap, path)] != NULL;
}

bool backup_index_path_add(struct backup_index *ix, const char *path)
{
	size_t i = path_slot(ix->paths, ix->paths_cap, path);

	if (ix->paths[i])
		return false;
	if (2 * (ix->paths_n + 1) > ix->paths_cap) {
		size_t cap = ix->paths_cap * 2;
		char **v = xcalloc(cap, sizeof(*v));

		for (size_t k = 0; k < ix->paths_cap; k++)
			if (ix->paths[k])
				v[path_slot(v, cap, ix->paths[k])] = ix->paths[k];
		free(ix->paths);
		ix->paths = v;
		ix->paths_cap = cap;
		i = path_slot(v, cap, path);
	}
	ix->paths[i] = xstrdup(path);
	ix->paths_n++;
	return true;
}
