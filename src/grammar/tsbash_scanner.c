/* Builds the tree-sitter-bash external scanner from the fetched grammar. */
#include "scanner.c"
