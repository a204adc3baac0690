/* prog-wrap.c - wrappers that lead to the real program: sudo, doas,
 * env, nice, nohup, timeout, stdbuf, time, command, builtin, exec,
 * coproc (xargs: prog-xargs.c); and wrappers whose syntax is not followed. */
#include <stdlib.h>
#include <string.h>

#include "effects-int.h"

/* ---- wrappers: lead to the real program --------------------------------- */

/* Run operand k of p (and what follows) as the wrapped command. */
static void run_op(struct an *a, const struct inv *iv, const struct parsed *p, size_t k,
		   const char *cwd, unsigned flags, struct sh *sh)
{
	struct inv sub = *iv;
	size_t from;

	if (k >= p->nops)
		return;
	from = prog_argv_index(iv, p->ops[k]);
	if (from >= iv->argc)
		return;
	if (iv->wrap + 1 >= MAX_WRAP) {
		uint32_t s, e;
		prog_span(iv, from, &s, &e);
		effects_opaque(a, iv->sh, s, e, iv->c.prog);
		a->out->complete = false;
		return;
	}
	sub.sh = sh ? sh : iv->sh;
	sub.argv = iv->argv + from;
	sub.argc = iv->argc - from;
	sub.c.cwd = cwd;
	sub.in_shell = (flags & RR_SHELL) != 0;
	sub.wrap = iv->wrap + 1;
	sub.binpath = NULL;
	prog_run_flags(a, &sub, flags);
}

/* The working directory named by a -D / -C / --chdir value. */
static const char *dir_of(struct an *a, const char *cwd, const struct word *w)
{
	if (!w || !w_path_known(w))
		return NULL;
	return shword_path(a, cwd, w->lit, w->len);
}

static bool is_assignment(const struct word *w)
{
	size_t i = 0;

	if (!w->prefix_len || !(w->lit[0] == '_' || (w->lit[0] >= 'A' && w->lit[0] <= 'Z') ||
				(w->lit[0] >= 'a' && w->lit[0] <= 'z')))
		return false;
	while (i < w->prefix_len && (w->lit[i] == '_' || (w->lit[i] >= 'A' && w->lit[i] <= 'Z') ||
				     (w->lit[i] >= 'a' && w->lit[i] <= 'z') ||
				     (w->lit[i] >= '0' && w->lit[i] <= '9')))
		i++;
	return i < w->prefix_len && w->lit[i] == '=';
}

/* sudo(8): options end at the first operand; VAR=value operands come
 * before the command; -e/sudoedit edits files; -s/-i without a command
 * start an interactive shell; -D sets the command's directory, -i the
 * target user's home; -R chroots (nothing is known any more). */
void prog_sudo(struct an *a, struct inv *iv)
{
	static const char *const larg[] = { "close-from", "chdir", "group", "host", "prompt",
					    "chroot", "role", "type", "command-timeout",
					    "other-user", "user", NULL };
	static const struct ospec sp = { .sarg = "CDghpRrtTUu", .larg = larg, .posix = true };
	struct parsed p;
	size_t k = 0;
	const char *cwd = iv->c.cwd;
	uint32_t s, e;

	progopt_parse(a, &sp, iv->argv + 1, iv->argc - 1, &p);
	if (progopt_has(&p, 'e', "edit") || strcmp(iv->c.prog, "sudoedit") == 0) {
		prog_all_ops(a, iv, &p, M_CW);
		return;
	}
	prog_span(iv, 0, &s, &e);
	if (progopt_has(&p, 'R', "chroot")) {
		effects_opaque(a, iv->sh, s, e, iv->c.prog);
		return;
	}
	while (k < p.nops && is_assignment(p.ops[k]))
		k++;
	if (k >= p.nops) {
		if (progopt_has(&p, 's', "shell") || progopt_has(&p, 'i', "login"))
			effects_opaque(a, iv->sh, s, e, iv->c.prog);
		return;
	}
	if (progopt_has(&p, 'i', "login"))
		cwd = NULL;
	if (progopt_has(&p, 'D', "chdir"))
		cwd = dir_of(a, iv->c.cwd, progopt_val(&p, 'D', "chdir"));
	run_op(a, iv, &p, k, cwd, 0, NULL);
}

void prog_doas(struct an *a, struct inv *iv)
{
	static const struct ospec sp = { .sarg = "uC", .posix = true };
	struct parsed p;
	uint32_t s, e;

	progopt_parse(a, &sp, iv->argv + 1, iv->argc - 1, &p);
	if (progopt_has(&p, 'C', NULL))
		return;
	if (p.nops == 0) {
		if (progopt_has(&p, 's', NULL)) {
			prog_span(iv, 0, &s, &e);
			effects_opaque(a, iv->sh, s, e, iv->c.prog);
		}
		return;
	}
	run_op(a, iv, &p, 0, iv->c.cwd, 0, NULL);
}

/* env(1): -i empties the environment (PATH then is the C library's
 * default, confstr(_CS_PATH) = /bin:/usr/bin), -u drops a variable, -C
 * changes directory, NAME=VALUE sets one; -S splits a string into
 * arguments, which the table does not follow (an unresolved program). */
void prog_env(struct an *a, struct inv *iv)
{
	static const char *const larg[] = { "unset", "chdir", "split-string", NULL };
	static const struct ospec sp = { .sarg = "uCS", .larg = larg, .posix = true };
	struct parsed p;
	struct sh *sub = arena_alloc(&a->ar, sizeof(*sub));
	size_t k = 0;
	const char *cwd = iv->c.cwd;
	const struct word *split;

	*sub = *iv->sh;
	progopt_parse(a, &sp, iv->argv + 1, iv->argc - 1, &p);
	split = progopt_val(&p, 'S', "split-string");
	if (split) {
		effects_emit_at(a, &iv->c, M_EXECUTE, NULL, cwd, split->start, split->end);
		return;
	}
	/* without the caller's GIT_EDITOR, git's editor is what the configuration says */
	if (progopt_has(&p, 'i', "ignore-environment") || progopt_has(&p, 'u', "unset"))
		sub->ed_inert = 0;
	if (progopt_has(&p, 'i', "ignore-environment"))
		sub->path = "/bin:/usr/bin";
	for (size_t i = 0; i < p.no; i++)
		if (progopt_is(&p.o[i], 'u', "unset") && p.o[i].val && w_is(p.o[i].val, "PATH"))
			sub->path = "/bin:/usr/bin";
	if (progopt_has(&p, 'C', "chdir"))
		cwd = dir_of(a, iv->c.cwd, progopt_val(&p, 'C', "chdir"));
	if (k < p.nops && w_is(p.ops[k], "-")) {
		sub->path = "/bin:/usr/bin";
		sub->ed_inert = 0;
		k++;
	}
	for (; k < p.nops && is_assignment(p.ops[k]); k++)
		shwalk_env_word(sub, p.ops[k]);
	run_op(a, iv, &p, k, cwd, 0, sub);
}

void prog_nice(struct an *a, struct inv *iv)
{
	static const char *const larg[] = { "adjustment", NULL };
	static const struct ospec sp = { .sarg = "n", .larg = larg, .posix = true,
					 .numeric = true };
	struct parsed p;

	progopt_parse(a, &sp, iv->argv + 1, iv->argc - 1, &p);
	run_op(a, iv, &p, 0, iv->c.cwd, 0, NULL);
}

void prog_nohup(struct an *a, struct inv *iv)
{
	static const struct ospec sp = { .posix = true };
	struct parsed p;

	progopt_parse(a, &sp, iv->argv + 1, iv->argc - 1, &p);
	run_op(a, iv, &p, 0, iv->c.cwd, 0, NULL);
}

/* The dynamic loader run as a program, `ld.so [OPTION]... PROGRAM [ARG]...`:
 * it maps PROGRAM executable, which the run's noexec layer refuses where
 * PROGRAM may not be executed (sandbox-linux.h), so PROGRAM is run as
 * the wrapped command (att35: check said allow where the run refused). */
void prog_ldso(struct an *a, struct inv *iv)
{
	static const char *const larg[] = { "library-path", "inhibit-rpath", "audit", "preload",
					    "argv0", "glibc-hwcaps-prepend", "glibc-hwcaps-mask",
					    NULL };
	static const struct ospec sp = { .larg = larg, .posix = true };
	struct parsed p;

	progopt_parse(a, &sp, iv->argv + 1, iv->argc - 1, &p);
	run_op(a, iv, &p, 0, iv->c.cwd, 0, NULL);
}

/* timeout [OPTION] DURATION COMMAND [ARG]... */
void prog_timeout(struct an *a, struct inv *iv)
{
	static const char *const larg[] = { "kill-after", "signal", NULL };
	static const struct ospec sp = { .sarg = "ks", .larg = larg, .posix = true };
	struct parsed p;

	progopt_parse(a, &sp, iv->argv + 1, iv->argc - 1, &p);
	run_op(a, iv, &p, 1, iv->c.cwd, 0, NULL);
}

void prog_stdbuf(struct an *a, struct inv *iv)
{
	static const char *const larg[] = { "input", "output", "error", NULL };
	static const struct ospec sp = { .sarg = "ioe", .larg = larg, .posix = true };
	struct parsed p;

	progopt_parse(a, &sp, iv->argv + 1, iv->argc - 1, &p);
	run_op(a, iv, &p, 0, iv->c.cwd, 0, NULL);
}

/* `time` (the bash keyword, -p) and GNU time(1) (-o FILE writes). */
void prog_time(struct an *a, struct inv *iv)
{
	static const char *const larg[] = { "format", "output", NULL };
	static const struct ospec sp = { .sarg = "fo", .larg = larg, .posix = true };
	struct parsed p;
	const struct word *o;

	progopt_parse(a, &sp, iv->argv + 1, iv->argc - 1, &p);
	o = progopt_val(&p, 'o', "output");
	if (o)
		effects_emit(a, &iv->c, M_CW, o);
	run_op(a, iv, &p, 0, iv->c.cwd, iv->in_shell ? RR_SHELL : 0, NULL);
}

/* command [-p] [-v|-V] NAME: -v and -V only describe NAME; -p searches
 * a default PATH; shell functions are bypassed. */
void prog_command(struct an *a, struct inv *iv)
{
	static const struct ospec sp = { .posix = true };
	struct parsed p;
	struct sh *sub = iv->sh;

	progopt_parse(a, &sp, iv->argv + 1, iv->argc - 1, &p);
	if (progopt_has(&p, 'v', NULL) || progopt_has(&p, 'V', NULL))
		return;
	if (progopt_has(&p, 'p', NULL)) {
		/* -p keeps cd effective in this shell: same state, other PATH */
		struct sh tmp = *iv->sh;
		const char *saved = iv->sh->path;
		tmp.path = "/usr/bin:/bin";
		iv->sh->path = tmp.path;
		run_op(a, iv, &p, 0, iv->c.cwd, RR_SHELL | RR_NOFN, sub);
		iv->sh->path = saved;
		return;
	}
	run_op(a, iv, &p, 0, iv->c.cwd, RR_SHELL | RR_NOFN, sub);
}

void prog_builtin(struct an *a, struct inv *iv)
{
	static const struct ospec sp = { .posix = true };
	struct parsed p;

	progopt_parse(a, &sp, iv->argv + 1, iv->argc - 1, &p);
	run_op(a, iv, &p, 0, iv->c.cwd, RR_SHELL | RR_NOFN | RR_BUILTIN, NULL);
}

void prog_exec(struct an *a, struct inv *iv)
{
	static const struct ospec sp = { .sarg = "a", .posix = true };
	struct parsed p;

	progopt_parse(a, &sp, iv->argv + 1, iv->argc - 1, &p);
	run_op(a, iv, &p, 0, iv->c.cwd, RR_NOFN, NULL);
}

void prog_coproc(struct an *a, struct inv *iv)
{
	static const struct ospec sp = { .posix = true };
	struct parsed p;
	struct sh *sub = arena_alloc(&a->ar, sizeof(*sub));

	*sub = *iv->sh;
	progopt_parse(a, &sp, iv->argv + 1, iv->argc - 1, &p);
	run_op(a, iv, &p, 0, iv->c.cwd, RR_SHELL, sub);
}

/* A program that runs another one with options the table does not model
 * (strace, chroot, watch...): execute on it, and the wrapped command is an
 * unresolved execute - its own effects are not followed, so it is opaque
 * too. */
void prog_unknown_wrapper(struct an *a, struct inv *iv)
{
	uint32_t s, e;
	size_t i = 1;

	prog_exec_effect(a, iv);
	while (i < iv->argc && iv->argv[i]->len > 0 && iv->argv[i]->lit[0] == '-')
		i++;
	if (i >= iv->argc)
		return;
	prog_span(iv, i, &s, &e);
	effects_emit_at(a, &iv->c, M_EXECUTE, NULL, iv->c.cwd, s, e);
	effects_opaque(a, iv->sh, s, e, iv->c.prog); /* not followed: unseen */
}
