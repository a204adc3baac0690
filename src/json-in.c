/* json-in.c - see json-in.h. */
#include <cjson/cJSON.h>
#include <math.h>

#include "json-in.h"

bool fsj_json_int(const cJSON *v, long long lo, long long hi, long long *out)
{
	double d;

	if (!cJSON_IsNumber(v))
		return false;
	d = v->valuedouble;
	/* the comparisons are made in double: lo and hi are exact there */
	if (!isfinite(d) || d != floor(d) || d < (double)lo || d > (double)hi)
		return false;
	*out = (long long)d;
	return true;
}
