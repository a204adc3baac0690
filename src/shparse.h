/* shparse.h - shell parsing with tree-sitter-bash. The command effects of
 * DESIGN.md section 11 build on this; for now it checks the grammar. */
#ifndef FSJAIL_SHPARSE_H
#define FSJAIL_SHPARSE_H

#include <stdbool.h>
#include <stddef.h>

/* The language ABI version of the linked tree-sitter-bash grammar (14 for
 * 0.23.x). */
unsigned shparse_language_version(void);

/* Parse len bytes of shell text. Returns 1 when the tree has no ERROR or
 * MISSING node, 0 when it has one, -1 when the parser could not be set up
 * (the grammar's ABI is not accepted by the tree-sitter library). */
int shparse_is_complete(const char *text, size_t len);

#endif
