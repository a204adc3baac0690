/* notify-caps.h - the capabilities the listener performs a trapped call
 * with (notify-caps.c; the work is caps-caller.c's, shared with the
 * broker). */
#ifndef FSJAIL_NOTIFY_CAPS_H
#define FSJAIL_NOTIFY_CAPS_H

#ifdef __linux__
#include <stdint.h>

struct notify;
struct tracee;

/* In the listener thread, once (thread_setup()): note in nt the user
 * namespace the supervisor is in and the capabilities of
 * CAPS_CALLER_FILE it holds (caps_self_setup()). No error. */
void notify_caps_setup(struct notify *nt);

/* Before a call of the caller tr (its identity read, after ID_VALID) is
 * performed: caps_caller_lower() with its /proc folder and effective set
 * (tr->st.cap_eff). Returns 1 with *saved (for notify_caps_restore()), 0
 * when nothing was cleared, or -1 with errno when they could not be
 * cleared (the caller refuses the call). */
int notify_caps_for_caller(const struct notify *nt, const struct tracee *tr, uint64_t *saved);

/* Put back the effective set notify_caps_for_caller() saved
 * (caps_caller_restore(): fails closed). */
void notify_caps_restore(uint64_t saved);
#endif

#endif
