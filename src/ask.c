/* ask.c - ask before running (see ask.h). */
#include "config.h"

#include <cjson/cJSON.h>
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "ask.h"
#include "audit.h"
#include "cmd.h"
#include "effects.h"
#include "path.h"
#include "rulesfile.h"
#include "session.h"

/* How many unreadable answers before the card counts as denied. */
#define ASK_MAX_TRIES 5

/* argv as one shell line: words made only of safe characters as they
 * are, anything else single-quoted (' as '\''). Caller frees. */
static char *quote_argv(char *const *argv)
{
	struct strbuf sb = STRBUF_INIT;

	for (size_t i = 0; argv[i]; i++) {
		const char *w = argv[i];

		if (i)
			sb_addc(&sb, ' ');
		if (*w && strspn(w, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
				   "0123456789_./=:@%+,-") == strlen(w)) {
			sb_adds(&sb, w);
			continue;
		}
		sb_addc(&sb, '\'');
		for (; *w; w++) {
			if (*w == '\'')
				sb_adds(&sb, "'\\''");
			else
				sb_addc(&sb, *w);
		}
		sb_addc(&sb, '\'');
	}
	return sb_detach(&sb);
}

/* One line in the audit log (audit.h). Failure to audit is said on
 * stderr, not fatal: the answer has been given. */
static void audit(const struct fsj_ctx *ctx, const char *session, const char *command,
		  const char *cap, const char *path, const char *decision, const char *source,
		  const char *rule_id)
{
	struct audit_log log;
	struct fsj_error err = { { 0 } };
	struct audit_event ev = {
		.session = session,
		.call = "ask",
		.command = command,
		.capability = cap,
		.path = path,
		.decision = decision,
		.source = source,
		.rule_id = rule_id,
	};

	if (audit_open(&log, ctx, &err) < 0) {
		warn("%s", err.text);
	} else if (audit_record(&log, &ev) < 0) {
		warn("cannot write the audit log '%s': %s", log.path, strerror(errno));
	}
	audit_close(&log);
}

static void session_id(char out[17])
{
	cleanup_free char *hex = random_hex(8);

	memcpy(out, hex, 17);
}

/* The missing pairs grouped per path: one rule per path, recursive only
 * for an existing directory (DESIGN.md section 12). *n gets the count;
 * the paths borrow from chk. Caller frees the array. */
static struct rulesfile_rule *narrowest(const struct fsj_check *chk, size_t *n)
{
	struct rulesfile_rule *v = xcalloc(chk->n_missing + 1, sizeof(*v));

	*n = 0;
	for (size_t i = 0; i < chk->n_missing; i++) {
		const struct fsj_missing *m = &chk->missing[i];
		size_t k;

		for (k = 0; k < *n; k++)
			if (strcmp(v[k].path, m->path) == 0)
				break;
		if (k == *n) {
			struct stat st;
			v[k].path = m->path;
			v[k].recursive = stat(m->path, &st) == 0 && S_ISDIR(st.st_mode);
			(*n)++;
		}
		v[k].allow |= FSJ_CAPBIT(m->cap);
	}
	return v;
}

static void add_session_grants(struct fsj_ctx *ctx, const struct rulesfile_rule *rules, size_t n)
{
	for (size_t i = 0; i < n; i++)
		session_rule_add(&ctx->session, rules[i].path, rules[i].recursive, rules[i].allow, 0,
				 "allow once");
}

static void print_missing_json(FILE *out, const char *line, const char *cwd, enum fsj_tier tier,
			       const struct fsj_effects *fx, const struct fsj_check *chk)
{
	cJSON *root = cJSON_CreateObject(), *arr;
	char *s;

	cJSON_AddStringToObject(root, "schema", "fsjail-ask/1");
	cJSON_AddStringToObject(root, "overall", fsj_overall_name(chk->overall));
	cJSON_AddStringToObject(root, "line", line);
	cJSON_AddStringToObject(root, "cwd", cwd);
	cJSON_AddStringToObject(root, "tier", fsj_tier_name(tier));
	cJSON_AddBoolToObject(root, "complete", fx->complete);
	arr = cJSON_AddArrayToObject(root, "missing");
	for (size_t i = 0; i < chk->n_missing; i++) {
		cJSON *o = cJSON_CreateObject();
		cJSON_AddStringToObject(o, "path", chk->missing[i].path);
		cJSON_AddStringToObject(o, "capability", fsj_cap_name(chk->missing[i].cap));
		cJSON_AddItemToArray(arr, o);
	}
	s = cJSON_PrintUnformatted(root);
	fprintf(out, "%s\n", s);
	cJSON_free(s);
	cJSON_Delete(root);
}

enum answer { ANSWER_DENY, ANSWER_ONCE, ANSWER_ALWAYS };

/* The card on the terminal; the answer read from it (EOF: deny). */
static enum answer card(FILE *tty, const char *line, enum fsj_tier tier, const char *backend,
			const struct fsj_effects *fx, const struct fsj_check *chk)
{
	char buf[256];
	char *show;

	fprintf(tty, "\nfsjail: this command needs access the rules do not grant\n");
	/* Everything below comes from the command line: shown with its
	 * control bytes escaped, so that it cannot redraw the card. */
	show = str_printable(line);
	fprintf(tty, "  command: %s\n", show);
	free(show);
	fprintf(tty, "  sandbox: tier %s (%s)\n", fsj_tier_name(tier), backend);
	for (size_t i = 0; i < chk->n_missing; i++) {
		show = str_printable(chk->missing[i].path);
		fprintf(tty, "  %-8s %s\n", fsj_cap_name(chk->missing[i].cap), show);
		free(show);
	}
	for (size_t i = 0; i < fx->n; i++) {
		if (chk->d[i].verdict != FSJ_VERDICT_MISSING)
			continue;
		show = str_printable(fx->v[i].text);
		if (fx->v[i].status == FSJ_EFFECT_UNRESOLVED)
			fprintf(tty, "  (known only when it runs: %s %s)\n",
				fsj_effect_cap_name(fx->v[i].cap), show);
		else if (fx->v[i].status == FSJ_EFFECT_OPAQUE)
			fprintf(tty, "  (code fsjail cannot read: %s)\n", show);
		free(show);
	}
	if (!fx->complete)
		fprintf(tty, "  the line did not parse completely: not all its effects are known\n");
	for (int tries = 0; tries < ASK_MAX_TRIES; tries++) {
		const char *p;

		fprintf(tty, "[d]eny, allow [o]nce, [a]lways allow? ");
		fflush(tty);
		if (!fgets(buf, sizeof(buf), tty))
			break;
		for (p = buf; *p && isspace((unsigned char)*p); p++)
			;
		switch (tolower((unsigned char)*p)) {
		case 'd':
		case 'n':
			return ANSWER_DENY;
		case 'o':
		case 'y':
			return ANSWER_ONCE;
		case 'a':
			return ANSWER_ALWAYS;
		default:
			fprintf(tty, "please answer d, o or a\n");
		}
	}
	fprintf(tty, "\n");
	return ANSWER_DENY;
}

int ask_before_run(struct fsj_ctx *ctx, enum fsj_tier tier, const char *backend,
		   char *const *argv, enum ask_mode mode, struct fsj_error *err)
{
	cleanup_free char *line = quote_argv(argv);
	struct effects_opts eo = { .cwd = ctx->env.cwd, .home = ctx->env.home,
				   .path_env = getenv("PATH") };
	struct fsj_policy *pol = NULL;
	struct fsj_effects fx;
	struct fsj_check chk;
	struct rulesfile_rule *rules = NULL;
	size_t n_rules = 0;
	enum answer ans = ANSWER_DENY;
	char session[17];
	int status = 0;

	session_id(session);
	if (effects_analyze(line, strlen(line), &eo, &fx, err) < 0)
		return FSJ_EXIT_ERROR;
	if (fsj_ctx_policy(ctx, tier, &pol, err) < 0) {
		effects_release(&fx);
		return FSJ_EXIT_ERROR;
	}
	effects_decide(&fx, pol, ctx->env.cwd, &chk);

	switch (chk.overall) {
	case FSJ_OVERALL_ALLOW:
		goto out;
	case FSJ_OVERALL_REFUSE:
		for (size_t i = 0; i < fx.n; i++) {
			const struct fsj_effect_decision *d = &chk.d[i];
			if (d->verdict != FSJ_VERDICT_REFUSED)
				continue;
			fprintf(stderr, "fsjail: refused: %s %s (%s%s%s)\n",
				fsj_effect_cap_name(fx.v[i].cap), fx.v[i].path ? fx.v[i].path : "?",
				fsj_level_name(d->level), d->rule ? " " : "",
				d->rule ? d->rule->path : "");
			audit(ctx, session, line, fsj_effect_cap_name(fx.v[i].cap), fx.v[i].path,
			      "deny", "policy", d->rule ? d->rule->id : NULL);
		}
		fprintf(stderr, "fsjail: nothing was run\n");
		status = CMD_EXIT_REFUSE;
		goto out;
	case FSJ_OVERALL_PROMPT:
		break;
	}

	switch (mode) {
	case ASK_YES_ONCE:
		ans = ANSWER_ONCE;
		break;
	case ASK_DENY:
		ans = ANSWER_DENY;
		break;
	case ASK_TTY: {
		int fd = open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC);
		FILE *tty = fd >= 0 ? fdopen(fd, "r+") : NULL;

		if (!tty) {
			if (fd >= 0)
				close(fd);
			fprintf(stderr, "fsjail: permission needed and no terminal to ask on: "
					"nothing was run\n");
			print_missing_json(stderr, line, ctx->env.cwd, tier, &fx, &chk);
			status = CMD_EXIT_PROMPT;
			goto out;
		}
		ans = card(tty, line, tier, backend, &fx, &chk);
		fclose(tty);
		break;
	}
	}

	rules = narrowest(&chk, &n_rules);
	if (ans == ANSWER_ALWAYS && n_rules == 0)
		ans = ANSWER_ONCE; /* nothing a rule could say: an incomplete parse */
	for (size_t i = 0; i < chk.n_missing; i++)
		audit(ctx, session, line, fsj_cap_name(chk.missing[i].cap), chk.missing[i].path,
		      ans == ANSWER_DENY ? "deny" : ans == ANSWER_ONCE ? "allow-once" : "allow-always",
		      "human", NULL);
	if (chk.n_missing == 0)
		audit(ctx, session, line, "any", NULL, ans == ANSWER_DENY ? "deny" : "allow-once",
		      "human", NULL);
	switch (ans) {
	case ANSWER_DENY:
		fprintf(stderr, "fsjail: denied: nothing was run\n");
		status = CMD_EXIT_REFUSE;
		break;
	case ANSWER_ONCE:
		add_session_grants(ctx, rules, n_rules);
		break;
	case ANSWER_ALWAYS: {
		struct rulesfile_ctx rc = { ctx->env.rules_file, ctx->env.home, ctx->workspace };
		struct fsj_ruleset fresh;

		if (rulesfile_add(&rc, rules, n_rules, err) < 0 ||
		    fsj_rules_load(ctx->env.rules_file, ctx->env.home, ctx->workspace, &fresh,
				   err) < 0) {
			status = FSJ_EXIT_ERROR;
			break;
		}
		fsj_ruleset_release(&ctx->rules);
		ctx->rules = fresh;
		fprintf(stderr, "fsjail: added %zu rule%s to %s\n", n_rules, n_rules == 1 ? "" : "s",
			ctx->env.rules_file);
		break;
	}
	}
out:
	free(rules);
	fsj_check_release(&chk);
	effects_release(&fx);
	policy_free(pol);
	return status;
}
