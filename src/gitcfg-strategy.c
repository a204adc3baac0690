/* gitcfg-strategy.c - the merge strategy a continued rebase, cherry-pick
 * or revert runs: one of git's own, or refused (see gitcfg-strategy.h). */
#include "gitcfg-strategy.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "gitcfg-int.h"
#include "gitcfg.h"

/* s (n bytes) names one of git's own merge strategies (builtin/merge.c
 * all_strategy[]): a built-in, or a program of git's exec path. */
static bool own_strategy(const char *s, size_t n)
{
	static const char *const names[] = { "octopus", "ort",     "ours",
					     "recursive", "resolve", "subtree" };

	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (strlen(names[i]) == n && memcmp(s, names[i], n) == 0)
			return true;
	return false;
}

static void strategy_why(char *why, size_t whylen, const char *what)
{
	if (why && whylen)
		snprintf(why, whylen,
			 "repository-metadata: %s names a merge strategy that is not git's own "
			 "(the host's git --continue would run it as a program)",
			 what);
}

bool gitcfg_strategy_ok(const char *buf, size_t len, char *why, size_t whylen)
{
	size_t n = len > 0 && buf[len - 1] == '\n' ? len - 1 : len;

	if (own_strategy(buf, n))
		return true;
	strategy_why(why, whylen, "a rebase strategy file");
	return false;
}

/* [p, le) holds "strategy" in any case. */
static bool holds_strategy(const char *p, const char *le)
{
	for (; le - p >= 8; p++)
		if (strncasecmp(p, "strategy", 8) == 0)
			return true;
	return false;
}

/* The line [p, le) is `strategy = OWN` or `strategy-option = VALUE`
 * (gitcfg_seqopts_ok()). */
static bool strategy_line_ok(const char *p, const char *le)
{
	const char *k = gitcfg_skip_blank(p, le), *q = k, *v, *ve = le;
	size_t kl;

	while (q < le && (isalnum((unsigned char)*q) || *q == '-'))
		q++;
	kl = (size_t)(q - k);
	q = gitcfg_skip_blank(q, le);
	if (q == le || *q != '=')
		return false;
	v = gitcfg_skip_blank(q + 1, le);
	while (ve > v && (ve[-1] == ' ' || ve[-1] == '\t'))
		ve--;
	if (kl == 8 && strncasecmp(k, "strategy", 8) == 0)
		return own_strategy(v, (size_t)(ve - v));
	return kl == 15 && strncasecmp(k, "strategy-option", 15) == 0 &&
	       !memchr(v, '\\', (size_t)(ve - v)) && !memchr(v, '"', (size_t)(ve - v)) &&
	       !holds_strategy(v, ve);
}

bool gitcfg_seqopts_ok(const char *buf, size_t len, char *why, size_t whylen)
{
	const char *p = buf, *end = buf + len;

	if (len > GITCFG_MAX_SIZE || memchr(buf, '\0', len)) {
		strategy_why(why, whylen, "a sequencer options file too large or with a NUL");
		return false;
	}
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p)), *le = nl ? nl : end;

		if (holds_strategy(p, le) && !strategy_line_ok(p, le)) {
			strategy_why(why, whylen, "a sequencer options file");
			return false;
		}
		p = nl ? nl + 1 : end;
	}
	return true;
}
