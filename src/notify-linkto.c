/* notify-linkto.c - no symbolic link made by a trapped call leads where
 * linkto.h refuses (notify-linkto.h). The places one can appear: symlink(2)
 * (notify-ops.c op_make), link(2) of a symbolic link itself, and a rename
 * or exchange moving one to another folder, where a relative text leads
 * elsewhere (notify-rename.c). */
#ifdef __linux__
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "escape.h"
#include "linkkeep.h"
#include "linkto.h"
#include "notify-int.h"
#include "notify-linkto.h"
#include "path.h"
#include "util.h"

/* The path text leads to from the folder of l when a part of it is
 * missing: lexically, as the kernel would once the folders exist. NULL
 * when it cannot be told. */
static char *lexical(const struct loc *l, const char *text)
{
	cleanup_free char *dir = path_dirname(l->path), *lit = NULL;
	char *out = NULL;

	/* a link's text is never expanded: "~" is a name */
	lit = xasprintf("%s%s", text[0] == '~' ? "./" : "", text);
	if (path_normalize(lit, strlen(lit), NULL, dir, &out) != PATH_OK)
		return NULL;
	return out;
}

bool nj_linkto_ok(struct job *j, const struct loc *l, const char *text)
{
	cleanup_free char *lex = NULL, *why_text = NULL;
	const char *why = NULL, *lwhy = NULL;
	struct fsj_decision d;
	struct loc t;
	int e;

	memset(&d, 0, sizeof(d));
	if (!l->path || l->path[0] != '/' || l->parent < 0) {
		nj_refuse(j, FSJ_CAP_CREATE, l->path, "a symbolic link whose folder cannot be told",
			  EACCES, NULL);
		return false;
	}
	e = linkto_text_redirectable(text)
		    ? -1
		    : notify_lookup_at(j->tr, text[0] == '/' ? -1 : l->parent, text, LK_FOLLOW, &t,
				       &lwhy);
	if (e < 0)
		why = "a symbolic link whose text climbs out of a name with '..' (where it leads "
		      "would change if that name became a link)";
	else if (e == 0 && t.path)
		why = linkto_refused(j->nt->pol, t.path, t.obj >= 0, &d);
	else if (e == 0 || e == ENOENT || e == ENOTDIR) {
		lex = lexical(l, text);
		why = lex ? linkto_refused(j->nt->pol, lex, false, &d)
			  : "a symbolic link whose target cannot be resolved";
	} else if (e != ELOOP && e != ENAMETOOLONG) {
		/* nobody can follow a loop or an overlong path: harmless */
		why = "a symbolic link whose target cannot be resolved";
	}
	if (e == 0)
		notify_loc_release(&t);
	if (!why)
		return true;
	/* no decision handed on: a grant at the link's own name lifts nothing */
	if (d.rule)
		why_text = xasprintf("%s: %s (%s rule%s%s%s at %s)", why, text,
				     fsj_level_name(d.level), d.rule->id ? " '" : "",
				     d.rule->id ? d.rule->id : "", d.rule->id ? "'" : "",
				     d.rule->origin ? d.rule->origin : "?");
	else
		why_text = xasprintf("%s: %s", why, text);
	nj_refuse(j, FSJ_CAP_CREATE, l->path, why_text, EACCES, NULL);
	return false;
}

bool nj_linkto_moved_ok(struct job *j, const struct loc *l, int obj)
{
	char text[PATH_MAX];
	ssize_t n = readlinkat(obj, "", text, sizeof(text) - 1);

	if (n <= 0) {
		nj_refuse(j, FSJ_CAP_CREATE, l->path, "a symbolic link that cannot be read", EACCES,
			  NULL);
		return false;
	}
	text[n] = '\0';
	return nj_linkto_ok(j, l, text);
}

int nj_linkto_keep(struct job *j, int parent, const char *name)
{
	int ns = j->tr && j->tr->procfd >= 0
			 ? openat(j->tr->procfd, "ns/mnt", O_RDONLY | O_CLOEXEC)
			 : -1;
	bool ok = linkkeep_note(parent, name, ns);
	int e = ok ? 0 : (errno ? errno : EMFILE);

	if (ns >= 0)
		close(ns);
	return e;
}

/* A moved folder's tree: its relative links lead elsewhere now. */
static int keep_tree(struct job *j, int parent, const char *name)
{
	int ns = j->tr && j->tr->procfd >= 0 ? openat(j->tr->procfd, "ns/mnt", O_RDONLY | O_CLOEXEC)
					     : -1;
	int dir = openat(parent, name, O_PATH | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	int e = dir < 0 || linkkeep_note_tree(dir, ns, 100000) < 0 ? EFBIG : 0;

	if (dir >= 0)
		close(dir);
	if (ns >= 0)
		close(ns);
	return e;
}

bool nj_linkto_keep_or_say(struct job *j, int parent, const char *name, const char *path)
{
	struct stat st;
	bool tree = fstatat(parent, name, &st, AT_SYMLINK_NOFOLLOW) == 0 && S_ISDIR(st.st_mode);
	int e = tree ? keep_tree(j, parent, name) : nj_linkto_keep(j, parent, name);

	if (e) {
		cleanup_free char *ep = fsj_escape_term(path ? path : name);

		if (tree)
			fprintf(stderr, "fsjail: warning: the symbolic links in the moved folder "
				"%s cannot all be judged again when the command ends (more than "
				"100,000 entries, or unreadable)\n", ep);
		else
			fprintf(stderr, "fsjail: warning: the symbolic link %s cannot be judged "
				"again when the command ends: %s\n", ep, strerror(e));
	}
	return e == 0;
}
#else
/* ISO C wants at least one declaration in a translation unit. */
typedef int notify_linkto_not_this_system;
#endif /* __linux__ */
