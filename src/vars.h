/* vars.h - the variables a baseline or rules file may use as ${NAME}, and
 * the size limit of every YAML file fsjail reads: what the YAML readers
 * (yamlread.h) need of config.h, in a header of their own, so that the
 * readers do not include the config module built on them (STYLE.md
 * point 24). */
#ifndef FSJAIL_VARS_H
#define FSJAIL_VARS_H

/* Largest YAML file fsjail reads, in bytes (1 MiB): far above any real
 * rules file, small enough that a hostile file cannot exhaust memory. */
#define FSJ_YAML_MAX_BYTES (1024u * 1024u)

#define FSJ_PRIVATE_CACHES 10 /* TOOLCACHE_N */

/* Variables a baseline may use as ${NAME}. An entry whose variable is
 * NULL is skipped. */
struct fsj_vars {
	const char *home, *workspace, *tmpdir, *config_dir, *state_dir;
	const char *config_file, *rules_file, *baseline_file;
	const char *private_shm; /* "/dev/shm" when the run gets its own (devshm.h), else NULL */
	/* the run's private tool caches, in toolcache_defs order (toolcache.h):
	 * the folder's path when the run gets its own copy, else NULL */
	const char *private_cache[FSJ_PRIVATE_CACHES];
	/* ~/.npm/_npx when it is the host's folder (not the run's own copy)
	 * and no rule of the user's names it, else NULL (ctx.c) */
	const char *host_npm_npx;
	/* the user's Kerberos ticket files (krb5cc.h): KRB5CCNAME's, or
	 * NULL; MIT's default /tmp/krb5cc_UID */
	const char *krb5cc, *krb5cc_default;
};

#endif
