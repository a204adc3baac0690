/* Builds the tree-sitter-bash parser from the fetched grammar (-I its src/). */
#include "parser.c"
