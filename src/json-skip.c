/* json-skip.c - step over one JSON value without building it (json-skip.h). */
#include "config.h"

#include <stdbool.h>

#include "json-skip.h"

const char *json_skip_blank(const char *p, const char *end)
{
	while (p < end && (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r'))
		p++;
	return p;
}

static bool is_digit(char c)
{
	return c >= '0' && c <= '9';
}

static bool is_hex(char c)
{
	return is_digit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

/* p at the opening quote. */
static const char *skip_string(const char *p, const char *end)
{
	for (p++; p < end; p++) {
		unsigned char c = (unsigned char)*p;

		if (c == '"')
			return p + 1;
		if (c < 0x20)
			return NULL;
		if (c != '\\')
			continue;
		if (++p >= end)
			return NULL;
		switch (*p) {
		case '"':
		case '\\':
		case '/':
		case 'b':
		case 'f':
		case 'n':
		case 'r':
		case 't':
			break;
		case 'u':
			if (end - p < 5 || !is_hex(p[1]) || !is_hex(p[2]) || !is_hex(p[3]) ||
			    !is_hex(p[4]))
				return NULL;
			p += 4;
			break;
		default:
			return NULL;
		}
	}
	return NULL;
}

/* -? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)? */
static const char *skip_number(const char *p, const char *end)
{
	if (p < end && *p == '-')
		p++;
	if (p >= end || !is_digit(*p))
		return NULL;
	if (*p == '0')
		p++;
	else
		while (p < end && is_digit(*p))
			p++;
	if (p < end && *p == '.') {
		if (++p >= end || !is_digit(*p))
			return NULL;
		while (p < end && is_digit(*p))
			p++;
	}
	if (p < end && (*p == 'e' || *p == 'E')) {
		if (++p < end && (*p == '+' || *p == '-'))
			p++;
		if (p >= end || !is_digit(*p))
			return NULL;
		while (p < end && is_digit(*p))
			p++;
	}
	return p;
}

static const char *skip_literal(const char *p, const char *end, const char *word)
{
	for (; *word; word++, p++)
		if (p >= end || *p != *word)
			return NULL;
	return p;
}

static const char *skip_at(const char *p, const char *end, int depth);

/* p at '{' or '['. */
static const char *skip_container(const char *p, const char *end, int depth)
{
	char close = *p == '{' ? '}' : ']';
	bool object = *p == '{';

	if (depth >= JSON_SKIP_DEPTH)
		return NULL;
	p = json_skip_blank(p + 1, end);
	if (p < end && *p == close)
		return p + 1;
	for (;;) {
		if (object) {
			if (p >= end || *p != '"' || !(p = skip_string(p, end)))
				return NULL;
			p = json_skip_blank(p, end);
			if (p >= end || *p != ':')
				return NULL;
			p = json_skip_blank(p + 1, end);
		}
		if (!(p = skip_at(p, end, depth + 1)))
			return NULL;
		p = json_skip_blank(p, end);
		if (p >= end)
			return NULL;
		if (*p == close)
			return p + 1;
		if (*p != ',')
			return NULL;
		p = json_skip_blank(p + 1, end);
	}
}

static const char *skip_at(const char *p, const char *end, int depth)
{
	if (p >= end)
		return NULL;
	switch (*p) {
	case '"':
		return skip_string(p, end);
	case '{':
	case '[':
		return skip_container(p, end, depth);
	case 't':
		return skip_literal(p, end, "true");
	case 'f':
		return skip_literal(p, end, "false");
	case 'n':
		return skip_literal(p, end, "null");
	default:
		return skip_number(p, end);
	}
}

const char *json_skip_value(const char *p, const char *end)
{
	return skip_at(p, end, 0);
}
