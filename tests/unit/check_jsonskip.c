/* check_jsonskip.c - json_skip_value() (src/json-skip.h, issue 18): it
 * spans exactly one strict JSON value, refuses what is not one, never
 * reads past end, and whatever it accepts cJSON accepts too (the probe
 * cache trusts it to stand for a whole parse: probe-cache.c). */
#include <check.h>
#include <cjson/cJSON.h>
#include <stdlib.h>
#include <string.h>

#include "json-skip.h"
#include "testutil.h"

/* The length json_skip_value() spans in s (no NUL read: s is copied to a
 * buffer of exactly strlen(s) bytes), or -1 when it refuses. */
static long span(const char *s)
{
	size_t n = strlen(s);
	char *b = malloc(n ? n : 1);
	const char *e;
	long r;

	ck_assert_ptr_nonnull(b);
	memcpy(b, s, n);
	e = json_skip_value(b, b + n);
	r = e ? (long)(e - b) : -1;
	free(b);
	return r;
}

START_TEST(test_values)
{
	static const char *const ok[] = {
		"0", "-0", "12", "-1.5e+3", "1E9", "2.25", "true", "false", "null", "\"\"",
		"\"a\\\"b\\\\c\\/\\b\\f\\n\\r\\t\\u00e9\"", "[]", "{}", "[ 1 , [ ] , { } ]",
		"{\"a\" : {\"b\":[true,null]}, \"c\":\"d\"}", "\"\\ud83d\\ude00\"",
	};
	static const char *const bad[] = {
		"", "01", "-", "1.", ".5", "1e", "+1", "tru", "nul", "True", "\"abc", "\"\\x\"",
		"\"\\u12g4\"", "\"\\u12\"", "\"a\tb\"", "[1,]", "[1 2]", "{\"a\"}", "{\"a\":}",
		"{a:1}", "{\"a\":1,}", "[", "{", "]", "[1}", "\"\\",
		/* as cJSON: surrogates only in a high-low pair */
		"\"\\ud83d\"", "\"\\ude00\"", "\"\\ud83d\\u0041\"", "\"\\ud83dx\"",
	};

	for (size_t i = 0; i < sizeof(ok) / sizeof(ok[0]); i++) {
		cJSON *j = cJSON_Parse(ok[i]);

		ck_assert_msg(span(ok[i]) == (long)strlen(ok[i]), "refused or short: %s", ok[i]);
		ck_assert_msg(j != NULL, "cJSON refuses %s", ok[i]);
		cJSON_Delete(j);
	}
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		ck_assert_msg(span(bad[i]) < 0 || span(bad[i]) < (long)strlen(bad[i]),
			      "accepted: %s", bad[i]);
	/* a number of JSON_SKIP_NUMBER bytes, and one more (cJSON 1.7.15 as
	 * released refuses it; later ones take it: refusing costs a parse) */
	{
		char num[JSON_SKIP_NUMBER + 2];

		memset(num, '7', JSON_SKIP_NUMBER);
		num[JSON_SKIP_NUMBER] = '\0';
		ck_assert_int_eq(span(num), JSON_SKIP_NUMBER);
		num[JSON_SKIP_NUMBER] = '7';
		num[JSON_SKIP_NUMBER + 1] = '\0';
		ck_assert_int_eq(span(num), -1);
	}
	/* one value: what follows it is not its */
	ck_assert_int_eq(span("[1] x"), 3);
	ck_assert_int_eq(span("12,3"), 2);
	ck_assert_int_eq(span("truex"), 4);
}
END_TEST

START_TEST(test_depth)
{
	char deep[2 * JSON_SKIP_DEPTH + 3];
	size_t n = 0;

	for (int i = 0; i < JSON_SKIP_DEPTH; i++)
		deep[n++] = '[';
	for (int i = 0; i < JSON_SKIP_DEPTH; i++)
		deep[n++] = ']';
	deep[n] = '\0';
	ck_assert_int_eq(span(deep), (long)n);
	memmove(deep + 1, deep, n + 1);
	deep[0] = '[';
	deep[n + 1] = ']';
	deep[n + 2] = '\0';
	ck_assert_int_eq(span(deep), -1);
}
END_TEST

/* Seeded mutations of a cache-like text: whenever the skip spans it all,
 * cJSON parses it. */
START_TEST(test_accepts_only_what_cjson_does)
{
	static const char base[] = "{\"schema\":\"x/1\",\"entries\":[{\"key\":{\"w\":\"/a\\\"b\\ud83d\\ude00\","
				   "\"n\":-12.5e3,\"t\":true,\"z\":null},\"l\":[1,2,[]]}]}";
	static const char alphabet[] = "{}[]\":,\\u0123456789.eE+-tfnrl x\tabcdABCD";
	unsigned seed = 12345;
	size_t n = strlen(base);

	for (int round = 0; round < 20000; round++) {
		char buf[sizeof(base)];

		memcpy(buf, base, sizeof(base));
		for (int k = 0; k < 1 + round % 3; k++) {
			seed = seed * 1103515245u + 12345u;
			size_t at = (seed >> 8) % n;

			seed = seed * 1103515245u + 12345u;
			buf[at] = alphabet[(seed >> 8) % (sizeof(alphabet) - 1)];
		}
		if (span(buf) == (long)n) {
			cJSON *j = cJSON_ParseWithLength(buf, n);

			ck_assert_msg(j != NULL, "skip accepts, cJSON refuses: %s", buf);
			cJSON_Delete(j);
		}
	}
}
END_TEST

static Suite *jsonskip_suite(void)
{
	Suite *s = suite_create("jsonskip");
	TCase *tc = tcase_create("skip");

	tcase_add_test(tc, test_values);
	tcase_add_test(tc, test_depth);
	tcase_add_test(tc, test_accepts_only_what_cjson_does);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return tu_run_suite(jsonskip_suite(), CK_FORK_GETENV);
}
