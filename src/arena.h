/* arena.h - every allocation of one piece of work, freed at once. */
#ifndef FSJAIL_ARENA_H
#define FSJAIL_ARENA_H

#include <stdbool.h>
#include <stddef.h>

/* Zero-initialise ({0}); release with arena_release(). */
struct arena {
	void **p;
	size_t n, cap;
};

/* size zeroed bytes (at least 1), owned by ar; aborts on out of memory
 * (xcalloc). */
void *arena_alloc(struct arena *ar, size_t size);
/* A NUL-terminated copy of n bytes of s, owned by ar. */
char *arena_strndup(struct arena *ar, const char *s, size_t n);
char *arena_strdup(struct arena *ar, const char *s);
/* Take ownership of s (malloc'd); returns s. */
char *arena_own(struct arena *ar, char *s);
/* An array of n elements grown in an arena: full (a new one of
 * arena_grown(n) elements is needed before adding) at 0, 8, 16, 32, ...
 * The arena frees nothing before the end, so the array doubles: n
 * elements cost O(n) memory, where growing by a constant step cost n^2
 * (issue 19: one `rm` of 30,000 operands took gigabytes). */
static inline bool arena_full(size_t n)
{
	return n == 0 || (n >= 8 && (n & (n - 1)) == 0);
}
static inline size_t arena_grown(size_t n)
{
	return n ? 2 * n : 8;
}
/* Free everything ar owns; ar is empty and reusable after. */
void arena_release(struct arena *ar);

#endif
