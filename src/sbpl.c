/* sbpl.c - the Seatbelt (SBPL) compiler (DESIGN.md section 6,
 * SBPL-NOTES.md sections 1-7).
 *
 * The profile has a fixed head, data like the baselines (STYLE.md point 5):
 * profiles/sbpl-preamble.sb, installed in $(pkgdatadir) and found the way
 * the baseline is (fsj_data_read(); every place searched is protected,
 * fsj_ctx_policy()); then parts written here and a part compiled from the
 * policy:
 *
 *   1. the preamble: (version 1) (deny default) (import "bsd.sb"), then
 *      the non-file operations a command-line program needs; then the
 *      network and the broker socket;
 *   2. an unfiltered allow of the operations of every capability the tier
 *      does not enforce;
 *   3. the system paths every process needs when the tier closes reads or
 *      execution (dyld, the shared cache, /usr/lib, ...);
 *   4. the baseline rules, then the explicit rules, each level sorted by
 *      increasing path depth, allows before denies at one depth;
 *   5. the broker's extension classes;
 *   6. the protected rules, last.
 *
 * Why this order implements policy_decide(): Seatbelt keeps one rule list
 * per operation, a filtered rule goes to its front, so among the filtered
 * rules of one operation the one written last wins (SBPL-NOTES section 1,
 * points 4-6). Writing a level after the levels it overrides, and the
 * deeper rules of a level after the shallower ones, makes "last written"
 * equal to "strongest level, then deepest path, then deny". A rule is split
 * by spelling (written, resolved, /private alias) so each spelling sits at
 * its own depth, exactly like policy.c's match depth. A protected exception
 * ("pass") is a hole in the shallower rules of its level:
 * (require-all F (require-not P)), so the query falls through to the
 * weaker levels written earlier.
 *
 * Every file rule names specific operations, never file*, file-read* or
 * file-write*: a specific rule is decided before a wildcard one whatever
 * the order (SBPL-NOTES section 1, point 7). file-read-metadata is never
 * named: bsd.sb allows it everywhere and realpath() needs it on every
 * ancestor (SBPL-NOTES section 5).
 *
 * Paths from the policy never enter the text: each is a parameter P<n>
 * passed with sandbox-exec -D (SBPL-NOTES section 3). The only strings in
 * the text are the constants of this file and of the preamble, and rule ids
 * that match [A-Za-z0-9._-]{1,64}. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "path.h"
#include "policy.h"
#include "sbpl-int.h"
#include "sbpl.h"
#include "util.h"

#define SBPL_SANDBOX_EXEC "/usr/bin/sandbox-exec"
/* Longest rule id emitted as (with message "<id>"); longer ids are left
 * untagged. The log line is for a human; 64 is plenty for a name. */
#define SBPL_MESSAGE_MAX 64

/* Order of the levels in the text: weakest first, so the strongest is
 * written last and wins. */
static int level_rank(enum fsj_level l)
{
	switch (l) {
	case FSJ_LEVEL_BASELINE:
		return 0;
	case FSJ_LEVEL_EXPLICIT:
		return 1;
	case FSJ_LEVEL_PROTECTED:
		return 2;
	case FSJ_LEVEL_DEFAULT:
	case FSJ_LEVEL_COUNT:
		break;
	}
	return -1;
}

static const char *const rank_title[] = { "baseline", "explicit", "protected" };

/* A rule id safe to put in the text: [A-Za-z0-9._-]{1,64}. Anything else
 * is user text that could close the string; such a rule goes untagged. */
bool sbpl_id_is_safe(const char *id)
{
	size_t n = 0;

	if (!id)
		return false;
	for (const char *s = id; *s; s++, n++) {
		char c = *s;
		if (!((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') ||
		      c == '.' || c == '_' || c == '-'))
			return false;
	}
	return n >= 1 && n <= SBPL_MESSAGE_MAX;
}

/* The run tag when one is given and safe to write, else NULL. */
static const char *run_tag(const struct compiler *c)
{
	return c->opts->run_tag && sbpl_id_is_safe(c->opts->run_tag) ? c->opts->run_tag : NULL;
}

/* The filter form of a capability: a file's path, the socket connect(2)
 * reaches (remote), the socket bind(2) makes (local). */
static int sock_kind(int cap)
{
	return cap == FSJ_CAP_CONNECT ? 1 : cap == SBPL_CAP_BIND ? 2 : 0;
}

/* Append "(literal (param "Pn"))", and " (subpath (param "Pn"))" for a
 * recursive rule (sock 1 or 2: path-literal and subpath inside (remote
 * unix-socket ...) or (local unix-socket ...)). Both for a subtree: a
 * subpath alone has been reported not to match the first creation of its
 * own root (openai/codex seatbelt.rs: "mkdir .codex"). 0, or -1 (err). */
static int add_filter(struct compiler *c, const char *path, bool recursive, int sock)
{
	static const char *const in[] = { "", "(remote unix-socket ", "(local unix-socket " };
	long i = sbpl_param_for(c, path);

	if (i < 0)
		return -1;
	sb_addf(&c->text, "%s(%sliteral (param \"%s\"))%s", in[sock], sock ? "path-" : "",
		c->names[i], sock ? ")" : "");
	if (recursive)
		sb_addf(&c->text, " %s(subpath (param \"%s\"))%s", in[sock], c->names[i],
			sock ? ")" : "");
	return 0;
}

static int collect_spellings(struct compiler *c)
{
	c->spell = xcalloc(c->n_rules ? c->n_rules : 1, sizeof(*c->spell));
	for (size_t i = 0; i < c->n_rules; i++) {
		const struct fsj_rule *r = c->rules[i];
		struct spellings *s = &c->spell[i];
		const char *base[2] = { r->path, r->resolved };

		if (!r->path)
			return fsj_error_set(c->err, NULL, 0, 0, "rule without a path");
		for (int b = 0; b < 2; b++) {
			char *cand[2];
			if (!base[b])
				continue;
			cand[0] = xstrdup(base[b]);
			cand[1] = path_darwin_private(base[b]);
			for (int k = 0; k < 2; k++) {
				bool dup = !cand[k];
				for (size_t j = 0; !dup && j < s->n; j++)
					dup = strcmp(s->p[j], cand[k]) == 0;
				if (dup)
					free(cand[k]);
				else
					s->p[s->n++] = cand[k];
			}
		}
		for (size_t j = 0; j < s->n; j++)
			if (sbpl_check_path(s->p[j], c->err) < 0)
				return -1;
	}
	return 0;
}

/* Guarded and full close the user-data roots to reads (DESIGN.md sections 5
 * and 6). The baseline normally carries that deny; when it does not, add
 * it as a baseline rule at the root's depth so deeper baseline grants and
 * every explicit rule still override it, as policy_decide() would with the
 * rule present. Fails closed when the baseline forgot it. */
static void add_user_data_fences(struct compiler *c)
{
	const struct fsj_policy *pol = c->pol;

	if (pol->tier < FSJ_TIER_GUARDED || !(pol->enforced & FSJ_CAPBIT(FSJ_CAP_READ)) ||
	    pol->n_user_data_roots == 0)
		return;
	c->synthetic = xcalloc(pol->n_user_data_roots, sizeof(*c->synthetic));
	for (size_t i = 0; i < pol->n_user_data_roots; i++) {
		const char *root = pol->user_data_roots[i];
		bool present = false;

		for (size_t j = 0; j < pol->n_rules && !present; j++) {
			const struct fsj_rule *r = &pol->rules[j];
			present = fsj_source_level(r->source) == FSJ_LEVEL_BASELINE &&
				  r->recursive && (r->deny & FSJ_CAPBIT(FSJ_CAP_READ)) &&
				  (strcmp(r->path, root) == 0 ||
				   (r->resolved && strcmp(r->resolved, root) == 0));
		}
		if (present)
			continue;
		struct fsj_rule *s = &c->synthetic[c->n_synthetic++];
		s->path = pol->user_data_roots[i];
		s->resolved = NULL;
		s->recursive = true;
		s->deny = FSJ_CAPBIT(FSJ_CAP_READ);
		s->source = FSJ_SRC_BASELINE;
		c->rules[c->n_rules++] = s;
	}
}

static struct entry *new_entry(struct compiler *c)
{
	if (c->n_entries == c->cap_entries) {
		c->cap_entries = c->cap_entries ? 2 * c->cap_entries : 64;
		c->entries = xreallocarray(c->entries, c->cap_entries, sizeof(*c->entries));
	}
	memset(&c->entries[c->n_entries], 0, sizeof(c->entries[0]));
	return &c->entries[c->n_entries++];
}

static void add_hole(struct compiler *c, const struct hole *h)
{
	if (c->n_holes == c->cap_holes) {
		c->cap_holes = c->cap_holes ? 2 * c->cap_holes : 16;
		c->holes = xreallocarray(c->holes, c->cap_holes, sizeof(*c->holes));
	}
	c->holes[c->n_holes++] = *h;
}

/* Split every rule into entries (one per spelling depth and action) and
 * holes (its pass capabilities), keeping only enforced capabilities. */
static void build_entries(struct compiler *c)
{
	unsigned enforced = c->pol->enforced & FSJ_CAPS_ALL;

	for (size_t i = 0; i < c->n_rules; i++) {
		const struct fsj_rule *r = c->rules[i];
		const struct spellings *s = &c->spell[i];
		int rank = level_rank(fsj_source_level(r->source));
		/* At one path deny beats allow beats pass (policy.c verdicts). */
		unsigned deny = r->deny & enforced;
		unsigned allow = r->allow & ~r->deny & enforced;
		unsigned pass = r->pass & ~r->allow & ~r->deny & enforced;

		/* whatever a path is denied, it is not moved or linked away
		 * (sbpl-int.h); a hole lets unlink through where the level
		 * passes delete, a link where it passes create */
		if (deny)
			deny |= SBPL_CAPBITS_MOVE;
		if (pass & FSJ_CAPBIT(FSJ_CAP_DELETE))
			pass |= 1u << SBPL_CAP_UNLINK;
		if (pass & FSJ_CAPBIT(FSJ_CAP_CREATE))
			pass |= (1u << SBPL_CAP_LINK) | (1u << SBPL_CAP_BIND);
		if (allow & FSJ_CAPBIT(FSJ_CAP_CREATE))
			allow |= 1u << SBPL_CAP_BIND;
		if (deny & FSJ_CAPBIT(FSJ_CAP_CREATE))
			deny |= 1u << SBPL_CAP_BIND;
		bool done[4] = { false, false, false, false };

		if (rank < 0)
			continue;
		for (size_t j = 0; j < s->n; j++) {
			struct hole h = { rank, pass, s->p[j], path_depth(s->p[j]), r->recursive };
			if (pass)
				add_hole(c, &h);
		}
		for (size_t j = 0; j < s->n; j++) {
			const char *group[4];
			size_t ng = 0;
			size_t depth = path_depth(s->p[j]);

			if (done[j])
				continue;
			for (size_t k = j; k < s->n; k++) {
				if (!done[k] && path_depth(s->p[k]) == depth) {
					group[ng++] = s->p[k];
					done[k] = true;
				}
			}
			for (int act = 0; act < 2; act++) {
				unsigned caps = act ? deny : allow;
				if (!caps)
					continue;
				struct entry *e = new_entry(c);
				e->rule = r;
				e->rank = rank;
				e->depth = depth;
				e->deny = act;
				e->caps = caps;
				memcpy(e->spell, group, ng * sizeof(group[0]));
				e->n_spell = ng;
				e->seq = c->n_entries;
			}
		}
	}
}

static int entry_cmp(const void *a, const void *b)
{
	const struct entry *x = a, *y = b;

	if (x->rank != y->rank)
		return x->rank < y->rank ? -1 : 1;
	if (x->depth != y->depth)
		return x->depth < y->depth ? -1 : 1;
	if (x->deny != y->deny)
		return x->deny ? 1 : -1;
	return x->seq < y->seq ? -1 : x->seq > y->seq;
}

/* Does hole h cut into entry e for capability cap? Only a strictly deeper
 * pass decides over a rule (a tie at one depth goes to allow or deny), and
 * only inside the entry's subtree can it change anything. */
static bool hole_applies(const struct entry *e, const struct hole *h, int cap)
{
	if (h->rank != e->rank || !(h->caps & (1u << cap)) || h->depth <= e->depth ||
	    !e->rule->recursive)
		return false;
	for (size_t i = 0; i < e->n_spell; i++)
		if (path_covers(e->spell[i], h->path))
			return true;
	return false;
}

static bool same_holes(const struct compiler *c, const struct entry *e, int a, int b)
{
	for (size_t i = 0; i < c->n_holes; i++)
		if (hole_applies(e, &c->holes[i], a) != hole_applies(e, &c->holes[i], b))
			return false;
	return true;
}

/* Write the forms of one entry: one form per set of capabilities that
 * share the same holes (usually exactly one form). */
static int emit_entry(struct compiler *c, const struct entry *e)
{
	unsigned left = e->caps;
	bool message = c->opts->with_messages && sbpl_id_is_safe(e->rule->id);
	const char *tag = e->deny ? run_tag(c) : NULL;

	while (left) {
		int first = __builtin_ctz(left);
		unsigned caps = 0;
		size_t n_holes = 0;

		int sock = sock_kind(first); /* a socket's own form: another filter */
		for (int cap = first; cap < SBPL_CAP_COUNT; cap++)
			if ((left & (1u << cap)) && same_holes(c, e, first, cap) &&
			    sock_kind(cap) == sock)
				caps |= 1u << cap;
		left &= ~caps;
		for (size_t i = 0; i < c->n_holes; i++)
			n_holes += hole_applies(e, &c->holes[i], first);

		sb_adds(&c->text, e->deny ? "(deny" : "(allow");
		sbpl_add_ops(&c->text, caps);
		sb_addc(&c->text, ' ');
		if (n_holes)
			sb_adds(&c->text, "(require-all (require-any ");
		for (size_t i = 0; i < e->n_spell; i++) {
			if (i)
				sb_addc(&c->text, ' ');
			if (add_filter(c, e->spell[i], e->rule->recursive, sock) < 0)
				return -1;
		}
		if (n_holes) {
			sb_adds(&c->text, ") (require-not (require-any");
			for (size_t i = 0; i < c->n_holes; i++) {
				const struct hole *h = &c->holes[i];
				if (!hole_applies(e, h, first))
					continue;
				sb_addc(&c->text, ' ');
				if (add_filter(c, h->path, h->recursive, sock) < 0)
					return -1;
			}
			sb_adds(&c->text, ")))");
		}
		if (tag)
			sb_addf(&c->text, " (with message \"%s:%s\")", tag,
				sbpl_id_is_safe(e->rule->id) ? e->rule->id : rank_title[e->rank]);
		else if (message)
			sb_addf(&c->text, " (with message \"%s\")", e->rule->id);
		sb_adds(&c->text, ")\n");
	}
	return 0;
}

/* Renaming a folder moves everything under it, and macOS checks only
 * file-write-unlink on the folder itself: with delete granted on .git,
 * "mv .git .g" would carry a protected .git/hooks out from under its deny.
 * So every folder above a denied path, up to (not including) "/", is
 * closed to unlink, after every other rule so that nothing re-opens it:
 * anthropic-experimental/sandbox-runtime issue 8, fixed in
 * src/sandbox/macos-sandbox-utils.ts (generateMoveBlockingRules, ancestors
 * as literals) and tested there on macOS 14 and 15. Such a folder can
 * still be listed, entered and filled; it cannot be renamed or removed. */
static int emit_move_guard(struct compiler *c)
{
	struct strbuf f = STRBUF_INIT;
	char **seen = NULL;
	size_t n_seen = 0;
	int rc = 0;

	for (size_t i = 0; i < c->n_entries && rc == 0; i++) {
		const struct entry *e = &c->entries[i];

		if (!e->deny)
			continue;
		for (size_t j = 0; j < e->n_spell && rc == 0; j++) {
			char *a = path_dirname(e->spell[j]);

			while (rc == 0 && strcmp(a, "/") != 0) {
				char *up = path_dirname(a);
				bool dup = false;

				for (size_t k = 0; k < n_seen && !dup; k++)
					dup = strcmp(seen[k], a) == 0;
				if (!dup) {
					long p = sbpl_param_for(c, a);
					if (p < 0) {
						rc = -1;
					} else {
						sb_addf(&f, "\n\t(literal (param \"%s\"))", c->names[p]);
						seen = xreallocarray(seen, n_seen + 1, sizeof(*seen));
						seen[n_seen++] = xstrdup(a);
					}
				}
				free(a);
				a = up;
			}
			free(a);
		}
	}
	if (rc == 0 && f.len) {
		sb_addf(&c->text, "\n;; folders above a denied path: not renamed away\n"
				  "(deny file-write-unlink%s", f.buf);
		if (run_tag(c))
			sb_addf(&c->text, "\n\t(with message \"%s:move\")", run_tag(c));
		sb_adds(&c->text, ")\n");
	}
	for (size_t k = 0; k < n_seen; k++)
		free(seen[k]);
	free(seen);
	sb_release(&f);
	return rc;
}

static void compiler_release(struct compiler *c)
{
	for (size_t i = 0; c->spell && i < c->n_rules; i++)
		for (size_t j = 0; j < c->spell[i].n; j++)
			free(c->spell[i].p[j]);
	free(c->spell);
	free(c->rules);
	free(c->synthetic);
	free(c->entries);
	free(c->holes);
	free(c->preamble);
}

int sbpl_compile(const struct fsj_policy *pol, const struct sbpl_opts *opts,
		 struct sbpl_profile *out, struct fsj_error *err)
{
	static const struct sbpl_opts defaults = { FSJ_NETWORK_DENY, NULL, false, NULL };
	struct compiler c = { .pol = pol, .opts = opts ? opts : &defaults, .err = err };
	int rank = -1;

	memset(out, 0, sizeof(*out));
	if (sbpl_load_preamble(&c) < 0)
		goto err;
	c.rules = xcalloc(pol->n_rules + pol->n_user_data_roots + 1, sizeof(*c.rules));
	for (size_t i = 0; i < pol->n_rules; i++)
		c.rules[c.n_rules++] = &pol->rules[i];
	add_user_data_fences(&c);
	if (collect_spellings(&c) < 0)
		goto err;
	build_entries(&c);
	if (c.n_entries)
		qsort(c.entries, c.n_entries, sizeof(*c.entries), entry_cmp);

	sb_addf(&c.text, "; fsjail profile: tier %s, mode %s\n", fsj_tier_name(pol->tier),
		fsj_mode_name(pol->mode));
	sbpl_emit_fixed(&c);
	for (size_t i = 0; i < c.n_entries; i++) {
		const struct entry *e = &c.entries[i];
		if (e->rank != rank) {
			/* The tokens go between the explicit and protected levels. */
			if (rank <= 1 && e->rank == 2)
				sbpl_emit_tokens(&c);
			rank = e->rank;
			sb_addf(&c.text, "\n;; %s\n", rank_title[rank]);
		}
		if (emit_entry(&c, e) < 0)
			goto err;
	}
	if (rank < 2)
		sbpl_emit_tokens(&c);
	if (emit_move_guard(&c) < 0)
		goto err;
	sbpl_emit_pty(&c);
	/* last: this run's own socket stays reachable whatever the rules */
	if (sbpl_emit_broker_socket(&c) < 0)
		goto err;

	out->text = sb_detach(&c.text);
	out->param_names = c.names;
	out->param_values = c.values;
	out->n_params = c.n_params;
	compiler_release(&c);
	return 0;
err:
	sb_release(&c.text);
	for (size_t i = 0; i < c.n_params; i++) {
		free(c.names[i]);
		free(c.values[i]);
	}
	free(c.names);
	free(c.values);
	compiler_release(&c);
	return -1;
}

void sbpl_profile_release(struct sbpl_profile *p)
{
	if (!p)
		return;
	free(p->text);
	for (size_t i = 0; i < p->n_params; i++) {
		free(p->param_names[i]);
		free(p->param_values[i]);
	}
	free(p->param_names);
	free(p->param_values);
	memset(p, 0, sizeof(*p));
}

char **sbpl_exec_argv(const struct sbpl_profile *p, const char *sandbox_exec,
		      const char *profile_file, char *const cmd[])
{
	size_t n_cmd = 0, n = 0;
	char **argv;

	if (!sandbox_exec) {
		const char *env = getenv("FSJAIL_SANDBOX_EXEC");
		sandbox_exec = env && *env ? env : SBPL_SANDBOX_EXEC;
	}
	while (cmd && cmd[n_cmd])
		n_cmd++;
	/* exec -f FILE, two per parameter, "--", the command, NULL */
	argv = xcalloc(3 + 2 * p->n_params + 1 + n_cmd + 1, sizeof(*argv));
	argv[n++] = xstrdup(sandbox_exec);
	argv[n++] = xstrdup("-f");
	argv[n++] = xstrdup(profile_file);
	for (size_t i = 0; i < p->n_params; i++) {
		argv[n++] = xstrdup("-D");
		argv[n++] = xasprintf("%s=%s", p->param_names[i], p->param_values[i]);
	}
	/* sandbox-exec parses its options with getopt(3), which takes "--" as
	 * their end: openai/codex runs "sandbox-exec -p PROFILE -DK=V ... --
	 * CMD" on every macOS it supports. Without it a command whose name
	 * starts with '-' would be read as an option. */
	argv[n++] = xstrdup("--");
	for (size_t i = 0; i < n_cmd; i++)
		argv[n++] = xstrdup(cmd[i]);
	argv[n] = NULL;
	return argv;
}
