/* refusal-line.h - one JSON line on a sink of the run (--report FILE,
 * --status-fd N): the members every line starts with, the line written
 * whole (one writer at a time), and a status record's schema first.
 * refusal.c writes the refusals with it, runmsg*.c the run's other
 * records. Includes nothing of fsjail's: the lowest layer of both. */
#ifndef FSJAIL_REFUSAL_LINE_H
#define FSJAIL_REFUSAL_LINE_H

struct cJSON;

/* Write o (a cJSON object, consumed) with "schema": "fsjail-status/1"
 * first, as one line on fd (the status descriptor; -1: nothing),
 * serialised with the "refused" lines. Returns 0, or -1 with errno set. */
int refusal_status_write(int fd, struct cJSON *o);

/* A new object (the caller deletes or writes it) that starts as a
 * refusal line does: "schema", "type" (omitted when type is NULL),
 * "time" (UTC, ISO 8601 with milliseconds) and "session" (null when
 * session is NULL). */
struct cJSON *refusal_line_start(const char *schema, const char *type, const char *session);

/* o (consumed) as one line on fd, serialised with the refusal lines
 * (strings made UTF-8 as fsjail-json(7) says). Returns 0, or -1 with
 * errno set (ENOMEM, or write(2)'s). */
int refusal_line_write(int fd, struct cJSON *o);

/* The member key of o: the string v (copied), or null when v is NULL. */
void refusal_line_str(struct cJSON *o, const char *key, const char *v);

#endif
