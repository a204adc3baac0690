/* cmd_load.c - a subcommand's context loaded (cmd_load.h). */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmd.h"
#include "fsjail-int.h"
#include "landlock.h"
#include "path.h"
#include "path-memo.h"
#include "probe.h"
#include "util.h"

/* Whether the probe cache of the state folder opts leads to exists (its
 * folder or the old single file). */
static bool probe_cache_exists(const struct fsj_ctx_opts *opts)
{
	struct fsj_env env;
	struct fsj_error err = { { 0 } };
	bool r = true; /* when unsure, prefetch as before */

	if (fsj_env_init(&env, opts->rules_file, opts->config_file, &err) == 0) {
		r = probe_cache_present(env.state_dir);
		fsj_env_release(&env);
	}
	return r;
}

int cmd_load_policy(const char *cmd, const struct fsj_ctx_opts *opts, const char *tier_arg,
		    const char *network_arg, struct fsj_ctx *ctx, int *tier,
		    struct fsj_policy **pol)
{
	struct fsj_error err = { { 0 } };
	char note[FSJAIL_NOTE_MAX];
	int r, memo = path_memo_active(); /* then kept on for the caller's compile */

	/* nothing in the load changes the filesystem: each folder is looked up
	 * once (path_resolve_memo()); the mask probe's child runs first, to its
	 * end (ll_masks_prefetch()). explain asks it only for an entry of the
	 * probe cache (fsjail_effective_tier()). */
	if (strcmp(cmd, "explain") != 0 || probe_cache_exists(opts))
		ll_masks_prefetch();
	path_resolve_memo(PATH_MEMO_ON);
	r = fsjail_load_ctx(opts, tier_arg, network_arg, ctx, tier, pol, note, &err);
	if (!memo)
		path_resolve_memo(PATH_MEMO_OFF);

	cmd_note(note);
	if (r == -ENOENT) {
		fprintf(stderr, "fsjail: %s: %s\n" CMD_NO_WORKSPACE_HINT, cmd, err.text);
		return FSJ_EXIT_ERROR;
	}
	if (r < 0) {
		cmd_print_error(&err);
		return FSJ_EXIT_ERROR;
	}
	return 0;
}

/* 0 when dir opens as a folder or does not exist; else -1 with errno set. */
static int readable(const char *dir)
{
	int fd;

	if (!dir)
		return 0;
	fd = open(dir, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0)
		return errno == ENOENT ? 0 : -1;
	close(fd);
	return 0;
}

int cmd_load_state(const struct fsj_ctx_opts *opts, struct fsj_ctx *ctx, const char *sub,
		   struct fsj_error *err)
{
	cleanup_free char *rules_dir = NULL;
	const char *dir;
	char *slash = NULL;
	int e;

	if (fsj_ctx_load(opts, ctx, err) < 0)
		return -1;
	if (ctx->env.rules_file) {
		rules_dir = xstrdup(ctx->env.rules_file);
		slash = strrchr(rules_dir, '/');
		if (slash)
			*(slash == rules_dir ? slash + 1 : slash) = '\0';
	}
	dir = readable(ctx->env.state_dir) < 0 ? ctx->env.state_dir
	      : readable(slash ? rules_dir : NULL) < 0 ? rules_dir : NULL;
	if (!dir)
		return 0;
	e = errno;
	if (getenv("FSJAIL_SESSION_ID"))
		fsj_error_set(err, NULL, 0, 0, "%s: fsjail's state is not readable inside a sandbox "
			      "('%s': %s); run it outside 'fsjail run'", sub, dir, strerror(e));
	else
		fsj_error_set(err, NULL, 0, 0, "%s: cannot read fsjail's state '%s': %s", sub, dir,
			      strerror(e));
	fsj_ctx_release(ctx);
	return -1;
}
