/* json-in.h - numbers read from JSON that fsjail did not necessarily
 * write: its state files (manifest, probe cache) and the broker's
 * requests from the sandbox. cJSON keeps every number as a double; C
 * leaves the conversion of a double outside the target type's range
 * undefined (C11 6.3.1.4p1), so no reader casts one itself. */
#ifndef FSJAIL_JSON_IN_H
#define FSJAIL_JSON_IN_H

#include <stdbool.h>

struct cJSON;

/* v (not owned; may be NULL) as an integer in [lo, hi] into *out. lo and
 * hi lie within +-2^53, where every integer is exact as a double. Returns
 * false, *out untouched, when v is not a number, is not finite, has a
 * fraction or lies outside [lo, hi]. */
bool fsj_json_int(const struct cJSON *v, long long lo, long long hi, long long *out);

#endif
