/* notify-caps.h - the capabilities the listener performs a trapped call
 * with (notify-caps.c; capabilities(7), user_namespaces(7)). */
#ifndef FSJAIL_NOTIFY_CAPS_H
#define FSJAIL_NOTIFY_CAPS_H

#ifdef __linux__
#include <stdint.h>

struct notify;
struct tracee;

/* The capabilities that pass over file permissions and ownership. */
#define NOTIFY_FILE_CAPS                                                               \
	((1ULL << CAP_CHOWN) | (1ULL << CAP_DAC_OVERRIDE) | (1ULL << CAP_DAC_READ_SEARCH) | \
	 (1ULL << CAP_FOWNER) | (1ULL << CAP_FSETID))

/* In the listener thread, once (thread_setup()): note in nt the user
 * namespace the supervisor is in and the capabilities of
 * NOTIFY_FILE_CAPS it holds (effective; none where they cannot be read).
 * No error. */
void notify_caps_setup(struct notify *nt);

/* Before a call of the caller tr (its identity read, after ID_VALID) is
 * performed: clear from this thread's effective set the capabilities of
 * NOTIFY_FILE_CAPS that the supervisor holds and the caller lacks (tr->st
 * .cap_eff), or all of them when the caller is in another user namespace
 * than the supervisor's or that cannot be told (its capabilities act on
 * the host's files only in the same one: a root command's
 * unshare(CLONE_NEWUSER) gives it every capability there, and none over
 * the host's files). Returns 1 with *saved (the effective set before, for
 * notify_caps_restore()), 0 when nothing was cleared, or -1 with errno
 * when they could not be cleared (the caller refuses the call). */
int notify_caps_for_caller(const struct notify *nt, const struct tracee *tr, uint64_t *saved);

/* Put back the effective set notify_caps_for_caller() saved (a failure
 * leaves this thread with less, and says so: fails closed). */
void notify_caps_restore(uint64_t saved);
#endif

#endif
