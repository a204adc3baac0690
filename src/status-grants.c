/* status-grants.c - the grants Landlock cannot put in force: on paths
 * absent when a run starts, execute without read (status-grants.h). */
#include "status-grants.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "escape.h"
#include "inforce.h"
#include "inforce-absent.h"
#include "path-memo.h"
#include "policy.h"
#include "util.h"

#ifdef __linux__
/* the capabilities rule r of ctx grants that hold only on a path that
 * exists when the run starts: a connect grant is decided at the call
 * (notify-sock.c), and what the listener carries holds for a path made
 * in the run */
static unsigned grants_unheld(const struct fsj_ctx *ctx, const struct fsj_rule *r)
{
	unsigned held = FSJ_CAPBIT(FSJ_CAP_CONNECT) | fsj_listener_carries(&ctx->config);

	return r->allow & ~held;
}
#endif

static void grants_caps(struct strbuf *sb, unsigned caps)
{
	for (int c = 0, n = 0; c < FSJ_CAP_COUNT; c++)
		if (caps & FSJ_CAPBIT(c))
			sb_addf(sb, "%s%s", n++ ? "," : "", fsj_cap_name((enum fsj_cap)c));
}

/* "rule LABEL grants [CAPS ]on PATH", the path escaped (escape.h) */
static void grants_label(struct strbuf *sb, const struct fsj_rule *r, unsigned caps)
{
	sb_addf(sb, "rule %s%s%s grants ", r->id ? "'" : "",
		r->id ? r->id : r->origin ? r->origin : "", r->id ? "'" : "");
	grants_caps(sb, caps);
	sb_adds(sb, caps ? " on " : "on ");
	fsj_escape_term_sb(sb, r->path);
}

size_t status_grants_absent(const struct fsj_ctx *ctx, struct status_absent **out)
{
	size_t n = 0;

	*out = NULL;
#ifdef __linux__
	const struct fsj_ruleset *sets[] = { &ctx->rules, &ctx->config.grants, &ctx->session };

	for (size_t k = 0; k < sizeof(sets) / sizeof(sets[0]); k++) {
		for (size_t i = 0; i < sets[k]->n; i++) {
			const struct fsj_rule *r = &sets[k]->rules[i];
			unsigned caps = grants_unheld(ctx, r);
			struct stat st;

			/* the folders are known when run's memo is on */
			if (!caps || path_memo_lstat(r->path, &st) == 0 ||
			    (r->resolved && path_memo_lstat(r->resolved, &st) == 0))
				continue;
			*out = xreallocarray(*out, n + 1, sizeof(**out));
			(*out)[n].rule = r;
			(*out)[n++].caps = caps;
		}
	}
#else
	(void)ctx;
#endif
	return n;
}

/* status_grants_warn()'s lines for the rules that grant one of mask */
static void grants_warn_some(const struct fsj_ctx *ctx, unsigned mask, struct strbuf *warnings)
{
	struct status_absent *absent = NULL;
	size_t n = status_grants_absent(ctx, &absent);

	for (size_t i = 0; i < n; i++) {
#ifdef __linux__
		if (!(absent[i].rule->allow & mask))
			continue;
		grants_label(warnings, absent[i].rule, 0);
		sb_adds(warnings, ", which does not exist: ");
		grants_caps(warnings, absent[i].caps);
		sb_addf(warnings, " not in force (Landlock grants only paths that exist when "
				  "the run starts)\n");
#endif
	}
	free(absent);
	(void)mask, (void)warnings;
}

void status_grants_warn(const struct fsj_ctx *ctx, struct strbuf *warnings)
{
	grants_warn_some(ctx, ~0u, warnings);
}

void status_grants_made(const struct status_absent *absent, size_t n, FILE *out)
{
#ifdef __linux__
	for (size_t i = 0; i < n; i++) {
		const struct fsj_rule *r = absent[i].rule;
		struct strbuf sb = STRBUF_INIT;
		struct stat st;

		if (lstat(r->path, &st) < 0 && (!r->resolved || lstat(r->resolved, &st) < 0))
			continue;
		sb_adds(&sb, "fsjail: note: ");
		grants_label(&sb, r, absent[i].caps);
		sb_adds(&sb, ", which did not exist when the run started: ");
		grants_caps(&sb, absent[i].caps);
		sb_adds(&sb, " there was not in force in this run, and the kernel refused it "
			     "unseen (Landlock grants only paths that exist at the start); it "
			     "exists now, so the next run has it");
		fprintf(out, "%s\n", sb.buf);
		sb_release(&sb);
	}
#else
	(void)absent, (void)n, (void)out;
#endif
}

void status_grants_print(const struct fsj_ctx *ctx, const char *prefix, FILE *out)
{
	struct strbuf w = STRBUF_INIT;

	grants_warn_some(ctx, FSJ_CAPS_MODIFY, &w);
	for (char *line = w.buf, *nl; line && *line; line = nl + 1) {
		nl = strchr(line, '\n');
		fprintf(out, "%s%.*s\n", prefix, (int)(nl - line), line);
	}
	sb_release(&w);
}

void status_exec_read_warn(const struct fsj_ctx *ctx, const struct fsj_policy *pol,
			   struct strbuf *warnings)
{
	const struct fsj_ruleset *sets[] = { &ctx->rules, &ctx->config.grants, &ctx->session };

	for (size_t k = 0; pol && k < sizeof(sets) / sizeof(sets[0]); k++) {
		for (size_t i = 0; i < sets[k]->n; i++) {
			const struct fsj_rule *r = &sets[k]->rules[i];
			unsigned made = r->allow & fsj_listener_carries(&ctx->config);
			cleanup_free char *off = NULL, *unmade = NULL, *esc = NULL;

			if ((r->allow & FSJ_CAPBIT(FSJ_CAP_EXECUTE)) &&
			    (off = fsj_exec_without_read(pol, r->path, r->resolved))) {
				grants_label(warnings, r, FSJ_CAPBIT(FSJ_CAP_EXECUTE));
				sb_addf(warnings, " without read: %s\n", off);
			}
			if (!made || !(unmade = fsj_absent_unmakeable(pol, r->path)))
				continue;
			grants_label(warnings, r, 0);
			sb_adds(warnings, ", which does not exist: ");
			grants_caps(warnings, made);
			sb_addf(warnings, " %s\n", (esc = fsj_escape_term(unmade))); /* a rule's */
		}
	}
}
