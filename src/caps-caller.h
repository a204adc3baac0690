/* caps-caller.h - lower a supervisor thread's file capabilities to what
 * the process it acts for holds, around one act (caps-caller.c;
 * capabilities(7), user_namespaces(7)). Shared by the seccomp listener
 * (notify-caps.c) and the broker (broker-caller.c): both perform calls
 * for a process of the command with fsjail's own rights. Linux only;
 * elsewhere nothing is held and nothing is lowered. */
#ifndef FSJAIL_CAPS_CALLER_H
#define FSJAIL_CAPS_CALLER_H

#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>

/* What one thread holds: its user namespace and the capabilities of
 * CAPS_CALLER_FILE it has in its effective set. */
struct caps_self {
	dev_t userns_dev; /* nsfs identity of the thread's user namespace */
	ino_t userns_ino;
	bool have_userns;
	uint64_t file_caps; /* bit n: capability n (CAPS_CALLER_FILE only) */
};

/* The capabilities that pass over file permissions and ownership:
 * CAP_CHOWN, CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH, CAP_FOWNER,
 * CAP_FSETID. */
#define CAPS_CALLER_FILE 0x1fULL

/* In the thread that will act, once: fill s (no capability held where
 * they cannot be read). No error. */
void caps_self_setup(struct caps_self *s);

/* Before acting for a caller: clear from this thread's effective set
 * the capabilities of s->file_caps that the caller lacks (caller_eff,
 * its effective set), or all of them when the caller, whose /proc/PID
 * folder procfd is (O_PATH; -1: unknown), is in another user namespace
 * than s's or that cannot be told (its capabilities act on the host's
 * files only in the same one). Returns 1 with *saved (the effective set
 * before, for caps_caller_restore()), 0 when nothing was cleared, or -1
 * with errno when they could not be cleared (the caller refuses). */
int caps_caller_lower(const struct caps_self *s, int procfd, uint64_t caller_eff, uint64_t *saved);

/* Put back the effective set caps_caller_lower() saved (a failure leaves
 * the thread with less, and says so on stderr: fails closed). */
void caps_caller_restore(uint64_t saved);

#endif
