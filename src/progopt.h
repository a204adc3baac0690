/* progopt.h - a program's options split from its operands (progopt.c),
 * for the command-effects analyser's program table (effects-int.h): the
 * option spec a handler gives, and what the split returns. The results
 * live in the analysis arena; nothing here fails. */
#ifndef FSJAIL_PROGOPT_H
#define FSJAIL_PROGOPT_H

#include <stdbool.h>
#include <stddef.h>

struct an;
struct word;

/* How a program reads its options (getopt_long conventions unless said). */
struct ospec {
	const char *sarg;          /* short options that take an argument */
	const char *sopt;          /* short options with an optional attached argument */
	const char *const *larg;   /* long options (no "--") that take an argument */
	bool posix;                /* options end at the first operand (wrappers) */
	bool numeric;              /* -NUM is an option (head -5, nice -10) */
	bool bsd_empty;            /* an sopt option takes a following '' (BSD sed -i '') */
};

struct opt {
	char s;                    /* short name, or 0 for a long option */
	const char *l;             /* long name (no "--", no "=value") */
	const struct word *val;    /* the argument, or NULL */
	const struct word *w;      /* the word it came from */
};

struct parsed {
	struct opt *o;
	size_t no;
	struct word **ops;         /* operands, in order */
	size_t nops;
};

/* Whether s[0..n) is one of the NULL-terminated list. */
bool progopt_in_list(const char *const *list, const char *s, size_t n);
/* Split argv[0..argc) (the words after the program) by sp into *p; the
 * arrays are owned by a's arena. */
void progopt_parse(struct an *a, const struct ospec *sp, struct word **argv, size_t argc,
		       struct parsed *p);
/* Whether p holds the option -s or --l (s 0 or l NULL: that form is not
 * asked); progopt_val() gives its last argument, or NULL. */
bool progopt_has(const struct parsed *p, char s, const char *l);
const struct word *progopt_val(const struct parsed *p, char s, const char *l);
/* Whether o is -s or --l. */
bool progopt_is(const struct opt *o, char s, const char *l);

#endif
