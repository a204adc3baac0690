/* repometa-warn.c - after a run: the repositories and .git files the
 * command made, said and recorded (repometa-warn.h). */

#include "repometa-int.h"

#include <stdio.h>
#include <string.h>

#include "escape.h"
#include "path.h"
#include "repometa-warn-tree.h"
#include "repometa-warn.h"
#include "util.h"

size_t repometa_warn_new(const struct repometa *before, const struct repometa *after, FILE *out,
			 planted_fn *rec)
{
	size_t n = 0;

	for (size_t i = 0; i < after->n_gitdirs; i++) {
		bool old = false;

		cleanup_free char *cdfile = path_join(after->gitdirs[i], "commondir");
		cleanup_free char *cd = repometa_git_file(cdfile, "");
		cleanup_free char *common = cd ? repometa_abs(cd, after->gitdirs[i], NULL) : NULL;

		/* old, or a linked worktree's gitdir of an old repository */
		for (size_t k = 0; k < before->n_gitdirs && !old; k++)
			old = strcmp(before->gitdirs[k], after->gitdirs[i]) == 0 ||
			      (common && strcmp(before->gitdirs[k], common) == 0);
		if (old)
			continue;
		if (n++ == 0)
			fprintf(out, "fsjail: note: the command made git repositories (the listener let "
				     "their config hold inert keys, hooks/ .sample files or the template's hooks):\n");
		cleanup_free char *shown = fsj_escape_term(after->gitdirs[i]);
		fprintf(out, "  %s\n", shown);
		if (rec) {
			const char *b = strrchr(after->gitdirs[i], '/');
			cleanup_free char *wt = b && strcmp(b + 1, ".git") == 0 ?
							path_dirname(after->gitdirs[i]) : NULL;

			rec(&(struct planted){ .kind = "repository", .change = "made",
					       .path = after->gitdirs[i], .work_tree = wt,
					       .new_work_tree = wt != NULL, .tool = "git",
					       .runs = "git runs its hooks and the programs its "
						       "config names" });
		}
	}
	repometa_warn_pointers(before, after, out, rec);
	repometa_warn_hookspath(before, after, out, rec);
	return n;
}
