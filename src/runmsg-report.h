/* runmsg-report.h - the file of `fsjail run --report FILE`, opened before
 * the command starts, outside the sandbox (runmsg_open()). */
#ifndef FSJAIL_RUNMSG_REPORT_H
#define FSJAIL_RUNMSG_REPORT_H

#include "util.h"

/* Open the report at path (O_WRONLY|O_CREAT|O_TRUNC|O_NOFOLLOW|O_CLOEXEC,
 * 0600; a named pipe waits at most 5 seconds for a reader, then fails).
 * Returns the descriptor (the caller closes it), or -1 with err set. */
int runmsg_report_open(const char *path, struct fsj_error *err);

#endif
