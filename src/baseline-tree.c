/* baseline-tree.c - the baseline's tree, parsed once per process
 * (baseline-tree.h): a command loads it for the workspace check, the
 * policy, and each tier a probe compiles (issue 18). Never freed:
 * reachable until exit. */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "baseline-tree.h"
#include "util.h"

static struct {
	char *path;
	struct stat st;
	struct ynode *root;
} parsed;

static bool same_file(const struct stat *a, const struct stat *b)
{
	return a->st_dev == b->st_dev && a->st_ino == b->st_ino && a->st_size == b->st_size &&
#ifdef __APPLE__
	       a->st_mtimespec.tv_sec == b->st_mtimespec.tv_sec &&
	       a->st_mtimespec.tv_nsec == b->st_mtimespec.tv_nsec;
#else
	       a->st_mtim.tv_sec == b->st_mtim.tv_sec && a->st_mtim.tv_nsec == b->st_mtim.tv_nsec;
#endif
}

int fsj_baseline_tree(const char *path, struct ydoc *d, struct ynode **root, bool *missing,
		      struct fsj_error *err)
{
	struct ynode *tree = NULL;
	struct stat st;

	if (stat(path, &st) == 0 && parsed.root && strcmp(parsed.path, path) == 0 &&
	    same_file(&st, &parsed.st)) {
		memset(d, 0, sizeof(*d));
		d->file = path;
		d->err = err;
		*missing = false;
		*root = parsed.root;
		return 0;
	}
	if (yload_tree(path, d, &tree, missing, err) < 0)
		return -1;
	*root = tree;
	if (!tree || !S_ISREG(st.st_mode))
		return 0;
	ynode_free(parsed.root);
	free(parsed.path);
	parsed.path = xstrdup(path);
	parsed.st = st;
	parsed.root = tree;
	return 0;
}

void fsj_baseline_tree_done(struct ynode *root)
{
	if (root != parsed.root)
		ynode_free(root);
}
