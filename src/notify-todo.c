/* notify-todo.c - a refused rebase or sequencer todo list leaves the
 * repository as it was (issue 12 item 2; the rule is notify-newrepo.c's:
 * a todo list is written only by a rename of bytes with no exec line).
 *
 * How `git rebase -x CMD` meets the rule (git's sequencer.c, rebase.c):
 * git makes <gitdir>/rebase-merge/ and writes its basic state there
 * (head-name, onto, orig-head, interactive, ...), then writes the todo
 * list through git-rebase-todo.lock renamed over git-rebase-todo. That
 * rename is the first write that holds the exec lines, and it is refused;
 * git stops there (complete_action() returns before checkout_onto(): HEAD
 * and the branches are untouched), but rebase-merge/ stays and every
 * later git on the host says a rebase is in progress. Nothing before
 * that rename says the todo will hold exec lines (the command line could
 * be read from /proc, but it is the caller's to rewrite), so the rename is
 * where it is known.
 *
 * So when the refused rename is the todo list's first (no todo list
 * there yet), and the folder and every entry in it are regular files the
 * command made in this run, none of them `autostash` (it names the stash
 * of the user's uncommitted changes, which git rebase --abort puts back),
 * the supervisor removes them and the folder,
 * as git itself does when the todo editor fails before the rebase began
 * (complete_action() -> sequencer_remove_state()). Nothing is removed
 * that the command did not make in this run, so this gives the command
 * nothing it could not do itself. Otherwise (a todo list already there: a
 * rebase stopped mid-way, maybe the user's) nothing is removed and the
 * refusal says how to leave it (`git rebase --abort`, or `--continue`)
 * *if* git left it under way: git may end it itself after the refusal.
 *
 * Weak spot: the folder is removed by name after its identity was checked
 * (rmdir(2) removes only an empty folder; an empty folder moved in at that
 * instant would go instead). Each file goes through nj_unlink_same(). */
#ifdef __linux__
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "notify-int.h"
#include "path.h"
#include "repoguard.h"
#include "util.h"

/* Most entries the state folder may hold to be removed (git writes about
 * a dozen before the todo list; a folder with more is not git's start). */
#define TODO_STATE_MAX 64

/* Every entry of the folder dir (path dpath) is a regular file the
 * command made in this run, and none is autostash: remove each; true
 * when all went. */
static bool remove_made_files(struct job *j, int dir, const char *dpath)
{
	char ents[TODO_STATE_MAX][NAME_MAX + 1];
	ssize_t n = nj_list_dir(dir, ents, TODO_STATE_MAX);
	struct stat st;
	bool ok = n >= 0;

	/* autostash names the stash commit of the user's uncommitted changes
	 * (rebase --autostash): only git rebase --abort puts them back */
	for (ssize_t i = 0; ok && i < n; i++)
		ok = strcmp(ents[i], "autostash") != 0 &&
		     fstatat(dir, ents[i], &st, AT_SYMLINK_NOFOLLOW) == 0 && S_ISREG(st.st_mode) &&
		     notify_made_here(j->nt, &st);
	for (ssize_t i = 0; ok && i < n; i++) {
		struct loc l;

		notify_loc_init(&l);
		l.parent = dir;
		snprintf(l.name, sizeof(l.name), "%s", ents[i]);
		l.path = path_join(dpath, ents[i]);
		ok = fstatat(dir, l.name, &l.st, AT_SYMLINK_NOFOLLOW) == 0 &&
		     notify_made_here(j->nt, &l.st) && nj_unlink_same(j, &l) == 0;
		free(l.path);
	}
	return ok;
}

/* Remove the state folder b->parent (named [dn, dn+dl)) when the refused
 * rename b was the todo list's first and all in it is the command's from
 * this run (file comment). */
static bool roll_back(struct job *j, const struct loc *b, const char *dn, size_t dl)
{
	const struct repoguard_comp c = { dn, dl };
	cleanup_free char *dpath = path_dirname(b->path);
	char name[NAME_MAX + 1];
	struct stat dir, now;
	cleanup_fd int g = -1;

	if (b->obj >= 0 || dl > NAME_MAX || fstat(b->parent, &dir) < 0 ||
	    !notify_made_here(j->nt, &dir) || !remove_made_files(j, b->parent, dpath))
		return false;
	g = nj_walk_up(b->parent, 1, &c);
	memcpy(name, dn, dl);
	name[dl] = '\0';
	return g >= 0 && fstatat(g, name, &now, AT_SYMLINK_NOFOLLOW) == 0 &&
	       now.st_dev == dir.st_dev && now.st_ino == dir.st_ino &&
	       unlinkat(g, name, AT_REMOVEDIR) == 0;
}

void nj_todo_refuse(struct job *j, const struct loc *b, const char *dn, size_t dl, const char *why)
{
	static const char *const rebase = "git rebase --abort";
	static const char *const seq = "git cherry-pick --abort (or git revert --abort)";
	bool is_rebase = dl == 12 && memcmp(dn, "rebase-merge", 12) == 0;
	struct fsj_decision d = { false, FSJ_LEVEL_PROTECTED, &repometa_rule, false };
	char reason[640];

	if (roll_back(j, b, dn, dl))
		snprintf(reason, sizeof(reason),
			 "%s; the %s state this run had made was removed: the repository is as it "
			 "was",
			 why, is_rebase ? "rebase" : "sequencer");
	else if (b->obj < 0)
		snprintf(reason, sizeof(reason), "%s; to leave the half-begun %s: %s in that repository",
			 why, is_rebase ? "rebase" : "sequence", is_rebase ? rebase : seq);
	else
		snprintf(reason, sizeof(reason),
			 "%s; its todo list was kept as it was: if git left the %s under way, %s "
			 "there leaves it, or --continue",
			 why, is_rebase ? "rebase" : "sequence", is_rebase ? rebase : seq);
	nj_refuse(j, b->obj >= 0 ? FSJ_CAP_WRITE : FSJ_CAP_CREATE, b->path, reason, EACCES, &d);
}

#else
typedef int notify_todo_not_this_system;
#endif /* __linux__ */
