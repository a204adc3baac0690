/* autorun-vars.h - the variables the tools set to the project's folder
 * when they run a hook ($CLAUDE_PROJECT_DIR and the like), for
 * autorun-words.c to read a hook's command with. */
#ifndef FSJAIL_AUTORUN_VARS_H
#define FSJAIL_AUTORUN_VARS_H

/* The size of av_project()'s array: NAME, VALUE pairs and a NULL. */
#define AV_VARS (2 * 4 + 1)

/* Fill vars (shcmds_visit.vars' shape: NAME, VALUE pairs, NULL-ended)
 * with each variable's name and ws (borrowed: vars holds it). No error. */
void av_project(const char *ws, const char *vars[AV_VARS]);

#endif
