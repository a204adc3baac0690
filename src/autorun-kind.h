/* autorun-kind.h - what a word of a hook's command is, by its place (set
 * by autorun-interp.c, autorun-code.c; acted on by autorun-words.c). */
#ifndef FSJAIL_AUTORUN_KIND_H
#define FSJAIL_AUTORUN_KIND_H

/* What a word is, by its place. */
enum aw_kind {
	AW_KIND_NONE, /* an option word (as aw_state.next: none pending) */
	AW_KIND_OTHER,
	AW_KIND_PROGRAM,
	AW_KIND_SCRIPT,   /* an interpreter's script; source's and .'s operand */
	AW_KIND_CODE,     /* shell text: sh -c's operand */
	AW_KIND_PYCODE,   /* python -c's code: its imports */
	AW_KIND_EVALCODE, /* node -e's, perl -e's, php -r's... code: the files it loads */
	AW_KIND_MODULE,   /* node -r, --import, --loader; bun --preload */
	AW_KIND_PYMOD,    /* python -m's module */
	AW_KIND_DIR,      /* the script's folder: uv --directory, bun --cwd */
	AW_KIND_FOLDER,   /* cd's operand: a folder, never a file run */
};

#endif
