/* json-skip.h - step over one JSON value without building it (issue 18:
 * the probe cache parses only the entry it may use, probe-cache.c). */
#ifndef FSJAIL_JSON_SKIP_H
#define FSJAIL_JSON_SKIP_H

#include <stddef.h>

/* p past any JSON white space (space, tab, LF, CR), at most end. */
const char *json_skip_blank(const char *p, const char *end);

/*
 * The end (one past the last byte) of the JSON value that starts at p,
 * where p is at its first byte (no white space before it), or NULL when
 * [p, end) does not start with one. Strict RFC 8259 grammar: literals
 * true, false, null; numbers as the grammar spells them, at most
 * JSON_SKIP_NUMBER bytes; strings with no raw control character and only
 * the defined escapes (\uXXXX: four hex digits, a UTF-16 surrogate only in
 * a high-low pair, as cJSON takes them; UTF-8 is not checked); objects and arrays nested at most
 * JSON_SKIP_DEPTH deep, object member names strings. Whatever this
 * accepts, cJSON accepts too; it may refuse what cJSON would take (a
 * caller then parses the whole text with cJSON). Reads nothing at or past
 * end; allocates nothing.
 */
const char *json_skip_value(const char *p, const char *end);

#define JSON_SKIP_DEPTH 64
/* cJSON 1.7.15 as released parses at most 63 bytes of a number */
#define JSON_SKIP_NUMBER 63

#endif
