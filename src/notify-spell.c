/* notify-spell.c - the host spellings of held folders (notify-spell.h). */
#ifdef __linux__
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "absentid.h"
#include "notify-int.h"
#include "path.h"
#include "util.h"

bool nj_spell_note(struct job *j, const struct loc *l, enum fsj_cap cap)
{
	const struct absentid *t = absentid_run();
	char *got[NJ_SPELL_MAX];
	cleanup_free char *dir = NULL;
	int n;

	if (!t || l->parent < 0 || !l->path)
		return true;
	dir = path_dirname(l->path);
	for (size_t i = 0; i < j->n_spell; i++)
		if (strcmp(j->spell[i].from, dir) == 0)
			return true; /* the same folder, noted by the call's other lookup */
	n = absentid_spell(t, l->parent, dir, got, NJ_SPELL_MAX - j->n_spell);
	if (n < 0) {
		nj_refuse(j, cap, l->path,
			  errno == E2BIG ? "its folder has too many spellings to decide on"
					 : "its folder cannot be identified (a rule at another "
					   "mount of it could not be found)",
			  EACCES, NULL);
		return false;
	}
	for (int i = 0; i < n; i++)
		j->spell[j->n_spell++] = (struct nj_spelling){ xstrdup(dir), got[i] };
	return true;
}

char *nj_spelled(const struct job *j, const char *path, size_t *it)
{
	for (; path && *it < j->n_spell; (*it)++) {
		const struct nj_spelling *s = &j->spell[*it];

		if (path_covers(s->from, path)) {
			const char *rest = path + (strcmp(s->from, "/") == 0 ? 0 : strlen(s->from));

			(*it)++;
			if (!*rest)
				return xstrdup(s->to);
			return strcmp(s->to, "/") == 0 ? xstrdup(rest) : xasprintf("%s%s", s->to, rest);
		}
	}
	return NULL;
}

void nj_spell_release(struct job *j)
{
	for (size_t i = 0; i < j->n_spell; i++) {
		free(j->spell[i].from);
		free(j->spell[i].to);
	}
	j->n_spell = 0;
}

#else
/* ISO C wants at least one declaration in a translation unit. */
typedef int notify_spell_not_this_system;
#endif /* __linux__ */
