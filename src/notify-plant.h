/* notify-plant.h - a folder the run makes is never left writable by
 * other local users where a protected name lies beneath it (att32). */
#ifndef FSJAIL_NOTIFY_PLANT_H
#define FSJAIL_NOTIFY_PLANT_H
#ifdef __linux__

#include <stdbool.h>
#include <sys/types.h>

struct job;

/* Whether the folder at path (absolute, resolved; it may not exist yet)
 * getting mode new (permission bits, after the umask) would let other
 * local users create what the policy protects beneath it: new has
 * S_IWOTH and a rule of the protected level that refuses create lies
 * strictly beneath path. Then the call of job j is refused with EPERM and
 * recorded (nj_refuse()), and true is returned; false otherwise (nothing
 * answered). Borrows j and path. */
bool nj_plant_refused(struct job *j, const char *path, mode_t new);

/* The same for an ACL (access or default) on that folder that is not a
 * mode-only access ACL: a named user's or group's entry, or a default
 * ACL the owner's later files and folders there inherit, can hand the
 * protected name to another user whatever the mode says (att33). Refused
 * whenever such a rule lies beneath: what an ACL grants is not read here
 * (fail closed). */
bool nj_plant_acl_refused(struct job *j, const char *path);

#endif /* __linux__ */
#endif
