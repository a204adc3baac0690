/* refusal-sibling.h - the note of a protected file that a refused lock
 * or temporary sibling stands for (refusal-sibling.c): git config
 * --global is refused at ~/.gitconfig.lock, an editor at ~/.bashrc.swp,
 * a tool that writes then renames at ~/.profile.tmp, and the entry that
 * refused that name (the user-data root's baseline entry, the default)
 * says nothing of why the file it replaces is kept. */
#ifndef FSJAIL_REFUSAL_SIBLING_H
#define FSJAIL_REFUSAL_SIBLING_H

#include "policy.h"

/* When path (absolute) is NAME.lock, NAME.tmp, NAME.new, NAME.swp or
 * NAME~ and pol keeps NAME at the protected level (write refused there)
 * with a note: that note as a new string (caller frees). NULL otherwise
 * or when pol is NULL. No error. */
char *refusal_sibling_note(const struct fsj_policy *pol, const char *path);

#endif
