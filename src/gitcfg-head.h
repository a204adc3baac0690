/* gitcfg-head.h - is what the command wants in a protected <gitdir>/HEAD
 * one valid ref or object id? (notify-gitcfg.c lands it.) Pure, as
 * gitcfg.h, which includes it. */
#ifndef FSJAIL_GITCFG_HEAD_H
#define FSJAIL_GITCFG_HEAD_H

#include <stdbool.h>
#include <stddef.h>

/* buf (len bytes) is what the command wants <gitdir>/HEAD to hold (git's
 * HEAD.lock renamed over HEAD). True only for one line, ending in '\n',
 * that is either "ref: refs/NAME" with NAME of [A-Za-z0-9._/+@-], no
 * "..", no empty or dot-led component (refs.c check_refname_format(),
 * stricter), or a SHA-1 or SHA-256 object id (40 or 64 lowercase hex
 * digits). Any other content could make git's discovery reject the gitdir
 * (setup.c validate_headref()) and walk on to a folder the command
 * shaped. *why as for gitcfg_branch_only_change(). */
bool gitcfg_head_ok(const char *buf, size_t len, const char **why);

#endif
