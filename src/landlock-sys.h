/* landlock-sys.h - the Landlock system call numbers, where the headers
 * predate them (landlock.c, landlock-pts.c). */
#ifndef FSJAIL_LANDLOCK_SYS_H
#define FSJAIL_LANDLOCK_SYS_H

#ifdef __linux__
#include <sys/syscall.h>

#ifndef SYS_landlock_create_ruleset
/* The same numbers on every architecture (the unified syscall table). */
#define SYS_landlock_create_ruleset 444
#define SYS_landlock_add_rule 445
#define SYS_landlock_restrict_self 446
#endif
#endif

#endif
