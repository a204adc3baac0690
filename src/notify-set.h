/* notify-set.h - what the run tells the interception hook before notify_new()
 * (notify.h): each setting is kept (in notify.c; the rendezvous guard's in
 * notify-rendezvous.c) and taken by the hooks made after it. notify.h
 * includes this header, so its users see the same names. */
#ifndef FSJAIL_NOTIFY_SET_H
#define FSJAIL_NOTIFY_SET_H

#include <stdbool.h>
#include <stddef.h>

struct backup_cycle;
struct ll_plan;

/* Before notify_new(): later hooks save content (backup.h, bc borrowed
 * while they live; NULL: off) and trap calls that change or remove files;
 * trash_home (copied; NULL: none): a pre-existing regular file's unlink is
 * a move to its trash (trash.h) outside the no-trash areas. */
void notify_set_backup(struct backup_cycle *bc, const char *trash_home);

/* Before notify_new(): later hooks also trap reads and executes (every
 * open/openat, execve, execveat) to record the refusals the policy gives
 * them, then let the kernel perform them (notify-trace.c says why that is
 * safe). Costs a round trip to the supervisor per open; off by default. */
void notify_set_trace(bool on);

/* The run's own broker socket (path, stat(2)ed now; NULL: none), which the
 * command may always connect to, as to a socket it bound itself. */
void notify_set_own_socket(const char *path);

/* Before notify_new(): the run's Landlock plan (read now; NULL: none). What
 * it refuses the command, TCP connect and bind and every pty slave but its
 * own terminals (notify-pty.h, att18), the supervisor, which performs the
 * calls it traps outside the command's domain, refuses too (EACCES). */
void notify_set_landlock(const struct ll_plan *plan);

/* Before notify_new(): the config's protect: {repository:} (default
 * true); false turns the listener's repository-metadata rule for the
 * repositories outside the scan off too (notify-repo.c). */
void notify_set_repository(bool protect);

/* Before notify_new(): the template folder git would copy into a new
 * repository (repometa_template_dir(); taken: freed here; NULL: none). A hook the
 * command's git copies from it into a repository the run makes is
 * accepted when its bytes are that folder's and the command can change
 * nothing there (notify-hooktmpl.c). */
void notify_take_git_template(char *dir);

/* Before notify_new(): allow writing a pre-existing regular file with
 * st_nlink > 1 (default false: EACCES, reason "hard link: ..."). */
void notify_set_allow_hardlink_writes(bool allow);

/* Before notify_new(): folders (absolute, up to 8, copied) whose deletes
 * skip the trash; NULL: /tmp, /var/tmp, $TMPDIR (and resolved). */
void notify_set_no_trash_areas(const char *const *paths, size_t n);

/* Before notify_new(): the workspace and the run's private folder (both
 * resolved and copied; NULL: none) for the rendezvous guard
 * (notify-rendezvous.c): the command binds sockets and makes FIFOs in a
 * shared folder only where it made the folder, in the workspace, or in
 * the private folder, and makes nothing at a host program's well-known
 * rendezvous name (tmux's /tmp/tmux-UID, X11's /tmp/.X11-unix, ...). */
void notify_set_rendezvous(const char *workspace, const char *private_dir);

#endif
