/* inforce.c - whether a grant is in force (see inforce.h). */
#include "inforce.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "escape.h"
#include "path.h"
#include "sandbox.h"
#include "util.h"

const char *fsj_invoked_as;

char *fsj_self_exe(void)
{
#ifdef __linux__
	char buf[FSJ_PATH_MAX + 1];
	ssize_t n = readlink("/proc/self/exe", buf, sizeof(buf) - 1);

	if (n <= 0 || (size_t)n >= sizeof(buf) - 1 || buf[0] != '/')
		return NULL;
	buf[n] = '\0';
	return path_resolve(buf);
#else
	return NULL;
#endif
}

unsigned fsj_listener_carries(const struct fsj_config *c)
{
#ifdef __linux__
	if (!sandbox_listener_expected(NULL))
		return 0;
	return FSJ_CAPBIT(FSJ_CAP_CREATE) | FSJ_CAPBIT(FSJ_CAP_DELETE) |
	       (unsigned)(c->backup_enabled && c->backup_method == FSJ_BACKUP_INTERCEPT) << FSJ_CAP_WRITE;
#else
	(void)c;
	return 0;
#endif
}

char *fsj_grant_not_in_force(const struct fsj_decision *d, unsigned enforced, unsigned by_listener,
			     enum fsj_cap cap)
{
	struct stat st;

#ifndef __linux__
	(void)st;
	(void)d;
	(void)enforced;
	(void)by_listener;
	(void)cap;
	return NULL; /* Seatbelt rules match paths, existing or not */
#else
	/* connect is decided by the seccomp listener when the call is made,
	 * on the path as it is then (notify-sock.c), not by Landlock. */
	if (!d->allowed || !d->rule || !(enforced & FSJ_CAPBIT(cap)) || cap == FSJ_CAP_CONNECT ||
	    (by_listener & FSJ_CAPBIT(cap)) || lstat(d->rule->path, &st) == 0 ||
	    (d->rule->resolved && lstat(d->rule->resolved, &st) == 0))
		return NULL;
	return xasprintf("not in force: %s does not exist (Landlock grants only paths that "
			 "exist when the run starts)", d->rule->path);
#endif
}

char *fsj_exec_not_in_force(const struct fsj_policy *pol, const char *resolved)
{
	struct stat st;

	if (!pol->darwin || !resolved || stat(resolved, &st) < 0 || !S_ISREG(st.st_mode) ||
	    !(st.st_mode & (S_ISUID | S_ISGID)))
		return NULL;
	return xstrdup("not in force: Seatbelt never runs setuid or setgid programs");
}

char *fsj_exec_without_read(const struct fsj_policy *pol, const char *norm, const char *resolved)
{
	struct fsj_decision r;
	const unsigned both = FSJ_CAPBIT(FSJ_CAP_READ) | FSJ_CAPBIT(FSJ_CAP_EXECUTE);

	if (pol->darwin || !norm || (pol->enforced & both) != both)
		return NULL;
	policy_decide(pol, norm, resolved, FSJ_CAP_READ, &r);
	if (r.allowed)
		return NULL;
	return xstrdup("not in force: Landlock executes a file only where read is granted too "
		       "(execve opens it for reading); grant read,execute");
}

void fsj_rule_print(FILE *out, const struct fsj_rule *r)
{
	fprintf(out, "%s", fsj_source_name(r->source));
	if (r->id) {
		fputs(" '", out);
		fsj_put_term(out, r->id);
		fputc('\'', out);
	}
	fputc(' ', out);
	fsj_put_term(out, r->path);
	fputs(r->recursive ? "" : " (this path only)", out);
	if (strcmp(r->path, r->resolved) != 0) {
		fputs(" -> ", out);
		fsj_put_term(out, r->resolved);
	}
	if (r->origin) {
		fputs(" [", out);
		fsj_put_term(out, r->origin);
		fputc(']', out);
	}
}
