/* noexec-fold.c - see noexec-fold.h. Runs in the supervisor before the
 * fork, on the compiled plan; it only chooses mounts, lay_noexec()
 * (sandbox-linux.c) lays them in the child. */
#include <dirent.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "noexec-fold.h"
#include "dirstream.h"
#include "path.h"
#include "util.h"

static size_t depth(const char *p)
{
	size_t d = 0;

	for (; *p; p++)
		d += *p == '/';
	return d;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static int cmp_deeper(const void *a, const void *b)
{
	size_t da = depth(*(char *const *)a), db = depth(*(char *const *)b);

	return da < db ? 1 : da > db ? -1 : strcmp(*(char *const *)a, *(char *const *)b);
}

/* The index of path in the sorted areas, or -1. */
static long find(char *const *areas, size_t n, const char *path)
{
	char *const *hit = bsearch(&path, areas, n, sizeof(*areas), cmp_str);

	return hit ? (long)(hit - areas) : -1;
}

/* Fold the areas that are entries of dir; see noexec_fold(). */
static void fold_one(char ***areas, size_t *n_areas, char ***holes, size_t *n_holes,
		     const char *dir)
{
	char **out = NULL, *path;
	size_t n_out = 0, n_in = 0, k = 0;
	struct dirent *e;
	DIR *d;

	/* a mount over / is not seen from the process's root: never folded */
	if (!strcmp(dir, "/") || find(*areas, *n_areas, dir) >= 0)
		return;
	d = dir_stream(open(dir, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
	if (!d)
		return;
	while ((e = readdir(d))) {
		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		path = path_join(dir, e->d_name);
		if (find(*areas, *n_areas, path) >= 0) {
			n_in++;
			free(path);
		} else if (e->d_type == DT_DIR || e->d_type == DT_REG || e->d_type == DT_UNKNOWN) {
			out = xreallocarray(out, n_out + 1, sizeof(*out));
			out[n_out++] = path;
		} else {
			free(path);
		}
	}
	closedir(d);
	if (n_in <= n_out) { /* folding saves no mount */
		for (size_t i = 0; i < n_out; i++)
			free(out[i]);
		free(out);
		return;
	}
	for (size_t i = 0; i < *n_areas; i++) {
		char *parent = path_dirname((*areas)[i]);

		if (parent && !strcmp(parent, dir))
			free((*areas)[i]);
		else
			(*areas)[k++] = (*areas)[i];
		free(parent);
	}
	(*areas)[k++] = xstrdup(dir);
	*n_areas = k;
	qsort(*areas, *n_areas, sizeof(**areas), cmp_str);
	*holes = xreallocarray(*holes, *n_holes + n_out + 1, sizeof(**holes));
	for (size_t i = 0; i < n_out; i++) /* out is NULL when none */
		(*holes)[(*n_holes)++] = out[i];
	free(out);
}

void noexec_fold(char ***areas, size_t *n_areas, char ***holes, size_t *n_holes,
		 char *const *expanded, size_t n_expanded)
{
	char **dirs = xcalloc(n_expanded + 1, sizeof(*dirs));

	memcpy(dirs, expanded, n_expanded * sizeof(*dirs));
	qsort(dirs, n_expanded, sizeof(*dirs), cmp_deeper);
	for (size_t i = 0; i < n_expanded; i++)
		fold_one(areas, n_areas, holes, n_holes, dirs[i]);
	free(dirs); /* the strings are the plan's */
}

size_t *noexec_fold_order(char *const *areas, size_t n_areas, char *const *holes, size_t n_holes)
{
	size_t n = n_areas + n_holes, *out = xcalloc(n + 1, sizeof(*out));
	size_t k = 0, max = 0;

	for (size_t i = 0; i < n; i++) {
		size_t d = depth(i < n_areas ? areas[i] : holes[i - n_areas]);

		max = d > max ? d : max;
	}
	for (size_t d = 0; d <= max && k < n; d++)
		for (size_t i = 0; i < n; i++)
			if (depth(i < n_areas ? areas[i] : holes[i - n_areas]) == d)
				out[k++] = i;
	return out;
}
