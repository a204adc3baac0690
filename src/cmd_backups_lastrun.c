/* cmd_backups_lastrun.c - a run after the cycle restore would undo
 * (cmd_backups_lastrun.h). A run that changed nothing leaves no cycle
 * (backup_commit.c drops it), so `fsjail backups restore` typed right
 * after it undoes the run before it; the audit log's run-start records
 * are what still says a later run happened, and restore names it. */
#include <cjson/cJSON.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "audit.h"
#include "cmd_backups.h"
#include "cmd_backups_lastrun.h"
#include "util.h"

/* the tail read: a run writes a few records, the log is capped per run */
#define LASTRUN_TAIL (1024 * 1024)

/* "2026-12-06T05:08:54.104Z" as a cycle name's start, "20261206T050854.104",
 * into out (20 bytes); false when t is not that shape. */
static bool as_cycle_time(const char *t, char out[20])
{
	static const char shape[] = "dddd-dd-ddTdd:dd:dd.ddd";
	size_t k = 0;

	if (strlen(t) < sizeof(shape) - 1)
		return false;
	for (size_t i = 0; i < sizeof(shape) - 1; i++) {
		if (shape[i] == 'd' ? (t[i] < '0' || t[i] > '9') : t[i] != shape[i])
			return false;
		if (t[i] != '-' && t[i] != ':')
			out[k++] = t[i];
	}
	out[k] = '\0';
	return true;
}

static bool cmd_backups_after(const char *cycle, const char *when)
{
	char at[20];

	return cycle && when && strlen(cycle) >= 19 && as_cycle_time(when, at) &&
	       strncmp(cycle, at, 19) > 0;
}

char *cmd_backups_later_run(const char *audit, const char *ws, const char *cycle, char **when)
{
	char *buf, *line, *save = NULL, *cmd = NULL;
	struct stat st;
	off_t from;
	ssize_t got;
	int fd;

	*when = NULL;
	if (!audit || !ws || !cycle || strlen(cycle) < 19)
		return NULL;
	fd = open(audit, O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
	if (fd < 0)
		return NULL;
	if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode)) {
		close(fd);
		return NULL;
	}
	from = st.st_size > LASTRUN_TAIL ? st.st_size - LASTRUN_TAIL : 0;
	buf = xmalloc(LASTRUN_TAIL + 1);
	got = pread(fd, buf, LASTRUN_TAIL, from);
	close(fd);
	if (got <= 0) {
		free(buf);
		return NULL;
	}
	buf[got] = '\0';
	/* the first line of a tail that starts mid-file is cut: skipped */
	line = from > 0 ? strchr(buf, '\n') : buf;
	for (line = line ? strtok_r(line, "\n", &save) : NULL; line;
	     line = strtok_r(NULL, "\n", &save)) {
		cJSON *o;
		const char *dec, *path, *t, *c;
		char at[20];

		if (!strstr(line, "\"run-start\""))
			continue;
		if (!(o = cJSON_Parse(line)))
			continue;
		dec = cJSON_GetStringValue(cJSON_GetObjectItem(o, "decision"));
		path = cJSON_GetStringValue(cJSON_GetObjectItem(o, "path"));
		t = cJSON_GetStringValue(cJSON_GetObjectItem(o, "time"));
		c = cJSON_GetStringValue(cJSON_GetObjectItem(o, "command"));
		/* strictly after the cycle began: its own run started before */
		if (dec && path && t && strcmp(dec, "run-start") == 0 && strcmp(path, ws) == 0 &&
		    as_cycle_time(t, at) && strncmp(at, cycle, 19) > 0) {
			free(cmd);
			free(*when);
			cmd = xstrdup(c ? c : "");
			*when = xstrdup(t);
		}
		cJSON_Delete(o);
	}
	free(buf);
	return cmd;
}

void cmd_backups_note_later_run(const struct fsj_ctx *ctx, const struct backup_store_cycle *v,
				size_t n, size_t ci, bool newest)
{
	cleanup_free char *audit = NULL, *when = NULL, *cmd = NULL;
	const char *cycle = v[ci].name;

	if (!newest || !ctx->workspace || !(audit = audit_path(ctx)) ||
	    !(cmd = cmd_backups_later_run(audit, ctx->workspace, cycle, &when)))
		return;
	/* a cycle of this workspace after that run (the restore that
	 * already undid ci records one): nothing new to say */
	for (size_t i = n; i-- > ci + 1;) {
		struct manifest m;
		bool here;
		int fd;

		if (!cmd_backups_after(v[i].name, when))
			break;
		if (cmd_backups_load(&v[i], &m, &fd) < 0) {
			if (fd >= 0)
				close(fd);
			continue;
		}
		here = m.workspace && strcmp(m.workspace, ctx->workspace) == 0;
		manifest_release(&m);
		close(fd);
		if (here)
			return;
	}
	cmd_backups_put(stderr, "fsjail: backups: note: the last run here, '", cmd);
	cmd_backups_put(stderr, "' (started ", when);
	cmd_backups_put(stderr, "), left no cycle (it changed nothing, or is still going): "
				"what follows is of the run before it, cycle ",
			cycle);
	fputs(" (fsjail backups list names its command)\n", stderr);
}
