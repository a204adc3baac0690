/* landlock-plan.c - the Landlock compiler: the policy's paths as a trie, each
 * node decided per capability, and ll_compile() (DESIGN.md section 7; landlock.h).
 * The rules are emitted by landlock-emit.c. Only reads the filesystem (stat, readdir). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "landlock-int.h"
#include "landlock-private.h"
#include "landlock-take.h"
#include "path.h"
#include "path-absent.h"
#include "path-memo.h"
#include "policy-walk.h"
#include "util.h"

/* --- Compilation -------------------------------------------------------
 *
 * The problem. A policy decides each capability per path, with denies
 * nested inside grants at any depth (a protected .git/hooks inside a
 * writable workspace; ~/.cargo/credentials inside a readable ~/.cargo).
 * Landlock rules only add: a right granted on a directory holds for
 * everything beneath it, across one layer, and no rule can take it back.
 * The compiler must find rules whose union grants nothing the policy
 * denies (fail closed), while granting as much as it can of what the policy
 * allows.
 *
 * The trie. Every path the policy speaks about - each rule's written and
 * resolved spelling, the workspace, the user-data roots - becomes a node of
 * a trie of path components, with its ancestors. Between two nodes the
 * policy is uniform: a path that is not a node decides like the generic
 * child of its nearest node (no rule mentions anything deeper). So for each
 * handled capability c and node n, two decisions describe all of it:
 *   v(n) = policy_decide(n).allowed      the node itself;
 *   g(n) = policy_decide(n/<fresh>).allowed   any child that is not a node
 *          (differs from v(n) only under a non-recursive rule at n).
 * Nodes are worked on in their resolved spelling, which is what the kernel
 * sees (it checks inodes reached by resolved paths). A node whose spelling
 * runs through a symlink is "phantom": the path it names is reached through
 * the symlink's target, whose own resolved node carries the decision; a
 * phantom node is ignored. Nodes are stat()ed: exists, is_dir, dev/ino.
 *
 * Sound grants. A Landlock rule at directory n with c's rights covers n's
 * whole subtree, existing or created later. It is sound when
 *   full_c(n) = v(n) && g(n) && ok_c(k) for every child node k,
 *   ok_c(k)   = k is phantom || full_c(k) || a mount mask at k carries c.
 * A non-directory n is sound to grant when v(n) (only file rights are put
 * on it). A node that does not exist is still evaluated: a deny on it makes
 * its ancestors unsound, so creating the denied path later stays
 * impossible; an allow on it grants nothing now (nothing to open).
 *
 * The listener (opts->listener). When the seccomp listener will be
 * installed, the supervisor performs every name-creating call after a
 * policy check, so a node that does not exist and whose create is denied
 * cannot come to exist from inside by any name, rename or link: it is
 * "by_listener", ok_c for every c, and its folder keeps its grant whole
 * (issue 12 items 3 and 6). A rule relying on that is recorded in
 * plan->by_listener. Its folders may be missing too (~/.cargo/bin while
 * ~/.cargo is absent): the missing folders between it and its nearest
 * existing ancestor A are "guarded names". The command may mkdir one (an
 * empty folder, whose own new entries the listener then decides by
 * name), but the listener refuses every call that could bring a populated
 * folder or a redirect into a guarded name or below it: rename and
 * renameat2 of a folder or symlink onto it (RENAME_EXCHANGE and an
 * existing empty folder included), or of a folder holding one away and
 * back (the rename check of notify-rename.c, notify-guard.c), a symlink or
 * a link of one made there; the broker the same (broker-hostop.c). A
 * file, fifo or socket made at a guarded name holds nothing below it:
 * allowed. So an absent node whose create is allowed counts as above
 * (full when its own folder rules hold), and A keeps its grant. A and its
 * existing ancestors are pinned like a mask's (mount masks needed:
 * without them, or with A not a folder, the deny stays an expansion).
 * A node whose read is denied at the explicit or protected level counts
 * as one whose create is denied: the listener refuses making it too
 * (readhide.h), so the everyday deny: [read] on a .env not made yet costs
 * the workspace neither its listing nor the files the run makes.
 *
 * Emission, per capability c, from "/":
 *   emit(n): nothing if n does not exist (or is phantom);
 *            a non-directory: rule(n, file rights of c) if v(n);
 *            full_c(n): rule(n, rights(c)); done - the subtree is sound;
 *            !v(n) && !g(n): emit(k) for each child node k;
 *            otherwise EXPANSION: n itself gets no rule; its entries are
 *              listed (O_NOFOLLOW open + readdir): an entry that is a node
 *              k gets emit(k); any other entry e decides like g(n), so
 *              it gets rule(e, rights(c)) when g(n), file rights only for
 *              a non-directory; symlinks are skipped (their targets are
 *              decided at their own paths). n is recorded in
 *              plan->expanded: entries created in it later are unreachable
 *              (fail closed), and n itself cannot be listed or have
 *              entries removed.
 * Expansion only ever runs along the paths from a grant down to an
 * uncarried deny; everything beside those paths gets one rule.
 *
 * Mount masks (opts->masks). A node d that exists, below "/", whose deny
 * comes from the explicit or protected level, can carry its deny with a
 * mount instead of an expansion of its ancestors:
 *   LL_MASK_HIDE      read is denied uniformly in d's subtree (v, g of
 *                     every node below) at the explicit/protected level, or
 *                     with write/create/delete so denied: an empty read-only
 *                     tmpfs (folder) or 0444 file over d, which refuses d's
 *                     change too (EROFS) where an expansion of d's folders
 *                     would cost them their listing (t0508); carries all;
 *   LL_MASK_READONLY  write, create and delete are denied uniformly in the
 *                     subtree (for an existing file, write and delete: it
 *                     cannot be replaced), one at the explicit/protected level:
 *                     a recursive read-only bind of d onto itself (EROFS
 *                     beneath, EBUSY for d itself); carries write, create
 *                     and delete.
 * Baseline and default denies are never masked (the guarded read fence on
 * the user-data roots stays an expansion at "/", DESIGN.md section 7),
 * except a read deny where the same subtree's write, create and delete are
 * denied at a strong level anyway (fsjail's own audit log under its state
 * folder): HIDE then, or that folder's read deny would expand /tmp.
 * Candidate masks are computed before emission (ok_c uses them); a
 * candidate is kept only when some emitted rule above it grants a
 * capability it carries and nothing between already carries it.
 *
 * Pins. A masked path could be moved away with its ancestor (mv .git .g;
 * mkdir -p .git/hooks): for each ancestor a of a kept mask at which the plan
 * grants REMOVE_DIR (a rule at a's parent or above), a bind of a onto
 * itself makes it a mount point, which rename(2) and rmdir(2) refuse with
 * EBUSY. Pins are mounted first, shallowest first, then the masks.
 *
 * Last, rules are merged per path (access ORed), REFER is added on each
 * directory rule where create and delete both hold (the rule's own rights
 * with its ancestors'), so that mv inside a grant works, and a rule that
 * adds nothing to its ancestors' rights is dropped. Rules, masks and
 * expanded folders are sorted by path, so a dump is stable. */


bool ll_cap_handled(const struct compiler *cx, int c)
{
	return (cx->caps & FSJ_CAPBIT(c)) != 0;
}

bool ll_mask_carries(int kind, int c)
{
	if (kind == LL_MASK_HIDE)
		return true;
	if (kind == LL_MASK_READONLY)
		return (FSJ_CAPS_MODIFY & FSJ_CAPBIT(c)) != 0;
	return false;
}

static bool level_strong(enum fsj_level l)
{
	return l == FSJ_LEVEL_PROTECTED || l == FSJ_LEVEL_EXPLICIT;
}

/* --- the trie --- */

/* A node and its path and name in one allocation (node_free()). */
static struct node *node_new(struct node *parent, const char *name, size_t len)
{
	/* the parent's path, "/" unless it is the root, the name */
	size_t d = !parent || !parent->parent ? 0 : strlen(parent->path);
	struct node *n = xcalloc(1, sizeof(*n) + d + len + 2 + len + 1);

	n->path = (char *)(n + 1);
	if (d)
		memcpy(n->path, parent->path, d);
	n->path[d] = '/';
	memcpy(n->path + d + 1, name, len); /* parent NULL: "/" (len 0) */
	n->name = n->path + d + len + 2;
	memcpy(n->name, name, len);
	n->parent = parent;
	n->mask = -1;
	return n;
}

static void node_free(struct node *n)
{
	if (!n)
		return;
	for (size_t i = 0; i < n->n_kids; i++)
		node_free(n->kids[i]);
	free(n->kids);
	free(n);
}

/* Index of the first kid whose name is >= name (len bytes), *found when
 * equal. */
static size_t kid_index(const struct node *n, const char *name, size_t len, bool *found)
{
	/* the last kid first: the paths of a sorted rules file append */
	size_t lo = 0, hi = n->n_kids, mid = hi - 1;

	*found = false;
	for (; lo < hi; mid = lo + (hi - lo) / 2) {
		const char *k = n->kids[mid]->name;
		int c = strncmp(k, name, len);

		if (c == 0 && k[len] != '\0')
			c = 1;
		if (c == 0) {
			*found = true;
			return mid;
		}
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

struct node *ll_kid_find(const struct node *n, const char *name)
{
	bool found;
	size_t i = kid_index(n, name, strlen(name), &found);

	return found ? n->kids[i] : NULL;
}

static struct node *kid_get(struct node *n, const char *name, size_t len)
{
	bool found;
	size_t i = kid_index(n, name, len, &found);
	struct node *k;

	if (found)
		return n->kids[i];
	if (n->n_kids == n->cap_kids) {
		n->cap_kids = n->cap_kids ? n->cap_kids * 2 : 4;
		n->kids = xreallocarray(n->kids, n->cap_kids, sizeof(*n->kids));
	}
	k = node_new(n, name, len);
	memmove(&n->kids[i + 1], &n->kids[i], (n->n_kids - i) * sizeof(*n->kids));
	n->kids[i] = k;
	n->n_kids++;
	return k;
}

/* Add the normalised absolute path p and its ancestors. */
static int trie_insert(struct compiler *cx, const char *p)
{
	struct node *n = cx->root;
	const char *s = p;

	if (!p || p[0] != '/')
		return fsj_error_set(cx->err, NULL, 0, 0,
				     "landlock: policy path '%s' is not absolute",
				     p ? p : "(null)");
	while (*s) {
		const char *e;

		while (*s == '/')
			s++;
		if (!*s)
			break;
		e = strchr(s, '/');
		if (!e)
			e = s + strlen(s);
		n = kid_get(n, s, (size_t)(e - s));
		s = e;
	}
	return 0;
}

/* path_resolve(p): the memo's answer when it has one (not copied: valid
 * until the memo's spellings change), else a new string kept in *own. */
static const char *resolved_of(const char *p, char **own)
{
	bool live;
	const char *kept = path_memo_prefix(p, strlen(p), &live);

	*own = kept ? NULL : path_resolve(p);
	return kept ? kept : *own;
}

/* Add p and, when a symlink lies on the way, its resolved spelling. */
static int trie_insert_resolved(struct compiler *cx, const char *p)
{
	cleanup_free char *own = NULL;
	const char *r;

	if (trie_insert(cx, p) < 0)
		return -1;
	r = resolved_of(p, &own);
	/* A resolved spelling that is not a path (a /proc fd link to a pipe)
	 * names nothing the kernel could check by path. */
	return r[0] != '/' || strcmp(r, p) == 0 ? 0 : trie_insert(cx, r);
}

static void node_stat(struct node *n)
{
	cleanup_free char *own = NULL;
	struct stat st;

	n->canonical = strcmp(resolved_of(n->path, &own), n->path) == 0;
	if (n->canonical && path_memo_lstat(n->path, &st) == 0 && !S_ISLNK(st.st_mode)) {
		n->exists = true;
		n->is_dir = S_ISDIR(st.st_mode);
		n->dev = (uint64_t)st.st_dev;
		n->ino = (uint64_t)st.st_ino;
	}
	for (size_t i = 0; i < n->n_kids; i++)
		node_stat(n->kids[i]);
}

/* v, g and the deciding level of every handled capability, for n and
 * beneath; up is the walk of n's parent (policy-walk.h: the trie's paths
 * are decided from "/" down, each node's rules probed once). g is decided
 * for a fresh child name: "\x01" (lengthened until it is not a kid)
 * cannot be in any rule, since every rule path is a node. sb: scratch. */
static void node_decide(struct compiler *cx, struct node *n, const struct policy_walk *up,
			struct strbuf *sb)
{
	struct fsj_decision dv[FSJ_CAP_COUNT], dg[FSJ_CAP_COUNT];
	struct policy_walk rec, self, fresh, tmp;
	size_t len = strlen(n->path);

	sb->len = 0;
	sb_adds(sb, n->path);
	if (n->parent)
		sb_addc(sb, '/');
	do
		sb_addc(sb, '\x01');
	while (ll_kid_find(n, sb->buf + len + (n->parent != NULL)));
	policy_walk_step(cx->pol, up, n->path, len, cx->caps, &rec, &self);
	if (policy_walk_exact(cx->pol)) {
		policy_walk_decisions(&self, cx->caps, dv);
		policy_walk_step(cx->pol, &rec, sb->buf, sb->len, cx->caps, &tmp, &fresh);
		policy_walk_decisions(&fresh, cx->caps, dg);
	} else {
		policy_decide_caps(cx->pol, n->path, n->path, cx->caps, dv);
		policy_decide_caps(cx->pol, sb->buf, sb->buf, cx->caps, dg);
	}
	for (int c = 0; c < FSJ_CAP_COUNT; c++) {
		if (!ll_cap_handled(cx, c))
			continue;
		n->v[c] = dv[c].allowed;
		n->lv[c] = dv[c].level;
		n->g[c] = dg[c].allowed;
	}
	for (size_t i = 0; i < n->n_kids; i++)
		node_decide(cx, n->kids[i], &rec, sb);
}

/* Which mask, if any, could carry the denies at d (see the comment above). */
static int mask_candidate(const struct compiler *cx, const struct node *d)
{
	bool strong_modify = false;
	bool any_modify = false;

	if (!cx->opts->masks || !d->exists || !d->parent)
		return -1;
	if (ll_cap_handled(cx, FSJ_CAP_READ) && d->deny_all[FSJ_CAP_READ] &&
	    level_strong(d->lv[FSJ_CAP_READ]))
		return LL_MASK_HIDE;
	for (int c = FSJ_CAP_WRITE; c <= FSJ_CAP_DELETE; c++) {
		if (!ll_cap_handled(cx, c))
			continue;
		/* An existing file under a read-only bind can be neither
		 * written nor removed (EROFS, EBUSY), so nothing can be
		 * created in its place either: its create needs no deny.
		 * (A deny of write and delete on .git/config must not
		 * expand .git, which would stop git's index.lock.) */
		if (c == FSJ_CAP_CREATE && !d->is_dir)
			continue;
		any_modify = true;
		if (!d->deny_all[c])
			return -1;
		if (level_strong(d->lv[c]))
			strong_modify = true;
	}
	if (!any_modify)
		return -1;
	if (ll_cap_handled(cx, FSJ_CAP_READ) && d->deny_all[FSJ_CAP_READ] &&
	    (level_strong(d->lv[FSJ_CAP_READ]) || strong_modify))
		return LL_MASK_HIDE;
	return strong_modify ? LL_MASK_READONLY : -1;
}

/* The listener refuses making n for its read deny (readhide.h): the
 * same test as fsj_readhide_refuses_create() on the decision at n. */
static bool read_keeps_absent(const struct compiler *cx, const struct node *n)
{
	return ll_cap_handled(cx, FSJ_CAP_READ) && !cx->pol->darwin && !n->v[FSJ_CAP_READ] &&
	       level_strong(n->lv[FSJ_CAP_READ]) && n->parent &&
	       (n->parent->v[FSJ_CAP_READ] || !level_strong(n->parent->lv[FSJ_CAP_READ]));
}

const struct node *ll_existing_above(const struct node *n)
{
	for (n = n->parent; n && !n->exists; n = n->parent)
		;
	return n;
}

/* Bottom-up: deny_all, the mask candidate, full and ok (see above). Below
 * an existing non-directory nothing can exist, so its child nodes are not
 * consulted. A phantom node is neutral: ok and deny_all. */
static void node_summarise(struct compiler *cx, struct node *n)
{
	bool leaf = n->exists && !n->is_dir;

	for (size_t i = 0; i < n->n_kids; i++)
		node_summarise(cx, n->kids[i]);
	for (int c = 0; c < FSJ_CAP_COUNT; c++) {
		bool all_denied = !n->v[c] && (leaf || !n->g[c]);

		if (!ll_cap_handled(cx, c))
			continue;
		for (size_t i = 0; !leaf && i < n->n_kids; i++)
			all_denied = all_denied && n->kids[i]->deny_all[c];
		n->deny_all[c] = !n->canonical || all_denied;
	}
	n->mask = mask_candidate(cx, n);
	n->by_listener = cx->opts->listener && cx->opts->masks && n->canonical && !n->exists &&
			 n->parent && ll_existing_above(n) && ll_existing_above(n)->is_dir &&
			 ll_cap_handled(cx, FSJ_CAP_CREATE) &&
			 (!n->v[FSJ_CAP_CREATE] || read_keeps_absent(cx, n));
	for (int c = 0; c < FSJ_CAP_COUNT; c++) {
		bool full = n->v[c] && (leaf || n->g[c]);

		if (!ll_cap_handled(cx, c))
			continue;
		for (size_t i = 0; !leaf && i < n->n_kids; i++)
			full = full && n->kids[i]->ok[c];
		n->full[c] = n->canonical && full;
		n->ok[c] = !n->canonical || full || ll_mask_carries(n->mask, c) ||
			   n->by_listener;
	}
}

int ll_compile(const struct fsj_policy *pol, const struct ll_opts *opts, struct ll_plan *plan,
	       struct fsj_error *err)
{
	struct compiler cx = { .pol = pol, .opts = opts, .err = err };
	int rc = 0;

	memset(plan, 0, sizeof(*plan));
	if (opts->abi < 1)
		return fsj_error_set(
			err, NULL, 0, 0,
			"landlock: cannot compile for ABI %d (Landlock needs ABI 1 or later)",
			opts->abi);
	cx.abi = opts->abi < LL_ABI_KNOWN ? opts->abi : LL_ABI_KNOWN;
	/* connect has no Landlock right at the ABIs known here: the seccomp
	 * listener performs every connect and named send (notify-sock.c) */
	cx.caps = pol->enforced & FSJ_CAPS_FILE;
	plan->connect_by_listener = opts->listener && (pol->enforced & FSJ_CAPBIT(FSJ_CAP_CONNECT));

	plan->abi = opts->abi;
	for (int c = 0; c < FSJ_CAP_COUNT; c++)
		if (ll_cap_handled(&cx, c))
			plan->handled_fs |= ll_cap_access((enum fsj_cap)c, cx.abi);
	if (ll_cap_handled(&cx, FSJ_CAP_CREATE))
		plan->handled_fs |= LL_ACCESS_DEVICES;
	if (cx.abi >= 2 && (cx.caps & (FSJ_CAPBIT(FSJ_CAP_CREATE) | FSJ_CAPBIT(FSJ_CAP_DELETE))))
		plan->handled_fs |= LANDLOCK_ACCESS_FS_REFER;
	/* Best effort by ABI (sandboxer.c): what the kernel cannot control is
	 * reported, not silently claimed. */
	if (ll_cap_handled(&cx, FSJ_CAP_WRITE) && cx.abi < 5)
		plan->dropped_caps |= FSJ_CAPBIT(FSJ_CAP_WRITE);
	if (opts->network == FSJ_NETWORK_DENY) {
		if (cx.abi >= 4)
			plan->handled_net =
				LANDLOCK_ACCESS_NET_BIND_TCP | LANDLOCK_ACCESS_NET_CONNECT_TCP;
		else
			plan->network_dropped = true;
	}
	if (cx.abi >= 6)
		plan->scoped = LANDLOCK_SCOPE_SIGNAL | LANDLOCK_SCOPE_ABSTRACT_UNIX_SOCKET;

	cx.root = node_new(NULL, "", 0);
	for (size_t i = 0; rc == 0 && i < pol->n_rules; i++) {
		const struct fsj_rule *r = &pol->rules[i];

		rc = trie_insert_resolved(&cx, r->path);
		/* the same spelling again would insert nothing new */
		if (rc == 0 && r->resolved && r->resolved[0] == '/' && strcmp(r->resolved, r->path) != 0)
			rc = trie_insert_resolved(&cx, r->resolved);
	}
	if (rc == 0 && pol->workspace)
		rc = trie_insert_resolved(&cx, pol->workspace);
	for (size_t i = 0; rc == 0 && i < pol->n_user_data_roots; i++)
		rc = trie_insert_resolved(&cx, pol->user_data_roots[i]);
	if (rc < 0)
		goto out;

	path_absent_batch(true); /* nothing is made during the walk */
	node_stat(cx.root);
	path_absent_batch(false);
	{
		struct policy_walk start;
		struct strbuf sb = STRBUF_INIT;

		policy_walk_start(&start);
		node_decide(&cx, cx.root, &start, &sb);
		sb_release(&sb);
	}
	node_summarise(&cx, cx.root);
	for (int c = 0; rc == 0 && c < FSJ_CAP_COUNT; c++)
		if (ll_cap_handled(&cx, c))
			rc = ll_emit(&cx, cx.root, c);
	if (rc < 0)
		goto out;

	ll_finish(&cx, plan);
	ll_plan_private(plan);

	ll_take_lists(&cx, plan);
out:
	node_free(cx.root);
	for (size_t i = 0; i < cx.rules.n; i++)
		free(cx.rules.v[i].path);
	free(cx.rules.v);
	for (size_t i = 0; i < cx.expanded.n; i++) {
		free(cx.expanded.v[i]);
		free(cx.expanded_why.v[i]);
	}
	free(cx.expanded.v);
	free(cx.expanded_why.v);
	for (size_t i = 0; i < cx.undeletable.n; i++)
		free(cx.undeletable.v[i]);
	free(cx.undeletable.v);
	if (rc < 0)
		ll_plan_release(plan);
	return rc;
}

void ll_plan_release(struct ll_plan *plan)
{
	for (size_t i = 0; i < plan->n_rules; i++)
		free(plan->rules[i].path);
	free(plan->rules);
	for (size_t i = 0; i < plan->n_masks; i++)
		free(plan->masks[i].path);
	free(plan->masks);
	for (size_t i = 0; i < plan->n_expanded; i++) {
		free(plan->expanded[i]);
		free(plan->expanded_why[i]);
	}
	free(plan->expanded);
	free(plan->expanded_why);
	for (size_t i = 0; i < plan->n_by_listener; i++)
		free(plan->by_listener[i]);
	free(plan->by_listener);
	for (size_t i = 0; i < plan->n_undeletable; i++)
		free(plan->undeletable[i]);
	free(plan->undeletable);
	for (size_t i = 0; i < plan->n_private_caches; i++)
		free(plan->private_caches[i]);
	free(plan->private_caches);
	memset(plan, 0, sizeof(*plan));
}
