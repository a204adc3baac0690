/* ctx-homecode.h - the user's code the environment names under ~ (issue 12
 * item 2): the folders of $PATH (under ~ or a temporary folder) and the
 * start-up files named by variables, protected as the baseline's fixed
 * names are. */
#ifndef FSJAIL_CTX_HOMECODE_H
#define FSJAIL_CTX_HOMECODE_H

#include "policy.h"

/* Add to pol a protected rule (deny write, create, delete) for:
 *  - every absolute folder of path_env (the colon-separated $PATH; may be
 *    NULL), or one that starts with "~" or "~/" (bash expands it with
 *    home when it looks a command up), that lies under home or under a
 *    temporary folder the baseline opens (/tmp, /var/tmp, $TMPDIR), as
 *    written or resolved through its symbolic links (path_resolve(): a
 *    link to nothing yet too), existing or not yet: a program planted
 *    there runs at the user's next command of that name. Left out: home
 *    and those temporary folders themselves, a folder at, above or under
 *    workspace, and one already protected;
 *  - the file each of PYTHONSTARTUP, BASH_ENV, ENV and PIP_CONFIG_FILE
 *    names, and $ZDOTDIR's zsh start-up files (python(1) "-i", bash(1)
 *    INVOCATION, sh(1p) ENV, pip's configuration docs, zsh(1) STARTUP
 *    FILES), wherever they lie, when absolute and a regular file or
 *    missing (a /dev/null there protects nothing).
 * home and workspace are normalised absolute paths (NULL: nothing under
 * home, no workspace). Reads the environment (getenv) and stats the
 * paths; pol keeps its own copies. Never fails (out of memory aborts). */
void ctx_homecode_rules(struct fsj_policy *pol, const char *home, const char *workspace,
			const char *path_env);

#endif
