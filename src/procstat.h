/* procstat.h - one process's /proc/PID/stat line (proc(5)), for the few
 * places that read a field of it: the name ("PID (COMM) S ...") may hold
 * spaces and ')', so every field after it is found from the last ')'. */
#ifndef FSJAIL_PROCSTAT_H
#define FSJAIL_PROCSTAT_H

#include <stddef.h>
#include <sys/types.h>

/* Read /proc/PID/stat (pid 0: /proc/self/stat) into buf (size bytes,
 * NUL-terminated). Returns the last ')' in buf (the end of the command
 * name; the state letter follows a space after it), or NULL when the
 * file cannot be opened or read, or holds no ')'. errno is not kept. */
const char *procstat_read(pid_t pid, char *buf, size_t size);

#endif
