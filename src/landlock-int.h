/* landlock-int.h - what the Landlock files share and nobody else needs:
 * the kernel UAPI values, the access-right groups of each capability, and
 * the compiler's trie (landlock-plan.c builds and decides it,
 * landlock-emit.c turns it into rules, masks and expanded folders).
 * Private to landlock*.c. */
#ifndef FSJAIL_LANDLOCK_INT_H
#define FSJAIL_LANDLOCK_INT_H

#include <stdbool.h>
#include <stdint.h>

#ifdef HAVE_LINUX_LANDLOCK_H
#include <linux/landlock.h>
#endif

#include "landlock.h"
#include "policy.h"

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

/* The newest ABI whose rights these files know. */
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

/* Access rights for capability c at ABI abi (DESIGN.md section 7). */
uint64_t ll_cap_access(enum fsj_cap c, int abi);

/* The compiler's state (the algorithm: landlock-plan.c). */
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
	bool by_listener;   /* absent, create denied: the listener keeps it absent */
	bool listener_used; /* ... and a rule above relies on that */
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
	struct strvec expanded_why; /* parallel to expanded */
	struct strvec undeletable; /* files granted delete that Landlock cannot let go */
	struct fsj_error *err;
};

/* landlock-plan.c */
bool ll_cap_handled(const struct compiler *cx, int c);
bool ll_mask_carries(int kind, int c);
void ll_strvec_push(struct strvec *sv, char *s);
struct node *ll_kid_find(const struct node *n, const char *name);
/* n's nearest strict ancestor that exists (NULL: none; "/" always does). */
const struct node *ll_existing_above(const struct node *n);

/* landlock-emit.c: the rules for capability c from n down (0, or -1 with
 * cx->err set; see the comment in landlock-plan.c). */
int ll_emit(struct compiler *cx, struct node *n, int c);
/* Sort and merge cx's rules into plan, then the masks and pins they rely
 * on, in mounting order. */
void ll_finish(struct compiler *cx, struct ll_plan *plan);

#endif
