/* autorun.c - see autorun.h. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "autorun.h"
#include "escape.h"
#include "path.h"
#include "repometa.h"
#include "util.h"

static const struct {
	const char *rel;
	const char *tool; /* the planted record's "tool" */
	const char *why;
} files[] = {
	{ ".amazonq/mcp.json", "amazon-q", "Amazon Q starts the MCP servers it names" },
	{ ".claude/settings.json", "claude-code", "Claude Code runs the hooks it names" },
	{ ".claude/settings.local.json", "claude-code", "Claude Code runs the hooks it names" },
	{ ".cursor/hooks.json", "cursor", "Cursor runs the hooks it names" },
	{ ".cursor/mcp.json", "cursor", "Cursor starts the MCP servers it names" },
	{ ".gemini/settings.json", "gemini-cli", "Gemini CLI starts the MCP servers it names" },
	{ ".lefthook.yml", "lefthook", "lefthook, once installed, runs its commands at git's hooks" },
	{ ".mcp.json", "claude-code", "Claude Code starts the MCP servers it names" },
	{ ".pre-commit-config.yaml", "pre-commit",
	  "pre-commit, once installed, runs its hooks at each git commit" },
	{ ".roo/mcp.json", "roo-code", "Roo Code starts the MCP servers it names" },
	{ ".vscode/mcp.json", "vscode", "VS Code starts the MCP servers it names" },
	{ ".vscode/settings.json", "vscode", "VS Code runs programs it names" },
	{ ".vscode/tasks.json", "vscode", "VS Code runs its tasks, some when the folder opens" },
	{ "lefthook.yml", "lefthook", "lefthook, once installed, runs its commands at git's hooks" },
};
#define N_FILES (sizeof(files) / sizeof(files[0]))

/* Compared by content up to this size (an editor's save or a git
 * checkout of the same bytes is no change), by identity above it. */
#define CONTENT_MAX (64 * 1024)
/* and at most this much in all, kept from the start (many work trees) */
#define CONTENT_ALL (4 * 1024 * 1024)

struct seen {
	char *path;
	const char *root; /* the folder it is in: autorun.roots[] */
	size_t kind; /* index in files[] */
	bool exists;
	struct stat st;
	char *data; /* the content of a regular file up to CONTENT_MAX, or NULL */
	size_t len;
};

struct autorun {
	struct seen *v;
	size_t n;
	size_t budget; /* bytes of content it may still keep */
	char **roots;  /* the folders looked at */
	size_t n_roots;
	char *workspace; /* autorun_snap_workspace()'s, or NULL */
	struct timespec t0; /* when: a change later has a change time from then on */
};

/* The content of the regular file lstat found at s->path, read without
 * following a symlink put there since and without waiting on a FIFO:
 * NULL when it is not that file or is larger than CONTENT_MAX. */
static char *content(const struct seen *s, size_t *len)
{
	cleanup_fd int fd = open(s->path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOFOLLOW | O_NOCTTY);
	struct stat st;
	char *buf;
	size_t n = 0;

	if (fd < 0 || fstat(fd, &st) < 0 || !S_ISREG(st.st_mode) || st.st_dev != s->st.st_dev ||
	    st.st_ino != s->st.st_ino || st.st_size > CONTENT_MAX)
		return NULL;
	buf = xmalloc(CONTENT_MAX + 1);
	for (;;) {
		ssize_t r = read(fd, buf + n, CONTENT_MAX + 1 - n);

		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0 || (r > 0 && (n += (size_t)r) > CONTENT_MAX)) {
			free(buf);
			return NULL;
		}
		if (r == 0)
			break;
	}
	*len = n;
	return buf;
}

/* s as it is now; its content kept while *budget (bytes) allows. */
static void look(struct seen *s, size_t *budget)
{
	s->data = NULL;
	s->len = 0;
	s->exists = lstat(s->path, &s->st) == 0;
	if (s->exists && S_ISREG(s->st.st_mode) && (size_t)s->st.st_size <= *budget)
		s->data = content(s, &s->len);
	if (s->data)
		*budget -= s->len < *budget ? s->len : *budget;
}

/* roots[i] is not an absolute path, or repeats an earlier one. */
static bool skipped(const char *const *roots, size_t i)
{
	if (!roots[i] || roots[i][0] != '/')
		return true;
	for (size_t j = 0; j < i; j++)
		if (roots[j] && strcmp(roots[j], roots[i]) == 0)
			return true;
	return false;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

struct autorun *autorun_snap(const char *const *roots, size_t n)
{
	struct autorun *a = xcalloc(1, sizeof(*a));

	/* the clock the kernel stamps change times with (a coarse tick
	 * behind CLOCK_REALTIME on Linux) */
#ifdef CLOCK_REALTIME_COARSE
	(void)clock_gettime(CLOCK_REALTIME_COARSE, &a->t0);
#else
	(void)clock_gettime(CLOCK_REALTIME, &a->t0);
#endif
	a->v = xcalloc(n ? n * N_FILES : 1, sizeof(*a->v));
	a->roots = xcalloc(n ? n : 1, sizeof(*a->roots));
	a->budget = CONTENT_ALL;
	for (size_t i = 0; i < n; i++) {
		if (skipped(roots, i))
			continue;
		a->roots[a->n_roots] = xstrdup(roots[i]);
		for (size_t f = 0; f < N_FILES; f++) {
			struct seen *s = &a->v[a->n++];

			s->path = path_join(roots[i], files[f].rel);
			s->root = a->roots[a->n_roots];
			s->kind = f;
			look(s, &a->budget);
		}
		a->n_roots++;
	}
	/* for had_root(); each seen keeps its own pointer */
	if (a->n_roots > 1)
		qsort(a->roots, a->n_roots, sizeof(*a->roots), cmp_str);
	return a;
}

struct autorun *autorun_snap_workspace(const char *workspace, const struct repometa *repos)
{
	size_t n = 1 + (repos ? repos->n : 0), k = 0;
	const char **roots = xcalloc(n, sizeof(*roots));
	struct autorun *a;

	roots[k++] = workspace;
	for (size_t i = 0; repos && i < repos->n; i++)
		if (workspace && repos->v[i].repo && path_covers(workspace, repos->v[i].repo))
			roots[k++] = repos->v[i].repo;
	a = autorun_snap(roots, k);
	a->workspace = workspace ? xstrdup(workspace) : NULL;
	free(roots);
	return a;
}

static bool same(const struct seen *a, const struct seen *b)
{
	if (a->exists != b->exists)
		return false;
	if (a->data && b->data)
		return a->len == b->len && memcmp(a->data, b->data, a->len) == 0;
	return !a->exists ||
	       (a->st.st_dev == b->st.st_dev && a->st.st_ino == b->st.st_ino &&
		a->st.st_size == b->st.st_size && a->st.st_mode == b->st.st_mode &&
		FSJ_STAT_CTIM(&a->st).tv_sec == FSJ_STAT_CTIM(&b->st).tv_sec &&
		FSJ_STAT_CTIM(&a->st).tv_nsec == FSJ_STAT_CTIM(&b->st).tv_nsec);
}

/* Say p's file on out and hand it to rec (may be NULL). */
static void say(const struct planted *p, FILE *out, planted_fn *rec)
{
	cleanup_free char *shown = fsj_escape_term(p->path);
	cleanup_free char *wt = p->new_work_tree ? fsj_escape_term(p->work_tree) : NULL;

	fprintf(out, "fsjail: note: the command %s %s%s%s%s (%s, outside any sandbox): review it, "
		     "or undo the run with 'fsjail backups restore'\n",
		p->change, shown, wt ? " in the work tree " : "", wt ? wt : "", wt ? " it made" : "",
		p->runs);
	if (rec)
		rec(p);
}

/* Whether root is one of a's roots (sorted by autorun_snap()). */
static bool had_root(const struct autorun *a, const char *root)
{
	return a->n_roots && bsearch(&root, a->roots, a->n_roots, sizeof(*a->roots), cmp_str);
}

/* The files at root, a work tree the run made: each one whose change time
 * is not older than the run (a second's slack for the clocks) was made
 * or changed by it; an older one was left alone and is not said. */
static size_t warn_new_root(const struct autorun *before, const char *root, FILE *out,
			    planted_fn *rec)
{
	size_t said = 0;

	for (size_t f = 0; f < N_FILES; f++) {
		cleanup_free char *path = path_join(root, files[f].rel);
		struct stat st;
		struct timespec ct;

		if (lstat(path, &st) < 0)
			continue;
		ct = FSJ_STAT_CTIM(&st);
		if (ct.tv_sec < before->t0.tv_sec - 1)
			continue;
		say(&(struct planted){ .kind = "autorun-file", .change = "made", .path = path,
				       .work_tree = root, .new_work_tree = true,
				       .tool = files[f].tool, .runs = files[f].why },
		    out, rec);
		said++;
	}
	return said;
}

size_t autorun_warn(const struct autorun *before, const struct repometa *after, FILE *out,
		    planted_fn *rec)
{
	size_t said = 0;

	for (size_t i = 0; before && i < before->n; i++) {
		struct seen now = before->v[i];
		size_t budget = CONTENT_MAX;
		bool unchanged;

		look(&now, &budget);
		unchanged = same(&before->v[i], &now);
		free(now.data);
		if (unchanged)
			continue;
		say(&(struct planted){ .kind = "autorun-file",
				       .change = !before->v[i].exists ? "made"
						 : !now.exists	      ? "removed"
									: "changed",
				       .path = now.path, .work_tree = now.root,
				       .tool = files[now.kind].tool, .runs = files[now.kind].why },
		    out, rec);
		said++;
	}
	/* work trees the run made in the workspace (git worktree add, a
	 * nested git init or clone): their files were not looked at before;
	 * each once (sorted: a run may make thousands) */
	if (!before || !before->workspace || !after || !after->n)
		return said;
	const char **fresh = xcalloc(after->n, sizeof(*fresh));
	size_t n = 0;

	for (size_t i = 0; i < after->n; i++) {
		const char *root = after->v[i].repo;

		if (root && root[0] == '/' && path_covers(before->workspace, root) &&
		    !had_root(before, root))
			fresh[n++] = root;
	}
	if (n > 1)
		qsort(fresh, n, sizeof(*fresh), cmp_str);
	for (size_t i = 0; i < n; i++)
		if (i == 0 || strcmp(fresh[i - 1], fresh[i]) != 0)
			said += warn_new_root(before, fresh[i], out, rec);
	free(fresh);
	return said;
}

void autorun_free(struct autorun *a)
{
	if (!a)
		return;
	for (size_t i = 0; i < a->n; i++) {
		free(a->v[i].path);
		free(a->v[i].data);
	}
	for (size_t i = 0; i < a->n_roots; i++)
		free(a->roots[i]);
	free(a->roots);
	free(a->workspace);
	free(a->v);
	free(a);
}
