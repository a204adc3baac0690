/* state-rec.h - reading the text records of fsjail's own state caches
 * (scan/ in repometa-cache.c, policy/ in policy-cache.c). Their files are
 * hostile input: every reader here stops at the end of the buffer, takes
 * bounded numbers and lengths, and answers false on any doubt. Not
 * thread-safe per cursor; no allocation but the strings returned. */
#ifndef FSJAIL_STATE_REC_H
#define FSJAIL_STATE_REC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* A read position in [p, end): the caller's buffer, not owned. */
struct srec_cursor {
	const char *p, *end;
};

/* FNV-1a 64 of n bytes at p, continuing from h (start with
 * SREC_FNV_START): the file names of the caches, not a defence. */
#define SREC_FNV_START 0xcbf29ce484222325ULL
uint64_t srec_fnv1a(uint64_t h, const void *p, size_t n);

/* A decimal number of 1 to 19 digits at c, then the byte sep; c moves
 * past sep. Returns false (c anywhere) when there is no such number. */
bool srec_num(struct srec_cursor *c, unsigned long long *out, char sep);

/* A string "LEN:BYTES" of at most max bytes without a NUL, or, when
 * null_ok, "-:" for none; then the byte sep. Returns the string (owned by
 * the caller; NULL for "-:") with *ok true, or NULL with *ok false on any
 * doubt. */
char *srec_str(struct srec_cursor *c, size_t max, bool null_ok, char sep, bool *ok);

#endif /* FSJAIL_STATE_REC_H */
