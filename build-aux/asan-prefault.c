/* asan-prefault.c - linked first into every program of a build with
 * --enable-sanitizer=address (configure.ac, Makefile.am SANITIZER_OBJ),
 * never into a plain build. It changes no check of ASan, UBSan or LSan:
 * it only maps, in a few madvise(2) calls (Linux 5.14), pages that the
 * sanitizers would otherwise fault in one at a time, each fault dear in
 * a paravirtualised guest (src/prefault.h does the same for the plain
 * build's own pages). Measured on `fsjail run -- /bin/true` (GCC 12):
 * ~290 ms of CPU, ~50 ms less with both parts below (`fsjail check`:
 * ~180, ~40 less).
 *
 * At the start: the .bss of libasan, mapped writable. ASan records the
 * stack of every allocation in its stack depot, a hash table of several
 * MB in that .bss, so every new stack wrote to a page of its own, a
 * fault each (~2,000 in that run).
 *
 * At exit: every writable segment of every loaded object, mapped
 * readable. LeakSanitizer's check at exit reads exactly these for
 * pointers into the heap; most of it is the sanitizer runtimes' .bss
 * that nothing touched (libubsan carries its own depot), ~2,800 faults
 * at every exit of fsjail, of a forked Check case, of a unit test. This
 * runs from an atexit(3) handler registered after the runtime's own
 * (the runtime starts before any constructor; handlers run in reverse),
 * so before the check.
 *
 * MADV_POPULATE_READ and _WRITE map what the first read or write would
 * have mapped (the zero page, the file's page, a zeroed page) and change
 * no byte, so LSan scans the same ranges holding the same words. A call
 * that fails (an older kernel: EINVAL) leaves the pages to be faulted in
 * as before. */
#if defined(__SANITIZE_ADDRESS__)
#include <link.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#ifndef MADV_POPULATE_READ
#define MADV_POPULATE_READ 22
#define MADV_POPULATE_WRITE 23
#endif

/* map_segments: madvise(how) on each writable PT_LOAD segment of the
 * object (LSan's ProcessGlobalRegionsCallback() takes the same), only
 * its .bss (the part past the file's bytes) when bss_only. */
static void map_segments(struct dl_phdr_info *info, int how, int bss_only)
{
	uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);

	for (int i = 0; i < info->dlpi_phnum; i++) {
		const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
		uintptr_t begin = info->dlpi_addr + ph->p_vaddr, end = begin + ph->p_memsz;

		if (ph->p_type != PT_LOAD || !(ph->p_flags & PF_W) || ph->p_memsz == 0)
			continue;
		/* the .bss from its first whole page: the page it shares with
		 * .data is the file's, and RELRO may have made part read-only */
		begin = bss_only ? (begin + ph->p_filesz + page - 1) & ~(page - 1) : begin & ~(page - 1);
		end = (end + page - 1) & ~(page - 1);
		if (end > begin)
			(void)madvise((void *)begin, end - begin, how);
	}
}

static int map_asan_bss(struct dl_phdr_info *info, size_t size, void *data)
{
	(void)size;
	(void)data;
	if (strstr(info->dlpi_name, "/libasan.so"))
		map_segments(info, MADV_POPULATE_WRITE, 1);
	return 0;
}

static int map_for_lsan(struct dl_phdr_info *info, size_t size, void *data)
{
	(void)size;
	(void)data;
	map_segments(info, MADV_POPULATE_READ, 0);
	return 0;
}

static void before_leak_check(void)
{
	dl_iterate_phdr(map_for_lsan, NULL);
}

__attribute__((constructor)) static void asan_prefault_start(void)
{
	dl_iterate_phdr(map_asan_bss, NULL);
	atexit(before_leak_check);
}
#else
/* not an ASan build: nothing to do (ISO C wants a declaration) */
typedef int asan_prefault_unused;
#endif
