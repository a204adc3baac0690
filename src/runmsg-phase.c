/* runmsg-phase.c - the phases of `fsjail run` as its records say them
 * (runmsg-phase.h). */
#include "backup.h"
#include "broker.h"
#include "cmd.h"
#include "refusal-phase.h"
#include "refusal.h"
#include "runmsg-phase.h"

void runmsg_before(struct runmsg *m)
{
	struct refusal_sinks s = {
		.report_fd = m->report_fd,
		.status_fd = m->status_fd,
		.audit = m->audit.fd >= 0 ? &m->audit : NULL,
		.home = m->home,
	};

	refusal_set_sinks(&s);
	refusal_phase_set_before(true);
}

void runmsg_before_end(struct runmsg *m, int status)
{
	refusal_phase_set_before(false);
	if (status == CMD_EXIT_REFUSE)
		m->quiet = true;
}

int runmsg_after_fork(void *arg, struct fsj_error *err)
{
	struct runmsg *msg = arg;

	if (msg->broker && broker_serve(msg->broker, err) < 0)
		return -1;
	runmsg_started(msg, backup_run_cycle(), -1);
	return 0;
}
