/* refusal-by.h - who tried, for a refusal summary line. No state. */
#ifndef FSJAIL_REFUSAL_BY_H
#define FSJAIL_REFUSAL_BY_H

/* The command name comm when it is the executable exe's own name (its
 * first 15 bytes, TASK_COMM_LEN) or exe is NULL, else "EXE (comm COMM)":
 * any program can set its comm (prctl PR_SET_NAME), not its executable
 * (/proc/PID/exe at the call). Escaped as refusal_printable() (refusal.h);
 * NULL for both gives "?". Caller frees. */
char *refusal_by(const char *exe, const char *comm);

#endif
