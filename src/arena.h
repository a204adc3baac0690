/* arena.h - every allocation of one piece of work, freed at once. */
#ifndef FSJAIL_ARENA_H
#define FSJAIL_ARENA_H

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
/* Free everything ar owns; ar is empty and reusable after. */
void arena_release(struct arena *ar);

#endif
