/* git-editor.h - whether the editor git would run is inert, as far as the
 * shell line itself says (the command-effects analyser: struct sh's
 * ed_inert, effects-int.h; prog-git-editor.c reads it).
 *
 * git runs GIT_SEQUENCE_EDITOR, else sequence.editor, else its editor
 * for the todo list of rebase -i; and GIT_EDITOR, else core.editor, else
 * VISUAL, else EDITOR for a message (editor.c git_editor(),
 * git_sequence_editor()). The caller's environment and the configuration
 * files are not seen, so only the variable that wins over both - set in
 * the line to nothing, true, ':' or cat (git then changes nothing the
 * file holds) - makes the editor inert; EDITOR and VISUAL never do
 * (core.editor wins over them). */
#ifndef FSJAIL_GIT_EDITOR_H
#define FSJAIL_GIT_EDITOR_H

#include <stdbool.h>
#include <stddef.h>

/* Bits of struct sh's ed_inert. */
enum git_ed {
	GIT_ED_SEQ = 1, /* GIT_SEQUENCE_EDITOR is inert (the todo list) */
	GIT_ED_GIT = 2, /* GIT_EDITOR is inert (a message) */
};

/* How an assignment reaches the environment of the commands after it. */
enum git_ed_how {
	GIT_ED_PLAIN,  /* NAME=VALUE alone: changes the environment only when
			* NAME is exported already (not known here) */
	GIT_ED_EXPORT, /* a prefix `NAME=VALUE cmd`, export, env NAME=VALUE */
};

/* Whether v[0..vn), a value as the line spells it (at most one pair of
 * quotes around the whole of it), is an inert editor: empty, true, ':'
 * or cat. false for anything with an expansion, an escape or another
 * quote in it. No errors. */
bool git_editor_inert_value(const char *v, size_t vn);

/* The ed_inert bits after the assignment assign ("NAME=VALUE" as the line
 * spells it; NUL-terminated, NULL allowed) made the way how says;
 * value_known false when the value holds an expansion. A NAME other than
 * GIT_EDITOR and GIT_SEQUENCE_EDITOR leaves bits as they are; an
 * exported inert value sets its bit; any other value clears it; a plain
 * inert one keeps it. No errors. */
unsigned git_editor_assign(unsigned bits, const char *assign, bool value_known,
			   enum git_ed_how how);

#endif
