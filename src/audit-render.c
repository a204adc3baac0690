/* audit-render.c - one audit log line for a human (audit-render.h). */
#include <stdio.h>
#include <string.h>

#include "audit-render.h"
#include "escape.h"
#include "util.h"

/* s escaped for a terminal (escape.h), "-" for a field that is absent. */
static void shown(struct strbuf *sb, const char *s)
{
	if (s)
		fsj_escape_term_sb(sb, s);
	else
		sb_adds(sb, "-");
}

static const char *field(const cJSON *o, const char *key)
{
	const cJSON *x = cJSON_GetObjectItemCaseSensitive(o, key);

	return cJSON_IsString(x) ? x->valuestring : NULL;
}

/* Bytes of the unit of escaped text at p that one cut must not split:
 * "\\", "\xHH" (fsj_escape_term()'s only escapes), or one UTF-8
 * character (the escaped text is valid UTF-8). */
static size_t unit_len(const char *p)
{
	const unsigned char c = (unsigned char)p[0];

	if (c == '\\')
		return p[1] == 'x' ? 4 : 2;
	return c < 0x80 ? 1 : c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : 2;
}

/* cmd escaped, then cut to AUDIT_RENDER_COMMAND_WIDTH columns with "..."
 * (a unit of unit_len() counted as one column per byte but for a UTF-8
 * character, one), appended to sb. */
static void command(struct strbuf *sb, const char *cmd)
{
	cleanup_free char *e = fsj_escape_term(cmd);
	size_t at = 0, cols = 0, keep = 0;

	while (e[at] && cols < AUDIT_RENDER_COMMAND_WIDTH) {
		size_t n = unit_len(e + at);

		if (strnlen(e + at, n) < n)
			break; /* cannot happen with fsj_escape_term()'s output */
		cols += (unsigned char)e[at] >= 0x80 ? 1 : n;
		at += n;
		if (cols <= AUDIT_RENDER_COMMAND_WIDTH - 3)
			keep = at;
	}
	if (!e[at] && cols <= AUDIT_RENDER_COMMAND_WIDTH) {
		sb_adds(sb, e);
		return;
	}
	sb_add(sb, e, keep);
	sb_adds(sb, "...");
}

void audit_render_line(const cJSON *o)
{
	struct strbuf sb = STRBUF_INIT;
	const char *rule = field(o, "rule"), *detail = field(o, "detail");
	const char *path = field(o, "path"), *resolved = field(o, "resolved");
	const char *cmd = field(o, "command");
	static const char *const head[] = { "time", "session", "decision", "capability" };
	size_t i;

	for (i = 0; i < sizeof(head) / sizeof(head[0]); i++) {
		shown(&sb, field(o, head[i]));
		sb_addc(&sb, ' ');
	}
	shown(&sb, path);
	if (resolved && (!path || strcmp(resolved, path) != 0)) {
		sb_adds(&sb, " -> ");
		shown(&sb, resolved);
	}
	sb_adds(&sb, " (");
	shown(&sb, field(o, "source"));
	if (rule) {
		sb_adds(&sb, ", rule ");
		shown(&sb, rule);
	}
	sb_adds(&sb, ")");
	if (detail) {
		sb_adds(&sb, ": ");
		shown(&sb, detail);
	}
	if (cmd && *cmd) {
		sb_adds(&sb, "  [command: ");
		command(&sb, cmd);
		sb_addc(&sb, ']');
	}
	puts(sb.buf);
	sb_release(&sb);
}
