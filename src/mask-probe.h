/* mask-probe.h - whether mount masks work here (mask.c's probe), and that
 * answer kept in the state folder (mask-probe-cache.c), so that a run need
 * not fork a child, make and tear down a mount namespace to learn it
 * again (issue 12: ~0.4 ms wall a run). Linux; elsewhere there are no
 * masks: the probe says false and nothing is kept. */
#ifndef FSJAIL_MASK_PROBE_H
#define FSJAIL_MASK_PROBE_H

#include <stdbool.h>

/* true when mask_ns_enter() and a tmpfs mount work here: tried once, in a
 * child that shares the caller's memory (spawn_vm(): no page tables copied;
 * the caller's namespaces untouched), by the first call, unless the state
 * folder holds that answer for this boot, binary, ids and namespaces
 * (below); a yes found is stored there. Main thread only.
 * mask_probe_cached(): the yes came from the state folder, not a child. */
void mask_probe_start(void);
bool mask_probe(void);
bool mask_probe_cached(void);

/* true when this process can make a mount namespace (root) or a user and
 * mount namespace for mount masks (a forked child tries, once per
 * process: the answer is kept; call it first from the main thread);
 * FSJAIL_NO_MOUNT_MASKS=1 answers false (tests). */
bool ll_masks_available(void);
/* Run that child now (mask_probe_start()), for a caller that will ask
 * ll_masks_available() later. It is spawned with CLONE_VM | CLONE_VFORK
 * and waited for at once: the caller is suspended until it ends, so the
 * probe overlaps nothing (perf19); only its place in the command moves. */
void ll_masks_prefetch(void);

/* The cache, in $STATE/policy/mask-probe (the compiled-policy cache's
 * folder: ours, writable by nobody else, hidden from the command;
 * FSJAIL_NO_POLICY_CACHE=1 turns it off). Only a yes is kept: a no is
 * asked again every run. The entry is the key alone: fsjail's version and
 * executable, kernel, ABI, euid, egid (policy_cache_key_common()), the
 * boot id, the mount and user namespaces (/proc/self/ns) and the sysctls
 * that allow namespaces; a caller under a seccomp filter (which may refuse
 * unshare) neither reads nor writes it.
 * mask_cache_hit(): true when the entry is there, ours, mode 0600 or
 * stricter, and equal to this process's key (read as hostile input: any
 * doubt is a miss). mask_cache_store(): write it (atomic; errors
 * ignored). Both need the state folder known (policy_cache_set_state()).
 * mask_cache_after_run(refused, quiet): after a run that fsjail refused
 * or could not start (refused: exit 125 with fsjail's error; the mask
 * mounts failing in fsjail-init is one) while the yes came from the cache,
 * remove the entry and say so on stderr unless quiet: the next run probes
 * again. A cached yes is therefore never a weaker fence: the masks it
 * promises are mounted, or the run refuses. */
bool mask_cache_hit(void);
void mask_cache_store(void);
void mask_cache_after_run(bool refused, bool quiet);

#endif
