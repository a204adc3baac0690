/* shparse.c - tree-sitter-bash glue. */
#include <tree_sitter/api.h>

#include "shparse.h"

/* Provided by the grammar (src/grammar/tsbash_parser.c). */
const TSLanguage *tree_sitter_bash(void);

unsigned shparse_language_version(void)
{
	return ts_language_version(tree_sitter_bash());
}

int shparse_is_complete(const char *text, size_t len)
{
	TSParser *parser = ts_parser_new();
	TSTree *tree;
	int ok;

	if (!ts_parser_set_language(parser, tree_sitter_bash())) {
		ts_parser_delete(parser);
		return -1;
	}
	tree = ts_parser_parse_string(parser, NULL, text, (uint32_t)len);
	ok = tree && !ts_node_has_error(ts_tree_root_node(tree));
	if (tree)
		ts_tree_delete(tree);
	ts_parser_delete(parser);
	return ok;
}
