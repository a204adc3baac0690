/* yamlread.h - the YAML tree and the typed getters behind config.c's
 * schema walkers (config.yaml, rules.yaml, the baseline). Internal to the
 * config readers: every getter sets d->err to "FILE:LINE:COL: message" and
 * returns -1 on a bad value. */
#ifndef FSJAIL_YAMLREAD_H
#define FSJAIL_YAMLREAD_H

#include <stdbool.h>
#include <stddef.h>

#include <yaml.h>

#include "util.h"
#include "vars.h"

enum ykind {
	YN_SCALAR,
	YN_SEQ,
	YN_MAP
};

struct ynode {
	enum ykind kind;
	unsigned long line, col; /* 1-based position of the node's start */
	char *val;               /* scalar: the bytes, NUL-terminated copy */
	size_t len;              /* scalar: length; larger than strlen(val) when
				  * a "\0" escape put a NUL inside */
	bool plain;              /* scalar: written without quotes */
	struct ynode **kids;     /* sequence: items; mapping: key, value, ... */
	size_t n, cap;
};

struct ydoc {
	yaml_parser_t parser;
	const char *file;
	const char *buf;
	size_t len;
	size_t n_nodes;
	struct fsj_error *err;
	/* show(): two rotating buffers, so one message can quote two values */
	char shown[2][96];
	unsigned shown_i;
};

/* Free a tree (NULL is fine). */
void ynode_free(struct ynode *n);

/* n's scalar, escaped and cut for a message: a buffer in d, valid until
 * the next-but-one call. */
const char *yshown(struct ydoc *d, const struct ynode *n);

/* "a scalar", "a sequence" or "a mapping" (static). */
const char *ykind_name(const struct ynode *n);

/* Two scalars with the same bytes (NULs included). */
bool ysame_scalar(const struct ynode *a, const struct ynode *b);

/* Read the YAML file at path into a tree. A missing file sets *missing and
 * returns 0 with *root NULL; an unreadable, oversized or invalid one returns
 * -1 with err set. */
int yload_tree(const char *path, struct ydoc *d, struct ynode **root, bool *missing,
	       struct fsj_error *err);

/* A null: an empty plain scalar, "~" or "null" (YAML 1.2 core schema). */
bool yis_null(const struct ynode *n);

/* Mapping key k is the scalar name. */
bool ykey_is(const struct ynode *k, const char *name);

/* A scalar without NUL bytes: *out points into the tree. */
int yget_str(struct ydoc *d, const struct ynode *k, const struct ynode *v, const char **out);

/* true or false, unquoted (YAML 1.2 core schema; YAML 1.1's yes/no/on/off
 * are refused as ambiguous). */
int yget_bool(struct ydoc *d, const struct ynode *k, const struct ynode *v, bool *out);

/* An unquoted decimal integer 0..max. */
int yget_ulong(struct ydoc *d, const struct ynode *k, const struct ynode *v, unsigned long max,
	       unsigned long *out);

/* v must be a mapping (else an error naming key k). */
int yneed_map(struct ydoc *d, const struct ynode *k, const struct ynode *v);

/* A sequence of capability names into a FSJ_CAPBIT mask. */
int yget_caps(struct ydoc *d, const struct ynode *k, const struct ynode *v, unsigned *mask);

/* A sequence of tier names into a mask of (1 << tier). */
int yget_tiers(struct ydoc *d, const struct ynode *k, const struct ynode *v, unsigned *mask);

/* Read a path scalar: ${VAR} substitution when vars is non-NULL (an unset
 * variable sets *skip), then path_normalize() with home and base (base NULL:
 * relative paths are refused). *out is new (caller frees). */
int yget_path(struct ydoc *d, const struct ynode *k, const struct ynode *v, const char *home,
	      const char *base, const struct fsj_vars *vars, char **out, bool *skip);

/* Set d->err to "FILE:LINE:COL: MESSAGE" at node n; returns -1. */
FSJ_PRINTF(3, 4) int ynode_err(struct ydoc *d, const struct ynode *n, const char *fmt, ...);

#endif
