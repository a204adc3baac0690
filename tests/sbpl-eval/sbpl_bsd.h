/* sbpl_bsd.h - the evaluator's model of what (import "bsd.sb") gives
 * (sbpl_bsd.c), read by sbpl_eval.c as if it were a profile. */
#ifndef FSJAIL_SBPL_BSD_H
#define FSJAIL_SBPL_BSD_H

/* SBPL text; static storage, never freed. */
extern const char sbpl_eval_bsd_model[];

#endif
