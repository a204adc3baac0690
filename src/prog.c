/* prog.c - the program table (DESIGN.md section 11): program name ->
 * handler, or an option spec and what the operands get when that is all
 * the program needs; and the dispatch of one argv to it. */
#include <stdlib.h>
#include <string.h>

#include "effects-int.h"
#include "prog-import.h"

/* ---- dispatch ------------------------------------------------------------ */

#define P_BUILTIN 1u  /* a shell builtin: only in the shell itself */
#define P_TARGET 2u   /* its last operand is a target (see prog_call) */

/* One program. A program whose effects follow from its options alone is
 * data: fn NULL, spec its option syntax, mode what every operand gets
 * ("-" is standard input, except for a delete). fn and spec both NULL:
 * the program has no filesystem effect (echo, true, a builtin that only
 * changes the shell's own state). */
struct prog {
	const char *name;
	void (*fn)(struct an *, struct inv *);
	unsigned flags;
	const struct ospec *spec;
	enum mode mode;
};

static const struct ospec no_opts = { 0 };
static const char *const head_larg[] = { "lines", "bytes", NULL };
static const struct ospec head_opts = { .sarg = "nc", .larg = head_larg, .numeric = true };

#define PROG(n, fn) { n, fn, 0, NULL, M_READ }
#define TARGET_PROG(n, fn) { n, fn, P_TARGET, NULL, M_READ }
#define BUILTIN(n, fn) { n, fn, P_BUILTIN, NULL, M_READ }
#define NOOP_BUILTIN(n) { n, NULL, P_BUILTIN, NULL, M_READ }
#define OPERANDS(n, spec, mode) { n, NULL, 0, &spec, mode }

/* Sorted by name (bsearch). */
static const struct prog progs[] = {
	BUILTIN(".", prog_source),
	NOOP_BUILTIN(":"),
	NOOP_BUILTIN("["),
	NOOP_BUILTIN("alias"),
	PROG("ash", prog_sh),
	PROG("bash", prog_sh),
	NOOP_BUILTIN("bg"),
	NOOP_BUILTIN("bind"),
	NOOP_BUILTIN("break"),
	BUILTIN("builtin", prog_builtin),
	PROG("caffeinate", prog_unknown_wrapper),
	OPERANDS("cat", no_opts, M_READ),
	PROG("catchsegv", prog_unknown_wrapper),
	BUILTIN("cd", prog_cd),
	PROG("chgrp", prog_chown),
	PROG("chmod", prog_chmod),
	PROG("chown", prog_chown),
	PROG("chroot", prog_unknown_wrapper),
	PROG("chrt", prog_unknown_wrapper),
	BUILTIN("command", prog_command),
	NOOP_BUILTIN("compgen"),
	NOOP_BUILTIN("complete"),
	NOOP_BUILTIN("compopt"),
	NOOP_BUILTIN("continue"),
	BUILTIN("coproc", prog_coproc),
	TARGET_PROG("cp", prog_cp),
	PROG("csh", prog_othershell),
	PROG("curl", prog_curl),
	PROG("dash", prog_sh),
	PROG("dd", prog_dd),
	NOOP_BUILTIN("declare"),
	NOOP_BUILTIN("dirs"),
	NOOP_BUILTIN("disown"),
	PROG("doas", prog_doas),
	NOOP_BUILTIN("echo"),
	PROG("egrep", prog_grep),
	NOOP_BUILTIN("enable"),
	PROG("env", prog_env),
	BUILTIN("eval", prog_eval),
	BUILTIN("exec", prog_exec),
	NOOP_BUILTIN("exit"),
	NOOP_BUILTIN("export"),
	PROG("fakeroot", prog_unknown_wrapper),
	PROG("faketime", prog_unknown_wrapper),
	NOOP_BUILTIN("false"),
	NOOP_BUILTIN("fc"),
	NOOP_BUILTIN("fg"),
	PROG("fgrep", prog_grep),
	PROG("file", prog_file),
	PROG("find", prog_find),
	PROG("firejail", prog_unknown_wrapper),
	PROG("fish", prog_othershell),
	PROG("flock", prog_unknown_wrapper),
	NOOP_BUILTIN("getopts"),
	PROG("git", prog_git),
	PROG("grep", prog_grep),
	NOOP_BUILTIN("hash"),
	OPERANDS("head", head_opts, M_READ),
	NOOP_BUILTIN("help"),
	NOOP_BUILTIN("history"),
	TARGET_PROG("install", prog_install),
	PROG("ionice", prog_unknown_wrapper),
	NOOP_BUILTIN("jobs"),
	NOOP_BUILTIN("kill"),
	PROG("ksh", prog_sh),
	PROG("ld-linux-aarch64.so.1", prog_ldso),
	PROG("ld-linux-armhf.so.3", prog_ldso),
	PROG("ld-linux-x86-64.so.2", prog_ldso),
	PROG("ld-linux.so.2", prog_ldso),
	PROG("ld-musl-aarch64.so.1", prog_ldso),
	PROG("ld-musl-x86_64.so.1", prog_ldso),
	PROG("ld.so", prog_ldso),
	PROG("less", prog_less),
	NOOP_BUILTIN("let"),
	TARGET_PROG("ln", prog_ln),
	NOOP_BUILTIN("local"),
	NOOP_BUILTIN("logout"),
	PROG("ls", prog_ls),
	PROG("ltrace", prog_unknown_wrapper),
	NOOP_BUILTIN("mapfile"),
	PROG("mkdir", prog_mkdir),
	PROG("mksh", prog_sh),
	PROG("mktemp", prog_mktemp),
	PROG("more", prog_less),
	TARGET_PROG("mv", prog_mv),
	PROG("nc", prog_nc),
	PROG("ncat", prog_nc),
	PROG("nice", prog_nice),
	PROG("node", prog_node),
	PROG("nodejs", prog_node),
	PROG("nohup", prog_nohup),
	PROG("npm", prog_npm),
	PROG("nsenter", prog_unknown_wrapper),
	PROG("parallel", prog_unknown_wrapper),
	PROG("patch", prog_patch),
	PROG("perl", prog_perl),
	PROG("php", prog_php),
	PROG("pkexec", prog_unknown_wrapper),
	PROG("pnpm", prog_npm),
	BUILTIN("popd", prog_popd),
	NOOP_BUILTIN("printf"),
	PROG("proxychains", prog_unknown_wrapper),
	PROG("proxychains4", prog_unknown_wrapper),
	BUILTIN("pushd", prog_pushd),
	NOOP_BUILTIN("pwd"),
	NOOP_BUILTIN("read"),
	NOOP_BUILTIN("readarray"),
	NOOP_BUILTIN("readonly"),
	NOOP_BUILTIN("return"),
	PROG("rg", prog_rg),
	PROG("rlwrap", prog_unknown_wrapper),
	PROG("rm", prog_rm),
	PROG("rmdir", prog_rmdir),
	PROG("rsync", prog_rsync),
	PROG("ruby", prog_ruby),
	PROG("runuser", prog_unknown_wrapper),
	PROG("script", prog_unknown_wrapper),
	PROG("sed", prog_sed),
	NOOP_BUILTIN("set"),
	PROG("setsid", prog_unknown_wrapper),
	PROG("sh", prog_sh),
	NOOP_BUILTIN("shift"),
	NOOP_BUILTIN("shopt"),
	PROG("shuf", prog_shuf),
	PROG("socat", prog_socat),
	PROG("sort", prog_sort),
	BUILTIN("source", prog_source),
	PROG("stdbuf", prog_stdbuf),
	PROG("strace", prog_unknown_wrapper),
	PROG("su", prog_unknown_wrapper),
	PROG("sudo", prog_sudo),
	PROG("sudoedit", prog_sudo),
	NOOP_BUILTIN("suspend"),
	PROG("systemd-run", prog_unknown_wrapper),
	OPERANDS("tac", no_opts, M_READ),
	PROG("tail", prog_tail),
	PROG("tar", prog_tar),
	PROG("taskset", prog_unknown_wrapper),
	PROG("tcsh", prog_othershell),
	OPERANDS("tee", no_opts, M_CW),
	NOOP_BUILTIN("test"),
	PROG("time", prog_time),
	PROG("timeout", prog_timeout),
	NOOP_BUILTIN("times"),
	PROG("torsocks", prog_unknown_wrapper),
	PROG("touch", prog_touch),
	BUILTIN("trap", prog_trap),
	PROG("tree", prog_tree),
	NOOP_BUILTIN("true"),
	PROG("truncate", prog_truncate),
	NOOP_BUILTIN("type"),
	NOOP_BUILTIN("typeset"),
	NOOP_BUILTIN("ulimit"),
	NOOP_BUILTIN("umask"),
	NOOP_BUILTIN("unalias"),
	PROG("unbuffer", prog_unknown_wrapper),
	PROG("uniq", prog_uniq),
	OPERANDS("unlink", no_opts, M_DELETE),
	NOOP_BUILTIN("unset"),
	PROG("unshare", prog_unknown_wrapper),
	PROG("unzip", prog_unzip),
	PROG("valgrind", prog_unknown_wrapper),
	NOOP_BUILTIN("wait"),
	PROG("watch", prog_unknown_wrapper),
	PROG("wc", prog_wc),
	PROG("wget", prog_wget),
	PROG("xargs", prog_xargs),
	PROG("xxd", prog_xxd),
	PROG("yarn", prog_npm),
	PROG("zsh", prog_sh),
};

static int prog_cmp(const void *k, const void *e)
{
	return strcmp(k, ((const struct prog *)e)->name);
}

static const struct prog *prog_lookup(const char *name)
{
	return bsearch(name, progs, sizeof(progs) / sizeof(progs[0]), sizeof(progs[0]), prog_cmp);
}

/* Run one table entry on iv. */
/* An unquoted word that is one expansion (`$t`, `${t#x}`, `$(c)`) may
 * expand to no word at all: for a program whose last operand is a target,
 * the command without such words is analysed too (`ln -sf $t /lib64/x` is
 * `ln -sf /lib64/x` when t is empty, a link in the working directory:
 * found by tests/oracle on a Debian maintainer script). */
static void prog_call_vanished(struct an *a, const struct prog *pr, const struct inv *iv)
{
	struct inv v = *iv;

	v.argv = arena_alloc(&a->ar, (iv->argc + 1) * sizeof(*v.argv));
	v.argc = 0;
	for (size_t i = 0; i < iv->argc; i++) {
		const struct word *w = iv->argv[i];
		if (i > 0 && w->dynamic && w->prefix_len == 0 &&
		    (a->src[w->start] == '$' || a->src[w->start] == '`'))
			continue;
		v.argv[v.argc++] = iv->argv[i];
	}
	if (v.argc < iv->argc)
		pr->fn(a, &v);
}

static void prog_call(struct an *a, const struct prog *pr, struct inv *iv)
{
	struct parsed p;

	if (pr->fn) {
		pr->fn(a, iv);
		if (pr->flags & P_TARGET)
			prog_call_vanished(a, pr, iv);
		return;
	}
	if (!pr->spec)
		return;
	progopt_parse(a, pr->spec, iv->argv + 1, iv->argc - 1, &p);
	for (size_t i = 0; i < p.nops; i++)
		if (pr->mode == M_DELETE || !w_is(p.ops[i], "-"))
			effects_emit(a, &iv->c, pr->mode, p.ops[i]);
}

static struct fn *fn_defined(const struct sh *sh, const char *name)
{
	for (struct fn *f = sh->fns; f; f = f->next)
		if (strcmp(f->name, name) == 0)
			return f;
	return NULL;
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
		/* `$SUDO rm x`, `$action touch f`: an unquoted expansion may
		 * vanish, and the next word is the program (found by tests/oracle) */
		if (iv->argc > 1 && a->src[w0->start] == '$' && a->src[w0->start + 1] != '(' &&
		    w_path_known(iv->argv[1]) &&
		    iv->argv[1]->lit[0] != '-') {
			struct inv rest = *iv;
			rest.argv++;
			rest.argc--;
			prog_run_flags(a, &rest, flags);
		}
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
		bool sys = dir && prog_system_bin_dir(dir);

		free(dir);
		pr = prog_lookup(iv->c.prog);
		if (!p) {
			effects_emit_at(a, &iv->c, M_EXECUTE, NULL, NULL, w0->start, w0->end);
			prog_runs_unseen(a, iv);
			return;
		}
		if (sys && ((pr && !(pr->flags & P_BUILTIN)) || prog_is_python(iv->c.prog))) {
			iv->binpath = p;
			if (pr)
				prog_call(a, pr, iv);
			else
				prog_python(a, iv);
			return;
		}
		effects_emit_at(a, &iv->c, M_EXECUTE, p, NULL, w0->start, w0->end);
		/* the loader, wherever it lies (/lib64): its program is mapped
		 * executable too, which the run refuses where it may not run */
		if (pr && pr->fn == prog_ldso)
			prog_call(a, pr, iv);
		if (!sys || !prog_is_leaf(iv->c.prog)) /* ./configure is such code */
			prog_runs_unseen(a, iv);
		return;
	}
	if (iv->in_shell && !(flags & RR_NOFN) && fn_defined(iv->sh, name)) {
		struct fn *f = fn_defined(iv->sh, name);
		shwalk_call(a, f, iv->sh);
		if (!f->maybe)
			return; /* else it may be the program of that name */
	}
	pr = prog_lookup(name);
	if (flags & RR_BUILTIN) {
		if (pr && (pr->flags & P_BUILTIN))
			prog_call(a, pr, iv);
		return;
	}
	if (pr && (!(pr->flags & P_BUILTIN) || iv->in_shell)) {
		prog_call(a, pr, iv);
		return;
	}
	if (prog_is_python(name)) {
		prog_python(a, iv);
		return;
	}
	prog_exec_effect(a, iv);
	if (!prog_is_leaf(name))
		prog_runs_unseen(a, iv);
}
