/* probe-checks.c - the per-capability experiments of the probe: which
 * check runs where at each tier, the controls without a sandbox, and what
 * each outcome proves (DESIGN.md section 5; see probe.h). */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "path.h"
#include "probe-int.h"
#include "probe-made.h"

static int cmp_names(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Look for the full tier's read target: an entry of "/" outside the
 * user-data roots that the full tier's policy does not let be read, that
 * is not a symlink and that fsjail itself can read. Regular files first,
 * then folders (read as a listing). */
static void find_system_target(struct prober *p, const struct fsj_policy *pol)
{
	DIR *d = opendir("/");
	struct dirent *de;
	char **names = NULL;
	size_t n = 0;

	if (!d)
		return;
	while ((de = readdir(d)) != NULL && n < PROBE_ROOT_ENTRIES_MAX) {
		if (de->d_name[0] == '.' &&
		    (de->d_name[1] == '\0' || (de->d_name[1] == '.' && de->d_name[2] == '\0')))
			continue;
		names = xreallocarray(names, n + 1, sizeof(*names));
		names[n++] = xstrdup(de->d_name);
	}
	closedir(d);
	if (n)
		qsort(names, n, sizeof(*names), cmp_names);
	for (int pass = 0; pass < 2 && !p->sys_path; pass++) {
		for (size_t i = 0; i < n && !p->sys_path; i++) {
			char *path = path_join("/", names[i]);
			struct stat st;
			bool covers_root = false;

			for (size_t r = 0; r < pol->n_user_data_roots; r++)
				if (path_covers(path, pol->user_data_roots[r]))
					covers_root = true;
			if (!covers_root && !probe_in_user_data_root(pol, path) &&
			    lstat(path, &st) == 0 &&
			    (pass == 0 ? S_ISREG(st.st_mode) : S_ISDIR(st.st_mode)) &&
			    access(path, R_OK) == 0 && !probe_allowed(pol, path, FSJ_CAP_READ)) {
				p->sys_path = path;
				p->sys_is_dir = pass == 1;
			} else {
				free(path);
			}
		}
	}
	for (size_t i = 0; i < n; i++)
		free(names[i]);
	free(names);
}

void probe_set_check(struct probe_check *c, enum probe_result res, const char *path, char *reason)
{
	c->result = res;
	free(c->path);
	c->path = path ? xstrdup(path) : NULL;
	free(c->reason);
	c->reason = reason;
}

/* Phase 2: the controls, once, in one batch without a sandbox: each
 * operation a tier will run, on a sibling file (on the same file for exec
 * and read, which change nothing), must work, or a denial under the
 * sandbox proves nothing. Only the pairs the tiers use are run. */
static void run_controls(struct prober *p, struct tier_work *w)
{
	struct op ops[BATCH_MAX];
	bool want[SCR_COUNT][PROBE_CHECK_COUNT] = { { false } }, want_sys = false, started;
	bool want_net[PROBE_CHECK_COUNT] = { false };
	size_t n = 0;
	char *why = NULL;

	for (int t = 0; t < FSJ_TIER_COUNT; t++) {
		for (size_t i = 0; i < w[t].n; i++) {
			const struct op *o = &w[t].ops[i];

			if (o->id == PROBE_CHECK_WRITE_ALLOWED ||
			    o->id == PROBE_CHECK_CREATE_ALLOWED)
				continue;
			if (probe_check_is_net(o->id))
				want_net[o->id] = true;
			else if (o->s)
				want[o->s - p->s][o->id] = true;
			else
				want_sys = true;
		}
	}
	for (int i = 0; i < SCR_COUNT; i++)
		for (int id = 0; id < PROBE_CHECK_COUNT; id++)
			if (want[i][id] && n < BATCH_MAX)
				probe_op_add(ops, &n, (enum probe_check_id)id, &p->s[i], true, NULL,
				       false, NULL);
	if (want_sys && n < BATCH_MAX)
		probe_op_add(ops, &n, PROBE_CHECK_READ_SYSTEM, NULL, false, p->sys_path, p->sys_is_dir,
		       NULL);
	for (int id = 0; id < PROBE_CHECK_COUNT; id++)
		if (want_net[id] && n < BATCH_MAX)
			probe_op_add_net(ops, &n, p, (enum probe_check_id)id, NULL);
	if (n == 0)
		return;
	(void)probe_run_batch(p->none, ops, n, &started, &why);
	for (size_t i = 0; i < n; i++) {
		int ok = started && ops[i].rc == 0 && probe_op_happened(&ops[i]) ? CTRL_OK : CTRL_FAILED;

		if (probe_check_is_net(ops[i].id))
			p->net_control[ops[i].id] = ok;
		else if (ops[i].s)
			ops[i].s->control[ops[i].id] = ok;
		else
			p->sys_control = ok;
	}
	probe_ops_release(ops, n);
	free(why);
}

/* A program the batch's fixed PATH (/usr/bin:/bin) finds. */
static bool have_program(const char *name)
{
	cleanup_free char *a = path_join("/usr/bin", name);
	cleanup_free char *b = path_join("/bin", name);

	return access(a, X_OK) == 0 || access(b, X_OK) == 0;
}

/* Phase 1: where check c runs at a tier with policy pol: adds the
 * operation to the batch, or settles the check at once (n/a, or a forced
 * failure). */
static void plan_check(struct prober *p, const struct fsj_policy *pol, struct probe_check *c,
		       struct op *ops, size_t *n)
{
	enum probe_check_id id = c->id;
	int cap = probe_check_cap(id);
	char *path;

	if (probe_forced_to_fail(p, id)) {
		probe_set_check(c, PROBE_RESULT_FAILED, NULL,
			  xstrdup("forced to fail by FSJAIL_PROBE_FAIL (test-only)"));
		return;
	}
	switch (id) {
	case PROBE_CHECK_SHELL:
		return; /* settled by the batch itself */

	case PROBE_CHECK_WRITE_ALLOWED:
	case PROBE_CHECK_CREATE_ALLOWED:
		/* The workspace (workspace-write mode), else the temporary
		 * folder: the first where the policy grants it. */
		for (int i = SCR_WORKSPACE; i <= SCR_TMP; i++) {
			struct scratch *s = &p->s[i];
			bool usable;

			if (!s->dir)
				continue;
			path = path_join(s->dir, probe_check_file(id, false));
			usable = probe_allowed(pol, path, (enum fsj_cap)cap);
			free(path);
			if (usable) {
				probe_op_add(ops, n, id, s, false, NULL, false, c);
				return;
			}
		}
		probe_set_check(
			c, PROBE_RESULT_NA, NULL,
			xasprintf("no scratch folder where the policy grants %s could be made "
				  "(tried the workspace in workspace-write mode, $TMPDIR or /tmp)",
				  fsj_cap_name((enum fsj_cap)cap)));
		return;

	case PROBE_CHECK_READ_SYSTEM:
		if (p->sys_path)
			probe_op_add(ops, n, id, NULL, false, p->sys_path, p->sys_is_dir, c);
		else
			probe_set_check(c, PROBE_RESULT_NA, NULL,
				  xstrdup("no file or folder under / outside the user-data roots "
					  "is left ungranted by the policy"));
		return;

	case PROBE_CHECK_NET_TCP:
	case PROBE_CHECK_NET_UDP:
	case PROBE_CHECK_NET_DNS:
	case PROBE_CHECK_NET_IFACE:
		if (!have_program(id == PROBE_CHECK_NET_IFACE ? "python3" : "bash"))
			probe_set_check(c, PROBE_RESULT_NA, NULL,
				  xasprintf("no %s to try it with",
					    id == PROBE_CHECK_NET_IFACE ? "python3" : "bash"));
		else if (id != PROBE_CHECK_NET_IFACE && p->net_fd[id] < 0)
			probe_set_check(c, PROBE_RESULT_FAILED, NULL,
				  xstrdup("the probe could not listen on 127.0.0.1"));
		else
			probe_op_add_net(ops, n, p, id, c);
		return;

	case PROBE_CHECK_EXEC_MAPPED:
		/* The loader must be able to read the file: a folder the tier
		 * lets be read, without execute. */
		for (int i = 0; probe_ldso() && i < SCR_COUNT; i++) {
			struct scratch *s = &p->s[i];
			bool usable;

			if (!s->dir)
				continue;
			path = path_join(s->dir, probe_check_file(id, false));
			usable = !probe_allowed(pol, path, FSJ_CAP_EXECUTE) &&
				 (p->tier < FSJ_TIER_GUARDED || probe_allowed(pol, path, FSJ_CAP_READ));
			free(path);
			if (usable) {
				probe_op_add(ops, n, id, s, false, NULL, false, c);
				return;
			}
		}
		probe_set_check(c, PROBE_RESULT_NA, NULL,
				xstrdup(probe_ldso() ? "no scratch folder is readable but not "
						       "executable under this tier's policy"
						     : "no dynamic loader to run a file with"));
		return;

	case PROBE_CHECK_WRITE_DENIED:
	case PROBE_CHECK_CREATE_DENIED:
	case PROBE_CHECK_DELETE_DENIED:
	case PROBE_CHECK_EXEC_DENIED:
	case PROBE_CHECK_READ_FENCED:
		/* The first scratch folder where the policy denies the
		 * capability (and, for the read fence, inside a user-data
		 * root). */
		for (int i = 0; i < SCR_COUNT; i++) {
			struct scratch *s = &p->s[i];
			bool usable;

			if (!s->dir)
				continue;
			path = path_join(s->dir, probe_check_file(id, false));
			usable = !probe_allowed(pol, path, (enum fsj_cap)cap) &&
				 (id != PROBE_CHECK_READ_FENCED || probe_in_user_data_root(pol, path));
			free(path);
			if (usable) {
				probe_op_add(ops, n, id, s, false, NULL, false, c);
				return;
			}
		}
		if (id == PROBE_CHECK_READ_FENCED)
			probe_set_check(c, PROBE_RESULT_NA, NULL,
				  xstrdup("no scratch folder inside a user-data root is left "
					  "unreadable by the policy (tried the home folder)"));
		else
			probe_set_check(c, PROBE_RESULT_NA, NULL,
				  xasprintf("the policy grants %s in every scratch folder fsjail "
					    "could make (the allowed folder, the home folder, the "
					    "state directory)",
					    fsj_cap_name((enum fsj_cap)cap)));
		return;

	case PROBE_CHECK_COUNT:
		break;
	}
}

/* Settle the checks of a batch from what it reported and from the files. */
static void settle(struct op *ops, size_t n, bool started, int rc, const char *why)
{
	for (size_t i = 0; i < n; i++) {
		struct op *o = &ops[i];
		struct probe_check *c = o->check;
		bool allow =
			c->id == PROBE_CHECK_WRITE_ALLOWED || c->id == PROBE_CHECK_CREATE_ALLOWED;

		if (!started)
			probe_set_check(c, PROBE_RESULT_FAILED, o->path,
				  xasprintf("not run: the shell did not start (%s)",
					    why ? why : "no output"));
		else if (o->rc < 0)
			probe_set_check(c, PROBE_RESULT_FAILED, o->path,
				  xasprintf("no result reported (the batch exited %d)", rc));
		else if (allow)
			probe_set_check(
				c,
				o->rc == 0 && probe_op_happened(o) ? PROBE_RESULT_OK
							     : PROBE_RESULT_FAILED,
				o->path,
				o->rc == 0 && probe_op_happened(o)
					? xstrdup(c->id == PROBE_CHECK_WRITE_ALLOWED
							  ? "the file was written"
							  : "the file was made")
					: xasprintf(
						  "refused (exit %d) although the policy grants it",
						  o->rc));
		else if (probe_op_happened(o))
			probe_set_check(c, PROBE_RESULT_FAILED, o->path,
				  xasprintf(c->id == PROBE_CHECK_NET_IFACE
						    ? "an IP socket and an interface other than lo "
						      "are there (exit %d)"
					    : probe_check_is_net(c->id)
						    ? "the listener outside received it (exit %d)"
						    : "the sandbox let it happen (exit %d)",
					    o->rc));
		else if (!probe_denial_status(c->id, o->rc))
			probe_set_check(c, PROBE_RESULT_FAILED, o->path,
				  xasprintf("exit %d is not a denial by the sandbox", o->rc));
		else
			probe_set_check(c, PROBE_RESULT_OK, o->path,
				  xasprintf(probe_check_is_net(c->id)
						    ? "nothing reached the listener outside (exit %d)"
						    : "refused (exit %d)",
					    o->rc));
	}
}

/* Phase 3: run the checks of one tier under its sandbox. A negative check
 * whose control failed is settled as failed without running. */
static void run_tier(struct prober *p, struct tier_work *w, struct probe_tier *pt)
{
	struct op ops[BATCH_MAX];
	struct probe_check *shell = NULL;
	size_t n = 0;
	bool started;
	char *why = NULL;
	int rc;

	for (size_t i = 0; i < w->n; i++) {
		struct op *o = &w->ops[i];
		bool allow =
			o->id == PROBE_CHECK_WRITE_ALLOWED || o->id == PROBE_CHECK_CREATE_ALLOWED;
		int ctrl = probe_check_is_net(o->id) ? p->net_control[o->id]
			   : o->s		      ? o->s->control[o->id]
						      : p->sys_control;

		if (!allow && ctrl != CTRL_OK) {
			probe_set_check(o->check, PROBE_RESULT_FAILED, o->path,
				  o->s ? xasprintf("the control run without a sandbox failed on "
						   "'%s/%s', so a denial would prove nothing",
						   o->s->dir, probe_check_file(o->id, true))
				       : xasprintf("the control %s without a sandbox failed, so a "
						   "denial would prove nothing",
						   probe_check_is_net(o->id) ? "send" : "read"));
			free(o->path);
			continue;
		}
		ops[n++] = *o;
	}
	w->n = 0;
	for (size_t i = 0; i < pt->n_checks; i++)
		if (pt->checks[i].id == PROBE_CHECK_SHELL)
			shell = &pt->checks[i];
	rc = probe_run_batch(w->sb, ops, n, &started, &why);
	if (shell && !probe_forced_to_fail(p, PROBE_CHECK_SHELL)) {
		if (started && rc == 0)
			probe_set_check(shell, PROBE_RESULT_OK, NULL,
				  xstrdup("/bin/sh started and exited 0"));
		else if (started)
			probe_set_check(shell, PROBE_RESULT_FAILED, NULL,
				  xasprintf("/bin/sh exited %d instead of 0", rc));
		else
			probe_set_check(shell, PROBE_RESULT_FAILED, NULL,
				  xasprintf("/bin/sh did not start: %s", why ? why : "no output"));
	}
	settle(ops, n, started, rc, why);
	probe_ops_release(ops, n);
	free(why);
}

static double now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1000.0 + (double)ts.tv_nsec / 1e6;
}

/* Phase 1 for tier t: compile its real profile and choose where each of
 * its checks runs (into w). */
static void plan_tier(struct prober *p, const struct fsj_ctx *deny, enum fsj_backend b,
		      struct tier_work *w, struct probe_tier *pt)
{
	enum probe_check_id ids[PROBE_CHECK_COUNT];
	struct fsj_error err = { { 0 } };

	pt->probed = true;
	pt->n_checks = probe_tier_checks(pt->tier, ids);
	for (size_t i = 0; i < pt->n_checks; i++)
		pt->checks[i].id = ids[i];
	if (fsj_ctx_policy(p->ctx, pt->tier, &w->pol, &err) == 0)
		w->sb = sandbox_prepare(b, w->pol, deny, NULL, &err);
	pt->compiled = w->sb != NULL;
	if (!pt->compiled || !p->none) {
		pt->error = pt->compiled ? NULL
					 : xstrdup(err.text[0] ? err.text : "the profile did not compile");
		for (size_t i = 0; i < pt->n_checks; i++)
			probe_set_check(&pt->checks[i], PROBE_RESULT_FAILED, NULL,
					xstrdup(pt->compiled ? "not run: no null sandbox for the "
							       "controls"
							     : "not run: the profile did not compile"));
		return;
	}
	p->tier = pt->tier;
	if (pt->tier == FSJ_TIER_FULL)
		find_system_target(p, w->pol);
	for (size_t i = 0; i < pt->n_checks; i++)
		plan_check(p, w->pol, &pt->checks[i], w->ops, &w->n);
}

/* Phase 3 for one tier: its batch under its sandbox, then its verdict. */
static void finish_tier(struct prober *p, struct tier_work *w, struct probe_tier *pt)
{
	if (w->sb && p->none)
		run_tier(p, w, pt);
	pt->proven = probe_tier_passes(pt);
	sandbox_free(w->sb);
	policy_free(w->pol);
	w->sb = NULL;
	w->pol = NULL;
}

void probe_experiment(const struct fsj_ctx *ctx, enum fsj_backend b, int enforce, bool every,
		      struct probe_report *r)
{
	struct prober p = { .ctx = ctx, .fail = r->key.fail };
	/* Every tier is compiled with network: deny, whatever the setting:
	 * the network checks are about that setting, and nothing in it
	 * changes what the file checks see. */
	struct fsj_ctx deny = *ctx;
	struct tier_work w[FSJ_TIER_COUNT];
	int order[FSJ_TIER_COUNT], taken = -1;
	size_t n = probe_tier_order(enforce, every, order);
	struct fsj_error err = { { 0 } };
	double t0 = now_ms();

	memset(w, 0, sizeof(w));
	for (int t = 0; t < FSJ_TIER_COUNT; t++)
		r->tiers[t].tier = (enum fsj_tier)t;
	p.none = sandbox_prepare(FSJ_BACKEND_NULL, NULL, ctx, NULL, &err);
	probe_made_scratch(&p);
	probe_net_open(&p);
	deny.config.network = FSJ_NETWORK_DENY;

	if (every) {
		/* every tier planned, the controls of all in one batch, then
		 * each tier's batch */
		for (size_t k = 0; k < n; k++)
			plan_tier(&p, &deny, b, &w[order[k]], &r->tiers[order[k]]);
		run_controls(&p, w);
		for (size_t k = 0; k < n; k++)
			finish_tier(&p, &w[order[k]], &r->tiers[order[k]]);
	} else {
		/* one tier at a time, until the one a run takes is proven */
		for (size_t k = 0; k < n && taken < 0; k++) {
			plan_tier(&p, &deny, b, &w[order[k]], &r->tiers[order[k]]);
			run_controls(&p, w);
			finish_tier(&p, &w[order[k]], &r->tiers[order[k]]);
			if (r->tiers[order[k]].proven)
				taken = order[k];
		}
	}
	for (int t = 0; t < FSJ_TIER_COUNT; t++)
		if (!r->tiers[t].probed)
			r->tiers[t].error = xasprintf("not probed: a run here takes tier %s, proven "
						      "first ('fsjail probe' proves every tier)",
						      fsj_tier_name((enum fsj_tier)taken));
	for (int i = 0; i < SCR_COUNT; i++)
		probe_scratch_remove(&p.s[i]);
	probe_made_end();
	probe_net_close(&p);
	sandbox_free(p.none);
	free(p.sys_path);

	r->proven = probe_proven_of(r);
	r->duration_ms = now_ms() - t0;
}
