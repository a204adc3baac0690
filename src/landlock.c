/* landlock.c - the Landlock compiler and enforcement (DESIGN.md section 7;
 * kernel Documentation/userspace-api/landlock.rst; SBPL-NOTES.md section 9
 * for the Landlock facts relied on).
 *
 * ll_compile() runs in the parent and only reads the filesystem (stat,
 * readdir); ll_apply() runs in the child between fork and exec: it lays the
 * mount masks (mask.c), sets no_new_privs and restricts the process. */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

#ifdef __linux__
#include <sys/prctl.h>
#include <sys/syscall.h>
#endif
#ifdef HAVE_LINUX_LANDLOCK_H
#include <linux/landlock.h>
#endif

#include "landlock.h"
#include "mask.h"
#include "path.h"
#include "policy.h"
#include "util.h"

/* --- The Landlock UAPI (include/uapi/linux/landlock.h) -------------------
 * Debian 12's headers stop at ABI 2; what they lack is defined here, with
 * the values of the kernel's UAPI. The attribute structs are our own so
 * that they always have the full, newest layout. */
#ifndef LANDLOCK_CREATE_RULESET_VERSION
#define LANDLOCK_CREATE_RULESET_VERSION (1U << 0)
#endif
#ifndef LANDLOCK_ACCESS_FS_EXECUTE
#define LANDLOCK_ACCESS_FS_EXECUTE (1ULL << 0)
#define LANDLOCK_ACCESS_FS_WRITE_FILE (1ULL << 1)
#define LANDLOCK_ACCESS_FS_READ_FILE (1ULL << 2)
#define LANDLOCK_ACCESS_FS_READ_DIR (1ULL << 3)
#define LANDLOCK_ACCESS_FS_REMOVE_DIR (1ULL << 4)
#define LANDLOCK_ACCESS_FS_REMOVE_FILE (1ULL << 5)
#define LANDLOCK_ACCESS_FS_MAKE_CHAR (1ULL << 6)
#define LANDLOCK_ACCESS_FS_MAKE_DIR (1ULL << 7)
#define LANDLOCK_ACCESS_FS_MAKE_REG (1ULL << 8)
#define LANDLOCK_ACCESS_FS_MAKE_SOCK (1ULL << 9)
#define LANDLOCK_ACCESS_FS_MAKE_FIFO (1ULL << 10)
#define LANDLOCK_ACCESS_FS_MAKE_BLOCK (1ULL << 11)
#define LANDLOCK_ACCESS_FS_MAKE_SYM (1ULL << 12)
#endif
#ifndef LANDLOCK_ACCESS_FS_REFER /* ABI 2 */
#define LANDLOCK_ACCESS_FS_REFER (1ULL << 13)
#endif
#ifndef LANDLOCK_ACCESS_FS_TRUNCATE /* ABI 3 */
#define LANDLOCK_ACCESS_FS_TRUNCATE (1ULL << 14)
#endif
#ifndef LANDLOCK_ACCESS_FS_IOCTL_DEV /* ABI 5 */
#define LANDLOCK_ACCESS_FS_IOCTL_DEV (1ULL << 15)
#endif
#ifndef LANDLOCK_ACCESS_NET_BIND_TCP /* ABI 4 */
#define LANDLOCK_ACCESS_NET_BIND_TCP (1ULL << 0)
#define LANDLOCK_ACCESS_NET_CONNECT_TCP (1ULL << 1)
#endif
#ifndef LANDLOCK_SCOPE_ABSTRACT_UNIX_SOCKET /* ABI 6 */
#define LANDLOCK_SCOPE_ABSTRACT_UNIX_SOCKET (1ULL << 0)
#define LANDLOCK_SCOPE_SIGNAL (1ULL << 1)
#endif

/* enum landlock_rule_type */
#define LL_RULE_PATH_BENEATH 1
#define LL_RULE_NET_PORT 2

/* struct landlock_ruleset_attr with every field up to ABI 7. The size
 * passed to the kernel ends at the last field the target ABI knows. */
struct ll_ruleset_attr {
	uint64_t handled_access_fs;
	uint64_t handled_access_net; /* ABI 4 */
	uint64_t scoped;             /* ABI 6 */
};

/* struct landlock_path_beneath_attr: packed, no trailing padding. */
struct ll_path_beneath_attr {
	uint64_t allowed_access;
	int32_t parent_fd;
} __attribute__((packed));

/* struct landlock_net_port_attr (ABI 4); fsjail adds no port rules: with
 * network: deny, TCP bind and connect are handled and nothing is allowed. */
struct ll_net_port_attr {
	uint64_t allowed_access;
	uint64_t port;
};

#ifdef __linux__
#ifndef SYS_landlock_create_ruleset
/* The same numbers on every architecture (the unified syscall table). */
#define SYS_landlock_create_ruleset 444
#define SYS_landlock_add_rule 445
#define SYS_landlock_restrict_self 446
#endif
#endif

/* The newest ABI whose rights this file knows. */
#define LL_ABI_KNOWN 7

/* Rights that may be granted on a non-directory (landlock.rst: "Access
 * rights ... for files"; others make landlock_add_rule() fail EINVAL). */
#define LL_ACCESS_FILE                                                \
	(LANDLOCK_ACCESS_FS_EXECUTE | LANDLOCK_ACCESS_FS_WRITE_FILE | \
	 LANDLOCK_ACCESS_FS_READ_FILE | LANDLOCK_ACCESS_FS_TRUNCATE | \
	 LANDLOCK_ACCESS_FS_IOCTL_DEV)

/* create: every kind of new entry a program makes (DESIGN.md section 7).
 * MAKE_CHAR and MAKE_BLOCK are handled but never granted. */
#define LL_ACCESS_CREATE                                                                           \
	(LANDLOCK_ACCESS_FS_MAKE_REG | LANDLOCK_ACCESS_FS_MAKE_DIR | LANDLOCK_ACCESS_FS_MAKE_SYM | \
	 LANDLOCK_ACCESS_FS_MAKE_FIFO | LANDLOCK_ACCESS_FS_MAKE_SOCK)
#define LL_ACCESS_DEVICES (LANDLOCK_ACCESS_FS_MAKE_CHAR | LANDLOCK_ACCESS_FS_MAKE_BLOCK)
#define LL_ACCESS_DELETE (LANDLOCK_ACCESS_FS_REMOVE_FILE | LANDLOCK_ACCESS_FS_REMOVE_DIR)

/* Bound on the rules of one plan: each is an open() and a syscall in the
 * child before exec and kernel memory for the life of the sandbox. An
 * expansion that needs more (a deny inside a huge folder) is refused
 * rather than made slow; a mount mask or a narrower grant is the answer. */
#define LL_MAX_RULES 65536u

static const struct {
	uint64_t bit;
	const char *name;
} fs_names[] = {
	{ LANDLOCK_ACCESS_FS_EXECUTE, "EXECUTE" },
	{ LANDLOCK_ACCESS_FS_WRITE_FILE, "WRITE_FILE" },
	{ LANDLOCK_ACCESS_FS_READ_FILE, "READ_FILE" },
	{ LANDLOCK_ACCESS_FS_READ_DIR, "READ_DIR" },
	{ LANDLOCK_ACCESS_FS_REMOVE_DIR, "REMOVE_DIR" },
	{ LANDLOCK_ACCESS_FS_REMOVE_FILE, "REMOVE_FILE" },
	{ LANDLOCK_ACCESS_FS_MAKE_CHAR, "MAKE_CHAR" },
	{ LANDLOCK_ACCESS_FS_MAKE_DIR, "MAKE_DIR" },
	{ LANDLOCK_ACCESS_FS_MAKE_REG, "MAKE_REG" },
	{ LANDLOCK_ACCESS_FS_MAKE_SOCK, "MAKE_SOCK" },
	{ LANDLOCK_ACCESS_FS_MAKE_FIFO, "MAKE_FIFO" },
	{ LANDLOCK_ACCESS_FS_MAKE_BLOCK, "MAKE_BLOCK" },
	{ LANDLOCK_ACCESS_FS_MAKE_SYM, "MAKE_SYM" },
	{ LANDLOCK_ACCESS_FS_REFER, "REFER" },
	{ LANDLOCK_ACCESS_FS_TRUNCATE, "TRUNCATE" },
	{ LANDLOCK_ACCESS_FS_IOCTL_DEV, "IOCTL_DEV" },
};

/* Access rights for capability c at ABI abi (DESIGN.md section 7). */
static uint64_t cap_access(enum fsj_cap c, int abi)
{
	uint64_t a = 0;

	switch (c) {
	case FSJ_CAP_READ:
		return LANDLOCK_ACCESS_FS_READ_FILE | LANDLOCK_ACCESS_FS_READ_DIR;
	case FSJ_CAP_WRITE:
		a = LANDLOCK_ACCESS_FS_WRITE_FILE;
		if (abi >= 3)
			a |= LANDLOCK_ACCESS_FS_TRUNCATE;
		if (abi >= 5)
			a |= LANDLOCK_ACCESS_FS_IOCTL_DEV;
		return a;
	case FSJ_CAP_CREATE:
		return LL_ACCESS_CREATE;
	case FSJ_CAP_DELETE:
		return LL_ACCESS_DELETE;
	case FSJ_CAP_EXECUTE:
		return LANDLOCK_ACCESS_FS_EXECUTE;
	case FSJ_CAP_CONNECT: /* no right before ABI 9: never handled here */
	case FSJ_CAP_COUNT:
		break;
	}
	return 0;
}

int ll_abi(void)
{
	int abi = 0;
	const char *cap = getenv("FSJAIL_LANDLOCK_ABI_MAX");

#ifdef __linux__
	long v = syscall(SYS_landlock_create_ruleset, NULL, 0, LANDLOCK_CREATE_RULESET_VERSION);

	abi = v > 0 ? (int)v : 0;
#endif
	if (cap && *cap) {
		char *end;
		long max = strtol(cap, &end, 10);

		/* Test-only: behave as an older kernel (0: none at all). */
		if (*end == '\0' && max >= 0 && max < abi)
			abi = (int)max;
	}
	return abi;
}

bool ll_masks_available(void)
{
	if (env_flag("FSJAIL_NO_MOUNT_MASKS"))
		return false;
	return mask_probe();
}

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
 *   LL_MASK_HIDE      read and write/create/delete are denied uniformly in
 *                     d's subtree (v, g of every node below) and read's deny
 *                     at d is explicit/protected: an empty read-only tmpfs
 *                     (folder) or empty 0444 file over d; carries every
 *                     capability;
 *   LL_MASK_READONLY  write, create and delete are denied uniformly in the
 *                     subtree (for an existing file, write and delete: it
 *                     cannot be replaced), one at the explicit/protected level:
 *                     a recursive read-only bind of d onto itself (EROFS
 *                     beneath, EBUSY for d itself); carries write, create
 *                     and delete.
 * Baseline and default denies are never masked (the guarded read fence on
 * the user-data roots stays an expansion at "/", DESIGN.md section 7).
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

struct node {
	char *name; /* last component; "" for "/" */
	char *path;
	struct node *parent;
	struct node **kids; /* sorted by name */
	size_t n_kids, cap_kids;
	bool canonical; /* path_resolve(path) is path: no symlink on the way */
	bool exists;    /* canonical, lstat() works and it is not a symlink */
	bool is_dir;
	uint64_t dev, ino;
	bool v[FSJ_CAP_COUNT]; /* this path allowed */
	bool g[FSJ_CAP_COUNT]; /* a child that is not a node allowed */
	enum fsj_level lv[FSJ_CAP_COUNT];
	bool full[FSJ_CAP_COUNT];     /* a rule here would be sound */
	bool ok[FSJ_CAP_COUNT];       /* sound under a rule above */
	bool deny_all[FSJ_CAP_COUNT]; /* denied throughout the subtree */
	int mask;                     /* -1 or the enum ll_mask_kind of a candidate mask */
	bool mask_used;
	bool pin;
};

struct rulevec {
	struct ll_rule *v;
	size_t n, cap;
};

struct strvec {
	char **v;
	size_t n, cap;
};

struct compiler {
	const struct fsj_policy *pol;
	const struct ll_opts *opts;
	int abi;       /* min(opts->abi, LL_ABI_KNOWN) */
	unsigned caps; /* handled capabilities (FSJ_CAPBIT) */
	struct node *root;
	struct rulevec rules;
	struct strvec expanded;
	struct strvec undeletable; /* files granted delete that Landlock cannot let go */
	struct fsj_error *err;
};

static bool cap_handled(const struct compiler *cx, int c)
{
	return (cx->caps & FSJ_CAPBIT(c)) != 0;
}

static bool mask_carries(int kind, int c)
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

static void strvec_push(struct strvec *sv, char *s)
{
	if (sv->n == sv->cap) {
		sv->cap = sv->cap ? sv->cap * 2 : 16;
		sv->v = xreallocarray(sv->v, sv->cap, sizeof(*sv->v));
	}
	sv->v[sv->n++] = s;
}

/* --- the trie --- */

static struct node *node_new(struct node *parent, const char *name, size_t len)
{
	struct node *n = xcalloc(1, sizeof(*n));

	n->name = xstrndup(name, len);
	n->parent = parent;
	n->mask = -1;
	if (!parent)
		n->path = xstrdup("/");
	else
		n->path = path_join(parent->path, n->name);
	return n;
}

static void node_free(struct node *n)
{
	if (!n)
		return;
	for (size_t i = 0; i < n->n_kids; i++)
		node_free(n->kids[i]);
	free(n->kids);
	free(n->name);
	free(n->path);
	free(n);
}

/* Index of the first kid whose name is >= name (len bytes), *found when
 * equal. */
static size_t kid_index(const struct node *n, const char *name, size_t len, bool *found)
{
	size_t lo = 0, hi = n->n_kids;

	*found = false;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
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

static struct node *kid_find(const struct node *n, const char *name)
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

/* Add p and, when a symlink lies on the way, its resolved spelling. */
static int trie_insert_resolved(struct compiler *cx, const char *p)
{
	cleanup_free char *r = NULL;

	if (trie_insert(cx, p) < 0)
		return -1;
	r = path_resolve(p);
	/* A resolved spelling that is not a path (a /proc fd link to a pipe)
	 * names nothing the kernel could check by path. */
	if (r[0] != '/' || strcmp(r, p) == 0)
		return 0;
	return trie_insert(cx, r);
}

static void node_stat(struct node *n)
{
	cleanup_free char *r = path_resolve(n->path);
	struct stat st;

	n->canonical = strcmp(r, n->path) == 0;
	if (n->canonical && lstat(n->path, &st) == 0 && !S_ISLNK(st.st_mode)) {
		n->exists = true;
		n->is_dir = S_ISDIR(st.st_mode);
		n->dev = (uint64_t)st.st_dev;
		n->ino = (uint64_t)st.st_ino;
	}
	for (size_t i = 0; i < n->n_kids; i++)
		node_stat(n->kids[i]);
}

/* v, g and the deciding level of every handled capability, for n and
 * beneath. g is decided for a fresh child name: "\x01" (lengthened until
 * it is not a kid) cannot be in any rule, since every rule path is a node. */
static void node_decide(struct compiler *cx, struct node *n)
{
	struct strbuf fresh = STRBUF_INIT;
	cleanup_free char *child = NULL;

	sb_addc(&fresh, '\x01');
	while (kid_find(n, fresh.buf))
		sb_addc(&fresh, '\x01');
	child = path_join(n->path, fresh.buf);
	sb_release(&fresh);

	for (int c = 0; c < FSJ_CAP_COUNT; c++) {
		struct fsj_decision d;

		if (!cap_handled(cx, c))
			continue;
		policy_decide(cx->pol, n->path, n->path, (enum fsj_cap)c, &d);
		n->v[c] = d.allowed;
		n->lv[c] = d.level;
		policy_decide(cx->pol, child, child, (enum fsj_cap)c, &d);
		n->g[c] = d.allowed;
	}
	for (size_t i = 0; i < n->n_kids; i++)
		node_decide(cx, n->kids[i]);
}

/* Which mask, if any, could carry the denies at d (see the comment above). */
static int mask_candidate(const struct compiler *cx, const struct node *d)
{
	bool strong_modify = false;
	bool any_modify = false;

	if (!cx->opts->masks || !d->exists || !d->parent)
		return -1;
	for (int c = FSJ_CAP_WRITE; c <= FSJ_CAP_DELETE; c++) {
		if (!cap_handled(cx, c))
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
	if (cap_handled(cx, FSJ_CAP_READ) && d->deny_all[FSJ_CAP_READ] &&
	    level_strong(d->lv[FSJ_CAP_READ]))
		return LL_MASK_HIDE;
	return strong_modify ? LL_MASK_READONLY : -1;
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

		if (!cap_handled(cx, c))
			continue;
		for (size_t i = 0; !leaf && i < n->n_kids; i++)
			all_denied = all_denied && n->kids[i]->deny_all[c];
		n->deny_all[c] = !n->canonical || all_denied;
	}
	n->mask = mask_candidate(cx, n);
	for (int c = 0; c < FSJ_CAP_COUNT; c++) {
		bool full = n->v[c] && (leaf || n->g[c]);

		if (!cap_handled(cx, c))
			continue;
		for (size_t i = 0; !leaf && i < n->n_kids; i++)
			full = full && n->kids[i]->ok[c];
		n->full[c] = n->canonical && full;
		n->ok[c] = !n->canonical || full || mask_carries(n->mask, c);
	}
}

/* A rule at n grants c: the masks it relies on below are needed. */
static void mark_masks(struct node *n, int c)
{
	for (size_t i = 0; i < n->n_kids; i++) {
		struct node *k = n->kids[i];

		if (!k->canonical)
			continue;
		if (k->full[c])
			mark_masks(k, c);
		else if (mask_carries(k->mask, c))
			k->mask_used = true;
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

static int emit(struct compiler *cx, struct node *n, int c);

static int emit_kids(struct compiler *cx, struct node *n, int c)
{
	for (size_t i = 0; i < n->n_kids; i++)
		if (emit(cx, n->kids[i], c) < 0)
			return -1;
	return 0;
}

/* Grant n's entries one by one instead of n (see the comment above). */
static int expand(struct compiler *cx, struct node *n, int c)
{
	uint64_t access = cap_access((enum fsj_cap)c, cx->abi);
	struct dirent *de;
	DIR *dir;
	int fd, rc = 0;

	strvec_push(&cx->expanded, xstrdup(n->path));
	if (!n->g[c])
		return emit_kids(cx, n, c);
	fd = open(n->path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0)
		return emit_kids(cx, n, c); /* unreadable: nothing more granted */
	dir = fdopendir(fd);
	if (!dir) {
		close(fd);
		return emit_kids(cx, n, c);
	}
	while (rc == 0 && (errno = 0, de = readdir(dir))) {
		struct node *k;
		bool is_dir;

		if (strcmp(de->d_name, ".") == 0 || strcmp(de->d_name, "..") == 0)
			continue;
		k = kid_find(n, de->d_name);
		if (k) {
			rc = emit(cx, k, c);
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

static int emit(struct compiler *cx, struct node *n, int c)
{
	uint64_t access = cap_access((enum fsj_cap)c, cx->abi);

	if (!n->exists)
		return 0; /* nothing to open; phantom nodes never exist */
	if (!n->is_dir) {
		/* Landlock's REMOVE_FILE is a right of the folder: a delete
		 * granted on the file alone cannot be handed on (a rule on the
		 * folder, which was not full, would reach its other files). */
		if (c == FSJ_CAP_DELETE && n->v[c])
			strvec_push(&cx->undeletable, xstrdup(n->path));
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

static int str_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
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
	if (n->mask >= 0 && n->mask_used) {
		push_mask(plan, cap, n, (enum ll_mask_kind)n->mask);
		for (struct node *a = n->parent; a && a->parent; a = a->parent)
			if (!a->pin && !(a->mask >= 0 && a->mask_used) && removable(plan, a))
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

int ll_compile(const struct fsj_policy *pol, const struct ll_opts *opts, struct ll_plan *plan,
	       struct fsj_error *err)
{
	struct compiler cx = { .pol = pol, .opts = opts, .err = err };
	size_t mask_cap = 0;
	int rc = 0;

	memset(plan, 0, sizeof(*plan));
	if (opts->abi < 1)
		return fsj_error_set(
			err, NULL, 0, 0,
			"landlock: cannot compile for ABI %d (Landlock needs ABI 1 or later)",
			opts->abi);
	cx.abi = opts->abi < LL_ABI_KNOWN ? opts->abi : LL_ABI_KNOWN;
	cx.caps = pol->enforced & FSJ_CAPS_FILE; /* connect: no Landlock right */

	plan->abi = opts->abi;
	for (int c = 0; c < FSJ_CAP_COUNT; c++)
		if (cap_handled(&cx, c))
			plan->handled_fs |= cap_access((enum fsj_cap)c, cx.abi);
	if (cap_handled(&cx, FSJ_CAP_CREATE))
		plan->handled_fs |= LL_ACCESS_DEVICES;
	if (cx.abi >= 2 && (cx.caps & (FSJ_CAPBIT(FSJ_CAP_CREATE) | FSJ_CAPBIT(FSJ_CAP_DELETE))))
		plan->handled_fs |= LANDLOCK_ACCESS_FS_REFER;
	/* Best effort by ABI (sandboxer.c): what the kernel cannot control is
	 * reported, not silently claimed. */
	if (cap_handled(&cx, FSJ_CAP_WRITE) && cx.abi < 5)
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
		rc = trie_insert_resolved(&cx, pol->rules[i].path);
		if (rc == 0 && pol->rules[i].resolved && pol->rules[i].resolved[0] == '/')
			rc = trie_insert_resolved(&cx, pol->rules[i].resolved);
	}
	if (rc == 0 && pol->workspace)
		rc = trie_insert_resolved(&cx, pol->workspace);
	for (size_t i = 0; rc == 0 && i < pol->n_user_data_roots; i++)
		rc = trie_insert_resolved(&cx, pol->user_data_roots[i]);
	if (rc < 0)
		goto out;

	node_stat(cx.root);
	node_decide(&cx, cx.root);
	node_summarise(&cx, cx.root);
	for (int c = 0; rc == 0 && c < FSJ_CAP_COUNT; c++)
		if (cap_handled(&cx, c))
			rc = emit(&cx, cx.root, c);
	if (rc < 0)
		goto out;

	finish_rules(&cx, plan);
	collect_masks(cx.root, plan, &mask_cap);
	collect_pins(cx.root, plan, &mask_cap);
	if (plan->n_masks)
		qsort(plan->masks, plan->n_masks, sizeof(*plan->masks), mask_order);

	plan->expanded = strvec_take_sorted(&cx.expanded, &plan->n_expanded);
	plan->undeletable = strvec_take_sorted(&cx.undeletable, &plan->n_undeletable);
out:
	node_free(cx.root);
	for (size_t i = 0; i < cx.rules.n; i++)
		free(cx.rules.v[i].path);
	free(cx.rules.v);
	for (size_t i = 0; i < cx.expanded.n; i++)
		free(cx.expanded.v[i]);
	free(cx.expanded.v);
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
	for (size_t i = 0; i < plan->n_expanded; i++)
		free(plan->expanded[i]);
	free(plan->expanded);
	for (size_t i = 0; i < plan->n_undeletable; i++)
		free(plan->undeletable[i]);
	free(plan->undeletable);
	memset(plan, 0, sizeof(*plan));
}

/* --- Dump --- */

static void print_access(FILE *out, uint64_t a)
{
	bool first = true;

	for (size_t i = 0; i < sizeof(fs_names) / sizeof(fs_names[0]); i++) {
		if (!(a & fs_names[i].bit))
			continue;
		fprintf(out, "%s%s", first ? "" : "|", fs_names[i].name);
		first = false;
	}
	if (first)
		fputs("none", out);
}

static const char *mask_kind_name(enum ll_mask_kind k)
{
	switch (k) {
	case LL_MASK_READONLY:
		return "readonly";
	case LL_MASK_HIDE:
		return "hide";
	case LL_MASK_PIN:
		return "pin";
	}
	return "?";
}

/* See landlock.h. The gaps follow the ABI table of SBPL-NOTES.md section 9
 * and Documentation/userspace-api/landlock.rst ("Previous limitations"). */
int ll_plan_gaps(const struct ll_plan *plan, struct strbuf *refuse, struct strbuf *notes)
{
	int n = 0;

	if ((plan->handled_fs & LANDLOCK_ACCESS_FS_WRITE_FILE) && plan->abi < 3) {
		sb_addf(refuse, "write is only partly enforced at Landlock ABI %d: truncate(2) "
				"and O_TRUNC are not controlled before ABI 3, so a file the "
				"policy denies write on can still be emptied\n", plan->abi);
		n++;
	}
	if (plan->network_dropped) {
		sb_addf(refuse, "network: deny is not enforced at Landlock ABI %d: TCP "
				"bind/connect are controlled from ABI 4\n", plan->abi);
		n++;
	}
	if (notes) {
		if (plan->abi < 2 && (plan->handled_fs & LL_ACCESS_CREATE))
			sb_addf(notes, "Landlock ABI %d refuses every rename or link across "
				       "folders: mv and ln between directories fail with EXDEV\n",
				plan->abi);
		if ((plan->handled_fs & LANDLOCK_ACCESS_FS_WRITE_FILE) && plan->abi < 5)
			sb_addf(notes, "device ioctls are not controlled before Landlock ABI 5 "
				       "(running ABI %d)\n", plan->abi);
		if (plan->abi < 6)
			sb_addf(notes, "signals and abstract unix sockets are not scoped to the "
				       "sandbox before Landlock ABI 6 (running ABI %d)\n", plan->abi);
		for (size_t i = 0; i < plan->n_undeletable; i++)
			sb_addf(notes, "delete on '%s' is granted on the file alone, but Landlock "
				       "grants delete per folder: the kernel refuses it, unless "
				       "backups move deletes to the trash (the create hook does "
				       "them)\n", plan->undeletable[i]);
	}
	return n;
}

const char *ll_mask_kind_name(enum ll_mask_kind k)
{
	return mask_kind_name(k);
}

/* Rights a capability maps to that older ABIs lack, and what their absence
 * leaves open; the same gaps as ll_plan_gaps(). */
static const struct {
	uint64_t bit;
	const char *gap;
} late_rights[] = {
	{ LANDLOCK_ACCESS_FS_TRUNCATE, "truncate(2) and O_TRUNC are not controlled before ABI 3" },
	{ LANDLOCK_ACCESS_FS_IOCTL_DEV, "device ioctls are not controlled before ABI 5" },
};

/* See landlock.h. A capability's rights at the newest known ABI, compared
 * with what plan handles: every one handled is fully, some is partly. */
void ll_plan_caps(const struct ll_plan *plan, struct ll_cap_report out[FSJ_CAP_COUNT])
{
	for (int c = 0; c < FSJ_CAP_COUNT; c++) {
		struct ll_cap_report *r = &out[c];
		uint64_t want = cap_access((enum fsj_cap)c, LL_ABI_KNOWN);
		uint64_t have = plan->handled_fs & want;
		size_t len = 0;

		memset(r, 0, sizeof(*r));
		if (!have) {
			r->level = LL_CAP_NOT;
			snprintf(r->reason, sizeof(r->reason), "%s",
				 c == FSJ_CAP_CONNECT ? "Landlock has no right for it before ABI 9: "
							"only the seccomp listener can refuse it"
						      : "not handled by the ruleset: the tier leaves it open");
			continue;
		}
		r->level = have == want ? LL_CAP_FULLY : LL_CAP_PARTLY;
		for (size_t i = 0; i < sizeof(late_rights) / sizeof(late_rights[0]); i++) {
			if (!(want & late_rights[i].bit) || (have & late_rights[i].bit))
				continue;
			if (len < sizeof(r->reason))
				len += (size_t)snprintf(r->reason + len, sizeof(r->reason) - len,
							"%s%s (running ABI %d)", len ? "; " : "",
							late_rights[i].gap, plan->abi);
		}
		if ((c == FSJ_CAP_CREATE || c == FSJ_CAP_DELETE) && plan->abi < 2)
			snprintf(r->note, sizeof(r->note),
				 "Landlock ABI %d refuses every rename or link across folders: mv and "
				 "ln between directories fail with EXDEV", plan->abi);
	}
}

void ll_plan_dump(const struct ll_plan *plan, FILE *out)
{
	fprintf(out, "abi %d\n", plan->abi);
	fputs("handled ", out);
	print_access(out, plan->handled_fs);
	fputc('\n', out);
	if (plan->handled_net)
		fputs("network deny: BIND_TCP|CONNECT_TCP handled, no port allowed\n", out);
	else if (plan->network_dropped)
		fprintf(out, "network deny: not enforced at ABI %d (needs 4)\n", plan->abi);
	else
		fputs("network allow\n", out);
	if (plan->scoped)
		fputs("scoped SIGNAL|ABSTRACT_UNIX_SOCKET\n", out);
	else
		fprintf(out, "scoped none (needs ABI 6)\n");
	for (size_t i = 0; i < plan->n_rules; i++) {
		fprintf(out, "rule %s: ", plan->rules[i].path);
		print_access(out, plan->rules[i].access);
		fputc('\n', out);
	}
	for (size_t i = 0; i < plan->n_masks; i++) {
		const struct ll_mask *m = &plan->masks[i];

		if (m->kind == LL_MASK_PIN)
			fprintf(out, "pin %s\n", m->path);
		else
			fprintf(out, "mask %s %s%s\n", mask_kind_name(m->kind), m->path,
				m->is_dir ? "" : " (file)");
	}
	for (size_t i = 0; i < plan->n_expanded; i++)
		fprintf(out, "expanded %s\n", plan->expanded[i]);
	for (size_t i = 0; i < plan->n_undeletable; i++)
		fprintf(out, "undeletable %s (delete granted on the file; Landlock's is a folder right)\n",
			plan->undeletable[i]);
	if (plan->dropped_caps & FSJ_CAPBIT(FSJ_CAP_WRITE)) {
		if (plan->abi < 3)
			fprintf(out,
				"dropped write: partly enforced at ABI %d: truncate not "
				"controlled (needs 3), device ioctls not controlled (needs 5)\n",
				plan->abi);
		else
			fprintf(out,
				"dropped write: partly enforced at ABI %d: device ioctls not "
				"controlled (needs 5)\n",
				plan->abi);
	}
	if (plan->abi < 2 && (plan->handled_fs & LL_ACCESS_CREATE))
		fputs("note: ABI 1 refuses every rename or link across folders (EXDEV)\n", out);
}

/* --- Application (child, before exec) --- */

#ifdef __linux__
static int add_path_rule(const struct ll_plan *plan, int ruleset, const struct ll_rule *r,
			 struct fsj_error *err)
{
	cleanup_fd int fd = mask_open_exact(r->path);
	struct ll_path_beneath_attr attr;
	struct stat st;

	if (fd < 0) {
		/* Gone since compile: nothing to grant (fail closed). */
		if (errno == ENOENT || errno == ENOTDIR)
			return 0;
		return fsj_error_set(err, NULL, 0, 0, "landlock: cannot open '%s': %s", r->path,
				     strerror(errno));
	}
	if (fstat(fd, &st) < 0)
		return fsj_error_set(err, NULL, 0, 0, "landlock: cannot stat '%s': %s", r->path,
				     strerror(errno));
	if ((S_ISDIR(st.st_mode) != 0) != r->is_dir)
		return fsj_error_set(err, NULL, 0, 0,
				     "landlock: '%s' changed after the plan was compiled", r->path);
	attr.allowed_access = r->access & plan->handled_fs;
	if (!r->is_dir)
		attr.allowed_access &= LL_ACCESS_FILE;
	attr.parent_fd = fd;
	if (!attr.allowed_access)
		return 0;
	if (syscall(SYS_landlock_add_rule, ruleset, LL_RULE_PATH_BENEATH, &attr, 0) < 0)
		return fsj_error_set(err, NULL, 0, 0, "landlock: cannot add the rule for '%s': %s",
				     r->path, strerror(errno));
	return 0;
}

/* Trust boundary: the forked child, before exec, still with the
 * supervisor's privileges. Masks first (mounting is impossible once
 * Landlock restricts us), then no_new_privs, then the ruleset; nothing of
 * the command runs until this returns 0. */
int ll_apply(const struct ll_plan *plan, struct fsj_error *err)
{
	struct ll_ruleset_attr attr = {
		.handled_access_fs = plan->handled_fs,
		.handled_access_net = plan->handled_net,
		.scoped = plan->scoped,
	};
	size_t attr_size = sizeof(uint64_t);
	cleanup_fd int ruleset = -1;

	if (plan->abi < 1)
		return fsj_error_set(err, NULL, 0, 0, "landlock is not available (ABI 0)");
	if (plan->n_masks) {
		if (mask_ns_enter(err) < 0)
			return -1;
		for (size_t i = 0; i < plan->n_masks; i++)
			if (mask_mount(&plan->masks[i], err) < 0)
				return -1;
		if (mask_seal(err) < 0)
			return -1;
	}
	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) < 0)
		return fsj_error_set(err, NULL, 0, 0, "cannot set no_new_privs: %s",
				     strerror(errno));
	if (plan->abi >= 6)
		attr_size = 3 * sizeof(uint64_t);
	else if (plan->abi >= 4)
		attr_size = 2 * sizeof(uint64_t);
	ruleset = (int)syscall(SYS_landlock_create_ruleset, &attr, attr_size, 0);
	if (ruleset < 0)
		return fsj_error_set(err, NULL, 0, 0,
				     "landlock: cannot create the ruleset (ABI %d): %s", plan->abi,
				     strerror(errno));
	for (size_t i = 0; i < plan->n_rules; i++)
		if (add_path_rule(plan, ruleset, &plan->rules[i], err) < 0)
			return -1;
	if (syscall(SYS_landlock_restrict_self, ruleset, 0) < 0)
		return fsj_error_set(err, NULL, 0, 0, "landlock: cannot restrict the process: %s",
				     strerror(errno));
	return 0;
}
#else
int ll_apply(const struct ll_plan *plan, struct fsj_error *err)
{
	(void)plan;
	return fsj_error_set(err, NULL, 0, 0, "landlock needs Linux");
}
#endif
