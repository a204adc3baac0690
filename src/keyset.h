/* keyset.h - a set of byte strings with a tag each (open addressing, FNV-1a),
 * for the duplicate checks of the YAML readers: a mapping's keys, the
 * rules' ids (issue 19 item 2: checked pairwise, a 1 MiB rules file
 * within every cap took tens of seconds). */
#ifndef FSJAIL_KEYSET_H
#define FSJAIL_KEYSET_H

#include <stdbool.h>
#include <stddef.h>

struct keyset_entry {
	const char *s; /* borrowed: the caller keeps it alive while the set is used */
	size_t len;
	size_t tag;
};

/* Zero-initialise ({0}); release with keyset_release(). */
struct keyset {
	struct keyset_entry *v;
	size_t cap, n;
};

/* Add the len bytes at s (NULs allowed) with tag. Returns true when they
 * were not in the set; false, with *prev the tag of the equal key added
 * before, when they were (nothing added). Aborts on out of memory. */
bool keyset_add(struct keyset *ks, const char *s, size_t len, size_t tag, size_t *prev);
/* true when the len bytes at s are in the set (*tag, when not NULL, their
 * tag). */
bool keyset_has(const struct keyset *ks, const char *s, size_t len, size_t *tag);
void keyset_release(struct keyset *ks);

#endif
