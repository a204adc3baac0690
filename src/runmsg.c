/* runmsg.c - what `fsjail run` says besides the command (runmsg.h). */
#include <cjson/cJSON.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "path.h"
#include "policy.h"
#include "refusal.h"
#include "runevent.h"
#include "runmsg-planted.h"
#include "runmsg-report.h"
#include "runmsg-stopped.h"
#include "runmsg.h"

int runmsg_parse_fd(const char *opt, const char *arg)
{
	char *end;
	long fd;

	errno = 0;
	fd = strtol(arg, &end, 10);
	if (errno || end == arg || *end || fd < 3 || fd > 1 << 20 || fcntl((int)fd, F_GETFD) < 0) {
		fprintf(stderr, "fsjail: run: %s '%s' is not an open descriptor "
				"other than 0, 1 and 2\n", opt, arg);
		return -1;
	}
	return (int)fd;
}

int runmsg_open(struct runmsg *m, const struct fsj_ctx *ctx, struct fsj_error *err)
{
	refusal_reset();
	runmsg_planted_reset();
	m->home = ctx->env.home;
	if (m->report_path) {
		m->report_fd = runmsg_report_open(m->report_path, err);
		if (m->report_fd < 0)
			return -1;
	}
	/* The flag belongs to this process's descriptor table only: the
	 * harness's own descriptor keeps its flags. */
	if (m->status_fd >= 0 && fcntl(m->status_fd, F_SETFD, FD_CLOEXEC) < 0)
		return fsj_error_set(err, NULL, 0, 0, "run: --status-fd %d: %s", m->status_fd,
				     strerror(errno));
	return audit_open(&m->audit, ctx, err);
}

/* A protected rule on the absolute path name when it names the regular
 * file or named pipe fd is open on (its identity checked: a name that
 * moved on is not the file fsjail writes to); a named pipe is not
 * readable either (a reader would take the records from the harness). */
static void protect_file(struct fsj_policy *pol, int fd, const char *name, const char *cwd,
			 char *origin)
{
	cleanup_free char *n = NULL, *res = NULL;
	struct stat fst, st;
	struct fsj_decision d;
	struct fsj_rule r = {
		.deny = FSJ_CAPS_MODIFY,
		.source = FSJ_SRC_PROTECTED,
		.origin = origin,
	};

	if (fd < 0 || !name || fstat(fd, &fst) < 0 ||
	    !(S_ISREG(fst.st_mode) || S_ISFIFO(fst.st_mode)) ||
	    path_normalize(name, strlen(name), NULL, cwd, &n) != PATH_OK || n[0] != '/')
		return;
	res = path_resolve(n);
	if (!res || lstat(res, &st) < 0 || st.st_dev != fst.st_dev || st.st_ino != fst.st_ino)
		return;
	/* already protected (the state folder, a system tree) */
	policy_decide(pol, n, res, FSJ_CAP_WRITE, &d);
	if (!d.allowed && d.level == FSJ_LEVEL_PROTECTED)
		return;
	if (S_ISFIFO(fst.st_mode))
		r.deny = FSJ_CAPS_FILE;
	r.path = n;
	r.resolved = res;
	policy_add_rule(pol, &r);
}

void runmsg_protect(const struct runmsg *m, const char *cwd, struct fsj_policy *pol)
{
	char link[64], target[PATH_MAX];
	ssize_t len;

	protect_file(pol, m->report_fd, m->report_path, cwd, (char *)"fsjail's --report file");
	if (m->status_fd < 0)
		return;
	snprintf(link, sizeof(link), "/proc/self/fd/%d", m->status_fd);
	len = readlink(link, target, sizeof(target) - 1);
	if (len <= 0 || (size_t)len >= sizeof(target) - 1)
		return;
	target[len] = '\0';
	protect_file(pol, m->status_fd, target, NULL, (char *)"fsjail's --status-fd file");
}

/* The status descriptor of --status-detail, for the run event tap. */
static int detail_fd = -1;

/* run_event() tap (runevent.h): one "backup" or "trash" record. */
static void detail_record(const char *type, const char *path, const char *detail)
{
	cJSON *o = cJSON_CreateObject();

	cJSON_AddStringToObject(o, "type", type);
	refusal_line_str(o, "path", path);
	refusal_line_str(o, type[0] == 't' ? "trashed_as" : "saved_as", detail);
	(void)refusal_status_write(__atomic_load_n(&detail_fd, __ATOMIC_ACQUIRE), o);
}

/* The run's start or end in the audit log (call "run", source "fsjail"),
 * so that `fsjail log` shows where a run's decisions begin and end. */
static void audit_run(const struct runmsg *m, const char *decision, const char *detail)
{
	struct audit_event ev = {
		.session = m->session,
		.call = "run",
		.command = m->command,
		.path = m->workspace,
		.decision = decision,
		.source = "fsjail",
		.detail = detail,
	};

	if (m->audit.fd >= 0)
		(void)audit_record(&m->audit, &ev);
}

void runmsg_attach(struct runmsg *m, const char *session, const char *tier, const char *workspace)
{
	struct refusal_sinks s = {
		.report_fd = m->report_fd,
		.status_fd = m->status_fd,
		.audit = m->audit.fd >= 0 ? &m->audit : NULL,
		.session = session,
		.pol = m->pol,
		.home = m->home,
	};

	m->session = session;
	m->tier = tier;
	m->workspace = workspace;
	refusal_set_sinks(&s);
	audit_run(m, "run-start", m->tier);
	if (m->detail && m->status_fd >= 0) {
		__atomic_store_n(&detail_fd, m->status_fd, __ATOMIC_RELEASE);
		run_event_set_tap(detail_record);
	}
}

/* fsjail's only child right after launch_run()'s fork (Linux: the
 * children file of the forking thread, CONFIG_PROC_CHILDREN); -1 when it
 * cannot be told. */
static long child_pid(void)
{
#ifdef __linux__
	char path[64], buf[64];
	long pid = -1;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/self/task/%ld/children", (long)getpid());
	f = fopen(path, "re");
	if (!f)
		return -1;
	if (fgets(buf, sizeof(buf), f))
		pid = strtol(buf, NULL, 10);
	fclose(f);
	return pid > 0 ? pid : -1;
#else
	return -1;
#endif
}


void runmsg_started(struct runmsg *m, const char *cycle, long pid)
{
	cJSON *o;

	if (m->status_fd < 0)
		return;
	if (pid <= 0)
		pid = child_pid();
	o = cJSON_CreateObject();
	cJSON_AddStringToObject(o, "type", "started");
	refusal_line_str(o, "session", m->session);
	refusal_line_str(o, "cycle", cycle);
	refusal_line_str(o, "tier", m->tier);
	refusal_line_str(o, "workspace", m->workspace);
	if (pid > 0)
		cJSON_AddNumberToObject(o, "pid", (double)pid);
	else
		cJSON_AddNullToObject(o, "pid");
	(void)refusal_status_write(m->status_fd, o);
	m->started = true;
}

void runmsg_end(struct runmsg *m, int status, const char *error)
{
	runmsg_stopped_records(m, launch_last_left()); /* before "exited" */
	if (m->status_fd >= 0) {
		cJSON *o = cJSON_CreateObject();

		cJSON_AddStringToObject(o, "type", "exited");
		cJSON_AddNumberToObject(o, "status", status);
		/* from the wait status (launch_last_signal()): a command that
		 * exits with 128+N itself has signal null */
		if (m->signal > 0 && !error)
			cJSON_AddNumberToObject(o, "signal", m->signal);
		else
			cJSON_AddNullToObject(o, "signal");
		cJSON_AddBoolToObject(o, "fsjail_failed", error != NULL);
		refusal_line_str(o, "fsjail_error", error);
		cJSON_AddBoolToObject(o, "command_started", m->started);
		cJSON_AddNumberToObject(o, "refusals", (double)refusal_count());
		cJSON_AddNumberToObject(o, "dropped",
					(double)(refusal_dropped() + runmsg_planted_dropped()));
		cJSON_AddNumberToObject(o, "planted", (double)runmsg_planted_count());
		cJSON_AddItemToObject(o, "stopped", launch_last_left()->count < 0 ? cJSON_CreateNull()
					  : cJSON_CreateNumber((double)launch_last_left()->count));
		(void)refusal_status_write(m->status_fd, o);
	}
	refusal_set_sinks(NULL);
	run_event_set_tap(NULL);
	if (m->session || m->workspace) {
		char *how = error ? xasprintf("fsjail failed: %s", error)
			    : m->signal > 0 ? xasprintf("signal %d", m->signal)
					    : xasprintf("status %d", status);

		audit_run(m, "run-end", how);
		free(how);
	}
	if (!m->quiet) {
		fflush(stdout);
		refusal_summary(stderr, m->home);
	}
	runmsg_stopped_note(m, launch_last_left());
	if (m->report_fd >= 0)
		close(m->report_fd);
	m->report_fd = -1;
	audit_close(&m->audit);
}

bool runmsg_gaps(const struct sandbox *sb, const char *more, bool accept_partial, bool quiet)
{
	struct strbuf refuse = STRBUF_INIT, notes = STRBUF_INIT;
	int n = sandbox_gaps(sb, &refuse, &notes);
	bool ok = true;

	if (more && *more) {
		sb_adds(&refuse, more);
		n++;
	}

	/* fsjail never runs weaker than the policy silently: a gap that
	 * weakens it refuses the run unless the user accepted partial
	 * enforcement; either way it is said before the command starts. */
	if (n > 0) {
		fprintf(stderr, "fsjail: %s: this kernel enforces the policy only in part:\n",
			accept_partial ? "warning" : "refusing to run");
		for (char *line = refuse.buf, *nl; line && *line; line = nl + 1) {
			nl = strchr(line, '\n');
			fprintf(stderr, "  - %.*s\n", (int)(nl - line), line);
		}
		if (!accept_partial) {
			fprintf(stderr, "hint: pass --accept-partial (or set accept_partial: true "
					"in config.yaml) to run anyway\n");
			ok = false;
		}
	}
	/* Only the EXDEV note changes what a command sees; the others are in
	 * `fsjail compile`'s dump. */
	if (ok && !quiet && notes.buf && strstr(notes.buf, "EXDEV")) {
		char *line = strstr(notes.buf, "Landlock ABI");
		char *nl = line ? strchr(line, '\n') : NULL;

		if (line && nl)
			fprintf(stderr, "fsjail: note: %.*s\n", (int)(nl - line), line);
	}
	sb_release(&refuse);
	sb_release(&notes);
	return ok;
}
