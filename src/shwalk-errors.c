/* shwalk-errors.c - the parts of a line tree-sitter-bash could not read
 * (ERROR and MISSING nodes): each is an opaque effect, and the analysis is
 * marked incomplete (see shwalk.c for the walk itself). */
#include "shwalk-int.h"

/* Every outermost ERROR node and every MISSING node is an opaque effect:
 * that part of the line could not be read; the analysis is incomplete. */
void shwalk_errors(struct an *a, TSNode root, const struct sh *sh)
{
	TSTreeCursor cur;
	bool down = true;

	if (!ts_node_has_error(root))
		return;
	a->out->complete = false;
	cur = ts_tree_cursor_new(root);
	for (;;) {
		TSNode n = ts_tree_cursor_current_node(&cur);
		bool descend = down && ts_node_has_error(n);

		if (down && (n_is(n, "ERROR") || ts_node_is_missing(n))) {
			TSNode at = n;
			if (ts_node_is_missing(n) && !ts_node_is_null(ts_node_parent(n)))
				at = ts_node_parent(n);
			effects_opaque(a, sh, n_start(at), n_end(at), NULL);
			descend = false;
		}
		if (descend && ts_tree_cursor_goto_first_child(&cur)) {
			down = true;
			continue;
		}
		if (ts_tree_cursor_goto_next_sibling(&cur)) {
			down = true;
			continue;
		}
		for (;;) {
			if (!ts_tree_cursor_goto_parent(&cur))
				goto out;
			if (ts_tree_cursor_goto_next_sibling(&cur))
				break;
		}
		down = true;
	}
out:
	ts_tree_cursor_delete(&cur);
}
