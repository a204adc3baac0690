/* effects-decide-link.c - a link the line makes, decided as the run
 * decides it (effects-decide-link.h). */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "effects-decide-link.h"
#include "linkto.h"
#include "refer-caps.h"
#include "path.h"
#include "util.h"

static bool set(struct fsj_effect_decision *d, enum fsj_verdict v, const struct fsj_decision *dec,
		char *why)
{
	d->verdict = v;
	d->level = dec ? dec->level : FSJ_LEVEL_DEFAULT;
	d->rule = dec ? dec->rule : NULL;
	free(d->why);
	d->why = why;
	return true;
}

/* A symbolic link at e->path with text e->link: linkto.h's test on where
 * it leads from its folder (links that exist followed, the rest lexical). */
static bool symbolic(const struct fsj_policy *pol, const struct fsj_effect *e,
		     struct fsj_effect_decision *d)
{
	cleanup_free char *dir = path_dirname(e->path), *lex = NULL, *target = NULL;
	struct fsj_decision dec = { 0 };
	struct stat st;
	const char *why;

	if (!e->link)
		return set(d, FSJ_VERDICT_MISSING, NULL,
			   xstrdup("a symbolic link whose text is known only at run time: the "
				   "run refuses one that leads to a protected path"));
	if (linkto_text_redirectable(e->link))
		return set(d, FSJ_VERDICT_REFUSED, NULL,
			   xasprintf("a symbolic link whose text climbs out of a name with '..': %s",
				     e->link));
	if (!e->link[0] || path_normalize(e->link, strlen(e->link), NULL, dir, &lex) != PATH_OK)
		return false; /* ln refuses an empty text; the rest the kernel answers */
	target = path_resolve(lex);
	why = linkto_refused(pol, target, lstat(target, &st) == 0, &dec);
	if (!why)
		return false;
	return set(d, FSJ_VERDICT_REFUSED, &dec, xasprintf("%s: %s", why, e->link));
}

/* A hard link at e->path to the file e->link: the new name may grant no
 * right of the file that the old one lacks (refer_caps(): read, write,
 * execute, and connect for a socket), as the run's listener and broker
 * decide (notify-refer.c). */
static bool hard(const struct fsj_policy *pol, const struct fsj_effect *e,
		 struct fsj_effect_decision *d)
{
	cleanup_free char *old_r = NULL, *new_r = NULL;
	struct stat st;
	unsigned caps;

	if (!e->link)
		return set(d, FSJ_VERDICT_MISSING, NULL,
			   xstrdup("a hard link to a file known only at run time: the run refuses "
				   "one whose new name grants more than the old"));
	caps = refer_caps(lstat(e->link, &st) == 0 ? st.st_mode : S_IFREG);
	old_r = path_resolve(e->link);
	new_r = path_resolve(e->path);
	for (int c = 0; c < FSJ_CAP_COUNT; c++) {
		struct fsj_decision o, n;

		if (!(caps & FSJ_CAPBIT(c)))
			continue;
		policy_decide(pol, e->link, old_r, (enum fsj_cap)c, &o);
		policy_decide(pol, e->path, new_r, (enum fsj_cap)c, &n);
		if (n.allowed && !o.allowed)
			return set(d, FSJ_VERDICT_REFUSED, &o,
				   xasprintf("a hard link: its new name would grant %s, which %s "
					     "lacks",
					     fsj_cap_name((enum fsj_cap)c), e->link));
	}
	return false;
}

bool decide_link(const struct fsj_policy *pol, const struct fsj_effect *e,
		 struct fsj_effect_decision *d)
{
	if (e->status != FSJ_EFFECT_RESOLVED || !e->path || e->cap != FSJ_CAP_CREATE)
		return false;
	if (e->link_kind == FSJ_LINK_SYMBOLIC)
		return symbolic(pol, e, d);
	if (e->link_kind == FSJ_LINK_HARD)
		return hard(pol, e, d);
	return false;
}
