/* baseline-tree.h - the baseline's YAML tree, parsed once per process and
 * kept (config.c's fsj_baseline_parse() walks it; issue 18). */
#ifndef FSJAIL_BASELINE_TREE_H
#define FSJAIL_BASELINE_TREE_H

#include <stdbool.h>

#include "yamlread.h"

/* yload_tree() (yamlread.h) of the baseline at path, through the tree kept
 * from an earlier call while the file's identity (device, inode, size,
 * mtime, stat()ed before the read) is unchanged: a file replaced or
 * changed in between is parsed again. *root: the tree, or NULL when
 * *missing. Returns 0, or -1 with err set. Pass *root to
 * fsj_baseline_tree_done() when finished with it. */
int fsj_baseline_tree(const char *path, struct ydoc *d, struct ynode **root, bool *missing,
		      struct fsj_error *err);

/* Free root unless it is the kept tree (which lives until exit). */
void fsj_baseline_tree_done(struct ynode *root);

#endif
