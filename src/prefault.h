/* prefault.h - the pages a command of fsjail will touch anyway, mapped in
 * a few madvise(2) calls (Linux 5.14: MADV_POPULATE_READ and _WRITE)
 * instead of one page fault each (issue 12's benchmark).
 *
 * Why: where a page fault is dear (a paravirtualised guest: ~16 us a
 * fault against ~1.4 us a system call, measured on the CI machine of
 * session 26), `fsjail run -- /bin/true` took ~470 faults, ~7 ms of its
 * ~27. Nothing here changes what any page holds: the kernel maps what a
 * first touch would have mapped (the file's pages, zeroed pages, the
 * private copy a write after fork(2) makes). On another system, an older
 * kernel, or with FSJAIL_NO_PREFAULT set (not empty) in the environment, nothing is
 * done and the pages are faulted in one at a time as before. */
#ifndef FSJAIL_PREFAULT_H
#define FSJAIL_PREFAULT_H

/* At the start of main(), before anything is allocated: every loaded
 * object's read-only segments mapped from the page cache, and the
 * allocator's heap made with PREFAULT_HEAP_PAD bytes above its first
 * allocation (mallopt(3) M_TOP_PAD; never trimmed below
 * PREFAULT_TRIM_AT) and mapped writable. No errors: a call that fails
 * leaves those pages to be faulted in. */
void prefault_start(void);

/* Around the fork(2) of `run`'s supervisor, which has one thread then:
 * before it, the heap above what is in use (the allocator's free top
 * chunk, its header excepted: prefault_start() mapped it) is marked
 * MADV_WIPEONFORK, so the child gets it as fresh zeroed pages and the
 * parent keeps it writable; right after it, in both processes, the mark
 * is taken off (MADV_KEEPONFORK: a later fork copies everything as
 * usual). Without it every page of that pad the supervisor allocates
 * after the fork would cost a copy-on-write fault (~47 us each on the
 * CI machine of session 26, three times a fresh page's). Nothing that
 * is allocated lies in the marked part, and the content of free memory
 * is never read, so both processes see what they saw. No errors: a call
 * that fails marks nothing. */
void prefault_before_fork(void);
void prefault_after_fork(void);

#endif
