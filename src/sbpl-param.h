/* sbpl-param.h - the parameters of a Seatbelt profile (sbpl-param.c), for
 * the compiler's halves (sbpl.c, sbpl-fixed.c) only. */
#ifndef FSJAIL_SBPL_PARAM_H
#define FSJAIL_SBPL_PARAM_H

struct compiler;
struct fsj_error;

/* Refuse a path Seatbelt would never match: longer than FSJ_PATH_MAX,
 * relative or not normalised. Returns 0, or -1 with err set. */
int sbpl_check_path(const char *p, struct fsj_error *err);
/* Append parameter name=value (both copied) to c's list. */
void sbpl_add_param(struct compiler *c, const char *name, const char *value);
/* The parameter holding path in c: an existing one with the same value,
 * or a new "P<n>" after sbpl_check_path(). Returns its index in c->names
 * (c owns the name), or -1 with c->err set. */
long sbpl_param_for(struct compiler *c, const char *path);

#endif
