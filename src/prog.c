/* prog.c - the program table (DESIGN.md section 11): program name ->
 * handler, or an option spec and what the operands get when that is all
 * the program needs; and the dispatch of one argv to it. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "effects-int.h"

/* ---- the program table (DESIGN.md section 11) ---------------------------- */

/* The words from argv[from] on, as one span (for effects about them). */
void prog_span(const struct inv *iv, size_t from, uint32_t *s, uint32_t *e)
{
	*s = iv->argv[from < iv->argc ? from : 0]->start;
	*e = iv->argv[iv->argc - 1]->end;
}

/* Index in argv of operand k of p (operands are argv pointers). */
size_t prog_argv_index(const struct inv *iv, const struct word *w)
{
	for (size_t i = 0; i < iv->argc; i++)
		if (iv->argv[i] == w)
			return i;
	return iv->argc;
}

/* execute on the program's binary: its slash spelling, else PATH. */
void prog_exec_effect(struct an *a, const struct inv *iv)
{
	const struct word *w0 = iv->argv[0];
	bool unknown;
	const char *p;

	if (iv->binpath) {
		effects_emit_at(a, &iv->c, M_EXECUTE, iv->binpath, NULL, w0->start, w0->end);
		return;
	}
	p = shword_lookup(a, iv->sh, iv->c.cwd ? iv->c.cwd : iv->sh->cwd, w0->lit, &unknown);
	if (p)
		effects_emit_at(a, &iv->c, M_EXECUTE, p, NULL, w0->start, w0->end);
	else
		effects_emit_at(a, &iv->c, M_EXECUTE, NULL, iv->c.cwd, w0->start, w0->end);
}

void prog_all_ops(struct an *a, const struct inv *iv, const struct parsed *p, enum mode m)
{
	for (size_t i = 0; i < p->nops; i++)
		if (!w_is(p->ops[i], "-"))
			effects_emit(a, &iv->c, m, p->ops[i]);
}

/* ---- dispatch ------------------------------------------------------------ */

#define P_BUILTIN 1u  /* a shell builtin: only in the shell itself */

static const struct prog {
	const char *name;
	void (*fn)(struct an *, struct inv *);
	unsigned flags;
} progs[] = {
	{ ".", prog_source, P_BUILTIN },
	{ ":", prog_nothing, P_BUILTIN },
	{ "[", prog_nothing, P_BUILTIN },
	{ "alias", prog_nothing, P_BUILTIN },
	{ "ash", prog_sh, 0 },
	{ "bash", prog_sh, 0 },
	{ "bg", prog_nothing, P_BUILTIN },
	{ "bind", prog_nothing, P_BUILTIN },
	{ "break", prog_nothing, P_BUILTIN },
	{ "builtin", prog_builtin, P_BUILTIN },
	{ "caffeinate", prog_unknown_wrapper, 0 },
	{ "cat", prog_cat, 0 },
	{ "catchsegv", prog_unknown_wrapper, 0 },
	{ "cd", prog_cd, P_BUILTIN },
	{ "chgrp", prog_chown, 0 },
	{ "chmod", prog_chmod, 0 },
	{ "chown", prog_chown, 0 },
	{ "chroot", prog_unknown_wrapper, 0 },
	{ "chrt", prog_unknown_wrapper, 0 },
	{ "command", prog_command, P_BUILTIN },
	{ "compgen", prog_nothing, P_BUILTIN },
	{ "complete", prog_nothing, P_BUILTIN },
	{ "compopt", prog_nothing, P_BUILTIN },
	{ "continue", prog_nothing, P_BUILTIN },
	{ "coproc", prog_coproc, P_BUILTIN },
	{ "cp", prog_cp, 0 },
	{ "csh", prog_othershell, 0 },
	{ "curl", prog_curl, 0 },
	{ "dash", prog_sh, 0 },
	{ "dd", prog_dd, 0 },
	{ "declare", prog_nothing, P_BUILTIN },
	{ "dirs", prog_nothing, P_BUILTIN },
	{ "disown", prog_nothing, P_BUILTIN },
	{ "doas", prog_doas, 0 },
	{ "echo", prog_nothing, P_BUILTIN },
	{ "egrep", prog_grep, 0 },
	{ "enable", prog_nothing, P_BUILTIN },
	{ "env", prog_env, 0 },
	{ "eval", prog_eval, P_BUILTIN },
	{ "exec", prog_exec, P_BUILTIN },
	{ "exit", prog_nothing, P_BUILTIN },
	{ "export", prog_nothing, P_BUILTIN },
	{ "fakeroot", prog_unknown_wrapper, 0 },
	{ "faketime", prog_unknown_wrapper, 0 },
	{ "false", prog_nothing, P_BUILTIN },
	{ "fc", prog_nothing, P_BUILTIN },
	{ "fg", prog_nothing, P_BUILTIN },
	{ "fgrep", prog_grep, 0 },
	{ "find", prog_find, 0 },
	{ "firejail", prog_unknown_wrapper, 0 },
	{ "fish", prog_othershell, 0 },
	{ "flock", prog_unknown_wrapper, 0 },
	{ "getopts", prog_nothing, P_BUILTIN },
	{ "grep", prog_grep, 0 },
	{ "hash", prog_nothing, P_BUILTIN },
	{ "head", prog_head, 0 },
	{ "help", prog_nothing, P_BUILTIN },
	{ "history", prog_nothing, P_BUILTIN },
	{ "ionice", prog_unknown_wrapper, 0 },
	{ "jobs", prog_nothing, P_BUILTIN },
	{ "kill", prog_nothing, P_BUILTIN },
	{ "ksh", prog_sh, 0 },
	{ "less", prog_less, 0 },
	{ "let", prog_nothing, P_BUILTIN },
	{ "ln", prog_ln, 0 },
	{ "local", prog_nothing, P_BUILTIN },
	{ "logout", prog_nothing, P_BUILTIN },
	{ "ltrace", prog_unknown_wrapper, 0 },
	{ "mapfile", prog_nothing, P_BUILTIN },
	{ "mkdir", prog_mkdir, 0 },
	{ "mksh", prog_sh, 0 },
	{ "more", prog_less, 0 },
	{ "mv", prog_mv, 0 },
	{ "nice", prog_nice, 0 },
	{ "node", prog_node, 0 },
	{ "nodejs", prog_node, 0 },
	{ "nohup", prog_nohup, 0 },
	{ "nsenter", prog_unknown_wrapper, 0 },
	{ "parallel", prog_unknown_wrapper, 0 },
	{ "perl", prog_perl, 0 },
	{ "php", prog_php, 0 },
	{ "pkexec", prog_unknown_wrapper, 0 },
	{ "popd", prog_popd, P_BUILTIN },
	{ "printf", prog_nothing, P_BUILTIN },
	{ "proxychains", prog_unknown_wrapper, 0 },
	{ "proxychains4", prog_unknown_wrapper, 0 },
	{ "pushd", prog_pushd, P_BUILTIN },
	{ "pwd", prog_nothing, P_BUILTIN },
	{ "read", prog_nothing, P_BUILTIN },
	{ "readarray", prog_nothing, P_BUILTIN },
	{ "readonly", prog_nothing, P_BUILTIN },
	{ "return", prog_nothing, P_BUILTIN },
	{ "rg", prog_rg, 0 },
	{ "rlwrap", prog_unknown_wrapper, 0 },
	{ "rm", prog_rm, 0 },
	{ "rmdir", prog_rmdir, 0 },
	{ "ruby", prog_ruby, 0 },
	{ "runuser", prog_unknown_wrapper, 0 },
	{ "script", prog_unknown_wrapper, 0 },
	{ "sed", prog_sed, 0 },
	{ "set", prog_nothing, P_BUILTIN },
	{ "setsid", prog_unknown_wrapper, 0 },
	{ "sh", prog_sh, 0 },
	{ "shift", prog_nothing, P_BUILTIN },
	{ "shopt", prog_nothing, P_BUILTIN },
	{ "source", prog_source, P_BUILTIN },
	{ "stdbuf", prog_stdbuf, 0 },
	{ "strace", prog_unknown_wrapper, 0 },
	{ "su", prog_unknown_wrapper, 0 },
	{ "sudo", prog_sudo, 0 },
	{ "sudoedit", prog_sudo, 0 },
	{ "suspend", prog_nothing, P_BUILTIN },
	{ "systemd-run", prog_unknown_wrapper, 0 },
	{ "tac", prog_cat, 0 },
	{ "tail", prog_tail, 0 },
	{ "taskset", prog_unknown_wrapper, 0 },
	{ "tcsh", prog_othershell, 0 },
	{ "tee", prog_tee, 0 },
	{ "test", prog_nothing, P_BUILTIN },
	{ "time", prog_time, 0 },
	{ "timeout", prog_timeout, 0 },
	{ "times", prog_nothing, P_BUILTIN },
	{ "torsocks", prog_unknown_wrapper, 0 },
	{ "touch", prog_touch, 0 },
	{ "trap", prog_trap, P_BUILTIN },
	{ "true", prog_nothing, P_BUILTIN },
	{ "truncate", prog_truncate, 0 },
	{ "type", prog_nothing, P_BUILTIN },
	{ "typeset", prog_nothing, P_BUILTIN },
	{ "ulimit", prog_nothing, P_BUILTIN },
	{ "umask", prog_nothing, P_BUILTIN },
	{ "unalias", prog_nothing, P_BUILTIN },
	{ "unbuffer", prog_unknown_wrapper, 0 },
	{ "unlink", prog_unlink, 0 },
	{ "unset", prog_nothing, P_BUILTIN },
	{ "unshare", prog_unknown_wrapper, 0 },
	{ "valgrind", prog_unknown_wrapper, 0 },
	{ "wait", prog_nothing, P_BUILTIN },
	{ "watch", prog_unknown_wrapper, 0 },
	{ "wc", prog_wc, 0 },
	{ "wget", prog_wget, 0 },
	{ "xargs", prog_xargs, 0 },
	{ "zsh", prog_sh, 0 },
};

static int prog_cmp(const void *k, const void *e)
{
	return strcmp(k, ((const struct prog *)e)->name);
}

static const struct prog *prog_lookup(const char *name)
{
	return bsearch(name, progs, sizeof(progs) / sizeof(progs[0]), sizeof(progs[0]), prog_cmp);
}

/* python, python3, python3.12 */
static bool is_python(const char *name)
{
	if (strncmp(name, "python", 6) != 0)
		return false;
	return strspn(name + 6, "0123456789.") == strlen(name + 6);
}

static bool system_bin_dir(const char *d)
{
	static const char *const dirs[] = { "/bin", "/sbin", "/usr/bin", "/usr/sbin",
					    "/usr/local/bin", "/usr/local/sbin",
					    "/opt/homebrew/bin", NULL };

	for (size_t i = 0; dirs[i]; i++)
		if (strcmp(d, dirs[i]) == 0)
			return true;
	return false;
}

static bool fn_defined(const struct sh *sh, const char *name)
{
	for (const struct fn *f = sh->fns; f; f = f->next)
		if (strcmp(f->name, name) == 0)
			return true;
	return false;
}

void prog_run(struct an *a, struct inv *iv)
{
	prog_run_flags(a, iv, iv->in_shell ? RR_SHELL : 0);
}

void prog_run_flags(struct an *a, struct inv *iv, unsigned flags)
{
	struct word *w0;
	const char *name, *slash;
	const struct prog *pr;

	if (iv->argc == 0)
		return;
	w0 = iv->argv[0];
	iv->in_shell = (flags & RR_SHELL) != 0;
	if (w0->pipe)
		return;
	if (!w_path_known(w0)) {
		/* the program itself is known only at run time */
		struct cmd c = { .prog = NULL, .cwd = iv->c.cwd };
		effects_emit_at(a, &c, M_EXECUTE, NULL, shword_anchor(a, iv->c.cwd, w0), w0->start, w0->end);
		return;
	}
	if (w0->len == 0)
		return;
	name = w0->lit;
	slash = strrchr(name, '/');
	iv->c.prog = slash ? slash + 1 : name;
	if (slash) {
		const char *p = shword_path(a, iv->c.cwd, name, w0->len);
		char *dir = p ? path_dirname(p) : NULL;
		bool sys = dir && system_bin_dir(dir);

		free(dir);
		pr = prog_lookup(iv->c.prog);
		if (!p) {
			effects_emit_at(a, &iv->c, M_EXECUTE, NULL, NULL, w0->start, w0->end);
			return;
		}
		if (sys && ((pr && !(pr->flags & P_BUILTIN)) || is_python(iv->c.prog))) {
			iv->binpath = p;
			if (pr)
				pr->fn(a, iv);
			else
				prog_python(a, iv);
			return;
		}
		effects_emit_at(a, &iv->c, M_EXECUTE, p, NULL, w0->start, w0->end);
		return;
	}
	if (iv->in_shell && !(flags & RR_NOFN) && fn_defined(iv->sh, name))
		return;
	pr = prog_lookup(name);
	if (flags & RR_BUILTIN) {
		if (pr && (pr->flags & P_BUILTIN))
			pr->fn(a, iv);
		return;
	}
	if (pr && (!(pr->flags & P_BUILTIN) || iv->in_shell)) {
		pr->fn(a, iv);
		return;
	}
	if (is_python(name)) {
		prog_python(a, iv);
		return;
	}
	prog_exec_effect(a, iv);
}
