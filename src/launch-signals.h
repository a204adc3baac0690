/* launch-signals.h - launch-signals.c and launch-tty.c, for the other
 * launch files (through launch-int.h, after struct supervisor): the
 * terminal, signal dispositions, and passing signals and stops between
 * the command and fsjail's caller. Each function: see there. */
#ifndef FSJAIL_LAUNCH_SIGNALS_H
#define FSJAIL_LAUNCH_SIGNALS_H

#include <stdbool.h>
#include <sys/types.h>

struct supervisor;

void launch_find_tty(struct supervisor *s);
void launch_tty_give(const struct supervisor *s);
bool launch_tty_with_command(const struct supervisor *s);
bool launch_tty_take(const struct supervisor *s);
int launch_signals_install(struct supervisor *s);
void launch_signals_restore(struct supervisor *s);
void launch_signals_note_ignored(struct supervisor *s);
void launch_child_reset_signals(const struct supervisor *s);
void launch_kill_with_default(pid_t to, int sig);
void launch_forward(struct supervisor *s, int sig);
void launch_resume(struct supervisor *s);
bool launch_typed_take(struct supervisor *s, int sig);
void launch_child_stopped(struct supervisor *s, int sig);

#endif
