/* shword-lookup.c - PATH as the shell uses it, for the command-effects
 * analyser: a program name looked up through PATH, and the PATH an
 * assignment sets (moved out of shword.c, which evaluates words). */
#include <stdlib.h>
#include <string.h>

#include "effects-int.h"

/* Look name up through PATH as the shell would: the first element holding
 * an executable regular file; an empty element is the working directory.
 * Returns the path, or NULL with *unknown set when an element whose value
 * is not known comes first (or PATH itself is not known), or NULL when
 * nothing matches. */
const char *shword_lookup(struct an *a, const struct sh *sh, const char *cwd,
			       const char *name, bool *unknown)
{
	const char *p = sh->path;

	*unknown = false;
	/* "." and ".." name folders in every PATH element, never a program
	 * (joined, they would not be normalised paths; found by fuzz_effects) */
	if (!strcmp(name, ".") || !strcmp(name, ".."))
		return NULL;
	if (!p) {
		*unknown = true;
		return NULL;
	}
	for (;;) {
		const char *colon = strchr(p, ':');
		size_t n = colon ? (size_t)(colon - p) : strlen(p);
		const char *dir = NULL;

		if (n == 1 && p[0] == PATH_UNKNOWN_ELEM[0]) {
			*unknown = true;
			return NULL;
		}
		if (n == 0)
			dir = cwd;
		else
			dir = shword_path(a, cwd, p, n);
		if (dir) {
			const char *cand = arena_own(&a->ar, path_join(dir, name));
			if (effects_executable(a, cand))
				return cand;
		}
		if (!colon)
			return NULL;
		p = colon + 1;
	}
}

/* The PATH an assignment's value sets, with elements whose value is not
 * known marked; `$PATH` / `${PATH}` splice in the current one. */
const char *shword_path_value(struct an *a, const struct sh *sh, TSNode v)
{
	struct strbuf sb = STRBUF_INIT;
	TSNode parts[64];
	uint32_t np = 0;

	if (n_is(v, "concatenation") || n_is(v, "string")) {
		uint32_t cnt = ts_node_named_child_count(v);
		if (cnt > 64)
			return NULL;
		for (uint32_t i = 0; i < cnt; i++)
			parts[np++] = ts_node_named_child(v, i);
	} else {
		parts[np++] = v;
	}
	for (uint32_t i = 0; i < np; i++) {
		TSNode c = parts[i];
		const char *txt = n_text(a, c);

		if (n_is(c, "word") || n_is(c, "string_content") || n_is(c, "raw_string") ||
		    n_is(c, "number")) {
			if (n_is(c, "raw_string"))
				sb_add(&sb, txt + 1, strlen(txt) - 2);
			else
				sb_adds(&sb, txt);
		} else if ((strcmp(txt, "$PATH") == 0 || strcmp(txt, "${PATH}") == 0) && sh->path) {
			sb_adds(&sb, sh->path);
		} else {
			sb_adds(&sb, PATH_UNKNOWN_ELEM);
		}
	}
	/* an unknown part glued to literal text makes that element unknown */
	char *s = sb_detach(&sb);
	struct strbuf out = STRBUF_INIT;
	char *save = NULL, *tok;
	bool first = true;
	for (char *q = s;; q = NULL) {
		tok = strtok_r(q, ":", &save);
		if (!tok)
			break;
		if (!first)
			sb_addc(&out, ':');
		first = false;
		sb_adds(&out, strchr(tok, PATH_UNKNOWN_ELEM[0]) ? PATH_UNKNOWN_ELEM : tok);
	}
	free(s);
	return arena_own(&a->ar, sb_detach(&out));
}
