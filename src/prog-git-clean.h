/* prog-git-clean.h - the nested repositories `git clean -f -f` removes
 * (prog-git-clean.c). */
#ifndef FSJAIL_PROG_GIT_CLEAN_H
#define FSJAIL_PROG_GIT_CLEAN_H

#include "prog-git.h"

/* Emit a recursive delete of each folder beneath from (absolute) that
 * holds a .git folder of its own and that the index of g does not track
 * (a gitlink or files beneath it): git clean given -f twice removes such
 * a nested repository, hooks and config included, which the run refuses
 * (repository-metadata). The walk stops at PROG_GIT_CLEAN_MAX entries;
 * what lies past them is not looked at. */
void prog_git_clean_nested(struct git *g, const char *from);

#endif
