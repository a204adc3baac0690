/* fsjail.h - the public C interface of libfsjail: the policy engine of the
 * fsjail command (load the policy, explain a path, check a shell line,
 * compile for a kernel backend), for harnesses and runtimes that link it
 * instead of running `fsjail`. Manual: fsjail-lib(3).
 *
 * Build against the installed library with
 *     cc prog.c $(pkg-config --static --cflags --libs fsjail)
 * (libfsjail is a static library: --static brings libyaml, libcjson,
 * tree-sitter and libseccomp along).
 *
 * Model (minijail style): an opaque handle, fsjail_policy_new() ->
 * fsjail_policy_set() ... -> fsjail_policy_load() -> queries ->
 * fsjail_policy_free(). Errors (crun style): a fallible function returns a
 * negative errno value and, when err is not NULL, sets *err to a new error
 * object naming what failed (fsjail_error_*(); the caller frees it with
 * fsjail_error_free()). The library never prints and never exits.
 *
 * ABI stability: FSJAIL_API_VERSION is 1. Within one API version functions
 * are only added, never changed or removed, and enum values are only
 * appended; no structure is public. A change that breaks a caller raises
 * FSJAIL_API_VERSION; compare fsjail_api_version() at run time with the
 * value compiled against. The JSON texts follow the schemas of
 * fsjail-json(7), each versioned by its "schema" member. */
#ifndef FSJAIL_H
#define FSJAIL_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

#define FSJAIL_API_VERSION 1

typedef struct fsjail_policy fsjail_policy;
typedef struct fsjail_error fsjail_error;

/* Capabilities (fsjail(1), CAPABILITIES); bit FSJAIL_CAPBIT(c) in masks. */
enum fsjail_cap {
	FSJAIL_CAP_READ = 0,
	FSJAIL_CAP_WRITE,
	FSJAIL_CAP_CREATE,
	FSJAIL_CAP_DELETE,
	FSJAIL_CAP_EXECUTE,
	FSJAIL_CAP_CONNECT,
	FSJAIL_CAP_COUNT
};
#define FSJAIL_CAPBIT(c) (1u << (c))

/* What fsjail_policy_set() sets; each is the command-line option of the
 * same name (fsjail(1)), with the same values. */
enum fsjail_option {
	FSJAIL_OPT_RULES = 1, /* --rules FILE */
	FSJAIL_OPT_CONFIG,    /* --config FILE */
	FSJAIL_OPT_WORKSPACE, /* --workspace DIR */
	FSJAIL_OPT_MODE,      /* --mode workspace-write|read-only */
	FSJAIL_OPT_ENFORCE,   /* --enforce auto|off|TIER */
	FSJAIL_OPT_TIER,      /* --tier full|guarded|process|writes */
	FSJAIL_OPT_PLATFORM,  /* --platform linux|darwin */
	FSJAIL_OPT_NETWORK,   /* --network allow|deny */
	FSJAIL_OPT_GRANT,     /* --grant CAPS:PATH (repeatable) */
	FSJAIL_OPT_DENY,      /* --deny CAPS:PATH (repeatable) */
};

/* fsjail_check()'s overall answer (`fsjail check` exit statuses 0, 3, 4). */
enum fsjail_verdict {
	FSJAIL_ALLOW = 0,
	FSJAIL_PROMPT = 1,
	FSJAIL_REFUSE = 2,
};

enum fsjail_backend {
	FSJAIL_BACKEND_DEFAULT = 0, /* the policy platform's own */
	FSJAIL_BACKEND_SEATBELT,    /* macOS: SBPL profile text */
	FSJAIL_BACKEND_LANDLOCK,    /* Linux: the ruleset, masks and layers */
};

/* The API version the library was built as (FSJAIL_API_VERSION there). */
int fsjail_api_version(void);

/* A new handle with nothing set; NULL when out of memory. Caller frees
 * with fsjail_policy_free() (NULL is accepted). */
fsjail_policy *fsjail_policy_new(void);
void fsjail_policy_free(fsjail_policy *p);

/* Set option opt to value (copied; NULL unsets, except GRANT and DENY,
 * which add). Returns 0; -EINVAL for an unknown option or a value fsjail
 * does not know (checked here for MODE, ENFORCE, TIER, PLATFORM, NETWORK;
 * the rest when loading); -EBUSY after fsjail_policy_load(); -E2BIG past
 * 64 grants and denies. */
int fsjail_policy_set(fsjail_policy *p, enum fsjail_option opt, const char *value,
		      fsjail_error **err);

/* Load the policy as `fsjail explain|check|compile` do: the environment
 * ($HOME, $FSJAIL_HOME, $XDG_*), the config and rules files, the platform
 * baseline, the workspace and the tier (--tier, else the tier the cached
 * probe proved; no probe is run). Returns 0; -EINVAL with the error
 * naming FILE:LINE:COL for a bad YAML file, the offending path or value
 * otherwise; -ENOENT when there is no workspace (fsjail_error_message()
 * says why); -EBUSY when already loaded. */
int fsjail_policy_load(fsjail_policy *p, fsjail_error **err);

/* After a load: the workspace, the tier's name, the mode's name (strings
 * owned by p); and a note the CLI would print (the tier was not proven by
 * a probe, enforce is off...), or NULL. Before a load: NULL. */
const char *fsjail_policy_workspace(const fsjail_policy *p);
const char *fsjail_policy_tier(const fsjail_policy *p);
const char *fsjail_policy_mode(const fsjail_policy *p);
const char *fsjail_policy_note(const fsjail_policy *p);

/* Decide every capability for path (relative to the current directory at
 * the load; "~" expands). *allowed (when not NULL) gets the FSJAIL_CAPBIT mask of the
 * capabilities allowed; *json (when not NULL) a new string, the
 * "fsjail-explain/1" object of `fsjail explain --json` for this one path
 * (caller frees with free()). Returns 0, -EINVAL for a path that cannot
 * be normalised (the error names it), -EBUSY before a load. */
int fsjail_explain(fsjail_policy *p, const char *path, unsigned *allowed, char **json,
		   fsjail_error **err);

/* What the shell line (len bytes) will do and the answer on it, as
 * `fsjail check` gives them; cwd is the line's working directory (NULL:
 * the current directory at the load). Returns the enum fsjail_verdict (>= 0) with *json
 * (when not NULL) the "fsjail-check/1" object, a new string the caller
 * frees; -E2BIG for a line over 1 MiB, -EINVAL for a bad cwd, -EBUSY
 * before a load. */
int fsjail_check(fsjail_policy *p, const char *line, size_t len, const char *cwd,
		 char **json, fsjail_error **err);

/* The text `fsjail compile --backend B` prints: for seatbelt the SBPL
 * profile (starting "(version 1)") and its parameters as comments; for
 * landlock a dump of the ruleset, masks and layers (the first landlock
 * compile in a process forks a child once to learn whether it may make
 * mount namespaces, as `fsjail compile` does). *text is a new string the
 * caller frees. Returns 0; -EINVAL when the policy cannot be
 * expressed for the backend (the error says why); -ENOENT when a data
 * file (sbpl-preamble.sb) is not found; -EBUSY before a load. */
int fsjail_compile(fsjail_policy *p, enum fsjail_backend backend, char **text,
		   fsjail_error **err);

/* The error: its whole text as `fsjail` would print it after "fsjail: ";
 * the file it is about (a YAML file: its FILE:LINE:COL) or NULL with
 * line and column 0; the negative errno the call returned. Strings are
 * owned by e. */
const char *fsjail_error_message(const fsjail_error *e);
const char *fsjail_error_file(const fsjail_error *e);
unsigned long fsjail_error_line(const fsjail_error *e);
unsigned long fsjail_error_column(const fsjail_error *e);
int fsjail_error_code(const fsjail_error *e);
void fsjail_error_free(fsjail_error *e);

#ifdef __cplusplus
}
#endif

#endif
