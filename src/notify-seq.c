/* notify-seq.c - the state a continued rebase or sequence acts on, in
 * any gitdir (the user's too; notify-newrepo.c's rule "repository-metadata"):
 *   - rebase-merge/git-rebase-todo and sequencer/todo are written only by
 *     a rename (git's lockfile, sed -i) of bytes with no exec line, landed
 *     as notify-newrepo.c lands a config: the host's `git rebase
 *     --continue` would run them. `git rebase -x` in the run is refused
 *     (notify-todo.c leaves the repository as it was, or says how).
 *   - likewise the merge strategy those continue with (att13: a strategy
 *     "x/../prog" is run as the program git-merge-x/../prog from the work
 *     tree's top): sequencer/opts (git's opts.lock rename) lands only with
 *     strategy keys naming git's own strategies (gitcfg_seqopts_ok());
 *     rebase-merge/strategy, which git writes in place before the todo
 *     list, may be made or written only while the folder has no
 *     git-rebase-todo, and each rename of a todo list into the folder
 *     first checks it (gitcfg_strategy_ok()) and replaces it by the
 *     supervisor's copy of the checked bytes; a rename onto it is checked
 *     the same way. */
#ifdef __linux__
#include "util.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "gitcfg-inert.h"
#include "gitcfg-strategy.h"
#include "notify-int.h"
#include "notify-seq.h"
#include "path.h"

bool nj_seq_todo_name(const char *name, const char *dn, size_t dl)
{
	return (strcmp(name, "git-rebase-todo") == 0 && dl == 12 &&
		memcmp(dn, "rebase-merge", 12) == 0) ||
	       (strcmp(name, "todo") == 0 && dl == 9 && memcmp(dn, "sequencer", 9) == 0);
}

int nj_seq_strategy_name(const char *name, const char *dn, size_t dl)
{
	if (strcmp(name, "strategy") == 0 && dl == 12 && memcmp(dn, "rebase-merge", 12) == 0)
		return 1;
	return strcmp(name, "opts") == 0 && dl == 9 && memcmp(dn, "sequencer", 9) == 0 ? 2 : 0;
}

bool nj_seq_write_ok(struct job *j, int dir, const char *path, bool todo, int strat, unsigned caps)
{
	struct fsj_decision d = { false, FSJ_LEVEL_PROTECTED, &repometa_rule, false };

	/* git writes rebase-merge/strategy in place, before the todo */
	if (!todo && strat == 1 && !nj_exists(dir, "git-rebase-todo"))
		return true;
	nj_refuse(j, caps & FSJ_CAPBIT(FSJ_CAP_CREATE) ? FSJ_CAP_CREATE : FSJ_CAP_WRITE, path,
		  todo ? "repository-metadata: a rebase todo list is written only by a rename "
			 "of checked bytes (no exec lines)"
		  : strat == 1 ? "repository-metadata: a rebase strategy file is written "
				 "only before the todo list, which checks it"
			       : "repository-metadata: sequencer options are written only "
				 "by a rename of checked bytes (git's own merge strategies)",
		  EACCES, &d);
	return false;
}

bool nj_seq_bytes_ok(int strat, const char *buf, size_t len, char *why, size_t whylen)
{
	if (strat == 1)
		return gitcfg_strategy_ok(buf, len, why, whylen);
	if (strat == 2)
		return gitcfg_seqopts_ok(buf, len, why, whylen);
	return gitcfg_todo_inert(buf, len, why, whylen);
}

int nj_seq_strategy_settle(struct job *j, int dir, const char *dpath, char *why, size_t whylen)
{
	cleanup_free char *buf = NULL;
	cleanup_fd int fd = -1;
	struct loc l;
	size_t len = 0;
	int e, rc = 0;

	if (!nj_exists(dir, "strategy"))
		return 1;
	notify_loc_init(&l);
	l.parent = dir;
	snprintf(l.name, sizeof(l.name), "strategy");
	l.path = path_join(dpath, "strategy");
	fd = openat(dir, "strategy", O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
	if (fd < 0 || fstat(fd, &l.st) < 0 || !S_ISREG(l.st.st_mode) ||
	    nj_read_whole(fd, &buf, &len) < 0)
		snprintf(why, whylen, "repository-metadata: the rebase strategy file is not a "
				      "readable regular file");
	else if (!gitcfg_strategy_ok(buf, len, why, whylen))
		;
	else if ((l.obj = fcntl(fd, F_DUPFD_CLOEXEC, 0)) < 0 || !nj_save(j, &l, BACKUP_CHANGE_REMOVE))
		rc = l.obj < 0 ? 0 : -1;
	else if ((e = nj_land_bytes(dir, "strategy", buf, len, l.st.st_mode, 0)) != 0)
		snprintf(why, whylen, "repository-metadata: the rebase strategy file could not be "
				      "replaced: %s", strerror(e));
	else {
		nj_note_created(j, dir, "strategy", l.path);
		rc = 1;
	}
	if (rc == 0 && l.obj < 0 && fd >= 0 && !why[0])
		snprintf(why, whylen, "repository-metadata: the rebase strategy file: %s",
			 strerror(errno));
	if (l.obj >= 0)
		close(l.obj);
	free(l.path);
	return rc;
}

#else
typedef int notify_seq_not_this_system;
#endif /* __linux__ */
