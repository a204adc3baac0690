/* landlock-emit.c - from the decided trie to Landlock rules: sound grants,
 * expansion, the merge of rules and REFER, and the mount masks and pins the
 * rules rely on (the algorithm: the comment in landlock-plan.c). Reads
 * folders for expansion; never changes the filesystem. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "landlock-int.h"
#include "dirstream.h"
#include "path.h"
#include "util.h"

/* A rule at n grants c: the masks it relies on below are needed. */
static void mark_masks(struct node *n, int c)
{
	for (size_t i = 0; i < n->n_kids; i++) {
		struct node *k = n->kids[i];

		if (!k->canonical)
			continue;
		if (k->full[c])
			mark_masks(k, c);
		else if (ll_mask_carries(k->mask, c))
			k->mask_used = true;
		else if (k->by_listener)
			k->listener_used = true;
	}
}

static int add_rule(struct compiler *cx, char *path, uint64_t access, bool is_dir)
{
	struct rulevec *rv = &cx->rules;

	if (!access) {
		free(path);
		return 0;
	}
	if (rv->n >= LL_MAX_RULES) {
		fsj_error_set(
			cx->err, NULL, 0, 0,
			"landlock: more than %u rules (at '%s'): a deny inside a large folder "
			"needs a mount mask or a narrower grant",
			LL_MAX_RULES, path);
		free(path);
		return -1;
	}
	if (rv->n == rv->cap) {
		rv->cap = rv->cap ? rv->cap * 2 : 64;
		rv->v = xreallocarray(rv->v, rv->cap, sizeof(*rv->v));
	}
	rv->v[rv->n++] = (struct ll_rule){ .path = path, .access = access, .is_dir = is_dir };
	return 0;
}


static int emit_kids(struct compiler *cx, struct node *n, int c)
{
	for (size_t i = 0; i < n->n_kids; i++)
		if (ll_emit(cx, n->kids[i], c) < 0)
			return -1;
	return 0;
}

/* The node at or below n whose deny of c made n unsound: n itself when
 * it is refused c, or its entries are; else down the children that are
 * not ok. */
static const struct node *culprit(const struct node *n, int c)
{
	for (;;) {
		const struct node *next = NULL;

		if (!n->v[c] || (!(n->exists && !n->is_dir) && !n->g[c]))
			return n;
		for (size_t i = 0; !next && i < n->n_kids; i++)
			if (n->kids[i]->canonical && !n->kids[i]->ok[c])
				next = n->kids[i];
		if (!next)
			return n;
		n = next;
	}
}

/* Why n is expanded for c, one line for `fsjail status` and the dump.
 * Caller frees. */
static char *expansion_reason(const struct compiler *cx, const struct node *n, int c)
{
	const struct node *d = culprit(n, c);
	const char *cap = fsj_cap_name((enum fsj_cap)c);
	struct fsj_decision dec;
	cleanup_free char *rule = NULL;
	const char *missing;

	if (d == n)
		return xasprintf("%s: the policy %s the folder but not %s", cap,
				 n->v[c] ? "grants it on" : "refuses it on",
				 n->v[c] ? "what it holds" : "its entries");
	policy_decide(cx->pol, d->path, d->path, (enum fsj_cap)c, &dec);
	if (dec.rule && dec.rule->origin)
		rule = xasprintf("%s, %s", fsj_level_name(dec.level), dec.rule->origin);
	else
		rule = xstrdup(fsj_level_name(dec.level));
	if (!d->exists && !cx->opts->listener)
		missing = "it does not exist yet and no seccomp listener refuses creating it";
	else if (!d->exists && d->v[FSJ_CAP_CREATE])
		missing = "it does not exist yet and create is allowed there";
	else if (!d->exists && !cx->opts->masks)
		missing = "it does not exist yet and its folders cannot be pinned (no mount masks)";
	else if (!d->exists)
		missing = "it does not exist yet and the nearest path above it that exists is "
			  "not a folder";
	else if (!cx->opts->masks)
		missing = "mount masks are not available";
	else if (dec.level != FSJ_LEVEL_PROTECTED && dec.level != FSJ_LEVEL_EXPLICIT)
		missing = "a baseline or default deny is never masked";
	else
		missing = "no one mount mask carries every deny beneath it";
	return xasprintf("%s: '%s' is denied (%s): %s", cap, d->path, rule, missing);
}

/* Grant n's entries one by one instead of n (see the comment above). */
static int expand(struct compiler *cx, struct node *n, int c)
{
	uint64_t access = ll_cap_access((enum fsj_cap)c, cx->abi);
	struct dirent *de;
	DIR *dir;
	int rc = 0;

	ll_strvec_push(&cx->expanded, xstrdup(n->path));
	ll_strvec_push(&cx->expanded_why, expansion_reason(cx, n, c));
	if (!n->g[c])
		return emit_kids(cx, n, c);
	dir = dir_stream(open(n->path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
	if (!dir)
		return emit_kids(cx, n, c); /* unreadable: nothing more granted */
	while (rc == 0 && (errno = 0, de = readdir(dir))) {
		struct node *k;
		bool is_dir;

		if (strcmp(de->d_name, ".") == 0 || strcmp(de->d_name, "..") == 0)
			continue;
		k = ll_kid_find(n, de->d_name);
		if (k) {
			rc = ll_emit(cx, k, c);
			continue;
		}
		if (de->d_type == DT_UNKNOWN) {
			struct stat st;

			if (fstatat(dirfd(dir), de->d_name, &st, AT_SYMLINK_NOFOLLOW) < 0)
				continue; /* vanished */
			if (S_ISLNK(st.st_mode))
				continue;
			is_dir = S_ISDIR(st.st_mode);
		} else {
			if (de->d_type == DT_LNK)
				continue;
			is_dir = de->d_type == DT_DIR;
		}
		rc = add_rule(cx, path_join(n->path, de->d_name),
			      is_dir ? access : (access & LL_ACCESS_FILE), is_dir);
	}
	closedir(dir);
	return rc;
}

int ll_emit(struct compiler *cx, struct node *n, int c)
{
	uint64_t access = ll_cap_access((enum fsj_cap)c, cx->abi);

	if (!n->exists)
		return 0; /* nothing to open; phantom nodes never exist */
	if (!n->is_dir) {
		/* Landlock's REMOVE_FILE is a right of the folder: a delete
		 * granted on the file alone cannot be handed on (a rule on the
		 * folder, which was not full, would reach its other files). */
		if (c == FSJ_CAP_DELETE && n->v[c])
			ll_strvec_push(&cx->undeletable, xstrdup(n->path));
		return n->v[c] ? add_rule(cx, xstrdup(n->path), access & LL_ACCESS_FILE, false) : 0;
	}
	if (n->full[c]) {
		mark_masks(n, c);
		return add_rule(cx, xstrdup(n->path), access, true);
	}
	if (!n->v[c] && !n->g[c])
		return emit_kids(cx, n, c);
	return expand(cx, n, c);
}

static int rule_cmp(const void *a, const void *b)
{
	return strcmp(((const struct ll_rule *)a)->path, ((const struct ll_rule *)b)->path);
}


static int mask_order(const void *a, const void *b)
{
	const struct ll_mask *x = a, *y = b;
	size_t dx = path_depth(x->path), dy = path_depth(y->path);

	if ((x->kind == LL_MASK_PIN) != (y->kind == LL_MASK_PIN))
		return x->kind == LL_MASK_PIN ? -1 : 1;
	if (dx != dy)
		return dx < dy ? -1 : 1;
	return strcmp(x->path, y->path);
}

/* Access of the rule at exactly path p in the sorted rules, or 0. */
static uint64_t rule_at(const struct ll_rule *v, size_t n, const char *p)
{
	size_t lo = 0, hi = n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int c = strcmp(v[mid].path, p);

		if (c == 0)
			return v[mid].access;
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return 0;
}

/* Union of the rules at p's strict ancestors (Landlock: within a layer,
 * any rule on the way up grants). */
static uint64_t inherited(const struct ll_rule *v, size_t n, const char *p)
{
	uint64_t a = 0;
	cleanup_free char *q = xstrdup(p);

	while (strcmp(q, "/") != 0) {
		char *up = path_dirname(q);

		free(q);
		q = up;
		a |= rule_at(v, n, q);
	}
	return a;
}

/* Sort and merge by path, add REFER, drop rules that add nothing. */
static void finish_rules(struct compiler *cx, struct ll_plan *plan)
{
	struct rulevec *rv = &cx->rules;
	size_t w = 0;
	bool *drop;

	if (rv->n)
		qsort(rv->v, rv->n, sizeof(*rv->v), rule_cmp);
	for (size_t i = 0; i < rv->n; i++) {
		if (w > 0 && strcmp(rv->v[w - 1].path, rv->v[i].path) == 0) {
			rv->v[w - 1].access |= rv->v[i].access;
			free(rv->v[i].path);
			continue;
		}
		rv->v[w++] = rv->v[i];
	}
	rv->n = w;

	/* REFER where create and delete both hold: rename and link across
	 * folders of one grant (landlock.rst "Filesystem flags"; without it
	 * the kernel answers EXDEV). Never on a file. */
	if (plan->handled_fs & LANDLOCK_ACCESS_FS_REFER) {
		for (size_t i = 0; i < rv->n; i++) {
			struct ll_rule *r = &rv->v[i];
			uint64_t up = inherited(rv->v, rv->n, r->path);
			uint64_t eff = r->access | up;

			if (r->is_dir && !(up & LANDLOCK_ACCESS_FS_REFER) &&
			    (eff & LANDLOCK_ACCESS_FS_MAKE_REG) &&
			    (eff & LANDLOCK_ACCESS_FS_REMOVE_FILE))
				r->access |= LANDLOCK_ACCESS_FS_REFER;
		}
	}

	drop = xcalloc(rv->n ? rv->n : 1, sizeof(*drop));
	for (size_t i = 0; i < rv->n; i++)
		drop[i] = (rv->v[i].access & ~inherited(rv->v, rv->n, rv->v[i].path)) == 0;
	w = 0;
	for (size_t i = 0; i < rv->n; i++) {
		if (drop[i])
			free(rv->v[i].path);
		else
			rv->v[w++] = rv->v[i];
	}
	rv->n = w;
	free(drop);

	plan->rules = rv->v;
	plan->n_rules = rv->n;
	rv->v = NULL;
	rv->n = rv->cap = 0;
}

static void push_mask(struct ll_plan *plan, size_t *cap, const struct node *n,
		      enum ll_mask_kind kind)
{
	if (plan->n_masks == *cap) {
		*cap = *cap ? *cap * 2 : 8;
		plan->masks = xreallocarray(plan->masks, *cap, sizeof(*plan->masks));
	}
	plan->masks[plan->n_masks++] = (struct ll_mask){
		.path = xstrdup(n->path),
		.kind = kind,
		.is_dir = n->is_dir,
		.dev = n->dev,
		.ino = n->ino,
	};
}

/* Does the plan let a be removed or renamed (REMOVE_DIR at its parent)? */
static bool removable(const struct ll_plan *plan, const struct node *a)
{
	const char *parent = a->parent->path;

	return ((rule_at(plan->rules, plan->n_rules, parent) |
		 inherited(plan->rules, plan->n_rules, parent)) &
		LANDLOCK_ACCESS_FS_REMOVE_DIR) != 0;
}

static void collect_masks(struct node *n, struct ll_plan *plan, size_t *cap)
{
	bool masked = n->mask >= 0 && n->mask_used;

	if (masked)
		push_mask(plan, cap, n, (enum ll_mask_kind)n->mask);
	/* a mask's ancestors, and the existing ones of a path left to the
	 * listener (its missing folders are guarded names: see the comment
	 * in landlock-plan.c), must stay where they are */
	if (masked || n->listener_used) {
		for (struct node *a = n->parent; a && a->parent; a = a->parent)
			if (a->exists && !a->pin && !(a->mask >= 0 && a->mask_used) &&
			    removable(plan, a))
				a->pin = true;
	}
	for (size_t i = 0; i < n->n_kids; i++)
		collect_masks(n->kids[i], plan, cap);
}

static void collect_pins(struct node *n, struct ll_plan *plan, size_t *cap)
{
	if (n->pin)
		push_mask(plan, cap, n, LL_MASK_PIN);
	for (size_t i = 0; i < n->n_kids; i++)
		collect_pins(n->kids[i], plan, cap);
}

void ll_finish(struct compiler *cx, struct ll_plan *plan)
{
	size_t mask_cap = 0;

	finish_rules(cx, plan);
	collect_masks(cx->root, plan, &mask_cap);
	collect_pins(cx->root, plan, &mask_cap);
	if (plan->n_masks)
		qsort(plan->masks, plan->n_masks, sizeof(*plan->masks), mask_order);
}
