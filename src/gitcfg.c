/* gitcfg.c - a git config rewrite that changes branch sections only (see
 * gitcfg.h).
 *
 * WHY ACCEPTING SUCH A REWRITE OF A PROTECTED CONFIG IS SAFE. What git
 * executes or loads because of its config is named by keys outside the
 * branch section: core.fsmonitor, core.hooksPath, core.sshCommand,
 * core.pager, core.editor, core.askPass, core.alternateRefsCommand,
 * sequence.editor, diff.*.textconv, diff.external, diff.*.command,
 * merge.*.driver, filter.*.clean/smudge/process, alias.*, include.path,
 * includeIf.*.path, remote.*.uploadpack/receivepack/proxy/vcs,
 * credential.helper, gpg.program, url.*.insteadOf (which rewrites where
 * git connects), protocol.allow, uploadpack.packObjectsHook, and
 * extensions.worktreeConfig (which makes a config.worktree count). All of
 * that lies outside the branch sections, and outside them the new file is
 * byte-identical to the old one. Lines are independent in git's syntax
 * once continuation lines (a trailing backslash) are refused, and a line
 * whose first non-blank character is '[' is a header in git as here, so
 * the unchanged bytes keep the section they had: no key can move into
 * another section and no header can be swallowed into a value. Inside a
 * new branch section only five keys are accepted, none of which runs or
 * loads anything, with values that cannot be a command, a path or a URL:
 *   remote, pushRemote: "." or the name of a remote the old file already
 *     defines ([remote "NAME"]), so not a path or URL git would fetch from;
 *   merge: a ref ("refs/..." of a safe charset), as git writes it;
 *   rebase: true, false, merges, interactive (what the editor is stays in
 *     the unchanged part);
 *   description: text without backslash, quote, ';' or '#'.
 * branch.NAME.mergeOptions (options for merge, among them a strategy run
 * as a program) is not among them. A header of another form ([branch],
 * [branch.x], keys on the header line) is refused. */

#include "gitcfg.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "util.h"

/* One line of buf: [p, end) holds it with its newline, if any. */
struct line {
	const char *p;
	size_t len; /* with the newline */
};

static bool next_line(const char *buf, size_t len, size_t *off, struct line *l)
{
	const char *nl;

	if (*off >= len)
		return false;
	l->p = buf + *off;
	nl = memchr(l->p, '\n', len - *off);
	l->len = nl ? (size_t)(nl - l->p) + 1 : len - *off;
	*off += l->len;
	return true;
}

static bool is_header(const struct line *l)
{
	size_t i = 0;

	while (i < l->len && (l->p[i] == ' ' || l->p[i] == '\t'))
		i++;
	return i < l->len && l->p[i] == '[';
}

/* A header naming section "branch" (any case, any form). */
static bool is_branch_header(const struct line *l)
{
	size_t i = 0;

	while (i < l->len && (l->p[i] == ' ' || l->p[i] == '\t'))
		i++;
	if (i >= l->len || l->p[i++] != '[')
		return false;
	while (i < l->len && (l->p[i] == ' ' || l->p[i] == '\t'))
		i++;
	if (l->len - i < 7 || strncasecmp(l->p + i, "branch", 6) != 0)
		return false;
	return strchr(" \t\".]", l->p[i + 6]) != NULL;
}

/* Bytes git's reader and this one might see differently. */
static const char *check_bytes(const char *buf, size_t len)
{
	if (len > GITCFG_MAX_SIZE)
		return "the config file is too large to check";
	/* git skips \v and \f as white space before a header, this reader
	 * only blanks and tabs: refused, as NUL and \r */
	if (memchr(buf, '\0', len) || memchr(buf, '\r', len) || memchr(buf, '\v', len) ||
	    memchr(buf, '\f', len))
		return "the config file holds a NUL byte, a carriage return, \\v or \\f";
	for (size_t i = 0; i < len; i++)
		if (buf[i] == '\\' && (i + 1 == len || buf[i + 1] == '\n'))
			return "the config file holds a continuation line";
	return NULL;
}

/* What is left with the branch sections taken out. */
static char *outside_branches(const char *buf, size_t len, size_t *out_len)
{
	struct strbuf sb = STRBUF_INIT;
	struct line l;
	size_t off = 0;
	bool in_branch = false;

	while (next_line(buf, len, &off, &l)) {
		if (is_header(&l))
			in_branch = is_branch_header(&l);
		if (!in_branch)
			sb_add(&sb, l.p, l.len);
	}
	*out_len = sb.len;
	if (!sb.buf)
		return xstrdup("");
	return sb_detach(&sb);
}

static bool charset(const char *s, size_t n, const char *extra)
{
	if (n == 0 || s[0] == '-')
		return false;
	for (size_t i = 0; i < n; i++)
		if (!isalnum((unsigned char)s[i]) && !strchr(extra, s[i]))
			return false;
	return true;
}

/* old holds a header line exactly `[remote "NAME"]`. */
static bool remote_defined(const char *old, size_t old_len, const char *name, size_t n)
{
	struct line l;
	size_t off = 0;

	while (next_line(old, old_len, &off, &l)) {
		size_t k = l.len;

		while (k > 0 && (l.p[k - 1] == '\n' || l.p[k - 1] == ' ' || l.p[k - 1] == '\t'))
			k--;
		if (k == n + 11 && memcmp(l.p, "[remote \"", 9) == 0 && memcmp(l.p + 9, name, n) == 0 &&
		    memcmp(l.p + 9 + n, "\"]", 2) == 0)
			return true;
	}
	return false;
}

static bool value_ok(const char *key, size_t klen, const char *v, size_t n, const char *old,
		     size_t old_len)
{
	static const char *const rebase[] = { "true", "false", "merges", "interactive" };

#define KEY_IS(k) (klen == strlen(k) && strncasecmp(key, k, klen) == 0)
	if (KEY_IS("remote") || KEY_IS("pushRemote"))
		return (n == 1 && v[0] == '.') ||
		       (charset(v, n, "._-") && remote_defined(old, old_len, v, n));
	if (KEY_IS("merge"))
		return n > 5 && memcmp(v, "refs/", 5) == 0 && charset(v, n, "._/+@-") &&
		       !memmem(v, n, "..", 2);
	if (KEY_IS("rebase")) {
		for (size_t i = 0; i < sizeof(rebase) / sizeof(rebase[0]); i++)
			if (n == strlen(rebase[i]) && strncasecmp(v, rebase[i], n) == 0)
				return true;
		return false;
	}
	if (KEY_IS("description")) {
		if (n == 0 || v[0] == ' ' || v[n - 1] == ' ')
			return false;
		for (size_t i = 0; i < n; i++)
			if (v[i] < 0x20 || v[i] > 0x7e || strchr("\\\";#", v[i]))
				return false;
		return true;
	}
#undef KEY_IS
	return false;
}

/* `\tKEY = VALUE\n` with an accepted key and value. */
static bool strict_key_line(const struct line *l, const char *old, size_t old_len)
{
	const char *p = l->p, *end = l->p + l->len, *eq;
	size_t klen;

	if (l->len < 2 || p[0] != '\t' || end[-1] != '\n')
		return false;
	end--;
	p++;
	eq = memmem(p, (size_t)(end - p), " = ", 3);
	if (!eq)
		return false;
	klen = (size_t)(eq - p);
	if (!charset(p, klen, ""))
		return false;
	return value_ok(p, klen, eq + 3, (size_t)(end - eq - 3), old, old_len);
}

/* `[branch "NAME"]\n` exactly. */
static bool strict_header(const struct line *l)
{
	size_t n;

	if (l->len < 13 || memcmp(l->p, "[branch \"", 9) != 0 ||
	    memcmp(l->p + l->len - 3, "\"]\n", 3) != 0)
		return false;
	n = l->len - 12;
	return charset(l->p + 9, n, "._/+@-");
}

bool gitcfg_branch_only_change(const char *old, size_t old_len, const char *new, size_t new_len,
			       const char **why)
{
	const char *w = check_bytes(old, old_len);
	cleanup_free char *a = NULL, *b = NULL;
	size_t a_len = 0, b_len = 0, off = 0;
	struct line l;
	bool in_branch = false;

	if (!w)
		w = check_bytes(new, new_len);
	if (w)
		goto refuse;
	a = outside_branches(old, old_len, &a_len);
	b = outside_branches(new, new_len, &b_len);
	if (a_len != b_len || memcmp(a, b, a_len) != 0) {
		w = "the change reaches outside the [branch] sections";
		goto refuse;
	}
	while (next_line(new, new_len, &off, &l)) {
		if (is_header(&l)) {
			in_branch = is_branch_header(&l);
			if (in_branch && !strict_header(&l)) {
				w = "a [branch] header of a form git does not write";
				goto refuse;
			}
		} else if (in_branch && !strict_key_line(&l, old, old_len)) {
			w = "a [branch] line other than remote, pushRemote, merge, rebase or "
			    "description with a plain value";
			goto refuse;
		}
	}
	return true;
refuse:
	if (why)
		*why = w;
	return false;
}

bool gitcfg_head_ok(const char *buf, size_t len, const char **why)
{
	const char *p = buf, *end = buf + len;
	size_t n = 0;

	if (why)
		*why = "HEAD would not hold one valid ref or object id line";
	if (len < 2 || len > 4096 || buf[len - 1] != '\n' || memchr(buf, '\0', len) ||
	    memchr(buf, '\n', len - 1))
		return false;
	end--; /* the final newline */
	if (len > 10 && strncmp(p, "ref: refs/", 10) == 0) {
		bool comp_start = true;

		for (p += 10; p < end; p++) {
			bool ok = isalnum((unsigned char)*p) || strchr("._/+@-", *p);

			if (!ok || (comp_start && (*p == '.' || *p == '/')) ||
			    (*p == '.' && p[1] == '.') || (*p == '/' && p + 1 == end))
				return false;
			comp_start = *p == '/';
		}
		return p > buf + 10;
	}
	for (; p < end && ((*p >= '0' && *p <= '9') || (*p >= 'a' && *p <= 'f')); p++)
		n++;
	return p == end && (n == 40 || n == 64);
}
