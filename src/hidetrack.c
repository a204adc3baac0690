/* hidetrack.c - what git in a run recorded of the paths a read deny hides
 * (hidetrack.h). Runs in the supervisor, outside the sandbox, before and
 * after the command: it reads the index files of the work trees that hold
 * hidden paths (gitindex.c: no symlink followed) and writes only to out. */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "escape.h"
#include "gitindex.h"
#include "hidetrack.h"
#include "landlock.h"
#include "path.h"
#include "policy.h"
#include "util.h"

/* How many names one note shows before "and N more". */
#define NOTE_NAMES 3u
/* The most hidden paths looked at: a rules file has a handful of read
 * denies inside a repository; each costs an index read after the run. */
#define MAX_HIDDEN 64u

struct hidden {
	char *path;   /* the hidden path, absolute */
	char *top;    /* the work tree that holds it */
	char *gitdir; /* its gitdir */
	char *rel;    /* path relative to top */
	char *rule;   /* "explicit rule 'ID' at FILE:LINE" or the level's name */
	struct gitindex before;
};

struct hidetrack {
	struct hidden v[MAX_HIDDEN];
	size_t n;
};

/* The gitdir that the .git entry of the folder top names: the folder
 * itself, or a .git file's "gitdir: X" (relative to top). NULL when top
 * has no .git, or it cannot be read. Caller frees. */
static char *gitdir_of(const char *top)
{
	cleanup_free char *dotgit = path_join(top, ".git");
	cleanup_free char *text = NULL;
	struct stat st;
	size_t len;
	char *p, *nl;

	if (lstat(dotgit, &st) < 0)
		return NULL;
	if (S_ISDIR(st.st_mode))
		return steal_pointer(&dotgit);
	if (!S_ISREG(st.st_mode) || read_file(dotgit, 4096, &text, &len) < 0 ||
	    strncmp(text, "gitdir:", 7) != 0)
		return NULL;
	for (p = text + 7; *p == ' ' || *p == '\t'; p++)
		;
	if ((nl = strpbrk(p, "\r\n")) != NULL)
		*nl = '\0';
	if (!*p)
		return NULL;
	return *p == '/' ? xstrdup(p) : path_join(top, p);
}

/* The work tree holding path (the nearest folder above it with a .git),
 * with its gitdir in *gitdir; NULL when none. Caller frees both. */
static char *work_tree_of(const char *path, char **gitdir)
{
	cleanup_free char *dir = path_dirname(path);

	for (;;) {
		if ((*gitdir = gitdir_of(dir)) != NULL)
			return steal_pointer(&dir);
		if (strcmp(dir, "/") == 0)
			return NULL;
		char *up = path_dirname(dir);

		free(dir);
		dir = up;
	}
}

static char *rule_text(const struct fsj_policy *pol, const char *path)
{
	struct fsj_decision d;

	policy_decide(pol, path, path, FSJ_CAP_READ, &d);
	if (d.rule && d.rule->id)
		return xasprintf("the read deny of %s rule '%s'%s%s", fsj_level_name(d.level),
				 d.rule->id, d.rule->origin ? " at " : "",
				 d.rule->origin ? d.rule->origin : "");
	return xasprintf("a %s read deny", fsj_level_name(d.level));
}

static void hidden_release(struct hidden *h)
{
	free(h->path);
	free(h->top);
	free(h->gitdir);
	free(h->rel);
	free(h->rule);
	gitindex_release(&h->before);
}

static void add_name(struct strbuf *names, const char *name, const char *how)
{
	sb_adds(names, names->len ? ", " : "");
	fsj_escape_term_sb(names, name);
	sb_adds(names, how);
}

struct hidetrack *hidetrack_snap(const struct ll_plan *plan, const struct fsj_policy *pol)
{
	struct hidetrack *ht = NULL;

	if (!plan || !pol)
		return NULL;
	for (size_t i = 0; i < plan->n_masks; i++) {
		const struct ll_mask *m = &plan->masks[i];
		struct hidden h = { 0 };
		int rc;

		if (m->kind != LL_MASK_HIDE || !m->path)
			continue;
		if (ht && ht->n >= MAX_HIDDEN)
			break;
		h.top = work_tree_of(m->path, &h.gitdir);
		/* the .git itself hidden: git has no index to be wrong in */
		if (!h.top || path_covers(m->path, h.gitdir)) {
			free(h.top);
			free(h.gitdir);
			continue;
		}
		h.path = xstrdup(m->path);
		h.rel = xstrdup(m->path + strlen(h.top) + (strcmp(h.top, "/") != 0));
		/* no index yet is no entry yet: git add may make one */
		rc = gitindex_read(h.gitdir, gitindex_oid_len(h.gitdir), h.rel, &h.before);
		if (rc < 0 && rc != -ENOENT) {
			hidden_release(&h);
			continue;
		}
		h.rule = rule_text(pol, m->path);
		if (!ht)
			ht = xcalloc(1, sizeof(*ht));
		ht->v[ht->n++] = h;
	}
	return ht;
}

unsigned long hidetrack_note(const struct hidetrack *ht, FILE *out)
{
	unsigned long all = 0;

	for (size_t i = 0; ht && i < ht->n; i++) {
		const struct hidden *h = &ht->v[i];
		struct gitindex now;
		struct strbuf names = STRBUF_INIT;
		unsigned long changed = 0;

		/* an index gone or unreadable after the run: nothing to say of it */
		if (gitindex_read(h->gitdir, h->before.oid_len, h->rel, &now) < 0) {
			gitindex_release(&now);
			continue;
		}
		for (size_t k = 0; k < h->before.n; k++) {
			const struct gitindex_entry *b = &h->before.v[k];
			const struct gitindex_entry *a = gitindex_find(&now, b->name);

			if (a && memcmp(a->oid, b->oid, h->before.oid_len) == 0)
				continue;
			if (changed++ < NOTE_NAMES)
				add_name(&names, b->name, a ? " (emptied)" : " (deleted)");
		}
		/* a hidden file git did not track, added as the mask's empty file */
		for (size_t k = 0; k < now.n; k++)
			if (!gitindex_find(&h->before, now.v[k].name) && changed++ < NOTE_NAMES)
				add_name(&names, now.v[k].name, " (added, empty)");
		gitindex_release(&now);
		if (changed) {
			cleanup_free char *top = fsj_escape_term(h->top);
			cleanup_free char *path = fsj_escape_term(h->path);
			cleanup_free char *rule = fsj_escape_term(h->rule);
			cleanup_free char *more =
				changed > NOTE_NAMES
					? xasprintf(" and %lu more", changed - NOTE_NAMES)
					: xstrdup("");

			fprintf(out,
				"fsjail: note: git's index of %s now records %s%s, which %s hid "
				"from this run (%s read as empty); on disk they are untouched, "
				"so git outside shows them changed: a commit of this run "
				"records the same (git log --stat), git reset -- PATH unstages "
				"them\n",
				top, names.buf, more, rule, path);
		}
		sb_release(&names);
		all += changed;
	}
	return all;
}

void hidetrack_free(struct hidetrack *ht)
{
	for (size_t i = 0; ht && i < ht->n; i++)
		hidden_release(&ht->v[i]);
	free(ht);
}
