/* json-skip.c - step over one JSON value without building it (json-skip.h). */
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

static const char *skip_number_body(const char *p, const char *end);

/* The value of the four hex digits at p, or -1. */
static long hex4(const char *p, const char *end)
{
	long v = 0;

	if (end - p < 4)
		return -1;
	for (int i = 0; i < 4; i++) {
		char c = p[i];

		if (!is_hex(c))
			return -1;
		v = v * 16 + (is_digit(c) ? c - '0' : (c | 0x20) - 'a' + 10);
	}
	return v;
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
		case 'u': {
			/* as cJSON: a low surrogate alone, or a high one not
			 * followed by \u and a low one, is refused */
			long u = hex4(p + 1, end);

			if (u < 0 || (u >= 0xDC00 && u <= 0xDFFF))
				return NULL;
			p += 4;
			if (u >= 0xD800 && u <= 0xDBFF) {
				if (end - p < 7 || p[1] != '\\' || p[2] != 'u')
					return NULL;
				u = hex4(p + 3, end);
				if (u < 0xDC00 || u > 0xDFFF)
					return NULL;
				p += 6;
			}
			break;
		}
		default:
			return NULL;
		}
	}
	return NULL;
}

/* -? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?, at most
 * JSON_SKIP_NUMBER bytes (json-skip.h). */
static const char *skip_number(const char *p, const char *end)
{
	const char *start = p;

	if (end - p > JSON_SKIP_NUMBER)
		end = p + JSON_SKIP_NUMBER + 1; /* one more: a longer number fails below */
	p = skip_number_body(p, end);
	return p && p - start <= JSON_SKIP_NUMBER ? p : NULL;
}

static const char *skip_number_body(const char *p, const char *end)
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
