/* cycle_fixture.c - see cycle_fixture.h. */
#include <check.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cycle_fixture.h"
#include "util.h"

struct backup_cycle *tu_cycle(const char *state, const char *work, const char *session,
			      char **cycledir)
{
	struct fsj_error err = { { 0 } };
	struct backup_cycle *bc = backup_cycle_new(state, session, "cmd", 0, NULL, &err);

	ck_assert_ptr_nonnull(bc);
	if (rmdir(work) == 0)
		ck_assert_int_eq(mkdir(work, 0700), 0);
	backup_cycle_set_info(bc, work, "run");
	free(*cycledir);
	*cycledir = xasprintf("%s/sessions/%s/modify_backup/%s", state, session,
			      backup_cycle_name(bc));
	return bc;
}
