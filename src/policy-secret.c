/* policy-secret.c - the baseline's lists in a policy (policy-secret.h). */
#include <stdlib.h>

#include "path.h"
#include "policy-secret.h"
#include "util.h"

static void free_list(char **v, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(v[i]);
	free(v);
}

void policy_set_lists(struct fsj_policy *pol, char **roots, size_t n_roots, char **secrets,
		      size_t n_secrets)
{
	free_list(pol->user_data_roots, pol->n_user_data_roots);
	free_list(pol->secrets, pol->n_secrets);
	free_list(pol->secrets_resolved, pol->n_secrets);
	pol->user_data_roots = roots;
	pol->n_user_data_roots = roots ? n_roots : 0;
	pol->secrets = secrets;
	pol->n_secrets = secrets ? n_secrets : 0;
	pol->secrets_resolved = pol->n_secrets ? xcalloc(pol->n_secrets, sizeof(char *)) : NULL;
	for (size_t i = 0; i < pol->n_secrets; i++) {
		pol->secrets_resolved[i] = path_resolve(secrets[i]);
		if (!pol->secrets_resolved[i])
			pol->secrets_resolved[i] = xstrdup(secrets[i]);
	}
}

void policy_move_lists(struct fsj_policy *dst, struct fsj_policy *src)
{
	policy_set_lists(dst, src->user_data_roots, src->n_user_data_roots, src->secrets,
			 src->n_secrets);
	free_list(src->secrets_resolved, src->n_secrets);
	src->user_data_roots = src->secrets = src->secrets_resolved = NULL;
	src->n_user_data_roots = src->n_secrets = 0;
}

const char *policy_secret_at(const struct fsj_policy *pol, const char *path)
{
	for (size_t i = 0; pol && path && i < pol->n_secrets; i++)
		if (path_covers(pol->secrets[i], path) || path_covers(pol->secrets_resolved[i], path))
			return pol->secrets[i];
	return NULL;
}

const char *policy_secret_under(const struct fsj_policy *pol, const char *folder)
{
	for (size_t i = 0; pol && folder && i < pol->n_secrets; i++)
		if (path_covers(folder, pol->secrets[i]) || path_covers(folder, pol->secrets_resolved[i]))
			return pol->secrets[i];
	return NULL;
}

char *policy_secret_note(const struct fsj_policy *pol, const char *path, const char *resolved)
{
	const char *s = policy_secret_at(pol, path);

	if (!s)
		s = policy_secret_at(pol, resolved);
	return s ? xasprintf("a secret: it lies in %s (baseline 'secrets:'): fsjail never "
			     "suggests a grant here; grant it by hand if you mean it", s)
		 : NULL;
}
