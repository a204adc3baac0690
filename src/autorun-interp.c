/* autorun-interp.c - the place of each word of a hook's command
 * (autorun-interp.h): the program, an interpreter's script, an option's
 * argument, from each interpreter's option table. */
#include <stdbool.h>
#include <string.h>

#include "autorun-code.h"
#include "autorun-interp.h"
#include "autorun-interps.h"

/* An option word of the interpreter (after it, or before its "run"): sp
 * moves on; an argument attached to it (-r./x.js, --require=./x.js,
 * -mpkg.mod) goes to *val and *kind. */
static void option(struct aw_state *sp, const char *word, const char **val, enum aw_kind *kind)
{
	const struct ai_interp *in = &ai_interps[sp->interp];
	bool py = strcmp(in->name, "python") == 0;

	if (word[1] == '-') {
		const char *eq = strchr(word, '=');
		size_t n = eq ? (size_t)(eq - word) : strlen(word);
		enum aw_kind k = ai_listed(in->lmod, word, n)
					 ? (in->shell ? AW_KIND_SCRIPT : AW_KIND_MODULE)
				 : ai_listed(in->ldir, word, n) ? AW_KIND_DIR
								: AW_KIND_OTHER;

		if (!word[2])
			return;
		if (ai_listed(in->lcode, word, n)) {
			sp->at = AW_AT_ARGS;
			k = ac_code_kind(in->name, in->shell);
		}
		if (k != AW_KIND_OTHER || ai_listed(in->larg, word, n))
			eq ? (void)(*val = eq + 1, *kind = k) : (void)(sp->next = k);
		else if (!eq)
			sp->scripts = sp->scripts < 0 ? -2 : 2;
		else
			*val = eq + 1, *kind = AW_KIND_OTHER;
		return;
	}
	for (const char *p = word + 1; *p; p++) {
		if (strchr(in->code, *p) || (py && *p == 'm')) {
			enum aw_kind k =
				py && *p == 'm' ? AW_KIND_PYMOD : ac_code_kind(in->name, in->shell);

			sp->at = AW_AT_ARGS;
			if (p[1] && k == AW_KIND_PYMOD)
				*val = p + 1, *kind = k;
			else
				sp->next = k;
			return;
		}
		if (strchr(in->mod, *p)) {
			p[1] ? (void)(*val = p + 1, *kind = AW_KIND_MODULE)
			     : (void)(sp->next = AW_KIND_MODULE);
			return;
		}
		if (in->dir && strchr(in->dir, *p)) {
			p[1] ? (void)(*val = p + 1, *kind = AW_KIND_DIR) : (void)(sp->next = AW_KIND_DIR);
			return;
		}
		if (strchr(in->arg, *p)) {
			sp->next = p[1] ? AW_KIND_NONE : AW_KIND_OTHER;
			return;
		}
	}
}

/* A word after an interpreter: an option, or its script (its code after
 * deno eval: sp->scripts below zero). */
static enum aw_kind after_interp(struct aw_state *sp, const char *word, const char **val,
				 enum aw_kind *kind)
{
	const struct ai_interp *in = &ai_interps[sp->interp];
	bool code = sp->scripts < 0;

	if ((word[0] == '-' || word[0] == '+') && word[1]) {
		option(sp, word, val, kind);
		return AW_KIND_NONE;
	}
	if (code ? ++sp->scripts >= 0 : --sp->scripts <= 0)
		sp->at = AW_AT_ARGS;
	return code ? ac_code_kind(in->name, in->shell) : AW_KIND_SCRIPT;
}

enum aw_kind aw_place(struct aw_state *sp, const char *word, const char **val,
		      enum aw_kind *kind)
{
	enum aw_kind k = sp->next;

	*val = NULL;
	/* bash -c -e CODE, sh -c -- CODE: -c's operand is the first word
	 * after the options (bash(1), -c) */
	if (k == AW_KIND_CODE && word && (word[0] == '-' || word[0] == '+') && word[1])
		return AW_KIND_NONE;
	if (k != AW_KIND_NONE) {
		sp->next = AW_KIND_NONE;
		return k;
	}
	switch (sp->at) {
	case AW_AT_PROGRAM:
		if (word && (ac_prefix(word) || word[0] == '-'))
			return AW_KIND_OTHER;
		if (word && (strcmp(word, "cd") == 0 || strcmp(word, "pushd") == 0)) {
			sp->at = AW_AT_FOLDER;
			return AW_KIND_OTHER;
		}
		sp->interp = word ? ai_of(word) : 0;
		sp->at = sp->interp < 0               ? AW_AT_ARGS
			 : ai_interps[sp->interp].sub ? AW_AT_SUB
						      : AW_AT_OPTS;
		sp->scripts = 1;
		return AW_KIND_PROGRAM;
	case AW_AT_SUB:
		if (word && word[0] == '-' && word[1]) {
			option(sp, word, val, kind);
			return AW_KIND_NONE;
		}
		if (ai_interps[sp->interp].sub == 3)
			return AW_KIND_OTHER; /* a task, its arguments */
		sp->at = AW_AT_OPTS;
		if (word && strcmp(word, "run") == 0)
			return AW_KIND_OTHER;
		/* deno eval CODE (docs.deno.com/runtime/reference/cli/eval) */
		if (word && strcmp(word, "eval") == 0 && ai_interps[sp->interp].sub == 1) {
			sp->scripts = -1;
			return AW_KIND_OTHER;
		}
		if (ai_interps[sp->interp].sub == 2) {
			sp->at = AW_AT_ARGS;
			return AW_KIND_OTHER;
		}
		return after_interp(sp, word ? word : "?", val, kind);
	case AW_AT_OPTS:
		return after_interp(sp, word ? word : "?", val, kind);
	case AW_AT_FOLDER:
		return AW_KIND_FOLDER;
	case AW_AT_ARGS:
		break;
	}
	return AW_KIND_OTHER;
}
