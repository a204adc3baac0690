/* repometa-rule.h - the protected rule "repository-metadata" that the
 * refusals of git's metadata name (repometa-rule.c): the listener's, the
 * one `fsjail explain` shows, and the policy's (repometa_add_rules(),
 * defined in repometa-rule.c too). */
#ifndef FSJAIL_REPOMETA_RULE_H
#define FSJAIL_REPOMETA_RULE_H

#include "policy.h"

/* The listener's rule (protected level, origin "listener"), with its
 * note: what it protects and the config switch that turns it off. */
extern const struct fsj_rule repometa_rule;

#endif
