/* effects-literal.c - paths named in the text of opaque code, against the
 * policy's refusing rules (effects-literal.h). */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "effects-decide.h"
#include "effects-glob.h"
#include "effects-literal.h"
#include "path.h"
#include "util.h"

/* Words looked at in one text at most (the text is FSJ_EFFECT_TEXT_MAX
 * bytes already: a bound on the work, not a limit met in practice). */
#define LITERAL_WORDS_MAX 128

/* Bytes that end a word of code: blanks, quotes, brackets, operators. */
static const char SEP[] = " \t\n\r'\"`()[]{},;:=<>|&+!?$\\";

/* Whether pol (one rule) may refuse a capability on the absolute path p. */
static bool rule_reaches(const struct fsj_policy *pol, const char *p)
{
	static const enum fsj_cap caps[] = { FSJ_CAP_READ, FSJ_CAP_WRITE, FSJ_CAP_CREATE,
					     FSJ_CAP_DELETE };
	struct fsj_effect t = { 0 };
	const struct fsj_rule *r = NULL;
	char root[] = "/";

	t.status = FSJ_EFFECT_UNRESOLVED;
	t.path = root;
	t.pattern = xstrdup(p + 1);
	for (size_t i = 0; !r && i < sizeof(caps) / sizeof(caps[0]); i++)
		r = effects_glob_reaches(pol, &t, caps[i], NULL, NULL);
	free(t.pattern);
	return r != NULL;
}

/* The rule that may refuse a capability on the absolute path p: only
 * those of the workspace and the home folder (repository metadata, shell
 * start-up files, the user's denies). Code names system paths all the
 * time (`--prefix=/usr/local`, /etc/hosts), and the kernel holds those
 * for code it cannot read. */
static const struct fsj_rule *path_reaches(const struct fsj_policy *pol, const char *p,
					   const char *home)
{
	if (strcmp(p, "/") == 0)
		return NULL; /* "/" alone: a division, a separator */
	for (size_t i = 0; i < pol->n_rules; i++) {
		const struct fsj_rule *r = &pol->rules[i];
		struct fsj_rule copy = *r;
		struct fsj_policy one = *pol;

		if (!(pol->workspace && path_covers(pol->workspace, r->path)) &&
		    !(home && *home == '/' && strcmp(home, "/") != 0 && path_covers(home, r->path)))
			continue;
		one.rules = &copy;
		one.n_rules = 1;
		if (rule_reaches(&one, p))
			return r;
	}
	return NULL;
}

const struct fsj_rule *effects_literal_reaches(const struct fsj_policy *pol,
					       const struct fsj_effect *e, const char *home,
					       char **path)
{
	const char *s;
	size_t words = 0;

	if (path)
		*path = NULL;
	if (e->status != FSJ_EFFECT_OPAQUE || !e->path || !e->text)
		return NULL;
	for (s = e->text; *s && words < LITERAL_WORDS_MAX;) {
		size_t n = strcspn(s, SEP);
		char *abs = NULL;
		const struct fsj_rule *r = NULL;
		struct stat st;

		if (n == 0) {
			s++;
			continue;
		}
		words++;
		/* a word with a slash, or a name there now (.env, docs); not
		 * the working folder or one above it ('.', os.listdir('..')) */
		if (path_normalize(s, n, home, e->path, &abs) == 0 && !path_covers(abs, e->path) &&
		    (memchr(s, '/', n) || lstat(abs, &st) == 0))
			r = path_reaches(pol, abs, home);
		if (r) {
			if (path)
				*path = abs;
			else
				free(abs);
			return r;
		}
		free(abs);
		s += n;
	}
	return NULL;
}

bool effects_literal_decide(const struct fsj_policy *pol, const struct fsj_effect *e,
			    const char *home, struct fsj_effect_decision *d)
{
	char *p = NULL;
	const struct fsj_rule *r = effects_literal_reaches(pol, e, home, &p);

	if (!r)
		return false;
	d->level = fsj_source_level(r->source);
	d->rule = r;
	d->verdict = FSJ_VERDICT_MISSING; /* may: asks, no grant lifts it */
	d->why = xasprintf("the code names %s, which %s may refuse", p, r->path);
	free(p);
	return true;
}
