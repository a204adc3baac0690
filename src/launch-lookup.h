/* launch-lookup.h - execvp()'s PATH search without the exec, for
 * launch.c. */
#ifndef FSJAIL_LAUNCH_LOOKUP_H
#define FSJAIL_LAUNCH_LOOKUP_H

/* 0 when name resolves to an executable regular file (through PATH, or
 * "/bin:/usr/bin" without it, when name has no '/'), with *found, when
 * found is not NULL, set to its path (caller frees); else ENOENT or
 * EACCES as execvp() would fail. Used when a wrapper execs the command
 * for us, so that a missing command is still "not found" (127) rather
 * than a wrapper failure, and to name the file whose exec was refused. */
int launch_command_lookup(const char *name, char **found);

#endif
