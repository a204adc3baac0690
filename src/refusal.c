/* refusal.c - the run's collection of refusals, its streams and its
 * summary (refusal.h). */
#include <cjson/cJSON.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "refusal-audit.h"
#include "refusal-errno.h"
#include "refusal-group.h"
#include "refusal-by.h"
#include "refusal-copy.h"
#include "refusal-hint-advice.h"
#include "refusal-hint.h"
#include "refusal-kept.h"
#include "refusal-phase.h"
#include "refusal-sibling.h"
#include "refusal-summary.h"
#include "refusal-why.h"
#include "refusal.h"
#include "util.h"

/* Records kept in memory for one run: a runaway command that is refused
 * in a loop must not grow the supervisor without bound; past the cap only
 * the count grows. */
#define REFUSAL_KEEP 4096u
/* Lines streamed to each sink (report, status, audit) per run; the
 * audit log has its own caps on top. */
#define REFUSAL_STREAM_MAX 100000u
/* Lines of the summary before "and N more" (issue 12 item 4). */
#define SUMMARY_LINES 10u

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static struct kept *kept;
static size_t n_kept;
static unsigned long total, streamed, dropped;
static struct refusal_sinks sinks = { .report_fd = -1, .status_fd = -1 };
/* The hints' policy: the sinks' last, kept for the summary after them. */
static const struct fsj_policy *hint_pol;

/* The fields of one refusal (fsjail(1), REFUSAL REPORT) after schema. */
static cJSON *refusal_json(const char *schema, const char *type, const struct kept *k)
{
	char ebuf[16];
	cJSON *o = refusal_line_start(schema, type, sinks.session);

	if (k->pid > 0)
		cJSON_AddNumberToObject(o, "pid", (double)k->pid);
	else
		cJSON_AddNullToObject(o, "pid");
	refusal_line_str(o, "command", k->comm);
	refusal_line_str(o, "executable", k->exe);
	refusal_line_str(o, "syscall", k->syscall);
	cJSON_AddStringToObject(o, "capability", fsj_cap_name(k->cap));
	refusal_line_str(o, "path", k->path);
	refusal_line_str(o, "level", k->by_policy ? fsj_level_name(k->level) : NULL);
	refusal_line_str(o, "rule_id", k->rule_id);
	refusal_line_str(o, "rule_origin", k->rule_origin);
	if (k->rule_note) /* optional: the baseline entry's note */
		cJSON_AddStringToObject(o, "rule_note", k->rule_note);
	refusal_line_str(o, "reason", k->reason);
	cJSON_AddStringToObject(o, "phase", refusal_phase()); /* streamed as recorded */
	if (k->error) /* 0: the call did not fail (a path a mount mask hides) */
		cJSON_AddStringToObject(o, "errno", refusal_errno_name(k->error, ebuf));
	else
		cJSON_AddNullToObject(o, "errno");
	refusal_hint_json(o, hint_pol, sinks.home,
			  &(struct refusal_hint_item){
				  .cap = k->cap,
				  .path = k->path,
				  .why_not = refusal_hint_why_not(k->by_policy, k->level,
								  k->rule_id, k->no_hint),
				  .dir = refusal_copy_made_dir(k),
				  .comm = k->comm });
	return o;
}

/* k to every sink (called without `lock` held, s a snapshot). */
static void stream(const struct refusal_sinks *s, const struct kept *k)
{
	if (s->report_fd >= 0)
		(void)refusal_line_write(s->report_fd, refusal_json("fsjail-refusal/1", NULL, k));
	if (s->status_fd >= 0)
		(void)refusal_line_write(s->status_fd, refusal_json("fsjail-run/1", "refused", k));
	if (!k->audited)
		refusal_audit(s->audit, s->session, k);
}

void refusal_record(const struct refusal *r)
{
	struct kept k = { 0 };
	struct refusal_sinks s;
	bool stored = false, to_stream = false;

	if (!r)
		return;
	refusal_copy_fill(&k, r);
	pthread_mutex_lock(&lock);
	total++;
	s = sinks;
	if (s.report_fd >= 0 || s.status_fd >= 0 || s.audit) {
		if (streamed < REFUSAL_STREAM_MAX) {
			streamed++;
			to_stream = true;
		} else {
			dropped++;
		}
	}
	pthread_mutex_unlock(&lock);
	/* a lock or temp sibling: the why of the protected file it stands
	 * for, over that of an entry that refused the name (refusal-sibling.h);
	 * not when the user's own rule refused it: that rule is the why */
	if (!(k.level == FSJ_LEVEL_PROTECTED && k.rule_note) && k.level != FSJ_LEVEL_EXPLICIT) {
		char *note = refusal_sibling_note(s.pol, k.path);

		if (note) {
			free(k.rule_note);
			k.rule_note = note;
		}
	}
	/* Streamed outside `lock`: a slow reader of the status descriptor
	 * holds up this caller only, never the summary's bookkeeping. */
	if (to_stream)
		stream(&s, &k);
	pthread_mutex_lock(&lock);
	if (n_kept < REFUSAL_KEEP) {
		if (!kept)
			kept = xreallocarray(NULL, REFUSAL_KEEP, sizeof(*kept));
		kept[n_kept++] = k;
		stored = true;
	}
	pthread_mutex_unlock(&lock);
	if (!stored)
		refusal_copy_release(&k);
}

unsigned long refusal_count(void)
{
	unsigned long n;

	pthread_mutex_lock(&lock);
	n = total;
	pthread_mutex_unlock(&lock);
	return n;
}

unsigned long refusal_dropped(void)
{
	unsigned long n;

	pthread_mutex_lock(&lock);
	n = dropped;
	pthread_mutex_unlock(&lock);
	return n;
}

char *refusal_last_text(void)
{
	char *s = NULL;

	pthread_mutex_lock(&lock);
	if (n_kept > 0) {
		cleanup_free char *path = refusal_printable(kept[n_kept - 1].path);

		const char *verb = refusal_summary_verb(&kept[n_kept - 1]);

		s = xasprintf("%s %s", verb ? verb : fsj_cap_name(kept[n_kept - 1].cap), path);
	}
	pthread_mutex_unlock(&lock);
	return s;
}

bool refusal_sinks_now(struct refusal_sinks *out)
{
	pthread_mutex_lock(&lock);
	*out = sinks;
	pthread_mutex_unlock(&lock);
	return out->report_fd >= 0 || out->status_fd >= 0 || out->audit;
}

void refusal_set_sinks(const struct refusal_sinks *s)
{
	pthread_mutex_lock(&lock);
	if (s) {
		sinks = *s;
		hint_pol = s->pol;
	} else {
		sinks = (struct refusal_sinks){ .report_fd = -1, .status_fd = -1 };
	}
	pthread_mutex_unlock(&lock);
}

void refusal_reset(void)
{
	pthread_mutex_lock(&lock);
	for (size_t i = 0; i < n_kept; i++)
		refusal_copy_release(&kept[i]);
	free(kept);
	kept = NULL;
	n_kept = 0;
	total = streamed = dropped = 0;
	sinks = (struct refusal_sinks){ .report_fd = -1, .status_fd = -1 };
	hint_pol = NULL;
	pthread_mutex_unlock(&lock);
}

static bool same(const char *a, const char *b)
{
	return a == b || (a && b && strcmp(a, b) == 0);
}

void refusal_summary(FILE *out, const char *home)
{
	size_t *first = NULL, *count = NULL, n_groups = 0;
	bool *mixed = NULL;

	pthread_mutex_lock(&lock);
	if (total == 0) {
		pthread_mutex_unlock(&lock);
		return;
	}
	first = xcalloc(n_kept ? n_kept : 1, sizeof(*first));
	count = xcalloc(n_kept ? n_kept : 1, sizeof(*count));
	mixed = xcalloc(n_kept ? n_kept : 1, sizeof(*mixed));
	/* Group by (capability, path, decider), first seen first. Quadratic in the
	 * groups, bounded by REFUSAL_KEEP. */
	for (size_t i = 0; i < n_kept; i++) {
		size_t g = 0;

		while (g < n_groups && !refusal_same_line(&kept[first[g]], &kept[i]))
			g++;
		if (g == n_groups)
			first[n_groups++] = i;
		else if (!same(kept[first[g]].comm, kept[i].comm) ||
			 !same(kept[first[g]].exe, kept[i].exe))
			mixed[g] = true;
		count[g]++;
	}
	fprintf(out, "fsjail: %lu refusal%s in this run:\n", total, total == 1 ? "" : "s");
	for (size_t g = 0; g < n_groups && g < SUMMARY_LINES; g++) {
		const struct kept *k = &kept[first[g]];
		cleanup_free char *path = refusal_printable(k->path ? k->path : "(unknown path)");
		cleanup_free char *by = refusal_by(k->exe, k->comm);
		cleanup_free char *why = refusal_decider(k->by_policy, k->level, k->rule_id,
							 k->rule_origin, k->reason);
		bool said = false; /* a note once, under the first line it explains */

		const char *verb = refusal_summary_verb(k); /* link, rename: not the cap */

		fprintf(out, "  %s %s: %s; by %s%s", verb ? verb : fsj_cap_name(k->cap), path, why,
			by, mixed[g] ? " and others" : "");
		if (count[g] > 1)
			fprintf(out, " (%zu times)", count[g]);
		fputc('\n', out);
		for (size_t h = 0; h < g && !said; h++)
			said = same(kept[first[h]].rule_note, k->rule_note);
		refusal_why_line(out, said ? NULL : k->rule_note);
		refusal_summary_newname_note(out, k);
	}
	if (n_groups > SUMMARY_LINES)
		fprintf(out, "  and %zu more\n", n_groups - SUMMARY_LINES);
	refusal_summary_hint(out, kept, first, n_groups < SUMMARY_LINES ? n_groups : SUMMARY_LINES,
			     home, hint_pol);
	if (total > n_kept)
		fprintf(out, "  (%lu more refusals were counted, not kept)\n",
			total - (unsigned long)n_kept);
	pthread_mutex_unlock(&lock);
	free(first);
	free(count);
	free(mixed);
}
