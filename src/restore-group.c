/* restore-group.c - see restore-group.h. */
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "restore-group.h"
#include "util.h"

/* What grouping needs of one cycle. */
struct span {
	bool ok;         /* a run cycle with at least one sequence number */
	char *workspace; /* NULL: none recorded */
	uint64_t lo, hi; /* its records' smallest and largest seq */
};

static void span_read(const struct backup_store_cycle *c, struct span *s)
{
	struct fsj_error err = { { 0 } };
	struct manifest m;
	int fd = backup_store_open(c);

	memset(s, 0, sizeof(*s));
	if (fd < 0)
		return;
	if (manifest_read(fd, c->dir, &m, &err) == 0) {
		s->lo = UINT64_MAX;
		for (size_t i = 0; i < m.n; i++)
			if (m.v[i].seq) {
				s->lo = m.v[i].seq < s->lo ? m.v[i].seq : s->lo;
				s->hi = m.v[i].seq > s->hi ? m.v[i].seq : s->hi;
			}
		s->ok = s->hi && !(m.kind && strcmp(m.kind, "restore") == 0);
		s->workspace = m.workspace ? xstrdup(m.workspace) : NULL;
		manifest_release(&m);
	}
	close(fd);
}

static bool same_ws(const char *a, const char *b)
{
	return a && b ? strcmp(a, b) == 0 : a == b;
}

size_t *restore_group_find(const struct backup_store_cycle *v, size_t n, size_t pick, size_t *nout)
{
	struct span *s = xcalloc(n + 1, sizeof(*s));
	bool *in = xcalloc(n + 1, sizeof(*in)), grew = true;
	size_t *out, k = 0;

	span_read(&v[pick], &s[pick]);
	in[pick] = true;
	for (size_t i = 0; s[pick].ok && i < n; i++)
		if (i != pick)
			span_read(&v[i], &s[i]);
	/* overlap is not transitive in one pass: A overlaps B, B overlaps C */
	while (grew && s[pick].ok) {
		grew = false;
		for (size_t i = 0; i < n; i++)
			for (size_t j = 0; !in[i] && s[i].ok && j < n; j++)
				if (in[j] && same_ws(s[i].workspace, s[j].workspace) &&
				    s[i].lo <= s[j].hi && s[j].lo <= s[i].hi)
					in[i] = grew = true;
	}
	out = xcalloc(n + 1, sizeof(*out));
	for (size_t i = 0; i < n; i++) {
		if (in[i])
			out[k++] = i;
		free(s[i].workspace);
	}
	free(s);
	free(in);
	if (k > RESTORE_GROUP_MAX) {
		free(out);
		*nout = 0;
		return NULL;
	}
	*nout = k;
	return out;
}

/* One record's place: its key, then manifest, then line. */
struct place {
	uint64_t key;
	size_t part, i;
};

static int by_place(const void *a, const void *b)
{
	const struct place *p = a, *q = b;

	if (p->key != q->key)
		return p->key < q->key ? -1 : 1;
	if (p->part != q->part)
		return p->part < q->part ? -1 : 1;
	return (p->i > q->i) - (p->i < q->i);
}

void restore_group_merge(const struct manifest *ms, size_t n, struct manifest *out)
{
	struct place *pl;
	size_t total = 0, k = 0;

	memset(out, 0, sizeof(*out));
	for (size_t p = 0; p < n; p++)
		total += ms[p].n;
	pl = xcalloc(total + 1, sizeof(*pl));
	for (size_t p = 0; p < n; p++) {
		uint64_t key = ms[p].time > 0 ? (uint64_t)ms[p].time * 1000000000ULL : 0;

		for (size_t i = 0; i < ms[p].n; i++) {
			if (ms[p].v[i].seq)
				key = ms[p].v[i].seq;
			pl[k++] = (struct place){ key, p, i };
		}
	}
	qsort(pl, total, sizeof(*pl), by_place);
	out->v = xcalloc(total + 1, sizeof(*out->v));
	for (k = 0; k < total; k++) {
		out->v[k] = ms[pl[k].part].v[pl[k].i];
		out->v[k].part = (unsigned)pl[k].part;
	}
	out->n = total;
	free(pl);
}

void restore_group_merged_release(struct manifest *out)
{
	free(out->v);
	memset(out, 0, sizeof(*out));
}
