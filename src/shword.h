/* shword.h - shell words for the command-effects analyser (shword.c,
 * shword-lookup.c, shword-known.c); included by effects-int.h after the
 * types it names. Everything returned is owned by the analysis arena;
 * nothing here fails: what the text does not show stays run-time. */
#ifndef FSJAIL_SHWORD_H
#define FSJAIL_SHWORD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <tree_sitter/api.h>

struct an;
struct sh;
struct word;

/* shword.c: a known word as a normalised absolute path (NULL when empty
 * or relative to an unknown cwd); the folder a run-time operand lies in
 * (shword_anchor: its literal folder prefix, "/" when its head is
 * run-time, else cwd); a word evaluated; the tail of a word from byte off;
 * a synthetic run-time operand (find's {}, a clone's folder, "." ...). */
const char *shword_path(struct an *a, const char *cwd, const char *lit, size_t len);
const char *shword_anchor(struct an *a, const char *cwd, const struct word *w);
struct word *shword_eval(struct an *a, const struct sh *sh, TSNode n);
struct word *shword_tail(struct an *a, const struct word *w, size_t off);
struct word *shword_unknown(struct an *a, const char *text, uint32_t start, uint32_t end);

/* shword-lookup.c: name through PATH (NULL, *unknown set when a part of
 * PATH is not known); the PATH an assignment's value v sets. */
const char *shword_lookup(struct an *a, const struct sh *sh, const char *cwd,
			       const char *name, bool *unknown);
const char *shword_path_value(struct an *a, const struct sh *sh, TSNode v);

/* shword-known.c: the value of the parameter expansion n when the
 * analysis knows it as bash would expand it ($HOME, ${HOME} from the home
 * directory; $PWD, ${PWD} from the shell's tracked folder), else NULL.
 * Only a value without blanks or glob characters (no word splitting, no
 * pathname expansion to follow). */
const char *shword_known_param(struct an *a, const struct sh *sh, TSNode n);
/* Whether the expansion n ($NAME, ${NAME}) is of a variable the text
 * being walked (a->src) sets before n, and only ever to a plain relative
 * name (`d=build`, `for f in *.txt a`: no slash, no "..", no ~, nothing
 * run-time, not empty): its value lies in the working folder. False for
 * anything else (the environment's variables, $1, ${X:-..}, read's). The
 * table of a text's assignments is built once, in the arena. */
bool shword_relative_param(struct an *a, TSNode n);
/* The value of the expansion n when the text sets that variable before n
 * to one plain relative name only, and that name has no blank or glob
 * character (`D=.git; echo x > $D/config`): the path is then decided where
 * bash puts it, as a literal; else NULL. */
const char *shword_line_param(struct an *a, TSNode n);

#endif
