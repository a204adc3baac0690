/* mask-probe.c - whether mount masks work here (mask-probe.h): a child
 * sharing fsjail's memory makes a mount namespace and a tmpfs, unless the
 * state folder keeps the answer (mask-probe-cache.c). Out of mask.c. */
#include "mask-probe.h"

#include "util.h"

#ifdef __linux__
#include <errno.h>
#include <stdbool.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "mask-int.h"
#include "mask.h"
#include "spawn-vm.h"

static int probe_ok = -1; /* mask_probe_start()'s answer; -1: not run yet */
static bool probe_cached; /* probe_ok came from the state folder (mask-cache.h) */

/* The probe: it shares fsjail's memory (spawn_vm): system calls only. */
static int probe_child(void *arg)
{
	(void)arg;
	_exit(mask_ns_enter(NULL) < 0 || mask_tmpfs_make(false) < 0 ? 1 : 0);
}

void mask_probe_start(void)
{
	int status = 0;
	pid_t pid;

	if (probe_ok >= 0)
		return;
	if ((probe_cached = mask_cache_hit())) {
		probe_ok = 1;
		return;
	}
	pid = spawn_vm(probe_child, NULL, 64 * 1024);
	while (pid > 0 && waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			pid = -1;
	probe_ok = pid > 0 && WIFEXITED(status) && WEXITSTATUS(status) == 0;
	if (probe_ok)
		mask_cache_store();
}

bool mask_probe_cached(void)
{
	return probe_ok == 1 && probe_cached;
}

bool mask_probe(void)
{
	mask_probe_start();
	return probe_ok == 1;
}

#else /* !__linux__ */

void mask_probe_start(void)
{
}

bool mask_probe(void)
{
	return false;
}

bool mask_probe_cached(void)
{
	return false;
}
#endif

bool ll_masks_available(void)
{
	/* asked by the probe key, the broker's fence and the sandbox: one
	 * forked child answers for the whole command (issue 18), so the three
	 * always agree */
	static int known = -1;

	if (env_flag("FSJAIL_NO_MOUNT_MASKS"))
		return false;
	if (known < 0)
		known = mask_probe();
	return known;
}

void ll_masks_prefetch(void)
{
	if (!env_flag("FSJAIL_NO_MOUNT_MASKS"))
		mask_probe_start();
}
