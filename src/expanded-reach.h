/* expanded-reach.h - whether a new entry of an expanded folder is reached
 * for every capability the folder was expanded for (landlock-emit.c): the
 * folder holds no Landlock rule for those, so a name made there after the
 * ruleset is granted them only where the seccomp listener performs the
 * call (fsj_listener_carries(), inforce.h). What `fsjail status` and
 * `fsjail explain` say of such a folder (att26: "the listener makes new
 * entries there" was said of a folder expanded for read, where a made file
 * could not be read back). */
#ifndef FSJAIL_EXPANDED_REACH_H
#define FSJAIL_EXPANDED_REACH_H

#include <stdbool.h>

#include <cjson/cJSON.h>

#include "landlock.h"

/* The capabilities (FSJ_CAPBIT mask) a folder was expanded for, read from
 * why, its reason in the plan (ll_plan_expansions()): expansion_reason()
 * begins each of its "; "-joined reasons with the capability's name. A
 * path inside a reason can only add a capability (fail closed). why NULL,
 * or naming none: every capability. */
unsigned expanded_caps(const char *why);

/* What becomes of a new entry of a folder expanded for why (as above)
 * when the run's listener carries the capabilities in carried (0: no
 * listener), as a new string (caller frees): "the listener makes new
 * entries there, refusing the denied names only" when carried holds every
 * one; "new entries there are unreachable" when carried is 0; else the
 * capabilities it lacks ("new entries there are unreachable for read,
 * execute (...)"). *reached, when not NULL, is set to whether
 * carried holds every one. */
char *expanded_new_entries(const char *why, unsigned carried, bool *reached);

/* `fsjail explain`'s note on folder at when plan expanded it, as a new
 * string (caller frees): "its folder 'AT' is expanded, " and
 * expanded_new_entries()'s text (after "but " when reached) and why it was
 * expanded; NULL when plan did not expand at. */
char *expanded_folder_note(const struct ll_plan *plan, const char *at, unsigned carried);

/* Add to e "new_entries": "listener" when carried holds every capability
 * why names, else "unreachable", and "note": expanded_new_entries()'s
 * text (`fsjail status --json`, fsjail-json(7)). */
void expanded_reach_json(cJSON *e, const char *why, unsigned carried);

#endif
