/* json-out.c - valid UTF-8 in what fsjail writes as JSON (json-out.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "json-out.h"
#include "util.h"

/* Length of the well-formed sequence at s (n bytes left), or 0. Table 3-7
 * of The Unicode Standard, "Well-Formed UTF-8 Byte Sequences". */
static size_t seq_len(const unsigned char *s, size_t n)
{
	unsigned char lo = 0x80, hi = 0xbf;
	size_t len, i;

	if (s[0] < 0x80)
		return 1;
	if (s[0] >= 0xc2 && s[0] <= 0xdf)
		len = 2;
	else if (s[0] >= 0xe0 && s[0] <= 0xef)
		len = 3;
	else if (s[0] >= 0xf0 && s[0] <= 0xf4)
		len = 4;
	else
		return 0;
	if (n < len)
		return 0;
	if (s[0] == 0xe0)
		lo = 0xa0;
	else if (s[0] == 0xed)
		hi = 0x9f; /* no surrogates */
	else if (s[0] == 0xf0)
		lo = 0x90;
	else if (s[0] == 0xf4)
		hi = 0x8f; /* nothing above U+10FFFF */
	if (s[1] < lo || s[1] > hi)
		return 0;
	for (i = 2; i < len; i++)
		if (s[i] < 0x80 || s[i] > 0xbf)
			return 0;
	return len;
}

bool fsj_utf8_valid(const char *s, size_t n)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t k;

	while (n > 0) {
		if (!(k = seq_len(p, n)))
			return false;
		p += k;
		n -= k;
	}
	return true;
}

/* s (n bytes) with each byte of an ill-formed sequence as U+FFFD. */
static char *lossy(const char *s, size_t n)
{
	const unsigned char *p = (const unsigned char *)s;
	char *out = xmalloc(3 * n + 1), *o = out;
	size_t k;

	while (n > 0) {
		if ((k = seq_len(p, n))) {
			memcpy(o, p, k);
			o += k;
		} else {
			memcpy(o, "\xef\xbf\xbd", 3);
			o += 3;
			k = 1;
		}
		p += k;
		n -= k;
	}
	*o = '\0';
	return out;
}

static char *hex(const char *s, size_t n)
{
	char *out = xmalloc(2 * n + 1);
	size_t i;

	for (i = 0; i < n; i++)
		snprintf(out + 2 * i, 3, "%02x", (unsigned char)s[i]);
	out[2 * n] = '\0';
	return out;
}

/* Replace the string of item (ill-formed, n bytes) by its lossy form. */
static void fix(cJSON *item, size_t n)
{
	char *fixed = lossy(item->valuestring, n), *copy;

	copy = (char *)cJSON_malloc(strlen(fixed) + 1);
	if (!copy)
		die("out of memory");
	strcpy(copy, fixed);
	free(fixed);
	if (!(item->type & cJSON_IsReference))
		cJSON_free(item->valuestring);
	item->type &= ~cJSON_IsReference;
	item->valuestring = copy;
}

size_t fsj_json_utf8(cJSON *root)
{
	size_t changed = 0, n_add = 0, i;
	const char **keys = NULL; /* members of root, alive while it is */
	cJSON *c, **add = NULL;

	for (c = root ? root->child : NULL; c; c = c->next) {
		size_t n;

		if (!cJSON_IsString(c) || !c->valuestring) {
			changed += fsj_json_utf8(c);
			continue;
		}
		n = strlen(c->valuestring);
		if (fsj_utf8_valid(c->valuestring, n))
			continue;
		if (cJSON_IsObject(root) && c->string) {
			char *h = hex(c->valuestring, n);

			add = xreallocarray(add, n_add + 1, sizeof(*add));
			keys = xreallocarray(keys, n_add + 1, sizeof(*keys));
			add[n_add] = cJSON_CreateString(h);
			if (!add[n_add])
				die("out of memory");
			keys[n_add++] = c->string;
			free(h);
		}
		fix(c, n);
		changed++;
	}
	for (i = 0; i < n_add; i++) {
		size_t kn = strlen(keys[i]);
		char *name = xmalloc(kn + 5);

		memcpy(name, keys[i], kn);
		memcpy(name + kn, "_hex", 5);
		cJSON_AddItemToObject(root, name, add[i]);
		free(name);
	}
	free(add);
	free(keys);
	return changed;
}

void fsj_json_exact(cJSON *root)
{
	cJSON *c, *name;

	for (c = root ? root->child : NULL; c; c = c->next) {
		size_t kn = c->string ? strlen(c->string) : 0, n, i;
		char *key, *bytes;

		if (!cJSON_IsString(c)) {
			fsj_json_exact(c);
			continue;
		}
		if (kn <= 4 || strcmp(c->string + kn - 4, "_hex") != 0 ||
		    (n = strlen(c->valuestring)) % 2)
			continue;
		key = xstrndup(c->string, kn - 4);
		name = cJSON_GetObjectItemCaseSensitive(root, key);
		free(key);
		if (!cJSON_IsString(name) || (name->type & cJSON_IsReference))
			continue;
		bytes = (char *)cJSON_malloc(n / 2 + 1);
		if (!bytes)
			die("out of memory");
		for (i = 0; i < n / 2; i++) {
			int hi = hex_digit(c->valuestring[2 * i]), lo = hex_digit(c->valuestring[2 * i + 1]);

			if (hi < 0 || lo < 0 || (hi | lo) == 0)
				break;
			bytes[i] = (char)(hi << 4 | lo);
		}
		if (i < n / 2) {
			cJSON_free(bytes);
			continue;
		}
		bytes[i] = '\0';
		cJSON_free(name->valuestring);
		name->valuestring = bytes;
	}
}

void fsj_json_put(cJSON *root)
{
	fsj_json_put_as(root, false);
}

void fsj_json_put_as(cJSON *root, bool line)
{
	char *text;

	fsj_json_utf8(root);
	text = line ? cJSON_PrintUnformatted(root) : cJSON_Print(root);
	if (!text)
		die("out of memory");
	printf("%s\n", text);
	cJSON_free(text);
	if (line)
		fflush(stdout);
}
