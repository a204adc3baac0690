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

/* The exact bytes back in every member NAME of an object in the tree at
 * root (changed in place) that has a string NAME_hex beside it, as
 * fsj_json_utf8() wrote it: for a reader that shows them escaped itself
 * (fsjail log). Hex that is not even-length lowercase or uppercase hex, or
 * that decodes to a NUL byte, is left alone. */
void fsj_json_exact(struct cJSON *root);

/* root made valid by fsj_json_utf8(), then printed indented to stdout
 * with a newline (the --json documents of the subcommands). root stays
 * the caller's. */
void fsj_json_put(struct cJSON *root);
/* The same, or with line: on one line, stdout flushed (an NDJSON answer
 * a reader waits for, `check --lines`). */
void fsj_json_put_as(struct cJSON *root, bool line);

#endif
