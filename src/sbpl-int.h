/* sbpl-int.h - what the two halves of the Seatbelt compiler share: sbpl.c
 * (the file rules compiled from the policy) and sbpl-fixed.c (the parts
 * every profile has: the preamble, network, system paths, broker socket,
 * token and pty allowances). Not for use outside them. */
#ifndef FSJAIL_SBPL_INT_H
#define FSJAIL_SBPL_INT_H

#include <stdbool.h>
#include <stddef.h>

#include "policy.h"
#include "sbpl-param.h"
#include "sbpl.h"
#include "util.h"

/* Two capabilities of the compiler only, after the policy's: "this path is
 * denied something, so it must not be moved or given a second name"
 * (file-write-unlink, file-link, file-clone). On macOS rename(2) checks
 * file-write-unlink on the source path alone and a hard link or clone
 * gives a file a name no deny covers: anthropic-experimental/
 * sandbox-runtime issue 8 and its fix in src/sandbox/macos-sandbox-utils.ts
 * (generateMoveBlockingRules); Apple's application.sb denies file-link and
 * file-clone on read-only trees (SBPL-NOTES.md section 11). */
#define SBPL_CAP_UNLINK FSJ_CAP_COUNT      /* file-write-unlink, as delete */
#define SBPL_CAP_LINK (FSJ_CAP_COUNT + 1)    /* file-link, file-clone, as create */
/* network-bind of a pathname Unix socket: bind(2) makes a node, so it is
 * create (Landlock's MAKE_SOCK), filtered by (local unix-socket ...):
 * microsoft/mxc PR 749, openai/codex codex-rs/core/src/seatbelt.rs. */
#define SBPL_CAP_BIND (FSJ_CAP_COUNT + 2)
#define SBPL_CAP_COUNT (FSJ_CAP_COUNT + 3)
#define SBPL_CAPBITS_MOVE ((1u << SBPL_CAP_UNLINK) | (1u << SBPL_CAP_LINK))

/* The spellings of one rule: written, resolved and their /private aliases,
 * without duplicates. Owned strings. */
struct spellings {
	char *p[4];
	size_t n;
};

/* One form of the file section: the spellings of a rule that share one
 * depth, one action, the enforced capabilities it names. */
struct entry {
	const struct fsj_rule *rule;
	int rank;
	size_t depth;
	bool deny;
	unsigned caps; /* FSJ_CAPBIT mask, plus SBPL_CAPBITS_MOVE on a deny */
	const char *spell[4];
	size_t n_spell;
	size_t seq; /* keeps the policy's order among equals (stable sort) */
};

/* One spelling of a protected exception ("pass"): it cuts a hole in the
 * shallower rules of its level for the capabilities in caps. */
struct hole {
	int rank;
	unsigned caps;
	const char *path;
	size_t depth;
	bool recursive;
};

struct compiler {
	const struct fsj_policy *pol;
	const struct sbpl_opts *opts;
	struct fsj_error *err;
	char *preamble; /* the text of sbpl-preamble.sb; owned */
	struct strbuf text;
	char **names;
	char **values;
	size_t n_params;
	size_t cap_params;
	size_t next_p; /* number for the next "P<n>" */
	/* rules: the policy's, plus the synthetic user-data-root fences */
	const struct fsj_rule **rules;
	size_t n_rules;
	struct fsj_rule *synthetic;
	size_t n_synthetic;
	struct spellings *spell; /* per rule */
	struct entry *entries;
	size_t n_entries;
	size_t cap_entries;
	struct hole *holes;
	size_t n_holes;
	size_t cap_holes;
};

/* sbpl.c (parameters: sbpl-param.h) */
/* A rule id or run tag safe to write into the text: [A-Za-z0-9._-]{1,64}. */
bool sbpl_id_is_safe(const char *id);

/* sbpl-ops.c: append " op op ..." for the capabilities in caps (FSJ_CAPBIT
 * and the SBPL_CAP_* bits above), each operation once. */
void sbpl_add_ops(struct strbuf *sb, unsigned caps);
/* sbpl-fixed.c */
/* Read sbpl-preamble.sb into c->preamble. 0, or -1 with c->err set. */
int sbpl_load_preamble(struct compiler *c);
/* The preamble, network, the unfiltered allows of what the tier does not
 * enforce, and the system paths the tier's fences must leave open. */
void sbpl_emit_fixed(struct compiler *c);
/* The broker's extension classes (between explicit and protected). */
void sbpl_emit_tokens(struct compiler *c);
/* After every deny: the ptys this sandbox opened itself. */
void sbpl_emit_pty(struct compiler *c);
/* Last: this run's broker socket. 0, or -1 with c->err set. */
int sbpl_emit_broker_socket(struct compiler *c);

#endif
