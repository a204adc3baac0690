/* policy-cache.h - the compiled-policy cache (issue 18): what the parse of
 * the baseline and of the rules file produced, kept in the state folder
 * ($STATE/policy/) so that the next command with the same inputs skips
 * libyaml and the rule schema.
 *
 * What is kept is only what is a pure function of the inputs named in the
 * key: each rule's path as written after ${VAR} substitution and
 * normalisation (lexical), its flags, source, id, origin and note, and the
 * baseline's user-data roots and secrets. Nothing the filesystem decides is kept: each
 * rule's resolved spelling (symlinked ancestors) is computed again with
 * path_resolve() on every load, and fsjail's own files, the names it is
 * invoked by and the repository metadata are added by fsj_ctx_policy() on
 * every run as before. So a path created, removed or replaced by a symlink
 * between two runs is seen as it is now.
 *
 * The key: a format version, PACKAGE_VERSION and the identity of fsjail's
 * own executable (device, inode, size, mtime), the kernel release and the
 * Landlock ABI, uid and gid, the kind (baseline or rules) and tier, the
 * input file's path and identity (st_dev, st_ino, size, mtime and ctime in
 * ns: no program can set a ctime back, so an edit with the size and mtime
 * restored, a touch -d or a rename over it changes the key), HOME, the
 * workspace and every ${VAR} of the baseline. The whole key is stored in
 * the file and compared byte for byte; the file name is a hash of the
 * part that names the input (kind, tier, file, HOME, workspace, ${VAR}s),
 * so that an edited input or a new fsjail replaces its entry: one entry
 * per input, tier and workspace, like scan/'s one per workspace.
 *
 * An entry is written only when the input file's identity was the same
 * before and after the parse and its ctime is more than
 * POLICY_CACHE_RACY_S old (a change in the same clock tick as the read
 * would leave the key unchanged: git's "racy clean"), and only on a
 * filesystem with exact, local timestamps (fsj_fs_exact(): not NFS, FUSE
 * or overlayfs, nor macOS for now). The file is hostile
 * input: opened O_NOFOLLOW|O_NONBLOCK below a folder owned by us and
 * writable by nobody else, a regular file of ours with one link, mode
 * without group/other write, at most POLICY_CACHE_MAX bytes, every field
 * checked; any doubt and the file is ignored whole (the input is parsed
 * and the entry written anew). FSJAIL_NO_POLICY_CACHE=1 turns the cache
 * off (neither read nor written). */
#ifndef FSJAIL_POLICY_CACHE_H
#define FSJAIL_POLICY_CACHE_H

#include <stdbool.h>
#include <stddef.h>

#include "config.h"

#define POLICY_CACHE_RACY_S 2
/* The entry format, in each entry's first line and in every key: an entry
 * of another format is never read (2: the baseline's secrets, 3: notes). */
#define POLICY_CACHE_FORMAT "3"
/* Largest entry read (bytes) and most rules in one. */
#define POLICY_CACHE_MAX (16u * 1024u * 1024u)
#define POLICY_CACHE_MAX_RULES 200000u

/* Where entries are kept: state_dir (absolute; copied), or NULL for no
 * cache. Set by fsj_ctx_load() before the files are read. */
void policy_cache_set_state(const char *state_dir);

/* s as "LEN:BYTES" ("-:" for NULL) onto sb: the strings of an entry and
 * of its key (policy-cache-text.c). */
struct strbuf;
void policy_cache_add_str(struct strbuf *sb, const char *s);

/* Serialise rs (its secrets too) and the roots under key into a buffer (caller frees;
 * *len its length), and parse one back: 0 with *rs and *roots filled (each
 * rule's resolved spelling computed now with path_resolve()), or -1 when
 * buf is not an entry for key of kind ("baseline": sources protected and
 * baseline; "rules": rules) in every respect. Exposed for the unit tests. */
char *policy_cache_format(const char *key, const struct fsj_ruleset *rs, char *const *roots,
			  size_t n_roots, size_t *len);
int policy_cache_parse(const char *buf, size_t len, const char *key, const char *kind,
		       struct fsj_ruleset *rs, char ***roots, size_t *n_roots);

/* Read entry key from dir_fd's file name: 0 and the parse, or -1 (missing,
 * not ours, bad). Write one (atomic: a new file renamed over). Exposed
 * for the unit tests. */
int policy_cache_read(int dir_fd, const char *name, const char *key, const char *kind,
		      struct fsj_ruleset *rs, char ***roots, size_t *n_roots);
int policy_cache_write(int dir_fd, const char *name, const char *key,
		       const struct fsj_ruleset *rs, char *const *roots, size_t n_roots);

/* The state folder's policy/ as a descriptor (made when make), or -1 (no
 * state folder, the cache off, not ours); and the key part every entry of
 * this process shares (version, executable, kernel, ABI, uid and gid;
 * static). The seccomp filter cache keeps its entries there too
 * (notify-filter-cache.c). */
int policy_cache_dir(bool make);
const char *policy_cache_key_common(void);

#endif
