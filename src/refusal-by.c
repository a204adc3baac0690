/* refusal-by.c - who tried, for a summary line (refusal-by.h). */
#include <string.h>

#include "refusal-by.h"
#include "refusal.h"
#include "util.h"

char *refusal_by(const char *exe, const char *comm)
{
	const char *base = exe ? strrchr(exe, '/') : NULL;
	size_t n = comm ? strlen(comm) : 0;

	base = base ? base + 1 : exe;
	/* the kernel keeps 15 bytes of the name (TASK_COMM_LEN) */
	if (!base || !comm)
		return refusal_printable(comm ? comm : exe);
	if (strncmp(base, comm, n) == 0 && (base[n] == '\0' || n == 15))
		return refusal_printable(comm);
	cleanup_free char *e = refusal_printable(exe);
	cleanup_free char *c = refusal_printable(comm);

	return xasprintf("%s (comm %s)", e, c);
}
