/* progopt.c - a program's options split from its operands the way
 * its getopt_long would (struct ospec describes the program). */
#include <stdlib.h>
#include <string.h>

#include "effects-int.h"

/* ---- program options ----------------------------------------------------- */

bool progopt_in_list(const char *const *list, const char *s, size_t n)
{
	for (; list && *list; list++)
		if (strlen(*list) == n && strncmp(*list, s, n) == 0)
			return true;
	return false;
}

static void push_opt(struct an *a, struct parsed *p, char s, const char *l, const struct word *val,
		     const struct word *w)
{
	if (arena_full(p->no)) {
		struct opt *n = arena_alloc(&a->ar, arena_grown(p->no) * sizeof(*n));
		if (p->no)
			memcpy(n, p->o, p->no * sizeof(*n));
		p->o = n;
	}
	p->o[p->no++] = (struct opt){ .s = s, .l = l, .val = val, .w = w };
}

static void push_op(struct an *a, struct parsed *p, struct word *w)
{
	if (arena_full(p->nops)) {
		struct word **n = arena_alloc(&a->ar, arena_grown(p->nops) * sizeof(*n));
		if (p->nops)
			memcpy(n, p->ops, p->nops * sizeof(*n));
		p->ops = n;
	}
	p->ops[p->nops++] = w;
}

/* Split argv (operands and options, program name excluded) the way the
 * program's getopt would. A word that is wholly run-time is an operand;
 * one whose literal start is an option is parsed from that start. */
void progopt_parse(struct an *a, const struct ospec *sp, struct word **argv, size_t argc,
		       struct parsed *p)
{
	size_t i = 0;

	memset(p, 0, sizeof(*p));
	for (; i < argc; i++) {
		struct word *w = argv[i];
		const char *s = w->lit;
		size_t known = w->dynamic ? w->prefix_len : w->len;

		if (known < 2 || s[0] != '-') {
			push_op(a, p, w);
			if (sp->posix) {
				i++;
				break;
			}
			continue;
		}
		if (known == 2 && s[1] == '-' && w->len == 2) {
			i++;
			break;
		}
		if (s[1] == '-') {
			const char *eq = memchr(s + 2, '=', known - 2);
			size_t nl = eq ? (size_t)(eq - s - 2) : known - 2;
			const char *name = arena_strndup(&a->ar, s + 2, nl);

			if (eq) {
				push_opt(a, p, 0, name, shword_tail(a, w, (size_t)(eq - s) + 1), w);
			} else if (!w->dynamic && progopt_in_list(sp->larg, s + 2, nl) && i + 1 < argc) {
				push_opt(a, p, 0, name, argv[i + 1], w);
				i++;
			} else {
				push_opt(a, p, 0, name, NULL, w);
			}
			continue;
		}
		if (sp->numeric) {
			size_t j = 1;
			while (j < known && s[j] >= '0' && s[j] <= '9')
				j++;
			if (j == w->len) {
				push_opt(a, p, '#', NULL, shword_tail(a, w, 1), w);
				continue;
			}
		}
		for (size_t j = 1; j < known; j++) {
			char c = s[j];

			if (sp->sarg && strchr(sp->sarg, c)) {
				if (j + 1 < w->len) {
					push_opt(a, p, c, NULL, shword_tail(a, w, j + 1), w);
				} else if (i + 1 < argc) {
					push_opt(a, p, c, NULL, argv[i + 1], w);
					i++;
				} else {
					push_opt(a, p, c, NULL, NULL, w);
				}
				break;
			}
			if (sp->sopt && strchr(sp->sopt, c)) {
				if (j + 1 < w->len) {
					push_opt(a, p, c, NULL, shword_tail(a, w, j + 1), w);
				} else if (sp->bsd_empty && i + 1 < argc && argv[i + 1]->len == 0 &&
					   w_literal(argv[i + 1])) {
					push_opt(a, p, c, NULL, argv[i + 1], w);
					i++;
				} else {
					push_opt(a, p, c, NULL, NULL, w);
				}
				break;
			}
			push_opt(a, p, c, NULL, NULL, w);
		}
	}
	for (; i < argc; i++)
		push_op(a, p, argv[i]);
}

bool progopt_has(const struct parsed *p, char s, const char *l)
{
	for (size_t i = 0; i < p->no; i++)
		if ((s && p->o[i].s == s) || (l && p->o[i].l && strcmp(p->o[i].l, l) == 0))
			return true;
	return false;
}

/* The last value of option s / --l, or NULL. */
const struct word *progopt_val(const struct parsed *p, char s, const char *l)
{
	const struct word *v = NULL;

	for (size_t i = 0; i < p->no; i++)
		if ((s && p->o[i].s == s) || (l && p->o[i].l && strcmp(p->o[i].l, l) == 0))
			v = p->o[i].val ? p->o[i].val : v;
	return v;
}

bool progopt_is(const struct opt *o, char s, const char *l)
{
	return (s && o->s == s) || (l && o->l && strcmp(o->l, l) == 0);
}
