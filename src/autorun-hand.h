/* autorun-hand.h - what each kind of word of a hook's command makes (for
 * autorun-words.c, which places the words): autorun-hand.c. */
#ifndef FSJAIL_AUTORUN_HAND_H
#define FSJAIL_AUTORUN_HAND_H

#include <stdbool.h>

#include "autorun-words.h"

/* Hand word (borrowed), of kind, to sp->take: from the folder a cd left
 * the command in (a script, a module: from the script's folder), named
 * by its place or shape; shell text is parsed again (sp->nest deeper,
 * AW_NEST_MAX at most), code scanned for the files it loads, a folder
 * option (uv --directory) noted in sp->dir. Never fails (out of memory
 * aborts). */
void aw_hand(struct aw_split *sp, const char *word, enum aw_kind kind, bool glob);

/* An ac_each for code's files (arg: the struct aw_split): each a script. */
void aw_loaded(void *arg, const char *rel, bool glob);

/* At the end of a command whose program is a task runner (npm, make...):
 * each of the files it reads its tasks from, in the folder its option
 * names (npm --prefix, make -C) or the current one, to sp->runner (when
 * set). Nothing for any other program. */
void aw_runner(struct aw_split *sp);

#endif
