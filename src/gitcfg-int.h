/* gitcfg-int.h - what the config readers gitcfg-inert.c and
 * gitcfg-strategy.c share. */
#ifndef FSJAIL_GITCFG_INT_H
#define FSJAIL_GITCFG_INT_H

/* p moved past the blanks (space, tab) before end. */
static inline const char *gitcfg_skip_blank(const char *p, const char *end)
{
	while (p < end && (*p == ' ' || *p == '\t'))
		p++;
	return p;
}

#endif
