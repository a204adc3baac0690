/* landlock-strvec.c - the compiler's growing string lists (landlock-int.h
 * ll_strvec_push()). */
#include "landlock-int.h"
#include "util.h"

void ll_strvec_push(struct strvec *sv, char *s)
{
	if (sv->n == sv->cap) {
		sv->cap = sv->cap ? sv->cap * 2 : 16;
		sv->v = xreallocarray(sv->v, sv->cap, sizeof(*sv->v));
	}
	sv->v[sv->n++] = s;
}
