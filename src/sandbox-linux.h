/* sandbox-linux.h - what the Landlock backend adds around ll_apply() on
 * Linux, in the forked child before exec (DESIGN.md section 7):
 *   - network: deny as no network at all (netdeny.h);
 *   - execute as execute: Landlock's EXECUTE governs execve(2) only, so a
 *     folder without execute could still have its files mapped executable
 *     (`ld.so /folder/binary`, mmap(PROT_EXEC)). In a private mount
 *     namespace every mount becomes noexec (MOUNT_ATTR_NOEXEC, recursive),
 *     and each "exec area" - a maximal path the plan grants EXECUTE on - is
 *     laid over itself as a recursive clone taken before, which keeps the
 *     exec it had. The kernel then refuses exec mappings (and execve)
 *     exactly where Landlock refuses execve: a nested execute grant inside
 *     a folder without it is an area of its own, and nothing inside an
 *     area is made noexec, as Landlock's rights are inherited downwards.
 * Sources: mount_setattr(2), open_tree(2), move_mount(2); the loader maps
 * its program with mmap(PROT_EXEC), which fails with EPERM on a noexec
 * mount (mm/mmap.c, path_noexec()). */
#ifndef FSJAIL_SANDBOX_LINUX_H
#define FSJAIL_SANDBOX_LINUX_H

#include <stdbool.h>
#include <stddef.h>

#include "config.h"
#include "landlock.h"
#include "netdeny.h"
#include "util.h"

/* More exec areas than this and the noexec layer is not laid (each is two
 * mounts; a plan this fragmented comes from a huge expansion): status and
 * compile say execute mappings are then not enforced. */
#define SANDBOX_LINUX_AREAS_MAX 256

struct sandbox_linux {
	enum netdeny_method net; /* NETDENY_NONE unless network: deny */
	bool noexec;             /* lay the noexec layer (areas below) */
	char *noexec_why;        /* execute is handled but no layer: why; else NULL */
	bool noexec_refuse;      /* ... and that weakens the policy: run refuses (gaps) */
	char **areas;            /* maximal exec-granted paths, sorted */
	size_t n_areas;
	char **holes;            /* noexec again beneath an area (noexec-fold.h) */
	size_t n_holes;
};

/* Work out, in the parent, what sandbox_linux_apply() will do for plan
 * with network setting net; namespaces: ll_masks_available() (a user or
 * mount namespace can be made). Fills *out (release with
 * sandbox_linux_release()); never fails. */
void sandbox_linux_prepare(const struct ll_plan *plan, enum fsj_network net, bool namespaces,
			   struct sandbox_linux *out);
void sandbox_linux_release(struct sandbox_linux *sl);

/* In the child, before ll_apply(): enter the network and mount namespaces
 * needed (unshare(2) directly where the process has CAP_SYS_ADMIN, else in
 * a new user namespace), bring loopback up, lay the noexec layer; then,
 * unless masks_follow (ll_apply() will seal after its masks), drop
 * CAP_SYS_ADMIN and re-enter the working directory by name (mask_seal());
 * or load the seccomp network filter. Returns 0, or -1 with err set: the
 * caller must not exec. */
int sandbox_linux_apply(const struct sandbox_linux *sl, bool masks_follow, struct fsj_error *err);

/* Lines for sandbox_gaps(): a network: deny nothing enforces goes to
 * refuse (returns 1), execute mappings left open to notes. */
int sandbox_linux_gaps(const struct sandbox_linux *sl, struct strbuf *refuse, struct strbuf *notes);

/* For `fsjail compile`: one line per decision. */
void sandbox_linux_dump(const struct sandbox_linux *sl, FILE *out);

#endif
