/* krb5cc.c - see krb5cc.h. Source: MIT Kerberos, "ccache types" and
 * krb5.conf(5) default_ccache_name (FILE:/tmp/krb5cc_%{uid}). */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "krb5cc.h"
#include "path.h"
#include "util.h"

char *krb5cc_named(const char *ccname)
{
	struct stat st;
	char *p = NULL;

	if (!ccname)
		return NULL;
	if (strncmp(ccname, "FILE:", 5) == 0)
		ccname += 5;
	if (ccname[0] != '/')
		return NULL; /* another type, or relative: not a file we can name */
	if (path_normalize(ccname, strlen(ccname), NULL, NULL, &p) != PATH_OK ||
	    strcmp(p, "/") == 0 || (lstat(p, &st) == 0 && !S_ISREG(st.st_mode))) {
		free(p);
		return NULL;
	}
	return p;
}

char *krb5cc_default(unsigned long uid)
{
	return xasprintf("/tmp/krb5cc_%lu", uid);
}
