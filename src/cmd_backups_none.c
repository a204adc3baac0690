/* cmd_backups_none.c - `backups show` with no cycle to show
 * (cmd_backups_none.h). */
#include "json-out.h"
#include <cjson/cJSON.h>
#include <stdio.h>

#include "cmd.h"
#include "cmd_backups.h"
#include "cmd_backups_none.h"

int cmd_backups_show_none(bool json, const char *ws)
{
	if (json) {
		cJSON *doc = cJSON_CreateObject();

		cJSON_AddStringToObject(doc, "schema", "fsjail-backups-show/1");
		cJSON_AddNullToObject(doc, "session");
		cJSON_AddNullToObject(doc, "cycle");
		cJSON_AddArrayToObject(doc, "records");
		fsj_json_put(doc);
		cJSON_Delete(doc);
		return FSJ_EXIT_OK;
	}
	cmd_backups_put(stderr, "fsjail: backups: no backup cycle of workspace ", ws);
	fputc('\n', stderr);
	return FSJ_EXIT_OK;
}
