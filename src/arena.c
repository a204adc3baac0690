/* arena.c - see arena.h. */
#include <stdlib.h>
#include <string.h>

#include "arena.h"
#include "util.h"

void *arena_alloc(struct arena *ar, size_t size)
{
	if (ar->n == ar->cap) {
		ar->cap = ar->cap ? ar->cap * 2 : 64;
		ar->p = xreallocarray(ar->p, ar->cap, sizeof(*ar->p));
	}
	ar->p[ar->n] = xcalloc(1, size ? size : 1);
	return ar->p[ar->n++];
}

char *arena_strndup(struct arena *ar, const char *s, size_t n)
{
	char *d = arena_alloc(ar, n + 1);

	memcpy(d, s, n);
	d[n] = '\0';
	return d;
}

char *arena_strdup(struct arena *ar, const char *s)
{
	return arena_strndup(ar, s, strlen(s));
}

/* Take ownership of a malloc'd string. */
char *arena_own(struct arena *ar, char *s)
{
	if (ar->n == ar->cap) {
		ar->cap = ar->cap ? ar->cap * 2 : 64;
		ar->p = xreallocarray(ar->p, ar->cap, sizeof(*ar->p));
	}
	ar->p[ar->n++] = s;
	return s;
}

void arena_release(struct arena *ar)
{
	for (size_t i = 0; i < ar->n; i++)
		free(ar->p[i]);
	free(ar->p);
	ar->p = NULL;
	ar->n = ar->cap = 0;
}
