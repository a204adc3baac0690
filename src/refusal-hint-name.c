/* refusal-hint-name.c - names made anew on every run (refusal-hint-name.h). */
#include <ctype.h>
#include <stdbool.h>
#include <stddef.h>
#include <string.h>

#include "refusal-hint-name.h"

static bool dig(char c)
{
	return c >= '0' && c <= '9';
}

static bool alnum(char c)
{
	return isalnum((unsigned char)c) != 0;
}

static bool hexd(char c)
{
	return isxdigit((unsigned char)c) != 0;
}

/* The 2-digit number at s, or -1. */
static int two(const char *s)
{
	return dig(s[0]) && dig(s[1]) ? (s[0] - '0') * 10 + (s[1] - '0') : -1;
}

/* s starts a date: YYYY[-_]MM[-_]DD or YYYYMMDD, year 1970-2099. */
static bool date_at(const char *s)
{
	int y, m, d;
	size_t i = 4;

	if (two(s) < 0 || two(s + 2) < 0)
		return false;
	y = two(s) * 100 + two(s + 2);
	if (y < 1970 || y > 2099)
		return false;
	if (s[i] == '-' || s[i] == '_')
		i++;
	m = two(s + i);
	if (m < 1 || m > 12)
		return false;
	i += 2;
	if ((s[i] == '-' || s[i] == '_') && i == 7)
		i++;
	else if (i != 6)
		return false;
	d = two(s + i);
	return d >= 1 && d <= 31 && !dig(s[i + 2]);
}

/* s starts a time: HH:MM:SS with ':', '_' or '-' between. */
static bool time_at(const char *s)
{
	int h = two(s), m;

	if (h < 0 || h > 23 || !s[2] || !strchr(":_-", s[2]))
		return false;
	m = two(s + 3);
	if (m < 0 || m > 59 || s[5] != s[2])
		return false;
	m = two(s + 6);
	return m >= 0 && m <= 60 && !dig(s[8]);
}

/* s starts 8-4-4-4-12 hex digits. */
static bool uuid_at(const char *s)
{
	static const int len[] = { 8, 4, 4, 4, 12 };

	for (size_t k = 0, i = 0; k < sizeof(len) / sizeof(len[0]); k++) {
		for (int j = 0; j < len[k]; j++, i++)
			if (!hexd(s[i]))
				return false;
		if (k < 4 && s[i++] != '-')
			return false;
		if (k == 4 && hexd(s[i]))
			return false;
	}
	return true;
}

/* The word w[0..n) (letters and digits) looks random: 6 or more, and
 * letters and digits alternate 4 times or more ("a1b2c3"), or 8 or more
 * hex digits with a letter and a digit ("1a2b3c4d"). */
static bool random_word(const char *w, size_t n)
{
	size_t flips = 0;
	bool all_hex = true, has_d = false, has_a = false;

	if (n < 6)
		return false;
	for (size_t i = 0; i < n; i++) {
		all_hex = all_hex && hexd(w[i]);
		has_d = has_d || dig(w[i]);
		has_a = has_a || !dig(w[i]);
		if (i > 0 && dig(w[i]) != dig(w[i - 1]))
			flips++;
	}
	return flips >= 4 || (n >= 8 && all_hex && has_d && has_a);
}

/* A temporary file's prefix ("tmp", "sed"), an optional '.', '-' or
 * '_', then 6 or more letters, digits or '_' with a digit: mktemp(1)'s
 * tmp.XXXXXXXXXX, Python's tempfile tmpXXXXXXXX, sed -i's sedXXXXXX. */
static bool temp_prefix(const char *name)
{
	size_t i = 3, n = 0;
	bool has_d = false;

	if (strncmp(name, "tmp", 3) != 0 && strncmp(name, "sed", 3) != 0)
		return false;
	if (name[i] == '.' || name[i] == '-' || name[i] == '_')
		i++;
	for (; alnum(name[i]) || name[i] == '_'; i++, n++)
		has_d = has_d || dig(name[i]);
	return n >= 6 && has_d && (name[i] == '\0' || name[i] == '.');
}

const char *refusal_hint_generated(const char *name)
{
	size_t run = 0;

	for (const char *s = name; *s; s++) {
		/* at the start of a number: not in the middle of one */
		if (dig(*s) && (s == name || !dig(s[-1])) && (date_at(s) || time_at(s)))
			return "a timestamp";
		if (hexd(*s) && (s == name || !alnum(s[-1])) && uuid_at(s))
			return "a UUID";
	}
	/* 5 digits or more, not glued to a letter (id_ed25519, x25519) */
	for (const char *s = name; *s; s++) {
		run = dig(*s) ? run + 1 : 0;
		if (run >= 5 && (s - run + 1 == name || !isalpha((unsigned char)s[-(long)run])))
			return "a process id or counter";
	}
	if (temp_prefix(name))
		return "a random suffix";
	for (const char *s = name; *s;) {
		size_t n = 0;

		while (s[n] && alnum(s[n]))
			n++;
		if (random_word(s, n))
			return "a random suffix";
		s += n ? n : 1;
	}
	return NULL;
}
