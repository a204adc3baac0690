/* refusal-errno.h - errno names for the refusal records (refusal-errno.c). */
#ifndef FSJAIL_REFUSAL_ERRNO_H
#define FSJAIL_REFUSAL_ERRNO_H

/* "EACCES", "EPERM", ... for errno e; "none" for 0 (the call did not
 * fail); "E<number>" for one not in the table. Static string, or buf (at least 16 bytes). */
const char *refusal_errno_name(int e, char buf[16]);

#endif
