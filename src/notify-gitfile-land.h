/* notify-gitfile-land.h - the listener's side of the .git files
 * notify-gitfile.c keeps: what it lands at their names
 * (nj_gitfile_remake() in notify-gitfile.c, the rest in
 * notify-gitfile-land.c), and the records the two files share. Included
 * by notify-int.h and notify-gitfile.c only. */
#ifndef FSJAIL_NOTIFY_GITFILE_LAND_H
#define FSJAIL_NOTIFY_GITFILE_LAND_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

struct fsj_rule;
struct job;
struct loc;

/* A .git file notify_keep_gitfile() kept. */
struct kept_gitfile {
	char *path;  /* normalised, absolute, as the scan named it */
	char *bytes; /* the file's bytes at the start of the run */
	size_t len;
	mode_t mode; /* its permission bits */
};

/* notify-gitfile.c: the i-th kept .git file, NULL past the last (kept
 * before the command starts; read only while it runs). */
const struct kept_gitfile *notify_gitfile_kept(size_t i);
/* notify-gitfile-land.c: free the records nj_gitfile_moved() made
 * (notify_forget_gitfiles()), and nj_worktree_forget()'s. */
void nj_gitfile_forget_moved(void);

/* notify-gitfile.c: a create (O_CREAT, l absent) of a .git file that
 * notify_keep_gitfile() kept, in a folder where the policy lets the
 * command make names: the supervisor lands the file's start-of-run bytes
 * there (RENAME_NOREPLACE) and hands in a descriptor of an anonymous
 * memory file for what the caller writes (O_CLOEXEC as flags say).
 * Returns 1 when the call is not such a create (nothing done, nothing
 * answered), 0 once it is answered, -EAGAIN when a file appeared at the
 * name meanwhile and flags lack O_EXCL (look again). */
int nj_gitfile_remake(struct job *j, const struct loc *l, uint64_t flags);
/* notify-gitfile-land.c: after a rename of the folder from to to (resolved,
 * done): each kept .git file that was below from and is a regular file at
 * its new name, naming a gitdir below a folder named modules or worktrees,
 * is recorded as moved (git mv of a submodule, git worktree move), and
 * moved ones below from follow; records at or below to are dropped. One
 * that named its gitdir by a relative path gets at once the bytes naming
 * the same gitdir from its new folder (reached from to_parent, the
 * folder holding to, and to_name, without following symbolic links). */
void nj_gitfile_moved(const char *from, const char *to, int to_parent, const char *to_name);
/* notify-gitfile-land.c: a write-open of an existing moved .git file (as
 * nj_gitfile_moved() recorded it), or of the gitdir file of the linked
 * worktree gitdir a moved one names: the supervisor lands the bytes git
 * writes for that place (the .git file: "gitdir: " and the same gitdir,
 * relative from its new folder unless it was absolute; the gitdir file:
 * the .git file's new path) over the name, whatever the caller writes,
 * and hands in a descriptor of an anonymous memory file for that.
 * Returns 1 when the call is not such a write (nothing done or answered),
 * else 0 once answered. */
int nj_gitfile_rewrite(struct job *j, const struct loc *l, uint64_t flags);
/* notify-gitfile-land.c: path (resolved) is a regular file now, reached
 * without a symbolic link, and a .git file the start-of-run scan kept (at
 * its start-of-run name) or one nj_gitfile_moved() recorded there. */
bool nj_gitfile_known(const char *path);
/* notify-gitfile-land.c, for notify-guard.c: the rule r, below dir, that
 * a plain rename of a folder from from to dir or from dir (from == dir)
 * would carry a name into (mask: create) or out of (mask: delete) does
 * not stop it: r protects a submodule's or linked worktree's .git file
 * that leaves with the folder (nj_gitfile_moved() follows it), or that
 * arrives with it and is one nj_gitfile_known() says the scan kept or a
 * move recorded (its comment in notify-gitfile-land.c says why). */
bool nj_gitfile_carried(const struct fsj_rule *r, const char *dir, unsigned mask,
			const char *from);

#endif
