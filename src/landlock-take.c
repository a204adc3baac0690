/* landlock-take.c - the compiled plan's sorted lists (landlock-take.h). */
#include <stdlib.h>
#include <string.h>

#include "landlock-take.h"
#include "util.h"

static int str_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Sort v's strings, drop repeats, and hand them over: returns the array
 * (NULL when empty; the caller frees it and its strings) with its length
 * in *n. v is left empty. */
static char **strvec_take_sorted(struct strvec *v, size_t *n)
{
	char **out;

	*n = 0;
	if (!v->n)
		return NULL;
	qsort(v->v, v->n, sizeof(*v->v), str_cmp);
	for (size_t i = 0; i < v->n; i++) {
		if (*n && strcmp(v->v[*n - 1], v->v[i]) == 0)
			free(v->v[i]);
		else
			v->v[(*n)++] = v->v[i];
	}
	v->n = 0;
	out = steal_pointer(&v->v);
	return out;
}

static int pair_cmp(const void *a, const void *b)
{
	const char *const *x = a, *const *y = b;
	int c = strcmp(x[0], y[0]);

	return c ? c : strcmp(x[1], y[1]);
}

/* cx's expanded folders and their reasons into plan, sorted by folder, one
 * entry per folder with its distinct reasons joined by "; ". */
static void take_expansions(struct compiler *cx, struct ll_plan *plan)
{
	size_t n = cx->expanded.n, w = 0;
	char **pairs = xreallocarray(NULL, n ? 2 * n : 1, sizeof(*pairs));

	for (size_t i = 0; i < n; i++) {
		pairs[2 * i] = cx->expanded.v[i];
		pairs[2 * i + 1] = cx->expanded_why.v[i];
	}
	cx->expanded.n = cx->expanded_why.n = 0;
	qsort(pairs, n, 2 * sizeof(*pairs), pair_cmp);
	plan->expanded = xreallocarray(NULL, n ? n : 1, sizeof(char *));
	plan->expanded_why = xreallocarray(NULL, n ? n : 1, sizeof(char *));
	for (size_t i = 0; i < n; i++) {
		char *folder = pairs[2 * i], *why = pairs[2 * i + 1];

		if (w && strcmp(plan->expanded[w - 1], folder) == 0) {
			if (!strstr(plan->expanded_why[w - 1], why)) {
				char *j = xasprintf("%s; %s", plan->expanded_why[w - 1], why);

				free(plan->expanded_why[w - 1]);
				plan->expanded_why[w - 1] = j;
			}
			free(folder);
			free(why);
			continue;
		}
		plan->expanded[w] = folder;
		plan->expanded_why[w++] = why;
	}
	plan->n_expanded = w;
	free(pairs);
}

/* The absent denied paths a granted rule relies on the listener for. */
static void collect_by_listener(const struct node *n, struct strvec *out)
{
	if (n->listener_used)
		ll_strvec_push(out, xstrdup(n->path));
	for (size_t i = 0; i < n->n_kids; i++)
		collect_by_listener(n->kids[i], out);
}

void ll_take_lists(struct compiler *cx, struct ll_plan *plan)
{
	struct strvec bl = { 0 };

	take_expansions(cx, plan);
	plan->undeletable = strvec_take_sorted(&cx->undeletable, &plan->n_undeletable);
	collect_by_listener(cx->root, &bl);
	plan->by_listener = strvec_take_sorted(&bl, &plan->n_by_listener);
}
