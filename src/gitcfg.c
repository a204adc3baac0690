/* gitcfg.c - a git config rewrite that changes branch and submodule
 * sections only (see gitcfg.h).
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
 * [branch.x], keys on the header line) is refused.
 *
 * [submodule "NAME"] sections (git submodule add and init, issue 12) are
 * treated the same way, with two keys: url, which says where the host's
 * `git submodule update` clones from, with no command transport ("ext::",
 * any "NAME::") and no leading '-' (gitcfg_url_ok()), and never changed
 * once the old section sets one (a redirect of a submodule the user
 * already has); and active, true or false. That gives the command nothing
 * the work tree does not: .gitmodules, which it may write, is where
 * `git submodule init` copies the url from. submodule.NAME.update (which
 * may name a command), branch, ignore and the rest are refused in a
 * changed section; a section left byte-identical to the old one keeps the
 * user's keys. A plain [submodule] section (submodule.recurse ...) is
 * outside and must stay unchanged. */

#include "gitcfg.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "gitcfg-inert.h"
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

/* A header naming section sec (any case, any form; with a subsection
 * when sub). */
static bool header_names(const struct line *l, const char *sec, bool sub)
{
	size_t i = 0, n = strlen(sec);

	while (i < l->len && (l->p[i] == ' ' || l->p[i] == '\t'))
		i++;
	if (i >= l->len || l->p[i++] != '[')
		return false;
	while (i < l->len && (l->p[i] == ' ' || l->p[i] == '\t'))
		i++;
	if (l->len - i < n + 1 || strncasecmp(l->p + i, sec, n) != 0)
		return false;
	return strchr(sub ? " \t\"." : " \t\".]", l->p[i + n]) != NULL;
}

/* The sections a rewrite may change: [branch ...] in any form, and
 * [submodule "NAME"] (also [submodule.NAME]; a plain [submodule] section,
 * submodule.recurse and the like, is not one). */
static bool is_open_header(const struct line *l)
{
	return header_names(l, "branch", false) || header_names(l, "submodule", true);
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

/* What is left with the sections a rewrite may change taken out; with
 * wt not NULL, the core.worktree lines of `[core]` sections are taken out
 * too and appended to *wt instead. */
static char *outside_open(const char *buf, size_t len, size_t *out_len, struct strbuf *wt)
{
	struct strbuf sb = STRBUF_INIT;
	struct line l;
	size_t off = 0, vn;
	bool in_open = false, in_core = false;
	const char *v;

	while (next_line(buf, len, &off, &l)) {
		if (is_header(&l)) {
			in_open = is_open_header(&l);
			in_core = wt && gitcfg_core_header(l.p, l.len);
		}
		if (in_core && gitcfg_worktree_line(l.p, l.len, &v, &vn))
			sb_add(wt, l.p, l.len);
		else if (!in_open)
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

/* `[SEC "NAME"]\n` exactly (sec: branch or submodule). */
static bool strict_header(const struct line *l, const char *sec)
{
	size_t sl = strlen(sec), n;

	if (l->len < sl + 7 || l->p[0] != '[' || memcmp(l->p + 1, sec, sl) != 0 ||
	    memcmp(l->p + 1 + sl, " \"", 2) != 0 || memcmp(l->p + l->len - 3, "\"]\n", 3) != 0)
		return false;
	n = l->len - sl - 6;
	return charset(l->p + sl + 3, n, "._/+@-") && !memmem(l->p + sl + 3, n, "..", 2);
}

/* The section of buf that starts with the header line h (the first with
 * those bytes), header to the next header, into *sec; false when none. */
static bool section_of(const char *buf, size_t len, const struct line *h, struct line *sec)
{
	struct line l;
	size_t off = 0;
	bool in = false;

	sec->p = NULL;
	sec->len = 0;
	while (next_line(buf, len, &off, &l)) {
		if (is_header(&l)) {
			if (in)
				break;
			in = l.len == h->len && memcmp(l.p, h->p, h->len) == 0;
			sec->p = in ? l.p : NULL;
		}
		if (in)
			sec->len += l.len;
	}
	return sec->p != NULL;
}

/* A line of sec (an old section) whose first word starts with "url", any
 * case and form: an url set before, which a rewrite may not change. */
static bool sets_url(const struct line *sec)
{
	struct line l;
	size_t off = 0;

	while (next_line(sec->p, sec->len, &off, &l)) {
		size_t i = 0;

		while (i < l.len && (l.p[i] == ' ' || l.p[i] == '\t'))
			i++;
		if (l.len - i >= 3 && strncasecmp(l.p + i, "url", 3) == 0)
			return true;
	}
	return false;
}

/* One line l (`\tKEY = VALUE\n` checked by the caller's split: key
 * [k, k+kl), value [v, v+vl)) of a changed [submodule "NAME"] section
 * whose old form is old (NULL: new): url as `git submodule add` and init
 * write it, no command transport or option (gitcfg_url_ok()), and never
 * a change of an url the old section sets; active true or false. */
static bool submodule_line_ok(const struct line *l, const char *k, size_t kl, const char *v,
			      size_t vl, const struct line *old)
{
	if (kl == 6 && strncasecmp(k, "active", 6) == 0)
		return (vl == 4 && memcmp(v, "true", 4) == 0) || (vl == 5 && memcmp(v, "false", 5) == 0);
	if (kl != 3 || strncasecmp(k, "url", 3) != 0 || !gitcfg_url_ok(v, vl))
		return false;
	return !old || !sets_url(old) || memmem(old->p, old->len, l->p, l->len) != NULL;
}

/* `\tKEY = VALUE\n` with an accepted key and value: of a branch section,
 * or (sub: the old form of the section, or NULL when new) of a submodule
 * section. */
static bool open_key_line(const struct line *l, const char *old, size_t old_len, bool submodule,
			  const struct line *sub)
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
	if (submodule)
		return submodule_line_ok(l, p, klen, eq + 3, (size_t)(end - eq - 3), sub);
	return value_ok(p, klen, eq + 3, (size_t)(end - eq - 3), old, old_len);
}

bool gitcfg_branch_only_change(const char *old, size_t old_len, const char *new, size_t new_len,
			       const char **why)
{
	return gitcfg_change_ok(old, old_len, new, new_len, NULL, why);
}

bool gitcfg_change_ok(const char *old, size_t old_len, const char *new, size_t new_len,
		      const struct gitcfg_worktree *worktree, const char **why)
{
	const char *w = check_bytes(old, old_len);
	cleanup_free char *a = NULL, *b = NULL;
	struct strbuf wa = STRBUF_INIT, wb = STRBUF_INIT;
	size_t a_len = 0, b_len = 0, off = 0;
	struct line l, cur = { NULL, 0 }, was = { NULL, 0 };
	bool in_open = false, submodule = false, same = false, wt_same;

	if (!w)
		w = check_bytes(new, new_len);
	if (w)
		goto refuse;
	a = outside_open(old, old_len, &a_len, worktree ? &wa : NULL);
	b = outside_open(new, new_len, &b_len, worktree ? &wb : NULL);
	/* core.worktree lines changed: every one the new file has is checked */
	wt_same = wa.len == wb.len && (!wa.len || memcmp(wa.buf, wb.buf, wa.len) == 0);
	if (!wt_same && !gitcfg_worktree_lines_ok(wb.buf ? wb.buf : "", wb.len, worktree)) {
		sb_release(&wa);
		sb_release(&wb);
		w = "a core.worktree value other than a folder of the superproject's work tree";
		goto refuse;
	}
	sb_release(&wa);
	sb_release(&wb);
	if (a_len != b_len || memcmp(a, b, a_len) != 0) {
		w = "the change reaches outside the [branch] and [submodule \"NAME\"] sections";
		goto refuse;
	}
	while (next_line(new, new_len, &off, &l)) {
		if (is_header(&l)) {
			in_open = is_open_header(&l);
			submodule = in_open && !header_names(&l, "branch", false);
			/* a submodule section as the old file has it is left as it
			 * is (keys of the user's, such as update, stay theirs) */
			was.p = NULL;
			same = submodule &&
			       section_of(l.p, new_len - (size_t)(l.p - new), &l, &cur) &&
			       section_of(old, old_len, &l, &was) && was.len == cur.len &&
			       memcmp(was.p, cur.p, cur.len) == 0;
			if (in_open && !same && !strict_header(&l, submodule ? "submodule" : "branch")) {
				w = "a [branch] or [submodule] header of a form git does not write";
				goto refuse;
			}
		} else if (in_open && !same &&
			   !open_key_line(&l, old, old_len, submodule, was.p ? &was : NULL)) {
			w = submodule ? "a changed [submodule] line other than url (no command "
					"transport, an url set before unchanged) or active"
				      : "a [branch] line other than remote, pushRemote, merge, rebase "
					"or description with a plain value";
			goto refuse;
		}
	}
	return true;
refuse:
	if (why)
		*why = w;
	return false;
}
