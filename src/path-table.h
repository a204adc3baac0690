/* path-table.h - the hash table of paths the path memo (path-memo.c) and
 * its missing names (path-absent.c) keep: open addressing, cap a power of
 * two, at most half full, each slot keeping its key's hash and length
 * (compared before the bytes: the keys share long prefixes, 1,000 rule
 * folders of one workspace). One thread; nothing is ever removed but all. */
#ifndef FSJAIL_PATH_TABLE_H
#define FSJAIL_PATH_TABLE_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/stat.h>

struct pt_slot {
	char *key; /* NULL: empty; owned */
	size_t hash, len;
	bool live;    /* path-memo: path_memo_keep()'s flag */
	bool ok;      /* path-absent: the folder is unchanged */
	unsigned gen; /* path-absent: the batch it was checked in */
	union {
		char *val;       /* owned */
		struct stat *st; /* owned */
	} u;
};

struct pt_table {
	struct pt_slot *s;
	size_t n, cap;
};

/* FNV-1a over the n bytes of s, its high half folded into the low bits a
 * table indexes by. */
size_t path_hash_n(const char *s, size_t n);

/* The slot holding key (hash h, len bytes) in t, or NULL (also for an
 * empty table). */
struct pt_slot *pt_find(const struct pt_table *t, const char *key, size_t h, size_t len);

/* The slot for key in t, made (with a copy of key, no value, flags off)
 * when not there; t grows to stay at most half full, from min_cap slots
 * (a power of two). Aborts on allocation failure, as xmalloc does. */
struct pt_slot *pt_get(struct pt_table *t, const char *key, size_t h, size_t len, size_t min_cap);

/* Free every key and value of t and empty it. */
void pt_free(struct pt_table *t);

#endif
