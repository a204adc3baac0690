/* prog-shell.c - shells, interpreters (python, node, perl, ruby, php)
 * and the shell builtins with an effect (cd, pushd, popd, source; eval
 * and trap: prog-eval.c). */
#include <stdlib.h>
#include <string.h>

#include "effects-int.h"

/* ---- shells and interpreters -------------------------------------------- */

/* sh, bash, dash, zsh, ksh: -c STRING runs STRING (analysed when literal
 * and the shell speaks POSIX sh), a file operand is a script (execute the
 * shell, read the script, which runs unseen: opaque), no operand or -s
 * reads code from standard input (opaque). Option arguments: -o/+o/-O/+O NAME, --rcfile FILE. */
static void shell_like(struct an *a, struct inv *iv, bool posix_syntax)
{
	bool cmd = false, in = false;
	size_t i = 1;
	uint32_t s, e;

	for (; i < iv->argc; i++) {
		const struct word *w = iv->argv[i];
		const char *t = w->lit;
		bool takes = false;

		if (!w_literal(w) || w->len < 2 || (t[0] != '-' && t[0] != '+'))
			break;
		if (strcmp(t, "--") == 0) {
			i++;
			break;
		}
		if (strncmp(t, "--", 2) == 0) {
			if (strcmp(t, "--rcfile") == 0 || strcmp(t, "--init-file") == 0)
				i++;
			continue;
		}
		for (size_t j = 1; t[j]; j++) {
			if (t[j] == 'c')
				cmd = true;
			else if (t[j] == 's')
				in = true;
			else if (t[j] == 'o' || t[j] == 'O')
				takes = true;
		}
		if (takes)
			i++;
	}
	if (i < iv->argc && w_is(iv->argv[i], "-") && !cmd)
		in = true;
	prog_span(iv, 0, &s, &e);
	if (cmd) {
		if (i >= iv->argc)
			return; /* the shell refuses: -c needs an argument */
		if (posix_syntax && w_path_known(iv->argv[i])) {
			shwalk_string(a, iv->sh, iv->argv[i], iv->c.prog);
			return;
		}
		prog_exec_effect(a, iv);
		effects_opaque(a, iv->sh, iv->argv[i]->start, iv->argv[i]->end, iv->c.prog);
		return;
	}
	prog_exec_effect(a, iv);
	if (!in && i < iv->argc) /* a script: read it, and it runs unseen */
		effects_emit(a, &iv->c, M_READ, iv->argv[i]);
	effects_opaque(a, iv->sh, s, e, iv->c.prog);
}

void prog_sh(struct an *a, struct inv *iv)
{
	shell_like(a, iv, true);
}

void prog_othershell(struct an *a, struct inv *iv)
{
	shell_like(a, iv, false);
}

/* Command-line conventions of an interpreter. */
struct ispec {
	const char *code;          /* options whose argument is code (-c, -e) */
	const char *argnext;       /* options taking an argument, attached or next */
	const char *attached;      /* options whose argument can only be attached */
	const char *module;        /* options that run a module: execute only */
	char script_opt;           /* option naming the script (php -f) */
	const char *const *lcode;  /* long options whose argument is code */
	const char *const *larg;   /* long options taking the next word */
	const char *const *lread;  /* ... of which the value is a file read */
};

/* python -c CODE, node -e/-p CODE, perl -e CODE, ruby -e CODE, php -r CODE:
 * opaque; `python3 foo.py` needs execute on the interpreter and read on
 * foo.py (DESIGN.md section 2), and foo.py is code the line does not
 * show: opaque too, as a module (-m) and no script (or "-": standard
 * input) are. */
static void interp(struct an *a, struct inv *iv, const struct ispec *is)
{
	size_t i = 1;
	uint32_t s, e;
	bool in = false;

	prog_exec_effect(a, iv);
	prog_span(iv, 0, &s, &e);
	for (; i < iv->argc; i++) {
		struct word *w = iv->argv[i];
		const char *t = w->lit;
		bool stop = false;

		if (!w_literal(w) || t[0] != '-')
			break;
		if (strcmp(t, "-") == 0) {
			in = true;
			break;
		}
		if (strcmp(t, "--") == 0) {
			i++;
			break;
		}
		if (t[1] == '-') {
			const char *eq = strchr(t, '=');
			size_t nl = eq ? (size_t)(eq - t - 2) : strlen(t + 2);

			if (progopt_in_list(is->lcode, t + 2, nl)) {
				effects_opaque(a, iv->sh, w->start, eq || i + 1 >= iv->argc ? w->end :
				       iv->argv[i + 1]->end, iv->c.prog);
				return;
			}
			if (progopt_in_list(is->larg, t + 2, nl)) {
				const struct word *v = eq ? shword_tail(a, w, (size_t)(eq - t) + 1) :
					i + 1 < iv->argc ? iv->argv[i + 1] : NULL;
				if (v && progopt_in_list(is->lread, t + 2, nl))
					effects_emit(a, &iv->c, M_READ, v);
				if (!eq)
					i++;
			}
			continue;
		}
		for (size_t j = 1; t[j] && !stop; j++) {
			char c = t[j];
			const struct word *v = NULL;

			if (strchr(is->code, c)) {
				v = t[j + 1] ? w : i + 1 < iv->argc ? iv->argv[i + 1] : w;
				effects_opaque(a, iv->sh, w->start, v->end, iv->c.prog);
				return;
			}
			if (is->module && strchr(is->module, c)) {
				effects_opaque(a, iv->sh, s, e, iv->c.prog);
				return;
			}
			if (is->script_opt && c == is->script_opt) {
				v = t[j + 1] ? shword_tail(a, w, j + 1) :
				    i + 1 < iv->argc ? iv->argv[i + 1] : NULL;
				if (v)
					effects_emit(a, &iv->c, M_READ, v);
				effects_opaque(a, iv->sh, s, e, iv->c.prog);
				return;
			}
			if (strchr(is->argnext, c)) {
				if (!t[j + 1])
					i++;
				stop = true;
			} else if (strchr(is->attached, c)) {
				stop = true;
			}
		}
	}
	if (!in && i < iv->argc) /* a script: read it, and it runs unseen */
		effects_emit(a, &iv->c, M_READ, iv->argv[i]);
	effects_opaque(a, iv->sh, s, e, iv->c.prog);
}

void prog_python(struct an *a, struct inv *iv)
{
	static const char *const larg[] = { "check-hash-based-pycs", NULL };
	static const struct ispec is = { .code = "c", .argnext = "WX", .attached = "",
					 .module = "m", .larg = larg };
	interp(a, iv, &is);
}

void prog_node(struct an *a, struct inv *iv)
{
	static const char *const lcode[] = { "eval", "print", NULL };
	static const char *const larg[] = { "require", "import", "loader", "experimental-loader",
					    "conditions", "title", "input-type", "inspect-port",
					    "env-file", "redirect-warnings", "icu-data-dir",
					    "openssl-config", NULL };
	static const char *const lread[] = { "env-file", NULL };
	static const struct ispec is = { .code = "ep", .argnext = "rC", .attached = "",
					 .lcode = lcode, .larg = larg, .lread = lread };
	interp(a, iv, &is);
}

/* perl -i[EXT]: the files after the code (or after the script) are
 * edited in place, as sed -i does (perlrun, "-i[extension]"). */
static void perl_inplace(struct an *a, struct inv *iv)
{
	const struct word *suffix = NULL;
	bool inplace = false, code = false;
	size_t i = 1;

	for (; i < iv->argc; i++) {
		struct word *w = iv->argv[i];
		const char *t = w->lit;

		if (!w_literal(w) || t[0] != '-' || !t[1])
			break;
		if (strcmp(t, "--") == 0) {
			i++;
			break;
		}
		for (size_t j = 1; t[j]; j++) {
			if (strchr("eEI", t[j])) {
				code = code || t[j] != 'I';
				if (!t[j + 1])
					i++;
				break;
			}
			if (t[j] == 'i') {
				inplace = true;
				suffix = shword_tail(a, w, j + 1);
				break;
			}
			if (strchr("MmxlFCdDV0", t[j]))
				break;
		}
	}
	if (!inplace)
		return;
	for (i += code ? 0 : 1; i < iv->argc; i++)
		if (!w_is(iv->argv[i], "-"))
			prog_inplace(a, &iv->c, iv->argv[i], suffix);
}

void prog_perl(struct an *a, struct inv *iv)
{
	static const struct ispec is = { .code = "eE", .argnext = "I", .attached = "MmxilFCdDV0" };

	interp(a, iv, &is);
	perl_inplace(a, iv);
}

void prog_ruby(struct an *a, struct inv *iv)
{
	static const struct ispec is = { .code = "e", .argnext = "IrCE", .attached = "FixWKT0" };
	interp(a, iv, &is);
}

void prog_php(struct an *a, struct inv *iv)
{
	static const struct ispec is = { .code = "rBRFE", .argnext = "dctz", .attached = "",
					 .module = "S", .script_opt = 'f' };
	interp(a, iv, &is);
}

/* ---- builtins ------------------------------------------------------------ */

/* cd [-L|-P|-e|-@] [DIR]: a literal directory moves the line's working
 * directory for the commands after it; anything else makes it unknown. */
/* A cd to a folder that is not there now and that the line has not made
 * may fail: what follows `&&` runs in it, what follows `;` may not. */
static void cd_check(struct an *a, struct sh *sh)
{
	if (sh->cwd && effects_kind(a, sh->cwd) != 2 &&
	    !effects_earlier(a, FSJ_CAP_CREATE, sh->cwd, false))
		sh->cd_unsure = true;
}

/* Whether `cd w` in the folder cwd may go elsewhere than cwd/w (bash(1),
 * cd): a name that does not start with '/', "./" or "../" (nor is "." or
 * "..") is looked up in CDPATH first; then the folder it reaches is not
 * known when the line names CDPATH, or when an entry of the environment's
 * CDPATH before an empty one holds w now (chk38: `CDPATH=.git cd hooks &&
 * touch x` was taken for ./hooks). */
static bool cd_searched(struct an *a, const char *cwd, const struct word *w)
{
	const char *s = w->lit, *cp = getenv("CDPATH");

	if (s[0] == '/' || w_is(w, ".") || w_is(w, "..") || !strncmp(s, "./", 2) ||
	    !strncmp(s, "../", 3))
		return false;
	if (a->cdpath)
		return true;
	while (cp && *cp) {
		size_t n = strcspn(cp, ":");
		const char *dir = n ? shword_path(a, cwd, cp, n) : cwd;
		const char *p = dir ? shword_path(a, dir, s, w->len) : NULL;

		if (!n || (dir && cwd && strcmp(dir, cwd) == 0))
			return false; /* the working folder first */
		if (p && effects_kind(a, p) == 2)
			return true;
		cp += n + (cp[n] == ':');
	}
	return false;
}

void prog_cd(struct an *a, struct inv *iv)
{
	size_t i = 1;
	const struct word *w;

	if (!iv->in_shell)
		return;
	while (i < iv->argc && w_literal(iv->argv[i]) && iv->argv[i]->len > 1 &&
	       iv->argv[i]->lit[0] == '-' && !w_is(iv->argv[i], "-")) {
		if (w_is(iv->argv[i], "--")) {
			i++;
			break;
		}
		i++;
	}
	if (i >= iv->argc) {
		iv->sh->cwd = a->o->home;
		return;
	}
	w = iv->argv[i];
	if (w_is(w, "-") || !w_path_known(w) || cd_searched(a, iv->sh->cwd, w)) {
		iv->sh->cwd = NULL;
		return;
	}
	iv->sh->cwd = shword_path(a, iv->sh->cwd, w->lit, w->len);
	cd_check(a, iv->sh);
}

void prog_pushd(struct an *a, struct inv *iv)
{
	size_t i = 1;

	if (!iv->in_shell)
		return;
	while (i < iv->argc && w_is(iv->argv[i], "-n"))
		i++;
	if (i < iv->argc && w_path_known(iv->argv[i]) && iv->argv[i]->lit[0] != '+' &&
	    iv->argv[i]->lit[0] != '-' && !cd_searched(a, iv->sh->cwd, iv->argv[i])) {
		iv->sh->cwd = shword_path(a, iv->sh->cwd, iv->argv[i]->lit, iv->argv[i]->len);
		cd_check(a, iv->sh);
		return;
	}
	iv->sh->cwd = NULL;
}

void prog_popd(struct an *a, struct inv *iv)
{
	(void)a;
	if (iv->in_shell)
		iv->sh->cwd = NULL;
}

/* Files that only set variables when sourced; anything else sourced is
 * code the table cannot see (opaque). */
static bool known_source(const char *home, const char *p)
{
	static const char *const ends[] = { "/bin/activate", "/.cargo/env", NULL };
	static const char *const exact[] = { "/etc/os-release", "/etc/lsb-release", NULL };
	size_t n = strlen(p);

	for (size_t i = 0; ends[i]; i++) {
		size_t m = strlen(ends[i]);
		if (n > m && strcmp(p + n - m, ends[i]) == 0)
			return true;
	}
	for (size_t i = 0; exact[i]; i++)
		if (strcmp(p, exact[i]) == 0)
			return true;
	(void)home;
	return false;
}

void prog_source(struct an *a, struct inv *iv)
{
	const struct word *w;
	const char *p;

	if (iv->argc < 2)
		return;
	w = iv->argv[1];
	effects_emit(a, &iv->c, M_READ, w);
	p = w_path_known(w) ? shword_path(a, iv->c.cwd, w->lit, w->len) : NULL;
	if (p && known_source(a->o->home, p)) {
		/* a virtualenv's bin/activate puts its bin/ first on PATH,
		 * ~/.cargo/env puts ~/.cargo/bin there */
		if (iv->in_shell && iv->sh->path) {
			cleanup_free char *dir = path_dirname(p);
			const char *bin = strcmp(p + strlen(p) - 4, "/env") == 0 ?
				arena_own(&a->ar, path_join(dir, "bin")) : arena_strdup(&a->ar, dir);
			/* a bin/ made earlier in the line (python3 -m venv): the
			 * lookup cannot tell what it will hold */
			if (effects_kind(a, bin) != 2)
				bin = PATH_UNKNOWN_ELEM;
			iv->sh->path = arena_own(&a->ar, xasprintf("%s:%s", bin, iv->sh->path));
		}
		return;
	}
	effects_opaque(a, iv->sh, w->start, w->end, iv->c.prog);
}
