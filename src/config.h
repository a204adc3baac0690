/* config.h - fsjail's files (DESIGN.md section 12) and the YAML readers for
 * config.yaml, rules.yaml and the platform baseline (libyaml).
 *
 * Every reader refuses bad input with FILE:LINE:COL and changes nothing:
 * the caller gets either a complete result or an error. */
#ifndef FSJAIL_CONFIG_H
#define FSJAIL_CONFIG_H

#include <stdbool.h>
#include <stddef.h>

#include "policy.h"
#include "util.h"
#include "vars.h"

enum fsj_enforce {
	FSJ_ENFORCE_AUTO = -1,
	FSJ_ENFORCE_OFF = -2,
	FSJ_ENFORCE_UNKNOWN = -3,   /* fsj_enforce_parse(): not a known name */
	/* values >= 0 are an enum fsj_tier: that tier or stronger */
};

/* Parse "auto", "off" or a tier name into an enum fsj_enforce or enum
 * fsj_tier; FSJ_ENFORCE_UNKNOWN for anything else (NULL included). */
int fsj_enforce_parse(const char *s);
/* "auto", "off" or the tier's name; "?" when e is none of them. Static. */
const char *fsj_enforce_name(int e);

enum fsj_network {
	FSJ_NETWORK_ALLOW = 0,
	FSJ_NETWORK_DENY,
};

enum fsj_delete_mode {
	FSJ_DELETE_TRASH = 0,
	FSJ_DELETE_UNLINK,
};

/* backup.method (DESIGN.md section 9): the listener's hook, or a
 * snapshot before the run compared after it (snapshot.h). */
enum fsj_backup_method {
	FSJ_BACKUP_INTERCEPT = 0,
	FSJ_BACKUP_SNAPSHOT,
};

/* A set of rules read from one file. */
struct fsj_ruleset {
	struct fsj_rule *rules;
	size_t n;
	size_t cap;
	/* a baseline's "secrets:" (normalised paths; none in a rules file):
	 * no refusal hint ever offers a grant at, under or over one */
	char **secrets;
	size_t n_secrets;
};
void fsj_ruleset_release(struct fsj_ruleset *rs);

struct fsj_config {
	bool mode_set;
	enum fsj_mode mode;
	bool enforce_set;
	int enforce;               /* enum fsj_enforce or enum fsj_tier */
	char *workspace;           /* normalised, or NULL */
	enum fsj_network network;
	struct fsj_ruleset grants; /* source FSJ_SRC_GRANT */
	bool backup_enabled;
	unsigned long backup_max_size_mb;
	bool backup_refuse_large; /* backup.on_too_large: refuse (default allow) */
	enum fsj_backup_method backup_method; /* default: snapshot on macOS */
	unsigned long backup_keep_days;    /* cycles older than this are pruned after a run */
	unsigned long backup_store_max_mb; /* then the oldest while the store is larger */
	enum fsj_delete_mode delete_mode;
	bool audit_enabled;
	char *audit_path;          /* NULL: $STATE/audit.ndjson */
	bool accept_partial;
	bool report_reads;         /* report: reads (default writes): trace reads, executes */
	bool protect_repository, protect_autorun; /* protect: {repository:, autorun:}, default true */
	bool protect_hard_links;   /* protect: {hard_links:}, default true (issue 13 item 5) */
};
void fsj_config_init(struct fsj_config *c);
void fsj_config_release(struct fsj_config *c);

/* fsjail's own files (DESIGN.md section 12). All paths normalised. */
/* The platform a policy is built for: this machine's, or another one named
 * with --platform (compile, explain, check, status), so that the policy a
 * Mac would get can be looked at, tested and compared anywhere. */
enum fsj_platform {
	FSJ_PLATFORM_LINUX = 0,
	FSJ_PLATFORM_DARWIN,
};

struct fsj_env {
	char *home;          /* $HOME, or the passwd entry */
	char *config_dir;    /* $FSJAIL_HOME/config or $XDG_CONFIG_HOME/fsjail */
	char *state_dir;     /* $FSJAIL_HOME/state or $XDG_STATE_HOME/fsjail */
	char *config_file;   /* --config or config_dir/config.yaml */
	char *rules_file;    /* --rules or config_dir/rules.yaml */
	char *tmpdir;        /* $TMPDIR when set, absolute and not at or above home, else NULL */
	char *baseline_file; /* the platform baseline in use */
	char *cwd;           /* the current directory at start */
	char *krb5cc;        /* the file $KRB5CCNAME names (krb5cc.h), or NULL */
	char *krb5cc_default; /* /tmp/krb5cc_UID (krb5cc.h) */
	enum fsj_platform platform; /* the platform the policy is for */
	bool foreign;        /* platform is not this machine's (--platform) */
};
/* fsjail's data files, installed in $(pkgdatadir): the platform baseline
 * and the fixed head of every Seatbelt profile (sbpl.c). */
#ifdef __APPLE__
#define FSJ_DATA_BASELINE "baseline-darwin.yaml"
#else
#define FSJ_DATA_BASELINE "baseline-linux.yaml"
#endif

enum fsj_platform fsj_platform_native(void);
/* "linux", "darwin" (also "macos"): the value, or -1 when unknown. */
int fsj_platform_parse(const char *s);
const char *fsj_platform_name(enum fsj_platform p);
/* The baseline data file of platform p ("baseline-darwin.yaml", ...). */
const char *fsj_data_baseline(enum fsj_platform p);
/* The resolved spelling of the normalised absolute path norm on platform
 * p: on this machine's own platform (foreign false) path_resolve(); on
 * another, lexically, since its files are not here: norm itself, and on
 * darwin the /private spelling of /tmp, /var and /etc, which are symlinks
 * into /private there (SBPL-NOTES.md section 6). New string, caller
 * frees. */
char *fsj_platform_resolve(enum fsj_platform p, bool foreign, const char *norm);
#define FSJ_DATA_SBPL_PREAMBLE "sbpl-preamble.sb"

/* Most places a data file is looked for (fsj_data_candidates()). */
#define FSJ_DATA_PLACES 3

/* The places data file name is looked for, in order: $FSJAIL_DATADIR,
 * then the installed data directory (FSJAIL_DATADIR at build time), then
 * the source tree (FSJAIL_SRC_PROFILES: running from a build). A relative
 * $FSJAIL_DATADIR resolves against cwd (absolute; NULL: such a place is
 * left out). Fills out[] with up to FSJ_DATA_PLACES normalised file
 * paths, each a new string the caller frees; returns how many. Every
 * place is a candidate whether or not the file is there: a command that
 * could create the file in an earlier place would choose what the next
 * run loads, so callers protect them all (fsj_ctx_policy()). */
size_t fsj_data_candidates(const char *name, const char *cwd, char *out[FSJ_DATA_PLACES]);

/* The first candidate (fsj_data_candidates()) that is a regular file, as
 * a new string the caller frees, or NULL when there is none. */
char *fsj_data_find(const char *name, const char *cwd);

/* Read data file name: the first candidate that is a regular file, at
 * most max bytes. Returns 0 with *text the NUL-terminated contents and,
 * when path is not NULL, *path the file read (both new strings, caller
 * frees). Returns -1 with err set, and *text (and *path) NULL, when no
 * candidate is a regular file (the message names every place searched),
 * or when the file found cannot be read, is larger than max or holds a
 * NUL byte: then the later places are not tried (fail closed). */
int fsj_data_read(const char *name, const char *cwd, size_t max, char **text, char **path,
		  struct fsj_error *err);

/* Fill env from the environment. rules_file and config_file override the
 * defaults when non-NULL (relative names resolve against the current
 * directory). Returns 0, or -1 with err set (no $HOME, no baseline file). */
int fsj_env_init(struct fsj_env *env, const char *rules_file,
		 const char *config_file, struct fsj_error *err);
void fsj_env_release(struct fsj_env *env);
/* Build for platform p: its baseline file (env->baseline_file replaced),
 * env->foreign set when p is not this machine's. Returns 0, or -1 with err
 * set when p's baseline is not found. */
int fsj_env_set_platform(struct fsj_env *env, enum fsj_platform p, struct fsj_error *err);

/* Read config.yaml at path into *out (initialised by this call).
 * A missing file leaves the defaults and returns 0; an unreadable or
 * invalid one returns -1 with err set to "FILE:LINE:COL: reason".
 * home resolves "~" in paths. */
int fsj_config_load(const char *path, const char *home, struct fsj_config *out,
		    struct fsj_error *err);

/* Read the rules file at path into *out (initialised by this call); rule
 * paths are normalised against home and workspace. A missing file is an
 * empty rule set (return 0); unreadable or invalid is -1 with err set. */
int fsj_rules_load(const char *path, const char *home, const char *workspace,
		   struct fsj_ruleset *out, struct fsj_error *err);
/* The same without the compiled-policy cache (policy-cache.h): the parse
 * itself, which fsj_rules_load() calls on a miss (config.c). */
int fsj_rules_parse(const char *path, const char *home, const char *workspace,
		    struct fsj_ruleset *out, struct fsj_error *err);

/* Read a baseline file for one tier: entries under "baseline:" get source
 * FSJ_SRC_BASELINE, under "protected:" FSJ_SRC_PROTECTED; entries with
 * "tiers:" that do not name tier are left out. user_data_roots (may be
 * NULL) receives the "user_data_roots:" list (caller frees each string and
 * the array; *n_roots its length). Returns 0 or -1 with err set.
 * Through the compiled-policy cache (policy-cache.c); fsj_baseline_parse()
 * is the parse itself (config.c). */
int fsj_baseline_load(const char *path, const struct fsj_vars *vars,
		      enum fsj_tier tier, struct fsj_ruleset *out,
		      char ***user_data_roots, size_t *n_roots,
		      struct fsj_error *err);
int fsj_baseline_parse(const char *path, const struct fsj_vars *vars,
		       enum fsj_tier tier, struct fsj_ruleset *out,
		       char ***user_data_roots, size_t *n_roots,
		       struct fsj_error *err);

/* Everything one command needs, assembled from the command line, the
 * environment and the files. */
struct fsj_ctx {
	struct fsj_env env;
	struct fsj_config config;
	struct fsj_ruleset rules;   /* the user's rules file */
	struct fsj_ruleset session; /* session grants (allow once) */
	char *workspace;            /* normalised and resolved; NULL: refused */
	const char *workspace_why;  /* "--workspace", "config", "git work tree"... */
	char *workspace_error;      /* why a default workspace was refused */
	bool wide_ok;               /* --wide-workspace: "/", $HOME or above it allowed */
	enum fsj_mode mode;
	int enforce;                /* enum fsj_enforce or enum fsj_tier */
	struct repometa *repos;     /* protected metadata; NULL: protect off */
	char *private_cache[FSJ_PRIVATE_CACHES]; /* toolcache_decide(); NULL: none */
	char *host_npm_npx;         /* fsj_vars.host_npm_npx; NULL: none */
};

struct fsj_ctx_opts {
	const char *rules_file;   /* --rules, or NULL */
	const char *config_file;  /* --config, or NULL */
	const char *workspace;    /* --workspace, or NULL */
	const char *mode;         /* --mode, or NULL */
	const char *enforce;      /* --enforce, or NULL */
	/* --grant / --deny CAPS:PATH in command-line order (session.h);
	 * n_session past FSJ_SESSION_RULES_MAX: fsj_ctx_load() refuses */
#define FSJ_SESSION_RULES_MAX 64
	const char *session_rules[FSJ_SESSION_RULES_MAX];
	bool session_deny[FSJ_SESSION_RULES_MAX];
	size_t n_session;
	const char *platform;     /* --platform, or NULL: this machine's */
	bool wide_workspace;      /* --wide-workspace: a --workspace of "/", $HOME,
				   * a folder above it or /home is taken */
};

/* Load config and rules and settle workspace, mode and enforce: the
 * workspace is --workspace, else config "workspace", else the git work
 * tree top holding the current directory (not $HOME's), else the current
 * directory; "/", $HOME, a folder above it or /home is refused unless
 * named with --workspace and opts->wide_workspace is set, a protected
 * tree unless named with --workspace (DESIGN.md section 3): a default one lazily (workspace NULL,
 * workspace_error set; log, status... go on, fsj_ctx_policy() fails).
 * Scans ctx->repos. The --grant/--deny rules of opts become ctx->session
 * (session.h). Returns 0, or -1 with err set and ctx released. */
int fsj_ctx_load(const struct fsj_ctx_opts *opts, struct fsj_ctx *ctx,
		 struct fsj_error *err);
void fsj_ctx_release(struct fsj_ctx *ctx);

/* Build the policy of ctx for one tier: protected paths (the baseline's
 * and fsjail's own files), the explicit rules (rules file, config grants,
 * session grants) and the baseline. Returns 0 with *out set (caller frees
 * with policy_free()), or -1 with err set. */
int fsj_ctx_policy(const struct fsj_ctx *ctx, enum fsj_tier tier,
		   struct fsj_policy **out, struct fsj_error *err);

#endif
