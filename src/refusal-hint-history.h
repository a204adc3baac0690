/* refusal-hint-history.h - the history files that interactive tools keep
 * in the home folder and rewrite in a way no grant on the one file lets
 * through (user16): the summary says how to run the tool without them
 * instead of offering a grant (refusal-hint.h). Pure, lexical. */
#ifndef FSJAIL_REFUSAL_HINT_HISTORY_H
#define FSJAIL_REFUSAL_HINT_HISTORY_H

/* When path (normalised, absolute) is one of these files, or the
 * temporary file the tool writes it through, directly in home
 * (normalised; NULL: none), the advice (a static string: the tool, why a
 * grant does not hold, the option or variable that keeps no history or
 * keeps it in the workspace); else NULL:
 * - ~/.viminfo, ~/.viminfo.tmp, ~/.viminf?.tmp: vim reads the file first
 *   (a grant on a file that did not exist at the start holds no read) and
 *   writes it anew through the temporary file, renamed over it;
 * - ~/.lesshst, ~/.lesshs? (less's temporary file, renamed over it);
 * - ~/.node_repl_history: node opens it for reading and appending. */
const char *refusal_hint_history(const char *path, const char *home);

#endif
