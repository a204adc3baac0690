/* noexec-fold.h - fewer mounts for the noexec layer (sandbox-linux.h):
 * an expanded folder whose entries are granted execute one by one is
 * folded back into one exec area with a noexec hole over each entry that
 * is not granted it. An execute deny on one file of /usr/bin expands
 * /usr and /usr/bin into hundreds of exec areas, more than the layer
 * lays; without the fold the layer was not laid at all and `ld.so FILE`
 * ran the denied file (att35). */
#ifndef FSJAIL_NOEXEC_FOLD_H
#define FSJAIL_NOEXEC_FOLD_H

#include <stddef.h>

/* Fold the areas beneath each folder of expanded[] (absolute, normal
 * paths; the plan's expanded folders), deepest first: when more of a
 * folder's entries are exec areas than not, those areas are replaced by
 * the folder itself and each other entry that is a folder or a regular
 * file becomes a hole (symbolic links and special files are skipped: the
 * kernel maps what a link leads to, which is an entry of its own). A
 * folder that cannot be listed is not folded. *areas (sorted, none
 * beneath another; *n_areas of them) is changed in place and stays
 * sorted; *holes (*n_holes) is allocated, or grown when not NULL; the
 * caller frees every string and both arrays. Areas beneath a hole stay
 * areas: the layer lays paths in increasing depth (noexec_fold_order()).
 * No errors: a folder not folded keeps its areas. */
void noexec_fold(char ***areas, size_t *n_areas, char ***holes, size_t *n_holes,
		 char *const *expanded, size_t n_expanded);

/* The order to lay n_areas areas and n_holes holes in: out[k] < n_areas
 * names areas[out[k]], else holes[out[k] - n_areas]; a path comes after
 * every path that covers it (increasing depth). Returns the array
 * (n_areas + n_holes entries, caller frees). */
size_t *noexec_fold_order(char *const *areas, size_t n_areas, char *const *holes, size_t n_holes);

#endif
