/* env.c - where fsjail's own files are (DESIGN.md section 12): $HOME,
 * the XDG config and state roots (FSJAIL_HOME for tests), and the data
 * files (baseline, Seatbelt preamble) with every place they are looked for. */

#include "config.h"

#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <pwd.h>
#include <sys/stat.h>
#include <unistd.h>

#include "krb5cc.h"
#include "path.h"
#include "policy.h"
#include "tmpdir.h"
#include "util.h"

/* ------------------------------------------------------------------------
 * Environment
 */

void fsj_env_release(struct fsj_env *env)
{
	if (!env)
		return;
	free(env->home);
	free(env->config_dir);
	free(env->state_dir);
	free(env->config_file);
	free(env->rules_file);
	free(env->tmpdir);
	free(env->baseline_file);
	free(env->cwd);
	free(env->krb5cc);
	free(env->krb5cc_default);
	memset(env, 0, sizeof(*env));
}

/* Normalise the environment or command-line path p (relative against cwd,
 * "~" against home) into *out; the error names what (e.g. "FSJAIL_HOME"). */
static int env_path(const char *what, const char *p, const char *home, const char *cwd,
		    char **out, struct fsj_error *err)
{
	int r = path_normalize(p, strlen(p), home, cwd, out);

	if (r != PATH_OK)
		return fsj_error_set(err, NULL, 0, 0, "%s '%s': %s", what, p, path_strerror(r));
	return 0;
}

/* $VAR/fsjail when VAR holds an absolute path (the XDG base directory
 * specification says relative values are invalid and ignored), else
 * home/fallback/fsjail. */
static char *xdg_dir(const char *var, const char *home, const char *fallback)
{
	const char *v = getenv(var);
	char *p = NULL, *raw;

	if (v && v[0] == '/')
		raw = xasprintf("%s/fsjail", v);
	else
		raw = xasprintf("%s/%s/fsjail", home, fallback);
	if (path_normalize(raw, strlen(raw), NULL, NULL, &p) != PATH_OK)
		p = NULL;
	free(raw);
	return p;
}

enum fsj_platform fsj_platform_native(void)
{
#ifdef __APPLE__
	return FSJ_PLATFORM_DARWIN;
#else
	return FSJ_PLATFORM_LINUX;
#endif
}

int fsj_platform_parse(const char *s)
{
	if (strcmp(s, "linux") == 0)
		return FSJ_PLATFORM_LINUX;
	if (strcmp(s, "darwin") == 0 || strcmp(s, "macos") == 0)
		return FSJ_PLATFORM_DARWIN;
	return -1;
}

const char *fsj_platform_name(enum fsj_platform p)
{
	return p == FSJ_PLATFORM_DARWIN ? "darwin" : "linux";
}

const char *fsj_data_baseline(enum fsj_platform p)
{
	return p == FSJ_PLATFORM_DARWIN ? "baseline-darwin.yaml" : "baseline-linux.yaml";
}

char *fsj_platform_resolve(enum fsj_platform p, bool foreign, const char *norm)
{
	char *alias;

	if (!foreign)
		return path_resolve(norm);
	if (p == FSJ_PLATFORM_DARWIN && (alias = path_darwin_private(norm)))
		return alias;
	return xstrdup(norm);
}

int fsj_env_set_platform(struct fsj_env *env, enum fsj_platform p, struct fsj_error *err)
{
	char *found;

	if (p == env->platform)
		return 0;
	found = fsj_data_find(fsj_data_baseline(p), env->cwd);
	if (!found)
		return fsj_error_set(err, NULL, 0, 0, "no %s found in $FSJAIL_DATADIR, the data "
				     "directory or the source tree; set FSJAIL_DATADIR",
				     fsj_data_baseline(p));
	free(env->baseline_file);
	env->baseline_file = found;
	env->platform = p;
	env->foreign = p != fsj_platform_native();
	if (env->foreign) {
		const char *t = tmpdir_settle_foreign();

		free(env->tmpdir);
		env->tmpdir = t ? xstrdup(t) : NULL;
	}
	return 0;
}

static bool is_regular_file(const char *p)
{
	struct stat st;

	return stat(p, &st) == 0 && S_ISREG(st.st_mode);
}

size_t fsj_data_candidates(const char *name, const char *cwd, char *out[FSJ_DATA_PLACES])
{
	const char *envdir = getenv("FSJAIL_DATADIR");
	const char *dirs[FSJ_DATA_PLACES];
	size_t n = 0, k = 0;

	if (envdir && *envdir)
		dirs[n++] = envdir;
#ifdef FSJAIL_DATADIR
	dirs[n++] = FSJAIL_DATADIR;
#endif
#ifdef FSJAIL_SRC_PROFILES
	dirs[n++] = FSJAIL_SRC_PROFILES;
#endif
	for (size_t i = 0; i < n; i++) {
		cleanup_free char *raw = xasprintf("%s/%s", dirs[i], name);

		if (path_normalize(raw, strlen(raw), NULL, cwd, &out[k]) == PATH_OK)
			k++;
	}
	return k;
}

char *fsj_data_find(const char *name, const char *cwd)
{
	char *cand[FSJ_DATA_PLACES];
	size_t n = fsj_data_candidates(name, cwd, cand);
	char *found = NULL;

	for (size_t i = 0; i < n; i++) {
		if (!found && is_regular_file(cand[i]))
			found = steal_pointer(&cand[i]);
		free(cand[i]);
	}
	return found;
}

int fsj_data_read(const char *name, const char *cwd, size_t max, char **text, char **path,
		  struct fsj_error *err)
{
	cleanup_free char *found = fsj_data_find(name, cwd);
	char *buf = NULL;
	size_t len;
	int rc;

	*text = NULL;
	if (path)
		*path = NULL;
	if (!found) {
		char *cand[FSJ_DATA_PLACES];
		size_t n = fsj_data_candidates(name, cwd, cand);
		struct strbuf where = STRBUF_INIT;

		for (size_t i = 0; i < n; i++) {
			sb_addf(&where, "%s'%s'", i ? ", " : "", cand[i]);
			free(cand[i]);
		}
		fsj_error_set(err, NULL, 0, 0,
			      "no %s found (searched %s)\n"
			      "hint: set FSJAIL_DATADIR to the folder that holds it",
			      name, n ? where.buf : "nowhere: no data directory is known");
		sb_release(&where);
		return -1;
	}
	rc = read_file(found, max, &buf, &len);
	if (rc < 0)
		return fsj_error_set(err, NULL, 0, 0, "cannot read '%s': %s", found,
				     rc == -EFBIG ? "larger than fsjail accepts" : strerror(-rc));
	if (strlen(buf) != len) {
		free(buf);
		return fsj_error_set(err, NULL, 0, 0, "'%s' holds a NUL byte", found);
	}
	*text = buf;
	if (path)
		*path = steal_pointer(&found);
	return 0;
}

int fsj_env_init(struct fsj_env *env, const char *rules_file,
		 const char *config_file, struct fsj_error *err)
{
	const char *home = getenv("HOME"), *fhome = getenv("FSJAIL_HOME");
	char cwd[FSJ_PATH_MAX + 1];

	memset(env, 0, sizeof(*env));
	if (!getcwd(cwd, sizeof(cwd))) {
		fsj_error_set(err, NULL, 0, 0, "cannot get the current directory: %s",
			      strerror(errno));
		goto err_release;
	}
	env->cwd = xstrdup(cwd);
	if (!home || !*home) {
		struct passwd *pw = getpwuid(getuid());

		home = pw ? pw->pw_dir : NULL;
	}
	if (!home || home[0] != '/') {
		fsj_error_set(err, NULL, 0, 0, "cannot find the home directory: set HOME to "
			      "an absolute path");
		goto err_release;
	}
	if (env_path("HOME", home, NULL, NULL, &env->home, err) < 0)
		goto err_release;

	if (fhome && *fhome) {
		cleanup_free char *root = NULL;

		if (env_path("FSJAIL_HOME", fhome, env->home, env->cwd, &root, err) < 0)
			goto err_release;
		env->config_dir = path_join(root, "config");
		env->state_dir = path_join(root, "state");
	} else {
		env->config_dir = xdg_dir("XDG_CONFIG_HOME", env->home, ".config");
		env->state_dir = xdg_dir("XDG_STATE_HOME", env->home, ".local/state");
		if (!env->config_dir || !env->state_dir) {
			fsj_error_set(err, NULL, 0, 0, "cannot build fsjail's directories "
				      "from HOME '%s'", env->home);
			goto err_release;
		}
	}

	if (config_file) {
		if (env_path("config file", config_file, env->home, env->cwd,
			     &env->config_file, err) < 0)
			goto err_release;
	} else {
		env->config_file = path_join(env->config_dir, "config.yaml");
	}
	if (rules_file) {
		if (env_path("rules file", rules_file, env->home, env->cwd, &env->rules_file,
			     err) < 0)
			goto err_release;
	} else {
		env->rules_file = path_join(env->config_dir, "rules.yaml");
	}

	/* The baseline grants $TMPDIR all five capabilities, like /tmp:
	 * one at or above the home, a system folder... is not granted, and
	 * said (tmpdir.h) */
	{
		const char *keep[2] = { env->state_dir, env->config_dir };
		const char *t = tmpdir_settle(env->home, keep, 2);

		env->tmpdir = t ? xstrdup(t) : NULL;
	}
	env->krb5cc = krb5cc_named(getenv("KRB5CCNAME"));
	env->krb5cc_default = krb5cc_default((unsigned long)getuid());

	env->platform = fsj_platform_native();
	env->baseline_file = fsj_data_find(FSJ_DATA_BASELINE, env->cwd);
	if (!env->baseline_file) {
		fsj_error_set(err, NULL, 0, 0, "no %s found in $FSJAIL_DATADIR, "
			      "%s or the source tree; set FSJAIL_DATADIR", FSJ_DATA_BASELINE,
#ifdef FSJAIL_DATADIR
			      FSJAIL_DATADIR
#else
			      "the data directory"
#endif
		);
		goto err_release;
	}
	return 0;

err_release:
	fsj_env_release(env);
	return -1;
}
