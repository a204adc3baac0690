/* ask-card.h - the lines of the ask card (ask.c) for the effects that
 * have no missing pair of their own. Moved out of ask.c by
 * responsibility. */
#ifndef FSJAIL_ASK_CARD_H
#define FSJAIL_ASK_CARD_H

#include <stdio.h>

#include "effects-decide.h"

/* Writes to tty one line for each effect of fx that chk leaves missing
 * and that the card's list of missing pairs does not show by its own
 * path: a path computed when the command runs (unresolved), code fsjail
 * cannot read (opaque), and a change the listener checks only when the
 * command runs (a guard that may come: git rebase -i's todo list), with
 * the listener's why-note, so that a card never asks about nothing it
 * names. Everything written comes from the command line and is escaped
 * (str_printable(), fsj_put_term()). Borrows fx and chk; errors are
 * tty's. */
void ask_card_effects(FILE *tty, const struct fsj_effects *fx, const struct fsj_check *chk);

#endif
