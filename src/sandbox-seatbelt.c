/* sandbox-seatbelt.c - the Seatbelt backend's side of sandbox.c: compile
 * the SBPL profile, write it to a private file before fork, and print it
 * (DESIGN.md section 6; SBPL-NOTES.md section 7). */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "inforce.h"
#include "path.h"
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
	/* this run's session (broker_start() set it): denials in the log
	 * carry it */
	opts.run_tag = broker_socket ? getenv("FSJAIL_SESSION_ID") : NULL;
	if (sbpl_compile(pol, &opts, &sb->profile, err) < 0)
		return -1;
	sb->have_profile = true;
	sb->pol = pol; /* for sandbox_seatbelt_diagnose() */
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

/* sandbox-exec's message kept for the diagnosis: its first line is enough. */
#define DIAG_STDERR_MAX 1024
/* The harmless command the diagnosis runs under the profile. */
#define DIAG_COMMAND "/usr/bin/true"

/* Run sandbox-exec with sb's profile on DIAG_COMMAND, stdin and stdout on
 * /dev/null, the first DIAG_STDERR_MAX-1 bytes of its stderr into buf
 * (NUL-terminated, the first line only). Returns its wait status, or -1
 * with errno set. */
static int diag_run(const struct sandbox *sb, char *buf, size_t size)
{
	char *const cmd[] = { (char *)DIAG_COMMAND, NULL };
	char **argv = sbpl_exec_argv(&sb->profile, sb->sandbox_exec, sb->profile_file, cmd);
	size_t len = 0;
	int p[2], wstatus = -1, saved = 0;
	pid_t pid;

	buf[0] = '\0';
	if (pipe(p) < 0) {
		saved = errno;
		goto out;
	}
	pid = fork();
	if (pid == 0) {
		int null = open("/dev/null", O_RDWR);

		if (null < 0 || dup2(null, 0) < 0 || dup2(null, 1) < 0 || dup2(p[1], 2) < 0)
			_exit(FSJ_EXIT_ERROR);
		execv(argv[0], argv);
		_exit(FSJ_EXIT_ERROR);
	}
	saved = errno;
	close(p[1]);
	if (pid > 0) {
		for (;;) {
			char chunk[256];
			ssize_t n = read(p[0], chunk, sizeof(chunk));

			if (n < 0 && errno == EINTR)
				continue;
			if (n <= 0)
				break;
			for (ssize_t i = 0; i < n && len + 1 < size; i++)
				buf[len++] = chunk[i];
		}
		buf[len] = '\0';
		buf[strcspn(buf, "\n")] = '\0';
		while (waitpid(pid, &wstatus, 0) < 0 && errno == EINTR)
			;
	}
	close(p[0]);
out:
	for (char **a = argv; *a; a++)
		free(*a);
	free(argv);
	errno = saved;
	return wstatus;
}

int sandbox_seatbelt_diagnose(const struct sandbox *sb, const char *cmd, int code,
			      struct fsj_error *err)
{
	char msg[DIAG_STDERR_MAX];
	int ws = diag_run(sb, msg, sizeof(msg));
	struct fsj_decision d = { 0 };
	cleanup_free char *resolved = NULL, *off = NULL;
	bool setid;

	for (char *c = msg; *c; c++) /* one printable line */
		if ((unsigned char)*c < 0x20 || *c == 0x7f)
			*c = '?';
	if (ws < 0 || !WIFEXITED(ws)) {
		fsj_error_set(err, NULL, 0, 0, "sandbox-exec exited %d and could not be run again "
			      "to tell why: %s", code, ws < 0 ? strerror(errno) : "killed");
		return FSJ_EXIT_ERROR;
	}
	if (WEXITSTATUS(ws) == SANDBOX_EXEC_EXIT_COMPILE) {
		fsj_error_set(err, NULL, 0, 0, "sandbox-exec could not compile the profile "
			      "(exit 65): %s", msg[0] ? msg : "no message");
		return FSJ_EXIT_ERROR;
	}
	if (WEXITSTATUS(ws) == SANDBOX_EXEC_EXIT_APPLY && strstr(msg, "sandbox_apply")) {
		fsj_error_set(err, NULL, 0, 0, "sandbox-exec could not apply the profile "
			      "(exit 71): %s%s", msg, getenv("FSJAIL_BROKER_SOCKET") ?
			      "\nhint: this is inside another fsjail run, whose sandbox refuses "
			      "a second one" : "");
		return FSJ_EXIT_ERROR;
	}
	if (WEXITSTATUS(ws) != 0) {
		fsj_error_set(err, NULL, 0, 0, "sandbox-exec exited %d, and %d on %s: %s", code,
			      WEXITSTATUS(ws), DIAG_COMMAND, msg[0] ? msg : "no message");
		return FSJ_EXIT_ERROR;
	}
	/* The profile applies. A 71 is then the command's own, or execvp()
	 * refused under the profile: setuid programs never run (SBPL-NOTES.md
	 * section 11) and the policy's execute is what the profile says. */
	if (code != SANDBOX_EXEC_EXIT_APPLY || !cmd || !sb->pol)
		return -1;
	resolved = path_resolve(cmd);
	setid = (off = fsj_exec_not_in_force(sb->pol, resolved)) != NULL;
	if (!setid) {
		policy_decide(sb->pol, cmd, resolved, FSJ_CAP_EXECUTE, &d);
		if (d.allowed)
			return -1;
	}
	fprintf(stderr, "fsjail: refused: execute '%s': ", cmd);
	if (setid) {
		fputs("Seatbelt never runs setuid or setgid programs", stderr);
	} else if (d.rule) {
		fprintf(stderr, "denied at the %s level by ", fsj_level_name(d.level));
		fsj_rule_print(stderr, d.rule);
	} else {
		fputs("nothing grants it", stderr);
	}
	fputc('\n', stderr);
	return FSJ_EXIT_NOEXEC;
}
