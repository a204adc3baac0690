/* refusal-line.c - one JSON line on a sink of the run (refusal-line.h). */
#include <cjson/cJSON.h>
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "json-out.h"
#include "refusal-line.h"
#include "util.h"

/* Writers to the sinks, one line at a time, outside refusal.c's `lock`. */
static pthread_mutex_t wlock = PTHREAD_MUTEX_INITIALIZER;

void refusal_line_str(cJSON *o, const char *key, const char *v)
{
	if (v)
		cJSON_AddStringToObject(o, key, v);
	else
		cJSON_AddNullToObject(o, key);
}

cJSON *refusal_line_start(const char *schema, const char *type, const char *session)
{
	struct timespec ts;
	struct tm tm;
	char when[48];
	size_t n;
	cJSON *o = cJSON_CreateObject();

	clock_gettime(CLOCK_REALTIME, &ts);
	gmtime_r(&ts.tv_sec, &tm);
	strftime(when, sizeof(when), "%Y-%m-%dT%H:%M:%S", &tm);
	n = strlen(when);
	snprintf(when + n, sizeof(when) - n, ".%03ldZ", ts.tv_nsec / 1000000);
	cJSON_AddStringToObject(o, "schema", schema);
	if (type)
		cJSON_AddStringToObject(o, "type", type);
	cJSON_AddStringToObject(o, "time", when);
	refusal_line_str(o, "session", session);
	return o;
}

int refusal_line_write(int fd, cJSON *o)
{
	char *line = (fsj_json_utf8(o), cJSON_PrintUnformatted(o));
	size_t n;
	int rc;

	cJSON_Delete(o);
	if (!line) {
		errno = ENOMEM;
		return -1;
	}
	n = strlen(line);
	line[n] = '\n'; /* cJSON's buffer: replace the NUL, write n + 1 bytes */
	pthread_mutex_lock(&wlock);
	rc = write_all(fd, line, n + 1);
	pthread_mutex_unlock(&wlock);
	cJSON_free(line);
	return rc;
}

int refusal_status_write(int fd, cJSON *o)
{
	if (fd < 0 || !o) {
		cJSON_Delete(o);
		return 0;
	}
	/* schema first, for a reader that looks at the start of the line */
	{
		cJSON *w = cJSON_CreateObject();

		cJSON_AddStringToObject(w, "schema", "fsjail-run/1");
		while (o->child) {
			cJSON *it = cJSON_DetachItemViaPointer(o, o->child);

			cJSON_AddItemToObject(w, it->string, it);
		}
		cJSON_Delete(o);
		o = w;
	}
	return refusal_line_write(fd, o);
}
