/* prefault.c - pages mapped by a few madvise(2) calls rather than by one
 * page fault each (issue 12's benchmark; prefault.h). */
#include "prefault.h"
#include "procstat.h"

#if defined(__linux__) && defined(__GLIBC__)
#include <link.h>
#include <malloc.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

/* Linux 5.14 (madvise(2)); older headers lack the names, older kernels
 * answer EINVAL, which is ignored. */
#ifndef MADV_POPULATE_READ
#define MADV_POPULATE_READ 22
#endif
#ifndef MADV_POPULATE_WRITE
#define MADV_POPULATE_WRITE 23
#endif

/* Heap kept above what is in use (bytes): the supervisor of `run` with
 * the baseline and no rules file reaches ~520 KiB; a larger rules file
 * grows past it by ordinary faults. */
#define PREFAULT_HEAP_PAD (768u * 1024u)
/* The heap is never given back to the kernel below this (bytes): a trim
 * and a regrow fault the same pages twice. */
#define PREFAULT_TRIM_AT (4u * 1024u * 1024u)

/* Where the main arena's brk(2) heap starts (prefault_start()), 0 when
 * unknown; the part of it marked MADV_WIPEONFORK by prefault_before_fork(),
 * empty when none. */
static uintptr_t heap_base, wiped_start, wiped_end;

/* FSJAIL_NO_PREFAULT set and not empty */
static bool prefault_off(void)
{
	const char *v = getenv("FSJAIL_NO_PREFAULT");

	return v && *v;
}

static uintptr_t page_mask(void)
{
	long pg = sysconf(_SC_PAGESIZE);

	return (uintptr_t)(pg > 0 ? pg : 4096) - 1;
}

/* madvise(advice) on the pages holding [a, a + len): errors ignored (the
 * pages are then faulted in as before). */
static void populate(uintptr_t a, size_t len, int advice)
{
	uintptr_t m = page_mask(), s = a & ~m, e = (a + len + m) & ~m;

	if (len > 0 && e > s)
		(void)madvise((void *)s, e - s, advice);
}

/* dl_iterate_phdr(3) callback: every loaded object's read-only PT_LOAD
 * segments (text, rodata) mapped from the page cache. */
static int map_readonly(struct dl_phdr_info *info, size_t size, void *arg)
{
	(void)size;
	(void)arg;
	for (int i = 0; i < info->dlpi_phnum; i++) {
		const ElfW(Phdr) *p = &info->dlpi_phdr[i];

		if (p->p_type == PT_LOAD && !(p->p_flags & PF_W))
			populate(info->dlpi_addr + p->p_vaddr, p->p_memsz, MADV_POPULATE_READ);
	}
	return 0;
}

void prefault_start(void)
{
	void *volatile first;
	uintptr_t top;

	if (prefault_off())
		return;
	dl_iterate_phdr(map_readonly, NULL);
	(void)mallopt(M_TRIM_THRESHOLD, (int)PREFAULT_TRIM_AT);
	(void)mallopt(M_TOP_PAD, (int)PREFAULT_HEAP_PAD);
	/* one allocation makes the heap (volatile: not optimised away) */
	first = malloc(64);
	free(first);
	top = (uintptr_t)sbrk(0);
	/* one thread yet: mallinfo2(3) counts the main arena only */
	heap_base = top - mallinfo2().arena;
	populate(heap_base, top - heap_base, MADV_POPULATE_WRITE);
}

/* Whether this process has one thread (/proc/self/stat's 20th field):
 * then nothing can allocate between the look and the fork. */
static bool one_thread(void)
{
	char buf[1024];
	const char *p = procstat_read(0, buf, sizeof(buf));

	for (int field = 2; p && field < 20; field++)
		p = strchr(p + 1, ' ');
	return p && strncmp(p, " 1 ", 3) == 0;
}

void prefault_before_fork(void)
{
	uintptr_t m = page_mask(), end = (uintptr_t)sbrk(0), start;
	size_t free_top = mallinfo2().keepcost; /* the main arena's top chunk */

	wiped_start = wiped_end = 0;
	if (prefault_off() || heap_base == 0 || free_top == 0 || end < heap_base + free_top ||
	    !one_thread())
		return;
	/* Only where the top chunk is where glibc keeps it, ending at the
	 * break with its size in its header (low three bits: flags): else
	 * (sbrk(2) moved by others, another allocator) nothing is marked.
	 * The header keeps its content in the child. */
	start = end - free_top;
	if ((*(const size_t *)(start + sizeof(size_t)) & ~(size_t)7) != free_top)
		return;
	start = (start + 2 * sizeof(size_t) + m) & ~m;
	if (start < end && madvise((void *)start, end - start, MADV_WIPEONFORK) == 0) {
		wiped_start = start;
		wiped_end = end;
	}
}

void prefault_after_fork(void)
{
	if (wiped_end > wiped_start)
		(void)madvise((void *)wiped_start, wiped_end - wiped_start, MADV_KEEPONFORK);
	wiped_start = wiped_end = 0;
}

#else

void prefault_start(void)
{
}

void prefault_before_fork(void)
{
}

void prefault_after_fork(void)
{
}

#endif
