/* autorun-nested.c - the look after the run at the files tools run by
 * themselves in every folder of the workspace (autorun-nested.h). Runs
 * in the supervisor after the command has ended, with fsjail's rights:
 * it only lists folders and stats names (no file is opened, no symlink
 * followed into the walk), so a hostile tree can only cost it its
 * budget. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "autorun-dirs.h"
#include "autorun-int.h"
#include "autorun-nested.h"
#include "autorun-warn.h"
#include "backup_born.h"
#include "escape.h"
#include "path.h"
#include "repometa.h"
#include "util.h"

/* Entries listed at most: a million-file monorepo costs a second; what
 * lies past it is said to be unlooked at. */
#define AUTORUN_NESTED_ENTRIES 400000u
/* Folders deeper than this are not entered (said, as the budget). */
#define AUTORUN_NESTED_DEPTH 32

/* Files run at the next cd into their folder, in every folder the root
 * included: no tool breaks when they are written (mise use, direnv edit),
 * so they are said, not refused. mise: mise.jdx.dev/configuration.html
 * (the config files and [hooks] enter); direnv: direnv.net. */
#define MISE_WHY "mise runs its [hooks] and env scripts at the next cd into the folder"
static const struct autorun_file entry_hooks[] = {
	{ ".config/mise.toml", "mise", MISE_WHY },
	{ ".config/mise/config.toml", "mise", MISE_WHY },
	{ ".envrc", "direnv", "direnv runs it at the next cd into the folder once allowed" },
	{ ".mise.local.toml", "mise", MISE_WHY },
	{ ".mise.toml", "mise", MISE_WHY },
	{ ".mise/config.toml", "mise", MISE_WHY },
	{ "mise.local.toml", "mise", MISE_WHY },
	{ "mise.toml", "mise", MISE_WHY },
	{ "mise/config.toml", "mise", MISE_WHY },
};
#define N_ENTRY_HOOKS (sizeof(entry_hooks) / sizeof(entry_hooks[0]))

static const struct autorun_file code_workspace = {
	"", "vscode", "VS Code runs its tasks, some when the workspace opens"
};

struct walk {
	const struct autorun *before;
	const char **skip; /* the folders autorun_warn() looked at, sorted */
	size_t n_skip;
	FILE *out;
	planted_fn *rec;
	size_t said;
};

/* Whether the ctime in st is not older than the run (a second's slack). */
static bool recent(const struct walk *w, const struct stat *st)
{
	return FSJ_STAT_CTIM(st).tv_sec >= w->before->t0.tv_sec - 1;
}

/* rel (a relative path, a/b/c) in dirfd exists and was made or changed
 * by the run, or is reached through a symlinked folder the run made. */
static bool planted_at(const struct walk *w, int dirfd, const char *rel)
{
	char part[256];
	struct stat st;
	bool via_new_link = false;

	for (const char *s = strchr(rel, '/'); s; s = strchr(s + 1, '/')) {
		size_t len = (size_t)(s - rel);

		if (len >= sizeof(part))
			return false;
		memcpy(part, rel, len);
		part[len] = '\0';
		if (fstatat(dirfd, part, &st, AT_SYMLINK_NOFOLLOW) < 0)
			return false;
		if (S_ISLNK(st.st_mode) && recent(w, &st))
			via_new_link = true;
	}
	return fstatat(dirfd, rel, &st, AT_SYMLINK_NOFOLLOW) == 0 &&
	       (via_new_link || recent(w, &st));
}

/* Whether name is rel's first component. */
static bool first_is(const char *rel, const char *name)
{
	size_t n = strlen(name);

	return strncmp(rel, name, n) == 0 && (rel[n] == '\0' || rel[n] == '/');
}

static void say(struct walk *w, int dirfd, const char *dir, const char *rel,
		const struct autorun_file *f)
{
	cleanup_free char *path = path_join(dir, rel);
	cleanup_free char *shown = fsj_escape_term(path);
	const char *change = backup_born_after(dirfd, rel, &w->before->t0) ? "made" : "changed";

	fprintf(w->out,
		"fsjail: note: the command %s %s (%s, outside any sandbox): review it, "
		"or undo the run with 'fsjail backups restore'\n",
		change, shown, f->why);
	if (w->rec)
		w->rec(&(struct planted){ .kind = "autorun-file",
					  .change = change,
					  .path = path,
					  .work_tree = w->before->workspace,
					  .tool = f->tool,
					  .runs = f->why });
	w->said++;
}

/* The last component of rel. */
static const char *leaf(const char *rel)
{
	const char *s = strrchr(rel, '/');

	return s ? s + 1 : rel;
}

/* name ends in .code-workspace, with something before it. */
static bool is_code_workspace(const char *name)
{
	size_t n = strlen(name), ext = strlen(".code-workspace");

	return n > ext && strcmp(name + n - ext, ".code-workspace") == 0;
}

/* The folder of autorun_dirs[] that path (absolute) lies in, at any depth
 * (.claude/skills/x/scripts too), or NULL. */
static const struct autorun_file *agent_dir(const char *path)
{
	for (size_t i = 0; path && i < autorun_n_dirs; i++) {
		size_t n = strlen(autorun_dirs[i].rel);

		for (const char *p = strstr(path, autorun_dirs[i].rel); p;
		     p = strstr(p + 1, autorun_dirs[i].rel))
			if (p > path && p[-1] == '/' && (p[n] == '\0' || p[n] == '/'))
				return &autorun_dirs[i];
	}
	return NULL;
}

bool autorun_nested_watched(const char *name, const char *path)
{
	for (size_t i = 0; i < autorun_n_files; i++)
		if (strcmp(leaf(autorun_files[i].rel), name) == 0)
			return true;
	for (size_t i = 0; i < N_ENTRY_HOOKS; i++)
		if (strcmp(leaf(entry_hooks[i].rel), name) == 0)
			return true;
	return is_code_workspace(name) || agent_dir(path);
}

/* The entry name of folder dir (open as dirfd): each file it begins that
 * tools run, said when the run planted it. root: autorun_warn() looked
 * at dir's autorun_files[] already. */
static void look(struct walk *w, int dirfd, const char *dir, const char *name, bool root,
		 const struct autorun_file *in_agent_dir)
{
	struct stat st;

	if (in_agent_dir && fstatat(dirfd, name, &st, AT_SYMLINK_NOFOLLOW) == 0 &&
	    !S_ISDIR(st.st_mode) && recent(w, &st))
		say(w, dirfd, dir, name, in_agent_dir);
	for (size_t i = 0; !root && i < autorun_n_files; i++)
		if (first_is(autorun_files[i].rel, name) &&
		    planted_at(w, dirfd, autorun_files[i].rel))
			say(w, dirfd, dir, autorun_files[i].rel, &autorun_files[i]);
	for (size_t i = 0; i < N_ENTRY_HOOKS; i++)
		if (first_is(entry_hooks[i].rel, name) && planted_at(w, dirfd, entry_hooks[i].rel))
			say(w, dirfd, dir, entry_hooks[i].rel, &entry_hooks[i]);
	if (is_code_workspace(name) && planted_at(w, dirfd, name))
		say(w, dirfd, dir, name, &code_workspace);
}

/* A symbolic link the run made at dir/name where an agent looks for one
 * of autorun_dirs[] (.claude, .claude/commands...): the walk does not
 * follow it, so what it points at is said as the link. NULL: not one. */
static const struct autorun_file *agent_link(const struct walk *w, int dirfd, const char *dir,
					     const char *name)
{
	cleanup_free char *path = path_join(dir, name);
	const struct autorun_file *f = agent_dir(path);
	struct stat st;

	for (size_t i = 0; !f && i < autorun_n_dirs; i++)
		if (first_is(autorun_dirs[i].rel, name))
			f = &autorun_dirs[i];
	return f && fstatat(dirfd, name, &st, AT_SYMLINK_NOFOLLOW) == 0 && S_ISLNK(st.st_mode) &&
			       recent(w, &st)
		       ? f
		       : NULL;
}

/* dir/name is a symbolic link to a folder, which the walk does not enter
 * (a loop, or a tree outside): the files of autorun_files[] and
 * entry_hooks[] directly in that folder are looked at through it. */
static void look_through(struct walk *w, int dirfd, const char *dir, const char *name)
{
	struct stat st;

	if (fstatat(dirfd, name, &st, 0) < 0 || !S_ISDIR(st.st_mode))
		return;
	for (size_t i = 0; i < autorun_n_files + N_ENTRY_HOOKS; i++) {
		const struct autorun_file *f =
			i < autorun_n_files ? &autorun_files[i] : &entry_hooks[i - autorun_n_files];
		cleanup_free char *rel = path_join(name, f->rel);

		if (planted_at(w, dirfd, rel))
			say(w, dirfd, dir, rel, f);
	}
}

struct dir_item {
	char *path;
	unsigned depth;
};

struct queue {
	struct dir_item *v;
	size_t head, n, cap;
	unsigned long entries;
	bool whole;        /* no folder left unlooked at by the budget or depth */
	size_t unreadable; /* folders that could not be listed */
};

/* List the folder it: each entry looked at, its subfolders queued. */
static void read_folder(struct walk *w, struct queue *q, const struct dir_item *it)
{
	int fd = open(it->path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	bool root = bsearch(&it->path, w->skip, w->n_skip, sizeof(*w->skip), autorun_cmp_str);
	const struct autorun_file *in_agent_dir = agent_dir(it->path), *link;
	DIR *d = fd >= 0 ? fdopendir(fd) : NULL;
	struct dirent *e;

	if (!d) {
		/* gone or replaced since it was listed: nothing there; else
		 * (a chmod 000 by the command) said as not looked at */
		if (errno != ENOENT && errno != ENOTDIR && errno != ELOOP)
			q->unreadable++;
		if (fd >= 0)
			close(fd);
		return;
	}
	while ((e = readdir(d))) {
		struct stat st;

		if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
			continue;
		if (++q->entries > AUTORUN_NESTED_ENTRIES) {
			q->whole = false;
			break;
		}
		look(w, dirfd(d), it->path, e->d_name, root, in_agent_dir);
		if (e->d_type == DT_LNK || e->d_type == DT_UNKNOWN) {
			link = agent_link(w, dirfd(d), it->path, e->d_name);
			if (link)
				say(w, dirfd(d), it->path, e->d_name, link);
			look_through(w, dirfd(d), it->path, e->d_name);
		}
		if (strcmp(e->d_name, ".git") == 0 || strcmp(e->d_name, "node_modules") == 0 ||
		    (e->d_type != DT_DIR && e->d_type != DT_UNKNOWN) ||
		    (e->d_type == DT_UNKNOWN &&
		     (fstatat(dirfd(d), e->d_name, &st, AT_SYMLINK_NOFOLLOW) < 0 ||
		      !S_ISDIR(st.st_mode))))
			continue;
		if (it->depth + 1 > AUTORUN_NESTED_DEPTH) {
			q->whole = false;
			continue;
		}
		if (q->n == q->cap) {
			q->cap = q->cap ? 2 * q->cap : 64;
			q->v = xreallocarray(q->v, q->cap, sizeof(*q->v));
		}
		q->v[q->n++] = (struct dir_item){ path_join(it->path, e->d_name), it->depth + 1 };
	}
	closedir(d);
}

/* Breadth first from the workspace top; what was left unlooked at is
 * said on w->out. */
static void walk_tree(struct walk *w, const char *top)
{
	struct queue q = { .whole = true };
	cleanup_free char *shown = fsj_escape_term(top);

	q.cap = 64;
	q.v = xcalloc(q.cap, sizeof(*q.v));
	q.v[q.n++] = (struct dir_item){ xstrdup(top), 0 };
	while (q.head < q.n && q.whole) {
		struct dir_item it = q.v[q.head++];

		read_folder(w, &q, &it);
	}
	for (size_t i = 0; i < q.n; i++)
		free(q.v[i].path);
	free(q.v);
	if (!q.whole)
		fprintf(w->out,
			"fsjail: note: the look for files tools run by themselves stopped after "
			"%u entries or %u folders deep in %s: deeper or later folders were not "
			"looked at\n",
			AUTORUN_NESTED_ENTRIES, AUTORUN_NESTED_DEPTH, shown);
	if (q.unreadable)
		fprintf(w->out,
			"fsjail: note: %zu folders in %s could not be read: files tools run by "
			"themselves in them were not looked for\n",
			q.unreadable, shown);
}

size_t autorun_nested_warn(const struct autorun *before, const struct repometa *after, bool changed,
			   FILE *out, planted_fn *rec)
{
	size_t said = autorun_warn(before, after, out, rec), n = 0;
	struct walk w = { .before = before, .out = out, .rec = rec };
	const char **skip;

	if (!before || !before->workspace || !changed)
		return said;
	skip = xcalloc(before->n_roots + (after ? after->n : 0) + 1, sizeof(*skip));
	for (size_t i = 0; i < before->n_roots; i++)
		skip[n++] = before->roots[i];
	/* the work trees the run made: autorun_warn() looked at them */
	for (size_t i = 0; after && i < after->n; i++)
		if (after->v[i].repo && path_covers(before->workspace, after->v[i].repo))
			skip[n++] = after->v[i].repo;
	qsort(skip, n, sizeof(*skip), autorun_cmp_str);
	w.skip = skip;
	w.n_skip = n;
	walk_tree(&w, before->workspace);
	free(skip);
	return said + w.said;
}
