/* policy.h - the capability model and the precedence engine
 * (DESIGN.md sections 2-5).
 *
 * A policy is a flat list of rules, each belonging to a level. For each
 * capability the strongest level that has an opinion on a path decides;
 * inside a level the deepest matching rule that mentions the capability
 * decides, and on a tie at one depth deny wins. A rule matches a query when
 * its written or its resolved spelling covers the query; a query whose
 * written and resolved spellings differ is allowed only when both are
 * (a symlink cannot carry a grant outside). Components compare whole. */
#ifndef FSJAIL_POLICY_H
#define FSJAIL_POLICY_H

#include <stdbool.h>
#include <stddef.h>

#include "util.h"

enum fsj_cap {
	FSJ_CAP_READ = 0,
	FSJ_CAP_WRITE,
	FSJ_CAP_CREATE,
	FSJ_CAP_DELETE,
	FSJ_CAP_EXECUTE,
	FSJ_CAP_CONNECT, /* a pathname Unix socket (DESIGN.md section 2) */
	FSJ_CAP_COUNT
};
#define FSJ_CAPBIT(c) (1u << (c))
/* Every capability, connect included. */
#define FSJ_CAPS_ALL ((1u << FSJ_CAP_COUNT) - 1u)
/* The five file capabilities ("all five": read ... execute, not connect). */
#define FSJ_CAPS_FILE ((1u << (FSJ_CAP_EXECUTE + 1)) - 1u)
#define FSJ_CAPS_MODIFY (FSJ_CAPBIT(FSJ_CAP_WRITE) | FSJ_CAPBIT(FSJ_CAP_CREATE) | FSJ_CAPBIT(FSJ_CAP_DELETE))

/* Strongest first (DESIGN.md section 3). */
enum fsj_level {
	FSJ_LEVEL_PROTECTED = 0,
	FSJ_LEVEL_EXPLICIT,
	FSJ_LEVEL_BASELINE,
	FSJ_LEVEL_DEFAULT,
	FSJ_LEVEL_COUNT
};

/* Where a rule came from; the level follows from it. */
enum fsj_source {
	FSJ_SRC_PROTECTED = 0, /* profiles/baseline-*.yaml "protected:" and fsjail's own files */
	FSJ_SRC_RULES,         /* the user's rules file */
	FSJ_SRC_GRANT,         /* deployment grants in the config file */
	FSJ_SRC_SESSION,       /* one-shot session grants (allow once) */
	FSJ_SRC_BASELINE,      /* profiles/baseline-*.yaml "baseline:" */
};

/* Fence tiers, weakest first so a larger value is stronger (DESIGN.md section 5). */
enum fsj_tier {
	FSJ_TIER_WRITES = 0,
	FSJ_TIER_PROCESS,
	FSJ_TIER_GUARDED,
	FSJ_TIER_FULL,
	FSJ_TIER_COUNT
};

enum fsj_mode {
	FSJ_MODE_WORKSPACE_WRITE = 0,
	FSJ_MODE_READ_ONLY,
};

struct fsj_rule {
	char *id;         /* may be NULL */
	char *path;       /* normalised, as written (absolute) */
	char *resolved;   /* path with symlinked ancestors resolved */
	bool recursive;   /* subtree (true) or this path only */
	unsigned allow;   /* FSJ_CAPBIT mask */
	unsigned deny;    /* FSJ_CAPBIT mask; deny wins over allow at one path */
	unsigned pass;    /* "this level has no opinion here" (protected exceptions) */
	enum fsj_source source;
	char *origin;     /* "FILE:LINE" the rule was read from, may be NULL */
	char *note;       /* the baseline entry's "note:" (why), may be NULL */
};

struct fsj_policy {
	struct fsj_rule *rules;
	size_t n_rules;
	size_t cap_rules;
	enum fsj_mode mode;
	enum fsj_tier tier;
	/* Capabilities the tier makes the kernel enforce (FSJ_CAPBIT mask);
	 * for writes: write+create+delete. */
	unsigned enforced;
	char *workspace;  /* normalised and resolved */
	/* built for macOS: a query under /tmp, /var or /etc is decided as its
	 * /private spelling (symlinks there, and one path to the policy);
	 * setuid programs never run (fsj_exec_not_in_force()) */
	bool darwin;
	/* user-data roots of the platform (baseline "user_data_roots:") */
	char **user_data_roots;
	size_t n_user_data_roots;
	/* the baseline's "secrets:" as written and resolved (policy-secret.h) */
	char **secrets, **secrets_resolved;
	size_t n_secrets;
	/* rules by spelling (path and resolved), kept by policy_add_rule():
	 * policy_decide() looks up the query's ancestors instead of scanning
	 * every rule */
	struct policy_index *index;
};

struct fsj_decision {
	bool allowed;
	enum fsj_level level;          /* FSJ_LEVEL_DEFAULT when no rule decided */
	const struct fsj_rule *rule;   /* NULL for the default level */
	bool pass;                     /* a protected exception let it fall through */
};

/* Names: "read", "write", ..., "connect"; "protected", "explicit", ...; "full",
 * "guarded", ...; "workspace-write", "read-only". Static strings. */
const char *fsj_cap_name(enum fsj_cap c);
const char *fsj_level_name(enum fsj_level l);
const char *fsj_source_name(enum fsj_source s);
const char *fsj_tier_name(enum fsj_tier t);
const char *fsj_mode_name(enum fsj_mode m);
/* Parse a name; return the value (>= 0), or -1 when unknown. */
int fsj_cap_parse(const char *s);
int fsj_tier_parse(const char *s);
int fsj_mode_parse(const char *s);
/* Capabilities each tier makes the kernel enforce (DESIGN.md section 5);
 * connect at every tier (section 2). */
unsigned fsj_tier_enforced(enum fsj_tier t);
enum fsj_level fsj_source_level(enum fsj_source s);

/* A new empty policy for mode and tier; caller frees with policy_free(). */
struct fsj_policy *policy_new(enum fsj_mode mode, enum fsj_tier tier);
void policy_free(struct fsj_policy *pol);

/* Append a copy of *r to pol (all strings duplicated into one block that
 * pol owns: a stored rule's strings are never freed or replaced one by
 * one; r->resolved may be NULL, then it is computed with path_resolve()).
 * Returns a pointer to the stored rule, valid until the next
 * policy_add_rule(). */
struct fsj_rule *policy_add_rule(struct fsj_policy *pol, const struct fsj_rule *r);

/* Apply the mode: in read-only mode, strip write, create and delete from
 * every allow of the explicit level and from the workspace's baseline
 * grant (DESIGN.md section 3). Call once, after all rules are added. */
void policy_finalize(struct fsj_policy *pol);

/* Decide capability cap for a path. path is a normalised absolute path as
 * the user wrote it; resolved is its path_resolve() form (may be NULL: then
 * path is taken as already resolved). Fills *out. The rule pointer stays
 * valid as long as pol is not changed. */
void policy_decide(const struct fsj_policy *pol, const char *path,
		   const char *resolved, enum fsj_cap cap,
		   struct fsj_decision *out);

/* policy_decide() of every capability in caps (FSJ_CAPBIT mask) at once,
 * into out[c] for each (the other entries untouched): one walk of the
 * query's ancestors, each capability decided exactly as policy_decide()
 * alone would. */
void policy_decide_caps(const struct fsj_policy *pol, const char *path, const char *resolved,
			unsigned caps, struct fsj_decision out[FSJ_CAP_COUNT]);

/* Mask of capabilities allowed at path (every capability decided). */
unsigned policy_allowed_mask(const struct fsj_policy *pol, const char *path,
			     const char *resolved);

/* Free the strings of one rule (not the struct). */
void fsj_rule_release(struct fsj_rule *r);

#endif
