/* prog-notfound.h - execute of a program the PATH search does not find
 * (effects.h, FSJ_EFFECT_NOT_FOUND): the shell answers 127 and runs
 * nothing, unless the line may make the program first. */
#ifndef FSJAIL_PROG_NOTFOUND_H
#define FSJAIL_PROG_NOTFOUND_H

#include <stdbool.h>

struct an;
struct inv;

/* The execute effect of iv's program (argv[0], no slash) when the PATH
 * search found no file; unknown: the search met a PATH element whose
 * value is not known (shword_lookup()). Adds to a->out one effect:
 * a not-found execute (path NULL) when the search was certain and no
 * earlier effect of the line may have made the program; otherwise, as
 * before, an unresolved execute in the working directory (fail closed:
 * it is decided on a folder). Nothing is returned; memory is a's. */
void prog_exec_not_found(struct an *a, const struct inv *iv, bool unknown);

#endif
