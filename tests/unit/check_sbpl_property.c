/* check_sbpl_property.c - the Seatbelt profile decides as the policy engine
 * does, on random policies.
 *
 * Each round draws a policy (every tier, both modes; nested allows and
 * denies; protected paths under granted folders with pass exceptions;
 * symlinked rules whose written and resolved spellings differ; the /tmp,
 * /var and /etc aliases; user-data roots with their baseline fence) over a
 * tree of names that includes hostile ones (quotes, parentheses,
 * backslashes, newlines, SBPL and regex syntax, UTF-8), compiles it with
 * sbpl_compile(), loads the profile into the evaluator of tests/sbpl-eval
 * (Seatbelt's semantics, bsd.sb modelled), and for random paths and every
 * capability compares policy_decide() with the evaluator's decision for
 * each SBPL operation the capability maps to. A case is one (policy, path,
 * capability). At least FSJAIL_PROPERTY_MIN_CASES run; the seed is fixed so
 * a failure reproduces, FSJAIL_PROPERTY_SEED=N picks another one and
 * FSJAIL_PROPERTY_CASES=N runs more. A mismatch is shrunk (rules removed one
 * at a time while the mismatch persists) and the smallest failing policy,
 * its profile and its parameters are printed.
 *
 * Known limit: Seatbelt sees only the kernel-resolved path of an access,
 * so every query is the resolved spelling (policy_decide(pol, k, k): the
 * written spelling equals the resolved one). How a query written through
 * a symlink is decided (both spellings must allow) is policy.c's rule for
 * the broker and explain; no profile can express it, and none needs to,
 * since the kernel resolves the link before Seatbelt looks. The paths are
 * kept away from the system paths the profile's fixed part and bsd.sb open
 * by themselves (/usr/lib, /System, /dev/null, "/" itself): there the
 * profile allows more than the policy on purpose (a process must start). */
#include <check.h>
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "policy.h"
#include "sbpl.h"
#include "sbpl_eval.h"
#include "sbpl_oracle.h"
#include "testutil.h"
#include "util.h"

/* the floor the issue sets is 100,000; twice that still takes well under a
 * second (a few seconds with sanitizers) */
#define FSJAIL_PROPERTY_MIN_CASES 200000u
#define DEFAULT_SEED UINT64_C(0x5eedf5a11)
#define QUERIES_PER_POLICY 24
#define MAX_RULES 24

/* ---- a deterministic generator (splitmix64) ------------------------------- */

static uint64_t rng_state;

static uint64_t rng_next(void)
{
	uint64_t z = (rng_state += UINT64_C(0x9e3779b97f4a7c15));

	z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
	z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
	return z ^ (z >> 31);
}

static uint32_t rnd(uint32_t n)
{
	return (uint32_t)(rng_next() % n);
}

static bool chance(uint32_t percent)
{
	return rnd(100) < percent;
}

/* ---- the universe of paths ------------------------------------------------- */

/* Component names. None is "." or "..", none holds '/' or NUL; several
 * would break a profile that put paths into its text, or a regex. */
static const char *const names[] = {
	"a",
	"b",
	"ab",
	"a.b",
	"src",
	".git",
	".ssh",
	"...",
	"..a",
	"with space",
	"q\"uote",
	"back\\slash",
	"x\") (allow default) (deny \"",
	"semi;colon",
	"(paren",
	"paren)",
	"new\nline",
	"tab\there",
	"#\"raw",
	"^[0-9]+$",
	"*",
	"a=b",
	"%s%n",
	"$HOME",
	"-rf",
	"caf\xc3\xa9",
	"\xe6\x97\xa5\xe6\x9c\xac",
	"\xff\xfe",
};
#define N_NAMES (sizeof(names) / sizeof(names[0]))

/* Tops of the trees: a plain one, the user-data root, the /private aliases
 * in both spellings. Away from the system paths of the fixed part. */
static const char *const tops[] = {
	"/r",       "/r",           "/Users/u",       "/Users/v",
	"/tmp",     "/private/tmp", "/var/folders/x", "/private/var/folders/x",
	"/etc/fsj", "/Volumes/ext",
};
#define N_TOPS (sizeof(tops) / sizeof(tops[0]))

/* A random path of 0-4 names below a random top. Caller frees. */
static char *random_path(void)
{
	struct strbuf sb = STRBUF_INIT;
	uint32_t depth = rnd(5);

	sb_adds(&sb, tops[rnd(N_TOPS)]);
	for (uint32_t i = 0; i < depth; i++) {
		sb_addc(&sb, '/');
		/* the plain names more often, so that paths meet */
		sb_adds(&sb, names[chance(60) ? rnd(5) : rnd(N_NAMES)]);
	}
	return sb_detach(&sb);
}

static char *child_of(const char *p)
{
	return xasprintf("%s/%s", strcmp(p, "/") == 0 ? "" : p,
			 names[chance(50) ? rnd(5) : rnd(N_NAMES)]);
}

/* The parent of p, or a copy of p when it is a top. */
static char *parent_of(const char *p)
{
	const char *slash = strrchr(p, '/');

	if (!slash || slash == p)
		return xstrdup(p);
	return xstrndup(p, (size_t)(slash - p));
}

/* p with its last byte repeated: a sibling that shares p as a string
 * prefix ("/r/a" -> "/r/aa"), which a prefix filter would confuse. */
static char *prefix_twin(const char *p)
{
	return xasprintf("%s%c", p, p[strlen(p) - 1]);
}

/* ---- a policy as data, so that it can be shrunk ------------------------------ */

struct gen_rule {
	char *path;
	char *resolved;
	bool recursive;
	unsigned allow, deny, pass;
	enum fsj_source source;
};

struct gen_policy {
	enum fsj_tier tier;
	enum fsj_mode mode;
	char *workspace;
	bool user_data_roots;
	struct gen_rule rules[MAX_RULES];
	size_t n;
};

static void gen_release(struct gen_policy *g)
{
	for (size_t i = 0; i < g->n; i++) {
		free(g->rules[i].path);
		free(g->rules[i].resolved);
	}
	free(g->workspace);
	memset(g, 0, sizeof(*g));
}

static struct gen_rule *gen_add(struct gen_policy *g, enum fsj_source src, char *path,
				char *resolved, bool recursive, unsigned allow, unsigned deny,
				unsigned pass)
{
	struct gen_rule *r;

	if (g->n == MAX_RULES) {
		free(path);
		free(resolved);
		return NULL;
	}
	r = &g->rules[g->n++];
	r->path = path;
	/* the policy engine's view on a Mac: /tmp/x resolves to /private/tmp/x */
	r->resolved = resolved ? resolved : sbpl_oracle_kernel_path(path);
	r->recursive = recursive;
	r->allow = allow;
	r->deny = deny;
	r->pass = pass;
	r->source = src;
	return r;
}

static unsigned random_caps(void)
{
	return rnd(FSJ_CAPS_ALL + 1);
}

static enum fsj_source random_source(void)
{
	static const enum fsj_source s[] = { FSJ_SRC_PROTECTED, FSJ_SRC_RULES, FSJ_SRC_GRANT,
					     FSJ_SRC_SESSION, FSJ_SRC_BASELINE };
	return s[rnd(5)];
}

static void gen_random(struct gen_policy *g)
{
	uint32_t n_random;

	memset(g, 0, sizeof(*g));
	g->tier = (enum fsj_tier)rnd(FSJ_TIER_COUNT);
	g->mode = chance(30) ? FSJ_MODE_READ_ONLY : FSJ_MODE_WORKSPACE_WRITE;
	g->workspace = chance(50) ? xstrdup("/Users/u/w") : random_path();

	/* a baseline shaped like the real one, most of the time */
	if (chance(80)) {
		const unsigned R = FSJ_CAPBIT(FSJ_CAP_READ), X = FSJ_CAPBIT(FSJ_CAP_EXECUTE);

		if (g->tier != FSJ_TIER_FULL && chance(80))
			gen_add(g, FSJ_SRC_BASELINE, xstrdup("/"), NULL, true, R | X, 0, 0);
		if (g->tier >= FSJ_TIER_GUARDED && chance(70)) {
			g->user_data_roots = true;
			gen_add(g, FSJ_SRC_BASELINE, xstrdup("/Users"), NULL, true, 0, R, 0);
			gen_add(g, FSJ_SRC_BASELINE, xstrdup("/Volumes"), NULL, true, 0, R, 0);
		}
		gen_add(g, FSJ_SRC_BASELINE, xstrdup(g->workspace), NULL, true,
			FSJ_CAPS_ALL & ~FSJ_CAPBIT(FSJ_CAP_DELETE), FSJ_CAPBIT(FSJ_CAP_DELETE), 0);
		if (chance(60))
			gen_add(g, FSJ_SRC_BASELINE, xstrdup("/tmp"), NULL, true, FSJ_CAPS_ALL, 0,
				0);
	}

	n_random = 1 + rnd(12);
	for (uint32_t i = 0; i < n_random && g->n < MAX_RULES; i++) {
		const struct gen_rule *base = g->n ? &g->rules[rnd((uint32_t)g->n)] : NULL;
		uint32_t shape = rnd(100);

		if (base && shape < 30) {
			/* nested: a deeper rule of another level or action */
			gen_add(g, random_source(), child_of(base->path), NULL, chance(75),
				random_caps(), chance(50) ? random_caps() : 0, 0);
		} else if (base && shape < 45) {
			/* a protected path under a granted folder, sometimes with a
			 * pass exception below it */
			char *p = child_of(base->path);
			char *hole = chance(50) ? child_of(p) : NULL;

			gen_add(g, FSJ_SRC_RULES, xstrdup(base->path), NULL, true, random_caps(), 0,
				0);
			gen_add(g, FSJ_SRC_PROTECTED, p, NULL, true, 0, random_caps(), 0);
			if (hole)
				gen_add(g, FSJ_SRC_PROTECTED, hole, NULL, chance(50), 0, 0,
					random_caps());
		} else if (shape < 60) {
			/* a symlinked rule: written here, resolved elsewhere */
			char *p = random_path();
			char *target = sbpl_oracle_kernel_path(p);
			char *t2 = random_path();

			free(target);
			target = sbpl_oracle_kernel_path(t2);
			free(t2);
			gen_add(g, random_source(), p, target, chance(75), random_caps(),
				chance(40) ? random_caps() : 0, chance(20) ? random_caps() : 0);
		} else {
			gen_add(g, random_source(), random_path(), NULL, chance(75), random_caps(),
				chance(40) ? random_caps() : 0, chance(25) ? random_caps() : 0);
		}
	}
}

static struct fsj_policy *gen_build(const struct gen_policy *g)
{
	struct fsj_policy *pol = policy_new(g->mode, g->tier);

	pol->workspace = xstrdup(g->workspace);
	if (g->user_data_roots) {
		pol->user_data_roots = xcalloc(2, sizeof(char *));
		pol->user_data_roots[0] = xstrdup("/Users");
		pol->user_data_roots[1] = xstrdup("/Volumes");
		pol->n_user_data_roots = 2;
	}
	for (size_t i = 0; i < g->n; i++) {
		const struct gen_rule *gr = &g->rules[i];
		struct fsj_rule r = {
			.path = gr->path,
			.resolved = gr->resolved,
			.recursive = gr->recursive,
			.allow = gr->allow,
			.deny = gr->deny,
			.pass = gr->pass,
			.source = gr->source,
		};
		policy_add_rule(pol, &r);
	}
	policy_finalize(pol);
	return pol;
}

/* ---- queries ------------------------------------------------------------------ */

/* A kernel path near the policy's rules: a rule's own spellings, a child,
 * the parent, a string-prefix twin, or a path from anywhere. */
static char *random_query(const struct gen_policy *g)
{
	const struct gen_rule *r = g->n ? &g->rules[rnd((uint32_t)g->n)] : NULL;
	char *p, *k;

	if (!r || chance(15)) {
		p = random_path();
	} else {
		const char *base = chance(50) ? r->path : r->resolved;
		switch (rnd(5)) {
		case 0:
			p = xstrdup(base);
			break;
		case 1:
			p = child_of(base);
			break;
		case 2: {
			char *c = child_of(base);
			p = child_of(c);
			free(c);
			break;
		}
		case 3:
			p = parent_of(base);
			break;
		default:
			p = prefix_twin(base);
			break;
		}
	}
	k = sbpl_oracle_kernel_path(p);
	free(p);
	/* "/" and the system paths are the fixed part's (see the top) */
	if (strcmp(k, "/") == 0 || strcmp(k, "/private") == 0 || strcmp(k, "/Users") == 0 ||
	    strcmp(k, "/Volumes") == 0) {
		free(k);
		k = xstrdup("/r/a");
	}
	return k;
}

/* Is k a path the kernel could hand to Seatbelt in g's world? A rule
 * whose written spelling differs from its resolved one says "the written
 * path is a symlink": nothing strictly below it, nor below its /private
 * alias, is a resolved path, and the link node itself is an access to the
 * link, which policy_decide(k, k) does not model (policy.c matches the
 * written spelling, sbpl.c also emits its /private alias). */
static bool kernel_reachable(const struct gen_policy *g, const char *k)
{
	for (size_t i = 0; i < g->n; i++) {
		const struct gen_rule *r = &g->rules[i];
		char *alias;
		bool through;

		if (strcmp(r->path, r->resolved) == 0)
			continue;
		alias = sbpl_oracle_kernel_path(r->path);
		through = (strncmp(k, r->path, strlen(r->path)) == 0 &&
			   (k[strlen(r->path)] == '\0' || k[strlen(r->path)] == '/')) ||
			  (strncmp(k, alias, strlen(alias)) == 0 &&
			   (k[strlen(alias)] == '\0' || k[strlen(alias)] == '/'));
		/* ... unless the link resolves to itself or below */
		if (through && strcmp(alias, r->resolved) != 0) {
			free(alias);
			return false;
		}
		free(alias);
	}
	return true;
}

/* ---- one check ------------------------------------------------------------------ */

/* Compile g and compare the evaluator with the policy for query k.
 * Returns the number of mismatches; describes them in *why (may be NULL).
 * A profile that does not compile (in sbpl_compile() or in the evaluator)
 * counts as a mismatch. */
/* A planted compiler bug, for the shrinker's own test; NULL normally. */
static void (*mutate)(struct sbpl_profile *p);

static size_t check_one(const struct gen_policy *g, const char *k, struct strbuf *why)
{
	struct fsj_policy *pol = gen_build(g);
	struct sbpl_profile prof;
	struct fsj_error err = { { 0 } };
	struct sbpl_eval *ev;
	size_t bad;

	if (sbpl_compile(pol, NULL, &prof, &err) < 0) {
		if (why)
			sb_addf(why, "sbpl_compile: %s", err.text);
		policy_free(pol);
		return 1;
	}
	if (mutate)
		mutate(&prof);
	ev = sbpl_oracle_load(&prof, &err);
	if (!ev) {
		if (why)
			sb_addf(why, "the profile does not load: %s", err.text);
		sbpl_profile_release(&prof);
		policy_free(pol);
		return 1;
	}
	bad = sbpl_oracle_compare(ev, pol, k, why);
	sbpl_eval_free(ev);
	sbpl_profile_release(&prof);
	policy_free(pol);
	return bad;
}

/* Remove rules one at a time while the mismatch on k persists. */
static void shrink(struct gen_policy *g, const char *k)
{
	bool progress = true;

	while (progress) {
		progress = false;
		for (size_t i = 0; i < g->n; i++) {
			struct gen_rule cut = g->rules[i];

			memmove(&g->rules[i], &g->rules[i + 1],
				(g->n - i - 1) * sizeof(g->rules[0]));
			g->n--;
			if (check_one(g, k, NULL)) {
				free(cut.path);
				free(cut.resolved);
				progress = true;
				i--;
				continue;
			}
			memmove(&g->rules[i + 1], &g->rules[i], (g->n - i) * sizeof(g->rules[0]));
			g->rules[i] = cut;
			g->n++;
		}
		if (g->user_data_roots) {
			g->user_data_roots = false;
			if (check_one(g, k, NULL))
				progress = true;
			else
				g->user_data_roots = true;
		}
	}
}

static void put_escaped(FILE *out, const char *s)
{
	fputc('"', out);
	for (const unsigned char *c = (const unsigned char *)s; *c; c++) {
		if (*c == '"' || *c == '\\')
			fprintf(out, "\\%c", *c);
		else if (*c < 0x20 || *c >= 0x7f)
			fprintf(out, "\\x%02x", *c);
		else
			fputc(*c, out);
	}
	fputc('"', out);
}

static void put_caps(FILE *out, const char *what, unsigned caps)
{
	if (!caps)
		return;
	fprintf(out, " %s:", what);
	for (int c = 0; c < FSJ_CAP_COUNT; c++)
		if (caps & FSJ_CAPBIT(c))
			fprintf(out, " %s", fsj_cap_name((enum fsj_cap)c));
}

static void print_failure(const struct gen_policy *g, const char *k, uint64_t seed, size_t round)
{
	struct strbuf why = STRBUF_INIT;
	struct fsj_policy *pol = gen_build(g);
	struct sbpl_profile prof;
	struct fsj_error err = { { 0 } };

	check_one(g, k, &why);
	fprintf(stderr,
		"\ncheck_sbpl_property: MISMATCH (seed %" PRIu64 ", round %zu; rerun with "
		"FSJAIL_PROPERTY_SEED=%" PRIu64 ")\n%s\n\nsmallest failing policy: tier %s, "
		"mode %s, workspace ",
		seed, round, seed, why.buf, fsj_tier_name(g->tier), fsj_mode_name(g->mode));
	put_escaped(stderr, g->workspace);
	fprintf(stderr, "%s\n", g->user_data_roots ? ", user-data roots /Users /Volumes" : "");
	for (size_t i = 0; i < g->n; i++) {
		const struct gen_rule *r = &g->rules[i];

		fprintf(stderr, "  %-9s ", fsj_source_name(r->source));
		put_escaped(stderr, r->path);
		if (strcmp(r->path, r->resolved) != 0) {
			fputs(" -> ", stderr);
			put_escaped(stderr, r->resolved);
		}
		fputs(r->recursive ? " (subtree)" : " (this path)", stderr);
		put_caps(stderr, "allow", r->allow);
		put_caps(stderr, "deny", r->deny);
		put_caps(stderr, "pass", r->pass);
		fputc('\n', stderr);
	}
	fputs("query (kernel path): ", stderr);
	put_escaped(stderr, k);
	fputc('\n', stderr);
	if (sbpl_compile(pol, NULL, &prof, &err) == 0) {
		if (mutate)
			mutate(&prof);
		fprintf(stderr, "\nprofile:\n%s\nparameters:\n", prof.text);
		for (size_t i = 0; i < prof.n_params; i++) {
			fprintf(stderr, "  %s=", prof.param_names[i]);
			put_escaped(stderr, prof.param_values[i]);
			fputc('\n', stderr);
		}
		sbpl_profile_release(&prof);
	}
	policy_free(pol);
	sb_release(&why);
}

static uint64_t env_u64(const char *name, uint64_t dflt)
{
	const char *v = getenv(name);
	char *end;
	unsigned long long n;

	if (!v || !*v)
		return dflt;
	n = strtoull(v, &end, 0);
	ck_assert_msg(*end == '\0', "%s='%s' is not a number", name, v);
	return (uint64_t)n;
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

START_TEST(profile_decides_as_the_policy)
{
	uint64_t seed = env_u64("FSJAIL_PROPERTY_SEED", DEFAULT_SEED);
	uint64_t want = env_u64("FSJAIL_PROPERTY_CASES", FSJAIL_PROPERTY_MIN_CASES);
	uint64_t cases = 0, ops = 0, allowed = 0, open_caps = 0, by_pass = 0;
	uint64_t by_level[FSJ_LEVEL_COUNT] = { 0 };
	size_t round = 0, tiers[FSJ_TIER_COUNT] = { 0 }, modes[2] = { 0 }, twins = 0, passes = 0,
	       hostile = 0, unreachable = 0;
	double t0 = now();

	rng_state = seed;
	while (cases < want) {
		struct gen_policy g;
		struct fsj_policy *pol;
		struct sbpl_profile prof;
		struct fsj_error err = { { 0 } };
		struct sbpl_eval *ev;

		gen_random(&g);
		round++;
		tiers[g.tier]++;
		modes[g.mode]++;
		for (size_t i = 0; i < g.n; i++) {
			twins += strcmp(g.rules[i].path, g.rules[i].resolved) != 0;
			passes += g.rules[i].pass != 0;
			for (const unsigned char *c = (const unsigned char *)g.rules[i].path; *c;
			     c++)
				if (strchr("\"\\()\n;#", *c) || *c >= 0x80) {
					hostile++;
					break;
				}
		}
		pol = gen_build(&g);
		ck_assert_msg(sbpl_compile(pol, NULL, &prof, &err) == 0, "round %zu: %s", round,
			      err.text);
		ev = sbpl_oracle_load(&prof, &err);
		if (!ev)
			fprintf(stderr, "%s\n", prof.text);
		ck_assert_msg(ev != NULL, "round %zu: the profile does not load: %s", round,
			      err.text);
		for (int q = 0; q < QUERIES_PER_POLICY; q++) {
			char *k = random_query(&g);

			if (!kernel_reachable(&g, k)) {
				unreachable++;
				free(k);
				continue;
			}

			if (sbpl_oracle_compare(ev, pol, k, NULL) != 0) {
				sbpl_eval_free(ev);
				sbpl_profile_release(&prof);
				policy_free(pol);
				shrink(&g, k);
				print_failure(&g, k, seed, round);
				free(k);
				gen_release(&g);
				ck_abort_msg("the profile and policy_decide() differ (seed %" PRIu64
					     ", round %zu): see above",
					     seed, round);
			}
			cases += FSJ_CAP_COUNT;
			for (int c = 0; c < FSJ_CAP_COUNT; c++) {
				struct fsj_decision d;

				for (const char *const *op = sbpl_oracle_cap_ops[c]; *op; op++)
					ops++;
				/* what decided, so that the log shows the mix is not
				 * all "default deny" */
				if (!(pol->enforced & FSJ_CAPBIT(c))) {
					open_caps++;
					continue;
				}
				policy_decide(pol, k, k, (enum fsj_cap)c, &d);
				allowed += d.allowed;
				by_level[d.level]++;
				by_pass += d.pass;
			}
			free(k);
		}
		sbpl_eval_free(ev);
		sbpl_profile_release(&prof);
		policy_free(pol);
		gen_release(&g);
	}
	fprintf(stderr,
		"check_sbpl_property: seed %" PRIu64 ": %" PRIu64 " cases (policy x path x "
		"capability), %" PRIu64 " operation decisions, %zu policies "
		"(tiers writes/process/guarded/full %zu/%zu/%zu/%zu, read-only %zu; "
		"%zu symlinked rules, %zu pass rules, %zu rules on hostile names; %zu paths "
		"through a symlink skipped), 0 mismatches, %.2f s\n"
		"check_sbpl_property: enforced cases allowed %" PRIu64 " of %" PRIu64
		"; decided by protected/explicit/baseline/default %" PRIu64 "/%" PRIu64 "/%" PRIu64
		"/%" PRIu64 ", through a pass %" PRIu64 "\n",
		seed, cases, ops, round, tiers[0], tiers[1], tiers[2], tiers[3], modes[1], twins,
		passes, hostile, unreachable, now() - t0, allowed, cases - open_caps,
		by_level[FSJ_LEVEL_PROTECTED], by_level[FSJ_LEVEL_EXPLICIT],
		by_level[FSJ_LEVEL_BASELINE], by_level[FSJ_LEVEL_DEFAULT], by_pass);
	/* every shape was drawn */
	for (int t = 0; t < FSJ_TIER_COUNT; t++)
		ck_assert_uint_gt(tiers[t], 0);
	ck_assert_uint_gt(modes[0], 0);
	ck_assert_uint_gt(modes[1], 0);
	ck_assert_uint_gt(twins, 0);
	ck_assert_uint_gt(passes, 0);
	ck_assert_uint_gt(hostile, 0);
	ck_assert_uint_ge(cases, want);
}
END_TEST

/* The shrinker keeps a mismatch and drops what does not matter. The bug
 * is planted: a compiler that forgets the protected section. */
static void drop_protected(struct sbpl_profile *p)
{
	char *s = strstr(p->text, "\n;; protected\n");

	if (s)
		s[1] = '\0';
}

START_TEST(shrinker_finds_the_culprit)
{
	struct gen_policy g;
	const char *k = "/r/p/k";

	rng_state = 42;
	memset(&g, 0, sizeof(g));
	g.tier = FSJ_TIER_GUARDED;
	g.mode = FSJ_MODE_WORKSPACE_WRITE;
	g.workspace = xstrdup("/r/w");
	g.user_data_roots = true;
	gen_add(&g, FSJ_SRC_BASELINE, xstrdup("/Users"), NULL, true, 0, FSJ_CAPBIT(FSJ_CAP_READ),
		0);
	gen_add(&g, FSJ_SRC_BASELINE, xstrdup("/Volumes"), NULL, true, 0, FSJ_CAPBIT(FSJ_CAP_READ),
		0);
	for (int i = 0; i < 8; i++)
		gen_add(&g, random_source(), xasprintf("/r/q%d", i), NULL, true, random_caps(),
			random_caps(), 0);
	gen_add(&g, FSJ_SRC_BASELINE, xstrdup("/"), NULL, true, FSJ_CAPS_ALL, 0, 0);
	gen_add(&g, FSJ_SRC_PROTECTED, xstrdup("/r/p"), NULL, true, 0, FSJ_CAPBIT(FSJ_CAP_WRITE),
		0);
	gen_add(&g, FSJ_SRC_RULES, xstrdup("/r/p"), NULL, true, FSJ_CAPS_ALL, 0, 0);
	ck_assert_uint_eq(check_one(&g, k, NULL), 0);
	mutate = drop_protected;
	ck_assert_uint_gt(check_one(&g, k, NULL), 0);
	shrink(&g, k);
	/* what is left: the protected deny and one grant it overrides ("/"
	 * or "/r/p": either is a smallest failing policy) */
	ck_assert_uint_eq(g.n, 2);
	ck_assert(!g.user_data_roots);
	for (size_t i = 0; i < 2; i++) {
		const struct gen_rule *r = &g.rules[i];
		if (r->source == FSJ_SRC_PROTECTED)
			ck_assert(strcmp(r->path, "/r/p") == 0 && r->deny);
		else
			ck_assert(r->allow == FSJ_CAPS_ALL &&
				  (strcmp(r->path, "/") == 0 || strcmp(r->path, "/r/p") == 0));
	}
	ck_assert(g.rules[0].source == FSJ_SRC_PROTECTED || g.rules[1].source == FSJ_SRC_PROTECTED);
	ck_assert_uint_gt(check_one(&g, k, NULL), 0);
	fputs("\ncheck_sbpl_property: the report of the planted bug follows (expected)", stderr);
	print_failure(&g, k, 42, 0);
	mutate = NULL;
	gen_release(&g);
}
END_TEST

static Suite *property_suite(void)
{
	Suite *s = suite_create("sbpl_property");
	TCase *tc = tcase_create("core");

	/* a few seconds normally; the sanitizer build is several times slower */
	tcase_set_timeout(tc, 300);
	tcase_add_test(tc, profile_decides_as_the_policy);
	tcase_add_test(tc, shrinker_finds_the_culprit);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return tu_run_suite(property_suite(), CK_FORK_GETENV);
}
