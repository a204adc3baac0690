/* shwalk-int.h - what the three parts of the tree walk share (shwalk.c,
 * shwalk-redir.c, shwalk-flow.c); other parts of the analyser use the
 * shwalk_* functions of effects-int.h. Everything allocated here lives in
 * the analysis arena. */
#ifndef FSJAIL_SHWALK_INT_H
#define FSJAIL_SHWALK_INT_H

#include "effects-int.h"

/* true when x and y are the same known folder. */
static inline bool shwalk_same_dir(const char *x, const char *y)
{
	return x && y && strcmp(x, y) == 0;
}

/* A growable list of nodes. */
struct nodes {
	TSNode *v;
	size_t n;
};

/* The redirections of a redirected statement, and what they swallowed. */
struct redir_set {
	const struct nodes *words;   /* words the redirections swallowed */
	const struct nodes *redirs;  /* the redirections */
	const TSNode *pipe;          /* a pipeline the statement heads, or NULL */
	const struct redir_set *outer; /* with pipe: the redirections of that
					* pipeline's last element, or NULL */
};

/* ---- shwalk.c ------------------------------------------------------------ */

bool shwalk_is_redirect(TSNode n);
bool shwalk_is_statement(TSNode n);

/* ---- shwalk-redir.c: commands and redirections --------------------------- */

void shwalk_nodes_push(struct an *a, struct nodes *l, TSNode x);
/* The effect of one redirection r of a command c (not of the words it
 * swallowed). */
void shwalk_redirect(struct an *a, TSNode r, struct sh *sh, const struct cmd *c);
/* A simple command. extra: words a redirection after it swallowed;
 * *prog_out (when not NULL) gets its program's name, or NULL. */
void shwalk_command(struct an *a, TSNode n, struct sh *sh, const struct nodes *extra,
		    const char **prog_out);
/* A redirected statement n; with pipe, n heads that pipeline and outer
 * holds the redirections of its last element. */
void shwalk_redirected(struct an *a, TSNode n, struct sh *sh, const TSNode *pipe,
		       const struct redir_set *outer);
/* The body of a redirected statement, with the redirections rs. */
void shwalk_redirected_body(struct an *a, TSNode body, struct sh *sh,
			    const struct redir_set *rs);
/* true when r is a redirected statement whose body is a list. */
bool shwalk_heads_list(TSNode r);

/* ---- shwalk-flow.c: lists, loops, conditionals, functions ---------------- */

void shwalk_list_rs(struct an *a, TSNode n, struct sh *sh, const struct redir_set *rs);
void shwalk_list(struct an *a, TSNode n, struct sh *sh);
void shwalk_loop(struct an *a, TSNode n, struct sh *sh);
void shwalk_function(struct an *a, TSNode n, struct sh *sh);
void shwalk_if(struct an *a, TSNode n, struct sh *sh);
void shwalk_case(struct an *a, TSNode n, struct sh *sh);

#endif
