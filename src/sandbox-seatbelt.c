/* sandbox-seatbelt.c - the Seatbelt backend's side of sandbox.c: compile
 * the SBPL profile, write it to a private file before fork, and print it
 * (DESIGN.md section 6; SBPL-NOTES.md section 7). */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "sandbox-int.h"

#define SANDBOX_EXEC_DEFAULT "/usr/bin/sandbox-exec"

int sandbox_seatbelt_prepare(struct sandbox *sb, const struct fsj_policy *pol,
			     const struct fsj_ctx *ctx, const char *broker_socket,
			     struct fsj_error *err)
{
	struct sbpl_opts opts = { 0 };
	const char *exec = getenv("FSJAIL_SANDBOX_EXEC");

	if (!exec || !*exec)
		exec = SANDBOX_EXEC_DEFAULT;
	opts.network = ctx ? ctx->config.network : FSJ_NETWORK_ALLOW;
	opts.broker_socket = broker_socket; /* DESIGN.md section 8 */
	opts.with_messages = true;
	if (sbpl_compile(pol, &opts, &sb->profile, err) < 0)
		return -1;
	sb->have_profile = true;
	sb->sandbox_exec = xstrdup(exec);
	sb->tmpdir = xstrdup(ctx && ctx->env.tmpdir ? ctx->env.tmpdir : "/tmp");
	return 0;
}

/* Write s to out with control characters and backslashes escaped, so that
 * one parameter stays on one comment line whatever its bytes. */
static void dump_escaped(FILE *out, const char *s)
{
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;

		if (c == '\\')
			fputs("\\\\", out);
		else if (c == '\n')
			fputs("\\n", out);
		else if (c < 0x20 || c == 0x7f)
			fprintf(out, "\\x%02x", c);
		else
			fputc(c, out);
	}
}

void sandbox_seatbelt_dump(const struct sandbox *sb, FILE *out)
{
	fputs(sb->profile.text, out);
	if (sb->profile.text[0] && sb->profile.text[strlen(sb->profile.text) - 1] != '\n')
		fputc('\n', out);
	/* SBPL comments, so the dump stays a loadable profile. */
	fprintf(out, ";; parameters (sandbox-exec -D NAME=VALUE): %zu\n", sb->profile.n_params);
	for (size_t i = 0; i < sb->profile.n_params; i++) {
		fprintf(out, ";;   %s=", sb->profile.param_names[i]);
		dump_escaped(out, sb->profile.param_values[i]);
		fputc('\n', out);
	}
}

/* Write the profile to a new private file (mode 0600, O_CLOEXEC) under
 * sb->tmpdir: sandbox-exec -f reads a file markedly faster than -p reads
 * the text (SBPL-NOTES.md section 7). */
int sandbox_seatbelt_stage(struct sandbox *sb, struct fsj_error *err)
{
	char *path;
	int fd, saved;

	if (sb->profile_file)
		return 0;
	/* A relative name would be looked up in PATH: the wrapper that
	 * applies the profile must be the one named, nothing else. */
	if (sb->sandbox_exec[0] != '/')
		return fsj_error_set(err, NULL, 0, 0,
				     "FSJAIL_SANDBOX_EXEC must be an absolute path, not '%s'",
				     sb->sandbox_exec);
	if (access(sb->sandbox_exec, X_OK) < 0)
		return fsj_error_set(err, NULL, 0, 0,
				     "cannot use sandbox-exec '%s': %s\n"
				     "hint: the seatbelt backend needs macOS's /usr/bin/sandbox-exec "
				     "(or FSJAIL_SANDBOX_EXEC)",
				     sb->sandbox_exec, strerror(errno));
	path = xasprintf("%s/fsjail-profile-XXXXXX", sb->tmpdir);
	fd = mkostemp(path, O_CLOEXEC);
	if (fd < 0) {
		saved = errno;
		fsj_error_set(err, NULL, 0, 0, "cannot create a profile file in '%s': %s",
			      sb->tmpdir, strerror(saved));
		free(path);
		return -1;
	}
	saved = 0;
	if (fchmod(fd, 0600) < 0 || write_all(fd, sb->profile.text, strlen(sb->profile.text)) < 0)
		saved = errno;
	if (close(fd) < 0 && !saved)
		saved = errno;
	if (saved) {
		fsj_error_set(err, NULL, 0, 0, "cannot write profile file '%s': %s", path,
			      strerror(saved));
		unlink(path);
		free(path);
		return -1;
	}
	sb->profile_file = path;
	return 0;
}
