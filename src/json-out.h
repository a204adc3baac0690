/* json-out.h - JSON that fsjail hands to harnesses (fsjail-json(7)) is
 * valid UTF-8: RFC 8259 section 8.1 requires it, and strict readers
 * (Python's json with its default decoder, jq, serde_json) refuse a
 * whole document for one bad byte. A path on Linux is any bytes but '/'
 * and NUL; cJSON copies them as they are. */
#ifndef FSJAIL_JSON_OUT_H
#define FSJAIL_JSON_OUT_H

#include <stdbool.h>
#include <stddef.h>

struct cJSON;

/* true when the n bytes at s are well-formed UTF-8 (RFC 3629: no
 * overlong forms, no surrogates, nothing above U+10FFFF). */
bool fsj_utf8_valid(const char *s, size_t n);

/* Make every string value in the tree at root (not owned; changed in
 * place) well-formed UTF-8: each byte of an ill-formed sequence becomes
 * U+FFFD, and an object member NAME so changed gets a sibling NAME_hex
 * with its exact bytes as lowercase hexadecimal, so that nothing is lost
 * (fsjail-json(7)). Member names are fsjail's own (ASCII). Returns how
 * many strings changed; on allocation failure aborts as xmalloc does. */
size_t fsj_json_utf8(struct cJSON *root);

/* The string member key of o with its exact bytes: decoded from its
 * sibling key_hex when fsj_json_utf8() kept one (a log read back), else
 * the string as it is; NULL when key is not a string. Caller frees. */
char *fsj_json_exact(const struct cJSON *o, const char *key);

/* root made valid by fsj_json_utf8(), then printed indented to stdout
 * with a newline (the --json documents of the subcommands). root stays
 * the caller's. */
void fsj_json_put(struct cJSON *root);

#endif
