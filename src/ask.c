/* ask.c - ask before running (see ask.h). */
#include "json-out.h"
#include <cjson/cJSON.h>
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "ask.h"
#include "ask-card.h"
#include "ask-offer.h"
#include "ask-refused.h"
#include "audit.h"
#include "cmd.h"
#include "effects-decide.h"
#include "escape.h"
#include "path.h"
#include "rulesfile.h"
#include "session.h"

/* How many unreadable answers before the card counts as denied. */
#define ASK_MAX_TRIES 5

/* argv as one shell line, each word quoted by fsj_quote_shell_sb().
 * Caller frees. */
static char *quote_argv(char *const *argv)
{
	struct strbuf sb = STRBUF_INIT;

	for (size_t i = 0; argv[i]; i++) {
		if (i)
			sb_addc(&sb, ' ');
		fsj_quote_shell_sb(&sb, argv[i]);
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
 * for an existing directory (DESIGN.md section 12); pairs that are only a
 * folder an unresolved path lies in are left out unless folders is true.
 * *n gets the count; the paths borrow from chk. Caller frees the array. */
static struct rulesfile_rule *narrowest(const struct fsj_effects *fx, const struct fsj_check *chk,
					const char *cwd, bool folders, size_t *n)
{
	struct rulesfile_rule *v = xcalloc(chk->n_missing + 1, sizeof(*v));

	*n = 0;
	for (size_t i = 0; i < chk->n_missing; i++) {
		const struct fsj_missing *m = &chk->missing[i];
		size_t k;

		if (!folders && ask_folder_only(fx, chk, cwd, m))
			continue;
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

/* A once answer's grant of create on a path that does not exist yet
 * (git worktree add ../wt: the folder) also lets the command write and
 * remove what it makes there: all of it is the command's own, and a
 * command that cleans up after a failure (git removes the folder it made)
 * would otherwise leave it on the host. Nothing there exists now, so no
 * file of the user's is opened to delete (a file another process puts
 * there while the command runs is, and is backed up as any delete). Only
 * for this run: a kept rule would cover what is there later. */
static void own_made(struct rulesfile_rule *rules, size_t n)
{
	struct stat st;

	for (size_t i = 0; i < n; i++)
		if ((rules[i].allow & FSJ_CAPBIT(FSJ_CAP_CREATE)) &&
		    lstat(rules[i].path, &st) < 0 && errno == ENOENT) {
			rules[i].allow |= FSJ_CAPBIT(FSJ_CAP_WRITE) | FSJ_CAPBIT(FSJ_CAP_DELETE);
			rules[i].recursive = true;
		}
}

static void add_session_grants(struct fsj_ctx *ctx, const struct rulesfile_rule *rules, size_t n)
{
	for (size_t i = 0; i < n; i++)
		session_rule_add(&ctx->session, rules[i].path, rules[i].recursive, rules[i].allow, 0,
				 "allow once");
}

enum answer { ANSWER_DENY, ANSWER_ONCE, ANSWER_ALWAYS, ANSWER_FOLDER };

/* An answer typed on the card or sent on --answer-fd: a whole word or a
 * single letter, case and surrounding blanks ignored ("d", "deny", "no";
 * "o", "once", "allow once", "yes"; "a", "always", "always allow" and "f",
 * "folder" only when offered). Returns the answer, or -1: ask again. */
static int parse_answer(const char *buf, bool folders, bool always)
{
	static const struct {
		const char *word;
		enum answer a;
	} words[] = {
		{ "d", ANSWER_DENY },   { "deny", ANSWER_DENY },   { "n", ANSWER_DENY },
		{ "no", ANSWER_DENY },  { "o", ANSWER_ONCE },      { "once", ANSWER_ONCE },
		{ "allow once", ANSWER_ONCE }, { "y", ANSWER_ONCE }, { "yes", ANSWER_ONCE },
		{ "a", ANSWER_ALWAYS }, { "always", ANSWER_ALWAYS }, { "always allow", ANSWER_ALWAYS },
		{ "f", ANSWER_FOLDER }, { "folder", ANSWER_FOLDER },
	};
	size_t n;

	while (isspace((unsigned char)*buf))
		buf++;
	for (n = strlen(buf); n && isspace((unsigned char)buf[n - 1]); n--)
		;
	for (size_t i = 0; i < sizeof(words) / sizeof(words[0]); i++) {
		if (strlen(words[i].word) == n && strncasecmp(buf, words[i].word, n) == 0) {
			if ((words[i].a == ANSWER_FOLDER && !folders) ||
			    (words[i].a == ANSWER_ALWAYS && !always))
				return -1;
			return (int)words[i].a;
		}
	}
	return -1;
}

/* The card on the terminal; the answer read from it (EOF: deny). folders:
 * some missing pairs are only the folder an unresolved path lies in; the
 * folder is then offered as its own choice. withheld: why "always" is not
 * offered (ask_always_withheld()), or NULL. */
static enum answer card(FILE *tty, const char *line, enum fsj_tier tier, const char *backend,
			const struct fsj_effects *fx, const struct fsj_check *chk, const char *cwd,
			bool folders, const char *withheld)
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
		if (ask_folder_only(fx, chk, cwd, &chk->missing[i]))
			continue;
		show = str_printable(chk->missing[i].path);
		fprintf(tty, "  %-8s %s\n", fsj_cap_name(chk->missing[i].cap), show);
		free(show);
	}
	ask_card_effects(tty, fx, chk);
	if (folders) {
		fprintf(tty, "  once and always grant none of these; [f]older allows, for this run "
			     "only, the folders they lie in:\n");
		for (size_t i = 0; i < chk->n_missing; i++) {
			if (!ask_folder_only(fx, chk, cwd, &chk->missing[i]))
				continue;
			show = str_printable(chk->missing[i].path);
			fprintf(tty, "    %-8s %s\n", fsj_cap_name(chk->missing[i].cap), show);
			free(show);
		}
	}
	if (!fx->complete)
		fprintf(tty, "  the line did not parse completely: not all its effects are known\n");
	if (withheld) {
		fputs("  always is not offered (once at most): ", tty);
		fsj_put_term(tty, withheld);
		fputc('\n', tty);
	}
	for (int tries = 0; tries < ASK_MAX_TRIES; tries++) {
		int a;

		fprintf(tty, "[d]eny, allow [o]nce%s%s? ", withheld ? "" : ", [a]lways allow",
			folders ? ", allow the [f]older once" : "");
		fflush(tty);
		if (!fgets(buf, sizeof(buf), tty))
			break;
		a = parse_answer(buf, folders, !withheld);
		if (a >= 0)
			return (enum answer)a;
		fprintf(tty, "please answer d, o%s%s (deny, once%s%s)\n", folders ? ", f" : "",
			withheld ? "" : " or a", folders ? ", folder" : "", withheld ? "" : ", always");
	}
	fprintf(tty, "\n");
	return ANSWER_DENY;
}

/* --ask-fd/--answer-fd: the request as one JSON line on how->ask_fd, the
 * answer as one line from how->answer_fd (at most 255 bytes). An end of
 * file or a read error before any byte (said as such), an unknown answer
 * or one not offered ("always" where always is false) is deny, said on
 * stderr. */
static enum answer ask_fds(const struct ask_how *how, const char *request, bool folders,
			   bool always)
{
	char buf[256];
	size_t n = 0;
	int a, rerr = 0; /* rerr: read(2)'s error */
	bool eof = false;

	if (write_all(how->ask_fd, request, strlen(request)) < 0 ||
	    write_all(how->ask_fd, "\n", 1) < 0) {
		fprintf(stderr, "fsjail: --ask-fd %d: %s: nothing was run\n", how->ask_fd,
			strerror(errno));
		return ANSWER_DENY;
	}
	while (n < sizeof(buf) - 1) {
		ssize_t r = read(how->answer_fd, buf + n, 1);

		if (r < 0 && errno == EINTR)
			continue;
		rerr = r < 0 ? errno : 0;
		eof = r == 0;
		if (r <= 0 || buf[n] == '\n')
			break;
		n++;
	}
	buf[n] = '\0';
	if (n == 0 && (eof || rerr)) { /* no answer at all: not an unknown one */
		fprintf(stderr, "fsjail: --answer-fd %d: %s before an answer: taken as deny\n",
			how->answer_fd, rerr ? strerror(rerr) : "end of file");
		return ANSWER_DENY;
	}
	a = parse_answer(buf, folders, always);
	if (a < 0) {
		char *show = str_printable(buf);
		fprintf(stderr, "fsjail: --answer-fd %d: '%s' is not an answer (deny, once%s%s): "
				"taken as deny\n", how->answer_fd, show, always ? ", always" : "",
			folders ? ", folder" : "");
		free(show);
		return ANSWER_DENY;
	}
	return (enum answer)a;
}

static const char *answer_decision(enum answer a)
{
	switch (a) {
	case ANSWER_DENY:
		return "deny";
	case ANSWER_ALWAYS:
		return "allow-always";
	default:
		return "allow-once";
	}
}

int ask_before_run(struct fsj_ctx *ctx, enum fsj_tier tier, const char *backend,
		   char *const *argv, const struct ask_how *how, struct fsj_error *err)
{
	cleanup_free char *line = quote_argv(argv), *withheld = NULL;
	struct effects_opts eo = { .cwd = ctx->env.cwd, .home = ctx->env.home,
				   .path_env = getenv("PATH"),
				   .tmpdir = getenv("TMPDIR") };
	/* only a person at the terminal is "human"; flags and descriptors
	 * are answered by the harness that started fsjail */
	const char *source = how->mode == ASK_TTY ? "human" : "harness";
	struct fsj_policy *pol = NULL;
	struct fsj_effects fx;
	struct fsj_check chk;
	struct rulesfile_rule *rules = NULL;
	size_t n_rules = 0;
	enum answer ans = ANSWER_DENY;
	char session[17];
	bool folders = false;
	int status = 0;

	session_id(session);
	if (effects_analyze(line, strlen(line), &eo, &fx, err) < 0)
		return FSJ_EXIT_ERROR;
	if (fsj_ctx_policy(ctx, tier, &pol, err) < 0) {
		effects_release(&fx);
		return FSJ_EXIT_ERROR;
	}
	effects_decide(&fx, pol, ctx->env.cwd, ctx, &chk);

	switch (chk.overall) {
	case FSJ_OVERALL_ALLOW:
		goto out;
	case FSJ_OVERALL_REFUSE: /* also records: phase "before" */
		ask_refused(&fx, &chk, pol, session);
		for (size_t i = 0; i < fx.n; i++) /* and the answer, as every answer */
			if (chk.d[i].verdict == FSJ_VERDICT_REFUSED)
				audit(ctx, session, line, fsj_effect_cap_name(fx.v[i].cap),
				      fx.v[i].path, "deny", "policy",
				      chk.d[i].rule ? chk.d[i].rule->id : NULL);
		status = CMD_EXIT_REFUSE;
		goto out;
	case FSJ_OVERALL_PROMPT:
		break;
	}
	for (size_t i = 0; i < chk.n_missing && !folders; i++)
		folders = ask_folder_only(&fx, &chk, ctx->env.cwd, &chk.missing[i]);
	withheld = ask_always_withheld(pol, &chk); /* a secret, a protected path: once at most */

	switch (how->mode) {
	case ASK_YES_ONCE:
		ans = ANSWER_ONCE;
		break;
	case ASK_DENY:
		ans = ANSWER_DENY;
		break;
	case ASK_FD: {
		char *req = ask_request_json(line, ctx->env.cwd, tier, &fx, &chk, folders, !withheld);

		ans = ask_fds(how, req, folders, !withheld);
		cJSON_free(req);
		break;
	}
	case ASK_TTY: {
		int fd = open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC);
		FILE *tty = fd >= 0 ? fdopen(fd, "r+") : NULL;

		if (!tty) {
			char *req = ask_request_json(line, ctx->env.cwd, tier, &fx, &chk, folders, !withheld);

			if (fd >= 0)
				close(fd);
			fprintf(stderr, "fsjail: permission needed and no terminal to ask on: "
					"nothing was run\nhint: --yes-once or --answer-deny for a "
					"script; --ask-fd N --answer-fd N let a harness ask "
					"(fsjail-json(7)); --grant CAPS:PATH grants for one run\n%s\n",
				req);
			cJSON_free(req);
			status = CMD_EXIT_PROMPT;
			goto out;
		}
		ans = card(tty, line, tier, backend, &fx, &chk, ctx->env.cwd, folders, withheld);
		fclose(tty);
		break;
	}
	}

	rules = narrowest(&fx, &chk, ctx->env.cwd, ans == ANSWER_FOLDER, &n_rules);
	if (ans == ANSWER_ALWAYS && n_rules == 0)
		ans = ANSWER_ONCE; /* nothing a rule could say: an incomplete parse */
	for (size_t i = 0; i < chk.n_missing; i++) {
		bool left = ans != ANSWER_DENY && ans != ANSWER_FOLDER &&
			    ask_folder_only(&fx, &chk, ctx->env.cwd, &chk.missing[i]);

		/* a folder-only pair "once" or "always" did not grant: the
		 * kernel decides the path when the command computes it */
		audit(ctx, session, line, fsj_cap_name(chk.missing[i].cap), chk.missing[i].path,
		      left ? "not-granted" : answer_decision(ans), source, NULL);
	}
	if (chk.n_missing == 0)
		audit(ctx, session, line, "any", NULL, ans == ANSWER_DENY ? "deny" : "allow-once",
		      source, NULL);
	switch (ans) {
	case ANSWER_DENY:
		fprintf(stderr, "fsjail: denied: nothing was run\n");
		status = CMD_EXIT_REFUSE;
		break;
	case ANSWER_ONCE:
	case ANSWER_FOLDER:
		own_made(rules, n_rules);
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
