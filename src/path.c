/* path.c - path normalisation and whole-component comparison
 * (DESIGN.md section 3). */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "path.h"
#include "path-memo.h"
#include "util.h"

/* The kernel follows at most 40 symlinks in one lookup (MAXSYMLINKS). */
#define FSJ_MAX_SYMLINKS 40

const char *path_strerror(int e)
{
	switch (e) {
	case PATH_OK:
		return "ok";
	case PATH_ERR_EMPTY:
		return "empty path";
	case PATH_ERR_NUL:
		return "path contains a NUL byte";
	case PATH_ERR_RELATIVE:
		return "relative path not allowed here";
	case PATH_ERR_TILDE_USER:
		return "'~user' paths are not supported (use an absolute path)";
	case PATH_ERR_NO_HOME:
		return "'~' used but the home directory is unknown";
	case PATH_ERR_TOO_LONG:
		return "path too long";
	default:
		return "invalid path";
	}
}

/* Append the components of s (a '/'-separated string of length n) to the
 * normalised absolute path in sb, applying "." and ".." lexically. */
static void push_components(struct strbuf *sb, const char *s, size_t n)
{
	size_t i = 0;

	while (i < n) {
		size_t j = i;
		while (j < n && s[j] != '/')
			j++;
		size_t clen = j - i;
		if (clen == 0 || (clen == 1 && s[i] == '.')) {
			/* empty or "." component */
		} else if (clen == 2 && s[i] == '.' && s[i + 1] == '.') {
			char *slash = strrchr(sb->buf, '/');
			if (slash == sb->buf)
				sb->len = 1;
			else
				sb->len = (size_t)(slash - sb->buf);
			sb->buf[sb->len] = '\0';
		} else {
			if (sb->len > 1)
				sb_addc(sb, '/');
			sb_add(sb, s + i, clen);
		}
		i = j + 1;
	}
}

int path_normalize(const char *in, size_t len, const char *home, const char *base,
		   char **out)
{
	struct strbuf sb = STRBUF_INIT;

	*out = NULL;
	if (len == 0)
		return PATH_ERR_EMPTY;
	if (memchr(in, '\0', len))
		return PATH_ERR_NUL;
	if (len > FSJ_PATH_MAX)
		return PATH_ERR_TOO_LONG;

	sb_addc(&sb, '/');
	if (in[0] == '~') {
		if (len > 1 && in[1] != '/') {
			sb_release(&sb);
			return PATH_ERR_TILDE_USER;
		}
		if (!home || home[0] != '/') {
			sb_release(&sb);
			return PATH_ERR_NO_HOME;
		}
		push_components(&sb, home, strlen(home));
		in++;
		len--;
	} else if (in[0] != '/') {
		if (!base || base[0] != '/') {
			sb_release(&sb);
			return PATH_ERR_RELATIVE;
		}
		push_components(&sb, base, strlen(base));
	}
	push_components(&sb, in, len);
	if (sb.len > FSJ_PATH_MAX) {
		sb_release(&sb);
		return PATH_ERR_TOO_LONG;
	}
	*out = sb_detach(&sb);
	return PATH_OK;
}

static char *resolve(const char *abs, bool *live);

/* The length of abs's parent when abs is "/" and two or more components,
 * none empty, "." or "..", with no slash at the end (as path_normalize()
 * gives them); else 0. */
static size_t normal_parent(const char *abs)
{
	size_t last = 0, i;

	if (abs[0] != '/' || abs[1] == '\0')
		return 0;
	for (i = 1;; i++) {
		if (abs[i] != '/' && abs[i] != '\0')
			continue;
		size_t clen = i - last - 1;

		if (clen == 0 || (clen == 1 && abs[last + 1] == '.') ||
		    (clen == 2 && abs[last + 1] == '.' && abs[last + 2] == '.'))
			return 0;
		if (abs[i] == '\0')
			return last;
		last = i;
	}
}

/* While the memo is on: abs resolved from its parent's resolution (kept,
 * or made now the same way), so that a rule path costs one lookup of its
 * last component, not one per ancestor. resolve() walks abs's components
 * in order, so its state after the parent's is the parent's answer: when
 * some component of the parent was taken lexically (absent, /proc/self,
 * too many links), so is the rest; otherwise the last component is looked
 * up as resolve() would. NULL when this does not apply (abs not in normal
 * form, its last component a symlink): resolve() then does it all. */
static char *resolve_from_parent(const char *abs, bool *live)
{
	size_t plen = normal_parent(abs);
	const char *pres;
	char *own = NULL, *r;
	bool plive = true;
	struct stat st;

	if (!plen || !path_memo_active())
		return NULL;
	pres = path_memo_prefix(abs, plen, &plive);
	if (!pres) {
		cleanup_free char *parent = xstrndup(abs, plen);

		own = path_resolve(parent); /* kept by the memo, with its flag */
		pres = path_memo_prefix(abs, plen, &plive);
		if (!pres) {
			free(own);
			return NULL; /* the memo is off */
		}
	}
	/* only a parent that exists and has no symlink on the way: the memo
	 * answers its folders from memory as resolve() would, while a name
	 * found missing, a file and a symlink are looked up anew */
	if (!plive || strncmp(pres, abs, plen) != 0 || pres[plen] != '\0') {
		free(own);
		return NULL;
	}
	free(own);
	r = xstrdup(abs);
	if (path_memo_lstat(r, &st) < 0) {
		*live = false;
		return r;
	}
	if (S_ISLNK(st.st_mode)) {
		free(r);
		return NULL;
	}
	*live = true;
	return r;
}

char *path_resolve(const char *abs)
{
	char *r = path_memo_resolved(abs);
	bool live = true;

	if (r)
		return r;
	r = resolve_from_parent(abs, &live);
	if (!r)
		r = resolve(abs, &live);
	path_memo_keep(abs, r, live);
	return r;
}

static char *resolve(const char *abs, bool *live)
{
	struct strbuf res = STRBUF_INIT;
	char *rest = xstrdup(abs);
	char *pos = rest;
	int links = 0;

	*live = true;

	sb_addc(&res, '/');
	for (;;) {
		while (*pos == '/')
			pos++;
		if (!*pos)
			break;
		char *end = strchr(pos, '/');
		size_t clen = end ? (size_t)(end - pos) : strlen(pos);

		if (clen == 1 && pos[0] == '.') {
			pos += clen;
			continue;
		}
		if (clen == 2 && pos[0] == '.' && pos[1] == '.') {
			push_components(&res, "..", 2);
			pos += clen;
			continue;
		}

		size_t saved = res.len;
		if (res.len > 1)
			sb_addc(&res, '/');
		sb_add(&res, pos, clen);
		pos += clen;

		struct stat st;
		if (path_memo_lstat(res.buf, &st) < 0) {
			/* Does not exist (yet): the rest is taken lexically. */
			push_components(&res, pos, strlen(pos));
			*live = false;
			break;
		}
		if (!S_ISLNK(st.st_mode))
			continue;
		/* /proc/self and /proc/thread-self name whichever process looks:
		 * resolving them (or the magic links below them, such as
		 * /proc/self/fd/1) here would pin fsjail's own pid or open files
		 * into a rule meant for the sandboxed process. The rest stays
		 * lexical. */
		if (strcmp(res.buf, "/proc/self") == 0 || strcmp(res.buf, "/proc/thread-self") == 0) {
			push_components(&res, pos, strlen(pos));
			*live = false;
			break;
		}
		if (++links > FSJ_MAX_SYMLINKS) {
			push_components(&res, pos, strlen(pos));
			*live = false;
			break;
		}

		char target[PATH_MAX];
		ssize_t tl = readlink(res.buf, target, sizeof(target) - 1);
		if (tl <= 0) {
			push_components(&res, pos, strlen(pos));
			*live = false;
			break;
		}
		target[tl] = '\0';

		/* Continue with TARGET + the unprocessed rest. */
		struct strbuf next = STRBUF_INIT;
		sb_adds(&next, target);
		sb_addc(&next, '/');
		sb_adds(&next, pos);
		free(rest);
		rest = sb_detach(&next);
		pos = rest;
		if (target[0] == '/') {
			res.len = 1;
			res.buf[1] = '\0';
		} else {
			res.len = saved;
			res.buf[saved] = '\0';
		}
	}
	free(rest);
	return sb_detach(&res);
}

size_t path_depth(const char *abs)
{
	size_t d = 0;

	for (const char *p = abs; *p; p++)
		if (*p == '/' && p[1] != '\0')
			d++;
	return d;
}

bool path_covers(const char *prefix, const char *p)
{
	size_t n = strlen(prefix);

	if (n == 1 && prefix[0] == '/')
		return p[0] == '/';
	if (strncmp(prefix, p, n) != 0)
		return false;
	return p[n] == '\0' || p[n] == '/';
}

char *path_dirname(const char *p)
{
	const char *slash = strrchr(p, '/');

	if (!slash || slash == p)
		return xstrdup("/");
	return xstrndup(p, (size_t)(slash - p));
}

char *path_join(const char *dir, const char *name)
{
	/* no printf: the Landlock compiler joins one per trie node */
	size_t d = dir[0] == '/' && dir[1] == '\0' ? 0 : strlen(dir), n = strlen(name);
	char *p = xmalloc(d + n + 2);

	memcpy(p, dir, d);
	p[d] = '/';
	memcpy(p + d + 1, name, n + 1);
	return p;
}

char *path_darwin_private(const char *p)
{
	static const char *const roots[] = { "/tmp", "/var", "/etc" };

	for (size_t i = 0; i < sizeof(roots) / sizeof(roots[0]); i++)
		if (path_covers(roots[i], p))
			return xasprintf("/private%s", p);
	return NULL;
}
