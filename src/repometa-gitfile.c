/* repometa-gitfile.c - git's own small files (.git, commondir, gitdir)
 * and config files read the way git reads them (see repometa-int.h).
 * A reader that trims or parses differently from git lets a command plant
 * a file fsjail reads one way and git another (issue 12 item 2: a ".git"
 * file "gitdir: g " is "g " to git). */

#include "repometa-int.h"

#include <ctype.h>
#include <pwd.h>
#include <stdlib.h>
#include <string.h>

#include "path.h"
#include "policy.h"
#include "util.h"

/* The file's bytes up to the first NUL (git's C string), or NULL. */
static char *whole(const char *path, size_t *len)
{
	char *buf = NULL;

	if (read_file(path, REPOMETA_FILE_MAX, &buf, len) < 0)
		return NULL;
	return buf;
}

char *repometa_git_file(const char *path, const char *prefix)
{
	cleanup_free char *buf = NULL;
	size_t len = 0, n = strlen(prefix);

	if (!(buf = whole(path, &len)))
		return NULL;
	/* setup.c: while (buf[len - 1] == '\n' || buf[len - 1] == '\r') len--; */
	while (len > 0 && (buf[len - 1] == '\n' || buf[len - 1] == '\r'))
		buf[--len] = '\0';
	if (strncmp(buf, prefix, n) != 0 || buf[n] == '\0')
		return NULL;
	return xstrdup(buf + n);
}

char *repometa_gitdir_file(const char *path)
{
	cleanup_free char *buf = NULL;
	size_t len = 0;

	if (!(buf = whole(path, &len)))
		return NULL;
	len = strlen(buf);
	/* worktree.c: strbuf_rtrim() */
	while (len > 0 && isspace((unsigned char)buf[len - 1]))
		buf[--len] = '\0';
	return len ? xstrdup(buf) : NULL;
}

char *repometa_abs(const char *rel, const char *base, const char *home)
{
	cleanup_free char *norm = NULL;

	if (path_normalize(rel, strlen(rel), home, base, &norm) != PATH_OK)
		return NULL;
	return path_resolve(norm);
}

/* An include path as git's interpolate_path() expands it, against the
 * folder of the including file: "~" and "~/" with home, "~user/" with
 * that user's home, a relative path joined to dir. NULL when git could
 * not expand it either (git then fails to read the config). */
static char *include_target(const char *val, const char *dir, const char *home)
{
	if (val[0] == '~' && val[1] && val[1] != '/') {
		const char *slash = strchr(val, '/');
		cleanup_free char *user = xstrndup(val + 1, slash ? (size_t)(slash - val - 1)
								 : strlen(val + 1));
		struct passwd *pw = getpwnam(user);
		cleanup_free char *h = pw ? xstrdup(pw->pw_dir) : NULL;

		return h ? repometa_abs(slash ? slash + 1 : ".", h, NULL) : NULL;
	}
	if (val[0] == '~' && !home)
		return NULL;
	return repometa_abs(val, dir, home);
}

struct cfg_state {
	const char *home;
	struct repometa *m;
	const char *repo;
	const char *want_sec, *want_key; /* the key whose last value is kept (lowercase) */
	char *value;
};

static void cfg_file(struct cfg_state *s, const char *path, unsigned depth);

/* One "key = value" (or bare "key") line p inside section sec
 * (lowercase, subsection after a '\0'-free '"' marker: see cfg_file). */
static void cfg_line(struct cfg_state *s, const char *file, const char *sec, bool has_sub,
		     char *p, unsigned depth)
{
	struct strbuf val = STRBUF_INIT;
	bool quoted = false, is_path, is_want;
	size_t klen = 0;
	char *eq;

	while (isalnum((unsigned char)p[klen]) || p[klen] == '-')
		klen++;
	is_path = klen == 4 && strncasecmp(p, "path", 4) == 0 &&
		  ((strcmp(sec, "include") == 0 && !has_sub) ||
		   (strcmp(sec, "includeif") == 0 && has_sub));
	is_want = klen == strlen(s->want_key) && strncasecmp(p, s->want_key, klen) == 0 &&
		   strcmp(sec, s->want_sec) == 0 && !has_sub;
	if (!is_path && !is_want)
		return;
	for (eq = p + klen; *eq == ' ' || *eq == '\t'; eq++)
		;
	if (*eq != '=')
		return;
	for (p = eq + 1; *p == ' ' || *p == '\t'; p++)
		;
	for (; *p; p++) {
		if (*p == '"') {
			quoted = !quoted;
		} else if (*p == '\\' && p[1]) {
			p++;
			sb_addc(&val, *p == 't' ? '\t' : *p == 'n' ? '\n' : *p == 'b' ? '\b' : *p);
		} else if (!quoted && (*p == '#' || *p == ';')) {
			break;
		} else {
			sb_addc(&val, *p);
		}
	}
	while (val.len > 0 && isspace((unsigned char)val.buf[val.len - 1]))
		val.buf[--val.len] = '\0';
	if (is_want) {
		free(s->value);
		s->value = val.len ? sb_detach(&val) : NULL;
	} else if (val.len) {
		cleanup_free char *dir = path_dirname(file);
		cleanup_free char *target = include_target(val.buf, dir, s->home);

		if (target) {
			if (s->m)
				repometa_add_path(s->m, target, false, FSJ_CAPS_MODIFY, s->repo);
			cfg_file(s, target, depth + 1);
		}
	}
	sb_release(&val);
}

/* A minimal reader of git's config syntax (git-config(1) CONFIGURATION
 * FILE): section headers "[sec]", "[sec "sub"]", "[sec.sub]", key lines,
 * quotes, backslash escapes, comments. */
static void cfg_file(struct cfg_state *s, const char *path, unsigned depth)
{
	cleanup_free char *buf = NULL;
	char sec[64] = "", *line, *save = NULL;
	bool has_sub = false;
	size_t len = 0;

	if (depth > REPOMETA_INCLUDE_DEPTH || read_file(path, REPOMETA_FILE_MAX, &buf, &len) < 0)
		return;
	for (line = strtok_r(buf, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		char *p = line;

		while (isspace((unsigned char)*p))
			p++;
		if (*p == '[') {
			char *end = strchr(p, ']');
			size_t n = 0;

			p++;
			while (n + 1 < sizeof(sec) && (isalnum((unsigned char)p[n]) || p[n] == '-'))
				sec[n] = (char)tolower((unsigned char)p[n]), n++;
			sec[n] = '\0';
			/* a subsection: [sec "sub"] or the old [sec.sub] */
			has_sub = p[n] == ' ' || p[n] == '\t' || p[n] == '.';
			if (!end) {
				sec[0] = '\0';
				continue;
			}
			p = end + 1;
			while (isspace((unsigned char)*p))
				p++;
		}
		if (*p && *p != '#' && *p != ';' && sec[0])
			cfg_line(s, path, sec, has_sub, p, depth);
	}
}

char *repometa_config_read(const char *path, const char *home, struct repometa *m,
			   const char *repo)
{
	struct cfg_state s = { home, m, repo, "core", "hookspath", NULL };

	cfg_file(&s, path, 0);
	return s.value;
}

char *repometa_config_value(const char *path, const char *home, const char *sec, const char *key)
{
	struct cfg_state s = { home, NULL, NULL, sec, key, NULL };

	cfg_file(&s, path, 0);
	return s.value;
}

char *repometa_template_dir(const char *home)
{
	const char *env = getenv("GIT_TEMPLATE_DIR"), *xdg = getenv("XDG_CONFIG_HOME");
	const char *sys = getenv("GIT_CONFIG_SYSTEM"), *glob = getenv("GIT_CONFIG_GLOBAL");
	cleanup_free char *val = NULL, *from = NULL;
	char *files[4] = { NULL };

	if (env) /* set but empty: git copies no templates */
		return env[0] == '/' ? path_resolve(env) : NULL;
	/* git's order (config.c do_git_config_sequence()): system, then the
	 * global files, the last value winning */
	if (!env_flag("GIT_CONFIG_NOSYSTEM"))
		files[0] = xstrdup(sys ? sys : "/etc/gitconfig");
	if (glob) {
		files[1] = xstrdup(glob);
	} else {
		if (xdg && xdg[0] == '/')
			files[1] = xasprintf("%s/git/config", xdg);
		else if (home)
			files[1] = path_join(home, ".config/git/config");
		files[2] = home ? path_join(home, ".gitconfig") : NULL;
	}
	for (size_t i = 0; i < 3; i++) {
		char *v = files[i] ? repometa_config_value(files[i], home, "init", "templatedir") : NULL;

		if (v) {
			free(val);
			val = v;
			free(from);
			from = xstrdup(files[i]);
		}
		free(files[i]);
	}
	if (!val) /* git's DEFAULT_GIT_TEMPLATE_DIR for a /usr build */
		return path_resolve("/usr/share/git-core/templates");
	/* a path value (config.c git_config_pathname()): "~" expanded; a
	 * relative one would be relative to where git runs: none taken */
	if (val[0] != '/' && val[0] != '~')
		return NULL;
	return repometa_abs(val, "/", home);
}
