/* gitcfg-inert.c - the allow-list of config keys that run or load
 * nothing (see gitcfg-inert.h).
 *
 * WHY AN ALLOW-LIST. git reads commands, programs and paths to load from
 * many keys (core.fsmonitor, core.hooksPath, core.pager, core.editor,
 * core.sshCommand, core.askPass, core.gitProxy, core.alternateRefsCommand,
 * include.path, includeIf.*, diff/filter/merge drivers, alias.*,
 * credential.*, gpg.*, sequence.editor, submodule.*.update,
 * url.*.insteadOf, protocol.*, uploadpack.*, remote.*.uploadpack and
 * receivepack, and more with each release). A deny-list misses the next
 * one; this accepts the keys git init, clone, worktree add, submodule add,
 * remote add, branch -u and `git config user.*` write, and the common
 * settings of numbers, booleans and names (merge.ff, rerere.enabled,
 * log.date ...), and nothing else.
 * Each accepted key names a number, a boolean, a ref, a name or a URL:
 * nothing git executes or reads code from. URLs are checked: git runs
 * the command of an "ext::" URL, and "NAME::" selects a remote helper
 * program (git-remote-NAME); a leading '-' could be read as an option.
 * core.worktree (written by `git submodule add` in .git/modules/NAME) is
 * accepted as a relative path of "../" steps and plain names only: it
 * says where the work tree is, it runs nothing. */

#include "gitcfg-inert.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "gitcfg-int.h"
#include "gitcfg.h"

/* section (no subsection), then key; "*" any key of the section. */
static const char *const plain_keys[][2] = {
	{ "core", "repositoryformatversion" },
	{ "core", "filemode" },
	{ "core", "bare" },
	{ "core", "logallrefupdates" },
	{ "core", "ignorecase" },
	{ "core", "precomposeunicode" },
	{ "core", "symlinks" },
	{ "core", "autocrlf" },
	{ "core", "eol" },
	{ "core", "sharedrepository" },
	{ "core", "worktree" },
	{ "extensions", "objectformat" },
	{ "extensions", "worktreeconfig" },
	{ "extensions", "refstorage" },
	{ "user", "*" },
	{ "init", "defaultbranch" },
	/* gc by name, never "*": gc.recentObjectsHook (git 2.42) is a
	 * shell command that git gc and an auto gc run (t0227). */
	{ "gc", "auto" },
	{ "gc", "autodetach" },
	{ "gc", "autopacklimit" },
	{ "gc", "packrefs" },
	{ "gc", "pruneexpire" },
	{ "gc", "reflogexpire" },
	{ "gc", "reflogexpireunreachable" },
	{ "gc", "cruftpacks" },
	{ "gc", "aggressivewindow" },
	{ "gc", "aggressivedepth" },
	{ "gc", "writecommitgraph" },
	{ "pack", "*" },
	{ "pull", "rebase" },
	{ "pull", "ff" },
	{ "fetch", "prune" },
	{ "fetch", "prunetags" },
	{ "push", "default" },
	{ "push", "autosetupremote" },
	{ "advice", "*" },
	{ "color", "*" },
	{ "commit", "gpgsign" },
	{ "tag", "gpgsign" },
	{ "tag", "sort" },
	/* settings users and tools set in a new repository: numbers,
	 * booleans, names and orderings (git-config(1)) */
	{ "core", "quotepath" },
	{ "core", "sparsecheckout" },
	{ "core", "sparsecheckoutcone" },
	{ "core", "safecrlf" },
	{ "core", "untrackedcache" },
	{ "core", "abbrev" },
	{ "core", "commitgraph" },
	{ "core", "checkstat" },
	{ "core", "trustctime" },
	{ "core", "preloadindex" },
	{ "core", "compression" },
	{ "index", "*" },
	{ "status", "*" },
	{ "log", "*" },
	{ "column", "*" },
	{ "rerere", "*" },
	{ "merge", "ff" },
	{ "merge", "conflictstyle" },
	{ "merge", "renames" },
	{ "merge", "renamelimit" },
	{ "merge", "directoryrenames" },
	{ "merge", "log" },
	{ "merge", "stat" },
	{ "merge", "autostash" },
	{ "rebase", "autostash" },
	{ "rebase", "autosquash" },
	{ "rebase", "stat" },
	{ "rebase", "updaterefs" },
	{ "diff", "colormoved" },
	{ "diff", "colormovedws" },
	{ "diff", "renames" },
	{ "diff", "renamelimit" },
	{ "diff", "algorithm" },
	{ "diff", "context" },
	{ "diff", "mnemonicprefix" },
	{ "diff", "noprefix" },
	{ "diff", "submodule" },
	{ "branch", "autosetupmerge" },
	{ "branch", "autosetuprebase" },
	{ "branch", "sort" },
	{ "help", "autocorrect" },
	{ "submodule", "active" },
	{ "submodule", "recurse" },
	{ "fetch", "recursesubmodules" },
	{ "fetch", "parallel" },
	{ "push", "followtags" },
};

/* section with a subsection, then key. */
static const char *const sub_keys[][2] = {
	{ "remote", "url" },	     { "remote", "pushurl" },	  { "remote", "fetch" },
	{ "remote", "push" },	     { "remote", "tagopt" },	  { "remote", "prune" },
	{ "remote", "mirror" },	     { "branch", "remote" },	  { "branch", "pushremote" },
	{ "branch", "merge" },	     { "branch", "rebase" },	  { "branch", "description" },
	{ "submodule", "url" },	     { "submodule", "active" },
};

static bool name_is(const char *s, size_t n, const char *want)
{
	return strcmp(want, "*") == 0 || (strlen(want) == n && strncasecmp(s, want, n) == 0);
}

bool gitcfg_url_ok(const char *v, size_t n)
{
	if (n == 0 || v[0] == '-' || memchr(v, '"', n) || memchr(v, '\\', n))
		return false;
	for (size_t i = 0; i + 1 < n; i++) {
		if (v[i] == ':' && v[i + 1] == ':')
			return false;
		if (v[i] == ':' || v[i] == '/')
			break;
	}
	return true;
}

/* core.worktree as git submodule add writes it: ../ steps and names.
 * With gitdir (the absolute, resolved folder the config is in; NULL: not
 * known) also where it leads, as git reaches it (chdir to gitdir, then to
 * the value): the steps end at the folder that holds the ".git" of
 * gitdir's path (SUPER of SUPER/.git/modules/NAME), and no name after
 * them is "." , ".." or ".git". Otherwise the work tree of a repository
 * the run made could be ~ (att9: ../../.. from ws/r/.git), and the user's
 * next git stash or checkout there wrote the repository's ~/.bashrc; or
 * SUPER/.git/hooks. */
static bool worktree_ok(const char *v, size_t n, const char *gitdir)
{
	size_t ups = 0, i, start;

	if (n == 0 || v[0] == '/' || v[0] == '-')
		return false;
	for (i = 0; i < n; i++)
		if (!isalnum((unsigned char)v[i]) && !strchr("._/-", v[i]))
			return false;
	if (!gitdir)
		return true;
	for (i = 0; i + 3 <= n && memcmp(v + i, "../", 3) == 0; i += 3)
		ups++;
	if (i + 2 == n && memcmp(v + i, "..", 2) == 0) {
		ups++;
		i = n;
	}
	for (start = i; i <= n; i++) {
		if (i < n && v[i] != '/')
			continue;
		size_t cl = i - start;

		if ((cl == 1 && v[start] == '.') || (cl == 2 && memcmp(v + start, "..", 2) == 0) ||
		    (cl == 4 && strncasecmp(v + start, ".git", 4) == 0))
			return false;
		start = i + 1;
	}
	/* the component of gitdir ups levels up from its end must be .git */
	{
		const char *e = gitdir + strlen(gitdir), *c;

		if (ups == 0)
			return false;
		for (size_t k = 1; k < ups && e > gitdir; k++) {
			while (e > gitdir && e[-1] != '/')
				e--;
			if (e > gitdir)
				e--; /* the slash */
		}
		c = e;
		while (c > gitdir && c[-1] != '/')
			c--;
		return e - c == 4 && strncmp(c, ".git", 4) == 0;
	}
}

/* The key's full name, section[.sub].key, into name (size n). */
static void key_name(char *name, size_t n, const char *sec, size_t sl, const char *sub,
		     size_t subl, const char *key, size_t kl)
{
	if (sub)
		snprintf(name, n, "%.*s.%.*s.%.*s", (int)sl, sec, (int)(subl > 64 ? 64 : subl), sub,
			 (int)(kl > 64 ? 64 : kl), key);
	else
		snprintf(name, n, "%.*s.%.*s", (int)sl, sec, (int)(kl > 64 ? 64 : kl), key);
}

/* Why a key is refused (0: it is not). */
enum key_verdict { KEY_INERT, KEY_UNKNOWN, KEY_BAD_URL, KEY_BAD_WORKTREE };

static enum key_verdict key_check(const char *sec, size_t sl, bool has_sub, const char *key,
				  size_t kl, const char *v, size_t vl, const char *gitdir)
{
	bool known = false;

	for (size_t i = 0; !has_sub && !known && i < sizeof(plain_keys) / sizeof(plain_keys[0]); i++)
		known = name_is(sec, sl, plain_keys[i][0]) && name_is(key, kl, plain_keys[i][1]);
	for (size_t i = 0; has_sub && !known && i < sizeof(sub_keys) / sizeof(sub_keys[0]); i++)
		known = name_is(sec, sl, sub_keys[i][0]) && name_is(key, kl, sub_keys[i][1]);
	if (!known)
		return KEY_UNKNOWN;
	if ((name_is(key, kl, "url") || name_is(key, kl, "pushurl")) && !gitcfg_url_ok(v, vl))
		return KEY_BAD_URL;
	if (!has_sub && name_is(sec, sl, "core") && name_is(key, kl, "worktree") &&
	    !worktree_ok(v, vl, gitdir))
		return KEY_BAD_WORKTREE;
	return KEY_INERT;
}

/* Keys one refusal names before "and N more": the sentence must fit a
 * summary line and the callers' buffers (names are cut at 64 bytes). */
#define REFUSED_KEYS_NAMED 4u

/* The refused keys of one file: the first one's verdict, every name up
 * to REFUSED_KEYS_NAMED, and how many. */
struct refused_keys {
	enum key_verdict first;
	char list[REFUSED_KEYS_NAMED * 68];
	size_t n;
};

/* The sentence naming rk's keys (rk->n > 0) into why (size whylen, may
 * be NULL): one key says what it is refused for, more are listed. */
static bool refused_why(const struct refused_keys *rk, char *why, size_t whylen)
{
	if (!why || !whylen)
		return false;
	if (rk->n == 1 && rk->first != KEY_UNKNOWN)
		snprintf(why, whylen, "repository-metadata: %s %s, in a repository made by this run",
			 rk->list, rk->first == KEY_BAD_URL ? "names a command transport or an option"
							    : "is not a plain relative path to "
							      "the repository's own folder");
	else if (rk->n <= REFUSED_KEYS_NAMED)
		snprintf(why, whylen,
			 "repository-metadata: key%s %s, not on the list of inert keys, in a "
			 "repository made by this run (git-config keys that run nothing)",
			 rk->n > 1 ? "s" : "", rk->list);
	else
		snprintf(why, whylen,
			 "repository-metadata: keys %s and %zu more, not on the list of inert keys, "
			 "in a repository made by this run (git-config keys that run nothing)",
			 rk->list, rk->n - REFUSED_KEYS_NAMED);
	return false;
}

static bool rest_is_comment(const char *p, const char *end)
{
	p = gitcfg_skip_blank(p, end);
	return p == end || *p == '#' || *p == ';';
}

static bool fail(char *why, size_t whylen, const char *what)
{
	if (why && whylen)
		snprintf(why, whylen, "repository-metadata: %s, in a repository made by this run", what);
	return false;
}

bool gitcfg_inert(const char *buf, size_t len, char *why, size_t whylen)
{
	return gitcfg_inert_at(buf, len, NULL, why, whylen);
}

bool gitcfg_inert_at(const char *buf, size_t len, const char *gitdir, char *why, size_t whylen)
{
	const char *sec = NULL, *sub = NULL, *p = buf, *end = buf + len;
	struct refused_keys rk = { .first = KEY_INERT };
	size_t sl = 0, subl = 0;

	if (len > GITCFG_MAX_SIZE)
		return fail(why, whylen, "the config file is too large to check");
	if (memchr(buf, '\0', len) || memchr(buf, '\r', len) || memchr(buf, '\v', len) ||
	    memchr(buf, '\f', len))
		return fail(why, whylen, "the config file holds a NUL byte, \\r, \\v or \\f");
	for (size_t i = 0; i < len; i++)
		if (buf[i] == '\\' && (i + 1 == len || buf[i + 1] == '\n'))
			return fail(why, whylen, "the config file holds a continuation line");
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p)), *le = nl ? nl : end, *q;

		q = gitcfg_skip_blank(p, le);
		p = nl ? nl + 1 : end;
		if (q == le || *q == '#' || *q == ';')
			continue;
		if (*q == '[') {
			sec = ++q;
			while (q < le && (isalnum((unsigned char)*q) || *q == '-'))
				q++;
			sl = (size_t)(q - sec);
			sub = NULL;
			if (q < le && *q == ' ') {
				q = gitcfg_skip_blank(q, le);
				if (q >= le || *q++ != '"')
					return fail(why, whylen, "a config header of a form git does not write");
				sub = q;
				while (q < le && *q != '"' && *q != '\\')
					q++;
				if (q >= le || *q != '"')
					return fail(why, whylen, "a config subsection with an escape or no end");
				subl = (size_t)(q++ - sub);
			}
			if (sl == 0 || q >= le || *q != ']' || !rest_is_comment(q + 1, le))
				return fail(why, whylen, "a config header of a form git does not write");
			continue;
		}
		const char *key = q, *v = NULL, *ve = le;

		while (q < le && (isalnum((unsigned char)*q) || *q == '-'))
			q++;
		if (q == key || !isalpha((unsigned char)*key))
			return fail(why, whylen, "a config line that is no key");
		size_t kl = (size_t)(q - key);

		q = gitcfg_skip_blank(q, le);
		if (q < le && *q == '=') {
			v = gitcfg_skip_blank(q + 1, le);
			while (ve > v && (ve[-1] == ' ' || ve[-1] == '\t'))
				ve--;
		} else if (!rest_is_comment(q, le)) {
			return fail(why, whylen, "a config line that is no key");
		}
		if (!sec)
			return fail(why, whylen, "a config key before any section");
		enum key_verdict kv = key_check(sec, sl, sub != NULL, key, kl, v ? v : "",
						v ? (size_t)(ve - v) : 0, gitdir);
		size_t used = strlen(rk.list);

		if (kv != KEY_INERT && rk.n++ < REFUSED_KEYS_NAMED) {
			char name[256];

			key_name(name, sizeof(name), sec, sl, sub, subl, key, kl);
			snprintf(rk.list + used, sizeof(rk.list) - used, "%s%.64s", used ? ", " : "",
				 name);
			rk.first = rk.n == 1 ? kv : rk.first;
		}
	}
	return rk.n == 0 || refused_why(&rk, why, whylen);
}

bool gitcfg_todo_inert(const char *buf, size_t len, char *why, size_t whylen)
{
	const char *p = buf, *end = buf + len;

	if (len > GITCFG_MAX_SIZE || memchr(buf, '\0', len) || memchr(buf, '\r', len) ||
	    memchr(buf, '\v', len) || memchr(buf, '\f', len)) {
		if (why && whylen)
			snprintf(why, whylen, "repository-metadata: a rebase todo list too large or "
					      "with a NUL, \\r, \\v or \\f");
		return false;
	}
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p)), *le = nl ? nl : end, *w;
		size_t n;

		p = gitcfg_skip_blank(p, le);
		w = p;
		while (p < le && *p != ' ' && *p != '\t')
			p++;
		n = (size_t)(p - w);
		if ((n == 1 && (*w == 'x' || *w == 'X')) || (n == 4 && strncasecmp(w, "exec", 4) == 0)) {
			if (why && whylen)
				snprintf(why, whylen,
					 "repository-metadata: an exec line in a rebase todo list (git "
					 "rebase --continue on the host would run it)");
			return false;
		}
		p = nl ? nl + 1 : end;
	}
	return true;
}
