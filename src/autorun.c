/* autorun.c - see autorun.h. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "autorun.h"
#include "escape.h"
#include "path.h"
#include "repometa.h"
#include "util.h"

static const struct {
	const char *rel;
	const char *why;
} files[] = {
	{ ".amazonq/mcp.json", "Amazon Q starts the MCP servers it names" },
	{ ".claude/settings.json", "Claude Code runs the hooks it names" },
	{ ".claude/settings.local.json", "Claude Code runs the hooks it names" },
	{ ".cursor/hooks.json", "Cursor runs the hooks it names" },
	{ ".cursor/mcp.json", "Cursor starts the MCP servers it names" },
	{ ".gemini/settings.json", "Gemini CLI starts the MCP servers it names" },
	{ ".lefthook.yml", "lefthook, once installed, runs its commands at git's hooks" },
	{ ".mcp.json", "Claude Code starts the MCP servers it names" },
	{ ".pre-commit-config.yaml", "pre-commit, once installed, runs its hooks at each git commit" },
	{ ".roo/mcp.json", "Roo Code starts the MCP servers it names" },
	{ ".vscode/mcp.json", "VS Code starts the MCP servers it names" },
	{ ".vscode/settings.json", "VS Code runs programs it names" },
	{ ".vscode/tasks.json", "VS Code runs its tasks, some when the folder opens" },
	{ "lefthook.yml", "lefthook, once installed, runs its commands at git's hooks" },
};
#define N_FILES (sizeof(files) / sizeof(files[0]))

/* Compared by content up to this size (an editor's save or a git
 * checkout of the same bytes is no change), by identity above it. */
#define CONTENT_MAX (64 * 1024)
/* and at most this much in all, kept from the start (many work trees) */
#define CONTENT_ALL (4 * 1024 * 1024)

struct seen {
	char *path;
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

struct autorun *autorun_snap(const char *const *roots, size_t n)
{
	struct autorun *a = xcalloc(1, sizeof(*a));

	a->v = xcalloc(n ? n * N_FILES : 1, sizeof(*a->v));
	a->budget = CONTENT_ALL;
	for (size_t i = 0; i < n; i++) {
		for (size_t f = 0; !skipped(roots, i) && f < N_FILES; f++) {
			struct seen *s = &a->v[a->n++];

			s->path = path_join(roots[i], files[f].rel);
			s->kind = f;
			look(s, &a->budget);
		}
	}
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

size_t autorun_warn(const struct autorun *before, FILE *out)
{
	size_t said = 0;

	for (size_t i = 0; before && i < before->n; i++) {
		struct seen now = before->v[i];

		size_t budget = CONTENT_MAX;

		look(&now, &budget);
		if (same(&before->v[i], &now)) {
			free(now.data);
			continue;
		}
		free(now.data);
		cleanup_free char *shown = fsj_escape_term(now.path);
		fprintf(out, "fsjail: note: the command %s %s (%s, outside any sandbox): review it, or "
			     "undo the run with 'fsjail backups restore'\n",
			!before->v[i].exists ? "made" : !now.exists ? "removed" : "changed", shown,
			files[now.kind].why);
		said++;
	}
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
	free(a->v);
	free(a);
}
