/* cmd_backups_view.c - `fsjail backups list` and `backups show`: the
 * store's cycles and a cycle's records as text or JSON (fsjail-json(7)),
 * read only (cmd_backups.c parses the options and picks the cycle). Every
 * path or command line printed in text mode goes through
 * fsj_escape_term() (cmd_backups_put()); JSON stays exact. */
#include "json-out.h"
#include <cjson/cJSON.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cmd.h"
#include "cmd_backups.h"
#include "cmd_backups_view.h"
#include "manifest.h"
#include "util.h"

/* Print a JSON document on stdout and free it. */
static void put_json(cJSON *doc)
{
	fsj_json_put(doc);
	cJSON_Delete(doc);
}

/* `backups list`: one line per cycle, or with json the document
 * "fsjail-backups/1" (fsjail-json(7)). */
/* List the cycles of v; ws (not NULL): only those of that workspace. */
int cmd_backups_list(const struct backup_store_cycle *v, size_t n, bool json, const char *ws)
{
	cJSON *doc = json ? cJSON_CreateObject() : NULL, *arr = NULL;

	if (json) {
		cJSON_AddStringToObject(doc, "schema", "fsjail-backups/1");
		arr = cJSON_AddArrayToObject(doc, "cycles");
	}
	for (size_t i = 0; i < n; i++) {
		unsigned long k[MANIFEST_N_OPS] = { 0 };
		unsigned long long bytes = 0;
		cleanup_free char *commit = NULL;
		struct manifest m;
		size_t len;
		bool committed;
		int fd;

		if (cmd_backups_load(&v[i], &m, &fd) < 0)
			continue;
		if (ws && !(m.workspace && strcmp(m.workspace, ws) == 0)) {
			manifest_release(&m);
			close(fd);
			continue;
		}
		for (size_t j = 0; j < m.n; j++) {
			k[m.v[j].op]++;
			if (m.v[j].backup)
				bytes += (unsigned long long)m.v[j].size;
		}
		committed = manifest_slurp(fd, "commit.json", 1u << 20, &commit, &len) == 0;
		if (json) {
			cJSON *o = cJSON_CreateObject();

			cJSON_AddStringToObject(o, "session", v[i].session);
			cJSON_AddStringToObject(o, "cycle", v[i].name);
			cJSON_AddStringToObject(o, "kind", m.kind ? m.kind : "run");
			if (m.workspace)
				cJSON_AddStringToObject(o, "workspace", m.workspace);
			else
				cJSON_AddNullToObject(o, "workspace");
			if (m.command)
				cJSON_AddStringToObject(o, "command", m.command);
			else
				cJSON_AddNullToObject(o, "command");
			cJSON_AddNumberToObject(o, "saved", (double)k[MANIFEST_CONTENT]);
			cJSON_AddNumberToObject(o, "removed", (double)k[MANIFEST_REMOVE]);
			cJSON_AddNumberToObject(o, "created", (double)k[MANIFEST_CREATED]);
			cJSON_AddNumberToObject(o, "renamed", (double)k[MANIFEST_RENAMED]);
			cJSON_AddNumberToObject(o, "bytes", (double)bytes);
			cJSON_AddBoolToObject(o, "committed", committed);
			cJSON_AddItemToArray(arr, o);
		} else {
			cmd_backups_put(stdout, "", v[i].session);
			cmd_backups_put(stdout, "  ", v[i].name);
			printf("  %lu saved, %lu removed, %lu created, %lu renamed, %llu bytes  %s%s  ",
			       k[MANIFEST_CONTENT], k[MANIFEST_REMOVE], k[MANIFEST_CREATED],
			       k[MANIFEST_RENAMED], bytes, committed ? "committed" : "uncommitted",
			       m.kind && strcmp(m.kind, "restore") == 0 ? " restore" : "");
			cmd_backups_put(stdout, "", m.command ? m.command : "");
			putchar('\n');
		}
		manifest_release(&m);
		close(fd);
	}
	if (json)
		put_json(doc);
	return FSJ_EXIT_OK;
}

/* One manifest record as JSON (`backups show --json`). */
static cJSON *rec_json(const struct manifest_rec *r)
{
	cJSON *o = cJSON_CreateObject();

	cJSON_AddStringToObject(o, "op", manifest_op_name(r->op));
	cJSON_AddStringToObject(o, "path", r->path ? r->path : "");
	if (r->op == MANIFEST_RENAMED || r->op == MANIFEST_TRASHED)
		cJSON_AddStringToObject(o, "to", r->to ? r->to : "");
	if (r->op == MANIFEST_CONTENT || r->op == MANIFEST_REMOVE) {
		cJSON_AddNumberToObject(o, "size", (double)r->size);
		cJSON_AddNumberToObject(o, "mode", r->mode);
		if (r->backup)
			cJSON_AddStringToObject(o, "backup", r->backup);
		else
			cJSON_AddNullToObject(o, "backup");
		cJSON_AddBoolToObject(o, "linked", r->linked);
		if (r->skipped)
			cJSON_AddStringToObject(o, "skipped", r->skipped);
		else
			cJSON_AddNullToObject(o, "skipped");
	}
	if (r->op == MANIFEST_RMDIR)
		cJSON_AddNumberToObject(o, "mode", r->mode);
	return o;
}

/* `backups show` without --cycle or --session: the newest cycle of
 * workspace ws, as list and restore take it (not the newest of every
 * workspace); -1 when it has none. */
long cmd_backups_newest(const struct backup_store_cycle *v, size_t n, const char *ws)
{
	for (size_t i = n; i-- > 0;) {
		struct manifest m;
		bool ok;
		int fd;

		if (cmd_backups_load(&v[i], &m, &fd) < 0) {
			if (fd >= 0)
				close(fd);
			continue;
		}
		ok = m.workspace && strcmp(m.workspace, ws) == 0;
		manifest_release(&m);
		close(fd);
		if (ok)
			return (long)i;
	}
	return -1;
}

/* `backups show`: the cycle's records, or with json the document
 * "fsjail-backups-show/1" (fsjail-json(7)). */
int cmd_backups_show(const struct backup_store_cycle *c, bool json)
{
	struct manifest m;
	int fd;

	if (cmd_backups_load(c, &m, &fd) < 0)
		return FSJ_EXIT_ERROR;
	if (json) {
		cJSON *doc = cJSON_CreateObject(), *arr;

		cJSON_AddStringToObject(doc, "schema", "fsjail-backups-show/1");
		cJSON_AddStringToObject(doc, "session", c->session);
		cJSON_AddStringToObject(doc, "cycle", c->name);
		arr = cJSON_AddArrayToObject(doc, "records");
		for (size_t i = 0; i < m.n; i++)
			if (m.v[i].op != MANIFEST_CYCLE)
				cJSON_AddItemToArray(arr, rec_json(&m.v[i]));
		put_json(doc);
		manifest_release(&m);
		close(fd);
		return FSJ_EXIT_OK;
	}
	cmd_backups_put(stdout, "cycle ", c->name);
	cmd_backups_put(stdout, " (session ", c->session);
	fputs(")\n", stdout);
	for (size_t i = 0; i < m.n; i++) {
		const struct manifest_rec *r = &m.v[i];

		if (r->op == MANIFEST_CREATING || r->op == MANIFEST_CANCEL)
			continue; /* a create's write-ahead half: "created" says it */
		cmd_backups_put(stdout, "", r->path);
		switch (r->op) {
		case MANIFEST_CONTENT:
		case MANIFEST_REMOVE:
			printf("  %ssize %lld  mode %04o  ",
			       r->op == MANIFEST_REMOVE ? "removed  " : "", r->size, r->mode);
			if (r->backup)
				printf("backup files/%s%s\n", r->backup,
				       r->linked ? " (link)" : "");
			else
				cmd_backups_put(stdout,
						"skipped: ", r->skipped ? r->skipped : "?\n");
			if (!r->backup && r->skipped)
				putchar('\n');
			break;
		case MANIFEST_CREATED:
			printf("  created by the run\n");
			break;
		case MANIFEST_RENAMED:
			cmd_backups_put(stdout, "  renamed to ", r->to);
			putchar('\n');
			break;
		case MANIFEST_NAME:
			printf("  another name of a saved file\n");
			break;
		case MANIFEST_RMDIR:
			printf("  folder removed  mode %04o\n", r->mode);
			break;
		case MANIFEST_META:
			printf("  mode, owner or times changed (was mode %04o)\n", r->mode);
			break;
		case MANIFEST_SPECIAL:
			if (r->target)
				cmd_backups_put(stdout, "  symlink removed, to ", r->target);
			else
				printf("  FIFO removed  mode %04o", r->mode);
			putchar('\n');
			break;
		case MANIFEST_TRASHED:
			cmd_backups_put(stdout, "  kept in the trash as ", r->to);
			putchar('\n');
			break;
		case MANIFEST_CYCLE:
		case MANIFEST_CREATING:
		case MANIFEST_CANCEL:
		case MANIFEST_N_OPS:
			putchar('\n');
			break;
		}
	}
	manifest_release(&m);
	close(fd);
	return FSJ_EXIT_OK;
}
