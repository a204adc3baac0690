/* notify-hooktmpl.c - the hooks git copies from the user's template
 * folder into a repository the run makes (issue 12 item 2; the rule for
 * made repositories is notify-newrepo.c's).
 *
 * git init and git clone copy the template folder into the new gitdir
 * first (builtin/init-db.c copy_templates_1(): copy_file() of each file,
 * open(O_WRONLY|O_CREAT|O_EXCL) then write; any failed copy dies, so a
 * refusal cannot be quiet). A user whose init.templateDir, GIT_TEMPLATE_DIR
 * or system template holds real hooks (pre-commit, commit-msg ...) would
 * otherwise not be able to make a repository in the run at all.
 *
 * The rule. A hook H (not a .sample name) in G/hooks/, G a folder the run
 * made that may become a gitdir, is accepted when
 *   - T is the template folder git would use for this user
 *     (repometa_template_dir(): the run's GIT_TEMPLATE_DIR, else the
 *     user's init.templateDir, else /usr/share/git-core/templates), fixed
 *     before the command starts: what the command passes with --template
 *     or sets in its own environment is not asked;
 *   - the command can change nothing in T/hooks: the policy refuses it
 *     write, create and delete there, grants none of them below, and
 *     refuses delete on every folder above (a folder renamed away could be
 *     replaced); T/hooks is opened with RESOLVE_NO_SYMLINKS and T/hooks/H
 *     with O_NOFOLLOW, and H there must be a regular file with one link
 *     (a second name could be in a folder the command may write);
 *   - its bytes equal T/hooks/H's.
 * When is that checked? The copy is one create then writes through the
 * descriptor the command keeps, so the bytes are not known at the create.
 * The create is let through while G is not yet a gitdir by git's test
 * (no HEAD with objects and refs or commondir: git takes no hooks from
 * it), only for a regular file H that T/hooks holds; every step that can
 * make G a gitdir (making HEAD, commondir, objects or refs:
 * notify-newrepo.c) then compares every hook with T's and lands the
 * supervisor's own copy of T's bytes in its place (a new file, so a
 * descriptor the command kept writes into nothing that lands), or is
 * refused. Once G is a gitdir, a hook that is not a .sample name can be
 * neither made nor written. */
#ifdef __linux__
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <linux/openat2.h>

#include "notify-int.h"
#include "path.h"
#include "util.h"

#ifndef SYS_openat2
#define SYS_openat2 437
#endif

/* The command can change nothing at or under the folder p, nor rename it
 * or a folder above it away (file comment). */
static bool locked(const struct job *j, const char *p)
{
	static const enum fsj_cap caps[] = { FSJ_CAP_WRITE, FSJ_CAP_CREATE, FSJ_CAP_DELETE };
	const struct fsj_policy *pol = j->nt->pol;
	cleanup_free char *up = xstrdup(p);
	struct fsj_decision d;
	char *s;

	for (size_t i = 0; i < sizeof(caps) / sizeof(caps[0]); i++)
		if (nj_may(j, p, caps[i], &d))
			return false;
	for (size_t i = 0; i < pol->n_rules; i++) {
		const struct fsj_rule *r = &pol->rules[i];

		if ((r->allow & FSJ_CAPS_MODIFY) && ((r->path && path_covers(p, r->path)) ||
						     (r->resolved && path_covers(p, r->resolved))))
			return false;
	}
	while ((s = strrchr(up, '/')) && s > up) {
		*s = '\0';
		if (nj_may(j, up, FSJ_CAP_DELETE, &d))
			return false;
	}
	return true;
}

/* T/hooks/name opened for reading (a regular file with one link, T
 * locked); -1 when there is none such. */
static int template_open(const struct job *j, const char *name)
{
	struct open_how how = { .flags = O_PATH | O_DIRECTORY | O_CLOEXEC,
				.resolve = RESOLVE_NO_SYMLINKS | RESOLVE_NO_MAGICLINKS };
	const char *p = j->nt->template_hooks;
	cleanup_fd int dir = -1;
	struct stat st;
	int fd;

	if (!p || !name[0] || strchr(name, '/') || strcmp(name, ".") == 0 ||
	    strcmp(name, "..") == 0 || !locked(j, p))
		return -1;
	dir = (int)syscall(SYS_openat2, AT_FDCWD, p, &how, sizeof(how));
	if (dir < 0)
		return -1;
	fd = openat(dir, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
	if (fd >= 0 && (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode) || st.st_nlink != 1)) {
		close(fd);
		fd = -1;
	}
	return fd;
}

bool nj_hook_in_template(const struct job *j, const char *name)
{
	int fd = template_open(j, name);

	if (fd < 0)
		return false;
	close(fd);
	return true;
}

bool nj_hook_settle(struct job *j, int hooks, const char *hpath, const char *name, char *why,
		    size_t whylen)
{
	cleanup_free char *mine = NULL, *theirs = NULL, *path = path_join(hpath, name);
	cleanup_fd int fd = -1, tfd = template_open(j, name);
	size_t ml = 0, tl = 0;
	struct stat st;

	fd = openat(hooks, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
	if (tfd < 0 || fd < 0 || fstat(fd, &st) < 0 || !S_ISREG(st.st_mode) ||
	    nj_read_whole(fd, &mine, &ml) < 0 || nj_read_whole(tfd, &theirs, &tl) < 0 || ml != tl ||
	    memcmp(mine, theirs, ml) != 0) {
		snprintf(why, whylen,
			 "repository-metadata: hook %.64s in a folder becoming a repository (only "
			 ".sample names, or the bytes of the template folder's own hook)",
			 name);
		return false;
	}
	if (nj_land_bytes(hooks, name, theirs, tl, st.st_mode, 0) != 0) {
		snprintf(why, whylen, "repository-metadata: hook %.64s could not be settled", name);
		return false;
	}
	nj_note_created(j, hooks, name, path);
	return true;
}

#else
typedef int notify_hooktmpl_not_this_system;
#endif /* __linux__ */
