/* restore-text.c - what `fsjail backups restore` prints for a person
 * (issue 14 item 3): one line per path with the net effect of the
 * restore's actions on it, where the actions themselves (restore.c, and
 * --json) can name a path several times: content restored once per save,
 * a file the run renamed over another moved back to its temporary name
 * and then trashed; a file changed after the run says so, with the
 * restore line that brings back that version alone (its path: the whole
 * cycle would also undo the rest of this restore). Each path names the
 * cycle it came from (cycles restored together). Paths escaped. */
#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd_backups.h"
#include "restore-later.h"
#include "restore-line.h"
#include "restore-net.h"
#include "restore-taken.h"
#include "restore-text.h"
#include "util.h"

static const char *str(const cJSON *a, const char *key)
{
	const cJSON *s = cJSON_GetObjectItem(a, key);

	return cJSON_IsString(s) ? s->valuestring : NULL;
}

void restore_text_print(const cJSON *actions, const char *cycle, bool dry)
{
	size_t n = 0, cap = (size_t)cJSON_GetArraySize(actions) + 1;
	struct rs_net *v = xcalloc(cap, sizeof(*v));
	const cJSON *a;

	cJSON_ArrayForEach(a, actions)
	{
		const char *act = str(a, "action"), *path = str(a, "path"), *to = str(a, "to");
		struct rs_net *e, *from;

		if (!act || !path)
			continue;
		if (!cJSON_IsTrue(cJSON_GetObjectItem(a, "ok")) || strcmp(act, "leave") == 0 ||
		    strcmp(act, "attrs-lost") == 0) {
			cmd_backups_put(stderr,
					cJSON_IsTrue(cJSON_GetObjectItem(a, "ok"))
						? "fsjail: backups: '"
						: "fsjail: backups: cannot restore '",
					path);
			cmd_backups_put(stderr, "': ", str(a, "detail") ? str(a, "detail") : act);
			fputc('\n', stderr);
			continue;
		}
		/* an object moved back to a name and trashed there is the run's
		 * object at its first name: say so there, not at the transit name */
		from = NULL;
		for (size_t i = 0; i < n && strcmp(act, "trash") == 0; i++)
			if (v[i].moved && v[i].to && strcmp(v[i].to, path) == 0)
				from = &v[i];
		if (from) {
			from->moved = false;
			from->trash = true;
			continue;
		}
		e = rs_net_find(v, n, path);
		if (!e) {
			e = &v[n++];
			e->path = path;
		}
		if (strcmp(act, "restore-content") == 0 || strcmp(act, "recreate") == 0)
			e->cycle = e->cycle ? e->cycle : str(a, "cycle");
		if (strcmp(act, "restore-content") == 0)
			e->content = true, e->later = e->later ? e->later : str(a, "detail"),
			e->kept = e->kept ? e->kept : str(a, "kept_in");
		else if (strcmp(act, "recreate") == 0)
			e->recreate = true;
		else if (strcmp(act, "trash") == 0)
			e->trash = true, e->took = a;
		else if (strcmp(act, "move-back") == 0)
			e->moved = true, e->to = to;
		else if (strcmp(act, "swap-back") == 0)
			e->swapped = true, e->to = to;
		else if (strcmp(act, "mkdir") == 0)
			e->mkdir = true;
		else if (strcmp(act, "remove-folder") == 0)
			e->rmdir = true;
		else if (strcmp(act, "restore-meta") == 0)
			e->meta = true;
	}
	for (size_t i = 0; i < n; i++) {
		struct rs_net *e = &v[i];
		const char *back = e->content ? "restore-content" : "recreate";
		struct rs_net *onto = e->moved && e->to ? rs_net_find(v, n, e->to) : NULL;
		cleanup_free char *kept =
			e->kept && !dry ? restore_later_tail(e->path, e->kept) : NULL;
		cleanup_free char *ran =
			e->trash ? restore_taken_tail(e->path, e->took, dry, true) : NULL;

		/* the run's object at a path goes before the folder made
		 * there again (user16: "made folder e", then "moved to the
		 * trash (made by the run) e", for rm -rf e && echo x >e) */
		if (!e->content && !e->recreate && e->trash)
			rs_net_say_trash(e, dry);
		if (e->rmdir && e->mkdir)
			restore_line_put("remove-folder", dry, e->path, NULL, NULL, NULL, "");
		if (e->mkdir)
			restore_line_put("mkdir", dry, e->path, NULL, NULL, NULL, "");
		if (e->content || e->recreate)
			restore_line_put(back, dry, e->path, NULL, NULL, e->cycle ? e->cycle : cycle,
					 ran ? ran : kept ? kept : e->later ? e->later : "");
		/* the run's file at the old name goes first, then the move back
		 * (vim's save: f~ moved back to f, the new f trashed) */
		if (onto && onto->trash && !onto->content && !onto->recreate)
			rs_net_say_trash(onto, dry);
		if (e->moved)
			restore_line_put("move-back", dry, e->path, " to ", e->to, NULL, "");
		if (e->swapped)
			restore_line_put("swap-back", dry, e->path, " and ", e->to, NULL, "");
		if (e->rmdir && !e->mkdir)
			restore_line_put("remove-folder", dry, e->path, NULL, NULL, NULL, "");
		if (e->meta && !e->content && !e->recreate)
			restore_line_put("restore-meta", dry, e->path, NULL, NULL, NULL, "");
	}
	free(v);
}
