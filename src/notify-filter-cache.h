/* notify-filter-cache.h - the create hook's BPF program kept in the state
 * folder, so that libseccomp builds it once per set of inputs rather than
 * once per run (notify-filter-cache.c says what the key holds and how an
 * entry is checked). Linux only; internal to the notify-*.c files and the
 * unit tests. */
#ifndef FSJAIL_NOTIFY_FILTER_CACHE_H
#define FSJAIL_NOTIFY_FILTER_CACHE_H

#include <stdbool.h>
#include <stddef.h>

struct notify;
struct sock_filter;

/* Fill nt->prog and nt->prog_len (owned by nt) from the entry for nt's
 * settings (backups: nt->bc; nt->trace). Returns 0, or -1 when there is
 * no state folder, no entry, or one that is not ours, not for these
 * inputs, damaged, or fails notify_filter_check() (nt untouched). */
int notify_filter_cache_load(struct notify *nt);
/* Keep nt's program as the entry for its settings; failures are silent
 * (the next run builds it again). */
void notify_filter_cache_store(const struct notify *nt);

/* The entry's bytes for prog (len instructions) and settings (caller
 * frees, *n bytes); and the parse back: 0 with *prog (caller frees) and
 * *len, or -1. Exposed for the unit tests. */
unsigned char *notify_filter_cache_format(const struct sock_filter *prog, unsigned short len,
					  bool wide, bool trace, size_t *n);
int notify_filter_cache_parse(const unsigned char *buf, size_t n, bool wide, bool trace,
			      struct sock_filter **prog, unsigned short *len);

#endif
