/* sbpl-log.c - Seatbelt denials read back from the unified log (see
 * sbpl-log.h). */
#include <cjson/cJSON.h>
#include <stdlib.h>
#include <string.h>

#include "sbpl-log.h"

/* Copy at most n bytes of s (not NUL-terminated) into dst of size size,
 * truncating, NUL-terminated. */
static void copy_field(char *dst, size_t size, const char *s, size_t n)
{
	if (n >= size)
		n = size - 1;
	memcpy(dst, s, n);
	dst[n] = '\0';
}

/* The line of msg (up to '\n' or the end) holding the tag as a whole
 * word: tag at the line's start, then the end of the line or ':'. Sets
 * *rule to what follows "tag:" (empty for the bare tag). */
static bool find_tag(const char *msg, const char *tag, const char **rule, size_t *rule_len)
{
	size_t tl = strlen(tag);

	for (const char *l = msg; l && *l; l = strchr(l, '\n') ? strchr(l, '\n') + 1 : NULL) {
		size_t len = strcspn(l, "\n");

		if (len < tl || strncmp(l, tag, tl) != 0)
			continue;
		if (len == tl) {
			*rule = l + tl;
			*rule_len = 0;
			return true;
		}
		if (l[tl] == ':') {
			*rule = l + tl + 1;
			*rule_len = len - tl - 1;
			return true;
		}
	}
	return false;
}

/* "Sandbox: NAME(PID) deny(N) OP TARGET" at s (to the end of its line). */
static bool parse_sandbox_line(const char *s, struct sbpl_denial *out)
{
	const char *end = s + strcspn(s, "\n");
	const char *open, *close, *p;
	char *num_end;

	if (strncmp(s, "Sandbox: ", 9) != 0)
		return false;
	s += 9;
	/* NAME may hold spaces and parentheses: the pid is the last "(...)"
	 * before " deny(" */
	p = strstr(s, ") deny(");
	if (!p || p > end)
		return false;
	close = p;
	for (open = close; open > s && *open != '('; open--)
		;
	if (*open != '(')
		return false;
	out->pid = strtol(open + 1, &num_end, 10);
	if (num_end != close)
		return false;
	copy_field(out->process, sizeof(out->process), s, (size_t)(open - s));
	p = strchr(close + 7, ')'); /* the end of "deny(N)" */
	if (!p || p > end || p[1] != ' ')
		return false;
	s = p + 2;
	p = memchr(s, ' ', (size_t)(end - s));
	if (!p) /* an operation without a target (mach-host*, say) */
		p = end;
	copy_field(out->op, sizeof(out->op), s, (size_t)(p - s));
	if (p < end)
		copy_field(out->target, sizeof(out->target), p + 1, (size_t)(end - p - 1));
	else
		out->target[0] = '\0';
	return out->op[0] != '\0';
}

int sbpl_log_parse(const char *line, const char *tag, struct sbpl_denial *out)
{
	cJSON *root = cJSON_Parse(line);
	const cJSON *msg;
	const char *s, *rule = NULL;
	size_t rule_len = 0;
	int rc = 0;

	memset(out, 0, sizeof(*out));
	if (!root || !cJSON_IsObject(root)) {
		cJSON_Delete(root);
		return -1;
	}
	msg = cJSON_GetObjectItemCaseSensitive(root, "eventMessage");
	if (!cJSON_IsString(msg) || !tag || !*tag)
		goto out;
	s = strstr(msg->valuestring, "Sandbox: ");
	if (!s || !find_tag(msg->valuestring, tag, &rule, &rule_len) ||
	    !parse_sandbox_line(s, out))
		goto out;
	copy_field(out->rule, sizeof(out->rule), rule, rule_len);
	rc = 1;
out:
	if (rc != 1)
		memset(out, 0, sizeof(*out));
	cJSON_Delete(root);
	return rc;
}
