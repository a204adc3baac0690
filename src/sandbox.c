/* sandbox.c - the enforcement backends behind one small interface
 * (STYLE.md point 3, after openssh's sandbox-*.c): Landlock (Linux),
 * Seatbelt (an SBPL profile run by sandbox-exec) and null (enforce: off).
 *
 * prepare() compiles in the parent; stage() writes what the child will
 * need to the filesystem (the Seatbelt profile file) just before fork;
 * apply() runs in the child between fork and exec. */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "landlock-dump.h"
#include "landlock.h"
#include "notify.h"
#include "sandbox-int.h"
#include "sbpl.h"
#include "timing.h"

/* sandbox-exec's own exit statuses (SBPL-NOTES.md section 7). */

static const char *const backend_names[] = {
	[FSJ_BACKEND_LANDLOCK] = "landlock",
	[FSJ_BACKEND_SEATBELT] = "seatbelt",
	[FSJ_BACKEND_NULL] = "null",
};

const char *fsj_backend_name(enum fsj_backend b)
{
	if ((unsigned)b < sizeof(backend_names) / sizeof(backend_names[0]))
		return backend_names[b];
	return "unknown";
}

int fsj_backend_parse(const char *s)
{
	size_t i;

	if (!s)
		return -1;
	for (i = 0; i < sizeof(backend_names) / sizeof(backend_names[0]); i++)
		if (strcmp(s, backend_names[i]) == 0)
			return (int)i;
	return -1;
}

enum fsj_backend fsj_backend_native(void)
{
#ifdef __APPLE__
	return FSJ_BACKEND_SEATBELT;
#else
	return FSJ_BACKEND_LANDLOCK;
#endif
}

static int prepare_landlock(struct sandbox *sb, const struct fsj_policy *pol,
			    const struct fsj_ctx *ctx, const char *broker_socket,
			    struct fsj_error *err)
{
	struct ll_opts opts = { .abi = ll_abi(), .listener = sandbox_listener_expected(broker_socket) };

	if (opts.abi <= 0)
		return fsj_error_set(err, NULL, 0, 0,
				     "landlock is not available on this kernel (ABI 0)\n"
				     "hint: Landlock needs Linux 5.13 or later with "
				     "CONFIG_SECURITY_LANDLOCK=y and 'landlock' in the lsm= boot "
				     "parameter; --enforce off runs without a sandbox");
	opts.masks = ll_masks_available();
	opts.network = ctx ? ctx->config.network : FSJ_NETWORK_ALLOW;
	if (ll_compile(pol, &opts, &sb->plan, err) < 0)
		return -1;
	sb->have_plan = true;
	sb->pol = pol;
	sandbox_linux_prepare(&sb->plan, opts.network, opts.masks, &sb->lx);
	return 0;
}

struct sandbox *sandbox_prepare(enum fsj_backend b, const struct fsj_policy *pol,
				const struct fsj_ctx *ctx, const char *broker_socket,
				struct fsj_error *err)
{
	struct sandbox *sb;
	int rc = -1;

	if (b != FSJ_BACKEND_NULL && !pol) {
		fsj_error_set(err, NULL, 0, 0, "%s backend: no policy to compile",
			      fsj_backend_name(b));
		return NULL;
	}
	sb = xcalloc(1, sizeof(*sb));
	sb->backend = b;
	sb->owner = getpid();
	switch (b) {
	case FSJ_BACKEND_LANDLOCK:
		rc = prepare_landlock(sb, pol, ctx, broker_socket, err);
		break;
	case FSJ_BACKEND_SEATBELT:
		rc = sandbox_seatbelt_prepare(sb, pol, ctx, broker_socket, err);
		break;
	case FSJ_BACKEND_NULL:
		rc = 0;
		break;
	default:
		fsj_error_set(err, NULL, 0, 0, "unknown backend %d", (int)b);
		break;
	}
	if (rc < 0) {
		sandbox_free(sb);
		return NULL;
	}
	return sb;
}

void sandbox_dump(const struct sandbox *sb, FILE *out)
{
	if (!sb)
		return;
	switch (sb->backend) {
	case FSJ_BACKEND_LANDLOCK:
		ll_plan_dump(&sb->plan, out);
		sandbox_linux_dump(&sb->lx, out);
		break;
	case FSJ_BACKEND_SEATBELT:
		sandbox_seatbelt_dump(sb, out);
		break;
	case FSJ_BACKEND_NULL:
		fputs("# null backend: nothing is enforced (enforce: off)\n", out);
		break;
	}
}

int sandbox_stage(struct sandbox *sb, struct fsj_error *err)
{
	switch (sb->backend) {
	case FSJ_BACKEND_SEATBELT:
		return sandbox_seatbelt_stage(sb, err);
	case FSJ_BACKEND_LANDLOCK:
	case FSJ_BACKEND_NULL:
		break;
	}
	return 0;
}

int sandbox_apply(struct sandbox *sb, char ***argv, struct fsj_error *err)
{
	switch (sb->backend) {
	case FSJ_BACKEND_LANDLOCK:
		if (sandbox_linux_apply(&sb->lx, ll_plan_mounts(&sb->plan), err) < 0)
			return -1;
		timing_mark("init: masks, net ns");
		return ll_apply(&sb->plan, err);
	case FSJ_BACKEND_SEATBELT:
		/* The profile is applied by sandbox-exec, which then execs the
		 * command (SBPL-NOTES.md section 7): only argv changes here. */
		if (!sb->profile_file)
			return fsj_error_set(err, NULL, 0, 0,
					     "the seatbelt profile file was not written");
		*argv = sbpl_exec_argv(&sb->profile, sb->sandbox_exec, sb->profile_file, *argv);
		return 0;
	case FSJ_BACKEND_NULL:
		return 0;
	}
	return fsj_error_set(err, NULL, 0, 0, "unknown backend %d", (int)sb->backend);
}

bool sandbox_check_exit_wants_cmd(const struct sandbox *sb, int wstatus)
{
	return sb->backend == FSJ_BACKEND_SEATBELT && WIFEXITED(wstatus) &&
	       (WEXITSTATUS(wstatus) == SANDBOX_EXEC_EXIT_COMPILE ||
		WEXITSTATUS(wstatus) == SANDBOX_EXEC_EXIT_APPLY);
}

int sandbox_check_exit(const struct sandbox *sb, const char *cmd, int wstatus,
		       struct fsj_error *err)
{
	if (!sandbox_check_exit_wants_cmd(sb, wstatus))
		return -1;
	/* sandbox-exec exits 65 or 71 before it runs the command (DESIGN.md
	 * section 6, SBPL-NOTES.md sections 7 and 11); so may the command */
	switch (WEXITSTATUS(wstatus)) {
	case SANDBOX_EXEC_EXIT_COMPILE:
	case SANDBOX_EXEC_EXIT_APPLY:
		return sandbox_seatbelt_diagnose(sb, cmd, WEXITSTATUS(wstatus), err);
	default:
		return -1;
	}
}

bool sandbox_listener_expected(const char *own) /* launch.c: the hook if notify_wanted() */
{
	const char *env = getenv("FSJAIL_BROKER_SOCKET");

	return notify_wanted() && (!env || (own && strcmp(env, own) == 0));
}

bool sandbox_relies_on_listener(const struct sandbox *sb)
{
	return sb && sb->have_plan && sb->plan.n_by_listener > 0;
}

const struct ll_plan *sandbox_landlock_plan(const struct sandbox *sb)
{
	return sb && sb->backend == FSJ_BACKEND_LANDLOCK && sb->have_plan ? &sb->plan : NULL;
}

const struct fsj_policy *sandbox_notify_policy(const struct sandbox *sb)
{
	return sb && sb->backend == FSJ_BACKEND_LANDLOCK ? sb->pol : NULL;
}

void sandbox_free(struct sandbox *sb)
{
	if (!sb)
		return;
	if (sb->have_plan) {
		ll_plan_release(&sb->plan);
		sandbox_linux_release(&sb->lx);
	}
	if (sb->have_profile)
		sbpl_profile_release(&sb->profile);
	/* A forked child that frees its copy must not remove the parent's
	 * file. */
	if (sb->profile_file && getpid() == sb->owner)
		unlink(sb->profile_file);
	free(sb->profile_file);
	free(sb->sandbox_exec);
	free(sb->tmpdir);
	free(sb);
}

int sandbox_gaps(const struct sandbox *sb, struct strbuf *refuse, struct strbuf *notes)
{
	struct ll_plan p;

	if (sb->backend != FSJ_BACKEND_LANDLOCK || !sb->have_plan)
		return 0;
	/* Below ABI 4 Landlock cannot refuse TCP; the namespace or the
	 * seccomp filter refuse all of the network instead. */
	p = sb->plan;
	p.network_dropped = p.network_dropped && sb->lx.net == NETDENY_NONE;
	return ll_plan_gaps(&p, refuse, notes) + sandbox_linux_gaps(&sb->lx, refuse, notes);
}
