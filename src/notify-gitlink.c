/* notify-gitlink.c - no symbolic link, FIFO or socket made to appear in a
 * gitdir by a trapped call (notify-gitlink.h; why: gitlink.h). The
 * places one can appear: symlink(2) and mknod(2) (notify-ops.c op_make),
 * link(2) of a symbolic link itself (notify-rename.c), the target of a
 * rename or either side of an exchange (notify-rename.c), a folder
 * holding one moved or exchanged in (its tree walked, bounded), and a
 * folder holding one becoming a gitdir (notify-newrepo.c's shape step:
 * the HEAD, commondir, objects or refs that makes it one is refused).
 * The broker makes none anywhere below .git or NAME.git (broker-repo.c),
 * and asks gitlink.h for the rest. */
#ifdef __linux__
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "gitlink.h"
#include "notify-gitlink.h"
#include "notify-int.h"
#include "path.h"
#include "repometa-rule.h"
#include "util.h"

static bool refuse(struct job *j, const struct loc *l, const char *why)
{
	struct fsj_decision d = { false, FSJ_LEVEL_PROTECTED, &repometa_rule, false };

	nj_refuse(j, FSJ_CAP_CREATE, l->path, why, EACCES, &d);
	return false;
}

bool nj_gitlink_ok(struct job *j, const struct loc *l, mode_t type, int moved)
{
	cleanup_free char *dirpath = NULL;
	bool special = gitlink_type(type), tree = type == S_IFDIR && moved >= 0;
	size_t n;
	int in;

	if (j->nt->repository_off || (!special && !tree))
		return true;
	if (!l->path || l->path[0] != '/' || l->parent < 0)
		return refuse(j, l,
			      "repository-metadata: a symbolic link, FIFO or socket in a "
			      "folder that cannot be checked for a gitdir");
	dirpath = path_dirname(l->path);
	in = gitlink_in_gitdir(l->parent, dirpath);
	/* git init's test link (gitlink_probe_name()), at the gitdir's top
	 * only: refused, git writes core.symlinks = false into the new
	 * repository. No ref, pseudoref or file git writes has that name. */
	if (type == S_IFLNK && in > 0 && gitlink_probe_name(l->name) &&
	    gitlink_gitdir_able(l->parent, strrchr(dirpath, '/') + 1,
				strlen(strrchr(dirpath, '/') + 1)))
		return true;
	if (special && in != 0)
		return refuse(j, l,
			      in < 0 ? "repository-metadata: a symbolic link, FIFO or socket "
				       "where the folders above changed during the call"
				     : "repository-metadata: a symbolic link, FIFO or socket in a "
				       "gitdir (git writes through it to its target)");
	if (!tree)
		return true;
	n = strlen(l->name);
	if (in == 0 && !gitlink_gitdir_able(moved, l->name, n))
		return true;
	if (gitlink_tree_special(moved) != 0)
		return refuse(j, l,
			      "repository-metadata: a folder holding a symbolic link, FIFO or "
			      "socket (or too large to check) moved into a gitdir");
	return true;
}

bool nj_gitlink_tree_ok(int g, const char *gpath, char *why, size_t whylen)
{
	if (gitlink_tree_special(g) == 0)
		return true;
	snprintf(why, whylen,
		 "repository-metadata: %.256s becomes a repository while it holds a symbolic link, "
		 "FIFO or socket (or is too large to check)",
		 gpath);
	return false;
}

#else
/* ISO C wants at least one declaration in a translation unit. */
typedef int notify_gitlink_not_this_system;
#endif /* __linux__ */
