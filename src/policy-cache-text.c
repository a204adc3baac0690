/* policy-cache-text.c - the text of one compiled-policy cache entry
 * (policy-cache.h): what policy_cache_format() writes and
 * policy_cache_parse() reads back, every field checked. */
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "path.h"
#include "policy-cache.h"
#include "state-rec.h"
#include "util.h"

/* The first line of every entry; the number changes with the format
 * (2: the baseline's secrets after its user-data roots; 3: each rule's note). */
#define MAGIC "fsjail-policy-cache " POLICY_CACHE_FORMAT "\n"

void policy_cache_add_str(struct strbuf *sb, const char *s)
{
	char n[32];

	if (!s) {
		sb_adds(sb, "-:");
		return;
	}
	snprintf(n, sizeof(n), "%zu:", strlen(s));
	sb_adds(sb, n);
	sb_adds(sb, s);
}

char *policy_cache_format(const char *key, const struct fsj_ruleset *rs, char *const *roots,
			  size_t n_roots, size_t *len)
{
	struct strbuf sb = STRBUF_INIT;
	char line[128];

	sb_adds(&sb, MAGIC);
	policy_cache_add_str(&sb, key);
	snprintf(line, sizeof(line), "\n%zu %zu %zu\n", rs->n, n_roots, rs->n_secrets);
	sb_adds(&sb, line);
	for (size_t i = 0; i < rs->n; i++) {
		const struct fsj_rule *r = &rs->rules[i];
		const char *sv[4] = { r->id, r->path, r->origin, r->note };

		snprintf(line, sizeof(line), "%d %u %u %u %d ", r->recursive ? 1 : 0, r->allow,
			 r->deny, r->pass, (int)r->source);
		sb_adds(&sb, line);
		for (int k = 0; k < 4; k++) {
			policy_cache_add_str(&sb, sv[k]);
			sb_addc(&sb, k < 3 ? ' ' : '\n');
		}
	}
	for (size_t i = 0; i < n_roots + rs->n_secrets; i++) {
		policy_cache_add_str(&sb, i < n_roots ? roots[i] : rs->secrets[i - n_roots]);
		sb_addc(&sb, '\n');
	}
	sb_adds(&sb, "end\n");
	*len = sb.len;
	return sb_detach(&sb);
}

/* An absolute path in the form path_normalize() gives it: "/", or "/"
 * and components joined by single slashes, none empty, "." or "..", at
 * most FSJ_PATH_MAX bytes (checked in place: one entry holds 1,000s). */
static bool path_ok(const char *p)
{
	size_t n = 0;

	if (!p || p[0] != '/')
		return false;
	if (p[1] == '\0')
		return true;
	for (const char *c = p + 1;; c++) {
		const char *e = strchr(c, '/');
		size_t len = e ? (size_t)(e - c) : strlen(c);

		if (len == 0 || (len == 1 && c[0] == '.') || (len == 2 && c[0] == '.' && c[1] == '.'))
			return false;
		n += len + 1;
		if (!e)
			break;
		c = e;
	}
	return n <= FSJ_PATH_MAX;
}

static bool source_ok(const char *kind, unsigned long long s)
{
	if (strcmp(kind, "rules") == 0)
		return s == FSJ_SRC_RULES;
	return s == FSJ_SRC_PROTECTED || s == FSJ_SRC_BASELINE;
}

int policy_cache_parse(const char *buf, size_t len, const char *key, const char *kind,
		       struct fsj_ruleset *out, char ***roots_out, size_t *n_out)
{
	struct srec_cursor c = { buf, buf + len };
	struct fsj_ruleset rs = { 0 };
	char **roots = NULL;
	unsigned long long n_rules, n_roots, n_secrets, k = 0;
	cleanup_free char *stored = NULL;
	bool ok;

	memset(out, 0, sizeof(*out));
	if (roots_out)
		*roots_out = NULL;
	if (n_out)
		*n_out = 0;
	if (len < strlen(MAGIC) || memcmp(buf, MAGIC, strlen(MAGIC)) != 0)
		return -1;
	c.p += strlen(MAGIC);
	stored = srec_str(&c, len, false, '\n', &ok);
	if (!ok || strcmp(stored, key) != 0 || !srec_num(&c, &n_rules, ' ') ||
	    !srec_num(&c, &n_roots, ' ') || !srec_num(&c, &n_secrets, '\n') ||
	    n_rules > POLICY_CACHE_MAX_RULES || n_roots > POLICY_CACHE_MAX_RULES ||
	    n_secrets > POLICY_CACHE_MAX_RULES || (n_roots && !roots_out) ||
	    (n_secrets && strcmp(kind, "baseline") != 0))
		return -1;
	rs.rules = n_rules ? xcalloc(n_rules, sizeof(*rs.rules)) : NULL;
	rs.cap = n_rules;
	for (; rs.n < n_rules; rs.n++) {
		struct fsj_rule *r = &rs.rules[rs.n];
		unsigned long long rec, allow, deny, pass, src;

		if (!srec_num(&c, &rec, ' ') || !srec_num(&c, &allow, ' ') ||
		    !srec_num(&c, &deny, ' ') || !srec_num(&c, &pass, ' ') ||
		    !srec_num(&c, &src, ' ') || rec > 1 || (allow & ~FSJ_CAPS_ALL) ||
		    (deny & ~FSJ_CAPS_ALL) || (pass & ~FSJ_CAPS_ALL) || (allow & deny) ||
		    !source_ok(kind, src))
			goto bad;
		r->recursive = rec == 1;
		r->allow = (unsigned)allow;
		r->deny = (unsigned)deny;
		r->pass = (unsigned)pass;
		r->source = (enum fsj_source)src;
		r->id = srec_str(&c, 4096, true, ' ', &ok);
		r->path = ok ? srec_str(&c, PATH_MAX, false, ' ', &ok) : NULL;
		if (!ok || (r->id && !r->id[0]) || !path_ok(r->path))
			goto bad_rule;
		r->origin = srec_str(&c, 2 * PATH_MAX, true, ' ', &ok);
		r->note = ok ? srec_str(&c, 65536, true, '\n', &ok) : NULL;
		if (!ok || (r->note && !r->note[0]))
			goto bad_rule;
		/* what the filesystem decides is asked now, never kept */
		r->resolved = path_resolve(r->path);
	}
	if (n_roots)
		roots = xcalloc(n_roots, sizeof(*roots));
	for (; k < n_roots; k++) {
		roots[k] = srec_str(&c, PATH_MAX, false, '\n', &ok);
		if (!ok || !path_ok(roots[k]))
			goto bad_roots;
	}
	rs.secrets = n_secrets ? xcalloc(n_secrets, sizeof(*rs.secrets)) : NULL;
	for (; rs.n_secrets < n_secrets; rs.n_secrets++) {
		char **s = &rs.secrets[rs.n_secrets];

		*s = srec_str(&c, PATH_MAX, false, '\n', &ok);
		if (!ok || !path_ok(*s)) {
			rs.n_secrets++; /* released with rs */
			goto bad_roots;
		}
	}
	if ((size_t)(c.end - c.p) != 4 || memcmp(c.p, "end\n", 4) != 0)
		goto bad_roots;
	*out = rs;
	if (roots_out) {
		*roots_out = roots;
		*n_out = n_roots;
	}
	return 0;

bad_roots:
	for (unsigned long long i = 0; i <= k && i < n_roots; i++)
		free(roots[i]);
	free(roots);
	goto bad;
bad_rule:
	rs.n++; /* release the partly read rule too */
bad:
	fsj_ruleset_release(&rs);
	return -1;
}

