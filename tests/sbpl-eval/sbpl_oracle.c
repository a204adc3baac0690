/* sbpl_oracle.c - the evaluator next to fsjail's policy engine (see
 * sbpl_oracle.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sbpl_oracle.h"

const char *const sbpl_oracle_cap_ops[FSJ_CAP_COUNT][7] = {
	[FSJ_CAP_READ] = { "file-read-data", "file-read-xattr", NULL },
	[FSJ_CAP_WRITE] = { "file-write-data", "file-write-mode", "file-write-owner",
			    "file-write-times", "file-write-flags", "file-write-xattr", NULL },
	[FSJ_CAP_CREATE] = { "file-write-create", "file-link", "file-clone", NULL },
	[FSJ_CAP_DELETE] = { "file-write-unlink", NULL },
	[FSJ_CAP_EXECUTE] = { "process-exec", "file-map-executable", NULL },
	[FSJ_CAP_CONNECT] = { "network-outbound", NULL },
};

char *sbpl_oracle_kernel_path(const char *p)
{
	static const char *const roots[] = { "/tmp", "/var", "/etc" };

	for (size_t i = 0; i < sizeof(roots) / sizeof(roots[0]); i++) {
		size_t n = strlen(roots[i]);
		if (strncmp(p, roots[i], n) == 0 && (p[n] == '\0' || p[n] == '/'))
			return xasprintf("/private%s", p);
	}
	return xstrdup(p);
}

struct sbpl_eval *sbpl_oracle_load(const struct sbpl_profile *p, struct fsj_error *err)
{
	return sbpl_eval_new(p->text, "profile.sb", (const char *const *)p->param_names,
			     (const char *const *)p->param_values, p->n_params, err);
}

static void collect_strings(const struct sbpl_node *n, char ***v, size_t *len)
{
	if (n->type == SBPL_NODE_STRING) {
		for (size_t i = 0; i < *len; i++)
			if (strcmp((*v)[i], n->s) == 0)
				return;
		*v = xreallocarray(*v, *len + 2, sizeof(**v));
		(*v)[(*len)++] = xstrdup(n->s);
		(*v)[*len] = NULL;
		return;
	}
	for (size_t i = 0; i < n->n; i++)
		collect_strings(n->kids[i], v, len);
}

const char *const *sbpl_oracle_fixed_strings(void)
{
	static char **fixed;
	static size_t n_fixed;

	if (fixed)
		return (const char *const *)fixed;
	fixed = xcalloc(1, sizeof(*fixed));
	for (int t = 0; t < FSJ_TIER_COUNT; t++) {
		for (int mode = 0; mode < 2; mode++) {
			for (int k = 0; k < 4; k++) {
				struct fsj_policy *pol =
					policy_new((enum fsj_mode)mode, (enum fsj_tier)t);
				struct sbpl_opts opts = { k & 1 ? FSJ_NETWORK_ALLOW
								: FSJ_NETWORK_DENY,
							  k & 2 ? "/s/broker.sock" : NULL, true, NULL };
				struct sbpl_profile prof;
				struct fsj_error err;
				struct sbpl_eval *ev;

				policy_finalize(pol);
				if (sbpl_compile(pol, &opts, &prof, &err) < 0) {
					fprintf(stderr, "sbpl_oracle: empty policy: %s\n",
						err.text);
					abort();
				}
				ev = sbpl_oracle_load(&prof, &err);
				if (!ev) {
					fprintf(stderr, "sbpl_oracle: empty policy: %s\n%s\n",
						err.text, prof.text);
					abort();
				}
				for (size_t i = 0; i < sbpl_eval_ast(ev)->n; i++)
					collect_strings(sbpl_eval_ast(ev)->forms[i], &fixed,
							&n_fixed);
				sbpl_eval_free(ev);
				sbpl_profile_release(&prof);
				policy_free(pol);
			}
		}
	}
	return (const char *const *)fixed;
}

/* The move rule (SBPL-NOTES.md section 11, sandbox-runtime issue 8),
 * stated here apart from sbpl.c: a path denied anything is denied as if
 * its deny also named create and delete, for the operations that move or
 * link it (file-write-unlink, file-link, file-clone). A copy of pol
 * with those rules; caller frees. */
struct fsj_policy *sbpl_oracle_move_policy(const struct fsj_policy *pol)
{
	unsigned cd = FSJ_CAPBIT(FSJ_CAP_CREATE) | FSJ_CAPBIT(FSJ_CAP_DELETE);
	struct fsj_policy *m = policy_new(pol->mode, pol->tier);

	for (size_t i = 0; i < pol->n_rules; i++) {
		struct fsj_rule r = pol->rules[i];

		if (r.deny & pol->enforced)
			r.deny |= cd;
		policy_add_rule(m, &r);
	}
	return m;
}

/* Is p a folder strictly above a path some rule of pol denies (any
 * spelling), other than "/"? Such a folder is never renamed away. */
bool sbpl_oracle_above_deny(const struct fsj_policy *pol, const char *p)
{
	size_t n = strlen(p);

	if (strcmp(p, "/") == 0)
		return false;
	for (size_t i = 0; i < pol->n_rules; i++) {
		const struct fsj_rule *r = &pol->rules[i];
		const char *sp[2] = { r->path, r->resolved };

		if (!(r->deny & pol->enforced))
			continue;
		for (int k = 0; k < 2; k++) {
			char *kp;
			bool above;

			if (!sp[k])
				continue;
			kp = sbpl_oracle_kernel_path(sp[k]);
			above = (strncmp(kp, p, n) == 0 && kp[n] == '/') ||
				(strncmp(sp[k], p, n) == 0 && sp[k][n] == '/');
			free(kp);
			if (above)
				return true;
		}
	}
	return false;
}

static bool is_move_op(const char *op)
{
	return strcmp(op, "file-write-unlink") == 0 || strcmp(op, "file-link") == 0 ||
	       strcmp(op, "file-clone") == 0;
}

size_t sbpl_oracle_compare(const struct sbpl_eval *ev, const struct fsj_policy *pol,
			   const char *kpath, struct strbuf *why)
{
	struct fsj_policy *mpol = sbpl_oracle_move_policy(pol);
	size_t bad = 0;

	for (int cap = 0; cap < FSJ_CAP_COUNT; cap++) {
		struct fsj_decision d, md;
		bool want, mwant;

		policy_decide(pol, kpath, kpath, (enum fsj_cap)cap, &d);
		policy_decide(mpol, kpath, kpath, (enum fsj_cap)cap, &md);
		want = (pol->enforced & FSJ_CAPBIT(cap)) ? d.allowed : true;
		mwant = (pol->enforced & FSJ_CAPBIT(cap)) ? md.allowed : true;
		if (cap == FSJ_CAP_DELETE && sbpl_oracle_above_deny(pol, kpath))
			mwant = false;
		for (const char *const *op = sbpl_oracle_cap_ops[cap]; *op; op++) {
			struct sbpl_query q = { *op, kpath, NULL };
			struct sbpl_verdict v;
			struct fsj_error err;

			if (sbpl_eval_decide(ev, &q, &v, &err) < 0) {
				fprintf(stderr, "sbpl_oracle: %s\n", err.text);
				abort();
			}
			bool w = is_move_op(*op) ? mwant : want;

			if (v.allow == w)
				continue;
			if (bad++ == 0 && why) {
				sb_addf(why,
					"tier %s, mode %s: %s '%s': the profile says %s (%s, line "
					"%u of %s, list %s), policy_decide says %s (%s level",
					fsj_tier_name(pol->tier), fsj_mode_name(pol->mode), *op,
					kpath, v.allow ? "allow" : "deny",
					v.line ? (v.filtered ? "filtered rule" : "unfiltered rule")
					       : "default",
					v.line, v.from_import ? "bsd.sb" : "the profile", v.op,
					w ? "allow" : "deny", fsj_level_name(d.level));
				if (d.rule)
					sb_addf(why, ", rule '%s'", d.rule->path);
				if (!(pol->enforced & FSJ_CAPBIT(cap)))
					sb_adds(why, ", capability not enforced by the tier");
				sb_adds(why, ")");
			}
		}
	}
	policy_free(mpol);
	return bad;
}
